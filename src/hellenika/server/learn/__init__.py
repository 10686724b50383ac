"""Learning: post-game reviews, hints at the table and the first guided game.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations
