"""The answers of the API, described (the *Public* models of the FastAPI template): the shape of every 2xx
answer and of the one error answer, for the OpenAPI document only (:mod:`openapi` maps each operation to its
model and builds the document; schemas.py holds the request bodies).

The routes build their answers as plain dicts (``TableInfo.to_json``, the table model), which is the hot path
and stays so; these models are never run on a response. Schemathesis (tests/server/fuzz.py) checks every
answer against them, so a description that drifts from what the server sends fails the suite.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

# ---------------------------------------------------------------------- the answers, described


class Described(BaseModel):
    # Answers may gain keys; a client must ignore those it does not know.
    model_config = ConfigDict(extra="allow")


class Error(Described):
    detail: str = Field(description="what went wrong, in plain words")


class User(Described):
    id: int
    name: str


class UserAnswer(Described):
    user: User


class SessionAnswer(Described):
    user: User | None


class SeatUser(Described):
    id: int
    name: str | None


class SeatOut(Described):
    seat: int
    kind: str = Field(description="open, user (seated), invited (waiting for the invitee) or bot")
    user: SeatUser | None
    name: str | None
    level: str | None
    joined: bool
    on_vacation_until: str | None = Field(
        default=None, description="the seated person is on vacation until then (ISO 8601 UTC): deadlines wait"
    )


class Creator(Described):
    id: int
    name: str


class TimeControlOut(Described):
    kind: str = Field(description="live, bank (N moves a day), per-move (hours a turn) or none")
    base_seconds: float = Field(description="live and bank: each seat's starting time; per-move: each turn's")
    increment_seconds: float = Field(description="added at the end of each of a seat's turns")
    cap_seconds: float | None = Field(description="a bank never grows past this")
    label: str = Field(description="in words: 10+10, 1 move a day, 3 days a move, no clock")


class ClockOut(Described):
    remaining: list[float] = Field(description="each seat's seconds left at the server's time of this answer")
    running: int | None = Field(description="the seat whose time runs now, or null (a bot's turn, chance)")
    low: list[bool] = Field(description="each seat's time is low (live: last 10 % or 30 s; turn-based: 12 h)")
    timeouts: list[int] = Field(description="how often each seat's time has run out in this game")
    expired: int | None = Field(
        description="live: the seat whose time ran out, while the others decide (POST .../timeout)"
    )


class TableOut(Described):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    mode: str
    deadline_hours: float | None
    on_timeout: str
    private: bool
    status: str = Field(description="waiting, playing or finished")
    creator: Creator
    seats: list[SeatOut]
    version: int
    to_move: int | None
    my_seat: int | None
    my_turn: bool
    turn_deadline: str | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    result: dict[str, Any] | None
    invite: str | None
    invite_url: str | None
    my_invitation: bool = Field(description="the viewer holds an invited seat here, not yet accepted")
    can_join: bool = Field(
        default=False,
        description="the viewer may take an open seat now without an invitation link (not at a private one)",
    )
    rated: bool = Field(default=True, description="whether a finished game changes ratings (table option)")
    end_text: str | None = Field(
        default=None, description="how the finished game ended in words ('alice lost on time; bob wins.')"
    )
    last_move_at: str | None = Field(description="when the last action was made (ISO 8601 UTC), or null")
    next_table: str | None = Field(
        default=None, description="the table *Play again* made from this finished one, or null"
    )
    time_control: TimeControlOut | None = Field(default=None, description="how the table keeps time")
    clock: ClockOut | None = Field(default=None, description="the running clock, once the game has started")
    abandon_votes: list[int] = Field(
        default_factory=list, description="seats whose players voted to abandon the game (POST .../abandon)"
    )


class TableAnswer(Described):
    table: TableOut


class TablesAnswer(Described):
    tables: list[TableOut]


class MyTablesAnswer(TablesAnswer):
    now: str = Field(description="the server's time (ISO 8601 UTC), to count the time left from")


class FinishedPage(TablesAnswer):
    next: str | None = Field(description="``before`` for the next page, or null on the last page")


class WaitingTable(Described):
    id: str
    game: str
    title: str
    turn_deadline: str | None
    last_move_at: str | None


class NextAnswer(Described):
    table: TableOut | None = Field(description="the game most urgently waiting for my move, or null")
    waiting: int = Field(description="how many games wait for my move")
    tables: list[WaitingTable] = Field(description="those games, the most urgent first")
    now: str


class LegalAction(Described):
    index: int
    notation: str
    label: str
    action: dict[str, Any]


class LogLine(Described):
    step: int
    text: str
    actor: int | None


class TableModel(Described):
    """The table model of docs/WEB.md for one seat (or a spectator)."""

    game: str
    title: str
    version: int
    seat: int | None
    names: list[str]
    to_move: int | None
    finished: bool
    view: dict[str, Any]
    legal: list[LegalAction]
    log: list[LogLine]
    scores: list[float] | None
    places: list[int] | None
    breakdown: list[dict[str, float]] | None
    end_reason: str | None = Field(default=None, description="why it ended, when not by the game's own end")
    end_text: str | None = Field(default=None, description="how it ended, in one line (finished games)")


class TableState(TableModel):
    can_undo: bool
    table: TableOut


class ReplayInfo(Described):
    id: str
    game: str
    title: str
    step: int
    steps: int
    names: list[str]
    players: int
    options: dict[str, Any]
    result: dict[str, Any] | None
    record_url: str


class ReplayModel(TableModel):
    replay: ReplayInfo


class RecordOut(Described):
    """A game record (the CLI's ``--record`` JSON)."""

    format: str
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seats: list[str]
    seed: int | None
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None
    final_digest: str | None


class VersionAnswer(Described):
    version: int


class ReplayCreated(Described):
    id: str


class Rating(Described):
    name: str
    kind: str
    mu: float
    sigma: float
    ordinal: float
    rating: float = Field(description="the ordinal as shown: never below 0")
    games: int
    wins: int
    rank: int


class LeaderboardAnswer(Described):
    game: str
    ratings: list[Rating]


class VacationOut(Described):
    starts_at: str
    ends_at: str


class VacationAnswer(Described):
    vacation: VacationOut | None = Field(description="my running vacation, or null")
    days_per_year: int
    days_used: int = Field(description="vacation days counted this calendar year (UTC)")
    days_left: int


class GameOption(Described):
    name: str
    default: Any
    description: str
    choices: list[Any]
    minimum: float | None
    maximum: float | None
    players: list[int] | None = Field(
        default=None, description="the lowest and highest player count it applies at (null: any)"
    )
    needs: str | None = Field(default=None, description="a yes/no option it applies only with (null: none)")


class GameInfo(Described):
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: list[int]
    players_text: str
    rules_version: str
    options: list[GameOption]
    rules: str
    bot_levels: list[str]


class GamesAnswer(Described):
    games: list[GameInfo]


class NotifySettingsAnswer(Described):
    """A person's notification settings (server/notify/prefs.py)."""

    email: str | None
    email_verified: bool
    your_turn: bool
    deadline_soon: bool
    deadline_hours: int
    invited: bool
    game_over: bool
    by_email: bool
    by_webhook: bool
    by_browser: bool
    webhook_url: str | None
    webhook_secret: str = Field(description="signs webhook bodies: X-Hellenika-Signature: sha256=<HMAC>")
    quiet: bool
    quiet_minutes: int
    digest: bool
    mail_configured: bool = Field(description="the server sends mail over SMTP (else it only logs it)")
    admin: bool = Field(description="this person is one of the server's admins (may read the outbox)")


class OutboxItem(Described):
    id: int
    user: str
    channel: str = Field(description="email or webhook")
    event: str
    table_id: str | None
    status: str = Field(description="pending, sending, sent, logged, suppressed, held, digested or failed")
    attempts: int
    last_error: str | None
    created_at: str | None
    sent_at: str | None
    to: str | None
    subject: str | None
    text: str | None


class OutboxAnswer(Described):
    mail_configured: bool
    outbox: list[OutboxItem]


class ChatMessageOut(Described):
    """One line of a table's chat (server/chat/service.py)."""

    id: int
    channel: str = Field(description="players, spectators or system")
    author: User | None = Field(description="the writer, or null for a system line")
    text: str
    version: int = Field(description="the table's version when it was written")
    created_at: str | None
    step: int | None = Field(default=None, description="(finished tables) the replay step it belongs to")


class ChatHistory(Described):
    messages: list[ChatMessageOut]


class ChatPosted(Described):
    message: ChatMessageOut


class UsersAnswer(Described):
    users: list[User]


# ---------------------------------------------------------------------- profiles, play again, friends


class GameStats(Described):
    game: str
    title: str
    rating: float | None = Field(description="the ordinal mu - 3 sigma as shown, never below 0 (null: none)")
    ordinal: float | None
    mu: float | None
    sigma: float | None
    rated_games: int
    played: int = Field(description="finished games at this server")
    wins: int = Field(description="first places (shared ones included)")
    places: list[int] = Field(description="how often 1st, 2nd, ... (index 0 is first)")


class Favourite(Described):
    game: str
    title: str
    played: int


class ProfileGame(Described):
    id: str
    game: str
    title: str
    players: int
    names: list[str]
    seat: int | None
    place: int | None
    score: float | None
    finished_at: str | None
    end_text: str | None
    rated: bool
    private: bool
    table_url: str
    replay_url: str


class ProfileAnswer(Described):
    user: User
    member_since: str
    me: bool = Field(description="this is the viewer's own profile")
    settings_url: str | None = Field(description="/settings on one's own profile, else null")
    games: list[GameStats]
    favourites: list[Favourite]
    played: int
    recent: list[ProfileGame]
    next: str | None = Field(description="``before`` for the next page of games, or null")


class ProfileGamesAnswer(Described):
    games: list[ProfileGame]
    next: str | None


class PlayingTable(Described):
    id: str
    game: str
    title: str
    players: int
    names: list[str]
    mode: str
    started_at: str | None
    last_move_at: str | None
    watch_url: str


class FriendOut(Described):
    user: User
    since: str | None
    playing: list[PlayingTable] = Field(description="the public games they are playing now")


class FriendsAnswer(Described):
    friends: list[FriendOut]


class FriendAdded(Described):
    friend: FriendOut
    added: bool = Field(description="false when they were already a friend")


class FriendRemoved(FriendsAnswer):
    removed: bool = Field(description="false when they were not a friend")


class AgainAnswer(TableAnswer):
    created: bool = Field(description="false when another call had made the new table already")


class NextTableAnswer(Described):
    table: TableOut | None = Field(description="the table Play again made from this one, or null")


class MatchRequestOut(Described):
    id: int
    game: str
    players: int
    options: dict[str, Any]
    mode: str
    deadline_hours: float | None
    rated: bool
    status: str = Field(description="waiting, matched (see table), cancelled or expired")
    rating: float = Field(description="my rating in the game when I asked (openskill ordinal, at least 0)")
    created_at: str | None
    expires_at: str | None
    table: str | None = Field(description="the table the match made (status matched)")


class MatchRequestAnswer(Described):
    request: MatchRequestOut


class MatchRequestsAnswer(Described):
    requests: list[MatchRequestOut]


class MatchPoolOut(Described):
    game: str
    players: int
    mode: str
    deadline_hours: float | None
    rated: bool
    waiting: int


class MatchPoolsAnswer(Described):
    pools: list[MatchPoolOut]


class ReportOut(Described):
    id: int
    user: str = Field(description="the reported person")
    reason: str
    created_at: str | None


class ReportAnswer(Described):
    report: ReportOut


class AdminReportOut(ReportOut):
    reporter: str
    table: str | None
    message: int | None
    resolved_at: str | None
    resolved_by: str | None


class AdminReportsAnswer(Described):
    reports: list[AdminReportOut]


class SuspensionAnswer(Described):
    user: str
    suspended_until: str | None
    sessions_ended: int | None = None
    requests_cancelled: int | None = Field(default=None, description="waiting match requests cancelled")
    tables_withdrawn: int | None = Field(default=None, description="its tables not started, deleted")
    seats_opened: int | None = Field(default=None, description="tables not started where its seat opened")


class RemovedAnswer(Described):
    table: TableOut | None = Field(description="the ended table, or null when a waiting one was deleted")


# ------------------------------------------------------------------------------------------------ learning


class ReviewedDecision(Described):
    step: int = Field(description="the history step of the decision: /replays/{id}?step=N shows it")
    seat: int
    played: str
    played_label: str
    played_value: float = Field(description="the search's value of the move played, in [-1, 1]")
    best: str
    best_label: str
    best_value: float
    choices: int
    loss: float
    verdict: str = Field(description="'', 'mistake' or 'blunder'")
    words: str
    replay_url: str


class ReviewState(Described):
    status: str = Field(description="none, queued, running, done or failed")
    done: int
    total: int
    position: int | None = None
    error: str | None = None
    decisions: list[ReviewedDecision] | None = None
    mistakes: list[ReviewedDecision] | None = None
    curve: list[dict[str, float]] | None = None
    summary: dict[str, float] | None = None
    iterations: int | None = None
    seconds: float | None = None


class ReviewReplay(Described):
    id: str
    game: str
    title: str
    steps: int
    names: list[str]
    players: int
    replay_url: str


class ReviewAnswer(Described):
    replay: ReviewReplay
    seat: int
    seats: list[int] = Field(description="the seats whose review this viewer may see and ask for")
    mine: list[int]
    review: ReviewState


class HintChoice(Described):
    index: int = Field(description="the choice's index in the seat's legal list")
    notation: str
    label: str
    action: dict[str, Any]


class HintAnswer(Described):
    version: int
    seat: int
    by: str = Field(description="heuristic or search")
    hint: HintChoice
    reason: str
