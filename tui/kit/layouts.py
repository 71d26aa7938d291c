"""The layouts that place a board's cells on the terminal (see :mod:`tui.kit.board` for
the board that draws them). A :class:`Layout` says where each cell is drawn on the
board's canvas (a :class:`~textual.geometry.Region` in terminal cells), which cell is
under a point, and where the cursor goes from a cell for an arrow key.

:class:`SquareLayout` places a grid of squares (row 1 at the bottom, as boards
are written); :class:`LineLayout` places one row of numbered cells, each a column
several lines high (a board that is a single line, with rows of marks above and
below it); :class:`HexLayout` places flat-topped hexes in columns, every other
column half a hex lower (a hex map as printed); :class:`GraphLayout` places the
nodes of a graph (bases joined by links) as boxes on a grid, given or laid out
from the links, and routes each link between its two boxes in straight runs and
corners (:mod:`tui.kit.links`; :meth:`GraphLayout.links_on_line` says what to
draw where, the system's board chooses the glyphs).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from textual.geometry import Region, Size

from tui.kit.links import LINK_PIECES, LinkRouter, auto_grid

__all__ = ["LINK_PIECES", "GraphLayout", "HexLayout", "Layout", "LineLayout", "SquareLayout", "auto_grid"]


class Layout(ABC):
    """Where a board's cells are drawn: a canvas of ``size`` terminal cells, each
    board cell in a box of it. Cells are ints (the system's own numbering)."""

    #: The canvas, in terminal cells (columns, lines).
    size: Size

    @abstractmethod
    def cells(self) -> Sequence[int]:
        """Every cell of the board."""

    @abstractmethod
    def box(self, cell: int) -> Region:
        """Where ``cell`` is drawn on the canvas (x, y, width, height)."""

    @abstractmethod
    def step(self, cell: int, dx: int, dy: int) -> int:
        """The cell the cursor goes to from ``cell`` for ``dx`` columns right and ``dy``
        lines down on the screen (negative: left, up), staying on the board."""

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell drawn at canvas point (``x``, ``y``), or None."""
        for cx, width, cell in self.cells_on_line(y):
            if cx <= x < cx + width:
                return cell
        return None

    def cells_on_line(self, y: int) -> list[tuple[int, int, int]]:
        """(x, width, cell) of every cell drawn on canvas line ``y``, left to right."""
        index = self.__dict__.get("_line_index")
        if index is None:
            index = {}
            for cell in self.cells():
                box = self.box(cell)
                for line in range(box.y, box.y + box.height):
                    index.setdefault(line, []).append((box.x, box.width, cell))
            for entries in index.values():
                entries.sort()
            self.__dict__["_line_index"] = index
        return index.get(y, [])

    def lines_of(self, cell: int) -> range:
        """The canvas lines ``cell`` is drawn on."""
        box = self.box(cell)
        return range(box.y, box.y + box.height)

    def cell_row(self, cell: int, y: int) -> int:
        """Which line of its box ``cell`` shows on canvas line ``y`` (0: its first)."""
        return y - self.box(cell).y


class SquareLayout(Layout):
    """A grid of ``columns`` x ``rows`` squares, each ``cell_width`` terminal cells
    wide and one line high, with ``left``/``top`` cells of margin before the grid and
    ``right``/``bottom`` after it (for coordinates). Cell ``n`` is column
    ``n % columns`` (0 at the left) of row ``n // columns``; row 0 is drawn at the
    bottom (``bottom_up``, as boards are written) or at the top."""

    def __init__(
        self,
        columns: int,
        rows: int,
        *,
        cell_width: int = 2,
        left: int = 0,
        top: int = 0,
        right: int = 0,
        bottom: int = 0,
        bottom_up: bool = True,
    ) -> None:
        self.columns = columns
        self.rows = rows
        self.cell_width = cell_width
        self.left, self.top = left, top
        self.bottom_up = bottom_up
        self.size = Size(left + columns * cell_width + right, top + rows + bottom)

    def cells(self) -> Sequence[int]:
        return range(self.columns * self.rows)

    def line_of_row(self, row: int) -> int:
        """The canvas line of grid row ``row``."""
        return self.top + (self.rows - 1 - row if self.bottom_up else row)

    def box(self, cell: int) -> Region:
        return Region(
            self.left + (cell % self.columns) * self.cell_width,
            self.line_of_row(cell // self.columns),
            self.cell_width,
            1,
        )

    def cell_at(self, x: int, y: int) -> int | None:
        col = (x - self.left) // self.cell_width if x >= self.left else -1
        line = y - self.top
        if not (0 <= col < self.columns and 0 <= line < self.rows):
            return None
        row = self.rows - 1 - line if self.bottom_up else line
        return row * self.columns + col

    def step(self, cell: int, dx: int, dy: int) -> int:
        col = min(self.columns - 1, max(0, cell % self.columns + dx))
        down = -dy if self.bottom_up else dy
        row = min(self.rows - 1, max(0, cell // self.columns + down))
        return row * self.columns + col

    def cell_row(self, cell: int, y: int) -> int:
        return 0  # every square is one line high

    def cells_on_line(self, y: int) -> list[tuple[int, int, int]]:
        lines = self.__dict__.setdefault("_on_line", {})
        cells = lines.get(y)
        if cells is None:
            line = y - self.top
            if not 0 <= line < self.rows:
                return []
            row = self.rows - 1 - line if self.bottom_up else line
            first = row * self.columns
            w = self.cell_width
            cells = lines[y] = [(self.left + c * w, w, first + c) for c in range(self.columns)]
        return cells


class LineLayout(Layout):
    """One row of ``length`` cells numbered ``first``, ``first + 1``… from the left,
    each a column ``cell_width`` terminal cells wide and ``rows`` lines high (the
    lines of one cell's column: its number, the ground, marks…), with
    ``left``/``top`` cells of margin before the line and ``right``/``bottom`` after
    it (for labels). The cursor moves along the line; up and down keep it where it
    is."""

    def __init__(
        self,
        length: int,
        *,
        cell_width: int = 2,
        rows: int = 1,
        first: int = 1,
        left: int = 0,
        top: int = 0,
        right: int = 0,
        bottom: int = 0,
    ) -> None:
        if length < 1 or cell_width < 1 or rows < 1:
            raise ValueError("a line needs at least one cell, one column and one line")
        self.length = length
        self.cell_width = cell_width
        self.rows = rows
        self.first = first
        self.left, self.top = left, top
        self.size = Size(left + length * cell_width + right, top + rows + bottom)

    @property
    def last(self) -> int:
        """The number of the rightmost cell."""
        return self.first + self.length - 1

    def cells(self) -> Sequence[int]:
        return range(self.first, self.first + self.length)

    def box(self, cell: int) -> Region:
        return Region(self.left + (cell - self.first) * self.cell_width, self.top, self.cell_width, self.rows)

    def cell_at(self, x: int, y: int) -> int | None:
        if x < self.left or not self.top <= y < self.top + self.rows:
            return None
        index = (x - self.left) // self.cell_width
        return self.first + index if index < self.length else None

    def step(self, cell: int, dx: int, dy: int) -> int:
        return min(self.last, max(self.first, cell + dx))

    def cells_on_line(self, y: int) -> list[tuple[int, int, int]]:
        if not self.top <= y < self.top + self.rows:
            return []
        w = self.cell_width
        return [(self.left + i * w, w, self.first + i) for i in range(self.length)]


class HexLayout(Layout):
    """Flat-topped hexes in columns, as a hex map is printed: ``columns`` x ``rows``
    hexes, cell ``n`` being column ``n % columns`` (0 at the left) of row
    ``n // columns`` (0 at the top). Every other column is drawn half a hex lower:
    the odd ones (0-based: the 2nd, 4th...) when ``low_odd``, else the even ones.

    A hex is a box ``cell_width`` terminal cells wide and two lines high. One cell of
    outline runs between two columns (``/`` and ``\\`` in turn, :meth:`outline`), and
    the line above each column's first hex holds that hex's top edge (``_``); a
    board draws each hex's lower line underlined, which is its bottom edge and the
    top edge of the hex below. So the six neighbours of a hex are the six boxes
    around it, and the canvas is ``left + columns * (cell_width + 1) + 1 + right``
    cells wide and ``top + 2 * rows + 2 + bottom`` lines high.

    The cursor goes up and down a column, and left and right along the same row
    number, which zig-zags between the high and the low columns and so keeps to one
    band of the screen.
    """

    def __init__(
        self,
        columns: int,
        rows: int,
        *,
        cell_width: int = 3,
        left: int = 0,
        top: int = 0,
        right: int = 0,
        bottom: int = 0,
        low_odd: bool = True,
    ) -> None:
        self.columns = columns
        self.rows = rows
        self.cell_width = cell_width
        self.left, self.top = left, top
        self.low_odd = low_odd
        self.size = Size(left + columns * (cell_width + 1) + 1 + right, top + 2 * rows + 2 + bottom)

    def cells(self) -> Sequence[int]:
        return range(self.columns * self.rows)

    def low(self, column: int) -> int:
        """1 when ``column`` is drawn half a hex (one line) lower, else 0."""
        return 1 if (column % 2 == 1) == self.low_odd else 0

    def column_x(self, column: int) -> int:
        """The canvas x of the first cell of ``column``'s boxes."""
        return self.left + 1 + column * (self.cell_width + 1)

    def box(self, cell: int) -> Region:
        column, row = cell % self.columns, cell // self.columns
        return Region(self.column_x(column), self.top + 1 + 2 * row + self.low(column), self.cell_width, 2)

    def cell_at(self, x: int, y: int) -> int | None:
        dx = x - self.left - 1
        if dx < 0 or dx % (self.cell_width + 1) >= self.cell_width:
            return None
        column = dx // (self.cell_width + 1)
        if column >= self.columns:
            return None
        dy = y - self.top - 1 - self.low(column)
        if dy < 0 or dy // 2 >= self.rows:
            return None
        return (dy // 2) * self.columns + column

    def step(self, cell: int, dx: int, dy: int) -> int:
        column = min(self.columns - 1, max(0, cell % self.columns + dx))
        row = min(self.rows - 1, max(0, cell // self.columns + dy))
        return row * self.columns + column

    def cells_on_line(self, y: int) -> list[tuple[int, int, int]]:
        out = []
        w = self.cell_width
        for column in range(self.columns):
            dy = y - self.top - 1 - self.low(column)
            if 0 <= dy < 2 * self.rows:
                out.append((self.column_x(column), w, (dy // 2) * self.columns + column))
        return out

    def outline(self, y: int) -> str:
        """Canvas line ``y`` outside the hexes, as wide as the canvas: the edges between
        columns (``/`` on the upper line of a hex's left edge, ``\\`` on its lower line,
        and the other way round on its right edge) and the top edges of the columns'
        first hexes (``_``); spaces elsewhere (the hexes themselves, the margins)."""
        line = [" "] * self.size.width
        w = self.cell_width
        first = self.top + 1
        last = self.top + 2 * self.rows  # the last line of a high column
        for k in range(self.columns + 1):
            spans = [c for c in (k - 1, k) if 0 <= c < self.columns]
            if not any(first + self.low(c) <= y <= last + self.low(c) for c in spans):
                continue
            x = self.left + k * (w + 1)
            line[x] = "/" if (y - first - self.low(k)) % 2 == 0 else "\\"
        for column in range(self.columns):
            if y == first - 1 + self.low(column):
                x = self.column_x(column)
                line[x : x + w] = "_" * w
        return "".join(line)


class GraphLayout(Layout):
    """The nodes of a graph as boxes on a grid, and its links routed between them.

    Cells are the nodes, ``0 .. count - 1``; ``links``: (a, b) pairs of cells, each
    once. ``grid``: each node's place (column, row) on the grid, column 0 at the left
    and row 0 at the top; None, or a place missing or shared, lays the graph out from
    its links instead (:func:`auto_grid` from node ``first``). Every box is
    ``box_width`` terminal cells wide and ``heights[cell]`` lines high (default 1); a
    grid row is as high as its highest box, the boxes top-aligned in it. ``gap_x``
    cells and ``gap_y`` lines lie between the columns and the rows, ``margin`` cells
    around the whole (an int, or (columns, lines)).

    Each link is routed once, when the layout is made, from a side of one box to a
    side of the other through the free cells (:class:`tui.kit.links.LinkRouter`):
    straight runs and few corners, never along another link, crossing one only
    straight across it; a link with no way at all is left out (its ``routes`` entry
    empty). :meth:`links_on_line` tells what lies on a canvas line; the arrows step to
    the nearest box in their direction.
    """

    def __init__(
        self,
        count: int,
        links: Sequence[tuple[int, int]],
        *,
        grid: Mapping[int, tuple[int, int]] | None = None,
        box_width: int = 12,
        heights: Sequence[int] | None = None,
        gap_x: int = 3,
        gap_y: int = 1,
        margin: int | tuple[int, int] = 1,
        first: int = 0,
    ) -> None:
        mx, my = (margin, margin) if isinstance(margin, int) else margin
        self.count = count
        self.links = [tuple(link) for link in links]
        places = dict(grid or {})
        if len(places) < count or len(set(places[n] for n in range(count) if n in places)) < count:
            places = auto_grid(count, self.links, first)  # type: ignore[arg-type]
        #: Each node's place (column, row) on the grid, as given or laid out.
        self.grid: dict[int, tuple[int, int]] = {n: places[n] for n in range(count)}
        self.box_width = box_width
        self.heights = [max(1, h) for h in (heights or [1] * count)]
        columns = max((c for c, _r in self.grid.values()), default=-1) + 1
        rows = max((r for _c, r in self.grid.values()), default=-1) + 1
        row_height = [1] * rows
        for node, (_c, r) in self.grid.items():
            row_height[r] = max(row_height[r], self.heights[node])
        tops: list[int] = []
        y = my
        for r in range(rows):
            tops.append(y)
            y += row_height[r] + gap_y
        self._boxes = [
            Region(
                mx + self.grid[n][0] * (box_width + gap_x),
                tops[self.grid[n][1]],
                box_width,
                self.heights[n],
            )
            for n in range(count)
        ]
        width = mx * 2 + columns * box_width + max(0, columns - 1) * gap_x
        height = (y - gap_y + my) if rows else my * 2
        self.size = Size(max(1, width), max(1, height))
        #: Each link's route: the terminal cells it crosses, (x, y, piece) from the
        #: first node's box to the second's (empty when no way was found).
        self.routes: list[list[tuple[int, int, str]]] = LinkRouter(self._boxes, self.size).route(
            self.links  # type: ignore[arg-type]
        )
        self._pieces: dict[int, list[tuple[int, str, int]]] = {}
        for index, route in enumerate(self.routes):
            for x, y, piece in route:
                self._pieces.setdefault(y, []).append((x, piece, index))
        for entries in self._pieces.values():
            entries.sort()

    # -- the Layout shape --------------------------------------------------------------
    def cells(self) -> Sequence[int]:
        return range(self.count)

    def box(self, cell: int) -> Region:
        return self._boxes[cell]

    def step(self, cell: int, dx: int, dy: int) -> int:
        """The nearest box in the direction (``dx``, ``dy``) (its sign; the size is how
        many boxes to go), measured between the boxes' first lines, a line counting as
        two cells; a box beside the direction counts double its distance aside, and
        one further aside than ahead is reached only when nothing lies nearer in the
        direction. Stays when no box lies that way."""
        sx = (dx > 0) - (dx < 0)
        sy = (dy > 0) - (dy < 0)
        for _ in range(max(abs(dx), abs(dy))):
            cell = self._nearest(cell, sx, sy)
        return cell

    def _nearest(self, cell: int, sx: int, sy: int) -> int:
        here = self._boxes[cell]
        cx, cy = here.x + here.width / 2, here.y * 2
        best: tuple[float, int] | None = None
        wide: tuple[float, int] | None = None
        for other in range(self.count):
            if other == cell:
                continue
            box = self._boxes[other]
            vx, vy = box.x + box.width / 2 - cx, box.y * 2 - cy
            ahead = vx * sx + vy * sy
            aside = abs(vx * sy - vy * sx)
            if ahead <= 0:
                continue
            if aside <= 2 * ahead:
                score = (ahead + 2 * aside, other)
                best = score if best is None or score < best else best
            else:
                score = (ahead + 3 * aside, other)
                wide = score if wide is None or score < wide else wide
        pick = best or wide
        return pick[1] if pick is not None else cell

    # -- links -------------------------------------------------------------------------
    def links_on_line(self, y: int) -> list[tuple[int, str, int]]:
        """(x, piece, link) of every terminal cell of a link on canvas line ``y``, left
        to right; ``piece`` is one of :data:`LINK_PIECES` and ``link`` the link's index
        in ``links``. Where two links cross, both are listed at that x (a horizontal
        and a vertical run)."""
        return self._pieces.get(y, [])
