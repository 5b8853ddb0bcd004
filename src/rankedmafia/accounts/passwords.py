"""Passwords, hashed with Argon2id through pwdlib (its recommended parameters, kept current by the
library: a hash made with older parameters is upgraded at the next sign-in)."""

from __future__ import annotations

from pwdlib import PasswordHash

_HASHER = PasswordHash.recommended()
PASSWORD_MIN = 8
PASSWORD_MAX = 256


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def check_password(password: str, stored: str) -> tuple[bool, str | None]:
    """Whether the password matches, and a fresh hash to store when the parameters have changed."""
    try:
        return _HASHER.verify_and_update(password, stored)
    except Exception:  # a malformed stored hash never lets anyone in
        return False, None


# A hash to verify against when the name is unknown, so that a wrong name costs as long as a wrong password.
DUMMY_HASH = hash_password("not a password of anybody")
