"""The public view (view.py): bids only while they stand, the outbid player's bid, the luxury part of bids,
the face-down chit mix, and one computation of each thing per call."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from hellenika.engine import Rng
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes import view as view_module
from hellenika.games.peloponnes.actions import BidAmount, BidOn, DrawChit, MoveBid, Pass, Withdraw
from hellenika.games.peloponnes.catalogue import Tile
from hellenika.games.peloponnes.state import PeloponnesState

from .builders import CAT, GAME, draw, game, give, reveal, top

ABC = ["messene", "patras", "arkadia"]
BASE_CHITS = {"plague": 3, "drought": 3, "earthquake": 3, "tempest": 3, "decline": 3, "blank": 1}
PERSIAN_CHITS = {"persians-1": 3, "persians-2": 3, "persians-3": 2}


def bids(view: dict[str, Any]) -> list[Any]:
    return [part.get("bid") for part in view["participants"]]


def slot_of(view: dict[str, Any], tile_id: str) -> Any:
    return next(s for s in view["regular_row"] if s and s["tile"]["id"] == tile_id)


# ---------------------------------------------------------------------- 1. a bid is shown while it stands


def test_seed_5_round_8_reveal_shows_no_bid_from_the_last_round() -> None:
    """3 players with the expansion, seed 5: while round 8's tiles are revealed, the engine's ``bid_slot``
    still points at last round's slots, now holding new tiles nobody has bid on."""
    s = GAME.new_state(3, {"expansion": True}, log=False)
    assert isinstance(s, PeloponnesState)
    rng = Rng(5)
    checked = 0
    while not s.is_terminal():
        if s.round == 8 and s.tasks[-1][0] == step.REVEAL and s.row:
            stale = [p for p in range(3) if 0 <= s.bid_slot[p] < len(s.row)]
            if stale:
                view = s.view(0)
                assert all(slot["bidder"] is None for slot in view["regular_row"])
                assert bids(view) == [None, None, None]
                checked += 1
        action = s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_unchecked(action)
    assert checked, "the seed no longer reaches the case"


def test_last_rounds_bid_is_gone_once_the_next_tiles_are_revealed() -> None:
    s = game(2, civs=ABC[:2])
    reveal(s, "A12", "A14", "A07", "A05", "A01")  # regular: Bridge, Street
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(2), seat=0)
    assert bids(s.view(1))[0] == {"tile": "A12", "coins": 2, "luxury": 0}
    s.apply(Pass(), seat=1)
    assert s.row == [] and bids(s.view(1)) == [None, None]  # the bids are resolved: A won the Bridge
    rng = Rng(1)
    while not (s.round == 2 and s.is_chance_node() and s.tasks[-1][0] == step.REVEAL):
        s.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    reveal(s, "A13")
    assert s.bid_slot[0] == 0 and s.bidder == [-1]  # the engine's leftover, on round 2's first tile
    view = s.view(1)
    assert view["regular_row"][0]["bidder"] is None
    assert bids(view) == [None, None]


def test_a_standing_bid_is_shown_on_its_tile_and_with_its_bidder() -> None:
    s = game(3, civs=ABC)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A07"), seat=0)
    s.apply(BidAmount(3), seat=0)
    view = s.view(2)
    assert bids(view) == [{"tile": "A07", "coins": 3, "luxury": 0}, None, None]
    assert slot_of(view, "A07") == {**slot_of(view, "A07"), "bidder": 0, "bid": 3, "bid_luxury": 0}


# ---------------------------------------------------------------------- 2 and 3. outbid, luxury


def luxury_bid_outbid() -> PeloponnesState:
    """A bids 4 on the Bridge with 2 coins and 4 luxury goods; B outbids him with 5."""
    s = game(3, civs=ABC)
    give(s, 0, coins=2, lux=5)
    reveal(s, "A12", "A03", "A07", "A05", "A01")  # regular: Bridge (1), Silver hills (4), Forest (2)
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(4), seat=0)
    return s


def test_the_luxury_part_of_a_bid_is_shown_with_the_bid() -> None:
    s = luxury_bid_outbid()
    view = s.view(1)
    assert bids(view)[0] == {"tile": "A12", "coins": 4, "luxury": 4}
    assert (slot_of(view, "A12")["bid"], slot_of(view, "A12")["bid_luxury"]) == (4, 4)
    assert view["participants"][0]["luxury"] == 1
    assert slot_of(view, "A03")["bid_luxury"] is None


def test_the_outbid_players_bid_is_in_the_decision_while_he_moves_it() -> None:
    s = luxury_bid_outbid()
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(5), seat=1)
    assert top(s) == (step.DISPLACED, 0)
    view = s.view(2)
    assert view["decision"] == {"step": "bidding: outbid", "seat": 0, "bid": {"coins": 4, "luxury": 4}}
    assert bids(view) == [None, {"tile": "A12", "coins": 5, "luxury": 0}, None]
    assert slot_of(view, "A12")["bidder"] == 1
    s.apply(MoveBid("A03"), seat=0)  # Silver hills: his 4 meets the minimum 4
    view = s.view(2)
    assert bids(view)[0] == {"tile": "A03", "coins": 4, "luxury": 4}
    assert (slot_of(view, "A03")["bidder"], slot_of(view, "A03")["bid_luxury"]) == (0, 4)


def test_withdrawing_gives_back_what_the_view_showed() -> None:
    s = luxury_bid_outbid()
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(5), seat=1)
    shown = s.view(0)["decision"]["bid"]
    coins, lux = s.coins[0], s.lux[0]
    label = s.label(Withdraw())
    s.apply(Withdraw(), seat=0)
    rate = CAT.colonies[s.colony[0]].luxury_rate
    assert s.lux[0] - lux == shown["luxury"]
    assert s.coins[0] - coins == shown["coins"] - shown["luxury"] // rate + 1  # and the compensation coin
    assert bids(s.view(0))[0] is None and "bid" not in (s.view(0)["decision"] or {})
    back = s.coins[0] - coins - 1
    assert label == f"Take your bid back: {back} coins and {shown['luxury']} luxury goods (+1 coin)"


# ---------------------------------------------------------------------- 4. the face-down chit mix


def test_face_down_chits_by_kind_start_with_the_games_chit_set() -> None:
    base = game(2, civs=ABC[:2]).view(0)["chit_stacks"]
    assert base["face_down_by_kind"] == BASE_CHITS and base["face_down"] == 16
    expansion = game(2, expansion=True).view(0)["chit_stacks"]
    assert expansion["face_down_by_kind"] == BASE_CHITS | PERSIAN_CHITS and expansion["face_down"] == 24


def test_drawn_chits_and_chits_under_the_second_stack_are_not_face_down() -> None:
    s = game(2, expansion=True, civs=ABC[:2], heroes=["hector", "helen"], colonies=["naxos", "taras"])
    s.tasks.append((step.CHITS,))
    s._run()
    draw(s, "plague", "plague")  # the second goes under stack 2 (same disaster twice in a row)
    stacks = s.view(0)["chit_stacks"]
    assert stacks["under_stack_2"] == ["plague"]
    assert stacks["face_down_by_kind"] == {**BASE_CHITS, **PERSIAN_CHITS, "plague": 1}
    assert sum(stacks["face_down_by_kind"].values()) == stacks["face_down"] == 22


CONFIGS: list[tuple[int, dict[str, Any]]] = [(3, {}), (4, {"expansion": True}), (1, {"expansion": True})]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_face_down_mix_is_the_chit_set_less_every_chit_shown(players: int, options: dict[str, Any]) -> None:
    """Public facts only: the printed chit set, less every chit drawn (each chit is shown when drawn); the
    order stays hidden (a seat's view is the same in every world ``determinize`` gives it)."""
    s = GAME.new_state(players, options, log=False)
    start = s.view(0)["chit_stacks"]["face_down_by_kind"]
    shown: Counter[str] = Counter()
    rng = Rng(11)
    steps = 0
    while not s.is_terminal():
        view = s.view(0)
        mix = view["chit_stacks"]["face_down_by_kind"]
        assert mix == {kind: n - shown[kind] for kind, n in start.items()}
        assert sum(mix.values()) == view["chit_stacks"]["face_down"]
        if steps % 7 == 0:
            assert s.determinize(0, Rng(steps)).view(0) == view
        action = s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        if isinstance(action, DrawChit):
            shown[action.chit] += 1
        s.apply_unchecked(action)
        steps += 1
    assert sum(shown.values()) == sum(start.values())  # every face-down chit came up


# ---------------------------------------------------------------------- 5. each thing once per call


def test_view_scores_each_participant_once_and_reuses_the_tile_dicts(monkeypatch: pytest.MonkeyPatch) -> None:
    s = game(8, expansion=True)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=s.order[0])
    s.view(0)  # builds the tile dicts once
    calls: Counter[str] = Counter()
    parts, tile_json = scoring.parts, view_module.tile_json

    def counting_parts(state: PeloponnesState, p: int) -> Any:
        calls["parts"] += 1
        return parts(state, p)

    def counting_tile_json(tile: Tile) -> dict[str, Any]:
        calls["tile_json"] += 1
        return tile_json(tile)

    monkeypatch.setattr(scoring, "parts", counting_parts)
    monkeypatch.setattr(view_module, "tile_json", counting_tile_json)
    s.view(3)
    assert calls == {"parts": 8}


def test_scores_in_the_view_are_the_states_scores() -> None:
    s = GAME.new_state(5, {"expansion": True}, log=False)
    assert isinstance(s, PeloponnesState)
    rng = Rng(2)
    while not s.is_terminal():
        view = s.view(None)
        assert [p["breakdown"] for p in view["participants"]] == s.score_breakdown()
        assert [p["score"] for p in view["participants"]] == s.scores()
        for p, part in enumerate(view["participants"]):
            final = (part["power_points"], part["population_points"], part["cloverleaves_on_power"])
            assert final == scoring.final(s, p)
        s.apply_unchecked(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))


def _tile_ids(obj: Any) -> set[str]:
    """Every tile id named anywhere in a view (tile dicts carry an ``id`` and a ``kind``)."""
    found: set[str] = set()
    if isinstance(obj, dict):
        if obj.get("kind") in ("building", "land") and isinstance(obj.get("id"), str):
            found.add(obj["id"])
        for value in obj.values():
            found |= _tile_ids(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= _tile_ids(value)
    return found


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (4, {"expansion": True}), (1, {"expansion": True})]
)
def test_views_never_name_a_face_down_tile_and_are_the_same_for_every_seat(
    players: int, options: dict[str, Any]
) -> None:
    """The stacks are face down: no view names a tile still in a stack (only their sizes), and as nothing
    else is secret every seat's view differs from the spectator's only in ``seat`` and ``your_turn``."""
    s = GAME.new_state(players, options, log=False)
    assert isinstance(s, PeloponnesState)
    rng = Rng(11)
    steps = 0
    while not s.is_terminal():
        face_down = {CAT.tiles[t].id for stack in s.stack_left for t in stack}
        spectator = s.view(None)
        assert not _tile_ids(spectator) & face_down
        assert spectator["tile_stacks"] == {"ABC"[i]: len(x) for i, x in enumerate(s.stack_left)}
        for seat in range(players):
            view = s.view(seat)
            assert {k: v for k, v in view.items() if k not in ("seat", "your_turn")} == {
                k: v for k, v in spectator.items() if k not in ("seat", "your_turn")
            }
        action = s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_unchecked(action)
        steps += 1
    assert steps > 50
