"""Turning ``--seat`` specs into agents and display names for the command line."""

from __future__ import annotations

from hellenika.bots import make_agent
from hellenika.engine.agent import Agent
from hellenika.engine.errors import InvalidOption

HUMAN = "human"


def complete_seats(specs: list[str], players: int, default_rest: str) -> list[str]:
    """Pad or check the seat list: missing seats get ``default_rest``; too many is an error."""
    if len(specs) > players:
        raise InvalidOption(f"{len(specs)} --seat given for {players} player(s)")
    return [*specs, *([default_rest] * (players - len(specs)))]


def seat_names(specs: list[str], extra: list[str]) -> list[str]:
    """Display names: ``P1`` for a single human, else ``P1 greedy``...; automata (Hades) keep theirs.

    Not "You": every game's log speaks of players in the third person ("P1 was dealt...", "P1 holds 10
    cities"), and the boards already mark the viewer's own row "(you)"."""
    humans = [i for i, spec in enumerate(specs) if spec == HUMAN]
    names = []
    for i, spec in enumerate(specs):
        if spec == HUMAN and len(humans) == 1:
            names.append(f"P{i + 1}")
        else:
            names.append(f"P{i + 1} {spec}")
    return names + extra


def build_agents(specs: list[str], human_factory: object = None) -> list[Agent]:
    agents = []
    for spec in specs:
        if spec == HUMAN:
            if human_factory is None:
                raise InvalidOption("a human seat is only possible in 'hellenika play'")
            agents.append(human_factory())  # type: ignore[operator]
        else:
            agents.append(make_agent(spec))
    return agents
