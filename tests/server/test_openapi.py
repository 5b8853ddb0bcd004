"""The published OpenAPI spec, fuzzed by schemathesis against a running server: no server error (5xx)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.schemas import OpenApiSchema

from .helpers import Server


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("openapi") / "data").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def api_schema(api_server: Server) -> OpenApiSchema:
    spec = httpx.get(api_server.url + "/openapi.json").json()
    # Skip the endless live streams: their first answer is checked in the API and browser tests.
    spec["paths"] = {p: v for p, v in spec["paths"].items() if not p.endswith("/events")}
    schema = schemathesis.openapi.from_dict(spec)
    schema.config.base_url = api_server.url
    return schema


def test_spec_is_published(api_server: Server) -> None:
    spec = httpx.get(api_server.url + "/openapi.json").json()
    assert "/api/player/{token}/act" in spec["paths"] and "/api/games" in spec["paths"]


def test_no_server_error(api_schema: OpenApiSchema) -> None:
    """Every operation, fuzzed from the spec (schemathesis's strategies, driven by hypothesis directly)."""
    from schemathesis.checks import not_a_server_error

    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) > 15
    calls = 0
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def fuzz(case: schemathesis.Case) -> None:
            nonlocal calls
            calls += 1
            case.call_and_validate(checks=[not_a_server_error], timeout=10)

        fuzz()
    assert calls > len(operations)
