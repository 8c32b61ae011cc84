"""A policy that learns cribbage from nothing on the batched environment, in minutes, with numpy.

One seat of two-player cribbage (every decision it makes: lay-away, play, Go, count) is played by a
small neural network (the observation, plus each hand place's rank and suit, -> 128 ReLU units ->
a masked softmax over the action indices, and a value head), trained by advantage actor-critic
(A2C: generalised advantage estimation, Adam) on `noddy.research.vector.VectorEnv`: 256 games
stepped by one call in the compiled kernel against its random player (``--opponent greedy``:
its greedy player), rewards +1/-1 at the end of a game (a win is a win: ``stakes=False``) and
0.03 a point pegged more than the opponent. Every network operation is a numpy matrix product;
nothing else is needed.

Every ``--eval-every`` updates, the policy (its likeliest legal action) plays ``--eval-games``
games against the kernel's random and greedy players; the learning curve (win rate with 95%
Wilson intervals against training steps) is drawn to ``--out``/learning_curve.png. At the end it
plays ``--hard-games`` games against noddy's ``hard`` player on the readable engine, seats
alternated, and writes every figure to ``--out``/results.json.

    python examples/learn_cribbage.py                      # 3 CPU-minutes of training
    python examples/learn_cribbage.py --minutes 1 --hard-games 0

Needs the ``research`` extra and the compiled kernel (``make install`` builds both).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # small matrices: threads only contend, and CPU time doubles
import numpy as np  # noqa: E402

from noddy.game import Action, PlayerView, new_game  # noqa: E402
from noddy.players import make_player, next_action  # noqa: E402
from noddy.research.tensors import Encoder  # noqa: E402
from noddy.research.vector import VectorEnv  # noqa: E402
from noddy.rules import load_rules  # noqa: E402
from noddy.sim.stats import wilson  # noqa: E402

Array = np.ndarray


class Features:
    """The network's input: the observation, and for each place of the hand sorted by card index
    (the places the lay-away's indices name) its card's rank and suit, one-hot. The observation
    already holds the hand, but by card: these say which place holds what, which a small network
    would otherwise have to work out before it could weigh a lay-away."""

    def __init__(self, encoder: Encoder) -> None:
        hand = next(f for f in encoder.fields if f.name == "hand")
        self.hand = slice(hand.start, hand.stop)
        self.places = encoder.dealt
        self.size = encoder.size + self.places * 17

    def __call__(self, obs: Array) -> Array:
        n = len(obs)
        out = np.zeros((n, self.size), np.float32)
        out[:, : obs.shape[1]] = obs
        hand = obs[:, self.hand] > 0
        place = np.cumsum(hand, axis=1) - 1
        rows, cards = np.nonzero(hand)
        places = place[rows, cards]
        keep = places < self.places
        rows, cards, places = rows[keep], cards[keep], places[keep]
        base = obs.shape[1]
        out[rows, base + places * 13 + cards % 13] = 1.0
        out[rows, base + self.places * 13 + places * 4 + cards // 13] = 1.0
        return out


class Network:
    """Features -> ReLU layer -> action logits and a value; its own backward pass and Adam."""

    def __init__(self, features: Features, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.features = features
        inputs = features.size
        self.params = {
            "w1": (rng.standard_normal((inputs, hidden)) * np.sqrt(2 / inputs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
            "w3": (rng.standard_normal((hidden, 1)) * 0.01).astype(np.float32),
            "b3": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0

    def forward(self, obs: Array, mask: Array) -> tuple[Array, Array, Array]:
        """The hidden layer, each legal action's probability (0 for the others) and the value."""
        p = self.params
        hidden = np.maximum(self.features(obs) @ p["w1"] + p["b1"], 0.0)
        logits = hidden @ p["w2"] + p["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) * (mask > 0)
        probs /= probs.sum(axis=1, keepdims=True)
        value = (hidden @ p["w3"] + p["b3"])[:, 0]
        return hidden, probs, value

    def act(self, obs: Array, mask: Array, rng: np.random.Generator | None = None) -> Array:
        """An action a row: drawn from the policy with ``rng``, else its likeliest legal action."""
        _, probs, _ = self.forward(obs, mask)
        return np.argmax(probs, axis=1) if rng is None else sample(probs, rng)

    def learn(
        self, batch: dict[str, Array], lr: float, entropy: float, value_weight: float
    ) -> dict[str, float]:
        """One Adam step on the actor-critic loss of ``batch`` (obs, mask, actions, advantages, returns)."""
        obs, mask, actions = batch["obs"], batch["mask"], batch["actions"]
        adv, returns = batch["advantages"], batch["returns"]
        n = len(obs)
        hidden, probs, value = self.forward(obs, mask)
        logp = np.log(np.maximum(probs, 1e-12))
        ent = -(probs * logp).sum(axis=1)
        # d(loss)/d(logits): policy gradient, minus the entropy bonus; d(loss)/d(value): squared error.
        dlogits = probs.copy()
        dlogits[np.arange(n), actions] -= 1.0
        dlogits *= adv[:, None]
        dlogits += entropy * probs * (logp + ent[:, None]) * (mask > 0)
        dlogits /= n
        dvalue = (value_weight * 2.0 * (value - returns) / n)[:, None].astype(np.float32)
        p = self.params
        dhidden = (dlogits @ p["w2"].T + dvalue @ p["w3"].T) * (hidden > 0)
        grads = {
            "w2": hidden.T @ dlogits,
            "b2": dlogits.sum(axis=0),
            "w3": hidden.T @ dvalue,
            "b3": dvalue.sum(axis=0),
            "w1": self.features(obs).T @ dhidden,
            "b1": dhidden.sum(axis=0),
        }
        self.updates += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            step = lr * (m / (1 - 0.9**self.updates)) / (np.sqrt(v / (1 - 0.999**self.updates)) + 1e-8)
            p[key] -= step.astype(np.float32)
        return {"entropy": float(ent.mean()), "value_error": float(((value - returns) ** 2).mean())}


def sample(probs: Array, rng: np.random.Generator) -> Array:
    """An action a row drawn from its probabilities (never one of probability 0: the draw is scaled
    to the row's sum, whatever its rounding)."""
    cumulative = probs.cumsum(axis=1)
    draws = rng.random((len(probs), 1), dtype=np.float32) * cumulative[:, -1:]
    chosen: Array = (cumulative <= draws).sum(axis=1)
    return chosen


@dataclass
class Curve:
    """The learning curve: at each evaluation, the steps trained and the results against each opponent."""

    points: list[dict[str, Any]] = field(default_factory=list)

    def add(self, steps: int, seconds: float, results: dict[str, tuple[int, int]]) -> None:
        row: dict[str, Any] = {"steps": steps, "seconds": round(seconds, 1)}
        for name, (wins, games) in results.items():
            low, high = wilson(wins, games)
            row[name] = {"wins": wins, "games": games, "rate": wins / games, "low": low, "high": high}
        self.points.append(row)


def evaluate(net: Network, rules: str, opponent: str, games: int, envs: int, seed: int) -> tuple[int, int]:
    """Wins of the policy's likeliest actions in ``games`` games against a kernel player (each of the
    ``envs`` places plays its share whole, so that short games are not favoured)."""
    envs = min(envs, games)
    env = VectorEnv(rules, envs, opponent=opponent, copy=False)
    obs, _ = env.reset(seed=seed)
    quota = np.full(envs, games // envs)
    quota[: games % envs] += 1
    played = np.zeros(envs, int)
    wins = 0
    while (played < quota).any():
        obs, rewards, terminated, _, _ = env.step(net.act(obs["observation"], obs["action_mask"]))
        counted = terminated & (played < quota)
        wins += int((rewards[counted] > 0).sum())
        played += terminated
    return wins, games


class NetworkPlayer:
    """The trained policy as a noddy `Player` (its likeliest legal action), for games on the engine."""

    def __init__(self, net: Network, encoder: Encoder) -> None:
        self.net, self.encoder = net, encoder

    def choose(self, view: PlayerView, legal: Any, rng: random.Random) -> Action:
        obs, mask = self.encoder.encode(view)
        return self.encoder.action(view, int(self.net.act(obs[None], mask[None])[0]))


def against_hard(net: Network, rules_name: str, games: int, seed: int) -> tuple[int, int]:
    """Wins in ``games`` games against ``hard`` on the readable engine, seats alternated."""
    rules = load_rules(rules_name)
    player = NetworkPlayer(net, Encoder(rules, 2, declare=False))
    wins = 0
    for number in range(games):
        rng = random.Random(seed + number)
        mine = number % 2
        seats = [make_player("hard"), make_player("hard")]
        seats[mine] = player  # type: ignore[call-overload]
        state = new_game(rules, 2)
        while not state.is_over:
            state = state.apply(next_action(state, seats, rng))
        wins += state.winner == mine
    return wins, games


def rollout(
    env: VectorEnv, net: Network, obs: dict[str, Array], horizon: int, rng: np.random.Generator
) -> tuple[dict[str, Array], dict[str, Array], Array]:
    """``horizon`` steps of every game: what the update needs, the next observation, and the games ended."""
    n = env.num_envs
    keys = ("obs", "mask", "actions", "rewards", "dones", "values")
    store: dict[str, list[Array]] = {k: [] for k in keys}
    ended = np.zeros(n, int)
    for _ in range(horizon):
        _, probs, value = net.forward(obs["observation"], obs["action_mask"])
        actions = sample(probs, rng)
        store["obs"].append(obs["observation"].copy())
        store["mask"].append(obs["action_mask"].copy())
        store["actions"].append(actions)
        store["values"].append(value)
        obs, rewards, terminated, _, _ = env.step(actions)
        store["rewards"].append(rewards.copy())
        store["dones"].append(terminated.copy())
        ended += terminated
    return {k: np.stack(v) for k, v in store.items()}, obs, ended


def advantages(data: dict[str, Array], last_value: Array, gamma: float, lam: float) -> tuple[Array, Array]:
    """Generalised advantage estimates and returns (a game's end cuts the bootstrap)."""
    rewards, dones, values = data["rewards"], data["dones"], data["values"]
    adv = np.zeros_like(rewards)
    running = np.zeros_like(last_value)
    following = last_value
    for t in range(len(rewards) - 1, -1, -1):
        live = 1.0 - dones[t]
        delta = rewards[t] + gamma * following * live - values[t]
        running = delta + gamma * lam * live * running
        adv[t] = running
        following = values[t]
    return adv, adv + values


def train(args: argparse.Namespace, log: Any = print) -> tuple[Network, Curve]:
    """Train against the kernel's ``args.opponent`` for ``args.minutes`` (or ``args.updates``)."""
    rng = np.random.default_rng(args.seed)
    env = VectorEnv(
        args.rules, args.envs, opponent=args.opponent, peg_reward=args.peg_reward, stakes=False, copy=False
    )
    net = Network(Features(env.encoder), env.encoder.num_actions, args.hidden, args.seed)
    obs, _ = env.reset(seed=args.seed)
    curve = Curve()
    start = time.process_time()
    steps = games = 0

    def checkpoint() -> None:
        results = {
            name: evaluate(net, args.rules, name, args.eval_games, args.envs, args.seed + 1)
            for name in ("random", "greedy")
        }
        curve.add(steps, time.process_time() - start, results)
        said = ", ".join(f"{name} {wins / total:.1%}" for name, (wins, total) in results.items())
        spent = time.process_time() - start
        log(f"{steps:>10,} steps {games:>7,} games {spent:6.0f} CPU-s: wins against {said}")

    checkpoint()
    update = 0
    while True:
        spent = time.process_time() - start
        if (args.updates and update >= args.updates) or (not args.updates and spent > args.minutes * 60):
            break
        data, obs, ended = rollout(env, net, obs, args.horizon, rng)
        _, _, last_value = net.forward(obs["observation"], obs["action_mask"])
        adv, returns = advantages(data, last_value, args.gamma, args.lam)
        flat = {k: v.reshape(-1, *v.shape[2:]) for k, v in data.items()}
        flat["advantages"] = (adv.ravel() - adv.mean()) / (adv.std() + 1e-8)
        flat["returns"] = returns.ravel()
        net.learn(flat, args.lr, args.entropy, args.value_weight)
        update += 1
        steps += args.horizon * args.envs
        games += int(ended.sum())
        if update % args.eval_every == 0:
            checkpoint()
    if update % args.eval_every:
        checkpoint()
    return net, curve


def plot(curve: Curve, path: Path, title: str) -> None:
    """The win rates against training steps, each with its 95% interval, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [p["steps"] / 1e6 for p in curve.points]
    for name, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        rate = [p[name]["rate"] for p in curve.points]
        low = [p[name]["rate"] - p[name]["low"] for p in curve.points]
        high = [p[name]["high"] - p[name]["rate"] for p in curve.points]
        ax.errorbar(
            steps, rate, yerr=[low, high], label=f"against {name}", color=colour, marker="o", capsize=3
        )
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training steps (millions of decisions)")
    ax.set_ylabel("games won (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="cribbage")
    p.add_argument("--opponent", default="random", help="the kernel player trained against: random or greedy")
    p.add_argument("--minutes", type=float, default=3.0, help="CPU minutes of training (default 3)")
    p.add_argument("--updates", type=int, default=0, help="train for this many updates instead")
    p.add_argument("--envs", type=int, default=256, help="games stepped together (default 256)")
    p.add_argument("--horizon", type=int, default=16, help="steps of every game an update (default 16)")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--value-weight", type=float, default=0.5)
    p.add_argument(
        "--peg-reward", type=float, default=0.03, help="reward a point pegged more than the opponent"
    )
    p.add_argument("--eval-every", type=int, default=400, help="updates between evaluations")
    p.add_argument("--eval-games", type=int, default=1000, help="games against random and greedy each time")
    p.add_argument("--hard-games", type=int, default=100, help="games against hard at the end (0: none)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("learn-cribbage"), help="where the picture and JSON go")
    return p


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parser().parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    net, curve = train(args)
    results: dict[str, Any] = {"settings": {k: str(v) for k, v in vars(args).items()}, "curve": curve.points}
    title = f"{args.rules}: A2C (numpy) against the kernel's {args.opponent} player"
    plot(curve, args.out / "learning_curve.png", title)
    if args.hard_games:
        start = time.process_time()
        wins, games = against_hard(net, args.rules, args.hard_games, args.seed + 2)
        low, high = wilson(wins, games)
        results["hard"] = {"wins": wins, "games": games, "rate": wins / games, "low": low, "high": high}
        print(
            f"against hard: {wins}/{games} = {wins / games:.1%} (95% {low:.1%}-{high:.1%}),"
            f" {time.process_time() - start:.0f} CPU-s"
        )
    (args.out / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"learning curve: {args.out / 'learning_curve.png'}; figures: {args.out / 'results.json'}")
    return results


if __name__ == "__main__":
    main()
