"""Adapters that expose every registered game to reinforcement-learning and search libraries.

:mod:`hellenika.rl.codec` and :mod:`hellenika.rl.observation` need only the core package (and numpy for the
vectors); :mod:`hellenika.rl.pettingzoo` and :mod:`hellenika.rl.openspiel` need the optional ``rl`` extra
(``pip install -e '.[rl]'``). Nothing in the core package imports this one, so the core stays free of them.
"""
