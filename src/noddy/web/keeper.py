"""The scorer and the board keeper on the web (``/score``, ``/board``): pages for a game played with
real cards, at a table, on a phone. What they ask is answered by `noddy.offline`, the module the
page's own engine runs when there is no network (`static/ask.js`): the server gives the same
answer from the same function, only sooner.

- ``GET /api/keeper/rules``: every preset's facts (`noddy.offline.rule_set`), with, for each number
  of players, whether the board table can give each side's chance of winning.
- ``POST /api/keeper/rules``: the facts of house rules (a rules file's text, kept on the device).
- ``POST /api/keeper/count``: a hand or crib counted (`noddy.offline.count`).
- ``GET /api/keeper/chance/{rules}/{players}/{partners}``: the board table of a preset, as data the
  board keeper keeps for use offline: each side's chance of winning from the start of a deal.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from noddy.analysis import board_if_built
from noddy.analysis.board import plays_as_partners
from noddy.offline import count, rule_set, rule_sets
from noddy.rules import load_rules, preset_names
from noddy.web.lookup import quoted
from noddy.words import LANGUAGES, Reason

__all__ = ["router"]

STATIC = Path(str(files("noddy.web") / "static"))
HOUSE_TEXT = 12_000
"""The longest house-rules file taken (a whole preset written out is about 6,000 characters)."""

router = APIRouter()


class HouseIn(BaseModel):
    """House rules: a rules file's text."""

    model_config = ConfigDict(extra="forbid")
    house: str = Field(max_length=HOUSE_TEXT)


class CountIn(BaseModel):
    """A hand or crib to count, under a preset or house rules, as the scorer's address gives it."""

    model_config = ConfigDict(extra="forbid")
    rules: str = Field(default="cribbage", max_length=64)
    house: str = Field(default="", max_length=HOUSE_TEXT)
    cards: str = Field(max_length=200)
    turnup: str = Field(default="", max_length=20)
    crib: bool = False
    lang: str | None = Field(default=None, max_length=8)


def _tables(name: str) -> dict[str, bool]:
    """For each way the preset is played ("2", "4", "4p" for partners), whether its board table is
    built (never building one: that takes minutes)."""
    rules = load_rules(name)
    ways = {}
    for players in rules.player_counts:
        for partners in {plays_as_partners(rules, players, None), False} if players == 4 else {False}:
            key = f"{players}{'p' if partners else ''}"
            ways[key] = board_if_built(rules, players, partners) is not None
    return ways


@router.get("/score", include_in_schema=False)
async def score_page() -> FileResponse:
    return FileResponse(STATIC / "score.html")


@router.get("/board", include_in_schema=False)
async def board_page() -> FileResponse:
    return FileResponse(STATIC / "board.html")


@router.get("/api/keeper/rules")
async def api_rule_sets() -> dict[str, Any]:
    """Every preset the scorer and the board keeper offer, with where the board table serves it."""
    return {"rule_sets": [{**facts, "chance": _tables(facts["name"])} for facts in rule_sets()]}


@router.post("/api/keeper/rules", response_model=None)
async def api_house(body: HouseIn) -> dict[str, Any] | JSONResponse:
    """House rules' facts; a file that is not good rules is refused (422) saying why, in each language
    (``detail``, as every refusal of the API: the page's own engine says it as ``error``)."""
    facts = rule_set(house=body.house)
    if "error" in facts:
        return JSONResponse({"detail": facts["error"]}, status_code=422)
    return {**facts, "chance": {}}


@router.post("/api/keeper/count", response_model=None)
async def api_count(body: CountIn) -> dict[str, Any] | JSONResponse:
    """The count of a hand or crib; a hand that cannot be (a card twice, too many) is refused (422)
    saying why in the page's language."""
    if body.lang is not None and body.lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise HTTPException(422, Reason("unknown_language", lang=quoted(body.lang), languages=known))
    answer = count(body.rules, body.cards, body.turnup, body.crib, body.lang, body.house)
    if "error" in answer:
        return JSONResponse({"detail": answer["error"]}, status_code=422)
    return answer


@router.get("/api/keeper/chance/{name}/{players}/{partners}")
async def api_chance(name: str, players: int, partners: bool) -> dict[str, Any]:
    """Each side's chance of winning from the start of a deal under the preset ``name`` with
    ``players`` (as partners or not), in thousandths: ``chance[dealer][score_1 * target + score_0]``
    is side 0's (a board of two sides, side 1's is the rest). 404 where the table is not built or
    cannot be."""
    if name not in preset_names():
        raise HTTPException(404, Reason("unknown_rules", rules=quoted(name), names=", ".join(preset_names())))
    rules = load_rules(name)
    table = board_if_built(rules, players, partners) if players in rules.player_counts else None
    if table is None or table.sides != 2:
        raise HTTPException(404, Reason("no_board_table", rules=name))
    target = table.target
    chance = [
        [round(1000 * float(v)) for v in table.array[dealer, :, :, 0].reshape(target * target)]
        for dealer in range(table.players)
    ]
    return {"rules": name, "players": players, "partners": table.partners, "target": target, "chance": chance}
