"""JSON and TOML from outside (records, batch lines, progress files, house rules), read so that
bad text ends in a `NotationError` saying what is wrong, never in a parser's own exception; and
text from outside made safe to show at a terminal (`printable`, `printable_data`), which the
command line's console applies to all it shows: the text itself is kept as it was given.

Both parsers recurse once for each list or table inside another, so text nested thousands deep
would end in `RecursionError`; and data nested a few hundred deep, which parses, may still make
whatever walks it next recurse too far. Noddy's own files nest a few levels, so data nested deeper
than `DEPTH` is refused, whether the parser or the check finds it.

>>> read_json('{"held": "Jh 4d 5d"}')
{'held': 'Jh 4d 5d'}
>>> read_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
noddy.errors.NotationError: lists and tables are nested more than 32 deep; noddy's files nest a few levels
"""

from __future__ import annotations

import re
from typing import Any

from noddy.errors import Fault, NotationError

__all__ = ["DEPTH", "TextFault", "printable", "printable_data", "read_json", "read_toml"]

DEPTH = 32
"""How deep lists and tables (objects) may sit within each other; a record nests three deep."""

_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Control characters but the line break and the tab (C0, DEL, C1: a terminal's escape sequences
begin with them) and the marks that reorder text read right to left (they make text read other
than it is stored)."""


def printable(text: str) -> str:
    r"""``text`` from a file or a client, safe to show at a terminal: each control character (but a
    line break or a tab, which lay text out and start no sequence) written out as its escape
    (``\x1b``), so no sequence of it reaches the terminal (clearing the screen, setting the
    window's title, colouring what follows) and what was sent can still be read.

    >>> printable("Ann\x1b]0;owned\x07 \u202eevil")
    'Ann\\x1b]0;owned\\x07 \\u202eevil'
    """
    return _UNPRINTABLE.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


def printable_data(text: str) -> str:
    r"""JSON or TOML ``text`` (as a writer gives it) safe to show at a terminal, meaning the same: each
    character `printable` writes out written as both formats' escape (``\u009b``). Their writers
    escape C0 inside a string but leave C1 and the reordering marks raw; outside strings they
    write none of them.

    >>> printable_data('{"name": "Ann\x9b2J"}')
    '{"name": "Ann\\u009b2J"}'
    """
    return _UNPRINTABLE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class TextFault(Fault):
    """What is wrong with JSON or TOML text noddy reads."""

    JSON = "not valid JSON ({why} at {where})"
    JSON_AT = "column {column}"
    JSON_AT_LINE = "line {line}, column {column}"
    TOML = "not valid TOML: {why}"
    TOO_DEEP = "lists and tables are nested more than {depth} deep; noddy's files nest a few levels"
    NUMBER = "not a number noddy reads ({why})"
    NOT_UTF8 = "not UTF-8 text (byte 0x{byte} at offset {offset})"


def read_json(text: str | bytes) -> Any:
    """The data of JSON ``text`` (bytes are read as UTF-8); `NotationError` for text that is not
    UTF-8, not JSON, nested deeper than `DEPTH`, or with a number of more digits than Python
    converts (4,300)."""
    import json

    if isinstance(text, bytes):
        text = _decoded(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        at = TextFault.JSON_AT if exc.lineno == 1 else TextFault.JSON_AT_LINE
        where = NotationError(at, line=exc.lineno, column=exc.colno)
        raise NotationError(TextFault.JSON, why=exc.msg, where=where) from None
    except RecursionError:
        raise NotationError(TextFault.TOO_DEEP, depth=DEPTH) from None
    except ValueError as exc:
        raise NotationError(TextFault.NUMBER, why=str(exc)) from None
    _check_depth(data)
    return data


def read_toml(text: str) -> dict[str, Any]:
    """The data of TOML ``text``; `NotationError` for text that is not TOML, nested deeper than
    `DEPTH` (the message is the parser's, which says where), or with a number of more digits than
    Python converts (4,300)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NotationError(TextFault.TOML, why=str(exc)) from None
    except RecursionError:
        raise NotationError(TextFault.TOO_DEEP, depth=DEPTH) from None
    except ValueError as exc:
        raise NotationError(TextFault.NUMBER, why=str(exc)) from None
    _check_depth(data)
    return data


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotationError(TextFault.NOT_UTF8, byte=f"{data[exc.start]:02x}", offset=exc.start) from None


def _check_depth(data: Any) -> None:
    """Refuse ``data`` with lists or tables nested deeper than `DEPTH` (a walk without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > DEPTH:
            raise NotationError(TextFault.TOO_DEEP, depth=DEPTH)
        stack.extend((child, depth + 1) for child in children)
