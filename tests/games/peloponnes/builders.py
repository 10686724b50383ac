"""Setting up Peloponnes positions for the rules tests.

Games are dealt through the public API: the chance outcomes (which civilization, hero, colony, tile or chit)
are applied as actions, so a test names exactly the components it needs. Where a rule needs a position that
would take many rounds to reach (seven inhabitants, three buildings), the test sets the player's goods and
tiles directly with :func:`give` and :func:`own`, then lets the real state machine run the step under test
with :func:`trigger` (push a step, run it) and the checked :meth:`apply` for every decision.
"""

from __future__ import annotations

from typing import Any

from hellenika import games
from hellenika.engine import CHANCE
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    DealCivilization,
    DealColony,
    DealHero,
    DrawChit,
    RevealTile,
)
from hellenika.games.peloponnes.catalogue import load_catalogue
from hellenika.games.peloponnes.state import PeloponnesState

GAME = games.get("peloponnes")
CAT = load_catalogue()
DISASTER = {d[0]: i for i, d in enumerate(CAT.disasters)}


def tile(tile_id: str) -> int:
    return CAT.tile_by_id[tile_id]


def game(
    players: int = 2,
    *,
    civs: list[str] | None = None,
    heroes: list[str] | None = None,
    colonies: list[str] | None = None,
    log: bool = True,
    **options: Any,
) -> PeloponnesState:
    """A new game dealt as asked (civs/heroes/colonies by participant, Angelos last), stopped at the first
    step after the deal (the first tile reveal, or the negotiation)."""
    s = GAME.new_state(players, options, log=log)
    assert isinstance(s, PeloponnesState)
    wanted = {
        step.DEAL_CIV: (civs or [], DealCivilization),
        step.DEAL_HERO: (heroes or [], DealHero),
        step.DEAL_COLONY: (colonies or [], DealColony),
    }
    while s.current_player() == CHANCE and s.tasks[-1][0] in wanted:
        kind, p = s.tasks[-1]
        names, cls = wanted[kind]
        if p < len(names):
            s.apply(cls(p, names[p]))
        else:
            s.apply(s.legal_actions()[0])
    return s


def reveal(s: PeloponnesState, *tile_ids: str) -> None:
    """Turn up these tiles as the round's reveal (regular row first, then the conquest row)."""
    for tile_id in tile_ids:
        s.apply(RevealTile(tile_id))


def draw(s: PeloponnesState, *chit_ids: str) -> None:
    for chit_id in chit_ids:
        s.apply(DrawChit(chit_id))


def give(s: PeloponnesState, p: int, **fields: int) -> None:
    """Set a participant's goods: coins=5, wood=2, inh=7, strength=8 ..."""
    for name, value in fields.items():
        getattr(s, name)[p] = value


def own(s: PeloponnesState, p: int, *tile_ids: str, reserved: tuple[str, ...] = ()) -> None:
    """Give a player these tiles (buildings and lands in the order given), some of them reserved."""
    for tile_id in (*tile_ids, *reserved):
        t = tile(tile_id)
        if CAT.tiles[t].is_building:
            s.buildings[p] = (*s.buildings[p], t)
        else:
            s.lands[p] = (*s.lands[p], t)
    for tile_id in reserved:
        s.unfinished[p] |= 1 << tile(tile_id)


def trigger(s: PeloponnesState, *tasks: tuple[int, ...]) -> None:
    """Run these steps now (the first given runs first), on top of whatever the game was waiting for."""
    s.tasks.extend(reversed(tasks))
    s._run()


def top(s: PeloponnesState) -> tuple[int, ...]:
    return s.tasks[-1]


def log_text(s: PeloponnesState) -> str:
    return "\n".join(s.iter_log())


def tiles_of(s: PeloponnesState, p: int) -> list[str]:
    return [CAT.tiles[t].id for t in s.buildings[p] + s.lands[p]]


def play_out(s: PeloponnesState, seed: int = 0) -> PeloponnesState:
    """Finish the game with random decisions (the tests that need a complete game)."""
    from hellenika.engine import Rng

    rng = Rng(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
    return s
