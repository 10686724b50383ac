"""The lobby: tables before they start (creating, joining, invitations, listing), *play again*, and
automatic matching of people who ask for a game.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.lobby.schemas import SeatRequest, TableCreate
from hellenika.server.lobby.service import Lobby
from hellenika.server.lobby.withdraw import Withdrawn, take_back

__all__ = ["Lobby", "SeatRequest", "TableCreate", "Withdrawn", "take_back"]
