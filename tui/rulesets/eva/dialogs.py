"""Dialogs and full screens around the EVA battle: a choice with a default, the
hot-seat curtain and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _
from tui.screens.base import WartableModal, WartableScreen
from tui.widgets.pointer_list import PointerList

__all__ = ["ChoiceDialog", "CurtainScreen", "GameOverScreen"]


class ChoiceDialog(WartableModal):
    """A question with a list of answers; dismisses the chosen answer's id, or None
    (Escape, when ``can_cancel``).

    ``title`` and ``lines`` (the explanation, plain text or Rich ``Text``) are
    already translated; ``choices``: (id, label) pairs; ``default``: the id
    highlighted at first; ``hanging``: an answer's later lines (and what wraps)
    are indented under it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", N_("Choose")),
        Binding("escape", "close", N_("Cancel")),
    ]

    def __init__(
        self,
        title: str,
        lines: Sequence[str | Text],
        choices: Sequence[tuple[str, str | Text]],
        default: str | None = None,
        *,
        can_cancel: bool = True,
        danger: bool = False,
        hanging: bool = False,
    ) -> None:
        super().__init__()
        #: an answer's later lines, and whatever wraps, are indented under it
        self.hanging = hanging
        self.choice_title = title
        self.lines = list(lines)
        self.choices = list(choices)
        self.default = default
        self.can_cancel = can_cancel
        self.danger = danger

    def compose_dialog(self) -> ComposeResult:
        """The explanation and the list of answers."""
        from tui.rulesets.eva.panels import ascii_text

        plain = self.glyphs.name == "ascii"
        with Vertical(classes="dialog choice-dialog" + (" confirm-dialog" if self.danger else "")) as box:
            box.border_title = ascii_text(self.choice_title, plain)
            if self.lines:
                body = Text("\n").join(t if isinstance(t, Text) else Text(t) for t in self.lines)
                yield Static(ascii_text(body, plain), classes="dialog-text", markup=False)
            yield PointerList(
                *[Option(ascii_text(label, plain), id=cid) for cid, label in self.choices],
                pointer=self.glyphs.pointer,
                hanging=self.hanging,
                id="choice-list",
                classes="choice-list",
            )

    def on_mount(self) -> None:
        """Highlight the default answer and focus the list."""
        menu = self.query_one("#choice-list", OptionList)
        ids = [cid for cid, _label in self.choices]
        menu.highlighted = ids.index(self.default) if self.default in ids else 0
        menu.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape cancels only when the question may be left unanswered."""
        if action == "close":
            return self.can_cancel
        return True

    def action_pick(self) -> None:
        """Answer with the highlighted choice."""
        menu = self.query_one("#choice-list", OptionList)
        if menu.highlighted is not None:
            self.dismiss(self.choices[menu.highlighted][0])

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


class CurtainScreen(WartableScreen):
    """Hides the board between two players at one terminal (hot seat): the next
    player presses a key to see their side. Dismisses None."""

    SCREEN_TITLE = N_("Next player")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "reveal", N_("Show my side"))]

    def __init__(self, player: str, why: str = "") -> None:
        super().__init__()
        self.player = player
        self.why = why
        self._lifted = False

    def compose_body(self) -> ComposeResult:
        """The name of the player to act and what to do."""
        with Vertical(id="curtain-body"):
            yield Static(self.player, id="curtain-player", markup=False)
            if self.why:
                yield Static(self.why, id="curtain-why", markup=False)
            yield Static(
                _("The board is hidden so that the other player does not see your side.")
                + "\n"
                + _("Press Enter, Space or a letter key when only you are looking."),
                id="curtain-note",
                markup=False,
            )

    def action_reveal(self) -> None:
        """Lift the curtain (once: keys typed after it are used up here)."""
        if not self._lifted:
            self._lifted = True
            self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """A letter lifts the curtain too, and is used up by it; other printable keys
        do nothing here (the help key and Ctrl+Q keep their meaning)."""
        if not event.is_printable or event.character in ("?", " "):
            return
        event.stop()
        event.prevent_default()
        if event.character is not None and event.character.isalpha():
            self.action_reveal()


class GameOverScreen(WartableScreen):
    """The end of a game: the winner (or a draw), why, and a short summary.
    Enter or Escape goes back to the title screen (dismisses None)."""

    SCREEN_TITLE = N_("Game over")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "leave", N_("Title screen")),
        Binding("l", "log", N_("Battle log")),
    ]

    def __init__(self, headline: str, lines: Sequence[str], log: Sequence[Any] = ()) -> None:
        super().__init__()
        self.headline = headline
        self.lines = list(lines)
        self.log_lines = list(log)

    def compose_body(self) -> ComposeResult:
        """The result and the summary."""
        from tui.rulesets.eva.panels import ascii_text

        plain = self.glyphs.name == "ascii"
        with Vertical(id="over-body", classes="panel"):
            yield Static(ascii_text(self.headline, plain), id="over-headline", markup=False)
            yield Static(ascii_text("\n".join(self.lines), plain), id="over-summary", markup=False)

    def action_leave(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)

    def action_log(self) -> None:
        """Look at the whole battle log (the game is over: every event may be seen)."""
        self.app.push_screen(LogScreen(self.log_lines))


class LogScreen(WartableModal):
    """The battle log in a scrollable frame (after the game). Escape closes it."""

    SCREEN_TITLE = N_("Battle log")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter", "close", N_("Close"))]

    def __init__(self, lines: Sequence[Any]) -> None:
        super().__init__()
        self.lines = list(lines)

    def compose_dialog(self) -> ComposeResult:
        """A RichLog with every line."""
        from textual.widgets import RichLog

        with Vertical(classes="dialog log-dialog") as box:
            box.border_title = _("Battle log")
            log = RichLog(wrap=True, markup=False, id="over-log", min_width=10)
            yield log

    def on_mount(self) -> None:
        """Fill the log and focus it."""
        from textual.widgets import RichLog

        from tui.rulesets.eva.panels import PlainScrollBar

        log = self.query_one("#over-log", RichLog)
        log.vertical_scrollbar.renderer = PlainScrollBar
        log.horizontal_scrollbar.renderer = PlainScrollBar
        for line in self.lines:
            log.write(line)
        log.focus()
