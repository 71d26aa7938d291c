"""Square grid geometry: coordinates, distance, neighbours and the sight line.

Squares are addressed two ways: ``(x, y)`` with x = 1..width (columns, letters
A..) and y = 1..height (rows, numbers from the bottom), as the rules write them
(EVA-2.2); and a flat *index* ``(y - 1) * width + (x - 1)`` used inside the
engine for speed.

Distances are compared through the integer D² = dx² + dy² (EVA-3.1).

The sight line (EVA-4.1 to EVA-4.5) is the segment between two square centres.
:func:`sight_line_reference` is the specification's normative algorithm
(exact fractions); :func:`sight_line` gives the same result with integer
arithmetic and is cached, and a test compares the two.

:class:`Grid` holds the tables of one board size (neighbours with the flanks of a
diagonal step, D² rows, sight-line shapes by offset, the lines within a radius),
shared by every game on a board of that size. It knows shapes only: what a colour
of terrain does is the rules' business.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

__all__ = [
    "AROUND",
    "BadSquare",
    "Grid",
    "LineShape",
    "Neighbour",
    "dist2",
    "grid",
    "parse_square",
    "sight_line",
    "sight_line_reference",
    "square_name",
]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class BadSquare(ValueError):
    """A square name that is not on the board (e.g. ``"Z99"``)."""


def square_name(x: int, y: int) -> str:
    """``(2, 6)`` → ``"B6"`` (EVA-2.2)."""
    return f"{LETTERS[x - 1]}{y}"


def parse_square(text: str, width: int = 20, height: int = 30) -> tuple[int, int]:
    """``"B6"`` → ``(2, 6)``; case-insensitive. Raises :class:`BadSquare` when the
    text is not a square of a ``width`` x ``height`` board."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in LETTERS[:width] or not t[1:].isdigit():
        raise BadSquare(text)
    x, y = LETTERS.index(t[0]) + 1, int(t[1:])
    if not 1 <= y <= height or t[1] == "0":
        raise BadSquare(text)
    return x, y


def dist2(ax: int, ay: int, bx: int, by: int) -> int:
    """Squared Pythagorean distance in squares² (EVA-3.1)."""
    dx, dy = ax - bx, ay - by
    return dx * dx + dy * dy


Square = tuple[int, int]


def sight_line_reference(a: Square, b: Square) -> tuple[list[Square], list[tuple[Square, Square]]]:
    """The normative sight-line algorithm of EVA-4.5, verbatim in behaviour.

    ``a``, ``b``: distinct ``(x, y)`` squares. Returns ``(crossed, corner_pairs)``:
    the squares other than a and b whose inside the segment passes through, in
    order from a to b; and for each grid corner passed exactly, its two flank
    squares. Slow (exact fractions): use :func:`sight_line`.
    """
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    ts = set()
    for k in range(min(x1, x2), max(x1, x2)):
        ts.add(Fraction(2 * k + 1 - 2 * x1, 2 * dx))
    for k in range(min(y1, y2), max(y1, y2)):
        ts.add(Fraction(2 * k + 1 - 2 * y1, 2 * dy))
    tsl = sorted(ts)
    bounds = [Fraction(0), *tsl, Fraction(1)]
    crossed = []
    for t0, t1 in zip(bounds, bounds[1:], strict=False):
        tm = (t0 + t1) / 2
        sq = (round(x1 + tm * dx), round(y1 + tm * dy))
        if sq not in (a, b):
            crossed.append(sq)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    pairs = []
    for t in tsl:
        cx, cy = x1 + t * dx, y1 + t * dy
        if cx.denominator == 2 and cy.denominator == 2:
            pairs.append(
                (
                    (int(cx + Fraction(sx, 2)), int(cy - Fraction(sy, 2))),
                    (int(cx - Fraction(sx, 2)), int(cy + Fraction(sy, 2))),
                )
            )
    return crossed, pairs


@lru_cache(maxsize=400_000)
def sight_line(a: Square, b: Square) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """Same result as :func:`sight_line_reference` (as tuples), in integer arithmetic.

    Every grid-line crossing is a parameter t = n / L with one common
    denominator L, so sorting, midpoints and corner detection are exact.
    """
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    adx, ady = abs(dx), abs(dy)
    # common denominator: t_x(k) = (2k+1-2x1)/(2dx), t_y(m) = (2m+1-2y1)/(2dy)
    if adx and ady:
        L = 2 * adx * ady
        fx = ady  # multiply (2k+1-2x1)*sign(dx) by |dy|
        fy = adx
    elif adx:
        L, fx, fy = 2 * adx, 1, 0
    else:
        L, fx, fy = 2 * ady, 0, 1
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    xs: dict[int, int] = {}
    for k in range(min(x1, x2), max(x1, x2)):
        xs[(2 * k + 1 - 2 * x1) * sx * fx] = k
    ys: dict[int, int] = {}
    for m in range(min(y1, y2), max(y1, y2)):
        ys[(2 * m + 1 - 2 * y1) * sy * fy] = m
    ns = sorted(set(xs) | set(ys))
    bounds = [0, *ns, L]
    crossed = []
    two_l = 2 * L
    for n0, n1 in zip(bounds, bounds[1:], strict=False):
        s = n0 + n1  # midpoint t = s / (2L)
        # x = x1 + s*dx/(2L); never exactly half-way, so floor(x + 1/2) is round(x)
        qx = (2 * (two_l * x1 + s * dx) + two_l) // (2 * two_l)
        qy = (2 * (two_l * y1 + s * dy) + two_l) // (2 * two_l)
        sq = (qx, qy)
        if sq != a and sq != b:
            crossed.append(sq)
    pairs = []
    for n in ns:
        if n in xs and n in ys:
            k, m = xs[n], ys[n]  # corner at (k + 1/2, m + 1/2)
            f1 = (k + 1 if sx > 0 else k, m if sy > 0 else m + 1)
            f2 = (k if sx > 0 else k + 1, m + 1 if sy > 0 else m)
            pairs.append((f1, f2))
    return tuple(crossed), tuple(pairs)


# ---------------------------------------------------------------------------
# A board of squares by flat index: neighbours, distances and line shapes,
# worked out once per board size and shared by every game on such a board
# ---------------------------------------------------------------------------
#: The eight steps to a neighbour as (dx, dy), in the order :class:`Grid` lists them:
#: row by row from the one below (lower y), each row from the left.
AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

#: A neighbour of a square: (its flat index, diagonal?, flank 1, flank 2). The flanks
#: of a diagonal step are the two squares it passes between; -1 for an orthogonal one.
Neighbour = tuple[int, bool, int, int]

#: A line's shape as flat offsets from its first square: (the squares it crosses, in
#: order, and its corner pairs).
LineShape = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


class Grid:
    """A ``width`` x ``height`` board of squares by flat index ``y * width + x``
    (0-based here): its neighbour tables, squared distances D² (squares²) and the shapes
    of sight lines (:func:`sight_line`). Every table is a pure function of the size,
    built on first use and kept; get the shared instance with :func:`grid`.

    ``nbrs[s]``: the neighbours of square ``s`` (:data:`Neighbour`, in the order of
    :data:`AROUND`); ``links[s]``: the same entries by neighbour square;
    ``orthogonal[s]``: the squares orthogonally adjacent to ``s`` (D² = 1).
    """

    __slots__ = (
        "_d2_rows",
        "_d2_strips",
        "_lines",
        "_relative",
        "height",
        "links",
        "n",
        "nbrs",
        "orthogonal",
        "width",
    )

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.n = width * height
        nbrs = []
        for i in range(self.n):
            x, y = i % width, i // width
            out: list[Neighbour] = []
            for dx, dy in AROUND:
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    if dx and dy:
                        out.append((ny * width + nx, True, y * width + nx, ny * width + x))
                    else:
                        out.append((ny * width + nx, False, -1, -1))
            nbrs.append(tuple(out))
        self.nbrs: tuple[tuple[Neighbour, ...], ...] = tuple(nbrs)
        self.links: tuple[dict[int, Neighbour], ...] = tuple({n[0]: n for n in out} for out in nbrs)
        #: for each square, its orthogonal neighbours (D² = 1)
        self.orthogonal: tuple[tuple[int, ...], ...] = tuple(
            tuple(n[0] for n in out if not n[1]) for out in nbrs
        )
        self._d2_rows: list[tuple[int, ...] | None] = [None] * self.n
        self._d2_strips: list[list[tuple[int, ...]] | None] = [None] * width
        self._relative: dict[tuple[int, int], LineShape] = {}
        self._lines: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}

    def on_board(self, s: int) -> bool:
        """Is flat index ``s`` a square of the board?"""
        return 0 <= s < self.n

    def d2(self, a: int, b: int) -> int:
        """Squared distance D² between squares ``a`` and ``b`` (squares², EVA-3.1)."""
        w = self.width
        dx = a % w - b % w
        dy = a // w - b // w
        return dx * dx + dy * dy

    def d2_row(self, a: int) -> tuple[int, ...]:
        """D² from square ``a`` (on the board) to every square, by flat index:
        ``d2_row(a)[b] == d2(a, b)``. Kept per square (a tuple of shared numbers)."""
        row = self._d2_rows[a]
        if row is None:
            w = self.width
            ax, ay = a % w, a // w
            strips = self._d2_strips[ax]
            if strips is None:
                across = [(x - ax) * (x - ax) for x in range(w)]
                strips = self._d2_strips[ax] = [
                    tuple(map((dy * dy).__add__, across)) for dy in range(self.height)
                ]
            cells: list[int] = []
            for y in range(self.height):
                cells += strips[y - ay if y >= ay else ay - y]
            row = tuple(cells)
            self._d2_rows[a] = row
        return row

    def relative_line(self, dx: int, dy: int) -> LineShape:
        """The sight line (:func:`sight_line`) from a square to the square ``dx`` columns
        and ``dy`` rows away (not both 0), as flat offsets from the first square. A
        line's squares move with its ends and lie between them, so the offsets hold from
        any square from which the other end is on the board. Kept per offset."""
        got = self._relative.get((dx, dy))
        if got is None:
            w = self.width
            ox, oy = self.width + 10, self.height + 10  # an origin with room for any offset
            crossed, pairs = sight_line((ox, oy), (ox + dx, oy + dy))
            got = self._relative[dx, dy] = (
                tuple((y - oy) * w + (x - ox) for x, y in crossed),
                tuple(((p[1] - oy) * w + p[0] - ox, (q[1] - oy) * w + q[0] - ox) for p, q in pairs),
            )
        return got

    def line(self, lo: int, hi: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The sight line between squares ``lo`` < ``hi`` (both on the board): the squares
        it crosses from ``lo`` to ``hi`` and its corner pairs, as flat indices."""
        key = lo * self.n + hi
        got = self._lines.get(key)
        if got is None:
            w = self.width
            crossed, pairs = self.relative_line(hi % w - lo % w, hi // w - lo // w)
            got = self._lines[key] = (
                tuple([lo + d for d in crossed]),
                tuple([(lo + p, lo + q) for p, q in pairs]),
            )
        return got

    def flush(self, squares: tuple[int, ...], end: int) -> bool:
        """Are all ``squares`` (a crossed square, or a corner pair) flush with square
        ``end``: each at most one square away from it, diagonals included?"""
        w = self.width
        ex, ey = end % w, end // w
        return all(max(abs(s % w - ex), abs(s // w - ey)) <= 1 for s in squares)

    def lines_within(
        self, r2: int
    ) -> tuple[tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]], ...]:
        """Every sight line from a square to a square at 0 < D² ≤ ``r2``, as (dx, dy,
        crossed, corner pairs) with the squares as flat offsets from the start (see
        :meth:`relative_line`), row by row from the lowest ``dy``, each row from the
        lowest ``dx``."""
        r = int(r2**0.5)
        return tuple(
            (dx, dy, *self.relative_line(dx, dy))
            for dy in range(-r, r + 1)
            for dx in range(-r, r + 1)
            if (dx or dy) and dx * dx + dy * dy <= r2
        )


_GRIDS: dict[tuple[int, int], Grid] = {}


def grid(width: int, height: int) -> Grid:
    """The shared :class:`Grid` of a ``width`` x ``height`` board."""
    got = _GRIDS.get((width, height))
    if got is None:
        got = _GRIDS[width, height] = Grid(width, height)
    return got
