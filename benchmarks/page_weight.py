"""Page weight of the table page (a benchmark, not a test): requests, bytes on the wire and time to board.

One ``hellenika serve`` on a fresh SQLite file in a subprocess; one registered user; for each game a live
table (the user and a bot, started). Headless Chromium (Playwright, /usr/bin/chromium) opens the table page
in a fresh browser context (first visit: empty cache), then opens it again in the same context (repeat
visit: what a returning player pays). Each visit is measured through the Chrome DevTools protocol:

- ``requests``: HTTP requests that went to the network (the memory/disk cache's own hits are not counted,
  they cost nothing); ``full`` of them were answered with a body (200), ``revalidated`` with 304;
- ``KB``: bytes received for them (``encodedDataLength``: headers and the body as sent, compressed or not);
- ``ws KB``: the WebSocket's messages received until the board was drawn plus a short settle (0.5 s);
- ``board ms``: from the start of the navigation until the board's first drawing (a MutationObserver on
  ``#board``, installed before any script of the page runs).

Profiles: ``loopback`` (no throttling) and ``fast3g`` (Network.emulateNetworkConditions: 150 ms RTT,
1.6 Mbps down, 750 kbps up, Chrome's "Fast 3G"). Each figure is the median of ``--runs`` runs. Run:

    .venv/bin/python benchmarks/page_weight.py [--runs 3] [--games hercules,hellas] [--json out.json]

Traffic goes to 127.0.0.1 only; the run stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

PASSWORD = "page-weight-password"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAMES = ["hercules", "hellas", "attika", "hellas_delonge", "peloponnes"]
PROFILES: dict[str, dict[str, Any] | None] = {
    "loopback": None,
    # Chrome DevTools' "Fast 3G" (request-level throttling): 1.6 Mbps down, 750 kbps up, 150 ms round trip.
    "fast3g": {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 1_600_000 / 8,
        "uploadThroughput": 750_000 / 8,
    },
}
SETTLE_S = 0.5
VERBOSE = bool(os.environ.get("PAGE_WEIGHT_VERBOSE"))
#: Installed before the page's own scripts: the moment the board container first gets content.
BOARD_PROBE = """
(() => {
  const watch = () => {
    const board = document.getElementById("board");
    if (!board) return false;
    const done = () => { if (board.firstElementChild && window.__hkBoardAt === undefined) {
      window.__hkBoardAt = performance.now(); return true; } return false; };
    if (done()) return true;
    new MutationObserver((_, observer) => { if (done()) observer.disconnect(); })
      .observe(board, { childList: true, subtree: true });
    return true;
  };
  if (!watch()) document.addEventListener("DOMContentLoaded", watch);
})();
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    command = [
        sys.executable, "-m", "hellenika.cli.app", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--database-url", f"sqlite:///{folder / 'bench.db'}",
    ]  # fmt: skip
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((folder / "server.log").read_text()[-3000:])
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start")


def post(client: httpx.Client, path: str, body: Any) -> Any:
    csrf = client.cookies.get("hellenika_csrf") or ""
    answer = client.post(path, json=body, headers={"X-CSRF-Token": csrf})
    answer.raise_for_status()
    return answer.json()


def make_tables(base: str, games: list[str]) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=60)
    client.get("/api/games")
    post(client, "/api/auth/register", {"name": "weigher", "password": PASSWORD})
    tables = {}
    for game in games:
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        created = post(client, "/api/tables", {"game": game, "players": 2, "seats": seats, "mode": "live"})
        table_id = created["table"]["id"]
        post(client, f"/api/tables/{table_id}/start", {})
        tables[game] = table_id
    return client, tables


class Visit:
    """The network events of one page load, gathered from a CDP session."""

    def __init__(self, cdp: Any) -> None:
        self.requests: dict[str, dict[str, Any]] = {}
        self.ws_bytes = 0
        self.wire: dict[str, int] = {}
        self.ws_messages = 0
        self.handlers = [
            ("Network.requestWillBeSent", self._sent),
            ("Network.requestServedFromCache", self._cached),
            ("Network.responseReceived", self._response),
            ("Network.loadingFinished", self._finished),
            ("Network.webSocketFrameReceived", self._frame),
            ("Network.responseReceivedExtraInfo", self._raw),
        ]
        for name, handler in self.handlers:
            cdp.on(name, handler)

    def detach(self, cdp: Any) -> None:
        for name, handler in self.handlers:
            cdp.remove_listener(name, handler)

    def _sent(self, event: dict[str, Any]) -> None:
        if event["request"]["url"].startswith("data:"):
            return
        self.requests[event["requestId"]] = {"url": event["request"]["url"], "cached": False, "bytes": 0}

    def _cached(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests:
            self.requests[event["requestId"]]["cached"] = True

    def _response(self, event: dict[str, Any]) -> None:
        request = self.requests.get(event["requestId"])
        if request is None:
            return
        response = event["response"]
        request["status"] = response["status"]
        if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            request["cached"] = True
        headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
        request["encoding"] = headers.get("content-encoding")

    def _raw(self, event: dict[str, Any]) -> None:
        """The status as it came over the wire: a revalidated file is reported as its cached 200 elsewhere."""
        self.wire[event["requestId"]] = event["statusCode"]  # may come before the request's own event

    def _finished(self, event: dict[str, Any]) -> None:
        request = self.requests.get(event["requestId"])
        if request is not None:
            request["bytes"] = event.get("encodedDataLength", 0)

    def _frame(self, event: dict[str, Any]) -> None:
        self.ws_messages += 1
        self.ws_bytes += len(event["response"].get("payloadData", "").encode())

    def summary(self) -> dict[str, Any]:
        for key, request in self.requests.items():
            if key in self.wire:
                request["wire_status"] = self.wire[key]
        network = [r for r in self.requests.values() if not r["cached"]]
        return {
            "requests": len(network),
            "full": sum(1 for r in network if r.get("wire_status", r.get("status")) == 200),
            "revalidated": sum(1 for r in network if r.get("wire_status", r.get("status")) == 304),
            "from_cache": sum(1 for r in self.requests.values() if r["cached"]),
            "bytes": sum(r["bytes"] for r in network),
            "ws_bytes": self.ws_bytes,
            "ws_messages": self.ws_messages,
        }


def visit(context: Any, url: str, profile: dict[str, Any] | None, *, reload: bool = False) -> dict[str, Any]:
    """One load of ``url`` in a new tab (and, with ``reload``, the same tab reloaded: its own figures)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if profile is not None:
        cdp.send("Network.emulateNetworkConditions", profile)
    results = []
    for step in range(2 if reload else 1):
        events = Visit(cdp)
        if step == 0:
            page.goto(url, wait_until="commit")
        else:
            page.reload(wait_until="commit")
        page.wait_for_function("window.__hkBoardAt !== undefined", timeout=120_000)
        board_ms = page.evaluate("window.__hkBoardAt")
        page.wait_for_timeout(SETTLE_S * 1000)
        events.detach(cdp)
        result = events.summary()
        result["board_ms"] = board_ms
        if VERBOSE:
            for request in events.requests.values():
                print("   ", request)
        results.append(result)
    page.close()
    return results[-1]


def measure(browser: Any, cookies: list[dict[str, Any]], url: str, profile: dict[str, Any] | None) -> Any:
    """A first visit (empty cache), a repeat visit (a new tab on the same address) and a reload."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.add_cookies(cookies)
    context.add_init_script(BOARD_PROBE)
    try:
        first = visit(context, url, profile)
        repeat = visit(context, url, profile)
        reload = visit(context, url, profile, reload=True)
    finally:
        context.close()
    return {"first": first, "repeat": repeat, "reload": reload}


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


HEADER = (
    f"{'game':15s} {'profile':9s} {'visit':7s} {'requests':>8s} {'full':>5s} {'304':>4s} "
    f"{'cached':>6s} {'KB':>7s} {'ws KB':>6s} {'board ms':>9s}"
)


def row(game: str, profile: str, kind: str, m: dict[str, Any]) -> str:
    return (
        f"{game:15s} {profile:9s} {kind:7s} {m['requests']:8.0f} {m['full']:5.0f} {m['revalidated']:4.0f} "
        f"{m['from_cache']:6.0f} {m['bytes'] / 1024:7.1f} {m['ws_bytes'] / 1024:6.1f} {m['board_ms']:9.0f}"
    )


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    games = args.games.split(",")
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="hk-weight-") as folder:
        process, base = start_server(Path(folder))
        try:
            client, tables = make_tables(base, games)
            cookies = [{"name": k, "value": v, "url": base} for k, v in client.cookies.items()]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(HEADER)
                for game in games:
                    url = f"{base}/tables/{tables[game]}"
                    for name in args.profiles.split(","):
                        runs = [measure(browser, cookies, url, PROFILES[name]) for _ in range(args.runs)]
                        for kind in ("first", "repeat", "reload"):
                            m = median_of([run[kind] for run in runs])
                            results.append({"game": game, "profile": name, "visit": kind, **m})
                            print(row(game, name, kind, m), flush=True)
                browser.close()
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
