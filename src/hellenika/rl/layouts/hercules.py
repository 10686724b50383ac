"""Hercules (Lima): a seat's view as a laid-out vector (see :mod:`hellenika.rl.layout`).

Everything on the Hercules table is public (dice included), and the view is the same for every seat but for
``seat``; so the vectors of two seats differ only in their rotation. Rows per participant start with the
observing seat; in solo the second row is Hades (flagged in ``roles``), so solo has two rows.

Cards are indexed in the catalogue's order (``data/cards.toml``): the Demigods (deck by deck), the Gods
(Zeus first), the Vases, the Pantheon cards; the Hades card is left out (it is the ``automaton`` flag).
Only cards with an active ability can be *used* (a cube on a Demigod, a God face down), so ``cards_used``
runs over those alone. Demigod stacks show only their top card, but which cards lie under it is known by
elimination (cards in play, minus the tops, minus every card owned), so ``demigods_below`` gives that set.
Symbol counts are summed from the owned cards (they decide majorities and sets, spec §5).

Left out inside the view as static or identifying: participants' ``index``/``name``/``seat``, a card's
``name``/``vp``/``ability``/``symbols``/``number`` (catalogue data, fixed by its id), a stack's ``deck`` name
and ``solo_number``, a vase stack's ``spaces``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hercules.board import LAST_COLUMN
from hellenika.games.hercules.cards import DEMIGOD, GOD, HADES, PANTHEON, SYMBOLS, VASE, load_catalogue
from hellenika.games.hercules.phases import NAMES
from hellenika.rl.layout import Block, Layout, PartMemo, flat_vector, mark_to_move, seat_order, to_move_block

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

NOT_ENCODED: dict[str, str] = {
    "game": "identifier",
    "seat": "the observer, used only to rotate the rows: row 0 is the observing seat",
    "your_turn": "redundant with `to_move`: the observing seat's row",
    "game_over": "redundant with `to_move` and `phase`, whose last entries say game over",
}

MAY_STAY_ZERO: dict[str, str] = {}

#: Phase names as the view gives them (the two rolling phases share one name).
PHASES = tuple(dict.fromkeys(NAMES))
#: Die faces: dice never go above 6 or below 1 (rules, Abilities).
FACES = 6
#: How a participant relates to the turn (columns of ``roles``).
ROLES = ("active", "pegasus", "white_holder", "automaton")
#: The score breakdown's parts, in the view's order (``score`` puts the total first).
SCORE_PARTS = ("cards", "majorities", "sets", "cubes")


class HerculesEncoder:
    """The layout of one player count, with the tables that map view ids to positions."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        del options  # the variant changes no shape; the view says which variant is played
        cat = load_catalogue()
        self.rows = n = max(players, 2)  # solo: the hero and Hades
        cards = [c for c in cat.cards if c.kind != HADES]
        demigods = [c for c in cards if c.kind == DEMIGOD]
        active = [c for c in cards if c.kind in (DEMIGOD, GOD) and c.is_active]
        self.phase = {name: i for i, name in enumerate(PHASES)}
        self.deck = {d.id: d.index for d in cat.decks}
        self.god = {cat.cards[c].id: i for i, c in enumerate(cat.gods)}
        self.demigod = {c.id: i for i, c in enumerate(demigods)}
        self.vase = {cat.cards[c].id: i for i, c in enumerate(cat.vases)}
        used = {c.id: i for i, c in enumerate(active)}
        # An owned card's positions: in cards_owned, demigods_below and cards_used (-1: none there).
        self.card = {c.id: (i, self.demigod.get(c.id, -1), used.get(c.id, -1)) for i, c in enumerate(cards)}
        self.zeus = cat.cards[cat.zeus].id
        # The same positions by catalogue index, for :meth:`fill_state` (-1: not in that block).
        ids = [c.id for c in cat.cards]
        self.zeus_index = cat.zeus
        self.god_at = [self.god.get(i, -1) for i in ids]
        self.vase_at = [self.vase.get(i, -1) for i in ids]
        self.demigod_at = [self.demigod.get(i, -1) for i in ids]
        self.card_at = [self.card.get(i) for i in ids]  # None for the Hades card
        self.phase_at = [self.phase[name] for name in NAMES]
        self.resting = [name == "resting" for name in NAMES]
        assert all(d.index == i for i, d in enumerate(cat.decks)), "decks are indexed in catalogue order"
        # Demigods in play at this player count (torches; solo plays with the 2-player set).
        self.in_play = np.array([c.in_play(players) for c in demigods], dtype=np.float32)
        # cards_owned @ symbol_table = symbol counts per participant.
        self.symbol_table = np.array([c.symbols for c in cards], dtype=np.float32)
        columns = LAST_COLUMN
        kinds = {k: sum(1 for c in cards if c.kind == k) for k in (DEMIGOD, GOD, VASE, PANTHEON)}
        card_order = ", ".join(f"{count} {kind}s" for kind, count in kinds.items())
        signs = " ".join(SYMBOLS).lower()
        self.layout = Layout(
            [
                Block("phase", (len(PHASES),), f"phase of play, one-hot over: {'; '.join(PHASES)}"),
                to_move_block(n, "rolls, reveals, Hades' turns"),
                Block("round", (1,), "round number (0 during setup)"),
                Block(
                    "rules", (2,), "1 if the simplified variant (Gods without abilities); 1 if solo vs Hades"
                ),
                Block(
                    "turn_flags",
                    (2,),
                    "1 if the player on turn used a card this turn (so no Rest); 1 if this is the last round",
                ),
                Block("white_die", (FACES,), "face of the white die, one-hot 1..6"),
                Block(
                    "pending",
                    (2,),
                    "solo: 1 if the hero used the white die this round (Hades then moves without rolling "
                    "it); spaces the Apprentice moved in the Labour whose Demigod is being chosen (else 0)",
                ),
                Block(
                    "gods_on_board",
                    (columns - 1, len(self.god)),
                    "God card above each column 1..11, one-hot over the eleven Gods (catalogue order); "
                    "all zero once taken",
                ),
                Block("column12", (2,), "1 while Zeus lies on column 12; Pantheon cards left under it"),
                Block(
                    "demigod_tops",
                    (len(demigods),),
                    "1 for the top card of each Demigod stack, over the Demigods (catalogue order)",
                ),
                Block("demigod_counts", (len(cat.decks),), "cards left in each Demigod stack, top included"),
                Block(
                    "demigods_below",
                    (len(demigods),),
                    "1 for each Demigod still under the top of its stack (known by elimination: in play, "
                    "not on top, not owned)",
                ),
                Block(
                    "vases", (len(self.vase),), "1 for each Vase card still in its stack (catalogue order)"
                ),
                Block(
                    "choosing_demigod",
                    (len(cat.decks),),
                    "1 for each Demigod stack the player may take from now (after a Labour with a choice)",
                ),
                Block(
                    "rest",
                    (2,),
                    "during a Rest: cubes taken back so far; 1 if a God was turned face up (zeros otherwise)",
                ),
                Block(
                    "roles",
                    (n, len(ROLES)),
                    "per participant (seat-relative): 1 if on turn (Hades included), holds Pegasus, holds "
                    "the white die this turn, is the Hades automaton",
                ),
                Block(
                    "dice",
                    (n, 2, FACES),
                    "per participant: face of each coloured die, one-hot 1..6 (Hades has one die)",
                ),
                Block(
                    "apprentice",
                    (n, columns + 1),
                    "per participant: Apprentice column, one-hot 0 (start)..12",
                ),
                Block("cubes_on_board", (n, columns), "per participant: 1 while the cube is on column 1..12"),
                Block("supply", (n,), "per participant: cubes in supply"),
                Block(
                    "cards_owned",
                    (n, len(cards)),
                    f"per participant: 1 per card owned, over the cards in catalogue order ({card_order})",
                ),
                Block(
                    "cards_used",
                    (n, len(active)),
                    "per participant: 1 per card with an active ability that is used (a cube on the "
                    "Demigod, the God face down), over those cards in catalogue order",
                ),
                Block("symbols", (n, len(SYMBOLS)), f"per participant: symbols on owned cards ({signs})"),
                Block(
                    "score",
                    (n, 1 + len(SCORE_PARTS)),
                    "per participant: live score, then its parts: card VP, majority VP, set VP, cubes",
                ),
                Block("place", (n, n), "per participant: final place one-hot (1st..), zero until game over"),
            ]
        )
        # Parts of the state-read encoding that change seldom, remembered by their inputs (fill_state).
        table = ("gods_on_board", "column12", "demigod_tops", "demigod_counts", "demigods_below", "vases")
        self.table_memo = PartMemo(self.layout, table)

    def fill(self, view: Mapping[str, Any], blocks: dict[str, np.ndarray]) -> None:
        n = self.rows
        order = seat_order(view, n)
        first = order[0]
        blocks["phase"][self.phase[view["phase"]]] = 1.0
        mark_to_move(blocks["to_move"], view["to_move"], lambda p: (p - first) % n)
        blocks["round"][0] = view["round"]
        rules = blocks["rules"]
        rules[0] = view["variant"] == "simplified"
        rules[1] = view["solo"]
        flags = blocks["turn_flags"]
        flags[0] = view["used_card_this_turn"]
        flags[1] = view["last_round"]
        white = view["white_die"]
        blocks["white_die"][white["value"] - 1] = 1.0
        pending = blocks["pending"]
        pending[0] = white["hero_used_this_round"]
        pending[1] = view["apprentice_advance"]

        gods = blocks["gods_on_board"]
        god = self.god
        for column, card in enumerate(view["gods"]):
            if card is not None:
                gods[column, god[card["id"]]] = 1.0
        col12 = view["column12"]
        if col12:
            zeus = col12[0]["id"] == self.zeus
            blocks["column12"][0] = zeus
            blocks["column12"][1] = len(col12) - zeus

        demigod = self.demigod
        deck = self.deck
        tops = blocks["demigod_tops"]
        counts = blocks["demigod_counts"]
        below = blocks["demigods_below"]
        below[:] = self.in_play
        for stack in view["demigod_stacks"]:
            top = stack["top"]
            if top is not None:
                i = demigod[top["id"]]
                tops[i] = 1.0
                below[i] = 0.0
            counts[deck[stack["deck"]]] = stack["count"]
        vases = blocks["vases"]
        vase = self.vase
        for vstack in view["vase_stacks"]:
            for card in vstack["cards"]:
                vases[vase[card["id"]]] = 1.0
        choosing = blocks["choosing_demigod"]
        for deck_id in view["choosing_demigod"]:
            choosing[deck[deck_id]] = 1.0
        rest = view["rest"]
        if rest is not None:
            blocks["rest"][0] = rest["cubes_taken"]
            blocks["rest"][1] = rest["god_refreshed"]

        roles = blocks["roles"]
        for col, p in enumerate((view["active"], view["pegasus"], white["holder"])):
            if p is not None:
                roles[(p - first) % n, col] = 1.0
        dice = blocks["dice"]
        apprentice = blocks["apprentice"]
        on_board = blocks["cubes_on_board"]
        supply = blocks["supply"]
        owned = blocks["cards_owned"]
        used = blocks["cards_used"]
        score = blocks["score"]
        positions = self.card
        places = view["places"]
        for participant in view["participants"]:
            p = participant["index"]
            r = (p - first) % n
            if participant["automaton"]:
                roles[r, 3] = 1.0
            for slot, face in enumerate(participant["dice"]):
                dice[r, slot, face - 1] = 1.0
            apprentice[r, participant["apprentice"]] = 1.0
            row = on_board[r]
            for column in participant["cubes_on_board"]:
                row[column - 1] = 1.0
            supply[r] = participant["supply"]
            cards = ((positions.get(card["id"]), card.get("used", False)) for card in participant["cards"])
            _mark_cards(cards, owned[r], used[r], below)
            _write_score(score[r], participant["score"], participant["breakdown"])
            if places is not None:
                blocks["place"][r, places[p] - 1] = 1.0
        np.matmul(owned, self.symbol_table, out=blocks["symbols"])

    def fill_state(self, s: HerculesState, seat: int | None, blocks: dict[str, np.ndarray]) -> None:
        """What :meth:`fill` writes from ``s.view(seat)``, read straight from the state into the zeroed
        ``blocks`` (about 1.7x faster than building the view and filling from it). Hercules keeps no
        secrets, so nothing here can be hidden from ``seat``; a test checks that both ways give the same
        vector in every configuration, and the view stays the definition."""
        n = self.rows
        first = seat if seat is not None and 0 <= seat < n else 0
        cp = s.current_player()
        blocks["phase"][self.phase_at[s.phase]] = 1.0
        to_move = blocks["to_move"]
        if cp == CHANCE:
            to_move[n] = 1.0
        elif cp == TERMINAL:
            to_move[n + 1] = 1.0
        elif cp >= 0:
            to_move[(cp - first) % n] = 1.0
        blocks["round"][0] = s.round
        rules = blocks["rules"]
        rules[0] = s.simplified
        rules[1] = s.solo
        flags = blocks["turn_flags"]
        flags[0] = s.used_card
        flags[1] = s.end_triggered
        blocks["white_die"][s.white - 1] = 1.0
        pending = blocks["pending"]
        pending[0] = s.white_used_round
        pending[1] = s.pending_advance if s.eligible else 0

        vector = flat_vector(blocks, self.layout.size)
        owned_all = tuple(s.owned)
        table = (tuple(s.gods), s.col12, tuple(s.tops), tuple(s.rests), tuple(s.vases), owned_all)
        self.table_memo.write(vector, self._fill_table, table)
        choosing = blocks["choosing_demigod"]
        for d in s.eligible:
            choosing[d] = 1.0
        if self.resting[s.phase]:
            blocks["rest"][0] = s.rest_cubes
            blocks["rest"][1] = s.rest_god

        roles = blocks["roles"]
        holder = s.white_holder if s.white_holder >= 0 else None
        for col, p in enumerate((s.actor, s.pegasus, holder)):
            if p is not None:
                roles[(p - first) % n, col] = 1.0
        dice = blocks["dice"]
        apprentice = blocks["apprentice"]
        supply = blocks["supply"]
        score = blocks["score"]
        places = s.ranking() if cp == TERMINAL else None
        breakdown = s.score_breakdown()
        for p in range(s.n):
            r = (p - first) % n
            if p >= s.num_players:
                roles[r, 3] = 1.0
            for slot, face in enumerate(s.dice[p]):
                dice[r, slot, face - 1] = 1.0
            apprentice[r, s.pos[p]] = 1.0
            supply[r] = s.supply[p]
            self._fill_cards(blocks, r, owned_all[p], s.spent[p])
            self._fill_cubes(blocks, r, s.cubes[p])
            _write_score(score[r], sum(breakdown[p].values()), breakdown[p])
            if places is not None:
                blocks["place"][r, places[p] - 1] = 1.0
        np.matmul(blocks["cards_owned"], self.symbol_table, out=blocks["symbols"])

    def _fill_table(
        self,
        blocks: dict[str, np.ndarray],
        gods: tuple[int, ...],
        col12: tuple[int, ...],
        tops: tuple[int, ...],
        rests: tuple[tuple[int, ...], ...],
        vases: tuple[tuple[int, ...], ...],
        owned: tuple[tuple[int, ...], ...],
    ) -> None:
        """The cards on the table: Gods above the columns, column 12, the Demigod stacks (and the Demigods
        known to lie under their tops: in play, not on top, owned by nobody), the Vases. A :class:`PartMemo`
        part, so it reads nothing but its arguments and the catalogue's tables."""
        god_plane = blocks["gods_on_board"]
        god_at = self.god_at
        for column, card in enumerate(gods[1:12]):
            if card >= 0:
                god_plane[column, god_at[card]] = 1.0
        if col12:
            zeus = col12[0] == self.zeus_index
            blocks["column12"][0] = zeus
            blocks["column12"][1] = len(col12) - zeus
        demigod_at = self.demigod_at
        tops_block, counts, below = blocks["demigod_tops"], blocks["demigod_counts"], blocks["demigods_below"]
        below[:] = self.in_play
        for d, top in enumerate(tops):
            if top >= 0:
                i = demigod_at[top]
                tops_block[i] = 1.0
                below[i] = 0.0
            counts[d] = len(rests[d]) + (top >= 0)
        card_at = self.card_at
        for cards in owned:
            for card in cards:
                where = card_at[card]
                if where is not None and where[1] >= 0:
                    below[where[1]] = 0.0
        vase_plane = blocks["vases"]
        vase_at = self.vase_at
        for stack in vases:
            for card in stack:
                vase_plane[vase_at[card]] = 1.0

    def _fill_cards(self, blocks: dict[str, np.ndarray], r: int, owned: tuple[int, ...], spent: int) -> None:
        """One participant's cards (owned, and used where a card can be) in row ``r`` (written directly: they
        change too often for a memo, whose misses cost more than this)."""
        owned_row, used_row = blocks["cards_owned"][r], blocks["cards_used"][r]
        card_at = self.card_at
        for card in owned:
            where = card_at[card]
            if where is None:  # the Hades card: Hades is flagged in roles
                continue
            i, _, k = where
            owned_row[i] = 1.0
            if k >= 0 and spent >> card & 1:
                used_row[k] = 1.0

    def _fill_cubes(self, blocks: dict[str, np.ndarray], r: int, cubes: int) -> None:
        """One participant's cubes on columns 1..12 (a bit mask), in row ``r``."""
        board_row = blocks["cubes_on_board"][r]
        for column in range(1, LAST_COLUMN + 1):
            if cubes >> column & 1:
                board_row[column - 1] = 1.0


def _mark_cards(
    cards: Iterable[tuple[tuple[int, int, int] | None, object]],
    owned_row: np.ndarray,
    used_row: np.ndarray,
    below: np.ndarray,
) -> None:
    """One participant's cards, each as (its positions in ``cards_owned``, ``demigods_below`` and
    ``cards_used``, or None for the Hades card; whether it is used)."""
    for where, is_used in cards:
        if where is None:  # the Hades card: Hades is flagged in roles
            continue
        i, j, k = where
        owned_row[i] = 1.0
        if j >= 0:
            below[j] = 0.0
        if k >= 0 and is_used:
            used_row[k] = 1.0


def _write_score(row: np.ndarray, total: float, parts: Mapping[str, float]) -> None:
    """A participant's ``score`` row: the live total, then its parts."""
    row[0] = total
    for i, name in enumerate(SCORE_PARTS, 1):
        row[i] = parts[name]


def make_encoder(players: int, options: dict[str, Any]) -> HerculesEncoder:
    return HerculesEncoder(players, options)
