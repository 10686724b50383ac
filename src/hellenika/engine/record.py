"""Game records: everything needed to replay a game exactly, as one JSON document.

A record holds the game, its rules version, player count, options, the seats' agents, the seed, every action
(chance outcomes included) and, when finished, the result and a digest of the final state. Replaying applies
the actions one by one with full checking, so a tampered record fails loudly with the rule it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hellenika.engine.errors import HellenikaError, RecordError

if TYPE_CHECKING:
    from hellenika.engine.registry import Registry
    from hellenika.engine.state import State

RECORD_FORMAT = "hellenika-record/1"


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

    @classmethod
    def start(cls, state: State, seats: list[str], seed: int | None) -> Record:
        return cls(
            state.game.name,
            state.game.rules_version,
            state.num_players,
            dict(state.options),
            list(seats),
            seed,
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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
            "final_digest": self.final_digest,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a Hellenika record (expected format {RECORD_FORMAT!r})")
        try:
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=int(data["players"]),
                options=dict(data.get("options") or {}),
                seats=[str(s) for s in data.get("seats") or []],
                seed=data.get("seed"),
                actions=list(data["actions"]),
                result=data.get("result"),
                final_digest=data.get("final_digest"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed record: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        return cls.from_json(data)

    def replay(self, registry: Registry, *, upto: int | None = None, log: bool = True) -> State:
        """The state after the first ``upto`` actions (all by default), applied with full checking."""
        game = registry.get(self.game)
        if game.rules_version != self.rules_version:
            raise RecordError(
                f"record made under {self.game} rules {self.rules_version}; "
                f"this build has {game.rules_version}"
            )
        state = game.new_state(self.players, self.options, log=log)
        actions = self.actions if upto is None else self.actions[:upto]
        for step, item in enumerate(actions):
            try:
                state.apply(game.action_from_json(item))
            except HellenikaError as exc:
                raise RecordError(f"action {step} ({item}) does not replay: {exc}") from None
        if upto is None and self.final_digest is not None and state.digest() != self.final_digest:
            raise RecordError("the replayed game differs from the recorded one (digest mismatch)")
        return state
