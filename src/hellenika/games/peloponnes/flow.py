"""The dispatch tables of the task machine: which function runs, offers or applies each kind of step.

Indexed by task kind (``tasks.py``), so the hot loop in ``PeloponnesState._run`` is a list lookup and a call.
Each rules module owns its steps; this module only wires them together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hellenika.games.peloponnes import (
    bidding,
    disasters,
    endgame,
    income,
    setup,
    supply,
    tiles,
)
from hellenika.games.peloponnes import tasks as step

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

SIZE = 50
Fn = Callable[..., Any]


def _table(entries: dict[int, Fn]) -> list[Fn]:
    table: list[Fn] = [_missing] * SIZE
    for kind, fn in entries.items():
        table[kind] = fn
    return table


def _missing(*args: Any) -> Any:  # pragma: no cover - a wiring bug
    raise RuntimeError("no handler for this step")


AUTO = _table(
    {
        step.START_VALUES: setup.start_values,
        step.NEGOTIATION_COINS: setup.negotiation_coins,
        step.ROUND: bidding.start_round,
        step.AFTER_REVEAL: bidding.after_reveal,
        step.BIDDING: bidding.begin_bidding,
        step.RESOLVE_BIDS: bidding.resolve_bids,
        step.ADD_TILE: tiles.add_tile,
        step.POPULATION: income.population,
        step.INCOME: income.income,
        step.INCOME_FINISH: income.finish_income,
        step.CHITS: disasters.start_chits,
        step.DRAW_CHIT: disasters.draw_chit,
        step.DISASTER: disasters.strike,
        step.DISASTER_PLAYER: disasters.disaster_player,
        step.PERSIANS: disasters.persians,
        step.PERSIAN_LOSS: disasters.persian_loss,
        step.END_ROUND: endgame.end_round,
        step.SUPPLY: supply.supply_round,
        step.CONFLICT: supply.conflict,
        step.GAME_END: endgame.game_end,
        step.FINISHED: endgame.finished,
    }
)

OUTCOMES = _table(
    {
        step.DEAL_CIV: setup.deal_outcomes,
        step.DEAL_HERO: setup.deal_outcomes,
        step.DEAL_COLONY: setup.deal_outcomes,
        step.REVEAL: bidding.reveal_outcomes,
        step.CHIT: disasters.chit_outcomes,
    }
)

SAMPLE = _table(
    {
        step.DEAL_CIV: setup.deal_sample,
        step.DEAL_HERO: setup.deal_sample,
        step.DEAL_COLONY: setup.deal_sample,
        step.REVEAL: bidding.reveal_sample,
        step.CHIT: disasters.chit_sample,
    }
)

CHANCE_APPLY = _table(
    {
        step.DEAL_CIV: setup.apply_deal,
        step.DEAL_HERO: setup.apply_deal,
        step.DEAL_COLONY: setup.apply_deal,
        step.REVEAL: bidding.apply_reveal,
        step.CHIT: disasters.apply_chit,
    }
)

LEGAL = _table(
    {
        step.OFFER: setup.offer_legal,
        step.OFFER_COINS: setup.offer_coins_legal,
        step.ANSWER: setup.answer_legal,
        step.BID: bidding.bid_legal,
        step.AMOUNT: bidding.amount_legal,
        step.DISPLACED: bidding.displaced_legal,
        step.SOLO_TAKE: bidding.solo_legal,
        step.BUILD: tiles.build_legal,
        step.STRENGTH: tiles.strength_legal,
        step.INCOME_CHOICE: income.choice_legal,
        step.ARIADNE: disasters.ariadne_legal,
        step.ODYSSEUS: disasters.odysseus_legal,
        step.SAVE: disasters.save_legal,
        step.PERSIAN_REMOVE: disasters.remove_legal,
        step.HIRE: disasters.hire_legal,
        step.FINISH: supply.finish_legal,
        step.CLOVERS: endgame.clovers_legal,
    }
)

DECIDE = _table(
    {
        step.OFFER: setup.apply_offer,
        step.OFFER_COINS: setup.apply_offer_coins,
        step.ANSWER: setup.apply_answer,
        step.BID: bidding.apply_bid,
        step.AMOUNT: bidding.apply_amount,
        step.DISPLACED: bidding.apply_displaced,
        step.SOLO_TAKE: bidding.apply_solo,
        step.BUILD: tiles.apply_build,
        step.STRENGTH: tiles.apply_strength,
        step.INCOME_CHOICE: income.apply_choice,
        step.ARIADNE: disasters.apply_ariadne,
        step.ODYSSEUS: disasters.apply_odysseus,
        step.SAVE: disasters.apply_save,
        step.PERSIAN_REMOVE: disasters.apply_remove,
        step.HIRE: disasters.apply_hire,
        step.FINISH: supply.apply_finish,
        step.CLOVERS: endgame.apply_clovers,
    }
)


def setup_tasks(s: PeloponnesState) -> list[tuple[int, ...]]:
    return setup.setup_tasks(s)
