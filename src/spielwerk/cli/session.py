"""The play loop: people type, agents think, chance is drawn, and no game is ever lost.

The session knows no rules. It shows `game.terminal(state, seat, language)`, asks `legal_actions()`,
`apply()`s and `undo()`es, resolves chance nodes with `resolve_chance()`, and writes
`record()`s. Ctrl-D, Ctrl-C, `quit` and unexpected errors all save an unfinished game first.
Every seat's actions are announced under its name (on its colour, where the name is one); an
action that is the only legal one is played unasked; `undo` follows `cli.undo`. At a person's turn
the account of what happened since their previous decision comes first (`cli.account`). Every word
is in the language the session was started in (`play --lang`), which it hands to the game.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule

from spielwerk import agents
from spielwerk.cli import commands, saving
from spielwerk.cli.account import account, counted
from spielwerk.cli.files import PROGRAM, FileError
from spielwerk.cli.hints import hint_line
from spielwerk.cli.hotseat import Hotseat
from spielwerk.cli.say import end_reason, seat_name, status, text
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import DEFAULT_OPPONENT, Player, SeatError, make_agent, outcome_text
from spielwerk.cli.telling import chance_line, rule_list, rules_text, taken_back, undo_refusal
from spielwerk.cli.undo import forced, plan_undo
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.message import Arg
from spielwerk.core.state import Action, State


class Session:
    """One game at the terminal: the state, who sits where, and the screen."""

    def __init__(
        self,
        state: State,
        players: list[Player],
        screen: Screen,
        *,
        hint: str | None = None,
        save_to: str | Path | None = None,
        hint_seed: int = 0,
        program: str = PROGRAM,
        language: str = "en",
    ) -> None:
        self.state = state
        self.players = players
        self.screen = screen
        self.language = language
        """The language of every word shown ("en", "de", "fr"; another code reads English)."""
        self._name_seats()
        self.hint_asked = hint
        """The agent `hint` asks, as given (None: see `hint_spec`)."""
        self.hint_seed = hint_seed
        self.save_to = Path(save_to) if save_to is not None else None
        """Where an unfinished game is saved on leaving (None: a fresh name in the autosave folder)."""
        self.program = program
        """How a person starts this program again (`spielwerk`, or its full path)."""
        self.saved_at: int | None = None
        """How many actions the game had when it was last saved (None: never saved)."""
        self.dirty = True
        """The position changed since the board was last shown."""
        self._hint_agent: agents.Agent | None = None
        self._last_actor: int | None = None
        """The seat that acted last in this session (None after a load or an undo)."""
        self._announced: int | None = None
        """The seat whose turn was last announced to the people at the terminal."""
        self.hotseat = Hotseat(self)
        """Who may read the screen, in a game with secrets (see `cli.hotseat`)."""
        self._accounted: tuple[int, int] | None = None
        """The seat and the length of the history when an account was last printed."""
        self._watched = len(state.history)
        """Where people watching agents play (nobody plays) were last told what happened."""

    def say(self, key: str, /, **args: Arg) -> str:
        """The terminal's text of `key` in the session's language."""
        return text(key, self.language, **args)

    def why(self, error: SpielwerkError | SeatError | FileError) -> str:
        """An error's words in the session's language, as markup (escaped)."""
        return escape(error.render(self.language))

    # ----- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends and people leave; returns the exit status."""
        self._banner()
        try:
            self._loop()
        except EOFError:
            self.screen.print()
            self.leave(self.say("session.end-of-input"))
        except KeyboardInterrupt:
            self.screen.print()
            self.leave(self.say("session.interrupted"))  # and exit 0: Ctrl-C is how people leave
        except Exception as error:  # a bug somewhere: report it, but keep the game
            self.leave(self.say("session.failed", error=escape(f"{type(error).__name__}: {error}")))
            return 1
        return 0

    def _loop(self) -> None:
        while True:
            state = self.state
            self._tell_watchers()
            if state.is_over:
                self.hotseat.hand_over(None)
                self.show()
                self._announce_end()
                if not self.has_humans or not self._after_game():
                    return
            elif state.is_chance and self.hotseat.hidden:
                self.hotseat.draw_chance()
            elif state.is_chance:
                self._draw_chance()
            elif forced(state):
                self._play_forced(self.players[state.to_move])
            else:
                player = self.players[state.to_move]
                if player.is_human:
                    if not self._human_turn(player):
                        return
                else:
                    self._agent_turn(player)

    def _human_turn(self, player: Player) -> bool:
        """Ask the person to move for one line; False when they leave."""
        if self.hotseat.shared:
            if not self.hotseat.hand_over(player.seat):
                return False
        elif len(self.humans) > 1 and self._last_actor != player.seat and self._announced != player.seat:
            # several people at one terminal: a new turn is announced across the screen
            self.screen.print()
            self.screen.print(Rule(self.say("session.turn", player=player.tag), style="dim"))
            self._announced = player.seat
            self.dirty = True
        self.tell_account(player.seat)
        if self.dirty:
            self.show()
        line = self.screen.ask(f"{player.tag} › ")
        self.hotseat.typed()
        return commands.handle(self, player, line)

    def _agent_turn(self, player: Player) -> None:
        assert player.agent is not None
        self.hotseat.hand_over(None)
        if not self.has_humans and self.dirty:
            self.show()
        label = f"{player.tag} ({escape(player.spec)})"
        start = time.perf_counter()
        with self.screen.busy(self.say("session.thinking", player=label)):
            action = player.agent.choose(self.state.clone())
        seconds = time.perf_counter() - start
        shown = self.hotseat.text(action)
        self.state.apply(action)
        self._acted(player)
        self.screen.print(self.say("session.plays.timed", player=label, action=escape(shown),
                                   seconds=f"{seconds:.1f}"))

    def _play_forced(self, player: Player) -> None:
        """Play the one legal action without asking (a shackled knight's `rest`, a blocked `pass`)."""
        action = self.state.legal_actions()[0]
        shown = self.hotseat.text(action)
        self.state.apply(action)
        self._acted(player)
        who = player.tag if player.is_human else f"{player.tag} ({escape(player.spec)})"
        self.screen.print(self.say("session.plays.forced", player=who, action=escape(shown)))

    def _draw_chance(self) -> None:
        """Resolve a chance node from the game's own stream and announce the outcome."""
        state = self.state
        before = state.view(None)
        waiting = status(state.game, before, self.language)
        actor = self._chance_actor()
        outcome = state.resolve_chance()
        # (a game with secrets draws through `hotseat`, which names outcomes only to those who saw them)
        tag = self.players[actor].tag if actor is not None else None
        self.screen.print(chance_line(str(outcome), before, state.view(None), tag, self.language, waiting))
        self.dirty = True

    def _chance_actor(self) -> int | None:
        """The seat whose decision led to the chance node now reached (None at the start)."""
        probe = self.state.clone()
        while probe.history:
            probe.undo()
            if not probe.is_chance:
                return probe.to_move
        return None

    def _acted(self, player: Player) -> None:
        self._last_actor = player.seat
        if player.seat != self._announced:
            self._announced = None
        self.dirty = True

    def _after_game(self) -> bool:
        """After the end: undo, save, board or leave; True when play goes on (after an undo)."""
        while True:
            line = self.screen.ask(self.say("session.over.prompt"))
            word, _, rest = line.strip().partition(" ")
            word = word.lower()
            if word in ("", "quit", "exit", "q"):
                return False
            if word in ("undo", "takeback"):
                if self.undo_turn(None):
                    return True
            elif word == "save":
                self.save(rest.strip() or None)
            elif word in ("board", "show"):
                self.show()
            elif word in ("help", "?"):
                commands.show_help(self)
            elif word in ("rules", "howto"):
                self.show_rules(rest)
            else:
                self.screen.print(self.say("session.over.only"))

    # ----- what commands do -----------------------------------------------------------------
    @property
    def has_humans(self) -> bool:
        """True when a person plays a seat."""
        return any(player.is_human for player in self.players)

    @property
    def humans(self) -> list[Player]:
        """The seats people play."""
        return [player for player in self.players if player.is_human]

    def viewer(self) -> int | None:
        """The seat whose view is shown: the person to move, the only person, or None (spectator)."""
        state = self.state
        if not state.is_over and not state.is_chance and self.players[state.to_move].is_human:
            return state.to_move
        humans = [p.seat for p in self.players if p.is_human]
        return humans[0] if len(humans) == 1 else None

    def show(self) -> None:
        """Draw the position, with a line saying whose turn it is and what they decide."""
        state = self.state
        game = state.game
        head = self.say("session.head", game=escape(game.info.name), count=len(state.history))
        if not state.is_over and not state.is_chance:
            player = self.players[state.to_move]
            waiting = status(game, state.view(None), self.language)
            who = {"head": head, "player": player.tag, "spec": escape(player.spec)}
            head = (self.say("session.status", **who, waiting=escape(waiting)) if waiting
                    else self.say("session.status.to-play", **who))
        self.screen.print()
        self.screen.print(head)
        self.screen.print(game.terminal(state, self.viewer(), language=self.language))
        self.dirty = False

    def _tell_watchers(self) -> None:
        """Where agents play every seat, each action as a spectator is told it, once."""
        total = len(self.state.history)
        if self.has_humans or self._watched >= total:
            self._watched = total
            return
        told = [telling.to(None).render(self.language) for telling in self.state.tellings()[self._watched:]]
        for line in counted(told):
            self.screen.print(Padding(f"[italic]{line}[/]", (0, 0, 0, 2), expand=False))
        self._watched = total

    def tell_account(self, seat: int) -> None:
        """Print what happened since `seat`'s previous decision, as it may know it (once a turn)."""
        mark = (seat, len(self.state.history))
        if self._accounted == mark:
            return
        self._accounted = mark
        heading, *lines = account(self.state, seat, self.language).markup(self.language) or [""]
        if lines:
            self.screen.print(heading)
        for line in lines:
            self.screen.print(Padding(line, (0, 0, 0, 2), expand=False))  # a long line wraps under its start

    def play(self, player: Player, action: Action | str) -> None:
        """Apply a person's action, judged as their seat's input, and say so."""
        applied = self.state.apply(action, seat=player.seat)
        audience = self.hotseat.audience()
        shown = self.state.history_for(audience, -1)[0] if self.hotseat.hidden else str(applied)
        self._acted(player)
        self.screen.print(self.say("session.plays", player=player.tag, action=escape(shown)))

    def resign(self, player: Player) -> None:
        """`resign`: once the person confirms, their seat gives up and the game ends (recorded in the
        history, so a saved game replays to the same result)."""
        yes = self.say("resign.yes")
        answer = self.screen.ask(self.say("resign.ask", player=player.tag, yes=escape(yes)))
        if answer.strip().lower() not in {yes.lower(), "yes", "y"}:
            self.screen.print(self.say("resign.kept"))
            return
        self.state.resign(player.seat)
        self._acted(player)
        self.screen.print(self.state.narration(self.hotseat.audience(), self.language)[-1])

    def undo_turn(self, person: int | None, asked_by: int | None = None) -> bool:
        """Take back `person`'s last decision with the agents' replies since; False if refused.

        None (after the end) stands for whoever decided last. `asked_by` is the seat whose prompt
        it was typed at, where that differs from `person`. See `cli.undo` for the rule.
        """
        is_human = self._is_human
        plan = plan_undo(self.state, is_human, person)
        tags = [player.tag for player in self.players]
        texts = self.state.history_for(self.hotseat.audience())  # as the people here saw them
        if not plan.allowed:
            hidden = self.hotseat.hidden
            message = undo_refusal(plan, tags, hidden=hidden, texts=texts, language=self.language)
            latest = plan_undo(self.state, is_human, None)
            if latest.allowed and latest.seat is not None and latest.seat != person:
                decision = texts[latest.decision_at] if latest.decision_at is not None else ""
                message = self.say("session.undo.latest", refusal=message, player=tags[latest.seat],
                                   action=escape(decision), seat=escape(self.players[latest.seat].name))
            self.screen.print(message)
            return False
        for _ in range(plan.count):
            self.state.undo()
        taken = texts[len(texts) - plan.count:]
        self._last_actor = None
        asker = person if asked_by is None else asked_by
        self._announced = asker  # a decision given back to someone else is announced as their turn
        self.dirty = True
        again = tags[plan.seat] if plan.seat is not None and plan.seat != asker else None
        self.screen.print(taken_back(plan.count, taken, again, self.language))
        return True

    def _is_human(self, seat: int) -> bool:
        return self.players[seat].is_human

    @property
    def hint_spec(self) -> str:
        """The agent `hint` asks: as given, else the first searching agent's at the table, else mcts:1s
        (a random player's advice would be worth nothing)."""
        agents_here = (p.spec for p in self.players if not p.is_human)
        searchers = (spec for spec in agents_here if not spec.lower().startswith("random"))
        return self.hint_asked or next(searchers, DEFAULT_OPPONENT)

    def hint(self) -> None:
        """Ask an agent what it would play here, and say what it sees (`cli.hints`)."""
        spec = self.hint_spec
        try:
            if self._hint_agent is None:
                self._hint_agent = make_agent(spec, self.hint_seed)
            with self.screen.busy(self.say("session.asking", agent=escape(spec))):
                action = self._hint_agent.choose(self.state.clone())
        except (SeatError, SpielwerkError) as error:  # an unknown agent, or one that cannot play this game
            self.screen.print(self.say("session.no-hint", error=self.why(error)))
            return
        names = [player.title for player in self.players]
        self.screen.print(hint_line(self.state, action, spec, self._hint_agent.stats, names, self.language))

    def show_rules(self, start: str = "") -> None:
        """Print the game's how-to-play and its rules by id; only the rules whose ids begin with
        `start`, where given."""
        game = self.state.game
        shown = rule_list(game, self.language, start) if start.strip() else rules_text(game, self.language)
        if shown is not None:
            self.screen.print(shown)

    def save(self, path: str | None) -> None:
        """Save the game where asked (or under a fresh name) and say how to go on with it."""
        saving.save(self, path)

    def load(self, path: str) -> None:
        """Go on with a saved game of the same game and number of players (see `cli.saving`)."""
        saving.load(self, path)

    def leave(self, reason: str) -> None:
        """Say why the session ends; an unfinished, unsaved game is saved first."""
        saving.leave(self, reason)

    def reseat(self, players: list[Player]) -> None:
        """Go on with the state now held (a loaded game), with these players."""
        self.players = players
        self._name_seats()
        self._hint_agent = None
        self._last_actor = self._announced = None
        self._accounted = None
        self._watched = len(self.state.history)
        self.hotseat.reset()
        self.dirty = True

    def _name_seats(self) -> None:
        """Give each player its seat's name in the session's language."""
        for player in self.players:
            player.shown = seat_name(self.state.game, player.seat, self.language)

    # ----- words ------------------------------------------------------------------------------
    def _banner(self) -> None:
        state = self.state
        seats = ", ".join(f"{p.tag}: {escape(p.spec)}" for p in self.players)
        self.screen.print(self.say("session.banner", game=escape(state.game.info.name), seats=seats))
        # the seed fixes every card and die still to come: a game with chance tells it only at the end
        secret = state.game.info.chance and not state.is_over
        seed = self.say("session.seed.secret") if secret else self.say("session.seed", seed=state.seed)
        self.screen.print(seed)
        if self.has_humans:
            self.screen.print(self.say("session.commands"))
        if self.hotseat.shared:
            self.screen.print(self.say("session.shared.secret", count=len(self.humans)))
        elif len(self.humans) > 1:
            self.screen.print(self.say("session.shared", count=len(self.humans)))

    def _announce_end(self) -> None:
        state = self.state
        outcome = escape(outcome_text(state, self.language))
        reason = end_reason(state.game, state.view(None), self.language)
        self.screen.print(self.say("session.game-over.why", outcome=outcome, reason=escape(reason)) if reason
                          else self.say("session.game-over", outcome=outcome))
        if state.game.info.chance:
            self.screen.print(self.say("session.seed.end", seed=state.seed))
