"""The ladder's tables. What decides a rating is kept apart from what is derived:

- `rm_ranked_games` (a game is ranked) and `rm_game_accounts` (whose account holds each seat) are facts
  written when a seat is taken (on the web) or when a finished Telegram game is first recorded;
- `rm_voids` are the admins' decisions;
- `rm_ladder_games` is derived: each finished game's outcome as read from its log. `rankedmafia ladder
  rebuild` recomputes it from the logs, and the ratings are always computed from it in one pass.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, Text, UniqueConstraint

from rankedmafia.store.schema import metadata

ranked_games = Table(
    "rm_ranked_games",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("host_user", Integer, nullable=True),  # the account that created it (it may not play in it)
    Column("at", Float, nullable=False),
)

game_accounts = Table(
    "rm_game_accounts",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("name", String(64), primary_key=True),  # the seat's name in the game
    Column("user_id", Integer, ForeignKey("rm_users.id"), nullable=False),
    UniqueConstraint("game_id", "user_id", name="rm_game_accounts_one_seat"),
)
Index("rm_game_accounts_user", game_accounts.c.user_id)

voids = Table(
    "rm_voids",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("at", Float, nullable=False),
    Column("reason", Text, nullable=False),
)

ladder_games = Table(
    "rm_ladder_games",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("ended_at", Float, nullable=False),  # the last log entry's time: the order of rating
    Column("source", String(16), nullable=False),  # web | telegram
    Column("outcome", Text, nullable=False),  # JSON: see ladder/outcome.py
)
Index("rm_ladder_games_ended", ladder_games.c.ended_at, ladder_games.c.game_id)
