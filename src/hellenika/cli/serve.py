"""``hellenika serve``: run the web server under uvicorn.

SQLite files get their folder created (``./var`` by default) so ``make run`` works on a fresh clone.

Forwarded headers (``X-Forwarded-For``, ``X-Forwarded-Proto``) are trusted only from the proxies named by
``--forwarded-allow-ips``; by default from none. uvicorn on its own trusts them from 127.0.0.1, so without
this any local process (or a proxy that passes the header through unchanged) could claim any address and
step around the per-address rate limits, which count ``request.client.host``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI


def ensure_sqlite_folder(database_url: str) -> None:
    """Create the folder of a file-based SQLite database; other databases are left alone."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)


#: The largest WebSocket message uvicorn reads (server/routers/ws.py refuses more than 16 KiB itself).
WS_MAX_SIZE = 64 * 1024


def uvicorn_config(
    app: FastAPI,
    host: str,
    port: int,
    *,
    access_log: bool = False,
    forwarded_allow_ips: str | None = None,
    log_level: str = "info",
) -> uvicorn.Config:
    """How uvicorn runs the app. ``forwarded_allow_ips`` is a comma-separated list of proxy addresses or
    networks (``"*"`` trusts everyone, only for a server no one reaches but through its proxy); empty or None
    turns proxy headers off, whatever uvicorn's own default or ``FORWARDED_ALLOW_IPS`` say."""
    import uvicorn

    proxies = (forwarded_allow_ips or "").strip()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        access_log=access_log,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        # uvicorn would buffer WebSocket messages up to 16 MiB; the app answers anything over its own limit
        # (Settings.max_ws_message_bytes, 16 KiB) with 1009; this keeps bigger ones from being read at all.
        ws_max_size=WS_MAX_SIZE,
    )


def run_server(
    host: str,
    port: int,
    database_url: str | None,
    access_log: bool = False,
    *,
    forwarded_allow_ips: str | None = None,
    secure_cookies: bool = False,
    register_limit: int | None = None,
) -> None:
    import uvicorn

    from hellenika.server import Settings, create_app
    from hellenika.server.config import database_url_from_env

    url = database_url_from_env(database_url)
    ensure_sqlite_folder(url)
    settings = Settings(database_url=url, secure_cookies=secure_cookies)
    if register_limit is not None:
        settings = dataclasses.replace(settings, register_per_address=register_limit)
    app = create_app(settings)
    server = uvicorn.Server(
        uvicorn_config(app, host, port, access_log=access_log, forwarded_allow_ips=forwarded_allow_ips)
    )
    server.run()
    if not server.started:  # e.g. the port is taken: fail as uvicorn.run does
        raise SystemExit(3)
