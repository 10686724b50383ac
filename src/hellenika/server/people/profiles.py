"""Profiles (``/users/{name}``): who a player is on this server, from what the database already holds.

- **member since**: the account's creation;
- **per game**: the rating (openskill's ordinal mu - 3 sigma, shown never below 0 as on the leaderboard) and
  its number of rated games, and from every finished table the person sat at: games played, wins (first
  places, shared ones included) and how often they took each place;
- **favourite games**: the most played, at most three;
- **recent games**: finished tables, latest first, a page at a time (a cursor as in ``GET
  /api/tables/mine/finished``), each with links to its replay and its table. A private table is listed only
  to a viewer who sat at it; the counts include every game (the ratings do too, and they are public).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.server.core.errors import ApiError
from hellenika.server.people.accounts import name_key
from hellenika.server.store.models import GameTable, Rating, Seat, User
from hellenika.server.tables import FINISHED, USER, TableInfo, iso, load_infos

#: Favourite games shown (the most played).
FAVOURITES = 3
#: The longest name looked up (names are at most 32 characters; anything longer is nobody's).
MAX_NAME = 64


def find_user(session: Session, name: str) -> tuple[int, str, float]:
    """(id, name, created_at) of the account with this name (case ignored); 404 when there is none."""
    row = None
    if 0 < len(name) <= MAX_NAME:
        row = session.execute(
            select(User.id, User.name, User.created_at).where(User.name_key == name_key(name.strip()))
        ).first()
    if row is None:
        raise ApiError(404, f"no user named {name!r}")
    return row[0], row[1], row[2]


def _place(result: dict[str, Any] | None, seat: int) -> int | None:
    places = (result or {}).get("places")
    if isinstance(places, list) and 0 <= seat < len(places) and isinstance(places[seat], int):
        return int(places[seat])
    return None


def _score(result: dict[str, Any] | None, seat: int) -> float | None:
    scores = (result or {}).get("scores")
    if isinstance(scores, list) and 0 <= seat < len(scores) and isinstance(scores[seat], int | float):
        return float(scores[seat])
    return None


def game_stats(session: Session, user_id: int) -> list[dict[str, Any]]:
    """Per game the person played or is rated in: rating, rated games, played, wins and places."""
    played: Counter[str] = Counter()
    places: dict[str, Counter[int]] = {}
    # One grouped query over the person's seats (their place is stored on the seat when a game ends), not a
    # read of every game's result: a profile costs the same after ten games or ten thousand.
    rows = session.execute(
        select(GameTable.game, Seat.place, func.count())
        .join(Seat, Seat.table_id == GameTable.id)
        .where(Seat.user_id == user_id, Seat.kind == USER, GameTable.status == FINISHED)
        .group_by(GameTable.game, Seat.place)
    )
    for game, place, count in rows:
        played[game] += count
        if place is not None and place >= 1:
            places.setdefault(game, Counter())[place] += count
    ratings = {r.game: r for r in session.scalars(select(Rating).where(Rating.player == f"user:{user_id}"))}
    known = set(games.names())
    stats: list[dict[str, Any]] = []
    for game in sorted((set(played) | set(ratings)) & known):
        rating = ratings.get(game)
        counts = places.get(game, Counter())
        ordinal = None if rating is None else rating.mu - 3 * rating.sigma
        stats.append(
            {
                "game": game,
                "title": games.get(game).title,
                "rating": None if ordinal is None else round(max(0.0, ordinal), 3),
                "ordinal": None if ordinal is None else round(ordinal, 3),
                "mu": None if rating is None else round(rating.mu, 3),
                "sigma": None if rating is None else round(rating.sigma, 3),
                "rated_games": 0 if rating is None else rating.games,
                "played": played[game],
                "wins": counts[1],
                # places[0] is how often first, places[1] second, ... up to the worst place taken.
                "places": [counts[p] for p in range(1, max(counts, default=0) + 1)],
            }
        )
    stats.sort(key=lambda s: (-s["played"], -s["rated_games"], s["game"]))
    return stats


def _visible(user_id: int, viewer_id: int | None) -> Any:
    """Finished tables of ``user_id`` that ``viewer_id`` may see listed: public ones, and private ones the
    viewer sat at."""
    seated = select(Seat.table_id).where(Seat.user_id == user_id, Seat.kind == USER)
    condition = and_(GameTable.id.in_(seated), GameTable.status == FINISHED)
    if viewer_id is None:
        return and_(condition, GameTable.private.is_(False))
    viewer_seated = select(Seat.table_id).where(Seat.user_id == viewer_id, Seat.kind == USER)
    return and_(condition, or_(GameTable.private.is_(False), GameTable.id.in_(viewer_seated)))


def recent_games(
    session: Session, user_id: int, viewer_id: int | None, limit: int, before: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the person's finished games the viewer may see, latest first, and the next page's
    ``before`` (None on the last page); a ``before`` that is no such table is 422."""
    query = select(GameTable.id).where(_visible(user_id, viewer_id))
    if before is not None:
        cursor = session.execute(
            select(GameTable.finished_at, GameTable.id).where(
                GameTable.id == before, _visible(user_id, viewer_id)
            )
        ).first()
        if cursor is None:
            raise ApiError(422, f"before: {before!r} is no finished game of this player")
        when, cursor_id = cursor
        query = query.where(
            or_(
                GameTable.finished_at < when,
                and_(GameTable.finished_at == when, GameTable.id < cursor_id),
            )
        )
    ids = list(
        session.scalars(query.order_by(GameTable.finished_at.desc(), GameTable.id.desc()).limit(limit + 1))
    )
    more = len(ids) > limit
    ids = ids[:limit]
    return [game_entry(info, user_id) for info in load_infos(session, ids)], (ids[-1] if more else None)


def game_entry(info: TableInfo, user_id: int) -> dict[str, Any]:
    """A finished game as a profile lists it: what it was, the person's seat, place and score, the links."""
    seat = info.seat_of(user_id)
    return {
        "id": info.id,
        "game": info.game,
        "title": games.get(info.game).title,
        "players": info.players,
        "names": info.seat_names(),
        "seat": seat,
        "place": None if seat is None else _place(info.result, seat),
        "score": None if seat is None else _score(info.result, seat),
        "finished_at": iso(info.finished_at),
        "end_text": info.end_text(),
        "rated": bool((info.result or {}).get("rated", info.rated)),
        "private": info.private,
        "table_url": f"/tables/{info.id}",
        "replay_url": f"/replays/{info.id}",
    }


def profile(session: Session, name: str, viewer_id: int | None, limit: int) -> dict[str, Any]:
    """The profile answer of ``GET /api/users/{name}``."""
    user_id, shown, created = find_user(session, name)
    stats = game_stats(session, user_id)
    recent, following = recent_games(session, user_id, viewer_id, limit, None)
    own = viewer_id == user_id
    return {
        "user": {"id": user_id, "name": shown},
        "member_since": iso(created),
        "me": own,
        "settings_url": "/settings" if own else None,
        "games": stats,
        "favourites": [
            {"game": s["game"], "title": s["title"], "played": s["played"]}
            for s in stats[:FAVOURITES]
            if s["played"] > 0
        ],
        "played": sum(s["played"] for s in stats),
        "recent": recent,
        "next": following,
    }
