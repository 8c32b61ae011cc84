"""The rules page in French (issue 24, item 12): ``/rules/NAME?lang=fr`` says the rule set, its fields,
readings and choices in French, as ``noddy rules show --lang fr`` does."""

from __future__ import annotations

from fastapi.testclient import TestClient

from noddy.rules import preset_names


def test_the_rules_page_speaks_the_language_asked(client: TestClient) -> None:
    for name in preset_names():
        french = client.get(f"/rules/{name}", params={"lang": "fr"})
        assert french.status_code == 200
        assert '<html lang="fr">' in french.text and "<h2>La donne</h2>" in french.text
        assert "Qui donne le premier" in french.text and "Who deals first" not in french.text
    cribbage = client.get("/rules/cribbage", params={"lang": "fr"}).text
    assert "<strong>sa caboche</strong>" in cribbage and "<strong>his nobs</strong>" not in cribbage
    english = client.get("/rules/cribbage").text
    assert '<html lang="en">' in english and "<h2>Deal</h2>" in english and "Who deals first" in english
    assert client.get("/rules/cribbage", params={"lang": "xx"}).status_code == 200


def test_the_rules_page_reads_as_a_player_first_and_a_field_reference_after(client: TestClient) -> None:
    """The game's terms in plain sentences come first, every rule one by one (with a rules file's
    names in brackets) after, the sources last (issue 35, item 4)."""
    page = client.get("/rules/cribbage").text
    headings = ("The game in plain words", "Every rule, one by one", "<h2>Deal</h2>")
    plain, reference, deal = (page.index(s) for s in headings)
    sources = page.index("<h2>Sources</h2>")
    assert plain < reference < deal < sources
    assert page.index("Said when you cannot lay a card without passing 31") < reference
    assert page.index("(low_cut)") > reference
    french = client.get("/rules/cribbage", params={"lang": "fr"}).text
    headings = ("Le jeu en mots simples", "Chaque règle, une à une", "<h2>La donne</h2>")
    assert [french.index(s) for s in headings] == sorted(french.index(s) for s in headings)
