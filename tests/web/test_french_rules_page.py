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
