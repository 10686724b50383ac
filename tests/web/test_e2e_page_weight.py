"""Page weight of a table page in a real browser (issue 22): first visit and repeat visit.

A first visit downloads the page's files compressed and all at once (modulepreload for the shell's module
graph and the game's board); a repeat visit asks the network for none of the static files (immutable,
content-hashed URLs), and the table's WebSocket does not resend the model the page has just fetched.
Counted with the Chrome DevTools protocol (Network events: what went to the network, what the cache
answered, bytes as received).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenika.server.app import GZIP_MINIMUM
from tests.web import e2e_harness
from tests.web.e2e_harness import Person, create_table, start_table, wait_for_turn_or_end

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


class Network:
    """One page's requests (from a CDP session): URL, status, encoding, bytes, whether the cache served it."""

    def __init__(self, cdp: Any) -> None:
        self.requests: dict[str, dict[str, Any]] = {}
        self.frames: list[str] = []
        self.wire: dict[
            str, int
        ] = {}  # request id -> status on the wire (may come before the request's event)
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.requestServedFromCache", self._cached)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.dataReceived", self._data)
        cdp.on("Network.responseReceivedExtraInfo", self._raw)
        cdp.on("Network.webSocketFrameReceived", lambda e: self.frames.append(e["response"]["payloadData"]))

    def _sent(self, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        if not url.startswith("data:"):
            request = {"url": url, "cached": False, "bytes": 0, "size": 0, "status": None}
            self.requests[event["requestId"]] = request

    def _cached(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests:
            self.requests[event["requestId"]]["cached"] = True

    def _response(self, event: dict[str, Any]) -> None:
        request = self.requests.get(event["requestId"])
        if request is not None:
            response = event["response"]
            request["status"] = response["status"]
            request["cached"] = request["cached"] or bool(response.get("fromDiskCache"))
            headers = {k.lower(): v for k, v in response["headers"].items()}
            request["encoding"] = headers.get("content-encoding")
            request["cache_control"] = headers.get("cache-control")

    def _raw(self, event: dict[str, Any]) -> None:
        """The status as it came over the wire (a 304 is reported as the cached 200 elsewhere)."""
        self.wire[event["requestId"]] = event["statusCode"]

    def _data(self, event: dict[str, Any]) -> None:
        request = self.requests.get(event["requestId"])
        if request is not None:
            request["size"] += event["dataLength"]  # the body as decoded

    def _finished(self, event: dict[str, Any]) -> None:
        request = self.requests.get(event["requestId"])
        if request is not None:
            request["bytes"] = event["encodedDataLength"]

    def static(self) -> list[dict[str, Any]]:
        for key, request in self.requests.items():
            request["wire_status"] = self.wire.get(key)
        return [r for r in self.requests.values() if "/static/" in r["url"]]

    def over_network(self) -> list[dict[str, Any]]:
        return [r for r in self.requests.values() if not r["cached"]]


def version_of(network: Network) -> set[str]:
    return {
        r["url"].split("/static/v/", 1)[1].split("/", 1)[0]
        for r in network.static()
        if "/static/v/" in r["url"]
    }


def open_table(context: Any, url: str) -> tuple[Any, Network]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    network = Network(cdp)
    page.goto(url)
    page.wait_for_selector("body[data-status='playing'] #board > *")
    page.wait_for_selector("#connection[data-state='live']")
    page.wait_for_timeout(800)  # time for a (duplicate) first WebSocket message to arrive, if one were sent
    assert errors == [], errors
    return page, network


def test_repeat_visit_of_a_table_downloads_no_static_file_and_no_duplicate_model(
    browser: Any, people: Callable[..., Person]
) -> None:
    alice = people("weight")
    table_id = create_table(alice, "hellas", 2, [("me", ""), ("bot", "easy")])
    start_table(alice)
    assert wait_for_turn_or_end(alice) == "turn"  # the bot has moved: the table now waits for alice
    url = f"{alice.base}/tables/{table_id}"

    # A browser that has never seen the site (alice's cookies only), with the site's policy enforced.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies(alice.page.context.cookies())
    try:
        page, first = open_table(context, url)
        static = first.static()
        assert static and all(r["status"] == 200 and not r["cached"] for r in static)
        versioned = [r for r in static if "/static/v/" in r["url"]]
        # What the page and its modules load by their tags and relative imports is versioned and immutable;
        # a file a script names by an absolute /static/ address is revalidated (no-cache) instead.
        assert len(versioned) >= 15
        assert all("immutable" in (r["cache_control"] or "") for r in versioned)
        assert all(r["cache_control"] == "no-cache" for r in static if r not in versioned)
        # Compressed on the wire: every script and style sheet above the threshold.
        big = [r for r in static if r["size"] > GZIP_MINIMUM]
        assert len(big) >= 10
        assert [r for r in big if r["encoding"] != "gzip"] == []
        # The board's modules were named in the page for the browser to fetch at once.
        preloads = page.eval_on_selector_all(
            "link[rel=modulepreload]", "links => links.map((l) => new URL(l.href).pathname)"
        )
        assert any(p.endswith("/boards/hellas.js") for p in preloads)
        assert any(p.endswith("/js/shell/live.js") for p in preloads)
        fetched = {r["url"].split("/static/v/", 1)[1].split("/", 1)[1] for r in versioned}
        assert {p.split("/", 4)[-1] for p in preloads} <= fetched
        # The page preloads the table's answers, and its script uses them (each is fetched once).
        table_api = [r["url"] for r in first.requests.values() if f"/api/tables/{table_id}" in r["url"]]
        # The chat panel reads its own history (js/shell/chat.js), and once more from its last line when the
        # socket opens, so a line posted in between is not missed: another resource, never the model.
        chat = [u for u in table_api if "/chat" in u]
        assert 1 <= len(chat) <= 2 and all(u.split("?")[0].endswith("/chat") for u in chat)
        api = [u for u in table_api if u not in chat]
        assert sorted(api) == [f"{url.replace('/tables/', '/api/tables/')}{end}" for end in ("", "/state")]
        # The WebSocket sent nothing: the page's model (GET .../state) is the current one.
        assert not [f for f in first.frames if '"type":"state"' in f]
        first_bytes = sum(r["bytes"] for r in first.over_network())
        page.close()

        # A repeat visit. Where people edit the files while this runs, the tree's version may change between
        # the visits (all new URLs, downloaded once): then the next visit is the repeat one.
        for _attempt in range(3):
            page, repeat = open_table(context, url)
            if version_of(repeat) == version_of(first):
                break
            first = repeat
            page.close()
        static_again = repeat.static()
        assert len(static_again) == len(static)
        # No static file is downloaded again; the versioned ones are not even asked about.
        assert [r for r in static_again if not r["cached"] and r.get("wire_status") != 304] == []
        assert [r["url"] for r in static_again if not r["cached"] and "/static/v/" in r["url"]] == []
        assert not [f for f in repeat.frames if '"type":"state"' in f]
        network = repeat.over_network()
        assert len(network) <= len(first.over_network()) - len(versioned)
        assert sum(r["bytes"] for r in network) < first_bytes / 4
        page.close()
    finally:
        context.close()
