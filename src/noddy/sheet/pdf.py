"""The rules page printed to PDF by Chromium, driven by Playwright (the ``pdf`` extra): the same page
the web app serves, through the same print stylesheet a browser's Print uses, so the handout on
paper and the PDF are laid out by one engine. The browser is the machine's own Chromium or Google
Chrome where one is on the PATH (Debian's ``chromium-headless-shell`` or ``chromium``), else the one
``playwright install chromium`` fetched."""

from __future__ import annotations

import shutil
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from noddy.errors import NoddyError
from noddy.words import Reason, need_extra

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["BROWSERS", "PAPERS", "Printer", "browser_path", "pdf_bytes", "write_pdf"]

PAPERS = {"a4": "A4", "letter": "Letter"}
"""The papers a handout is printed on, by the name the command takes, with Chromium's."""

BROWSERS = (
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
)
"""The browsers looked for on the PATH, in order: Chromium's headless build first, where installed (the
same engine without the browser's window: the handout tests' whole CPU 21-25 s against 34-37 s)."""

_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""No network of the browser's own: the page is given whole, and asks for nothing."""


def browser_path() -> str | None:
    """The first of `BROWSERS` on the PATH, or ``None`` (Playwright's own browser is tried)."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


class Printer:
    """A browser held open to print pages to PDF, one after another (``with Printer() as printer``):
    refused on entering, saying what to install, without Playwright or a browser."""

    def __init__(self) -> None:
        self._stack = ExitStack()
        self._browser: Browser | None = None

    def __enter__(self) -> Printer:
        try:
            from playwright.sync_api import Error, sync_playwright
        except ImportError:
            need_extra("pdf", "noddy rules sheet --pdf")
            raise
        with self._stack as stack:
            playwright = stack.enter_context(sync_playwright())
            try:
                self._browser = playwright.chromium.launch(
                    executable_path=browser_path(), headless=True, args=_ARGS
                )
            except Error as exc:
                why = str(exc).strip().splitlines()[0]
                raise NoddyError(Reason("sheet_no_browser", why=why)) from None
            stack.callback(self._browser.close)
            self._stack = stack.pop_all()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def pdf(self, html: str, paper: str = "a4") -> bytes:
        """``html`` (a whole page, nothing to fetch) printed on ``paper`` (`PAPERS`), as PDF bytes;
        its margins are the page's own (``@page``)."""
        assert self._browser is not None, "print inside `with Printer() as printer`"
        page = self._browser.new_page()
        try:
            page.set_content(html, wait_until="load")
            return page.pdf(format=PAPERS[paper], prefer_css_page_size=False)
        finally:
            page.close()


def pdf_bytes(html: str, paper: str = "a4") -> bytes:
    """``html`` printed on ``paper`` by a `Printer` of its own, as PDF bytes."""
    with Printer() as printer:
        return printer.pdf(html, paper)


def write_pdf(html: str, path: Path, paper: str = "a4") -> None:
    """``html`` printed to the PDF file ``path`` (`pdf_bytes`); a file that cannot be written is
    refused, saying why."""
    made = pdf_bytes(html, paper)
    try:
        path.write_bytes(made)
    except OSError as exc:
        raise NoddyError(Reason("sheet_unwritable", path=str(path), why=exc.strerror or str(exc))) from None
