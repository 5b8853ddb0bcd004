"""The one-time tokens of commands and posts already taken (a form's hidden token, the API's
Idempotency-Key): a second send of the same token stores nothing (docs/web.md). Existing tables are
untouched.

Revision ID: 0006_commands
Revises: 0005_ai_turns
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_commands"
down_revision = "0005_ai_turns"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_taken",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("token", sa.String(128), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rm_taken")
