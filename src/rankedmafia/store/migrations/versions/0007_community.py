"""The site's community features: the players' push subscriptions (a browser's PushSubscription for one
seat, and the last thing it was told, so that several server processes push each change once); the
moderation's reports, hidden posts and its log. Existing tables are untouched.

Revision ID: 0007_community
Revises: 0006_commands
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_community"
down_revision = "0006_commands"
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
    op.create_table(
        "rm_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), nullable=False),
        sa.Column("post_id", sa.Integer, nullable=False),
        sa.Column("reporter", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_reports_status", "rm_reports", ["status", "id"])
    op.create_table(
        "rm_hidden_posts",
        sa.Column("post_id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_hidden_posts_game", "rm_hidden_posts", ["game_id"])
    op.create_table(
        "rm_mod_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("target", sa.String(80), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rm_mod_log")
    op.drop_index("rm_hidden_posts_game", "rm_hidden_posts")
    op.drop_table("rm_hidden_posts")
    op.drop_index("rm_reports_status", "rm_reports")
    op.drop_table("rm_reports")
    op.drop_index("rm_push_game", "rm_push")
    op.drop_table("rm_push")
