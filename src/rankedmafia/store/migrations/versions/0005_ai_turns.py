"""The AI seats' decisions in live games: every prompt, answer, refusal, command or post and its counts
(docs/ai.md, "Live games"). Existing tables are untouched.

Revision ID: 0005_ai_turns
Revises: 0004_tgdelivery
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_ai_turns"
down_revision = "0004_tgdelivery"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_ai_turns",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_ai_turns_game", "rm_ai_turns", ["game_id", "seat", "id"])


def downgrade() -> None:
    op.drop_index("rm_ai_turns_game", "rm_ai_turns")
    op.drop_table("rm_ai_turns")
