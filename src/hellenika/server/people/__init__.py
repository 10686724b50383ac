"""People: accounts and sessions, profiles, friends, mutes and blocks, ratings.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.people.accounts import Accounts, UserPublic
from hellenika.server.people.deps import CurrentUser, OptionalUser
from hellenika.server.people.ratings import not_rated_reason, rate_game
from hellenika.server.people.roles import is_admin, require_admin, user_id_of
from hellenika.server.people.social import (
    hidden_authors,
    readers_not_reading,
    refuse_blocked_invitations,
    refuse_blocked_join,
)

__all__ = [
    "Accounts",
    "CurrentUser",
    "OptionalUser",
    "UserPublic",
    "hidden_authors",
    "is_admin",
    "not_rated_reason",
    "rate_game",
    "readers_not_reading",
    "refuse_blocked_invitations",
    "refuse_blocked_join",
    "require_admin",
    "user_id_of",
]
