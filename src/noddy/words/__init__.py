"""Words: how noddy says things (calls, event lines, phrases, card names) in English and French,
as plain structured data; the terminal and the web only style and draw them."""

from noddy.words.calls import (
    LANGUAGES,
    NAMES,
    SPECIAL_NAMES,
    CallPart,
    announce,
    call,
    card_name,
    check_language,
    item_name,
    say,
)
from noddy.words.lines import Happening, Line, Part, event_line, possessive, side_name, verb
from noddy.words.phrases import (
    PHRASES,
    REASONS,
    count_heading,
    jack_receiver_name,
    phrase,
    reason_name,
    stake_line,
    turned_jack_line,
)

__all__ = [
    "LANGUAGES",
    "NAMES",
    "PHRASES",
    "REASONS",
    "SPECIAL_NAMES",
    "CallPart",
    "Happening",
    "Line",
    "Part",
    "announce",
    "call",
    "card_name",
    "check_language",
    "count_heading",
    "event_line",
    "item_name",
    "jack_receiver_name",
    "phrase",
    "possessive",
    "reason_name",
    "say",
    "side_name",
    "stake_line",
    "turned_jack_line",
    "verb",
]
