"""The server's settings: one frozen object built by the CLI (or a test) and handed to ``create_app``.

Everything a test may want to change lives here, the clock included, so tests never sleep and never touch
the developer's ``./var`` database.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///./var/hellenika.db"
STATIC_DIR = Path(__file__).resolve().parents[2] / "web" / "static"


def database_url_from_env(explicit: str | None = None) -> str:
    """The database to use: the explicit URL, else ``DATABASE_URL``, else SQLite under ``./var``."""
    return explicit or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL


@dataclass(frozen=True)
class Settings:
    """How one server instance runs."""

    database_url: str = DEFAULT_DATABASE_URL
    # The database's connections and outages (server/store/, docs/WEB.md "Connections").
    #: Seconds a database call may take, waiting for a thread included, before it is answered 503 and the
    #: store refuses calls until the database answers again (PostgreSQL only; 0: no limit).
    database_timeout_seconds: float = 5.0
    #: Connections this process keeps in its pool, and how many more it may open at peak.
    database_pool_size: int = 6
    database_pool_overflow: int = 4
    #: ``database_url`` is PgBouncer in transaction mode: no session settings, no prepared statements, and
    #: leases are rows of ``leases`` with an expiry rather than session advisory locks (core/coordination.py).
    database_pooler: bool = False
    #: The database itself behind a pooler (migrations and the leases' session locks); None: database_url.
    database_direct_url: str | None = None
    static_dir: Path = STATIC_DIR
    #: Seconds since the epoch; injected by tests to move deadlines without sleeping.
    clock: Callable[[], float] = field(default=time.time)
    #: The longest the deadline watcher sleeps (seconds): it wakes at the nearest deadline it knows of, and
    #: this often to learn of those other processes set; 0 disables the background task (tests drive it).
    deadline_poll_seconds: float = 0.5
    #: Mark the session and CSRF cookies Secure (behind HTTPS; ``hellenika serve --secure-cookies``).
    secure_cookies: bool = False
    #: Session lifetime in seconds (30 days).
    session_seconds: int = 30 * 24 * 3600
    #: Login rate limit: this many failures per name and address within ``login_window_seconds`` -> 429.
    login_failures: int = 5
    login_window_seconds: float = 60.0
    #: Take a snapshot of a table's serialised state every this many actions (restart speed).
    snapshot_every: int = 50
    #: argon2 cost (argon2-cffi's defaults, RFC 9106's low-memory profile); tests lower it to save time.
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 65536
    argon2_parallelism: int = 4
    #: The level that plays for a late seat when its clock runs out with on_timeout=bot.
    timeout_bot_level: str = "medium"
    #: A seat whose time runs out this many times forfeits (server/round/endings.py).
    max_timeouts: int = 3
    #: At a live table, how long the others have to decide about a seat whose time ran out before the
    #: timeout bot plays its turn (seconds).
    timeout_decision_seconds: float = 60.0
    # Input limits at the edge (server/core/edge.py): body caps in bytes, and the largest WebSocket message.
    max_body_bytes: int = 64 * 1024
    max_record_bytes: int = 8 * 1024 * 1024
    max_ws_message_bytes: int = 16 * 1024
    # Accounts, rate limits and proxies (accounts.py, security.py): per-address limits, checked before any
    # password hashing, and a bound on the hashing itself (an argon2 hash holds argon2_memory_kib and a core).
    #: At most this many new accounts per address within ``register_window_seconds`` (10 minutes) -> 429.
    register_per_address: int = 5
    register_window_seconds: float = 600.0
    #: At most this many failed logins per address, whatever the names, within the window (10 minutes) -> 429.
    login_failures_per_address: int = 20
    login_address_window_seconds: float = 600.0
    #: Password hashes and checks at once (in worker threads); ``hash_waiting`` more wait a turn, then 503.
    hash_slots: int = 2
    hash_waiting: int = 16
    # Consent (server/lobby/service.py): a person creates only tables they sit at, unless this is set (e.g.
    # for an organiser who sets up tournament tables; the invitees still accept their seats).
    allow_tables_without_creator: bool = False
    # Many processes (docs/WEB.md "Production"): PostgreSQL is the truth, Redis carries the notes
    # that tell the other processes a table changed or a session closed (server/core/fanout.py) and the shared
    # rate limits (server/core/limits.py). None: one process (SQLite's only mode).
    #: ``redis://host:6379/0`` (``hellenika serve --redis-url`` or ``REDIS_URL``).
    redis_url: str | None = None
    #: Key and channel prefix on Redis, so several sites can share one Redis.
    redis_prefix: str = "hellenika"
    #: Several processes: how often each looks for a bot that should be moving and is not (its process may
    #: have died; server/round/sync.py); 0 disables the task (tests call master.sweep_bots()).
    bot_sweep_seconds: float = 2.0
    #: At a live table with a person seated, each bot decision comes at least this long after the previous
    #: commit (server/round/bots.py), so people can follow the bots' moves one at a time; turn-based tables
    #: and tables of bots only never wait. 0: no pause (tests that need speed).
    bot_pause_seconds: float = 0.6
    #: Worker processes of the bot pool (server/core/thinkers.py) where searches run: searching bots' moves,
    #: hints' "think harder" and post-game reviews, never in the event loop's process; spawned, at a lower
    #: priority. 0 runs them in a thread of the serving process (tests that want no process start-up).
    bot_workers: int = 2
    #: A Ray cluster (``auto``, ``HOST:6379`` or ``ray://HOST:10001``) to run the searches on instead of the
    #: local workers; None: the local pool.
    ray_address: str | None = None
    #: Vacation days a person may take per calendar year (server/round/vacations.py): their deadlines wait.
    vacation_days_per_year: int = 20
    # Notifications (server/notify/, docs/WEB.md "Notifications"): the outbox's drain, SMTP, links, webhooks.
    #: How often the drain delivers the outbox (seconds); 0 disables the task (tests call notifier.drain()).
    notify_poll_seconds: float = 2.0
    #: ``smtp://user:pass@host:port`` (``smtps://`` for TLS from the start); None: mail goes to the log and
    #: the admin's outbox page only (``hellenika serve --smtp-url`` or ``SMTP_URL``).
    smtp_url: str | None = None
    smtp_from: str = "Hellenika <hellenika@localhost>"
    smtp_timeout_seconds: float = 10.0
    #: How often the drain looks for turns whose deadline is near, to send "deadline soon" (seconds).
    notify_deadline_check_seconds: float = 60.0
    #: The site's address as people reach it: absolute links in mails and webhooks (``PUBLIC_URL``).
    public_url: str = "http://127.0.0.1:8000"
    #: A failed delivery is tried again after base * 2^(attempts-1) seconds (at most the cap), at most
    #: ``notify_max_attempts`` times in all.
    notify_retry_seconds: float = 30.0
    notify_max_backoff_seconds: float = 3600.0
    notify_max_attempts: int = 8
    webhook_timeout_seconds: float = 10.0
    #: Webhooks to loopback, private, link-local or reserved addresses are refused (SSRF) unless this is
    #: set; hosts named in ``webhook_allowed_hosts`` are allowed whatever they resolve to.
    webhook_allow_private: bool = False
    webhook_allowed_hosts: tuple[str, ...] = ()
    #: Verification mails per person an hour (``POST /api/me/email``), then 429; checked and counted at once,
    #: shared by every process through Redis when there is one (server/core/limits.py).
    email_verify_per_hour: int = 5
    #: Verification mails to one address an hour, whoever asks (so accounts cannot take turns at one inbox).
    email_verify_per_address_hour: int = 5
    #: A webhook receiver gets at most this many deliveries at once (the others wait for the next pass), and
    #: the drain runs at most ``webhook_parallel`` at once in all (server/notify/worker.py).
    webhook_per_receiver: int = 2
    webhook_parallel: int = 16
    #: How often waiting match requests are matched again (their spreads widen) and expired (seconds);
    #: 0 disables the sweep (tests call ``Matchmaking.sweep``).
    matchmaking_poll_seconds: float = 3.0
    # Learning (server/learn/review.py, server/learn/hints.py, server/learn/routes.py).
    #: ISMCTS iterations per decision of a post-game review (``hellenika analyze`` uses 2000; tests, a few).
    review_iterations: int = 400
    #: Reviews computed at once in a process, in the bot pool (``bot_workers``; never the event loop's
    #: process). Waiting reviews are served a person at a time, in turn; one
    #: person may have at most ``review_per_user`` waiting or running at once (429), and a further review of
    #: someone who has one under way is refused (503) while ``review_queue`` wait or run on the site (a
    #: person's first review is always queued).
    review_workers: int = 1
    review_queue: int = 16
    review_per_user: int = 2
    #: Decisions judged per task sent to a worker: the progress the page shows moves in these steps.
    review_chunk: int = 4
    #: ISMCTS iterations of a hint's "think harder" search.
    hint_iterations: int = 300
    #: "Think harder" searches at once in a process, in the bot pool (``bot_workers``; never the serving
    #: process's threads: a search holds the GIL); the others wait their turn.
    hint_workers: int = 1
    #: Hints one person may ask for in a minute (429 beyond).
    hints_per_minute: int = 20
    # Abuse limits of the lobby (server/lobby/limits.py): each new table and invitation may send mail.
    #: Tables one person may create an hour (429), and tables not started they may sit at as creator (409).
    tables_per_hour: int = 30
    tables_waiting_per_user: int = 10
    #: Invitations one person may send an hour (each invitee counts; 429), and unanswered ones from one
    #: person to the same person at once (409).
    invitations_per_hour: int = 30
    invitations_per_pair: int = 2
    # WebSockets (server/round/socket.py): caps per process, where a socket's memory is.
    #: Open sockets one person may hold (logged in), and anonymous ones one address may (an IPv6 /64);
    #: beyond, the new socket is closed with 4429.
    ws_per_user: int = 16
    ws_per_address: int = 16
    #: ``sync`` messages one socket may send: a burst of this many, then one per ``ws_sync_seconds``.
    ws_sync_burst: int = 5
    ws_sync_seconds: float = 1.0
    # What holds across processes (docs/WEB.md "Presence", "Revocation").
    #: How often each process asks the database whether the sessions of its open sockets still stand (a
    #: logout or a suspension another process could not announce; seconds); 0 disables the task.
    session_recheck_seconds: float = 60.0
    #: How long a session lookup is trusted before the database is asked again (seconds).
    session_cache_seconds: float = 30.0
    #: How often each process refreshes the presence of the people with sockets there (seconds; their
    #: marks last three times as long); 0 disables the task (tests call ``presence.refresh()``).
    presence_refresh_seconds: float = 15.0
