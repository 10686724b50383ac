"""Setup (spec §3): the deal of one card of each god to each player, then the initial map.

The initial map is built by chance and choice: the placer draws the top tile; a temple tile, or a tile with no
legal place (P1-P4), is set aside and he draws again; otherwise he lays it where and how he likes and puts one
Greek and one ship on its city. Light places first, then the players alternate until each has placed four.
The set-aside tiles then go back into the face-down stack (which, with no order stored, is a reshuffle).
If the stack ran dry during setup, the set-aside tiles without a temple come back (spec §3 step 8); if none of
them could be placed either, setup ends early (unreachable with the tile set, but it keeps the game finite).
"""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import A_GOD_CARD, GODS, rotate
from hellenika.games.hellas_delonge.hexmap import cell as cell_of
from hellenika.games.hellas_delonge.hexmap import iter_bits, qr
from hellenika.games.hellas_delonge.stack import StackMixin

SETUP_PLACEMENTS = 8  # 4 per player (spec §3 step 5)


class SetupMixin(StackMixin):
    __slots__ = ()

    # ------------------------------------------------------------------ the deal

    def _draw_god_now(self) -> int:
        """The god whose deck the pending card draw comes from."""
        return self.deal_step % 3 if self.phase == ph.C_DEAL else self.draw_god

    def _do_card_drawn(self, action: a.CardDrawn) -> None:
        t = self.cat.card_by_id[action.card]
        if self.phase == ph.C_DEAL:
            p = self.deal_step // 3
            self._take_from_pile(t)
            self._gain_card(p, t, playable=True)
            if self._events is not None:
                dealt = f"{who(p)} was dealt {A_GOD_CARD[GODS[self.cat.cards[t].god]]}"
                self._emit_secret(dealt, f"it is {self.cat.cards[t].name}", p)
            self.deal_step += 1
            if self.deal_step == 6:
                self.phase = ph.C_SETUP_TILE
        else:
            self._burst_card_drawn(t)

    # ------------------------------------------------------------------ the initial map

    def _do_tile_drawn(self, action: a.TileDrawn) -> None:
        t = self.cat.tile_by_id[action.tile]
        if self.phase == ph.C_TILE:
            self._voyage_tile_drawn(t)
            return
        self._take_tile(t)
        tile = self.cat.tiles[t]
        log = self._events is not None
        if tile.temple or not self.board.placements(tile):
            self.aside |= 1 << t
            if log:
                why = "it has a temple" if tile.temple else "it fits nowhere"
                self._emit(f"Tile {tile.describe()} was set aside: {why}")
            self._next_setup_draw()
            return
        self.drawn = (t,)
        self.active = self.setup_count % 2
        if log:
            self._emit(f"{who(self.active)} drew tile {tile.describe()}", self.active)
        self.phase = ph.SETUP_SITE
        self.cp = self.active

    def _refill_setup_stack(self) -> bool:
        """Spec §3 step 8: put the set-aside tiles without a temple back, if any of them can be placed."""
        tiles = self.cat.tiles
        back = [t for t in iter_bits(self.aside) if not tiles[t].temple]
        if not any(self.board.placements(tiles[t]) for t in back):
            return False
        for t in back:
            self.aside &= ~(1 << t)
            self.pool |= 1 << t
        if self._events is not None:
            self._emit("The stack ran out: the set-aside tiles without a temple were shuffled back")
        return True

    def _setup_lay(self, c: int, k: int) -> None:
        p = self.active
        t = self.drawn[0]
        slot = self._lay_tile(t, c, k)
        self.greeks[slot] = 1
        self.ships[slot] = 1
        self.gsup[p] -= 1
        self.ssup[p] -= 1
        self.owned[p] |= 1 << slot
        self.drawn = ()
        if self._events is not None:
            q, r = qr(c)
            self._emit(
                f"{who(p)} laid {self.cat.tiles[t].id} at ({q},{r}) as city {slot}, with a Greek and a ship",
                p,
            )
        self.setup_count += 1
        if self.setup_count >= SETUP_PLACEMENTS:
            self._end_setup()
        else:
            self._next_setup_draw()

    def _next_setup_draw(self) -> None:
        if not self.pool and not self._refill_setup_stack():
            self._end_setup()
            return
        self.phase = ph.C_SETUP_TILE
        self.cp = CHANCE

    def _end_setup(self) -> None:
        """Spec §3 step 6: the set-aside tiles are shuffled back into the stack; Light begins."""
        self.pool |= self.aside
        self.aside = 0
        self.drawn = ()
        if self._events is not None:
            self._emit("The set-aside tiles were shuffled back into the stack; the game begins")
        self._start_turn()

    def _lay_tile(self, t: int, c: int, k: int) -> int:
        """Fix tile ``t`` at cell ``c`` with rotation ``k``; returns its slot (the city's number)."""
        tile = self.cat.tiles[t]
        land, _ = rotate(tile.edges, tile.regions, k)
        slot = self.board.size
        self.board = self.board.place(tile, c, k, land)
        return slot

    # ------------------------------------------------------------------ choosing a site and a rotation

    def _site_actions(self) -> list[Action]:
        """The sites where the drawn tile may go (setup: P1-P4; voyage: also V1-V2)."""
        at = self.g.place_at
        if self.phase == ph.SETUP_SITE:
            return [at[site.cell] for site, _ in self.board.placements(self.cat.tiles[self.drawn[0]])]
        return self._voyage_site_actions()

    def _rotation_actions(self) -> list[Action]:
        rot = self.g.rotate
        return [rot[k] for k in self._rotations_at(self.v_site)]

    def _rotations_at(self, c: int) -> tuple[int, ...]:
        tile = self.cat.tiles[self.drawn[0] if self.phase in (ph.SETUP_SITE, ph.SETUP_TURN) else self.v_tile]
        for site, ks in self.board.placements(tile):
            if site.cell == c:
                return ks
        return ()

    def _do_place_at(self, action: a.PlaceAt) -> None:
        c = cell_of(action.q, action.r)
        ks = self._rotations_at(c)
        setup = self.phase == ph.SETUP_SITE
        if len(ks) == 1:
            if setup:
                self._setup_lay(c, ks[0])
            else:
                self._declare_placement(c, ks[0])
            return
        self.v_site = c
        self.phase = ph.SETUP_TURN if setup else ph.V_TURN

    def _do_rotate(self, action: a.Rotate) -> None:
        if self.phase == ph.SETUP_TURN:
            self._setup_lay(self.v_site, action.k)
        else:
            self._declare_placement(self.v_site, action.k)
