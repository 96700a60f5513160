"""End of Day (avalon.end.*): rest, recover, a dream, improvements, then the next day or the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.kept import Kept
from spielwerk.games.avalon import events
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.dawn import run_dawn
from spielwerk.games.avalon.notation import Move, move
from spielwerk.games.avalon.resolve import TEGID, change, effects_frame, new_group
from spielwerk.games.avalon.world import DONE, PASSED, WAITED

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

ATTRIBUTE_IMPROVEMENTS = ("might", "wits", "spirit")
REST, RECOVER, IMPROVE = (CONTENT.numbers[section] for section in ("rest", "recover", "improve"))
"""The content's numbers of the End of Day's steps."""
EAT, FEAST, FAST = (Move("rest", arg) for arg in ("eat", "feast", "fast"))
IMPROVES = {arg: Move("improve", arg) for arg in (*ATTRIBUTE_IMPROVEMENTS, "energy", "health", "none")}


def run_dusk(s: AvalonState, frame: Frame) -> None:
    """Do the steps of the End of Day from the frame's on, each moving on to the next, until one puts
    frames on the stack or ends the game (one step only while narration keeps the steps); the next
    day's Dawn follows at once."""
    while True:
        _dusk_step(s, frame[1])
        if s.trail is not None or s.result:
            return
        frame = s.frames[-1]
        if frame[0] == "dawn":
            run_dawn(s, frame)
            return
        if frame[0] != "dusk":
            return


def _dusk_step(s: AvalonState, step: int) -> None:
    """One step of the End of Day; the frame moves on to the next."""
    s.frames = (*s.frames[:-1], ("dusk", step + 1))  # s.replace, on every step of the End of Day
    if step == 1:
        s.push(*[("rest", seat) for seat in reversed(s.living())])
    elif step == 2:
        recover(s)
    elif step == 3:
        dreamer = max(s.living(), key=lambda seat: (s.heroes[seat].terror, -s.heroes[seat].number),
                      default=None)
        if dreamer is not None:
            s.push(("dream", dreamer))
    elif step == 4:
        s.push(*[("improve", seat) for seat in reversed(s.living())])
    else:
        cleanup(s)


# ----- rest ---------------------------------------------------------------------------------------
def rest_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """`rest eat` (1 food), `rest feast` (2 food), `rest fast`."""
    food = s.heroes[frame[1]].food
    choices = [EAT] if food >= REST["eat_food"] else []
    if food >= REST["feast_food"]:
        choices.append(FEAST)
    return [*choices, FAST]


def take_rest(s: AvalonState, frame: Frame, move: Move) -> None:
    """Rest: eat and fast give Energy (1 more on a shelter, 1 less under T3 and when Feverish, never
    below 0); a feast fills Energy and heals (avalon.end.rest)."""
    seat = frame[1]
    s.pop()
    hero = s.heroes[seat]
    if move.arg == "feast":
        change(s, seat, "food", -REST["feast_food"])
        change(s, seat, "energy", hero.max_energy)
        change(s, seat, "health", REST["feast_health"])
        return
    gain = REST["eat_energy" if move.arg == "eat" else "fast_energy"]
    if move.arg == "eat":
        change(s, seat, "food", -REST["eat_food"])
    if SHELTERS[hero.location]:
        gain += REST["shelter_bonus"]
    if events.today(s, "T3"):
        gain += int(events.numbers("T3")["rest"])
    if hero.feverish:
        gain -= 1
    change(s, seat, "energy", gain if gain > 0 else 0)


# ----- recover, dreams --------------------------------------------------------------------------
def recover(s: AvalonState) -> None:
    """On an active menhir's location −1 Terror, on a shelter +1 Health, then Tegid's hearth-tales."""
    lit = {place for place, _ in s.menhirs}
    for seat in s.living():
        hero = s.heroes[seat]
        if hero.location in lit:
            change(s, seat, "terror", -RECOVER["menhir_terror"])
        if SHELTERS[hero.location]:
            change(s, seat, "health", RECOVER["shelter_health"])
    bards = [seat for seat in s.living() if s.heroes[seat].number == TEGID]
    for bard in bards:
        for seat in s.living():
            if s.heroes[seat].location == s.heroes[bard].location:
                change(s, seat, "terror", -CONTENT.number("recover", "tegid_terror"))


def dream_outcomes(s: AvalonState) -> tuple[tuple[Move, float], ...]:
    """A dream drawn uniformly from what is left of the deck."""
    odds = _DREAM_ODDS.get(s.dreams)
    if odds is None:
        share = 1 / len(s.dreams)
        odds = _DREAM_ODDS.keep(s.dreams, tuple((move("dream", dream), share) for dream in s.dreams))
    return odds


_DREAM_ODDS: Kept[tuple[str, ...], tuple[tuple[Move, float], ...]] = Kept(10_000)
SHELTERS = {number: place.shelter for number, place in CONTENT.locations.items()}
"""Whether each location is a shelter."""


def take_dream(s: AvalonState, frame: Frame, move: Move) -> None:
    """The dreamer lives the dream; a spent deck is shuffled again."""
    seat = frame[1]
    s.pop()
    s.dreams = tuple([dream for dream in s.dreams if dream != move.arg]) or tuple(sorted(CONTENT.dreams))
    follow = effects_frame(new_group(s, (seat,)), CONTENT.dreams[move.arg])
    if follow:
        s.push(follow)


# ----- improve, cleanup ----------------------------------------------------------------------
def improve_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """What a character can buy with reputation tonight, and `improve none`."""
    hero = s.heroes[frame[1]]
    rep = hero.reputation
    choices = [IMPROVES[attr] for attr in ATTRIBUTE_IMPROVEMENTS
               if rep >= IMPROVE["attribute_cost"] and getattr(hero, attr) < IMPROVE["attribute_max"]]
    times = IMPROVE["pool_times"]
    if rep >= IMPROVE["energy_cost"] and hero.improved[0] < times:
        choices.append(IMPROVES["energy"])
    if rep >= IMPROVE["health_cost"] and hero.improved[1] < times:
        choices.append(IMPROVES["health"])
    return [*choices, IMPROVES["none"]]


def take_improve(s: AvalonState, frame: Frame, move: Move) -> None:
    """Pay reputation for an improvement (avalon.end.improve)."""
    seat = frame[1]
    s.pop()
    hero = s.heroes[seat]
    if move.arg in ATTRIBUTE_IMPROVEMENTS:
        s.set_hero(seat, reputation=hero.reputation - CONTENT.number("improve", "attribute_cost"),
                   **{move.arg: getattr(hero, move.arg) + 1})
    elif move.arg == "energy":
        s.set_hero(seat, reputation=hero.reputation - CONTENT.number("improve", "energy_cost"),
                   max_energy=hero.max_energy + CONTENT.number("improve", "energy_gain"),
                   improved=(hero.improved[0] + 1, hero.improved[1]))
    elif move.arg == "health":
        gain = CONTENT.number("improve", "health_gain")
        s.set_hero(seat, reputation=hero.reputation - CONTENT.number("improve", "health_cost"),
                   max_health=hero.max_health + gain, health=hero.health + gain,
                   improved=(hero.improved[0], hero.improved[1] + 1))


def cleanup(s: AvalonState) -> None:
    """Open events end with the day; after the last day the game is lost, else the next day dawns."""
    s.discards = (*s.discards, *s.open_events)
    s.open_events = ()
    if s.day >= s.max_days:
        s.result = "time"
        return
    s.day += 1
    new_day(s)
    s.replace(("dawn", 1))


def new_day(s: AvalonState) -> None:
    """Nobody has passed, waited or acted; the queue is in number order again."""
    s.set_each(s.living(), ((PASSED, False), (DONE, False), (WAITED, False)))
    s.queue = tuple(range(s.players))
    s.left = frozenset()
