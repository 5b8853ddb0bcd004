"""The Telegram bot's outbox: every message it is to send or edit, kept with the game and marked with
Telegram's answer as soon as it comes (docs/telegram.md, "Delivery"). Existing tables are untouched.

Revision ID: 0004_tgdelivery
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_tgdelivery"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_tg_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(255), nullable=False, unique=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("op", sa.String(8), nullable=False),
        sa.Column("target", sa.String(255), nullable=True),
        sa.Column("message_id", sa.BigInteger, nullable=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("sent", sa.Integer, nullable=False),
        sa.Column("pending", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_tg_outbox_pending", "rm_tg_outbox", ["pending", "chat_id"])


def downgrade() -> None:
    op.drop_index("rm_tg_outbox_pending", "rm_tg_outbox")
    op.drop_table("rm_tg_outbox")
