"""Sign-up and sign-in are rate-limited per client address; the session cookie is HttpOnly and nothing
about the password is kept in it."""

from __future__ import annotations

import re
from pathlib import Path

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
