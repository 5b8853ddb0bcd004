"""Unguessable tokens: a seat's or a host's secret (stored only as its hash) and a game's id."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    """A game's id; never one that starts with «-», which a command line would read as an option
    (`rankedmafia ladder void -x…`)."""
    while True:
        game_id = secrets.token_urlsafe(9)
        if not game_id.startswith("-"):
            return game_id
