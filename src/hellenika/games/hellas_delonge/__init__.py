"""Hellas (Franz-Benno Delonge, Kosmos 2002): two players, Greeks, ships and god cards on a growing map.

Spec: ``shared/rules/hellas_delonge.md``; our resolutions of its open points:
``docs/rules/hellas_delonge.md``.
"""

from hellenika.games.hellas_delonge.game import HellasGame

GAME = HellasGame()

__all__ = ["GAME", "HellasGame"]
