"""Request bodies (the *Create* models of the FastAPI template): what a client may send, typed and bounded.

Answers are plain dicts built by ``TableInfo.to_json``, ``UserPublic.to_json`` and ``table_model``, whose
shapes docs/WEB.md documents; a secret field (a password hash, a seed, an invite token for others) is simply
never put into them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    # strict: a value of another JSON type is refused, not coerced (0 is not false, "3" is not 3), so the
    # server accepts exactly what the OpenAPI schema says.
    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(Strict):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"name": "ariadne", "password": "correct horse"}]}
    )

    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


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
    deadline_hours: float | None = Field(default=None, gt=0, le=24 * 30)
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


class MoveRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"version": 3, "action": "pass"}]})

    version: int = Field(ge=0, le=10_000_000)
    action: dict[str, Any] | str = Field(
        description="the action's JSON form (from legal[].action) or notation"
    )


class UndoRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"version": 3}]})

    version: int = Field(ge=0, le=10_000_000)


class VacationRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"days": 7}]})

    days: int = Field(ge=1, le=366, description="days from now (at most the days left this calendar year)")


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


class ReportCreate(Strict):
    """ "Report this user" (server/mod/service.py)."""

    user: str = Field(min_length=1, max_length=64, description="the reported person's name")
    reason: str = Field(min_length=1, max_length=500)
    table: str | None = Field(default=None, max_length=16, description="the table it is about")
    message: int | None = Field(default=None, ge=1, le=2**31 - 1, description="the chat line it is about")


class SuspendRequest(Strict):
    days: int = Field(ge=1, le=3650)
    reason: str = Field(default="", max_length=500)


class RemoveSeatRequest(Strict):
    seat: int | None = Field(
        default=None, ge=0, le=15, description="the seat to remove (default: the one to move)"
    )
