"""Sign-up and sign-in are rate-limited: sign-ups per client address, failed sign-ins per account from one
address, per account from every address, and per address over every account; the session cookie is
HttpOnly and nothing about the password is kept in it."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app

from .conftest import settings


def test_sign_in_is_rate_limited_and_the_cookie_is_http_only(tmp_path: Path) -> None:
    app = create_app(settings(tmp_path, account_rate=0.001, account_burst=3))
    with TestClient(app) as client:
        token = re.search(r'name="csrf" value="([^"]+)"', client.get("/signup").text)
        assert token is not None
        form = {"csrf": token.group(1), "name": "Вася", "password": "password1"}
        r = client.post("/signup", data=form, follow_redirects=False)
        assert r.status_code == 303
        cookie = r.headers["set-cookie"]
        assert cookie.startswith("rm_account=") and "HttpOnly" in cookie and "password1" not in cookie
        statuses = [client.post("/signin", data={**form, "password": "wrong-one"}, follow_redirects=False)
                    for _ in range(3)]
        assert [r.status_code for r in statuses] == [401, 401, 429]
        assert "слишком много попыток" in statuses[-1].text
        r = client.post("/signin", data=form, follow_redirects=False)  # even the right password waits
        assert r.status_code == 429


class At:
    """A browser at one client address: its own cookies and CSRF token."""

    def __init__(self, app: FastAPI, address: str) -> None:
        self.client = TestClient(app, client=(address, 40000))
        token = re.search(r'name="csrf" value="([^"]+)"', self.client.get("/signin").text)
        assert token is not None
        self.csrf = token.group(1)

    def sign(self, path: str, name: str, password: str) -> int:
        form = {"csrf": self.csrf, "name": name, "password": password}
        return self.client.post(path, data=form, follow_redirects=False).status_code


def test_failed_sign_ins_lock_the_account_not_the_address(tmp_path: Path) -> None:
    app = create_app(settings(tmp_path, account_burst=100, signin_rate=0.0001, signin_pair_burst=3,
                              signin_account_burst=5))
    with TestClient(app):
        office, home, cafe = At(app, "10.0.0.1"), At(app, "10.0.0.2"), At(app, "10.0.0.3")
        assert office.sign("/signup", "Вася", "password1") == 303
        assert office.sign("/signup", "Петя", "password2") == 303
        # three wrong passwords for Вася from the office: Вася waits there, the right password too ...
        assert [office.sign("/signin", "Вася", "wrong-one") for _ in range(4)] == [401, 401, 401, 429]
        assert office.sign("/signin", "вася", "password1") == 429
        # ... but Петя, behind the same address, signs in
        assert office.sign("/signin", "Петя", "password2") == 303
        # a guesser elsewhere has what is left of Вася's own budget (5 in all), then every address waits
        assert [home.sign("/signin", "Вася", "wrong-two") for _ in range(3)] == [401, 401, 429]
        assert cafe.sign("/signin", "Вася", "password1") == 429
        assert cafe.sign("/signin", "Петя", "password2") == 303


def test_one_address_trying_many_accounts_waits(tmp_path: Path) -> None:
    app = create_app(settings(tmp_path, account_rate=0.0001, account_burst=6, signin_rate=0.0001))
    with TestClient(app):
        sprayer, other = At(app, "10.0.0.9"), At(app, "10.0.0.10")
        assert other.sign("/signup", "Маша", "password3") == 303
        tried = [sprayer.sign("/signin", name, "password") for name in ("Аня", "Боря", "Вера", "Гоша", "Даша",
                                                                         "Маша", "Женя")]
        assert tried == [401, 401, 401, 401, 401, 401, 429]
        assert sprayer.sign("/signin", "Маша", "password3") == 429
        assert other.sign("/signin", "Маша", "password3") == 303  # the account itself is not locked
