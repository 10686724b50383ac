"""Settlements and the surcharge (§5.6; cases 14-17 and the seed's example), groups and amphorae (§6; cases
18-20), victory (§8; cases 27-29, Q9). P is seat 0, O seat 1."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.attika import costs
from hellenika.games.attika.board import Board
from hellenika.games.attika.phases import ACTIONS, CARD

from .builders import CAT, FIXTURE_B, act, at, hand, legal, pay_all, position


def surcharge(state, building: str, q: int, r: int, p: int = 0) -> int:
    free, _, generic = costs.requirement(state, p, CAT.by_id[building], state.board.index[(q, r)])
    return 0 if free else generic


# ---------------------------------------------------------------- settlements (§5.6)


def test_case_14_and_seed_example_two_settlements_found_a_third_for_two_cards():
    built = [(-1, 0, 0, "QUARRY"), (4, -2, 0, "WELL")]
    state = position(tiles=FIXTURE_B, buildings=built, hands=["WWWWWWWW", ""], storage=[["AGORA"], []])
    assert len(state.comps[0]) == 2
    # AGORA (MHF) on (2,1) of tile T03 (. M . . . W W): nothing of P next to it: S = 2 on top of the cost.
    free, rest, generic = costs.requirement(state, 0, CAT.by_id["AGORA"], state.board.index[(2, 1)])
    assert not free and generic == 2
    act(state, "build AGORA", "place 2 1")
    pay_all(state)  # a hand of W only: every card is still asked (nothing is paid by itself)
    paid = 8 - len(hand(state, 0))
    assert paid == 2 * sum(rest) + 2  # every symbol 2-for-1 with W cards, plus the two for the surcharge
    assert len(state.comps[0]) == 3


def test_case_15_a_building_touching_two_settlements_merges_them_without_surcharge():
    built = [(0, 0, 0, "QUARRY"), (2, 0, 0, "WELL")]
    state = position(tiles=FIXTURE_B, buildings=built, hands=["WWWWWWWWWW", ""], storage=[["AGORA"], []])
    assert len(state.comps[0]) == 2
    assert surcharge(state, "AGORA", 1, 0) == 0
    act(state, "build AGORA", "place 1 0")
    pay_all(state)
    assert len(state.comps[0]) == 1 and at(state, 1, 0) == (0, "AGORA")


def test_case_16_shrines_do_not_link_settlements():
    # The tile centred on (-4,2) is a legal expansion: it overlaps nothing and touches only shrine S0.
    state = position(tiles=FIXTURE_B)
    assert state.board.tile_fits((-4, 2))
    assert (-4, 2) in state.board.tile_centres()
    board = state.board.with_tile(CAT.tiles[CAT.tile_by_id["T06"]], (-4, 2), 0)
    assert not any((-4 + dq, 2 + dr) in state.board.index for dq, dr in [(0, 0)])
    assert sorted(board.shrine_neighbours(0)) == [(-3, 1), (-3, 2), (-1, 0), (-1, 1)]
    tiles = (*FIXTURE_B, ("T06", -4, 2, 0))
    built = [(-3, 1, 0, "QUARRY"), (-1, 0, 0, "WELL")]
    state = position(tiles=tiles, buildings=built, storage=[["AGORA"], []], hands=["MHF" * 3, ""])
    assert len(state.comps[0]) == 2  # both touch S0, distance 2 apart: two settlements
    assert surcharge(state, "AGORA", 3, -2) == 2


def test_case_17_the_first_building_has_no_surcharge():
    state = position(tiles=FIXTURE_B, storage=[["AGORA"], []])
    assert len(state.comps[0]) == 0 and surcharge(state, "AGORA", 3, -2) == 0


def test_other_players_buildings_do_not_link_settlements():
    built = [(0, 0, 0, "QUARRY"), (1, 0, 1, "WELL"), (2, 0, 0, "MILL")]
    state = position(tiles=FIXTURE_B, buildings=built)
    assert len(state.comps[0]) == 2 and len(state.comps[1]) == 1


def test_streets_connect_settlements_and_count_as_buildings():
    built = [(0, 0, 0, "QUARRY"), (2, 0, 0, "WELL"), (4, -2, 0, "STREET")]
    state = position(tiles=FIXTURE_B, buildings=built, hands=["WWWWWWWW", ""], storage=[["STREET"], []])
    assert len(state.comps[0]) == 3
    act(state, "build STREET", "place 1 0")
    pay_all(state)
    assert len(state.comps[0]) == 2 and state.placed[0] == 4


# ---------------------------------------------------------------- groups and amphorae (§6)


def test_case_18_completed_connected_group_earns_an_amphora():
    state = position(buildings=[(0, 0, 0, "VINEYARD")], storage=[["VINTNER"], []])
    act(state, "build VINTNER", "place 1 0")  # free next to the Vineyard
    assert hand(state, 0) == "" and state.amph[0] == 1 and state.supply == 14


def test_case_19_a_split_group_never_scores():
    state = position(buildings=[(-1, 0, 0, "VINEYARD")], hands=["FHFH", ""], storage=[["VINTNER"], []])
    act(state, "build VINTNER", "place 1 0")
    pay_all(state)
    assert state.amph[0] == 0 and state.supply == 15
    assert any("not connected" in line for line in state.iter_log())


def test_case_20_no_amphora_left_gives_a_card_and_the_turn_goes_on():
    state = position(
        buildings=[(0, 0, 0, "VINEYARD")], hands=["MH", ""], storage=[["VINTNER", "MINT"], []], supply=0
    )
    act(state, "build VINTNER", "place 1 0")
    assert state.phase == CARD and state.amph[0] == 0  # a reward card, not phase B
    act(state, "card W")
    assert hand(state, 0) == "WMH" and state.phase == ACTIONS
    assert state.used == 1 and "build MINT" in legal(state)


@pytest.mark.parametrize("rule", ["group", "settlement"])
def test_case_19_a_group_completed_split_never_scores_even_once_joined(rule):
    state = position(
        buildings=[(-1, 0, 0, "VINEYARD")],
        hands=["FHFH" + "W" * 8, ""],
        storage=[["VINTNER", "QUARRY"], []],
        options={"amphora_rule": rule},
    )
    act(state, "build VINTNER", "place 1 0")  # 2 apart: two settlements; no amphora
    pay_all(state)
    assert state.amph[0] == 0 and len(state.comps[0]) == 2
    act(state, "build QUARRY", "place 0 0")  # joins them (and the settlements) afterwards
    pay_all(state)
    assert len(state.comps[0]) == 1 and state.amph[0] == 0 and state.supply == 15


def test_settlement_amphora_rule_accepts_a_group_joined_through_other_buildings():
    built = [(-1, 0, 0, "VINEYARD"), (0, 0, 0, "QUARRY")]
    for rule, expected in (("group", 0), ("settlement", 1)):
        state = position(
            buildings=built, hands=["FH", ""], storage=[["VINTNER"], []], options={"amphora_rule": rule}
        )
        act(state, "build VINTNER", "place 1 0")
        pay_all(state)
        assert state.amph[0] == expected, rule


def test_streets_are_a_group_too():
    built = [(0, 0, 0, "STREET"), (1, 0, 0, "STREET"), (1, -1, 0, "STREET")]
    state = position(buildings=built, storage=[["STREET"], []])
    act(state, "build STREET", "place 0 -1")  # free next to own streets; fourth street: group complete
    assert state.amph[0] == 1


# ---------------------------------------------------------------- where not to build (case 27)


def test_case_27_shrines_occupied_and_off_board_hexes_are_not_spaces():
    state = position(
        tiles=FIXTURE_B, buildings=[(0, 0, 1, "WELL")], hands=["MMHH", ""], storage=[["QUARRY"], []]
    )
    act(state, "build QUARRY")
    for notation, words in (
        ("place -2 1", "shrine"),
        ("place 0 0", "already has a building"),
        ("place 20 20", "not a board space"),
    ):
        with pytest.raises(IllegalAction) as info:
            act(state, notation)
        assert info.value.rule == "attika §5.1" and words in info.value.reason


# ---------------------------------------------------------------- victory (§8; cases 28, 29, Q9)


def test_case_29_shrine_victory_on_fixture_b():
    chain = [(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    names = ["STREET"] * 4 + ["QUARRY", "WELL", "HARBOR"]
    built = [(q, r, 0, b) for (q, r), b in zip(chain, names, strict=True)]
    state = position(tiles=FIXTURE_B, buildings=built, storage=[["AGORA", "MINT"], []], hands=["MHFMHF", ""])
    act(state, "build AGORA", "place 6 -1")
    pay_all(state)
    assert state.is_terminal() and state.winner == 0 and state.win_reason == "two shrines"
    assert state.ranking() == [1, 2] and state.returns() == [1.0, -1.0]


def test_case_29_no_win_when_an_opponent_breaks_the_chain():
    chain = [(-1, 0), (0, 0), (1, 0), (2, 0), (4, 0), (5, 0)]
    built = [(q, r, 0, b) for (q, r), b in zip(chain, ["STREET"] * 4 + ["WELL", "HARBOR"], strict=True)]
    built.append((3, 0, 1, "QUARRY"))
    state = position(tiles=FIXTURE_B, buildings=built, storage=[["AGORA"], []], hands=["MHFMHF", ""])
    act(state, "build AGORA", "place 6 -1")
    pay_all(state)
    assert not state.is_terminal() and state.winner == -1


def test_case_28_the_thirtieth_building_wins_at_once_even_as_the_first_of_three_builds():
    tiles = tuple((CAT.tiles[i].id, q, r, 0) for i, (q, r) in enumerate(CAT.layouts[4].centres))
    state = position(tiles=tiles)
    safe = [
        state.board.cells[c]
        for c in state.board.order
        if not any(adj >> c & 1 for adj in state.board.shrine_adj)
    ]
    names = [b.id for b in CAT.buildings for _ in range(b.copies) if b.id != "AGORA"]
    built = [(q, r, 0, b) for (q, r), b in zip(safe, names, strict=False)]
    assert len(built) == 29
    state = position(
        tiles=tiles,
        buildings=built,
        storage=[["AGORA"], []],
        hands=["MHF" * 5, ""],
        in_stacks=[[], []],
    )
    free = [a for a in legal(state) if a.startswith("build")]
    assert free == ["build AGORA"]
    act(state, "build AGORA")
    act(state, legal(state)[0])
    pay_all(state)
    assert state.winner == 0 and state.win_reason == "all buildings" and state.used == 1
    assert state.legal_actions() == [] and not any("landscape card" in e for e in state.iter_log())


def test_q9_one_building_next_to_two_shrines_links_them():
    # Shrines NW and SW of (0,0); a tile centred E of it covers (0,0) without covering either shrine.
    board = Board.empty(((0, -1), (-1, 1)))
    assert board.tile_fits((1, 0))
    board = board.with_tile(CAT.tiles[0], (1, 0), 0)
    mask = 1 << board.index[(0, 0)]
    assert board.shrines_touched(mask) == 2


def test_two_settlements_touching_the_same_shrine_do_not_win():
    tiles = (*FIXTURE_B, ("T06", -4, 2, 0))
    built = [(-3, 1, 0, "QUARRY"), (-1, 0, 0, "WELL")]
    state = position(tiles=tiles, buildings=built)
    assert all(state.board.shrines_touched(comp) == 1 for comp in state.comps[0])


# ---------------------------------------------------------------- order of one placement (§5.7)


def test_order_amphora_then_reward_card_then_expansion():
    # The drawn Vintner is the last of stack 1, completes the vineyard group (supply empty: a card), and
    # only then is a board tile drawn.
    state = position(
        tiles=FIXTURE_B,
        buildings=[(0, 0, 0, "VINEYARD")],
        supply=0,
        in_stacks=[["QUARRY", "VINTNER", "TOWER", "SHIP"], None],
        stacks=[[1, 1, 1, 1], None],
    )
    act(state, "draw 1", "reveal VINTNER", "place 1 0")
    assert state.phase == CARD  # the reward card first
    act(state, "card F")
    assert state.is_chance_node() and {a.KIND for a in state.legal_actions()} == {"boardtile"}
    lines = list(state.iter_log(["P", "O"]))
    assert lines.index("P built the Vintner on 1,0, for free") < len(lines) - 1
    assert any("no amphora is left" in line for line in lines)


def test_a_drawn_building_that_wins_ends_the_game_before_the_expansion():
    chain = [(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    built = [(q, r, 0, "STREET") for q, r in chain[:4]] + [
        (q, r, 0, b) for (q, r), b in zip(chain[4:], ["QUARRY", "WELL", "HARBOR"], strict=True)
    ]
    state = position(
        tiles=FIXTURE_B,
        buildings=built,
        hands=["MHF", ""],
        in_stacks=[["AGORA", "TOWER", "SHIP", "MILL"], None],
        stacks=[[1, 1, 1, 1], None],
    )
    act(state, "draw 0", "reveal AGORA", "place 6 -1")
    pay_all(state)
    assert state.is_terminal() and state.winner == 0 and state.win_reason == "two shrines"
    assert state.expand is True and len(state.board.tiles) == 4  # no board tile was drawn


def test_completing_a_group_and_winning_logs_the_amphora_first():
    chain = [(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    names = ["QUARRY", "WELL", "HARBOR", "MILL", "STREET", "STREET", "STREET"]
    built = [(q, r, 0, b) for (q, r), b in zip(chain, names, strict=True)]
    state = position(tiles=FIXTURE_B, buildings=built, storage=[["STREET"], []])
    act(state, "build STREET", "place 6 -1")  # free next to (5,0): the fourth street, all connected
    lines = list(state.iter_log(["P", "O"]))
    assert state.winner == 0 and state.amph[0] == 1
    assert lines[-2] == "P completed the Streets group, connected: 1 amphora"
    assert lines[-1] == "P connected two shrines and won"
