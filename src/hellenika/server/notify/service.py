"""What the settings page and the mail links do: read and change a person's notification settings, set an
e-mail address (queueing its verification mail in the same transaction), verify it from the link,
unsubscribe from the link in a mail, and the admin's view of the outbox.

An admin is an account granted the role (server/people/roles.py).
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import Taken, make_limiter
from hellenika.server.core.security import token_hash
from hellenika.server.notify.messages import compose
from hellenika.server.notify.outbox import PENDING, insert_rows
from hellenika.server.notify.prefs import (
    EMAIL,
    SETTING_COLUMNS,
    VERIFY_EMAIL,
    Prefs,
    ensure_row,
    prefs_for,
    valid_email,
)
from hellenika.server.notify.schemas import EmailRequest, NotifySettingsUpdate
from hellenika.server.notify.webhooks import check_url
from hellenika.server.people import UserPublic, is_admin
from hellenika.server.store import Store
from hellenika.server.store.models import EmailToken, NotificationSettings, OutboxRow, User
from hellenika.server.tables import iso

#: The settings a person changes with ``PUT /api/me/settings``; the webhook's URL and secret and the
#: unsubscribe token have their own ways in.
UPDATABLE = tuple(
    c for c in SETTING_COLUMNS if c not in ("webhook_url", "webhook_secret", "unsubscribe_token")
)


class NotifySettings:
    def __init__(self, store: Store, settings: Settings, mail_configured: bool, redis: Any = None) -> None:
        """``redis``: the verification limits are shared by every process (core/limits.py)."""
        self.store = store
        self.settings = settings
        self.mail_configured = mail_configured
        clock, prefix = settings.clock, settings.redis_prefix
        #: Verification mails per person, and to one address whoever asks, an hour: each checked and
        #: counted before the mail is queued (one step, so concurrent requests cannot all pass), and given
        #: back when no mail was queued after all.
        self.verify_limiter = make_limiter(
            redis,
            "verify-email",
            clock,
            settings.email_verify_per_hour,
            3600.0,
            "verification e-mails; check your inbox",
            prefix=prefix,
        )
        self.verify_address_limiter = make_limiter(
            redis,
            "verify-address",
            clock,
            settings.email_verify_per_address_hour,
            3600.0,
            "verification e-mails to this address",
            prefix=prefix,
        )

    def _answer(self, session: Session, user_id: int) -> dict[str, Any]:
        prefs = prefs_for(session, [user_id]).get(user_id) or Prefs(user_id)
        answer = prefs.to_json()
        answer["mail_configured"] = self.mail_configured
        answer["admin"] = is_admin(session, user_id)
        return answer

    async def get(self, user: UserPublic) -> dict[str, Any]:
        def work(session: Session) -> dict[str, Any]:
            ensure_row(session, user.id, self.settings.clock())  # the webhook secret to show
            return self._answer(session, user.id)

        return await self.store.write(work)

    async def put(self, user: UserPublic, body: NotifySettingsUpdate) -> dict[str, Any]:
        url = body.webhook_url
        if url:
            problem = check_url(url)
            if problem is not None:
                raise ApiError(422, f"webhook_url: {problem}")
        now = self.settings.clock()

        def work(session: Session) -> dict[str, Any]:
            row = ensure_row(session, user.id, now)
            for name in UPDATABLE:
                value = getattr(body, name)
                if value is not None:
                    setattr(row, name, value)
            if url is not None:
                row.webhook_url = url or None
                if not url:
                    row.by_webhook = False
            if body.rotate_webhook_secret:
                row.webhook_secret = secrets.token_hex(32)
            if row.by_webhook and not row.webhook_url:
                raise ApiError(422, "give a webhook address (webhook_url) to notify by webhook")
            row.updated_at = now
            session.flush()
            return self._answer(session, user.id)

        return await self.store.write(work)

    async def set_email(self, user: UserPublic, body: EmailRequest) -> dict[str, Any]:
        """Set (or with "" remove) my address; a new one is unverified and gets a verification mail."""
        email = body.email.strip()
        if email and not valid_email(email):
            raise ApiError(422, "that is not an e-mail address this server can send to (name@example.org)")
        now = self.settings.clock()
        taken = Taken()
        if email:
            await taken.take(self.verify_limiter, str(user.id))
            try:
                await taken.take(self.verify_address_limiter, email.casefold())
            except BaseException:
                await taken.give_back()
                raise

        def work(session: Session) -> tuple[dict[str, Any], bool]:
            ensure_row(session, user.id, now)
            person = session.get(User, user.id)
            if person is None:
                raise ApiError(401, "log in first")
            if not email:
                person.email, person.email_verified = None, False
                session.flush()
                return self._answer(session, user.id), False
            if person.email == email and person.email_verified:
                return self._answer(session, user.id), False
            person.email, person.email_verified = email, False
            session.flush()
            row = {
                "user_id": user.id,
                "channel": EMAIL,
                "event": VERIFY_EMAIL,
                "table_id": None,
                "dedupe_key": f"{VERIFY_EMAIL}:{user.id}:{secrets.token_hex(8)}",
                "payload": {"event": VERIFY_EMAIL, "email": email},
                "status": PENDING,
                "attempts": 0,
                "next_attempt_at": now,
                "created_at": now,
            }
            insert_rows(session, [row])
            return self._answer(session, user.id), True

        try:
            answer, queued = await self.store.write(work)
        except BaseException:
            await taken.give_back()
            raise
        if not queued:
            await taken.give_back()  # no mail: the address was removed, or is verified already
        return answer

    async def verify(self, token: str) -> tuple[bool, str]:
        """Follow a verification link: (verified, words for the page)."""
        now = self.settings.clock()

        def work(session: Session) -> tuple[bool, str]:
            found = session.get(EmailToken, token_hash(token))
            if found is None:
                return False, "This link is not valid. Ask for a new one on your settings page."
            if found.used_at is not None:
                return False, "This link was used already."
            if found.expires_at < now:
                return False, "This link has expired. Ask for a new one on your settings page."
            person = session.get(User, found.user_id)
            if person is None or person.email != found.email:
                return False, "Your address has changed since this link was sent."
            found.used_at = now
            person.email_verified = True
            return True, f"{found.email} is verified: notifications can now reach you by e-mail."

        return await self.store.write(work)

    async def unsubscribe_target(self, token: str) -> str | None:
        """The name of the person whose unsubscribe link this is, or None."""

        def read(session: Session) -> str | None:
            name: str | None = session.scalar(
                select(User.name)
                .join(NotificationSettings, NotificationSettings.user_id == User.id)
                .where(NotificationSettings.unsubscribe_token == token)
            )
            return name

        return await self.store.read(read)

    async def unsubscribe(self, token: str) -> bool:
        now = self.settings.clock()

        def work(session: Session) -> bool:
            done = session.execute(
                update(NotificationSettings)
                .where(NotificationSettings.unsubscribe_token == token)
                .values(by_email=False, updated_at=now)
            )
            return bool(getattr(done, "rowcount", 0))

        return await self.store.write(work)

    async def outbox(self, user: UserPublic, limit: int) -> dict[str, Any]:
        """The newest outbox rows with what each says (the admin only; 403 for others)."""
        public_url = self.settings.public_url

        def read(session: Session) -> dict[str, Any]:
            if not is_admin(session, user.id):
                raise ApiError(403, "only the server's admins can read the outbox")
            rows = session.execute(
                select(OutboxRow, User.name, User.email)
                .join(User, User.id == OutboxRow.user_id)
                .order_by(OutboxRow.id.desc())
                .limit(limit)
            ).all()
            items = []
            for row, name, email in rows:
                logged = row.payload.get("logged") if isinstance(row.payload, dict) else None
                if isinstance(logged, dict):
                    subject, text, to = logged.get("subject"), logged.get("text"), logged.get("to")
                else:
                    message = compose(dict(row.payload), name, public_url)
                    subject, text = message.subject, message.text
                    to = email if row.channel == EMAIL else "webhook"
                items.append(
                    {
                        "id": row.id,
                        "user": name,
                        "channel": row.channel,
                        "event": row.event,
                        "table_id": row.table_id,
                        "status": row.status,
                        "attempts": row.attempts,
                        "last_error": row.last_error,
                        "created_at": iso(row.created_at),
                        "sent_at": iso(row.sent_at),
                        "to": to,
                        "subject": subject,
                        "text": text,
                    }
                )
            return {"mail_configured": self.mail_configured, "outbox": items}

        return await self.store.read(read)
