"""What ``noddy play`` says around a person's moves: the cards one laid away, confirmed; the discard
advisor's hint on request (`noddy.advise.advise_view`, as the web table's hint); and a deal-by-deal
summary of the points at the end of a game (`noddy.game.deal_points`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from noddy.advise import advise_view, win_lines
from noddy.cards import Card
from noddy.cli.advise_cmd import advice_table
from noddy.cli.common import console, print_table
from noddy.cli.render import cards_text
from noddy.game import PlayerView, deal_points
from noddy.words import REASONS, advise_phrase, of_name, reason_name, side_name, sitting_phrase

__all__ = ["HINT_OPTIONS", "deal_summary", "laid_away_text", "show_hint"]

HINT_OPTIONS = 5
"""The advisor's best lay-aways a hint shows (as many as the web table's hint)."""


def laid_away_text(view: PlayerView, cards: Sequence[Card], names: Sequence[str], lang: str) -> str:
    """The cards the seat of ``view`` has just laid away, said back to them with whose crib they
    went to: "You laid away 5♥ 6♦ to your crib"."""
    shown = cards_text(cards, lang)
    kind = view.rules.crib.kind
    if kind == "none":
        return sitting_phrase("laid_away.none", lang, cards=shown)
    if kind == "own" or view.dealer == view.seat:
        return sitting_phrase("laid_away.yours", lang, cards=shown)
    name = names[view.dealer]
    of = escape(of_name(name, lang))
    return sitting_phrase("laid_away.theirs", lang, cards=shown, name=escape(name), of=of)


def show_hint(view: PlayerView, lang: str) -> None:
    """The discard advisor's best lay-aways for the seat of ``view``, from its view alone, ranked
    by the chance of winning from the board (`noddy.advise.win_lines` says it), and whose the crib
    is."""
    advice = advise_view(view, win=True)
    console.print(f"[bold]{escape(sitting_phrase('hint.heading', lang))}[/]")
    lines = win_lines(advice, lang)
    if lines:
        console.print(escape(" ".join(lines[:2])))
    print_table(advice_table(advice, lang, best=HINT_OPTIONS))
    if lines:
        console.print(f"[bold]{escape(lines[2])}[/]")
    note = "advise.crib_yours_note" if advice.dealer else "advise.crib_theirs_note"
    console.print(f"[dim]{escape(advise_phrase(note, lang))}[/]")


def deal_summary(view: PlayerView, names: Sequence[str], lang: str) -> list[str]:
    """Each deal's points for each side, by what they were scored for, one line a deal, under a
    heading: "Deal 2: You +7 (play 2, show 5) · Greedy +3 (show 3)"; the points before the first
    deal (a compensation) on a line of their own, which says what they are. Points pegged past the
    game hole are not counted (the game is won there): said plainly under the deal that went out."""
    lines = [f"[bold]{escape(sitting_phrase('summary.heading', lang))}[/]"]
    for deal in deal_points(view):
        sides = []
        for side, got in enumerate(deal.sides):
            name = escape(side_name(names, side, view.partners))
            detail = ", ".join(
                sitting_phrase("summary.reason", lang, reason=reason_name(key, lang), points=got[key])
                for key in REASONS["en"]
                if got.get(key) and deal.deal
            )
            key = "summary.side_detail" if detail else "summary.side"
            sides.append(sitting_phrase(key, lang, name=name, points=deal.total(side), detail=escape(detail)))
        which = "summary.deal" if deal.deal else "summary.start"
        lines.append("  " + sitting_phrase(which, lang, deal=deal.deal, sides=" · ".join(sides)))
        for side in range(len(deal.sides)):
            if deal.lost(side):
                name = escape(side_name(names, side, view.partners))
                past = sitting_phrase("summary.uncounted", lang, name=name, points=deal.lost(side))
                lines.append("    " + past)
    return lines
