"""Cost, reductions, free building and streets (spec §5.2, §5.4, §5.5; test cases 1-3, 6-13, 32; the seed's
tower example and its four "may not build for free" cases). P is seat 0, O seat 1; fixture F unless said."""

from __future__ import annotations

from hellenika.games.attika import costs
from hellenika.games.attika.phases import ACTIONS, PAY

from .builders import CAT, act, at, hand, legal, payments, position


def requirement(state, building: str, q: int, r: int, p: int = 0):
    return costs.requirement(state, p, CAT.by_id[building], state.board.index[(q, r)])


# ---------------------------------------------------------------- case 1-3: reductions (§5.2)


def test_case_1_reductions_on_fixture_f():
    state = position(hands=["WMFH", ""], storage=[["QUARRY"], []])
    # Reductions W (the space), M, F, H (empty neighbours): QUARRY MMH -> R' = {M}; S = 0.
    assert requirement(state, "QUARRY", 0, 0) == (False, (0, 1, 0, 0), 0)
    act(state, "build QUARRY")
    assert payments(state, "place 0 0") == {"M", "WF", "WH", "FH"}  # one M, or any two others
    act(state, "place 0 0", "pay M")
    assert at(state, 0, 0) == (0, "QUARRY") and hand(state, 0) == "WFH"


def test_case_2_a_covered_symbol_does_not_count():
    state = position(buildings=[(1, 0, 1, "WELL")], hands=["MMWWFH", ""], storage=[["QUARRY"], []])
    assert requirement(state, "QUARRY", 0, 0) == (False, (0, 2, 0, 0), 0)  # reductions W F H: R' = MM
    act(state, "build QUARRY")
    # MM, M plus any 2 (not M), or any 4 (not M).
    expected = {"MM", "WWM", "WMF", "WMH", "MFH", "WWFH"}
    assert payments(state, "place 0 0") == {"".join(sorted(p, key="WMFH".index)) for p in expected}


def test_case_3_space_symbol_counts_and_surplus_is_wasted():
    state = position(storage=[["FORTRESS"], []])
    # FORTRESS MMF on (0,0): reductions W M F H; R' = {M}; the W and H reduce nothing.
    assert requirement(state, "FORTRESS", 0, 0) == (False, (0, 1, 0, 0), 0)
    assert costs.reductions_at(state, state.board.index[(0, 0)]) == (1, 1, 1, 1)


# ---------------------------------------------------------------- cases 6-10: free building (§5.4)


def test_case_6_and_seed_tower_next_to_its_own_fortress_is_free():
    state = position(buildings=[(0, 0, 0, "FORTRESS")], storage=[["TOWER"], []])
    assert requirement(state, "TOWER", 0, -1) == (True, (0, 0, 0, 0), 0)
    act(state, "build TOWER", "place 0 -1")  # no cards at all: free
    assert at(state, 0, -1) == (0, "TOWER") and hand(state, 0) == ""


def test_case_7_seed_inverse_order_is_not_free():
    state = position(buildings=[(0, 0, 0, "TOWER")], hands=["MMF", ""], storage=[["FORTRESS"], []])
    # (0,-1): blank; its board neighbours are blank or built on: no reduction; next to own Tower: no S.
    assert requirement(state, "FORTRESS", 0, -1) == (False, (0, 2, 1, 0), 0)
    act(state, "build FORTRESS")
    assert payments(state, "place 0 -1") == {"MMF"}


def test_case_7_two_for_one_swaps():
    state = position(buildings=[(0, 0, 0, "TOWER")], hands=["MMWWH", ""], storage=[["FORTRESS"], []])
    act(state, "build FORTRESS")
    # F missing: its symbol is paid with any 2 cards; MM pay their own symbols (or pairs of others).
    assert payments(state, "place 0 -1") == {"WWMM", "WMMH"}


def test_case_8_seed_skipped_building_is_not_free():
    state = position(buildings=[(0, 0, 0, "QUARRY")], storage=[["TOWER"], []])
    # TOWER next to the Quarry with no Fortress: full cost MF less the M next door at (1,0).
    free, rest, surcharge = requirement(state, "TOWER", 1, -1)
    assert not free and rest == (0, 0, 1, 0) and surcharge == 0


def test_case_9_seed_opponents_predecessor_is_not_free_and_may_cost_a_surcharge():
    state = position(buildings=[(0, 0, 1, "FORTRESS"), (0, 1, 0, "WELL")], storage=[["TOWER"], []])
    # O's Fortress does not help; (0,-1) has no own building next to it: S = 1 (one settlement).
    free, rest, surcharge = requirement(state, "TOWER", 0, -1)
    assert not free and rest == (0, 1, 1, 0) and surcharge == 1


def test_case_10_seed_main_buildings_are_never_free():
    state = position(buildings=[(0, 0, 0, "FORTRESS"), (1, 0, 0, "TOWER")], storage=[["QUARRY"], []])
    # QUARRY MMH on (1,-1), next to both: not free; reductions: none (neighbours built on or blank).
    assert requirement(state, "QUARRY", 1, -1) == (False, (0, 2, 0, 1), 0)


def test_copies_are_free_next_to_their_own_predecessor_never_next_to_a_copy():
    state = position(buildings=[(0, 0, 0, "FORTRESS"), (0, 1, 0, "TOWER")], storage=[["TOWER"], []])
    assert requirement(state, "TOWER", 1, -1)[0]  # next to the Fortress
    # Fixture F has no empty hex next to the Tower only; on a larger board:
    big = position(
        tiles=(("T01", 0, 0, 0), ("T02", 3, -2, 0), ("T03", 2, 1, 0), ("T05", 5, -1, 0)),
        buildings=[(0, 0, 0, "FORTRESS"), (1, 1, 0, "TOWER")],
        storage=[["TOWER"], []],
    )
    assert not requirement(big, "TOWER", 2, 1)[0]  # next to a Tower only
    assert requirement(big, "TOWER", 1, 0)[0]  # next to the Fortress


def test_ships_are_free_next_to_the_harbor():
    state = position(buildings=[(0, 0, 0, "HARBOR")], storage=[["SHIP", "SHIP"], []])
    assert requirement(state, "SHIP", 1, 0)[0] and requirement(state, "SHIP", 0, 1)[0]


# ---------------------------------------------------------------- cases 11-13, 32: streets (§5.5)


def test_case_11_first_street_costs_five_less_every_symbol():
    state = position(hands=["W", ""], storage=[["STREET"], []])
    assert requirement(state, "STREET", 0, 0) == (False, (0, 0, 0, 0), 1)  # 5 - 4 symbols
    act(state, "build STREET", "place 0 0")
    assert legal(state) == ["pay W"]  # the one card is asked all the same (docs/rules/attika.md)
    act(state, "pay W")
    assert at(state, 0, 0) == (0, "STREET") and hand(state, 0) == ""


def test_case_11_street_plus_surcharge():
    state = position(buildings=[(1, -1, 0, "WELL")], storage=[["STREET"], []])
    # (-1,1): F on it, W of (0,0) and H of (0,1) next to it: 5 - 3 = 2, plus S = 1 (not next to the Well).
    assert requirement(state, "STREET", -1, 1) == (False, (0, 0, 0, 0), 3)


def test_case_12_street_next_to_own_street_is_free():
    state = position(buildings=[(1, 0, 0, "STREET")], storage=[["STREET"], []])
    assert requirement(state, "STREET", 0, 0) == (True, (0, 0, 0, 0), 0)
    # With no cards at all, the streets next to it are the ones offered, and one is built for nothing.
    act(state, "build STREET")
    assert sorted(legal(state)) == ["place 0 0", "place 0 1", "place 1 -1"]  # the street's neighbours
    act(state, "place 0 0")
    assert at(state, 0, 0) == (0, "STREET") and state.discard == (0, 0, 0, 0)


def test_case_13_street_next_to_opponents_street_is_not_free():
    state = position(buildings=[(1, 0, 1, "STREET")], storage=[["STREET"], []])
    assert requirement(state, "STREET", 0, 0) == (False, (0, 0, 0, 0), 2)  # M covered: 5 - 3


def test_case_32_street_with_no_empty_symbol_around_costs_five():
    built = [(1, -1, 1, "WELL"), (0, 0, 1, "MILL"), (-1, 0, 1, "QUARRY")]
    state = position(buildings=built, hands=["WWWMM", ""], storage=[["STREET"], []])
    assert requirement(state, "STREET", 0, -1) == (False, (0, 0, 0, 0), 5)
    with_settlement = position(buildings=[*built, (0, 1, 0, "WELL")], storage=[["STREET"], []])
    assert requirement(with_settlement, "STREET", 0, -1) == (False, (0, 0, 0, 0), 6)  # plus S = 1


def test_streets_count_symbols_of_any_type_and_are_paid_with_any_cards():
    state = position(hands=["MMH", ""], storage=[["STREET"], []])
    # (0,-1): blank; empty neighbours (1,-1) blank, (0,0) W, (-1,0) blank: 5 - 1 = 4 > 3 cards.
    assert requirement(state, "STREET", 0, -1) == (False, (0, 0, 0, 0), 4)
    act(state, "build STREET")
    assert "place 0 -1" not in legal(state) and "place 0 0" in legal(state)
    assert payments(state, "place 1 0") == {"MH", "MM"}  # 5 - 3 (M W H around... ) = 2 any


# ---------------------------------------------------------------- where (§5.1) and unpayable (§5.3)


def test_only_payable_spaces_are_offered_and_symbols_do_not_decide_where():
    state = position(hands=["", ""], storage=[["STREET"], []], in_stacks=[[], None])
    # With no cards only a free or fully reduced placement is possible: none here.
    assert state.phase == ACTIONS and legal(state) == ["end"]
    state = position(hands=["WWWWW", ""], storage=[["STREET"], []])
    act(state, "build STREET")
    spaces = {a for a in legal(state) if a.startswith("place")}
    assert len(spaces) == 7  # every empty space, blank or not, without adjacency requirement


def test_a_storage_building_nobody_can_pay_for_stays_and_is_not_offered():
    state = position(hands=["W", ""], storage=[["HARBOR"], []])
    assert "build HARBOR" not in legal(state)
    assert state.storage[0][CAT.by_id["HARBOR"]] == 1


def test_paying_places_the_cards_on_the_discard_pile():
    state = position(hands=["WMFH", ""], storage=[["QUARRY"], []])
    act(state, "build QUARRY", "place 0 0")
    assert state.phase == PAY
    act(state, "pay W", "pay F")
    assert state.discard == (1, 0, 1, 0) and hand(state, 0) == "MH"
