"""The moving window's hits in a table of their own, found by their key through an index (before, each
hit was a counter row under `key` + a separator + a suffix, found by a prefix that no index served: every
command scanned every counter; docs/performance.md). Existing rows are untouched; hits kept the old way
simply expire.

Revision ID: 0010_limit_hits
Revises: 0009_tgcluster
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_limit_hits"
down_revision = "0009_tgcluster"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_limit_hits",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(400), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("rm_limit_hits_key", "rm_limit_hits", ["key", "expires_at"])


def downgrade() -> None:
    op.drop_index("rm_limit_hits_key", "rm_limit_hits")
    op.drop_table("rm_limit_hits")
