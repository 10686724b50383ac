"""Mine marble and the quarries (spec §4.6): income, tile development, opening and closing quarries, the
worker. Spec test cases 5-10, the seed's three mining examples, and the edge cases."""

from __future__ import annotations

import json

import pytest

from hellenika.engine import CHANCE, IllegalAction
from hellenika.games.hellas.actions import ChooseAction, Decline, DrawTiles, MoveWorker, PlaceTile, Reveal
from hellenika.games.hellas.phases import CHOOSE, MINE_DRAW, MINE_PLACE, MINE_REVEAL, MINE_WORKER

from .builders import BLUE, GAME, GREEN, RED, choose, mine, place, quarry_index, set_quarries, setup, snapshot

TOPS = {"0,5": [12], "2,4": [31], "10,6": [18]}  # yields 1, 3, 2


def tops(s):
    return {s.b.cells[s.b.quarries[q]].id: s.top(q) for q in s.active_q}


def mining_position(piles=TOPS, worker="5,5", closed=(), start=RED, players=3):
    s = setup(players, start=start)
    set_quarries(s, piles, worker=worker, closed=closed)
    return s


def test_spec_5_mining_income():
    s = mining_position()
    place(s, RED, "house", "1,4", "10,5")
    place(s, BLUE, "house", "0,4")
    place(s, BLUE, "palace", "1,5")
    choose(s, "mine1")
    assert s.marble == [10 + 6, 10 + 1, 10]
    assert s.phase == MINE_DRAW and s.current_player() == RED  # then Red may draw tiles, or stop


def test_seed_mining_example_blue_4_green_2_red_3():
    # "Blue chooses the Mine marble action. He gets 4 marble (1+3). Green gets 2 (1+1) and Red gets 3."
    s = mining_position(start=BLUE)
    place(s, BLUE, "house", "0,6", "2,3")  # next to the 12 (yield 1) and the 31 (yield 3)
    place(s, GREEN, "house", "0,4", "1,5")  # two houses at the 12
    place(s, RED, "house", "3,3")  # at the 31
    choose(s, "mine1")
    assert s.marble == [13, 14, 12]


def test_spec_6_double_quarry_house():
    s = mining_position({"7,3": [20], "9,3": [30], "0,5": [12]})
    place(s, RED, "house", "8,4")
    choose(s, "mine1")
    assert s.marble[RED] == 10 + 5
    s = mining_position({"7,3": [20], "9,3": [30], "0,5": [12], "10,6": [10]}, closed=["9,3"])
    place(s, RED, "house", "8,4")
    choose(s, "mine1")
    assert s.marble[RED] == 10 + 2


def test_income_ignores_empty_quarries_palaces_squares_statues_and_the_worker():
    s = mining_position(worker="3,8")
    place(s, RED, "palace", "0,4")
    place(s, RED, "square", "0,6")
    place(s, RED, "statue", "1,5")
    place(s, RED, "house", "3,7", "4,9")  # next to the empty quarry 3,8 (with the worker)
    choose(s, "mine1")
    assert s.marble[RED] == 10


def test_spec_7_tile_placement_choice():
    s = mining_position()
    mine(s, "mine1")
    s.apply(Reveal(25))
    assert s.phase == MINE_PLACE and s.current_player() == RED
    assert s.legal_actions() == [PlaceTile("0,5"), PlaceTile("10,6")]  # the 12 and the 18, never the 31
    assert s.label(PlaceTile("0,5")) == "Put tile 25 on quarry 0,5 (top 12 -> 25, yield 1 -> 2 per house)"
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceTile("2,4"))
    assert info.value.rule == "hellas §4.6" and "shows 31" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        s.apply(Decline())
    assert info.value.rule == "hellas §4.6" and "mandatory" in str(info.value)
    assert snapshot(s) == before
    s.apply(PlaceTile("0,5"))  # the seed: "He decides to place it on the 12 tile"
    assert tops(s) == {"0,5": 25, "2,4": 31, "10,6": 18}
    assert s.piles[quarry_index(s, "0,5")] == (12, 25)
    assert s.current_player() == CHANCE and s.phase == MINE_REVEAL  # the next draw is mandatory


def test_a_tile_with_one_possible_quarry_goes_there_by_itself():
    s = mining_position()
    mine(s, "mine1")
    s.apply(Reveal(15))  # only the 12 is lower
    assert tops(s) == {"0,5": 15, "2,4": 31, "10,6": 18}
    assert s.phase == MINE_REVEAL


def test_spec_8_opening_a_new_quarry():
    s = mining_position()
    mine(s, "mine1")
    s.apply(Reveal(7))  # lower than every active top, even as the first draw
    assert s.phase == MINE_WORKER and s.current_player() == RED
    assert s.top(quarry_index(s, "5,5")) == 7
    empty = [s.b.cells[s.b.quarries[q]].id for q in range(len(s.piles)) if not s.piles[q]]
    assert [a.quarry for a in s.legal_actions()] == empty  # any empty quarry, coast or interior
    assert "5,5" not in empty and len(empty) == 12 - 4
    with pytest.raises(IllegalAction) as info:
        s.apply(MoveWorker("0,5"))
    assert info.value.rule == "hellas §4.6" and "empty quarry" in str(info.value)
    s.apply(MoveWorker("9,3"))
    assert s.worker == quarry_index(s, "9,3")
    assert s.closed == 1 << quarry_index(s, "2,4")  # the 31
    assert tops(s) == {"0,5": 12, "10,6": 18, "5,5": 7}  # exactly three active
    assert s.phase == CHOOSE and s.active == BLUE  # the action ended
    assert len(s.stack) == 40 - 4


def test_spec_9_four_tile_cap():
    s = mining_position()
    mine(s, "mine1")
    for tile, quarry in ((20, "0,5"), (26, "10,6"), (33, "0,5"), (35, "10,6")):
        s.apply(Reveal(tile))
        if s.phase == MINE_PLACE:
            s.apply(PlaceTile(quarry))
    assert tops(s) == {"0,5": 33, "2,4": 31, "10,6": 35}
    assert s.closed == 0
    assert s.phase == CHOOSE and s.active == BLUE  # no fifth draw
    assert len(s.stack) == 40 - 3 - 4


def test_spec_10_closed_quarry_pays_nothing_and_takes_no_tile():
    s = mining_position()
    place(s, RED, "house", "2,3")  # touches only the 31 quarry (2,4)
    mine(s, "mine1")
    assert s.marble[RED] == 13
    s.apply(Reveal(7))
    s.apply(MoveWorker("9,3"))
    mine(s, "mine2")  # Blue mines later
    assert s.marble[RED] == 13
    s.apply(Reveal(30))  # 30 would fit on a 31 if it were still active
    assert s.phase == MINE_PLACE
    assert PlaceTile("2,4") not in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceTile("2,4"))
    assert "closed" in str(info.value)


def test_mine_marble_chooser_may_stop_before_the_first_draw_and_keeps_the_income():
    """The seed: "A player can also select an action and choose not to perform it"; Mine marble's chooser
    "draws up to four quarry tiles", and only "can't refrain from revealing tiles after placing a tile on an
    active quarry before having placed his fourth tile". So he may stop before the first draw; everyone's
    income ("Each player gains marble for each of their houses next to an active quarry") is paid as usual.
    """
    s = mining_position()
    place(s, RED, "house", "1,4")  # at the 12 and the 31: 1 + 3
    place(s, BLUE, "house", "10,5")  # at the 18: 2
    stack, piles = s.stack, s.piles
    choose(s, "mine1")
    assert s.marble == [14, 12, 10]
    assert s.phase == MINE_DRAW and s.current_player() == RED
    assert s.legal_actions() == [DrawTiles(), Decline()]
    s.apply(Decline())
    assert s.marble == [14, 12, 10]  # the income stays paid
    assert s.stack == stack and s.piles == piles and s.closed == 0  # no tile drawn, nothing closed
    assert s.track[s.g.space_index["mine1"]] == RED  # the marker stays: the space is used this round
    assert s.phase == CHOOSE and s.active == BLUE
    assert "{p0} drew no quarry tiles" in [e.text for e in s.events]


def test_once_drawn_the_tiles_go_on_to_four():
    """The seed: "After placing this tile on top of an active quarry, the active player must draw another
    tile" and "can't refrain from revealing tiles after placing a tile on an active quarry before having
    placed his fourth tile": after ``draw`` there is no decline until the action ends."""
    s = mining_position()
    mine(s, "mine1")
    assert s.phase == MINE_REVEAL and s.current_player() == CHANCE
    s.apply(Reveal(25))
    assert s.phase == MINE_PLACE and Decline() not in s.legal_actions()  # a drawn tile must be placed
    s.apply(PlaceTile("0,5"))
    for v in (26, 27, 28):
        assert s.phase == MINE_REVEAL and s.current_player() == CHANCE  # the next draw follows by itself
        s.apply(Reveal(v))
        if s.phase == MINE_PLACE:
            assert Decline() not in s.legal_actions()
            s.apply(s.legal_actions()[0])
    assert s.tiles_placed == 4 and s.phase == CHOOSE and s.active == BLUE


def test_the_draw_or_stop_choice_does_not_depend_on_the_tiles_left():
    """Whether ``draw`` / ``decline`` is asked depends only on the stack holding a tile at all (its contents
    are public, and the draw is a chance node): never on which tiles they are. With no tile left nothing is
    asked and the action ends after the income."""
    for stack in ((1,), (40,), (5, 20, 35), tuple(range(1, 41))):
        s = mining_position()
        s.stack = tuple(v for v in stack if v not in (12, 18, 31))
        choose(s, "mine1")
        assert s.phase == MINE_DRAW and s.legal_actions() == [DrawTiles(), Decline()]
    s = mining_position()
    place(s, RED, "house", "0,4")
    s.stack = ()
    choose(s, "mine1")
    assert s.marble[RED] == 11 and s.phase == CHOOSE and s.active == BLUE
    assert "The quarry tile stack is empty" in list(s.iter_log())


def test_edge_empty_stack_ends_the_action():
    s = mining_position()
    s.stack = (40,)
    mine(s, "mine1")
    s.apply(Reveal(40))
    s.apply(PlaceTile("0,5"))
    assert s.phase == CHOOSE and s.active == BLUE
    assert "The quarry tile stack is empty" in list(s.iter_log())


def test_edge_no_empty_quarry_for_the_worker_removes_it():
    closed = ["2,10", "3,8", "5,1", "5,8", "7,3", "8,10", "9,3", "5,5"]
    piles = {q: [30 + i] for i, q in enumerate(closed)}
    s = mining_position({**piles, "0,5": [20], "2,4": [39], "7,8": [25]}, worker="10,6", closed=closed)
    assert s.empty_quarries() == [quarry_index(s, "10,6")]
    mine(s, "mine1")
    s.apply(Reveal(3))  # opens 10,6, the last empty quarry
    assert s.worker == -1
    assert s.closed >> quarry_index(s, "2,4") & 1  # the 39 closed
    assert tops(s) == {"0,5": 20, "7,8": 25, "10,6": 3}
    assert s.phase == CHOOSE
    assert "No empty quarry is left: the quarry worker left the board" in list(s.iter_log())
    # a later tile that fits nowhere, with no worker on the board, leaves the game and closes nothing
    mine(s, "mine2")
    s.apply(Reveal(2))
    assert s.aside == (2,)
    assert tops(s) == {"0,5": 20, "7,8": 25, "10,6": 3}
    assert s.phase == CHOOSE and s.active == GREEN


def test_worker_moves_by_itself_when_one_empty_quarry_is_left():
    piles = {q: [20 + i] for i, q in enumerate(["0,5", "2,10", "3,8", "5,1", "5,8", "7,3", "7,8", "8,10"])}
    closed = ["2,10", "3,8", "5,1", "5,8", "7,3"]
    s = mining_position({**piles, "2,4": [35]}, worker="9,3", closed=closed)
    assert [s.b.cells[s.b.quarries[q]].id for q in s.empty_quarries()] == ["5,5", "9,3", "10,6"]
    s.worker = quarry_index(s, "9,3")
    mine(s, "mine1")
    s.apply(Reveal(3))
    assert s.phase == MINE_WORKER  # two empty quarries left: 5,5 and 10,6
    s.apply(MoveWorker("10,6"))
    mine(s, "mine2")
    s.apply(Reveal(2))  # opens 10,6; only 5,5 is empty: the worker goes there
    assert s.worker == quarry_index(s, "5,5") and s.phase == CHOOSE


def test_mining_choice_is_offered_once_and_second_mine_space_stays():
    s = mining_position()
    assert ChooseAction("mine1") in s.legal_actions() and ChooseAction("mine2") not in s.legal_actions()
    choose(s, "mine1")
    while s.phase != CHOOSE:
        s.apply(s.legal_actions()[0] if not s.is_chance_node() else Reveal(max(s.stack)))
    assert ChooseAction("mine2") in s.legal_actions()


def test_mid_mining_states_round_trip_through_json():
    s = mining_position()
    place(s, RED, "house", "1,4")
    mine(s, "mine1")
    s.apply(Reveal(25))
    assert s.phase == MINE_PLACE
    check_round_trip(s)
    s.apply(PlaceTile("0,5"))
    s.apply(Reveal(5))  # opens 5,5: the worker must move
    assert s.phase == MINE_WORKER
    check_round_trip(s)


def check_round_trip(s):
    restored = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert snapshot(restored) == snapshot(s)
    assert restored.legal_actions() == s.legal_actions()
    assert restored.groups == s.groups and restored.live_scores() == s.live_scores()


def test_income_is_paid_once_with_the_tops_shown_when_mine_marble_is_chosen():
    s = mining_position()
    place(s, RED, "house", "0,4")  # at the 12 (yield 1)
    mine(s, "mine1")
    assert s.marble[RED] == 11
    s.apply(Reveal(33))  # the 12 becomes a 33 (yield 3): no income again in this action
    s.apply(PlaceTile("0,5"))
    assert s.marble[RED] == 11
    for v in (34, 35, 36):
        s.apply(Reveal(v))
        if s.phase == MINE_PLACE:
            s.apply(s.legal_actions()[0])
    assert s.phase == CHOOSE and s.marble[RED] == 11
    choose(s, "mine2")  # Blue: the new top now pays Red 3
    assert s.marble[RED] == 14


def test_several_houses_at_one_quarry_each_earn_and_the_active_player_earns_too():
    s = mining_position()
    place(s, RED, "house", "0,4", "0,6", "1,4", "1,5")  # all four building spaces at the 12; 1,4 also at 31
    choose(s, "mine1")
    assert s.marble[RED] == 10 + 4 * 1 + 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quarry_invariants_along_random_games(players):
    """Between actions exactly 3 quarries are active (spec §4.6); the worker stands on an empty quarry; a
    closed quarry never changes again; tiles are conserved (stack + piles + set aside = 40); tops only rise.
    """
    from hellenika.engine import TERMINAL, Rng

    for seed in range(6):
        rng = Rng(100 + seed)
        s = GAME.new_state(players, log=False)
        closed_piles: dict[int, tuple[int, ...]] = {}
        tops_seen: dict[int, int] = {}
        while s.current_player() != TERMINAL:
            if s.phase == CHOOSE:
                assert len(s.active_q) == 3
                assert all(s.is_active_quarry(q) for q in s.active_q)
                assert s.worker >= 0 and not s.piles[s.worker]
                assert s.pending_tile == 0 and s.opening == -1
            for q in range(len(s.piles)):
                if s.closed >> q & 1:
                    closed_piles.setdefault(q, s.piles[q])
                    assert s.piles[q] == closed_piles[q]
                elif s.piles[q]:
                    assert s.top(q) >= tops_seen.get(q, 0)
                    tops_seen[q] = s.top(q)
            on_board = sum(len(pile) for pile in s.piles)
            assert on_board + len(s.stack) + len(s.aside) + (1 if s.pending_tile else 0) == 40
            legal = s.legal_actions()
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
            else:
                s.apply(legal[rng.randbelow(len(legal))])
        assert len(closed_piles) <= 6  # at most one closure per Mine marble action: 2 spaces x 3 rounds
