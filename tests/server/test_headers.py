"""The security headers (server/http/headers.py) on every kind of answer a real server gives: pages, API
answers, static files, 404s, refusals of the edge and of the CSRF check, and a bug's 500; HSTS only behind
HTTPS; the OpenAPI page's own policy names its inline script by hash."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import re

import httpx
import pytest
from fastapi import FastAPI

from hellenika.server.core.errors import install_error_handlers
from hellenika.server.http.headers import PAGE_POLICY, SecurityHeadersMiddleware
from tests.server.harness import LiveServer

EXPECTED = {
    "content-security-policy": PAGE_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


def assert_strict(answer: httpx.Response) -> None:
    for name, value in EXPECTED.items():
        assert answer.headers.get(name) == value, (answer.request.url, name, answer.headers.get(name))
    permissions = answer.headers["permissions-policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions
    # Served over plain HTTP: no HSTS (a browser would refuse this host plain HTTP for a year).
    assert "strict-transport-security" not in answer.headers


def test_the_policy_is_strict() -> None:
    directives = dict(d.strip().split(" ", 1) for d in PAGE_POLICY.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'none'"
    assert "unsafe" not in PAGE_POLICY


@pytest.mark.parametrize("path", ["/", "/login", "/lobby", "/tables/abc", "/replays/abc", "/leaderboard"])
def test_pages_carry_the_headers(server: LiveServer, path: str) -> None:
    answer = server.player().get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert_strict(answer)


def test_api_answers_carry_the_headers(server: LiveServer) -> None:
    player = server.player()
    assert_strict(player.get("/api/games"))
    registered = player.post("/api/auth/register", {"name": "hedda", "password": "correct horse"})
    assert registered.status_code == 201
    assert_strict(registered)
    assert_strict(player.get("/api/auth/me"))


@pytest.mark.parametrize(
    "path", ["/static/css/hellenika.css", "/static/js/shell/login.js", "/static/index.html"]
)
def test_static_files_carry_the_headers(server: LiveServer, path: str) -> None:
    answer = server.player().get(path)
    assert answer.status_code == 200
    assert_strict(answer)


@pytest.mark.parametrize("path", ["/no/such/page", "/static/nothing.js", "/api/tables/nope", "/api/nothing"])
def test_not_found_carries_the_headers(server: LiveServer, path: str) -> None:
    answer = server.player().get(path)
    assert answer.status_code == 404
    assert_strict(answer)


def test_refusals_carry_the_headers(server: LiveServer) -> None:
    player = server.player()
    no_csrf = player.post("/api/tables", {"game": "hercules", "players": 2}, csrf=False)
    assert no_csrf.status_code == 403
    assert_strict(no_csrf)
    # Refused by the edge before any route runs: a NUL in the address, a body over the cap.
    nul = player.get("/api/games?x=%00")
    assert nul.status_code == 400
    assert_strict(nul)
    big = player.http.post(
        "/api/auth/login",
        content=b"x" * (server.settings.max_body_bytes + 1),
        headers={"X-CSRF-Token": player.csrf, "Content-Type": "application/json"},
    )
    assert big.status_code == 413
    assert_strict(big)
    invalid = player.post("/api/auth/login", {"name": 3})
    assert invalid.status_code in (400, 422)
    assert_strict(invalid)
    wrong_method = player.http.delete("/api/games")
    assert wrong_method.status_code == 405
    assert_strict(wrong_method)


def test_a_bug_answers_500_with_the_headers_and_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    """A bug's 500 comes from Starlette's outermost layer, outside every added middleware; the headers layer
    answers it itself. An app with one broken route, run through the real middleware stack."""
    app = FastAPI()
    install_error_handlers(app)
    app.add_middleware(SecurityHeadersMiddleware)

    @app.get("/broken")
    def broken() -> None:
        raise RuntimeError("a bug")

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/broken")

    with caplog.at_level(logging.ERROR, logger="hellenika.server"):
        answer = asyncio.run(call())
    assert answer.status_code == 500
    assert answer.json() == {"detail": "internal server error (a bug: it has been logged)"}
    assert_strict(answer)
    assert any("unhandled error on GET /broken" in r.getMessage() for r in caplog.records)


def test_hsts_only_behind_https(make_server: object, sqlite_url: str) -> None:
    secure: LiveServer = make_server(sqlite_url, secure_cookies=True)  # type: ignore[operator]
    for path in ("/", "/api/games", "/static/css/hellenika.css", "/no/such/page"):
        answer = secure.player().get(path)
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
        assert answer.headers["content-security-policy"] == PAGE_POLICY


def test_the_openapi_page_has_its_own_policy_naming_its_inline_script(server: LiveServer) -> None:
    answer = server.player().get("/api/docs")
    assert answer.status_code == 200
    policy = dict(d.strip().split(" ", 1) for d in answer.headers["content-security-policy"].split(";"))
    inline = re.findall(r"<script>(.*?)</script>", answer.text, re.DOTALL)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    sources = policy["script-src"].split()
    assert f"'sha256-{digest}'" in sources
    assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
    assert "https://cdn.jsdelivr.net" in sources
    assert policy["frame-ancestors"] == "'none'"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    # The schema itself is an API answer with the strict policy.
    assert_strict(server.player().get("/api/openapi.json"))
