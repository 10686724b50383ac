"""Every Hellenika game as an OpenSpiel game, registered with ``pyspiel.register_game`` on import.

Names and parameters: one registration per game, ``python_hellenika_<game>`` (``python_hellenika_hercules``,
``python_hellenika_hellas``, ``python_hellenika_attika``, ``python_hellenika_hellas_delonge``,
``python_hellenika_peloponnes``). OpenSpiel game parameters choose the player count and the game's options,
which one name per count could not (Peloponnes alone has 23 configurations)::

    import hellenika.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_hellenika_peloponnes", {"players": 3, "expansion": True})

Parameters: ``players`` (default 2 where the game allows it), every option of the game under its own name and
with its own default (``hellenika options``), ``max_length`` (see below) and ``checked``.

- **Checked actions** (``checked=True``, the default): ``apply_action`` refuses a number that is not legal
  at this node (a decision not in ``legal_actions()``, a chance outcome not in ``chance_outcomes()``, anything
  on a terminal state) with ``pyspiel.SpielError`` in OpenSpiel's own words (``Current player 0 calling
  ApplyAction with illegal action (1234): build WELL; legal here: draw 0, ...``), and the state, its
  history included, is left as it was. ``checked=False`` skips the look-up for speed (the engine's unchecked
  path: an illegal number then corrupts the game or fails somewhere deeper); use it only with a
  correct mask.

- **Factored actions** (``factored=True``; default ``False``, the flat codec): a decision is taken as a short
  sequence of tokens, its kind and then each field (:mod:`hellenika.rl.factored`), so
  ``num_distinct_actions`` is a hundred to a few hundred (Attika: 240 instead of 15,344) and a decision takes
  one to four OpenSpiel actions by the same seat (forced tokens are taken automatically). The tokens chosen
  so far are part of the mover's observation (a ``choosing`` block in tensors, a ``choosing:`` line in
  strings) and of nobody else's; ``max_game_length`` is ``max_length`` times the longest token sequence,
  and ``max_length`` still counts engine actions.
- **GameType**: sequential; explicit stochastic chance (every die, draw and deal is a chance node whose
  outcomes and probabilities come from the engine's ``chance_outcomes()``); imperfect information for the
  games whose states hold secrets (those that resample them in ``determinize``: Attika, Hellas Delonge),
  perfect information for the others (their secrets are drawn lazily as chance); general-sum; terminal
  rewards only.
- **GameInfo**: ``num_distinct_actions`` and ``max_chance_outcomes`` are the sizes of the game's decision and
  chance tables in :mod:`hellenika.rl.codec` (chance outcome ids are their numbers in the chance table, so
  every id is below ``max_chance_outcomes``); utilities are ``state.returns()``, in [-1, 1].
- **max_game_length**: OpenSpiel needs a bound and none of these games has a short proven one (Hellas
  Delonge with ``stall=0`` has none at all), so the adapter enforces one: after ``max_length`` actions
  (decisions and chance outcomes together) the game stops and is scored from the current ranking, as the
  engine scores a finished game. The defaults (:data:`DEFAULT_MAX_LENGTH`) are several times the longest
  random game we measured, so an untruncated game is the rule (see ``docs/rl.md``).
- **Observations** come from an observer built on views: the observation (``perfect_recall=False``) is the
  seat's view (the spectator's for ``private_info=NONE``) as canonical JSON for strings and the game's
  laid-out vector (:mod:`hellenika.rl.layout`) for tensors, its blocks named in the observer's ``dict``; the
  information state (``perfect_recall=True``) adds the seat's own past decisions, the only part of its history
  a view does not already summarise: listed in the string, counted per action number in the tensor's
  ``own_decisions`` block.
- **Serialisation**: ``serialize()`` is the engine's own state JSON (``State.to_json``, history included)
  plus the adapter's bookkeeping; ``game.deserialize_state`` restores it with ``Game.state_from_json``.
"""

from __future__ import annotations

import bisect
import json
import math
from typing import Any

import numpy as np
import pyspiel

from hellenika import games
from hellenika.engine.game import Game
from hellenika.engine.results import pairwise_utilities
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.rl.codec import GameCodec, codec_for
from hellenika.rl.factored import FactoredCodec, factored_codec
from hellenika.rl.layout import Encoder, encode_state, encoder_of
from hellenika.rl.pettingzoo import default_players

PREFIX = "python_hellenika_"
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: The adapter's safety cap on actions per game (decisions and chance), per game.
DEFAULT_MAX_LENGTH: dict[str, int] = {
    "hercules": 5000,
    "hellas": 1000,
    "attika": 5000,
    "hellas_delonge": 10000,
    "peloponnes": 2000,
}


def short_name(game: str) -> str:
    return PREFIX + game


def has_hidden_information(game: Game) -> bool:
    """A game whose states keep secrets resamples them in ``determinize``; the others draw them as chance."""
    state = game.new_state(game.configurations()[0][0], game.configurations()[0][1], log=False)
    return type(state).determinize is not State.determinize


def _game_type(game: Game) -> pyspiel.GameType:
    low = min(p for p, _ in game.configurations())
    high = max(p for p, _ in game.configurations())
    params: dict[str, Any] = {
        "players": default_players(game),
        "max_length": DEFAULT_MAX_LENGTH[game.name],
        "checked": True,
        "factored": False,
    }
    for spec in game.option_specs:
        params[spec.name] = spec.default
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Hellenika {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if has_hidden_information(game) else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class HellenikaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One Hellenika game with a player count and options, as OpenSpiel sees it."""

    engine: Game
    codec: GameCodec
    ENGINE_NAME: str  # set by register_all on each game's subclass
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine = games.get(self.ENGINE_NAME)
        players = int(params.get("players", default_players(engine)))
        options = {spec.name: params[spec.name] for spec in engine.option_specs if spec.name in params}
        self.options = engine.validate(players, options)
        self.max_length = int(params.get("max_length", DEFAULT_MAX_LENGTH[engine.name]))
        self.checked = bool(params.get("checked", True))
        self.factored: FactoredCodec | None = factored_codec(engine.name) if params.get("factored") else None
        codec = codec_for(engine.name)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.factored.num_tokens if self.factored else codec.num_actions,
            max_chance_outcomes=codec.num_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            # the cap counts engine actions; a factored decision takes up to max_steps OpenSpiel actions
            max_game_length=self.max_length * (self.factored.max_steps if self.factored else 1),
        )
        super().__init__(self.GAME_TYPE, info, params)
        self.engine = engine
        self.codec = codec
        self.players = players

    def new_initial_state(self) -> HellenikaSpielState:
        state = HellenikaSpielState(self, self.engine.new_state(self.players, self.options, log=False))
        state._box.factored = self.factored
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def deserialize_state(self, text: str) -> HellenikaSpielState:
        """Restore :meth:`HellenikaSpielState.serialize`: the engine state from its own JSON.

        The OpenSpiel history is replayed too (OpenSpiel's C++ side keeps it and who moved at each step),
        and the replayed engine state must match the saved one, digest for digest.
        """
        data = json.loads(text)
        saved = self.engine.state_from_json(data["engine"], log=False)
        state = self.new_initial_state()
        for action in data["openspiel_history"]:
            state.apply_action(action)
        if state.engine.digest() != saved.digest():
            raise ValueError("the serialised OpenSpiel history does not lead to the serialised engine state")
        state._box.engine = saved
        state._box.views = {}
        state._box.vectors = {}
        state._box.own = [[int(n) for n in x] for x in data["own"]]
        state._box.prefix = [int(n) for n in data.get("prefix", [])]
        state._box.length = data["length"]
        state._box.truncated = data["truncated"]
        return state


class _Box:
    """The engine state and bookkeeping, copied with the engine's cheap ``clone`` (never ``deepcopy``)."""

    __slots__ = (
        "codec",
        "engine",
        "factored",
        "legal",
        "legal_version",
        "length",
        "own",
        "prefix",
        "truncated",
        "vectors",
        "views",
    )

    def __init__(self, engine: State, players: int) -> None:
        self.engine = engine
        self.codec = codec_for(engine.game.name)  # shared, never copied
        self.length = 0
        #: each seat's decisions so far, as action numbers
        self.own: list[list[int]] = [[] for _ in range(players)]
        self.truncated = False
        self.views: dict[int | None, dict[str, Any]] = {}
        self.vectors: dict[int | None, np.ndarray] = {}
        #: the sorted legal decision numbers of the engine state at ``legal_version`` (-1: none yet)
        self.legal: list[int] = []
        self.legal_version = -1
        #: the factored codec when the game's decisions are taken token by token (None: the flat codec)
        self.factored: FactoredCodec | None = None
        #: the tokens of the decision being made so far (factored only)
        self.prefix: list[int] = []

    def legal_numbers(self) -> list[int]:
        """The current legal decisions as sorted codec numbers, cached per engine version (read-only)."""
        engine = self.engine
        if self.legal_version != engine.version:
            if self.factored is not None:
                self.legal = self.factored.options(engine.legal_actions(), self.prefix)
            else:
                self.legal = sorted(self.codec.decisions.encode_many(engine.legal_actions()))
            self.legal_version = engine.version
        return self.legal

    def vector(self, seat: int | None, encoder: Encoder) -> np.ndarray:
        """The encoded view (from the state where the encoder can), cached like the view (read-only)."""
        found = self.vectors.get(seat)
        if found is None:
            found = self.vectors[seat] = encode_state(encoder, self.engine, seat)
        return found

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view, cached until the next action (observers ask for it several times a step)."""
        found = self.views.get(seat)
        if found is None:
            found = self.views[seat] = self.engine.view(seat)
        return found

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (OpenSpiel pickles Python states) as the engine's own JSON record of the state."""
        return {
            "engine": self.engine.to_json(),
            "length": self.length,
            "own": self.own,
            "truncated": self.truncated,
            "factored": self.factored is not None,
            "prefix": self.prefix,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.engine = games.get(data["engine"]["game"]).state_from_json(data["engine"], log=False)
        self.codec = codec_for(self.engine.game.name)
        self.length = data["length"]
        self.own = [[int(n) for n in x] for x in data["own"]]
        self.truncated = data["truncated"]
        self.views = {}
        self.vectors = {}
        self.legal = []
        self.legal_version = -1
        self.factored = factored_codec(self.engine.game.name) if data.get("factored") else None
        self.prefix = [int(n) for n in data.get("prefix", [])]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        other = _Box.__new__(_Box)
        other.engine = self.engine.clone()
        other.codec = self.codec
        other.length = self.length
        other.own = [list(x) for x in self.own]
        other.truncated = self.truncated
        other.factored = self.factored
        other.prefix = list(self.prefix)
        # Safe to share: replaced, never mutated, when an action is applied.
        other.views = self.views
        other.vectors = self.vectors
        other.legal = self.legal
        other.legal_version = self.legal_version
        return other


class HellenikaSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: HellenikaSpielGame, engine: State) -> None:
        super().__init__(game)
        self._box = _Box(engine, game.players)
        self._max_length = game.max_length
        self._checked = game.checked

    @property
    def _codec(self) -> GameCodec:
        return self._box.codec

    @property
    def engine(self) -> State:
        return self._box.engine

    def current_player(self) -> int:
        box = self._box
        if box.truncated:
            return _TERMINAL
        player = box.engine.current_player()
        if player == CHANCE:
            return _CHANCE
        if player == TERMINAL:
            return _TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._box.legal_numbers())

    # Python callers reach these two directly. Inherited, each would go through OpenSpiel's C++ State and
    # back into Python three to five times (current player, terminal, chance, then ``_legal_actions``), which
    # cost more than the engine's own step. They answer exactly as ``PyState`` in C++ does (a test compares
    # them with ``pyspiel.State.legal_actions(state, ...)``); C++ callers still take the C++ path.

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.current_player()
        if player is None:
            player = current
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [number for number, _ in self.chance_outcomes()]
        if player == current:
            return list(self._box.legal_numbers())
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._box.codec.chance.encode_outcomes(self._box.engine.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        box = self._box
        if self._checked:
            self._check(action)
        box.views = {}  # replaced, never cleared: a clone may share the old ones
        box.vectors = {}
        engine = box.engine
        player = engine.current_player()
        if player == CHANCE:
            engine.apply_unchecked(box.codec.chance.decode(action))
        elif box.factored is not None:
            box.own[player].append(action)
            box.prefix.append(action)
            chosen = box.factored.advance(engine.legal_actions(), box.prefix)
            if chosen is None:  # more tokens to choose: the engine state is unchanged
                box.legal_version = -1
                return
            box.prefix = []
            engine.apply_unchecked(chosen)
        else:
            engine.apply_unchecked(box.codec.decisions.decode(action))
            box.own[player].append(action)
        box.length += 1
        if box.length >= self._max_length and not engine.is_terminal():
            box.truncated = True

    def _check(self, action: int) -> None:
        """Refuse an action number that is not legal here, before anything changes (OpenSpiel's C++ side
        appends to the history only after ``_apply_action`` returns, so the whole state stays as it was)."""
        box = self._box
        engine = box.engine
        player = engine.current_player()
        if box.truncated or player == TERMINAL:
            raise pyspiel.SpielError(f"ApplyAction({action}) on a terminal state")
        if player == CHANCE:
            legal = [n for n, _ in self.chance_outcomes()]
            table = box.codec.chance
        else:
            legal = box.legal_numbers()
            table = box.codec.decisions
        i = bisect.bisect_left(legal, action)
        if i < len(legal) and legal[i] == action:
            return
        who = "chance" if player == CHANCE else player
        factored = box.factored if player != CHANCE else None

        def text(n: int) -> str:
            return factored.text(n) if factored is not None else table.decode(n).notation()

        size = factored.num_tokens if factored is not None else len(table)
        name = text(action) if 0 <= action < size else "no action of this game"
        allowed = ", ".join(text(n) for n in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        raise pyspiel.SpielError(
            f"Current player {who} calling ApplyAction with illegal action ({action}): {name}; "
            f"legal here: {allowed}{more}"
        )

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HellenikaSpielState:
        """A state ``player_id`` cannot tell from this one: the engine's ``determinize`` (everything the seat
        cannot see redrawn consistently with what it saw), seeded from the caller's sampler, which is all the
        randomness OpenSpiel hands over. Perfect-information games get a copy. The copy keeps this state's
        OpenSpiel history (the C++ side's; a redrawn hand changes no decision) and the adapter's bookkeeping,
        so its information state for ``player_id`` is this one's."""
        seed = 0
        for _ in range(2):  # two draws: 106 bits of the sampler's doubles, folded into a 64-bit seed
            seed = (seed << 53) ^ int(float(probability_sampler()) * (1 << 53))
        other: HellenikaSpielState = self.clone()
        box = other._box
        box.engine = self._box.engine.determinize(player_id, Rng(seed & ((1 << 64) - 1)))
        box.views = {}
        box.vectors = {}
        box.legal = []
        box.legal_version = -1
        return other

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._codec.decode_chance(action).notation()
        if self._box.factored is not None:
            return self._box.factored.text(action)
        return self._codec.decode(action).notation()

    def is_terminal(self) -> bool:
        return self._box.truncated or self._box.engine.is_terminal()

    def returns(self) -> list[float]:
        engine = self._box.engine
        if engine.is_terminal():
            return [float(x) for x in engine.returns()]
        if not self._box.truncated:
            return [0.0] * engine.num_players
        # Stopped by the length cap: scored from the current ranking, as a finished game would be.
        if engine.num_participants == 1:
            return [math.tanh(engine.scores()[0] / engine.game.solitaire_scale)]
        return [float(x) for x in pairwise_utilities(engine.ranking(), engine.num_players)]

    def serialize(self) -> str:
        box = self._box
        return json.dumps(
            {
                "engine": box.engine.to_json(),
                "openspiel_history": self.history(),
                "own": box.own,
                "prefix": box.prefix,
                "length": box.length,
                "truncated": box.truncated,
            },
            separators=(",", ":"),
        )

    def __str__(self) -> str:
        return json.dumps(self._box.engine.view(None), sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """OpenSpiel's PyObserver interface on top of ``state.view(seat)`` and the game's laid-out vector."""

    def __init__(
        self,
        game: HellenikaSpielGame,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"observer parameters are not supported; got {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a Hellenika observer shows one seat's view or the public one, never all hands")
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall and not self.public_only
        self.encoder = encoder_of(game.engine.name, game.players, game.options)
        self.codec = game.codec
        self.factored = game.factored
        size = self.encoder.layout.size
        actions = game.num_distinct_actions()
        choosing = actions if self.factored is not None else 0
        extra = choosing + (actions if self.perfect_recall else 0)
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = self.encoder.layout.views(self.tensor[:size])
        if choosing:
            self.dict["choosing"] = self.tensor[size : size + choosing]
        if self.perfect_recall:
            self.dict["own_decisions"] = self.tensor[size + choosing :]

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: HellenikaSpielState, player: int) -> None:
        size = self.encoder.layout.size
        box = state._box
        self.tensor[:size] = box.vector(self._seat(player), self.encoder)
        if self.factored is not None:
            choosing = self.dict["choosing"]
            choosing.fill(0.0)
            if not self.public_only and box.engine.current_player() == player:
                choosing[box.prefix] = 1.0  # the mover's own half-made decision, seen by it alone
        if self.perfect_recall:
            own = self.dict["own_decisions"]
            own.fill(0.0)
            np.add.at(own, box.own[player], 1.0)

    def string_from(self, state: HellenikaSpielState, player: int) -> str:
        view = state._box.view(self._seat(player))
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        box = state._box
        factored = self.factored
        name = factored.text if factored is not None else (lambda n: self.codec.decode(n).notation())
        if factored is not None and not self.public_only and box.engine.current_player() == player:
            text += "\nchoosing: " + " ".join(name(n) for n in box.prefix)
        if self.perfect_recall:
            text += "\nown decisions: " + "; ".join(name(n) for n in box.own[player])
        return text


def register_all() -> list[str]:
    """Register every game of the registry once (importing this module does it); return the names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in games.all_games():
        name = short_name(game.name)
        names.append(name)
        if name in registered:
            continue
        game_type = _game_type(game)
        cls = type(
            f"HellenikaSpielGame_{game.name}",
            (HellenikaSpielGame,),
            {"ENGINE_NAME": game.name, "GAME_TYPE": game_type},
        )
        pyspiel.register_game(game_type, cls)
    return names


__all__ = ["DEFAULT_MAX_LENGTH", "HellenikaSpielGame", "HellenikaSpielState", "register_all"]
register_all()
