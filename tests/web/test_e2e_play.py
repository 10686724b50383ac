"""End to end in a real browser against the real server: two people play a live table, and one person plays
a whole game of Hercules against a bot to the score table.

Assertions are about what a person sees: the other player's move appears without reloading, the score table
shows every participant's total once the game ends.
"""

from __future__ import annotations

import re

from tests.web import e2e_harness
from tests.web.conftest import screenshot
from tests.web.e2e_harness import (
    choose_first,
    create_table,
    register,
    start_table,
    version,
    wait_for_turn_or_end,
    whose_turn,
)

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

LIVE_UPDATE_MS = 2_000
MAX_DECISIONS = 300


def test_two_people_play_hellas_live_and_see_each_others_moves(people):
    alice = people("alice")
    bob = people("bob")
    table = create_table(alice, "hellas", 2, [("me", ""), ("open", "")])
    alice.page.wait_for_selector("body[data-status='waiting']")
    invite = alice.page.locator(".hk-invite-link").input_value()
    assert re.search(rf"/tables/{table}\?invite=", invite)

    # Bob finds the table in the lobby's open list and joins it.
    bob.goto("/lobby")
    card = bob.page.locator(f"#open-tables [data-table='{table}']")
    card.get_by_role("button", name="Join").click()
    bob.page.wait_for_url(f"{bob.base}/tables/{table}")
    bob.page.wait_for_selector("body[data-status='waiting']")
    assert bob.page.locator("#waiting-seats").inner_text().count(bob.name) == 1

    # Alice's page sees the seat taken (no reload) and she starts; both pages switch to the board.
    seated = f"document.querySelector('#waiting-seats').textContent.includes({bob.name!r})"
    alice.page.wait_for_function(seated, timeout=LIVE_UPDATE_MS * 3)
    start_table(alice)
    bob.page.wait_for_selector("body[data-status='playing']", timeout=LIVE_UPDATE_MS * 3)
    for person in (alice, bob):
        person.page.wait_for_selector("#board svg")
        person.page.wait_for_selector("#connection[data-state='live']")

    # The first choice of a Hellas turn (an action on the track) leads to a second step of the same turn
    # (where to build): that choice can be taken back, and both pages see the position as it was.
    mover = whose_turn([alice, bob])
    watcher = bob if mover is alice else alice
    notations = "bs => bs.map((b) => b.dataset.notation)"
    offered = mover.page.locator("#actions .hk-actions button").evaluate_all(notations)
    before = choose_first(mover)
    assert wait_for_turn_or_end(mover) == "turn"
    assert mover.page.locator("#actions .hk-actions button").evaluate_all(notations) != offered
    undo = mover.page.get_by_role("button", name="Undo my last move")
    undone_from = version(mover)
    undo.click()
    mover.page.wait_for_function(f"Number(document.body.dataset.version) > {undone_from}")
    assert wait_for_turn_or_end(mover) == "turn"
    assert mover.page.locator("#actions .hk-actions button").evaluate_all(notations) == offered
    assert mover.page.locator("#move-error").inner_text() == ""
    watcher.page.wait_for_function(f"Number(document.body.dataset.version) > {undone_from}")
    assert version(watcher) == version(mover) > before

    moves = {alice.name: 0, bob.name: 0}
    for _ in range(40):
        if min(moves.values()) >= 2:
            break
        mover = whose_turn([alice, bob])
        watcher = bob if mover is alice else alice
        seen = version(watcher)
        log_lines = watcher.page.locator("#log p").count()
        choose_first(mover)
        # The watcher sees the move without reloading: a newer version and a longer log within ~2 s.
        watcher.page.wait_for_function(
            f"Number(document.body.dataset.version) > {seen}"
            f" && document.querySelectorAll('#log p').length >= {log_lines}",
            timeout=LIVE_UPDATE_MS,
        )
        moves[mover.name] += 1
        mover.page.wait_for_function(
            f"Number(document.body.dataset.version) > {seen}", timeout=LIVE_UPDATE_MS
        )
    assert min(moves.values()) >= 2, moves
    # Both pages agree on the table once the pushes settle.
    same = f"document.body.dataset.version === {str(version(bob))!r}"
    alice.page.wait_for_function(same, timeout=LIVE_UPDATE_MS)
    assert alice.page.locator("#log p").last.inner_text() == bob.page.locator("#log p").last.inner_text()
    screenshot(alice.page, "e2e-hellas-live-alice")
    screenshot(bob.page, "e2e-hellas-live-bob")
    assert alice.errors == [] and bob.errors == []


def test_a_guest_follows_the_invitation_link_registers_and_takes_the_seat(people):
    erin = people("erin")
    table = create_table(erin, "attika", 2, [("me", ""), ("open", "")], mode="turn-based", private=True)
    link = erin.page.locator(".hk-invite-link").input_value()
    guest = people("finn", registered=False)
    guest.page.goto(link)
    guest.page.wait_for_selector("body[data-status='waiting']")
    guest.page.get_by_role("link", name="Log in to join").click()
    register(guest, then=link.removeprefix(guest.base))
    guest.page.get_by_role("button", name="Accept the invitation").click()
    guest.page.wait_for_function(
        f"document.querySelector('#waiting-seats').textContent.includes({guest.name!r})"
    )
    assert guest.page.get_by_role("button", name="Leave").is_visible()
    # A private table is not in the lobby's open list; the seat is now taken on the creator's page too.
    erin.goto("/lobby")
    erin.page.wait_for_selector("body[data-ready='1']")
    assert erin.page.locator(f"#mine [data-table='{table}']").count() == 1
    assert (
        guest.page.evaluate(
            "fetch('/api/tables?status=open').then((r) => r.json()).then((a) => a.tables.map((t) => t.id))"
        ).count(table)
        == 0
    )
    erin.goto(f"/tables/{table}")
    erin.page.wait_for_selector("#waiting-note:has-text('start when you are ready')")
    assert erin.page.locator(f"#waiting-seats li:has-text({guest.name!r})").count() == 1
    assert table in link
    assert erin.errors == [] and guest.errors == []


def test_one_person_plays_hercules_against_a_bot_to_the_score_table(people):
    carla = people("carla")
    create_table(carla, "hercules", 2, [("me", ""), ("bot", "medium")])
    start_table(carla)
    decisions = 0
    while wait_for_turn_or_end(carla) == "turn":
        assert decisions < MAX_DECISIONS, "the game did not end"
        choose_first(carla)
        decisions += 1
    page = carla.page
    assert decisions > 0
    table = page.locator("#score-table")
    table.wait_for()
    rows = table.locator("tbody tr")
    assert rows.count() == 2
    names = rows.locator("th").all_inner_texts()
    assert any(carla.name in n for n in names)
    totals = [int(t) for t in rows.locator("td.hk-total").all_inner_texts()]
    assert len(totals) == 2
    # The status line says how it ended, in the winner line's words (docs/WEB.md "End reasons").
    assert page.locator("#turn").inner_text() == f"Game over: {page.locator('#winner').inner_text()}"
    assert page.locator("#record-link").get_attribute("href").endswith("/record")
    screenshot(page, "e2e-hercules-final")

    # The record downloads as the CLI's JSON, and the replay of this very game opens at its first step.
    record = page.request.get(carla.base + page.locator("#record-link").get_attribute("href")).json()
    assert record["format"] == "hellenika-record/1" and record["game"] == "hercules"
    assert sorted(record["result"]["scores"]) == sorted(totals)
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url(re.compile(r".*/replays/[^/?#]+\?table=.*"))
    page.wait_for_selector("body[data-ready='1'][data-step='0']")
    assert page.locator("#position").inner_text() == f"Step 0 of {len(record['actions'])}"
    assert carla.errors == []
