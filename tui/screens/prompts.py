"""Dialogs that ask: for one line of text (a name, a file name), or to choose among a few entries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import Suggester
from textual.widgets import Button, Input, Static

from engine.i18n import N_, _
from engine.text import NAME_LIMIT, clean
from tui.screens.base import WartableModal, literal

__all__ = ["ChoiceScreen", "TextPromptScreen"]


class TextPromptScreen(WartableModal):
    """Asks for a line of text; dismisses with the text (str) or None when cancelled.

    ``title`` and ``label`` are translated; ``value`` is the starting text (all of
    it selected, so typing replaces it); ``check`` returns a translated reason
    when the text cannot be accepted (shown under the field), else None;
    ``notes``/``notes_title``: more for the help (F1) under the keys, e.g. the
    notation the field takes (see :class:`tui.screens.help.HelpScreen`);
    ``max_length``: the longest text taken (characters); ``suggester``: completes the
    text as it is typed (dim after it; the right arrow takes it). The text given back is
    cleaned (:func:`engine.text.clean`: a pasted escape sequence or control
    character never goes further); ``check`` sees it as typed.
    Enter accepts, Escape cancels.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Cancel"))]

    def __init__(
        self,
        title: str,
        label: str,
        value: str = "",
        *,
        check: Callable[[str], str | None] | None = None,
        placeholder: str = "",
        notes: Sequence[tuple[str, str]] = (),
        notes_title: str = "",
        max_length: int = NAME_LIMIT,
        suggester: Suggester | None = None,
    ) -> None:
        super().__init__()
        self.max_length = max_length
        self.suggester = suggester
        self.prompt_title = title
        self.label = label
        self.value = value
        self.check = check
        self.placeholder = placeholder
        self.notes = list(notes)
        self.notes_title = notes_title

    def action_help(self) -> None:
        """The keys of the field, and the notes under them (F1)."""
        from tui.screens.base import key_rows
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.screen_title(), key_rows(self), self.notes, self.notes_title))

    def compose_dialog(self) -> ComposeResult:
        """The framed label, the field, a line for a refusal, and two buttons."""
        with Vertical(classes="dialog prompt-dialog") as box:
            box.border_title = literal(self.plain(self.prompt_title))
            yield Static(self.plain(self.label), classes="dialog-text", markup=False)
            yield Input(
                self.value,
                placeholder=self.placeholder,
                id="prompt-input",
                select_on_focus=True,
                max_length=self.max_length,
                suggester=self.suggester,
            )
            yield Static("", id="prompt-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("OK"), id="prompt-ok", compact=True)
                yield Button(_("Cancel"), id="prompt-cancel", compact=True)

    def on_mount(self) -> None:
        """Focus the field."""
        self.query_one("#prompt-input", Input).focus()

    def _accept(self) -> None:
        text = self.query_one("#prompt-input", Input).value
        reason = self.check(text) if self.check is not None else None
        if reason:
            self.query_one("#prompt-error", Static).update(reason)
            self.query_one("#prompt-input", Input).focus()
            return
        self.dismiss(clean(text, self.max_length))

    @on(Input.Submitted, "#prompt-input")
    def _submitted(self) -> None:
        self._accept()

    @on(Button.Pressed, "#prompt-ok")
    def _ok(self) -> None:
        self._accept()

    @on(Button.Pressed, "#prompt-cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(WartableModal):
    """Asks to choose one of a few entries; dismisses with the chosen id or None.

    ``choices``: (id, translated label) pairs, shown in order.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Cancel"))]

    def __init__(self, title: str, message: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.choice_title = title
        self.message = message
        self.choices = choices

    def compose_dialog(self) -> ComposeResult:
        """The framed question and the list."""
        from textual.widgets.option_list import Option

        from tui.widgets.pointer_list import PointerList

        with Vertical(classes="dialog choice-dialog") as box:
            box.border_title = literal(self.plain(self.choice_title))
            yield Static(self.plain(self.message), classes="dialog-text", markup=False)
            yield PointerList(
                *(Option(self.plain(label), id=key) for key, label in self.choices),
                pointer=self.glyphs.pointer,
                id="choice-list",
            )

    def on_mount(self) -> None:
        """Focus the list on its first entry."""
        from textual.widgets import OptionList

        choices = self.query_one("#choice-list", OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: Any) -> None:
        """Close with the chosen entry's id."""
        self.dismiss(event.option.id)
