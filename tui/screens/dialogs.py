"""Small dialogs: a notice with an OK button, and a yes/no confirmation."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from engine.i18n import N_, _
from tui.screens.base import WartableModal


class NoticeScreen(WartableModal):
    """A message to read, closed with Enter, Escape or the OK button (dismisses None).

    ``title`` and ``message`` are already translated; the message is plain text.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Close"))]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.notice_title = title
        self.message = message

    def compose_dialog(self) -> ComposeResult:
        """The framed message and an OK button."""
        with Vertical(classes="dialog notice-dialog") as box:
            box.border_title = self.notice_title
            yield Static(self.message, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("OK"), id="ok", compact=True)

    def on_mount(self) -> None:
        """Focus the OK button, so Enter closes the notice."""
        self.query_one("#ok", Button).focus()

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(None)


class ConfirmScreen(WartableModal):
    """Asks before something that cannot be undone; dismisses True (do it) or False.

    The cancel button has the focus at first, so a stray Enter does nothing
    harmful. Keys: ``y`` confirms, ``n`` or Escape cancels, left/right move
    between the buttons.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,н", "answer(True)", N_("Yes")),
        Binding("n,т,escape", "answer(False)", N_("No")),
        Binding("left,right", "switch", N_("Other button"), show=False),
    ]

    def __init__(self, title: str, message: str, confirm: str, cancel: str) -> None:
        super().__init__()
        self.confirm_title = title
        self.message = message
        self.confirm_label = confirm
        self.cancel_label = cancel

    def compose_dialog(self) -> ComposeResult:
        """The framed question and two buttons."""
        with Vertical(classes="dialog confirm-dialog") as box:
            box.border_title = self.confirm_title
            yield Static(self.message, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.confirm_label, id="yes", variant="error", compact=True)
                yield Button(self.cancel_label, id="no", compact=True)

    def on_mount(self) -> None:
        """Focus the safe choice."""
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)

    def action_switch(self) -> None:
        """Move the focus to the other button."""
        other = "#no" if self.focused is not None and self.focused.id == "yes" else "#yes"
        self.query_one(other, Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
