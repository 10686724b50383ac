"""A table's chat: lines stored with the table, read over HTTP, live over the table's WebSocket.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.chat.service import Chat, forfeit_line, invite_matches, system_line

__all__ = ["Chat", "forfeit_line", "invite_matches", "system_line"]
