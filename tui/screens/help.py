"""The help dialog: the keys of the screen it was opened on (``?`` or F1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from engine.i18n import N_, _
from tui.screens.base import WartableModal, literal


class HelpScreen(WartableModal):
    """Lists (keys, description) rows; Escape, Enter, ``?`` or F1 close it; the arrows,
    PgUp/PgDn, Home and End scroll it when it is longer than the screen.

    ``title``: the translated title of the screen the keys belong to.
    ``rows``: from :func:`tui.screens.base.key_rows`. ``notes``: more to read under the
    keys, (form, meaning) pairs translated (e.g. a game's notation, each form as it is
    typed), under the heading ``notes_title``.
    """

    SCREEN_TITLE = N_("Keys")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", N_("Close")),
        Binding("question_mark,f1", "close", N_("Close"), show=False),
    ]

    def __init__(
        self,
        title: str,
        rows: list[tuple[str, str]],
        notes: Sequence[tuple[str, str]] = (),
        notes_title: str = "",
    ) -> None:
        super().__init__()
        self.for_title = title
        self.rows = rows
        self.notes = list(notes)
        self.notes_title = notes_title

    def compose_dialog(self) -> ComposeResult:
        """A framed table of keys."""
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, text in self.rows:
            table.add_row(Text(self.plain(keys)), Text(self.plain(text)))
        with Vertical(classes="dialog help-dialog") as box:
            box.border_title = literal(
                self.plain(_("Keys: {screen}").format(screen=self.for_title) if self.for_title else _("Keys"))
            )
            box.border_subtitle = literal(self.plain(_("Escape closes this window.")))
            with VerticalScroll(classes="help-keys", id="help-keys"):
                yield Static(table)
                if self.notes:
                    yield Static(self._notes(), id="help-notes")

    def _notes(self) -> Group:
        """The notes under their heading: each form on a line of its own (forms are
        long), what it means under it, indented."""
        parts: list[Text | Padding] = [Text(""), Text(self.plain(self.notes_title), style="bold underline")]
        for form, meaning in self.notes:
            parts.append(Text(self.plain(form), style="bold"))
            parts.append(Padding(Text(self.plain(meaning)), (0, 0, 0, 2)))
        return Group(*parts)

    def on_mount(self) -> None:
        """Focus the table, so the arrows, PgUp/PgDn, Home and End scroll a long help, with
        a plain scroll bar that shows how much there is."""
        from tui.widgets.bars import PlainScrollBar

        keys = self.query_one("#help-keys", VerticalScroll)
        keys.vertical_scrollbar.renderer = PlainScrollBar
        self._fit_height()
        keys.focus()

    def on_resize(self) -> None:
        """A new terminal size: as many lines as now fit."""
        self._fit_height()

    def _fit_height(self) -> None:
        """As tall as the screen allows (less the frame, the footer and a line of
        margin), so that a help only a little longer than three quarters of the
        screen is shown whole rather than scrolled by a line or two."""
        keys = self.query_one("#help-keys", VerticalScroll)
        keys.styles.max_height = max(3, self.app.size.height - 4)
