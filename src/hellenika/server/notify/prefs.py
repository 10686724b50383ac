"""A person's notification settings: which events, which channels, the quiet rule and the daily digest.

A person without a ``notification_settings`` row has the defaults (every event, e-mail and the browser on,
no webhook, quiet while active for 10 minutes, no digest). The row is made when they first change a setting
or give an e-mail address; it holds the webhook's signing secret and the mail's unsubscribe token.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from hellenika.server.store.models import NotificationSettings, User

YOUR_TURN, DEADLINE_SOON, INVITED, GAME_OVER = "your_turn", "deadline_soon", "invited", "game_over"
VERIFY_EMAIL, DIGEST = "verify_email", "digest"
EVENTS = (YOUR_TURN, DEADLINE_SOON, INVITED, GAME_OVER)
EMAIL, WEBHOOK = "email", "webhook"

#: An address of printable ASCII: no spaces, quotes, angle brackets or line breaks (nothing that could
#: break a mail header), a dotted domain.
EMAIL_RULE = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@"
    r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
)
MAX_EMAIL = 254
MAX_WEBHOOK_URL = 500


@dataclass(frozen=True, slots=True)
class Prefs:
    """What one person chose (the defaults when they chose nothing yet)."""

    user_id: int
    name: str = ""
    email: str | None = None
    email_verified: bool = False
    your_turn: bool = True
    deadline_soon: bool = True
    deadline_hours: int = 4
    invited: bool = True
    game_over: bool = True
    by_email: bool = True
    by_webhook: bool = False
    by_browser: bool = True
    webhook_url: str | None = None
    webhook_secret: str = ""
    quiet: bool = True
    quiet_minutes: int = 10
    digest: bool = False
    unsubscribe_token: str = ""

    def wants(self, event: str) -> bool:
        return bool(getattr(self, event, False))

    def channels(self) -> list[str]:
        """The channels a notification goes out on now: e-mail to a verified address, a webhook URL."""
        found = []
        if self.by_email and self.email and self.email_verified:
            found.append(EMAIL)
        if self.by_webhook and self.webhook_url:
            found.append(WEBHOOK)
        return found

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for private in ("user_id", "name", "unsubscribe_token"):
            data.pop(private)
        return data


SETTING_COLUMNS = (
    "your_turn",
    "deadline_soon",
    "deadline_hours",
    "invited",
    "game_over",
    "by_email",
    "by_webhook",
    "by_browser",
    "webhook_url",
    "webhook_secret",
    "quiet",
    "quiet_minutes",
    "digest",
    "unsubscribe_token",
)


def insert_ignoring(session: Session, model: Any, rows: list[dict[str, Any]], keys: list[str]) -> int:
    """INSERT the rows, skipping those whose ``keys`` already exist (ON CONFLICT DO NOTHING on both
    backends); answers how many were inserted."""
    if not rows:
        return 0
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(model).values(rows).on_conflict_do_nothing(index_elements=keys)
    done = session.execute(statement)
    return int(getattr(done, "rowcount", 0) or 0)


def prefs_for(session: Session, user_ids: list[int]) -> dict[int, Prefs]:
    """The settings of these people (defaults for those without a row), with their names and addresses."""
    if not user_ids:
        return {}
    rows = session.execute(
        select(User.id, User.name, User.email, User.email_verified, NotificationSettings)
        .outerjoin(NotificationSettings, NotificationSettings.user_id == User.id)
        .where(User.id.in_(set(user_ids)))
    ).all()
    found: dict[int, Prefs] = {}
    for user_id, name, email, verified, row in rows:
        values: dict[str, Any] = {}
        if row is not None:
            values = {column: getattr(row, column) for column in SETTING_COLUMNS}
        found[user_id] = Prefs(
            user_id=user_id, name=name, email=email, email_verified=bool(verified), **values
        )
    return found


def ensure_row(session: Session, user_id: int, now: float) -> NotificationSettings:
    """The person's settings row, made with the defaults (and fresh secrets) if missing."""
    defaults = Prefs(user_id)
    values: dict[str, Any] = {column: getattr(defaults, column) for column in SETTING_COLUMNS}
    values.update(
        user_id=user_id,
        webhook_secret=secrets.token_hex(32),
        unsubscribe_token=secrets.token_urlsafe(32),
        updated_at=now,
    )
    insert_ignoring(session, NotificationSettings, [values], ["user_id"])
    row = session.get(NotificationSettings, user_id)
    assert row is not None
    return row


def valid_email(text: str) -> bool:
    return len(text) <= MAX_EMAIL and EMAIL_RULE.match(text) is not None
