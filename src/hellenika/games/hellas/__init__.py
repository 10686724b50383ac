"""Hellas (Stefan Dorra, White Goblin Games 2016), 2-4 players, with the rules as implemented on Yucata.

Spec: ``shared/rules/hellas.md``; our resolutions of its open points: ``docs/rules/hellas.md``.
"""

from hellenika.games.hellas.game import HellasGame

GAME = HellasGame()

__all__ = ["GAME", "HellasGame"]
