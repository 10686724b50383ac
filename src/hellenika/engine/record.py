"""Game records: everything needed to replay a game exactly, as one JSON document.

A record holds the game, its rules version, player count, options, the seats' agents, the seed, the chance
scheme (how the seed gives the chance draws, see engine/rng.py), every action (chance outcomes included) and,
when finished, the result and a digest of the final state.

A record is evidence, not a claim to trust. :meth:`Record.replay` applies the actions one by one with full
checking and draws every chance outcome again from the record's seed, so a changed action, roll or shuffle
fails loudly naming the step. :meth:`Record.verify` then computes the result and the digest from the replay
and refuses a record whose own result or digest says otherwise; what it answers is the record as the replay
made it. A record without a seed cannot be checked, so it does not replay.

A record without a ``chance`` field reads as the match runner's ``"stream"`` scheme (``hellenika play`` wrote
such records before the field existed), so the format stays ``hellenika-record/1``. A record the server wrote
before then used its ``"per-step"`` scheme without saying so: adding ``"chance": "per-step"`` makes it replay.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hellenika.engine.errors import HellenikaError, RecordError
from hellenika.engine.results import forfeit_places
from hellenika.engine.rng import CHANCE_SCHEMES, STREAM, ChanceDraws

if TYPE_CHECKING:
    from hellenika.engine.registry import Registry
    from hellenika.engine.state import State

RECORD_FORMAT = "hellenika-record/1"
#: Why a forfeited game ended (the server's words); a forfeit is the record's claim, not an action.
FORFEIT_REASONS = ("resigned", "timeout")
#: The result fields computed from the replay and compared with the record's own. ``end_reason`` is there
#: only when a safety net ended the game (:meth:`State.end_reason`); a record claiming one, or another one,
#: that the replay does not give is refused.
CHECKED_RESULT_FIELDS = ("scores", "places", "breakdown", "end_reason")


def brief(value: Any, limit: int = 80) -> str:
    """A value as short JSON text for a message: never longer than ``limit``, never failing."""
    try:
        text = json.dumps(value, separators=(", ", ": "))
    except (TypeError, ValueError, RecursionError):
        text = "(a value that is not plain JSON)"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"malformed record: {key!r} must be text")
    return value


def _optional_text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise RecordError(f"malformed record: {key!r} must be text or null")
    return value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _add_end_reason(result: dict[str, Any], state: State) -> None:
    """Say in the result how the game ended when a safety net ended it ("ended by the stall rule ...")."""
    reason = state.end_reason()
    if reason is not None:
        result["end_reason"] = reason


def _clock(clock: Any) -> dict[str, Any] | None:
    if clock is None:
        return None
    return {"time_control": dict(clock["time_control"]), "times": list(clock["times"])}


def _check_clock(clock: Any, actions: int) -> None:
    """A record's ``clock``: a time control (an object) and one entry per action, null or three numbers."""
    if not isinstance(clock, Mapping) or not isinstance(clock.get("time_control"), Mapping):
        raise RecordError("malformed record: 'clock' must be an object with a 'time_control' object")
    times = clock.get("times")
    if not isinstance(times, list) or len(times) != actions:
        raise RecordError("malformed record: 'clock.times' must hold one entry per action")
    for entry in times:
        if entry is None:
            continue
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and all(isinstance(x, int | float) and not isinstance(x, bool) for x in entry)
        ):
            raise RecordError(
                f"malformed record: a clock entry is null or [seat, spent, left]; got {brief(entry)}"
            )


@dataclass
class Record:
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seats: list[str]
    seed: int | None
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    final_digest: str | None = None
    chance: str = STREAM
    #: How the game kept time, and each action's ``[seat, seconds it took, seconds left after it]`` (None for
    #: chance, bots and unclocked moves): the server's clock, kept so replays show it. A claim, not checked.
    clock: dict[str, Any] | None = None

    @classmethod
    def start(cls, state: State, seats: list[str], seed: int | None, *, chance: str = STREAM) -> Record:
        return cls(
            state.game.name,
            state.game.rules_version,
            state.num_players,
            dict(state.options),
            list(seats),
            seed,
            chance=chance,
        )

    def finish(self, state: State) -> None:
        """Fill in actions, result and digest from the final (or current) state."""
        self.actions = [a.to_json() for a in state.history()]
        self.final_digest = state.digest()
        if state.is_terminal():
            names = state.participant_names()
            self.result = {
                "participants": names,
                "scores": state.scores(),
                "places": state.ranking(),
                "breakdown": state.score_breakdown(),
            }
            _add_end_reason(self.result, state)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "chance": self.chance,
            "actions": self.actions,
            "result": self.result,
            "final_digest": self.final_digest,
            **({"clock": self.clock} if self.clock is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """Read a record, checking the type of every field (the values are checked by :meth:`replay`).

        Unknown top-level fields are ignored (a newer writer may add some); :meth:`verify` drops them.
        """
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a Hellenika record (expected format {RECORD_FORMAT!r})")
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("malformed record: 'players' must be a whole number")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise RecordError("malformed record: 'options' must be an object")
        seats = data.get("seats") or []
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("malformed record: 'seats' must be a list of names")
        seed = data.get("seed")
        if seed is not None and not _whole(seed):
            raise RecordError("malformed record: 'seed' must be a whole number or null")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
            raise RecordError("malformed record: 'actions' must be a list of JSON objects")
        result = data.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise RecordError("malformed record: 'result' must be an object or null")
        clock = data.get("clock")
        if clock is not None:
            _check_clock(clock, len(actions))
        chance = data.get("chance")
        if chance is None:
            chance = STREAM  # every record written before the field existed came from the match runner
        if chance not in CHANCE_SCHEMES:
            raise RecordError(
                f"malformed record: 'chance' must be one of {', '.join(map(repr, CHANCE_SCHEMES))}; "
                f"got {brief(chance)}"
            )
        return cls(
            game=_text(data, "game"),
            rules_version=_text(data, "rules_version"),
            players=players,
            options=dict(options),
            seats=list(seats),
            seed=seed,
            actions=[dict(a) for a in actions],
            result=None if result is None else dict(result),
            final_digest=_optional_text(data, "final_digest"),
            chance=chance,
            clock=None
            if clock is None
            else {"time_control": dict(clock["time_control"]), "times": clock["times"]},
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        return cls.from_json(data)

    # ------------------------------------------------------------------ replaying

    def replay(
        self, registry: Registry, *, upto: int | None = None, log: bool = True, check_chance: bool = True
    ) -> State:
        """The state after the first ``upto`` actions (all by default), applied with full checking.

        Each chance outcome must be the one the record's seed draws at that step under its scheme
        (``check_chance=False`` skips that, to show a record already checked). The final digest, if the
        record has one, is checked when all actions are replayed. Raises :class:`RecordError` naming the step.
        """
        game = registry.get(self.game)
        if game.rules_version != self.rules_version:
            raise RecordError(
                f"record made under {self.game} rules {brief(self.rules_version)}; "
                f"this build has {game.rules_version}"
            )
        draws: ChanceDraws | None = None
        if check_chance:
            if self.seed is None:
                raise RecordError(
                    "the record has no seed, so its chance outcomes (rolls, draws, deals) cannot be checked"
                )
            draws = ChanceDraws(self.seed, self.chance)
        state = game.new_state(self.players, self.options, log=log)
        actions = self.actions if upto is None else self.actions[:upto]
        for step, item in enumerate(actions):
            try:
                action = game.action_from_json(item)
                if draws is not None and state.is_chance_node():
                    drawn = state.sample_chance(draws.at(step)).to_json()
                    if drawn != action.to_json():
                        raise RecordError(
                            f"the record's seed draws {brief(drawn)} at this step "
                            f"({self.chance} chance), not this outcome"
                        )
                state.apply(action)
            except HellenikaError as exc:
                raise RecordError(f"action {step} ({brief(item)}) does not replay: {exc}") from None
        if upto is None and self.final_digest is not None and state.digest() != self.final_digest:
            raise RecordError(
                f"final_digest differs: the record says {brief(self.final_digest)}, "
                f"the replay gives {state.digest()!r} (the replayed game is not the recorded one)"
            )
        return state

    def participant_names(self, state: State) -> list[str]:
        """The names of the game's participants: the seats' names, then the game's own (automata)."""
        names = state.participant_names()
        return [self.seats[i] if i < min(len(self.seats), self.players) else n for i, n in enumerate(names)]

    def replayed_result(self, state: State) -> dict[str, Any] | None:
        """The result the replayed ``state`` gives, after checking the record's own result against it.

        A finished game's result is computed whatever the record says. A game that is not over has a result
        only when the record claims a forfeit (the server ends a game when a seat resigns or times out, which
        is no action): its places come from :func:`forfeit_places`, marked ``forfeit_claimed``.
        """
        given = self.result or {}
        forfeit = given.get("forfeit")
        steps = len(self.actions)
        computed: dict[str, Any]
        if state.is_terminal():
            if forfeit is not None:
                raise RecordError(
                    f"result.forfeit: the record says seat {brief(forfeit)} forfeited, "
                    f"but its game is over by the rules after {steps} actions"
                )
            computed = {"participants": self.participant_names(state), "scores": state.scores()}
            computed.update(places=state.ranking(), breakdown=state.score_breakdown())
            _add_end_reason(computed, state)
        elif forfeit is not None:
            if not _whole(forfeit) or not 0 <= forfeit < self.players:
                raise RecordError(
                    f"result.forfeit must be a seat from 0 to {self.players - 1}; got {brief(forfeit)}"
                )
            reason = given.get("reason", "resigned")
            if reason not in FORFEIT_REASONS:
                raise RecordError(
                    f"result.reason must be one of {', '.join(FORFEIT_REASONS)}; got {brief(reason)}"
                )
            computed = {"participants": self.participant_names(state), "scores": state.scores()}
            computed.update(places=forfeit_places(state, forfeit), breakdown=state.score_breakdown())
            computed.update(forfeit=forfeit, reason=reason, forfeit_claimed=True)
        elif self.result is not None:
            raise RecordError(f"the record has a result but its game is not over after {steps} actions")
        else:
            return None
        for key in CHECKED_RESULT_FIELDS:
            if key in given and given[key] != computed.get(key):
                says, gives = brief(given[key]), brief(computed.get(key))
                raise RecordError(f"result.{key}: the record says {says}, the replay gives {gives}")
        return computed

    def verify(self, registry: Registry, *, log: bool = False) -> tuple[State, Record]:
        """The replayed final state and this record as its replay makes it; :class:`RecordError` saying
        where the record and the replay differ.

        Every action is replayed with full checking and every chance outcome against the seed; the result
        and the digest are computed and compared with the record's own (a missing one is filled in). The
        record answered holds the canonical JSON of each action, the complete options, the computed result
        and digest (and none of the unknown fields the JSON may have had).
        """
        state = self.replay(registry, log=log)
        checked = Record(
            self.game,
            self.rules_version,
            self.players,
            dict(state.options),
            list(self.seats),
            self.seed,
            actions=[a.to_json() for a in state.history()],
            result=self.replayed_result(state),
            final_digest=state.digest(),
            chance=self.chance,
            clock=self.clock,
        )
        return state, checked
