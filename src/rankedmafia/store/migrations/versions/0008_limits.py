"""Rate-limit counters shared by every server process (store/limit_counts.py). Existing tables are
untouched.

Revision ID: 0008_limits
Revises: 0007_community
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_limits"
down_revision = "0007_community"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_limits",
        sa.Column("key", sa.String(400), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("rm_limits_expiry", "rm_limits", ["expires_at"])


def downgrade() -> None:
    op.drop_index("rm_limits_expiry", "rm_limits")
    op.drop_table("rm_limits")
