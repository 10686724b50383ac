"""The Attika board (static/boards/attika.js) over every view fixture: it renders without console or page
errors, draws what the view says (buildings per colour, progress, hands, stacks, storage boards, amphorae,
supply, the turn marker or the winner), hides what the view hides, and its click targets choose the matching
legal actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.web.model import table_model
from tests.web.conftest import fixture_model, game_fixture_names, open_fixture, screenshot

GAME = "attika"


def _stale(folder: Path, names: list[str]) -> bool:
    """Fixtures written before the view carried what the board draws (catalogue, the tile being laid), or
    before the scenes (with their spectator copies)."""
    if "scene-store-spectator.json" not in names:
        return True
    view = json.loads((folder / names[0]).read_text())["view"]
    return not {"catalogue", "tile_to_lay_symbols", "tile_centre"} <= view.keys()


@pytest.fixture(scope="session")
def attika_fixtures(fixture_models: Path) -> list[str]:
    """The Attika fixture names, regenerated once if they predate the view's board keys."""
    return game_fixture_names(fixture_models, GAME, _stale)


def _model(fixture_models: Path, name: str) -> dict[str, Any]:
    return fixture_model(fixture_models, GAME, name)


def _open(page: Any, static_server: str, name: str) -> None:
    open_fixture(page, static_server, GAME, name)


# Everything the tests compare, read off the drawn SVG in one go.
SUMMARY_JS = """() => {
  const svg = document.querySelector('#board svg.attika-board');
  if (!svg) return null;
  const all = (sel, root = svg) => Array.from(root.querySelectorAll(sel));
  const one = (sel, root = svg) => root.querySelector(sel);
  const players = {};
  for (const panel of all('.attika-player')) {
    const seat = panel.dataset.seat;
    players[seat] = {
      active: panel.dataset.active === 'true',
      you: panel.dataset.you === 'true',
      marker: !!one('.attika-turn-marker', panel),
      placed: one('.attika-placed', panel).textContent,
      settlements: one('.attika-settlements', panel).textContent,
      cards: Object.fromEntries(all('.attika-card', panel).map((c) => [c.dataset.card, +c.dataset.count])),
      backs: one('.attika-hand-back', panel) ? +one('.attika-hand-back', panel).dataset.count : null,
      amphorae: +one('.attika-amphorae', panel).dataset.count,
      stacks: all('.attika-stack', panel).map((s) => +s.dataset.height),
      stored: Object.fromEntries(all('.attika-slot', panel).filter((s) => +s.dataset.stored)
        .map((s) => [s.dataset.building, +s.dataset.stored])),
      slots: all('.attika-slot', panel).length,
      inHand: one('.attika-in-hand', panel) ? one('.attika-in-hand', panel).dataset.building : null,
    };
  }
  const byOwner = {};
  for (const b of all('.attika-map .attika-building')) {
    byOwner[b.dataset.owner] = (byOwner[b.dataset.owner] || 0) + 1;
  }
  const paying = one('.attika-pending-building');
  const turning = one('.attika-turning .attika-ghost-tile');
  return {
    players,
    byOwner,
    spaces: all('.attika-space').length,
    shrines: all('.attika-shrine').length,
    deck: +one('.attika-deck').dataset.count,
    tilesLeft: +one('.attika-tiles-left').dataset.count,
    amphoraSupply: +one('.attika-amphora-supply').dataset.count,
    discard: Object.fromEntries(all('.attika-discard [data-card]')
      .map((c) => [c.dataset.card, +c.dataset.count])),
    targets: all('.hk-target').length,
    result: one('.attika-result') ? one('.attika-result').dataset.winner : null,
    pendingOnMap: paying ? [+paying.dataset.q, +paying.dataset.r] : null,
    ghost: turning ? +turning.dataset.rotation : null,
    generic: !!document.querySelector('#board .hk-generic'),
  };
}"""


def _problems(name: str, model: dict[str, Any], seen: dict[str, Any] | None) -> list[str]:
    """What the drawn board gets wrong about the view, in words."""
    if seen is None:
        return [f"{name}: no Attika SVG drawn"]
    view = model["view"]
    out: list[str] = []

    def check(what: str, got: Any, want: Any) -> None:
        if got != want:
            out.append(f"{name}: {what}: drawn {got!r}, view says {want!r}")

    check("generic fallback used", seen["generic"], False)
    spaces = view["board"]["spaces"]
    check("board spaces", seen["spaces"], len(spaces))
    check("shrines", seen["shrines"], len(view["board"]["shrines"]))
    check("supply cards", seen["deck"], view["supply_cards"])
    check("board tiles left", seen["tilesLeft"], view["board_tiles_left"])
    check("amphorae in the supply", seen["amphoraSupply"], view["amphora_supply"])
    check("discard pile", seen["discard"], view["discard"])
    owners: dict[str, int] = {}
    for s in spaces:
        if "owner" in s:
            owners[str(s["owner"])] = owners.get(str(s["owner"]), 0) + 1
    check("buildings per colour on the map", seen["byOwner"], owners)
    seat = model["seat"]
    check("panels", sorted(seen["players"]), sorted(str(p["seat"]) for p in view["players"]))
    for p in view["players"]:
        drawn = seen["players"].get(str(p["seat"]))
        if drawn is None:
            continue
        who = f"player {p['seat']}"
        check(f"{who} buildings drawn = placed", owners.get(str(p["seat"]), 0), p["placed"])
        check(f"{who} progress", drawn["placed"], str(p["placed"]))
        check(f"{who} settlements", drawn["settlements"].split()[0], str(p["settlements"]))
        check(f"{who} amphorae", drawn["amphorae"], p["amphorae"])
        check(f"{who} stacks", drawn["stacks"], p["stacks"])
        check(f"{who} storage board", drawn["stored"], p["storage"])
        check(f"{who} storage spaces", drawn["slots"], len(view["catalogue"]["buildings"]))
        check(f"{who} marked as you", drawn["you"], seat == p["seat"])
        if seat == p["seat"]:
            check(f"{who} own hand", drawn["cards"], p["hand"])
            check(f"{who} own hand as backs", drawn["backs"], None)
        else:
            check(f"{who} hidden hand shown face up", drawn["cards"], {})
            check(f"{who} hand size", drawn["backs"], p["hand_size"])
        active = not view["game_over"] and view["active"] == p["seat"]
        check(f"{who} active", drawn["active"], active)
        check(f"{who} turn marker", drawn["marker"], active)
        pending = view["pending"]
        holds = pending is not None and pending["player"] == p["seat"] and "space" not in pending
        check(f"{who} building in hand", drawn["inHand"], (pending.get("building") or "") if holds else None)
    if view["game_over"]:
        winner = view["winner"]
        check("winner", seen["result"], "" if winner is None else str(winner))
    pending = view["pending"]
    if pending and "space" in pending:
        check("building being paid for", seen["pendingOnMap"], [pending["space"]["q"], pending["space"]["r"]])
    check("tile being turned", seen["ghost"], 0 if view["tile_centre"] else None)
    if not model["legal"]:
        check("click targets without legal actions", seen["targets"], 0)
    return out


def test_every_fixture_renders_what_the_view_says(board, static_server, fixture_models, attika_fixtures):
    problems: list[str] = []
    for name in attika_fixtures:
        _open(board, static_server, name)
        seen = board.evaluate(SUMMARY_JS)
        problems += _problems(name, _model(fixture_models, name), seen)
        problems += [f"{name}: console/page error: {e}" for e in board.errors]
        board.errors.clear()
    assert not problems, "\n".join(problems)


# Every click target: which action its data attributes say it stands for, and what clicking it chose.
TARGETS_JS = """() => Array.from(document.querySelectorAll('#board .attika-board .hk-target')).map((el) => {
  const c = el.classList;
  const d = el.dataset;
  let want = null;
  if (c.contains('attika-place')) want = [`place ${d.q} ${d.r}`];
  else if (c.contains('attika-tile-spot')) want = [`tile ${d.q} ${d.r}`];
  else if (c.contains('attika-stack')) want = [`draw ${d.sameAs ?? d.stack}`];
  else if (c.contains('attika-slot')) want = [`build ${d.building}`, 'store'];
  else if (c.contains('attika-store')) want = ['store'];
  else if (c.contains('attika-card')) want = [`pay ${d.card}`];
  else if (c.contains('attika-amphorae')) want = ['amphora'];
  else if (c.contains('attika-deck')) want = ['end'];
  else if (c.contains('attika-rotation')) want = [`rotate ${d.rotation}`];
  const chosen = document.getElementById('chosen');
  chosen.textContent = '';
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return { kind: c[0], want, got: chosen.textContent };
})"""

YOU = ".attika-player[data-you='true']"
BOARD_KINDS = {"place", "tile", "draw", "build", "store", "pay", "amphora", "end", "rotate"}


def test_every_target_chooses_its_action_and_every_board_action_has_a_target(
    board, static_server, fixture_models, attika_fixtures
):
    problems: list[str] = []
    for name in attika_fixtures:
        model = _model(fixture_models, name)
        if not model["legal"]:
            continue
        _open(board, static_server, name)
        chosen = set()
        for t in board.evaluate(TARGETS_JS):
            notation = t["got"].removeprefix("chose ")
            if t["want"] is None or notation not in t["want"]:
                problems.append(f"{name}: target {t['kind']} chose {t['got']!r}, expected one of {t['want']}")
            chosen.add(notation)
        for action in model["legal"]:
            if action["action"]["kind"] in BOARD_KINDS and action["notation"] not in chosen:
                problems.append(f"{name}: no board target for {action['notation']}")
        problems += [f"{name}: console/page error: {e}" for e in board.errors]
        board.errors.clear()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("fixture", "selector", "notation"),
    [
        ("3p-0-seat.json", f"{YOU} .attika-stack[data-stack='0']", "draw 0"),
        ("3p-0-seat.json", f"{YOU} .attika-stack[data-stack='3']", "draw 1"),
        ("3p-0-seat.json", f"{YOU} .attika-slot[data-building='TAVERN']", "build TAVERN"),
        ("3p-0-seat.json", ".attika-deck", "end"),
    ],
)
def test_clicking_the_board_chooses_the_action(
    board, static_server, attika_fixtures, fixture, selector, notation
):
    assert fixture in attika_fixtures
    _open(board, static_server, fixture)
    board.click(f"#board {selector}")
    assert board.inner_text("#chosen") == f"chose {notation}"
    assert not board.errors


# Where each kind of decision is clicked on the board, from the action's JSON and the seat's view.
SCENE_TARGETS: dict[str, Any] = {
    "place": lambda a, view: f".attika-place[data-q='{a['q']}'][data-r='{a['r']}']",
    "pay": lambda a, view: f"{YOU} .attika-card[data-card='{a['card']}']",
    "store": lambda a, view: f"{YOU} .attika-slot[data-building='{view['pending']['building']}']",
    "tile": lambda a, view: f".attika-tile-spot[data-q='{a['q']}'][data-r='{a['r']}']",
    "rotate": lambda a, view: f".attika-rotation[data-rotation='{a['rotation']}']",
    "amphora": lambda a, view: f"{YOU} .attika-amphorae",
}


@pytest.mark.parametrize("kind", list(SCENE_TARGETS))
def test_clicking_the_board_chooses_each_kind_of_decision(
    board, static_server, fixture_models, attika_fixtures, kind
):
    """The scene fixture is the first position of a seeded game offering ``kind``; its last such choice is
    clicked on the board (the last, so a click that always picked the first would be caught)."""
    fixture = f"scene-{kind}-seat.json"
    assert fixture in attika_fixtures
    model = _model(fixture_models, fixture)
    choices = [a for a in model["legal"] if a["action"]["kind"] == kind]
    target = choices[-1]
    _open(board, static_server, fixture)
    board.click(f"#board {SCENE_TARGETS[kind](target['action'], model['view'])}")
    assert board.inner_text("#chosen") == f"chose {target['notation']}"
    assert not board.errors


def test_storage_board_stores_a_drawn_building(board, static_server, attika_fixtures):
    _open(board, static_server, "scene-store-seat.json")
    board.click(f"#board {YOU} .attika-store", position={"x": 8, "y": 8})
    assert board.inner_text("#chosen") == "chose store"


def test_hovering_previews_the_new_tile(board, static_server, fixture_models, attika_fixtures):
    spot = next(
        a for a in _model(fixture_models, "scene-tile-seat.json")["legal"] if a["action"]["kind"] == "tile"
    )
    _open(board, static_server, "scene-tile-seat.json")
    assert board.locator("#board .attika-tile-hover .attika-ghost-tile").count() == 0
    q, r = spot["action"]["q"], spot["action"]["r"]
    board.hover(f"#board .attika-tile-spot[data-q='{q}'][data-r='{r}']")
    assert board.locator("#board .attika-tile-hover .attika-ghost-tile").count() == 1
    _open(board, static_server, "scene-rotate-seat.json")
    board.hover("#board .attika-rotation[data-rotation='3']")
    assert board.get_attribute("#board .attika-turning .attika-ghost-tile", "data-rotation") == "3"
    assert not board.errors


def test_hidden_information_stays_hidden(board, static_server, fixture_models, attika_fixtures):
    # A drawn building is known only to its drawer; others see the back of a tile from that stack.
    drawn = _model(fixture_models, "scene-store-seat.json")["view"]["pending"]["building"]
    assert drawn
    assert "building" not in (_model(fixture_models, "scene-store-spectator.json")["view"]["pending"] or {})
    _open(board, static_server, "scene-store-spectator.json")
    in_hand = board.locator("#board .attika-in-hand")
    assert in_hand.get_attribute("data-building") == ""
    assert drawn[:3].title() not in in_hand.text_content()
    assert board.locator("#board .attika-card").count() == 0
    _open(board, static_server, "scene-store-seat.json")
    assert board.locator("#board .attika-in-hand").get_attribute("data-building") == drawn


def test_board_fits_at_800_pixels(browser, static_server, attika_fixtures):
    context = browser.new_context(viewport={"width": 800, "height": 900})
    page = context.new_page()
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    try:
        _open(page, static_server, "4p-5-seat.json")
        width = page.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")
        assert 600 <= width <= 800
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 800
        screenshot(page, "board-attika-4p-800px")
    finally:
        context.close()


def _random_game_models(players: int, seed: int) -> list[dict[str, Any]]:
    """Table models along one random game: every step of the set-up and the first turn (chance included),
    then about 40 positions spread over the rest, and the end; from the seat to move (or seat 0) and from a
    spectator."""
    names = [f"Player {i + 1}" for i in range(players)]

    def play(visit: Any) -> int:
        state = games.get(GAME).new_state(players, {})
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            visit(state, step)
            player = state.current_player()
            state.apply(state.sample_chance(rng) if player < 0 else rng.choice(state.legal_actions()))
            step += 1
        visit(state, step)
        return step

    length = play(lambda state, step: None)
    every = max(1, length // 40)
    models: list[dict[str, Any]] = []

    def visit(state: Any, step: int) -> None:
        if step < 40 or step % every == 0 or state.is_terminal():
            seat = 0 if state.is_terminal() else max(state.current_player(), 0)
            for viewer in (seat, None):
                model = table_model(state, viewer, names)
                model["log"] = model["log"][-10:]
                models.append(model)

    play(visit)
    return models


# Renders many models with the board module directly; returns what went wrong.
RENDER_JS = """async (models) => {
  const board = await import(`${location.origin}/boards/attika.js`);
  const div = document.createElement('div');
  div.className = 'hk-board';
  document.body.append(div);
  const problems = [];
  models.forEach((model, i) => {
    try {
      board.render(div, model, { choose() {}, highlight() {} });
      const svg = div.querySelector('svg.attika-board');
      if (!svg) problems.push(`${i}: nothing drawn`);
      else if (/NaN|undefined/.test(svg.outerHTML)) problems.push(`${i}: NaN or undefined drawn`);
    } catch (error) {
      problems.push(`${i} (${model.view.phase}): ${error && error.stack || error}`);
    }
  });
  div.remove();
  return problems;
}"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_any_position_of_a_random_game_renders(board, static_server, attika_fixtures, players):
    _open(board, static_server, attika_fixtures[0])
    models = _random_game_models(players, seed=100 + players)
    assert len(models) > 100
    assert board.evaluate(RENDER_JS, models) == []
    assert not board.errors


@pytest.mark.parametrize(
    "fixture",
    [
        "2p-0-seat.json",
        "3p-1-seat.json",
        "2p-1-seat.json",
        "2p-5-spectator.json",
        "scene-tile-seat.json",
        "scene-rotate-seat.json",
        "4p-5-seat.json",
        "4p-6-spectator.json",
    ],
)
def test_screenshots(board, static_server, attika_fixtures, fixture):
    _open(board, static_server, fixture)
    path = screenshot(board, f"board-attika-{fixture.removesuffix('.json')}")
    assert path.stat().st_size > 10_000
    assert not board.errors


def test_the_prompt_says_when_storing_is_the_only_choice(
    board, static_server, fixture_models, attika_fixtures
):
    """Rules 1.1 asks to store a drawn building no space is affordable for: the prompt says why."""
    model = _model(fixture_models, "scene-store-seat.json")
    _open(board, static_server, "scene-store-seat.json")
    assert "click a marked space" in board.text_content("#board .attika-prompt")
    only_store = {**model, "legal": [a for a in model["legal"] if a["action"]["kind"] == "store"]}
    board.route("**/fixtures/attika/scene-store-seat.json", lambda route: route.fulfill(json=only_store))
    _open(board, static_server, "scene-store-seat.json")
    prompt = board.text_content("#board .attika-prompt")
    assert "cannot pay for it anywhere" in prompt and "marked space" not in prompt
    assert not board.errors


def test_the_prompt_says_when_stopping_is_the_only_choice(
    board, static_server, fixture_models, attika_fixtures
):
    model = _model(fixture_models, "3p-0-seat.json")
    only_end = {**model, "legal": [a for a in model["legal"] if a["action"]["kind"] == "end"]}
    board.route("**/fixtures/attika/3p-0-seat.json", lambda route: route.fulfill(json=only_end))
    _open(board, static_server, "3p-0-seat.json")
    assert board.text_content("#board .attika-prompt").startswith("Nothing you can pay for is left to do")
    assert not board.errors


def test_the_map_shows_every_space_the_choices_and_the_log_name(
    board, static_server, fixture_models, attika_fixtures
):
    """Choices and log lines name spaces "3,0" ("Build the Ship on 3,0"): the map writes that name on every
    space, shrine and place for a new tile, readable (not covered), so the words can be found (issue 22)."""
    import re

    named = re.compile(r"(?:on|centred on) (-?\d+),(-?\d+)")
    checked = 0
    for name in attika_fixtures:
        model = _model(fixture_models, name)
        _open(board, static_server, name)
        shown = set(
            board.evaluate(
                "() => Array.from(document.querySelectorAll('#board .attika-coord'))"
                ".filter((t) => t.getBBox().width > 0).map((t) => t.textContent)"
            )
        )
        spaces = {f"{s['q']},{s['r']}" for s in model["view"]["board"]["spaces"]}
        assert spaces <= shown, f"{name}: spaces without their name on the map: {sorted(spaces - shown)}"
        for text in [entry["label"] for entry in model["legal"]] + [entry["text"] for entry in model["log"]]:
            for q, r in named.findall(text):
                if f"{q},{r}" in spaces or text in (entry["label"] for entry in model["legal"]):
                    assert f"{q},{r}" in shown, f"{name}: {text!r} names {q},{r}, which the map does not show"
                    checked += 1
    assert checked
    # The names sit above the buildings, where no click target covers them.
    assert (
        board.evaluate("() => getComputedStyle(document.querySelector('.attika-coords')).pointerEvents")
        == "none"
    )
