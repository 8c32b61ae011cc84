"""``bench/budget.py``: what a `hard` decision costs at each share of its budget, and how strong each
share plays (issue 38).

A full site cuts each decision's budget as decisions queue (`noddy.web.bots.budget_share`,
`noddy.players.StrongPlayer.thinking`). Two measures, each against today's `hard` in the same run:

- ``--decisions N``: seeded games of `hard` against `medium` (N of them, `hard` in each seat in
  turn); at each of hard's decisions with a real choice, every variant decides from the same view
  and the same generator's state, in turn, the order rotated a decision (interleaved, so a slow
  moment of a loaded machine slows each alike); the game goes on with today's choice. Per variant
  and kind (the play, the lay-away): CPU ms (median, p95, max), the search positions and the
  lay-away's playouts (a lay-away weighed in one deal) a decision, and how often it chose as today.
  With ``--reference``, each decision's regret too: the best action's chance of winning less the
  variant's choice's, both by a reference drawn apart (four times hard's worlds in the play, every
  lay-away in 2,000 deals), in points of win rate, with its 95% interval over the decisions.
  With ``--truth``, each play's regret in the true deal too (every hidden card as it lies, searched
  by hard's search with `TRUE_NODES`): what the worlds and their inference miss, which the
  reference, drawing its worlds as hard does, cannot see.
- ``--groups N``: `bench/strength.py`'s groups (the same deals: ``strength.play``'s seeds), each
  variant against `medium` in each seat in turn; each group's score for every variant is appended
  to a checkpoint (``bench/results/budget-PRESET-TABLE.jsonl``) as it ends, so a run cut short
  reports and a run started again goes on; a run of other variants adds theirs to the same
  groups. Reported: each variant's win rate against medium and its difference from today's
  `hard`, paired group by group, with 95% intervals, and its decisions' CPU ms (those with a
  choice, by kind: median, p95, max; kept in each group's row).

    nice -n 10 .venv/bin/python bench/budget.py --decisions 6 --reference \
        --variants hard,race-100,share-0.5,share-0.25,share-0.01,medium
    nice -n 10 .venv/bin/python bench/budget.py --groups 1000 --workers 2
    .venv/bin/python bench/budget.py --report

Variants (``--variants``): ``hard`` (today), ``doubt`` (hard before issue 38: 4 lay-aways, 200 deals
and 800 more where in doubt), ``share-X`` (`thinking(X)`: ``share-0.01`` is the
floor), ``race-F`` (the lay-away raced from F deals, `StrongPlayer.win_race`), ``race-F-X`` both,
``worlds-W`` (W worlds a play, the same positions: each world searched shallower or deeper),
``worlds-W-N`` (and N positions), ``kept-B`` (the worlds weighted by the other seat's lay-away,
`StrongPlayer.kept_weight` B), ``kept-B-W`` (and W worlds), ``medium`` (greedy: in
``--decisions``, its regret beside the others'), ``hands-H`` (H hands of the other seat drawn
before the worlds are picked among them, `StrongPlayer.world_hands`), ``hands-H-W`` (and W worlds),
``hands-H-W-N`` (and N positions), ``lay-X`` (the lay-away's deals at a share X, the play's
positions whole), and ``A+B`` (hard changed by both, e.g. ``hands-32-32+lay-0.5``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import noddy.players.discard as discard
import noddy.players.strong as strong
from noddy.analysis import board_if_built
from noddy.game import Action, ActionKind, GameState, PlayerView, new_game
from noddy.players import GreedyPlayer, Player, StrongPlayer, make_player, next_action
from noddy.players.discard import discard_values, win_chances
from noddy.rules import load_rules
from paired import done
from strength import Timed, percentile, run, seatings

HERE = Path(__file__).resolve().parent
VARIANTS = "hard,doubt,share-0.5,share-0.25,share-0.01"


def variant(name: str) -> Player:
    """The player a variant's name says (see the module's description); ``A+B`` is hard changed by
    both."""
    if name == "medium":
        return make_player("medium")
    player = make_player("hard")
    assert isinstance(player, StrongPlayer)
    for part in name.split("+"):
        player = changed(player, part, name)
    return player


def changed(player: StrongPlayer, part: str, name: str) -> StrongPlayer:
    """``player`` changed as one part of a variant's name says."""
    if part == "doubt":
        return replace(player, win_race=0, win_candidates=4)
    parts = part.split("-")
    if parts[0] == "worlds":
        player = replace(player, worlds=int(parts[1]))
        if len(parts) > 2:
            player = replace(player, nodes=int(parts[2]))
    elif parts[0] == "hands":
        player = replace(player, world_hands=int(parts[1]))
        if len(parts) > 2:
            player = replace(player, worlds=int(parts[2]))
        if len(parts) > 3:
            player = replace(player, nodes=int(parts[3]))
    elif parts[0] == "kept":
        player = replace(player, kept_weight=float(parts[1]))
        if len(parts) > 2:
            player = replace(player, worlds=int(parts[2]))
    elif parts[0] == "lay":
        player = replace(player.thinking(float(parts[1])), nodes=player.nodes)
    elif parts[0] == "race":
        player = replace(player, win_race=int(parts[1]))
        parts = parts[1:]
        if len(parts) > 1:
            player = player.thinking(float(parts[1]))
    elif parts[0] == "share":
        player = player.thinking(float(parts[1]))
    elif part != "hard":
        raise SystemExit(
            f"unknown variant {name!r}: use hard, doubt, share-X, race-F, race-F-X, worlds-W, worlds-W-N,"
            " kept-B, kept-B-W, hands-H, hands-H-W, hands-H-W-N, lay-X, medium, or A+B for both"
        )
    return player


class Counted:
    """The work a decision did: search positions and the lay-away's playouts (counted by wrapping
    the search and the deals played out, in this process)."""

    searches: ClassVar[list[Any]] = []
    playouts = 0

    @classmethod
    def nodes(cls) -> int:
        return sum(search.nodes for search in cls.searches)

    @classmethod
    def install(cls) -> None:
        search, samples = strong.Search, discard.win_samples

        def counted_search(*args: Any, **kw: Any) -> Any:
            made = search(*args, **kw)
            cls.searches.append(made)
            return made

        def counted_samples(view: Any, legal: Sequence[Any], *args: Any, samples: int, **kw: Any) -> Any:
            cls.playouts += len(legal) * samples
            return samples_of(view, legal, *args, samples=samples, **kw)

        samples_of = samples
        strong.Search = counted_search  # type: ignore[misc, assignment]
        discard.win_samples = counted_samples


REFERENCE_WORLDS = 4
"""The reference a decision's regret is read by weighs four times hard's worlds in the play (the
same positions a world), and every lay-away in `REFERENCE_DEALS` deals."""
REFERENCE_DEALS = 2000


def reference(view: PlayerView, legal: Sequence[Action], seed: str) -> dict[Action, float]:
    """Each legal action's chance of winning by a search wider than hard's (`REFERENCE_WORLDS`) or
    every lay-away played out in `REFERENCE_DEALS` deals, drawn apart from the players' own."""
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    rng = random.Random(seed)
    if legal[0].kind == ActionKind.DISCARD:
        board = board_if_built(view.rules, view.players, view.partners)
        if board is None:
            return discard_values(view, legal, rng)
        return win_chances(view, legal, rng, board, samples=REFERENCE_DEALS)
    wide = replace(hard, worlds=REFERENCE_WORLDS * hard.worlds_for(view), nodes=REFERENCE_WORLDS * hard.nodes)
    return wide.play_values(view, view.legal, rng) or dict.fromkeys(legal, 0.0)


TRUE_NODES = 64_000
"""The positions the true world's search of a play weighs (``--truth``)."""


def true_values(state: GameState, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
    """Each legal play's chance of winning searched in the true deal (every hidden card as it lies,
    the others playing as hard's search takes them to), by hard's own search with `TRUE_NODES`: what
    a player's view and its inference leave on the table, which a reference over worlds drawn as
    hard draws them cannot see."""
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    return replace(hard, nodes=TRUE_NODES).values([state], legal, view)


def decisions(args: argparse.Namespace) -> int:
    """The per-decision measure (``--decisions``)."""
    Counted.install()
    names = args.variants.split(",")
    players = {name: variant(name) for name in names}
    rules = load_rules(args.preset)
    seats, partners = int(args.table.rstrip("p")), args.table.endswith("p")
    rows: dict[tuple[str, str], list[tuple[float, int, int, bool, float, float]]] = {}
    turn = 0
    for game in range(args.start, args.start + args.decisions):
        hard_seat = game % seats
        state: GameState = new_game(rules, seats, partners=partners)
        rng = random.Random(f"budget/{game}")
        while not state.is_over:
            seat = state.to_act
            hard_to_act = seat is not None and (seat % 2 == hard_seat % 2 if partners else seat == hard_seat)
            if seat is None or not hard_to_act:
                state = state.apply(next_action(state, [GreedyPlayer()] * seats, rng))
                continue
            view = state.view(seat)
            legal = view.legal
            if len(legal) < 2:
                state = state.apply(legal[0])
                continue
            kind = "lay-away" if legal[0].kind == ActionKind.DISCARD else "play"
            before = rng.getstate()
            chosen: dict[str, Any] = {}
            order = names[turn % len(names) :] + names[: turn % len(names)]
            turn += 1
            for name in order:
                rng.setstate(before)
                Counted.searches, Counted.playouts = [], 0
                start = time.process_time()
                chosen[name] = players[name].choose(view, legal, rng)
                spent = time.process_time() - start
                if turn > 1:  # the first decision builds what each variant builds once (tables, caches)
                    work = (spent, Counted.nodes(), Counted.playouts, False, 0.0, 0.0)
                    rows.setdefault((name, kind), []).append(work)
                if name == names[0]:
                    after = rng.getstate()
            truth = reference(view, legal, f"reference/{turn}") if args.reference and turn > 1 else {}
            seen = true_values(state, view, legal) if args.truth and kind == "play" and turn > 1 else {}
            for name in names if turn > 1 else ():
                spent, nodes, playouts, _, _, _ = rows[(name, kind)][-1]
                regret = max(truth.values()) - truth[chosen[name]] if truth else 0.0
                lost = max(seen.values()) - seen[chosen[name]] if seen else 0.0
                same = chosen[name] == chosen[names[0]]
                rows[(name, kind)][-1] = (spent, nodes, playouts, same, regret, lost)
            rng.setstate(after)
            state = state.apply(chosen[names[0]])
    found_rows = {f"{name}/{kind}": found for (name, kind), found in rows.items()}
    if args.out:
        kept = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
        for key, found in found_rows.items():
            kept.setdefault(key, []).extend(found)
        args.out.write_text(json.dumps(kept) + "\n", encoding="utf-8")
        found_rows = kept
    print(f"{args.preset}, {args.table}: CPU ms, positions and playouts a decision")
    print_decisions(found_rows, names)
    return 0


def print_decisions(rows: dict[str, list[Any]], names: list[str]) -> None:
    """Print the per-decision measure: ``rows`` by variant and kind, each decision's CPU seconds,
    positions, playouts, whether it chose as the first variant, its regret by the reference and
    (``--truth``, the play) by the true deal, each with its difference from the first variant's."""
    print(
        "variant        kind       decisions  median    p95     max   positions  playouts  as today"
        "   regret (95%)      less the first's, paired (95%)"
    )
    for kind in ("lay-away", "play"):
        base = [100 * r[4] for r in rows.get(f"{names[0]}/{kind}", [])]
        true_base = [100 * r[5] for r in rows.get(f"{names[0]}/{kind}", []) if len(r) > 5]
        for name in names:
            found = rows.get(f"{name}/{kind}", [])
            if not found:
                continue
            ms = [1000 * r[0] for r in found]
            positions, played = statistics.fmean(r[1] for r in found), statistics.fmean(r[2] for r in found)
            same = statistics.fmean(r[3] for r in found)
            regrets = [100 * r[4] for r in found]
            diff = [a - b for a, b in zip(regrets, base, strict=True)]
            print(
                f"{name:14} {kind:10} {len(found):9} {statistics.median(ms):7.1f} {percentile(ms, 0.95):7.1f}"
                f" {max(ms):7.1f} {positions:10.0f} {played:9.0f} {100 * same:8.1f}%"
                f"   {statistics.fmean(regrets):.3f} ± {half(regrets):.3f}"
                f"     {statistics.fmean(diff):+.3f} ± {half(diff):.3f}"
            )
            lost = [100 * r[5] for r in found if len(r) > 5]
            if any(lost) and len(lost) == len(true_base):
                true_diff = [a - b for a, b in zip(lost, true_base, strict=True)]
                print(
                    f"{'':25} regret in the true deal {statistics.fmean(lost):.3f} ± {half(lost):.3f},"
                    f" less the first's {statistics.fmean(true_diff):+.3f} ± {half(true_diff):.3f}"
                )


def checkpoint(preset: str, table: str) -> Path:
    return HERE / "results" / f"budget-{preset}-{table}.jsonl"


def group_scores(job: tuple[str, str, list[str], list[int], str]) -> int:
    """Play ``groups`` with each variant against medium, appending each group's scores to ``path``."""
    preset, table, names, groups, path = job
    rules = load_rules(preset)
    seats, partners = int(table.rstrip("p")), table.endswith("p")
    for group in groups:
        row: dict[str, Any] = {"group": group}
        for name in names:
            won = 0
            games = seatings(seats, partners)
            spent: list[float] = []
            kinds: dict[str, list[float]] = {}
            for index, mine in enumerate(games):
                players: list[Timed] = [
                    Timed(variant(name) if seat in mine else make_player("medium")) for seat in range(seats)
                ]
                chance = random.Random(f"{preset}/{table}/{group}")
                choices = [random.Random(f"{preset}/{table}/{group}/{index}/{seat}") for seat in range(seats)]
                state = run(new_game(rules, seats, partners=partners), players, chance, choices)
                won += state.winner is not None and state.winner == state.side_of(mine[0])
                for seat in mine:
                    spent += [t for times in players[seat].times.values() for t in times]
                    for kind, times in players[seat].times.items():
                        kinds.setdefault(kind, []).extend(round(1000 * t, 2) for t in times)
            row[name] = won / len(games)
            row[f"{name}_cpu"] = round(sum(spent), 3)
            row[f"{name}_ms"] = kinds
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
    return len(groups)


def half(values: list[float]) -> float:
    return 1.959964 * (statistics.stdev(values) if len(values) > 1 else 0.0) / math.sqrt(len(values))


def report(preset: str, table: str, names: list[str]) -> None:
    rows = [r for r in done(checkpoint(preset, table)) if all(n in r for n in names)]
    if not rows:
        print("no groups yet")
        return
    per_group = len(seatings(int(table.rstrip("p")), table.endswith("p")))
    print(f"{preset}, {table}: {len(rows)} groups ({len(rows) * per_group} games a variant) against medium")
    print("variant        win rate (95%)           less hard's, paired (95%)   same as hard   CPU s a game")
    base = [r[names[0]] for r in rows]
    for name in names:
        scores = [r[name] for r in rows]
        mean = statistics.fmean(scores)
        diff = [a - b for a, b in zip(scores, base, strict=True)]
        same = statistics.fmean(a == b for a, b in zip(scores, base, strict=True))
        cpu = statistics.fmean(r[f"{name}_cpu"] for r in rows) / per_group
        gain, spread = statistics.fmean(diff), half(diff)
        low, high = mean - half(scores), mean + half(scores)
        print(
            f"{name:14} {100 * mean:5.1f}% ({100 * low:.1f}–{100 * high:.1f})"
            f"      {100 * gain:+5.2f} ({100 * (gain - spread):+.2f} to {100 * (gain + spread):+.2f})"
            f"   {100 * same:5.1f}%       {cpu:6.2f}"
        )
    timed = [r for r in rows if all(f"{n}_ms" in r for n in names)]
    if timed:
        print(f"decision CPU ms over {len(timed)} groups (decisions with a choice): median / p95 / max")
        for name in names:
            shown = []
            for kind, label in (("play", "play"), ("discard", "lay-away")):
                ms = [t for r in timed for t in r[f"{name}_ms"].get(kind, [])]
                if ms:
                    shown.append(
                        f"{label} {statistics.median(ms):.1f} / {percentile(ms, 0.95):.1f} / {max(ms):.0f}"
                        f" ({len(ms)})"
                    )
            print(f"{name:14} {'; '.join(shown)}")


def games(args: argparse.Namespace) -> int:
    names = args.variants.split(",")
    path = checkpoint(args.preset, args.table)
    path.parent.mkdir(parents=True, exist_ok=True)
    have = {r["group"] for r in done(path) if all(n in r for n in names)}
    todo = [g for g in range(args.groups) if g not in have]
    chunks = [todo[i :: max(1, args.workers)] for i in range(max(1, args.workers))]
    jobs = [(args.preset, args.table, names, chunk, str(path)) for chunk in chunks if chunk]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            list(pool.map(group_scores, jobs))
    else:
        for job in jobs:
            group_scores(job)
    report(args.preset, args.table, names)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--table", default="2", help="2, 3, 4 or 4p (partners)")
    parser.add_argument(
        "--variants", default=VARIANTS, help=f"comma-separated, the first the base ({VARIANTS})"
    )
    parser.add_argument("--decisions", type=int, default=0, help="games of the per-decision measure")
    parser.add_argument("--start", type=int, default=0, help="the first game of --decisions")
    parser.add_argument("--out", type=Path, help="--decisions: keep each decision here, and report all kept")
    parser.add_argument("--groups", type=int, default=0, help="groups of games against medium")
    parser.add_argument(
        "--reference", action="store_true", help="read each decision's regret by a wider reference (slow)"
    )
    parser.add_argument(
        "--truth", action="store_true", help="read each play's regret by a search of the true deal too"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="report the checkpoint, play nothing")
    args = parser.parse_args(argv)
    if args.report:
        report(args.preset, args.table, args.variants.split(","))
        return 0
    if args.decisions:
        decisions(args)
    if args.groups:
        games(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
