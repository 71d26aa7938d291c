"""Small dialogs: a notice with an OK button, and a yes/no confirmation."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from engine.i18n import N_, _, current_language
from tui.screens.base import WartableModal, literal


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
            box.border_title = literal(self.plain(self.notice_title))
            yield Static(self.plain(self.message), classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("OK"), id="ok", compact=True)

    def on_mount(self) -> None:
        """Focus the OK button, so Enter closes the notice."""
        self.query_one("#ok", Button).focus()

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(None)


#: The letters that answer a confirmation, by the meaning of the letter (never by the
#: key's place on a keyboard layout): English y/n, and the first letters of the
#: answers in each other language ("да"/"нет"). Every one of them works in every
#: language; the footer shows the language's own letter first.
ANSWER_LETTERS: dict[str, tuple[str, str]] = {"en": ("y", "n"), "ru": ("д", "н")}


def _answer_keys(index: int) -> list[str]:
    """The keys of the "yes" (``index`` 0) or "no" (1) answer: every language's letter,
    in both cases."""
    keys: list[str] = []
    for pair in ANSWER_LETTERS.values():
        for key in (pair[index], pair[index].upper()):
            if key not in keys:
                keys.append(key)
    return keys


def answer_key_display(index: int, language: str) -> str:
    """How the footer names the "yes" (0) or "no" (1) keys in ``language``: ``y``, or
    ``д/y`` where the language answers with another letter."""
    english = ANSWER_LETTERS["en"][index]
    own = ANSWER_LETTERS.get(language, ANSWER_LETTERS["en"])[index]
    return english if own == english else f"{own}/{english}"


class ConfirmScreen(WartableModal):
    """Asks before something that cannot be undone; dismisses True (do it) or False.

    The cancel button has the focus at first, so a stray Enter does nothing
    harmful. Keys: ``y`` (or the language's "yes" letter, ``д``) confirms; ``n``
    (``н``) or Escape cancels; both cases work; left/right move between the
    buttons. The footer names the two answers with the buttons' own words.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(",".join(_answer_keys(0)), "answer(True)", N_("Yes")),
        Binding(",".join([*_answer_keys(1), "escape"]), "answer(False)", N_("No")),
        Binding("left,right", "switch", N_("Other button"), show=False),
    ]

    def __init__(self, title: str, message: str, confirm: str, cancel: str) -> None:
        super().__init__()
        self.confirm_title = title
        self.message = message
        self.confirm_label = confirm
        self.cancel_label = cancel
        self._name_answers()

    def _name_answers(self) -> None:
        """Give the answer keys the buttons' words and the language's letters (the
        footer and the help show them)."""
        language = current_language()
        for yes, label in ((True, self.confirm_label), (False, self.cancel_label)):
            display = answer_key_display(0 if yes else 1, language)
            table = self._bindings.key_to_bindings  # a copy of the class's, with the same lists
            for key, bindings in list(table.items()):
                table[key] = [
                    replace(
                        b, description=self.plain(label), key_display=None if key == "escape" else display
                    )
                    if b.action == f"answer({yes})"
                    else b
                    for b in bindings
                ]

    async def refresh_language(self) -> None:
        """Re-compose, naming the answer keys for the new language."""
        self._name_answers()
        await super().refresh_language()

    def compose_dialog(self) -> ComposeResult:
        """The framed question and two buttons."""
        with Vertical(classes="dialog confirm-dialog") as box:
            box.border_title = literal(self.plain(self.confirm_title))
            yield Static(self.plain(self.message), classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(literal(self.plain(self.confirm_label)), id="yes", variant="error", compact=True)
                yield Button(literal(self.plain(self.cancel_label)), id="no", compact=True)

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
