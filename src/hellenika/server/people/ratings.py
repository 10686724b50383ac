"""Ratings per game with openskill's Plackett-Luce model, updated in the transaction that ends a game.

Who is rated: every seat, people and bots alike. A bot is one named player per level (``Bot (medium)``), so
a person who plays only against bots still gets a rating, and the leaderboard shows how people compare with
the levels. A level that holds several seats of one game is rated once, from its best-placed seat. Automated
participants that never decide (Hercules' Hades, Peloponnes' Angelos) and games with a single seat are not
rated. A forfeit ranks the forfeiting seat last (docs/WEB.md).

Which games are rated (:func:`not_rated_reason`): not those at a table created unrated (``rated: false``),
and not a game resigned or lost on time before every person at it made ``MIN_DECISIONS`` decisions of their
own (moves a bot made for them after a timeout do not count), so an early walk-out costs nobody a rating.
The finished table's ``result`` says ``rated`` and, when not, ``not_rated`` in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from hellenika.server.store.models import Rating, User
from hellenika.server.tables import USER, TableInfo

_MODEL = PlackettLuce()

#: A forfeit before every person made this many decisions of their own leaves the ratings alone.
MIN_DECISIONS = 3


def decisions_by_seat(meta: Sequence[tuple[int, str]], players: int) -> list[int]:
    """How many decisions each seat made itself (``by == "user"``), from the (seat, by) of every action."""
    counts = [0] * players
    for seat, by in meta:
        if by == "user" and 0 <= seat < players:
            counts[seat] += 1
    return counts


def not_rated_reason(info: TableInfo, meta: Sequence[tuple[int, str]], forfeit: str | None) -> str | None:
    """Why the game that just ended at ``info`` changes no rating (plain words), or None when it is rated.

    ``meta`` is the (seat, by) of every action; ``forfeit`` is the forfeit's reason (``"timeout"`` or
    ``"resigned"``) or None for a game that ended by its rules.
    """
    if not info.rated:
        return "not rated: the table was created unrated"
    if len({player_key(info, seat)[0] for seat in range(info.players)}) < 2:
        return "not rated: fewer than two players to rate"
    if forfeit == "removed":
        return "not rated: an admin ended the game"
    if forfeit is not None:
        counts = decisions_by_seat(meta, info.players)
        people = [s.seat for s in info.seats if s.kind == USER]
        if any(counts[seat] < MIN_DECISIONS for seat in people):
            how = "lost on time" if forfeit == "timeout" else "resigned"
            return f"not rated: {how} before each player made {MIN_DECISIONS} moves"
    return None


def player_key(info: TableInfo, seat: int) -> tuple[str, int | None, str]:
    """(rating key, user id, display name) of a seat."""
    s = info.seats[seat]
    if s.kind == "bot":
        return f"bot:{s.level}", None, f"Bot ({s.level})"
    return f"user:{s.user_id}", s.user_id, s.user_name or "?"


def rate_game(session: Session, info: TableInfo, places: list[int], now: float) -> None:
    """Update the ratings of a finished game's seats from their places (1 = first)."""
    best: dict[str, tuple[int, int | None, str]] = {}
    for seat in range(info.players):
        key, user_id, name = player_key(info, seat)
        place = places[seat]
        if key not in best or place < best[key][0]:
            best[key] = (place, user_id, name)
    if len(best) < 2:
        return
    keys = sorted(best)
    rows = {
        r.player: r
        for r in session.scalars(select(Rating).where(Rating.game == info.game, Rating.player.in_(keys)))
    }
    teams = []
    for key in keys:
        row = rows.get(key)
        rating = _MODEL.rating() if row is None else _MODEL.rating(mu=row.mu, sigma=row.sigma)
        teams.append([rating])
    rated = _MODEL.rate(teams, ranks=[best[k][0] for k in keys])
    for key, team in zip(keys, rated, strict=True):
        place, user_id, name = best[key]
        row = rows.get(key)
        if row is None:
            row = Rating(game=info.game, player=key, user_id=user_id, name=name, games=0, wins=0)
            session.add(row)
        row.mu = team[0].mu
        row.sigma = team[0].sigma
        row.games += 1
        row.wins += 1 if place == 1 else 0
        row.updated_at = now


def leaderboard(session: Session, game: str, limit: int = 100) -> list[dict[str, Any]]:
    """Ratings of a game, best first by the conservative ordinal mu - 3 sigma (``rating``: the same, shown
    never below 0; mu and sigma are stored as openskill gives them)."""
    rows = session.execute(
        select(Rating, User.name).outerjoin(User, User.id == Rating.user_id).where(Rating.game == game)
    ).all()
    entries: list[dict[str, Any]] = []
    for rating, user_name in rows:
        ordinal = rating.mu - 3 * rating.sigma
        entries.append(
            {
                "name": user_name or rating.name,
                "kind": "bot" if rating.player.startswith("bot:") else "user",
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "ordinal": round(ordinal, 3),
                # What pages show: the ordinal, never below 0 (a new player's is about -25).
                "rating": round(max(0.0, ordinal), 3),
                "games": rating.games,
                "wins": rating.wins,
            }
        )
    entries.sort(key=lambda e: (-e["ordinal"], e["name"]))
    for rank, entry in enumerate(entries[:limit], start=1):
        entry["rank"] = rank
    return entries[:limit]
