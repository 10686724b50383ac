"""The view's printed parts (the board side's rows and temples, the costs, the track) are built once and
shared by every view; what varies is read from the state."""

from __future__ import annotations

from typing import Any

import pytest

from hellenika.games.hellas import view as view_module
from hellenika.games.hellas.components import load_components
from hellenika.games.hellas.state import HellasState
from tests.games.views import assert_unchanged, views_along

COMPS = load_components()  # the game's, loaded once


@pytest.mark.parametrize("players", [2, 4])
def test_views_share_the_printed_parts_and_show_the_pieces_of_the_state(players: int) -> None:
    """Along a random game: the printed parts are the same objects in every view and equal a fresh build;
    the pieces and each group's spaces are the state's; no view changes another."""
    fixed = view_module.printed(COMPS)
    assert fixed == view_module.Printed.of(COMPS)
    views = views_along("hellas", players, seed=players, every=1)
    for state, _seat, view, _text in views:
        assert isinstance(state, HellasState)
        b = state.b
        parts = view_module.board_parts(b)
        assert parts == view_module.BoardParts.of(b)
        assert view["board_title"] == b.title and view["board_rows"] is parts.rows
        assert view["costs"] is fixed.costs
        assert view["track"] == [
            {**printed, "marker": marker if marker >= 0 else None}
            for printed, marker in zip(fixed.track, state.track, strict=True)
        ]
        assert view["temples"] == [
            {**printed, "pillars": pillars}
            for printed, pillars in zip(parts.temples, state.pillars, strict=True)
        ]
        pieces: list[dict[str, Any]] = []
        for cell in b.cells:
            bit = 1 << cell.index
            if state.statues & bit:
                pieces.append({"space": cell.id, "piece": "statue", "owner": None})
                continue
            for p in range(players):
                masks = (state.houses[p], state.squares[p], state.palaces[p])
                for mask, piece in zip(masks, ("house", "square", "palace"), strict=True):
                    if mask & bit:
                        pieces.append({"space": cell.id, "piece": piece, "owner": p})
        assert view["pieces"] == pieces
        for p, entry in enumerate(view["players"]):
            for group, (members, reach) in zip(entry["groups"], sorted(state.groups[p]), strict=True):
                assert group["spaces"] == [cell.id for cell in b.cells if members >> cell.index & 1]
                assert group["statues"] == [
                    cell.id for cell in b.cells if (reach & state.statues) >> cell.index & 1
                ]
    assert_unchanged(views)
