"""An option list that marks the highlighted option with a pointer glyph.

The highlight bar alone is a colour; the pointer (``▸``, or ``>`` in the ASCII
set) keeps the cursor visible on terminals without colour (``NO_COLOR``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

__all__ = ["PointerList"]


class PointerList(OptionList):
    """``OptionList`` whose options are Rich ``Text`` prompts, shown with a two-cell
    margin that holds the pointer on the highlighted option. ``pointer``: the
    pointer character (one cell). ``hanging``: an option's later lines are indented
    two more cells, and a line that wraps goes on under itself (not under the mark)."""

    def __init__(self, *options: Option, pointer: str = ">", hanging: bool = False, **kwargs: Any) -> None:
        self._pointer = pointer
        #: Lines after an option's first one, and whatever wraps, are indented under it.
        self._hanging = hanging
        self._plain: list[Text] = [self._as_text(o.prompt) for o in options]
        self._pointed: int | None = None
        decorated = [
            Option(self._decorate(text, False), id=o.id, disabled=o.disabled)
            for o, text in zip(options, self._plain, strict=True)
        ]
        super().__init__(*decorated, **kwargs)

    def option_text(self, index: int) -> str:
        """The text of option ``index`` as given (without the pointer and the layout)."""
        return self._plain[index].plain

    @staticmethod
    def _as_text(prompt: Any) -> Text:
        return prompt if isinstance(prompt, Text) else Text(str(prompt))

    def _decorate(self, text: Text, pointed: bool) -> Any:
        lines = text.split("\n", allow_blank=True)
        mark = Text(f"{self._pointer} " if pointed else "  ", style="bold")
        if self._hanging:
            # the mark in a column of its own and the later lines indented by two more, so
            # whatever wraps stays under the line it belongs to
            body: Any = lines[0]
            if len(lines) > 1:
                body = Group(lines[0], Padding(Text("\n").join(lines[1:]), (0, 0, 0, 2)))
            grid = Table.grid()
            grid.add_column(width=2, no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(mark, body)
            return grid
        out = [Text.assemble(mark, lines[0])]
        out.extend(Text.assemble("  ", line) for line in lines[1:])
        return Text("\n").join(out)

    def watch_highlighted(self, highlighted: int | None) -> None:
        """Move the pointer, then do what ``OptionList`` does."""
        if self._pointed is not None and self._pointed < len(self._plain):
            self.replace_option_prompt_at_index(
                self._pointed, self._decorate(self._plain[self._pointed], False)
            )
        self._pointed = highlighted
        if highlighted is not None and highlighted < len(self._plain):
            self.replace_option_prompt_at_index(highlighted, self._decorate(self._plain[highlighted], True))
        super().watch_highlighted(highlighted)
