"""A pointer list whose rows are replaced as the game changes, keeping the cursor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets.option_list import Option

from engine.i18n import N_
from tui.widgets.pointer_list import PointerList

__all__ = ["ActionRows", "Rows"]


class Rows(PointerList):
    """:class:`tui.widgets.pointer_list.PointerList` with :meth:`set_rows` and :attr:`row_id`."""

    def set_rows(self, options: Sequence[Option], highlight: str | None = None) -> None:
        """Show ``options`` (ids unique) with the cursor on row ``highlight``, else on the
        row of the same id as before, else the same index, else the first enabled row;
        no cursor when ``highlight`` is ``""`` or every row is disabled."""
        before_id = self.row_id
        before = self.highlighted
        self._plain = [self._as_text(o.prompt) for o in options]
        self._pointed = None
        self.set_options(
            Option(self._decorate(text, False), id=o.id, disabled=o.disabled)
            for o, text in zip(options, self._plain, strict=True)
        )
        ids = [o.id for o in options]
        index: int | None = None
        if highlight == "":
            self.highlighted = None
            return
        for wanted in (highlight, before_id):
            if wanted is not None and wanted in ids and not options[ids.index(wanted)].disabled:
                index = ids.index(wanted)
                break
        if index is None and before is not None and options:
            index = min(before, len(options) - 1)
            if options[index].disabled:
                index = None
        if index is None:
            index = next((i for i, o in enumerate(options) if not o.disabled), None)
        self.highlighted = index
        if index is not None:
            self.scroll_to_highlight()

    @property
    def row_id(self) -> str | None:
        """The id of the highlighted row (None when nothing is highlighted)."""
        option = self.highlighted_option
        return option.id if option is not None else None


class ActionRows(Rows, inherit_bindings=False):
    """A list whose Enter belongs to the screen (so the footer can say what Enter does in
    each step); the arrows, Home and End move the cursor (the page keys are left to the
    screen)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", N_("Previous row"), show=False),
        Binding("down", "cursor_down", N_("Next row"), show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
    ]
