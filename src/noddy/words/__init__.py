"""Words: how noddy says things (calls, event lines, phrases, card names) in English and French,
as plain structured data; the terminal and the web only style and draw them."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from noddy.words.advise import advise_phrase
    from noddy.words.calls import (
        LANGUAGES,
        SPECIAL_NAMES,
        CallPart,
        announce,
        call,
        card_name,
        check_language,
        item_name,
        opening,
        play_said,
        said_items,
        say,
    )
    from noddy.words.card_names import (
        KNAVE_NAMES,
        card_text,
        card_typed,
        card_words,
        cards_text,
        knave_name,
        plural_s,
        read_card,
        read_cards,
    )
    from noddy.words.command_line import COMMAND_LINE, command_phrase
    from noddy.words.counting import check_size, read_count
    from noddy.words.countplay import (
        COUNTPLAY_PHRASES,
        countplay_page_phrases,
        countplay_phrase,
        miss_line,
        tally_line,
    )
    from noddy.words.extras import EXTRA_MODULES, ExtraFault, need_extra
    from noddy.words.faults import FAULT_WORDS, FaultWords, say_error
    from noddy.words.glossary import DEAL_TERMS, DealTerm, glossary
    from noddy.words.kinds import KIND_WORDS, KindWords, glossary_entry
    from noddy.words.lines import (
        Happening,
        Line,
        Part,
        count_line,
        declared_words,
        event_line,
        side_name,
        verb,
    )
    from noddy.words.offence import drill_board, drill_choice, drill_lines, drill_way, offence_phrase
    from noddy.words.offline import OFFLINE_PAGE, offline_page_phrases
    from noddy.words.page import PAGE, page_phrases
    from noddy.words.phrases import (
        PHRASES,
        REASONS,
        agree,
        cannot_play,
        count_heading,
        jack_receiver_name,
        number_text,
        of_name,
        person,
        phrase,
        play_end_line,
        reason_name,
        stake_line,
        that_name,
        turned_jack_line,
        whose,
    )
    from noddy.words.prompt_words import PROMPT_WORDS, is_help_word, is_quit_word, prompt_phrase
    from noddy.words.reasons import REFUSALS, Reason, say_reason
    from noddy.words.review import action_words, review_phrase, review_scores
    from noddy.words.rule_fields import RULE_WORDS, rule_phrase, rule_rows
    from noddy.words.rule_sets import COUNTING, RULE_SETS, cited, counting_words, rule_set_words
    from noddy.words.sentences import number_words, points_words
    from noddy.words.sheet import SHEET, ScoreRow, score_rows, sheet_phrase, sheet_players, worked_intro
    from noddy.words.sim import SIM, partners_line, side_label, sides_heading, sim_phrase, source_label
    from noddy.words.sitting import SITTING, is_hint, sitting_phrase
    from noddy.words.terminal import TERMINAL, record_name, terminal_phrase, unshown_note, yes_or_no
    from noddy.words.train import (
        TRAIN_PHRASES,
        Step,
        aside_line,
        bye_line,
        drill_name,
        question_prompt,
        round_line,
        steps,
        train_page_phrases,
        train_phrase,
    )
    from noddy.words.undo import UNDO, is_undo, undo_page_phrases, undo_phrase
    from noddy.words.winchance import (
        WINCHANCE,
        bar_sides,
        is_bar_key,
        percent_text,
        win_page_phrases,
        win_phrase,
    )

__all__ = [
    "COMMAND_LINE",
    "COUNTING",
    "COUNTPLAY_PHRASES",
    "DEAL_TERMS",
    "EXTRA_MODULES",
    "FAULT_WORDS",
    "KIND_WORDS",
    "KNAVE_NAMES",
    "LANGUAGES",
    "OFFLINE_PAGE",
    "PAGE",
    "PHRASES",
    "PROMPT_WORDS",
    "REASONS",
    "REFUSALS",
    "RULE_SETS",
    "RULE_WORDS",
    "SHEET",
    "SIM",
    "SITTING",
    "SPECIAL_NAMES",
    "TERMINAL",
    "TRAIN_PHRASES",
    "UNDO",
    "WINCHANCE",
    "CallPart",
    "DealTerm",
    "ExtraFault",
    "FaultWords",
    "Happening",
    "KindWords",
    "Line",
    "Part",
    "Reason",
    "ScoreRow",
    "Step",
    "action_words",
    "advise_phrase",
    "agree",
    "announce",
    "aside_line",
    "bar_sides",
    "bye_line",
    "call",
    "cannot_play",
    "card_name",
    "card_text",
    "card_typed",
    "card_words",
    "cards_text",
    "check_language",
    "check_size",
    "cited",
    "command_phrase",
    "count_heading",
    "count_line",
    "counting_words",
    "countplay_page_phrases",
    "countplay_phrase",
    "declared_words",
    "drill_board",
    "drill_choice",
    "drill_lines",
    "drill_name",
    "drill_way",
    "event_line",
    "glossary",
    "glossary_entry",
    "is_bar_key",
    "is_help_word",
    "is_hint",
    "is_quit_word",
    "is_undo",
    "item_name",
    "jack_receiver_name",
    "knave_name",
    "miss_line",
    "need_extra",
    "number_text",
    "number_words",
    "of_name",
    "offence_phrase",
    "offline_page_phrases",
    "opening",
    "page_phrases",
    "partners_line",
    "percent_text",
    "person",
    "phrase",
    "play_end_line",
    "play_said",
    "plural_s",
    "points_words",
    "prompt_phrase",
    "question_prompt",
    "read_card",
    "read_cards",
    "read_count",
    "reason_name",
    "record_name",
    "review_phrase",
    "review_scores",
    "round_line",
    "rule_phrase",
    "rule_rows",
    "rule_set_words",
    "said_items",
    "say",
    "say_error",
    "say_reason",
    "score_rows",
    "sheet_phrase",
    "sheet_players",
    "side_label",
    "side_name",
    "sides_heading",
    "sim_phrase",
    "sitting_phrase",
    "source_label",
    "stake_line",
    "steps",
    "tally_line",
    "terminal_phrase",
    "that_name",
    "train_page_phrases",
    "train_phrase",
    "turned_jack_line",
    "undo_page_phrases",
    "undo_phrase",
    "unshown_note",
    "verb",
    "whose",
    "win_page_phrases",
    "win_phrase",
    "worked_intro",
    "yes_or_no",
]

_HOMES = {
    "advise": ("advise_phrase",),
    "calls": (
        "LANGUAGES", "SPECIAL_NAMES", "CallPart", "announce", "call", "card_name", "check_language",
        "item_name", "opening", "play_said", "said_items", "say",
    ),
    "card_names": (
        "KNAVE_NAMES", "card_text", "card_typed", "card_words", "cards_text",
        "knave_name", "plural_s",
        "read_card", "read_cards",
    ),
    "command_line": ("COMMAND_LINE", "command_phrase"),
    "counting": ("check_size", "read_count"),
    "countplay": (
        "COUNTPLAY_PHRASES", "countplay_page_phrases", "countplay_phrase", "miss_line", "tally_line",
    ),
    "extras": ("EXTRA_MODULES", "ExtraFault", "need_extra"),
    "faults": ("FAULT_WORDS", "FaultWords", "say_error"),
    "glossary": ("DEAL_TERMS", "DealTerm", "glossary"),
    "kinds": ("KIND_WORDS", "KindWords", "glossary_entry"),
    "lines": ("Happening", "Line", "Part", "count_line", "declared_words", "event_line", "side_name", "verb"),
    "offence": ("drill_board", "drill_choice", "drill_lines", "drill_way", "offence_phrase"),
    "offline": ("OFFLINE_PAGE", "offline_page_phrases"),
    "page": ("PAGE", "page_phrases"),
    "phrases": (
        "PHRASES", "REASONS", "agree", "cannot_play", "count_heading", "jack_receiver_name", "number_text",
        "of_name", "person", "phrase", "play_end_line", "reason_name", "stake_line", "that_name",
        "turned_jack_line", "whose",
    ),
    "prompt_words": ("PROMPT_WORDS", "is_help_word", "is_quit_word", "prompt_phrase"),
    "reasons": ("REFUSALS", "Reason", "say_reason"),
    "review": ("action_words", "review_phrase", "review_scores"),
    "sentences": ("number_words", "points_words"),
    "rule_fields": ("RULE_WORDS", "rule_phrase", "rule_rows"),
    "rule_sets": ("COUNTING", "RULE_SETS", "cited", "counting_words", "rule_set_words"),
    "sheet": ("SHEET", "ScoreRow", "score_rows", "sheet_phrase", "sheet_players", "worked_intro"),
    "sim": ("SIM", "partners_line", "side_label", "sides_heading", "sim_phrase", "source_label"),
    "sitting": ("SITTING", "is_hint", "sitting_phrase"),
    "terminal": ("TERMINAL", "record_name", "terminal_phrase", "unshown_note", "yes_or_no"),
    "train": (
        "TRAIN_PHRASES", "Step", "aside_line", "bye_line", "drill_name", "question_prompt", "round_line",
        "steps", "train_page_phrases", "train_phrase",
    ),
    "undo": ("UNDO", "is_undo", "undo_page_phrases", "undo_phrase"),
    "winchance": (
        "WINCHANCE", "bar_sides", "is_bar_key",
        "percent_text", "win_page_phrases", "win_phrase",
    ),
}
"""Where each public name lives: each module is imported when one of its names is first asked for, so
``noddy score`` loads the calls and the phrases, not the trainer's, the web page's or the simulator's
words."""


def __getattr__(name: str) -> Any:
    for module, names in _HOMES.items():
        if name in names:
            value = getattr(import_module(f"noddy.words.{module}"), name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
