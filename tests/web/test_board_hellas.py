"""The Hellas (Dorra) board (static/boards/hellas.js) in the preview page, on Debian's Chromium.

Every generated fixture must render without console or page errors and show what its view says (pieces by
owner and kind, quarries, temples, scores, markers, whose turn it is, the viewer); clicking a highlighted
space, temple, quarry or track space must choose the matching legal action. Positions the seeded fixtures do
not reach (palaces, squares, statues, cities, the house-and/or-square choice) come from ``hellas_scenes`` and
are served to the preview in place of a fixture.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hellenika.web.fixtures import write_fixtures
from tests.web import hellas_scenes
from tests.web.conftest import screenshot

# One evaluation reads back what the board drew, for comparing with the view.
READ_BOARD = """() => {
  const svg = document.querySelector('#board svg.hx-board');
  if (!svg) return null;
  const all = (sel) => [...svg.querySelectorAll(sel)];
  return {
    pieces: all('.hx-content [data-piece]').map((e) => [e.dataset.space, e.dataset.piece, e.dataset.owner]),
    quarries: all('.hx-content [data-state]').map((e) =>
      [e.dataset.space, e.dataset.state, e.dataset.top || null]),
    workers: all('.hx-content .hx-worker').map((e) => e.dataset.space),
    temples: all('.hx-content [data-temple]').map((e) => [e.dataset.temple, Number(e.dataset.pillars),
      e.querySelectorAll('.hx-pillar').length, e.querySelectorAll('.hx-slot').length]),
    hexes: all('.hx-hex').length,
    players: all('.hx-player').map((e) => ({
      seat: Number(e.dataset.seat), score: Number(e.querySelector('.hx-score').textContent),
      marble: Number(e.querySelector('.hx-marble-count').textContent),
      rings: Number(e.querySelector('.hx-ring-count').textContent),
      me: e.classList.contains('hx-me'), toMove: e.classList.contains('hx-to-move'),
    })),
    track: all('.hx-track .hx-space').map((e) => [e.dataset.space, e.dataset.marker]),
    cities: all('.hx-group.hx-city').map((e) => [Number(e.dataset.owner), Number(e.dataset.size)]),
    villages: all('.hx-group.hx-village').length,
    targets: all('.hk-target').length,
    yourTurn: all('.hx-your-turn').length,
    spectating: all('.hx-spectating').length,
    status: (svg.querySelector('.hx-status-main') || {}).textContent || '',
  };
}"""


@pytest.fixture(scope="module", autouse=True)
def fresh_hellas_fixtures(fixture_models: Path) -> Path:
    """Fixtures are generated once and kept; ones made before the view carried the board are remade."""
    folder = fixture_models / "hellas"
    first = json.loads((folder / "index.json").read_text())[0]
    if "board_rows" not in json.loads((folder / first).read_text())["view"]:
        write_fixtures("hellas")
    return folder


def _open(page: Any, url: str, name: str, model: dict[str, Any] | None = None) -> None:
    """The preview with fixture ``name``; ``model`` (a scene) is served in place of a generated fixture."""
    page.route("**/favicon.ico", lambda route, *_: route.fulfill(status=204, body=""))
    if model is not None:
        page.route(f"**/fixtures/hellas/{name}", lambda route, *_: route.fulfill(json=model))
        page.route("**/fixtures/hellas/index.json", lambda route, *_: route.fulfill(json=[name]))
    page.goto(f"{url}/preview.html?game=hellas&fixture={name}")
    page.wait_for_selector(f"body[data-rendered='hellas/{name}']")


def _check_drawn(board: dict[str, Any], model: dict[str, Any], name: str) -> None:
    view = model["view"]
    assert board is not None, f"{name}: the Hellas board did not render (generic fallback?)"
    assert board["hexes"] == sum(len(row) - row.count(".") for row in view["board_rows"]), name

    def owner(o: Any) -> str:
        return "none" if o is None else str(o)

    drawn = Counter((space, piece, who) for space, piece, who in board["pieces"])
    wanted = Counter((p["space"], p["piece"], owner(p["owner"])) for p in view["pieces"])
    assert drawn == wanted, name
    per_owner = Counter(who for _, _, who in board["pieces"])
    assert per_owner == Counter(owner(p["owner"]) for p in view["pieces"]), name

    quarries = {space: (state, top) for space, state, top in board["quarries"]}
    assert set(quarries) == {q["id"] for q in view["quarries"]}, name
    for q in view["quarries"]:
        state, top = quarries[q["id"]]
        assert state == q["state"], (name, q)
        assert top == (str(q["top"]) if q["state"] == "active" else None), (name, q)
    assert board["workers"] == [q["id"] for q in view["quarries"] if q["worker"]], name

    temples = {t[0]: t[1:] for t in board["temples"]}
    for t in view["temples"]:
        assert temples[t["id"]] == [t["pillars"], t["pillars"], t["slots"] - t["pillars"]], (name, t)

    players = {p["seat"]: p for p in board["players"]}
    assert sorted(players) == list(range(len(view["players"]))), name
    deciding = model["to_move"] if not model["finished"] else None
    for p in view["players"]:
        shown = players[p["seat"]]
        assert shown["score"] == pytest.approx(p["score"]), (name, p["seat"])
        assert shown["marble"] == p["marble"] and shown["rings"] == p["rings"], (name, p["seat"])
        assert shown["me"] == (model["seat"] == p["seat"]), (name, p["seat"])
        assert shown["toMove"] == (deciding == p["seat"]), (name, p["seat"])

    markers = [[s["id"], "" if s["marker"] is None else str(s["marker"])] for s in view["track"]]
    assert board["track"] == markers, name
    cities = sorted(
        (p, g["size"]) for p, pl in enumerate(view["players"]) for g in pl["groups"] if g["kind"] == "city"
    )
    assert sorted(tuple(c) for c in board["cities"]) == cities, name
    villages = sum(g["kind"] == "village" for pl in view["players"] for g in pl["groups"])
    assert board["villages"] == villages, name

    if model["legal"]:
        assert board["targets"] > 0 and board["yourTurn"] == 1, name
        assert "(you)" in board["status"], name
    else:
        assert board["targets"] == 0, name
    assert board["spectating"] == (1 if model["seat"] is None else 0), name


def test_every_fixture_renders_what_its_view_says(page, static_server, fixture_models: Path):
    folder = fixture_models / "hellas"
    names = json.loads((folder / "index.json").read_text())
    assert len(names) >= 10
    for name in names:
        model = json.loads((folder / name).read_text())
        _open(page, static_server, name)
        assert page.errors == [], f"{name}: {page.errors}"
        _check_drawn(page.evaluate(READ_BOARD), model, name)


@pytest.mark.parametrize(
    "scene",
    [hellas_scenes.late_house_square, hellas_scenes.statue_choice, hellas_scenes.game_over],
    ids=["house-square", "statue", "game-over"],
)
def test_rich_positions_render_palaces_squares_statues_and_cities(page, static_server, scene):
    model = scene()
    kinds = Counter(p["piece"] for p in model["view"]["pieces"])
    assert kinds["palace"] and kinds["house"], "the scene should have cities to draw"
    name = f"scene-{scene.__name__}.json"
    _open(page, static_server, name, model)
    assert page.errors == []
    board = page.evaluate(READ_BOARD)
    _check_drawn(board, model, name)
    assert board["cities"], "a builder's game founds cities"
    if model["finished"]:
        assert "Game over" in board["status"]
        assert page.locator(".hx-player .hx-tag-1st").count() >= 1
        screenshot(page, "board-hellas-game-over")
    elif scene is hellas_scenes.late_house_square:
        screenshot(page, "board-hellas-house-square")


def _chosen(page: Any) -> str:
    return page.locator("#chosen").inner_text()


def test_clicking_a_track_space_chooses_that_action(page, static_server):
    _open(page, static_server, "3p-0-seat.json")
    page.locator(".hx-track .hx-space.hk-target[data-space='palace']").click()
    assert _chosen(page) == "chose choose palace"
    # The engine offers the first free space of interchangeable ones; its free twins choose it too.
    page.locator(".hx-track .hx-space.hk-target[data-space='house3']").click()
    assert _chosen(page) == "chose choose house1"
    assert page.locator(".hx-track .hx-space.hk-target").count() == 12
    screenshot(page, "board-hellas-choose")


def test_clicking_a_track_space_that_is_taken_does_nothing(page, static_server, fixture_models: Path):
    model = json.loads((fixture_models / "hellas" / "3p-1-seat.json").read_text())
    taken = [s["id"] for s in model["view"]["track"] if s["marker"] is not None]
    assert taken
    _open(page, static_server, "3p-1-seat.json")
    for space in taken:
        assert page.locator(f".hx-track .hx-space[data-space='{space}'].hk-target").count() == 0


def test_clicking_a_free_space_builds_there(page, static_server, fixture_models: Path):
    model = json.loads((fixture_models / "hellas" / "scene-build-seat.json").read_text())
    builds = [a["action"] for a in model["legal"] if a["action"]["kind"] == "build"]
    _open(page, static_server, "scene-build-seat.json")
    spaces = [b["space"] for b in builds]
    assert page.locator(".hx-targets .hk-target").count() == len(set(spaces))
    last = next(b for b in reversed(builds) if spaces.count(b["space"]) == 1)  # one piece fits: one click
    page.locator(f".hx-targets .hk-target[data-space='{last['space']}']").click()
    assert _chosen(page) == f"chose build {last['piece']} {last['space']}"
    page.locator(".hx-header .hx-decline").click()
    assert _chosen(page) == "chose decline"
    screenshot(page, "board-hellas-build")


def _fixture_with(fixture_models: Path, kind: str) -> tuple[str, dict]:
    """The first generated seat fixture whose choices include ``kind`` (the seeded games move with the rules,
    so a test names the decision it needs rather than a fixture number)."""
    for path in sorted((fixture_models / "hellas").glob("*-seat.json")):
        model = json.loads(path.read_text())
        if any(a["action"]["kind"] == kind for a in model["legal"]):
            return path.name, model
    raise AssertionError(f"no generated Hellas fixture offers {kind!r}")


def test_clicking_a_temple_places_a_pillar(page, static_server, fixture_models: Path):
    name, model = _fixture_with(fixture_models, "pillar")
    pillars = [a["action"] for a in model["legal"] if a["action"]["kind"] == "pillar"]
    temple = pillars[-1]["temple"]
    space = next(t["space"] for t in model["view"]["temples"] if t["id"] == temple)
    _open(page, static_server, name)
    assert page.locator(".hx-targets .hk-target[data-action='pillar']").count() == len(pillars)
    page.locator(f".hx-targets .hk-target[data-space='{space}']").click()
    assert _chosen(page) == f"chose pillar {temple}"


def test_clicking_a_quarry_places_the_drawn_tile(page, static_server, fixture_models: Path):
    model = json.loads((fixture_models / "hellas" / "scene-tile-seat.json").read_text())
    spots = [a for a in model["legal"] if a["action"]["kind"] == "tile"]
    drawn = model["view"]["current_action"]["drawn_tile"]
    _open(page, static_server, "scene-tile-seat.json")
    assert page.locator(f".hx-drawn[data-tile='{drawn}']").count() == 1
    page.locator(f".hx-targets .hk-target[data-space='{spots[-1]['action']['quarry']}']").click()
    assert _chosen(page) == f"chose {spots[-1]['notation']}"
    screenshot(page, "board-hellas-mining")


def test_clicking_an_empty_quarry_moves_the_worker(page, static_server, fixture_models: Path):
    name, model = _fixture_with(fixture_models, "worker")
    move = next(a for a in model["legal"] if a["action"]["kind"] == "worker")
    _open(page, static_server, name)
    page.locator(f".hx-targets .hk-target[data-space='{move['action']['quarry']}']").click()
    assert _chosen(page) == f"chose {move['notation']}"
    screenshot(page, "board-hellas-pegasus-worker")


def test_the_piece_selector_picks_house_or_square(page, static_server):
    model = hellas_scenes.late_house_square()
    _open(page, static_server, "scene-hs.json", model)
    options = page.locator(".hx-piece-selector .hx-piece-option")
    assert options.count() == 2
    spaces = {a["action"]["space"] for a in model["legal"] if a["action"].get("piece") == "square"}
    space = sorted(spaces)[0]
    page.locator(f".hx-targets .hk-target[data-space='{space}']").click()
    assert _chosen(page) == f"chose build house {space}"
    page.locator(".hx-piece-selector .hx-piece-option[data-piece='square']").click()
    assert page.locator(".hx-piece-selector .hx-on[data-piece='square']").count() == 1
    page.locator(f".hx-targets .hk-target[data-space='{space}']").click()
    assert _chosen(page) == f"chose build square {space}"
    assert page.errors == []


def test_clicking_an_interior_space_builds_the_statue(page, static_server):
    model = hellas_scenes.statue_choice()
    spaces = [a["action"]["space"] for a in model["legal"] if a["action"]["kind"] == "build"]
    _open(page, static_server, "scene-statue.json", model)
    assert page.locator(".hx-targets .hk-target").count() == len(spaces)
    page.locator(f".hx-targets .hk-target[data-space='{spaces[0]}']").click()
    assert _chosen(page) == f"chose build statue {spaces[0]}"


def test_the_board_is_usable_at_800_pixels(browser, static_server):
    context = browser.new_context(viewport={"width": 800, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, static_server, "4p-3-seat.json")
    box = page.locator("#board svg").bounding_box()
    assert box is not None and 600 < box["width"] <= 800
    target = page.locator(".hx-targets .hk-target").first
    target_box = target.bounding_box()
    assert target_box is not None and target_box["width"] >= 24  # a space stays big enough to click
    target.click()
    assert _chosen(page).startswith("chose build house ")
    assert errors == []
    screenshot(page, "board-hellas-800px")
    context.close()
