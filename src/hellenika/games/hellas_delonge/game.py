"""The Hellas game object: metadata, the stall option, the component catalogue, and interned actions.

Every action a state can offer is built once here (per city, per pair of cities, per map cell, per card and
tile), so ``legal_actions`` only picks shared immutable objects; card-type indices the rules refer to by
effect are looked up once (``z_levy``, ``a_fury``...), so the data file may rename or renumber cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game
from hellenika.engine.options import OptionSpec, OptionValue
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge.components import GODS, load_catalogue
from hellenika.games.hellas_delonge.heuristics import EVALUATION_SCALE
from hellenika.games.hellas_delonge.hexmap import MAX_SLOTS, W, qr
from hellenika.games.hellas_delonge.state import HellasState
from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from rich.console import RenderableType

MAX_COMMIT = 3 * MAX_SLOTS


class HellasGame(Game):
    name = "hellas_delonge"
    title = "Hellas (Delonge)"
    #: 1.1: a step that only a card could open is asked whenever the player may hold it (public facts), so
    #: being asked no longer gives a hand away; records of 1.0 games do not replay under it.
    #: 1.2: the stall rule counts turns only once no tile left in the stack can be laid: with 40
    #: counted from the start, games the printed rules would still decide were cut short.
    #: 1.3: after Double Action's Burst the Voyage or Attack must be taken when one can be (without a card).
    rules_version = "1.3"
    min_players = 2
    max_players = 2
    summary = "Greeks, ships and god cards on a growing island map (Franz-Benno Delonge, Kosmos 2002)."
    option_specs = (
        OptionSpec(
            "stall",
            40,
            "once no tile left in the stack can be laid, end the game after this many turns in a row in "
            "which neither player holds more cities than ever before (most cities wins, then most Greeks, "
            "else a draw; spec Q9); while tiles fit, after 10 times as many; 0 = never, as printed",
            minimum=0,
            maximum=1000,
        ),
    )
    action_types = a.ACTION_TYPES

    def __init__(self) -> None:
        super().__init__()
        cat = self.catalogue = load_catalogue()
        self.card_index = cat.card_by_id
        effect = cat.card_by_effect
        self.z_double = effect["double_action"]
        self.z_thunderbolt = effect["thunderbolt"]
        self.z_levy = effect["levy"]
        self.z_favour = effect["favour"]
        self.z_theft = effect["theft"]
        self.z_oracle = effect["oracle"]
        self.z_migration = effect["migration"]
        self.p_winds = effect["winds"]
        self.p_chart = effect["sea_chart"]
        self.p_second = effect["second_voyage"]
        self.p_free = effect["free_passage"]
        self.p_storm = effect["storm"]
        self.p_shipwrights = effect["shipwrights"]
        self.a_fury = effect["fury"]
        self.a_firm = effect["stand_firm"]
        self.a_forced = effect["forced_march"]
        self.a_beach = effect["beachhead"]
        self.a_rocky = effect["rocky_coast"]
        self.a_retreat = effect["orderly_retreat"]
        self.a_second = effect["second_strike"]
        # The card types that open each window (spec §8): all of one god, checked against the discards.
        self.thunderbolt_types = (self.z_thunderbolt,)
        self.storm_types = (self.p_storm,)
        self.attacker_combat_types = (self.a_fury, self.a_beach)
        self.defender_combat_types = (self.a_firm, self.a_rocky)
        self.retreat_types = (self.a_retreat,)
        self.no_cards = (0,) * len(cat.cards)
        # Per tile: the mask of the tiles shaped like it (itself too), for StackMixin._representative.
        self.same_shape = tuple(sum(1 << u.index for u in cat.tiles if u.shape == t.shape) for t in cat.tiles)
        # Interned actions.
        slots = range(MAX_SLOTS)
        self.burst = a.ChooseBurst()
        self.voyage = a.ChooseVoyage()
        self.end_turn = a.EndTurn()
        self.stop = a.StopBurst()
        self.done = a.Done()
        self.explore = a.Explore()
        self.give_up = a.GiveUp()
        self.resolve = a.Resolve()
        self.call_off = a.CallOff()
        self.pass_ = a.Pass()
        self.attack = [a.ChooseAttack(c) for c in slots]
        self.recruit = [a.Recruit(c) for c in slots]
        self.build = [a.BuildShip(c) for c in slots]
        self.pay = [a.PayShip(c) for c in slots]
        self.settle = [a.SettleFrom(c) for c in slots]
        self.forced = [a.ForcedSource(c) for c in slots]
        self.retreat = [a.Retreat(c) for c in slots]
        self.march = [[a.MoveGreek(s, c) for c in slots] for s in slots]
        self.sail = [[a.MoveShip(s, c) for c in slots] for s in slots]
        # TurnMixin._regroup_actions: the last Greek and ship moves, with the masks of senders and takers they
        # were made from (marches: send, take, moves; then sails likewise), replaced whole.
        self.regroup_last: tuple[Any, ...] = (0, 0, [], 0, 0, [])
        self.levy = [[a.LevyGreek(c, f) for f in range(-1, MAX_SLOTS)] for c in slots]
        self.launch = [[a.LaunchShip(c, f) for f in range(-1, MAX_SLOTS)] for c in slots]
        self.commit = [a.Commit(k) for k in range(MAX_COMMIT + 1)]
        self.fleet = [a.Fleet(k) for k in range(4)]
        self.rotate = [a.Rotate(k) for k in range(6)]
        self.place_at = [a.PlaceAt(*qr(c)) for c in range(W * W)]
        self.draw = [a.DrawCard(god) for god in GODS]
        self.play = [a.PlayCard(c.id) for c in cat.cards]
        self.discard = [a.Discard(c.id) for c in cat.cards]
        self.card_drawn = [a.CardDrawn(c.id) for c in cat.cards]
        self.card_stolen = [a.CardStolen(c.id) for c in cat.cards]
        self.tile_drawn = [a.TileDrawn(t.id) for t in cat.tiles]
        self.tile_peeked = [a.TilePeeked(t.id) for t in cat.tiles]
        self.use_tile = [a.UseTile(t.id) for t in cat.tiles]
        self.order_tile = [a.OrderTile(t.id) for t in cat.tiles]
        # CardMixin._may_hold_all: per seat, the last (hand, discard piles, answer); the last discard piles,
        # their answers by the gods held (three flags) and True for each type not all discarded; what answers
        # are made of: each god's slice of the vectors (the gods' types come in GODS order, one run each)
        # and the copies of each card type.
        self.may_hold_last: list[tuple[tuple[int, ...], ...]] = [((), (), ()), ((), (), ())]
        self.may_hold_by_held: tuple[
            tuple[int, ...], dict[tuple[bool, ...], tuple[int, ...]], tuple[bool, ...]
        ] = ((), {}, ())
        self.god_slices = tuple(slice(r.start, r.stop) for r in cat.god_ranges)
        assert [t for r in cat.god_ranges for t in r] == list(range(len(cat.cards))), "gods' types in runs"
        # The last (hand, fresh cards, pile, discard piles, draws) of TurnMixin._draws.
        self.draws_last: tuple[tuple[Any, ...], ...] = ((), (), (), (), ())
        self.deck = cat.full_deck()

    # engine protocol -------------------------------------------------------------

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        return [(2, {}), (2, {"stall": 0})]

    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State:
        return HellasState.new(self, players, options, log)

    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State:
        return HellasState.from_json(self, players, options, data, log)

    #: Fitted with the weights of :mod:`heuristics`: tanh(evaluate / scale) is the expected result.
    evaluation_scale = EVALUATION_SCALE

    def evaluate(self, state: State, seat: int) -> float:
        from hellenika.games.hellas_delonge.heuristics import evaluate

        return evaluate(state, seat)  # type: ignore[arg-type]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        from hellenika.games.hellas_delonge.strategy import heuristic_action

        return heuristic_action(state, rng)  # type: ignore[arg-type]

    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        from hellenika.games.hellas_delonge.render import render

        return render(state, seat, names)  # type: ignore[arg-type]
