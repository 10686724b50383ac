"""Moderation: reports about people, suspended accounts, stuck tables; the operators' routes.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations
