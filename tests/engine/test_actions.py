"""Action values: notation and JSON round-trips, and clear errors for malformed input."""

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellenika.engine.actions import Action, ActionCodec
from hellenika.engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Move(Action):
    KIND = "move"
    piece: str
    to: int


@dataclass(frozen=True, slots=True)
class Pick(Action):
    KIND = "pick"
    cards: tuple[int, ...]
    note: str | None
    confirm: bool


@dataclass(frozen=True, slots=True)
class Pass(Action):
    KIND = "pass"


CODEC = ActionCodec([Move, Pick, Pass])


def test_notation_and_json_forms():
    action = Pick((3, 1), None, True)
    assert action.notation() == "pick 3,1 - yes"
    assert action.to_json() == {"kind": "pick", "cards": [3, 1], "note": None, "confirm": True}
    assert str(Pass()) == "pass"


@given(
    st.text(alphabet="abcdefXYZ-_0123456789", min_size=1, max_size=8).filter(lambda t: t != "-"),
    st.integers(-1000, 1000),
    st.lists(st.integers(0, 99), max_size=5),
    st.booleans(),
)
def test_round_trips(piece, to, cards, confirm):
    for action in (
        Move(piece, to),
        Pick(tuple(cards), piece, confirm),
        Pick(tuple(cards), None, confirm),
        Pass(),
    ):
        assert CODEC.parse(action.notation()) == action
        assert CODEC.from_json(action.to_json()) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "fly"}, "unknown action kind 'fly'"),
        ({"piece": "a"}, "unknown action kind None"),
        ({"kind": "move", "piece": "a"}, "needs field 'to'"),
        ({"kind": "move", "piece": "a", "to": "3"}, "field 'to': expected an integer"),
        ({"kind": "move", "piece": "a", "to": True}, "field 'to': expected an integer"),
        ({"kind": "move", "piece": "a", "to": 3, "x": 1}, "has no field(s) x"),
        ({"kind": "pick", "cards": 3, "note": None, "confirm": True}, "expected a list"),
        ("move", "must be a JSON object"),
    ],
)
def test_malformed_json_is_invalid(data, message):
    with pytest.raises(InvalidAction, match=message.replace("(", r"\(").replace(")", r"\)")):
        CODEC.from_json(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action notation"),
        ("jump 3", "unknown action kind 'jump'"),
        ("move a", "takes 2 argument"),
        ("move a b", "argument 'to'"),
        ("pick 1,x - yes", "argument 'cards'"),
        ("pick 1 - maybe", "expected yes or no"),
    ],
)
def test_malformed_notation_is_invalid(text, message):
    with pytest.raises(InvalidAction, match=message):
        CODEC.parse(text)


def test_kinds_must_be_unique():
    with pytest.raises(ValueError, match="repeated"):
        ActionCodec([Move, Move])
