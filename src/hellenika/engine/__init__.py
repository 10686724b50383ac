"""The game-agnostic core: the contract every game, bot, interface and adapter uses.

See docs/ARCHITECTURE.md for the design. The names below are the public API.
"""

from hellenika.engine.actions import Action, ActionCodec
from hellenika.engine.agent import Agent, Observation
from hellenika.engine.errors import (
    GameOver,
    HellenikaError,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    NotYourTurn,
    RecordError,
    UnknownGame,
)
from hellenika.engine.events import Event, render_names, who
from hellenika.engine.game import Game
from hellenika.engine.match import MatchResult, MatchRunner, first_decider, play_match
from hellenika.engine.options import OptionSpec, validate_options
from hellenika.engine.record import Record
from hellenika.engine.registry import Registry
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "Agent",
    "Event",
    "Game",
    "GameOver",
    "HellenikaError",
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "MatchResult",
    "MatchRunner",
    "NotYourTurn",
    "Observation",
    "OptionSpec",
    "Record",
    "RecordError",
    "Registry",
    "Rng",
    "State",
    "UnknownGame",
    "first_decider",
    "play_match",
    "render_names",
    "validate_options",
    "who",
]
