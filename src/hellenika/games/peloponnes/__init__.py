"""Peloponnes (Bernd Eisenstein, Irongames 2009) with its expansion Heroes & Colonies: 1-5 players, up to 8
with the expansion, the negotiation variant, and solo against Angelos at his four ranks.

Spec: ``shared/rules/peloponnes.md``; the seed (the expansion's rulebook with its solo sheet) wins where it
speaks; our resolutions of the open points: ``docs/rules/peloponnes.md``.
"""

from hellenika.games.peloponnes.game import PeloponnesGame

GAME = PeloponnesGame()

__all__ = ["GAME", "PeloponnesGame"]
