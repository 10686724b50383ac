"""The Peloponnes board (static/boards/peloponnes.js) over every view fixture: it renders without console or
page errors and draws what the view says (the tiles on offer and the bids on them, the round, the turn order,
the disaster chits and the Persians, every civilization's mat, hero, colony and tiles in their order, Angelos,
the pending decision, the final scores), and every click target chooses or highlights exactly the legal
actions it stands for, every legal action being reachable from the board. The board's copy of the printed
components is checked against the engine's catalogue, and random games' positions never make it throw."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.games.peloponnes.catalogue import PERSIANS, load_catalogue
from hellenika.games.peloponnes.game import PeloponnesGame
from hellenika.games.peloponnes.view import tile_json
from hellenika.web.fixtures import SCENES
from hellenika.web.model import table_model
from tests.web.conftest import fixture_model, game_fixture_names, open_fixture, screenshot

GAME = "peloponnes"

# Every kind of decision a seat makes in Peloponnes (the chance outcomes aside).
DECISION_KINDS = {
    "bid", "amount", "conquer", "pass", "move", "withdraw", "take", "build", "reserve", "strength", "income",
    "ariadne", "odysseus", "save", "remove", "hire", "finish", "abandon", "offer", "no-offer", "coins",
    "answer", "clovers",
}  # fmt: skip


def _stale(folder: Path, names: list[str]) -> bool:
    """Fixtures written before the generator made Peloponnes' decision scenes."""
    return not any(n.startswith("scene-") for n in names)


@pytest.fixture(scope="session")
def pel_fixtures(fixture_models: Path) -> list[str]:
    """The Peloponnes fixture names, regenerated once if they predate the scenes."""
    return game_fixture_names(fixture_models, GAME, _stale)


def _model(fixture_models: Path, name: str) -> dict[str, Any]:
    return fixture_model(fixture_models, GAME, name)


def _open(page: Any, static_server: str, name: str) -> None:
    open_fixture(page, static_server, GAME, name)


def _show(page: Any, name: str) -> None:
    """Another fixture in the open preview, through its fixture list (no page load)."""
    page.select_option("#fixture", name)
    page.wait_for_selector(f"body[data-rendered='{GAME}/{name}']")


# Everything the tests compare, read off the drawn SVG in one go.
SUMMARY_JS = """() => {
  const svg = document.querySelector('#board svg.pel-board');
  if (!svg) return null;
  const all = (sel, root = svg) => Array.from(root.querySelectorAll(sel));
  const one = (sel, root = svg) => root.querySelector(sel);
  const num = (v) => (v === undefined || v === null || v === '' ? null : Number(v));
  const players = {};
  for (const panel of all('.pel-player')) {
    const seat = panel.dataset.seat;
    const goods = Object.fromEntries(all('.pel-good', panel).map((g) => [g.dataset.good, +g.dataset.value]));
    const owned = all('.pel-owned', panel).filter((t) => !t.closest('.pel-incoming'));
    const byKind = (kind) => owned.filter((t) => t.dataset.kind === kind || kind === null)
      .sort((a, b) => +a.dataset.position - +b.dataset.position)
      .map((t) => [t.dataset.tile, t.dataset.reserved === 'true']);
    const score = one('.pel-score', panel);
    const hero = one('.pel-hero', panel);
    players[seat] = {
      angelos: panel.classList.contains('pel-angelos'),
      you: panel.dataset.you === 'true',
      deciding: !!one('.pel-deciding', panel),
      goods,
      buildings: byKind('building'),
      lands: byKind('land'),
      all: byKind(null),
      incoming: one('.pel-incoming', panel) ? one('.pel-incoming', panel).dataset.tile : null,
      score: [num(score.dataset.pp), num(score.dataset.pop), num(score.dataset.score)],
      hero: hero ? [hero.dataset.hero, hero.dataset.flipped === 'true'] : null,
      colony: one('.pel-colony', panel) ? one('.pel-colony', panel).dataset.colony : null,
      civilization: one('.pel-civ-tile', panel) ? one('.pel-civ-tile', panel).dataset.civilization : null,
      position: one('.pel-position', panel) ? +one('.pel-position', panel).dataset.position : null,
      bid: one('.pel-player-bid', panel)
        ? ['tile', 'coins', 'luxury'].map((k) => one('.pel-player-bid', panel).dataset[k])
          .map((v, i) => (i ? +v : v)) : null,
    };
  }
  const rows = {};
  for (const t of all('.pel-rows .pel-tile')) {
    (rows[t.dataset.row] = rows[t.dataset.row] || []).push(t.dataset.tile);
  }
  const bids = all('.pel-rows .pel-bid')
    .map((b) => [b.closest('.pel-tile').dataset.tile, +b.dataset.bidder, +b.dataset.coins, +b.dataset.luxury,
      one('.pel-bid-lux', b) ? one('.pel-bid-lux', b).textContent : null]);
  const inHand = one('.pel-decision .pel-bid-in-hand');
  const persians = one('.pel-persians');
  const stacks = one('.pel-chit-stacks');
  const decision = one('.pel-decision');
  const current = one('.pel-round[data-current="true"]');
  return {
    players,
    rows,
    bids,
    disasters: Object.fromEntries(all('.pel-disaster')
      .map((d) => [d.dataset.disaster, [+d.dataset.chits, d.dataset.struck === 'true']])),
    persians: persians ? ['chits', 'attacks', 'sum', 'strength', 'playersStrength']
      .map((k) => +persians.dataset[k]) : null,
    chits: [+stacks.dataset.faceDown, +stacks.dataset.under, +one('.pel-chits-left').dataset.count],
    tally: all('.pel-chit-tally-entry').map((e) => [e.dataset.chit, +e.dataset.count]),
    inHand: inHand ? [+inHand.dataset.bidder, +inHand.dataset.coins, +inHand.dataset.luxury] : null,
    drawn: one('.pel-drawn-chit') ? one('.pel-drawn-chit').dataset.chit : null,
    round: current ? +current.dataset.round : null,
    stacksLeft: Object.fromEntries(all('.pel-stack').map((s) => [s.dataset.stack, +s.dataset.left])),
    order: one('.pel-turn-order').dataset.order,
    decision: decision ? [decision.dataset.step, +decision.dataset.seat] : null,
    result: Object.fromEntries(all('.pel-result-row')
      .map((r) => [r.dataset.seat, [num(r.dataset.place), num(r.dataset.score)]])),
    phasesOn: all('.pel-phase[data-on="true"]').map((p) => p.dataset.phase),
    targets: all('.hk-target').length,
    generic: !!document.querySelector('#board .hk-generic'),
    text: svg.textContent,
  };
}"""


_CATALOGUE = load_catalogue()
_LUXURY_RATE = {c.id: c.luxury_rate for c in _CATALOGUE.colonies}


def _lux_words(view: dict[str, Any], bidder: int, coins: int, luxury: int) -> str | None:
    """What the bid marker's luxury chip says: the coins paid and the luxury goods ("3 + 6 lux"), computed
    from the bidder's colony (luxury goods per coin); None for a bid of coins only."""
    if not luxury:
        return None
    rate = _LUXURY_RATE[view["participants"][bidder]["colony"]]
    return f"{coins - luxury // rate} + {luxury} lux"


def _problems(name: str, model: dict[str, Any], seen: dict[str, Any] | None) -> list[str]:
    """What the drawn board gets wrong about the view, in words."""
    if seen is None:
        return [f"{name}: no Peloponnes SVG drawn"]
    view = model["view"]
    out: list[str] = []

    def check(what: str, got: Any, want: Any) -> None:
        if got != want:
            out.append(f"{name}: {what}: drawn {got!r}, view says {want!r}")

    check("generic fallback used", seen["generic"], False)
    check("NaN or undefined drawn", "NaN" in seen["text"] or "undefined" in seen["text"], False)
    regular = [s["tile"]["id"] for s in view["regular_row"] if s]
    conquest = [t["id"] for t in view["conquest_row"] if t]
    check("regular row", seen["rows"].get("regular", []), regular)
    check("conquest row", seen["rows"].get("conquest", []), conquest)
    bids = [
        [
            s["tile"]["id"],
            s["bidder"],
            s["bid"],
            s["bid_luxury"],
            _lux_words(view, s["bidder"], s["bid"], s["bid_luxury"]),
        ]
        for s in view["regular_row"]
        if s and s["bidder"] is not None
    ]
    check("bids on the regular row (coins, luxury part)", seen["bids"], bids)
    check("current round", seen["round"], view["round"] or None)
    check("tiles left in the stacks", seen["stacksLeft"], view["tile_stacks"])
    check("turn order", seen["order"], ",".join(str(p) for p in view["turn_order"]))
    for d in view["disasters"]:
        if d["id"] == "persians":
            players_strength = sum(p["strength"] for p in view["participants"])
            want = [d["chits"], d["attacks"], d["strength_sum"], view["persian_strength"], players_strength]
            check("the Persians", seen["persians"], want)
        else:
            check(f"disaster {d['id']}", seen["disasters"].get(d["id"]), [d["chits"], d["struck"]])
    check("disaster tiles", len(seen["disasters"]) + (seen["persians"] is not None), len(view["disasters"]))
    st = view["chit_stacks"]
    check(
        "chit stacks",
        seen["chits"],
        [st["face_down"], len(st["under_stack_2"]), view["chits_to_draw_this_round"]],
    )
    check("chits face down by kind", seen["tally"], [list(kv) for kv in st["face_down_by_kind"].items()])
    decision = view["decision"]
    check("Ariadne's chit", seen["drawn"], decision.get("chit") if decision else None)
    outbid = decision and decision["step"] == "bidding: outbid" and not view["game_over"]
    check(
        "the outbid bid in hand",
        seen["inHand"],
        [decision["seat"], decision["bid"]["coins"], decision["bid"]["luxury"]] if outbid else None,
    )
    if decision and not view["game_over"]:
        check("pending decision", seen["decision"], [decision["step"], decision["seat"]])
    check("phases lit", len(seen["phasesOn"]) <= 1, True)

    seat = model["seat"]
    check("panels", sorted(seen["players"], key=int), [str(p["index"]) for p in view["participants"]])
    for p in view["participants"]:
        drawn = seen["players"].get(str(p["index"]))
        if drawn is None:
            continue
        who = f"participant {p['index']}"
        check(f"{who} score", drawn["score"], [p["power_points"], p["population_points"], p["score"]])
        check(f"{who} marked as you", drawn["you"], seat == p["index"])
        check(f"{who} hero", drawn["hero"], [p["hero"], p["hero_flipped"]] if p["hero"] else None)
        if p["automaton"]:
            check(f"{who} drawn as Angelos", drawn["angelos"], True)
            check(f"{who} tiles in the order taken", drawn["all"], [[t["id"], False] for t in p["tiles"]])
            want = {
                "strength": p["strength"],
                "clover": p["cloverleaves"],
                "inhabitants": p["population_coins"],
            }
            check(f"{who} counters", drawn["goods"], want)
            continue
        goods = {
            "coins": p["coins"], "wood": p["wood"], "stone": p["stone"], "food": p["food"],
            "luxury": p["luxury"], "inhabitants": p["inhabitants"],
        }  # fmt: skip
        if view["expansion"]:
            goods.update(mercenaries=p["mercenaries"], strength=p["strength"], clover=p["cloverleaves"])
        check(f"{who} mat", drawn["goods"], goods)
        check(f"{who} buildings", drawn["buildings"], [[b["id"], b["reserved"]] for b in p["buildings"]])
        check(f"{who} lands in order", drawn["lands"], [[t["id"], False] for t in p["lands"]])
        check(f"{who} civilization", drawn["civilization"], p["civilization"])
        check(f"{who} colony", drawn["colony"], p["colony"])
        position = view["turn_order"].index(p["index"]) + 1 if p["index"] in view["turn_order"] else None
        check(f"{who} place in turn order", drawn["position"], position)
        want_bid = [p["bid"]["tile"], p["bid"]["coins"], p["bid"]["luxury"]] if p["bid"] else None
        check(f"{who} bid", drawn["bid"], want_bid)
        building = (
            decision["tile"]
            if decision and decision["step"] == "adding tiles: building" and decision["seat"] == p["index"]
            else None
        )
        check(f"{who} tile being added", drawn["incoming"], building or p["won"])
        deciding = decision is not None and decision["seat"] == p["index"] and not view["game_over"]
        check(f"{who} deciding", drawn["deciding"], deciding)
    if view["game_over"]:
        want = {str(p["index"]): [view["places"][p["index"]], p["score"]] for p in view["participants"]}
        check("final scores", seen["result"], want)
    else:
        check("final scores before the end", seen["result"], {})
    if not model["legal"]:
        check("click targets without legal actions", seen["targets"], 0)
    return out


def test_every_fixture_renders_what_the_view_says(board, static_server, fixture_models, pel_fixtures):
    problems: list[str] = []
    _open(board, static_server, pel_fixtures[0])
    for name in pel_fixtures:
        _show(board, name)
        problems += _problems(name, _model(fixture_models, name), board.evaluate(SUMMARY_JS))
        problems += [f"{name}: console/page error: {e}" for e in board.errors]
        board.errors.clear()
    assert not problems, "\n".join(problems)


def test_the_fixtures_cover_every_decision_and_setting(fixture_models, pel_fixtures):
    """Base and expansion, solo (with and without Angelos), 2 to 8 players, negotiation, every phase and
    the end, and every kind of decision as the seat's legal actions."""
    kinds: set[str] = set()
    players: set[int] = set()
    modes: set[str] = set()
    steps: set[str] = set()
    for name in pel_fixtures:
        model = _model(fixture_models, name)
        view = model["view"]
        kinds |= {a["action"]["kind"] for a in model["legal"]}
        players.add(sum(1 for p in view["participants"] if not p["automaton"]))
        steps.add(view["step"])
        modes |= {
            m for m, on in (("expansion", view["expansion"]), ("negotiation", view["negotiation"])) if on
        }
        modes |= {"base"} if not view["expansion"] else set()
        modes |= {"angelos"} if view["angelos_rank"] else set()
        modes |= {"solitaire"} if view["solo"] and not view["angelos_rank"] else set()
    assert kinds == DECISION_KINDS
    assert {1, 2, 3, 4, 5, 8} <= players
    assert modes == {"base", "expansion", "negotiation", "angelos", "solitaire"}
    assert {"bidding", "game over", "supply round: finishing buildings", "adding tiles: building"} <= steps
    assert {f"scene-{s.kind}-seat.json" for s in SCENES[GAME]} <= set(pel_fixtures)


# Every click target: what it stands for (its classes and data), and what clicking it chose or highlighted.
TARGETS_JS = """() => Array.from(document.querySelectorAll('#board svg.pel-board .hk-target')).map((el) => {
  const chosen = document.getElementById('chosen');
  chosen.textContent = '';
  document.querySelectorAll('#actions .hk-highlight').forEach((b) => b.classList.remove('hk-highlight'));
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const panel = el.closest('.pel-player');
  return {
    classes: Array.from(el.classList),
    data: Object.assign({}, el.dataset),
    owner: panel ? +panel.dataset.seat : null,
    chosen: chosen.textContent.replace(/^chose /, ''),
    highlighted: Array.from(document.querySelectorAll('#actions .hk-highlight')).map((b) => +b.dataset.index),
  };
})"""


def _expected(model: dict[str, Any], target: dict[str, Any]) -> list[int]:
    """The legal actions a board element stands for, worked out from the model alone."""
    view = model["view"]
    decision = view["decision"] or {}
    data = target["data"]
    classes = set(target["classes"])

    def where(test: Any) -> list[int]:
        return [a["index"] for a in model["legal"] if test(a["action"])]

    if "pel-button" in classes:
        return [int(data["index"])]
    if "pel-tile" in classes:
        tile = data["tile"]
        kinds = {"bid", "move", "take"} if data["row"] == "regular" else {"conquer", "take"}
        found = where(lambda a: a["kind"] in kinds and a.get("tile") == tile)
        if not found and decision.get("tile") == tile and decision["step"] == "bidding: naming the coins":
            found = where(lambda a: a["kind"] == "amount")
        return found
    if "pel-owned" in classes:
        tile = data["tile"]
        found = where(
            lambda a: a["kind"] in {"save", "remove", "finish", "abandon"} and a.get("tile") == tile
        )
        if not found and decision.get("tile") == tile and decision["step"] == "adding tiles: strength":
            found = where(lambda a: a["kind"] == "strength")
        return found
    if "pel-incoming" in classes:
        return where(lambda a: a["kind"] in {"build", "reserve"})
    if "pel-good" in classes:
        good = data["good"]
        if good == "mercenaries":
            return where(lambda a: a["kind"] == "hire")
        if good == "clover":
            return where(lambda a: a["kind"] == "clovers")
        want = "coin" if good == "coins" else good
        return where(lambda a: a["kind"] == "income" and a["good"] == want)
    if "pel-hero" in classes:
        found = where(lambda a: a["kind"] == "odysseus" and a["use"])
        return found or where(lambda a: a["kind"] == "offer" and a["target"] == target["owner"])
    if "pel-colony" in classes:
        return where(lambda a: a["kind"] == "offer" and a["target"] == target["owner"])
    return []


def _click_problems(name: str, model: dict[str, Any], targets: list[dict[str, Any]]) -> list[str]:
    out = []
    reached: set[int] = set()
    legal = model["legal"]
    for t in targets:
        want = _expected(model, t)
        data = t["data"]
        what = f"{t['classes'][0]} {data.get('tile') or data.get('good') or data.get('kind') or ''}"
        if not want:
            out.append(f"{name}: target {what} stands for no legal action")
        elif len(want) == 1:
            if t["chosen"] != legal[want[0]]["notation"] or t["highlighted"]:
                out.append(
                    f"{name}: {what} chose {t['chosen']!r} {t['highlighted']}, wanted {legal[want[0]]}"
                )
        elif t["chosen"] or sorted(t["highlighted"]) != sorted(want):
            out.append(f"{name}: {what} gave {t['chosen']!r} {t['highlighted']}, wanted highlights {want}")
        reached |= set(want)
    missing = [legal[i]["notation"] for i in range(len(legal)) if i not in reached]
    if missing:
        out.append(f"{name}: no board target for {missing}")
    return out


def test_every_target_chooses_its_actions_and_every_action_has_a_target(
    board, static_server, fixture_models, pel_fixtures
):
    problems: list[str] = []
    _open(board, static_server, pel_fixtures[0])
    clicked = 0
    for name in pel_fixtures:
        model = _model(fixture_models, name)
        if not model["legal"]:
            continue
        _show(board, name)
        targets = board.evaluate(TARGETS_JS)
        clicked += len(targets)
        problems += _click_problems(name, model, targets)
        problems += [f"{name}: console/page error: {e}" for e in board.errors]
        board.errors.clear()
    assert clicked > 200
    assert not problems, "\n".join(problems)


def _seat_fixtures(fixture_models: Path, pel_fixtures: list[str], kind: str, prefix: str = "") -> list[str]:
    """The seat fixtures (of the configuration whose names start with ``prefix``) offering a ``kind``."""
    return [
        n
        for n in pel_fixtures
        if n.startswith(prefix)
        and n.endswith("-seat.json")
        and any(a["action"]["kind"] == kind for a in _model(fixture_models, n)["legal"])
    ]


def _in_conquest_row(action: dict[str, Any], view: dict[str, Any]) -> bool:
    return action["tile"] in {t["id"] for t in view["conquest_row"] if t}


# What a click on the board must choose: the fixture (a scene, or the first position of a configuration,
# named by its prefix, that offers the kind), the action (the first legal one of the kind that ``which``
# accepts) and the element standing for it (its data filled in from the action).
@pytest.mark.parametrize(
    ("source", "kind", "which", "selector"),
    [
        pytest.param("4p-expansion-True-", "bid", None, ".pel-rows .pel-tile[data-tile='{tile}']", id="bid"),
        pytest.param("4p-expansion-True-", "pass", None, ".pel-button[data-kind='pass']", id="pass"),
        pytest.param(
            "scene-move-seat.json", "move", None, ".pel-rows .pel-tile[data-tile='{tile}']", id="move"
        ),
        pytest.param(
            "scene-take-seat.json",
            "take",
            _in_conquest_row,
            ".pel-rows .pel-tile[data-row='conquest'][data-tile='{tile}']",
            id="take-conquest",
        ),
        pytest.param(
            "scene-build-seat.json", "reserve", None, ".pel-button[data-kind='reserve']", id="reserve"
        ),
        pytest.param(
            "scene-strength-seat.json",
            "strength",
            lambda a, v: a["buy"],
            ".pel-button[data-kind='strength']",
            id="strength-yes",
        ),
        pytest.param(
            "scene-income-seat.json",
            "income",
            lambda a, v: a["good"] == "stone",
            ".pel-player[data-you='true'] .pel-good[data-good='stone']",
            id="income-stone",
        ),
        pytest.param(
            "scene-income-seat.json",
            "income",
            lambda a, v: a["good"] == "coin",
            ".pel-player[data-you='true'] .pel-good[data-good='coins']",
            id="income-coin",
        ),
        pytest.param(
            "scene-remove-seat.json",
            "remove",
            None,
            ".pel-player[data-you='true'] .pel-owned[data-tile='{tile}']",
            id="remove",
        ),
        pytest.param(
            "scene-odysseus-seat.json",
            "odysseus",
            lambda a, v: a["use"],
            ".pel-player[data-you='true'] .pel-hero",
            id="odysseus-yes",
        ),
        pytest.param(
            "scene-offer-seat.json",
            "offer",
            None,
            ".pel-player[data-seat='{target}'] .pel-colony",
            id="offer",
        ),
        pytest.param(
            "scene-answer-seat.json",
            "answer",
            lambda a, v: a["accept"],
            ".pel-button[data-kind='answer']",
            id="answer-yes",
        ),
        pytest.param(
            "scene-ariadne-seat.json",
            "ariadne",
            lambda a, v: a["redirect"],
            ".pel-button[data-kind='ariadne']",
            id="ariadne-yes",
        ),
    ],
)
def test_clicking_the_board_chooses_the_action(
    board, static_server, fixture_models, pel_fixtures, source, kind, which, selector
):
    if source.endswith(".json"):
        fixture = source
    else:
        offering = _seat_fixtures(fixture_models, pel_fixtures, kind, source)
        assert offering, f"no {source}* fixture offers {kind}"
        fixture = offering[0]
    assert fixture in pel_fixtures
    model = _model(fixture_models, fixture)
    actions = [
        a
        for a in model["legal"]
        if a["action"]["kind"] == kind and (which is None or which(a["action"], model["view"]))
    ]
    assert actions, f"{fixture} offers no such {kind}: {[a['notation'] for a in model['legal']]}"
    _open(board, static_server, fixture)
    board.click(f"#board {selector.format(**actions[0]['action'])} >> nth=0")
    assert board.inner_text("#chosen") == f"chose {actions[0]['notation']}"
    assert not board.errors


def _highlighted(page: Any) -> list[str]:
    return page.eval_on_selector_all("#actions button.hk-highlight", "bs => bs.map(b => b.dataset.notation)")


def _notations(model: dict[str, Any], test: Any) -> list[str]:
    return [a["notation"] for a in model["legal"] if test(a["action"])]


def test_clicking_a_piece_with_several_choices_highlights_them(
    board, static_server, fixture_models, pel_fixtures
):
    # The tile whose coins are being named: every amount.
    model = _model(fixture_models, "scene-amount-seat.json")
    _open(board, static_server, "scene-amount-seat.json")
    board.click(f"#board .pel-rows .pel-tile[data-tile='{model['view']['decision']['tile']}']")
    amounts = _notations(model, lambda a: a["kind"] == "amount")
    assert len(amounts) > 1
    assert board.inner_text("#chosen") == ""
    assert _highlighted(board) == amounts
    # The building being added: build now or reserve.
    model = _model(fixture_models, "scene-build-seat.json")
    _open(board, static_server, "scene-build-seat.json")
    board.click("#board .pel-player[data-you='true'] .pel-incoming")
    choices = _notations(model, lambda a: a["kind"] in {"build", "reserve"})
    assert {n.split()[0] for n in choices} == {"build", "reserve"}
    assert _highlighted(board) == choices
    # A reserved building in a supply round: finish it or give it up (only offered when the owner cannot pay
    # for all his reserved buildings).
    model = _model(fixture_models, "scene-abandon-seat.json")
    tile = model["view"]["decision"]["tile"]
    choices = _notations(model, lambda a: a["kind"] in {"finish", "abandon"} and a["tile"] == tile)
    assert {n.split()[0] for n in choices} == {"finish", "abandon"}
    _open(board, static_server, "scene-abandon-seat.json")
    board.click(f"#board .pel-player[data-you='true'] .pel-owned[data-tile='{tile}']")
    assert _highlighted(board) == choices
    # A tile a disaster threatens: save it or not (offered when the owner can pay for some of the tiles).
    model = _model(fixture_models, "scene-save-seat.json")
    tile = model["view"]["decision"]["tile"]
    assert _notations(model, lambda a: a["kind"] == "save") == [f"save {tile} yes", f"save {tile} no"]
    _open(board, static_server, "scene-save-seat.json")
    board.click(f"#board .pel-player[data-you='true'] .pel-owned[data-tile='{tile}']")
    assert _highlighted(board) == [f"save {tile} yes", f"save {tile} no"]
    assert not board.errors


_INCOME_GOODS = ("food", "wood", "stone")
_FREE_LAND_COLONIES = {c.id for c in _CATALOGUE.colonies if c.free_land}


def _income_goods(tile: dict[str, Any]) -> set[str]:
    return {g for g in _INCOME_GOODS if (tile.get("income") or {}).get(g, 0) > 0}


def _misfit_lands(model: dict[str, Any]) -> list[str]:
    """The lands on the regular row that share no income good with the seat's rightmost land, so he may
    not bid on them (spec §4.4; the Barracks and Leptis Magna lift the rule)."""
    view = model["view"]
    me = view["participants"][model["seat"]]
    if (
        not me["lands"]
        or me["colony"] in _FREE_LAND_COLONIES
        or any(b.get("free_land") for b in me["buildings"])
    ):
        return []
    last = _income_goods(me["lands"][-1])
    return [
        s["tile"]["id"]
        for s in view["regular_row"]
        if s and s["tile"]["kind"] == "land" and not _income_goods(s["tile"]) & last
    ]


def test_a_land_that_does_not_fit_is_not_offered_and_says_why(
    board, static_server, fixture_models, pel_fixtures
):
    # Every bidding position where a land on offer shares no income good with the bidder's rightmost land.
    cases = [
        (name, misfits)
        for name in _seat_fixtures(fixture_models, pel_fixtures, "bid")
        if (misfits := _misfit_lands(_model(fixture_models, name)))
    ]
    assert cases, "no fixture shows a land that does not fit"
    for name, misfits in cases:
        model = _model(fixture_models, name)
        bids = [a["action"]["tile"] for a in model["legal"] if a["action"]["kind"] == "bid"]
        assert not set(misfits) & set(bids), name
        _open(board, static_server, name)
        for land in misfits:
            tile = board.locator(f"#board .pel-rows .pel-tile[data-tile='{land}']")
            assert "hk-target" not in (tile.get_attribute("class") or ""), (name, land)
            assert "doesn't fit your lands" in tile.text_content(), (name, land)
        assert board.locator(f"#board .pel-rows .pel-tile[data-tile='{bids[0]}'].hk-target").count() == 1
    assert not board.errors


def test_spectators_see_the_same_board_without_targets(board, static_server, fixture_models, pel_fixtures):
    # Every bidding position: the seat to move has targets, a spectator of the same position none.
    watched = [
        n
        for n in pel_fixtures
        if n.endswith("-spectator.json")
        and (_model(fixture_models, n)["view"]["decision"] or {}).get("step") == "bidding"
    ]
    assert watched
    _open(board, static_server, watched[0].replace("-spectator.json", "-seat.json"))
    for name in watched:
        _show(board, name.replace("-spectator.json", "-seat.json"))
        assert board.evaluate(SUMMARY_JS)["targets"] > 0, name
        _show(board, name)
        seen = board.evaluate(SUMMARY_JS)
        assert seen["targets"] == 0, name
        assert not any(p["you"] for p in seen["players"].values()), name
        assert seen["decision"] == ["bidding", _model(fixture_models, name)["view"]["decision"]["seat"]], name
        assert "you are watching" in board.locator("#board .pel-decision").text_content(), name
    assert not board.errors


SUPPLY_STEPS = {"supply round", "supply round: finishing buildings", "internal conflict"}


def _supply_tiles_showing(view: dict[str, Any]) -> list[str]:
    """The tiles on offer with the supply symbol (B05, C04): each called a supply round this round."""
    tiles = [s["tile"] for s in view["regular_row"] if s] + [t for t in view["conquest_row"] if t]
    return [t["id"] for t in tiles if t.get("supply")]


def test_the_supply_rounds_on_the_round_track(board, static_server, fixture_models, pel_fixtures):
    # During the supply round a tile revealed this round calls (B05 in rounds 4-6, C04 in 7-8), the track
    # shows it now, over this round, and the phases light "Supply round".
    during = [
        n
        for n in pel_fixtures
        if (view := _model(fixture_models, n)["view"])["step"] in SUPPLY_STEPS and _supply_tiles_showing(view)
    ]
    assert during, "no fixture shows the supply round a revealed tile calls"
    _open(board, static_server, during[0])
    for name in during:
        _show(board, name)
        view = _model(fixture_models, name)["view"]
        for tile in _supply_tiles_showing(view):
            track = board.locator(f"#board .pel-supply-round[data-which='{tile[0]}']")
            want = (str(view["round"]), "true")
            assert (track.get_attribute("data-round"), track.get_attribute("data-now")) == want, (name, tile)
        assert board.locator("#board .pel-phase[data-phase='supply']").get_attribute("data-on") == "true", (
            name
        )
    # At the end all three have been held.
    _open(board, static_server, "5p-6-seat.json")
    done = board.eval_on_selector_all("#board .pel-supply-round", "s => s.map(e => e.dataset.done)")
    assert done == ["true", "true", "true"]


def _first_position(players: int, options: dict[str, Any], seed: int, test: Any) -> Any:
    """The first decision of a seeded random game where ``test(view)`` holds."""
    state = games.get(GAME).new_state(players, options)
    rng = Rng(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player >= 0 and test(state.view(None)):
            return state
        state.apply(state.sample_chance(rng) if player < 0 else rng.choice(state.legal_actions()))
    raise AssertionError(f"no such position in game {seed}")


def _names(players: int, options: dict[str, Any]) -> list[str]:
    probe = games.get(GAME).new_state(players, options, log=False)
    return [f"Player {i + 1}" for i in range(players)] + probe.participant_names()[players:]


# Draws a table model in the open preview page as if it were a fixture (board and action list).
SHOW_JS = """async (model) => {
  const board = await import(`${location.origin}/boards/peloponnes.js`);
  const actions = await import(`${location.origin}/js/actions.js`);
  const list = document.getElementById('actions');
  const ui = {
    choose(i) { document.getElementById('chosen').textContent = `chose ${model.legal[i].notation}`; },
    highlight(indices) { actions.highlightActions(list, indices); },
  };
  document.getElementById('chosen').textContent = '';
  board.render(document.getElementById('board'), model, ui);
  actions.renderActions(list, model, ui);
  document.getElementById('status').textContent =
    model.finished ? 'Game over' : model.to_move === null ? '—' : `${model.names[model.to_move]} to move`;
  document.getElementById('log').replaceChildren(...model.log.slice(-15).map((e) => {
    const p = document.createElement('p'); p.textContent = e.text; return p;
  }));
}"""


def _show_model(page: Any, static_server: str, pel_fixtures: list[str], model: dict[str, Any]) -> None:
    _open(page, static_server, pel_fixtures[0])
    page.evaluate(SHOW_JS, model)


def _outbid_with_luxury() -> tuple[Any, list[str]]:
    """A base game of 3 (random game 11): player 2, outbid, holds a bid of 5 paid with 4 coins and 2 luxury
    goods, and player 3's bid of 6 on the Temple of Apollo was paid with 3 coins and 6 luxury goods."""

    def outbid(view: dict[str, Any]) -> bool:
        d = view["decision"]
        return bool(d) and d["step"] == "bidding: outbid" and d["bid"]["luxury"] > 0

    return _first_position(3, {}, 11, outbid), _names(3, {})


def test_an_outbid_player_sees_his_bid_in_hand_and_where_it_may_go(board, static_server, pel_fixtures):
    state, names = _outbid_with_luxury()
    seat = state.current_player()
    model = table_model(state, seat, names)
    view = model["view"]
    bid = view["decision"]["bid"]
    assert (view["decision"]["seat"], bid) == (seat, {"coins": 5, "luxury": 2})
    assert view["participants"][seat]["bid"] is None  # in his hand, on no tile
    _show_model(board, static_server, pel_fixtures, model)
    assert _problems("outbid", model, board.evaluate(SUMMARY_JS)) == []

    # The prompt says what is in his hand; the marker beside it shows the coins and the luxury part.
    decision = board.locator("#board .pel-decision")
    assert decision.locator(".pel-prompt").text_content() == "You were outbid: 5 coins in hand"
    in_hand = decision.locator(".pel-bid-in-hand")
    assert (in_hand.get_attribute("data-coins"), in_hand.get_attribute("data-luxury")) == ("5", "2")
    assert in_hand.locator(".pel-bid-value").text_content() == "5"
    assert in_hand.locator(".pel-bid-lux").text_content() == "4 + 2 lux"  # 2 luxury goods pay for 1 coin
    assert "in hand" in in_hand.text_content()
    assert "take it back: 4 coins + 2 luxury goods, +1 coin" in decision.text_content()
    withdraw = decision.locator(".pel-button[data-kind='withdraw']")
    assert withdraw.locator("text").text_content() == "Take back 4 + 2 lux (+1 coin)"
    withdraw.click()
    assert board.inner_text("#chosen") == "chose withdraw"

    # Each free tile it may move to shows the bid dashed, and a click there moves it.
    moves = sorted(a["action"]["tile"] for a in model["legal"] if a["action"]["kind"] == "move")
    assert moves
    ghosts = board.locator("#board .pel-rows .pel-bid-ghost")
    ghost_tiles = ghosts.evaluate_all("gs => gs.map((g) => g.closest('.pel-tile').dataset.tile)")
    assert sorted(ghost_tiles) == moves
    for i in range(ghosts.count()):
        ghost = ghosts.nth(i)
        assert (ghost.get_attribute("data-coins"), ghost.get_attribute("data-luxury")) == ("5", "2")
        assert ghost.locator(".pel-bid-lux").text_content() == "4 + 2 lux"
    board.click(f"#board .pel-rows .pel-tile[data-tile='{moves[0]}'] .pel-bid-ghost")
    assert board.inner_text("#chosen") == f"chose move {moves[0]}"

    # His panel says the bid is in his hand.
    panel = board.locator(f"#board .pel-player[data-seat='{seat}']")
    assert panel.locator(".pel-player-outbid text").text_content() == "outbid: 5 in hand · paid 4 + 2 lux"
    screenshot(board, "board-peloponnes-outbid-luxury-seat")
    assert not board.errors


def test_a_spectator_sees_the_outbid_bid_without_move_targets(board, static_server, pel_fixtures):
    state, names = _outbid_with_luxury()
    model = table_model(state, None, names)
    seat = model["view"]["decision"]["seat"]
    _show_model(board, static_server, pel_fixtures, model)
    assert _problems("outbid (spectator)", model, board.evaluate(SUMMARY_JS)) == []
    decision = board.locator("#board .pel-decision")
    assert decision.locator(".pel-prompt").text_content() == f"{names[seat]} was outbid: 5 coins in hand"
    assert decision.locator(".pel-bid-in-hand .pel-bid-lux").text_content() == "4 + 2 lux"
    assert "Move their unchanged bid to a free tile" in decision.text_content()
    assert board.locator("#board .pel-bid-ghost").count() == 0
    assert board.locator("#board .hk-target").count() == 0
    assert not board.errors


def test_a_bid_paid_partly_with_luxury_shows_its_luxury_part(board, static_server, pel_fixtures):
    state, names = _outbid_with_luxury()
    model = table_model(state, None, names)
    view = model["view"]
    lux_slots = [s for s in view["regular_row"] if s and s["bid_luxury"]]
    assert [(s["tile"]["id"], s["bidder"], s["bid"], s["bid_luxury"]) for s in lux_slots] == [
        ("B15", 2, 6, 6)
    ]
    assert view["participants"][2]["bid"] == {"tile": "B15", "coins": 6, "luxury": 6}
    _show_model(board, static_server, pel_fixtures, model)
    marker = board.locator("#board .pel-rows .pel-tile[data-tile='B15'] .pel-bid")
    assert (marker.get_attribute("data-coins"), marker.get_attribute("data-luxury")) == ("6", "6")
    assert marker.locator(".pel-bid-value").text_content() == "6"
    # 6 luxury goods pay for 3 of the 6 coins (2 for 1 on the mat).
    assert marker.locator(".pel-bid-lux").text_content() == "3 + 6 lux"
    assert "bids 6 coins (3 coins + 6 luxury goods)" in marker.locator("title").last.text_content()
    panel_bid = board.locator("#board .pel-player[data-seat='2'] .pel-player-bid")
    assert panel_bid.get_attribute("data-luxury") == "6"
    assert panel_bid.locator("text").text_content() == "bids 6 on Temple of Apollo B15 · paid 3 + 6 lux"
    # A bid of coins only has no luxury chip.
    plain = [s for s in view["regular_row"] if s and s["bidder"] is not None and not s["bid_luxury"]]
    for s in plain:
        tile = board.locator(f"#board .pel-rows .pel-tile[data-tile='{s['tile']['id']}']")
        assert tile.locator(".pel-bid").get_attribute("data-luxury") == "0"
        assert tile.locator(".pel-bid-lux").count() == 0
    screenshot(board, "board-peloponnes-luxury-bid-spectator")

    # Naukratis pays luxury 1 for 1: the same 6 coins with 3 luxury goods are 3 coins + 3 luxury goods.
    edited = copy.deepcopy(model)
    edited["view"]["participants"][2]["colony"] = "naukratis"
    edited["view"]["participants"][2]["bid"]["luxury"] = 3
    next(s for s in edited["view"]["regular_row"] if s and s["tile"]["id"] == "B15")["bid_luxury"] = 3
    board.evaluate(SHOW_JS, edited)
    assert marker.locator(".pel-bid-lux").text_content() == "3 + 3 lux"
    assert _problems("Naukratis bid", edited, board.evaluate(SUMMARY_JS)) == []
    assert not board.errors


TALLY_JS = """() => {
  const box = (sel) => {
    const r = document.querySelector(`#board ${sel}`).getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const board = box('svg.pel-board');
  return {
    caption: document.querySelector('#board .pel-chit-tally text').textContent,
    stack2: document.querySelector('#board .pel-chit-tally').dataset.stack2,
    entries: Array.from(document.querySelectorAll('#board .pel-chit-tally-entry')).map((e) => [
      e.dataset.chit, e.querySelector('.pel-chit-tally-count').textContent, e.getAttribute('opacity'),
      e.querySelector('.pel-chit') ? e.querySelector('.pel-chit').dataset.chit : null,
    ]),
    tally: box('.pel-chit-tally'), title: box('.pel-disasters-caption'), stacks: box('.pel-chit-stacks'),
    board,
  };
}"""


def _check_tally(seen: dict[str, Any], view: dict[str, Any], caption: str) -> None:
    by_kind = view["chit_stacks"]["face_down_by_kind"]
    assert sum(by_kind.values()) == view["chit_stacks"]["face_down"]
    assert seen["caption"] == caption
    # Every kind of the game, in the view's order, with its count and its chit's token; none left: faded.
    assert [e[0] for e in seen["entries"]] == list(by_kind)
    assert [e[1] for e in seen["entries"]] == [str(n) for n in by_kind.values()]
    assert [e[2] for e in seen["entries"]] == ["1" if n else "0.35" for n in by_kind.values()]
    assert [e[3] for e in seen["entries"]] == list(by_kind)
    # Above the chit stacks, right-aligned with them, clear of the section's caption, inside the board.
    tally, title, stacks, whole = seen["tally"], seen["title"], seen["stacks"], seen["board"]
    assert tally[2] == pytest.approx(stacks[2], abs=1)
    assert tally[3] <= stacks[1]
    assert tally[0] > title[2]
    assert tally[2] <= whole[2]


def test_the_chits_still_face_down_by_kind(board, static_server, fixture_models, pel_fixtures):
    # Base game: the one stack.
    name = "5p-3-seat.json"
    model = _model(fixture_models, name)
    assert 0 in model["view"]["chit_stacks"]["face_down_by_kind"].values()  # a faded kind too
    _open(board, static_server, name)
    seen = board.evaluate(TALLY_JS)
    _check_tally(seen, model["view"], "FACE DOWN")
    assert seen["stack2"] == "false"
    # Heroes & Colonies, stack 1 used up: what is left is exactly stack 2 (chits slid under it included).
    options = {"expansion": True}
    state = _first_position(
        4, options, 3, lambda v: v["chit_stacks"]["stack_1"] == 0 and v["chit_stacks"]["under_stack_2"]
    )
    model = table_model(state, None, _names(4, options))
    view = model["view"]
    assert len(view["chit_stacks"]["face_down_by_kind"]) == 9
    _show_model(board, static_server, pel_fixtures, model)
    seen = board.evaluate(TALLY_JS)
    _check_tally(seen, view, "STACK 2 HOLDS")
    assert seen["stack2"] == "true"
    screenshot(board, "board-peloponnes-chit-tally-stack-2")
    assert not board.errors


# The board's copy of the printed components, read from its module.
CATALOGUE_JS = """async () => {
  const c = await import(`${location.origin}/boards/peloponnes/catalogue.js`);
  const tiles = Object.fromEntries(Object.keys(c.TILES).map((id) => [id, c.tileById(id)]));
  return {
    tiles, civilizations: c.CIVILIZATIONS, heroes: c.HEROES, colonies: c.COLONIES, ranks: c.RANKS,
    disasters: c.DISASTERS.map((d) => d.id), threshold: c.DISASTER_THRESHOLD, persianChits: c.PERSIAN_CHITS,
    attacks: c.PERSIAN_ATTACKS, rounds: c.ROUNDS, surcharge: c.CONQUEST_SURCHARGE,
    bands: [0, 2, 3, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 30].map((n) => c.incomeBand(n)),
    luxuryRates: Object.fromEntries(Object.keys(c.COLONIES).map((id) => [id, c.luxuryRate(id)])),
  };
}"""


def test_the_boards_catalogue_matches_the_engines(board, static_server, pel_fixtures):
    _open(board, static_server, pel_fixtures[0])
    js = board.evaluate(CATALOGUE_JS)
    cat = load_catalogue()
    game = PeloponnesGame()
    assert js["tiles"] == {t.id: tile_json(t) for t in cat.tiles}
    goods = ("food", "wood", "stone", "inhabitants")
    for c in cat.civilizations:
        mine = js["civilizations"][c.id]
        income = {k: getattr(c, f"income_{k}") for k in goods if getattr(c, f"income_{k}")}
        start = {k: getattr(c, k) for k in ("coins", "food", "wood", "stone", "inhabitants") if getattr(c, k)}
        assert (mine["name"], mine["number"], mine["income"]) == (c.name, c.number, income), c.id
        assert {k: mine[k] for k in start} == start, c.id
        assert sorted(mine.get("protects", [])) == sorted(
            d[0] for i, d in enumerate(cat.disasters) if c.protects >> i & 1
        )
    assert len(js["civilizations"]) == len(cat.civilizations)
    for h in cat.heroes:
        mine = js["heroes"][h.id]
        loss = ("food", "wood", "stone")[h.flip_loss] if h.flip_loss >= 0 else None
        assert (mine["name"], mine["pp"], mine["flipLoss"]) == (h.name, h.pp, loss), h.id
    assert len(js["heroes"]) == len(cat.heroes)
    for c in cat.colonies:
        mine = js["colonies"][c.id]
        assert (mine["name"], mine["coins"], mine["luxury"]) == (
            c.name,
            list(c.income_coins),
            list(c.income_luxury),
        )
        assert (mine["points"], mine["perPP"], mine["summary"]) == (
            c.inhabitant_points,
            c.coins_per_pp,
            c.summary,
        )
        assert bool(mine.get("freeLand")) == c.free_land, c.id
        assert mine.get("reserveCoins", 1) == c.reserve_coins, c.id
    assert len(js["colonies"]) == len(cat.colonies)
    assert js["luxuryRates"] == {c.id: c.luxury_rate for c in cat.colonies}
    assert {k: [v["civilization"], v["hero"]] for k, v in js["ranks"].items()} == {
        r.id: [r.civilization, r.hero] for r in cat.ranks
    }
    assert js["disasters"] == [d[0] for d in cat.disasters]
    assert js["threshold"] == game.disaster_threshold
    assert js["persianChits"] == sum(c.count for c in cat.chits if c.disaster == PERSIANS)
    assert js["attacks"] == list(game.persian_attacks)
    assert (js["rounds"], js["surcharge"]) == (game.rounds, game.surcharge)
    assert js["bands"] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]


def test_board_fits_at_800_pixels(browser, static_server, pel_fixtures):
    context = browser.new_context(viewport={"width": 800, "height": 900})
    page = context.new_page()
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    try:
        _open(page, static_server, "8p-expansion-True-2-seat.json")
        width = page.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")
        assert 600 <= width <= 800
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 800
        screenshot(page, "board-peloponnes-8p-800px")
    finally:
        context.close()


def _random_game_models(players: int, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """Table models along one random game: its first 25 positions (chance included), about 30 spread over
    the rest, and the end; from the seat to move (or seat 0) and from a spectator."""
    game = games.get(GAME)
    probe = game.new_state(players, options, log=False)
    names = [f"Player {i + 1}" for i in range(players)] + probe.participant_names()[players:]

    def play(visit: Any) -> int:
        state = game.new_state(players, options)
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            visit(state, step)
            player = state.current_player()
            state.apply(state.sample_chance(rng) if player < 0 else rng.choice(state.legal_actions()))
            step += 1
        visit(state, step)
        return step

    every = max(1, play(lambda state, step: None) // 30)
    models: list[dict[str, Any]] = []

    def visit(state: Any, step: int) -> None:
        if step < 25 or step % every == 0 or state.is_terminal():
            seat = 0 if state.is_terminal() else max(state.current_player(), 0)
            for viewer in (seat, None):
                model = table_model(state, viewer, names)
                model["log"] = model["log"][-12:]
                models.append(model)

    play(visit)
    return models


# Renders many models with the board module directly; returns what went wrong.
RENDER_JS = """async (models) => {
  const board = await import(`${location.origin}/boards/peloponnes.js`);
  const div = document.createElement('div');
  div.className = 'hk-board';
  document.body.append(div);
  const problems = [];
  models.forEach((model, i) => {
    const where = `${i} (round ${model.view.round}, ${model.view.step})`;
    try {
      board.render(div, model, { choose() {}, highlight() {} });
      const svg = div.querySelector('svg.pel-board');
      if (!svg) { problems.push(`${where}: nothing drawn`); return; }
      if (/NaN|undefined/.test(svg.outerHTML)) problems.push(`${where}: NaN or undefined drawn`);
      const panels = svg.querySelectorAll('.pel-player').length;
      if (panels !== model.view.participants.length) problems.push(`${where}: ${panels} panels`);
      const view = model.view;
      const onOffer = view.regular_row.filter(Boolean).length + view.conquest_row.filter(Boolean).length;
      const tiles = svg.querySelectorAll('.pel-rows .pel-tile').length;
      if (tiles !== onOffer) problems.push(`${where}: ${tiles} tiles drawn for ${onOffer} on offer`);
      const targets = svg.querySelectorAll('.hk-target').length;
      if (!model.legal.length && targets) problems.push(`${where}: ${targets} targets without legal actions`);
      if (model.legal.length && !targets) problems.push(`${where}: no target for any action`);
    } catch (error) {
      problems.push(`${where}: ${(error && error.stack) || error}`);
    }
  });
  div.remove();
  return problems;
}"""


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (1, {"expansion": True, "angelos": "syntagmatarkhis"}),
        (2, {"expansion": True, "negotiation": True}),
        (5, {}),
        (7, {"expansion": True}),
    ],
    ids=["solitaire", "angelos", "negotiation", "5p", "7p-expansion"],
)
def test_any_position_of_a_random_game_renders(board, static_server, pel_fixtures, players, options):
    _open(board, static_server, pel_fixtures[0])
    models = _random_game_models(players, options, seed=300 + players)
    assert len(models) > 90
    assert board.evaluate(RENDER_JS, models) == []
    assert not board.errors


@pytest.mark.parametrize(
    "fixture",
    [
        "4p-expansion-True-3-seat.json",
        "3p-1-seat.json",
        "1p-expansion-True-angelos-stratigos-6-seat.json",
        "scene-build-seat.json",
        "scene-answer-seat.json",
    ],
)
def test_screenshots(board, static_server, pel_fixtures, fixture):
    _open(board, static_server, fixture)
    path = screenshot(board, f"board-peloponnes-{fixture.removesuffix('.json')}")
    assert path.stat().st_size > 10_000
    assert not board.errors


SUPPLY_JS = """async (model) => {
  const board = await import(`${location.origin}/boards/peloponnes.js`);
  const div = document.createElement('div');
  document.body.append(div);
  board.render(div, model, { choose() {}, highlight() {} });
  const out = Array.from(div.querySelectorAll('.pel-supply-round'))
    .map((e) => [e.dataset.which, e.dataset.round || null, e.dataset.done === 'true']);
  div.remove();
  return out;
}"""


def test_with_the_whole_log_the_track_knows_each_supply_round(board, static_server, pel_fixtures):
    """B05 and C04 call a supply round in the round they are revealed; the server sends the whole log, and
    the track marks those rounds (the fixtures keep only the log's tail)."""
    game = games.get(GAME)
    state = game.new_state(3, {})
    rng = Rng(11)
    revealed: dict[str, int] = {}
    # Play to the first decision of round 8: every tile of round 8 is revealed by then.
    while not (state.view(None)["round"] == 8 and state.current_player() >= 0):
        player = state.current_player()
        action = state.sample_chance(rng) if player < 0 else rng.choice(state.legal_actions())
        if action.to_json()["kind"] == "reveal" and action.to_json()["tile"] in ("B05", "C04"):
            revealed[action.to_json()["tile"][0]] = state.view(None)["round"]
        state.apply(action)
    assert set(revealed) == {"B", "C"}
    _open(board, static_server, pel_fixtures[0])
    track = board.evaluate(SUPPLY_JS, table_model(state, None, ["A", "B", "C"]))
    assert track == [
        ["final", None, False],
        ["B", str(revealed["B"]), True],
        ["C", str(revealed["C"]), True],
    ]


# The page's score table (js/shell/scores.js, under the board on the table and replay pages) for the model
# the preview shows, read as the board's own table is: column groups, column names and each row's cells.
PAGE_TABLE_JS = """async (model) => {
  const { scoreTable } = await import('/js/shell/scores.js');
  const table = scoreTable(model);
  const groups = [];
  for (const th of table.querySelectorAll('thead tr.hk-score-groups th[scope=colgroup]')) {
    for (let i = 0; i < Number(th.colSpan); i++) groups.push(th.textContent);
  }
  const heads = Array.from(table.querySelectorAll('thead tr:last-child th')).map((th) => th.textContent);
  const rows = Object.fromEntries(Array.from(table.querySelectorAll('tbody tr')).map((tr) =>
    [tr.dataset.participant, Array.from(tr.querySelectorAll('td')).slice(1).map((td) => td.textContent)]));
  return { groups, heads, rows };
}"""

BOARD_TABLE_JS = """() => {
  const svg = document.querySelector('#board svg');
  const heads = Array.from(svg.querySelectorAll('.pel-result .pel-score-column'));
  return {
    groups: heads.map((t) => t.dataset.group),
    heads: heads.map((t) => t.firstChild.textContent),
    named: Array.from(svg.querySelectorAll('.pel-result .pel-score-group')).map((t) => t.dataset.group),
    rows: Object.fromEntries(Array.from(svg.querySelectorAll('.pel-result-row')).map((row) =>
      [row.dataset.seat, Array.from(row.querySelectorAll('.pel-score-cell, .pel-final-score'))
        .map((t) => t.textContent)])),
  };
}"""


def test_the_page_and_the_board_show_one_score_table(board, static_server, fixture_models, pel_fixtures):
    """The board's final scores and the page's score table have the same columns in the same groups, from
    the view's one list, with the same values; the breakdown's "higher side (not counted)" (negative, so the
    parts add up to the score) is not shown as if it were a penalty (issue 22)."""
    finished = [n for n in pel_fixtures if _model(fixture_models, n)["view"]["game_over"]]
    assert finished
    for name in finished:
        model = _model(fixture_models, name)
        _open(board, static_server, name)
        drawn = board.evaluate(BOARD_TABLE_JS)
        page = board.evaluate(PAGE_TABLE_JS, model)
        columns = model["view"]["score_columns"]
        assert drawn["groups"] == [c["group"] for c in columns]
        assert page["groups"] == drawn["groups"], name
        assert drawn["heads"] == [c["label"] for c in columns]
        assert page["heads"] == drawn["heads"], name
        assert {"power points", "population points"} <= set(drawn["named"])
        for p in model["view"]["participants"]:
            row = page["rows"][str(p["index"])]
            assert row == drawn["rows"][str(p["index"])], (name, row, drawn["rows"])
            assert not any(v.startswith("-") for v in row), (name, row)
            at = {
                c["label"]: v
                for c, v in zip(columns, row, strict=True)
                if c["label"] in {"power", "popul.", "score"}
            }
            assert at == {
                "power": str(p["power_points"]),
                "popul.": str(p["population_points"]),
                "score": str(p["score"]),
            }
        assert "higher side" not in " ".join(page["heads"] + drawn["heads"])
