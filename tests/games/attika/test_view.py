"""Hidden information (spec §10 Q8): hands and the building just drawn are absent from other seats' views and
logs; ``determinize`` redeals exactly those, consistently with what the seat has seen. The printed parts and
each board's parts are built once and shared by every view."""

from __future__ import annotations

import json

import pytest

from hellenika.engine import Rng
from hellenika.games.attika import view as view_module
from hellenika.games.attika.board import iter_bits
from hellenika.games.attika.phases import DRAWN
from hellenika.games.attika.state import AttikaState
from tests.games.views import assert_unchanged, views_along

from .builders import CAT, act, position


def test_hands_are_private_and_their_sizes_public():
    state = position(hands=["WWM", "FH"])
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["players"][0]["hand"] == {"W": 2, "M": 1, "F": 0, "H": 0}
    assert "hand" not in mine["players"][1] and mine["players"][1]["hand_size"] == 2
    assert "hand" not in theirs["players"][0] and theirs["players"][1]["hand"]["F"] == 1
    assert all("hand" not in p for p in spectator["players"])
    json.dumps(spectator)


def test_the_drawn_building_is_seen_only_by_its_owner_until_built_or_stored():
    state = position()
    act(state, "draw 1", "reveal TOWER")
    assert state.phase == DRAWN
    assert state.view(0)["pending"]["building"] == "TOWER"
    other = state.view(1)["pending"]
    assert "building" not in other and other["from_stack"] == 1
    assert state.view(1)["players"][0]["in_stacks"] == state.view(None)["players"][0]["in_stacks"]
    private = [e for e in state.events if e.audience == (0,)]
    assert private and "Tower" in private[-1].text
    assert all("Tower" not in e.text for e in state.visible_events(1))
    act(state, "store")
    assert state.view(1)["players"][0]["storage"]["TOWER"] == 1


def test_card_draws_are_logged_privately():
    state = position()
    act(state, "end", "card W", "card M", "card H")
    public = [e.render(["P", "O"]) for e in state.visible_events(1)]
    assert "P took 3 landscape cards" in public and not any("water" in line for line in public)
    assert any("water" in e.text for e in state.visible_events(0))


def test_determinize_redeals_only_what_the_seat_cannot_see():
    state = position(hands=["WWWMM", "FFHHHW"], discard="MMF")
    for seed in range(20):
        sample = state.determinize(0, Rng(seed))
        assert sample.view(0) == state.view(0)
        assert sample.hands[0] == state.hands[0] and sum(sample.hands[1]) == 6
        for t in range(4):  # every card still somewhere: 15 of each type
            assert sample.hands[0][t] + sample.hands[1][t] + sample.deck[t] + sample.discard[t] == 15
    seen = {state.determinize(0, Rng(seed)).hands[1] for seed in range(40)}
    assert len(seen) > 5  # really resampled


def test_determinize_redraws_a_building_an_opponent_is_looking_at_from_its_stack():
    state = position()
    act(state, "draw 0", "reveal AGORA")
    mains = {b.id for b in CAT.buildings if b.main}
    drawn = {CAT.buildings[state.determinize(1, Rng(seed)).pending].id for seed in range(40)}
    assert drawn <= mains and len(drawn) > 2
    sample = state.determinize(1, Rng(3))
    assert sample.view(1) == state.view(1)
    # The owner knows it: nothing changes for seat 0.
    assert all(state.determinize(0, Rng(seed)).pending == state.pending for seed in range(10))
    assert state.determinize(0, Rng(1)).legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 4])
def test_views_share_the_printed_and_board_parts_and_show_the_buildings_of_the_state(players):
    """Along a random game: the catalogue, the tile symbols and each board's parts are the same objects in
    every view and equal a fresh build; each space adds the building the state has there; no view changes
    another."""
    fixed = view_module.printed(CAT)
    assert fixed == view_module.Printed.of(CAT)
    views = views_along("attika", players, seed=players)
    for state, _seat, view, _text in views:
        assert isinstance(state, AttikaState)
        board = state.board
        parts = board.view_parts
        assert parts == view_module.BoardParts.of(board, CAT)
        assert view["catalogue"] is fixed.catalogue
        assert view["board"]["shrines"] is parts.shrines and view["board"]["tiles"] is parts.tiles
        if state.tile >= 0:
            assert view["tile_to_lay_symbols"] is fixed.tile_symbols[state.tile]
        built = {
            board.cells[c]: {"owner": p, "building": CAT.buildings[b].id}
            for p in range(players)
            for b in range(state.types)
            for c in iter_bits(state.tmask[p * state.types + b])
        }
        for space, bare in zip(view["board"]["spaces"], parts.spaces, strict=True):
            building = built.get((space["q"], space["r"]))
            assert space is bare if building is None else space == {**bare, **building}
        for p, entry in enumerate(view["players"]):
            assert entry["storage"] == {CAT.buildings[b].id: n for b, n in enumerate(state.storage[p]) if n}
    assert_unchanged(views)


def test_determinize_while_an_opponent_pays_keeps_a_hand_that_can_pay():
    """Seat 1 watches seat 0 place a Quarry (R' = {M}) with a surcharge of 1 from the hand {M, W}: it knows
    that hand can pay (the space was offered only then). A re-deal that could not (say {F, H}) would leave
    the sample with no legal move, so it is drawn again."""
    from hellenika.games.attika.phases import PAY, PLACE

    def start():
        return position(
            tiles=(("T04", 0, 0, 0), ("T02", 3, -2, 0)),
            buildings=[(3, -3, 0, "WELL")],
            hands=["MW", "FFFFFFHH"],
            storage=[["QUARRY"], []],
        )

    placing = act(start(), "build QUARRY")
    paying = act(start(), "build QUARRY", "place 0 0")
    assert placing.phase == PLACE and paying.phase == PAY
    for state in (placing, paying):
        hands = set()
        for seed in range(60):
            sample = state.determinize(1, Rng(seed))
            assert sample.view(1) == state.view(1)
            assert sample.legal_actions(), f"no legal move after re-dealing {sample.hands[0]}"
            hands.add(sample.hands[0])
        assert len(hands) > 1  # still re-dealt, among the hands that pay
        assert all(h[1] >= 1 or sum(h) >= 3 for h in hands)  # an M (2 points) + 1, or three cards


def test_determinize_when_re_deals_keep_failing_draws_the_paying_hand_without_reading_it(monkeypatch):
    """With no re-deal allowed (as when 200 in a row could not pay), the payer's hand is drawn from exactly
    the hands that pay: two states differing only in which paying hand seat 0 holds give the same samples."""
    from hellenika.games.attika import hidden

    monkeypatch.setattr(hidden, "_REDEALS", 0)

    def paying(hand: str) -> AttikaState:
        return act(
            position(
                tiles=(("T04", 0, 0, 0), ("T02", 3, -2, 0)),
                buildings=[(3, -3, 0, "WELL")],
                hands=[hand, "FFFFFFHH"],
                storage=[["QUARRY"], []],
            ),
            "build QUARRY",
            "place 0 0",
        )

    one, other = paying("MW"), paying("MH")  # both can pay the Quarry's M + 1
    assert one.view(1) == other.view(1) and one.hands[0] != other.hands[0]
    hands = set()
    for seed in range(60):
        sample = one.determinize(1, Rng(seed))
        assert sample.hands[0] == other.determinize(1, Rng(seed)).hands[0]  # the real hand is not read
        assert sample.view(1) == one.view(1) and sample.legal_actions()
        assert sum(sample.hands[0]) + sum(sample.deck) == sum(one.hands[0]) + sum(one.deck)
        hands.add(sample.hands[0])
    assert len(hands) > 1 and all(h[1] >= 1 or sum(h) >= 3 for h in hands)


def test_other_seats_see_the_stack_content_as_before_the_draw():
    state = position(hands=["WWHMF", ""])
    before = state.view(1)["players"][0]["in_stacks"]
    act(state, "draw 0", "reveal AGORA")
    assert state.view(1)["players"][0]["in_stacks"] == before
    assert state.view(None)["players"][0]["in_stacks"] == before
    mine = state.view(0)["players"][0]["in_stacks"]
    assert mine.get("AGORA", 0) == before["AGORA"] - 1  # its owner knows where the Agora is
    # Had seat 0 drawn the Well instead, seat 1 would see exactly the same.
    other = act(position(hands=["WWHMF", ""]), "draw 0", "reveal WELL")
    assert other.phase == state.phase == DRAWN
    assert other.view(1) == state.view(1) and other.view(None) == state.view(None)
    assert other.view(0) != state.view(0)
    assert [e.to_json() for e in other.visible_events(1)] == [e.to_json() for e in state.visible_events(1)]


# ---------------------------------------------------------------- hidden hands and the steps others see


def _seen_by_others(state: AttikaState, actor: int) -> list[object]:
    """Everything the seats other than ``actor`` (and a spectator) observe: views, logs, the version, whose
    move it is, and their own legal actions when it is theirs."""
    seen: list[object] = [state.version, state.current_player()]
    for seat in [*(p for p in range(state.n) if p != actor), None]:
        seen.append(state.view(seat))
        seen.append([e.to_json() for e in state.visible_events(seat)])
    if state.current_player() not in (actor, -1, -2):
        seen.append([a.notation() for a in state.legal_actions()])
    return seen


def _assert_hands_stay_hidden(make, hands: tuple[str, str], script: list[str]) -> None:
    """Play the same public actions from two positions differing only in seat 0's hidden hand (same size,
    same cards paid): after every step the other seats must observe exactly the same thing."""
    a, b = make(hands[0]), make(hands[1])
    assert _seen_by_others(a, 0) == _seen_by_others(b, 0)
    for notation in script:
        act(a, notation)
        act(b, notation)
        assert _seen_by_others(a, 0) == _seen_by_others(b, 0), f"told apart at {notation!r}"
    assert a.hands[0] != b.hands[0]  # still different: only what was paid became public


@pytest.mark.parametrize("hands", [("MMM", "MWF"), ("MMM", "MHH"), ("MWW", "MFH")])
def test_a_payment_takes_the_same_steps_whatever_else_the_hand_holds(hands):
    # R' = {M} (QUARRY on 0,0 of fixture F): MMM can only pay M, MWF may pay M or W then F. A forced card
    # paid by itself would leave one step fewer in the first game (version, log step numbers).
    def make(hand: str) -> AttikaState:
        return position(hands=[hand, "WFHM"], storage=[["QUARRY", "HARBOR"], []], amphorae=[1, 0])

    script = ["build QUARRY", "place 0 0", "pay M", "end", "card W", "card W", "pass"]
    script += ["end", "card H", "card H", "card H"]  # seat 1's turn: its own choices must be the same too
    _assert_hands_stay_hidden(make, hands, script)


def test_whether_stopping_is_asked_does_not_depend_on_the_hand():
    # Builds used up, an amphora held, a Harbor in storage: WF could pay for it with the amphora's extra
    # build, WW nowhere. Offering the amphora only to the hand that can use it would end the other's phase A
    # by itself, one step sooner.
    def make(hand: str) -> AttikaState:
        return position(
            buildings=[(1, 0, 0, "STREET")],
            storage=[["STREET", "HARBOR"], []],
            mode="build",
            used=2,
            amphorae=[1, 0],
            hands=[hand, ""],
        )

    script = ["build STREET", "place 0 0", "end", "pass", "end", "card W", "card W", "card W"]
    _assert_hands_stay_hidden(make, ("WF", "WW"), script)
