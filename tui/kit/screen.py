"""The base game screen: a game played at one terminal through one seat per player.

:class:`GameScreen` knows no system. It is driven by seats
(:class:`engine.seat.Seat`), never by a game's state: who acts, the view, the
options, the log, a decision, submit, undo, concede all go through the seat of
the player at the terminal (the *viewer*). It owns what every game screen
shares:

* the layout: title bar, a status line, the system's table (``compose_table``),
  the event log, a hint line (the prompt, or why an order was refused), the
  command line and the key footer;
* the flow (:meth:`GameScreen.sync`): when the decision passes to another seat,
  the hot-seat curtain (:class:`tui.kit.curtain.CurtainScreen`) covers the game
  unless no private value is on either player's screen
  (:meth:`engine.seat.Seat.private_on_screen`; the screen then shows only the
  public log entries, :meth:`GameScreen.public_only`), and when the same seat's
  screen comes to hold private values after public steps that passed without
  one (the other player may still be looking); a decision the rules put to the
  viewer opens :class:`tui.kit.dialogs.DecisionDialog`; the end of the game opens
  :class:`tui.kit.over.GameOverScreen`;
* the shared keys (:mod:`tui.kit.keys`): the command line, undo, the whole log,
  scrolling the log, concede, leave, help;
* the autosave's state, told once when saving fails and once when it works again.

A system's screen subclasses it and fills in the hooks: ``compose_table``,
``refresh_table``, ``status_text``, ``prompt_text``, ``task_text``,
``log_line``, ``notation_rows``, ``legend_rows``, ``over_lines``, and, where a
decision needs a dialog of its own, ``ask``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Input, Static

from engine.decision import Decision
from engine.i18n import N_, _
from engine.ruleset import ActionError
from engine.seat import LogEntry, Seat
from tui.kit.command import CommandLine, asks_help
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import DecisionDialog, plain_text
from tui.kit.keyhelp import KeyHelp
from tui.kit.keys import GAME_BINDINGS
from tui.kit.log import EventLog, FullLogScreen
from tui.kit.over import GameOverScreen, headline, how
from tui.screens.base import WartableScreen, literal
from tui.widgets.bars import TitleBar

__all__ = ["GameScreen"]


class GameScreen(KeyHelp, WartableScreen, help_key=False):
    """Plays a game at this terminal through ``seats`` (one per player, in seat order).

    ``viewer``: the seat known to sit at the terminal already (no curtain before its
    first decision); None shows the curtain first. ``curtain``: False never shows
    one (tests of one seat's screen).

    A system's screen lists its own keys in ``BINDINGS``; the shared keys
    (:data:`tui.kit.keys.GAME_BINDINGS`) are added after them, and the help key last,
    so the footer shows the system's orders first in every system.
    """

    SCREEN_TITLE = N_("Game")
    #: Only the system's screen (a subclass) has keys: its own, then the shared ones.
    BINDINGS: ClassVar[list[BindingType]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Add the shared keys after the system's own keys (once: a subclass of a system's
        screen inherits them)."""
        if not any(issubclass(base, GameScreen) and base is not GameScreen for base in cls.__mro__[1:]):
            cls.BINDINGS = [*cls.__dict__.get("BINDINGS", []), *GAME_BINDINGS]
        super().__init_subclass__(**kwargs)

    #: Whether the system's table places the event log itself (``self.event_log()``);
    #: otherwise the log comes under the table.
    LOG_IN_TABLE: ClassVar[bool] = False

    def __init__(self, seats: Sequence[Seat], *, viewer: int | None = None, curtain: bool = True) -> None:
        super().__init__()
        if not seats:
            raise ValueError("a game screen needs the seats of the game")
        self.seats = list(seats)
        self.viewer: int | None = viewer
        self.curtain = curtain
        #: The refusal or notice on the hint line ("" for the prompt).
        self.message = ""
        self._logged: tuple[int | None, int, bool] = (None, 0, False)
        self._over_shown = False
        self._asking = False
        self._covered = False
        #: When the curtain was last lifted: keys typed before it are dropped, so that
        #: nothing typed ahead acts on the next player's game.
        self._lifted_at = 0.0
        self._told_save: str | None = None
        #: Per seat: how much of its log its player has seen on this screen.
        self._log_seen: dict[int, int] = {}
        self._completions: tuple[tuple[Any, ...], list[str]] | None = None
        #: Whether the screen last drawn showed only public values (see :meth:`public_only`).
        self._shown_public = False
        #: Whether the terminal passed between players without a curtain since the last
        #: curtain: only then may the player who left still be looking.
        self._passed_open = False
        #: What each line of the screen shows now (see :meth:`_show`).
        self._shown: dict[str, str | Text] = {}
        self._keys_state: tuple[bool, ...] = ()

    # -- the seat at the terminal ----------------------------------------------------
    @property
    def seat(self) -> Seat:
        """The seat of the player at the terminal (seat 0 before anyone sat down)."""
        return self.seats[self.viewer if self.viewer is not None else 0]

    @property
    def players(self) -> tuple[str, ...]:
        """Every seat's player name, as stored."""
        return tuple(self.seats[0].players)

    def player(self, seat: int) -> str:
        """Seat ``seat``'s player as shown: the name, or "Player N" for a default one."""
        from tui.saves import player_label

        return player_label(self.players[seat], seat)

    def player_names(self) -> list[str]:
        """Every seat's player as shown."""
        return [self.player(s) for s in range(len(self.players))]

    # -- layout -----------------------------------------------------------------------
    def screen_title(self) -> str:
        """The system's title and the players, each name cut to fit the width."""
        from tui.saves import versus
        from tui.textfit import fit

        title = _(self.seats[0].title)
        try:
            width = self.app.size.width
        except Exception:  # noqa: BLE001 - no app yet: the narrowest layout's width
            width = 80
        names = self.player_names()
        room = width - len(" Wartable | ") - len(title) - 4 - 3 * len(names)
        each = max(6, room // max(1, len(names)))
        fitted = [fit(n, each) for n in names]
        return f"{title}: " + (versus(fitted) if len(fitted) == 2 else ", ".join(fitted))

    def compose_body(self) -> ComposeResult:
        """Status line, the table, the log (unless the table placed it), the hint line,
        the command line."""
        yield from self.compose_status()
        yield from self.compose_table()
        if not self.LOG_IN_TABLE:
            yield self.event_log()
        yield Static("", id="kit-hint", markup=False)
        yield CommandLine(
            self.completions,
            placeholder=plain_text(self.command_placeholder(), self.ascii),
            id="kit-command",
        )

    def event_log(self) -> EventLog:
        """The log panel (a system whose table places it yields this in ``compose_table``)."""
        log = EventLog(id="kit-log")
        log.border_title = literal(_("Log"))
        return log

    @property
    def ascii(self) -> bool:
        """Whether the ASCII glyph set is in use."""
        return self.glyphs.name == "ascii"

    def on_mount(self) -> None:
        """Show the seat that decides first (behind the curtain)."""
        self.call_after_refresh(self.sync, True)

    async def refresh_language(self) -> None:
        """Re-compose in the new language or glyph set; the game stays where it is."""
        await super().refresh_language()
        self._logged = (None, 0, False)
        self._completions = None
        self._shown = {}
        self._keys_state = ()
        self.refresh_all()

    def on_resize(self) -> None:
        """The names in the title bar are cut to the new width."""
        bars = self.query(TitleBar)
        if bars:
            bar = bars.first()
            title = self.screen_title()
            if bar.screen_title != title:
                bar.screen_title = title
                bar.refresh()

    # -- hooks for a system's screen ---------------------------------------------------
    def compose_status(self) -> ComposeResult:
        """The status line: the ``#kit-status`` line that :meth:`status_text` fills (a
        system may put it in a row with a line of its own beside it)."""
        yield Static("", id="kit-status", markup=False)

    def compose_table(self) -> ComposeResult:
        """The system's part of the screen: the board, panels, lists."""
        yield from ()

    def table_focus(self) -> Widget | None:
        """The widget that has the focus when the command line is left (the board)."""
        return None

    def refresh_table(self) -> None:
        """Draw the system's part again from the viewer's seat (view, options)."""

    def status_text(self) -> str | Text:
        """The status line: by default who is to decide."""
        to_act = sorted(self.seat.to_act())
        if not to_act:
            return _("The game is over.")
        names = ", ".join(self.player(s) for s in to_act)
        return _("To decide: {players}").format(players=names)

    def prompt_text(self) -> str:
        """What the viewer may do now, for the hint line."""
        if self.seat.result() is not None:
            return _("The game is over: Enter shows the result, l the log, Escape goes back.")
        return _(": types an order; ? lists the keys and the notation.")

    def task_text(self, seat: int) -> str:
        """What ``seat`` is to do now, for the curtain."""
        return _("Your turn.")

    def command_placeholder(self) -> str:
        """The command line's placeholder (an example order)."""
        return _("An order in notation (: to type, help lists them)")

    def log_line(self, entry: LogEntry) -> Text:
        """One log entry as the log shows it (a system may add glyphs and styles)."""
        return Text(entry.text)

    def notation_rows(self) -> list[tuple[str, str]]:
        """(form, meaning) rows of the system's notation, translated, for the help."""
        return []

    def notation_title(self) -> str:
        """The heading of the notation in the help."""
        return _("Orders on the command line (:):")

    def legend_rows(self) -> list[tuple[str, str]]:
        """(glyphs, meaning) rows explaining the board, for the help."""
        return []

    def over_lines(self) -> list[str | Text]:
        """The system's summary of a finished game (after the headline and how it ended)."""
        return []

    def extra_completions(self) -> list[str]:
        """Texts the command line completes beside the legal actions."""
        return ["concede"] if self.seat.can_concede() else []

    def ask(self, decision: Decision) -> None:
        """Put ``decision`` to the viewer (the kit's dialog; a system may show its own)."""
        self.open_decision(decision)

    # -- the flow --------------------------------------------------------------------
    def sync(self, first: bool = False) -> None:
        """Show the seat that decides now; cover the game when the terminal passes to
        another player (unless no private value is on either screen); ask a pending
        decision; open the result when the game is over."""
        if self._covered or not self.is_attached:
            return
        to_act = self.seat.to_act()
        if not to_act:
            if self.viewer is None:
                self.viewer = 0
            self.refresh_all()
            self.game_over()
            return
        side = self.viewer if self.viewer in to_act else min(to_act)
        changed = first
        if side != self.viewer:
            changed = True
            leaving = self.viewer
            needs = (
                leaving is None
                or self.seats[leaving].private_on_screen()
                or self.seats[side].private_on_screen()
            )
            if self.curtain and needs:
                self.cover(side, first)
                return
            self.viewer = side
            if leaving is not None and self.curtain:
                self._passed_open = True
                # passed without a curtain (nothing private on either screen): say so
                self.app.notify(
                    _("{player} decides now.").format(player=self.player(side)), timeout=3, markup=False
                )
        elif (
            self.curtain and self._passed_open and self._shown_public and self.seats[side].private_on_screen()
        ):
            # the same player, but the steps before were public and the terminal passed
            # without a curtain: the other player may still be looking as private values come
            self.cover(side, first)
            return
        self.refresh_all()
        self.after_turn_change(changed)
        self.ask_pending()

    def cover(self, side: int, first: bool = False) -> None:
        """The curtain before ``side`` sees the game: its task and the public news since
        it last looked (on this terminal; else since its last action)."""
        seat = self.seats[side]
        seen = self._log_seen.get(side)
        if seen is None or seen > seat.log_length():  # not looked yet on this screen, or undone
            seen = seat.news_start()
        news = [self.log_line(e) for e in seat.log(seen) if e.event.to is None and self.in_news(e)]
        task = self.task_text(side)
        if first:
            start = _("The game continues.") if seat.record() else _("The game begins.")
            task = f"{start} {task}".strip()
        self._covered = True
        self._passed_open = False
        self._lifted_at = float("inf")
        # what is under the curtain is the next seat's table from the moment it comes
        self.viewer = side
        self.message = ""
        self.refresh_all()

        def lifted(answer: str | None) -> None:
            self._covered = False
            self._lifted_at = get_time()
            if answer == "menu":
                self.app.pop_screen()
                self.notify_saved()
                return
            self.refresh_all()
            self.after_turn_change(True)
            self.ask_pending()

        self.app.push_screen(CurtainScreen(self.player(side), task, news), lifted)

    def in_news(self, entry: LogEntry) -> bool:
        """Whether a public log ``entry`` is told on the curtain's news (by default every
        one; a system leaves out what only structures its log, such as step headings)."""
        return True

    def after_turn_change(self, changed: bool) -> None:
        """Called when the viewer's turn is shown (``changed``: a new player, or the
        curtain just lifted): a system scrolls its board to where the turn is."""
        focus = self.table_focus()
        if focus is not None:
            focus.focus()

    def ask_pending(self) -> None:
        """Open the decision the rules put to the viewer, if one waits."""
        if self._asking or self.viewer is None:
            return
        decision = self.seat.decision()
        if decision is not None:
            self.ask(decision)

    def open_decision(
        self,
        decision: Decision,
        title: str = "",
        context: Sequence[str | Text] = (),
        *,
        numbered: bool = False,
    ) -> None:
        """The kit's decision dialog (``numbered``: its answers are chosen by their digit
        too); the answer is submitted as it is."""
        self._asking = True

        def answered(index: str | None) -> None:
            self._asking = False
            if index is None:
                return
            if index.startswith(":"):  # typed in notation: the seat parses it
                if not self.submit(index[1:]):
                    self.ask_pending()  # refused (told on the hint line): asked again
                return
            self.submit(decision.choices[int(index)].action)

        self.app.push_screen(DecisionDialog(decision, title, context, numbered=numbered), answered)

    def refresh_all(self) -> None:
        """Status, table, log, hint line and keys, from the viewer's seat."""
        if not self.is_mounted:
            return
        self._shown_public = self.public_only()
        self._show("#kit-status", plain_text(self.status_text(), self.ascii), layout=False)
        self.refresh_table()
        self.refresh_log()
        self.refresh_hint()
        self.refresh_keys()
        if not self._covered and self.viewer is not None:
            # what this player has now seen: the curtain's news for them start after it
            self._log_seen[self.viewer] = self.seat.log_length()

    def _show(self, selector: str, content: str | Text, *, layout: bool = True) -> None:
        """Put ``content`` on the Static ``selector`` when it changed (an update costs a
        repaint, and a new layout unless ``layout`` is False: over SSH every repainted
        cell costs bytes)."""
        if self._shown.get(selector) == content:
            return
        self._shown[selector] = content
        widgets = self.query(selector)
        if widgets:
            widgets.first(Static).update(content, layout=layout)

    def refresh_keys(self) -> None:
        """Draw the key footer again when the keys that apply have changed (redrawing it
        costs a repaint of the line)."""
        state = tuple(
            bool(self.check_action(b.action.split("(")[0], ())) for b in self._bindings_list() if b.show
        )
        if state != self._keys_state:
            self._keys_state = state
            self.refresh_bindings()

    def _bindings_list(self) -> list[Binding]:
        """Every binding of the screen (its own and the shared ones), once each."""
        return [b for b in type(self).BINDINGS if isinstance(b, Binding)]

    def public_only(self) -> bool:
        """Whether the screen shows only public values now: the viewer's seat holds no
        private value on screen (:meth:`engine.seat.Seat.private_on_screen`), so the
        terminal may pass to it or from it without a curtain, and its log shows only the
        events every seat may see."""
        return self.viewer is not None and not self.seat.private_on_screen()

    def shown_log(self, start: int = 0) -> list[LogEntry]:
        """The viewer's log entries from ``start`` on, as the screen may show them: the
        public ones only while :meth:`public_only`."""
        entries = self.seat.log(start)
        if self.public_only():
            entries = [e for e in entries if e.event.to is None]
        return entries

    def refresh_log(self) -> None:
        """Add the viewer's new log entries (all again when the viewer changed, an undo
        took entries back, or the screen starts or stops showing private values)."""
        logs = self.query(EventLog)
        if not logs:
            return
        log = logs.first()
        viewer, done, public = self._logged
        seat = self.seat
        length = seat.log_length()
        now_public = self.public_only()
        if viewer != self.viewer or done > length or public != now_public:
            log.reset()
            done = 0
        if length > done:
            log.add([plain_text(self.log_line(e), self.ascii) for e in self.shown_log(done)])  # type: ignore[misc]
        self._logged = (self.viewer, length, now_public)

    def refresh_hint(self) -> None:
        """The hint line: the last refusal or notice, else the prompt."""
        hints = self.query("#kit-hint")
        if hints:
            hint = hints.first(Static)
            text = self.message or self.prompt_text()
            if hint.has_class("-error") != bool(self.message):
                hint.set_class(bool(self.message), "-error")
            # a refusal may take two or three lines: a new layout only when it changes
            self._show("#kit-hint", plain_text(text, self.ascii))

    def say(self, message: str) -> None:
        """Show ``message`` on the hint line (until the next action)."""
        self.message = message
        self.refresh_hint()

    # -- acting -----------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Submit ``action`` (an action, or its notation) for the viewer; a refusal is
        told on the hint line. Returns whether it was played."""
        if self.viewer is None:
            return False
        try:
            self.seat.submit(action)
        except ActionError as error:
            self.say(str(error))
            return False
        self._completions = None
        self.message = ""
        self.tell_save_state()
        self.after_submit()
        self.sync()
        return True

    def after_submit(self) -> None:
        """Called after an action of the viewer was played (a system resets its modes)."""

    def tell_save_state(self) -> None:
        """Tell what changed about the autosave: a notice the first time (and at each new
        reason) saving fails, a line once it works again."""
        problem = self.seat.save_problem()
        if problem == self._told_save:
            return
        self._told_save = problem
        if problem is not None:
            self.wapp.show_notice(
                _("The game could not be saved"),
                problem
                + "\n\n"
                + _(
                    "Play on: every action is kept, and the game is saved again with the next action "
                    "once the disk allows it. Quitting before then loses the actions not saved."
                ),
            )
        else:
            self.app.notify(_("The game is saved again; nothing was lost."), markup=False)

    def notify_saved(self) -> None:
        """Say briefly, on leaving a game still running, that it is kept (a finished game
        needs no word; the last actions not saved are told by the leave question)."""
        if self.seat.saved_to_file() and self.seat.save_problem() is None and self.seat.result() is None:
            self.app.notify(
                _("The game is saved; Continue or Load game brings it back."), timeout=3, markup=False
            )

    def game_over(self) -> None:
        """Open the result once (:meth:`show_result` opens it again)."""
        if self._over_shown:
            return
        if self.seat.result() is None:
            return
        self._over_shown = True
        self.show_result()

    def show_result(self) -> None:
        """The game-over screen: who won, how, the system's summary, the whole log (after
        looking at the final position, a key of the system's screen opens it again)."""
        result = self.seat.result()
        if result is None:
            return
        lines: list[str | Text] = [how(result), *self.over_lines()]
        log = [self.log_line(e) for e in self.seat.log()]

        def closed(answer: str | None) -> None:
            if answer == "menu":
                self.to_title()

        self.app.push_screen(GameOverScreen(headline(result, self.player_names()), lines, log), closed)

    def action_show_result(self) -> None:
        """Enter once the game is over: the result again, after looking at the final
        position."""
        self.show_result()

    def to_title(self) -> None:
        """Straight back to the title screen."""
        back = getattr(self.app, "return_to_title", None)
        if back is not None:
            back()
            return
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    # -- the shared keys ----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The shared keys apply only when they can do something; ``:`` is typed as text
        when the command line has the focus."""
        if action == "command":
            # typed as text on a line already holding some; on an empty one, nothing
            focused = self.focused
            return not isinstance(focused, Input) or (focused.id == "kit-command" and not focused.value)
        if action == "undo":
            # on while the game runs, so that a key that cannot undo says why
            return self.viewer is not None and self.seat.result() is None
        if action == "concede":
            # on while the game runs, so that a system without a concession says so
            return self.viewer is not None and self.seat.result() is None
        if action == "show_result":
            return self.viewer is not None and self.seat.result() is not None
        return True

    def on_key(self, event: events.Key) -> None:
        """Drop keys typed before the curtain was lifted (typed ahead, or meant for it)."""
        if event.time < self._lifted_at:
            event.stop()
            event.prevent_default()

    def action_command(self) -> None:
        """Type an order; the focus moves at once, so keys typed right after go there."""
        self.set_focus(self.query_one("#kit-command", Input))

    def action_undo(self) -> None:
        """Take back the viewer's last action (never across a die roll)."""
        if self.viewer is not None and self.seat.undo():
            self._completions = None
            self.message = ""
            self.tell_save_state()
            self.after_submit()
            self.app.notify(_("Your last action was taken back."), timeout=3, markup=False)
            self.sync()
        else:
            self.say(self.undo_refusal())

    def undo_refusal(self) -> str:
        """Why the viewer's last action cannot be taken back now, in a sentence."""
        seat = self.seat
        record = seat.record()
        if seat.result() is not None:
            return _("Nothing to undo: the game is over.")
        if not any(entry.seat == seat.seat for entry in record):
            return _("Nothing to undo: you have not acted yet.")
        if record[-1].seat != seat.seat:
            return _("Nothing to undo: another player has acted since your last action.")
        return _("Nothing to undo: the last die roll cannot be taken back.")

    def action_full_log(self) -> None:
        """The whole log as the viewer may read it, in a window of its own."""
        lines = [plain_text(self.log_line(e), self.ascii) for e in self.shown_log()]
        self.app.push_screen(FullLogScreen(lines))  # type: ignore[arg-type]

    def action_log_page(self, step: int) -> None:
        """Scroll the log panel a page back or on."""
        logs = self.query(EventLog)
        if logs:
            logs.first().page(step)

    def action_concede(self) -> None:
        """Give up the game, after a confirmation."""
        from tui.screens.dialogs import ConfirmScreen

        if self.viewer is None or self.seat.result() is not None:
            return
        if not self.seat.can_concede():
            self.say(_("This game has no concession: it is played to its end (Escape leaves it, saved)."))
            return
        others = [self.player(s) for s in range(len(self.players)) if s != self.viewer]

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    self.seat.concede()
                except ActionError as error:
                    self.say(str(error))
                    return
                self.tell_save_state()
                self.sync()

        self.app.push_screen(
            ConfirmScreen(
                _("Concede"),
                _("{player} gives up the game; {others} play on or win.").format(
                    player=self.player(self.viewer), others=", ".join(others)
                )
                if len(others) > 1
                else _("{player} gives up; {other} wins.").format(
                    player=self.player(self.viewer), other=others[0] if others else "?"
                ),
                _("Concede"),
                _("Play on"),
            ),
            answered,
        )

    def action_leave(self) -> None:
        """Escape: leave the command line (dropping what was typed and its refusal),
        else clear a refusal, else leave the game after a confirmation (it is saved)."""
        from tui.screens.dialogs import ConfirmScreen

        command = self.query_one("#kit-command", Input)
        if self.focused is command:
            command.value = ""
            self.message = ""
            self.refresh_hint()
            focus = self.table_focus()
            if focus is not None:
                focus.focus()
            else:
                self.set_focus(None)
            return
        if self.leave_mode():
            return
        if self.message:
            self.message = ""
            self.refresh_hint()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()
                self.notify_saved()

        self.app.push_screen(
            ConfirmScreen(
                _("Leave the game"),
                _("The game is saved after every action: Continue or Load game brings it back.")
                if self.seat.saved_to_file()
                else _("This game has no save file: leaving it ends it."),
                _("Leave"),
                _("Stay"),
            ),
            answered,
        )

    def leave_mode(self) -> bool:
        """Escape in a system's mode (choosing a target…): leave it and return True."""
        return False

    # -- the command line ----------------------------------------------------------------
    def completions(self) -> list[str]:
        """What the command line completes now: the viewer's legal actions in notation
        (asked of the seat once per position), and the screen's extra words."""
        seat = self.seat
        key = (self.viewer, seat.log_length(), len(seat.record()), tuple(sorted(seat.to_act())))
        if self._completions is None or self._completions[0] != key:
            texts: list[str] = []
            if self.viewer is not None and self.viewer in seat.to_act():
                try:
                    texts = seat.notations()
                except Exception:  # noqa: BLE001 - completion never stops typing
                    texts = []
            self._completions = (key, texts + self.extra_completions())
        return self._completions[1]

    @on(Input.Submitted, "#kit-command")
    def _command(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or self.viewer is None:
            return
        if asks_help(text):
            event.input.value = ""
            self.action_help()
            return
        if text.casefold() in ("concede", "сдаться") and self.seat.can_concede():
            event.input.value = ""
            self.action_concede()
            return
        if self.submit(text):
            event.input.value = ""
            focus = self.table_focus()
            if focus is not None and self.app.screen is self:
                focus.focus()
