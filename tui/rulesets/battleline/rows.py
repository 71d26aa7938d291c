"""A pointer list of ``setting: < value >`` rows, replaced as the values change with the
cursor kept on the same row; Left and Right (and ``-``/``+``) change the highlighted
value through the widget that holds the list (its ``change_value(step)``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets.option_list import Option

from engine.i18n import N_
from tui.widgets.pointer_list import PointerList

__all__ = ["ValueRows"]


class ValueRows(PointerList):
    """Rows of values (see the module's docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus", "change(1)", N_("Next value"), show=False),
        Binding("left,minus", "change(-1)", N_("Previous value"), show=False),
    ]

    def set_rows(self, options: Sequence[Option], highlight: str | None = None) -> None:
        """Show ``options`` (ids unique) with the cursor on row ``highlight``, else on the
        row of the same id as before, else the first row."""
        before = self.highlighted_option.id if self.highlighted_option is not None else None
        self._plain = [self._as_text(o.prompt) for o in options]
        self._pointed = None
        self.set_options(
            Option(self._decorate(text, False), id=o.id, disabled=o.disabled)
            for o, text in zip(options, self._plain, strict=True)
        )
        ids = [o.id for o in options]
        for wanted in (highlight, before):
            if wanted is not None and wanted in ids:
                self.highlighted = ids.index(wanted)
                break
        else:
            self.highlighted = 0 if options else None
        if self.highlighted is not None:
            self.scroll_to_highlight()

    def on_resize(self) -> None:
        """A new height (the hint line grew, say): the highlighted row stays in view."""
        self.call_after_refresh(self.scroll_to_highlight)

    @property
    def row_id(self) -> str | None:
        """The id of the highlighted row."""
        option = self.highlighted_option
        return option.id if option is not None else None

    def action_change(self, step: int) -> None:
        """Change the highlighted value: the holder's ``change_value(step)``."""
        node = self.parent
        while node is not None and not hasattr(node, "change_value"):
            node = node.parent
        if node is not None:
            node.change_value(step)  # type: ignore[attr-defined]
