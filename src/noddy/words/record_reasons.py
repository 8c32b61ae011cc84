"""Why a game record is refused, in words: a record that does not read (its JSON, format, version
and fields), its rules, its seats, its result, and a replay that does not give what the record says.
Joined to the other reasons in `noddy.words.reasons`, said as they are."""

from __future__ import annotations

from noddy.words.reason_words import ReasonWords

__all__ = ["RECORD_REASON_WORDS"]

RECORD_REASON_WORDS: dict[str, ReasonWords] = {
    "record_action_text": ReasonWords(
        "cannot read action {text}: write a text such as {example}",
        "impossible de lire l’action {text} : écrivez un texte comme {example}",
    ),
    "record_action_form": ReasonWords(
        "cannot read action {text}: write 'SEAT: ACTION' or 'chance: ACTION'",
        "impossible de lire l’action {text} : écrivez 'SIÈGE: ACTION' ou 'chance: ACTION'",
    ),
    "record_action_who": ReasonWords(
        "cannot read action {text}: {who} is not a seat number or 'chance'",
        "impossible de lire l’action {text} : {who} n’est ni un numéro de siège ni 'chance'",
    ),
    "record_not_json": ReasonWords(
        "not a noddy record: {why}", "ce n’est pas un compte rendu de noddy : {why}"
    ),
    "record_unreadable": ReasonWords(
        "cannot read record {path}: {why}", "impossible de lire le compte rendu {path} : {why}"
    ),
    "record_not_utf8": ReasonWords(
        "cannot read record {path}: it is not UTF-8 text",
        "impossible de lire le compte rendu {path} : ce n’est pas du texte UTF-8",
    ),
    "record_format": ReasonWords(
        'not a noddy record ({found}): expected an object with "format": "{format}"',
        'ce n’est pas un compte rendu de noddy ({found}) : il faut un objet avec "format": "{format}"',
    ),
    "record_version": ReasonWords(
        '"version" {version} is not supported: this noddy reads version {known}',
        '"version" {version} n’est pas prise en charge : ce noddy lit la version {known}',
    ),
    "record_field": ReasonWords(
        "unknown field {field}: a record has only {fields}",
        "champ inconnu {field} : un compte rendu n’a que {fields}",
    ),
    "record_players": ReasonWords(
        '"players" is {players}: {rules} is played by {allowed} players',
        '"players" vaut {players} : {rules} se joue à {allowed} joueurs',
    ),
    "record_partners": ReasonWords(
        '"partners" is {partners}: write true or false', '"partners" vaut {partners} : écrivez true ou false'
    ),
    "record_partners_with": ReasonWords(
        '"partners" is {partners} with {players} players: {why}',
        '"partners" vaut {partners} à {players} joueurs : {why}',
    ),
    "record_seed": ReasonWords(
        '"seed" is {seed}: write a whole number, or leave it out',
        '"seed" vaut {seed} : écrivez un nombre entier, ou ne le mettez pas',
    ),
    "record_undos": ReasonWords(
        '"undos" is {undos}: write how many times moves were taken back (1 or more), or leave it out when'
        " none were",
        '"undos" vaut {undos} : écrivez combien de fois des coups ont été repris (1 ou plus), ou ne le'
        " mettez pas s’il n’y en a pas eu",
    ),
    "record_language": ReasonWords(
        "\"language\" is {language}: write one of {languages}, or leave it out for the rules' own",
        '"language" vaut {language} : écrivez l’une de {languages}, ou ne le mettez pas pour celle des'
        " règles",
    ),
    "record_actions": ReasonWords(
        '"actions" is {actions}: write a list of texts such as {example}',
        '"actions" vaut {actions} : écrivez une liste de textes comme {example}',
    ),
    "record_action_not_text": ReasonWords(
        'action {number} in "actions" is {text}: write a text such as {example}',
        'l’action {number} de "actions" vaut {text} : écrivez un texte comme {example}',
    ),
    "record_action": ReasonWords(
        'action {number} in "actions": {why}', 'l’action {number} de "actions" : {why}'
    ),
    "record_action_seat": ReasonWords(
        'action {number} in "actions" is {text}: there is no seat {seat}; seats are 0 to {last}',
        'l’action {number} de "actions" vaut {text} : il n’y a pas de siège {seat} ; les sièges vont de 0'
        " à {last}",
    ),
    "record_missing": ReasonWords(
        'the record has no "{field}" field; it needs {fields}',
        'le compte rendu n’a pas de champ "{field}" ; il lui faut {fields}',
    ),
    "record_rules": ReasonWords(
        '"rules" is {rules}: write {forms}', '"rules" vaut {rules} : écrivez {forms}'
    ),
    "record_rules_toml": ReasonWords(
        '"rules.toml" is {toml}: write the rule set as TOML text',
        '"rules.toml" vaut {toml} : écrivez les règles en texte TOML',
    ),
    "record_rules_preset": ReasonWords(
        '"rules.preset" is {preset}: write a preset name such as "cribbage"',
        '"rules.preset" vaut {preset} : écrivez le nom de règles connues, comme "cribbage"',
    ),
    "record_rules_set": ReasonWords(
        '"rules.set" is {overrides}: write a list of texts such as {example}',
        '"rules.set" vaut {overrides} : écrivez une liste de textes comme {example}',
    ),
    "record_rules_load": ReasonWords(
        '"rules" {rules} do not load: {why}', '"rules" {rules} ne se chargent pas : {why}'
    ),
    "record_seats": ReasonWords(
        '"seats" is {seats}: list {players} seats such as {example}',
        '"seats" vaut {seats} : donnez {players} sièges comme {example}',
    ),
    "record_seat": ReasonWords(
        'seat {number} in "seats" is {seat}: write {form}',
        'le siège {number} de "seats" vaut {seat} : écrivez {form}',
    ),
    "record_seat_texts": ReasonWords(
        'seat {number} in "seats" is {seat}: "name" and "kind" are texts, e.g. {example}',
        'le siège {number} de "seats" vaut {seat} : "name" et "kind" sont des textes, par exemple {example}',
    ),
    "record_seat_name": ReasonWords(
        'seat {number} in "seats" has a name of {length} characters ({name}): a seat\'s name has at most'
        " {most}",
        'le siège {number} de "seats" a un nom de {length} caractères ({name}) : le nom d’un siège en a au'
        " plus {most}",
    ),
    "record_seat_kind": ReasonWords(
        'seat {number} in "seats" has the kind {what}: write one of {known}',
        'le siège {number} de "seats" est du type {what} : écrivez l’un de {known}',
    ),
    "record_result": ReasonWords(
        '"result" is {result}: write {form}', '"result" vaut {result} : écrivez {form}'
    ),
    "record_result_scores": ReasonWords(
        '"result.scores" is {scores}: write {sides} whole numbers, one per side',
        '"result.scores" vaut {scores} : écrivez {sides} nombres entiers, un par camp',
    ),
    "record_result_winner": ReasonWords(
        '"result.winner" is {winner}: write a side from 0 to {last}, or null',
        '"result.winner" vaut {winner} : écrivez un camp de 0 à {last}, ou null',
    ),
    "record_result_stake": ReasonWords(
        '"result.stake" is {stake}: write a name and a number, e.g. {example}',
        '"result.stake" vaut {stake} : écrivez un nom et un nombre, par exemple {example}',
    ),
    "record_replay": ReasonWords(
        "action {number} ({text}) is refused when replayed: {why}",
        "l’action {number} ({text}) est refusée une fois rejouée : {why}",
    ),
    "record_not_over": ReasonWords(
        "the record gives the result {result}, but its game is not over when replayed",
        "le compte rendu donne le résultat {result}, mais sa partie n’est pas finie une fois rejouée",
    ),
    "record_scores_differ": ReasonWords(
        "the record says the scores are {expected}, the replay gives {replayed}",
        "le compte rendu dit que les scores sont {expected}, la partie rejouée donne {replayed}",
    ),
    "record_winner_differs": ReasonWords(
        "the record says side {expected} won, the replay gives {replayed}",
        "le compte rendu dit que le camp {expected} a gagné, la partie rejouée donne {replayed}",
    ),
    "record_stake_differs": ReasonWords(
        "the record says the stake is {expected}, the replay gives {replayed}",
        "le compte rendu dit que l’enjeu est {expected}, la partie rejouée donne {replayed}",
    ),
}
"""The words of every reason a game record is refused for, one record a key."""
