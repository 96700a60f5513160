"""What the engine says, in the pages' languages. The engine speaks English (the API's language: the
`error` of a refusal, a view's `waiting_for`, a result's `reason` stay exactly as they are); the pages
translate by key. A refusal's rule id has a short sentence here (`RULES`), shown as the main message
with the engine's exact English beneath it; a status line or an end reason is matched against the
engine's own patterns (`LINES`, "{colour} to move"), whose holes hold seat names that the page
translates too. Every sentence and pattern is a msgid of the catalogue (`pybabel extract` finds them
here); a test checks that every rule id the games raise has its sentence."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import spielwerk
from spielwerk.web.names import N_, SEATS

RULES: dict[str, str] = {
    # Gygès
    "gyges.setup": N_("This set-up is not allowed now: each side sets up once, at the start, "
                      "two rings each of heights 1, 2 and 3."),
    "gyges.turn.nearest-rank": N_("Only a ring on your nearest occupied rank may move."),
    "gyges.turn.fallback": N_("No ring of your nearest rank can move, so a ring of the next occupied "
                              "rank must."),
    "gyges.move.exact": N_("A ring moves exactly as many steps as its height."),
    "gyges.move.no-cross": N_("A ring may not pass over an occupied cell, only land on one."),
    "gyges.move.edge-once": N_("A move may use each connection between two cells only once."),
    "gyges.move.no-null": N_("A move must change the position."),
    "gyges.move.throne": N_("A throne is entered only with the last step of a move, and never your own."),
    "gyges.land.occupied": N_("A ring that lands on another bounces on or puts that ring elsewhere."),
    "gyges.land.bounce": N_("A bounce goes on as many steps as the height of the ring landed on."),
    "gyges.land.replace": N_("No ring can be put elsewhere like this: the ring landed on goes to an "
                             "empty cell, where replacing is allowed."),
    "gyges.replace.not-nearest": N_("A put ring may not go beyond the opponent's nearest occupied rank."),
    "gyges.win": N_("The game is won: a ring reached the opponent's throne."),
    "gyges.variant.kings": N_("After a capture the throne's owner first puts the ring back on an "
                              "empty cell."),
    "gyges.no-move": N_("Pass only when there is no legal move, and pass when there is none."),
    "gyges.draw.repetition": N_("The game is drawn: a position came a third time, or the limit of "
                                "plies was reached."),
    # Grani
    "grani.setup": N_("That does not fit this game's set-up or its players."),
    "grani.move.steps": N_("A move is one or two steps along the lines, without coming back to where "
                           "it began."),
    "grani.move.must": N_("The knight must move now (a knight that cannot move skips its turn)."),
    "grani.move.free": N_("A move ends only on a free point: no knight, no obstacle (unless it attacks)."),
    "grani.move.no-pass": N_("A knight may not pass over a dragon, a knight or an obstacle (only the "
                             "ring bearer may)."),
    "grani.move.effects": N_("A point acts only where the knight stops, not where it passes."),
    "grani.start": N_("No knight may move onto the Galad crystal ball while two or more knights "
                      "stand there."),
    "grani.ring.take": N_("A knight that enters the ring's point takes the ring."),
    "grani.amulet.cost": N_("Not enough amulets: an attack costs one, and stopping on a dragon needs one."),
    "grani.dragon.fight": N_("A knight on a dragon fights: a dragon card, a roll, and after a win a "
                             "bonus move."),
    "grani.dragon.shackle": N_("A shackled knight's turn only takes the shackle off."),
    "grani.dragon.ring-lost": N_("The ring goes on a free black or white point of another kingdom."),
    "grani.city.enter": N_("A city holds one knight: no knight may move onto an occupied city."),
    "grani.city.ring": N_("After a delivery the ring goes on a free black or white point of another "
                          "kingdom."),
    "grani.magic-stone": N_("The obstacle stone goes on a free black or white point."),
    "grani.sword": N_("The sword moves an obstacle already on the board to another free black or "
                      "white point."),
    "grani.obstacle.ring": N_("No obstacle may stand on the ring's point or cut it off from a city."),
    "grani.attack": N_("An attacked knight goes to a free exile point, and nobody is attacked in a city."),
    "grani.win": N_("The game is won: a knight holds seals of enough different cities."),
    "grani.draw": N_("The turn limit is reached: the knights with the most seals share the win."),
    # Drachenfels
    "drachenfels.setup": N_("Only chance deals cards, draws lots and hides the princesses; play "
                            "begins after the set-up."),
    "drachenfels.goal": N_("A knight needs its armour from the castle before it may enter a rock castle."),
    "drachenfels.turn": N_("On your turn, do one thing: play cards, refresh your hand, or take the "
                           "top discard."),
    "drachenfels.play": N_("Play cards from your hand: magic cards first, then one point card, which "
                           "ends the turn."),
    "drachenfels.refresh": N_("Refresh: draw a new hand, or take up to three cards at random from the "
                              "other players."),
    "drachenfels.discard-top": N_("The top discard may be taken only if it can do something now."),
    "drachenfels.move.exact": N_("A point card moves your knight exactly that many fields, never "
                                 "straight back."),
    "drachenfels.move.pass": N_("Nobody may enter or pass a dragon, a hole or crossing without a "
                                "bridge, or the castle without a rainbow."),
    "drachenfels.star": N_("From a star field a knight may fly to another free star field."),
    "drachenfels.castle": N_("The castle must be reached with the exact count."),
    "drachenfels.duel": N_("A duel: the loser goes to a free start field, and the winner may take up "
                           "to two of the loser's cards."),
    "drachenfels.rock-castle": N_("A knight with armour that ends exactly on a rock castle looks at "
                                  "the princess there."),
    "drachenfels.rainbow-open": N_("Rainbows reach a rock castle only once someone has looked at a "
                                   "princess in vain."),
    "drachenfels.card.rainbow": N_("A rainbow card places, takes away or moves one of the four rainbows."),
    "drachenfels.rainbow.ends": N_("This rainbow cannot go there: each rock carries only so many "
                                   "rainbow ends."),
    "drachenfels.card.bridge": N_("A bridge card places, takes away or moves a bridge, never one with "
                                  "a knight on it."),
    "drachenfels.card.dragon": N_("A dragon card moves a dragon to a free green-dot field or a free "
                                  "dragon rock."),
    "drachenfels.card.teletransfer": N_("Teletransfer swaps your knight's place with another knight's."),
    "drachenfels.card.cloud": N_("The cloud puts another player's knight on a free start field."),
    "drachenfels.win": N_("The game is won: a knight found his princess."),
    # every game (the core) and the server
    "seat.turn": N_("It is not your turn."),
    "seat.unknown": N_("There is no such seat in this game."),
    "game.over": N_("The game is over."),
    "web.token": N_("This link's key belongs to no seat of this game."),
    "web.game": N_("There is no such game."),
    "web.body": N_("That input is not valid."),
    "web.notation": N_("That is not an action in this game's notation."),
    "web.options": N_("The game, its options or its players are not valid."),
    "web.stale": N_("The game changed meanwhile; try again."),
    "web.running": N_("That is possible only once the game is over."),
    "web.json": N_("The request must be sent as JSON."),
    "web.rate": N_("Too many requests: try again in a moment."),
    "web.http": N_("The server does not know this request."),
    "web.internal": N_("The server failed; try again later."),
    # Avalon
    "avalon.setup": N_("The characters are chosen at set-up: distinct numbers 1–4, one per player."),
    "avalon.setup.dial": N_("A menhir starts at the value for the number of characters."),
    "avalon.char.cadoc": N_("Cadoc takes 1 less Health loss in each encounter round."),
    "avalon.char.elowen": N_("Elowen learns the backs of the places around her when she arrives."),
    "avalon.char.morwen": N_("A menhir lit with Morwen in the group starts 1 higher."),
    "avalon.char.tegid": N_("At night everyone on Tegid's place loses 1 more Terror."),
    "avalon.res.limits": N_("Resources go from 0 to 9; Health, Energy and Terror stay within their limits."),
    "avalon.res.pay": N_("The leader pays the whole cost, or the action cannot be taken."),
    "avalon.action.give": N_("You may give one thing you have to a character on your place."),
    "avalon.item.use": N_("A ready item can turn a failed roll into a success, and is then exhausted."),
    "avalon.map.range": N_("Only places on or next to a burning menhir are in range."),
    "avalon.map.place": N_("You can only go to a place whose card lies on the table."),
    "avalon.map.verse-draw": N_("A place's verse is drawn face down when it is first laid out."),
    "avalon.dawn.extinguish": N_("At dawn, menhirs without a dial go out; with none left the game is lost."),
    "avalon.dawn.wyrdness": N_("At dawn, places out of range are swallowed by the wyrdness."),
    "avalon.dawn.menhir-dials": N_("At dawn each menhir's dial goes down by 1."),
    "avalon.dawn.time-dials": N_("At dawn time dials go down and one time marker comes off each action."),
    "avalon.dawn.event": N_("At dawn the top event is revealed."),
    "avalon.dawn.guardians": N_("At dawn the guardians roam and attack whoever they stand on."),
    "avalon.dawn.plans": N_("At dawn the players make their plans."),
    "avalon.dawn.equip": N_("Choose which of your items of one kind to equip."),
    "avalon.day.order": N_("One character acts at a time, in number order."),
    "avalon.day.wait": N_("You may wait once a round while another character has yet to act."),
    "avalon.day.group": N_("The others on the place join the action or decline, in number order."),
    "avalon.day.again": N_("After everyone has acted, a new round begins."),
    "avalon.day.pass": N_("Passing ends your day."),
    "avalon.action.explore": N_("Exploring costs 1 Energy each, and a place is explored at most twice."),
    "avalon.action.travel": N_("Travel goes along an arrow to a laid-out neighbour, for 1 Energy each."),
    "avalon.arrival": N_("On arrival: new places appear, guardians fight, the place's effect applies."),
    "avalon.action.location": N_("A place's action can be taken when it has no time marker and you can pay."),
    "avalon.menhir.activate": N_("A menhir is lit with 1 Energy and its cost, when it is dark or has lost "
                                 "its dial."),
    "avalon.action.challenge": N_("You can challenge a guardian on your place, for 1 Energy each."),
    "avalon.auto": N_("That is not a possible outcome here."),
    "avalon.verse.format": N_("Verses are written in the content's own words."),
    "avalon.verse.content": N_("The verses must keep to the content's limits."),
    "avalon.verse.resolve": N_("The leader chooses one of the verse's options."),
    "avalon.test": N_("A test adds a die to the group's best attribute."),
    "avalon.encounter": N_("After a failed round the leader chooses to fight on or flee."),
    "avalon.guardian.die": N_("The guardian die moves a guardian or sends it hunting."),
    "avalon.event.deck": N_("Events are drawn from the first pile until it is empty."),
    "avalon.event.quest": N_("That action is closed while the quest lasts."),
    "avalon.dial.time": N_("A dial counts the days an effect lasts."),
    "avalon.omen": N_("The Omen grows; at 3 the Grey Widow comes."),
    "avalon.status": N_("Feverish and Blessed last two days."),
    "avalon.end.rest": N_("Rest: eat, feast or fast."),
    "avalon.end.recover": N_("At night characters recover on menhirs and in shelters."),
    "avalon.end.dreams": N_("The character with most Terror dreams."),
    "avalon.end.improve": N_("Buy one improvement with reputation, or none."),
    "avalon.end.cleanup": N_("Open events end with the day."),
    "avalon.death": N_("A character at 0 Health or its Terror limit leaves the game."),
    "avalon.mercy": N_("The Allmother's Mercy saves a character once."),
    "avalon.win": N_("Wake the Drowned Circle with mirror, horn and bell while its menhir burns."),
    "avalon.loss": N_("The game is lost: time ran out, the menhirs went dark or nobody is left."),
    "avalon.returns": N_("Everyone wins or loses together."),
    "avalon.options": N_("Avalon lasts 4 to 20 days."),
    "avalon.map": N_("The map must keep to its rules: arrows between neighbours, no lake entered."),
    "avalon.text": N_("Every text must exist in English and German."),
}
"""Rule id -> a short sentence a player reads (its msgid), for every rule id a refusal may carry."""

LINES: tuple[str, ...] = (
    # what a game waits for (a view's `waiting_for`)
    N_("the lot for the first player"),
    N_("nothing: the game is over"),
    N_("{colour} to move"),
    N_("{colour} to rest (shackled)"),
    N_("a dragon card for {colour}'s fight"),
    N_("{colour}'s roll against the dragon"),
    N_("{colour}'s bonus move (or stay)"),
    N_("{colour} to banish {victim}"),
    N_("{colour} to put the ring down"),
    N_("{colour} to put an obstacle stone"),
    N_("{colour} to lift an obstacle stone"),
    N_("{colour} to put the lifted stone"),
    N_("the princesses to be hidden on the rock castles"),
    N_("{colour} to draw a card ({count} to go)"),
    N_("{colour} to take a card at random from {victim}"),
    N_("{colour} to play cards, refresh the hand, or take the top discard"),
    N_("{colour} to play more cards (a point card ends the turn)"),
    N_("{colour} to use the top discard"),
    N_("{colour} to take another card or stop ({count} left)"),
    N_("{colour} to send {victim} to a free start field"),
    N_("{colour} to take a card from {victim} or stop ({count} left)"),
    N_("{colour} to move the rainbow just crossed, or keep it"),
    # why a game ended (a view's `result`: its `reason`, or Drachenfels' word)
    N_("{side} wins by reaching the opponent's throne"),
    N_("drawn: the same position occurred a third time"),
    N_("drawn: neither player could move"),
    N_("drawn: the limit of {count} plies was reached"),
    N_("drawn: the limit of {count} ply was reached"),
    N_("{winner} holds seals of {cities} and wins"),
    N_("the turn limit is reached; {names} with the most seals share the win"),
    N_("win"),
    N_("draw"),
    # Avalon: what it waits for, and why it ended
    N_("{who} to act"),
    N_("{who} to join {leader} or decline"),
    N_("{who} to choose in the verse"),
    N_("{who} to fight on or flee"),
    N_("{who} to equip an item"),
    N_("{who} to rest"),
    N_("{who} to improve"),
    N_("a die for a test against {number}"),
    N_("a die for the fight against the Hollow Stag"),
    N_("a die for the fight against the Grey Widow"),
    N_("a die for the fight against the wolves"),
    N_("a die for the fight against a foe of the verse"),
    N_("the guardian die for the Hollow Stag"),
    N_("the guardian die for the Grey Widow"),
    N_("a verse drawn face down for location {number}"),
    N_("the event of the dawn"),
    N_("an augury's draw"),
    N_("a dream for {name}"),
    N_("a verse read aloud"),
    N_("the event on top turned up"),
    N_("the Drowned Circle wakes: everyone wins"),
    N_("the days ran out: everyone loses"),
    N_("the last menhir went dark: everyone loses"),
    N_("no character is left: everyone loses"),
)
"""The engine's status lines and end reasons as patterns: `{hole}` stands for any text (seat names,
counts, cities), the rest must match exactly."""


LABELS: tuple[str, ...] = (
    N_("card {0} → field"),
    N_("{0} →"),
    N_("take a card from"),
    N_("remove"),
)
"""Every name a game's `move_labels` gives a group of its actions (a test checks them against the
games), so that the pages list the actions as the terminal does, in their language."""


def words() -> dict[str, Any]:
    """What a page needs to translate the engine (as JSON in the page): the rule sentences, the
    patterns, the seat names a hole may hold, and each game's names for groups of actions
    (`Game.move_labels`); their words come with the page's catalogue."""
    return {"rules": RULES, "lines": list(LINES), "names": list(SEATS), "labels": move_labels()}


@cache
def move_labels() -> dict[str, list[list[str]]]:
    """Each game's `move_labels` table, by game id (only games that name something)."""
    tables = {game_id: [list(pair) for pair in spielwerk.game(game_id).move_labels()]
              for game_id in spielwerk.games()}
    return {game_id: table for game_id, table in tables.items() if table}


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...]:
    """Each line as a regular expression, the one with the most fixed text first (as `said.js`)."""
    compiled = []
    for line in LINES:
        parts = re.split(r"\{(\w+)\}", line)
        source = "".join("(.+?)" if index % 2 else re.escape(part) for index, part in enumerate(parts))
        compiled.append((line, re.compile(f"^{source}$"), tuple(parts[1::2])))
    return tuple(sorted(compiled, key=lambda item: -len(re.sub(r"\{\w+\}", "", item[0]))))


def match(text: str) -> tuple[str, dict[str, str]] | None:
    """The pattern of `LINES` that `text` is, with what its holes hold; None if none is."""
    for line, pattern, keys in _patterns():
        found = pattern.match(text)
        if found:
            return line, dict(zip(keys, found.groups(), strict=True))
    return None
