"""``hellenika serve``: run the web server under uvicorn.

SQLite files get their folder created (``./var`` by default) so ``make run`` works on a fresh clone.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import make_url


def ensure_sqlite_folder(database_url: str) -> None:
    """Create the folder of a file-based SQLite database; other databases are left alone."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)


def run_server(host: str, port: int, database_url: str | None, access_log: bool = False) -> None:
    import uvicorn

    from hellenika.server import Settings, create_app
    from hellenika.server.config import database_url_from_env

    url = database_url_from_env(database_url)
    ensure_sqlite_folder(url)
    app = create_app(Settings(database_url=url))
    uvicorn.run(app, host=host, port=port, log_level="info", ws="websockets-sansio", access_log=access_log)
