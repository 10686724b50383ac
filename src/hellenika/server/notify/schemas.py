"""Request bodies of the notification settings (strict, bounded, as server/core/schemas.py's)."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from hellenika.server.core.schemas import Strict
from hellenika.server.notify.prefs import EMAIL_RULE, MAX_EMAIL, MAX_WEBHOOK_URL


class NotifySettingsUpdate(Strict):
    """``PUT /api/me/settings``: the fields given change, those left out keep their values."""

    your_turn: bool | None = None
    deadline_soon: bool | None = None
    deadline_hours: int | None = Field(default=None, ge=1, le=168, description="warn this many hours before")
    invited: bool | None = None
    game_over: bool | None = None
    by_email: bool | None = None
    by_webhook: bool | None = None
    by_browser: bool | None = None
    webhook_url: str | None = Field(
        default=None, max_length=MAX_WEBHOOK_URL, description="http(s) address; empty removes it"
    )
    rotate_webhook_secret: bool = Field(default=False, description="make a new signing secret")
    quiet: bool | None = Field(default=None, description="no your-turn notice while I am active on the site")
    quiet_minutes: int | None = Field(default=None, ge=0, le=1440)
    digest: bool | None = Field(default=None, description="e-mail one digest a day instead of each notice")


#: An address (prefs.EMAIL_RULE), or nothing to remove it.
EMAIL_PATTERN = f"^$|{EMAIL_RULE.pattern}"


class EmailRequest(Strict):
    """``POST /api/me/email``: the address to verify (a link is mailed to it); empty removes it."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"email": "ariadne@example.org"}]})

    email: str = Field(max_length=MAX_EMAIL, pattern=EMAIL_PATTERN)
