"""The FastAPI application: lifespan (store, deadline ticker, LISTEN relay), error handling, routes."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rankedmafia.live.errors import Refusal
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.server import accounts, api, community, desk, join, ladder_pages, pages
from rankedmafia.server.assets import STATIC, Assets
from rankedmafia.server.deps import unknown_link
from rankedmafia.server.platform import Platform, platform_of, request_lang
from rankedmafia.server.settings import Settings
from rankedmafia.server.validation import is_missing_csrf, validation_text
from rankedmafia.text.refusals import refusal_text

log = logging.getLogger("rankedmafia.server")
__all__ = ["Platform", "create_app", "platform_of", "request_lang"]


def _error(request: Request, error: Exception, status: int) -> Response:
    lang = request_lang(request)
    rule = getattr(error, "rule", "error")
    body = {"error": rule, "message": refusal_text(error, lang)}
    if request.url.path.startswith("/api/"):
        return JSONResponse(body, status_code=status)
    return pages.error_page(request, body["message"], status)


def create_app(settings: Settings | None = None) -> FastAPI:
    platform = Platform(settings or Settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await platform.start()
        try:
            yield
        finally:
            await platform.stop()

    app = FastAPI(
        title="Ranked Mafia",
        version="1",
        lifespan=lifespan,
        description="Play Ranked Mafia online: the host's and the players' API. Every player-facing "
        "answer is built from that player's own view of the game.",
    )
    app.state.platform = platform

    @app.exception_handler(RuleViolation)
    async def on_rule(request: Request, error: RuleViolation) -> Response:
        return _error(request, error, 409)

    @app.exception_handler(SetupError)
    async def on_setup(request: Request, error: SetupError) -> Response:
        return _error(request, error, 422)

    @app.exception_handler(Refusal)
    async def on_refusal(request: Request, error: Refusal) -> Response:
        return _error(request, error, error.status)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, error: StarletteHTTPException) -> Response:
        """Starlette's own 4xx (an unknown path, a wrong method) in the same {error, message} shape."""
        rule = {404: "not_found", 405: "method", 413: "too_large"}.get(error.status_code, "unknown")
        response = _error(request, Refusal(rule, error.status_code), error.status_code)
        if error.headers:
            response.headers.update(error.headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, error: RequestValidationError) -> Response:
        """Invalid input in words that name the field (server/validation.py); a form without its CSRF
        token is an outdated form; a link of the wrong shape is an unknown link (server/deps.py)."""
        errors = error.errors()
        unknown = unknown_link(errors)
        if unknown is not None:
            return _error(request, unknown, 404)
        if is_missing_csrf(errors):
            return _error(request, Refusal("csrf", 403), 403)
        detail = validation_text(errors, request_lang(request))
        return _error(request, Refusal("bad_input", 422, detail=detail), 422)

    app.add_middleware(SecurityHeaders)
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, most=platform.settings.max_body_bytes, uploads=platform.settings.max_upload_bytes)

    accounts.install(app)
    community.install(app)
    app.include_router(join.router)
    app.include_router(ladder_pages.router)
    app.include_router(desk.router)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", Assets(directory=STATIC), name="static")
    return app


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
)


class SecurityHeaders:
    """Headers on every answer (a plain ASGI middleware: cheaper than BaseHTTPMiddleware). The pages load
    nothing but their own static files, so the content security policy allows nothing else; no page may be
    framed. FastAPI's own /docs (which loads Swagger UI from a CDN) keeps the frame rule only."""

    HEADERS = (
        (b"referrer-policy", b"no-referrer"),  # the secret links never leave in a Referer
        (b"x-content-type-options", b"nosniff"),
        (b"cache-control", b"no-store"),
        (b"x-frame-options", b"DENY"),
    )
    POLICY = (b"content-security-policy", CSP.encode())

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        docs = scope["path"] in ("/docs", "/redoc", "/docs/oauth2-redirect")
        headers = self.HEADERS if docs else (*self.HEADERS, self.POLICY)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []),
                    *((k, v) for k, v in headers if k not in present),
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


class HeadAsGet:
    """`HEAD` answers every page `GET` answers (FastAPI's routes take only the methods they name): the
    request runs as a GET, its headers go out and its body does not. A live stream asked by HEAD hears at
    once that its client has gone, so it ends after its headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        asked = False

        async def request_then_gone() -> Message:
            nonlocal asked
            if asked:
                return {"type": "http.disconnect"}
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}

        done = False

        async def headers_only(message: Message) -> None:
            nonlocal done
            if done:
                return
            if message["type"] == "http.response.start":
                await send(message)
            elif message["type"] == "http.response.body":
                done = True
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        await self.app({**scope, "method": "GET"}, request_then_gone, headers_only)


class BodyLimit:
    """Refuses a request body larger than `most` bytes (413, in the usual {error, message} shape) before it
    is read whole: by its Content-Length, or while a chunked body streams in."""

    def __init__(self, app: ASGIApp, most: int, uploads: int = 0) -> None:
        self.app = app
        self.most = most
        self.uploads = max(uploads, most)  # the forum desk's uploads: saved thread pages are large

    def limit(self, path: str) -> int:
        desk_upload = path == "/desk/open" or (path.startswith("/desk/") and path.endswith("/thread"))
        return self.uploads if desk_upload else self.most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        most = self.limit(scope["path"])
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > most):
                await self._refuse(scope, send, most)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > most:
                    raise StarletteHTTPException(413)
            return message

        await self.app(scope, counted, send)

    async def _refuse(self, scope: Scope, send: Send, most: int) -> None:
        from starlette.requests import Request as StarletteRequest

        request = StarletteRequest(scope)
        lang = request_lang(request)
        error = Refusal("too_large", 413, most=most)
        body = {"error": "too_large", "message": refusal_text(error, lang)}
        response = JSONResponse(body, status_code=413, headers={"connection": "close"})
        await response(scope, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.disconnect"}
