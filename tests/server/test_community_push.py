"""Push notifications: a player's browser subscription (a key pair and an auth secret made here, as a
browser makes them) gets, at a local push endpoint, a Web Push message when it becomes his move and when a
phase ends, encrypted for it (RFC 8291, aes128gcm: decrypted here with http_ece) and signed with the server's
VAPID key (RFC 8292: the signature checked here), naming the game in words."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient

from .community_helpers import kill_one, listed_game


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on 127.0.0.1: keeps every message it is sent, with its headers."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                received.append((self.path, dict(self.headers.items()), body))
                self.send_response(201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, path: str, count: int = 1) -> list[tuple[dict[str, str], bytes]]:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            found = [(h, b) for p, h, b in list(self.received) if p == path]
            if len(found) >= count:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no push to {path}: {self.received}")


class Browser:
    """A browser's push subscription: its own P-256 key pair and auth secret."""

    def __init__(self, service: PushService, path: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.path = path
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                     serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": service.url + path, "expirationTime": None,
                             "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        data: dict[str, Any] = json.loads(plain)
        return data


def check_vapid(headers: dict[str, str], server_key: str, origin: str) -> None:
    """`Authorization: vapid t=<JWT>, k=<key>`: the server's key, and the JWT signed by it for this origin."""
    authorization = {k.lower(): v for k, v in headers.items()}["authorization"]
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid"
    parts = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert parts["k"] == server_key
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(claims))["aud"] == origin
    raw = unb64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.server.shutdown()


def test_a_player_with_the_tab_closed_gets_his_push(sqlite_client: TestClient, push_service: PushService) -> None:
    client = sqlite_client
    game, tokens = listed_game(client)
    host = client.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()
    civilian = next(s["name"] for s in host["seats"] if s["role"] == "civilian")
    browser = Browser(push_service, "/push/civilian")
    r = client.post(f"/api/player/{tokens[civilian]}/push", json=browser.subscription)
    assert r.status_code == 201, r.text
    server_key = client.get("/api/push/key").json()["public_key"]
    kill_one(client, game, tokens, spare=civilian)  # the night ends: the day begins, and everyone votes
    headers, body = push_service.wait("/push/civilian")[0]
    assert {k.lower(): v for k, v in headers.items()}["content-encoding"] == "aes128gcm"
    check_vapid(headers, server_key, push_service.url)
    message = browser.read(body)
    assert message["body"] == "«Вечерняя партия», День 1: ваш ход — проголосуйте."
    assert message["title"] == "Ранговая мафия" and game["id"] not in message["body"]
    # his own vote is not news; the day's end is
    assert client.post(f"/api/player/{tokens[civilian]}/vote", json={"choice": "blue"}).status_code == 200
    client.post(f"/api/host/{game['admin_token']}/resolve")
    second = browser.read(push_service.wait("/push/civilian", 2)[1][1])
    assert second["body"] == "«Вечерняя партия»: наступила Ночь 2."
    assert len([p for p, _, _ in push_service.received if p == "/push/civilian"]) == 2


def test_a_subscription_in_english_and_the_bad_ones(sqlite_client: TestClient, push_service: PushService) -> None:
    client = sqlite_client
    game, tokens = listed_game(client)
    host = client.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()
    killer = next(s["name"] for s in host["seats"] if s["role"] == "mafia1")
    browser = Browser(push_service, "/push/killer")
    r = client.post(f"/api/player/{tokens[killer]}/push?lang=en", json=browser.subscription)
    assert r.status_code == 201
    bad = {**browser.subscription, "keys": {"p256dh": "A" * 87, "auth": "B" * 22}}
    refused = client.post(f"/api/player/{tokens[killer]}/push", json=bad)
    assert refused.status_code == 422 and "подписка" in refused.json()["message"]
    assert client.post("/api/player/nosuchtoken/push", json=browser.subscription).status_code == 404
    worker = client.get(f"/p/{tokens[killer]}/sw.js")
    assert worker.status_code == 200 and "showNotification" in worker.text
    page = client.get(f"/p/{tokens[killer]}").text
    assert 'id="push-button"' in page and server_key_in(page, client)
    client.post(f"/api/host/{game['admin_token']}/end")
    message = browser.read(push_service.wait("/push/killer")[0][1])
    assert message["body"] == "“Вечерняя партия”: the game is over."
    assert client.post(f"/api/host/{game['admin_token']}/again").status_code == 201  # play again: he hears of it
    again = browser.read(push_service.wait("/push/killer", 2)[1][1])
    assert again["body"] == "“Вечерняя партия”: the host opened a new game; your seat at the same table is waiting."


def server_key_in(page: str, client: TestClient) -> bool:
    return f'data-key="{client.get("/api/push/key").json()["public_key"]}"' in page
