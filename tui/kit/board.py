"""The board base: one scrolling widget drawn line by line (Textual's Line API), for
every system's board, and the layouts that place a board's cells on the terminal.

A board is a set of *cells* (a system's own numbering: a square's flat index, a
hex, a cell of a line, a base of a map). A :class:`Layout` says where each cell
is drawn on the board's canvas (a :class:`~textual.geometry.Region` in terminal
cells), which cell is under a point, and where the cursor goes from a cell for
an arrow key. :class:`BoardView` does the rest the same way for every system:
each canvas line is built once into a :class:`~textual.strip.Strip` and kept in
an LRU cache; a change (a moved unit, a new mark, the cursor) drops only the
lines of the cells it touches and repaints only their regions, so over SSH a
cursor step costs two cells; a click is mapped to a cell by arithmetic on the
scroll offset; the view scrolls to keep the cursor (or a set of cells) in sight.

A system's board subclasses :class:`BoardView` and draws a cell
(:meth:`BoardView.cell_text`) and what lies between the cells
(:meth:`BoardView.background`: coordinates, links between bases…). It never
decides a rule: what it shows is given to it.

The layouts (:class:`SquareLayout`, :class:`LineLayout`, :class:`HexLayout`,
:class:`GraphLayout`) are in :mod:`tui.kit.layouts`, and are named here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.i18n import N_
from tui.kit.layouts import LINK_PIECES, GraphLayout, HexLayout, Layout, LineLayout, SquareLayout, auto_grid

__all__ = [
    "LINK_PIECES",
    "BoardView",
    "GraphLayout",
    "HexLayout",
    "Layout",
    "LineLayout",
    "SquareLayout",
    "auto_grid",
]


class BoardView(ScrollView, can_focus=True):
    """The board widget every system's board builds on (see the module's docstring).

    ``layout``: where the cells are drawn. Arrows move the cursor (Shift: five
    steps), Enter or a click chooses the cell under it. Posts
    :class:`BoardView.CursorMoved` and :class:`BoardView.Chosen`; ``on_cursor``, when
    set, is called at once with the new cell (before the message), so that what
    shows the cell is drawn in the same frame as the cursor.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", N_("Cursor"), show=False),
        Binding("down", "cursor(0, 1)", N_("Cursor"), show=False),
        Binding("left", "cursor(-1, 0)", N_("Cursor"), show=False),
        Binding("right", "cursor(1, 0)", N_("Cursor"), show=False),
        Binding("shift+up", "cursor(0, -5)", show=False),
        Binding("shift+down", "cursor(0, 5)", show=False),
        Binding("shift+left", "cursor(-5, 0)", show=False),
        Binding("shift+right", "cursor(5, 0)", show=False),
        Binding("enter", "choose", N_("Choose"), show=False),
    ]

    DEFAULT_CSS = """
    BoardView {
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 1;
    }
    """

    #: How many canvas lines the cache keeps.
    CACHE_LINES: ClassVar[int] = 96

    class CursorMoved(Message):
        """The cursor is on ``cell`` now."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Chosen(Message):
        """The player chose ``cell`` (Enter on it, or a click)."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(
        self, layout: Layout, *, cursor: int = 0, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._layout = layout
        self._cursor = cursor
        self.on_cursor: Callable[[int], None] | None = None
        self._lines: LRUCache[int, Strip] = LRUCache(self.CACHE_LINES)
        #: A cell's style over the base style, by the cell's style (few distinct ones).
        self._with_base: dict[Style, Style] = {}
        #: How many canvas lines were built (tests and benchmarks read it).
        self.lines_built = 0
        self.virtual_size = layout.size

    # -- the layout ------------------------------------------------------------------
    @property
    def layout_map(self) -> Layout:
        """Where the cells are drawn."""
        return self._layout

    @layout_map.setter
    def layout_map(self, layout: Layout) -> None:
        self._layout = layout
        self.virtual_size = layout.size
        self.redraw()

    def redraw(self) -> None:
        """Build every line again (a new layout, glyph set or theme)."""
        self._lines.clear()
        self.refresh()

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under widget offset (``x``, ``y``), scroll included; None off the cells."""
        return self._layout.cell_at(x + int(self.scroll_offset.x), y + int(self.scroll_offset.y))

    # -- the cursor and what changed ----------------------------------------------------
    @property
    def cursor(self) -> int:
        """The cell under the cursor."""
        return self._cursor

    def move_cursor(self, cell: int, *, scroll: bool = True) -> None:
        """Put the cursor on ``cell``: repaint the two cells, keep it in view, and post
        :class:`CursorMoved`."""
        old = self._cursor
        if cell == old:
            return
        self._cursor = cell
        self.refresh_cells((old, cell))
        if scroll:
            self.keep_in_view(cell)
        if self.on_cursor is not None:
            self.on_cursor(cell)
        self.post_message(self.CursorMoved(cell))

    def refresh_cells(self, cells: Iterable[int]) -> None:
        """Drop the cached lines of ``cells`` and repaint those cells only."""
        sx, sy = int(self.scroll_offset.x), int(self.scroll_offset.y)
        for cell in cells:
            box = self._layout.box(cell)
            for line in range(box.y, box.y + box.height):
                self._lines.discard(line)
            self.refresh(Region(box.x - sx, box.y - sy, box.width, box.height))

    def refresh_lines(self, lines: Iterable[int]) -> None:
        """Drop the cached canvas ``lines`` and repaint them whole."""
        top = int(self.scroll_offset.y)
        width = max(self.size.width, self.virtual_size.width)
        for line in sorted(set(lines)):
            self._lines.discard(line)
            self.refresh(Region(0, line - top, width, 1))

    # -- scrolling ---------------------------------------------------------------------
    def _around(self, cells: Sequence[int]) -> Region:
        """The region of ``cells`` with one line and one cell's width around them
        (reaching to the canvas's edge when that is near, so the coordinates drawn
        there show)."""
        boxes = [self._layout.box(c) for c in cells]
        left = min(b.x for b in boxes)
        right = max(b.right for b in boxes)
        top = min(b.y for b in boxes)
        bottom = max(b.bottom for b in boxes)
        pad = max(b.width for b in boxes)
        size = self._layout.size
        left, right = max(0, left - pad), min(size.width, right + pad)
        top, bottom = max(0, top - 1), min(size.height, bottom + 1)
        if left <= pad + 3:
            left = 0
        if right >= size.width - pad - 3:
            right = size.width
        if top <= 2:  # near an edge: show it (and what is drawn beyond the cells there)
            top = 0
        if bottom >= size.height - 2:
            bottom = size.height
        return Region(left, top, right - left, bottom - top)

    def keep_in_view(self, cell: int | None = None) -> None:
        """Scroll so that ``cell`` (default: the cursor's) and what is around it are shown."""
        region = self._around([self._cursor if cell is None else cell])
        self.scroll_to_region(region, animate=False, immediate=True)

    def show_cells(self, cells: Sequence[int]) -> None:
        """Scroll so that as many of ``cells`` as fit are shown together, in order of
        importance: the first always, then each next one while all still fit."""
        if not cells or self.size.width <= 0 or self.size.height <= 0:
            return
        shown: list[int] = []
        region = self._around([cells[0]])
        for cell in cells:
            trial = self._around([*shown, cell])
            if shown and (trial.height > self.size.height or trial.width > self.size.width):
                continue
            shown.append(cell)
            region = trial
        self.scroll_to_region(region, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        """A new size may reveal other lines; the cache is keyed by canvas line, so it stays."""
        self.keep_in_view(self._cursor)

    def notify_style_update(self) -> None:
        """The theme changed: build every line again."""
        super().notify_style_update()
        self.__dict__.pop("_base_style", None)
        self._with_base.clear()
        self._lines.clear()

    # -- input -------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor by (``dx``, ``dy``) steps on the screen (up is ``dy`` < 0)."""
        self.move_cursor(self._layout.step(self._cursor, dx, dy))

    def action_choose(self) -> None:
        """Choose the cell under the cursor."""
        self.post_message(self.Chosen(self._cursor))

    def on_click(self, event: events.Click) -> None:
        """A click on a cell moves the cursor there and chooses it."""
        cell = self.cell_at(event.x, event.y)
        if cell is None:
            return
        event.stop()
        self.focus()
        self.move_cursor(cell, scroll=False)
        self.post_message(self.Chosen(cell))

    # -- drawing ------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the widget: the cached canvas line, cropped to the scroll offset."""
        sx, sy = self.scroll_offset
        line = y + int(sy)
        strip = self._lines.get(line)
        if strip is None:
            strip = self.build_line(line)
            self._lines.set(line, strip)
        x = int(sx)
        return strip.crop_extend(x, x + self.size.width, self.base_style)

    def build_line(self, y: int) -> Strip:
        """Canvas line ``y`` whole: the background with every cell of the line drawn over it."""
        self.lines_built += 1
        layout = self._layout
        width = layout.size.width
        base = self.base_style
        if not 0 <= y < layout.size.height:
            return Strip.blank(width, base)
        background = self.background(y, width)
        on_line = layout.cells_on_line(y)
        if not on_line:
            return Strip(background, width).simplify()
        line = Strip(background, width)
        segments: list[Segment] = []
        at = 0  # the canvas column drawn up to
        with_base = self._with_base
        cursor = self._cursor if self.has_cursor() else -1
        for x, w, cell in on_line:
            if x > at:  # what lies between the cells (the coordinates, a gap): the background
                segments.extend(line.crop(at, x))
            for text, style, _control in self.cell_segments(cell, layout.cell_row(cell, y), cell == cursor):
                full = with_base.get(style) if style is not None else base
                if full is None:
                    full = with_base[style] = base + style
                segments.append(Segment(text, full))
            at = x + w
        if at < width:
            segments.extend(line.crop(at, width))
        return Strip(segments, width).simplify()

    @property
    def base_style(self) -> Style:
        """The widget's own style (its colours in the theme), kept until the theme changes:
        what a cell's style is drawn over."""
        style = self.__dict__.get("_base_style")
        if style is None:
            style = self.__dict__["_base_style"] = self.rich_style
        return style

    def background(self, y: int, width: int) -> list[Segment]:
        """What canvas line ``y`` shows outside the cells, ``width`` cells wide (by default
        blank; a system draws coordinates, links between bases…), over
        :attr:`base_style`."""
        return [Segment(" " * width, self.base_style)]

    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        """The text of ``cell`` on the ``row``-th line of its box (exactly the box's width)
        and its style. A system's board draws its cells here."""
        return " " * self._layout.box(cell).width, Style()

    def cell_segments(self, cell: int, row: int, cursor: bool) -> list[Segment]:
        """The ``row``-th line of ``cell``'s box as segments (together exactly the box's
        width); ``cursor``: the cursor is on the cell. By default the one segment of
        :meth:`cell_text`, in :meth:`cursor_style` under the cursor; a board whose
        cells mix styles (a coloured letter in a line) draws them here."""
        text, style = self.cell_text(cell, row)
        return [Segment(text, self.cursor_style(style) if cursor else style)]

    def has_cursor(self) -> bool:
        """Whether the cursor is drawn (a board that only shows may hide it)."""
        return True

    def cursor_style(self, style: Style) -> Style:
        """The style of the cell under the cursor: reverse video, or bold underline on a
        cell already in reverse video (readable without colour)."""
        if style.reverse:
            return style + Style(reverse=False, underline=True, bold=True)
        return style + Style(reverse=True)
