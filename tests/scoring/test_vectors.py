"""Every worked example and vector of the rules reference's §4, kept as data in tests/vectors/.

Hand vectors (E.., H..) are counted by the itemised scorer; play sequences (P.., E07, E15, E18-E20)
are checked card by card with the play scorer: the points each card scores, and the last-card point
where the series ends short of 31.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from typing import Any

import pytest

import paths
from noddy.cards import Card, parse_card, parse_cards
from noddy.rules import Rules, load_rules
from noddy.scoring import count_of, last_card_item, score_hand, score_play, total, turned_jack_item

VECTORS = paths.VECTORS


def _load(name: str, key: str) -> list[dict[str, Any]]:
    path = VECTORS / name
    return tomllib.loads(path.read_text(encoding="utf-8")).get(key, []) if path.exists() else []


HANDS = _load("hands.toml", "vector")
SEQUENCES = _load("play.toml", "sequence")
GAME_IDS = {
    row["id"].split("-")[0] for key in ("game", "margin", "start", "pack") for row in _load("games.toml", key)
}


@cache
def _rules(name: str, overrides: tuple[str, ...]) -> Rules:
    return load_rules(name, overrides)


def test_vectors_are_present() -> None:
    ids = {v["id"].split("-")[0] for v in HANDS} | {s["id"].split("-")[0] for s in SEQUENCES} | GAME_IDS
    for prefix, upto in (("E", 25), ("H", 38), ("P", 12), ("G", 6)):
        for n in range(1, upto + 1):
            wanted = f"{prefix}{n:02d}"
            assert any(i.startswith(wanted) for i in ids), f"no vector for {wanted}"


@pytest.mark.parametrize("vector", HANDS, ids=[v["id"] for v in HANDS])
def test_hand_vector(vector: dict[str, Any]) -> None:
    rules = _rules(vector["rules"], tuple(vector.get("set", [])))
    held = parse_cards(vector["held"])
    turnup = parse_card(vector["turnup"])
    items = score_hand(held, turnup, rules, crib=vector.get("crib", False))
    detail = [(i.kind, " ".join(map(str, i.cards)), i.points) for i in items]
    assert total(items) == vector["total"], f"{vector['source']}: got {detail}"
    if "items" in vector:
        got = Counter((i.kind, frozenset(i.cards), i.points) for i in items)
        want = Counter((w["kind"], frozenset(parse_cards(w["cards"])), w["points"]) for w in vector["items"])
        assert got == want, f"{vector['source']}: got {detail}"
    if "turned_jack" in vector:
        jack = turned_jack_item(turnup, rules)
        assert (jack.points if jack else 0) == vector["turned_jack"]


@pytest.mark.parametrize("seq", SEQUENCES, ids=[s["id"] for s in SEQUENCES])
def test_play_sequence(seq: dict[str, Any]) -> None:
    rules = _rules(seq["rules"], tuple(seq.get("set", [])))
    turnup = parse_card(seq["turnup"]) if "turnup" in seq else None
    team_of = {p: team for team, members in seq.get("teams", {}).items() for p in members}
    scores: Counter[str] = Counter()
    pile: list[Card] = []
    last_player = None
    for step in seq["steps"]:
        if "card" in step:
            card = parse_card(step["card"])
            pile.append(card)
            assert count_of(pile) == step["count"], f"{seq['id']}: count after {card}"
            items = score_play(pile, rules, turnup=turnup)
            assert total(items) == step["points"], (
                f"{seq['id']}: {step['player']} {card} scored {[(i.kind, i.points) for i in items]}"
            )
            if "items" in step:
                assert sorted(i.kind for i in items) == sorted(step["items"]), seq["id"]
            scores[team_of.get(step["player"], step["player"])] += total(items)
            last_player = step["player"]
        elif "last" in step:
            assert step["last"] == last_player, f"{seq['id']}: the last card was {last_player}'s"
            assert count_of(pile) < 31, f"{seq['id']}: a 31 takes no last-card point"
            item = last_card_item(pile[-1], rules)
            assert item is not None and item.points == step["points"]
            scores[team_of.get(step["last"], step["last"])] += item.points
        elif step.get("reset"):
            pile = []
    for who, expected in seq["totals"].items():
        assert scores[who] == expected, f"{seq['id']}: {who} totals {scores[who]}, expected {expected}"
