"""A pointer list whose rows are replaced as the data they show changes."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets.option_list import Option

from tui.widgets.pointer_list import PointerList

__all__ = ["RowList"]


class RowList(PointerList):
    """:class:`tui.widgets.pointer_list.PointerList` with :meth:`set_rows`, which
    replaces every row and keeps the cursor on a row id, and :attr:`row_id`."""

    def set_rows(self, options: Sequence[Option], highlight: str | None = None) -> None:
        """Show ``options`` (Rich ``Text`` prompts, ids unique) and put the cursor on
        the row ``highlight`` (else the same index as before, else the first
        enabled row). The scroll position is kept as far as possible."""
        before = self.highlighted
        scroll = self.scroll_y
        self._plain = [self._as_text(o.prompt) for o in options]
        self._pointed = None
        self.set_options(
            Option(self._decorate(text, False), id=o.id, disabled=o.disabled)
            for o, text in zip(options, self._plain, strict=True)
        )
        index: int | None = None
        if highlight is not None:
            ids = [o.id for o in options]
            if highlight in ids:
                index = ids.index(highlight)
        if index is None and before is not None and options:
            index = min(before, len(options) - 1)
        if index is not None and options[index].disabled:
            index = next((i for i in range(index, len(options)) if not options[i].disabled), None)
            if index is None:
                index = next((i for i in range(len(options) - 1, -1, -1) if not options[i].disabled), None)
        if index is None:
            index = next((i for i, o in enumerate(options) if not o.disabled), None)
        self.scroll_to(y=scroll, animate=False, immediate=True)
        self.highlighted = index
        if index is not None:
            self.scroll_to_highlight()

    @property
    def row_id(self) -> str | None:
        """The id of the highlighted row (None when nothing is highlighted)."""
        option = self.highlighted_option
        return option.id if option is not None else None
