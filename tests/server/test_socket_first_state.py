"""A socket opened just before the table starts gets the game's first state, whatever the timing.

The socket joins the table's connections before it reads the table: a start committed while it reads is
pushed to it, and what it sends itself is looked at again (a table seen waiting may have started since).
The test widens the window between the socket's read and what follows to half a second, so that the start
lands inside it every time (before the fix the page got the lobby's "waiting" JSON and never a state).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from tests.server.harness import receive


def test_a_start_right_after_the_socket_opens_reaches_it(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url)
    lobby = server.services.lobby
    read = lobby.status

    async def slow_status(table_id: str) -> Any:
        info = await read(table_id)
        await asyncio.sleep(0.5)  # the start below commits now
        return info

    person = server.player("early")
    table = person.create(game="hercules", players=2, mode="live",
                          seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])  # fmt: skip
    lobby.status = slow_status
    try:
        with person.socket(table["id"]) as ws:
            person.ok(person.post(f"/api/tables/{table['id']}/start"))
            kinds = []
            while True:
                message = receive(ws, timeout=15)
                kinds.append(message.get("type"))
                if message.get("type") == "state":
                    break
            assert message["version"] >= 1 and message["seat"] == 0
            # Nor does the lobby's JSON of the table come after the game's state (the socket's own send
            # looks again and finds it started).
            later = []
            with contextlib.suppress(TimeoutError):
                while True:
                    later.append(receive(ws, timeout=1.5).get("type"))
            assert "table" not in later, (kinds, later)
    finally:
        lobby.status = read
