"""Persistence: each game is an append-only log of commands (the source of truth) plus snapshots.

SQLite in a data folder by default (one server process), PostgreSQL for several processes. The schema
is managed by Alembic migrations shipped inside this package and applied on start.
"""

from rankedmafia.store.db import Database, connect
from rankedmafia.store.log import Conflict, GameRow, LogEntry, PostRow, SeatRow, Store

__all__ = ["Conflict", "Database", "GameRow", "LogEntry", "PostRow", "SeatRow", "Store", "connect"]
