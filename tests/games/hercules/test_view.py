"""The view's card dicts (printed data, used or face down) are built once and shared by every view; which
card lies where, and whether it is used, is read from the state."""

from __future__ import annotations

from typing import Any

import pytest

from hellenika.games.hercules import view as view_module
from hellenika.games.hercules.cards import DEMIGOD, GOD, load_catalogue
from hellenika.games.hercules.state import HerculesState
from tests.games.views import assert_unchanged, views_along

CAT = load_catalogue()  # the game's, loaded once


def owned_card(state: HerculesState, p: int, c: int) -> dict[str, Any]:
    """A participant's card as the view shows it, built afresh: Demigods and Gods say whether they are used;
    a God lies face down when used, or always in the simplified variant (Zeus, without an ability, never)."""
    card = CAT.cards[c]
    spent = bool(state.spent[p] >> c & 1)
    if card.kind == DEMIGOD:
        return view_module.card_json(card, used=spent)
    if card.kind == GOD:
        return view_module.card_json(
            card, used=spent, face_down=spent or (state.simplified and card.is_active)
        )
    return view_module.card_json(card)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {}), (3, {"variant": "simplified"}), (1, {"variant": "simplified"})]
)
def test_views_share_the_card_dicts_and_show_the_state(players: int, options: dict[str, object]) -> None:
    """Along a random game: every card dict is one of the shared ones, equal to a fresh build for where the
    card lies and how; scores are the state's; no view changes another."""
    fixed = view_module.printed(CAT)
    assert fixed == view_module.Printed.of(CAT)
    shared = {id(d) for d in (*fixed.plain, *fixed.face_down, *(d for ds in fixed.owned for d in ds))}
    views = views_along("hercules", players, seed=players, options=options)
    for state, _seat, view, _text in views:
        assert isinstance(state, HerculesState)
        shown = [
            *(g for g in view["gods"] if g),
            *view["column12"],
            *(d["top"] for d in view["demigod_stacks"] if d["top"]),
            *(c for v in view["vase_stacks"] for c in v["cards"]),
            *(c for part in view["participants"] for c in part["cards"]),
        ]
        assert all(id(d) in shared for d in shown)
        assert view["gods"] == [
            None if c < 0 else view_module.card_json(CAT.cards[c], face_down=state.simplified)
            for c in state.gods[1:12]
        ]
        assert view["column12"] == [view_module.card_json(CAT.cards[c]) for c in state.col12]
        scores = state.scores()
        for p, part in enumerate(view["participants"]):
            assert part["cards"] == [owned_card(state, p, c) for c in state.owned[p]]
            assert part["score"] == scores[p]
    assert_unchanged(views)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (1, {}), (3, {"variant": "simplified"})])
def test_views_hide_nothing_but_the_unrevealed_demigods(players: int, options: dict[str, object]) -> None:
    """Spec §9 q20: everything on the table is public, dice included; the only unknown, the cards under each
    Demigod stack's top, is in no view (only the count is). Every seat sees the same (only ``seat`` and
    ``your_turn`` differ), and determinize has nothing to resample."""
    from hellenika.engine import Rng

    views = views_along("hercules", players, seed=10 + players, options=options)
    for state, seat, view, text in views:
        assert isinstance(state, HerculesState)
        under_tops = {CAT.cards[c].id for rest in state.rests for c in rest}
        for card_id in under_tops:
            assert f'"{card_id}"' not in text, f"{card_id} lies under a top card but is in the view"
        for deck, shown in zip(CAT.decks, view["demigod_stacks"], strict=True):
            assert shown["count"] == len(state.rests[deck.index]) + (state.tops[deck.index] >= 0)
        assert [p["dice"] for p in view["participants"]] == [list(d) for d in state.dice]
        spectator = state.view(None)
        assert {**view, "seat": None, "your_turn": False} == spectator
        assert view["your_turn"] == (seat is not None and state.current_player() == seat)
        if not state.is_chance_node():
            twin = state.determinize(seat, Rng(1))
            assert twin.to_json() == state.to_json()
