"""The title bar at the top of every screen, the key footer at the bottom, and the
plain scroll bars every scrolling widget uses."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from textual.content import Content
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget
from textual.widgets import Static

from engine.i18n import _


class TitleBar(Static):
    """One line: "Wartable" and the screen's title (already translated)."""

    def __init__(self, title: str) -> None:
        super().__init__(classes="title-bar", markup=False)
        self.screen_title = title

    def render(self) -> str:
        """``Wartable | <title>`` (typographic punctuation in ASCII with that glyph set)."""
        line = f" Wartable | {self.screen_title}" if self.screen_title else " Wartable"
        if getattr(getattr(self.app, "glyphs", None), "name", "") == "ascii":
            from tui.screens.base import ascii_text

            line = ascii_text(line)
        return line


class KeyLine(Widget):
    """The key footer of every screen, drawn as one line of text.

    It shows the same keys as Textual's footer (the screen's active bindings
    that are shown, one per action, descriptions translated), but redrawing it
    is one line of text, not a new set of widgets: the keys change after most
    actions. A click on a key runs its action.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keyline--key", "keyline--description"}
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyLine > .keyline--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    KeyLine > .keyline--description {
        color: $footer-description-foreground;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        #: (first cell, last cell + 1, action, namespace) of each key on the line
        self._spans: list[tuple[int, int, str, Any]] = []
        #: What the last drawing showed: (key, description, action, namespace id) of each key
        self._drawn: list[tuple[str, str, str, int]] | None = None

    def on_mount(self) -> None:
        """Redraw whenever the screen's keys change."""
        self.screen.bindings_updated_signal.subscribe(self, self._changed)

    def on_unmount(self) -> None:
        """Stop listening to the screen."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, _screen: Any) -> None:
        """Redraw only if the keys to show differ from those on the line (a change of
        focus often leaves them as they were: no repaint, no bytes to the terminal)."""
        if self._drawn is None or self._signature(self._keys()) != self._drawn:
            self.refresh()

    @staticmethod
    def _signature(keys: list[tuple[str, str, str, Any]]) -> list[tuple[str, str, str, int]]:
        return [(k, d, a, id(n)) for k, d, a, n in keys]

    def render(self) -> Content:
        """`` key description`` for each shown key, in binding order; when that is wider
        than the line, the keys are packed closer, and if that is still too wide the
        longest descriptions are cut (with an ellipsis) so that every key, and the help
        key with its whole description, still show."""
        line = self._line(loose=True)
        if line.cell_length > self.size.width > 0:
            line = self._line(loose=False, width=self.size.width)
        return line

    def _keys(self) -> list[tuple[str, str, str, Any]]:
        """(key, description, action, namespace) of each shown key, in binding order."""
        seen: set[str] = set()
        keys = []
        for namespace, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen or not enabled:
                continue
            seen.add(binding.action)
            keys.append(
                (self.app.get_key_display(binding), _(binding.description), binding.action, namespace)
            )
        return keys

    def _fit(self, keys: list[tuple[str, str, str, Any]], width: int) -> list[tuple[str, str, str, Any]]:
        """``keys`` packed into ``width`` cells: the longest descriptions cut first, one
        cell at a time, ending with an ellipsis; the help key's never; as a last resort,
        the keys alone."""
        ascii_set = getattr(getattr(self.app, "glyphs", None), "name", "") == "ascii"
        ell = "." if ascii_set else "…"
        keys = list(keys)

        def total() -> int:
            return sum(cell_len(k) + 1 + cell_len(d) for k, d, _a, _n in keys) + len(keys) - 1

        while total() > width:
            cuttable = [i for i, (_k, d, a, _n) in enumerate(keys) if a != "help" and cell_len(d) > 2]
            if not cuttable:
                return [(k, "" if a != "help" else d, a, n) for k, d, a, n in keys]
            i = max(cuttable, key=lambda j: (cell_len(keys[j][1]), -j))
            k, d, a, n = keys[i]
            body = d[:-1] if d.endswith(ell) else d
            keys[i] = (k, body[:-1].rstrip() + ell, a, n)
        return keys

    def _line(self, *, loose: bool, width: int | None = None) -> Content:
        key_style = self.get_visual_style("keyline--key")
        text_style = self.get_visual_style("keyline--description")
        parts: list[tuple[str, Any]] = []
        spans = []
        keys = self._keys()
        self._drawn = self._signature(keys)
        if width is not None and not loose:
            keys = self._fit(keys, width)
        at = 0
        for key, description, action, namespace in keys:
            shown = f" {key} " if loose else f"{key} " if not spans else f" {key} "
            text = description + (" " if loose else "")
            parts += [(shown, key_style), (text, text_style)]
            end = at + cell_len(shown) + cell_len(text)
            spans.append((at, end, action, namespace))
            at = end
        self._spans = spans
        return Content.assemble(*parts)

    async def on_click(self, event: Any) -> None:
        """Run the action of the key under the click."""
        for start, end, action, namespace in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.app.run_action(action, namespace)
                return


class PlainScrollBar(ScrollBarRender):
    """Scroll bars drawn with spaces only: Textual's default ends its thumb with block
    elements (▁ ▂ ▃ …), which are of "ambiguous" width and misalign on some terminals.
    The thumb is reverse video, so it shows without colour too: under NO_COLOR, when the
    app drops every colour, it is a block in the terminal's own colours, reversed."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8
