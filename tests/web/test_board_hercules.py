"""The Hercules board (static/boards/hercules.js) in the preview page: every fixture renders without an error
and draws what its view says; every board target chooses (or highlights) exactly the matching legal actions.

Besides the generated fixtures, a few extra table models (the simplified variant, a Rest with a God to turn
face up) are built here from seeded games and served to the preview through Playwright routes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.web.model import table_model
from tests.web.conftest import screenshot

GAME = "hercules"
CUBES_PER_PARTICIPANT = 12

FACTS_JS = """() => {
  const svg = document.querySelector('#board svg[data-board="hercules"]');
  if (!svg) return null;
  const all = (selector) => [...svg.querySelectorAll(selector)];
  const get = (el, name) => el.getAttribute(name);
  return {
    viewBox: get(svg, "viewBox"),
    cubes: all('[data-role="cube"]').map((e) => [get(e, "data-participant"), get(e, "data-where"),
      get(e, "data-column")]),
    apprentices: all('[data-role="apprentice"]').map((e) => [get(e, "data-participant"),
      get(e, "data-column")]),
    scores: all('[data-role="score"]').map((e) => [get(e, "data-participant"), e.textContent]),
    active: all('[data-role="active-marker"]').map((e) => get(e, "data-participant")),
    dice: all('[data-role="die"]').map((e) => [get(e, "data-participant"), get(e, "data-value")]),
    white: all('[data-role="white-die"]').map((e) => [get(e, "data-holder"), get(e, "data-value")]),
    gods: all('[data-role="god"]').map((e) => [get(e, "data-column"), get(e, "data-card")]),
    column12: all('[data-role="column12"]').map((e) => [get(e, "data-card"), get(e, "data-count")]),
    stacks: all('[data-role="demigod-stack"]').map((e) => [get(e, "data-deck"), get(e, "data-count")]),
    vases: all('[data-role="vase-stack"]').map((e) => [get(e, "data-spaces"), get(e, "data-count")]),
    cards: all('[data-role="card"]').map((e) => [get(e, "data-participant"), get(e, "data-card"),
      get(e, "data-used"), get(e, "data-face-down")]),
    pegasus: all('[data-role="pegasus"]').map((e) => get(e, "data-participant")),
    places: all('[data-role="place"]').map((e) => [get(e, "data-participant"), get(e, "data-place")]),
    symbols: all('[data-role="symbol-count"]').map((e) => [get(e, "data-participant"), get(e, "data-symbol"),
      get(e, "data-count")]),
    targets: all(".hk-target").map((e) => [get(e, "data-role"),
      get(e, "data-column") || get(e, "data-deck") || get(e, "data-card") || get(e, "data-kind")]),
  };
}"""

SYMBOL_NAMES = ("plus", "minus", "times", "divide", "die")


def fixture_names(fixtures: Path) -> list[str]:
    return list(json.loads((fixtures / GAME / "index.json").read_text()))


def load(fixtures: Path, name: str) -> dict[str, Any]:
    return dict(json.loads((fixtures / GAME / name).read_text()))


def _no_favicon(page: Any) -> None:
    # The preview page has no favicon; a 404 for it would show up as a console error.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))


def open_preview(page: Any, server: str, name: str) -> None:
    page.goto(f"{server}/preview.html?game={GAME}&fixture={name}")
    page.wait_for_selector(f"body[data-rendered='{GAME}/{name}']")


def show(page: Any, name: str) -> None:
    """Switch the already open preview to another fixture."""
    page.select_option("#fixture", name)
    page.wait_for_selector(f"body[data-rendered='{GAME}/{name}']")


def fmt(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def turn_of(model: dict[str, Any]) -> int | None:
    view = model["view"]
    if view["game_over"] or model["finished"]:
        return None
    if isinstance(view["to_move"], int):
        return int(view["to_move"])
    return int(view["active"])


def check_facts(name: str, model: dict[str, Any], facts: dict[str, Any] | None) -> list[str]:
    """Everything the board draws, compared with the view. Returns the problems found."""
    if facts is None:
        return [f"{name}: no Hercules SVG drawn (fell back to the generic view?)"]
    problems: list[str] = []

    def expect(what: str, got: object, want: object) -> None:
        if got != want:
            problems.append(f"{name}: {what}: drawn {got!r}, view says {want!r}")

    view = model["view"]
    people = view["participants"]
    cubes = facts["cubes"]
    for p in people:
        i = str(p["index"])
        board = sorted(int(c) for who, where, c in cubes if who == i and where == "board")
        expect(f"cubes on the board of {p['name']}", board, sorted(p["cubes_on_board"]))
        supply = sum(1 for who, where, _ in cubes if who == i and where == "supply")
        expect(f"supply of {p['name']}", supply, p["supply"])
        used = sum(1 for c in p["cards"] if c["kind"] == "demigod" and c.get("used"))
        on_cards = sum(1 for who, where, _ in cubes if who == i and where == "card")
        expect(f"cubes on the cards of {p['name']}", on_cards, used)
        expect(f"all cubes of {p['name']}", len(board) + supply + on_cards, CUBES_PER_PARTICIPANT)
        expect(
            f"Apprentice of {p['name']}",
            [c for who, c in facts["apprentices"] if who == i],
            [str(p["apprentice"])],
        )
        expect(f"score of {p['name']}", [s for who, s in facts["scores"] if who == i], [fmt(p["score"])])
        expect(f"dice of {p['name']}", [int(v) for who, v in facts["dice"] if who == i], p["dice"])
        drawn_cards = sorted((c, u == "true", f == "true") for who, c, u, f in facts["cards"] if who == i)
        want_cards = sorted((c["id"], bool(c.get("used")), bool(c.get("face_down"))) for c in p["cards"])
        expect(f"cards of {p['name']}", drawn_cards, want_cards)
        counts = [0] * 5
        for card in p["cards"]:
            for k, n in enumerate(card.get("symbols", [])):
                counts[k] += n
        drawn_symbols = {s: int(n) for who, s, n in facts["symbols"] if who == i}
        expect(f"symbols of {p['name']}", drawn_symbols, dict(zip(SYMBOL_NAMES, counts, strict=True)))

    turn = turn_of(model)
    if turn is None:
        expect("active player markers", facts["active"], [])
    else:
        expect("active player markers", sorted(set(facts["active"])), [str(turn)])
        expect("number of active player markers", len(facts["active"]), 2)
    expect("Pegasus", facts["pegasus"], [str(view["pegasus"])])
    white = view["white_die"]
    holder = "" if white["holder"] is None else str(white["holder"])
    expect("white die", facts["white"], [[holder, str(white["value"])]])
    expect(
        "God cards",
        sorted(facts["gods"]),
        sorted([str(c + 1), g["id"]] for c, g in enumerate(view["gods"]) if g),
    )
    col12 = view["column12"]
    expect("column 12 stack", facts["column12"], [[col12[0]["id"], str(len(col12))]] if col12 else [])
    expect("Demigod stacks", facts["stacks"], [[s["deck"], str(s["count"])] for s in view["demigod_stacks"]])
    expect(
        "Vase stacks", facts["vases"], [[str(s["spaces"]), str(len(s["cards"]))] for s in view["vase_stacks"]]
    )
    if view["game_over"]:
        expect(
            "places",
            sorted(facts["places"]),
            sorted([str(i), str(pl)] for i, pl in enumerate(view["places"])),
        )
    w, h = (float(v) for v in facts["viewBox"].split()[2:])
    if not (w == 1000 and 600 < h < 2000):
        problems.append(f"{name}: odd viewBox {facts['viewBox']}")

    # Every Labour, Demigod choice and card ability is reachable from the board.
    targets = Counter(role for role, _ in facts["targets"])
    kinds = Counter(a["action"]["kind"] for a in model["legal"])
    labours = {labour_column(a) for a in model["legal"] if a["action"]["kind"] == "labour"}
    expect("column targets", targets["column"], len(labours))
    expect("Demigod stack targets", targets["demigod-stack"], kinds["take"])
    cards = {
        a["action"]["card"] for a in model["legal"] if a["action"]["kind"] in ("use", "release", "refresh")
    }
    expect("card targets", targets["card"], len(cards))
    expect("button targets", targets["button"], sum(1 for k in ("rest", "end", "done") if kinds[k]))
    return problems


def labour_column(entry: dict[str, Any]) -> int:
    """The Labour a legal action performs, read from the engine's own label ("Labour 9: 5 + 4")."""
    match = re.match(r"Labour (\d+):", entry["label"])
    assert match, entry["label"]
    return int(match.group(1))


def expected_for(model: dict[str, Any], role: str, key: str) -> list[int]:
    """The legal action indices a board target should stand for."""
    out = []
    for entry in model["legal"]:
        action = entry["action"]
        kind = action["kind"]
        if (
            (role == "column" and kind == "labour" and str(labour_column(entry)) == key)
            or (role == "demigod-stack" and kind == "take" and action["deck"] == key)
            or (role == "card" and kind in ("use", "release", "refresh") and action["card"] == key)
            or (role == "button" and kind == key)
        ):
            out.append(entry["index"])
    return out


def click_every_target(page: Any, name: str, model: dict[str, Any]) -> tuple[list[str], int]:
    problems = []
    targets = page.locator("#board .hk-target")
    count = targets.count()
    for k in range(count):
        element = targets.nth(k)
        role = element.get_attribute("data-role") or ""
        key = (
            element.get_attribute("data-column")
            or element.get_attribute("data-deck")
            or element.get_attribute("data-card")
            or element.get_attribute("data-kind")
            or ""
        )
        want = expected_for(model, role, key)
        page.evaluate(
            "() => { document.getElementById('chosen').textContent = '';"
            " document.querySelectorAll('.hk-highlight')"
            ".forEach((b) => b.classList.remove('hk-highlight')); }"
        )
        element.click()
        chosen = page.locator("#chosen").inner_text()
        highlighted = sorted(
            int(i)
            for i in page.eval_on_selector_all(
                ".hk-actions button.hk-highlight", "bs => bs.map(b => b.dataset.index)"
            )
        )
        if not want:
            problems.append(f"{name}: target {role} {key} matches no legal action")
        elif len(want) == 1:
            if chosen != f"chose {model['legal'][want[0]]['notation']}" or highlighted:
                problems.append(
                    f"{name}: clicking {role} {key} gave {chosen!r} {highlighted}, wanted action {want[0]}"
                )
        elif chosen or highlighted != want:
            problems.append(
                f"{name}: clicking {role} {key} gave {chosen!r} {highlighted}, wanted highlights {want}"
            )
    return problems, count


# ------------------------------------------------------------------ extra models, served through routes


def _first_with(players: int, options: dict[str, Any], seed: int, kind: str, skip: int = 0) -> dict[str, Any]:
    """The table model (for the seat to move) of the first decision in a seeded game offering ``kind``."""
    game = games.get(GAME)
    state = game.new_state(players, options)
    bot = make_agent("heuristic")
    rng = Rng(seed)
    names = [f"Player {i + 1}" for i in range(players)] + state.participant_names()[players:]
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply(state.sample_chance(rng))
            continue
        if any(a.to_json()["kind"] == kind for a in state.legal_actions()):
            if skip == 0:
                return table_model(state, player, names)
            skip -= 1
        state.apply(bot.choose(Observation(state, player), rng))
    raise AssertionError(f"no {kind} decision in that game")


@pytest.fixture(scope="module")
def extra_models() -> dict[str, dict[str, Any]]:
    return {
        "extra-simplified-use.json": _first_with(3, {"variant": "simplified"}, 1, "use", skip=6),
        "extra-simplified-rest.json": _first_with(3, {"variant": "simplified"}, 1, "release"),
        "extra-refresh.json": _first_with(2, {}, 1, "refresh"),
    }


def serve_extra(page: Any, fixtures: Path, models: dict[str, dict[str, Any]]) -> None:
    def answer(body: str) -> Any:
        return lambda route: route.fulfill(status=200, content_type="application/json", body=body)

    page.route(f"**/fixtures/{GAME}/index.json", answer(json.dumps(fixture_names(fixtures) + sorted(models))))
    for name, model in models.items():
        page.route(f"**/fixtures/{GAME}/{name}", answer(json.dumps(model)))


# ------------------------------------------------------------------ tests


def test_every_fixture_draws_its_view(page, static_server, fixture_models):
    _no_favicon(page)
    names = fixture_names(fixture_models)
    assert len(names) >= 8
    open_preview(page, static_server, names[0])
    problems = []
    for name in names:
        show(page, name)
        model = load(fixture_models, name)
        problems += check_facts(name, model, page.evaluate(FACTS_JS))
        problems += [f"{name}: {error}" for error in page.errors]
        page.errors.clear()
    assert not problems, "\n".join(problems)


def test_every_board_target_chooses_the_matching_actions(page, static_server, fixture_models):
    _no_favicon(page)
    names = [n for n in fixture_names(fixture_models) if load(fixture_models, n)["legal"]]
    open_preview(page, static_server, names[0])
    problems = []
    clicked: Counter[str] = Counter()
    for name in names:
        show(page, name)
        model = load(fixture_models, name)
        found, count = click_every_target(page, name, model)
        problems += found
        clicked[name] = count
    assert not problems, "\n".join(problems)
    assert not page.errors, page.errors
    assert sum(clicked.values()) >= 2 * len(names), clicked


def test_spectators_get_no_targets(page, static_server, fixture_models):
    _no_favicon(page)
    names = [n for n in fixture_names(fixture_models) if n.endswith("-spectator.json")]
    open_preview(page, static_server, names[0])
    for name in names:
        show(page, name)
        assert page.locator("#board .hk-target").count() == 0, name
        assert page.locator("#board [data-role='panel'] text", has_text="YOU").count() == 0, name
    assert not page.errors, page.errors


def test_a_column_performs_its_labour(page, static_server, fixture_models):
    _no_favicon(page)
    open_preview(page, static_server, "2p-1-seat.json")
    model = load(fixture_models, "2p-1-seat.json")
    nine = [a for a in model["legal"] if a["action"]["kind"] == "labour" and labour_column(a) == 9]
    assert len(nine) == 1
    page.locator("#board [data-role='column'][data-column='9']").click()
    assert page.locator("#chosen").inner_text() == f"chose {nine[0]['notation']}"
    # Column 1 is reached two ways (5 - 4 and 4 / 4 with the white die): both are highlighted.
    page.locator("#board [data-role='column'][data-column='1']").click()
    ones = [a["index"] for a in model["legal"] if a["action"]["kind"] == "labour" and labour_column(a) == 1]
    assert len(ones) == 2
    for index in ones:
        assert "hk-highlight" in (
            page.locator(f".hk-actions button[data-index='{index}']").get_attribute("class") or ""
        )
    screenshot(page, "board-hercules-2p-1-seat")
    assert not page.errors, page.errors


def test_a_demigod_stack_is_taken_by_clicking_it(page, static_server, fixture_models):
    _no_favicon(page)
    open_preview(page, static_server, "4p-1-seat.json")
    model = load(fixture_models, "4p-1-seat.json")
    take = next(a for a in model["legal"] if a["action"]["kind"] == "take")
    page.locator(f"#board [data-role='demigod-stack'][data-deck='{take['action']['deck']}']").click()
    assert page.locator("#chosen").inner_text() == f"chose {take['notation']}"
    screenshot(page, "board-hercules-4p-1-seat")
    assert not page.errors, page.errors


def test_finished_games_show_places_and_the_winner(page, static_server, fixture_models):
    _no_favicon(page)
    open_preview(page, static_server, "4p-6-spectator.json")
    model = load(fixture_models, "4p-6-spectator.json")
    winner = model["names"][model["places"].index(1)]
    assert f"{winner} wins" in (page.locator("#board [data-role='status']").text_content() or "")
    screenshot(page, "board-hercules-4p-6-spectator")
    open_preview(page, static_server, "1p-6-seat.json")
    screenshot(page, "board-hercules-1p-6-solo-end")
    assert not page.errors, page.errors


def test_extra_positions_simplified_variant_and_rest(page, static_server, fixture_models, extra_models):
    _no_favicon(page)
    serve_extra(page, fixture_models, extra_models)
    problems = []
    for name, model in extra_models.items():
        open_preview(page, static_server, name)
        problems += check_facts(name, model, page.evaluate(FACTS_JS))
        found, count = click_every_target(page, name, model)
        problems += found
        assert count >= 1, name
        screenshot(page, f"board-hercules-{name.removesuffix('.json')}")
    assert not problems, "\n".join(problems)
    refresh = extra_models["extra-refresh.json"]
    assert any(a["action"]["kind"] == "refresh" for a in refresh["legal"])
    simplified = extra_models["extra-simplified-use.json"]["view"]
    assert simplified["variant"] == "simplified"
    assert all(g is None or g.get("face_down") for g in simplified["gods"])
    assert not page.errors, page.errors


def test_usable_at_800_pixels(page, static_server, fixture_models):
    _no_favicon(page)
    page.set_viewport_size({"width": 800, "height": 900})
    open_preview(page, static_server, "3p-3-seat.json")
    board = page.locator("#board svg").bounding_box()
    assert board is not None and board["width"] <= 800
    model = load(fixture_models, "3p-3-seat.json")
    labour = next(a for a in model["legal"] if a["action"]["kind"] == "labour")
    page.locator(f"#board [data-role='column'][data-column='{labour_column(labour)}']").click()
    assert page.locator("#chosen").inner_text() == f"chose {labour['notation']}"
    screenshot(page, "board-hercules-3p-3-seat-800px")
    assert not page.errors, page.errors


def test_panels_show_the_table_models_names(page, static_server, fixture_models):
    """The server's model names people (and Hades); the board shows those, not the view's "Player 1"."""
    _no_favicon(page)
    model = load(fixture_models, fixture_names(fixture_models)[0])
    model["names"] = [f"Ariadne of Crete {i}" for i in range(len(model["view"]["participants"]))]
    serve_extra(page, fixture_models, {"extra-named.json": model})
    open_preview(page, static_server, "extra-named.json")
    panels = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-role="panel"]')].map((e) => e.textContent)"""
    )
    assert any("Ariadne of Crete" in text for text in panels)
    assert not any("Player 1" in text for text in panels)
    assert not page.errors
