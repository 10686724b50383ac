"""The application by import string, for uvicorn's worker processes (``hellenika serve --workers N``).

uvicorn spawns each worker as a fresh interpreter that imports ``hellenika.server.factory:app_from_env`` and
calls it; the Settings the parent computed from its options travel in the environment variable
``HELLENIKA_SETTINGS`` as JSON (the fields that differ from the defaults and JSON can carry: the clock and the
static folder stay the defaults).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from typing import TYPE_CHECKING, Any

from hellenika.server.core.config import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

SETTINGS_ENV = "HELLENIKA_SETTINGS"
#: Settings no process can hand another through JSON: a callable and a path of the installed package.
NOT_CARRIED = frozenset({"clock", "static_dir"})


def settings_to_json(settings: Settings) -> str:
    """The fields of ``settings`` that differ from the defaults, as JSON (tuples become lists)."""
    default = Settings()
    values: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        if f.name in NOT_CARRIED:
            continue
        value = getattr(settings, f.name)
        if value == getattr(default, f.name):
            continue
        if isinstance(value, tuple):
            value = list(value)
        if value is not None and not isinstance(value, str | int | float | bool | list):
            raise TypeError(f"Settings.{f.name} can not be passed to a worker process: {value!r}")
        values[f.name] = value
    return json.dumps(values, sort_keys=True)


def settings_from_json(text: str) -> Settings:
    """The Settings ``settings_to_json`` wrote; an unknown or uncarried field is an error, not ignored."""
    values = json.loads(text)
    if not isinstance(values, dict):
        raise ValueError(f"{SETTINGS_ENV} must hold a JSON object")
    known = {f.name for f in dataclasses.fields(Settings)} - NOT_CARRIED
    unknown = sorted(set(values) - known)
    if unknown:
        raise ValueError(f"{SETTINGS_ENV} names unknown settings: {', '.join(unknown)}")
    default = Settings()
    for name, value in values.items():
        if isinstance(getattr(default, name), tuple) and isinstance(value, list):
            values[name] = tuple(value)
    return dataclasses.replace(default, **values)


def log_notifications() -> None:
    """Without SMTP the mails are written to this log (INFO), so a fresh install shows what would be sent."""
    notify_log = logging.getLogger("hellenika.server.notify")
    if not notify_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        notify_log.addHandler(handler)
        notify_log.setLevel(logging.INFO)


def app_from_env() -> FastAPI:
    """The application of one worker process, with the Settings of ``HELLENIKA_SETTINGS`` (default: none)."""
    from hellenika.server import collector
    from hellenika.server.app import create_app

    log_notifications()
    app = create_app(settings_from_json(os.environ.get(SETTINGS_ENV) or "{}"))
    collector.tune()
    return app
