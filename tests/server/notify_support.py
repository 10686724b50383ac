"""Real receivers for the notification tests: an SMTP server (aiosmtpd) on 127.0.0.1 that keeps every
message it accepted and can be stopped and started again on the same port, and an HTTP receiver for
webhooks (http.server in a thread) that keeps each request's headers and raw body and answers the statuses
it is told to."""

from __future__ import annotations

import email
import email.policy
import http.server
import re
import socket
import threading
import time
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Keep:
    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.sink.lock:
            self.sink.messages.append(message)  # type: ignore[arg-type]
        return "250 OK"


class SmtpSink:
    """aiosmtpd on 127.0.0.1:``port``; ``messages`` holds what it received, parsed."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> SmtpSink:
        self.controller = Controller(_Keep(self), hostname="127.0.0.1", port=self.port, ready_timeout=10)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def wait(self, count: int, timeout: float = 20.0) -> list[EmailMessage]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.05)
        raise AssertionError(f"expected {count} messages, got {len(self.messages)}")

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


def text_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def html_of(message: EmailMessage) -> str:
    part = message.get_body(("html",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def link_in(message: EmailMessage, path: str) -> str:
    """The first absolute link to ``path`` in the message's text."""
    found = re.search(r"https?://[^\s]+" + re.escape(path) + r"[^\s]*", text_of(message))
    assert found, f"no {path} link in {text_of(message)!r}"
    return found.group(0)


class WebhookReceiver:
    """An HTTP server on ``host`` (127.0.0.1) recording every POST; answers ``statuses`` in turn (then 200),
    after ``delay`` seconds."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.statuses: list[int] = []
        self.delay = 0.0
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if receiver.delay:
                    time.sleep(receiver.delay)
                with receiver.lock:
                    receiver.requests.append((dict(self.headers.items()), body))
                    status = receiver.statuses.pop(0) if receiver.statuses else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer((host, port), Handler)
        self.port = int(self.server.server_address[1])
        self.url = f"http://{host}:{self.port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> WebhookReceiver:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait(self, count: int, timeout: float = 20.0) -> list[tuple[dict[str, str], bytes]]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.requests) >= count:
                    return list(self.requests)
            time.sleep(0.05)
        raise AssertionError(f"expected {count} webhook posts, got {len(self.requests)}")


def eventually(check: Callable[[], bool], timeout: float = 20.0, what: str = "the condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} did not hold within {timeout} s")
