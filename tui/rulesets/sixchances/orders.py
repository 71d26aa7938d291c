"""An order typed in notation in the squad builder and the rearrangement.

Both are screens of their own, beside the table: ``:`` opens the kit's command
line (:class:`tui.kit.command.CommandLine`) at their foot, completed from the
seat's legal actions (and from the order being edited, first); ``help`` (or
``?``) shows the keys and the whole notation; anything else is read by the
seat (strictly: a bad text, an illegal or an ambiguous order is refused with the
engine's reason, on the line above the command line) and handed to the screen.
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from engine.i18n import N_, _
from engine.ruleset import ActionError
from engine.seat import Seat
from tui.kit.command import CommandLine, asks_help
from tui.kit.dialogs import plain_text

__all__ = ["TypedOrders"]


class TypedOrders:
    """Mixin for a :class:`tui.screens.base.WartableScreen` with a seat (``self.seat``):
    the command line (compose it with :meth:`compose_orders`), its key ``:`` and
    Escape leaving it. The screen implements :meth:`typed` (what to do with a legal
    order) and may add completions with :meth:`draft_notation`."""

    #: The key of the command line (bound with priority, typed as text inside it).
    ORDER_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("colon", "order_line", N_("Type an order"), show=False, priority=True),
    ]

    seat: Seat

    def compose_orders(self) -> ComposeResult:
        """The refusal line and the command line."""
        screen: Any = self
        yield Static("", id="sc-order-error", markup=False)
        yield CommandLine(
            self.order_completions,
            placeholder=plain_text(self.order_placeholder(), screen.glyphs.name == "ascii"),
            id="sc-order",
        )

    def order_placeholder(self) -> str:
        """What to type (an example)."""
        return _("An order in notation (: to type, help lists them)")

    def draft_notation(self) -> str:
        """The order being edited, in notation ("" for none): completed first."""
        return ""

    def order_completions(self) -> list[str]:
        """The order being edited, then the seat's legal actions, in notation."""
        out = []
        draft = self.draft_notation()
        if draft:
            out.append(draft)
        with contextlib.suppress(Exception):  # completion never stops typing
            out += [text for text in self.seat.notations() if text != draft]
        return out

    def typed(self, action: Any) -> None:
        """Do what the screen does with the legal order ``action``."""

    def order_error(self, text: str) -> None:
        """Say why the typed order is refused ("" clears it)."""
        screen: Any = self
        screen.query_one("#sc-order-error", Static).update(plain_text(text, screen.glyphs.name == "ascii"))
        screen.query_one("#sc-order-error", Static).display = bool(text)

    def action_order_line(self) -> None:
        """Type an order; the focus moves at once, so keys typed right after go there."""
        screen: Any = self
        screen.set_focus(screen.query_one("#sc-order", Input))

    def leave_order_line(self) -> bool:
        """Escape in the command line: drop what was typed and its refusal, and go back to
        the table of tokens. Returns whether the command line had the focus."""
        screen: Any = self
        line = screen.query_one("#sc-order", Input)
        if screen.focused is not line:
            return False
        line.value = ""
        self.order_error("")
        screen.leave_to_editor()
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Read the typed order with the seat: help, a refusal, or the order."""
        if event.input.id != "sc-order":
            return
        event.stop()
        text = event.value.strip()
        if not text:
            return
        screen: Any = self
        if asks_help(text):
            event.input.value = ""
            screen.action_help()
            return
        try:
            action = self.seat.parse(text)
        except ActionError as error:
            self.order_error(str(error))
            return
        problem = self.seat.check(action)
        if problem is not None:
            self.order_error(str(problem))
            return
        event.input.value = ""
        self.order_error("")
        self.typed(action)
