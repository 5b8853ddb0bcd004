"""Player accounts: sign-up and sign-in (Argon2id passwords), sessions, a Telegram user linked with a
one-time code, and bans. Built on the game store's database (the same SQLite file or PostgreSQL)."""

from rankedmafia.accounts.service import AccountError, Accounts, User

__all__ = ["AccountError", "Accounts", "User"]
