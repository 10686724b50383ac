"""Finding an opponent: BGA's automatic mode. A person asks for a game of X with N players at a
speed and waits up to a chosen time; the server seats people with close ratings together and starts the game.

A request (``match_requests``) is a person's own action, so the table it leads to seats them without a
further invitation: nobody is matched without having asked. Requests that can play together share a *pool*:
the same game, player count, options, mode, deadline and rated flag. Within a pool the ratings (openskill's
ordinal, mu - 3 sigma, 0 for a person without a rating in that game) decide who plays whom:

- a request accepts a group whose ratings lie within its *spread*, which starts at ``BASE_SPREAD`` ordinal
  points and widens by ``SPREAD_PER_MINUTE`` for every minute it has waited, so nobody waits for ever for a
  perfect match and a new request is first offered people of its own strength;
- among the groups every member accepts (N requests of N different people, none of whom blocked another),
  the one with the smallest spread is seated first, then the next, until no group is left.

Matching runs when a request arrives and on a sweep every few seconds (requests widen as they wait), always
in one write transaction that first takes the pool's lock (``pg_advisory_xact_lock`` on PostgreSQL; SQLite
has one writer), so two processes never seat one request twice. The transaction creates the table with every
seat taken and marks the requests matched; the game is started right after it. A table whose start was lost
(the process died in between) is started by the next sweep. Requests past their time expire.
"""

from __future__ import annotations

import asyncio
import heapq
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select, text, update
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.engine.errors import HellenikaError
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError, log_failure
from hellenika.server.lobby.schemas import MatchRequestCreate
from hellenika.server.lobby.service import add_table, new_id
from hellenika.server.people import UserPublic
from hellenika.server.round import Master
from hellenika.server.store import Store
from hellenika.server.store.locks import lock_key, take_turn
from hellenika.server.store.models import GameTable, MatchRequest, Rating, User, UserBlock
from hellenika.server.tables import USER, WAITING, TimeControl, default_control, iso, per_move

log = logging.getLogger("hellenika.server.lobby.matchmaking")

WAITING_REQUEST, MATCHED, CANCELLED, EXPIRED = "waiting", "matched", "cancelled", "expired"
#: Ordinal points a new request accepts between the lowest and the highest rating of its group.
BASE_SPREAD = 3.0
#: ... and how much wider that gets for every minute it has waited.
SPREAD_PER_MINUTE = 3.0
#: Waiting requests a person may have at once (in different pools); counted under the person's turn
#: (store/locks.py ``take_turn``), so concurrent requests cannot pass it.
MAX_WAITING = 5


def _control(request: MatchRequest) -> TimeControl:
    """A matched table's clock: the hours a move asked for, else the game's default (matches are rated)."""
    if request.deadline_hours is not None:
        return per_move(request.deadline_hours)
    return default_control(request.game, request.mode, True)


def pool_of(
    game: str, players: int, options: dict[str, Any], mode: str, deadline: float | None, rated: bool
) -> str:
    """The pool key: requests with the same key can be seated together."""
    return json.dumps([game, players, options, mode, deadline, rated], sort_keys=True, separators=(",", ":"))


def spread_allowed(created_at: float, now: float) -> float:
    """The spread of ratings a request accepts after waiting since ``created_at``."""
    return BASE_SPREAD + SPREAD_PER_MINUTE * max(0.0, now - created_at) / 60.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A waiting request as the matcher sees it."""

    id: int
    user_id: int
    ordinal: float
    created_at: float


def choose_groups(
    waiting: list[Waiting], size: int, now: float, blocked: set[tuple[int, int]]
) -> list[list[Waiting]]:
    """The groups to seat, best first: each ``size`` requests of different people, within every member's
    spread, with no block between two of them; a request is in one group at most. ``blocked`` holds
    (blocker, blocked) pairs. Deterministic: ties go to the group that has waited longest, then to the one
    lowest in rating.

    Greedy: the group of smallest spread among those that start at each free request (the nearest ``size``
    that can sit together, upwards by rating) is seated, then the next. Seating a group changes only the
    groups whose scan reached one of its members, so those alone are found again (a heap holds the rest):
    O(n log n) group searches for n requests instead of one per request per group seated."""
    pool = sorted(waiting, key=lambda w: (w.ordinal, w.created_at, w.id))
    taken = [False] * len(pool)
    reach = [-1] * len(pool)  # the last position the search from a start looked at (-1: not searched)
    serial = [0] * len(pool)  # bumped whenever a start's group is found again (older heap entries are stale)
    heap: list[tuple[float, float, int, int, list[int]]] = []

    def search(start: int) -> None:
        members, last = _group_from(pool, taken, start, size, blocked)
        reach[start] = last
        serial[start] += 1
        if members is None:
            return
        group = [pool[i] for i in members]
        spread = group[-1].ordinal - group[0].ordinal
        if any(spread > spread_allowed(w.created_at, now) for w in group):
            return
        heapq.heappush(heap, (spread, min(w.created_at for w in group), start, serial[start], members))

    for start in range(len(pool)):
        search(start)
    groups: list[list[Waiting]] = []
    while heap:
        _, _, start, version, members = heapq.heappop(heap)
        if taken[start] or version != serial[start]:
            continue
        groups.append([pool[i] for i in members])
        for i in members:
            taken[i] = True
        low = members[0]
        for other in range(len(pool)):  # a start whose search reached a member seated now: search again
            if not taken[other] and other <= members[-1] and reach[other] >= low:
                search(other)
    return groups


def _group_from(
    pool: list[Waiting], taken: list[bool], start: int, size: int, blocked: set[tuple[int, int]]
) -> tuple[list[int] | None, int]:
    """The positions of the nearest ``size`` free requests by rating from ``pool[start]`` upwards that can
    sit together (None if there are not enough), and the last position looked at."""
    group: list[int] = []
    position = start
    for position in range(start, len(pool)):
        if taken[position]:
            continue
        candidate = pool[position]
        if any(candidate.user_id == pool[i].user_id for i in group):
            continue
        if any(
            (candidate.user_id, pool[i].user_id) in blocked or (pool[i].user_id, candidate.user_id) in blocked
            for i in group
        ):
            continue
        group.append(position)
        if len(group) == size:
            return group, position
    return None, len(pool) - 1


def _without_suspended(session: Session, rows: list[MatchRequest], now: float) -> list[MatchRequest]:
    """The requests of people not suspended; the others are cancelled. The people's rows are held (``FOR
    SHARE``) until the match commits, so a suspension either comes first and is seen here, or waits and then
    finds the table to take back (withdraw.py)."""
    users = sorted({r.user_id for r in rows})
    if not users:
        return rows
    held = session.execute(
        select(User.id, User.suspended_until).where(User.id.in_(users)).with_for_update(read=True)
    )
    suspended = {user_id for user_id, until in held if until is not None and until > now}
    if not suspended:
        return rows
    session.execute(
        update(MatchRequest)
        .where(MatchRequest.id.in_([r.id for r in rows if r.user_id in suspended]))
        .values(status=CANCELLED)
        .execution_options(synchronize_session=False)
    )
    return [r for r in rows if r.user_id not in suspended]


def request_json(row: MatchRequest) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "mode": row.mode,
        "deadline_hours": row.deadline_hours,
        "rated": row.rated,
        "status": row.status,
        "rating": round(max(0.0, row.ordinal), 2),
        "created_at": iso(row.created_at),
        "expires_at": iso(row.expires_at),
        "table": row.table_id,
    }


class Matchmaking:
    """Requests, matching and the sweep of one server (stateless: every decision is in the database)."""

    def __init__(self, store: Store, settings: Settings, master: Master) -> None:
        self.store = store
        self.settings = settings
        self.master = master

    # ------------------------------------------------------------------ requests

    async def ask(self, user: UserPublic, body: MatchRequestCreate) -> dict[str, Any]:
        """File a request and try to match it at once; answers it (``status`` matched with its table, or
        waiting). 422 a game, player count or options the game refuses, a solo game, or a turn-based request
        without a deadline; 409 the same request waiting already or too many waiting."""
        try:
            game = games.get(body.game)
            options = dict(game.validate(body.players, body.options))
        except HellenikaError as exc:
            raise ApiError(422, str(exc)) from None
        if body.mode == "turn-based" and body.deadline_hours is None:
            raise ApiError(422, "a turn-based request needs deadline_hours (the time per move)")
        pool = pool_of(game.name, body.players, options, body.mode, body.deadline_hours, body.rated)
        now = self.settings.clock()

        def write(session: Session) -> int:
            take_turn(session, f"match-requests:{user.id}")  # counted and inserted with no one between
            mine = list(
                session.scalars(
                    select(MatchRequest.pool).where(
                        MatchRequest.user_id == user.id, MatchRequest.status == WAITING_REQUEST
                    )
                )
            )
            if pool in mine:
                raise ApiError(409, "you are already waiting for this game; cancel that request first")
            if len(mine) >= MAX_WAITING:
                raise ApiError(409, f"you can wait for at most {MAX_WAITING} games at once")
            rating = session.execute(
                select(Rating.mu, Rating.sigma).where(Rating.game == game.name, Rating.user_id == user.id)
            ).first()
            row = MatchRequest(
                user_id=user.id,
                game=game.name,
                players=body.players,
                options=options,
                mode=body.mode,
                deadline_hours=body.deadline_hours,
                rated=body.rated,
                pool=pool,
                ordinal=0.0 if rating is None else rating.mu - 3 * rating.sigma,
                status=WAITING_REQUEST,
                created_at=now,
                expires_at=now + body.wait_minutes * 60,
                table_id=None,
            )
            session.add(row)
            session.flush()
            return row.id

        request_id = await self.store.write(write)
        await self.match_pool(pool)
        return await self.one(user, request_id)

    async def one(self, user: UserPublic, request_id: int) -> dict[str, Any]:
        def read(session: Session) -> dict[str, Any] | None:
            row = session.get(MatchRequest, request_id)
            return None if row is None or row.user_id != user.id else request_json(row)

        found = await self.store.read(read)
        if found is None:
            raise ApiError(404, f"you have no request {request_id}")
        return found

    async def mine(self, user: UserPublic) -> list[dict[str, Any]]:
        """My waiting requests and those of the last day, newest first."""
        since = self.settings.clock() - 86_400

        def read(session: Session) -> list[dict[str, Any]]:
            rows = session.scalars(
                select(MatchRequest)
                .where(
                    MatchRequest.user_id == user.id,
                    or_(MatchRequest.status == WAITING_REQUEST, MatchRequest.created_at >= since),
                )
                .order_by(MatchRequest.id.desc())
                .limit(50)
            )
            return [request_json(row) for row in rows]

        return await self.store.read(read)

    async def cancel(self, user: UserPublic, request_id: int) -> dict[str, Any]:
        """Stop waiting (404 not mine; 409 once matched or over)."""

        def write(session: Session) -> None:
            row = session.get(MatchRequest, request_id)
            if row is None or row.user_id != user.id:
                raise ApiError(404, f"you have no request {request_id}")
            done = session.execute(
                update(MatchRequest)
                .where(MatchRequest.id == request_id, MatchRequest.status == WAITING_REQUEST)
                .values(status=CANCELLED)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise ApiError(409, f"this request is {row.status} already")

        await self.store.write(write)
        return await self.one(user, request_id)

    async def waiting_now(self) -> list[dict[str, Any]]:
        """How many requests wait in each pool now (the lobby shows it beside the form); no names."""
        now = self.settings.clock()

        def read(session: Session) -> list[dict[str, Any]]:
            rows = session.execute(
                select(
                    MatchRequest.game,
                    MatchRequest.players,
                    MatchRequest.mode,
                    MatchRequest.deadline_hours,
                    MatchRequest.rated,
                    func.count(),
                )
                .where(MatchRequest.status == WAITING_REQUEST, MatchRequest.expires_at > now)
                .group_by(
                    MatchRequest.game,
                    MatchRequest.players,
                    MatchRequest.mode,
                    MatchRequest.deadline_hours,
                    MatchRequest.rated,
                )
            )
            keys = ("game", "players", "mode", "deadline_hours", "rated", "waiting")
            return sorted((dict(zip(keys, row, strict=True)) for row in rows), key=lambda r: -r["waiting"])

        return await self.store.read(read)

    # ------------------------------------------------------------------ matching

    async def match_pool(self, pool: str) -> list[str]:
        """Seat every group the pool can make now and start their games; answers the new tables."""
        now = self.settings.clock()
        is_postgres = not self.store.is_sqlite

        def write(session: Session) -> list[str]:
            if is_postgres:  # one matcher per pool across processes, until this transaction ends
                session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock_key(f"match:{pool}")})
            rows = list(
                session.scalars(
                    select(MatchRequest).where(
                        MatchRequest.pool == pool,
                        MatchRequest.status == WAITING_REQUEST,
                        MatchRequest.expires_at > now,
                    )
                )
            )
            rows = _without_suspended(session, rows, now)
            if not rows:
                return []
            size = rows[0].players
            waiting = [Waiting(r.id, r.user_id, r.ordinal, r.created_at) for r in rows]
            users = {r.user_id for r in rows}
            blocked = {
                (a, b)
                for a, b in session.execute(
                    select(UserBlock.user_id, UserBlock.blocked_id).where(
                        UserBlock.user_id.in_(users), UserBlock.blocked_id.in_(users)
                    )
                )
            }
            by_id = {r.id: r for r in rows}
            tables = []
            for group in choose_groups(waiting, size, now, blocked):
                tables.append(self._seat(session, [by_id[w.id] for w in group], now))
            return tables

        tables = await self.store.write(write)
        for table_id in tables:
            await self._start(table_id)
        return tables

    def _seat(self, session: Session, group: list[MatchRequest], now: float) -> str:
        """A full table for ``group`` (seats in a random order) and the requests marked matched."""
        first = group[0]
        table_id = new_id()
        order = list(group)
        secrets.SystemRandom().shuffle(order)
        creator = min(group, key=lambda r: (r.created_at, r.id))
        rows = [
            {"seat": index, "kind": USER, "user_id": row.user_id, "level": None}
            for index, row in enumerate(order)
        ]
        add_table(
            session,
            table_id,
            rows,
            now,
            game=first.game,
            players=first.players,
            options=dict(first.options),
            mode=first.mode,
            deadline_hours=first.deadline_hours,
            time_control=_control(first).stored(),
            on_timeout="bot",
            private=True,  # full from the start: never listed as open
            rated=first.rated,
            creator_id=creator.user_id,  # who waited longest starts the table
        )
        done = session.execute(
            update(MatchRequest)
            .where(MatchRequest.id.in_([r.id for r in group]), MatchRequest.status == WAITING_REQUEST)
            .values(status=MATCHED, table_id=table_id)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != len(group):  # type: ignore[attr-defined]
            raise ApiError(409, "a request was taken meanwhile; try again")
        return table_id

    async def _start(self, table_id: str) -> None:
        def creator(session: Session) -> UserPublic | None:
            row = session.execute(
                select(User.id, User.name)
                .join(GameTable, GameTable.creator_id == User.id)
                .where(GameTable.id == table_id, GameTable.status == WAITING)
            ).first()
            return None if row is None else UserPublic(row.id, row.name)

        user = await self.store.read(creator)
        if user is None:
            return  # started already (by another process's sweep, say)
        try:
            await self.master.start(table_id, user)
        except ApiError as exc:
            if exc.status != 409:  # 409: someone started it first
                raise

    async def sweep(self) -> int:
        """Expire old requests, start matched tables whose start was lost, and match every pool again (the
        spreads have widened). Answers the number of new tables."""
        now = self.settings.clock()

        def write(session: Session) -> tuple[list[str], list[str]]:
            session.execute(
                update(MatchRequest)
                .where(MatchRequest.status == WAITING_REQUEST, MatchRequest.expires_at <= now)
                .values(status=EXPIRED)
            )
            pools = list(
                session.scalars(
                    select(MatchRequest.pool).where(MatchRequest.status == WAITING_REQUEST).distinct()
                )
            )
            lost = list(
                session.scalars(
                    select(GameTable.id)
                    .join(MatchRequest, MatchRequest.table_id == GameTable.id)
                    .where(MatchRequest.status == MATCHED, GameTable.status == WAITING)
                    .distinct()
                )
            )
            return pools, lost

        pools, lost = await self.store.write(write)
        for table_id in lost:
            await self._start(table_id)
        made = 0
        for pool in pools:
            made += len(await self.match_pool(pool))
        return made

    async def watch(self, seconds: float) -> None:
        """The background sweep; with several processes one sweeps at a time (the others skip the round)."""
        while not self.master.closed:
            await asyncio.sleep(seconds)
            try:  # a database that is out fails the lease, the sweep or the release: the loop goes on
                lease = await self.master.locks.try_hold("matchmaking")
                if lease is None:
                    continue
                try:
                    await self.sweep()
                finally:
                    await lease.release()
            except Exception as exc:
                log_failure(log, exc, "matchmaking sweep failed")
