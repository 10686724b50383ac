"""The Attack (spec §6): declaration, the combat card window, call-off, resolution, conquest.

Links (§6.1) come from the board: a land link is a shared land edge, a sea link a shared sea edge or two
tiles both next to the dolphin; a pair linked both ways counts as land. The declaration is a target, then one
``commit`` per linked own city with Greeks to spare (each keeps one; Greeks that attacked earlier this turn
may not attack again, Second Strike), in city order; Forced March adds one unlinked city at the start. The
attack is SEA if any Greek comes over a sea link, or if all come from the Forced March city.

The combat window (§6.2-2) alternates from the attacker: each plays a card or passes; two passes in a row
close it. A player's turn in the window is skipped only when he holds no Ares card he may play (a public
count), never because of which Ares cards they are. Then the attacker resolves or calls off. The strengths:
A = committed Greeks + Battle Fury, D = defenders + Stand Firm; LAND wins on A >= D, SEA on A >= D + 1;
Beachhead makes it LAND, Rocky Coast SEA, both together cancel. Modifiers move no piece (§6.2-7).
"""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import CITY_CAP
from hellenika.games.hellas_delonge.fields import HellasFields
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.turn import END_AFTER_FAILURE, END_AFTER_SUCCESS


def effective_sea(natural_sea: bool, beachhead: bool, rocky_coast: bool) -> bool:
    """The attack type after Beachhead (LAND) and Rocky Coast (SEA); both together cancel (card A5)."""
    if beachhead == rocky_coast:
        return natural_sea
    return rocky_coast


class AttackMixin(HellasFields):
    __slots__ = ()

    # ------------------------------------------------------------------ who can attack what

    def _spare(self, c: int) -> int:
        """Greeks city ``c`` may send: all but one, and none that attacked this turn (Second Strike)."""
        tired = self.tired[c]
        return self.greeks[c] - (tired if tired > 1 else 1)

    def _has_forced_march(self, p: int) -> bool:
        return self._playable(p)[self.g.a_forced] > 0

    def _unlinked_sources(self, p: int, target: int) -> list[int]:
        linked = self.board.links(target)
        return [c for c in iter_bits(self.owned[p] & ~linked) if self._spare(c) >= 1]

    def _senders(self, p: int) -> int:
        """Mask of ``p``'s cities with a Greek to spare."""
        greeks = self.greeks
        tired = self.tired
        mask = 0
        for c in iter_bits(self.owned[p]):
            n = greeks[c]
            if n >= 2 and n > tired[c]:  # _spare(c) >= 1
                mask |= 1 << c
        return mask

    def _attack_targets(self, p: int, forced: bool | None = None) -> list[int]:
        """Enemy cities for which a legal declaration exists (spec §4-2). ``forced``: whether ``p`` may play
        Forced March (:meth:`_has_forced_march`), if the caller knows."""
        senders = self._senders(p)
        if not senders:
            return []
        if forced is None:
            forced = self._has_forced_march(p)
        enemy = iter_bits(self.owned[1 - p])
        if forced:
            # Every city can be attacked: from the senders linked to it, else by Forced March from the rest.
            return list(enemy)
        linked = self.board.linked
        return [x for x in enemy if linked[x] & senders]

    def _second_attack_actions(self) -> list[Action]:
        attack = self.g.attack
        return [attack[x] for x in self._attack_targets(self.active)]

    # ------------------------------------------------------------------ declaration (spec §6.1)

    def _do_attack(self, action: a.ChooseAttack) -> None:
        p = self.active
        x = action.city
        self.atk_ok = False
        self.target = x
        greeks = self.greeks
        tired = self.tired
        # _spare(c) >= 1, written out as in _senders.
        sources = []
        for c in iter_bits(self.board.linked[x] & self.owned[p]):
            if greeks[c] >= 2 and greeks[c] > tired[c]:
                sources.append(c)
        self.sources = tuple(sources)
        self.commits = ()
        self.fm_city = -1
        self.fm_used = False
        self.fury = 0
        self.firm = 0
        self.beach = False
        self.rocky = False
        if self._events is not None:
            self._emit(f"{who(p)} attacked city {x} ({plural(self.greeks[x], 'Greek')} of {who(1 - p)})", p)
        self._enter_commit()

    def _forced_march_open(self) -> bool:
        if self.fm_used or self.commits:
            return False
        p = self.active
        if not self._has_forced_march(p):
            return False
        # bool(_unlinked_sources(p, target)), stopping at the first.
        greeks = self.greeks
        tired = self.tired
        for c in iter_bits(self.owned[p] & ~self.board.linked[self.target]):
            if greeks[c] >= 2 and greeks[c] > tired[c]:  # _spare(c) >= 1
                return True
        return False

    def _enter_commit(self) -> None:
        if len(self.commits) < len(self.sources) or self._forced_march_open():
            self.phase = ph.A_COMMIT
            self.cp = self.active
            return
        # Forced March was cancelled and no linked city can send anyone: the attack cannot be made.
        if self._events is not None:
            self._emit(f"{who(self.active)} had no Greeks to send: the attack is off", self.active)
        self._enter_end(END_AFTER_FAILURE)

    def _commit_actions(self) -> list[Action]:
        g = self.g
        out: list[Action] = []
        if self._forced_march_open():
            out.append(g.play[g.a_forced])
        i = len(self.commits)
        sources = self.sources
        if i < len(sources):
            low = 1 if i == len(sources) - 1 and not any(self.commits) else 0
            top = self._spare(sources[i])
            if top >= low:
                out += g.commit[low : top + 1]  # commit k for low <= k <= top
        return out

    def _do_commit(self, action: a.Commit) -> None:
        self.commits = (*self.commits, action.count)
        if len(self.commits) == len(self.sources):
            self._declared()

    def _forced_actions(self) -> list[Action]:
        forced = self.g.forced
        return [forced[c] for c in self._unlinked_sources(self.active, self.target)]

    def _do_forced(self, action: a.ForcedSource) -> None:
        self.sources = (*self.sources, action.city)
        self.fm_city = action.city
        if self._events is not None:
            self._emit(f"{who(self.active)} force-marched from city {action.city}", self.active)
        self._enter_commit()

    def _declared(self) -> None:
        p = self.active
        x = self.target
        sealink = self.board.sealink[x]
        sea = False
        others = 0
        for c, k in zip(self.sources, self.commits, strict=True):
            if c == self.fm_city or not k:
                continue
            others += k
            if sealink >> c & 1:
                sea = True
        self.nat_sea = sea or others == 0
        if self._events is not None:
            parts = ", ".join(
                f"{k} from city {c}" for c, k in zip(self.sources, self.commits, strict=True) if k
            )
            kind = "sea" if self.nat_sea else "land"
            self._emit(f"{who(p)} sent {plural(sum(self.commits), 'Greek')} ({parts}): a {kind} attack", p)
        self.cw_next = p
        self.cw_passes = 0
        self._combat_next()

    # ------------------------------------------------------------------ the combat card window (§6.2-2)

    def _combat_next(self) -> None:
        """Hand the window to the next player who may play an Ares card; close after two passes."""
        g = self.g
        while True:
            q = self.cw_next
            types = g.attacker_combat_types if q == self.active else g.defender_combat_types
            if self._may_react(q, types):
                self.phase = ph.COMBAT
                self.cp = q
                return
            self.cw_passes += 1
            if self.cw_passes >= 2:
                self._close_combat()
                return
            self.cw_next = 1 - q

    def _close_combat(self) -> None:
        self.phase = ph.CALLOFF
        self.cp = self.active

    def is_sea_attack(self) -> bool:
        return effective_sea(self.nat_sea, self.beach, self.rocky)

    def strengths(self) -> tuple[int, int]:
        """(A, D) as they stand: committed Greeks and defenders plus the cards played (§6.2-4)."""
        return sum(self.commits) + self.fury, self.greeks[self.target] + self.firm

    def attack_would_win(self) -> bool:
        a, d = self.strengths()
        return a >= d + (1 if self.is_sea_attack() else 0)

    def _combat_actions(self) -> list[Action]:
        g = self.g
        q = self.cp
        hand = self._playable(q)
        play = g.play
        out: list[Action] = []
        if q == self.active:
            if hand[g.a_fury]:
                out.append(play[g.a_fury])
            if (
                hand[g.a_beach]
                and not self.beach
                and effective_sea(self.nat_sea, True, self.rocky)
                != effective_sea(self.nat_sea, False, self.rocky)
            ):
                out.append(play[g.a_beach])
        else:
            if hand[g.a_firm]:
                out.append(play[g.a_firm])
            if (
                hand[g.a_rocky]
                and not self.rocky
                and effective_sea(self.nat_sea, self.beach, True)
                != effective_sea(self.nat_sea, self.beach, False)
            ):
                out.append(play[g.a_rocky])
        out.append(g.pass_)
        return out

    def _combat_card_resolved(self, player: int) -> None:
        """After a card in the window (effective or cancelled): the other player's turn, passes reset."""
        self.cw_passes = 0
        self.cw_next = 1 - player
        self._combat_next()

    def _combat_pass(self) -> None:
        self.cw_passes += 1
        if self.cw_passes >= 2:
            self._close_combat()
            return
        self.cw_next = 1 - self.cp
        self._combat_next()

    # ------------------------------------------------------------------ call-off and resolution

    def _calloff_actions(self) -> list[Action]:
        return [self.g.resolve, self.g.call_off]

    def _do_call_off(self, action: a.CallOff) -> None:
        if self._events is not None:
            self._emit(f"{who(self.active)} called the attack off", self.active)
        self._enter_end(END_AFTER_FAILURE)

    def _do_resolve(self, action: a.Resolve) -> None:
        p = self.active
        d = 1 - p
        a_str, d_str = self.strengths()
        sea = self.is_sea_attack()
        win = a_str >= d_str + (1 if sea else 0)
        if self._events is not None:
            kind = "sea" if sea else "land"
            verdict = f"{who(p)} took city {self.target}" if win else f"{who(d)} held city {self.target}"
            self._emit(f"Attack by {kind}: {a_str} against {d_str}: {verdict}", p)
        if not win:
            greeks = self.greeks
            lost = 0
            for c, k in zip(self.sources, self.commits, strict=True):
                greeks[c] -= k
                lost += k
            self.gsup[p] += lost
            self._enter_end(END_AFTER_FAILURE)
            return
        x = self.target
        if self._may_react(d, self.g.retreat_types) and any(
            self.greeks[c] < CITY_CAP for c in iter_bits(self.owned[d] & ~(1 << x))
        ):
            self.phase = ph.RETREAT_WINDOW
            self.cp = d
            return
        self._conquer(retreat=False)

    def _retreat_window_actions(self) -> list[Action]:
        g = self.g
        out: list[Action] = []
        if self._playable(self.cp)[g.a_retreat]:
            out.append(g.play[g.a_retreat])
        out.append(g.pass_)
        return out

    # ------------------------------------------------------------------ conquest (§6.2-5)

    def _conquer(self, retreat: bool) -> None:
        d = 1 - self.active
        x = self.target
        self.def_ships = self.ships[x]
        self.ssup[d] += self.ships[x]
        self.ships[x] = 0
        defenders = self.greeks[x]
        self.greeks[x] = 0
        self.owned[d] &= ~(1 << x)
        if retreat:
            self.retreat_left = defenders
            self._retreat_next()
        else:
            self.gsup[d] += defenders
            self._occupy()

    def _retreat_rooms(self) -> list[int]:
        greeks = self.greeks
        return [c for c in iter_bits(self.owned[1 - self.active]) if greeks[c] < CITY_CAP]

    def _retreat_next(self) -> None:
        if self.retreat_left and self._retreat_rooms():
            self.phase = ph.RETREAT
            self.cp = 1 - self.active
            return
        if self.retreat_left:
            self.gsup[1 - self.active] += self.retreat_left
            if self._events is not None:
                lost = plural(self.retreat_left, "Greek")
                self._emit(f"{lost} found no room and went to the supply", 1 - self.active)
            self.retreat_left = 0
        self._occupy()

    def _retreat_actions(self) -> list[Action]:
        retreat = self.g.retreat
        return [retreat[c] for c in self._retreat_rooms()]

    def _do_retreat(self, action: a.Retreat) -> None:
        self.greeks[action.city] += 1
        self.retreat_left -= 1
        if self._events is not None:
            self._emit(f"{who(1 - self.active)} withdrew a Greek to city {action.city}", 1 - self.active)
        self._retreat_next()

    def _occupy(self) -> None:
        p = self.active
        d = 1 - p
        x = self.target
        greeks = self.greeks
        moved = 0
        for c, k in zip(self.sources, self.commits, strict=True):
            greeks[c] -= k
            moved += k
        inside = min(CITY_CAP, moved)
        greeks[x] = inside
        self.gsup[p] += moved - inside
        self.owned[p] |= 1 << x
        tired = list(self.tired)
        tired[x] = inside
        self.tired = tuple(tired)
        self.atk_ok = True
        self._ownership_changed()
        if self._events is not None:
            extra = f" ({moved - inside} to the supply)" if moved > inside else ""
            self._emit(f"{who(p)} moved {plural(inside, 'Greek')} into city {x}{extra}", p)
        if not self.owned[d]:
            if self._events is not None:
                self._emit(f"{who(d)} has no city left: {who(p)} wins the game", p)
            self._game_over(p, "no city left")
            return
        if min(self.def_ships, self.ssup[p], CITY_CAP):
            self.phase = ph.FLEET
            self.cp = p
            return
        self._after_conquest()

    def _fleet_actions(self) -> list[Action]:
        fleet = self.g.fleet
        top = min(self.def_ships, self.ssup[self.active], CITY_CAP)
        return [fleet[k] for k in range(top, -1, -1)]

    def _do_fleet(self, action: a.Fleet) -> None:
        p = self.active
        k = action.count
        self.ships[self.target] += k
        self.ssup[p] -= k
        if self._events is not None and k:
            self._emit(f"{who(p)} placed {plural(k, 'ship')} at city {self.target}", p)
        self._after_conquest()

    def _after_conquest(self) -> None:
        self.end_mode = END_AFTER_SUCCESS
        self._start_regroup(self.target, ph.END)
