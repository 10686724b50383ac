"""The heuristic player (``strategy.py`` and ``place_strategy.py``), the shrine-link analysis it leans on
(``shrine_paths.py``) and the evaluation (``heuristics.py``): legal and deterministic choices in random
positions, each rule of thumb on a constructed position, the link analysis against a brute force, and
evaluations that rank positions."""

from __future__ import annotations

import heapq
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.bots import GreedyBot, HeuristicBot
from hellenika.engine import Observation, Rng
from hellenika.games.attika import heuristics, place_strategy
from hellenika.games.attika.hexes import footprint, neighbours
from hellenika.games.attika.phases import DRAWN, PAY, TILE_PLACE
from hellenika.games.attika.shrine_paths import (
    FAR,
    analyse,
    distance_fields,
    distance_with_tile,
    race,
    tile_contacts,
)

from .builders import CAT, FIXTURE_B, FIXTURE_F, GAME, act, legal, position

# The 2-player start layout (fixture B): shrines S0 (-2,1) and S1 (7,-2). A chain along row 0 from (-1,0),
# next to S0, to (5,0) is one building, (6,-1), short of S1 (spec case 29).
CHAIN = [(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
CHAIN_TYPES = ["QUARRY", "WELL", "HARBOR", "SILVERMINE", "VINEYARD", "AGORA", "FORTRESS"]
# Two tiles far from both shrines, with only M and W symbols: no shrine link is possible there.
FAR_BOARD = (("T11", 0, 3, 0), ("T17", 3, 2, 0))


def chain(owner: int, cells=CHAIN) -> list[tuple[int, int, int, str]]:
    return [(q, r, owner, b) for (q, r), b in zip(cells, CHAIN_TYPES, strict=False)]


def choose(state) -> str:
    return GAME.heuristic_action(state, Rng(0)).notation()


# ---------------------------------------------------------------------------------------- random positions


def random_positions(seed: int, players: int, options: dict, every: int = 3):
    """Decision nodes of a game between the heuristic and random play, one in ``every``."""
    rng = Rng(seed)
    state = GAME.new_state(players, options, log=False)
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        step += 1
        if step % every == 0:
            yield state
        legal_now = state.legal_actions()
        if state.current_player() == 0 or rng.random() < 0.5:
            action = GAME.heuristic_action(state, rng)
        else:
            action = legal_now[rng.randbelow(len(legal_now))]
        state.apply_unchecked(action)


@pytest.mark.parametrize(("players", "options"), GAME.configurations())
def test_the_heuristic_always_chooses_a_legal_action_and_the_same_one_for_the_same_rng(players, options):
    for seed in range(3):
        for state in random_positions(seed, players, options):
            legal_now = state.legal_actions()
            first = GAME.heuristic_action(state.clone(), Rng(seed))
            assert first in legal_now
            assert GAME.heuristic_action(state.clone(), Rng(seed)) == first
            assert GAME.heuristic_action(state.clone(), Rng(seed + 99)) == first  # no dice in the rules


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_the_heuristic_bot_plays_whole_games_legally(seed, players):
    """Through the bot (determinized samples) and the checked ``apply``: never an illegal choice."""
    state = GAME.new_state(players, log=False)
    rng = Rng(seed)
    bot = HeuristicBot()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bot.choose(Observation(state, state.current_player()), rng))
    assert state.winner >= 0 or state.win_reason == "stalemate"


def test_the_heuristic_does_not_change_the_state_it_is_given():
    for state in random_positions(5, 2, {}, every=7):
        before = state.to_json()
        GAME.heuristic_action(state, Rng(1))
        assert state.to_json() == before


# ---------------------------------------------------------------------------------------- rules of thumb


def test_rule_1_completes_a_shrine_link_whatever_it_costs():
    state = position(tiles=FIXTURE_B, buildings=chain(0), hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    assert race(state, 0).distance == 1
    act(state, "build TEMPLE")
    assert choose(state) == "place 6 -1"


def test_rule_1_places_the_thirtieth_building_whatever_it_costs():
    state = position(tiles=FIXTURE_B, hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    state.placed[0] = 29  # only the count matters for this rule
    scores = place_strategy.Outlook(state, 0).scores(CAT.by_id["TEMPLE"], [0, 1, 2], in_storage=True)
    assert min(scores) > place_strategy.WIN / 2


def test_rule_2_builds_on_the_shortest_link_rather_than_off_it():
    built = chain(0, [(-1, 1), *CHAIN[:4]])  # both spaces next to S0, then (0,0)..(2,0): four from S1
    state = position(tiles=FIXTURE_B, buildings=built, hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    before = race(state, 0)
    assert before.distance == 4 and race(state, 1).distance == FAR  # nothing to block: P1 cannot reach S0
    act(state, "build TEMPLE")
    action = GAME.parse_action(choose(state))
    assert before.path >> state.board.index[(action.q, action.r)] & 1  # type: ignore[attr-defined]


def test_rule_3_blocks_an_opponent_one_building_from_a_link():
    state = position(tiles=FIXTURE_B, buildings=chain(1), hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    assert race(state, 1).distance == 1
    assert race(state, 1).choke == 1 << state.board.index[(6, -1)]  # the only space that completes it
    act(state, "build TEMPLE")
    assert choose(state) == "place 6 -1"


def test_rule_4_builds_a_successor_free_next_to_its_predecessor():
    state = position(
        tiles=FAR_BOARD, buildings=[(0, 3, 0, "FORTRESS")], hands=["MMFF", ""], storage=[["TOWER"], []]
    )
    assert race(state, 0).distance == FAR
    act(state, "build TOWER")
    q, r = map(int, choose(state).split()[1:])
    assert (q, r) in set(neighbours((0, 3)))


def test_rule_4_builds_the_predecessor_first_when_both_wait_in_storage():
    state = position(
        tiles=FAR_BOARD, hands=["MMHMMFF", ""], storage=[["QUARRY", "FORTRESS"], []], mode="build"
    )
    assert {"build QUARRY", "build FORTRESS"} <= set(legal(state))
    assert choose(state) == "build QUARRY"


@pytest.mark.parametrize(("mill_to_come", "expected"), [(True, "store"), (False, "place")])
def test_rule_4_stores_a_drawn_building_whose_predecessor_is_still_to_come(mill_to_come, expected):
    # The Village (FHH) costs three cards anywhere on this board (no F or H symbols) with hand FHH. If the
    # Mill is still in the stacks, the Village can wait for a free space next to it; if not, it is built.
    stacks = ["VILLAGE", "MILL", "QUARRY"] if mill_to_come else ["VILLAGE", "QUARRY"]
    heights = [1, len(stacks) - 1, 0, 0]
    state = position(
        tiles=FAR_BOARD, hands=["FHH", ""], mode="draw", in_stacks=[stacks, None], stacks=[heights, None]
    )
    act(state, "draw 1", "reveal VILLAGE")
    assert state.phase == DRAWN
    assert choose(state).split()[0] == expected


def test_rule_4_draws_the_main_stack_when_stored_buildings_wait_for_a_main_building():
    storage = ["TEMPLE", "TAVERN", "GYMNASIUM"]  # all three are free next to the Agora, still in the stack
    state = position(tiles=FAR_BOARD, hands=["WMFH", ""], storage=[storage, []], mode="draw", used=1)
    assert choose(state) == "draw 0"


def test_rule_4_draws_a_normal_stack_when_its_buildings_can_go_free():
    built = [(0, 3, 0, "AGORA"), (3, 2, 0, "QUARRY"), (2, 3, 0, "WELL"), (4, 1, 0, "HARBOR")]
    state = position(tiles=FAR_BOARD, buildings=built, hands=["WMFH", ""], mode="draw", used=1)
    assert choose(state) in {"draw 1", "draw 2", "draw 3"}


def test_rule_5_prefers_a_space_whose_landscape_pays_for_the_building():
    # Fixture F: the Quarry (MMH) on (0,0) loses W M F H around it: one M left to pay (spec case 1).
    state = position(tiles=FIXTURE_F, hands=["MMMHH", ""], storage=[["QUARRY"], []])
    act(state, "build QUARRY")
    space = choose(state)
    cost = {a.notation(): None for a in state.legal_actions()}
    assert space == "place 0 0" and len(cost) > 1


def test_rule_6_takes_cards_with_a_short_hand_and_nothing_worth_building():
    state = position(tiles=FAR_BOARD, hands=["W", ""])
    assert choose(state) == "end"


def test_rule_6_draws_with_a_hand_to_pay_for_what_comes():
    state = position(tiles=FAR_BOARD, hands=["WMFHWM", ""])
    assert choose(state).startswith("draw")


def test_rule_6_builds_from_storage_when_buildings_there_go_free():
    built = [(0, 3, 0, "AGORA")]
    state = position(
        tiles=FAR_BOARD, buildings=built, hands=["WMFHWM", ""], storage=[["TEMPLE", "TAVERN"], []]
    )
    assert choose(state) in {"build TEMPLE", "build TAVERN"}


def test_rule_7_spends_an_amphora_on_one_more_draw():
    state = position(tiles=FAR_BOARD, hands=["WMFHWM", ""], amphorae=[1, 0], supply=14, mode="draw", used=2)
    assert "amphora" in legal(state)
    assert choose(state) == "amphora"


def test_rule_8_pays_with_a_matching_card():
    # The Quarry on (0,0) of fixture F owes one M (or any two cards): M pays it with one card.
    state = position(tiles=FIXTURE_F, hands=["WWFM", ""], storage=[["QUARRY"], []])
    act(state, "build QUARRY", "place 0 0")
    assert state.phase == PAY and {"pay M", "pay W"} <= set(legal(state))
    assert choose(state) == "pay M"


def test_rule_9_lays_an_expansion_tile_that_reopens_a_walled_off_link():
    # P1 holds both spaces next to S1, so P0's chain towards it is walled off; P0 empties a stack, and a tile
    # east of the board can give S1 new neighbours next to P0's chain.
    built = [*chain(0), (6, -2, 1, "QUARRY"), (6, -1, 1, "WELL")]
    state = position(
        tiles=FIXTURE_B,
        buildings=built,
        hands=["MMHHFFWW", ""],
        mode="draw",
        in_stacks=[["TOWER"], None],
        stacks=[[0, 1, 0, 0], None],
    )
    assert race(state, 0).distance == FAR
    act(state, "draw 1", "reveal TOWER")
    if state.phase == DRAWN:
        act(state, "store")
    act(state, "boardtile T06")
    assert state.phase == TILE_PLACE and len(legal(state)) > 5
    action = GAME.parse_action(choose(state))
    board = state.board.with_tile(CAT.tiles[state.tile], (action.q, action.r), 0)  # type: ignore[attr-defined]
    after = analyse(board, state.occ, state.own[0], state.comps[0]).distance
    assert after <= 3
    others = [
        analyse(
            state.board.with_tile(CAT.tiles[state.tile], (a.q, a.r), 0),
            state.occ,
            state.own[0],
            state.comps[0],
        )
        for a in state.legal_actions()
    ]
    assert sum(r.distance < FAR for r in others) < len(others)  # not every tile would have done


# ---------------------------------------------------------------------------------------- shrine links


def brute_distance(state, p: int) -> int:
    """Fewest empty spaces completing a link, by Dijkstra from every shrine over the board."""
    board = state.board
    best = FAR
    for k, start in enumerate(board.shrine_adj):
        dist = {}
        heap = []
        for c in range(board.size):
            if start >> c & 1 and (not state.occ >> c & 1 or state.own[p] >> c & 1):
                heapq.heappush(heap, (0 if state.own[p] >> c & 1 else 1, c))
        while heap:
            d, c = heapq.heappop(heap)
            if c in dist:
                continue
            dist[c] = d
            for n in board.nbrs[c]:
                if n not in dist and (not state.occ >> n & 1 or state.own[p] >> n & 1):
                    heapq.heappush(heap, (d + (0 if state.own[p] >> n & 1 else 1), n))
        for j, end in enumerate(board.shrine_adj):
            if j != k:
                for c, d in dist.items():
                    if end >> c & 1:
                        best = min(best, d)
    return best


def with_building(state, c: int, owner: int):
    after = state.clone()
    bit = 1 << c
    after.occ |= bit
    after.own[owner] |= bit
    merged = bit
    rest = []
    for comp in after.comps[owner]:
        if comp & state.board.nbm[c]:
            merged |= comp
        else:
            rest.append(comp)
    after.comps[owner] = (*rest, merged)
    return after


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_link_distances_paths_and_chokes_match_a_brute_force(seed, players):
    for state in random_positions(seed, players, {}, every=10):
        board = state.board
        empty = board.full & ~state.occ
        for p in range(state.n):
            result = analyse(board, state.occ, state.own[p], state.comps[p])
            assert result.distance == brute_distance(state, p)
            if result.distance >= FAR or result.distance == 0:
                continue
            for c in range(board.size):
                if not empty >> c & 1:
                    continue
                mine = brute_distance(with_building(state, c, p), p)
                assert (mine == result.distance - 1) == bool(result.path >> c & 1)
                if result.choke >> c & 1:
                    other = (p + 1) % state.n
                    assert brute_distance(with_building(state, c, other), p) > result.distance


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_link_through_a_new_tile_is_never_shorter_than_the_real_one(seed):
    for state in random_positions(seed, 2, {}, every=40):
        board = state.board
        tile = CAT.tiles[0]
        for p in range(state.n):
            current = min(race(state, p).distance, 12)
            fields = distance_fields(board, state.occ, state.own[p], state.comps[p], current)
            for centre in board.tile_centres()[:12]:
                estimate = distance_with_tile(fields, *tile_contacts(board, centre))
                exact = analyse(
                    board.with_tile(tile, centre, 0), state.occ, state.own[p], state.comps[p]
                ).distance
                assert min(exact, 12) <= estimate <= current


def test_tile_contacts_lists_the_board_spaces_and_shrines_next_to_each_new_hex():
    state = position(tiles=FIXTURE_B)
    board = state.board
    for centre in board.tile_centres():
        spaces, touching, contact, shrine_mask = tile_contacts(board, centre)
        for i, h in enumerate(footprint(centre)):
            assert sorted(spaces[i]) == sorted(board.index[n] for n in neighbours(h) if n in board.index)
            assert touching[i] == [k for k, sh in enumerate(board.shrines) if sh in set(neighbours(h))]
        assert contact == sum(1 << c for c in {c for cells in spaces for c in cells})
        near = {n for h in footprint(centre) for n in neighbours(h)}
        assert shrine_mask == sum(1 << k for k, sh in enumerate(board.shrines) if sh in near)


# ---------------------------------------------------------------------------------------- evaluation


def test_more_buildings_on_the_board_evaluate_higher():
    built = [(0, 3, 0, "AGORA"), (1, 3, 0, "TEMPLE"), (1, 2, 0, "TAVERN"), (3, 2, 1, "QUARRY")]
    state = position(tiles=FAR_BOARD, buildings=built, hands=["WM", "WM"])
    assert GAME.evaluate(state, 0) > 1.5
    assert GAME.evaluate(state, 1) < 0
    assert GAME.evaluate(state, 0) == pytest.approx(-GAME.evaluate(state, 1))


def test_a_shorter_shrine_link_evaluates_higher():
    near = position(tiles=FIXTURE_B, buildings=chain(0), hands=["WM", "WM"])
    far = position(
        tiles=FIXTURE_B, buildings=chain(0, [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 2), (2, 2), (2, 1)])
    )
    assert race(near, 0).distance == 1 < race(far, 0).distance
    assert GAME.evaluate(near, 0) > GAME.evaluate(far, 0) + 2
    # one building short of a link is clearly ahead against an opponent with nothing
    assert GAME.estimate_returns(near)[0] > 0.75


def test_cards_and_stored_buildings_count_but_less_than_buildings_on_the_board():
    rich = position(tiles=FAR_BOARD, hands=["WMFHWM", ""], storage=[["TEMPLE"], []])
    poor = position(tiles=FAR_BOARD, hands=["", ""])
    built = position(tiles=FAR_BOARD, buildings=[(0, 3, 0, "TEMPLE")], hands=["", ""])
    assert GAME.evaluate(poor, 0) == 0
    assert 0 < GAME.evaluate(rich, 0) < 2 * GAME.evaluate(built, 0)


def test_a_won_game_evaluates_to_the_win():
    state = position(tiles=FIXTURE_B, buildings=chain(0), hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    act(state, "build TEMPLE", "place 6 -1")
    while state.phase == PAY:
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.winner == 0
    assert GAME.evaluate(state, 0) == heuristics.WIN and GAME.evaluate(state, 1) == -heuristics.WIN
    assert GAME.estimate_returns(state) == [1.0, -1.0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_estimated_returns_are_zero_sum_and_bounded(players):
    for state in random_positions(players, players, {}, every=20):
        returns = GAME.estimate_returns(state)
        assert all(-1 <= r <= 1 for r in returns)
        assert sum(returns) == pytest.approx(0, abs=1e-6)


def test_the_evaluation_scale_is_the_calibrated_one():
    assert GAME.evaluation_scale == heuristics.EVALUATION_SCALE == 4.0
    assert math.isclose(math.tanh(heuristics.EVALUATION_SCALE / GAME.evaluation_scale), math.tanh(1))


def test_greedy_sees_the_link_a_building_being_paid_for_completes():
    """The evaluation counts a building being paid for as standing on its space, link included, so the
    one-step greedy bot finds the winning space too."""
    state = position(tiles=FIXTURE_B, buildings=chain(0), hands=["MMHHFFWW", ""], storage=[["TEMPLE"], []])
    act(state, "build TEMPLE")
    assert GreedyBot().choose(Observation(state, 0), Rng(3)).notation() == "place 6 -1"
