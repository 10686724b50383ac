"""The end of a round and of the game (spec §4 "End of round 8", §8).

After round 8's income the end is near: its disaster chits are still drawn, then the final supply round
(with the last internal conflict), then every player with cloverleaves assigns them to power or population,
and the game is scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def end_round(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    if s.round < s.g.rounds:
        s.tasks.append((step.ROUND, s.round + 1))
        return
    if s._events is not None:
        s.log("The eighth round is over: the final supply round")
    s.tasks.extend(((step.FINISHED,), (step.GAME_END,), (step.SUPPLY,)))


def game_end(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    if s.exp:
        s.tasks.extend((step.CLOVERS, p) for p in reversed(s.order) if s.clovers[p] > 0)


def clovers_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    p = task[1]
    return s.g.clovers_upto(s.clovers[p])


def best_clovers(s: PeloponnesState, p: int) -> int:
    """The "best assignment" helper: the split with the highest score (then the higher other side)."""
    power, population = scoring.parts(s, p)
    return scoring.best_split(
        sum(power.values()), sum(population.values()), s.clovers[p], s.g.cloverleaf_value
    )


def apply_clovers(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p = task[1]
    s.tasks.pop()
    k = action.power  # type: ignore[attr-defined]
    s.clover_power[p] = k
    if s._events is not None:
        rest = s.clovers[p] - k
        s.log(f"{who(p)} puts {plural(k, 'cloverleaf', 'cloverleaves')} on power and {rest} on population", p)


def finished(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    a = s.angelos
    if a >= 0:
        s.clover_power[a] = best_clovers(s, a)
    if s._events is not None:
        for p in range(s.n):
            pp, pop, _ = scoring.final(s, p)
            s.log(f"{who(p)}: {pp} power points, {pop} population points: scores {min(pp, pop)}", p)
        places = s.ranking()
        winners = [p for p in range(s.n) if places[p] == 1]
        s.log("Winner: " + " and ".join(who(p) for p in winners))
