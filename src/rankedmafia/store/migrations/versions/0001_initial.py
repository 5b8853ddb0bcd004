"""The initial schema: games, seats, the command log, snapshots, posts, server secrets.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("admin_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("head", sa.Integer, nullable=False),
    )
    op.create_index("rm_games_due", "rm_games", ["status", "deadline"])
    op.create_table(
        "rm_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_commands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("type", sa.String(16), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("engine", sa.String(32), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "rm_posts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), nullable=False),
        sa.Column("channel", sa.String(40), nullable=False),
        sa.Column("author", sa.String(64), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_posts_game", "rm_posts", ["game_id", "channel", "id"])
    op.create_table(
        "rm_secrets",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("rm_secrets", "rm_posts", "rm_snapshots", "rm_commands", "rm_seats", "rm_games"):
        op.drop_table(table)
