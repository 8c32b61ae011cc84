"""What is wrong with a rule set, a rules file or an override: the rules' error keys (said in French
by `noddy.words.faults`)."""

from __future__ import annotations

from noddy.errors import Fault

__all__ = ["RulesFault"]


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
