"""The dialogs every game screen shares: a choice among answers, and a decision the
rules put to one seat (:class:`engine.decision.Decision`).

Both list their answers with a pointer glyph (readable without colour) and
highlight a default; a decision cannot be cancelled (the rules wait for it), a
choice can unless told otherwise. Numbered answers (``numbered``) are chosen by
their digit as well; a board beside the dialog can follow the highlighted answer
(``on_highlight``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.decision import Decision
from engine.i18n import N_, _
from tui.kit.odds import format_odds
from tui.screens.base import WartableModal, ascii_text, literal
from tui.widgets.pointer_list import PointerList

__all__ = ["ChoiceDialog", "DecisionDialog", "plain_text"]


def plain_text(value: str | Text, on: bool) -> str | Text:
    """``value`` (a str or a Rich ``Text``) with its typographic punctuation in plain
    ASCII when ``on`` (the ASCII glyph set); styles are kept."""
    if not on:
        return value
    if isinstance(value, Text):
        plain = ascii_text(value.plain)
        if plain == value.plain:
            return value
        if len(plain) == len(value.plain):
            copy = value.copy()
            copy.plain = plain
            return copy
        return Text(plain, style=value.style)
    return ascii_text(value)


class ChoiceDialog(WartableModal):
    """A question with a list of answers; dismisses the chosen answer's id, or None
    (Escape, when ``can_cancel``).

    ``title`` and ``lines`` (the explanation, plain text or Rich ``Text``) are
    already translated; ``choices``: (id, label) pairs; ``default``: the id
    highlighted at first; ``danger``: the dialog is drawn as a warning;
    ``hanging``: an answer's later lines (and what wraps) are indented under it;
    ``numbered``: each answer is written after its number (1-9) and that digit
    chooses it; ``on_highlight``: called with the highlighted answer's id as the
    cursor moves, and with None when the dialog closes (a board marks that answer).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", N_("Choose"), priority=True),
        Binding("escape", "close", N_("Cancel")),
        Binding("1", "number(1)", N_("Choose by its number"), show=False),
        *[Binding(str(n), f"number({n})", show=False) for n in range(2, 10)],
        # a decision's answer may be typed in notation (DecisionDialog)
        Binding("colon", "type_answer", N_("Type the answer")),
    ]
    #: Whether ``:`` types the answer in notation (a decision of the rules).
    typed_answers = False

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
        numbered: bool = False,
        on_highlight: Callable[[str | None], None] | None = None,
    ) -> None:
        super().__init__()
        self.hanging = hanging
        self.numbered = numbered and len(choices) <= 9
        self.on_highlight = on_highlight
        self.choice_title = title
        self.lines = list(lines)
        self.choices = list(choices)
        self.default = default
        self.can_cancel = can_cancel
        self.danger = danger

    def compose_dialog(self) -> ComposeResult:
        """The explanation and the list of answers."""
        on = self.glyphs.name == "ascii"
        with Vertical(classes="dialog choice-dialog" + (" confirm-dialog" if self.danger else "")) as box:
            box.border_title = literal(plain_text(self.choice_title, on))
            if self.lines:
                body = Text("\n").join(t if isinstance(t, Text) else Text(t) for t in self.lines)
                with VerticalScroll(classes="choice-text") as text_box:
                    text_box.can_focus = False
                    yield Static(plain_text(body, on), classes="dialog-text", markup=False)
            yield PointerList(
                *[
                    Option(plain_text(self._label(n, label), on), id=cid)
                    for n, (cid, label) in enumerate(self.choices)
                ],
                pointer=self.glyphs.pointer,
                hanging=self.hanging,
                id="choice-list",
                classes="choice-list",
            )

    def _label(self, index: int, label: str | Text) -> str | Text:
        """An answer as listed: after its number when the answers are numbered."""
        if not self.numbered:
            return label
        return Text.assemble((f"{index + 1} ", "bold"), label if isinstance(label, Text) else Text(label))

    def on_mount(self) -> None:
        """Highlight the default answer and focus the list."""
        menu = self.query_one("#choice-list", OptionList)
        ids = [cid for cid, _label in self.choices]
        menu.highlighted = ids.index(self.default) if self.default in ids else 0
        menu.focus()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        """The answers keep their room when the terminal changes size."""
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The answers first: the explanation above them gets the rows the list leaves
        in the frame (it scrolls when it needs more, shown from its end: the question),
        so the highlighted answer is never cut off by a long explanation on a small
        terminal."""
        boxes = self.query(".choice-text")
        if not boxes:
            return
        menu = self.query_one("#choice-list", OptionList)
        frame = self.query_one(".choice-dialog")
        viewport = self.app.size
        # the rows the frame may have (its max-height in the stylesheet) less its border,
        # and the rows the answers want (all of them, up to the list's own max-height)
        frame_cap = frame.styles.max_height
        docked = sum(w.outer_size.height for w in self.children if w.styles.dock in ("top", "bottom"))
        area = Size(self.size.width, self.size.height - docked)  # less the key footer
        room = int(frame_cap.resolve(area, viewport)) if frame_cap else area.height
        room -= frame.styles.gutter.height
        wanted = menu.virtual_size.height
        list_cap = menu.styles.max_height
        if list_cap is not None:
            wanted = min(wanted, int(list_cap.resolve(frame.content_size, viewport)))
        box = boxes.first()
        box.styles.max_height = max(2, room - wanted)
        # its end in view: the question (a decision's last line) stays, what led to it
        # scrolls above
        self.call_after_refresh(box.scroll_end, animate=False)
        menu.scroll_to_highlight()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape cancels only when the question may be left unanswered; digits choose
        only numbered answers."""
        if action == "close":
            return self.can_cancel
        if action == "number":
            return self.numbered
        if action == "type_answer":
            return self.typed_answers
        return True

    def action_number(self, number: int) -> None:
        """Answer with the answer numbered ``number`` (1-based), if there is one."""
        if self.numbered and 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1][0])

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.on_highlight is not None:
            self.on_highlight(event.option.id)

    def on_unmount(self) -> None:
        """What followed the highlighted answer lets it go."""
        if self.on_highlight is not None:
            self.on_highlight(None)

    def action_pick(self) -> None:
        """Answer with the highlighted choice."""
        menu = self.query_one("#choice-list", OptionList)
        if menu.highlighted is not None:
            self.dismiss(self.choices[menu.highlighted][0])

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


def choice_label(choice: Any) -> Text:
    """An answer of a decision as listed: its label, its notation dim after it (what
    typing it on the command line would be), then its consequence and its odds."""
    label = Text(choice.label)
    if choice.notation and choice.notation.casefold() != choice.label.casefold():
        label.append("  ")
        label.append(choice.notation, style="dim")
    more: list[str] = []
    if choice.detail:
        more.append(choice.detail)
    if choice.odds is not None:
        odds = format_odds(choice.odds)
        more.append(_("{odds}: {what}").format(odds=odds, what=choice.odds_of) if choice.odds_of else odds)
    if more:
        label.append("\n" + "; ".join(more))
    return label


class DecisionDialog(ChoiceDialog):
    """A decision put to the seat at the terminal: ``decision``'s prompt (with
    ``context`` lines above it: what led to it, e.g. the roll just made) and its
    choices, the default highlighted. It cannot be cancelled: the rules wait for the
    answer. Dismisses the chosen :class:`engine.decision.Choice`'s index as a string,
    or, when the answer is typed in notation (``:``, as on the game screen's command
    line), ``":"`` and the text typed, for the seat to parse.
    ``numbered``: the answers are numbered and chosen by their digit too."""

    typed_answers = True

    def __init__(
        self,
        decision: Decision,
        title: str = "",
        context: Sequence[str | Text] = (),
        *,
        numbered: bool = False,
    ) -> None:
        lines: list[str | Text] = [*context, Text(decision.prompt)]
        if decision.rule:
            lines[-1] = Text(f"{decision.prompt} ({decision.rule})")
        super().__init__(
            title or _("A decision"),
            lines,
            [(str(i), choice_label(c)) for i, c in enumerate(decision.choices)],
            str(decision.default) if decision.default is not None else "0",
            can_cancel=False,
            hanging=True,
            numbered=numbered,
        )
        self.decision = decision

    def action_type_answer(self) -> None:
        """``:``: type the answer in notation (a choice's notation, in either language)."""
        from tui.kit.command import NotationSuggester
        from tui.screens.prompts import TextPromptScreen

        notations = [c.notation for c in self.decision.choices if c.notation]
        forms = ", ".join(notations)

        def typed(text: str | None) -> None:
            if text and text.strip():
                self.dismiss(":" + text.strip())

        self.app.push_screen(
            TextPromptScreen(
                _("Type the answer"),
                _("The answer in notation: {forms}").format(forms=forms),
                suggester=NotationSuggester(lambda: notations),
            ),
            typed,
        )
