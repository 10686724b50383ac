"""Phase 7 and what it sets off (spec §4 phase 7, §6): disaster chits, the five disasters, the Persians.

Chits are drawn one at a time (2 a round, 3 with the expansion). A disaster strikes every player the moment
its 3rd chit lands on its tile; a protecting tile (or Sikyon, against the Tempest) shields its owner, and so
does Odysseus' coin once a game. Earthquake and Tempest cost a price per building or land: every tile its
owner can pay for is kept, one he cannot is lost, and with means for only some he chooses which to keep. With
the expansion, a chit showing the same disaster as the one revealed just before it this round, placed or not
("If two chits of the same disaster are revealed in a row, the second chit is slid under the second stack"),
goes under the second stack and another is drawn; Ariadne may do the same with one chit a round. The Persians
attack when their 3rd and 6th chits land: the players' total strength against (players x the sum of all
Persian chits revealed). Defeat flips every hero (1st attack) or costs every player his tile with the most
power points (2nd); victory halves everybody's strength and lets each player hire mercenaries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import angelos, economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    NO_DISASTER,
    PERSIANS,
    PLAGUE,
    TEMPEST,
)
from hellenika.games.peloponnes.tiles import remove_tile

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.state import PeloponnesState


# ---------------------------------------------------------------------- drawing chits


def start_chits(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    s.to_place = s.g.chits_per_round[s.exp]
    s.last_chit = -1
    s.last_revealed = -1  # "in a row" is within one round's reveal: the round's first chit never repeats
    s.ariadne_used = 0
    s.tasks.append((step.DRAW_CHIT,))


def chits_left(s: PeloponnesState) -> int:
    return s.s1 + s.s2 + len(s.under2)


def draw_chit(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """Draw the next chit: from the face-down stacks (chance), or the known chits slid under stack 2."""
    if s.to_place <= 0 or not chits_left(s):
        s.tasks.pop()
        return
    if s.s1 + s.s2:
        s.tasks.append((step.CHIT,))
        return
    c = s.under2[0]
    s.under2 = s.under2[1:]
    on_drawn(s, c)


def chit_outcomes(s: PeloponnesState, task: tuple[int, ...]) -> list[tuple[Action, float]]:
    pool = s.pool
    total = sum(pool)
    draw = s.g.draw_chit
    return [(draw[c], n / total) for c, n in enumerate(pool) if n]


def chit_sample(s: PeloponnesState, task: tuple[int, ...], rng: Rng) -> Action:
    pool = s.pool
    x = rng.randbelow(sum(pool))
    for c, n in enumerate(pool):
        if x < n:
            return s.g.draw_chit[c]
        x -= n
    raise AssertionError("empty chit pool")  # pragma: no cover


def apply_chit(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    s.tasks.pop()
    c = s.cat.chit_by_id[action.chit]  # type: ignore[attr-defined]
    s.pool[c] -= 1
    if s.s1:
        s.s1 -= 1
    else:
        s.s2 -= 1
    on_drawn(s, c)


def _repeats(s: PeloponnesState, c: int) -> bool:
    """Expansion: the same disaster as the chit revealed just before it this round goes under stack 2,
    whatever became of that chit (placed, sent under stack 2 by this rule or by Ariadne), unless every chit
    left shows that disaster too (it is then placed, spec §11 q19)."""
    if not s.exp or s.last_revealed < 0:
        return False
    chits = s.cat.chits
    d = chits[c].disaster
    if d == NO_DISASTER or d != chits[s.last_revealed].disaster:
        return False
    others = [k for k, n in enumerate(s.pool) if n] + list(s.under2)
    return any(chits[k].disaster != d for k in others)


def on_drawn(s: PeloponnesState, c: int) -> None:
    chit = s.cat.chits[c]
    if s._events is not None:
        s.log(f"Disaster chit drawn: {_chit_name(s, c)}")
    repeats = _repeats(s, c)
    s.last_revealed = c
    if repeats:
        s.under2 = (*s.under2, c)
        if s._events is not None:
            s.log("Same disaster as the chit revealed before it: it goes under the second stack")
        return
    if s.exp and not s.ariadne_used and chit_pool_nonempty(s):
        holder = ariadne_holder(s)
        if holder >= 0:
            s.drawn = c
            s.tasks.append((step.ARIADNE, holder))
            return
    del chit
    place(s, c)


def chit_pool_nonempty(s: PeloponnesState) -> bool:
    return chits_left(s) > 0


def ariadne_holder(s: PeloponnesState) -> int:
    """The seat with Ariadne (Angelos never uses his hero's ability)."""
    for p in range(s.num_players):
        if s.hero[p] == s.g.ARIADNE:
            return p
    return -1


def _chit_name(s: PeloponnesState, c: int) -> str:
    chit = s.cat.chits[c]
    if chit.disaster == NO_DISASTER:
        return "blank"
    name = s.cat.disasters[chit.disaster][1]
    return f"{name} ({chit.value})" if chit.disaster == PERSIANS else name


def ariadne_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    return s.g.ariadne_choices


def apply_ariadne(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p = task[1]
    s.tasks.pop()
    c = s.drawn
    s.drawn = -1
    if action.redirect:  # type: ignore[attr-defined]
        s.ariadne_used = 1
        s.under2 = (*s.under2, c)
        if s._events is not None:
            s.log(f"{who(p)} (Ariadne) sends the {_chit_name(s, c)} chit under the second stack", p)
        return
    place(s, c)


def place(s: PeloponnesState, c: int) -> None:
    """Lay a chit on its disaster tile; the 3rd chit of a disaster (or Persian 3rd/6th) sets it off."""
    s.to_place -= 1
    s.last_chit = c
    chit = s.cat.chits[c]
    d = chit.disaster
    if d == NO_DISASTER:
        return
    if d == PERSIANS:
        s.pcount += 1
        s.psum += chit.value
        s.placed[d] += 1
        if s.pcount in s.g.persian_attacks:
            s.tasks.append((step.PERSIANS, s.g.persian_attacks.index(s.pcount) + 1))
        return
    s.placed[d] += 1
    if s.placed[d] == s.g.disaster_threshold:
        s.tasks.append((step.DISASTER, d))


# ---------------------------------------------------------------------- the five disasters


def strike(s: PeloponnesState, task: tuple[int, ...]) -> None:
    d = task[1]
    s.tasks.pop()
    if s._events is not None:
        s.log(f"{s.cat.disasters[d][1]} strikes!")
    s.tasks.extend((step.DISASTER_PLAYER, p, d) for p in reversed(s.order))


def protected(s: PeloponnesState, p: int, d: int) -> bool:
    bit = 1 << d
    if s.cat.civilizations[s.civ[p]].protects & bit:
        return True
    tiles = s.cat.tiles
    return any(tiles[t].protects & bit for t in s.buildings[p]) or any(
        tiles[t].protects & bit for t in s.lands[p]
    )


def _would_hurt(s: PeloponnesState, p: int, d: int) -> bool:
    if d == PLAGUE:
        return s.inh[p] > 0
    if d == DROUGHT:
        return _drought_loss(s, p) > 0
    if d == EARTHQUAKE:
        return bool(s.buildings[p])
    if d == TEMPEST:
        return bool(s.lands[p])
    return s.lux[p] > 0


def _drought_loss(s: PeloponnesState, p: int) -> int:
    food = s.food[p]
    return food // 2 if s.cols[p].drought_half else -(-food // 3)


def odysseus_can_help(s: PeloponnesState, p: int) -> bool:
    return s.hero[p] == s.g.ODYSSEUS and not s.odysseus_used[p] and s.coins[p] > 0


def disaster_player(s: PeloponnesState, task: tuple[int, ...]) -> None:
    _, p, d = task
    s.tasks.pop()
    if protected(s, p, d):
        if s._events is not None:
            s.log(f"{who(p)} is protected from the {s.cat.disasters[d][1]}", p)
        return
    if not _would_hurt(s, p, d):
        return
    if odysseus_can_help(s, p):
        s.tasks.append((step.ODYSSEUS, p, d))
        return
    suffer(s, p, d)


def suffer(s: PeloponnesState, p: int, d: int) -> None:
    log = s._events is not None
    if d == PLAGUE:
        loss = -(-s.inh[p] // 3)
        s.inh[p] -= loss
        if log:
            s.log(f"{who(p)} loses {plural(loss, 'inhabitant')} to the plague", p)
    elif d == DROUGHT:
        loss = _drought_loss(s, p)
        s.food[p] -= loss
        if log:
            s.log(f"{who(p)} loses {loss} food to the drought", p)
    elif d == DECLINE:
        loss = s.lux[p] if s.cols[p].decline_all else min(s.g.decline_loss, s.lux[p])
        s.lux[p] -= loss
        if log:
            s.log(f"{who(p)} loses {plural(loss, 'luxury good')} to the decline", p)
    else:
        tiles = s.buildings[p] if d == EARTHQUAKE else s.lands[p]
        s.tasks.extend((step.SAVE, p, d, t) for t in reversed(tiles))


def save_cost(s: PeloponnesState, p: int, d: int) -> tuple[int, int, int, int]:
    """(wood, stone, food, coins) to save one tile: 1 wood + 1 stone a building, 1 food + 1 coin a land
    (Apollonia's earthquake and Taras' tempest: 2 + 2)."""
    col = s.cols[p]
    if d == EARTHQUAKE:
        k = col.earthquake_cost
        return k, k, 0, 0
    k = col.tempest_cost
    return 0, 0, k, k


def savable(s: PeloponnesState, p: int, d: int, upto: int) -> int:
    """How many tiles (at most ``upto``) the player can still pay to keep, the same price each."""
    wood, stone, food, coins = save_cost(s, p, d)
    k = 0
    while k < upto and economy.can_afford(
        s, p, (k + 1) * wood, (k + 1) * stone, (k + 1) * food, (k + 1) * coins
    ):
        k += 1
    return k


def at_stake(s: PeloponnesState, p: int) -> int:
    """The tiles of ``p`` still to be paid for or lost in this disaster (SAVE steps on top of the stack)."""
    n = 0
    for task in reversed(s.tasks):
        if task[0] != step.SAVE or task[1] != p:
            break
        n += 1
    return n


def save_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    """Every tile its owner can pay for is kept ("1 wood and 1 stone per building"); with means for only some,
    he chooses which, tile by tile: letting one go is allowed only while the tiles after it can take all
    the payments he can still make."""
    _, p, d, t = task
    g = s.g
    left = at_stake(s, p)
    can = savable(s, p, d, left)
    if not can:
        return [g.save_tile[t][0]]
    if can >= left:
        return [g.save_tile[t][1]]
    return [g.save_tile[t][1], g.save_tile[t][0]]


def apply_save(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, d, t = task
    s.tasks.pop()
    tile = s.cat.tiles[t]
    if action.save:  # type: ignore[attr-defined]
        economy.pay(s, p, *save_cost(s, p, d))
        if s._events is not None:
            s.log(f"{who(p)} pays to keep {tile.name} {tile.id}", p)
        return
    remove_tile(s, p, t)
    if s._events is not None:
        s.log(f"{who(p)} loses {tile.name} {tile.id} to the {s.cat.disasters[d][1]}", p)


def odysseus_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    return s.g.odysseus_choices


def apply_odysseus(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, event = task
    s.tasks.pop()
    if action.use:  # type: ignore[attr-defined]
        s.coins[p] -= 1
        s.odysseus_used[p] = True
        if s._events is not None:
            what = "the Persians" if event >= step.PERSIAN_EVENT else f"the {s.cat.disasters[event][1]}"
            s.log(f"{who(p)} puts Odysseus' coin on his tile and escapes {what}", p)
        return
    if event >= step.PERSIAN_EVENT:
        persian_defeat(s, p, event - step.PERSIAN_EVENT)
    else:
        suffer(s, p, event)


# ---------------------------------------------------------------------- the Persians


def halve(s: PeloponnesState, p: int) -> None:
    """Halve strength, rounding down; Hector loses only 2 (never more than halving would)."""
    old = s.strength[p]
    loss = old - old // 2
    if s.hero[p] == s.g.HECTOR and p != s.angelos:
        loss = min(2, loss)
    s.strength[p] = old - loss


def persians(s: PeloponnesState, task: tuple[int, ...]) -> None:
    attack = task[1]
    s.tasks.pop()
    enemy = s.mult * s.psum
    total = sum(s.strength)
    won = total >= enemy
    if s._events is not None:
        verdict = "the players hold them off" if won else "the Persians win"
        s.log(
            f"The Persians attack ({attack} of 2): {s.mult} x {s.psum} = {enemy} against the players' "
            f"{total}: {verdict}"
        )
    if won:
        for p in range(s.n):
            old = s.strength[p]
            halve(s, p)
            if s._events is not None and old != s.strength[p]:
                s.log(f"{who(p)} halves his strength: {old} -> {s.strength[p]}", p)
        s.tasks.extend((step.HIRE, p, 0) for p in reversed(s.order))
        return
    if s.angelos >= 0:
        angelos.persian_defeat(s, attack)
    s.tasks.extend((step.PERSIAN_LOSS, p, attack) for p in reversed(s.order))


def persian_loss(s: PeloponnesState, task: tuple[int, ...]) -> None:
    _, p, attack = task
    s.tasks.pop()
    # The first defeat flips heroes, the second takes a tile: nothing to do for a player without one.
    hurt = (s.hero[p] >= 0 and not s.flipped[p]) if attack == 1 else bool(s.buildings[p] or s.lands[p])
    if not hurt:
        return
    if odysseus_can_help(s, p):
        s.tasks.append((step.ODYSSEUS, p, step.PERSIAN_EVENT + attack))
        return
    persian_defeat(s, p, attack)


def top_tiles(s: PeloponnesState, p: int) -> list[int]:
    """The player's tiles with the most power points (the second Persian defeat takes one)."""
    tiles = s.cat.tiles
    owned = s.buildings[p] + s.lands[p]
    best = max(tiles[t].pp for t in owned)
    return [t for t in owned if tiles[t].pp == best]


def persian_defeat(s: PeloponnesState, p: int, attack: int) -> None:
    if attack == 1:
        s.flipped[p] = True
        if s._events is not None:
            s.log(f"{who(p)} turns {s.cat.heroes[s.hero[p]].name} to the orange side", p)
        return
    top = top_tiles(s, p)
    if len(top) == 1:
        lose_to_persians(s, p, top[0])
    else:
        s.tasks.append((step.PERSIAN_REMOVE, p))


def lose_to_persians(s: PeloponnesState, p: int, t: int) -> None:
    remove_tile(s, p, t)
    if s._events is not None:
        tile = s.cat.tiles[t]
        s.log(f"{who(p)} loses {tile.name} {tile.id} to the Persians", p)


def remove_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    p = task[1]
    return [s.g.remove[t] for t in top_tiles(s, p)]


def apply_remove(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p = task[1]
    s.tasks.pop()
    lose_to_persians(s, p, s.cat.tile_by_id[action.tile])  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- mercenaries (spec §6.4)


def power_points(s: PeloponnesState, p: int) -> int:
    """Printed power points of the player's tiles and red hero (the mercenary limit after a victory)."""
    tiles = s.cat.tiles
    pp = sum(tiles[t].pp for t in s.buildings[p]) + sum(tiles[t].pp for t in s.lands[p])
    if s.hero[p] >= 0 and not s.flipped[p]:
        pp += s.cat.heroes[s.hero[p]].pp
    return pp


def hire_limit(s: PeloponnesState, p: int, why: int) -> int:
    limit = power_points(s, p) if why == 0 else s.strength[p]
    return min(limit, economy.coin_capacity(s, p) // s.g.mercenary_cost)


def hire_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    _, p, why = task
    return s.g.hires_upto(hire_limit(s, p, why))


def apply_hire(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p = task[1]
    s.tasks.pop()
    count = action.count  # type: ignore[attr-defined]
    if not count:
        return
    economy.pay_coins(s, p, count * s.g.mercenary_cost)
    s.mercs[p] += count
    old = s.strength[p]
    s.strength[p] = min(s.g.strength_cap, old + count)
    if s._events is not None:
        s.log(
            f"{who(p)} hires {plural(count, 'mercenary', 'mercenaries')}: strength {old} -> {s.strength[p]}",
            p,
        )
