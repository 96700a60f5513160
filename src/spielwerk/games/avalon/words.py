"""The short words Avalon's picture and page prose use (labels, not content), in English, German and
French.

Content names and verse prose come from `text.<lang>.toml` through `CONTENT.text`; these are the
few words around them (Day, Omen, Health, …). Another language falls back to English, as the
content's prose does.
"""

from __future__ import annotations

from spielwerk.games.avalon.content import CONTENT

GERMAN = {
    "Day": "Tag", "Dawn": "Morgengrauen", "End of Day": "Tagesende", "Game over": "Spielende",
    "won": "gewonnen", "lost, the menhirs went dark": "verloren, die Menhire sind erloschen",
    "lost, time ran out": "verloren, die Zeit ist um", "lost, nobody is left": "verloren, niemand ist übrig",
    "Omen": "Omen", "Mercy": "Gnade", "Deck": "Stapel", "Dreams": "Träume", "Top event": "Oberstes Ereignis",
    "Verse": "Vers", "Fight": "Kampf", "round": "Runde", "Test": "Probe", "Quests": "Aufgaben",
    "Events": "Ereignisse", "none": "keine", "riddle": "Rätsel", "harder": "schwerer",
    "Health": "Gesundheit", "Energy": "Energie", "Terror": "Schrecken",
    "food": "Nahrung", "wealth": "Reichtum", "magic": "Magie", "reputation": "Ansehen",
    "might": "Stärke", "wits": "Verstand", "spirit": "Geist",
    "shelter": "Unterschlupf", "wild": "wild", "relic site": "Reliktort", "menhir": "Menhir",
    "explore": "erkunden", "activate": "entzünden", "explored": "erkundet", "on arrival": "bei Ankunft",
    "dead": "tot", "mad": "wahnsinnig", "passed": "gepasst", "done": "fertig", "waited": "gewartet",
    "feverish": "fiebrig", "blessed": "gesegnet", "exhausted": "erschöpft", "spare": "abgelegt",
    "relics": "Relikte", "items": "Gegenstände", "at": "in", "to move": "am Zug",
    "rest": "rasten", "improve": "verbessern",
    "equip": "ausrüsten", "act": "handeln", "join or decline": "mitmachen oder ablehnen", "choose": "wählen",
    "fight or flee": "kämpfen oder fliehen",
    "Travel: click a neighbouring card": "Reisen: Klick auf eine Nachbarkarte",
}
"""German for every word below; English is the key itself."""

FRENCH = {
    "Day": "Jour", "Dawn": "Aube", "End of Day": "Fin de journée", "Game over": "Partie terminée",
    "won": "gagné", "lost, the menhirs went dark": "perdu, les menhirs se sont éteints",
    "lost, time ran out": "perdu, le temps est écoulé", "lost, nobody is left": "perdu, il ne reste personne",
    "Omen": "Présage", "Mercy": "Miséricorde", "Deck": "Pioche", "Dreams": "Rêves",
    "Top event": "Événement du dessus",
    "Verse": "Verset", "Fight": "Combat", "round": "manche", "Test": "Test", "Quests": "Quêtes",
    "Events": "Événements", "none": "aucun", "riddle": "énigme", "harder": "plus difficile",
    "Health": "Santé", "Energy": "Énergie", "Terror": "Terreur",
    "food": "nourriture", "wealth": "richesse", "magic": "magie", "reputation": "réputation",
    "might": "Force", "wits": "Astuce", "spirit": "Esprit",
    "shelter": "abri", "wild": "sauvage", "relic site": "site de relique", "menhir": "menhir",
    "explore": "explorer", "activate": "allumer", "explored": "exploré", "on arrival": "à l'arrivée",
    "dead": "a péri", "mad": "a perdu la raison", "passed": "a passé", "done": "a fini",
    "waited": "a attendu",
    "feverish": "fièvre", "blessed": "bénédiction", "exhausted": "épuisé", "spare": "rangé",
    "relics": "reliques", "items": "objets", "at": "à", "to move": "à jouer",
    "rest": "se reposer", "improve": "s'améliorer",
    "equip": "s'équiper", "act": "agir", "join or decline": "se joindre ou refuser", "choose": "choisir",
    "fight or flee": "combattre ou fuir",
    "Travel: click a neighbouring card": "Voyager : cliquez sur une carte voisine",
}
"""French for every word below."""
TRANSLATED = {"de": GERMAN, "fr": FRENCH}
"""The labels in each language but English (English is each key itself)."""

INITIALS = {"en": {"food": "F", "wealth": "W", "magic": "M", "reputation": "R"},
            "de": {"food": "N", "wealth": "R", "magic": "M", "reputation": "A"},
            "fr": {"food": "N", "wealth": "R", "magic": "M", "reputation": "É"}}
"""A resource's one-letter mark on a chip."""


def word(text: str, language: str) -> str:
    """`text` (an English label) in `language`."""
    return TRANSLATED.get(language, {}).get(text, text)


def initial(resource: str, language: str) -> str:
    """The one-letter mark of a resource in `language`."""
    return INITIALS.get(language, INITIALS["en"])[resource]


def prose(key: str, language: str) -> str:
    """Content prose (`location.7`, `verse.7a.start`) in `language`, English where it has none."""
    return CONTENT.text(key, language if language in CONTENT.texts else "en")


def location_name(number: int, language: str) -> str:
    """A location's name ("Ashford", "Aschfurt")."""
    return prose(f"location.{number}", language)


def character_name(number: int, language: str) -> str:
    """A character's name with its title ("Cadoc, smith")."""
    return f"{prose(f'character.{number}', language)}, {prose(f'character.{number}.title', language)}"
