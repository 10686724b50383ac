"""Supply rounds (spec §5): feeding, finishing reserved buildings, internal conflict, Tantalus."""

from __future__ import annotations

import itertools

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import AbandonBuilding, FinishBuilding, Hire

from .builders import CAT, game, give, log_text, own, play_out, reveal, tile, tiles_of, top, trigger


def supply(s):
    trigger(s, (step.SUPPLY,))


def exp_game(players=2, heroes=None, colonies=None, civs=None):
    heroes = heroes or ["hector", "helen", "penelope", "daedalus", "achilles", "andromeda"][:players]
    colonies = colonies or ["naxos", "massilia", "byzantium", "salamis", "taras", "leptis"][:players]
    civs = civs or ["messene", "patras", "arkadia", "korinth", "sparta", "pylos"][:players]
    return game(players, expansion=True, civs=civs, heroes=heroes, colonies=colonies)


# ---------------------------------------------------------------------- feeding


def test_case_17_feeding_food_then_luxury_then_starvation():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=8, food=5, lux=4)
    supply(s)
    assert (s.inh[0], s.food[0], s.lux[0]) == (7, 0, 0)
    assert "feeds 7 inhabitants with 5 food and 4 luxury; 1 starve" in log_text(s)


def test_case_18_salamis_one_food_feeds_two():
    # (With the expansion the supply round goes on to the internal conflict: the feeding is read off the
    # state's food and the log line, which the conflict does not touch.)
    s = exp_game(colonies=["salamis", "naxos"])
    give(s, 0, inh=7, food=4, lux=0)
    supply(s)
    assert s.food[0] == 0 and "Player 1 feeds 7 inhabitants with 4 food\n" in log_text(s) + "\n"
    s = exp_game(colonies=["salamis", "naxos"])
    give(s, 0, inh=7, food=3, lux=0)
    supply(s)
    assert "Player 1 feeds 6 inhabitants with 3 food; 1 starve" in log_text(s)


def test_case_19_penelope_needs_two_food_less():
    s = exp_game(heroes=["penelope", "hector"])
    give(s, 0, inh=5, food=3, lux=0)
    supply(s)
    assert s.food[0] == 0 and "Player 1 feeds 5 inhabitants with 3 food\n" in log_text(s) + "\n"
    s = exp_game(heroes=["penelope", "hector"])
    give(s, 0, inh=1, food=3)
    supply(s)
    assert s.food[0] == 3 and "Player 1 feeds 1 inhabitant with 0 food" in log_text(s)


def test_naukratis_feeds_with_luxury_one_for_one():
    s = exp_game(colonies=["naukratis", "naxos"])
    give(s, 0, inh=6, food=2, lux=3)
    supply(s)
    assert (s.food[0], s.lux[0]) == (0, 0)
    assert "Player 1 feeds 5 inhabitants with 2 food and 3 luxury; 1 starve" in log_text(s)


def test_surplus_food_and_luxury_stay():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=3, food=5, lux=4)
    supply(s)
    assert (s.inh[0], s.food[0], s.lux[0]) == (3, 2, 4)


# ---------------------------------------------------------------------- reserved buildings


def test_reserved_building_is_finished_and_its_coin_comes_back():
    # Seed: "every unfinished building must be built": a building its owner can pay for is finished, with no
    # choice to give it up (so no decision is asked).
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=0, wood=3, coins=0)
    own(s, 0, reserved=("A12",))
    supply(s)
    assert top(s)[0] != step.FINISH
    assert (s.wood[0], s.coins[0], s.unfinished[0]) == (1, 1, 0) and tiles_of(s, 0) == ["A12"]
    assert "Player 1 finishes Bridge A12 and takes the coins back" in log_text(s)


def test_a_building_its_owner_can_pay_for_may_not_be_given_up():
    # Daedalus has two ways to pay for the Port, so the decision is asked; giving it up is not among them.
    s = exp_game(heroes=["daedalus", "hector"])
    give(s, 0, inh=0, wood=1, stone=3, lux=0)
    own(s, 0, reserved=("A15",))  # Port: 1 wood + 3 stone; Daedalus: 0 wood + 3 stone, or 1 wood + 1 stone
    supply(s)
    assert top(s)[:3] == (step.FINISH, 0, tile("A15"))
    assert s.legal_actions() == [FinishBuilding("A15", "wood"), FinishBuilding("A15", "stone")]
    with pytest.raises(IllegalAction, match=r"peloponnes §5: .*Port A15.* must be built"):
        s.apply(AbandonBuilding("A15"), seat=0)


def test_buildings_that_can_all_be_paid_are_all_finished():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=0, wood=4, stone=0, lux=2, coins=0)  # 5 wood with the luxury: Bridge 2 + Granary 3
    own(s, 0, reserved=("A12", "B12"))
    supply(s)
    assert s.unfinished[0] == 0 and tiles_of(s, 0) == ["A12", "B12"]
    assert (s.wood[0], s.lux[0], s.coins[0]) == (0, 0, 2)


def test_with_means_for_only_some_the_owner_chooses_which_to_finish():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=0, wood=3, stone=1, lux=0, coins=0)
    # Street (1 stone) does not compete for anything: finished. Bridge (2 wood) or Granary (3 wood): a choice.
    own(s, 0, reserved=("A14", "A12", "B12"))
    supply(s)
    assert top(s)[:3] == (step.FINISH, 0, tile("A12"))
    assert s.legal_actions() == [FinishBuilding("A12", "none"), AbandonBuilding("A12")]
    giving_up = s.clone(log=True)
    s.apply(FinishBuilding("A12", "none"), seat=0)  # the Granary cannot be paid any more: it falls
    assert tiles_of(s, 0) == ["A14", "A12"] and (s.wood[0], s.stone[0], s.coins[0]) == (1, 0, 3)
    giving_up.apply(AbandonBuilding("A12"), seat=0)  # then the Granary must be finished, and is
    assert (
        tiles_of(giving_up, 0) == ["A14", "B12"] and giving_up.wood[0] == 0 and giving_up.unfinished[0] == 0
    )
    assert giving_up.coins[0] == 3  # the given-up building's coin comes back too


def test_daedalus_may_not_pay_so_as_to_leave_a_payable_building_unbuilt():
    # Port (A15): 0 wood + 3 stone or 1 wood + 1 stone; Granary (B12): 1 wood; Statue of Zeus (C08): 6 stone.
    # With 1 wood and 6 stone he can pay the Port and the Granary, or the Statue and the Granary, never the
    # Port and the Statue. Paying the Port with 1 wood would leave the Granary unpaid although the other
    # way pays both: not allowed.
    s = exp_game(heroes=["daedalus", "hector"])
    give(s, 0, inh=0, wood=1, stone=6, lux=0)
    own(s, 0, reserved=("A15", "C08", "B12"))
    supply(s)
    assert top(s)[:3] == (step.FINISH, 0, tile("A15"))
    assert s.legal_actions() == [FinishBuilding("A15", "wood"), AbandonBuilding("A15")]
    with pytest.raises(IllegalAction, match=r"peloponnes §5: .*Granary B12"):
        s.apply(FinishBuilding("A15", "stone"), seat=0)


def test_daedalus_takes_the_discount_that_pays_for_every_reserved_building():
    s = exp_game(heroes=["daedalus", "hector"])
    give(s, 0, inh=0, wood=1, stone=3, lux=0)
    own(s, 0, reserved=("A15", "B12"))  # Port 0 wood + 3 stone, then Granary 1 wood: both paid
    supply(s)
    assert s.unfinished[0] == 0 and tiles_of(s, 0) == ["A15", "B12"] and (s.wood[0], s.stone[0]) == (0, 0)


def test_case_20_unaffordable_statue_of_zeus_is_removed_and_its_coin_returned():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=0, stone=5, lux=2, coins=0)
    own(s, 0, reserved=("C08",))
    supply(s)
    assert tiles_of(s, 0) == [] and s.coins[0] == 1 and (s.stone[0], s.lux[0]) == (5, 2)
    assert "gives up Statue of Zeus C08" in log_text(s)


def test_leptis_magna_gets_its_three_coins_back():
    s = exp_game(colonies=["leptis", "naxos"])
    give(s, 0, inh=0, wood=2, coins=0)
    own(s, 0, reserved=("A12",))
    supply(s)
    assert s.unfinished[0] == 0 and s.coins[0] == 3


def test_daedalus_finishes_for_less_too():
    s = exp_game(heroes=["daedalus", "hector"])
    give(s, 0, inh=0, wood=0, stone=1)
    own(s, 0, reserved=("A15",))  # Port: 1 wood + 3 stone; 2 stone less: 1 + 1, with 2 luxury for the wood
    give(s, 0, lux=2)
    supply(s)
    assert s.unfinished[0] == 0 and (s.wood[0], s.stone[0], s.lux[0]) == (0, 0, 0)
    assert "finishes Port A15" in log_text(s)


def test_a_supply_tile_calls_a_supply_round_before_the_bidding():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=4, food=1)
    s.round = 4
    reveal(s, "B12", "B14", "B05", "B09", "B01")  # Fertile plain B05 shows the supply symbol
    assert "Supply round" in log_text(s) and s.inh[0] == 1
    assert top(s) == (step.BID, 0, 0)
    s = game(2, civs=["messene", "patras"])
    s.round = 7
    reveal(s, "C01", "C02", "C04", "C05", "C03")
    assert "Supply round" in log_text(s)


# ---------------------------------------------------------------------- internal conflict


def test_seed_example_strongest_takes_inhabitant_and_cloverleaf_then_halves_8_to_4():
    s = exp_game(heroes=["helen", "penelope"])
    give(s, 0, strength=8, inh=0, food=0)
    give(s, 1, strength=2, inh=3, food=3)
    supply(s)
    assert (s.inh[0], s.clovers[0], s.strength[0]) == (1, 4, 4)
    assert (s.inh[1], s.clovers[1], s.strength[1]) == (2, 2, 2)


def test_case_24_ties_for_strongest_go_to_the_earlier_player():
    s = exp_game(3, heroes=["helen", "penelope", "daedalus"])
    for p, value in enumerate([8, 8, 2]):
        give(s, p, strength=value, inh=2, food=5)
    assert s.order == (0, 1, 2)
    supply(s)
    assert (s.inh, s.clovers, s.strength) == ([3, 2, 1], [4, 3, 2], [4, 8, 2])


def test_weakest_tie_goes_to_the_later_player():
    s = exp_game(3, heroes=["helen", "penelope", "daedalus"])
    for p, value in enumerate([9, 2, 2]):
        give(s, p, strength=value, inh=2, food=5)
    supply(s)
    assert s.clovers == [4, 3, 2]


def test_equal_strength_still_has_a_conflict():
    s = exp_game(2, heroes=["helen", "penelope"])
    give(s, 0, strength=3, inh=2, food=5)
    give(s, 1, strength=3, inh=2, food=5)
    supply(s)
    assert s.clovers == [4, 2] and s.strength == [1, 3]


@pytest.mark.parametrize(("before", "after"), [(9, 7), (2, 1), (3, 1), (1, 0), (0, 0)])
def test_case_25_hector_loses_only_two(before, after):
    s = exp_game(heroes=["hector", "penelope"])
    give(s, 0, strength=before, food=5)
    give(s, 1, strength=0, food=5)  # a tie at 0 still goes to Hector, earlier in turn order
    supply(s)
    assert s.strength[0] == after


def test_case_26_five_to_eight_players_two_strongest_take_from_two_weakest():
    s = exp_game(6)
    for p, value in enumerate([10, 9, 5, 4, 3, 3]):
        give(s, p, strength=value, inh=2, food=9, wood=0, stone=0)
    s.order = (0, 1, 2, 3, 4, 5)
    supply(s)
    # 10 takes from the later 3 (seat 5), 9 from the earlier 3 (seat 4); both halve (Hector at 10: -2).
    assert s.clovers == [4, 4, 3, 3, 2, 2]
    assert s.inh == [3, 3, 2, 2, 1, 1]
    assert s.strength[:2] == [8, 4]
    log = log_text(s)
    assert "Player 1 (strength 10) takes an inhabitant and a cloverleaf from Player 6" in log
    assert "Player 2 (strength 9) takes an inhabitant and a cloverleaf from Player 5" in log


def test_case_26_without_hector_both_winners_halve_to_5_and_4():
    s = exp_game(6, heroes=["helen", "achilles", "penelope", "daedalus", "andromeda", "tantalus"])
    for p, value in enumerate([10, 9, 5, 4, 3, 3]):
        give(s, p, strength=value, inh=2, food=9)
    s.order = (0, 1, 2, 3, 4, 5)
    trigger(s, (step.CONFLICT,))
    assert s.strength == [5, 4, 5, 4, 3, 3]


def test_case_27_nothing_to_take_but_the_winner_still_halves():
    s = exp_game(heroes=["helen", "penelope"])
    give(s, 0, strength=8, food=5)
    give(s, 1, strength=1, inh=0, food=5)
    s.clovers[1] = 0
    supply(s)
    assert (s.inh[0], s.clovers[0], s.strength[0]) == (4, 3, 4)  # Messene 2 + Helen 2: nothing gained
    assert "takes nothing" in log_text(s)


def test_no_internal_conflict_in_the_base_game():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, food=5)
    supply(s)
    assert "Internal conflict" not in log_text(s)


def test_tantalus_hires_up_to_his_strength_after_the_conflict():
    s = exp_game(heroes=["tantalus", "hector"])
    give(s, 0, strength=6, coins=10, food=5)
    give(s, 1, strength=1, food=5)
    supply(s)
    # He won the conflict (6 -> 3), then may hire up to 3.
    assert top(s) == (step.HIRE, 0, 1)
    assert s.legal_actions() == [Hire(i) for i in range(4)]
    s.apply(Hire(3), seat=0)
    assert (s.strength[0], s.mercs[0], s.coins[0]) == (6, 3, 7)


@pytest.mark.parametrize(("players", "pairs"), [(4, 1), (5, 2)])
def test_one_pair_up_to_four_players_two_pairs_from_five(players, pairs):
    heroes = ["helen", "achilles", "penelope", "daedalus", "andromeda"][:players]
    s = exp_game(players, heroes=heroes)
    strengths = [9, 7, 5, 3, 1][:players]
    for p, value in enumerate(strengths):
        give(s, p, strength=value, inh=2, food=9, wood=0, stone=0)
    s.order = tuple(range(players))
    trigger(s, (step.CONFLICT,))
    winners = [p for p in range(players) if s.clovers[p] == 4]
    losers = [p for p in range(players) if s.clovers[p] == 2]
    assert winners == list(range(pairs)) and losers == list(range(players - pairs, players))
    assert s.strength[:pairs] == [v // 2 for v in strengths[:pairs]]
    assert s.strength[pairs:] == strengths[pairs:]


# ---------------------------------------------------------------------- the finishing outcome, checked


def _ways(s, p, t):
    """An independent reading of a reserved building's price: (wood, stone), or Daedalus' two."""
    tile = CAT.tiles[t]
    if s.hero[p] != s.g.DAEDALUS:
        return [(tile.cost_wood, tile.cost_stone)]
    ways = []
    if tile.cost_wood:
        ways.append((max(0, tile.cost_wood - 2), tile.cost_stone))
    if tile.cost_stone:
        ways.append((tile.cost_wood, max(0, tile.cost_stone - 2)))
    return ways or [(tile.cost_wood, tile.cost_stone)]


def _can_pay_all(s, p, tiles, means):
    wood, stone, lux = means
    rate = s.cols[p].luxury_rate
    for combo in itertools.product(*(_ways(s, p, t) for t in tiles)):
        need_wood = sum(w for w, _ in combo)
        need_stone = sum(st for _, st in combo)
        if rate * (max(0, need_wood - wood) + max(0, need_stone - stone)) <= lux:
            return True
    return False


@pytest.mark.parametrize(
    ("players", "options", "heroes"),
    [(3, {}, None), (4, {"expansion": True}, ["daedalus", "helen", "hector", "achilles"])],
)
def test_no_building_given_up_could_have_been_paid_with_the_ones_finished(players, options, heroes):
    """Random games: after every supply round, each player's given-up reserved buildings could not have been
    paid for together with his finished ones, from what he had when the finishing began."""
    from hellenika.games.peloponnes import flow, supply

    starts: dict[int, tuple[tuple[int, int, int], frozenset[int]]] = {}
    outcomes: dict[int, dict[int, bool]] = {}
    checked = {"choices": 0, "given_up": 0}
    original_round, original_decide = flow.AUTO[step.SUPPLY], flow.DECIDE[step.FINISH]

    def check(s, p):
        means, reserved = starts.pop(p)
        finished = tuple(t for t, done in outcomes.pop(p).items() if done)
        for t in reserved - set(finished):
            checked["given_up"] += 1
            assert not _can_pay_all(s, p, (*finished, t), means), (p, CAT.tiles[t].id, means)

    def supply_round(s, task):
        original_round(s, task)
        for p in s.order:
            if s.unfinished[p]:
                reserved = frozenset(t for t in s.buildings[p] if s.unfinished[p] >> t & 1)
                starts[p] = ((s.wood[p], s.stone[p], s.lux[p]), reserved)
                outcomes[p] = {}

    def decide(s, task, action):
        p, t = task[1], task[2]
        if len(supply.finish_legal(s, task)) > 1:
            checked["choices"] += 1
        original_decide(s, task, action)
        outcomes[p][t] = isinstance(action, FinishBuilding)
        if len(outcomes[p]) == len(starts[p][1]):
            check(s, p)

    flow.AUTO[step.SUPPLY], flow.DECIDE[step.FINISH] = supply_round, decide
    try:
        for seed in range(30):
            s = game(players, heroes=heroes, log=False, **options)
            play_out(s, seed=seed)
            assert not starts
    finally:
        flow.AUTO[step.SUPPLY], flow.DECIDE[step.FINISH] = original_round, original_decide
    assert checked["given_up"]
