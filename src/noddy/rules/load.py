"""Rules from and to TOML: presets, house-rules files with ``extends``, and ``--set`` overrides.

``load_rules("willughby")``, ``load_rules(path)`` and overrides all produce the same frozen `Rules`,
and ``loads_rules(dump_rules(r)) == r`` for every rule set.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from noddy.errors import QUOTED, NotationError, RulesError, quoted
from noddy.rules.faults import RulesFault, at
from noddy.rules.model import FIELDS, SECTIONS, Rules, Source
from noddy.textdata import read_toml

__all__ = [
    "dump_rules",
    "extended",
    "is_rules_file",
    "load_rules",
    "loads_rules",
    "parse_override",
    "preset_names",
    "read_rules_file",
    "rules_from_data",
    "rules_to_data",
]

TOP_KEYS = ("name", "title", "summary", "language", "extends", "source", "notes")
PATHS = frozenset(spec.path for spec in FIELDS)
EXTENDS_WORDS = frozenset({"base", "based_on", "parent", "preset", "inherit", "inherits", "from", "extend"})
"""Top-level keys written for ``extends`` (which no spelling measure finds close to it)."""


PRESETS = Path(__file__).with_name("presets")
"""The shipped presets' folder (package data, installed beside this module)."""


@cache
def preset_names() -> tuple[str, ...]:
    """The names of the shipped presets in the order a newcomer meets them (`ORDER`): the lobby's,
    the trainer's and ``noddy rules list``'s."""
    names = {p.name.removesuffix(".toml") for p in PRESETS.iterdir() if p.name.endswith(".toml")}
    order = ORDER + tuple(sorted(names - set(ORDER)))
    return tuple(n for n in order if n in names)


ORDER = (
    "cribbage",
    "willughby",
    "du-coeur",
    "strawberry",
    "noddy-rules",
    "french",
    "early-cribbage",
    "five-card-cribbage",
    "four-card",
    "crib-noddy-old",
    "crib-noddy-new",
)
"""Cribbage first, the game a newcomer knows or has heard of; then the family by the age of the game
each plays: Noddy as Willughby wrote it (c.1665-70, the oldest account), the readings of that game by
the date of the reading, early cribbage, five-card cribbage (Hoyle), and last the modern variants."""


def _preset_data(name: str) -> dict[str, Any]:
    path = PRESETS / f"{name}.toml"
    if not path.is_file():
        raise _unknown_one(RulesFault.UNKNOWN_PRESET, RulesFault.UNKNOWN_PRESET_CLOSE, name, preset_names())
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _unknown_one(
    fault: RulesFault, close_fault: RulesFault, name: str, known: Iterable[str], **more: str
) -> RulesError:
    """An unknown name refused with the names known, and the known one most like it if any."""
    known = list(known)
    close = difflib.get_close_matches(name, known, n=1)
    said = {"name": quoted(name), "known": ", ".join(known), **more}
    if close:
        return RulesError(close_fault, close=repr(close[0]), **said)
    return RulesError(fault, **said)


def _preset(name: str) -> tuple[RulesFault, str]:
    """A preset where an error says which rule set it is in: "preset 'cribbage'"."""
    return RulesFault.PRESET, repr(name)


@cache
def _load_preset(name: str) -> Rules:
    return _from_data(_preset_data(name), _preset(name))


def is_rules_file(spec: str | Path) -> bool:
    """Whether ``spec`` names a rules file (a path, or a name ending in .toml) rather than a preset."""
    text = str(spec)
    return isinstance(spec, Path) or text.endswith(".toml") or "/" in text


def read_rules_file(path: Path, shown: str | None = None) -> dict[str, Any]:
    """The TOML data of a rules file; `RulesError` says what is wrong with the file (``shown`` is
    how to name it: by default its path as given)."""
    name = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        full = path.absolute()
        where = "" if str(full) == name else RulesError(RulesFault.LOOKED_FOR, path=full)
        hint = RulesError(RulesFault.PRESET_HINT, stem=repr(path.stem)) if path.stem in preset_names() else ""
        raise RulesError(RulesFault.NO_FILE, name=repr(name), where=where, hint=hint) from None
    except IsADirectoryError:
        raise RulesError(RulesFault.FOLDER, name=repr(name)) from None
    except OSError as exc:
        raise RulesError(RulesFault.UNREADABLE, name=repr(name), why=exc.strerror) from None
    except UnicodeDecodeError as exc:
        byte = f"{exc.object[exc.start]:02x}"
        raise RulesError(RulesFault.NOT_UTF8, name=name, byte=byte, offset=exc.start) from None
    try:
        data = read_toml(text)
    except NotationError as exc:
        raise at(name, exc) from None
    data.setdefault("name", path.stem)
    return data


def load_rules(spec: str | Path, overrides: Iterable[str] = ()) -> Rules:
    """A preset by name, or a TOML file by path, with ``path=value`` overrides applied.

    >>> load_rules("cribbage", ["game.target=61", "game.lurch=[]"]).game.target
    61
    """
    overrides = tuple(overrides)
    text = str(spec)
    is_file = is_rules_file(spec)
    if not is_file and not overrides:
        return _load_preset(text)
    folder = Path()
    if is_file:
        path = Path(text)
        data = read_rules_file(path)
        origin: object = text
        folder = path.parent
    else:
        data = _preset_data(text)
        origin = _preset(text)
    for item in overrides:
        path_text, value = parse_override(item)
        _set_path(data, path_text, value)
    return _from_data(data, origin, folder)


def extended(path: Path) -> str | Path | None:
    """What a rules file extends: a preset's name, or the path of a rules file (relative to the
    file's own folder); None when it extends nothing."""
    parent = read_rules_file(path).get("extends")
    if not isinstance(parent, str):
        return None
    return path.parent / parent if is_rules_file(parent) else parent


def loads_rules(text: str) -> Rules:
    """Rules from TOML text (as written by `dump_rules`, or a house-rules file)."""
    try:
        data = read_toml(text)
    except NotationError as exc:
        raise RulesError(exc.fault or str(exc), **exc.values) from None
    return _from_data(data, RulesFault.RULES_TEXT)


def parse_override(item: str) -> tuple[str, Any]:
    """Split ``"play.thirty_one=per_card"`` into a field path and a TOML value (bare words are text)."""
    path, sep, raw = item.partition("=")
    if not sep or not path.strip():
        raise RulesError(RulesFault.OVERRIDE_FORM, item=quoted(item))
    raw = raw.strip()
    try:
        value = read_toml(f"v = {raw}")["v"]
    except NotationError:
        value = raw
    return path.strip(), value


def _set_path(data: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    if parts[0] not in SECTIONS:
        faults = (RulesFault.UNKNOWN_SECTION, RulesFault.UNKNOWN_SECTION_CLOSE)
        raise _unknown_one(*faults, parts[0], SECTIONS, path=quoted(path))
    node = data
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise RulesError(RulesFault.NOT_A_TABLE, path=quoted(path), part=quoted(part))
    node[parts[-1]] = value


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and key != "players":
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve_extends(
    data: Mapping[str, Any], origin: object, folder: Path, seen: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The data with what it extends merged in; a parent file is found from ``folder``."""
    parent = data.get("extends")
    if parent is None:
        return dict(data)
    if not isinstance(parent, str):
        raise at(origin, RulesError(RulesFault.EXTENDS_NOT_TEXT, parent=quoted(parent)))
    if is_rules_file(parent):
        path = folder / parent
        key = str(path.resolve())
        if key in seen:
            raise at(origin, RulesError(RulesFault.EXTENDS_CIRCLE, chain=" -> ".join((*seen, key))))
        try:
            parent_data = read_rules_file(path, parent)
        except RulesError as exc:
            raise at(origin, RulesError(RulesFault.EXTENDS, error=exc)) from None
        base = _resolve_extends(parent_data, str(path), path.parent, (*seen, key))
    else:
        if parent in seen:
            raise at(origin, RulesError(RulesFault.EXTENDS_CIRCLE, chain=" -> ".join((*seen, parent))))
        base = _resolve_extends(_preset_data(parent), _preset(parent), folder, (*seen, parent))
    child = {k: v for k, v in data.items() if k != "extends"}
    merged = _merge({k: v for k, v in base.items() if k not in ("name", "title", "summary")}, child)
    if "title" not in child:
        merged["title"] = f"{base.get('title', parent)}, with house rules"
    if "summary" not in child:
        merged["summary"] = f"house rules based on {parent}"
    return merged


def _check_keys(data: Mapping[str, Any], origin: object) -> None:
    """Refuse a top-level key that is neither a section nor one of `TOP_KEYS`, naming the key most
    like it (or ``extends`` for a word often meant for it)."""
    known = (*TOP_KEYS, *SECTIONS)
    for key in data:
        if key not in TOP_KEYS and key not in SECTIONS:
            faults = (RulesFault.UNKNOWN_KEY, RulesFault.UNKNOWN_KEY_CLOSE)
            if str(key).lower() in EXTENDS_WORDS:
                said = {"name": quoted(key), "close": "'extends'", "known": ", ".join(known)}
                raise at(origin, RulesError(RulesFault.UNKNOWN_KEY_CLOSE, **said))
            raise at(origin, _unknown_one(*faults, key, known))


def rules_from_data(
    data: Mapping[str, Any], *, origin: str | None = None, folder: Path | None = None
) -> Rules:
    """Build validated `Rules` from parsed TOML data; errors name the field path and what is allowed,
    and where the data came from (``origin``, a file's name as given; by default "rules").
    A rules file it extends is found from ``folder`` (by default, the current folder). Data that
    neither extends a rule set nor gives any section says no rule, and is refused; an unknown key is
    named first, as it is most likely why (``base = "cribbage"`` for ``extends``)."""
    return _from_data(data, RulesFault.RULES if origin is None else origin, folder)


def _from_data(data: Mapping[str, Any], origin: object, folder: Path | None = None) -> Rules:
    """`rules_from_data`, its ``origin`` a value an error says in the reader's language (a file's
    name, `RulesFault.RULES_TEXT`, a preset as `_preset` names it)."""
    _check_keys(data, origin)
    if "extends" not in data and not any(key in SECTIONS for key in data):
        raise at(origin, RulesError(RulesFault.NO_RULE))
    data = _resolve_extends(data, origin, folder or Path())
    _check_keys(data, origin)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise at(origin, RulesError(RulesFault.NO_NAME))
    kwargs: dict[str, Any] = {
        "name": name,
        "title": _text(data, "title"),
        "summary": _text(data, "summary"),
        "language": _text(data, "language") or "en",
        "sources": _sources(data.get("source", [])),
        "notes": _notes(data.get("notes", {})),
    }
    for section_name, cls in SECTIONS.items():
        raw = data.get(section_name, {})
        if not isinstance(raw, Mapping):
            table = RulesError(RulesFault.SECTION_TABLE, section=section_name, value=quoted(raw))
            raise at(section_name, table)
        kwargs[section_name] = _section(section_name, cls, raw)
    try:
        return Rules(**kwargs)
    except RulesError as exc:
        raise at(origin, exc) from None


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise at(key, RulesError(RulesFault.EXPECTED_TEXT, value=quoted(value)))
    return value


def _sources(raw: Any) -> tuple[Source, ...]:
    if not isinstance(raw, list):
        raise RulesError(RulesFault.SOURCES)
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise RulesError(RulesFault.SOURCE_NAME, i=i)
        extra = set(item) - {"name", "file", "page", "url"}
        if extra:
            raise RulesError(RulesFault.SOURCE_KEYS, i=i, keys=sorted(extra))
        out.append(Source(**{k: str(v) for k, v in item.items()}))
    return tuple(out)


def _notes(raw: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, Mapping):
        raise RulesError(RulesFault.NOTES)
    out = []
    for path, note in raw.items():
        section, _, name = path.partition(".")
        if f"{section}.{name.split('.')[0]}" not in PATHS:
            raise RulesError(RulesFault.NOTE_PATH, path=repr(path))
        if not isinstance(note, str):
            raise RulesError(RulesFault.NOTE_TEXT, path=path)
        out.append((path, note))
    return tuple(sorted(out))


def _section(section_name: str, cls: type, raw: Mapping[str, Any]) -> Any:
    known = {spec.name: spec for spec in FIELDS if spec.section == section_name}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        spec = known.get(key)
        if spec is None:
            where = f"{section_name}.{key}" if len(key) <= QUOTED else section_name
            faults = (RulesFault.UNKNOWN_FIELD, RulesFault.UNKNOWN_FIELD_CLOSE)
            raise at(where, _unknown_one(*faults, key, known))
        values[key] = spec.codec.read(value, spec.path)
    return cls(**values)


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """The rules as plain TOML data (every field, so the file stands alone)."""
    data: dict[str, Any] = {"name": rules.name}
    if rules.title:
        data["title"] = rules.title
    if rules.summary:
        data["summary"] = rules.summary
    if rules.language != "en":
        data["language"] = rules.language
    if rules.sources:
        data["source"] = [
            {k: v for k, v in (("name", s.name), ("file", s.file), ("page", s.page), ("url", s.url)) if v}
            for s in rules.sources
        ]
    for spec in FIELDS:
        value = getattr(getattr(rules, spec.section), spec.name)
        data.setdefault(spec.section, {})[spec.name] = spec.codec.write(value)
    if rules.notes:
        data["notes"] = dict(rules.notes)
    return data


def dump_rules(rules: Rules) -> str:
    """The rules as TOML text that `loads_rules` reads back equal."""
    import tomli_w  # only writing rules needs it, not loading them

    return tomli_w.dumps(rules_to_data(rules))
