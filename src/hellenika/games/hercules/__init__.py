"""Hercules (Fábio Lima, MEBO Games 2022): 1-4 players, the simplified variant, and solo against Hades.

Spec: ``shared/rules/hercules.md``; our resolutions of its open points: ``docs/rules/hercules.md``.
"""

from hellenika.games.hercules.game import HerculesGame

GAME = HerculesGame()

__all__ = ["GAME", "HerculesGame"]
