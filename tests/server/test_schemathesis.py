"""Schemathesis against a real server on each database: every phase (examples, coverage, fuzzing, stateful
chains through the OpenAPI links) and every check, logged in with the CSRF header. Generated requests, valid
and invalid, never get a 5xx, every answer matches the documented schema and status, and every error is
``{"detail": "..."}``. The run is bounded (``EXAMPLES`` per operation); ``python -m tests.server.fuzz``
runs longer (docs/WEB.md)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.fuzz import FUZZ_SETTINGS, run_schemathesis, seed_server
from tests.server.harness import LiveServer

pytestmark = pytest.mark.slow

#: Examples per operation and phase: about half a minute a database on this machine.
EXAMPLES = 30


def test_schemathesis_finds_nothing(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url, **FUZZ_SETTINGS)
    outcome = run_schemathesis(server, seed_server(server), examples=EXAMPLES)
    report = outcome.report
    assert report, outcome.output[-4000:]
    failures = report["failures"], report["errors"]
    assert outcome.returncode == 0 and failures == ([], []), outcome.output[-8000:]
    assert report["operations"]["tested"] == report["operations"]["total"] >= 21
    for phase in ("coverage", "fuzzing", "stateful"):
        assert report["phases"][phase]["status"] == "success", (phase, outcome.output[-4000:])
    assert report["test_cases"]["generated"] >= 21 * EXAMPLES
    assert report["auth"]["reauth_broke"] is False


def test_the_schema_documents_the_real_error_model(server: LiveServer) -> None:
    schema = httpx.get(f"{server.base}/api/openapi.json").json()
    components = schema["components"]["schemas"]
    assert "HTTPValidationError" not in components
    assert components["Error"]["properties"]["detail"]["type"] == "string"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            errors = {s for s in responses if s.startswith("4")}
            assert {"400", "422"} <= errors, (method, path)
            for status in errors:
                ref = responses[status]["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/Error"), (method, path, status)
            success = [s for s in responses if s.startswith("2")]
            assert success and all("content" in responses[s] for s in success), (method, path)
            if method == "post":
                assert {"403", "413"} <= errors, (method, path)
            if operation.get("security"):  # a login is needed: 401 without one
                assert "401" in errors and {"session": []}.items() <= operation["security"][0].items()
    assert schema["paths"]["/api/tables"]["post"]["security"] == [{"session": [], "csrf": []}]
    assert "security" not in schema["paths"]["/api/tables"]["get"]
    created = schema["paths"]["/api/tables"]["post"]["responses"]["201"]["links"]
    assert len(created) >= 8
    assert all(link["parameters"] == {"table_id": "$response.body#/table/id"} for link in created.values())


def test_405_names_every_method_of_the_address(server: LiveServer) -> None:
    response = httpx.request("PATCH", f"{server.base}/api/tables")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, POST"
    assert isinstance(response.json()["detail"], str)
