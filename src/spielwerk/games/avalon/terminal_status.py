"""The lines under Avalon's terminal map: the characters, the day, and what the game waits for.

Rich console markup, no rich import. The content's words follow the chosen language: the verses
with their options, the events, quests and dreams, and the places' names; names of characters,
items and relics stay English like the action texts and the words around them. Every fact comes from
`view(seat)`, the running verse and fight from the content it names, the numbered decisions from the
legal action texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.core.markup import visible_length, wrap
from spielwerk.core.textmap import escape
from spielwerk.games.avalon.content import CONTENT, ChoiceNode, EncounterNode, Foe, TestNode
from spielwerk.games.avalon.notation import DIRECTIONS

POOLS = (("health", "max_health", "Health", "#ff6060"), ("energy", "max_energy", "Energy", "#f3c622"),
         ("terror", "limit", "Terror", "#c080ff"))
RESOURCES = ("food", "wealth", "magic", "reputation")
PHASES = {"dawn": "Dawn", "day": "Day: actions", "dusk": "End of Day", "over": "over"}
FLAGS = (("passed", "passed"), ("done", "done"), ("waited", "waited"))
RESULTS = {"won": "the island wakes: you win together",
           "menhirs": "no menhir burned at dawn: the island is lost",
           "time": "the last day is over: the island is lost",
           "death": "every character is dead or mad: the island is lost"}
ASK = "bold #ffaf00"
"""The style of the lines that say what the game waits for."""


def status_lines(view: Mapping[str, Any], seat: int | None, language: str, width: int,
                 to_move: int | None, legal: Sequence[str]) -> list[str]:
    """Everything under the map, in lines of at most `width` characters."""
    lines = [""]
    for index, hero in enumerate(view["characters"]):
        lines += _hero(hero, language, width, you=index == seat, deciding=index == to_move)
    lines += _table(view, language, width)
    lines += waiting_lines(view, language, width, to_move, legal)
    return lines


def name(number: int, language: str = "en") -> str:
    """A character's name ("Cadoc"); names stay English."""
    return CONTENT.text(f"character.{number}")


def place_name(number: int, language: str = "en") -> str:
    """A location's full name with its number ("13 Heartstone", "13 Herzstein")."""
    return f"{number} {CONTENT.text(f'location.{number}', language)}"


def _hero(hero: Mapping[str, Any], language: str, width: int, *, you: bool, deciding: bool) -> list[str]:
    """Two lines (or more, wrapped) for one character."""
    number = hero["number"]
    head = f"[bold]{escape(name(number, language))}[/] ({number})"
    head = ("[bold #ffaf00]▶[/] " if deciding else "  ") + head
    if hero["fate"] != "alive":
        return wrap([f"{head} [#ff5040]{hero['fate']}[/]"], width, hang=4)
    pools = [f"[{ink}]{label} {hero[now]}/{hero[most]}[/]" for now, most, label, ink in POOLS]
    marks = [text for key, text in FLAGS if hero[key]]
    marks += [f"{status} {hero[status]}d" for status in ("feverish", "blessed") if hero[status]]
    head += " [dim]you[/]" if you else ""
    first = [head, f"at {escape(place_name(hero['location'], language))}", *pools, *marks]
    things = [f"{kind} {hero[kind]}" for kind in RESOURCES]
    things.append(f"Might {hero['might']} Wits {hero['wits']} Spirit {hero['spirit']}")
    for item in hero["items"]:
        state = "ready" if item["ready"] else "exhausted"
        state += "" if item["equipped"] else ", unequipped"
        things.append(f"{escape(CONTENT.text('item.' + item['slug']))} ({state})")
    things += [f"[#ffd700]{escape(CONTENT.text('relic.' + relic))}[/]" for relic in hero["relics"]]
    return wrap(first, width, hang=4) + wrap(things, width, " · ", indent=4)


def _table(view: Mapping[str, Any], language: str, width: int) -> list[str]:
    """The day and phase, Omen, Mercy, decks, quests and open events."""
    mercy = "unused" if view["mercy"] else "spent"
    top = view["top_event"]
    deck = view["deck"]
    facts = [f"[bold]Day {view['day']} of {view['max_days']}[/]", PHASES.get(view["phase"], view["phase"]),
             f"Omen {view['omen']}", f"Mercy {mercy}", f"events left {deck['first'] + deck['second']}"]
    facts += [f"top event {_event(top, language) if top != '?' else '? (fixed by an augury)'}"] if top else []
    facts.append(f"dreams left {view['dreams_left']}")
    lines = ["", *wrap(facts, width, " · ")]
    for quest in view["quests"]:
        dial = f"counter {view['riddle']}" if quest["id"] == "Q3" else f"dial {quest['dial']}"
        harder = " (harder now)" if quest["id"] == "Q1" and view["bell_harder"] else ""
        text = f"[bold]{_event(quest['id'], language)}[/], {dial}{harder}: " + escape(
            CONTENT.text(f"event.{quest['id']}.text", language))
        lines += wrap([text], width, indent=1, words=True)
    for event in view["open_events"]:
        text = f"[bold]Event {_event(event, language)}:[/] "
        text += escape(CONTENT.text(f"event.{event}.text", language))
        lines += wrap([text], width, indent=1, words=True)
    return lines


def _event(event: str, language: str) -> str:
    return f"{event} {escape(CONTENT.text('event.' + event, language))}"


def waiting_lines(view: Mapping[str, Any], language: str, width: int, to_move: int | None,
                  legal: Sequence[str]) -> list[str]:
    """What the game waits for: a running verse's prose and options, a fight, a group to join, and
    the numbered decisions of the character to move."""
    result = view.get("result")
    if result:
        outcome = str(result["outcome"]) if isinstance(result, dict) else str(result)
        return ["", f"[bold]Game over:[/] {escape(RESULTS.get(outcome, outcome))}"]
    waiting = view.get("waiting") or {}
    heroes = view["characters"]
    who = name(heroes[to_move]["number"], language) if to_move is not None else ""
    lines = [""]
    if view.get("told"):
        lines += [f" [dim]Last roll:[/] {escape(str(view['told']))}"]
    if "verse" in waiting:
        choosing = legal if waiting.get("for") == "verse" else ()
        lines += _verse(str(waiting["verse"]), str(waiting["node"]), language, width, choosing)
    if "fight" in waiting:
        lines += _fight(waiting, language, width)
    if waiting.get("for") == "test":
        attr, _, difficulty = str(waiting.get("test", "")).partition(" ")
        lines += [f" [bold]Test:[/] {attr.capitalize()} against {difficulty}"]
    if waiting.get("for") == "join":
        leader = int(waiting["leader"])
        where = next(h["location"] for h in heroes if h["number"] == leader)
        lines += wrap([f"[{ASK}]{escape(name(leader, language))} declares {escape(waiting['action'])} at "
                       f"{escape(place_name(where, language))}: {escape(who)}, join or decline?[/]"], width,
                      words=True)
    elif who and legal and waiting.get("for") == "verse":
        lines.append(f"[{ASK}]{escape(who)} leads and chooses:[/] [dim]type an option's number or text.[/]")
        return lines
    elif who and legal:
        lines.append(f"[{ASK}]{escape(who)} to decide:[/]")
    if to_move is not None and legal:
        lines += _decisions(view, language, width, to_move, legal, waiting)
    return lines


def _verse(verse_id: str, node_name: str, language: str, width: int, legal: Sequence[str]) -> list[str]:
    """The running verse: its prose at this node, and a choice's options with their costs and ifs,
    numbered as `moves` numbers them where `legal` holds them."""
    verse = CONTENT.verses[verse_id]
    lines = [f" [bold]Verse {verse_id}[/] of {escape(place_name(verse.location, language))}"]
    if node_name == "end":
        return lines
    prose = CONTENT.text(f"verse.{verse_id}.{node_name}", language)
    lines += wrap([f"[italic]{escape(prose)}[/]"], width, indent=3, words=True)
    node = CONTENT.verses[verse_id].nodes[node_name]
    if isinstance(node, TestNode):
        lines.append(f"   Test: {node.attr.capitalize()} against {node.difficulty}")
    elif isinstance(node, EncounterNode):
        lines.append(f"   Encounter: {_foe(node.foe)}")
    elif isinstance(node, ChoiceNode):
        for k, option in enumerate(node.options, 1):
            label = CONTENT.text(f"verse.{verse_id}.{node_name}.{k}", language)
            extra = [f"costs {', '.join(map(str, option.cost))}"] if option.cost else []
            extra += [f"if {' '.join(map(str, (c.op, *c.args)))}" for c in option.conditions]
            number = legal.index(f"choose {k}") + 1 if f"choose {k}" in legal else None
            extra += [] if number is not None or not legal else ["not open to the leader now"]
            tail = f" [grey62]({escape('; '.join(extra))})[/]" if extra else ""
            lead = f"[cyan]{number:>2}[/] [bold]choose {k}[/]" if number else f"[grey62]choose {k}[/]"
            lines += wrap([f"{lead} {escape(label)}{tail}"], width, indent=1 if number else 4, words=True)
    return lines


def _foe(foe: Foe) -> str:
    return f"{foe.attr.capitalize()} {foe.strength}, each failed round costs {foe.damage}"


def _fight(waiting: Mapping[str, Any], language: str, width: int) -> list[str]:
    """The foe of a running fight and its round."""
    foe_id = str(waiting["fight"])
    rounds = CONTENT.number("encounter", "rounds")
    if foe_id in CONTENT.guardians:
        foe, title = CONTENT.guardians[foe_id].foe, CONTENT.text(f"guardian.{foe_id}")
        text = f"{escape(title)}: {_foe(foe)}"
    elif foe_id in CONTENT.verses:
        node = CONTENT.verses[foe_id].nodes[str(waiting.get("node", ""))]
        text = _foe(node.foe) if isinstance(node, EncounterNode) else foe_id
    else:
        raw = CONTENT.events.get(foe_id, {})
        attr, _, strength = str(raw.get("foe", "")).partition(" ")
        text = f"{escape(CONTENT.text('event.' + foe_id, language))}: {attr.capitalize()} {strength}, " \
               f"each failed round costs {raw.get('damage', '?')}"
    round_ = waiting.get("round", 1)
    failed = f" [{ASK}]round {round_} failed: fight on or flee?[/]" if waiting.get("for") == "fight" else ""
    return wrap([f"[bold]Fight[/], round {round_} of {rounds}: {text}.{failed}"], width, indent=1, words=True)


def action_label(text: str, view: Mapping[str, Any], language: str, to_move: int | None,
                 waiting: Mapping[str, Any]) -> str:
    """A few words on what an action text does here ("" where its text says it all)."""
    word, _, arg = text.partition(" ")
    heroes = view["characters"]
    if word == "join" and arg.isdigit():
        return f"go along with {name(int(arg), language)}"
    if word == "decline":
        return "stay out of it"
    if word == "fight":
        return "another round"
    if word == "flee":
        return "give up: the fight is lost"
    if word == "choose" and "verse" in waiting:
        return CONTENT.text(f"verse.{waiting['verse']}.{waiting['node']}.{arg}", language)
    if word == "act":
        return CONTENT.text(f"action.{arg}")
    if word == "challenge":
        return CONTENT.text(f"guardian.{arg}")
    if word == "travel" and to_move is not None and arg in DIRECTIONS:
        here = CONTENT.locations[heroes[to_move]["location"]]
        step = DIRECTIONS[arg]
        there = CONTENT.at(here.column + step[0], here.row + step[1])
        return f"to {place_name(there, language)}" if there is not None else ""
    return ""


def _decisions(view: Mapping[str, Any], language: str, width: int, to_move: int, legal: Sequence[str],
               waiting: Mapping[str, Any]) -> list[str]:
    """The legal actions numbered as `moves` numbers them, with what each does (gifts in one line)."""
    pieces = []
    gifts = 0
    for number, text in enumerate(legal, 1):
        if text.startswith("give "):
            gifts += 1
            continue
        if text.startswith("choose ") and "verse" in waiting:
            continue  # numbered beside the verse's options
        label = action_label(text, view, language, to_move, waiting)
        tail = f" [grey62]({escape(label)})[/]" if label else ""
        pieces.append(f"[cyan]{number}[/] [bold]{escape(text)}[/]{tail}")
    if not pieces and not gifts:
        return [" [dim]Type a number or the action.[/]"]
    long = any(visible_length(piece) > width // 2 for piece in pieces)
    lines = [line for piece in pieces for line in wrap([piece], width, indent=1)] if long else \
        wrap(pieces, width, "   ", indent=1)
    if gifts:
        lines.append(f" [grey62]and {gifts} ways to give: `moves give` lists them[/]")
    lines.append(" [dim]Type a number or the action.[/]")
    return lines
