"""The server's commands: ``serve`` (the web server, :mod:`hellenika.cli.serve`) and ``admin`` (grant or
revoke an account's admin role).

Nothing of the server (FastAPI, SQLAlchemy, uvicorn) is imported until one of them runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hellenika.cli.common import fail


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL (default: $DATABASE_URL, else sqlite:///./var/hellenika.db); "
            "PostgreSQL as postgresql+psycopg://user@host/db.",
        ),
    ] = None,
    database_timeout: Annotated[
        float | None,
        typer.Option(
            "--database-timeout",
            envvar="HELLENIKA_DATABASE_TIMEOUT",
            min=0,
            help="Seconds a PostgreSQL call may take before it is answered 503 and the database is probed "
            "until it answers again (default 5; 0: no limit).",
        ),
    ] = None,
    database_pool_size: Annotated[
        int | None,
        typer.Option(
            "--database-pool-size",
            envvar="HELLENIKA_DATABASE_POOL_SIZE",
            min=1,
            help="PostgreSQL connections each process keeps (default 6).",
        ),
    ] = None,
    database_pool_overflow: Annotated[
        int | None,
        typer.Option(
            "--database-pool-overflow",
            envvar="HELLENIKA_DATABASE_POOL_OVERFLOW",
            min=0,
            help="More connections each process may open at peak (default 4).",
        ),
    ] = None,
    database_pooler: Annotated[
        bool,
        typer.Option(
            "--database-pooler",
            envvar="HELLENIKA_DATABASE_POOLER",
            help="The database URL is PgBouncer in transaction mode: no session settings, no prepared "
            "statements (give --database-direct-url for the migrations and the leases).",
        ),
    ] = False,
    database_direct_url: Annotated[
        str | None,
        typer.Option(
            "--database-direct-url",
            envvar="DATABASE_DIRECT_URL",
            help="PostgreSQL itself, behind a pooler: the migrations and the leases' session locks.",
        ),
    ] = None,
    access_log: Annotated[
        bool, typer.Option("--access-log", help="Log every request (off by default: it costs under load).")
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            envvar="HELLENIKA_FORWARDED_ALLOW_IPS",
            help="Trust X-Forwarded-For/-Proto only from these proxies (comma-separated addresses or "
            "networks, e.g. 127.0.0.1 behind a local nginx). Default: from none, so no client can claim "
            "another address.",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            envvar="HELLENIKA_SECURE_COOKIES",
            help="Mark the session and CSRF cookies Secure (the site is served over HTTPS).",
        ),
    ] = False,
    register_limit: Annotated[
        int | None,
        typer.Option(
            "--register-limit",
            envvar="HELLENIKA_REGISTER_LIMIT",
            min=1,
            help="New accounts allowed per address in 10 minutes (default 5; raise it for a crowd behind one "
            "address).",
        ),
    ] = None,
    bot_pause: Annotated[
        float | None,
        typer.Option(
            "--bot-pause",
            envvar="HELLENIKA_BOT_PAUSE",
            min=0.0,
            max=10.0,
            help="Seconds a bot waits between its decisions at a live table where a person sits, so people "
            "can follow them (default 0.6; 0: no pause).",
        ),
    ] = None,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            "--smtp-url",
            envvar="SMTP_URL",
            help="Send notification mail through smtp://user:pass@host:port (smtps:// for TLS). Default: "
            "none, mail is only written to the log and the admin's outbox page (/admin/outbox).",
        ),
    ] = None,
    smtp_from: Annotated[
        str | None, typer.Option("--smtp-from", envvar="SMTP_FROM", help="The From address of mail.")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="PUBLIC_URL",
            help="The site's address as people reach it, for links in mail and webhooks "
            "(default http://HOST:PORT).",
        ),
    ] = None,
    notify_poll: Annotated[
        float | None,
        typer.Option(
            "--notify-poll",
            envvar="HELLENIKA_NOTIFY_POLL_SECONDS",
            min=0.05,
            help="Seconds between two passes of the notification drain (default 2).",
        ),
    ] = None,
    notify_retry: Annotated[
        float | None,
        typer.Option(
            "--notify-retry-seconds",
            envvar="HELLENIKA_NOTIFY_RETRY_SECONDS",
            min=0.05,
            help="The first retry delay of a failed notification, doubled each time (default 30).",
        ),
    ] = None,
    smtp_timeout: Annotated[
        float | None,
        typer.Option(
            "--smtp-timeout",
            envvar="HELLENIKA_SMTP_TIMEOUT",
            min=0.1,
            help="Seconds an SMTP command may take before the mail is tried again later (default 10); a "
            "mail's claim in the outbox lasts twice this plus 10 s.",
        ),
    ] = None,
    webhook_allow_private: Annotated[
        bool,
        typer.Option(
            "--webhook-allow-private",
            envvar="HELLENIKA_WEBHOOK_ALLOW_PRIVATE",
            help="Let webhooks post to loopback and private addresses (refused by default: SSRF).",
        ),
    ] = False,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            envvar="REDIS_URL",
            help="Redis for several processes (redis://host:6379/0): the notes that tell the other processes "
            "of moves and logouts, and the shared rate limits. Several processes also need PostgreSQL; "
            "default: none, one process.",
        ),
    ] = None,
    redis_prefix: Annotated[
        str | None,
        typer.Option(
            "--redis-prefix",
            envvar="HELLENIKA_REDIS_PREFIX",
            help="Key and channel prefix on Redis (default hellenika), so several sites can share one Redis.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            envvar="HELLENIKA_WORKERS",
            min=1,
            help="Server processes on this host (uvicorn's supervisor); more than 1 needs PostgreSQL and "
            "--redis-url.",
        ),
    ] = 1,
    timeout_graceful_shutdown: Annotated[
        int,
        typer.Option(
            "--timeout-graceful-shutdown",
            envvar="HELLENIKA_TIMEOUT_GRACEFUL_SHUTDOWN",
            min=1,
            help="Seconds to finish requests and WebSockets in flight after SIGTERM.",
        ),
    ] = 10,
    drain_seconds: Annotated[
        float,
        typer.Option(
            "--drain-seconds",
            envvar="HELLENIKA_DRAIN_SECONDS",
            min=0.0,
            help="After SIGTERM, seconds of answers that close their connections (Connection: close) before "
            "the shutdown, so no client sends on a connection as it is closed; it ends early once no "
            "connection is open (default 6: past the 5 s keep-alive; 0: none).",
        ),
    ] = 6.0,
) -> None:
    """Run the web server: every game in the browser, live or turn-based, with friends or bots."""
    from hellenika.cli.serve import run_server

    notifications: dict[str, object] = {
        "smtp_url": smtp_url or None,
        "public_url": public_url or f"http://{host}:{port}",
        "webhook_allow_private": webhook_allow_private,
        "database_pooler": database_pooler,
        "database_direct_url": database_direct_url or None,
    }
    for key, number in (
        ("database_timeout_seconds", database_timeout),
        ("database_pool_size", database_pool_size),
        ("database_pool_overflow", database_pool_overflow),
    ):
        if number is not None:
            notifications[key] = number
    for key, value in (
        ("smtp_from", smtp_from),
        ("notify_poll_seconds", notify_poll),
        ("notify_retry_seconds", notify_retry),
        ("smtp_timeout_seconds", smtp_timeout),
        ("redis_prefix", redis_prefix),
    ):
        if value:
            notifications[key] = value
    if bot_pause is not None:
        notifications["bot_pause_seconds"] = bot_pause

    run_server(
        host,
        port,
        database_url,
        access_log,
        forwarded_allow_ips=forwarded_allow_ips,
        secure_cookies=secure_cookies,
        register_limit=register_limit,
        notifications=notifications,
        redis_url=redis_url or None,
        workers=workers,
        timeout_graceful_shutdown=timeout_graceful_shutdown,
        drain_seconds=drain_seconds,
    )


def admin_role(
    action: Annotated[str, typer.Argument(help="grant or revoke")],
    name: Annotated[str, typer.Argument(help="the account's name")],
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="the server's database (default: $DATABASE_URL, else ./var)"),
    ] = None,
) -> None:
    """Make an account one of the server's admins, or take the role back (from any admin: nobody is one by
    registering first)."""
    from hellenika.server.core.config import database_url_from_env
    from hellenika.server.core.errors import ApiError
    from hellenika.server.people.roles import set_admin
    from hellenika.server.store import Store

    if action not in ("grant", "revoke"):
        fail(f"say grant or revoke, not {action!r}")
    store = Store(database_url_from_env(database_url))
    try:
        with store.session() as session, session.begin():
            shown = set_admin(session, name, action == "grant")
    except ApiError as exc:
        fail(exc.detail)
    finally:
        store.close()
    typer.echo(f"{shown} is {'now' if action == 'grant' else 'no longer'} an admin.")
