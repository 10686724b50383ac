"""A private, real PostgreSQL cluster for tests that freeze, kill and restart their database.

The machine's own PostgreSQL on 5432 serves the other tests; this one is made by ``initdb`` in a temporary
folder and run on a free port, so a test may stop it in every way a database goes away in production:

- ``freeze`` / ``thaw``: SIGSTOP / SIGCONT to the postmaster and every backend (found through /proc), as a
  stuck disk, a paused VM or a partition that drops packets looks from the client: connections stay open,
  the kernel still accepts new ones, and nothing answers;
- ``kill``: SIGKILL to all of them, as a crash (``start`` then runs crash recovery);
- ``stop`` / ``start``: a clean shutdown (``pg_ctl stop -m fast``), and the server back on the same port.

Tests run as root and PostgreSQL refuses to, so its programs run as the ``postgres`` user (``setpriv``);
trust authentication on the loopback, no fsync (the data is thrown away).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

from tests.server.redis_server import free_port

USER = "postgres"


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (Debian package postgresql)")
    return found[-1]


def available() -> bool:
    """Whether a private cluster can be made here (the binaries and a user to run them)."""
    try:
        _bin("initdb")
        pwd.getpwnam(USER)
    except (RuntimeError, KeyError):
        return False
    return shutil.which("setpriv") is not None


class PostgresServer:
    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="hellenika-pg-"))
        self.data = self.folder / "data"
        self.frozen: list[int] = []
        entry = pwd.getpwnam(USER)
        self._uid, self._gid = entry.pw_uid, entry.pw_gid
        os.chown(self.folder, self._uid, self._gid)

    @property
    def admin_url(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    def url(self, database: str = "hellenika") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def _run_as_postgres(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        command = ["setpriv", f"--reuid={self._uid}", f"--regid={self._gid}", "--init-groups", *args]
        done = subprocess.run(command, check=False, capture_output=True, cwd=self.folder, timeout=120)
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{Path(args[0]).name} {args[1]} failed: {done.stderr.decode()}\n{tail}")
        return done

    def start(self) -> PostgresServer:
        if not (self.data / "PG_VERSION").exists():
            self._run_as_postgres(
                _bin("initdb"), "-D", str(self.data), "-U", USER, "--auth=trust", "--no-sync", "-E", "UTF8"
            )
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        options += " -c full_page_writes=off -c max_connections=100 -c shared_buffers=16MB"
        self._run_as_postgres(
            _bin("pg_ctl"), "start", "-D", str(self.data), "-w", "-t", "60", "-o", options,
            "-l", str(self.folder / "log"),
        )  # fmt: skip
        return self

    def create_database(self, name: str = "hellenika") -> str:
        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=10) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def pids(self) -> list[int]:
        """The postmaster and every process it started (backends, checkpointer, WAL writer ...)."""
        pid_file = self.data / "postmaster.pid"
        if not pid_file.exists():
            return []
        main = int(pid_file.read_text().split()[0])
        found = [main]
        for status in glob.glob("/proc/[0-9]*/status"):
            try:
                text = Path(status).read_text()
            except OSError:
                continue
            for line in text.splitlines():
                if line.startswith("PPid:") and int(line.split()[1]) == main:
                    found.append(int(status.split("/")[2]))
                    break
        return found

    def _signal(self, pids: list[int], signum: int) -> None:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)

    def freeze(self) -> None:
        """Every process of the cluster stopped where it is: connections stay open, nothing answers."""
        self.frozen = self.pids()
        self._signal(self.frozen, signal.SIGSTOP)

    def thaw(self) -> None:
        self._signal(self.frozen or self.pids(), signal.SIGCONT)
        self.frozen = []

    def kill(self) -> None:
        """As a crash: SIGKILL to every process of the cluster (a frozen one too)."""
        pids = self.pids()
        self._signal(pids, signal.SIGKILL)
        self._signal(pids, signal.SIGCONT)
        deadline = time.monotonic() + 20
        while any(Path(f"/proc/{pid}").exists() and not _is_zombie(pid) for pid in pids):
            if time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not die")
            time.sleep(0.05)
        self.frozen = []
        # The dead postmaster may linger as a zombie (nobody here is its parent), and its lock file then
        # and its socket's name a process that still "exists": PostgreSQL would refuse to start.
        (self.data / "postmaster.pid").unlink(missing_ok=True)
        for lock in self.folder.glob(".s.PGSQL.*.lock"):
            lock.unlink(missing_ok=True)

    def stop(self) -> None:
        """A clean, fast shutdown (connections are closed with an admin-shutdown error)."""
        if self.frozen:
            self.thaw()
        if (self.data / "postmaster.pid").exists():
            self._run_as_postgres(_bin("pg_ctl"), "stop", "-D", str(self.data), "-m", "fast", "-w")

    def close(self) -> None:
        """Stop it, whatever its state, and remove its files."""
        try:
            if self.frozen:
                self.thaw()
            self.stop()
        except (RuntimeError, subprocess.SubprocessError, OSError):
            self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_zombie(pid: int) -> bool:
    try:
        return "\nState:\tZ" in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
