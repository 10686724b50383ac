"""A trained policy network as a seat: ``--seat policy`` or ``--seat policy:path=my_policy.npz``.

The network is a small multilayer perceptron stored as a NumPy ``.npz`` (``examples/train_ppo.py``
writes it), so playing with it needs NumPy alone, not the library that trained it. The bot builds the
seat's observation exactly as the learning environments do (:mod:`hellenika.rl.layout`: the laid-out
vector of the seat's own view, so it sees no more than any bot), runs the network and plays the legal
action with the highest output (``sample=1``: draws one with the softmax of the outputs over the legal
actions, from the match's seeded generator, or its own if ``seed`` is given).

File format (``format`` = ``hellenika-policy-v1`` in the ``meta`` entry, a JSON string): ``game``,
``players``, ``options`` (the configuration whose layout the network reads), ``num_actions``,
``observation_size``, ``input`` (``symlog``: each input is ``sign(x) * log(1 + |x|)``), ``activation``
(``tanh``) and ``layers``; then ``w0``, ``b0``, ``w1``, ... (``x @ w + b``), the last layer giving one logit
per action number of :mod:`hellenika.rl.codec`.

Without ``path`` the bot loads the policy shipped for the game and player count it is seated in
(``hellenika/bots/policies/<game>_<players>p.npz``); :func:`shipped_policies` lists them.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.errors import InvalidOption
from hellenika.engine.rng import Rng

if TYPE_CHECKING:
    import numpy as np

FORMAT = "hellenika-policy-v1"


@cache
def shipped_policies() -> dict[str, Path]:
    """The policies shipped with the package, by file stem (``hellas_2p``); read once (the lobby asks on
    every games list)."""
    folder = resources.files("hellenika.bots").joinpath("policies")
    if not folder.is_dir():
        return {}
    return {Path(f.name).stem: Path(str(f)) for f in folder.iterdir() if f.name.endswith(".npz")}


def shipped_player_counts(game: str) -> list[int]:
    """The player counts of ``game`` that a policy is shipped for (the lobby's "trained" level)."""
    counts = []
    for stem in shipped_policies():
        name, _, players = stem.rpartition("_")
        if name == game and players.endswith("p") and players[:-1].isdigit():
            counts.append(int(players[:-1]))
    return sorted(counts)


class Policy:
    """The network of one ``.npz`` file, and the configuration whose observations it reads."""

    def __init__(self, path: str | Path) -> None:
        import numpy as np

        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("format") != FORMAT:
                    raise InvalidOption(f"{path} is not a {FORMAT} policy file")
                self.weights = [
                    (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                    for i in range(int(meta["layers"]))
                ]
        except (OSError, KeyError, ValueError) as exc:
            raise InvalidOption(f"cannot read the policy file {path}: {exc}") from None
        self.path = str(path)
        self.meta: dict[str, Any] = meta
        self.game: str = meta["game"]
        self.players: int = int(meta["players"])
        self.options: dict[str, Any] = dict(meta.get("options", {}))
        if meta.get("activation", "tanh") != "tanh" or meta.get("input", "symlog") != "symlog":
            raise InvalidOption(f"{path}: unsupported activation or input transform")

    def logits(self, vector: np.ndarray) -> np.ndarray:
        """The network's output for one observation vector (or a batch, one row each)."""
        import numpy as np

        x = np.sign(vector) * np.log1p(np.abs(vector))
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(self.weights):
            x = x @ w + b
            if i < last:
                x = np.tanh(x)
        return np.asarray(x)


class PolicyBot:
    """An engine :class:`~hellenika.engine.agent.Agent` playing a trained policy (see the module's docs)."""

    name = "policy"

    def __init__(self, path: str | None = None, sample: int = 0, seed: int | None = None) -> None:
        self.path = None if path is None else str(path)
        self.sample = bool(sample)
        self._rng = None if seed is None else Rng(seed)
        self._policy: Policy | None = None if path is None else Policy(str(path))

    def _policy_for(self, game: str, players: int) -> Policy:
        if self._policy is None:
            found = shipped_policies().get(f"{game}_{players}p")
            if found is None:
                shipped = ", ".join(sorted(shipped_policies())) or "none"
                raise InvalidOption(
                    f"no policy is shipped for {game} with {players} players (shipped: {shipped}); "
                    "give one with policy:path=FILE.npz"
                )
            self._policy = Policy(found)
        return self._policy

    def choose(self, observation: Observation, rng: Rng) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        players = observation.num_players
        policy = self._policy_for(observation.game.name, players)
        if (policy.game, policy.players) != (observation.game.name, players):
            raise InvalidOption(
                f"the policy {policy.path} plays {policy.game} with {policy.players} players, "
                f"not {observation.game.name} with {players}"
            )
        from hellenika.rl.codec import codec_for
        from hellenika.rl.layout import encode, encoder_of

        encoder = encoder_of(policy.game, policy.players, observation.options)
        vector = encode(encoder, observation.view)
        if vector.shape[0] != policy.meta["observation_size"]:
            raise InvalidOption(f"the policy {policy.path} reads {policy.meta['observation_size']} inputs")
        numbers = codec_for(policy.game).decisions.encode_many(legal)
        scores = policy.logits(vector)[numbers]
        if not self.sample:
            return legal[int(scores.argmax())]
        top = float(scores.max())
        weights = [math.exp(float(s) - top) for s in scores]
        return legal[(self._rng or rng).weighted_index(weights)]
