"""Replays: uploaded records checked by replaying them, and finished tables shown step by step.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.replays.service import Replays

__all__ = ["Replays"]
