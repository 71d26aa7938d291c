"""Hex grid geometry: flat-topped hexes in axial/cube coordinates.

Conventions (Going Ballistic's GB-2, usable by any hex system):

* A hex is an axial pair ``(q, r)``; its cube form adds ``s = -q - r``.
* Flat-topped layout; six directions numbered clockwise from north:
  0 N ``(0, -1)``, 1 NE ``(+1, -1)``, 2 SE ``(+1, 0)``, 3 S ``(0, +1)``,
  4 SW ``(-1, +1)``, 5 NW ``(-1, 0)`` (axial steps).
* On a rectangular map of W columns x H rows a hex is written ``CCRR``: column
  ``c = q + 1`` and row ``n = r + floor(q / 2) + 1``, both from 01 at the top left;
  even-numbered columns are drawn half a hex lower (:func:`to_offset`,
  :func:`format_hex`, :func:`parse_hex`).
* Distances are in hexes (:func:`distance`).
* The line between two hex centres (:func:`line`) is made of *core hexes* (whose
  interior the segment crosses) and, where the segment runs along hex edges,
  *edge pairs*; a hex touched only at a corner is not on it. The result is the same
  in both directions. :func:`core_hexes_exact` is the normative algorithm on exact
  fractions and :func:`core_hexes_int` the same in whole numbers; :func:`line` uses
  the latter once per offset between the two hexes (lines are the same everywhere up
  to translation) and caches the shape.
* Front arcs (120°, :func:`in_front_arc`), 60° sectors between two adjacent spokes
  (:func:`in_sector`), rings and the spiral numbering of an area (:func:`ring`,
  :func:`spiral`).

Nothing here knows a map's contents or a game; a system keeps its own tables
(flat indices, heights) built from these functions.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from math import ceil, floor

import msgspec

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "SPINES",
    "BadHex",
    "Hex",
    "Line",
    "area_size",
    "core_hexes_exact",
    "core_hexes_int",
    "cube",
    "direction_between",
    "distance",
    "format_hex",
    "from_offset",
    "in_front_arc",
    "in_sector",
    "line",
    "line_shape",
    "neighbour",
    "neighbours",
    "parse_hex",
    "pixel",
    "ring",
    "spiral",
    "to_offset",
]

Hex = tuple[int, int]

#: Axial steps of the six directions, clockwise from north (GB-2.3).
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: Their short names, same order.
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
#: The six spine vectors ``d_i + d_(i+1)`` (axial), index i: a line whose offset is a
#: whole multiple of one runs along hex edges (GB-2.6 case 1).
SPINES: tuple[Hex, ...] = tuple(
    (DIRECTIONS[i][0] + DIRECTIONS[(i + 1) % 6][0], DIRECTIONS[i][1] + DIRECTIONS[(i + 1) % 6][1])
    for i in range(6)
)


class BadHex(ValueError):
    """A hex name that is not four digits ``CCRR`` naming a hex of the map."""


class Line(msgspec.Struct, frozen=True):
    """The hexes of the line from A to B (GB-2.6).

    ``core``: the core hexes in order from A to B (A first, B last; just ``(A,)``
    when A = B). ``pairs``: the edge pairs, in order from A, each as two hexes; empty
    unless the line is a spine line.
    """

    core: tuple[Hex, ...]
    pairs: tuple[tuple[Hex, Hex], ...] = ()

    def intervening(self) -> tuple[Hex, ...]:
        """Core hexes other than A and B, then both hexes of every edge pair (GB-2.7)."""
        return self.core[1:-1] + tuple(h for pair in self.pairs for h in pair)


def cube(h: Hex) -> tuple[int, int, int]:
    """``(q, r)`` → ``(q, r, s)`` with ``s = -q - r``."""
    return h[0], h[1], -h[0] - h[1]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes: ``max(|Δq|, |Δr|, |Δs|)`` (GB-2.5)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` across the edge of ``direction`` (0-5, mod 6)."""
    dq, dr = DIRECTIONS[direction % 6]
    return h[0] + dq, h[1] + dr


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` in direction order N, NE, SE, S, SW, NW."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction (0-5) of the step from ``a`` to the adjacent hex ``b``; None when
    they are not neighbours."""
    try:
        return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        return None


def to_offset(h: Hex) -> tuple[int, int]:
    """Axial ``(q, r)`` → ``(column, row)``, both from 1: ``c = q + 1``,
    ``n = r + floor(q / 2) + 1`` (GB-2.4)."""
    q, r = h
    return q + 1, r + q // 2 + 1


def from_offset(column: int, row: int) -> Hex:
    """``(column, row)`` (from 1) → axial: ``q = c - 1``, ``r = n - 1 - floor(q / 2)``."""
    q = column - 1
    return q, row - 1 - q // 2


def format_hex(h: Hex) -> str:
    """The hex as ``CCRR`` (GB-2.4): ``(2, 4)`` → ``"0306"``. Columns and rows of 1-99
    only; anything else is written with a ``?`` so that it can never be read back."""
    c, n = to_offset(h)
    if not (0 <= c <= 99 and 0 <= n <= 99):
        return f"?{c},{n}"
    return f"{c:02d}{n:02d}"


def parse_hex(text: str, width: int = 99, height: int = 99) -> Hex:
    """``"0306"`` → ``(2, 4)``. Raises :class:`BadHex` unless ``text`` is exactly four
    digits naming a column 1..``width`` and a row 1..``height``."""
    t = text.strip()
    if len(t) != 4 or not t.isascii() or not t.isdigit():
        raise BadHex(text)
    c, n = int(t[:2]), int(t[2:])
    if not (1 <= c <= width and 1 <= n <= height):
        raise BadHex(text)
    return from_offset(c, n)


def pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of the hex for drawing (screen y grows downwards): ``x = 3/2·q``,
    ``y = √3·(r + q/2)``, times ``size`` (GB-2.2). Never used for a rule."""
    q, r = h
    return 1.5 * q * size, math.sqrt(3) * (r + q / 2) * size


# ---------------------------------------------------------------------------
# Arcs and sectors
# ---------------------------------------------------------------------------
#: Cube steps of the six directions (GB-2.3), for the arc and sector tests.
_CUBE_STEPS = tuple((dq, dr, -dq - dr) for dq, dr in DIRECTIONS)
#: For each sector's first direction i: the cube coordinate where spoke i+1 is 0 with
#: spoke i's sign there, and the coordinate where spoke i is 0 with spoke i+1's sign.
_SECTOR_TESTS = tuple(
    (
        _CUBE_STEPS[(i + 1) % 6].index(0),
        _CUBE_STEPS[i][_CUBE_STEPS[(i + 1) % 6].index(0)],
        _CUBE_STEPS[i].index(0),
        _CUBE_STEPS[(i + 1) % 6][_CUBE_STEPS[i].index(0)],
    )
    for i in range(6)
)


def in_front_arc(origin: Hex, facing: int, other: Hex) -> bool:
    """Whether ``other`` is in the 120° front arc of a unit at ``origin`` facing
    ``facing`` (0-5): the spokes facing-1, facing, facing+1 and every hex between them,
    never ``origin`` itself (GB-2.8). Exact test on the cube offset ``v``: wherever the
    facing's cube step is +1, v ≥ 0 there; wherever it is -1, v ≤ 0 there (the product
    of each coordinate with the step's is never negative)."""
    vq = other[0] - origin[0]
    vr = other[1] - origin[1]
    if vq == 0 and vr == 0:
        return False
    eq, er, es = _CUBE_STEPS[facing % 6]
    return vq * eq >= 0 and vr * er >= 0 and (-vq - vr) * es >= 0


def in_sector(origin: Hex, first: int, other: Hex) -> bool:
    """Whether ``other`` is in the 60° sector of ``origin`` bounded by the spokes of
    directions ``first`` and ``first + 1`` (clockwise), both spokes included, never
    ``origin`` itself (GB-11.2: ``N-NE`` is ``first = 0``). Exact test: a hex is
    ``a·d_first + b·d_(first+1)`` with a, b ≥ 0, i.e. on the coordinate where one spoke
    is 0 the offset has the other spoke's sign (or 0)."""
    vq = other[0] - origin[0]
    vr = other[1] - origin[1]
    if vq == 0 and vr == 0:
        return False
    v = (vq, vr, -vq - vr)
    k1, s1, k2, s2 = _SECTOR_TESTS[first % 6]
    return v[k1] * s1 >= 0 and v[k2] * s2 >= 0


# ---------------------------------------------------------------------------
# Rings and the spiral
# ---------------------------------------------------------------------------
def ring(center: Hex, k: int) -> list[Hex]:
    """The 6k hexes at distance ``k`` ≥ 1 from ``center`` in spiral order (GB-2.9):
    start k steps north, then walk k steps SE, S, SW, NW, N and NE, each hex listed
    before stepping off it. ``[center]`` for k = 0."""
    if k == 0:
        return [center]
    q, r = center[0], center[1] - k  # k steps north
    out = []
    for d in (2, 3, 4, 5, 0, 1):  # SE, S, SW, NW, N, NE
        dq, dr = DIRECTIONS[d]
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def area_size(radius: int) -> int:
    """Hexes in the area of radius R ≥ 1 (within R - 1 of the centre): ``3·R·(R-1) + 1``."""
    return 3 * radius * (radius - 1) + 1


def spiral(center: Hex, radius: int) -> list[Hex]:
    """The area of radius R ≥ 1 around ``center`` (every hex within R - 1) numbered in
    spiral order (GB-2.9): the centre first (number 1), then rings 1 .. R-1."""
    out = [center]
    for k in range(1, radius):
        out += ring(center, k)
    return out


# ---------------------------------------------------------------------------
# Lines
# ---------------------------------------------------------------------------
def _cell(p: tuple[Fraction, Fraction, Fraction]) -> tuple[int, int, int]:
    """The hex whose interior contains the point ``p`` (cube, exact, sums to 0)."""
    rx, ry, rz = (floor(c + Fraction(1, 2)) for c in p)
    dx, dy, dz = abs(rx - p[0]), abs(ry - p[1]), abs(rz - p[2])
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def core_hexes_exact(a: Hex, b: Hex) -> list[Hex]:
    """The normative algorithm of GB-2.6 case 2 (exact fractions): the hexes whose
    interior the segment between the centres of ``a`` and ``b`` crosses, from A to B.
    Not meant for spine lines (there the segment runs along edges)."""
    ac, bc = cube(a), cube(b)
    d = [bc[i] - ac[i] for i in range(3)]
    ts = {Fraction(0), Fraction(1)}
    for i, j in ((0, 1), (1, 2), (2, 0)):
        u0, du = ac[i] - ac[j], d[i] - d[j]
        if du:
            lo, hi = sorted((u0, u0 + du))
            for k in range(ceil(lo), floor(hi) + 1):
                t = Fraction(k - u0, du)
                if 0 < t < 1:
                    ts.add(t)
    ordered = sorted(ts)
    out: list[Hex] = []
    for t0, t1 in zip(ordered, ordered[1:], strict=False):
        m = (t0 + t1) / 2
        x, y, _z = _cell(tuple(ac[i] + d[i] * m for i in range(3)))  # type: ignore[arg-type]
        h = (x, y)
        if not out or out[-1] != h:
            out.append(h)
    return out


def core_hexes_int(a: Hex, b: Hex) -> list[Hex]:
    """:func:`core_hexes_exact` in whole numbers: every parameter ``t`` of the segment is
    kept as ``T / L`` with ``L`` the least common multiple of the denominators, and every
    point of it as a numerator over ``2L``, so each comparison is the normative one,
    exactly, without fractions (a test checks the two agree)."""
    ac, bc = cube(a), cube(b)
    d = [bc[i] - ac[i] for i in range(3)]
    dus = []
    for i, j in ((0, 1), (1, 2), (2, 0)):
        du = d[i] - d[j]
        if du:
            dus.append((ac[i] - ac[j], du))
    scale = 1
    for _u0, du in dus:
        scale = scale * abs(du) // math.gcd(scale, abs(du))
    ts = {0, scale}
    for u0, du in dus:
        lo, hi = sorted((u0, u0 + du))
        for k in range(lo, hi + 1):  # whole bounds: ceil and floor are the bounds themselves
            t = (k - u0) * scale // du  # exact: du divides scale
            if 0 < t < scale:
                ts.add(t)
    ordered = sorted(ts)
    den = 2 * scale
    out: list[Hex] = []
    for t0, t1 in zip(ordered, ordered[1:], strict=False):
        m = t0 + t1  # the midpoint's parameter is m / den
        p = [ac[i] * den + d[i] * m for i in range(3)]  # coordinates times den
        r = [(2 * p[i] + den) // (2 * den) for i in range(3)]  # floor(c + 1/2)
        dx, dy, dz = (abs(r[i] * den - p[i]) for i in range(3))
        if dx > dy and dx > dz:
            r[0] = -r[1] - r[2]
        elif dy > dz:
            r[1] = -r[0] - r[2]
        else:
            r[2] = -r[0] - r[1]
        h = (r[0], r[1])
        if not out or out[-1] != h:
            out.append(h)
    return out


def _spine(dq: int, dr: int) -> tuple[int, int] | None:
    """(i, k) when ``(dq, dr) = k·SPINES[i]`` with k ≥ 1, else None."""
    for i, (vq, vr) in enumerate(SPINES):
        k = dq // vq if vq else dr // vr
        if k >= 1 and k * vq == dq and k * vr == dr:
            return i, k
    return None


@lru_cache(maxsize=65536)
def _shape(dq: int, dr: int) -> Line:
    """The line from (0, 0) to (dq, dr); every other line is a translation of one."""
    if dq == 0 and dr == 0:
        return Line(((0, 0),))
    spine = _spine(dq, dr)
    if spine is None:
        return Line(tuple(core_hexes_int((0, 0), (dq, dr))))
    i, k = spine
    vq, vr = SPINES[i]
    (aq, ar), (bq, br) = DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]
    core = tuple((j * vq, j * vr) for j in range(k + 1))
    pairs = tuple(((j * vq + aq, j * vr + ar), (j * vq + bq, j * vr + br)) for j in range(k))
    return Line(core, pairs)


def line(a: Hex, b: Hex) -> Line:
    """The line from ``a`` to ``b`` (GB-2.6): spine lines give their core hexes and edge
    pairs, all other lines their core hexes only. The same hexes as ``line(b, a)``."""
    shape = _shape(b[0] - a[0], b[1] - a[1])
    q, r = a
    return Line(
        tuple((q + x, r + y) for x, y in shape.core),
        tuple(((q + x1, r + y1), (q + x2, r + y2)) for (x1, y1), (x2, y2) in shape.pairs),
    )


def line_shape(dq: int, dr: int) -> Line:
    """The cached line from (0, 0) to ``(dq, dr)`` (translate it to any start hex):
    for tables that store hexes in their own form."""
    return _shape(dq, dr)
