"""Expert iteration: a policy + value network trained from ISMCTS search targets, then used inside ISMCTS.

The AlphaZero recipe over determinized worlds (bots/ismcts.py samples the worlds): games of self-play in which
every seat searches with ISMCTS; at each real choice the sample is the mover's observation vector
(:mod:`hellenika.rl.layout`), the legal mask, the search's visit shares over the legal actions (the policy
target) and, once the game ends, the mover's return (the value target). The network (a small MLP trunk, a
policy head over the flat codec's numbers, a ``tanh`` value head) is trained on them with cross-entropy and
squared error. :class:`NetworkGuide` then gives ISMCTS its priors and leaf values (``ISMCTSBot(guide=...)``),
and the next round of self-play searches with it. Two players only (the value head is the mover's return;
the other seat's is its negation).

Reproducible from a seed: the games' chance and the searches draw from ``Rng(seed)`` forks, torch is seeded,
and training runs on one thread. Command (PyTorch from the ``train`` extra)::

    python -m hellenika.rl.expert hellas --rounds 8 --games 40 --iterations 200 --seed 1 --out var/expert

It writes ``var/expert/<game>/round-<k>.pt`` (the weights) and ``round-<k>.json`` (game, players, sizes,
losses, seed) per round.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from hellenika import games
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.rl.codec import codec_for
from hellenika.rl.layout import encode_state, encoder_of


class PolicyValueNet(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(x)
        logits = self.policy(h).masked_fill(mask == 0, -1e9)
        return torch.log_softmax(logits, dim=-1), torch.tanh(self.value(h)).squeeze(-1)


class NetworkGuide:
    """A trained network as ISMCTS's guide: priors over the legal actions, values per seat (2 players)."""

    def __init__(self, net: PolicyValueNet, game: str, players: int) -> None:
        self.net = net.eval()
        self.codec = codec_for(game)
        self.encoder = encoder_of(game, players)

    @torch.no_grad()
    def _run(self, state: State, seat: int, legal: Sequence[Action]) -> tuple[np.ndarray, float]:
        x = torch.from_numpy(encode_state(self.encoder, state, seat)).unsqueeze(0)
        mask = torch.zeros(1, self.codec.num_actions)
        numbers = self.codec.decisions.encode_many(list(legal))
        mask[0, numbers] = 1.0
        logp, value = self.net(x, mask)
        return logp[0, numbers].exp().numpy(), float(value[0])

    def priors(self, state: State, legal: Sequence[Action]) -> list[float]:
        p, _ = self._run(state, state.current_player(), legal)
        return [float(v) for v in p]

    def values(self, state: State) -> list[float]:
        seat = max(state.current_player(), 0)  # a chance node is judged from seat 0's side
        _, v = self._run(state, seat, state.legal_actions() if state.current_player() >= 0 else [])
        return [v, -v] if seat == 0 else [-v, v]


def self_play(
    game: str, games_: int, iterations: int, seed: int, guide: NetworkGuide | None = None, players: int = 2
) -> dict[str, np.ndarray]:
    """Samples of ``games_`` self-play games (see the module docstring)."""
    engine = games.get(game)
    codec = codec_for(game)
    encoder = encoder_of(game, players)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    values: list[float] = []
    root = Rng(seed)
    for g in range(games_):
        rng = root.fork(f"game-{g}")
        bot = ISMCTSBot(iterations=iterations, guide=guide)
        state = engine.new_state(players, log=False)
        movers: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            seat = state.current_player()
            if len(legal) == 1:
                state.apply_unchecked(legal[0])
                continue
            result = bot.search(Observation(state, seat), rng)
            numbers = codec.decisions.encode_many(legal)
            mask = np.zeros(codec.num_actions, np.float32)
            mask[numbers] = 1.0
            target = np.zeros(codec.num_actions, np.float32)
            total = sum(m.visits for m in result.moves) or 1
            for m in result.moves:
                target[codec.encode(m.action)] = m.visits / total
            obs.append(encode_state(encoder, state, seat))
            masks.append(mask)
            targets.append(target)
            movers.append(seat)
            state.apply_unchecked(result.best)
        returns = state.returns()
        values.extend(float(returns[s]) for s in movers)
    return {
        "obs": np.stack(obs),
        "mask": np.stack(masks),
        "target": np.stack(targets),
        "value": np.asarray(values, np.float32),
    }


def train(
    net: PolicyValueNet, data: dict[str, np.ndarray], steps: int, seed: int, lr: float = 1e-3
) -> list[float]:
    """``steps`` minibatch steps of Adam; the loss per step (cross-entropy to visit shares + value MSE)."""
    torch.manual_seed(seed)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    x, mask = torch.from_numpy(data["obs"]), torch.from_numpy(data["mask"])
    target, value = torch.from_numpy(data["target"]), torch.from_numpy(data["value"])
    gen = torch.Generator().manual_seed(seed)
    losses = []
    net.train()
    for _ in range(steps):
        idx = torch.randint(0, len(x), (min(256, len(x)),), generator=gen)
        logp, v = net(x[idx], mask[idx])
        loss = -(target[idx] * logp.clamp(min=-1e4)).sum(-1).mean() + ((v - value[idx]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(float(loss.detach()))
    net.eval()
    return losses


def save(path: Path, net: PolicyValueNet, meta: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), path.with_suffix(".pt"))
    path.with_suffix(".json").write_text(json.dumps(meta, indent=1))


def load(path: Path) -> tuple[PolicyValueNet, dict[str, Any]]:
    meta = json.loads(path.with_suffix(".json").read_text())
    net = PolicyValueNet(meta["inputs"], meta["actions"], meta["hidden"])
    net.load_state_dict(torch.load(path.with_suffix(".pt"), weights_only=True))
    return net.eval(), meta


def run(game: str, rounds: int, games_: int, iterations: int, steps: int, seed: int, out: Path) -> list[Path]:
    """The whole loop: self-play (plain ISMCTS in round 0, then guided by the last network), train, save."""
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    players = 2
    inputs = encoder_of(game, players).layout.size
    actions = codec_for(game).num_actions
    net = PolicyValueNet(inputs, actions)
    guide: NetworkGuide | None = None
    written = []
    for k in range(rounds):
        data = self_play(game, games_, iterations, seed * 1000 + k, guide, players)
        losses = train(net, data, steps, seed * 1000 + k)
        path = out / f"round-{k}"
        meta = {
            "game": game,
            "players": players,
            "inputs": inputs,
            "actions": actions,
            "hidden": 256,
            "round": k,
            "seed": seed,
            "samples": len(data["value"]),
            "losses": losses,
        }
        save(path, net, meta)
        written.append(path)
        guide = NetworkGuide(net, game, players)
    return written


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("var/expert"))
    args = parser.parse_args(argv)
    for path in run(
        args.game, args.rounds, args.games, args.iterations, args.steps, args.seed, args.out / args.game
    ):
        print(path)


if __name__ == "__main__":
    main()
