"""The words a person may type at any prompt of the terminal besides its answers, per language: help
(as ``?``) and quit (as ``q``), and what the terminal says when a game is stopped unsaved, when a hint
is asked for where none is given, and when ``--record`` names a file that is there already. Words
typed are read in every language, so that an English ``help`` works in a French game too."""

from __future__ import annotations

from noddy.words.calls import fill_phrase

__all__ = ["PROMPT_WORDS", "is_help_word", "is_quit_word", "prompt_phrase"]

PROMPT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "help.words": "? help",
        "quit.words": "q quit exit",
        "hint.not_now": "Hints are given at the lay-away: type h when you lay cards away.",
        "stopped.unsaved": (
            "It was not saved: noddy play --record FILE saves a game as it goes,"
            " and noddy play --resume FILE plays it on."
        ),
        "record.exists": (
            "--record {path}: that file is there already. To play its game on: noddy play --resume"
            " {path}; to keep it, give another file name; to replace it, add --overwrite"
        ),
    },
    "fr": {
        "help.words": "? aide",
        "quit.words": "q quitter sortir",
        "hint.not_now": "Les conseils se donnent à l’écart : tapez h quand vous écartez des cartes.",
        "stopped.unsaved": (
            "Elle n’a pas été enregistrée : noddy play --record FICHIER enregistre une partie au fil du"
            " jeu, et noddy play --resume FICHIER la reprend."
        ),
        "record.exists": (
            "--record {path} : ce fichier existe déjà. Pour reprendre sa partie : noddy play --resume"
            " {path} ; pour le garder, donnez un autre nom de fichier ; pour le remplacer, ajoutez"
            " --overwrite"
        ),
    },
}
"""Each phrase per language (the ``*.words`` are the words read, separated by spaces)."""


def prompt_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the terminal's prompts in ``lang``, with its values filled in."""
    return fill_phrase(PROMPT_WORDS, key, lang, values)


def _typed(key: str) -> set[str]:
    return {word for phrases in PROMPT_WORDS.values() for word in phrases[key].split()}


def is_help_word(text: str) -> bool:
    """Whether ``text``, typed at a prompt, asks for help (``?``, ``help``, ``aide``).

    >>> is_help_word(" Help "), is_help_word("aide"), is_help_word("h")
    (True, True, False)
    """
    return text.strip().lower() in _typed("help.words")


def is_quit_word(text: str) -> bool:
    """Whether ``text``, typed at a prompt, asks to stop (``q``, ``quit``, ``exit``, ``quitter``).

    >>> is_quit_word("EXIT"), is_quit_word("quitter"), is_quit_word("5h")
    (True, True, False)
    """
    return text.strip().lower() in _typed("quit.words")
