"""A fixed integer numbering of every action a game can ever produce, for action masks and policy heads.

Every game interns its actions at start-up: its :class:`~hellenika.engine.game.Game` object holds tables such
as ``take_actions`` (one per Demigod deck of the catalogue) or ``deal_civ`` (one per seat and civilization),
built from the game's data files. The codec walks those tables and collects every :class:`Action` it finds,
adds the few families a game builds on demand (listed in :data:`_ON_DEMAND`, each derived from the game's
data: Hercules' dice rolls, Attika's hexes), and numbers them in a stable order: by the position of the
action's type in ``game.action_types``, then by the action's field values. Nothing is numbered by hand, and
the numbering changes only when the game's data or action types do.

Decisions and chance outcomes are numbered separately (OpenSpiel wants chance outcome ids below
``max_chance_outcomes``): the chance table holds the kinds listed in :data:`CHANCE_KINDS`; the decision table
holds every other kind, plus those in :data:`SHARED_KINDS` (an action type that is both a decision and a
setup draw, such as Hellas' quarry worker).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game

#: Action kinds that are chance outcomes, per game (the engine's own docstrings call them so).
CHANCE_KINDS: dict[str, frozenset[str]] = {
    "hercules": frozenset({"reveal", "god", "start", "roll"}),
    "hellas": frozenset({"open", "reveal", "start", "worker"}),
    "attika": frozenset({"boardtile", "turn", "first", "reveal", "card"}),
    "hellas_delonge": frozenset({"card", "tile", "steal", "peek"}),
    "peloponnes": frozenset({"civ", "hero", "colony", "reveal", "chit"}),
}
#: Chance kinds that are also decisions (Hellas: the worker's random start, then the players' moves).
SHARED_KINDS: dict[str, frozenset[str]] = {"hellas": frozenset({"worker"})}


class ActionTable:
    """A bijection between a fixed tuple of actions and ``range(len(actions))``."""

    __slots__ = ("_base_identity", "_distributions", "_pinned", "actions", "by_identity", "index")

    #: How many equal-but-not-interned action objects :meth:`encode_many` remembers before starting over.
    PIN_LIMIT = 1 << 16
    #: How many shared chance distributions :meth:`encode_outcomes` remembers before starting over.
    DISTRIBUTION_LIMIT = 1 << 12

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("an action table must not repeat an action")
        # Games hand out their interned action objects, which are the very objects of this table, so the hot
        # path looks them up by identity (an int hash) instead of hashing the dataclass's fields.
        self._base_identity: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        self.by_identity: dict[int, int] = dict(self._base_identity)
        # Objects an engine builds on demand and caches (Hercules' rolls) are equal to an entry but not the
        # same object: the first lookup by value adds their id. The objects are kept here so that an id stays
        # theirs while it is in ``by_identity`` (an id is reused only once its object is freed).
        self._pinned: list[Action] = []
        self._distributions: dict[int, tuple[Sequence[tuple[Action, float]], list[tuple[int, float]]]] = {}

    def encode_outcomes(self, outcomes: Sequence[tuple[Action, float]]) -> list[tuple[int, float]]:
        """A chance node's outcomes as (number, probability) pairs sorted by number (OpenSpiel's form, a new
        list). A tuple an engine shares between nodes (Hercules' rolls: one per participant and dice, up to
        216 outcomes) is encoded once and remembered by identity, with the tuple kept so its id stays its
        own; lists, which an engine may build anew, are encoded every time."""
        if type(outcomes) is not tuple:
            return self._sorted_outcomes(outcomes)
        found = self._distributions.get(id(outcomes))
        if found is None:
            if len(self._distributions) >= self.DISTRIBUTION_LIMIT:
                self._distributions.clear()
            found = self._distributions[id(outcomes)] = (outcomes, self._sorted_outcomes(outcomes))
        return list(found[1])

    def _sorted_outcomes(self, outcomes: Sequence[tuple[Action, float]]) -> list[tuple[int, float]]:
        numbers = self.encode_many([a for a, _ in outcomes])
        return sorted(zip(numbers, [p for _, p in outcomes], strict=True))

    def encode_many(self, actions: Sequence[Action]) -> list[int]:
        """The numbers of several actions (the legal ones of a step), the fast way."""
        try:
            return list(map(self.by_identity.__getitem__, map(id, actions)))
        except KeyError:  # an equal action that is not the interned object: look it up by value
            return [self._remember(a) for a in actions]

    def _remember(self, action: Action) -> int:
        number = self.by_identity.get(id(action))
        if number is not None:
            return number
        number = self.index[action]
        if len(self._pinned) >= self.PIN_LIMIT:  # an engine that builds new objects every time: start over
            self._pinned.clear()
            self.by_identity = dict(self._base_identity)
        self._pinned.append(action)
        self.by_identity[id(action)] = number
        return number

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise KeyError(f"action {action.notation()!r} is not in this table") from None

    def decode(self, number: int) -> Action:
        if not 0 <= number < len(self.actions):
            raise ValueError(f"action number {number} is outside 0..{len(self.actions) - 1}")
        return self.actions[number]


@dataclasses.dataclass(frozen=True)
class GameCodec:
    """The decision and chance tables of one game."""

    game: str
    decisions: ActionTable
    chance: ActionTable

    @property
    def num_actions(self) -> int:
        return len(self.decisions)

    @property
    def num_chance_outcomes(self) -> int:
        return len(self.chance)

    def encode(self, action: Action) -> int:
        return self.decisions.encode(action)

    def decode(self, number: int) -> Action:
        return self.decisions.decode(number)

    def encode_chance(self, action: Action) -> int:
        return self.chance.encode(action)

    def decode_chance(self, number: int) -> Action:
        return self.chance.decode(number)

    def kinds(self) -> dict[str, tuple[int, int, int]]:
        """Per kind: (table 0 = decisions / 1 = chance, first number, count), for the documentation."""
        out: dict[str, tuple[int, int, int]] = {}
        for which, table in enumerate((self.decisions, self.chance)):
            for i, action in enumerate(table.actions):
                key = action.KIND if which == 0 else f"{action.KIND} (chance)"
                first, count = out.get(key, (which, i, 0))[1:]
                out[key] = (which, first, count + 1)
        return out


# ---------------------------------------------------------------------- collecting the interned actions


def _walk(root: Any) -> Iterator[Action]:
    """Every Action reachable from ``root`` through containers and the game's own objects."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Action):
            yield obj
        elif isinstance(obj, dict):
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif type(obj).__module__.startswith("hellenika."):
            if hasattr(obj, "__dict__"):
                stack.extend(vars(obj).values())
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        stack.append(getattr(obj, name))


def _hercules_on_demand(game: Game) -> Iterable[Action]:
    """Every roll (a participant, seats and Hades, a set of die slots, their faces), every God card on
    every column of the layout, and every start player."""
    from hellenika.games.hercules.actions import WHITE_SLOT, ChooseStartPlayer, PlaceGod, Roll

    cat = game.catalogue  # type: ignore[attr-defined]
    for column in range(1, len(cat.gods) + 1):
        for card in cat.gods:
            yield PlaceGod(column, cat.cards[card].id)
    for seat in range(game.max_players):
        yield ChooseStartPlayer(seat)

    participants = game.max_players + 1  # Hades rolls too
    for who in range(participants):
        for size in range(1, WHITE_SLOT + 2):
            for slots in itertools.combinations(range(WHITE_SLOT + 1), size):
                for values in itertools.product(range(1, 7), repeat=size):
                    yield Roll(who, slots, values)


def attika_expansions(game: Game, players: int) -> int:
    """How many board tiles can be laid after the start layout of a ``players``-player game (spec §7).

    A tile is laid when a draw takes the **last** building of one of the drawing player's stacks, whichever
    stack it is: ``AttikaState._draw`` flags the expansion for the main stack as well as for the normal ones.
    Stacks are never refilled, so each empties (and triggers) at most once: a player can lay one tile per
    stack, the main stack plus the ``normal_stacks`` others (1 + 3 = 4, the spec's "each player can trigger at
    most 4 expansions"). The tiles left after the start layout cap the total (18/16/14 for 2/3/4 players):
    8 for 2 players (12 tiles on the map), 12 for 3 (18), 14 for 4 (all 22).
    """
    from hellenika.games.attika.catalogue import Catalogue

    cat: Catalogue = game.catalogue  # type: ignore[attr-defined]
    stacks = 1 + cat.constants.normal_stacks  # the main stack and the normal stacks (state.py ``stacks``)
    return min(len(cat.tiles) - len(cat.layouts[players].centres), stacks * players)


def attika_radius(game: Game) -> int:
    """How far from (0, 0) a hex of the Attika map can ever be, over every player count.

    The start layout fixes the first hexes and the shrines. A later board tile may go only where it overlaps
    nothing and touches the board or a shrine, so its centre lies at distance exactly 2 from a hex already
    blocked (``Board.tile_centres``) and its farthest hex at most 3 beyond that blocked hex: each tile pushes
    the map out by at most 3 (a straight chain of tiles does push it by 3). At most
    :func:`attika_expansions` tiles follow the layout, so the bound is the layout's farthest hex (shrines
    included) plus 3 per expansion: 7 + 3 x 8 = 31 for 2 players, 8 + 3 x 12 = 44 for 3 and
    8 + 3 x 14 = 50 for 4, hence 50.
    """
    from hellenika.games.attika.hexes import distance, footprint

    cat = game.catalogue  # type: ignore[attr-defined]
    radius = 0
    for players, layout in cat.layouts.items():
        hexes = [h for c in layout.centres for h in footprint(c)] + list(layout.shrines)
        far = max(distance(h, (0, 0)) for h in hexes)
        radius = max(radius, far + 3 * attika_expansions(game, players))
    return radius


def _attika_hexes(game: Game) -> Iterable[Action]:
    from hellenika.games.attika.actions import PlaceBuilding, PlaceTile

    radius = attika_radius(game)
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            yield PlaceBuilding(q, r)
            yield PlaceTile(q, r)


#: Families a game builds on demand rather than at start-up.
_ON_DEMAND: dict[str, Callable[[Game], Iterable[Action]]] = {
    "hercules": _hercules_on_demand,
    "attika": _attika_hexes,
}


def _sort_key(order: dict[type[Action], int]) -> Callable[[Action], tuple[Any, ...]]:
    def key(action: Action) -> tuple[Any, ...]:
        values = tuple(getattr(action, f.name) for f in dataclasses.fields(action))
        # None sorts first; mixed types never meet within one field.
        return (order[type(action)], tuple((v is not None, v if v is not None else 0) for v in values))

    return key


def build_codec(game: Game) -> GameCodec:
    """Collect, classify and number every action of ``game`` (see the module docstring)."""
    found = set(_walk(game))
    extra = _ON_DEMAND.get(game.name)
    if extra is not None:
        found.update(extra(game))
    found = {a for a in found if type(a) in game.action_type_set}
    order = {cls: i for i, cls in enumerate(game.action_types)}
    ordered = sorted(found, key=_sort_key(order))
    chance_kinds = CHANCE_KINDS.get(game.name, frozenset())
    shared = SHARED_KINDS.get(game.name, frozenset())
    decisions = [a for a in ordered if a.KIND not in chance_kinds or a.KIND in shared]
    chance = [a for a in ordered if a.KIND in chance_kinds]
    return GameCodec(game.name, ActionTable(decisions), ActionTable(chance))


@cache
def codec_for(name: str) -> GameCodec:
    """The codec of a registered game (built once per process)."""
    from hellenika import games

    return build_codec(games.get(name))
