"""Balance reports for designers (``hellenika balance``): seat order, scores, length, and components.

Games. The chosen bots sit in seat order (``heuristic,random`` with 4 players: heuristic, random,
heuristic, random) and every line-up is played in each of its distinct seat rotations on the same seed, so
the deal is the same and only the seats change; with one bot in every seat each game has its own seed.
Game *i*'s seed comes from the run's seed and *i* (:func:`~hellenika.bots.batch.game_seed`), so the report is
the same with ``--workers`` or ``--cluster``.

Seat order. Win rate (a shared first place counts as a fraction) by seat and by position in the first
round's turn order (the seat that made the game's first decision is position 1), with 95% Wilson intervals;
the first-seat advantage is position 1's rate over an equal share.

Components, found without any hook in the games: from what every game already exposes,

- **held**: the final state's spectator view (``state.view(None)``, what anyone may see at the end). In each
  participant's entry (the view's ``participants`` or ``players`` list) every nested dict with a string
  ``id`` is a component (its kind: the dict's ``kind``, else the field that holds it: Hercules' cards,
  Peloponnes' buildings and lands), and so is every top-level string field or list of strings (Peloponnes'
  civilization, hero, colony); elsewhere in the view, a dict with an integer ``owner`` gives its string
  fields to that owner (Attika's buildings on the board, Hellas' pieces, Hellas (Delonge)'s city tiles).
  Display fields (:data:`NOT_COMPONENTS`: name, colour, tile edges...) are skipped.
- **chose**: the record's decisions. A decision with string fields is one component per distinct text
  (``use HES-03``: a card's ability used; ``play ZEUS-2``: a god card played; ``bid A05``: a tile bid on),
  numbers and yes/no fields left out (they are positions and amounts, not components).

A seat "took" a component in a game if it held it at the end or chose it at least once. For each component:
how many seat-games took it, and the mean place (1 = first) of the seats that took it against those that
did not, each with a 95% interval (normal approximation), and the difference with Welch's interval. What
such numbers cannot show is in :data:`CAVEATS`.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from hellenika.bots.batch import Z95, GameSpec, game_seed, play_game, wilson
from hellenika.engine.actions import Action

#: Fields of a view that describe a thing rather than name one of the game's components.
NOT_COMPONENTS = frozenset(
    {"name", "colour", "color", "edges", "symbol", "title", "text", "effect", "timing", "kind", "id"}
)
#: Components shown in the plot (the table has all): the largest differences in mean place among those
#: with at least MIN_GROUP seat-games on each side.
PLOT_COMPONENTS = 24
MIN_GROUP = 5

CAVEATS = (
    "These are correlations in bot games, not effects. A component's takers differ from its non-takers in "
    "more than the component: the bots take what their position makes attractive, so a component that a "
    "leading player can afford or is offered late (selection) looks strong because leaders take it, and one "
    "taken in desperation looks weak; seat, bot and deal influence both the taking and the place "
    "(confounding); several components come together (a strategy), and the observations in one game are "
    "not independent (one seat's better place is another's worse). The intervals cover sampling noise "
    "only, and with many components some differ by chance (about 1 in 20 at 95%). Stronger or different "
    "bots may value components differently. Use a large difference as a question for a controlled test "
    "(force or forbid the component, same seeds), not as an answer."
)


def parse_bots(values: Iterable[str]) -> list[str]:
    """``--bots heuristic,ismcts:iterations=500,horizon=8,random`` -> the three specs.

    A bot's parameters are written with commas too, so a piece with ``=`` and no ``:`` continues the spec
    before it."""
    specs: list[str] = []
    for value in values:
        for piece in (p.strip() for p in value.split(",")):
            if not piece:
                continue
            if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    return specs


def balance_specs(
    game: str,
    players: int,
    bots: Sequence[str],
    options: tuple[tuple[str, Any], ...],
    seed: int,
    count: int,
) -> list[GameSpec]:
    """Game i: the line-up's ``i % k``-th distinct seat rotation (k rotations), on seed ``i // k``."""
    base = tuple(bots[s % len(bots)] for s in range(players))
    rotations: list[tuple[str, ...]] = []
    for shift in range(players):
        rotation = base[shift:] + base[:shift]
        if rotation not in rotations:
            rotations.append(rotation)
    k = len(rotations)
    return [GameSpec(game, players, rotations[i % k], options, game_seed(seed, i // k)) for i in range(count)]


def play_balance(spec: GameSpec, index: int) -> dict[str, Any]:
    """One game for the report (a batch task): the batch summary, without its CPU time (so the report is
    the same on every machine), and each participant's components."""
    chosen: list[set[str]] = [set() for _ in range(spec.players)]

    def watch(seat: int, action: Action) -> None:
        texts = [v for f, v in _fields(action) if isinstance(v, str) and f not in NOT_COMPONENTS]
        if texts:
            chosen[seat].add(f"chose:{action.KIND} {' '.join(texts)}")

    state, summary = play_game(spec, index, watch)
    del summary["cpu_seconds"]
    held, labels = held_components(state.view(None), state.num_participants)
    components = [sorted(held[p] | (chosen[p] if p < spec.players else set())) for p in range(len(held))]
    summary["components"] = components
    summary["labels"] = {k: labels[k] for k in sorted(labels)}
    return summary


def _fields(action: Action) -> list[tuple[str, Any]]:
    data = action.to_json()
    return [(k, v) for k, v in data.items() if k != "kind" and not isinstance(v, bool)]


def held_components(view: dict[str, Any], participants: int) -> tuple[list[set[str]], dict[str, str]]:
    """Each participant's components in a final spectator view (see the module's docstring), and the
    printed names of those that have one."""
    held: list[set[str]] = [set() for _ in range(participants)]
    labels: dict[str, str] = {}
    entries: list[Any] = []
    entries_key = None
    for key in ("participants", "players"):
        value = view.get(key)
        if isinstance(value, list) and value and all(isinstance(e, dict) for e in value):
            entries, entries_key = value, key
            break
    for p, entry in enumerate(entries[:participants]):
        for field, value in entry.items():
            if field in NOT_COMPONENTS:
                continue
            if isinstance(value, str):
                held[p].add(f"held:{field} {value}")
            elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                held[p].update(f"held:{field} {v}" for v in value)
            else:
                _identified(value, field, held[p], labels)
    _owned({k: v for k, v in view.items() if k != entries_key}, held, labels)
    return held, labels


def _identified(value: Any, field: str, into: set[str], labels: dict[str, str]) -> None:
    """Every dict with a string ``id`` inside ``value`` (not inside another such dict)."""
    if isinstance(value, dict):
        ident = value.get("id")
        if isinstance(ident, str):
            kind = value.get("kind")
            key = f"held:{kind if isinstance(kind, str) else field} {ident}"
            into.add(key)
            name = value.get("name")
            if isinstance(name, str) and name != ident:
                labels[key] = name
            return
        for k, v in value.items():
            _identified(v, k, into, labels)
    elif isinstance(value, list):
        for v in value:
            _identified(v, field, into, labels)


def _owned(value: Any, held: list[set[str]], labels: dict[str, str]) -> None:
    """Dicts with an integer ``owner`` anywhere in ``value``: their string fields, for that owner."""
    if isinstance(value, dict):
        owner = value.get("owner")
        if isinstance(owner, int) and not isinstance(owner, bool) and 0 <= owner < len(held):
            for field, v in value.items():
                if isinstance(v, str) and field not in NOT_COMPONENTS:
                    held[owner].add(f"held:{field} {v}")
            return
        for v in value.values():
            _owned(v, held, labels)
    elif isinstance(value, list):
        for v in value:
            _owned(v, held, labels)


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation and the 95% interval of the mean (normal approximation; none below 2)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "ci95": None}
    mean = sum(values) / n
    if n < 2:
        return {"n": n, "mean": mean, "sd": None, "ci95": None}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half]}


def interval_from_sums(n: int, total: int, squares: int) -> dict[str, Any]:
    """:func:`mean_interval` of n integers from their sum and the sum of their squares (exact until the
    last division, so the same whatever order the values came in)."""
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "ci95": None}
    mean = total / n
    if n < 2:
        return {"n": n, "mean": mean, "sd": None, "ci95": None}
    sd = math.sqrt(max(n * squares - total * total, 0) / (n * (n - 1)))
    half = Z95 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half]}


class Slimmer:
    """Applied to each game's result as it arrives: its component names move into one shared table and
    its keys are interned, so a run of a few hundred thousand games keeps one copy of each string."""

    def __init__(self) -> None:
        self.labels: dict[str, str] = {}

    def __call__(self, result: dict[str, Any]) -> dict[str, Any]:
        self.labels.update(result.pop("labels", {}))
        result["components"] = [tuple(sys.intern(k) for k in keys) for keys in result["components"]]
        return result


def _difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """a's mean minus b's, with Welch's 95% interval (normal approximation)."""
    if a["sd"] is None or b["sd"] is None:
        return None
    diff = a["mean"] - b["mean"]
    half = Z95 * math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
    return {"value": diff, "ci95": [diff - half, diff + half]}


def _histogram(values: Iterable[float]) -> list[list[float]]:
    """Exact counts as ``[[value, count], ...]`` by value (compact in the JSON, enough for any plot)."""
    return [[v, c] for v, c in sorted(Counter(values).items())]


def _rate(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [low, high]}


def summarise(
    specs: Sequence[GameSpec],
    bots: Sequence[str],
    base_seed: int,
    results: Sequence[dict[str, Any]],
    participant_names: Sequence[str],
    known_labels: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The report's JSON from the per-game results (any order: they are taken by index); ``known_labels``:
    component names that :class:`Slimmer` took out of the results."""
    first_spec = specs[0]
    players = first_spec.players
    count = len(participant_names)
    ordered = sorted(results, key=lambda r: r["index"])
    n = len(ordered)
    seat_wins = [0.0] * count
    seat_scores: list[list[float]] = [[] for _ in range(count)]
    seat_places: list[list[float]] = [[] for _ in range(count)]
    position_wins = [0.0] * players
    position_games = [0] * players
    bot_wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    bot_games: dict[str, int] = dict.fromkeys(bots, 0)
    bot_places: dict[str, list[float]] = {b: [] for b in bots}
    # Per component, over the seat-games that took it: how many, and the sum of places and of squared
    # places. Places are integers, so these sums are exact in any order, and the others' follow from the
    # totals: memory grows with the components, not with the games.
    taken: dict[str, list[int]] = {}
    totals = [0, 0, 0]
    games_with: Counter[str] = Counter()
    labels: dict[str, str] = dict(known_labels or {})
    for r in ordered:
        places = r["places"]
        firsts = [p for p, place in enumerate(places) if place == 1]
        for p in range(count):
            seat_wins[p] += 1 / len(firsts) if p in firsts else 0.0
            seat_scores[p].append(r["scores"][p])
            seat_places[p].append(places[p])
        for seat, bot in enumerate(r["seats"]):
            bot_wins[bot] += 1 / len(firsts) if seat in firsts else 0.0
            bot_games[bot] += 1
            bot_places[bot].append(places[seat])
        if r["first"] is not None and players > 1:
            for seat in range(players):
                position = (seat - r["first"]) % players
                position_games[position] += 1
                position_wins[position] += 1 / len(firsts) if seat in firsts else 0.0
        labels.update(r.get("labels", {}))
        for seat in range(players):
            place = places[seat]
            totals[0] += 1
            totals[1] += place
            totals[2] += place * place
            for key in r["components"][seat]:
                sums = taken.setdefault(key, [0, 0, 0])
                sums[0] += 1
                sums[1] += place
                sums[2] += place * place
        games_with.update({key for seat in range(players) for key in r["components"][seat]})
    total = totals[0]
    components = []
    for key in sorted(taken):
        sums = taken[key]
        source, _, name = key.partition(":")
        took = interval_from_sums(*sums)
        rest = interval_from_sums(*(t - x for t, x in zip(totals, sums, strict=True)))
        components.append(
            {
                "component": name,
                "source": source,
                "label": labels.get(key),
                "games_with": games_with[key],
                "seat_games": sums[0],
                "take_rate": sums[0] / total if total else 0.0,
                "takers_place": took,
                "others_place": rest,
                "difference": _difference(took, rest),
            }
        )
    fair = 1 / count if count else 0.0
    seats = []
    for p, name in enumerate(participant_names):
        seats.append(
            {
                "participant": name,
                "seat": p + 1 if p < players else None,
                **_rate(seat_wins[p], n),
                "score": mean_interval(seat_scores[p]),
                "place": mean_interval(seat_places[p]),
            }
        )
    turn_order = [{"position": i + 1, **_rate(position_wins[i], position_games[i])} for i in range(players)]
    if players > 1 and position_games[0]:
        first = turn_order[0]
        first_seat = {
            "win_rate": first["win_rate"],
            "ci95": first["ci95"],
            "fair_share": fair,
            "advantage": first["win_rate"] - fair,
        }
    else:
        first_seat = None
    lengths = [r["actions"] for r in ordered]
    decisions = [r["decisions"] for r in ordered]
    return {
        "game": first_spec.game,
        "players": players,
        "options": dict(first_spec.options),
        "bots": list(bots),
        "seed": base_seed,
        "games": n,
        "seats": seats,
        "turn_order": turn_order if players > 1 else [],
        "first_seat": first_seat,
        "by_bot": [
            {"bot": b, **_rate(bot_wins[b], bot_games[b]), "place": mean_interval(bot_places[b])}
            for b in bots
        ],
        "scores": {"by_participant": [_histogram(scores) for scores in seat_scores]},
        "length": {
            "actions": {**mean_interval(lengths), "histogram": _histogram(lengths)},
            "decisions": {**mean_interval(decisions), "histogram": _histogram(decisions)},
        },
        "components": components,
        "component_sources": (
            "held: in the final spectator view, the participant's entry (dicts with an id, string fields) "
            "and dicts elsewhere with its number as owner; chose: the string fields of its decisions in the "
            "record. Taken = held at the end or chosen at least once."
        ),
        "caveats": CAVEATS,
    }


def notable(components: Sequence[dict[str, Any]], limit: int = PLOT_COMPONENTS) -> list[dict[str, Any]]:
    """The components with the largest difference in mean place, among those with enough on each side."""
    eligible = [
        c
        for c in components
        if c["difference"] is not None
        and c["takers_place"]["n"] >= MIN_GROUP
        and c["others_place"]["n"] >= MIN_GROUP
    ]
    eligible.sort(key=lambda c: (-abs(c["difference"]["value"]), c["source"], c["component"]))
    return eligible[:limit]
