"""A real server for tests: uvicorn in a thread on a free loopback port, and players as separate HTTP clients
(each with its own cookies) that can open the table WebSocket with their session.

Running the real server rather than an in-process transport means the tests see exactly what a browser sees:
cookies, CSRF, concurrent requests, WebSocket pushes.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

import httpx
import uvicorn
import uvloop
from websockets.sync.client import ClientConnection, connect

from hellenika.server import Settings, create_app
from hellenika.server.services import Services

T = TypeVar("T")


class FakeClock:
    """A clock tests move by hand (deadlines, rate limits, session expiry)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class LiveServer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.services: Services = self.app.state.services
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on", ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        # uvloop, as uvicorn uses it in production; asyncio's own loop answers 50x slower in a thread.
        self.loop = uvloop.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[self.sock]))

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()

    def call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's event loop (e.g. the master's deadline check) and wait for it."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    def player(self, name: str | None = None, password: str = "correct horse") -> Player:
        client = Player(self)
        if name is not None:
            client.register(name, password)
        return client


class ApiFailure(AssertionError):
    pass


class Player:
    """One browser: its own cookie jar, the CSRF header on every POST."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        # Plain HTTP on the loopback: no certificate bundle to load for every client.
        self.http = httpx.Client(base_url=server.base, timeout=60, verify=False)
        self.http.get("/api/games")  # hands out the CSRF cookie
        self.user: dict[str, Any] | None = None

    @property
    def csrf(self) -> str:
        return self.http.cookies.get("hellenika_csrf") or ""

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.get(path, **kwargs)

    def post(self, path: str, body: Any = None, *, csrf: bool = True, **kwargs: Any) -> httpx.Response:
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        return self.http.post(path, json=body if body is not None else {}, headers=headers, **kwargs)

    def ok(self, response: httpx.Response, status: int = 200) -> Any:
        if response.status_code != status:
            raise ApiFailure(
                f"{response.request.method} {response.request.url}: {response.status_code} {response.text}"
            )
        return response.json()

    def register(self, name: str, password: str = "correct horse") -> dict[str, Any]:
        self.user = self.ok(self.post("/api/auth/register", {"name": name, "password": password}), 201)[
            "user"
        ]
        return self.user

    def create(self, **body: Any) -> dict[str, Any]:
        table: dict[str, Any] = self.ok(self.post("/api/tables", body), 201)["table"]
        return table

    def state(self, table_id: str) -> dict[str, Any]:
        model: dict[str, Any] = self.ok(self.get(f"/api/tables/{table_id}/state"))
        return model

    def move(self, table_id: str, version: int, action: Any) -> httpx.Response:
        return self.post(f"/api/tables/{table_id}/moves", {"version": version, "action": action})

    def socket(self, table_id: str) -> ClientConnection:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = f"ws://127.0.0.1:{self.server.port}/ws/tables/{table_id}"
        return connect(
            url, additional_headers={"Cookie": cookie} if cookie else None, open_timeout=20, legacy=True
        )

    def close(self) -> None:
        self.http.close()


def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return message


def wait_for(ws: ClientConnection, predicate: Any, timeout: float = 30) -> dict[str, Any]:
    """Read pushes until one satisfies ``predicate``; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError("no matching WebSocket message in time")
        message = receive(ws, timeout=left)
        if predicate(message):
            return message
