"""The log tells a tile's statistics once, when it is revealed; later lines name it (issue 22)."""

from __future__ import annotations

import re

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng

STATS = re.compile(r"\((land|building), min \d+")


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"expansion": True}), (1, {"expansion": True})]
)
def test_tile_statistics_only_in_the_reveal(players: int, options: dict) -> None:
    state = games.get("peloponnes").new_state(players, options)
    bot = make_agent("random")
    rng = Rng(3)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(state.sample_chance(rng) if seat < 0 else bot.choose(Observation(state, seat), rng))
    lines = list(state.iter_log(omniscient=True))
    told = [line for line in lines if STATS.search(line)]
    assert told and all(line.startswith("Revealed for ") for line in told)
    named = re.compile(r" (bids \d+ coins? on|buys|conquers|takes) [A-Z][A-Za-z' ]+ [A-Z]\d\d( for| from|$)")
    assert any(named.search(line) for line in lines)
