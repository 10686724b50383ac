"""The phases of a Hercules game, as small ints for speed. Chance phases first, then decisions."""

from __future__ import annotations

SETUP_REVEAL, SETUP_GOD, SETUP_START, SETUP_WHITE, ROLL, DICE, REVEAL, HADES_WHITE = range(8)
TURN, CHOOSE, RESTING = 8, 9, 10
OVER = 11

NAMES = (
    "setup: reveal demigods",
    "setup: place gods",
    "setup: start player",
    "setup: white die",
    "rolling",
    "rolling",
    "revealing a demigod",
    "Hades rolls the white die",
    "turn",
    "choosing a demigod",
    "resting",
    "game over",
)
