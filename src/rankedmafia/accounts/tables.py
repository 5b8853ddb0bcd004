"""The accounts' tables: users, their sessions, Telegram links and one-time codes, bans.

Secrets (session tokens, link codes) are stored only as their SHA-256; passwords only as an Argon2id hash.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Index, Integer, String, Table, Text

from rankedmafia.store.schema import metadata

users = Table(
    "rm_users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),  # shown everywhere; the nickname in ranked games
    Column("name_key", String(24), nullable=False, unique=True),  # the name casefolded: one owner per name
    Column("password_hash", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("banned_at", Float, nullable=True),
    Column("ban_reason", Text, nullable=True),
)

user_sessions = Table(
    "rm_user_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("rm_users.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)
Index("rm_user_sessions_user", user_sessions.c.user_id)

tg_links = Table(
    "rm_tg_links",
    metadata,
    Column("tg_user", BigInteger, primary_key=True),
    Column("user_id", Integer, ForeignKey("rm_users.id"), nullable=False, unique=True),
    Column("linked_at", Float, nullable=False),
)

link_codes = Table(
    "rm_link_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("rm_users.id"), nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
)

tg_bans = Table(
    "rm_tg_bans",
    metadata,
    Column("tg_user", BigInteger, primary_key=True),
    Column("at", Float, nullable=False),
    Column("reason", Text, nullable=False),
)
