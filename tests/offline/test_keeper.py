"""noddy.offline.keeper: what the scorer and the board keeper know of a rule set (its board, hand
sizes and the reasons points are pegged for, named by the words layer in each language), the same
from the server and from the page's engine; and the count with the show's pieces and house rules."""

from __future__ import annotations

from noddy.offline import count, rule_set, rule_sets
from noddy.rules import dump_rules, load_rules, preset_names
from noddy.scoring import score_hand
from noddy.words import call, knave_name, read_card, read_cards, said_items


def test_every_preset_is_listed_with_its_board() -> None:
    sets = rule_sets()
    assert [s["name"] for s in sets] == list(preset_names())
    crib = sets[0]
    rules = load_rules("cribbage")
    assert (crib["target"], crib["end"], crib["players"], crib["partners"]) == (
        121,
        "target",
        [2, 3, 4],
        "always",
    )
    assert crib["hand"] == {"2": 4, "3": 4, "4": 4} and crib["titles"]["fr"].startswith("Cribbage")
    assert crib["rotation"] == rules.deal.rotation


def test_the_reasons_are_the_rule_sets_own_names_with_their_fixed_points() -> None:
    crib = {r["key"]: r for r in rule_set("cribbage")["reasons"]}
    rules = load_rules("cribbage")
    assert (
        crib["turned_jack"]["words"]["en"] == "His heels" == knave_name(rules, "en", turned=True).capitalize()
    )
    assert crib["turned_jack"]["points"] == 2 and crib["turned_jack"]["to"] == "dealer"
    assert crib["crib"]["to"] == "dealer" and crib["hand"]["points"] is None
    assert (crib["last_card"]["points"], crib["thirty_one"]["points"]) == (1, 2)
    assert "knave" not in crib and "muggins" not in crib
    noddy = {r["key"]: r for r in rule_set("strawberry")["reasons"]}
    assert noddy["turned_jack"]["words"] == {"en": "Knave Noddy turned up", "fr": "Noddy retourné"}
    assert "knave" in noddy and "crib" not in noddy
    early = {r["key"]: r for r in rule_set("early-cribbage")["reasons"]}
    assert early["compensation"]["points"] == 3 and early["compensation"]["to"] == "pone"
    four = {r["key"]: r for r in rule_set("four-card")["reasons"]}
    assert four["thirty_one"]["points"] is None, "a point a card: the points are typed"


def test_house_rules_are_read_from_the_files_text() -> None:
    text = dump_rules(load_rules("cribbage")).replace('name = "cribbage"', 'name = "ours"')
    text = text.replace("target = 121", "target = 61").replace("lurch = [", "lurch = [] #")
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("{ name"))
    text = text.replace("#\n]", "", 1)
    ours = rule_set(house=text)
    assert ours["name"] == "ours" and ours["house"] and ours["target"] == 61, ours
    bad = rule_set(house='name = "x"\n[game]\ntarget = -1\n')
    assert "game.target" in bad["error"]["en"] and "game.target" in bad["error"]["fr"]
    counted = count("", "5h 5d 5c Js", "5s", house=text)
    assert counted["total"] == 29 and counted["rules"] == "ours"


def test_the_count_carries_the_shows_pieces_and_running_totals() -> None:
    rules = load_rules("cribbage")
    items = score_hand(read_cards("5h 5d 5c Js"), read_card("5s"), rules)
    pieces = said_items(call(items, rules, "fr"), "fr")
    got = count("cribbage", "5h 5d 5c Js", "5s", lang="fr")
    assert [i["said"] for i in got["items"]] == list(pieces) == got["said"]
    assert [i["total"] for i in got["items"]][-1] == 29 and "caboche" in got["items"][-1]["said"]
    nothing = count("cribbage", "2h 4d 10c Qs", "Kh")
    assert nothing["items"] == [] and nothing["said"] == ["nothing to score, 0"]


def test_a_win_worth_more_than_a_game_is_said_by_the_losers_score() -> None:
    rules = load_rules("cribbage")
    stakes = rule_set("cribbage")["stakes"]
    for score in (0, 60, 61, 90):
        name, games = rules.game.stake(score)
        assert games > 1 and name in stakes[str(score)]["en"] and str(games) in stakes[str(score)]["fr"]
    assert "91" not in stakes and rules.game.stake(91) == ("game", 1)
    assert rule_set("willughby")["stakes"] == {}
