"""The table page's win-chance bar: each side's chance of winning from the start of every deal,
and each person's own toggle.

The bar is public information (the scores and the next dealer, `noddy.analysis.winchance.curve`), but
whether it is shown is the players' choice: against the computer it shows unless its person hides
it; between people only once every person has turned it on (`noddy.analysis.winchance.bar_shown`). A
person's choice is sent with ``POST /api/tables/{id}/winchance`` (proved by the seat's secret) and
kept with the table's seat in the store, so that every server of a site and a restart keep it. Each
seat's state message carries `winchance_fields`: whether the bar can be shown here, the seat's own
choice, how many people have it on, and the curve only when it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from noddy.analysis.winchance import bar_shown, curve, default_on, readiness
from noddy.game import DealStart, PlayerView
from noddy.web.live import LiveTable
from noddy.web.lookup import seat_or_403, table_or_404

__all__ = ["router", "winchance_fields"]

router = APIRouter()


class ChoiceIn(BaseModel):
    """A person's choice to show the bar or not."""

    model_config = ConfigDict(extra="forbid")
    secret: str = Field(max_length=64)
    on: bool


def winchance_fields(
    table: LiveTable,
    seat: int | None,
    view: PlayerView | None = None,
    starts: Sequence[DealStart] | None = None,
) -> dict[str, Any]:
    """What ``seat``'s page is told of the bar: ``offered`` (whether the board table serves these
    rules now), ``ready`` (`noddy.analysis.winchance.Readiness`: why not), ``on`` (the seat's own choice;
    ``None`` for a spectator), ``agreed`` of ``people`` persons have it on, ``shown``, and
    ``points`` (`noddy.analysis.winchance.Point`, only when shown), from ``view`` where the caller
    has built the seat's view of the table's state already, and its deals' ``starts`` where the
    caller kept them."""
    state = table.state
    people = table.people
    chosen = table.bar.on
    default = default_on(len(people))
    ready = readiness(table.rules, state.players, state.partners)
    offered = ready == "ready"
    shown = offered and bar_shown(people, chosen)
    return {
        "offered": offered,
        "ready": ready,
        "on": chosen.get(seat, default) if seat in people else None,
        "agreed": sum(chosen.get(s, default) for s in people),
        "people": len(people),
        "shown": shown,
        "points": _points(table, view or state.view(seat), starts) if shown else [],
    }


def _points(table: LiveTable, view: PlayerView, starts: Sequence[DealStart] | None) -> list[dict[str, Any]]:
    """The curve's points as the page reads them: from the deals' ``starts`` kept with the table
    (`noddy.web.kept.KeptDeals.curve`), else worked out from the view."""
    if starts is None:
        return [point.to_json() for point in curve(view)]
    return table.kept.curve(view, starts)


@router.post("/api/tables/{table_id}/winchance")
async def api_winchance(table_id: str, body: ChoiceIn, request: Request) -> dict[str, Any]:
    """Keep a person's choice to show the bar or not; the bar as that seat now sees it."""
    manager = request.app.state.manager
    table = table_or_404(manager, table_id)
    seat = seat_or_403(table, body.secret)
    manager.choose_bar(table, seat, body.on)
    return winchance_fields(table, seat)
