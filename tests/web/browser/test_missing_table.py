"""A link to no table (issue 24, item 2) gets a page that says so, in the reader's language, with the
id it was given quoted short and a way back to the lobby, as a 404; not an empty table stuck
connecting."""

from __future__ import annotations

from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect
from test_browser import PHONE, LiveServer, browser, server, watch_errors

from noddy.errors import quoted

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

LONG = "x" * 60_000


def test_a_link_to_no_table_is_a_404_page_with_the_way_back(client: TestClient) -> None:
    response = client.get("/t/nosuchtable")
    assert response.status_code == 404
    assert "There is no such table" in response.text
    assert "'nosuchtable'" in response.text and 'href="/"' in response.text
    french = client.get("/t/nosuchtable", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 404 and "Cette table n’existe pas" in french.text
    assert "Cette table" in client.get("/t/nosuchtable?lang=fr").text
    replay = client.get("/replay/nosuchtable")  # a replay's link to no table alike
    assert replay.status_code == 404 and "There is no such table" in replay.text


def test_an_address_that_is_no_page_gets_the_page_a_link_to_no_table_gets(client: TestClient) -> None:
    """Not the raw {"detail":"Not Found"} (issue 35, item 4); the API still answers JSON."""
    response = client.get("/no/such/page")
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    assert "There is no such page" in response.text
    assert "'/no/such/page'" in response.text and 'href="/"' in response.text
    french = client.get("/no/such/page", headers={"Accept-Language": "fr"})
    assert french.status_code == 404 and "Cette page n’existe pas" in french.text
    api = client.get("/api/no/such/thing")
    assert api.status_code == 404 and api.json() == {"detail": "Not Found"}


def test_a_very_long_id_is_quoted_short(client: TestClient) -> None:
    response = client.get("/t/" + LONG)
    assert response.status_code == 404
    assert quoted(LONG) in response.text and "x" * 41 not in response.text
    assert len(response.content) < 3_000


def test_the_page_at_phone_size_says_it_and_leads_to_the_lobby(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport=PHONE)
    errors = watch_errors(page)
    response = page.goto(server.address + "/t/nosuchtable")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("There is no such table")
    expect(page.locator("#missing-line")).to_contain_text("'nosuchtable'")
    assert page.title() == "No such table — Noddy"
    link = page.locator("#to-lobby")
    expect(link).to_be_in_viewport()
    box = link.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    long = page.goto(server.address + "/t/" + LONG)
    assert long is not None and long.status == 404
    expect(page.locator("#missing-line")).to_contain_text("(60000 characters)")
    page.evaluate("localStorage.setItem('noddy.lang', 'fr')")
    page.goto(server.address + "/t/nosuchtable")
    expect(page.locator("h1")).to_have_text("Cette table n’existe pas")
    expect(page.locator("#missing-line")).to_contain_text("'nosuchtable'")
    expect(page).to_have_title("Table introuvable — Noddy")
    link.click()
    expect(page.locator("#new-title")).to_have_text("Ouvrir une table")
    assert not errors
    page.close()
