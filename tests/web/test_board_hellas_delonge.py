"""The Hellas (Delonge) board: every fixture renders cleanly and shows what the view says; board clicks choose
the matching legal actions (the generated fixtures, plus positions from hellas_delonge_models for the
placements and choices they do not reach); screenshots for people to look at."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import screenshot
from tests.web.hellas_delonge_models import model_with

GAME = "hellas_delonge"


def _open(page: Any, base: str, name: str) -> None:
    # The preview page names no icon, so Chromium's own favicon request would log a 404 as a console error.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    page.goto(f"{base}/preview.html?game={GAME}&fixture={name}")
    page.wait_for_selector(f"body[data-rendered='{GAME}/{name}']")


def _serve(page: Any, base: str, model: dict[str, Any], name: str = "extra.json") -> None:
    """Show ``model`` in the preview as if it were a fixture (routed, nothing written to disk)."""
    page.route(f"**/fixtures/{GAME}/index.json", lambda route: route.fulfill(json=[name]))
    page.route(f"**/fixtures/{GAME}/{name}", lambda route: route.fulfill(json=model))
    _open(page, base, name)


def _chosen(page: Any) -> str:
    return page.locator("#chosen").inner_text()


def _notation(model: dict[str, Any], pred: Any) -> list[str]:
    return [entry["notation"] for entry in model["legal"] if pred(entry["action"])]


def _fixture_names(fixture_models: Any) -> list[str]:
    return json.loads((fixture_models / GAME / "index.json").read_text())


def _check_model(page: Any, model: dict[str, Any]) -> None:
    view = model["view"]
    assert page.locator("#board svg.hd-board").count() == 1, (
        "the board module did not draw (generic fallback?)"
    )
    assert page.locator(".hd-tiles > g").count() == len(view["map"])
    for p, player in enumerate(view["players"]):
        assert page.locator(f'.hd-pieces .hd-greek[data-owner="{p}"]').count() == player["greeks_on_map"]
        assert page.locator(f'.hd-pieces .hd-ship[data-owner="{p}"]').count() == player["ships_on_map"]
        panel = page.locator(f'.hd-player[data-seat="{p}"]')
        assert panel.locator(".hd-city-pip").count() == player["cities"]
        assert panel.locator(".hd-cities").get_attribute("data-cities") == str(player["cities"])
        counts = {
            g: int(panel.locator(f'.hd-hand-god[data-god="{g}"]').get_attribute("data-count"))
            for g in player["cards_by_god"]
        }
        assert counts == player["cards_by_god"]
        active = view["turn"] > 0 and view["active"] == p and not view["game_over"]
        assert panel.get_attribute("data-active") == ("yes" if active else "no")
        assert panel.get_attribute("data-you") == ("yes" if model["seat"] == p else "no")
    # Each city's Greeks and ships, in its owner's colour.
    for tile in view["map"][1:]:
        city = page.locator(f'.hd-city-pieces[data-city="{tile["city"]}"]')
        assert city.locator(".hd-greek").count() == tile["greeks"]
        assert city.locator(".hd-ship").count() == tile["ships"]
        assert city.locator(".hd-temple").count() == (1 if tile["temple"] else 0)
    if view["turn"] and not view["game_over"]:
        assert page.locator(".hd-active-dot").get_attribute("data-seat") == str(view["active"])
    assert page.locator(".hd-stack-count").text_content() == str(view["stack"]["tiles"])
    if view["stall_limit"]:
        stall = page.locator(".hd-stall")
        if view["map_closed"]:
            quiet = f"quiet turns {view['turns_since_change']}/{view['stall_limit']}"
        else:  # the clock counts only once no tile left can be laid
            quiet = "stall rule: off while tiles fit"
        assert stall.evaluate("e => e.firstChild.textContent") == quiet
        shown = model.get("names") or []  # the board names seats as the table does, else by the view
        records = ", ".join(
            f"{shown[p['seat']] if p['seat'] < len(shown) else p['name']}: {p['record_cities']}"
            for p in view["players"]
        )
        assert f"(most held so far: {records})" in stall.locator("title").text_content()
    for god, deck in view["decks"].items():
        assert page.locator(f'.hd-deck[data-god="{god}"] .hd-deck-count').get_attribute("data-count") == str(
            deck["cards_left"]
        )
    if model["seat"] is None:
        hidden = sum(player["hand_size"] for player in view["players"])
        assert page.locator(".hd-hidden-card").count() == hidden
        assert page.locator(".hd-hand-card").count() == 0
    else:
        own = sum(view["hand"]["playable"].values()) + sum(view["hand"]["drawn_this_turn"].values())
        assert page.locator(".hd-hand-card").count() == own
        assert page.locator(".hd-hidden-card").count() == 0
    assert page.locator(".hd-site").count() == sum(
        1 for entry in model["legal"] if entry["action"]["kind"] == "at"
    )
    if model["legal"]:
        assert page.locator(".hk-target").count() >= 1
        assert page.locator(".hd-your-move").count() == 1
    else:
        assert page.locator(".hk-target").count() == 0
    if view["game_over"]:
        winner = view["winner"]
        assert page.locator(".hd-game-over").get_attribute("data-winner") == (
            "" if winner is None else str(winner)
        )


def test_every_fixture_renders_what_the_view_says(page, static_server, fixture_models):
    names = _fixture_names(fixture_models)
    assert names
    for name in names:
        _open(page, static_server, name)
        assert page.errors == [], f"{name}: {page.errors}"
        model = json.loads((fixture_models / GAME / name).read_text())
        _check_model(page, model)


def test_laying_a_setup_tile_on_a_site(page, static_server, fixture_models):
    _open(page, static_server, "2p-0-seat.json")
    site = page.locator(".hd-site").first
    q, r = site.get_attribute("data-q"), site.get_attribute("data-r")
    site.click()
    assert _chosen(page) == f"chose at {q} {r}"
    screenshot(page, "board-hellas_delonge-setup")


def test_burst_chips_decks_and_buttons(page, static_server):
    model = model_with("recruit")
    _serve(page, static_server, model)
    recruit = page.locator('.hd-chip[data-action="recruit"]').first
    city = int(recruit.get_attribute("data-city"))
    recruit.click()
    assert _chosen(page) == f"chose recruit {city}"
    build = page.locator('.hd-chip[data-action="build"]')
    if build.count():
        city = int(build.first.get_attribute("data-city"))
        build.first.click()
        assert _chosen(page) == f"chose build {city}"
    deck = page.locator('.hd-deck[data-action="draw"]').first
    god = deck.get_attribute("data-god")
    deck.click()
    assert _chosen(page) == f"chose draw {god}"
    page.locator('.hd-button[data-action="stop"]').click()
    assert _chosen(page) == "chose stop"
    # One chip per legal recruit and build.
    recruits = _notation(model, lambda a: a["kind"] == "recruit")
    assert page.locator('.hd-chip[data-action="recruit"]').count() == len(recruits)
    screenshot(page, "board-hellas_delonge-burst")


def test_playing_a_card_from_the_hand(page, static_server, fixture_models):
    name = "2p-4-seat.json"
    model = json.loads((fixture_models / GAME / name).read_text())
    plays = _notation(model, lambda a: a["kind"] == "play")
    assert plays
    _open(page, static_server, name)
    card = page.locator('.hd-hand-card[data-action="play"]').first
    card_id = card.get_attribute("data-card")
    card.click()
    assert _chosen(page) == f"chose play {card_id}"
    assert f"play {card_id}" in plays


def test_discarding_down_to_the_limit_from_the_hand(page, static_server):
    model = model_with("discard")
    _serve(page, static_server, model)
    assert page.errors == []
    _check_model(page, model)
    cards = page.locator('.hd-hand-card[data-action="discard"]')
    assert cards.count() >= 1
    card_id = cards.first.get_attribute("data-card")
    cards.first.click()
    assert _chosen(page) == f"chose discard {card_id}"


def test_a_target_matching_several_actions_highlights_them(page, static_server):
    model = model_with("recruit")
    first = next(entry for entry in model["legal"] if entry["action"]["kind"] == "recruit")
    model["legal"].append({**first, "index": len(model["legal"]), "notation": first["notation"] + " (again)"})
    _serve(page, static_server, model)
    page.locator(f'.hd-chip[data-action="recruit"][data-city="{first["action"]["city"]}"]').click()
    assert _chosen(page) == ""
    highlighted = page.locator(".hk-actions button.hk-highlight")
    assert highlighted.count() == 2
    assert sorted(highlighted.evaluate_all("bs => bs.map(b => Number(b.dataset.index))")) == [
        first["index"],
        len(model["legal"]) - 1,
    ]


CITY_KINDS = ["attack", "pay", "settle", "forced", "levy", "launch", "retreat"]


@pytest.mark.parametrize("kind", CITY_KINDS)
def test_clicking_a_city_chooses_its_action(page, static_server, kind):
    model = model_with(kind)
    _serve(page, static_server, model)
    assert page.errors == []
    _check_model(page, model)
    targets = page.locator(f'.hd-city-target[data-action~="{kind}"]')
    cities = {entry["action"]["city"] for entry in model["legal"] if entry["action"]["kind"] == kind}
    assert targets.count() == len(cities)
    city = int(targets.first.get_attribute("data-city"))
    matching = _notation(model, lambda a: a["kind"] == kind and a.get("city") == city)
    targets.first.click()
    if len(matching) == 1:
        assert _chosen(page) == f"chose {matching[0]}"
    else:
        assert page.locator(".hk-actions button.hk-highlight").count() == len(matching)
    if kind == "attack":
        screenshot(page, "board-hellas_delonge-attack-choice")


def test_regrouping_picks_a_source_then_a_destination(page, static_server):
    model = model_with("march")
    _serve(page, static_server, model)
    move = next(entry for entry in model["legal"] if entry["action"]["kind"] == "march")
    source, dest = move["action"]["source"], move["action"]["city"]
    if page.locator(".hd-select").count() > 1:
        page.locator(f'.hd-select[data-city="{source}"]').click()
    assert page.locator(f'.hd-select[data-city="{source}"]').get_attribute("data-selected") == "yes"
    assert page.errors == []
    page.locator(f'.hd-chip[data-action="march"][data-city="{dest}"]').click()
    assert _chosen(page) == f"chose march {source} {dest}"
    screenshot(page, "board-hellas_delonge-regroup")


@pytest.mark.parametrize(
    ("kind", "selector"),
    [
        ("turn", ".hd-mini-tile"),
        ("use", ".hd-mini-tile"),
        ("order", ".hd-mini-tile"),
        ("commit", ".hd-button"),
        ("fleet", ".hd-button"),
    ],
)
def test_tray_choices(page, static_server, kind, selector):
    model = model_with(kind)
    _serve(page, static_server, model)
    assert page.errors == []
    options = page.locator(f'{selector}[data-action="{kind}"]')
    assert options.count() == len(_notation(model, lambda a: a["kind"] == kind))
    options.last.click()
    assert _chosen(page) == f"chose {_notation(model, lambda a: a['kind'] == kind)[-1]}"
    if kind in ("turn", "commit"):
        screenshot(page, f"board-hellas_delonge-{kind}")


@pytest.mark.parametrize("kind", ["voyage", "explore"])
def test_the_tile_stack_starts_a_voyage(page, static_server, kind):
    model = model_with(kind)
    _serve(page, static_server, model)
    page.locator(f'.hd-stack-pile[data-action="{kind}"]').click()
    assert _chosen(page) == f"chose {kind}"


@pytest.mark.parametrize("kind", ["burst", "resolve", "calloff", "giveup", "done", "pass"])
def test_command_buttons(page, static_server, kind):
    model = model_with(kind)
    _serve(page, static_server, model)
    page.locator(f'.hd-button[data-action="{kind}"]').click()
    assert _chosen(page) == f"chose {kind}"


def test_a_spectator_watches_an_attack(page, static_server):
    model = model_with("resolve", spectator=True)
    _serve(page, static_server, model)
    assert page.errors == []
    _check_model(page, model)
    attack = model["view"]["attack"]
    assert page.locator(".hd-attack-target").count() == 1
    assert page.locator(".hd-attack-arrow").count() == len(attack["sources"])
    strengths = page.locator(".hd-strengths").text_content()
    assert strengths.startswith(f"{attack['attacker_strength']} against {attack['defender_strength']}")
    screenshot(page, "board-hellas_delonge-attack-spectator")


def test_the_end_and_a_narrow_window(page, static_server, fixture_models):
    _open(page, static_server, "2p-6-seat.json")
    assert page.locator(".hd-game-over").count() == 1
    screenshot(page, "board-hellas_delonge-game-over")
    page.set_viewport_size({"width": 800, "height": 900})
    _open(page, static_server, "2p-4-seat.json")
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["width"] <= 800
    assert page.errors == []
    screenshot(page, "board-hellas_delonge-800px")


@pytest.mark.parametrize(
    "names",
    [
        ["Bot 2 (medium)", "Bot 1 (expert)"],
        ["WWWWWWWWWW", "MMMMMMMMMMMM"],
        ["Wilhelmina Wolfsschanze-Whitmore", "Player 2"],
    ],
)
def test_a_name_never_runs_under_its_badges(page, static_server, names):
    """The Dark / Light and YOU badges sit after the name as drawn (measured, not guessed at 10 px a
    letter: "Bot 2 (medium" ran under "Dark", issue 22); a long name shrinks or is cut, left of the turn
    marker."""
    model = model_with("burst")
    model["names"] = names
    _serve(page, static_server, model)
    assert page.errors == []
    for p, full in enumerate(names):
        panel = page.locator(f'.hd-player[data-seat="{p}"]')
        name = panel.locator(".hd-player-name").bounding_box()
        side = panel.locator(".hd-side-badge").bounding_box()
        assert name["x"] + name["width"] <= side["x"] + 0.5, (full, name, side)
        right = side["x"] + side["width"]
        if panel.locator(".hd-you-badge").count():
            you = panel.locator(".hd-you-badge").bounding_box()
            assert right <= you["x"] + 0.5
            right = you["x"] + you["width"]
        if panel.locator(".hd-turn-marker").count():
            assert right <= panel.locator(".hd-turn-marker").bounding_box()["x"]
        shown = panel.locator(".hd-player-name").evaluate("e => e.firstChild.textContent")
        if shown != full:  # cut: the whole name is in its tooltip
            assert shown.endswith("…") and full.startswith(shown[:-1].rstrip())
            assert panel.locator(".hd-player-name title").text_content() == full
