"""The phases of an Attika game, as small ints for speed: chance phases first, then decisions."""

from __future__ import annotations

# Chance: set-up (tiles, their rotation, start player, storage boards, starting hands) and play (the drawn
# building, a landscape card, an expansion tile).
SETUP_TILE, SETUP_ROTATION, SETUP_FIRST, SETUP_REVEAL, SETUP_DEAL, REVEAL, CARD, TILE_DRAW = range(8)
# Decisions: phase A (draw / build / amphora / end), the drawn building (build it or store it), the space
# for a building from storage, paying, laying an expansion tile (where, then how turned), phase B.
ACTIONS, DRAWN, PLACE, PAY, TILE_PLACE, TILE_ROTATE, CARDS = range(8, 15)
OVER = 15

CHANCE_PHASES = frozenset(range(8))

NAMES = (
    "set-up: board tiles",
    "set-up: turning a board tile",
    "set-up: start player",
    "set-up: storage boards",
    "set-up: starting hands",
    "drawing a building",
    "drawing a landscape card",
    "drawing a board tile",
    "actions",
    "drawn building: build it or store it",
    "choosing a space",
    "paying",
    "placing a board tile",
    "turning the board tile",
    "landscape cards",
    "game over",
)

# Turn modes (spec §4.1): not chosen yet, drawing, building.
NO_MODE, DRAW_MODE, BUILD_MODE = 0, 1, 2
MODE_NAMES = ("none", "draw", "build")

# Where play resumes after the landscape cards due are drawn.
RESUME_CARDS, RESUME_ACTION = 0, 1
