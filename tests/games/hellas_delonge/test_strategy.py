"""The heuristic player (strategy.py) and the evaluation (heuristics.py): legality, determinism, one test per
important rule of thumb on a constructed position, and the evaluation's ordering of clearly different
positions. No test asserts a win rate or a time."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.bots import make_agent
from hellenika.engine.match import MatchRunner
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.heuristics import WIN, evaluate, features
from hellenika.games.hellas_delonge.hexmap import DELTA, cell
from hellenika.games.hellas_delonge.tactics import danger

from .builders import DARK, GAME, LIGHT, legal, play, position

# The map of test_attack: A (1,0) and B (0,1) share a land edge; C (-1,1) is an island next to B by sea;
# all three touch the dolphin, so every pair of them is linked (land counts first).
A_LAND = ("T12", 1, 0, 0)
B_LAND = ("T08", 0, 1, 5)
C_SEA = ("T01", -1, 1, 0)
G_SEA = ("T02", 0, -1, 0)  # an island NW of the dolphin


def choose(s, seed=0):
    return GAME.heuristic_action(s, Rng(seed)).notation()


def play_out_turn(s):
    """Let the heuristic play the active player's turn to its end; returns the notations it chose."""
    p = s.active
    chosen = []
    while s.active == p and not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(Rng(len(chosen))))
            continue
        notation = choose(s)
        chosen.append(notation)
        play(s, notation)
    return chosen


# ---------------------------------------------------------------------- legality and determinism


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), mix=st.floats(0.0, 1.0), stall=st.sampled_from([40, 0]))
def test_the_heuristic_always_chooses_a_legal_action(seed, mix, stall):
    """Games mixing random and heuristic moves, from every kind of node, up to 1500 actions."""
    rng = Rng(seed)
    s = GAME.new_state(2, {"stall": stall}, log=False)
    for _ in range(1500):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_unchecked(s.sample_chance(rng))
            continue
        options = s.legal_actions()
        action = GAME.heuristic_action(s, rng)
        assert action in options, f"{action.notation()} not legal in phase {ph.NAMES[s.phase]}"
        if rng.random() < mix:
            action = options[rng.randbelow(len(options))]
        s.apply(action)


def test_the_heuristic_bot_finishes_games_against_random_and_itself():
    """Through the checked apply of the match runner; self-play must end (stalemates are broken)."""
    for seats, seed in ((("heuristic", "random"), 3), (("random", "heuristic"), 4), (("heuristic",) * 2, 5)):
        runner = MatchRunner(GAME, 2, [make_agent(x) for x in seats], seed=seed, max_actions=50_000)
        result = runner.run()
        assert result.state.is_terminal()


def test_the_heuristic_is_deterministic_for_a_given_rng():
    def game(seed):
        rng = Rng(seed)
        s = GAME.new_state(2, log=False)
        while not s.is_terminal() and s.version < 3000:
            s.apply_unchecked(s.sample_chance(rng) if s.is_chance_node() else GAME.heuristic_action(s, rng))
        return [a.notation() for a in s.history()]

    assert game(11) == game(11)
    rng = Rng(2)
    s = GAME.new_state(2, log=False)
    for _ in range(200):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_unchecked(s.sample_chance(rng))
            continue
        assert GAME.heuristic_action(s.clone(), Rng(7)) == GAME.heuristic_action(s.clone(), Rng(7))
        s.apply_unchecked(GAME.heuristic_action(s, rng))


# ---------------------------------------------------------------------- attacks (spec §6)


def test_takes_the_city_it_can_hold_rather_than_one_retaken_at_once():
    # Light's 3 Greeks at A may take B (2 Greeks, by land) or the island C (1 Greek, by sea through the
    # dolphin). Taking C leaves A with one Greek next to B's spare one: Dark would retake a city at once.
    s = position([(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, DARK, 1, 0)])
    assert {"attack 2", "attack 3"} <= set(legal(s))
    assert choose(s) == "attack 2"


def test_a_bare_burst_when_no_attack_can_win():
    s = position([(*A_LAND, LIGHT, 2, 0), (*B_LAND, DARK, 3, 0)])
    assert "attack 2" in legal(s)  # 1 against 3 may be declared, but cannot win
    assert choose(s) == "burst"


def test_commits_land_sources_alone_when_they_suffice():
    # A (land) and C (sea) both border B. Two Greeks over land win against two; a sea Greek would make it
    # a sea attack needing three.
    s = play(position([(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, LIGHT, 3, 0)]), "attack 2")
    assert s.sources == (1, 3)
    assert choose(s) == "commit 2"
    play(s, "commit 2")
    assert choose(s) == "commit 0"
    play(s, "commit 0")
    assert s.phase == ph.CALLOFF and choose(s) == "resolve"


def test_sends_a_margin_against_a_stand_firm_when_he_holds_ares_cards():
    tiles = [(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, LIGHT, 3, 0)]
    s = play(position(tiles, hands=((), ("A2",))), "attack 2")
    play(s, choose(s))
    play(s, choose(s))
    assert sum(s.commits) == 4 and s.nat_sea  # 4 against 2 by sea: wins even after one Stand Firm
    assert s.attack_would_win()


def test_stand_firm_only_when_it_turns_the_fight_and_call_off_a_lost_attack():
    tiles = [(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, LIGHT, 3, 0)]
    # 2 against 2 by land: Dark's Stand Firm turns it, so he plays it; Light then calls the attack off.
    s = play(position(tiles, hands=((), ("A2",))), "attack 2", "commit 2", "commit 0")
    assert s.phase == ph.COMBAT and s.cp == DARK and choose(s) == "play A2"
    play(s, "play A2")
    assert s.phase == ph.CALLOFF and choose(s) == "calloff"
    # 4 against 2 by sea wins by one more than needed: a single Stand Firm cannot save the city.
    s = play(position(tiles, hands=((), ("A2",))), "attack 2", "commit 2", "commit 2")
    assert s.phase == ph.COMBAT and s.cp == DARK and choose(s) == "pass"


def test_battle_fury_only_when_it_turns_the_fight():
    tiles = [(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, LIGHT, 3, 0)]
    s = play(position(tiles, hands=(("A1",), ("A2",))), "attack 2", "commit 2", "commit 0")
    assert s.cp == LIGHT and s.attack_would_win() and choose(s) == "pass"  # winning already: keep it
    play(s, "pass", "play A2")
    assert s.cp == LIGHT and not s.attack_would_win() and choose(s) == "play A1"


# ---------------------------------------------------------------------- defence, Burst and regroup


def test_the_burst_puts_the_city_in_danger_out_of_reach():
    # Dark's B (3 Greeks) can take Light's A (1 Greek) by land; the Burst and regroup must fix that.
    s = position([(*A_LAND, LIGHT, 1, 0), (*B_LAND, DARK, 3, 0), (*G_SEA, LIGHT, 2, 0)])
    assert danger(s, 1) >= 0
    chosen = play_out_turn(s)
    assert chosen[0] == "burst"
    assert danger(s, 1) < 0 and s.owner(1) == LIGHT


def test_regroup_moves_a_greek_from_a_safe_city_to_one_in_danger():
    # A (1 Greek) lies within reach of Dark's B; G (3 Greeks) stays safe with two.
    s = position([(*A_LAND, LIGHT, 1, 0), (*B_LAND, DARK, 3, 0), (*G_SEA, LIGHT, 3, 0)])
    play(s, "burst", "stop")
    assert s.phase == ph.REGROUP
    assert choose(s) == "march 3 1"


# ---------------------------------------------------------------------- god cards (spec §8)


def test_double_action_when_its_second_action_has_a_city_to_take():
    s = position([(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, DARK, 1, 0)], hands=(("Z1",), ()))
    assert choose(s) == "play Z1"


def test_levy_first_its_greeks_may_attack_at_once():
    s = position([(*A_LAND, LIGHT, 2, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, DARK, 1, 0)], hands=(("Z3",), ()))
    assert choose(s) == "play Z3"


def test_storm_on_every_enemy_voyage():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"], hands=((), ("P5",))), "voyage", "tile T03", "at 0 1")
    assert s.phase == ph.STORM and choose(s) == "play P5"


def test_thunderbolt_against_a_decisive_card_not_against_an_oracle():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", 0, 1, 0, LIGHT, 2, 0), ("T03", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, hands=(("Z1", "A1"), ("Z2",))), "play Z1")
    assert s.phase == ph.RESPOND and choose(s) == "play Z2"
    s = play(position(tiles, hands=(("Z6", "A1"), ("Z2",))), "play Z6")
    assert s.phase == ph.RESPOND and choose(s) == "pass"


# ---------------------------------------------------------------------- setup (spec §3)


def test_setup_tile_goes_next_to_our_own_city():
    s = GAME.new_state(2)
    while s.phase == ph.C_DEAL:
        play(s, legal(s)[0])
    play(s, "tile T01", "at 1 0", "tile T02", "at -1 0", "tile T03")
    notation = choose(s)
    q, r = (int(v) for v in notation.split()[1:])
    neighbours = {cell(q, r) + d for d in DELTA}
    assert cell(1, 0) in neighbours and cell(-1, 0) not in neighbours


# ---------------------------------------------------------------------- the evaluation


def test_evaluate_prefers_the_clearly_better_position():
    base = [(*A_LAND, LIGHT, 2, 1), (*B_LAND, DARK, 2, 1), (*C_SEA, DARK, 1, 1)]
    even = position(base)
    more_cities = position([(*A_LAND, LIGHT, 2, 1), (*B_LAND, DARK, 2, 1), (*C_SEA, LIGHT, 1, 1)])
    more_greeks = position([(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1), (*C_SEA, DARK, 1, 1)])
    assert evaluate(more_cities, LIGHT) > evaluate(even, LIGHT)
    assert evaluate(more_greeks, LIGHT) > evaluate(even, LIGHT)
    for s in (even, more_cities, more_greeks):
        assert math.isclose(evaluate(s, LIGHT), -evaluate(s, DARK), abs_tol=1e-9)


def test_evaluate_sees_an_attack_under_way_as_its_outcome():
    tiles = [(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0), (*C_SEA, DARK, 1, 0)]
    before = position(tiles)
    declared = play(position(tiles), "attack 2", "commit 2")
    assert declared.phase == ph.CALLOFF and declared.attack_would_win()
    assert evaluate(declared, LIGHT) > evaluate(before, LIGHT) + 1.0
    assert features(declared, LIGHT)[0] == 1.0  # valued as two cities against one


def test_evaluate_of_a_finished_game_and_estimated_returns():
    s = position([(*A_LAND, LIGHT, 3, 0), (*B_LAND, DARK, 2, 0)])
    play(s, "attack 2", "commit 2", "resolve")  # Dark's last city
    assert s.is_terminal() and evaluate(s, LIGHT) == WIN and evaluate(s, DARK) == -WIN
    assert GAME.estimate_returns(s) == s.returns()
    mid = position([(*A_LAND, LIGHT, 2, 1), (*B_LAND, DARK, 2, 1), (*C_SEA, LIGHT, 1, 1)])
    estimate = GAME.estimate_returns(mid)
    assert GAME.evaluation_scale > 0 and all(-1 < e < 1 for e in estimate) and estimate[LIGHT] > 0
