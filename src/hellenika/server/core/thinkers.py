"""The bot pool: searches (bots' moves, hints, reviews) run here, never in the event loop's process.

A search is pure Python: in a thread of the serving process it holds the GIL, and twenty tables of hard bots
thinking there pushed a person's move from 68 ms to 925 ms (p50). So every search goes to one shared pool:

- **worker processes** (``Settings.bot_workers``): a ``ProcessPoolExecutor`` with the *spawn* context (a
  fork of a process with threads, uvicorn's and the store's writer, is unsafe), each worker at a niceness of
  10 (:func:`hellenika.bots.remote.lower_priority`) so the serving process wins the CPU for people's moves;
  the job is a plain function of plain data (``bots/remote.py``, ``bots/coach.py``), so a worker imports the
  bots and the games, never the server;
- **Ray** when ``Settings.ray_address`` is set: ``ray.init(address=...)`` once, each job a remote task;
- **in the process** (``bot_workers`` 0, no Ray): a thread, for tests that want no process start-up.

At most ``queue`` jobs are sent at once (an asyncio semaphore: the others wait without holding anything), so
a burst of bots cannot pile up unbounded work in the pool. A worker that dies (killed, out of memory) breaks
a ``ProcessPoolExecutor`` for good: the pool is rebuilt, a job that had not started yet is sent again to the
new pool, and the job that was running answers 503 (:class:`RetryLater`), never 500. ``jobs`` counts the
jobs sent, ``pids()`` names the worker processes (tests check a job did not run in the serving process).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import importlib
import logging
import multiprocessing
from collections.abc import Callable
from typing import Any, TypeVar

import anyio.to_thread

from hellenika.bots.remote import call, lower_priority, warm
from hellenika.server.core.security import RetryLater

log = logging.getLogger("hellenika.server.thinkers")
T = TypeVar("T")

#: Jobs sent to the pool at once per worker (the rest wait their turn on the event loop, holding nothing).
QUEUED_PER_WORKER = 4
#: Seconds a client is told to wait after a job whose worker died.
RETRY_AFTER = 2
STARTING = "the bots' workers could not start; ask again in a moment"
STOPPED = "the worker thinking about this stopped; ask again in a moment"


class Thinkers:
    """The one pool of searches of a server process (see the module docstring)."""

    def __init__(
        self, workers: int, name: str = "thinkers", ray_address: str | None = None, queue: int | None = None
    ) -> None:
        self.workers = max(0, workers)
        self.name = name
        self.ray_address = ray_address or None
        self.jobs = 0
        self.rebuilt = 0
        size = queue if queue is not None else QUEUED_PER_WORKER * max(1, self.workers)
        self._slots = asyncio.Semaphore(max(1, size))
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._remote: Any = None
        self._ray_lost: tuple[type[BaseException], ...] = ()
        self.closed = False

    @property
    def in_process(self) -> bool:
        """Jobs run in a thread of this process (no workers, no Ray)."""
        return self.workers == 0 and self.ray_address is None

    # ------------------------------------------------------------------ the backends

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            self._executor = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=lower_priority
            )
        return self._executor

    def _ray_remote(self) -> Any:
        """The Ray remote function that runs a job (Ray connected on first use)."""
        if self._remote is None:
            ray = importlib.import_module("ray")
            if not ray.is_initialized():
                ray.init(address=self.ray_address, include_dashboard=False, logging_level="warning")
            # The task's body lives in bots/remote.py: a Ray worker imports the bots, never the server.
            self._remote = ray.remote(num_cpus=1, max_retries=1)(call)
            names = ("WorkerCrashedError", "NodeDiedError", "ObjectLostError", "LocalRayletDiedError")
            self._ray_lost = tuple(getattr(ray.exceptions, n) for n in names if hasattr(ray.exceptions, n))
        return self._remote

    def _drop_pool(self, executor: concurrent.futures.ProcessPoolExecutor) -> None:
        """Forget a broken pool (the next job starts a new one) and stop what is left of it."""
        if self._executor is executor:
            self._executor = None
            self.rebuilt += 1
        _stop(executor)

    # ------------------------------------------------------------------ jobs

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool; 503 (:class:`RetryLater`) when its worker died or none can start."""
        if self.closed:
            raise RetryLater(503, "the server is stopping; ask again in a moment", RETRY_AFTER)
        async with self._slots:
            self.jobs += 1
            if self.ray_address is not None:
                return await self._on_ray(fn, args)
            if self.workers == 0:
                return await anyio.to_thread.run_sync(lambda: fn(*args))
            return await self._in_pool(fn, args)

    async def _on_ray(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        remote = self._ray_remote()
        try:
            result: T = await remote.remote(fn, *args)
        except self._ray_lost:  # the worker or its node died (after Ray's own retry): 503, not 500
            log.warning("%s: a Ray worker died during a job", self.name)
            raise RetryLater(503, STOPPED, RETRY_AFTER) from None
        return result

    async def _in_pool(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        for attempt in range(2):
            try:
                executor = self._pool()
                future = executor.submit(fn, *args)
            except concurrent.futures.BrokenExecutor:  # a worker died while idle: the job never started
                log.warning("%s: the pool was broken; starting a new one", self.name)
                self._drop_pool(executor)
                if attempt == 0:
                    continue
                raise RetryLater(503, STARTING, RETRY_AFTER) from None
            except (OSError, RuntimeError):
                log.exception("%s: no worker process", self.name)
                self._executor = None
                raise RetryLater(503, STARTING, RETRY_AFTER) from None
            try:
                return await asyncio.wrap_future(future)
            except concurrent.futures.BrokenExecutor:
                log.warning("%s: a worker died during a job; starting a new pool", self.name)
                self._drop_pool(executor)
                raise RetryLater(503, STOPPED, RETRY_AFTER) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def warm(self, game: str | None = None) -> None:
        """Start the workers (if not yet) and load ``game`` there, without waiting: a spawned process takes
        a second or more to start, which the first job would otherwise wait for."""
        if self.in_process or self.closed or self.ray_address is not None or self._executor is not None:
            return
        try:
            executor = self._pool()
            for _ in range(self.workers):
                executor.submit(warm, game) if game else executor.submit(_nothing)
        except (concurrent.futures.BrokenExecutor, OSError, RuntimeError):
            log.exception("%s: no worker process", self.name)
            self._executor = None

    def pids(self) -> list[int]:
        """The worker processes' ids (empty before the first job, in-process and on Ray)."""
        if self._executor is None:
            return []
        processes = getattr(self._executor, "_processes", None) or {}
        return [int(pid) for pid in processes]

    async def close(self) -> None:
        """Stop the workers: searches still running are stopped rather than waited for."""
        self.closed = True
        if self._executor is not None:
            _stop(self._executor)
            self._executor = None


def _nothing() -> None:
    """A job that only starts a worker."""


def _stop(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    processes = list((getattr(executor, "_processes", None) or {}).values())
    with contextlib.suppress(Exception):
        executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
