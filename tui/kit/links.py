"""Links between boxes on a board's canvas, for the kit's graph layout
(:class:`tui.kit.board.GraphLayout`); it knows no system.

:func:`auto_grid` places a graph that comes without a drawing on a grid, from its
links. :class:`LinkRouter` routes each link between its two boxes through the
free terminal cells, in straight runs and few corners (a shortest path with a
price on each corner, on each crossing of another link and on running right
beside one), and says what each cell of a route is (:data:`LINK_PIECES`): the
system's board draws them with its own glyphs.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

from textual.geometry import Region, Size

__all__ = ["LINK_PIECES", "LinkRouter", "auto_grid"]

#: What a route puts in a terminal cell: a horizontal or vertical run, or a corner,
#: written as the half of it that points up or down (the run beside it carries the
#: rest of the turn).
LINK_PIECES = ("h", "v", "up", "down")


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


class LinkRouter:
    """Routes links between ``boxes`` (regions of a canvas of ``size`` terminal cells):
    never under a box, never along another link, crossing one only straight across
    it. A run leaves a box's left or right side straight; above or below a box it may
    turn at once (the corner's half is drawn towards the box)."""

    #: The price of a corner, of a crossing and of a run right beside another link's
    #: run (they would read as one), in cells of length.
    TURN = 6
    CROSS = 10
    BESIDE = 3

    def __init__(self, boxes: Sequence[Region], size: Size) -> None:
        self._boxes = list(boxes)
        self.size = size

    def route(self, links: Sequence[tuple[int, int]]) -> list[list[tuple[int, int, str]]]:
        """Each link's route, in the order given: the cells it crosses, (x, y, piece)
        from the first box to the second (empty when no way was found). The shortest
        links are routed first (they get the straightest ways)."""
        self.links = list(links)
        self.count = len(self._boxes)
        self.routes: list[list[tuple[int, int, str]]] = [[] for _ in self.links]
        self._route_all()
        return self.routes

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
