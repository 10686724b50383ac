"""What just happened (issue 22), in a real browser against the real server: after a bot's turn the person's
board marks what changed since their last decision and "Since your turn" lists the bot's moves in words (also
after a reload); the log is grouped by turn under the turn's player; a replay keeps its step in the address
(?step=N), opens a linked step and marks that step's lines in its log.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from tests.web import e2e_harness
from tests.web.conftest import screenshot
from tests.web.e2e_harness import (
    choose_first,
    create_table,
    start_table,
    version,
    wait_for_turn_or_end,
    write_record,
)
from tests.web.test_e2e_axe import violations

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

MAX_DECISIONS = 60


def _model(page: Any, table: str) -> dict[str, Any]:
    """The table model as the page's user sees it (the same GET the page makes)."""
    text = page.evaluate(f"fetch('/api/tables/{table}/state').then((r) => r.text())")
    model: dict[str, Any] = json.loads(text)
    return model


def _since_lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#since-turn-list li").all_inner_texts()]


def test_after_the_bots_turn_the_board_marks_its_changes_and_lists_its_moves(people: Any) -> None:
    erin = people("erin")
    table = create_table(erin, "hercules", 2, [("me", ""), ("bot", "easy")])
    start_table(erin)
    page = erin.page
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#connection[data-state='live']")

    # Play first choices until the bot moves between two of my decisions. Bots here do not pause, so the page
    # may see the bot's whole turn arrive with my own move's push: it is my turn again at once either way.
    for _ in range(MAX_DECISIONS):
        assert wait_for_turn_or_end(erin) == "turn"
        last_step = _model(page, table)["log"][-1]["step"]
        before = choose_first(erin)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        assert wait_for_turn_or_end(erin) == "turn"
        model = _model(page, table)
        bot = model["names"][1]
        bot_lines = [line["text"] for line in model["log"] if bot in line["text"]]
        since = _since_lines(page)
        if since and any(bot in line for line in since):
            break
        bot_moved = any(line["step"] > last_step and line["actor"] == 1 for line in model["log"])
        if model["version"] == version(erin) and not bot_moved:
            # Still my turn after my own decision: nothing is marked (the baseline is the board I just made).
            assert page.evaluate("document.body.dataset.changed") == "0"
    else:
        raise AssertionError("the bot never moved between two of my decisions")

    # The board marks what the bot changed; the list names the bot's moves, in the log's words and order.
    marked = page.locator("#board .hk-changed").count()
    assert marked > 0
    assert page.evaluate("document.body.dataset.changed") == str(marked)
    assert page.locator("#since-turn").is_visible()
    assert page.locator("#since-turn-heading").inner_text() == "Since your turn"
    log_texts = [line["text"] for line in model["log"]]
    assert all(line in log_texts for line in since)
    assert since == log_texts[len(log_texts) - len(since) :]  # the latest lines, in order
    assert any(line in bot_lines for line in since)
    # My own last decision is not "since my turn": the line before the list is not the bot's.
    screenshot(page, "e2e-changes-after-bot")
    # A long list scrolls (a busy turn has more lines than fit): the keyboard reaches it; axe finds nothing.
    page.evaluate("document.getElementById('since-turn-list').style.maxHeight = '0.5em'")
    assert page.evaluate(
        "(() => { const l = document.getElementById('since-turn-list');"
        " return l.scrollHeight > l.clientHeight; })()"
    )
    assert violations(page) == []
    page.evaluate("document.getElementById('since-turn-list').style.maxHeight = ''")

    # A reload keeps the baseline (sessionStorage): the same marks and the same list.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("document.body.dataset.changed !== undefined")
    assert page.locator("#board .hk-changed").count() == marked
    assert _since_lines(page) == since

    # My next decision: the marks of the bot's turn are gone once the page shows my move (and only it).
    last_step = _model(page, table)["log"][-1]["step"]
    before = choose_first(erin)
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    after = _model(page, table)
    bot_moved = any(line["step"] > last_step and line["actor"] == 1 for line in after["log"])
    if after["to_move"] == 0 and version(erin) == after["version"] and not bot_moved:
        assert page.evaluate("document.body.dataset.changed") == "0"
        assert not page.locator("#since-turn").is_visible()
    assert erin.errors == []


def test_the_log_is_grouped_by_turn_under_the_turns_player(people: Any) -> None:
    fay = people("fay")
    table = create_table(fay, "hercules", 2, [("me", ""), ("bot", "easy")])
    start_table(fay)
    page = fay.page
    page.wait_for_selector("#board svg")
    for _ in range(MAX_DECISIONS):
        if wait_for_turn_or_end(fay) != "turn":
            break
        players = page.locator("#log .hk-log-turn").evaluate_all("gs => gs.map((g) => g.dataset.player)")
        if {"0", "1"} <= set(players) and len(players) >= 4:
            break
        before = choose_first(fay)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    model = _model(page, table)
    groups = page.locator("#log .hk-log-turn")
    players = groups.evaluate_all("gs => gs.map((g) => g.dataset.player)")
    assert {"0", "1"} <= set(players)
    # A turn's group is one player's: two groups in a row never share a player.
    assert all(a != b for a, b in itertools.pairwise(players))
    heads = page.locator("#log .hk-log-turn-head").all_inner_texts()
    for player, head in zip(players, heads, strict=True):
        assert head == (model["names"][int(player)] if player else "Setup")
    # Every log line is shown once, in order, inside the groups.
    assert page.locator("#log .hk-log-turn p").all_inner_texts() == [line["text"] for line in model["log"]]
    # Each group's first line names its player (a step's player is the actor of its first line).
    first_actors = groups.evaluate_all("gs => gs.map((g) => g.querySelector('p').dataset.step)")
    by_step: dict[int, Any] = {}
    for line in model["log"]:
        by_step.setdefault(line["step"], line["actor"])
    for player, step in zip(players, first_actors, strict=True):
        if player:
            assert by_step[int(step)] == int(player)
    assert fay.errors == []


def test_a_replay_keeps_its_step_in_the_address_and_opens_a_linked_step(people: Any, tmp_path: Any) -> None:
    gus = people("gus")
    page = gus.page
    page.set_input_files("#record-file", str(write_record(tmp_path / "hercules.json")))
    page.get_by_role("button", name="Upload and watch").click()
    page.wait_for_url(f"{gus.base}/replays/*")
    page.wait_for_selector("body[data-ready='1']")
    replay = page.url.split("/replays/", 1)[1].split("?", 1)[0]
    steps = int(page.locator("#step").get_attribute("max"))
    assert steps > 30

    # Stepping writes the step into the address (replaced: Back leaves the page, not the step).
    page.get_by_role("button", name="One step forward").click()
    page.wait_for_selector("body[data-step='1']")
    page.wait_for_function("new URLSearchParams(location.search).get('step') === '1'")
    length = page.evaluate("history.length")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step='4']")
    page.wait_for_function("new URLSearchParams(location.search).get('step') === '4'")
    assert page.evaluate("history.length") == length

    # A linked step opens at that step, with the lines of its action marked as current in the log.
    target = steps // 2
    model = json.loads(page.evaluate(f"fetch('/api/replays/{replay}?step={target}').then((r) => r.text())"))
    gus.goto(f"/replays/{replay}?step={target}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("body").get_attribute("data-step") == str(target)
    assert page.locator("#position").inner_text() == f"Step {target} of {steps}"
    assert re.search(rf"[?&]step={target}(&|$)", page.url)
    current = page.locator("#log p.hk-log-current")
    expected = [line["text"] for line in model["log"] if line["step"] == target - 1]
    assert current.all_inner_texts() == expected
    if expected:
        assert current.first.get_attribute("aria-current") == "step"
        assert current.first.is_visible()

    # A click on a log line opens the step right after its action, and the address follows.
    line = page.locator("#log p[data-step]").nth(2)
    step = int(line.get_attribute("data-step") or "0")
    line.click()
    page.wait_for_selector(f"body[data-step='{step + 1}']")
    page.wait_for_function(f"new URLSearchParams(location.search).get('step') === '{step + 1}'")
    screenshot(page, "e2e-replay-step")
    assert gus.errors == []
