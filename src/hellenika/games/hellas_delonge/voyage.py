"""The Voyage (spec §5): draw a tile, lay it with a ship majority next to it, pay a ship, settle a Greek.

Steps: (Sea Chart may replace the draw) -> the tile is drawn and shown -> the voyager picks a site (P1-P4 and
V1-V2; Favourable Winds may be played first) and, if the tile fits there in several ways, a rotation; or he
gives up -> the opponent's Storm window -> on success the tile is fixed, a Greek settles the city (from the
supply, else from a city with two or more), a ship next to the site is paid (Free Passage may be played at
that moment), and a restricted regroup into the new city follows. A failed voyage puts the tile under the
stack, costs nothing and ends the turn, apart from Migration.

Favourable Winds is offered only once the tile is seen, and Free Passage only at the payment: that is when
each one matters, and playing them earlier could only waste them (docs/rules/hellas_delonge.md).
"""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.fields import HellasFields
from hellenika.games.hellas_delonge.hexmap import Site, iter_bits, qr
from hellenika.games.hellas_delonge.turn import END_AFTER_FAILURE, END_AFTER_SUCCESS


class VoyageMixin(HellasFields):
    __slots__ = ()

    def _can_voyage(self, p: int) -> bool:
        """Voyage may be chosen only if it can complete (spec §4-2): a tile, a ship on the map, a Greek."""
        if not (self.pool or self.top or self.bottom):  # the stack is empty
            return False
        ships = self.ships
        cities = iter_bits(self.owned[p])
        for c in cities:
            if ships[c]:
                break
        else:
            return False
        if self.gsup[p]:
            return True
        greeks = self.greeks
        return any(greeks[c] >= 2 for c in cities)

    def _do_voyage(self, action: a.ChooseVoyage) -> None:
        if self._events is not None:
            self._emit(f"{who(self.active)} set out on a Voyage", self.active)
        self._start_voyage()

    def _start_voyage(self) -> None:
        self.v_winds = False
        self.v_free = False
        self.v_tile = -1
        self.v_site = -1
        self.voy_ok = False
        self.drawn = ()
        # Asked only if he may hold a Sea Chart (HellasState._asked); otherwise the tile is drawn at once.
        self.phase = ph.V_PREP
        self.cp = self.active

    def _prep_actions(self) -> list[Action]:
        g = self.g
        if self._playable(self.active)[g.p_chart]:
            return [g.play[g.p_chart], g.explore]
        return [g.explore]

    def _do_explore(self, action: a.Explore) -> None:
        self._draw_voyage_tiles(1)

    def _draw_voyage_tiles(self, n: int) -> None:
        self.v_need = min(n, self.stack_size())
        self.phase = ph.C_TILE
        self.cp = CHANCE

    def _voyage_tile_drawn(self, t: int) -> None:
        self._take_tile(t)
        self.drawn = (*self.drawn, t)
        if self._events is not None:
            self._emit(f"{who(self.active)} drew tile {self.cat.tiles[t].describe()}", self.active)
        if len(self.drawn) < self.v_need:
            return
        if len(self.drawn) == 2:
            self.phase = ph.V_CHOOSE
            self.cp = self.active
            return
        self.v_tile = t
        self._enter_site()

    def _choose_tile_actions(self) -> list[Action]:
        tiles = self.cat.tiles
        a, b = self.drawn
        use = self.g.use_tile
        if tiles[a].shape == tiles[b].shape:
            return [use[a]]
        return [use[a], use[b]]

    def _do_use_tile(self, action: a.UseTile) -> None:
        t = self.cat.tile_by_id[action.tile]
        other = self.drawn[1] if self.drawn[0] == t else self.drawn[0]
        self._put_under(other)
        self.drawn = (t,)
        self.v_tile = t
        if self._events is not None:
            tiles = self.cat.tiles
            self._emit(
                f"{who(self.active)} kept {tiles[t].id}; {tiles[other].id} went under the stack", self.active
            )
        self._enter_site()

    # ------------------------------------------------------------------ choosing the site (spec §5.1)

    def _enter_site(self) -> None:
        self.phase = ph.V_SITE
        self.cp = self.active

    def _ship_counts(self, p: int, slots: int) -> tuple[int, int]:
        """Ships of ``p`` and of the opponent at cities on the tiles in ``slots`` (V1-V2)."""
        at = self.ships.__getitem__
        mine = sum(map(at, iter_bits(slots & self.owned[p])))
        theirs = sum(map(at, iter_bits(slots & self.owned[1 - p])))
        return mine, theirs

    def _voyage_sites(self, winds: bool) -> tuple[list[Site], int]:
        """Sites where the drawn tile may be laid on this voyage: P1-P4, V1 and V2 (>= with Winds); and how
        many more sites Favourable Winds would open (a tie of ships, V2), when played."""
        p = self.active
        out = []
        ties = 0
        ships_at = self.ships.__getitem__
        own, other = self.owned[p], self.owned[1 - p]
        for site, _ in self.board.placements(self.cat.tiles[self.v_tile]):
            slots = site.slots
            mine = sum(map(ships_at, iter_bits(slots & own)))  # _ship_counts, inline
            if mine >= 1:
                theirs = sum(map(ships_at, iter_bits(slots & other)))
                if mine > theirs or (winds and mine == theirs):
                    out.append(site)
                elif mine == theirs:
                    ties += 1
        return out, ties

    def _voyage_site_actions(self) -> list[Action]:
        g = self.g
        at = g.place_at
        sites, ties = self._voyage_sites(self.v_winds)
        out: list[Action] = []
        for site in sites:
            out.append(at[site.cell])
        p = self.active
        if ties and self._playable(p)[g.p_winds]:  # ties: Winds is not played yet
            out.append(g.play[g.p_winds])
        out.append(g.give_up)
        return out

    def _do_give_up(self, action: a.GiveUp) -> None:
        if self._events is not None:
            tile = self.cat.tiles[self.v_tile]
            self._emit(f"{who(self.active)} gave up: {tile.id} went under the stack", self.active)
        self._fail_voyage()

    def _declare_placement(self, c: int, k: int) -> None:
        self.v_site = c
        self.v_rot = k
        p = self.active
        if self._events is not None:
            q, r = qr(c)
            self._emit(f"{who(p)} declared {self.cat.tiles[self.v_tile].id} at ({q},{r}), rotation {k}", p)
        o = 1 - p
        if self._may_react(o, self.g.storm_types):
            self.phase = ph.STORM
            self.cp = o
        else:
            self._voyage_succeeds()

    def _storm_actions(self) -> list[Action]:
        g = self.g
        o = self.cp
        out: list[Action] = []
        if self._playable(o)[g.p_storm]:
            out.append(g.play[g.p_storm])
        out.append(g.pass_)
        return out

    # ------------------------------------------------------------------ outcome (spec §5.2 steps 4-5)

    def _fail_voyage(self) -> None:
        if self.v_tile >= 0:
            self._put_under(self.v_tile)
        self.drawn = ()
        self.v_tile = -1
        self._enter_end(END_AFTER_FAILURE)

    def _voyage_succeeds(self) -> None:
        p = self.active
        c = self.v_site
        site = self.board.site_at[c]
        self.v_adj = site.slots  # the ship is paid from a city on one of these tiles
        slot = self._lay_tile(self.v_tile, c, self.v_rot)
        self.target = slot
        self.drawn = ()
        self.v_tile = -1
        if self._events is not None:
            self._emit(f"The voyage succeeded: {who(p)} founded city {slot}", p)
        if self.gsup[p]:
            self.gsup[p] -= 1
            self._settle(slot)
            return
        self.phase = ph.V_SETTLE
        self.cp = p

    def _settle_actions(self) -> list[Action]:
        greeks = self.greeks
        settle = self.g.settle
        return [settle[c] for c in iter_bits(self.owned[self.active]) if greeks[c] >= 2]

    def _do_settle(self, action: a.SettleFrom) -> None:
        c = action.city
        self.greeks[c] -= 1
        tired = self.tired
        if tired[c]:
            moved = list(tired)
            moved[c] -= 1
            self.tired = tuple(moved)
        if self._events is not None:
            self._emit(f"{who(self.active)} took the settler from city {c}", self.active)
        self._settle(self.target)

    def _settle(self, slot: int) -> None:
        p = self.active
        self.greeks[slot] = 1
        self.owned[p] |= 1 << slot
        self._ownership_changed()
        self._pay_step()

    def _pay_step(self) -> None:
        """Pay one ship from a city next to the new tile, unless Free Passage waived it."""
        if self.v_free:
            self._after_voyage()
            return
        self.phase = ph.V_PAY
        self.cp = self.active

    def _pay_actions(self) -> list[Action]:
        g = self.g
        p = self.active
        ships = self.ships
        pay = g.pay
        out: list[Action] = []
        for c in iter_bits(self.v_adj & self.owned[p]):
            if ships[c]:
                out.append(pay[c])
        if self._playable(p)[g.p_free]:
            out.append(g.play[g.p_free])
        return out

    def _do_pay(self, action: a.PayShip) -> None:
        p = self.active
        self.ships[action.city] -= 1
        self.ssup[p] += 1
        if self._events is not None:
            self._emit(f"{who(p)} paid a ship from city {action.city}", p)
        self._after_voyage()

    def _after_voyage(self) -> None:
        self.voy_ok = True
        self.end_mode = END_AFTER_SUCCESS
        self._start_regroup(self.target, ph.END)
