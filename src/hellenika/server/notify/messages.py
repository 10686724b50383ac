"""The words of each notification: a subject, plain text, a simple HTML part (every value escaped) and the
webhook's JSON body (Discord's ``content`` and Slack's ``text`` plus structured fields).

Everything here is pure: it takes the outbox row's payload, the person and the site's public address.
"""

from __future__ import annotations

import datetime as dt
import html
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from hellenika import games
from hellenika.engine.errors import HellenikaError
from hellenika.server.notify.prefs import (
    DEADLINE_SOON,
    DIGEST,
    GAME_OVER,
    INVITED,
    VERIFY_EMAIL,
    YOUR_TURN,
)
from hellenika.web.results import forfeit_words

#: Discord refuses a ``content`` over 2000 characters.
MAX_CONTENT = 1900


@dataclass(frozen=True, slots=True)
class Message:
    subject: str
    text: str
    link: str | None

    def html(self, unsubscribe: str | None) -> str:
        """The HTML part: the text's paragraphs, the link and the unsubscribe link, all escaped."""
        paragraphs = "".join(
            f"<p>{html.escape(part).replace(chr(10), '<br>')}</p>" for part in self.text.split("\n\n") if part
        )
        link = f'<p><a href="{html.escape(self.link)}">Open the table</a></p>' if self.link else ""
        footer = (
            f'<p style="color:#666;font-size:small"><a href="{html.escape(unsubscribe)}">'
            "Unsubscribe from these e-mails</a></p>"
            if unsubscribe
            else ""
        )
        title = html.escape(self.subject)
        return (
            f'<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body>{paragraphs}{link}{footer}</body></html>"
        )


def title_of(game: str) -> str:
    try:
        return games.get(game).title
    except HellenikaError:
        return game


def table_link(public_url: str, table_id: str) -> str:
    return f"{public_url.rstrip('/')}/tables/{quote(table_id, safe='')}"


def when(seconds: float | None) -> str:
    if seconds is None:
        return "no deadline"
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def left_words(deadline: float | None, now: float | None) -> str:
    """ " (12 hours left)" with the time from ``now`` to the deadline, or "" when either is unknown."""
    if deadline is None or now is None:
        return ""
    seconds = max(0.0, deadline - now)
    if seconds >= 2 * 86400:
        amount, unit = round(seconds / 86400), "day"
    elif seconds >= 2 * 3600:
        amount, unit = round(seconds / 3600), "hour"
    else:
        amount, unit = max(1, round(seconds / 60)), "minute"
    return f" ({amount} {unit}{'s' if amount != 1 else ''} left)"


def result_words(payload: dict[str, Any]) -> str:
    names: list[str] = payload.get("names") or []
    result = payload.get("result") or {}
    places = result.get("places") or []
    lines = []
    for seat, name in enumerate(names):
        if seat < len(places):
            lines.append(f"{places[seat]}. {name}")
    reason = result.get("reason")
    forfeit = result.get("forfeit")
    if isinstance(forfeit, int) and 0 <= forfeit < len(names):
        lines.append(f"{forfeit_words(forfeit, reason, names)}.")
    if result.get("end_reason"):
        lines.append(str(result["end_reason"]))
    if result.get("abandoned"):
        lines.append("The players agreed to abandon the game; nobody wins.")
    return "\n".join(sorted(lines[: len(places)]) + lines[len(places) :])


def compose(payload: dict[str, Any], name: str, public_url: str, now: float | None = None) -> Message:
    """The message for one outbox payload, addressed to ``name``; ``now`` (when it is sent) says how much
    time a turn has left."""
    event = payload.get("event", "")
    if event == VERIFY_EMAIL:
        link = str(payload.get("link", ""))
        text = (
            f"Hello {name},\n\nplease confirm that {payload.get('email', '')} is your address for "
            f"Hellenika's notifications by opening this link:\n{link}\n\n"
            "If you did not ask for this, ignore this message."
        )
        return Message("Confirm your e-mail address for Hellenika", text, None)
    if event == DIGEST:
        items: list[dict[str, Any]] = payload.get("items", [])
        parts = [compose(item, name, public_url, now) for item in items]
        body = "\n\n".join(f"- {m.subject}\n  {m.link or ''}" for m in parts)
        text = f"Hello {name},\n\nyour Hellenika day ({len(parts)} notifications):\n\n{body}"
        return Message(
            f"Hellenika: your daily digest ({len(parts)})", text, public_url.rstrip("/") + "/lobby"
        )
    table_id = str(payload.get("table_id", ""))
    title = title_of(str(payload.get("game", "")))
    link = table_link(public_url, table_id)
    others = ", ".join(n for n in payload.get("names", []) if n != name)
    if event == YOUR_TURN:
        subject = f"Your turn in {title}"
        text = f"Hello {name},\n\nit is your turn in {title} (with {others})."
        if payload.get("turn_deadline"):
            left = left_words(payload["turn_deadline"], now)
            text += f"\nDecide before {when(payload['turn_deadline'])}{left}."
    elif event == DEADLINE_SOON:
        subject = f"Your time in {title} runs out soon"
        ends = when(payload.get("turn_deadline")) + left_words(payload.get("turn_deadline"), now)
        text = f"Hello {name},\n\nyour turn in {title} (with {others}) ends at {ends}."
    elif event == INVITED:
        subject = f"{payload.get('creator', 'Someone')} invites you to {title}"
        text = f"Hello {name},\n\n{payload.get('creator', 'someone')} invites you to a table of {title}."
        text += " Accept or decline it on the table's page."
    elif event == GAME_OVER:
        subject = f"{title} is over"
        text = f"Hello {name},\n\nthe game of {title} (with {others}) is over.\n\n{result_words(payload)}"
    else:
        subject, text = "Hellenika", f"Hello {name},\n\nsomething happened at a table."
    return Message(subject, f"{text}\n\nOpen the table: {link}", link)


def webhook_body(
    payload: dict[str, Any], name: str, public_url: str, delivery: int, now: float
) -> dict[str, Any]:
    """The webhook's JSON: ``content`` (Discord) and ``text`` (Slack) carry the words; the rest is for
    programs."""
    message = compose(payload, name, public_url, now)
    words = f"{message.subject}: {message.link}" if message.link else message.subject
    return {
        "content": words[:MAX_CONTENT],
        "text": words[:MAX_CONTENT],
        "username": "Hellenika",
        "event": payload.get("event"),
        "delivery": delivery,
        "user": name,
        "table": {
            "id": payload.get("table_id"),
            "game": payload.get("game"),
            "title": title_of(str(payload.get("game", ""))),
            "url": message.link,
            "turn_deadline": payload.get("turn_deadline"),
        },
        "subject": message.subject,
        "message": message.text,
        "sent_at": now,
    }
