"""Position builders for the Hercules rules tests: the one place that sets up game positions.

Two ways to reach a position, in order of preference:

1. **Play.** :func:`new_game` runs the real setup through its chance nodes with outcomes we choose
   (Demigod tops, the God layout, the start player, the solo white die), :func:`roll` applies the dice we
   want, :func:`act` applies decisions, :func:`play_round` and :func:`labours` play whole rounds.
2. **Edit.** Positions that would take long to reach by play ("cubes 2-10 gone", "stack 5 empty") are made
   with :func:`player` and :func:`board`. They change only the documented state fields, through the
   state's own JSON form (``to_json`` -> edit -> ``Game.state_from_json``), so derived values (card VP,
   symbol counts) are recomputed by the engine exactly as for a saved game. Tests then only call public
   methods on the result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from hellenika import games
from hellenika.engine import IllegalAction, State
from hellenika.games.hercules.actions import (
    ChooseStartPlayer,
    FinishRest,
    PerformLabour,
    PlaceGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeDemigod,
    UseAbility,
)

GAME = games.get("hercules")

DECKS = ("hestia", "pan", "aeolus", "hecate", "tyche", "morpheus")
DEFAULT_TOPS = {
    "hestia": "HES-01",  # PLUS1
    "pan": "PAN-01",  # WHITE
    "aeolus": "AEO-01",  # FLIP
    "hecate": "HEC-01",  # MINUS1
    "tyche": "TYC-01",  # die 1
    "morpheus": "MOR-01",  # die 4
}
# Columns 1..11. Hephaestus lies above column 6, as in the seed's Laura example.
GOD_LAYOUT = (
    "GOD-HER",
    "GOD-POS",
    "GOD-DEM",
    "GOD-ATH",
    "GOD-APO",
    "GOD-HEP",
    "GOD-ART",
    "GOD-ARE",
    "GOD-APH",
    "GOD-HRM",
    "GOD-DIO",
)
ALL_CUBES = sum(1 << c for c in range(1, 13))

# Dice and operation giving each Labour r (ops chosen so that several Demigod decks get used).
LABOUR_DICE: dict[int, tuple[tuple[int, int], str]] = {
    1: ((2, 2), "/"),
    2: ((3, 1), "-"),
    3: ((3, 1), "x"),
    4: ((2, 2), "+"),
    5: ((4, 1), "+"),
    6: ((3, 3), "+"),
    7: ((4, 3), "+"),
    8: ((4, 4), "+"),
    9: ((6, 3), "+"),
    10: ((5, 5), "+"),
    11: ((6, 5), "+"),
    12: ((6, 6), "+"),
}


# ---------------------------------------------------------------------------------------------- playing


def new_game(
    players: int = 2,
    *,
    variant: str = "standard",
    tops: Mapping[str, str] | None = None,
    gods: Sequence[str] = GOD_LAYOUT,
    start: int = 0,
    white: int = 3,
) -> State:
    """A game after setup, at the first Phase-1 roll (a chance node), with the chance outcomes we pick."""
    s = GAME.new_state(players, {"variant": variant})
    chosen = {**DEFAULT_TOPS, **(tops or {})}
    for deck in DECKS:
        s.apply(RevealDemigod(chosen[deck]))
    for column, god in enumerate(gods, start=1):
        s.apply(PlaceGod(column, god))
    if players == 1:
        s.apply(Roll(1, (2,), (white,)))  # solo: the white die's initial roll
    else:
        s.apply(ChooseStartPlayer(start))
    return s


def roll(s: State, *dice: Sequence[int]) -> State:
    """Phase 1: every participant in seat order rolls; ``dice[p]`` are their faces (Hades: one value)."""
    for p, faces in enumerate(dice):
        slots = (0,) if len(faces) == 1 else (0, 1)
        s.apply(Roll(p, slots, tuple(faces)))
    return s


def started(players: int = 2, dice: Sequence[Sequence[int]] | None = None, **kw: Any) -> State:
    """A game at the first decision of round 1, everyone's dice chosen (default (1, 1))."""
    s = new_game(players, **kw)
    n = 2 if players == 1 else players
    faces = list(dice or [])
    faces += [(1,) if players == 1 and p == 1 else (1, 1) for p in range(len(faces), n)]
    return roll(s, *faces)


def _pending_reveal(s: State) -> bool:
    if not s.is_chance_node():
        return False
    legal = s.legal_actions()
    return bool(legal) and isinstance(legal[0], RevealDemigod)


def settle(s: State) -> State:
    """Resolve pending Demigod reveals with the first outcome offered (deterministic)."""
    while _pending_reveal(s):
        s.apply(s.legal_actions()[0])
    return s


def act(s: State, *actions: Any) -> State:
    """Apply actions through the checked path. Reveals not given explicitly resolve to the first outcome."""
    for action in actions:
        if not isinstance(action, RevealDemigod):
            settle(s)
        s.apply(action)
    return settle(s)


def pass_turn(s: State) -> State:
    """A Rest that takes nothing back (the "pass" of spec §4.2)."""
    actor = s.current_player()
    s.apply(Rest())
    if s.current_player() == actor and FinishRest() in s.legal_actions():
        s.apply(FinishRest())
    return settle(s)


def finish_turn(s: State, actor: int) -> State:
    """Complete ``actor``'s open turn: choose the first eligible Demigod, or finish a Rest."""
    settle(s)
    while s.current_player() == actor:
        legal = s.legal_actions()
        if all(isinstance(a, TakeDemigod) for a in legal):
            s.apply(legal[0])
        elif FinishRest() in legal:
            s.apply(FinishRest())
        else:
            raise AssertionError(f"turn of seat {actor} is still open: {[str(a) for a in legal]}")
        settle(s)
    return s


def play_round(
    s: State, dice: Sequence[Sequence[int]], moves: Mapping[int, Sequence[Any]] | None = None
) -> State:
    """One round of a multi-player game: Phase 1 with ``dice``, then every seat's turn in Pegasus order.

    ``moves[seat]`` are that seat's actions (Rolls for abilities included); a seat without moves passes.
    """
    moves = moves or {}
    roll(s, *dice)
    for _ in range(s.num_players):
        actor = s.current_player()
        if actor < 0:
            break
        if actor in moves:
            act(s, *moves[actor])
            finish_turn(s, actor)
        else:
            pass_turn(s)
    return s


def labour_action(r: int) -> tuple[tuple[int, int], PerformLabour]:
    faces, op = LABOUR_DICE[r]
    return faces, PerformLabour(0, 1, op)


def labours(s: State, seat: int, results: Iterable[int]) -> State:
    """Play one round per Labour in ``results`` in which ``seat`` does that Labour and the others pass."""
    for r in results:
        faces, action = labour_action(r)
        dice = [faces if p == seat else (1, 1) for p in range(s.num_players)]
        play_round(s, dice, {seat: [action]})
    return s


# ---------------------------------------------------------------------------------------------- editing


def snapshot(s: State) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def edit(s: State, change: Callable[[dict[str, Any]], None]) -> State:
    """A copy of ``s`` whose JSON state went through ``change`` (history kept)."""
    data = json.loads(json.dumps(s.to_json()))
    change(data["state"])
    return GAME.state_from_json(data, log=True)


def cubes_mask(gone: Iterable[int] = ()) -> int:
    """Cube bitmask (bit c = cube still on column c) with the cubes of ``gone`` removed."""
    mask = ALL_CUBES
    for c in gone:
        mask &= ~(1 << c)
    return mask


def invariant_pos(mask: int) -> int:
    """Spec §2: the largest k such that the cubes on columns 1..k are all gone."""
    k = 0
    while k < 12 and not mask >> (k + 1) & 1:
        k += 1
    return k


def is_demigod(card: str) -> bool:
    return card[:3] in ("HES", "PAN", "AEO", "HEC", "TYC", "MOR")


def _remove_from_board(st: dict[str, Any], card: str) -> None:
    """Take ``card`` off the table (stacks, God columns, column 12), keeping each stack's top filled."""
    for d, top in enumerate(st["tops"]):
        if top == card:
            rest = st["rests"][d]
            st["tops"][d] = rest.pop(0) if rest else None
        elif card in st["rests"][d]:
            st["rests"][d].remove(card)
    st["gods"] = [None if g == card else g for g in st["gods"]]
    st["column12"] = [c for c in st["column12"] if c != card]
    st["vases"] = [[c for c in stack if c != card] for stack in st["vases"]]


def player(
    s: State,
    p: int,
    *,
    gone: Iterable[int] | None = None,
    pos: int | None = None,
    supply: int | None = None,
    owned: Sequence[str] | None = None,
    spent: Sequence[str] | None = None,
    dice: Sequence[int] | None = None,
) -> State:
    """Edit participant ``p``: Labours done (``gone``; the Apprentice follows the §2 invariant unless
    ``pos`` is given), cubes in supply, owned cards (taken off the table), used cards, dice faces.

    Without an explicit ``supply``, the cubes taken off the board (``gone``) are in the supply, less one per
    used Demigod card (its cube sits on the card), so that board + supply + cards = 12 as in play.
    """

    def change(st: dict[str, Any]) -> None:
        if gone is not None:
            mask = cubes_mask(gone)
            st["cubes"][p] = mask
            st["pos"][p] = invariant_pos(mask) if pos is None else pos
        elif pos is not None:
            st["pos"][p] = pos
        if owned is not None:
            for card in owned:
                _remove_from_board(st, card)
            st["owned"][p] = list(owned)
        if spent is not None:
            st["spent"][p] = list(spent)
        if supply is not None:
            st["supply"][p] = supply
        elif gone is not None:
            taken = 12 - bin(st["cubes"][p]).count("1")
            on_cards = sum(1 for c in st["spent"][p] if is_demigod(c))
            st["supply"][p] = max(0, taken - on_cards)
        if dice is not None:
            st["dice"][p] = list(dice)

    return edit(s, change)


def board(
    s: State,
    *,
    gods: Mapping[int, str | None] | None = None,
    tops: Mapping[str, str | None] | None = None,
    rests: Mapping[str, Sequence[str]] | None = None,
    vases: Mapping[int, Sequence[str]] | None = None,
    column12: Sequence[str] | None = None,
    white: int | None = None,
) -> State:
    """Edit the shared table: God columns, Demigod tops (None = stack exhausted) and the cards under them
    (``rests``), Vase stacks by spaces (top first), the column-12 stack, the white die's face."""

    def change(st: dict[str, Any]) -> None:
        if gods is not None:
            for column, god in gods.items():
                st["gods"][column] = god
        if tops is not None:
            for deck, card in tops.items():
                d = DECKS.index(deck)
                old = st["tops"][d]
                if card is None:
                    st["tops"][d] = None
                    st["rests"][d] = []
                    continue
                if card in st["rests"][d]:
                    st["rests"][d].remove(card)
                if old is not None and old != card:
                    st["rests"][d].append(old)
                st["tops"][d] = card
        if rests is not None:
            for deck, cards in rests.items():
                st["rests"][DECKS.index(deck)] = list(cards)
        if vases is not None:
            for spaces, stack in vases.items():
                st["vases"][spaces - 3] = list(stack)
        if column12 is not None:
            st["column12"] = list(column12)
        if white is not None:
            st["white"] = white

    return edit(s, change)


# ---------------------------------------------------------------------------------------------- reading


def state_of(s: State) -> dict[str, Any]:
    """The documented state fields, by card id (the state's own JSON form)."""
    return s.to_json()["state"]


def owned(s: State, p: int) -> list[str]:
    return state_of(s)["owned"][p]


def spent(s: State, p: int) -> list[str]:
    return state_of(s)["spent"][p]


def labour_results(s: State) -> set[tuple[int, str]]:
    """(result, op) of every legal Labour, computed from the dice the state shows."""
    st = state_of(s)
    p = s.current_player()
    faces = [*st["dice"][p], st["white"]]
    out = set()
    for a in s.legal_actions():
        if isinstance(a, PerformLabour):
            hi, lo = sorted((faces[a.die_a], faces[a.die_b]), reverse=True)
            value = {"+": hi + lo, "-": hi - lo, "x": hi * lo, "/": hi // lo}[a.op]
            out.add((value, a.op))
    return out


def uses(s: State) -> list[UseAbility]:
    return [a for a in s.legal_actions() if isinstance(a, UseAbility)]


def expect_illegal(
    s: State, action: Any, rule: str, *fragments: str, seat: int | None = None
) -> IllegalAction:
    """``action`` is rejected naming ``rule`` (and the message contains ``fragments``); ``s`` is unchanged."""
    before = snapshot(s)
    version = s.version
    try:
        s.apply(action, seat)
    except IllegalAction as exc:
        assert exc.rule == rule, f"expected rule {rule!r}, got {exc.rule!r}: {exc}"
        for fragment in fragments:
            assert fragment in str(exc), f"{fragment!r} not in {exc}"
        assert snapshot(s) == before
        assert s.version == version
        return exc
    raise AssertionError(f"{action} was accepted; expected {rule}")


def expect_twin(s: State, twin: Any, offered: Any) -> State:
    """``twin`` is not offered but stands for ``offered``: ``check`` answers ``offered``, and applying
    ``twin`` leaves the state, history and log exactly as applying ``offered`` does (``s`` is then that)."""
    legal = s.legal_actions()
    assert twin not in legal and offered in legal, f"{twin} should be left out and {offered} offered"
    before = snapshot(s)
    assert s.check(twin) == offered
    assert snapshot(s) == before
    expected = s.clone(log=True)
    expected.apply(offered)
    assert s.apply(twin) == offered
    assert s.to_json() == expected.to_json()
    assert s.history() == expected.history() and s.history()[-1] == offered
    assert [e.text for e in s.events] == [e.text for e in expected.events]
    return s
