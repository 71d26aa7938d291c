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

:class:`SquareLayout` places a grid of squares (row 1 at the bottom, as boards
are written). :class:`GraphLayout` places the nodes of a graph (bases joined by
links) as boxes on a grid, given or laid out from the links, and routes each
link between its two boxes in straight runs and corners (:meth:`GraphLayout.links_on_line`
says what to draw where; the system's board chooses the glyphs). Hex and line
layouts come with their systems and follow the same :class:`Layout` shape.
"""

from __future__ import annotations

import heapq
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.i18n import N_

__all__ = ["BoardView", "GraphLayout", "Layout", "SquareLayout", "auto_grid"]


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

    def cells_on_line(self, y: int) -> list[tuple[int, int, int]]:
        line = y - self.top
        if not 0 <= line < self.rows:
            return []
        row = self.rows - 1 - line if self.bottom_up else line
        first = row * self.columns
        w = self.cell_width
        return [(self.left + c * w, w, first + c) for c in range(self.columns)]


def auto_grid(count: int, links: Iterable[tuple[int, int]], first: int = 0) -> dict[int, tuple[int, int]]:
    """A grid place (column, row) for each of ``count`` nodes joined by ``links``, for a
    graph that comes without a drawing: a node's column is its distance in links from
    node ``first`` (a part not joined to it follows in the next columns, from its
    lowest node); within a column the nodes are ordered by the mean row of their
    neighbours in the columns beside it (a few sweeps each way, ties in node order),
    and a shorter column is centred on the longest."""
    near: dict[int, list[int]] = {n: [] for n in range(count)}
    for a, b in links:
        if a != b and 0 <= a < count and 0 <= b < count:
            near[a].append(b)
            near[b].append(a)
    layer: dict[int, int] = {}
    base = 0
    for start in [first, *range(count)]:
        if start in layer or not 0 <= start < count:
            continue
        layer[start] = base
        queue = [start]
        for here in queue:
            for there in sorted(near[here]):
                if there not in layer:
                    layer[there] = layer[here] + 1
                    queue.append(there)
        base = max(layer.values()) + 1
    columns: dict[int, list[int]] = {}
    for node in range(count):
        columns.setdefault(layer[node], []).append(node)
    order = {node: i for column in columns.values() for i, node in enumerate(column)}
    keys = sorted(columns)
    for sweep in range(4):
        sequence = keys if sweep % 2 == 0 else list(reversed(keys))
        for col in sequence:
            side = col - 1 if sweep % 2 == 0 else col + 1

            def mean(node: int, side: int = side) -> float:
                rows = [order[m] for m in near[node] if layer[m] == side]
                return sum(rows) / len(rows) if rows else order[node]

            columns[col].sort(key=lambda n: (mean(n), order[n], n))
            for i, node in enumerate(columns[col]):
                order[node] = i
    tallest = max((len(c) for c in columns.values()), default=0)
    return {
        node: (col, i + (tallest - len(columns[col])) // 2)
        for col in keys
        for i, node in enumerate(columns[col])
    }


#: What :meth:`GraphLayout.links_on_line` puts in a terminal cell of a link: a
#: horizontal or vertical run, or a corner, written as the half of it that points up
#: or down (the run beside it carries the rest of the turn).
LINK_PIECES = ("h", "v", "up", "down")


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
    side of the other through the free cells: straight runs and few corners, never
    along another link, crossing one only straight across it (a shortest path with a
    price on each corner and crossing). A run leaves a box's left or right side
    straight; above or below a box it may turn at once (the corner's half is drawn
    towards the box). A link with no way at all is left out (``routes`` empty). :meth:`links_on_line` tells what lies on a
    canvas line; the arrows step to the nearest box in their direction.
    """

    #: The price of a corner, of a crossing and of a run right beside another link's
    #: run (they would read as one), in cells of length.
    TURN = 6
    CROSS = 10
    BESIDE = 3

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
        self.routes: list[list[tuple[int, int, str]]] = [[] for _ in self.links]
        self._route_all()
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

    def _route_all(self) -> None:
        """Route every link, the shortest first (they get the straightest ways)."""
        width, height = self.size.width, self.size.height
        self._blocked = bytearray(width * height)
        for box in self._boxes:
            for y in range(box.y, box.bottom):
                for x in range(box.x, box.right):
                    self._blocked[y * width + x] = 1
        #: Terminal cell -> the axis of the link run through it ("h", "v"), or "c" for a
        #: corner or a crossing (nothing else may pass there).
        self._used: dict[tuple[int, int], str] = {}

        def length(index: int) -> tuple[int, int]:
            a, b = self._boxes[self.links[index][0]], self._boxes[self.links[index][1]]
            return abs(a.x - b.x) + abs(a.y - b.y) * 2, index

        for index in sorted(range(len(self.links)), key=length):
            a, b = self.links[index]
            if not (0 <= a < self.count and 0 <= b < self.count) or a == b:
                continue
            path = self._route(a, b)
            if not path:
                continue
            route = self._pieces_of(a, b, path)
            for x, y, piece in route:
                old = self._used.get((x, y))
                self._used[(x, y)] = "c" if old is not None or piece in ("up", "down") else piece
            self.routes[index] = route

    def _ends(self, node: int) -> list[tuple[int, int, str, int]]:
        """The cells beside ``node``'s box a link may leave or enter by: (x, y, axis,
        price), a side's first line cheapest, the top and bottom from the middle out."""
        box = self._boxes[node]
        width, height = self.size.width, self.size.height
        out: list[tuple[int, int, str, int]] = []
        for k, y in enumerate(range(box.y, box.bottom)):
            for x in (box.x - 1, box.right):
                if 0 <= x < width:
                    out.append((x, y, "h", 2 * k))
        middle = box.x + box.width // 2
        for x in range(box.x, box.right):
            for y in (box.y - 1, box.bottom):
                if 0 <= y < height:
                    out.append((x, y, "v", 1 + abs(x - middle) // 2))
        return [e for e in out if not self._blocked[e[1] * width + e[0]]]

    def _free(self, x: int, y: int, axis: str) -> int | None:
        """The price of running through (x, y) along ``axis``: 0 free, a little beside a
        run of another link along the same axis, a crossing's price across another
        link's straight run, None where it may not go."""
        used = self._used.get((x, y))
        if used is None:
            side = ((x, y - 1), (x, y + 1)) if axis == "h" else ((x - 1, y), (x + 1, y))
            return self.BESIDE if any(self._used.get(c) == axis for c in side) else 0
        if used != "c" and used != axis:
            return self.CROSS
        return None

    def _route(self, a: int, b: int) -> list[tuple[int, int]]:
        """The cheapest way from a side of ``a``'s box to a side of ``b``'s (see the
        class); empty when there is none."""
        width, height = self.size.width, self.size.height
        goals: dict[tuple[int, int, str], int] = {}
        for x, y, axis, price in self._ends(b):
            cost = self._free(x, y, axis)
            if cost is None or cost >= self.CROSS:
                continue
            goals[(x, y, axis)] = price + cost
            if axis == "v":  # above or below the box, a run along may end in a corner
                goals.setdefault((x, y, "h"), price + cost + self.TURN)
        heap: list[tuple[int, int, int, int, str]] = []
        parent: dict[tuple[int, int, str], tuple[int, int, str] | None] = {}
        best: dict[tuple[int, int, str], int] = {}
        tie = 0
        for x, y, axis, price in self._ends(a):
            cost = self._free(x, y, axis)
            if cost is None or cost >= self.CROSS:
                continue
            price += cost
            # above or below the box, the run may also leave along it from a corner (its
            # half drawn towards the box); beside the box it leaves straight
            for way, extra in ((axis, 0), ("h", self.TURN)) if axis == "v" else ((axis, 0),):
                if best.get((x, y, way), 1 << 30) > price + extra:
                    best[(x, y, way)] = price + extra
                    parent[(x, y, way)] = None
                    heapq.heappush(heap, (price + extra, tie, x, y, way))
                    tie += 1
        starts = set(parent)
        found: tuple[int, int, str] | None = None
        found_cost = 1 << 30
        while heap:
            cost, _t, x, y, axis = heapq.heappop(heap)
            state = (x, y, axis)
            if cost > best.get(state, 1 << 30) or cost >= found_cost:
                continue
            if state in goals:
                total = cost + goals[state]
                if total < found_cost:
                    found, found_cost = state, total
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if not (0 <= nx < width and 0 <= ny < height) or self._blocked[ny * width + nx]:
                    continue
                new_axis = "h" if dx else "v"
                step = 1
                if new_axis != axis:
                    # a corner: not where the run leaves a box, nor on another link
                    if state in starts or (x, y) in self._used:
                        continue
                    step += self.TURN
                price = self._free(nx, ny, new_axis)
                if price is None:
                    continue
                nstate = (nx, ny, new_axis)
                ncost = cost + step + price
                if ncost < best.get(nstate, 1 << 30):
                    best[nstate] = ncost
                    parent[nstate] = state
                    heapq.heappush(heap, (ncost, tie, nx, ny, new_axis))
                    tie += 1
        if found is None:
            return []
        path: list[tuple[int, int]] = []
        node: tuple[int, int, str] | None = found
        while node is not None:
            path.append((node[0], node[1]))
            node = parent[node]
        path.reverse()
        return self._without_loops(path)

    def _without_loops(self, path: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``path`` with any loop cut out (a way that crosses itself to avoid a corner on
        another link); empty when what is left would turn on another link's cell."""
        out: list[tuple[int, int]] = []
        where: dict[tuple[int, int], int] = {}
        for cell in path:
            if cell in where:
                del out[where[cell] + 1 :]
                where = {c: i for i, c in enumerate(out)}
                continue
            where[cell] = len(out)
            out.append(cell)
        for i in range(1, len(out) - 1):
            (x0, y0), (x1, y1), (x2, y2) = out[i - 1], out[i], out[i + 1]
            if not (x0 == x1 == x2 or y0 == y1 == y2) and (x1, y1) in self._used:
                return []
        return out

    def _pieces_of(self, a: int, b: int, path: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
        """``path`` (cells from beside ``a``'s box to beside ``b``'s) as pieces: each
        cell's neighbours along the way (a box counts as the neighbour of the cell
        beside it) make it a run or a corner."""

        def inside(node: int, x: int, y: int) -> tuple[int, int]:
            box = self._boxes[node]
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if box.x <= nx < box.right and box.y <= ny < box.bottom:
                    return nx, ny
            return x, y

        points = [inside(a, *path[0]), *path, inside(b, *path[-1])]
        out: list[tuple[int, int, str]] = []
        for i in range(1, len(points) - 1):
            x, y = points[i]
            before, after = points[i - 1], points[i + 1]
            if before[1] == y and after[1] == y:
                piece = "h"
            elif before[0] == x and after[0] == x:
                piece = "v"
            else:
                vertical = before if before[0] == x else after
                piece = "up" if vertical[1] < y else "down"
            out.append((x, y, piece))
        return out


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
        (reaching to the canvas's edge when that is near)."""
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
        return strip.crop_extend(x, x + self.size.width, self.rich_style)

    def build_line(self, y: int) -> Strip:
        """Canvas line ``y`` whole: the background with every cell of the line drawn over it."""
        self.lines_built += 1
        width = self._layout.size.width
        base = self.rich_style
        if not 0 <= y < self._layout.size.height:
            return Strip.blank(width, base)
        background = self.background(y, width)
        on_line = self._layout.cells_on_line(y)
        if not on_line:
            return Strip(background, width).simplify()
        cuts: list[int] = []
        for x, w, _cell in on_line:
            cuts += [x, x + w]
        cuts.append(width)
        pieces = list(Segment.divide(background, cuts))
        segments: list[Segment] = list(pieces[0]) if pieces else []
        for i, (_x, _w, cell) in enumerate(on_line):
            row = y - self._layout.box(cell).y
            cursor = cell == self._cursor and self.has_cursor()
            segments.extend(
                Segment(text, base + style) for text, style, _control in self.cell_segments(cell, row, cursor)
            )
            segments.extend(pieces[2 * i + 2] if 2 * i + 2 < len(pieces) else [])
        return Strip(segments, width).simplify()

    def background(self, y: int, width: int) -> list[Segment]:
        """What canvas line ``y`` shows outside the cells, ``width`` cells wide (by default
        blank; a system draws coordinates, links between bases…)."""
        return [Segment(" " * width, self.rich_style)]

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
