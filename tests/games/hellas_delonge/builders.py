"""Positions for the Hellas tests, and small helpers to drive a state through its public API.

``position`` lays tiles where a test says, with owners, Greeks and ships, gives each player the cards it
names, and starts a turn at MAIN: the rest of every test goes through ``apply`` with action notation, as a
player would.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import GREEKS_PER_PLAYER, SHIPS_PER_PLAYER, rotate
from hellenika.games.hellas_delonge.hexmap import Board, cell
from hellenika.games.hellas_delonge.state import HellasState

GAME = games.get("hellas_delonge")
LIGHT, DARK = 0, 1

# (tile id, q, r, rotation, owner, greeks, ships); owner None for a tile without pieces (tests of the map)
Spec = tuple[str, int, int, int, int | None, int, int]


def board_with(tiles: Iterable[tuple[str, int, int, int]]) -> Board:
    cat = GAME.catalogue
    board = Board.initial()
    for tile_id, q, r, k in tiles:
        tile = cat.tile(tile_id)
        board = board.place(tile, cell(q, r), k, rotate(tile.edges, tile.regions, k)[0])
    return board


def _vector(cards: Sequence[str]) -> tuple[int, ...]:
    cat = GAME.catalogue
    out = [0] * len(cat.cards)
    for card_id in cards:
        out[cat.card_by_id[card_id]] += 1
    return tuple(out)


def position(
    tiles: Sequence[Spec],
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    fresh: Sequence[Sequence[str]] = ((), ()),
    active: int = LIGHT,
    turn: int | None = None,
    stack: Sequence[str] | None = None,
    options: dict | None = None,
    log: bool = True,
) -> HellasState:
    """A state at the start of ``active``'s turn (MAIN) with the given map and cards.

    ``turn`` defaults to 3 (Light) or 4 (Dark), past the first-turn card ban. ``stack`` lists the face-down
    tiles (default: every tile not on the map); the decks hold every card not in a hand.
    """
    s = GAME.new_state(2, options or {}, log=log)
    assert isinstance(s, HellasState)
    cat = s.cat
    s.board = board_with((t, q, r, k) for t, q, r, k, *_ in tiles)
    s.greeks = [0] * 24
    s.ships = [0] * 24
    s.owned = [0, 0]
    for slot, (_, _, _, _, owner, greeks, ships) in enumerate(tiles, start=1):
        if owner is None:
            continue
        s.owned[owner] |= 1 << slot
        s.greeks[slot] = greeks
        s.ships[slot] = ships
    s.gsup = [GREEKS_PER_PLAYER - s.greeks_on_map(p) for p in (0, 1)]
    s.ssup = [SHIPS_PER_PLAYER - s.ships_on_map(p) for p in (0, 1)]
    s.hand = [_vector(h) for h in hands]
    s.fresh = [_vector(f) for f in fresh]
    pile = list(cat.full_deck())
    for vector in (*s.hand, *s.fresh):
        for t, n in enumerate(vector):
            pile[t] -= n
    s.pile = tuple(pile)
    on_map = {t for t, *_ in tiles}
    if stack is None:
        stack = [t.id for t in cat.tiles if t.id not in on_map]
    s.pool = sum(1 << cat.tile_by_id[t] for t in stack)
    s.setup_count = 8
    s.deal_step = 6
    s.turn = (turn if turn is not None else (3 if active == LIGHT else 4)) - 1
    s.last_change = s.turn
    s._start_turn()
    assert s.active == active, "turn number and active player disagree"
    s._legal = None
    s._auto()
    return s


def play(s: HellasState, *notations: str) -> HellasState:
    """Apply actions (checked) by notation, in order."""
    for text in notations:
        s.apply(GAME.parse_action(text))
    return s


def pass_turn(s: HellasState) -> HellasState:
    """Play out the active player's turn doing as little as possible (stop, done, end, or a Burst)."""
    p = s.active
    while s.active == p and not s.is_terminal():
        options = legal(s)
        for choice in ("stop", "done", "end", "pass", "burst"):
            if choice in options:
                play(s, choice)
                break
        else:
            play(s, options[0])
    return s


def legal(s: HellasState) -> list[str]:
    return [a.notation() for a in s.legal_actions()]


def force_tiles(s: HellasState, *tile_ids: str) -> None:
    """Make the next tiles drawn these, in order (the stack's top, as if an Oracle had arranged it)."""
    cat = s.cat
    top = tuple(cat.tile_by_id[t] for t in tile_ids)
    for t in top:
        s.pool &= ~(1 << t)
    s.top = top
    s.top_seen = (7,) * len(top)


def draw_tile(s: HellasState, tile_id: str) -> HellasState:
    """Resolve the pending tile draw with ``tile_id`` (it must be a legal outcome)."""
    return play(s, f"tile {tile_id}")


def random_playout(s: HellasState, seed: int = 0, steps: int = 10_000) -> HellasState:
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        else:
            options = s.legal_actions()
            s.apply(options[rng.randbelow(len(options))])
    return s


def phase_name(s: HellasState) -> str:
    return ph.NAMES[s.phase]


def expect_twin(s: HellasState, twin: str, offered: str) -> HellasState:
    """``twin`` (notation) is left out of the legal actions but stands for ``offered``: ``check`` and
    ``apply`` answer ``offered``, and ``s`` ends exactly as after ``offered`` (state, history and log)."""
    options = legal(s)
    assert twin not in options and offered in options, options
    action = GAME.parse_action(twin)
    expected = play(s.clone(log=True), offered)
    assert s.check(action).notation() == offered
    assert s.apply(action).notation() == offered
    assert (s.to_json(), s.history()) == (expected.to_json(), expected.history())
    assert [e.text for e in s.events] == [e.text for e in expected.events]
    return s
