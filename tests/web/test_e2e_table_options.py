"""End to end (issue 22): the lobby offers an option only where it applies (Peloponnes' Angelos rank: solo
with the expansion), a table's summary names only those and says "solo (1 player)", and Join is offered
only to someone who may join (not at a private table without its invitation link, which would answer 403)."""

from __future__ import annotations

from tests.web import e2e_harness
from tests.web.e2e_harness import create_table

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _rows(page) -> dict[str, bool]:
    return page.evaluate(
        "() => Object.fromEntries(Array.from(document.querySelectorAll('#options [data-option-row]'))"
        ".map((row) => [row.dataset.optionRow, !row.hidden]))"
    )


def test_the_lobby_offers_an_option_only_where_it_applies(people):
    ann = people("ann")
    page = ann.page
    page.select_option("#game", "peloponnes")
    for players, expansion, shown in [
        ("2", False, {"expansion": True, "negotiation": False, "angelos": False}),
        ("6", True, {"expansion": True, "negotiation": True, "angelos": False}),
        ("1", False, {"expansion": True, "negotiation": False, "angelos": False}),
        ("1", True, {"expansion": True, "negotiation": False, "angelos": True}),
    ]:
        page.select_option("#players", players)
        page.locator("#option-expansion").set_checked(expansion)
        assert _rows(page) == shown, (players, expansion)
    # What is not offered is not sent: a 2-player table created from the form has no Angelos in its body.
    page.locator("#option-expansion").set_checked(False)
    sent: list[dict] = []
    page.on(
        "request",
        lambda r: (
            sent.append(r.post_data_json) if r.method == "POST" and r.url.endswith("/api/tables") else None
        ),
    )
    create_table(ann, "peloponnes", 2, [("me", ""), ("bot", "easy")])
    assert [body["options"] for body in sent] == [{"expansion": False}]
    ann.page.wait_for_selector("body[data-status]")
    summary = ann.page.locator("#summary").inner_text()
    assert "angelos" not in summary and "negotiation" not in summary and "expansion: no" in summary, summary
    assert ann.errors == []


def test_a_solo_table_says_solo_not_1_players(people):
    ben = people("ben")
    create_table(ben, "peloponnes", 1, [("me", "")])
    ben.page.wait_for_selector("body[data-status]")
    summary = ben.page.locator("#summary").inner_text()
    assert "1 players" not in summary and summary.startswith("solo (1 player)"), summary


def test_join_is_not_offered_at_a_private_table_without_the_invitation(people):
    cy = people("cy")
    dee = people("dee")
    table = create_table(cy, "hercules", 2, [("me", ""), ("open", "")], private=True)
    dee.goto(f"/tables/{table}")
    dee.page.wait_for_selector("body[data-status='waiting']")
    assert dee.page.locator("#join").count() == 0
    invite = cy.page.locator(".hk-invite-link").input_value()
    dee.page.goto(invite)
    dee.page.wait_for_selector("#join")
    dee.page.locator("#join").click()
    dee.page.wait_for_selector("#leave")
