"""What is wrong with a rule set, a rules file or an override: the rules' error keys (said in French
by `noddy.words.faults`)."""

from __future__ import annotations

from noddy.errors import Fault, NoddyError, RulesError

__all__ = ["RulesFault", "at"]


class RulesFault(Fault):
    """A kind of bad rules input; each sentence names the field path or the text that was given."""

    PLAYERS = "{players} players is not allowed by these rules: allowed are {allowed}"
    NOT_A_FIELD = "{path} is not a rules field; give section.field, e.g. 'hand.flush'"
    OVERRIDE_FORM = "cannot read override {item}: write it as section.field=value"
    NOT_A_TABLE = "{path}: {part} is not a table"
    UNKNOWN_PRESET = "unknown rule set {name}. Known: {known} (or give a .toml file)"
    UNKNOWN_PRESET_CLOSE = (
        "unknown rule set {name}; did you mean {close}? Known: {known} (or give a .toml file)"
    )
    UNKNOWN_SECTION = "unknown section {name}. Known: {known} (in {path})"
    UNKNOWN_SECTION_CLOSE = "unknown section {name}; did you mean {close}? Known: {known} (in {path})"
    AT = "{where}: {error}"
    """An error found at a place (a rules file, a preset, a field path): ``error`` says what."""
    RULES = "rules"
    RULES_TEXT = "rules text"
    PRESET = "preset"
    """The word before a preset's name where an error says which rule set it is in."""
    NO_FILE = "no rules file {name}{where}{hint}"
    LOOKED_FOR = " (looked for {path})"
    PRESET_HINT = "; for the preset, write {stem}"
    FOLDER = "{name} is a folder, not a rules file: give a .toml file"
    UNREADABLE = "cannot read rules file {name}: {why}"
    NOT_UTF8 = "{name}: not UTF-8 text (byte 0x{byte} at offset {offset}); save the rules file as UTF-8"
    EXTENDS_NOT_TEXT = "extends: give a preset name or a .toml file as text, not {parent}"
    EXTENDS_CIRCLE = "extends: {chain} goes round in a circle"
    EXTENDS = "extends: {error}"
    UNKNOWN_KEY = "unknown key {name}. Known: {known}"
    UNKNOWN_KEY_CLOSE = "unknown key {name}; did you mean {close}? Known: {known}"
    UNKNOWN_FIELD = "unknown field {name}. Known: {known}"
    UNKNOWN_FIELD_CLOSE = "unknown field {name}; did you mean {close}? Known: {known}"
    NO_RULE = (
        'says no rule: start from a rule set, e.g. extends = "cribbage", and change what differs, or'
        " write out the whole rule set as 'noddy rules show NAME --toml' does"
    )
    NO_NAME = 'name: give the rule set a name, e.g. name = "my-house-rules"'
    SECTION_TABLE = "expected a table [{section}], got {value}"
    EXPECTED_TEXT = "expected text, got {value}"
    SOURCES = "source: expected a list of [[source]] tables"
    SOURCE_NAME = 'source[{i}]: each [[source]] needs name = "..."'
    SOURCE_KEYS = "source[{i}]: unknown keys {keys}; allowed: name, file, page, url"
    NOTES = 'notes: expected a table of field path = "note"'
    NOTE_PATH = "notes: {path} is not a field path such as 'hand.flush'"
    NOTE_TEXT = "notes.{path}: expected text"
    NOT_ALLOWED = "{path}: {value} is not allowed; allowed: {allowed}"
    NOT_ALLOWED_WHY = "{path}: {value} is not allowed ({why}); allowed: {allowed}"
    """A field's value refused: ``allowed`` is the field's own words for what it allows (its codec's
    ``allowed``), said in French by the words of the rules' fields."""
    RUN_LENGTH = "a run has 3 cards or more, not {key}"
    LURCH_KEYS = "each lurch needs name, below and games"
    LURCH_GAMES = "a lurch counts 2 games or more"
    SHAPE_PLAYERS = "{key} players is not supported; give 2, 3 or 4"
    SHAPE_DEALT = "{where} needs at least dealt = N"
    SHAPE_KEYS = "unknown keys {keys}"
    NEEDS_NAME = "a rule set needs a name"
    NOT_A_LANGUAGE = "{language} is not a language noddy speaks; write one of {known}"
    NO_DEAL = "give the deal for at least one number of players, e.g. 2"
    NO_CARD_DEALT = "each player needs at least one card"
    NO_CARD_LEFT = "discarding {discard} of {dealt} leaves no card to play"
    PACK_TOO_SMALL = "the deal needs {used} cards with the turn-up; a pack has 52"
    NO_CRIB = "cards go to a crib but crib.kind is 'none'; set crib.kind or remove them"
    NOBODY_DISCARDS = "crib.kind is 'dealer' but nobody discards to it; set discard"
    DEALER_CRIB_DEALT = "a dealer's crib is made of discards, not dealt"
    OWN_CRIB_EMPTY = "crib.kind is 'own' but no card goes to it; set crib_dealt or discard"
    OWN_CRIB_FROM_PACK = "own cribs take no card from the pack"
    THIRTY_ONE_EXTRA_ONE = (
        "1 point on top of the 31's own score, but making 31 scores nothing (play.thirty_one is off);"
        " give play.thirty_one points, or set thirty_one_extra = 0"
    )
    THIRTY_ONE_EXTRA = (
        "{extra} points on top of the 31's own score, but making 31 scores nothing (play.thirty_one is"
        " off); give play.thirty_one points, or set thirty_one_extra = 0"
    )
    LURCH_BELOW = (
        "{below} is not between 1 and the target {target}; change game.lurch with the target"
        " (game.lurch=[] for none)"
    )


def at(where: object, error: NoddyError) -> RulesError:
    """``error`` said as found at ``where`` (a path or a field's, as given; a preset as
    ``(RulesFault.PRESET, its name quoted)``): "hand.flush: ...", in the reader's language."""
    return RulesError(RulesFault.AT, where=where, error=error)
