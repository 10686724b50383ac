"""The garbage collector of a server process: fewer, cheaper collections.

CPython's cyclic collector runs a generation-0 pass every 700 net allocations and a full (generation-2)
pass when enough objects survived into the oldest generation. A server process holds a large, long-lived
heap (the imported packages, every game's interned actions and data tables, the state cache), and a full
pass walks all of it: measured under ``benchmarks/load.py`` (two servers, 100 games, 1 s think time), each
process made 5-8 full passes a minute of 100-186 ms each, every one a pause of the event loop and so of
every move and push in flight, which is most of the p99 tail.

:func:`tune` (called once per process by ``hellenika serve`` and by each ``--workers`` process, after the
application is built, never by tests' in-process apps) therefore

- moves everything alive after start-up into the permanent generation (``gc.freeze()``), so that no pass
  ever walks the modules and game data again (they are never garbage);
- raises the generation-0 threshold from 700 to 20,000 allocations, so that a request's short-lived
  objects are freed by reference counting, not scanned (the young passes are cheap but run hundreds of
  times a second under load), and the older generations' thresholds so that full passes are rarer.

Memory is still reclaimed: reference counting frees all acyclic garbage at once, and cycles (a state's
back-references, exceptions with tracebacks) wait at most one pass longer. ``HELLENIKA_GC=default`` keeps
CPython's settings (for comparisons: docs/WEB.md has both).
"""

from __future__ import annotations

import gc
import logging
import os

#: Generation thresholds of a server process (CPython's default is 700, 10, 10).
THRESHOLDS = (20_000, 20, 20)
ENV = "HELLENIKA_GC"


def tune() -> bool:
    """Freeze what start-up built and raise the thresholds; False (nothing done) with HELLENIKA_GC=default."""
    if os.environ.get(ENV, "").strip().lower() == "default":
        return False
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    # uvicorn's own logger: configured (to stderr) in every process that serves, before the app is built.
    logging.getLogger("uvicorn.error").info(
        "garbage collector tuned: %d start-up objects frozen, thresholds %s (HELLENIKA_GC=default: off)",
        gc.get_freeze_count(),
        THRESHOLDS,
    )
    return True
