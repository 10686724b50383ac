"""Attika (Marcel-André Casasola Merkle, Hans im Glück 2003): 2-4 players build a city-state of 30
buildings on a growing hex map, or link two shrines with a chain of their own buildings.

Spec: ``shared/rules/attika.md``; the seed (Yucata rules) wins where it speaks; our resolutions of the open
points: ``docs/rules/attika.md``.
"""

from hellenika.games.attika.game import AttikaGame

GAME = AttikaGame()

__all__ = ["GAME", "AttikaGame"]
