"""The pages' static files, cached by the browser for good: each page links a file with its content's
digest in the URL (`/static/app.js?v=…`), so a new release changes the URL and an answer for that URL may be
kept a year. A request without the current digest (an old page, a hand-typed URL) is answered but
revalidated each time."""

from __future__ import annotations

import hashlib
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC = Path(__file__).parent / "static"
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def _digests(folder: Path) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()[:12]
            for path in sorted(folder.iterdir()) if path.is_file()}


VERSIONS = _digests(STATIC)


def asset_url(name: str) -> str:
    """A static file's URL with its content's digest (the templates' `asset`)."""
    return f"/static/{name}?v={VERSIONS[name]}"


class Assets(StaticFiles):
    """The static files with their cache headers (the security headers' `no-store` is only a default)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("v", [""])[0]
        current = response.status_code in (200, 304) and asked and asked == VERSIONS.get(path)
        response.headers["cache-control"] = FOREVER if current else REVALIDATE
        return response
