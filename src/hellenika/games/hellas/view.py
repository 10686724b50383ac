"""What a seat sees of a Hellas game.

On Yucata everything on the table is public, marble included (seed: "Marble cubes are visible for other
players"). Every quarry tile drawn so far has been shown face up, so which tiles are still in the stack is
public too (players with a perfect memory know it); what nobody knows is their *order*, and the state holds
no order at all (the next tile is revealed by a chance node). Closed quarries are turned face down, so their
top value is not shown. The view is therefore the same for every seat; it still says whose view it is and
which choice is that seat's.

The board's geometry is public and fixed for the game, so the view carries it for drawing (the web board):
``board_title`` and ``board_rows``, the side's row strings exactly as in ``data/boards.toml`` (``.`` sea,
``c``/``i`` coast/interior building space, ``Q``/``q`` coast/interior quarry, a digit a temple with that many
pillar slots; a space's id is ``"row,col"``, pointy-top hexes in odd-r offset coordinates). ``costs`` gives
each piece's price as ``[coast, interior]`` (0: not allowed there), and each track space its ``cost``,
``pillars`` and ``gain`` (0 where they do not apply), so the board can print them.

The printed parts (the board side's rows, the costs, each track space's and temple's fixed facts) are built
once per board side and component set and shared by every view: treat a view as read-only (copy it before
changing it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from hellenika.engine.memo import BuiltOnce
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hellas.board import Board
from hellenika.games.hellas.cities import is_city, is_village
from hellenika.games.hellas.components import HOUSE, KINDS, PALACE, PIECES, SQUARE, STATUE, Components
from hellenika.games.hellas.phases import NAMES, OVER

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


class Printed(NamedTuple):
    """The components' JSON parts. :func:`printed` builds them once; views share them (never change them)."""

    comps: Components
    costs: dict[str, list[int]]  # by piece name: [coast, interior]
    track: tuple[dict[str, Any], ...]  # each track space without its marker

    @classmethod
    def of(cls, comps: Components) -> Printed:
        return cls(
            comps,
            {PIECES[k]: list(comps.costs[k]) for k in (HOUSE, SQUARE, PALACE, STATUE)},
            tuple(
                {
                    "id": space.id,
                    "title": space.title(),
                    "kind": KINDS[space.kind],
                    "shared": space.shared,
                    "cost": space.cost,
                    "pillars": space.pillars,
                    "gain": space.gain,
                }
                for space in comps.track
            ),
        )


#: The printed parts of a component set, built on its first view and shared by all later ones.
printed: BuiltOnce[Components, Printed] = BuiltOnce(Printed.of)


class BoardParts(NamedTuple):
    """A board side's JSON parts, built once by :func:`board_parts`; views share them (never change them)."""

    board: Board
    rows: list[str]
    ids: tuple[str, ...]  # by cell index
    temples: tuple[dict[str, Any], ...]  # each temple without its pillars

    @classmethod
    def of(cls, b: Board) -> BoardParts:
        return cls(
            b,
            list(b.rows),
            tuple(cell.id for cell in b.cells),
            tuple({"id": t.id, "space": b.cells[t.cell].id, "slots": t.slots} for t in b.temples),
        )


#: A board side's JSON parts, built on its first view and shared by all later ones.
board_parts: BuiltOnce[Board, BoardParts] = BuiltOnce(BoardParts.of)


def set_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ids(ids: tuple[str, ...], mask: int) -> list[str]:
    return [ids[c] for c in set_bits(mask)]


def quarry_state(s: HellasState, q: int) -> str:
    if s.closed >> q & 1:
        return "closed"
    return "active" if s.piles[q] else "empty"


def groups_json(s: HellasState, p: int) -> list[dict[str, Any]]:
    """The player's villages, cities and house-less groups, with what each touches (spec §5)."""
    out = []
    houses, palaces = s.houses[p], s.palaces[p]
    ids = board_parts(s.b).ids
    temples = s.b.temples
    statues = s.statues
    for members, reach in sorted(s.groups[p]):
        kind = (
            "city"
            if is_city(members, houses, palaces)
            else "village"
            if is_village(members, houses, palaces)
            else "none"
        )
        out.append(
            {
                "kind": kind,
                "spaces": _ids(ids, members),
                "size": members.bit_count(),
                "temples": [t.id for t in temples if reach >> t.cell & 1],
                "statues": _ids(ids, reach & statues),
            }
        )
    return out


def build_view(s: HellasState, seat: int | None) -> dict[str, Any]:
    cp = s.current_player()
    names = s.participant_names()
    scores = s.scores()
    breakdown = s.score_breakdown()
    b = s.b
    track = s.comps.track
    fixed = printed(s.comps)
    parts = board_parts(b)
    ids = parts.ids
    # By space, then owner, house before square before palace; a statue's space holds nothing else.
    statues = s.statues
    placed = [(c, -1, STATUE) for c in set_bits(statues)]
    for p in range(s.n):
        for mask, piece in ((s.houses[p], HOUSE), (s.squares[p], SQUARE), (s.palaces[p], PALACE)):
            placed.extend((c, p, piece) for c in set_bits(mask & ~statues))
    placed.sort()
    pieces = [
        {"space": ids[c], "piece": PIECES[piece], "owner": p if p >= 0 else None} for c, p, piece in placed
    ]
    current = None
    if s.space >= 0:
        space = track[s.space]
        first = s.pillars_from()
        current = {
            "space": space.id,
            "title": space.title(),
            "chosen_by": s.active,
            "deciding": cp if cp >= 0 else None,
            "built": [PIECES[k] for k in (HOUSE, SQUARE) if s.built >> k & 1],
            "pillars_due": s.pillars_due if space.is_temple else None,
            "pillars_from": None if first is None else b.temples[first].id,
            "tiles_placed": s.tiles_placed if KINDS[space.kind] == "mine" else None,
            "drawn_tile": s.pending_tile or None,
        }
    return {
        "game": "hellas",
        "seat": seat,
        "board": b.name,
        "board_title": b.title,
        "board_rows": parts.rows,
        "costs": fixed.costs,
        "round": s.round,
        "rounds": s.comps.rounds,
        "phase": NAMES[s.phase],
        "to_move": "chance" if cp == CHANCE else "over" if cp == TERMINAL else cp,
        "your_turn": seat is not None and cp == seat,
        "start_player": s.start,
        "next_start_player": s.next_start if s.next_start >= 0 else None,
        "active": s.active,
        "turn": s.turn,
        "turns_in_round": s.n * s.markers,
        "markers_each": s.markers,
        "markers_left": [s.markers_left(p) for p in range(s.n)],
        "current_action": current,
        "track": [
            {**printed_space, "marker": marker if marker >= 0 else None}
            for printed_space, marker in zip(fixed.track, s.track, strict=True)
        ],
        "pieces": pieces,
        "quarries": [
            {
                "id": b.cells[cell].id,
                "coast": b.quarry_is_coast[q],
                "state": quarry_state(s, q),
                "top": s.top(q) if s.is_active_quarry(q) else None,
                "yield": s.g.tile_yield[s.top(q)] if s.is_active_quarry(q) else None,
                "tiles": len(s.piles[q]),
                "worker": s.worker == q,
            }
            for q, cell in enumerate(b.quarries)
        ],
        "temples": [
            {**printed_temple, "pillars": pillars}
            for printed_temple, pillars in zip(parts.temples, s.pillars, strict=True)
        ],
        "tile_stack": {"count": len(s.stack), "tiles": sorted(s.stack)},
        "supply": {
            "statues": s.pieces_left(0, STATUE),
            "pillars": s.pillar_supply(),
            "rings": s.ring_supply,
        },
        "players": [
            {
                "seat": p,
                "name": names[p],
                "marble": s.marble[p],
                "rings": s.rings[p],
                "houses_left": s.pieces_left(p, HOUSE),
                "squares_left": s.pieces_left(p, SQUARE),
                "palaces_left": s.pieces_left(p, PALACE),
                "groups": groups_json(s, p),
                "score": scores[p],
                "breakdown": breakdown[p],
            }
            for p in range(s.n)
        ],
        "game_over": s.phase == OVER,
        "places": s.ranking() if s.phase == OVER else None,
    }
