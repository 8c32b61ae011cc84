"""The command line's own words (``noddy`` at a terminal), in English and French: how an error is
introduced ("error:", "erreur :"), what a command says of options it cannot take, and the few lines
of the commands that list, compare and check rule sets, analyze hands, serve and show the demo.

>>> command_phrase("error", "fr")
'erreur :'
>>> command_phrase("advise.whose_crib", "fr")[:24]
'dites à qui est le crib '
"""

from __future__ import annotations

from noddy.words.calls import fill_phrase

__all__ = ["COMMAND_LINE", "command_phrase"]

COMMAND_LINE: dict[str, dict[str, str]] = {
    "en": {
        "error": "error:",
        "see_help": "{message} (see '{command} --help')",
        "aborted": "aborted",
        "output.unwritable": "cannot write the output: {reason}",
        "lang.unknown": "--lang {given}: noddy speaks {langs}; give one of them",
        "seats.none": "--seats {seats} names no seat: give one seat kind a player, e.g. human,greedy",
        "seats.empty": "--seats {seats} has an empty entry: give one seat kind a player, e.g. human,greedy",
        "seats.unknown": "unknown seat {kind}; use one of: {kinds}",
        "seats.count": "--seats names {seats} seat(s) but --players gives {players}",
        "seats.once": "give the seat kinds once, with --seats",
        "players.not_a_number": "--players {players}: give a number of players, 2, 3 or 4 as the rules allow",
        "players.old_spelling": "note: --players {players} is the old spelling of --seats {players}",
        "players.none": "--players {count}: a game needs players; give 2, 3 or 4 as the rules allow",
        "players.none_allowed": "--players {count}: a game needs players; these rules allow {allowed}",
        "review.top": "--top {top}: show at least 1 mistake",
        "train.kind": "--kind {kind}: {rules} drills {kinds}",
        "train.unreadable": "cannot read the progress file {path}: {why}",
        "train.not_a_file": (
            "the progress file {path} is not a file (a device, pipe or folder): give the path of a"
            " file, made if it is missing"
        ),
        "train.stuck": (
            "the progress file {path} cannot be read ({why}) nor set aside ({error}); move it away or"
            " give another with --progress"
        ),
        "score.missing": 'give the cards and the turn-up, e.g. noddy score "Jh 4d 5d" --turnup 6h',
        "score.failed": "{failed} line(s) failed; each has its error on standard output",
        "score.unreadable": "cannot read batch file {source}: {why}",
        "rules.twice": "give --rules or --compare-rules, not both",
        "rules.compare_one": "--compare-rules needs two or more rule sets, comma-separated, not {given}",
        "advise.whose_crib": "say whose crib it is: --dealer (yours) or --pone (the dealer's)",
        "list.heading": "[bold]Rule sets[/] (use the name with --rules, or 'noddy rules show NAME')",
        "list.players": "{players} players, {game}.",
        "list.target": "game {target} up",
        "list.single_deal": "a single deal",
        "list.source": "source: {sources}",
        "compare.same": "{a} and {b} have the same rules.",
        "compare.title": "Where {a} and {b} differ ({n} rules)",
        "compare.rule": "rule",
        "check.valid": "{file}: a valid rule set",
        "sheet.paper": "--paper {paper}: give one of {papers}",
        "sheet.written": "{file}: {titles}, the rules to print",
        "check.changes": "It changes {n} rule(s) of {parent}:",
        "fields.header": "| field | knob | meaning | allowed |",
        "analyze.counting.hand": "Counting every {size}-card hand with every turn-up...",
        "analyze.counting.crib": "Counting every {size}-card crib with every turn-up...",
        "analyze.heading.hand": (
            "{title}: hands of {size} cards plus the turn-up, {deals} deals ({seconds} s)"
        ),
        "analyze.heading.crib": (
            "{title}: cribs of {size} cards plus the turn-up, {deals} deals ({seconds} s)"
        ),
        "analyze.summary": "mean [bold]{mean}[/], maximum [bold]{max}[/]",
        "analyze.points": "points",
        "analyze.deals": "deals",
        "analyze.share": "share",
        "serve.port": "--port {port}: give a port from 1 to 65535, e.g. 8000",
        "serve.bot_delay": "--bot-delay {delay}: give the seconds as a number from 0 up, e.g. 0.8",
        "serve.proxy": (
            "--proxy {proxy}: {entry} is not an IP address or network; give your reverse proxy's"
            " address, e.g. 127.0.0.1 (several comma-separated, or * for any)"
        ),
        "serve.db_twice": "give --db or --data-dir, not both: --db names the whole database",
        "serve.cluster": (
            "--bot-cluster {address}: no dask scheduler answers there ({why}); start one (dask"
            " scheduler) and give its address, e.g. tcp://10.0.0.5:8786, or leave --bot-cluster out"
        ),
        "serve.serving": "[bold]noddy[/] is serving at {address}  (database: {db})",
        "serve.open": "Open that address in your browser; press Ctrl+C to stop.",
        "serve.lan_join": "Phones on this network open {url} (the lobby shows its QR code, to scan).",
        "serve.lan_others": "If it does not open, this machine's other addresses: {urls}",
        "serve.lan_none": (
            "No network address yet: turn on this laptop's hotspot or join a network; the lobby at"
            " {address} then shows the address phones open, with its QR code."
        ),
        "serve.lan_trust": (
            "Anyone on this network can open it and sit at an open table (no password, no encryption):"
            " serve on a network you trust, never a public one."
        ),
        "serve.lan_loopback": (
            "--lan --host {host}: a phone cannot reach this machine's loopback address; give one of its"
            " network addresses, e.g. 10.42.0.1, or leave --host out"
        ),
        "serve.lan_proxy": "give --lan or --proxy, not both: --lan serves the phones directly, with no proxy",
        "demo.try": (
            "Try: [bold]noddy rules show willughby[/], [bold]noddy rules compare willughby cribbage[/],"
            ' [bold]noddy score "5h 5d 5c Js" -t 5s -r cribbage[/], [bold]noddy analyze hands -r'
            " cribbage[/]  (all commands: [bold]noddy --help[/])"
        ),
    },
    "fr": {
        "error": "erreur :",
        "see_help": "{message} (voir « {command} --help »)",
        "aborted": "abandon",
        "output.unwritable": "impossible d’écrire la sortie : {reason}",
        "lang.unknown": "--lang {given} : noddy parle {langs} ; donnez l’une de ces langues",
        "seats.none": (
            "--seats {seats} ne nomme aucune place : donnez une sorte de joueur par place, par ex."
            " human,greedy"
        ),
        "seats.empty": (
            "--seats {seats} a une entrée vide : donnez une sorte de joueur par place, par ex. human,greedy"
        ),
        "seats.unknown": "place inconnue {kind} ; prenez l’une de : {kinds}",
        "seats.count": "--seats nomme {seats} place(s) mais --players en donne {players}",
        "seats.once": "donnez les sortes de joueurs une seule fois, avec --seats",
        "players.not_a_number": (
            "--players {players} : donnez un nombre de joueurs, 2, 3 ou 4 selon les règles"
        ),
        "players.old_spelling": "note : --players {players} est l’ancienne façon d’écrire --seats {players}",
        "players.none": (
            "--players {count} : une partie a besoin de joueurs ; donnez 2, 3 ou 4 selon les règles"
        ),
        "players.none_allowed": (
            "--players {count} : une partie a besoin de joueurs ; ces règles en permettent {allowed}"
        ),
        "review.top": "--top {top} : montrez au moins 1 erreur",
        "train.kind": "--kind {kind} : {rules} entraîne à {kinds}",
        "train.unreadable": "impossible de lire le fichier de progrès {path} : {why}",
        "train.not_a_file": (
            "le fichier de progrès {path} n'est pas un fichier (un périphérique, un tube ou un"
            " dossier) : donnez le chemin d'un fichier, créé s'il manque"
        ),
        "train.stuck": (
            "le fichier de progrès {path} ne se lit pas ({why}) et ne peut être mis de côté ({error}) ;"
            " déplacez-le ou donnez-en un autre avec --progress"
        ),
        "score.missing": 'donnez les cartes et la retournée, par ex. noddy score "Vh 4d 5d" --turnup 6h',
        "score.failed": "{failed} ligne(s) en échec ; chacune a son erreur sur la sortie standard",
        "score.unreadable": "impossible de lire le fichier de lots {source} : {why}",
        "rules.twice": "donnez --rules ou --compare-rules, pas les deux",
        "rules.compare_one": (
            "--compare-rules demande au moins deux jeux de règles, séparés par des virgules, pas {given}"
        ),
        "advise.whose_crib": "dites à qui est le crib : --dealer (le vôtre) ou --pone (celui du donneur)",
        "list.heading": (
            "[bold]Jeux de règles[/] (donnez le nom à --rules, ou « noddy rules show NOM »)"
        ),
        "list.players": "{players} joueurs, {game}.",
        "list.target": "partie en {target} points",
        "list.single_deal": "une seule donne",
        "list.source": "source : {sources}",
        "compare.same": "{a} et {b} ont les mêmes règles.",
        "compare.title": "Où {a} et {b} diffèrent ({n} règles)",
        "compare.rule": "règle",
        "check.valid": "{file} : un jeu de règles valide",
        "sheet.paper": "--paper {paper} : donnez l’un de {papers}",
        "sheet.written": "{file} : {titles}, les règles à imprimer",
        "check.changes": "Il change {n} règle(s) de {parent} :",
        "fields.header": "| champ | réglage | sens | permis |",
        "analyze.counting.hand": "Compte de chaque main de {size} cartes avec chaque retournée...",
        "analyze.counting.crib": "Compte de chaque crib de {size} cartes avec chaque retournée...",
        "analyze.heading.hand": (
            "{title} : mains de {size} cartes plus la retournée, {deals} donnes ({seconds} s)"
        ),
        "analyze.heading.crib": (
            "{title} : cribs de {size} cartes plus la retournée, {deals} donnes ({seconds} s)"
        ),
        "analyze.summary": "moyenne [bold]{mean}[/], maximum [bold]{max}[/]",
        "analyze.points": "points",
        "analyze.deals": "donnes",
        "analyze.share": "part",
        "serve.port": "--port {port} : donnez un port de 1 à 65535, par ex. 8000",
        "serve.bot_delay": (
            "--bot-delay {delay} : donnez les secondes en nombre à partir de 0, par ex. 0.8"
        ),
        "serve.proxy": (
            "--proxy {proxy} : {entry} n’est ni une adresse IP ni un réseau ; donnez l’adresse de votre"
            " proxy inverse, par ex. 127.0.0.1 (plusieurs séparées par des virgules, ou * pour toutes)"
        ),
        "serve.db_twice": "donnez --db ou --data-dir, pas les deux : --db nomme toute la base",
        "serve.cluster": (
            "--bot-cluster {address} : aucun ordonnanceur dask n’y répond ({why}) ; lancez-en un (dask"
            " scheduler) et donnez son adresse, par ex. tcp://10.0.0.5:8786, ou omettez --bot-cluster"
        ),
        "serve.serving": "[bold]noddy[/] sert à l’adresse {address}  (base : {db})",
        "serve.open": "Ouvrez cette adresse dans votre navigateur ; Ctrl+C pour arrêter.",
        "serve.lan_join": (
            "Les téléphones de ce réseau ouvrent {url} (le salon montre son code QR, à scanner)."
        ),
        "serve.lan_others": "Si elle ne s’ouvre pas, les autres adresses de cette machine : {urls}",
        "serve.lan_none": (
            "Pas encore d’adresse réseau : activez le point d’accès de cet ordinateur ou rejoignez un"
            " réseau ; le salon, à {address}, montrera alors l’adresse que les téléphones ouvrent, avec"
            " son code QR."
        ),
        "serve.lan_trust": (
            "Quiconque est sur ce réseau peut l’ouvrir et s’asseoir à une table ouverte (ni mot de passe,"
            " ni chiffrement) : servez sur un réseau de confiance, jamais sur un réseau public."
        ),
        "serve.lan_loopback": (
            "--lan --host {host} : un téléphone ne peut pas joindre l’adresse de bouclage de cette"
            " machine ; donnez l’une de ses adresses réseau, par ex. 10.42.0.1, ou omettez --host"
        ),
        "serve.lan_proxy": (
            "donnez --lan ou --proxy, pas les deux : --lan sert les téléphones directement, sans proxy"
        ),
        "demo.try": (
            "Essayez : [bold]noddy rules show willughby --lang fr[/], [bold]noddy rules compare willughby"
            ' cribbage --lang fr[/], [bold]noddy score "5h 5d 5c Vs" -t 5s -r french[/], [bold]noddy'
            " analyze hands -r french[/]  (toutes les commandes : [bold]noddy --help[/])"
        ),
    },
}
"""Each of the command line's own phrases, per language (some hold rich markup: they are printed
as they are)."""


def command_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the command line in ``lang`` with its values filled in."""
    return fill_phrase(COMMAND_LINE, key, lang, values)
