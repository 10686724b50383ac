"""Sending e-mail: over SMTP with aiosmtplib when ``Settings.smtp_url`` is set, else to the server log
(the outbox row is then marked ``logged`` and the admin's outbox page shows what would have been sent).

``SMTP_URL`` is ``smtp://user:password@host:port`` (STARTTLS when the server offers it) or
``smtps://...`` (TLS from the first byte, port 465 by default). Every message has a plain-text part, an
HTML part, a ``Message-ID`` made from the outbox row (so a receiver can tell a repeat), and, for
notifications, ``List-Unsubscribe`` headers (RFC 8058 one-click).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate
from urllib.parse import unquote, urlsplit

import aiosmtplib

from hellenika.server.notify.messages import Message

log = logging.getLogger("hellenika.server.notify")


class MailError(Exception):
    """The SMTP server could not be reached or refused the message (tried again later)."""


@dataclass(frozen=True, slots=True)
class SmtpTarget:
    hostname: str
    port: int
    username: str | None
    password: str | None
    use_tls: bool


def parse_smtp_url(url: str) -> SmtpTarget:
    """``smtp[s]://[user[:password]@]host[:port]``; ValueError naming what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {parts.scheme or 'nothing'!r}")
    if not parts.hostname:
        raise ValueError("SMTP_URL names no host")
    use_tls = parts.scheme == "smtps"
    return SmtpTarget(
        hostname=parts.hostname,
        port=parts.port or (465 if use_tls else 25),
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        use_tls=use_tls,
    )


def build_email(
    message: Message, sender: str, to: str, row_id: int, dedupe_key: str, unsubscribe: str | None
) -> EmailMessage:
    """The MIME message; its ``Message-ID`` is the outbox row's, the same on every attempt."""
    email = EmailMessage()
    email["From"] = sender
    email["To"] = to
    email["Subject"] = message.subject
    email["Date"] = formatdate(usegmt=True)
    domain = sender.rsplit("@", 1)[-1].strip("> ") or "hellenika.invalid"
    email["Message-ID"] = f"<hellenika.outbox.{row_id}@{domain}>"
    email["X-Hellenika-Notification"] = dedupe_key
    text = message.text
    if unsubscribe:
        email["List-Unsubscribe"] = f"<{unsubscribe}>"
        email["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        text += f"\n\nUnsubscribe from these e-mails: {unsubscribe}"
    email.set_content(text)
    email.add_alternative(message.html(unsubscribe), subtype="html")
    return email


class Mailer:
    """Sends mail over SMTP, or logs it (``smtp_url`` None). ``send`` answers True when sent, False when
    only logged, and raises MailError when the server failed (the outbox retries)."""

    def __init__(self, smtp_url: str | None, sender: str, timeout: float) -> None:
        self.target = parse_smtp_url(smtp_url) if smtp_url else None
        self.sender = sender
        self.timeout = timeout

    @property
    def configured(self) -> bool:
        return self.target is not None

    async def send(self, email: EmailMessage) -> bool:
        if self.target is None:
            body = email.get_body(("plain",))
            text = body.get_content() if body is not None else ""
            log.info("mail (no SMTP configured) to %s: %s\n%s", email["To"], email["Subject"], text)
            return False
        target = self.target
        try:
            await aiosmtplib.send(
                email,
                hostname=target.hostname,
                port=target.port,
                username=target.username,
                password=target.password,
                use_tls=target.use_tls,
                timeout=self.timeout,
            )
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
            raise MailError(f"SMTP {target.hostname}:{target.port}: {exc}") from exc
        return True
