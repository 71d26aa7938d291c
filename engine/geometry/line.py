"""Line geometry: one straight line of cells, cover runs, movement toward a mark.

Cells are integers 1..L, left to right (BL-1.1). The distance between cells a and
b is |a - b| (BL-1.3). A *run* is a block of consecutive cells ``(first, last)``,
both included, written ``19..23`` (a single cell is ``25``); a map marks its cover
cells as runs (BL-1.4). A *path* is the closed interval of cells a mover passes
through in one move, start and end included (BL-5.4); two paths *meet* when they
share at least one cell, whatever the moment each mover was there (BL-9.2).

A mover at cell ``p`` goes "toward" a cell ``x``: direction +1 when x is higher,
-1 when it is lower, and no direction of its own when x is its own cell (the
mover must then be told one, BL-5.2). :func:`reach` lists the end cells a mover
may stop on with speeds 0..S toward one or several marks, and :func:`reach_twice`
those after two such moves (BL-14.6: S + 1 cells become 2S + 1).

Nothing here knows a battle system: the functions take cells, speeds and a
:class:`Line`, and return cells. :class:`Line` objects are immutable and shared
(made once per content by :func:`line`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

__all__ = [
    "BadRuns",
    "Line",
    "end_cell",
    "format_runs",
    "line",
    "on_side",
    "parse_runs",
    "path",
    "paths_meet",
    "reach",
    "reach_twice",
    "room",
    "toward",
]

Run = tuple[int, int]


class BadRuns(ValueError):
    """A text or a list of runs that is not a set of cells of the line (e.g. ``"0..3"``)."""


class Line:
    """A line of ``length`` cells (1..length) with some cover cells.

    ``runs``: the cover cells as sorted, disjoint, non-adjacent runs ``(first,
    last)``; ``cover``: the same cells as a frozenset. Raises :class:`BadRuns` when a
    run is empty or leaves the line, or ValueError when ``length`` < 1. Make lines
    with :func:`line`, which shares one object per content.
    """

    __slots__ = ("_is_cover", "cover", "length", "runs")

    def __init__(self, length: int, runs: Iterable[Run] = ()) -> None:
        if length < 1:
            raise ValueError(f"a line needs at least one cell, not {length}")
        cells: set[int] = set()
        for first, last in runs:
            if first > last:
                raise BadRuns(f"the run {first}..{last} is empty")
            if first < 1 or last > length:
                raise BadRuns(f"the run {first}..{last} leaves the line 1..{length}")
            cells.update(range(first, last + 1))
        self.length = length
        self.cover = frozenset(cells)
        self.runs = tuple(runs_of(cells))
        flags = [False] * (length + 2)
        for c in cells:
            flags[c] = True
        self._is_cover = tuple(flags)

    def __repr__(self) -> str:
        return f"Line({self.length}, {format_runs(self.runs) or 'no cover'})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and (self.length, self.runs) == (other.length, other.runs)

    def __hash__(self) -> int:
        return hash((self.length, self.runs))

    def contains(self, cell: int) -> bool:
        """Whether ``cell`` is on the line: 1 <= cell <= L (BL-1.1)."""
        return 1 <= cell <= self.length

    def is_cover(self, cell: int) -> bool:
        """Whether ``cell`` is a cover cell (False for a cell off the line)."""
        return 0 < cell <= self.length and self._is_cover[cell]

    def cells(self) -> range:
        """Every cell, 1..L."""
        return range(1, self.length + 1)


@lru_cache(maxsize=256)
def line(length: int, runs: tuple[Run, ...] = ()) -> Line:
    """The :class:`Line` of ``length`` cells with cover ``runs``, one shared object
    per content. Raises as :class:`Line` does."""
    return Line(length, runs)


def runs_of(cells: Iterable[int]) -> list[Run]:
    """The sorted runs of consecutive cells in ``cells``: {19, 20, 21, 25} → [(19, 21), (25, 25)]."""
    out: list[Run] = []
    for c in sorted(set(cells)):
        if out and out[-1][1] == c - 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out


def format_runs(runs: Iterable[Run]) -> str:
    """Runs as text: ``19..23, 25`` ("" for none)."""
    return ", ".join(f"{a}" if a == b else f"{a}..{b}" for a, b in runs)


_RUN = re.compile(r"^\s*(\d+)\s*(?:\.\.\s*(\d+))?\s*$")


def parse_runs(text: str, length: int) -> tuple[Run, ...]:
    """``"19..23, 25"`` → ``((19, 23), (25, 25))`` (sorted, merged). A run may be
    written ``a..b`` in either order. Raises :class:`BadRuns` when the text is not a
    list of runs of cells 1..``length``."""
    cells: set[int] = set()
    if not text.strip():
        return ()
    for part in text.split(","):
        m = _RUN.match(part)
        if m is None:
            raise BadRuns(f"cannot read {part.strip()!r} as cells (write 19..23)")
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) is not None else a
        lo, hi = min(a, b), max(a, b)
        if lo < 1 or hi > length:
            raise BadRuns(f"the run {lo}..{hi} leaves the line 1..{length}")
        cells.update(range(lo, hi + 1))
    return tuple(runs_of(cells))


def toward(p: int, x: int) -> int:
    """The direction from cell ``p`` toward cell ``x``: +1 (x higher), -1 (x lower),
    or 0 when x is p itself (the mover must then be given a direction, BL-5.2)."""
    return (x > p) - (x < p)


def end_cell(p: int, direction: int, speed: int) -> int:
    """The cell ``speed`` cells from ``p`` in ``direction`` (+1 or -1): e = p + dir × s
    (BL-5.3). It may be off the line; check with :meth:`Line.contains`."""
    return p + direction * speed


def room(ln: Line, p: int, direction: int) -> int:
    """How many cells a mover at ``p`` may go in ``direction`` (+1 or -1) and stay on
    ``ln``: the largest speed whose end cell is on the line (BL-5.3)."""
    return ln.length - p if direction > 0 else p - 1


def path(p: int, e: int) -> Run:
    """The path of a move from ``p`` to ``e``: the cells [p..e] as ``(lowest,
    highest)`` (BL-5.4); a mover that stays has the path (p, p)."""
    return (p, e) if p <= e else (e, p)


def paths_meet(a: Run, b: Run) -> bool:
    """Whether paths ``a`` and ``b`` (as :func:`path` gives them) share a cell (BL-9.2)."""
    return a[0] <= b[1] and b[0] <= a[1]


def on_side(p: int, x: int, direction: int) -> bool:
    """Whether cell ``x`` lies strictly on the side of ``p`` that ``direction`` points
    to: (x - p) × dir > 0 (BL-6.2)."""
    return (x - p) * direction > 0


def reach(ln: Line, p: int, marks: Iterable[int], speed: int) -> tuple[int, ...]:
    """The end cells, sorted, a mover at ``p`` may stop on by moving 0..``speed`` cells
    toward any one of ``marks`` (cells it may head for), staying on ``ln``. A mark on
    ``p`` itself lets it go either way (BL-5.2); with no mark it can only stay."""
    cells = {p}
    for x in marks:
        d = toward(p, x)
        for direction in (d,) if d else (1, -1):
            lo = p + direction
            hi = end_cell(p, direction, speed)
            if direction < 0:
                lo, hi = max(hi, 1), lo
            else:
                hi = min(hi, ln.length)
            cells.update(range(lo, hi + 1))
    return tuple(sorted(cells))


def reach_twice(ln: Line, p: int, marks: Sequence[int], speed: int) -> tuple[int, ...]:
    """The end cells, sorted, after two moves of 0..``speed`` cells each, every move
    toward any one of ``marks`` (the marks stay where they are): a mover that passes
    a mark turns back toward it on the second move (BL-5.5, BL-14.6)."""
    cells: set[int] = set()
    for first in reach(ln, p, marks, speed):
        cells.update(reach(ln, first, marks, speed))
    return tuple(sorted(cells))
