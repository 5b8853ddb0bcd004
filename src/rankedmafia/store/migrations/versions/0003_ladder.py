"""Accounts and the ladder: users, sessions, Telegram links and codes, bans, ranked games, seat holders,
voids, and each finished game's outcome.

Revision ID: 0003
Revises: 0002 (the Telegram bot's tables)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("banned_at", sa.Float, nullable=True),
        sa.Column("ban_reason", sa.Text, nullable=True),
    )
    op.create_table(
        "rm_user_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("rm_users.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("rm_user_sessions_user", "rm_user_sessions", ["user_id"])
    op.create_table(
        "rm_tg_links",
        sa.Column("tg_user", sa.BigInteger, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("rm_users.id"), nullable=False, unique=True),
        sa.Column("linked_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_link_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("rm_users.id"), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_table(
        "rm_tg_bans",
        sa.Column("tg_user", sa.BigInteger, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        "rm_ranked_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("host_user", sa.Integer, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_game_accounts",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("rm_users.id"), nullable=False),
        sa.UniqueConstraint("game_id", "user_id", name="rm_game_accounts_one_seat"),
    )
    op.create_index("rm_game_accounts_user", "rm_game_accounts", ["user_id"])
    op.create_table(
        "rm_voids",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        "rm_ladder_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rm_games.id"), primary_key=True),
        sa.Column("ended_at", sa.Float, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),
    )
    op.create_index("rm_ladder_games_ended", "rm_ladder_games", ["ended_at", "game_id"])


def downgrade() -> None:
    for table in ("rm_ladder_games", "rm_voids", "rm_game_accounts", "rm_ranked_games", "rm_tg_bans",
                  "rm_link_codes", "rm_tg_links", "rm_user_sessions", "rm_users"):
        op.drop_table(table)
