"""The report of ``noddy simulate`` at the terminal, in the language asked for: who wins, how, and
what the rules do (one rule set), or the rule sets side by side (``--compare-rules``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.table import Table

from noddy.cli.common import console, print_table
from noddy.sim import SOURCES, PlayerStats, Report, SideStats
from noddy.words import partners_line, rule_set_words, side_label, sides_heading, sim_phrase, source_label

__all__ = ["print_comparison", "print_report"]


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _interval(low: float, high: float) -> str:
    return f"{low:.1%}–{high:.1%}"


def _used_sources(reports: Sequence[Report]) -> list[str]:
    """The sources that scored anything, so that a rule set without a crib shows no crib column."""
    return [s for s in SOURCES if any(r.rule_set.points_per_deal[s] for r in reports)]


def _name(row: PlayerStats | SideStats, lang: str) -> str:
    """A player's name, or a side's with its places, in ``lang``."""
    if isinstance(row, SideStats):
        return side_label(row.players, row.names, lang)
    return row.name


def _results_table(
    title: str, who: str, rows: Sequence[PlayerStats | SideStats], draws: bool, lang: str
) -> Table:
    """Games won by each player (or side), with the win rate, its interval and the points a deal."""
    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column(who)
    table.add_column(sim_phrase("wins", lang), justify="right")
    if draws:
        table.add_column(sim_phrase("draws", lang), justify="right")
    for key in ("win_rate", "interval", "points_a_deal"):
        table.add_column(sim_phrase(key, lang), justify="right")
    for p in rows:
        row = [escape(_name(p, lang)), f"{p.wins:,}"]
        row += [f"{p.draws:,}"] if draws else []
        row += [_pct(p.win_rate), _interval(p.ci_low, p.ci_high), f"{p.total_per_deal:.2f}"]
        table.add_row(*row)
    return table


def _facing(report: Report, lang: str) -> str:
    """Who plays whom: the sides of partners, or every player."""
    if report.sides:
        return sides_heading([side.names for side in report.sides], lang)
    return sides_heading([(p.name,) for p in report.players], lang)


def _sources_table(report: Report, lang: str) -> Table:
    used = _used_sources([report])
    table = Table(title=sim_phrase("by_source", lang), title_justify="left", show_edge=False)
    table.add_column(sim_phrase("player", lang))
    for source in used:
        table.add_column(source_label(source, lang), justify="right")
    for p in report.players:
        table.add_row(escape(p.name), *(f"{p.points_per_deal[s]:.2f}" for s in used))
    return table


def _stakes_table(report: Report, lang: str) -> Table | None:
    """Lurches (skunks...) won and suffered, where the rules have them and any happened."""
    stakes = sorted({name for p in report.players for name in (*p.lurches, *p.lurched)})
    if not stakes:
        return None
    table = Table(title=sim_phrase("stakes", lang), title_justify="left", show_edge=False)
    table.add_column(sim_phrase("player", lang))
    for name in stakes:
        table.add_column(escape(name), justify="right")
    for p in report.players:
        table.add_row(escape(p.name), *(f"{p.lurches.get(n, 0)} / {p.lurched.get(n, 0)}" for n in stakes))
    return table


def _rule_set_rows(report: Report, lang: str) -> list[tuple[str, str]]:
    rs = report.rule_set
    first_ci = _interval(rs.first_dealer_ci_low, rs.first_dealer_ci_high)
    edge = sim_phrase("dealer_edge.value", lang, edge=f"{rs.dealer_edge:+.2f}", ci=f"{rs.dealer_edge_ci:.2f}")
    margin = sim_phrase("margin.value", lang, mean=f"{rs.margin_mean:.1f}", sd=f"{rs.margin_sd:.1f}")
    rows = [
        ("dealer_edge", edge),
        ("first_dealer", f"{_pct(rs.first_dealer_win_rate)} ({first_ci})"),
        ("fair_share", _pct(rs.fair_share)),
        ("deals_per_game", f"{rs.deals_per_game:.2f}"),
        ("margin", margin),
        ("draws", f"{rs.draws:,}"),
        ("actions_per_game", f"{rs.actions_per_game:.1f}"),
    ]
    return [(sim_phrase(key, lang), value) for key, value in rows]


def _engine_line(reports: Sequence[Report], engines: Sequence[str], lang: str) -> str:
    """Which engine played the games (a seed gives other games on the other engine)."""
    used = sorted(set(engines))
    if len(used) == 1:
        return sim_phrase("played_by", lang, engines=sim_phrase(f"engine.{used[0]}", lang))
    parts = [
        f"{sim_phrase(f'engine.{e}', lang)}"
        f" ({', '.join(r.rules for r, x in zip(reports, engines, strict=True) if x == e)})"
        for e in used
    ]
    return sim_phrase("played_by", lang, engines=sim_phrase("and", lang).join(parts))


def _title(report: Report, lang: str) -> str:
    """The rule set's title in ``lang`` (a preset's French title under French)."""
    return rule_set_words(report.rules, report.title, "", lang)[0]


def print_report(report: Report, engine: str, lang: str = "en") -> None:
    """The report of one rule set's games, in ``lang``."""
    heading = sim_phrase(
        "heading",
        lang,
        title=f"[bold]{escape(_title(report, lang))}[/]",
        facing=escape(_facing(report, lang)),
        games=f"{report.games:,}",
        seed=report.seed,
    )
    console.print(heading)
    console.print(escape(_engine_line([report], [engine], lang)))
    draws = report.rule_set.draws > 0
    if report.sides:
        console.print(escape(partners_line([(side.players, side.names) for side in report.sides], lang)))
        console.print()
        title, who = sim_phrase("sides.title", lang), sim_phrase("sides.side", lang)
        print_table(_results_table(title, who, report.sides, draws, lang))
    console.print()
    title, who = sim_phrase("players", lang), sim_phrase("player", lang)
    print_table(_results_table(title, who, report.players, draws, lang))
    console.print()
    print_table(_sources_table(report, lang))
    stakes = _stakes_table(report, lang)
    if stakes is not None:
        console.print()
        print_table(stakes)
    console.print()
    title = sim_phrase("rule_set", lang)
    table = Table(title=title, title_justify="left", show_edge=False, show_header=False)
    table.add_column(sim_phrase("statistic", lang))
    table.add_column(sim_phrase("value", lang))
    for label, value in _rule_set_rows(report, lang):
        table.add_row(label, value)
    print_table(table)


def print_comparison(reports: Sequence[Report], engines: Sequence[str], lang: str = "en") -> None:
    """The rule sets' reports side by side, in ``lang``."""
    first = reports[0]
    facing = f"[bold]{escape(_facing(first, lang))}[/]"
    games = f"{first.games:,}"
    console.print(sim_phrase("heading.compare", lang, facing=facing, games=games, seed=first.seed))
    console.print(escape(_engine_line(reports, engines, lang)))
    sides = {side.players: side for report in reports for side in report.sides}
    if sides:
        console.print(escape(partners_line([(side.players, side.names) for side in sides.values()], lang)))
    console.print()
    table = Table(show_edge=False)
    table.add_column("", overflow="fold")
    for report in reports:
        table.add_column(escape(report.rules), justify="right", overflow="fold")
    interval = f"  {sim_phrase('interval', lang)}"
    for i, player in enumerate(first.players):
        name = escape(player.name)
        wins = (_pct(r.players[i].win_rate) for r in reports)
        table.add_row(sim_phrase("player_wins", lang, name=name), *wins)
        table.add_row(interval, *(_interval(r.players[i].ci_low, r.players[i].ci_high) for r in reports))
        points = (f"{r.players[i].total_per_deal:.2f}" for r in reports)
        table.add_row(sim_phrase("player_points", lang, name=name), *points)
    if sides:
        table.add_section()
    for players, side in sides.items():
        won = [{s.players: s for s in r.sides}.get(players) for r in reports]
        label = escape(sim_phrase("sides.wins", lang, side=_name(side, lang)))
        table.add_row(label, *(_pct(s.win_rate) if s else "—" for s in won))
        table.add_row(interval, *(_interval(s.ci_low, s.ci_high) if s else "—" for s in won))
    table.add_section()
    rs = [r.rule_set for r in reports]
    table.add_row(sim_phrase("dealer_edge", lang), *(f"{x.dealer_edge:+.2f}" for x in rs))
    table.add_row(interval, *(f"±{x.dealer_edge_ci:.2f}" for x in rs))
    table.add_row(sim_phrase("first_dealer", lang), *(_pct(x.first_dealer_win_rate) for x in rs))
    table.add_row(sim_phrase("deals_per_game", lang), *(f"{x.deals_per_game:.2f}" for x in rs))
    table.add_row(sim_phrase("margin", lang), *(f"{x.margin_mean:.1f}" for x in rs))
    table.add_row(f"  {sim_phrase('sd', lang)}", *(f"{x.margin_sd:.1f}" for x in rs))
    table.add_row(sim_phrase("draws", lang), *(f"{x.draws:,}" for x in rs))
    table.add_row(sim_phrase("actions_per_game", lang), *(f"{x.actions_per_game:.1f}" for x in rs))
    table.add_section()
    table.add_row(sim_phrase("all_points", lang), *(f"{sum(x.points_per_deal.values()):.2f}" for x in rs))
    for source in _used_sources(reports):
        label = f"  {source_label(source, lang)}"
        table.add_row(label, *(f"{x.points_per_deal[source]:.2f}" for x in rs))
    print_table(table)
