"""The counting trainer's words: each item of a count as a step with its cards ("J♥ + 5♦ = 15 → 2"),
the drills' names, the questions and the verdicts, in English and French.

>>> from noddy.cards import parse_cards
>>> from noddy.scoring import Kind, ScoreItem
>>> fifteen = ScoreItem(Kind.FIFTEEN, parse_cards("Jh 5d"), 2)
>>> [s.text for s in steps([fifteen, fifteen])]
['J♥ + 5♦ = 15 → 2', 'J♥ + 5♦ = 15 → 2']
>>> steps([ScoreItem(Kind.PAIR, parse_cards("5d 5h"), 2)], lang="fr")[0].text
'une paire : 5♦ 5♥ → 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from noddy.cards import Card
from noddy.rules import Rules
from noddy.scoring import FACTS, Kind, ScoreItem
from noddy.words.calls import CallPart, call, check_language, fill_phrase
from noddy.words.card_names import card_text, cards_text, knave_name
from noddy.words.kinds import KIND_WORDS

__all__ = [
    "TRAIN_PHRASES",
    "Step",
    "aside_line",
    "bye_line",
    "drill_name",
    "question_prompt",
    "steps",
    "train_phrase",
]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a count explained: the item's call part, the sum its cards make (for 15, 25
    and 31) and the step in words."""

    part: CallPart
    sum: int | None
    text: str

    def to_json(self) -> dict[str, Any]:
        return {**self.part.to_json(), "sum": self.sum, "text": self.text}


def steps(items: Sequence[ScoreItem], rules: Rules | None = None, lang: str = "en") -> tuple[Step, ...]:
    """A count item by item with its cards: a sum as "J♥ + 5♦ = 15 → 2", any other item as
    "a run of three: 4♦ 5♦ 6♥ → 3"."""
    colon = " : " if lang == "fr" else ": "
    made = []
    for item, part in zip(items, call(items, rules, lang), strict=True):
        target = FACTS[item.kind].target
        cards = cards_text(item.cards, lang)
        if target is not None:
            text = f"{' + '.join(card_text(c, lang) for c in item.cards)} = {target} → {item.points}"
        else:
            text = f"{part.name}{colon}{cards} → {item.points}"
        made.append(Step(part, target, text))
    return tuple(made)


TRAIN_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Count this hand: how many points does it score?",
        "crib": "Count this crib: how many points does it score?",
        "announcement": "What do you announce for this hand?",
        "announcement_dealer": "You deal. What do you announce for this hand?",
        "play": "The count is {count}. What does {card} peg?",
        "hand.kind": "Count this hand: how many points does it score in all, {kind} and everything else?",
        "crib.kind": "Count this crib: how many points does it score in all, {kind} and everything else?",
        "announcement.kind": "What do you announce for this hand, in all: {kind} and everything else?",
        "announcement_dealer.kind": (
            "You deal. What do you announce for this hand, in all: {kind} and everything else?"
        ),
        "play.kind": "The count is {count}. What does {card} peg in all, {kind} and everything else?",
        "play_note": "(not counting the point for the last card)",
        "aside.ask": (
            "Your {knave} ({cards}) was pegged at the start, before the announcement: leave it out."
        ),
        "aside.answer": (
            "{knave} ({cards}): pegged at the start, before the announcement, so not in this count."
        ),
        "kind.pegged_apart": (
            "{rules} pegs {knave}, the Jack of the turn-up's suit held in hand, at the start, before the"
            " announcement: no count holds it, so there is no drill of it (the questions that hold one"
            " say to leave it out). {rules} drills {kinds}"
        ),
        "held": "Your cards",
        "crib_cards": "The crib",
        "turnup": "Turned up",
        "pile": "Laid since the count began",
        "card": "Laid now",
        "right": "Right: {total}.",
        "wrong": "Not quite: you said {given}, the count is {total}.",
        "nothing": "Nothing scores here: 0.",
        "ask": "Your count (a number; ? for help, q to stop): ",
        "help": (
            "Type the whole count as a number (0 if nothing scores) and press Enter: every item, whatever"
            " the drill. q (or the end of the input) stops; your progress is kept after each answer."
        ),
        "not_number": "{text!r} is not a number of points; type a whole number such as 6, or q to stop.",
        "drill": "Drill",
        "drill.mixed": "mixed deals",
        "drill.hand": "hands to count",
        "drill.crib": "cribs to count",
        "drill.announcement": "announcements",
        "drill.play": "the play",
        "drill.offence": "offence or defence?",
        "kind": "kind",
        "asked": "asked",
        "right_col": "right",
        "seconds": "mean time",
        "box": "box",
        "round_start": "Timed round: {seconds} seconds. Go!",
        "round_over": "Time! {right} right out of {answered} in {seconds} s (best: {best}).",
        "new_best": "A new best!",
        "time_left": "{left} s left",
        "late": (
            "That answer came after the time was up: it is checked below but counts nowhere (not in the"
            " round, your progress or this session's tally)."
        ),
        "progress_file": "Progress kept in {path}",
        "progress_damaged": "Your progress file {path} could not be read ({why}); it is kept as {moved}"
        " and a new one is started.",
        "bye.all": "Well counted. {asked} question(s), {right} right.",
        "bye.most": "Getting there. {asked} question(s), {right} right.",
        "bye.few": "Keep practising: the steps above show where each point comes from. {asked} question(s),"
        " {right} right.",
        "bye.none": "No answers this time. {asked} question(s), {right} right.",
        "page_title": "Practise counting",
        "page_doc": "Noddy — practise counting",
        "page_left": "{left} s left",
        "page_rules": "Rule set",
        "page_drill": "Drill",
        "page_step": "One step at a time",
        "page_chosen": "Chosen for me (weak kinds more often)",
        "page_timed": "Timed round: {seconds} s",
        "page_check": "Check",
        "page_next": "Next question",
        "page_next_step": "Next step",
        "page_all_steps": "Show all",
        "page_progress": "Your progress",
        "page_asked": "Asked",
        "page_right": "Right",
        "page_time": "Mean time",
        "page_nothing_yet": "Nothing yet.",
        "page_not_number": "“{text}” is not a number of points: type a whole number such as 6, then Enter.",
    },
    "fr": {
        "hand": "Comptez cette main : combien de points vaut-elle ?",
        "crib": "Comptez ce crib : combien de points vaut-il ?",
        "announcement": "Qu'annoncez-vous pour cette main ?",
        "announcement_dealer": "Vous donnez. Qu'annoncez-vous pour cette main ?",
        "play": "Le compte est à {count}. Que marque {card} ?",
        "hand.kind": "Comptez cette main : combien de points vaut-elle en tout, {kind} et tout le reste ?",
        "crib.kind": "Comptez ce crib : combien de points vaut-il en tout, {kind} et tout le reste ?",
        "announcement.kind": "Qu'annoncez-vous pour cette main, en tout : {kind} et tout le reste ?",
        "announcement_dealer.kind": (
            "Vous donnez. Qu'annoncez-vous pour cette main, en tout : {kind} et tout le reste ?"
        ),
        "play.kind": "Le compte est à {count}. Que marque {card} en tout, {kind} et tout le reste ?",
        "play_note": "(sans le point de la dernière carte)",
        "aside.ask": ("Votre {knave} ({cards}) a été marqué au début, avant l’annonce : laissez-le de côté."),
        "aside.answer": "{knave} ({cards}) : marqué au début, avant l’annonce, donc hors de ce compte.",
        "held": "Vos cartes",
        "crib_cards": "Le crib",
        "turnup": "Retournée",
        "pile": "Jouées depuis le début du compte",
        "card": "Jouée maintenant",
        "right": "Juste : {total}.",
        "wrong": "Pas tout à fait : vous avez dit {given}, le compte est {total}.",
        "nothing": "Rien ne marque ici : 0.",
        "ask": "Votre compte (un nombre ; ? pour l'aide, q pour arrêter) : ",
        "help": (
            "Tapez le compte entier en nombre (0 si rien ne marque) puis Entrée : chaque combinaison,"
            " quel que soit l'exercice. q (ou la fin de l'entrée) arrête ; vos progrès sont gardés après"
            " chaque réponse."
        ),
        "kind.pegged_apart": (
            "{rules} marque le {knave} au début, avant l’annonce : aucun compte ne le contient, il n’y a"
            " donc pas d’exercice sur lui (les questions qui en ont un disent de le laisser de côté). {rules}"
            " propose {kinds}"
        ),
        "not_number": "{text!r} n'est pas un nombre de points ; tapez un nombre entier comme 6, ou q pour"
        " arrêter.",
        "drill": "Exercice",
        "drill.mixed": "donnes mêlées",
        "drill.hand": "mains à compter",
        "drill.crib": "cribs à compter",
        "drill.announcement": "les annonces",
        "drill.play": "le jeu",
        "drill.offence": "attaque ou défense ?",
        "kind": "genre",
        "asked": "posées",
        "right_col": "justes",
        "seconds": "temps moyen",
        "box": "boîte",
        "round_start": "Partie chronométrée : {seconds} secondes. Allez !",
        "round_over": "Temps écoulé ! {right} justes sur {answered} en {seconds} s (record : {best}).",
        "new_best": "Nouveau record !",
        "time_left": "encore {left} s",
        "late": (
            "Cette réponse est arrivée après la fin du temps : elle est corrigée ci-dessous mais ne compte"
            " nulle part (ni dans la partie, ni dans vos progrès, ni dans le bilan de la séance)."
        ),
        "progress_file": "Progrès gardés dans {path}",
        "progress_damaged": "Votre fichier de progrès {path} est illisible ({why}) ; il est gardé sous"
        " {moved} et un nouveau commence.",
        "bye.all": "Bien compté. {asked} question(s), {right} juste(s).",
        "bye.most": "Ça vient. {asked} question(s), {right} juste(s).",
        "bye.few": "Continuez à vous exercer : les étapes ci-dessus montrent d’où vient chaque point."
        " {asked} question(s), {right} juste(s).",
        "bye.none": "Aucune réponse cette fois. {asked} question(s), {right} juste(s).",
        "page_title": "S’exercer à compter",
        "page_doc": "Noddy — s’exercer à compter",
        "page_left": "encore {left} s",
        "page_rules": "Règles",
        "page_drill": "Exercice",
        "page_step": "Une étape à la fois",
        "page_chosen": "Choisi pour moi (les points faibles plus souvent)",
        "page_timed": "Partie chronométrée : {seconds} s",
        "page_check": "Vérifier",
        "page_next": "Question suivante",
        "page_next_step": "Étape suivante",
        "page_all_steps": "Tout montrer",
        "page_progress": "Vos progrès",
        "page_asked": "Posées",
        "page_right": "Justes",
        "page_time": "Temps moyen",
        "page_nothing_yet": "Rien encore.",
        "page_not_number": "« {text} » n'est pas un nombre de points : tapez un nombre entier comme 6,"
        " puis Entrée.",
    },
}
"""The trainer's phrases per language, with ``{fields}`` a face fills in."""


def train_page_phrases(lang: str = "en") -> dict[str, str]:
    """The trainer page's own words (its labels and buttons, and the lobby's link to it) as the web
    pages' phrase table holds them (``train.check``); ``{text}``, ``{seconds}`` and ``{left}`` are
    left for the page to fill in."""
    check_language(lang)
    return {f"train.{key[5:]}": text for key, text in TRAIN_PHRASES[lang].items() if key.startswith("page_")}


def train_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A trainer phrase in ``lang`` with its values filled in."""
    return fill_phrase(TRAIN_PHRASES, key, lang, values)


def question_prompt(
    what: str,
    lang: str = "en",
    *,
    dealer: bool = False,
    count: int = 0,
    card: Card | None = None,
    kind: str | None = None,
) -> str:
    """What a question asks: "Count this crib: ...", "You deal. What do you announce ...?", or for
    the play "The count is 15. What does Q♦ peg?". A question drawn for one ``kind`` of item asks
    plainly for the whole count all the same ("... in all, fifteens and everything else?"): it was
    chosen for holding that kind, and its answer is every item."""
    key = "announcement_dealer" if what == "announcement" and dealer else what
    shown = card_text(card, lang) if card is not None else ""
    if kind:
        return train_phrase(f"{key}.kind", lang, count=count, card=shown, kind=drill_name(kind, lang))
    return train_phrase(key, lang, count=count, card=shown)


def aside_line(items: Sequence[ScoreItem], rules: Rules, lang: str = "en", *, answer: bool = False) -> str:
    """What a question says of the Knave its holder pegged at the start, before announcing (the
    ``items`` the announcement leaves out), when asking (``answer`` false) and when answering;
    "" when nothing was set aside."""
    if not items:
        return ""
    shown = " ".join(card_text(c, lang) for item in items for c in item.cards)
    knave = knave_name(rules, lang)
    return train_phrase("aside.answer" if answer else "aside.ask", lang, knave=knave, cards=shown)


def bye_line(asked: int, right: int, lang: str = "en") -> str:
    """The end of a session, in words that follow the result: "Well counted." only when every
    answer was right, "Getting there." for half or more, else a word to keep practising."""
    if not asked:
        key = "bye.none"
    elif right == asked:
        key = "bye.all"
    else:
        key = "bye.most" if 2 * right >= asked else "bye.few"
    return train_phrase(key, lang, asked=asked, right=right)


def round_line(seconds: int, answered: int, right: int, best: int, new_best: bool, lang: str = "en") -> str:
    """The end of a timed round: "Time! 7 right out of 9 in 60 s (best: 7). A new best!"."""
    line = train_phrase("round_over", lang, right=right, answered=answered, seconds=seconds, best=best)
    return f"{line} {train_phrase('new_best', lang)}" if new_best else line


def drill_name(kind: str, lang: str = "en") -> str:
    """What a drill is called ("fifteens", "les suites"): a kind's by its word record, mixed deals
    and the drills of one sort of question (the play, cribs, announcements) by the trainer's phrase;
    an unknown kind by its own name."""
    check_language(lang)
    if kind in KIND_WORDS:
        return KIND_WORDS[Kind(kind)].drills[lang]
    if f"drill.{kind}" in TRAIN_PHRASES[lang]:
        return train_phrase(f"drill.{kind}", lang)
    return kind.replace("_", " ")
