"""Setting up Hellas positions for tests.

Setup and turns go through the public API (``apply`` with chance outcomes chosen by the test). Positions that
would take dozens of turns to reach (a city of ten pieces, a temple with five pillars) are laid out with the
helpers below, which use the engine's own incremental placement (``_place``) so that cities are built exactly
as in play; only marble, rings, pillars and quarry piles are set directly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from hellenika import games
from hellenika.engine import TERMINAL, Rng
from hellenika.games.hellas.actions import (
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    OpenQuarry,
    Reveal,
    StartPlayer,
    TakeMarble,
)
from hellenika.games.hellas.components import PIECE_CODE
from hellenika.games.hellas.state import HellasState

GAME = games.get("hellas")
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def new_game(players: int = 3, *, log: bool = True) -> HellasState:
    return GAME.new_state(players, log=log)  # type: ignore[return-value]


def setup(
    players: int = 3,
    quarries: Iterable[str] | None = None,
    tiles: Iterable[int] = (12, 18, 31),
    worker: str | None = None,
    start: int = 0,
    *,
    log: bool = True,
) -> HellasState:
    """A game after setup, through the public API: the given coast quarries and tiles, worker, start player.

    Defaults: Minotaur 0,5 / 10,6 / 2,10 with the worker on 5,5; Pegasus 0,4 / 8,4 / 2,9 with it on 4,4.
    """
    if quarries is None:
        quarries = ("0,4", "8,4", "2,9") if players == 2 else ("0,5", "10,6", "2,10")
    if worker is None:
        worker = "4,4" if players == 2 else "5,5"
    s = new_game(players, log=log)
    for quarry, tile in zip(quarries, tiles, strict=True):
        s.apply(OpenQuarry(quarry))
        s.apply(Reveal(tile))
    s.apply(MoveWorker(worker))
    s.apply(StartPlayer(start))
    return s


def quarry_index(s: HellasState, space: str) -> int:
    return s.b.quarry_of[s.b.index_of[space]]


def set_quarries(
    s: HellasState,
    piles: Mapping[str, Iterable[int]],
    *,
    worker: str | None = None,
    closed: Iterable[str] = (),
) -> None:
    """Replace every quarry pile (quarries not named are empty); tiles used leave the stack."""
    new = [()] * len(s.b.quarries)
    used: set[int] = set()
    for space, pile in piles.items():
        new[quarry_index(s, space)] = tuple(pile)
        used.update(pile)
    s.piles = tuple(new)
    s.closed = sum(1 << quarry_index(s, q) for q in closed)
    s.active_q = tuple(q for q, pile in enumerate(new) if pile and not s.closed >> q & 1)
    s.stack = tuple(v for v in s.comps.tiles if v not in used)
    if worker is not None:
        s.worker = quarry_index(s, worker)
    s._live = None


def place(s: HellasState, player: int, piece: str, *spaces: str) -> None:
    """Put pieces on the board for free (statues: ``player`` is ignored)."""
    for space in spaces:
        c = s.b.index_of[space]
        assert s.free >> c & 1, f"{space} is not a free building space"
        s._place(player, PIECE_CODE[piece], c)


def set_pillars(s: HellasState, **by_temple: int) -> None:
    pillars = list(s.pillars)
    for temple, count in by_temple.items():
        pillars[s.b.temple_by_id[temple]] = count
    s.pillars = tuple(pillars)
    s._live = None


def set_marble(s: HellasState, *marble: int) -> None:
    s.marble = list(marble)


def set_rings(s: HellasState, *rings: int) -> None:
    s.ring_supply += sum(s.rings) - sum(rings)
    s.rings = list(rings)
    s._live = None


def snapshot(s: HellasState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def decline_everything(s: HellasState, rng: Rng | None = None, *, until_round: int | None = None) -> None:
    """Play on without building anything: choose the first offered space, decline whatever can be declined.

    Chance is sampled with ``rng``; mining still pays income and moves tiles, so tests set marble afterwards.
    Stops at the end of the game, or when round ``until_round`` begins.
    """
    rng = rng or Rng(0)
    decline = Decline()
    while s.current_player() != TERMINAL and (until_round is None or s.round < until_round):
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        s.apply(decline if decline in legal else legal[0])


def choose(s: HellasState, space: str) -> None:
    s.apply(ChooseAction(space), seat=s.current_player())


def mine(s: HellasState, space: str = "mine1") -> None:
    """Choose a Mine marble space (the income is paid) and start drawing tiles (rules 1.2 asks first)."""
    choose(s, space)
    s.apply(DrawTiles(), seat=s.current_player())


def take_marble(s: HellasState) -> None:
    """Choose Take three marble and take them (rules 1.2 asks whether to)."""
    choose(s, "marble")
    s.apply(TakeMarble(), seat=s.current_player())


def markers_placed(s: HellasState) -> list[tuple[int, int]]:
    """(round, player) of every action marker placed so far, from the log: the round's last marker is placed
    by itself (rules 1.1), so counting decisions would miss it."""
    out: list[tuple[int, int]] = []
    round_no = 0
    for event in s.events:
        if event.text.startswith("Round "):
            round_no = int(event.text.split()[1])
        elif " chose '" in event.text and event.actor is not None:
            out.append((round_no, event.actor))
    return out
