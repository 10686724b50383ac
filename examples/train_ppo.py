"""Train a small policy for one game with PPO, on PyTorch's CPU build, through hellenika.rl.vector.

Usage (after ``pip install -e '.[rl,train]'``)::

    python examples/train_ppo.py --game hellas --players 2 --minutes 25 --out var/train/hellas_2p

It writes, in ``--out``:

- ``policy.npz``: the trained policy in the format of :mod:`hellenika.bots.policy` (NumPy only), a seat as
  ``--seat policy:path=var/train/hellas_2p/policy.npz`` in ``play``, ``simulate`` and ``tournament``;
- ``curve.json`` and ``curve.png``: the win rate against ``random`` and against ``heuristic`` over training
  time (greedy play, ``--eval-games`` games each, every ``--eval-every`` updates, on seeds never trained on);
- ``final.json``: the last evaluation, over ``--final-games`` games against each.

The algorithm is the textbook clipped PPO (Schulman et al. 2017) with generalised advantage estimation, in
about a hundred lines, so that it can be read and changed:

- **network**: the observation, squashed by ``symlog`` (counts and scores are raw numbers in the layouts),
  through two ``tanh`` layers shared by a policy head (one logit per action number) and a value head;
- **masking**: illegal actions get a logit of -1e9 before the softmax, so they are never drawn and carry no
  gradient; the mask comes with every observation;
- **opponents**: each of the ``--envs`` games has its own opponent: a share ``--heuristic-share`` plays the
  game's heuristic, the others ``random``; the learner's seat is drawn per episode, so one policy learns
  every seat;
- **rewards**: 0 until the game ends, then the learner's pairwise result in [-1, 1]; no discount within a
  game (``--gamma 1``), advantages by GAE(lambda).

Every draw is seeded (``--seed``): the games through the vector environment's seeds, PyTorch's sampling
through ``torch.manual_seed``. Timing is wall-clock and the machine's speed varies, so two runs of the same
seed stop after different numbers of updates; ``--updates N`` fixes the count for an exact repeat.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from hellenika.bots.policy import FORMAT
from hellenika.rl.vector import HellenikaVectorEnv


def symlog(x: torch.Tensor) -> torch.Tensor:
    return torch.sign(x) * torch.log1p(torch.abs(x))


class Net(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.policy.weight, gain=0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(symlog(obs))
        logits = self.policy(h).masked_fill(mask == 0, -1e9)
        return logits, self.value(h).squeeze(-1)

    def export(self, path: Path, meta: dict[str, Any]) -> None:
        """Write the policy (trunk and policy head) as ``hellenika-policy-v1``: ``x @ w + b`` per layer."""
        layers = [self.trunk[0], self.trunk[2], self.policy]
        arrays = {}
        for i, layer in enumerate(layers):
            arrays[f"w{i}"] = layer.weight.detach().numpy().T.astype(np.float32)
            arrays[f"b{i}"] = layer.bias.detach().numpy().astype(np.float32)
        full = {"format": FORMAT, "input": "symlog", "activation": "tanh", "layers": len(layers), **meta}
        np.savez_compressed(path, meta=np.array(json.dumps(full, sort_keys=True)), **arrays)


def greedy_policy(net: Net) -> Any:
    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(obs), torch.from_numpy(mask))
        return logits.argmax(-1).numpy()

    return act


def evaluate(net: Net, args: argparse.Namespace, opponent: str, games: int, seed: int) -> dict[str, float]:
    """Greedy play against ``opponent``: ``games`` games, the same number in each of up to 25 parallel
    slots (so long games count as much as short ones), seats drawn per game."""
    slots = min(games, 25)
    quota = -(-games // slots)
    others = [opponent] * (args.players - 1)
    vector = HellenikaVectorEnv(args.game, slots, players=args.players, opponents=others)
    act = greedy_policy(net)
    obs, _ = vector.reset(seed=seed)
    results: list[float] = []
    finished = np.zeros(slots, int)
    while (finished < quota).any():
        obs, rewards, terminated, _, _ = vector.step(act(obs["observation"], obs["action_mask"]))
        for i in np.flatnonzero(terminated & (finished < quota)):
            results.append(float(rewards[i]))
            finished[i] += 1
    # Two players: the learner's return is +1 for a win, -1 for a loss, 0 for a tie.
    array = np.array(results)
    return {
        "games": len(results),
        "win_rate": float((array > 0).mean()),
        "tie_rate": float((array == 0).mean()),
        "mean_return": float(array.mean()),
    }


def train(args: argparse.Namespace) -> None:
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # the games step on the other core
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    heuristic = round(args.envs * args.heuristic_share)
    opponents = [["heuristic"] * (args.players - 1)] * heuristic
    opponents += [["random"] * (args.players - 1)] * (args.envs - heuristic)
    vector = HellenikaVectorEnv(args.game, args.envs, players=args.players, env_opponents=opponents)
    size, actions = vector.layout.size, vector.single_action_space.n
    net = Net(size, actions, args.hidden)
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr, eps=1e-5)
    meta = {
        "game": args.game,
        "players": args.players,
        "options": {},
        "num_actions": int(actions),
        "observation_size": int(size),
    }

    t_len, n_envs = args.steps, args.envs
    obs_buf = torch.zeros((t_len, n_envs, size))
    mask_buf = torch.zeros((t_len, n_envs, actions), dtype=torch.int8)
    act_buf = torch.zeros((t_len, n_envs), dtype=torch.long)
    logp_buf = torch.zeros((t_len, n_envs))
    val_buf = torch.zeros((t_len, n_envs))
    rew_buf = torch.zeros((t_len, n_envs))
    done_buf = torch.zeros((t_len, n_envs))

    obs, _ = vector.reset(seed=args.seed)
    curve: list[dict[str, Any]] = []
    start = time.monotonic()
    update = 0
    episodes = 0

    def checkpoint() -> None:
        minutes = (time.monotonic() - start) / 60
        point = {"update": update, "minutes": round(minutes, 2), "episodes": episodes}
        for opponent in ("random", "heuristic"):
            point[opponent] = evaluate(net, args, opponent, args.eval_games, seed=10**6 + update)["win_rate"]
        curve.append(point)
        print(json.dumps(point), flush=True)
        (out / "curve.json").write_text(json.dumps(curve, indent=1))
        net.export(out / "policy.npz", meta)

    checkpoint()
    while True:
        elapsed = (time.monotonic() - start) / 60
        if (args.updates and update >= args.updates) or (not args.updates and elapsed >= args.minutes):
            break
        for t in range(t_len):
            o = torch.from_numpy(obs["observation"])
            m = torch.from_numpy(obs["action_mask"])
            with torch.no_grad():
                logits, value = net(o, m)
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            obs_buf[t], mask_buf[t], act_buf[t] = o, m, action
            logp_buf[t], val_buf[t] = dist.log_prob(action), value
            obs, reward, terminated, _, _ = vector.step(action.numpy())
            rew_buf[t] = torch.from_numpy(reward)
            done_buf[t] = torch.from_numpy(terminated.astype(np.float32))
            episodes += int(terminated.sum())
        with torch.no_grad():
            _, next_value = net(torch.from_numpy(obs["observation"]), torch.from_numpy(obs["action_mask"]))
        # GAE: a step whose game ended has no successor in its game (auto-reset put a new game's first
        # observation there), so the bootstrap is cut at ``done``.
        advantages = torch.zeros((t_len, n_envs))
        last = torch.zeros(n_envs)
        for t in reversed(range(t_len)):
            following = next_value if t == t_len - 1 else val_buf[t + 1]
            alive = 1.0 - done_buf[t]
            delta = rew_buf[t] + args.gamma * following * alive - val_buf[t]
            last = delta + args.gamma * args.lam * alive * last
            advantages[t] = last
        returns = advantages + val_buf

        b_obs, b_mask = obs_buf.reshape(t_len * n_envs, size), mask_buf.reshape(t_len * n_envs, actions)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = advantages.reshape(-1), returns.reshape(-1)
        for _ in range(args.epochs):
            order = torch.randperm(t_len * n_envs)
            for chunk in order.split(args.minibatch):
                logits, value = net(b_obs[chunk], b_mask[chunk])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = (dist.log_prob(b_act[chunk]) - b_logp[chunk]).exp()
                adv = b_adv[chunk]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
                policy_loss = -torch.min(ratio * adv, clipped * adv).mean()
                value_loss = 0.5 * (value - b_ret[chunk]).pow(2).mean()
                entropy = dist.entropy().mean()
                loss = policy_loss + args.value_coef * value_loss - args.entropy_coef * entropy
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                optimiser.step()
        update += 1
        if update % args.eval_every == 0:
            checkpoint()
    if curve[-1]["update"] != update:
        checkpoint()
    final = {
        "updates": update,
        "minutes": round((time.monotonic() - start) / 60, 2),
        "episodes": episodes,
        **{o: evaluate(net, args, o, args.final_games, seed=2 * 10**6) for o in ("random", "heuristic")},
    }
    (out / "final.json").write_text(json.dumps(final, indent=1))
    print(json.dumps(final), flush=True)
    plot(curve, out / "curve.png", args)


def plot(curve: list[dict[str, Any]], path: Path, args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    minutes = [p["minutes"] for p in curve]
    for opponent, style in (("random", "o-"), ("heuristic", "s-")):
        ax.plot(minutes, [100 * p[opponent] for p in curve], style, label=f"against {opponent}", markersize=3)
    ax.set_xlabel("training time (minutes, 2-core machine)")
    ax.set_ylabel(f"win rate, % of {args.eval_games} games")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title(f"PPO on {args.game}, {args.players} players")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hellas")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=25.0, help="training time (wall clock)")
    parser.add_argument("--updates", type=int, default=0, help="a fixed number of updates instead")
    parser.add_argument("--out", default="var/train/hellas_2p")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=128, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--entropy-coef", type=float, default=0.01)
    parser.add_argument("--heuristic-share", type=float, default=0.25)
    parser.add_argument("--eval-every", type=int, default=5)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--final-games", type=int, default=200)
    train(parser.parse_args())


if __name__ == "__main__":
    main()
