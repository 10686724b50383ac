"""The lobby's request bodies: a table to create (with its seats), a seat to join, a match to ask for."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from hellenika.server.core.schemas import Strict


class SeatRequest(Strict):
    kind: Literal["me", "open", "user", "bot"]
    user: str | None = Field(
        default=None,
        max_length=64,
        description="the invited user's name (kind user: an invitation, seated once they accept it)",
    )
    level: Literal["easy", "medium", "hard", "expert", "trained"] | None = Field(
        default=None,
        description="the bot's level (kind bot; medium when missing; trained: a network trained with PPO, "
        "where the game's trained_players lists the player count)",
    )


class TimeControlRequest(Strict):
    """How the table keeps time: ``live`` (minutes each + seconds a turn), ``bank`` (BGA's turn-based
    "N moves a day"), ``per-move`` (hours a turn) or ``none`` (unrated tables only)."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"kind": "live", "minutes": 10, "increment": 10}]}
    )

    kind: Literal["none", "live", "bank", "per-move"]
    minutes: float | None = Field(
        default=None, gt=0, le=180, description="live: each player's starting minutes"
    )
    increment: float | None = Field(
        default=None, ge=0, le=300, description="live: seconds added at the end of each of a player's turns"
    )
    moves_per_day: int | None = Field(
        default=None,
        ge=1,
        le=3,
        description="bank: turns a day; each adds 24 / N hours, up to 3 turns' worth",
    )
    hours: float | None = Field(default=None, gt=0, le=24 * 30, description="per-move: hours each turn")


class TableCreate(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "game": "hercules",
                    "players": 2,
                    "seats": [{"kind": "me"}, {"kind": "bot", "level": "medium"}],
                }
            ]
        }
    )

    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = Field(
        default=None, max_length=16, description="one per seat; missing: me, then open seats"
    )
    mode: Literal["live", "turn-based"] = "live"
    deadline_hours: float | None = Field(
        default=None, gt=0, le=24 * 30, description="turn-based: hours a turn (the same as a per-move clock)"
    )
    time_control: TimeControlRequest | None = Field(
        default=None,
        description="default: a rated table gets the game's normal live speed or 3 days a move; "
        "an unrated one, none",
    )
    on_timeout: Literal["bot", "forfeit"] = "bot"
    private: bool = Field(default=False, description="not listed; joined through the invitation link only")
    rated: bool = Field(default=True, description="the finished game changes the players' ratings")
    hints: bool = Field(
        default=False,
        description="players may ask 'What would the bot do?' (unrated tables only: with rated, 422)",
    )


class JoinRequest(Strict):
    seat: int | None = Field(default=None, ge=0, le=15)
    invite: str | None = Field(default=None, max_length=64)


class MatchRequestCreate(Strict):
    """A request to be seated automatically with people of a close rating (server/lobby/matchmaking.py)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"game": "hercules", "players": 2, "mode": "live", "wait_minutes": 10}]
        }
    )

    game: str = Field(max_length=40)
    players: int = Field(ge=2, le=16)
    options: dict[str, Any] = Field(default_factory=dict, max_length=16)
    mode: Literal["live", "turn-based"] = "live"
    deadline_hours: float | None = Field(default=None, gt=0, le=24 * 30)
    rated: bool = True
    wait_minutes: int = Field(default=10, ge=1, le=7 * 24 * 60, description="how long to wait for people")
