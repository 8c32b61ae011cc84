"""The rules on paper: a rule set's rules page, as the web app serves it and as it prints (a handout
of one or two pages), and the same page printed to PDF (``noddy rules sheet``). A face, beside the
command line and the web app, which both use it; the PDF needs the ``pdf`` extra and a Chromium."""

from noddy.sheet.page import STYLESHEETS, WORKED_CARDS, WORKED_TURNUP, rules_document, worked_hand
from noddy.sheet.pdf import BROWSERS, PAPERS, Printer, browser_path, pdf_bytes, write_pdf

__all__ = [
    "BROWSERS",
    "PAPERS",
    "STYLESHEETS",
    "WORKED_CARDS",
    "WORKED_TURNUP",
    "Printer",
    "browser_path",
    "pdf_bytes",
    "rules_document",
    "worked_hand",
    "write_pdf",
]
