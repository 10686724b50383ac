"""End to end across processes (issue 21): two real ``hellenika serve`` processes on one PostgreSQL database
and one Redis, and two people in real Chromium, each page on its own process (no balancer, no stickiness to
need). Both register and meet at a Hercules table (the second joins from the other process) and play by
clicking the page's choice list; each page shows the other's move without a reload within two seconds,
carried by the Redis note and the other process's push.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.cluster import cluster
from tests.server.conftest import postgres_url  # noqa: F401  (the fixture: a fresh database, dropped after)
from tests.web.e2e_harness import (
    Person,
    choose_first,
    create_table,
    register,
    start_table,
    unique_name,
    version,
    whose_turn,
)

MOVES = 8
SHOWN_MS = 2_000


def person_on(browser: Any, base: str, prefix: str) -> tuple[Person, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    person = Person(unique_name(prefix), page, base)
    page.on("pageerror", lambda error: person.errors.append(str(error)))
    page.on("console", lambda m: person.errors.append(m.text) if m.type == "error" else None)
    register(person)
    return person, context


@pytest.mark.slow
def test_two_pages_on_two_processes_see_each_others_moves_live(
    browser: Any,
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    with cluster(2, postgres_url, tmp_path) as c:
        n1, n2 = c.nodes
        contexts = []
        try:
            ann, context = person_on(browser, n1.base, "mpa")
            contexts.append(context)
            bob, context = person_on(browser, n2.base, "mpb")
            contexts.append(context)

            table = create_table(ann, "hercules", 2, [("me", ""), ("open", "")])
            bob.goto(f"/tables/{table}")
            bob.page.get_by_role("button", name="Join").click()
            bob.page.wait_for_selector("#leave")
            # Bob joined on process 2; Ann's page on process 1 shows it without a reload.
            ann.page.wait_for_selector(f"#waiting-seats li:has-text({bob.name!r})", timeout=SHOWN_MS * 2)
            start_table(ann)
            bob.page.wait_for_selector("body[data-status='playing']", timeout=SHOWN_MS * 2)
            for person in (ann, bob):
                person.page.wait_for_selector("#connection[data-state='live']")
                person.page.evaluate("window.__sameDocument = 'yes'")  # a reload would lose it

            shown: list[float] = []
            for _ in range(MOVES):
                mover = whose_turn([ann, bob])
                other = bob if mover is ann else ann
                before = choose_first(mover)
                clicked = time.monotonic()
                mover.page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
                other.page.wait_for_function(
                    f"Number(document.body.dataset.version) > {before}", timeout=SHOWN_MS
                )
                shown.append(time.monotonic() - clicked)
                if mover.page.evaluate("document.body.dataset.status") == "finished":
                    break
                # Both pages show the same version (the other's page did not stop half-way).
                other.page.wait_for_function(
                    f"Number(document.body.dataset.version) === {version(mover)}", timeout=SHOWN_MS
                )
            print(
                f"\nmoves shown on the other process's page after the click: "
                f"{', '.join(f'{s * 1000:.0f}' for s in shown)} ms"
            )
            assert len(shown) >= 4
            assert max(shown) < SHOWN_MS / 1000
            for person in (ann, bob):
                assert person.page.evaluate("window.__sameDocument") == "yes", "the page reloaded"
                assert person.errors == [], person.errors
        finally:
            for context in contexts:
                context.close()
