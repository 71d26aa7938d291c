"""The 6 x 4 field of the optional variant (SC-12.1.1, SC-12.1.3).

Cells are named ``a1`` .. ``f4``: a column letter a-f and a row number 1-4.
Rows 1-2 are Player 1's home zone, rows 3-4 Player 2's. Two cells are adjacent
when they share an edge (no diagonals).
"""

from __future__ import annotations

from functools import cache

from engine.rulesets.sixchances.catalog import BOARD_COLUMNS, BOARD_ROWS

__all__ = ["CELLS", "adjacent", "home_zone", "is_cell", "neighbours"]

#: Every cell, row by row from row 1 (a1, b1, ..., f1, a2, ...).
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, BOARD_ROWS + 1) for c in BOARD_COLUMNS)
_CELL_SET = frozenset(CELLS)


def is_cell(name: str) -> bool:
    """True when ``name`` is a cell of the field (lower case, e.g. ``"c2"``)."""
    return name in _CELL_SET


@cache
def neighbours(cell: str) -> tuple[str, ...]:
    """The cells sharing an edge with ``cell`` (2 to 4 of them) (SC-12.1.3)."""
    col = BOARD_COLUMNS.index(cell[0])
    row = int(cell[1:])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < len(BOARD_COLUMNS) and 1 <= r <= BOARD_ROWS:
            out.append(f"{BOARD_COLUMNS[c]}{r}")
    return tuple(out)


def adjacent(a: str, b: str) -> bool:
    """True when cells ``a`` and ``b`` share an edge (SC-12.1.3)."""
    return b in neighbours(a)


@cache
def home_zone(side: int) -> tuple[str, ...]:
    """The 12 cells of ``side``'s home zone: rows 1-2 for side 0, rows 3-4 for side 1 (SC-12.1.1)."""
    rows = (1, 2) if side == 0 else (3, 4)
    return tuple(c for c in CELLS if int(c[1:]) in rows)
