"""The Telegram bot's tables: chats (language, house settings), games in groups, seats held by Telegram users,
keyboards behind opaque button ids, handled updates. Existing tables are untouched.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_tg_chats",
        sa.Column("chat_id", sa.BigInteger, primary_key=True),
        sa.Column("lang", sa.String(4), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
    )
    op.create_table(
        "rm_tg_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("opener", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reg_deadline", sa.Float, nullable=True),
        sa.Column("reg_message", sa.BigInteger, nullable=True),
        sa.Column("progress", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("rm_tg_games_chat", "rm_tg_games", ["chat_id", "status"])
    op.create_table(
        "rm_tg_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("sex", sa.String(1), nullable=True),
        sa.Column("misses", sa.Integer, nullable=False),
    )
    op.create_index("rm_tg_seats_user", "rm_tg_seats", ["user_id"])
    op.create_table(
        "rm_tg_keys",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("used", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_tg_updates",
        sa.Column("update_id", sa.BigInteger, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("rm_tg_updates", "rm_tg_keys", "rm_tg_seats", "rm_tg_games", "rm_tg_chats"):
        op.drop_table(table)
