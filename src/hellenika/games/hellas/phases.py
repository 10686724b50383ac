"""The phases of a Hellas game, as small ints for speed. Chance phases first, then decisions."""

from __future__ import annotations

SETUP_OPEN, SETUP_TILE, SETUP_WORKER, SETUP_START, MINE_REVEAL = range(5)
CHOOSE, BUILD, STATUE, PILLARS, MINE_PLACE, MINE_WORKER, MINE_DRAW, TAKE = range(5, 13)
OVER = 13

NAMES = (
    "setup: opening the coast quarries",
    "setup: drawing a starting tile",
    "setup: placing the quarry worker",
    "setup: choosing the start player",
    "mining: drawing a tile",
    "choosing an action",
    "building",
    "building a statue",
    "placing pillars",
    "mining: placing a tile",
    "mining: moving the quarry worker",
    "mining: drawing tiles or stopping",
    "taking marble",
    "game over",
)
