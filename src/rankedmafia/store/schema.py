"""The tables. `commands` and `posts` are append-only; `games.status/deadline/head` and `snapshots` are
caches derived from the log (kept for queries and speed; a replay of the log is the truth)."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

games = Table(
    "rm_games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("admin_hash", String(64), nullable=False, unique=True),
    Column("title", Text, nullable=False),
    Column("setup", Text, nullable=False),  # JSON: the setup mapping
    Column("options", Text, nullable=False),  # JSON: phase durations, chance mode
    Column("seed", Text, nullable=False),  # secret until the game ends
    Column("commitment", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("status", String(16), nullable=False),  # cache: lobby | running | paused | over
    Column("deadline", Float, nullable=True),  # cache: the current phase's deadline
    Column("head", Integer, nullable=False),  # cache: the number of log entries
)
Index("rm_games_due", games.c.status, games.c.deadline)

seats = Table(
    "rm_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("name", String(64), primary_key=True),  # the seat's name in the game (the first nickname)
    Column("idx", Integer, nullable=False),  # order of joining = seat order
    Column("nickname", String(64), nullable=False),  # who holds the seat now (a replacement's own nick)
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined_at", Float, nullable=False),
)

commands = Table(
    "rm_commands",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, 3, ... without gaps
    Column("type", String(16), nullable=False),
    Column("body", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False),
)

snapshots = Table(
    "rm_snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("engine", String(32), nullable=False),
    Column("data", LargeBinary, nullable=False),
)

posts = Table(
    "rm_posts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("rm_games.id"), nullable=False),
    Column("channel", String(40), nullable=False),  # "thread" or "clan:<id>"
    Column("author", String(64), nullable=False),  # a seat's name, or "" for the host
    Column("phase", String(16), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
Index("rm_posts_game", posts.c.game_id, posts.c.channel, posts.c.id)

ai_turns = Table(
    "rm_ai_turns",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # the order the turns were kept in
    Column("game_id", String(32), ForeignKey("rm_games.id"), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("body", Text, nullable=False),  # JSON: the ai.player.Turn, with the live turn it was asked in
    Column("at", Float, nullable=False),
)
Index("rm_ai_turns_game", ai_turns.c.game_id, ai_turns.c.seat, ai_turns.c.id)

taken = Table(
    "rm_taken",
    metadata,
    # a command's or post's one-time token (a form's hidden field, the API's Idempotency-Key), stored in the
    # transaction of what it sent: a second send of it finds it here and stores nothing
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("token", String(128), primary_key=True),
    Column("at", Float, nullable=False),
)

secrets = Table(
    "rm_secrets",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

# rate-limit counters shared by every server process (store/limit_counts.py); keys expire, rows are swept
limit_counts = Table(
    "rm_limits",
    metadata,
    Column("key", String(400), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("expires_at", Float, nullable=False),
)
Index("rm_limits_expiry", limit_counts.c.expires_at)
limit_hits = Table(  # the moving window: a row per hit, counted by its key
    "rm_limit_hits",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(400), nullable=False),
    Column("expires_at", Float, nullable=False),
)
Index("rm_limit_hits_key", limit_hits.c.key, limit_hits.c.expires_at)

# --- the Telegram bot: who is who in Telegram, what it has posted, which updates it has handled ---------------
tg_chats = Table(
    "rm_tg_chats",
    metadata,
    Column("chat_id", BigInteger, primary_key=True),
    Column("lang", String(4), nullable=False),
    Column("settings", Text, nullable=False),  # JSON: the house settings (deleting messages, removing absentees)
)

tg_games = Table(
    "rm_tg_games",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("chat_id", BigInteger, nullable=False),  # the group the game is played in
    Column("opener", BigInteger, nullable=False),  # the Telegram user who opened the registration
    Column("status", String(16), nullable=False),  # lobby | running | over | cancelled
    Column("reg_deadline", Float, nullable=True),
    Column("reg_message", BigInteger, nullable=True),  # the registration message, kept current by edits
    Column("progress", Text, nullable=False),  # JSON: what has been posted (so a restart neither repeats nor skips)
    Column("created_at", Float, nullable=False),
)
Index("rm_tg_games_chat", tg_games.c.chat_id, tg_games.c.status)

tg_seats = Table(
    "rm_tg_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("rm_games.id"), primary_key=True),
    Column("name", String(64), primary_key=True),  # the seat's name in the game
    Column("user_id", BigInteger, nullable=False),
    Column("sex", String(1), nullable=True),
    Column("misses", Integer, nullable=False),  # phases missed in a row (the house's removal rule)
)
Index("rm_tg_seats_user", tg_seats.c.user_id)

tg_keys = Table(
    "rm_tg_keys",
    metadata,
    Column("id", String(16), primary_key=True),  # the opaque id in a button's callback data
    Column("game_id", String(32), nullable=False),
    Column("user_id", BigInteger, nullable=True),  # whose buttons (None: anyone in the group, e.g. votes)
    Column("data", Text, nullable=False),  # JSON: what each button of the keyboard does
    Column("used", Integer, nullable=False),  # a one-shot keyboard once pressed
    Column("at", Float, nullable=False),
)

tg_updates = Table(
    "rm_tg_updates",
    metadata,
    Column("update_id", BigInteger, primary_key=True),  # an update handled once, even if redelivered
    Column("at", Float, nullable=False),
)

tg_outbox = Table(
    "rm_tg_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # the order of delivery within a chat
    Column("key", String(255), nullable=False, unique=True),  # game|phase|purpose|chat[|player]: one row per message
    Column("game_id", String(32), nullable=False),
    Column("chat_id", BigInteger, nullable=False),
    Column("op", String(8), nullable=False),  # send | edit | kick
    Column("target", String(255), nullable=True),  # an edit's message, by the key of the row that sent it
    Column("message_id", BigInteger, nullable=True),  # Telegram's answer to a send; an edit's message if known
    Column("body", Text, nullable=False),  # JSON: the text and the buttons (an edit's newest)
    Column("version", Integer, nullable=False),  # bumped when an edit's body changes
    Column("sent", Integer, nullable=False),  # the version delivered (0: none yet)
    Column("pending", Integer, nullable=False),  # 1 while sent < version
    Column("at", Float, nullable=False),
    Column("claim", String(64), nullable=True),  # the bot process delivering it (telegram/outbox.py, `claim`)
    Column("claim_until", Float, nullable=True),  # ... until then (wall clock); after it, anyone may take it
)
Index("rm_tg_outbox_pending", tg_outbox.c.pending, tg_outbox.c.chat_id)

# --- the site's push subscriptions (live/push.py) -----------------------------------------------------------
push_subscriptions = Table(
    "rm_push",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("rm_games.id"), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("endpoint", Text, nullable=False),  # the browser's push service URL
    Column("p256dh", String(200), nullable=False),  # its ECDH public key (base64url)
    Column("auth", String(100), nullable=False),  # its authentication secret (base64url)
    Column("lang", String(4), nullable=False),  # the language the player's page was in
    Column("told", String(80), nullable=False),  # the last change it was told of ("day:2", "day:2:move", "over")
    Column("at", Float, nullable=False),
)
Index("rm_push_game", push_subscriptions.c.game_id, push_subscriptions.c.seat)

# --- moderation (live/moderation.py): reports of posts, hidden posts, and every step in a log -----------------
reports = Table(
    "rm_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("rm_games.id"), nullable=False),
    Column("post_id", Integer, nullable=False),
    Column("reporter", String(64), nullable=False),  # the reporting seat
    Column("reason", Text, nullable=False),
    Column("status", String(16), nullable=False),  # open | hidden | dismissed
    Column("at", Float, nullable=False),
)
Index("rm_reports_status", reports.c.status, reports.c.id)

hidden_posts = Table(
    "rm_hidden_posts",
    metadata,
    Column("post_id", Integer, primary_key=True),
    Column("game_id", String(32), nullable=False),
    Column("at", Float, nullable=False),
)
Index("rm_hidden_posts_game", hidden_posts.c.game_id)

mod_log = Table(
    "rm_mod_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("actor", String(80), nullable=False),  # "host", "player:<seat>" or "admin:<account>"
    Column("action", String(32), nullable=False),  # report | mute | unmute | bot | hide | dismiss | ban
    Column("game_id", String(32), nullable=False),
    Column("target", String(80), nullable=False),
    Column("detail", Text, nullable=False),
)

tg_leases = Table(
    "rm_tg_leases",
    metadata,
    Column("name", String(64), primary_key=True),  # what is held: "updates" (the one process taking updates)
    Column("holder", String(64), nullable=False),
    Column("until", Float, nullable=False),  # wall clock: held until then unless renewed
)

tg_inbox = Table(
    "rm_tg_inbox",
    metadata,
    Column("update_id", BigInteger, primary_key=True),  # an update any webhook worker took, for the leader
    Column("body", Text, nullable=False),  # the update's JSON, as Telegram posted it
    Column("at", Float, nullable=False),
)

tg_calls = Table(
    "rm_tg_calls",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("chat_id", BigInteger, nullable=False),  # a group's message or edit, counted in its minute
    Column("at", Float, nullable=False),  # wall clock
)
Index("rm_tg_calls_at", tg_calls.c.at)
