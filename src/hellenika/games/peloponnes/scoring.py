"""Scoring (spec §8, §9): the lower of power points and population points, and the tie-breaks.

Power points: the tiles' printed PP, the hero's PP while red, and the coins (3 per PP; colonies 2 or 4;
the Market or Agora lets its owner count 2). Population points: inhabitants x 3 (colonies 2-4) plus one per
mercenary. Each cloverleaf adds 2 to either side, as its owner chooses at the end (before that, and for
Angelos always, the best split is assumed). The score is the lower side. Ties: the higher side, then luxury
goods, then the place is shared. Solo: Angelos wins ties (the player must score more).

Angelos scores 3 population points per inhabitant printed in the top right of his tiles, civilization and
hero, plus his population coins; and the PP of his tiles and red hero plus 1 PP per 3 coins printed there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def best_split(power: int, population: int, clovers: int, value: int) -> int:
    """How many cloverleaves to put on power: the highest lower side, then the highest higher side."""
    best, best_key = 0, None
    for k in range(clovers + 1):
        a, b = power + value * k, population + value * (clovers - k)
        key = (min(a, b), max(a, b))
        if best_key is None or key > best_key:
            best, best_key = k, key
    return best


def parts(s: PeloponnesState, p: int) -> tuple[dict[str, int], dict[str, int]]:
    """Power and population parts of a participant, cloverleaves aside."""
    cat = s.cat
    tiles = cat.tiles
    hero_pp = 0
    if s.hero[p] >= 0 and not s.flipped[p]:
        hero_pp = cat.heroes[s.hero[p]].pp
    if p == s.angelos:
        row = s.arow
        printed_coins = sum(tiles[t].gain_coins for t in row)
        printed_inh = sum(tiles[t].gain_inhabitants for t in row)
        if s.civ[p] >= 0:
            civ = cat.civilizations[s.civ[p]]
            printed_coins += civ.coins
            printed_inh += civ.inhabitants
        if s.hero[p] >= 0:
            hero = cat.heroes[s.hero[p]]
            printed_coins += hero.coins
            printed_inh += hero.inhabitants
        power = {"tiles": sum(tiles[t].pp for t in row), "hero": hero_pp, "coins": printed_coins // 3}
        population = {"inhabitants": 3 * max(0, printed_inh), "conflict coins": s.angelos_pop}
        return power, population
    owned = s.buildings[p] + s.lands[p]
    col = s.cols[p]
    per_pp = col.coins_per_pp
    if any(tiles[t].market for t in s.buildings[p]):
        per_pp = min(per_pp, s.g.market_coins_per_pp)
    power = {"tiles": sum(tiles[t].pp for t in owned), "hero": hero_pp, "coins": s.coins[p] // per_pp}
    population = {"inhabitants": s.inh[p] * col.inhabitant_points, "mercenaries": s.mercs[p]}
    return power, population


def _with_clovers(s: PeloponnesState, p: int, pp: int, pop: int) -> tuple[int, int, int]:
    """(power, population, cloverleaves on power) once the cloverleaves are split, as chosen or at best."""
    clovers = s.clovers[p]
    value = s.g.cloverleaf_value
    k = s.clover_power[p]
    if k < 0 or k > clovers:
        k = best_split(pp, pop, clovers, value)
    return pp + value * k, pop + value * (clovers - k), k


def final(s: PeloponnesState, p: int) -> tuple[int, int, int]:
    """(power, population, cloverleaves on power) with the chosen or the best split."""
    power, population = parts(s, p)
    return _with_clovers(s, p, sum(power.values()), sum(population.values()))


def totals(s: PeloponnesState) -> list[float]:
    out: list[float] = []
    for p in range(s.n):
        pp, pop, _ = final(s, p)
        out.append(float(min(pp, pop)))
    return out


def scored(s: PeloponnesState, p: int) -> tuple[tuple[int, int, int], dict[str, float]]:
    """:func:`final` and the participant's :func:`breakdown` row, from one computation of the parts."""
    power, population = parts(s, p)
    pp, pop, k = _with_clovers(s, p, sum(power.values()), sum(population.values()))
    value = s.g.cloverleaf_value
    clovers = s.clovers[p]
    row: dict[str, float] = {f"power: {key}": float(v) for key, v in power.items()}
    row["power: cloverleaves"] = float(value * k)
    row.update({f"population: {key}": float(v) for key, v in population.items()})
    row["population: cloverleaves"] = float(value * (clovers - k))
    row["higher side (not counted)"] = -float(max(pp, pop))
    return (pp, pop, k), row


_POWER = ("power: tiles", "power: hero", "power: coins", "power: cloverleaves")
_POPULATION = (
    "population: inhabitants",
    "population: mercenaries",
    "population: conflict coins",
    "population: cloverleaves",
)

#: The columns of a final score table, for the page's table and the board's alike (one list, so both group
#: them the same): ``keys`` are breakdown entries summed (none present: no value), ``field`` a participant
#: entry of the view, ``score`` the score itself. The breakdown's "higher side (not counted)" only makes the
#: parts add up to the score (the higher side is the power or population column): it is not a column.
SCORE_COLUMNS: tuple[dict[str, object], ...] = (
    {"group": "power points", "label": "tiles", "keys": ["power: tiles"]},
    {"group": "power points", "label": "hero", "keys": ["power: hero"]},
    {"group": "power points", "label": "coins", "keys": ["power: coins"]},
    {"group": "power points", "label": "♣", "title": "cloverleaves", "keys": ["power: cloverleaves"]},
    {"group": "power points", "label": "power", "keys": list(_POWER), "strong": True},
    {
        "group": "population points",
        "label": "inhab.",
        "title": "inhabitants",
        "keys": ["population: inhabitants"],
    },
    {
        "group": "population points",
        "label": "merc.",
        "title": "mercenaries (Angelos: conflict coins)",
        "keys": ["population: mercenaries", "population: conflict coins"],
    },
    {
        "group": "population points",
        "label": "♣",
        "title": "cloverleaves",
        "keys": ["population: cloverleaves"],
    },
    {
        "group": "population points",
        "label": "popul.",
        "title": "population",
        "keys": list(_POPULATION),
        "strong": True,
    },
    {"group": "", "label": "score", "title": "the lower of power and population points", "score": True},
    {
        "group": "ties",
        "label": "luxury",
        "title": "luxury goods: the second tie-break, after the higher side",
        "field": "luxury",
    },
)


def breakdown(s: PeloponnesState) -> list[dict[str, float]]:
    """Both sides by part, and the higher side taken off again, so the values add up to the score."""
    return [scored(s, p)[1] for p in range(s.n)]


def rank_keys(s: PeloponnesState) -> list[tuple[float, ...]]:
    keys: list[tuple[float, ...]] = []
    for p in range(s.n):
        pp, pop, _ = final(s, p)
        if s.angelos >= 0:
            keys.append((min(pp, pop), 1 if p == s.angelos else 0))
        else:
            keys.append((min(pp, pop), max(pp, pop), s.lux[p]))
    return keys
