"""The lines under Avalon's terminal map: the characters, the day, and what the game waits for.

Rich console markup, no rich import. Every word is in the chosen language (Avalon's catalogue: the
verses with their options, the events, quests and dreams, the places' names and the words around
them); the action texts stay the notation. Every fact comes from `view(seat)`, the running verse and
fight from the content it names, the numbered decisions from the legal action texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.core.markup import visible_length, wrap
from spielwerk.core.message import render_json
from spielwerk.core.textmap import escape
from spielwerk.games.avalon.content import CONTENT, ChoiceNode, Condition, EncounterNode, Foe, TestNode
from spielwerk.games.avalon.labels import label, place_name
from spielwerk.games.avalon.say import WORDS
from spielwerk.games.avalon.say import text as said

POOLS = (("health", "max_health", "#ff6060"), ("energy", "max_energy", "#f3c622"),
         ("terror", "limit", "#c080ff"))
RESOURCES = ("food", "wealth", "magic", "reputation")
PHASES = ("dawn", "day", "dusk", "over")
FLAGS = ("passed", "done", "waited")
RESULTS = ("won", "menhirs", "time", "death")
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
    """A character's name ("Cadoc")."""
    return said(f"character.{number}", language)


def _hero(hero: Mapping[str, Any], language: str, width: int, *, you: bool, deciding: bool) -> list[str]:
    """Two lines (or more, wrapped) for one character."""
    number = hero["number"]
    head = f"[bold]{escape(name(number, language))}[/] ({number})"
    head = ("[bold #ffaf00]▶[/] " if deciding else "  ") + head
    if hero["fate"] != "alive":
        fate = said(f"terminal.fate.{hero['fate']}", language)
        return wrap([f"{head} [#ff5040]{escape(fate)}[/]"], width, hang=4)
    pools = [f"[{ink}]{escape(said(f'terminal.pool.{now}', language, value=hero[now], most=hero[most]))}[/]"
             for now, most, ink in POOLS]
    marks = [said(f"terminal.flag.{key}", language) for key in FLAGS if hero[key]]
    marks += [said(f"terminal.status.{status}", language, count=hero[status])
              for status in ("feverish", "blessed") if hero[status]]
    head += f" [dim]{escape(said('terminal.you', language))}[/]" if you else ""
    at = said("terminal.at", language, place=place_name(hero["location"], language))
    first = [head, escape(at), *pools, *map(escape, marks)]
    things = [escape(said("amount", language, what=said(f"word.{kind}", language), n=hero[kind]))
              for kind in RESOURCES]
    things.append(escape(said("terminal.attributes", language, might=hero["might"], wits=hero["wits"],
                              spirit=hero["spirit"])))
    for item in hero["items"]:
        state = "ready" if item["ready"] else "exhausted"
        state += "" if item["equipped"] else ".unequipped"
        things.append(escape(said(f"terminal.item.{state}", language,
                                  item=said(f"item.{item['slug']}", language))))
    things += [f"[#ffd700]{escape(said(f'relic.{relic}', language))}[/]" for relic in hero["relics"]]
    return wrap(first, width, hang=4) + wrap(things, width, " · ", indent=4)


def _table(view: Mapping[str, Any], language: str, width: int) -> list[str]:
    """The day and phase, Omen, Mercy, decks, quests and open events."""
    top = view["top_event"]
    deck = view["deck"]
    phase = str(view["phase"])
    facts = [f"[bold]{escape(said('terminal.day', language, day=view['day'], most=view['max_days']))}[/]",
             escape(said(f"terminal.phase.{phase}", language) if phase in PHASES else phase),
             escape(said("terminal.omen", language, omen=view["omen"])),
             escape(said("terminal.mercy.unused" if view["mercy"] else "terminal.mercy.spent", language)),
             escape(said("terminal.events-left", language, count=deck["first"] + deck["second"]))]
    if top:
        event = _event(top, language) if top != "?" else said("terminal.top-event.hidden", language)
        facts.append(escape(said("terminal.top-event", language, event=event)))
    facts.append(escape(said("terminal.dreams-left", language, count=view["dreams_left"])))
    lines = ["", *wrap(facts, width, " · ")]
    for quest in view["quests"]:
        ident = quest["id"]
        dial = said("terminal.counter", language, count=view["riddle"]) if ident == "Q3" else \
            said("terminal.dial", language, dial=quest["dial"])
        harder = said("terminal.harder", language) if ident == "Q1" and view["bell_harder"] else ""
        after = said("terminal.quest", language, dial=dial, harder=harder)
        text = f"[bold]{escape(_event(ident, language))}[/]{escape(after)}" + escape(
            said(f"event.{ident}.text", language))
        lines += wrap([text], width, indent=1, words=True)
    for event in view["open_events"]:
        text = f"[bold]{escape(said('terminal.event', language, event=_event(event, language)))}[/] "
        text += escape(said(f"event.{event}.text", language))
        lines += wrap([text], width, indent=1, words=True)
    return lines


def _event(event: str, language: str) -> str:
    return said("terminal.card", language, id=event, name=said(f"event.{event}", language))


def waiting_lines(view: Mapping[str, Any], language: str, width: int, to_move: int | None,
                  legal: Sequence[str]) -> list[str]:
    """What the game waits for: a running verse's prose and options, a fight, a group to join, and
    the numbered decisions of the character to move."""
    result = view.get("result")
    if result:
        outcome = str(result["outcome"]) if isinstance(result, dict) and "outcome" in result else ""
        shown = said(f"terminal.result.{outcome}", language) if outcome in RESULTS else \
            _reason(result, language)
        return ["", f"[bold]{escape(said('terminal.over', language))}[/] {escape(shown)}"]
    waiting = view.get("waiting") or {}
    heroes = view["characters"]
    who = name(heroes[to_move]["number"], language) if to_move is not None else ""
    lines = [""]
    if view.get("told_message"):
        roll = render_json(WORDS.catalogue(language), view["told_message"], language)
        lines += [f" [dim]{escape(said('terminal.last-roll', language))}[/] {escape(roll)}"]
    if "verse" in waiting:
        choosing = legal if waiting.get("for") == "verse" else ()
        lines += _verse(str(waiting["verse"]), str(waiting["node"]), language, width, choosing)
    if "fight" in waiting:
        lines += _fight(waiting, language, width)
    if waiting.get("for") == "test":
        attr, _, difficulty = str(waiting.get("test", "")).partition(" ")
        test = said("terminal.test", language, attr=said(f"terminal.attribute.{attr}", language),
                    target=difficulty)
        lines += [f" [bold]{escape(said('terminal.test.head', language))}[/] {escape(test)}"]
    if waiting.get("for") == "join":
        leader = int(waiting["leader"])
        where = next(h["location"] for h in heroes if h["number"] == leader)
        asked = said("terminal.join", language, leader=name(leader, language), action=waiting["action"],
                     place=place_name(where, language), who=who)
        lines += wrap([f"[{ASK}]{escape(asked)}[/]"], width, words=True)
    elif who and legal and waiting.get("for") == "verse":
        lines.append(f"[{ASK}]{escape(said('terminal.leads', language, who=who))}[/] "
                     f"[dim]{escape(said('terminal.type-option', language))}[/]")
        return lines
    elif who and legal:
        lines.append(f"[{ASK}]{escape(said('terminal.decide', language, who=who))}[/]")
    if to_move is not None and legal:
        lines += _decisions(view, language, width, to_move, legal, waiting)
    return lines


def _reason(result: Any, language: str) -> str:
    """A result the referee decided (a resignation, a time-out), in its words."""
    said_json = result.get("reason_message") if isinstance(result, Mapping) else None
    if said_json:
        return render_json(WORDS.catalogue(language), said_json, language)
    return str(result.get("reason", "")) if isinstance(result, Mapping) else str(result)


def _verse(verse_id: str, node_name: str, language: str, width: int, legal: Sequence[str]) -> list[str]:
    """The running verse: its prose at this node, and a choice's options with their costs and ifs,
    numbered as `moves` numbers them where `legal` holds them."""
    verse = CONTENT.verses[verse_id]
    head = said("terminal.verse.of", language, place=place_name(verse.location, language))
    lines = [f" [bold]{escape(said('terminal.verse', language, verse=verse_id))}[/] {escape(head)}"]
    if node_name == "end":
        return lines
    prose = said(f"verse.{verse_id}.{node_name}", language)
    lines += wrap([f"[italic]{escape(prose)}[/]"], width, indent=3, words=True)
    node = CONTENT.verses[verse_id].nodes[node_name]
    if isinstance(node, TestNode):
        test = said("terminal.test", language, attr=said(f"terminal.attribute.{node.attr}", language),
                    target=node.difficulty)
        lines.append(f"   {escape(said('terminal.test.head', language))} {escape(test)}")
    elif isinstance(node, EncounterNode):
        lines.append(f"   {escape(said('terminal.encounter', language, foe=_foe(node.foe, language)))}")
    elif isinstance(node, ChoiceNode):
        for k, option in enumerate(node.options, 1):
            label_text = said(f"verse.{verse_id}.{node_name}.{k}", language)
            costs = said("terminal.costs", language, cost=_amounts(option.cost, language))
            extra = [costs] if option.cost else []
            extra += [_condition(condition, language) for condition in option.conditions]
            number = legal.index(f"choose {k}") + 1 if f"choose {k}" in legal else None
            extra += [] if number is not None or not legal else [said("terminal.not-open", language)]
            tail = f" [grey62]({escape(said('terminal.sep', language).join(extra))})[/]" if extra else ""
            lead = f"[cyan]{number:>2}[/] [bold]choose {k}[/]" if number else f"[grey62]choose {k}[/]"
            lines += wrap([f"{lead} {escape(label_text)}{tail}"], width, indent=1 if number else 4,
                          words=True)
    return lines


def _amounts(amounts: Sequence[Any], language: str) -> str:
    return ", ".join(said("amount", language, what=said(f"word.{a.kind}", language), n=a.n) for a in amounts)


def _condition(condition: Condition, language: str) -> str:
    """An option's `if`: "if has magic 1", "if member 3", "if relic horn", "if quest Q1"."""
    op, args = condition
    if op == "has":
        return said("terminal.if.has", language, what=said(f"word.{args[0]}", language), n=args[1])
    return said(f"terminal.if.{op}", language, what=args[0])


def _foe(foe: Foe, language: str) -> str:
    damage = said("amount", language, what=said(f"word.{foe.damage.kind}", language), n=foe.damage.n)
    return said("terminal.foe", language, attr=said(f"terminal.attribute.{foe.attr}", language),
                strength=foe.strength, damage=damage)


def _fight(waiting: Mapping[str, Any], language: str, width: int) -> list[str]:
    """The foe of a running fight and its round."""
    foe_id = str(waiting["fight"])
    rounds = CONTENT.number("encounter", "rounds")
    if foe_id in CONTENT.guardians:
        title = said(f"guardian.{foe_id}", language)
        foe = _foe(CONTENT.guardians[foe_id].foe, language)
        text = said("terminal.foe.named", language, name=title, foe=foe)
    elif foe_id in CONTENT.verses:
        node = CONTENT.verses[foe_id].nodes[str(waiting.get("node", ""))]
        text = _foe(node.foe, language) if isinstance(node, EncounterNode) else foe_id
    else:
        from spielwerk.games.avalon.events import event_foe

        text = said("terminal.foe.named", language, name=said(f"event.{foe_id}", language),
                    foe=_foe(event_foe(foe_id), language))
    round_ = waiting.get("round", 1)
    failed = ""
    if waiting.get("for") == "fight":
        failed = f" [{ASK}]{escape(said('terminal.round-failed', language, round=round_))}[/]"
    head = said("terminal.fight", language)
    rest = said("terminal.fight.round", language, round=round_, rounds=rounds, foe=text)
    return wrap([f"[bold]{escape(head)}[/]{escape(rest)}{failed}"], width, indent=1, words=True)


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
        words = label(text, view, language, to_move, waiting)
        tail = f" [grey62]({escape(words)})[/]" if words else ""
        pieces.append(f"[cyan]{number}[/] [bold]{escape(text)}[/]{tail}")
    typing = f" [dim]{escape(said('terminal.type', language))}[/]"
    if not pieces and not gifts:
        return [typing]
    long = any(visible_length(piece) > width // 2 for piece in pieces)
    lines = [line for piece in pieces for line in wrap([piece], width, indent=1)] if long else \
        wrap(pieces, width, "   ", indent=1)
    if gifts:
        lines.append(f" [grey62]{escape(said('terminal.gifts', language, count=gifts))}[/]")
    lines.append(typing)
    return lines
