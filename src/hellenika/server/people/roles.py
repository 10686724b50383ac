"""Who may run the server: an admin is an account granted the role (``users.is_admin``), on the server's own
machine with ``hellenika admin grant NAME`` and taken back with ``hellenika admin revoke NAME``. Nobody is an
admin by registering: on a fresh public server the first visitor to register would otherwise own it. Every
admin can be revoked, the first one included. Moderation and the notification outbox ask here; the CLI
grants and takes back the role."""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from hellenika.server.core.errors import ApiError
from hellenika.server.people.accounts import UserPublic
from hellenika.server.people.profiles import find_user
from hellenika.server.store.models import User


def is_admin(session: Session, user_id: int) -> bool:
    """Whether the account holds the admin role."""
    return bool(session.scalar(select(User.is_admin).where(User.id == user_id)))


def require_admin(session: Session, user: UserPublic) -> None:
    if not is_admin(session, user.id):
        raise ApiError(403, "only the server's admins can do this")


def user_id_of(session: Session, name: str, missing: int = 404) -> tuple[int, str]:
    """The account's id and name as registered (profiles.find_user); ``missing`` is the status when there is
    none (404 for a name in the address, 422 for one in a body)."""
    try:
        user_id, shown, _since = find_user(session, name)
    except ApiError as exc:
        raise ApiError(missing, exc.detail) from None
    return user_id, shown


def set_admin(session: Session, name: str, granted: bool) -> str:
    """Grant or take back the role (the CLI's ``hellenika admin grant|revoke NAME``); answers the name."""
    user_id, shown = user_id_of(session, name)
    session.execute(update(User).where(User.id == user_id).values(is_admin=granted))
    return shown
