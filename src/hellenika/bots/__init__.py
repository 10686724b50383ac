"""Bots: players that choose from an observation (view, legal actions, determinized samples) only.

``make_agent("greedy")`` or ``make_agent("random")`` builds one from a seat spec as the CLI writes it;
parameters follow a colon: ``"greedy:epsilon=0.1"``.
"""

from hellenika.bots.greedy import GreedyBot
from hellenika.bots.heuristic import HeuristicBot
from hellenika.bots.random_bot import RandomBot
from hellenika.bots.specs import BOT_KINDS, make_agent, parse_spec

__all__ = ["BOT_KINDS", "GreedyBot", "HeuristicBot", "RandomBot", "make_agent", "parse_spec"]
