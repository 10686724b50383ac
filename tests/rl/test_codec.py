"""The action codec numbers every action a game can produce, and the numbers round-trip."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest

from hellenika import games
from hellenika.engine import Rng
from hellenika.games.attika.hexes import distance, footprint
from hellenika.rl.codec import (
    CHANCE_KINDS,
    SHARED_KINDS,
    attika_expansions,
    attika_radius,
    build_codec,
    codec_for,
)
from tests.rl.conftest import CONFIGS


@pytest.mark.parametrize("name", games.names())
def test_codec_is_stable_and_a_bijection(name: str) -> None:
    codec = codec_for(name)
    again = build_codec(games.get(name))
    assert again.decisions.actions == codec.decisions.actions
    assert again.chance.actions == codec.chance.actions
    for table in (codec.decisions, codec.chance):
        assert len(set(table.actions)) == len(table)
        for number, action in enumerate(table.actions):
            assert table.encode(action) == number
            assert table.decode(number) == action
    assert codec.num_actions > 0 and codec.num_chance_outcomes > 0
    kinds = {a.KIND for a in codec.chance.actions}
    assert kinds == set(CHANCE_KINDS[name]), "every chance kind has outcomes in the table"
    for action in codec.decisions.actions:
        assert action.KIND not in CHANCE_KINDS[name] or action.KIND in SHARED_KINDS.get(name, ())


@pytest.mark.parametrize("name", games.names())
def test_codec_rejects_numbers_outside_the_table(name: str) -> None:
    codec = codec_for(name)
    with pytest.raises(ValueError):
        codec.decode(codec.num_actions)
    with pytest.raises(ValueError):
        codec.decode(-1)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_every_legal_action_and_chance_outcome_round_trips(
    name: str, players: int, options: dict[str, object]
) -> None:
    game = games.get(name)
    codec = codec_for(name)
    for seed in range(2):
        state = game.new_state(players, options, log=False)
        rng = Rng(100 + seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                for action, _ in outcomes:
                    assert codec.decode_chance(codec.encode_chance(action)) == action
                # OpenSpiel's form, remembered for a shared tuple: always the plain encoding, a new list.
                pairs = codec.chance.encode_outcomes(outcomes)
                plain = sorted((codec.encode_chance(a), p) for a, p in outcomes)
                assert pairs == plain
                again = codec.chance.encode_outcomes(outcomes)
                assert again == plain and again is not pairs
                action = state.sample_chance(rng)
                assert codec.decode_chance(codec.encode_chance(action)) == action
            else:
                legal = state.legal_actions()
                numbers = [codec.encode(a) for a in legal]
                assert len(set(numbers)) == len(numbers)
                assert [codec.decode(n) for n in numbers] == legal
                action = rng.choice(legal)
            state.apply_unchecked(action)


def test_codec_order_follows_action_types_then_fields() -> None:
    """Numbers are assigned by the type's place in ``game.action_types``, then by field values."""
    for name in games.names():
        game = games.get(name)
        order = {cls: i for i, cls in enumerate(game.action_types)}
        actions = codec_for(name).decisions.actions
        ranks = [order[type(a)] for a in actions]
        assert ranks == sorted(ranks)
        for a, b in itertools.pairwise(actions):
            if type(a) is type(b):
                va = [getattr(a, f.name) for f in dataclasses.fields(a)]
                vb = [getattr(b, f.name) for f in dataclasses.fields(b)]
                assert [(v is not None, v or 0) for v in va] < [(v is not None, v or 0) for v in vb]


def test_attika_bound_allows_a_board_tile_per_stack_of_every_player() -> None:
    """Each of a player's four stacks, the main one too, lays a board tile when a draw empties it (spec §7):
    random 2-player games reach 4 tiles laid by each player, 12 on the map; the radius holds them."""
    game = games.get("attika")
    cat = game.catalogue  # type: ignore[attr-defined]
    radius = attika_radius(game)
    per_player = 1 + cat.constants.normal_stacks
    most: dict[int, int] = {}
    for players in (2, 3, 4):
        start = len(cat.layouts[players].centres)
        for seed in range(4):
            state = game.new_state(players, {}, log=False)
            rng = Rng(seed)
            laid: Counter[int] = Counter()
            view = state.view(None)
            while not state.is_terminal():
                before, active = len(view["board"]["tiles"]), view["active"]
                if state.is_chance_node():
                    state.apply_unchecked(state.sample_chance(rng))
                else:
                    state.apply_unchecked(rng.choice(state.legal_actions()))
                view = state.view(None)
                if len(view["board"]["tiles"]) > before >= start:  # an expansion, laid by the active player
                    laid[active] += 1
            assert max(laid.values(), default=0) <= per_player
            assert len(view["board"]["tiles"]) - start == laid.total() <= attika_expansions(game, players)
            assert all(distance((s["q"], s["r"]), (0, 0)) <= radius for s in view["board"]["spaces"])
            most[players] = max(most.get(players, 0), laid.total())
        # The radius allows 3 hexes outwards per tile laid (a straight chain of tiles gets there).
        layout = cat.layouts[players]
        hexes = [*(h for c in layout.centres for h in footprint(c)), *layout.shrines]
        assert max(distance(h, (0, 0)) for h in hexes) + 3 * most[players] <= radius
    # The bound is reached, not just respected: 4 tiles by each of two players.
    assert most[2] == attika_expansions(game, 2) == 2 * per_player == 8
