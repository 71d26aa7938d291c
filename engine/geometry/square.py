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
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

__all__ = [
    "BadSquare",
    "dist2",
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
