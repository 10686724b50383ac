"""The round: a started table's game, where it changes (the master), what each seat sees, the live cache,
the sockets' pushes, bots at the table, turn deadlines and vacations, and the processes kept in step.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.round.deps import MasterDep
from hellenika.server.round.master import Master
from hellenika.server.round.moves import BY_TIMEOUT

__all__ = ["BY_TIMEOUT", "Master", "MasterDep"]
