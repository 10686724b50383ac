"""The log of a secret reads as one line for each reader (issue 22): the seat dealt a card reads "was dealt a
Zeus card (it is Storm)" in one line, the other seat and spectators "was dealt a Zeus card", and a finished
game's review (omniscient) reads the full lines once."""

from __future__ import annotations

from hellenika import games
from hellenika.engine.events import Event, everyone_but
from hellenika.engine.rng import Rng


def _dealt() -> object:
    state = games.get("hellas_delonge").new_state(2, {})
    rng = Rng(1)
    while state.current_player() < 0 and sum("was dealt" in e.text for e in state.events) < 12:
        state.apply(state.sample_chance(rng))
    return state


def test_a_dealt_card_is_one_line_for_each_reader() -> None:
    state = _dealt()
    names = ["Light", "Dark"]
    for seat in (0, 1):
        lines = [line for line in state.iter_log(names, seat) if "was dealt" in line]
        assert len(lines) == 6  # three cards each, one line a card
        own = [line for line in lines if line.startswith(names[seat])]
        other = [line for line in lines if not line.startswith(names[seat])]
        assert len(own) == 3 and all(" card (it is " in line and line.endswith(")") for line in own)
        assert len(other) == 3 and all(line.endswith(" card") for line in other)
        assert not any(line.startswith("(it is") for line in state.iter_log(names, seat))
    spectator = [line for line in state.iter_log(names, None) if "was dealt" in line]
    assert len(spectator) == 6 and all(line.endswith(" card") for line in spectator)
    review = [line for line in state.iter_log(names, omniscient=True) if "was dealt" in line]
    assert len(review) == 6 and all("(it is " in line for line in review)


def test_the_public_half_of_a_secret_is_for_everyone_but_its_owner() -> None:
    line = Event(0, "x", 0, everyone_but(0))
    assert line.is_public_half
    assert not line.visible_to(0) and line.visible_to(1) and line.visible_to(None)
    private = Event(0, "x (y)", 0, (0,))
    assert not private.is_public_half and private.visible_to(0) and not private.visible_to(None)
