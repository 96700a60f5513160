"""The frame machine: who is to move, what they may do, chance outcomes, and running every
automatic step until the next decision (avalon.auto: a decision with one option is taken)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spielwerk.core.chance import CHANCE
from spielwerk.core.kept import Kept
from spielwerk.games.avalon import dawn, day, dusk, events, fights, guardians, resolve
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.notation import Move, move
from spielwerk.games.avalon.resolve import ELOWEN, leader

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

DIE = tuple((Move("die", str(face)), 1 / 6) for face in range(1, 7))
MAX_STEPS = 100_000
"""A guard against a content loop; no real game comes near it."""
_GUARD = range(MAX_STEPS)


def setup_frames(s: AvalonState) -> tuple[Frame, ...]:
    """Set-up's frames in stack order: place the first locations, then Elowen scouts (avalon.setup)."""
    scouts = tuple(("scout", seat) for seat, hero in enumerate(s.heroes) if hero.number == ELOWEN)
    return (*scouts, ("place", tuple(CONTENT.placed)))


# ----- the top frame ---------------------------------------------------------------------
def mover(s: AvalonState) -> int:
    """The seat the top frame waits for, or CHANCE."""
    frame = s.frames[-1]
    kind = frame[0]
    if kind == "day":
        seat = day.actor(s)
        return CHANCE if seat is None else seat
    if kind in CHANCE_KINDS:
        return CHANCE
    if kind == "fight":
        return CHANCE if frame[4] == "roll" else _lead(s, frame[2])
    if kind == "join":
        return int(frame[4][0])
    if kind == "verse":
        return _lead(s, frame[3])
    return int(frame[1])


def _lead(s: AvalonState, group: tuple[int, ...]) -> int:
    seat = leader(s, group)
    return group[0] if seat is None else seat


def decisions(s: AvalonState) -> list[Move]:
    """The decisions of the top frame."""
    frame = s.frames[-1]
    return DECISIONS[frame[0]](s, frame)


def chances(s: AvalonState) -> tuple[tuple[Move, float], ...]:
    """The outcomes of the top frame's chance node with their probabilities."""
    frame = s.frames[-1]
    kind = frame[0]
    if kind in ("test", "fight", "guardian"):
        return DIE
    if kind == "reveal":
        word, _, arg = frame[1].partition(" ")
        return ((move(word, arg), 1.0),)
    if kind == "versedraw":
        odds = VERSE_ODDS.get(frame[1])
        if odds is None:
            odds = tuple((move("verse", f"{frame[1]}{side}"), 0.5) for side in "ab")
        return odds
    if kind in ("event", "augury"):
        segment = events.segment(s)
        odds = _EVENT_ODDS.get(segment)
        if odds is None:
            cards = sorted(segment)
            odds = _EVENT_ODDS.keep(segment, tuple((move("event", card), 1 / len(cards)) for card in cards))
        return odds
    return dusk.dream_outcomes(s)


VERSE_ODDS = {location: tuple((move("verse", f"{location}{side}"), 0.5) for side in "ab")
              for location in CONTENT.locations}
"""The outcomes of drawing the back of each location's card."""
_EVENT_ODDS: Kept[frozenset[str], tuple[tuple[Move, float], ...]] = Kept(10_000)
"""The outcomes of an event drawn from each segment (a search draws from the same few)."""


def witnesses(s: AvalonState, action: object) -> frozenset[int] | None:
    """Who sees an outcome: nobody a verse drawn face down, the group an augury's event."""
    if not isinstance(action, Move) or s.result:
        return None
    word = action.word
    if word == "verse" and s.frames[-1][0] == "versedraw":
        return NOBODY
    if word == "event" and s.frames[-1][0] == "augury":
        return frozenset(resolve.members(s, s.frames[-1][1]))
    return None


NOBODY: frozenset[int] = frozenset()
SECRET_WORDS = frozenset({"verse", "event"})
"""The only words of outcomes that `witnesses` may hide."""


def take(s: AvalonState, move: Move, seat: int | None = None) -> None:
    """Apply a decision or chance outcome to the top frame; `seat`: the seat to move there, where
    known."""
    frame = s.frames[-1]
    kind = frame[0]
    if kind == "day":
        day.take_day(s, move, seat)
    elif kind in TAKERS:
        TAKERS[kind](s, frame, move)
    else:
        raise ValueError(f"frame {kind} takes no action")


def step(s: AvalonState, move: Move, seat: int | None) -> None:
    """`take` the move, then `advance`: a whole step in one call."""
    take(s, move, seat)
    advance(s)


def _take_die(s: AvalonState, frame: Frame, move: Move) -> None:
    face = int(move.arg)
    if frame[0] == "test":
        fights.take_test_die(s, frame, face)
    elif frame[0] == "fight":
        fights.take_fight_die(s, frame, face)
    else:
        guardians.roll(s, frame, face)


def _take_fight(s: AvalonState, frame: Frame, move: Move) -> None:
    if move.word == "die":
        fights.take_fight_die(s, frame, int(move.arg))
    else:
        fights.take_fight_choice(s, frame, move)


def _take_verse_side(s: AvalonState, frame: Frame, move: Move) -> None:
    s.pop()
    backs = list(s.backs)
    backs[frame[1]] = move.arg[-1]
    s.backs = tuple(backs)


def _take_event(s: AvalonState, frame: Frame, move: Move) -> None:
    s.pop()
    from_a = move.arg in s.deck_a
    events.draw(s, move.arg)
    if frame[0] == "event":
        events.reveal(s, move.arg)
    else:
        s.top, s.top_from = move.arg, "A" if from_a else "B"
        s.top_seen = frozenset(resolve.members(s, frame[1]))


def reveals_dealt(frames: tuple[Frame, ...], backs: tuple[str, ...], top: str) -> tuple[Frame, ...]:
    """The frames of a world dealt by `determinize`: a card about to be turned up (a reveal on top)
    is the one dealt there, and so is the verse the exploration will read."""
    if not frames or frames[-1][0] != "reveal":
        return frames
    word, _, card = str(frames[-1][1]).partition(" ")
    if word == "event":
        return (*frames[:-1], ("reveal", f"event {top}"))
    dealt = f"{card[:-1]}{backs[int(card[:-1])]}"
    verse = frames[-2]
    return (*frames[:-2], (verse[0], dealt, *verse[2:]), ("reveal", f"verse {dealt}"))


def _take_reveal(s: AvalonState, frame: Frame, move: Move) -> None:
    """A card turned face up for all: the verse an exploration reads, or the event an augury fixed."""
    s.pop()
    if move.word == "event":
        s.top, s.top_from, s.top_seen = "", "", frozenset()
        events.reveal(s, move.arg)


def _run_augury(s: AvalonState, frame: Frame) -> bool:
    """An augury with the top already fixed shows it to the group; else it draws (a chance node)."""
    if not s.top:
        return True
    s.pop()
    s.top_seen = s.top_seen | frozenset(resolve.members(s, frame[1]))
    return False


# ----- running ----------------------------------------------------------------------------
def advance(s: AvalonState) -> None:
    """Run automatic frames until a decision with a choice, a chance node, or the end."""
    trail = s.trail
    automatic = AUTOMATIC.get
    for _ in _GUARD:
        if s.result or not s.frames:
            return
        frame = s.frames[-1]
        kind = frame[0]
        if trail is not None:
            trail.append((frame, None, s.facts()))
        run = automatic(kind)
        if run is not None:
            run(s, frame)
            continue
        if kind == "day":  # a character to act decides; nobody left to act ends the round
            seat = day.run_day(s)
            if seat is None:
                continue
            options = day.choices_of(s, seat)
        elif kind == "verse":  # a choice waits for the group's leader
            if not fights.run_verse(s, frame):
                continue
            options = fights.verse_choices(s, frame)
            seat = mover(s)
        else:
            if kind == "augury" and not _run_augury(s, frame):
                continue
            if kind == "fight" and not resolve.members(s, frame[2]):
                s.pop()
                s.outcome = "lost"
                continue
            seat = CHANCE if kind in CHANCE_KINDS else mover(s)
            if seat == CHANCE:
                outcomes = chances(s)
                if len(outcomes) > 1 or kind == "reveal":
                    s.odds, s.mover = outcomes, CHANCE
                    return
                _take_alone(s, outcomes[0][0])
                continue
            options = DECISIONS[kind](s, frame)
        if len(options) > 1:
            s.choices, s.mover = tuple(options), seat
            return
        _take_alone(s, options[0])
    raise RuntimeError("Avalon's steps did not settle: the content has a loop")


def _take_alone(s: AvalonState, move: Move) -> None:
    """Take the only decision or outcome there is (avalon.auto), kept in the trail as a step."""
    if s.trail is not None:
        s.trail[-1] = (s.frames[-1], move, s.trail[-1][2])
    take(s, move)


AUTOMATIC: dict[str, Callable[[AvalonState, Frame], None]] = {
    "dawn": dawn.run_dawn,
    "dusk": dusk.run_dusk,
    "effects": resolve.run_effects,
    "arrive": resolve.run_arrival,
    "place": resolve.run_place,
    "scout": resolve.run_scout,
    "act": day.run_act,
    "quest": day.run_quest,
    "explored": fights.finish_exploration,
    "wolves": events.run_wolves,
    "attack": guardians.run_attack,
}
CHANCE_KINDS = frozenset({"test", "guardian", "versedraw", "event", "augury", "dream", "reveal"})
DECISIONS: dict[str, Callable[[AvalonState, Frame], list[Move]]] = {
    "day": lambda s, frame: day.day_choices(s),
    "join": day.join_choices,
    "verse": fights.verse_choices,
    "fight": fights.fight_choices,
    "equip": day.equip_choices,
    "rest": dusk.rest_choices,
    "improve": dusk.improve_choices,
}
TAKERS: dict[str, Callable[[AvalonState, Frame, Move], None]] = {
    "join": day.take_join,
    "verse": fights.take_choice,
    "fight": _take_fight,
    "equip": day.take_equip,
    "rest": dusk.take_rest,
    "improve": dusk.take_improve,
    "test": _take_die,
    "guardian": _take_die,
    "versedraw": _take_verse_side,
    "event": _take_event,
    "augury": _take_event,
    "dream": dusk.take_dream,
    "reveal": _take_reveal,
}
