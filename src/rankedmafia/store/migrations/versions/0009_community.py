"""The site's community features: the players' push subscriptions (a browser's PushSubscription for one
seat, and the last thing it was told, so that several server processes push each change once).
Existing tables are untouched.

Revision ID: 0009_community
Revises: 0005_ai_turns
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_community"
down_revision = "0005_ai_turns"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_push",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(4), nullable=False),
        sa.Column("told", sa.String(80), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_push_game", "rm_push", ["game_id", "seat"])


def downgrade() -> None:
    op.drop_index("rm_push_game", "rm_push")
    op.drop_table("rm_push")
