"""The board of an Eva game: the facts of a map that every copy of a game shares.

Squares are flat indices (see :mod:`engine.geometry.square`, whose :class:`Grid`
gives the shapes: neighbours, D², sight lines). What terrain does to them is
stated here once: the energy of a step (EVA-8.3, :func:`step_cost`), what a sight
line crosses (EVA-4.2 to EVA-4.5, :class:`LineInfo`), where a jump may land
(EVA-16.9), the range bands (EVA-3.2) and who is engaged (EVA-12.2). The tables of
a map are built on first use and kept by the map's id (a digest of its rows), so
a copied state finds them ready.
"""

from __future__ import annotations

import hashlib

# -- imports --
from engine.geometry.square import grid
from engine.rulesets.eva.scenario import BLUE, GREEN, HEIGHT, RED, WIDTH, YELLOW, EvaMap
from engine.rulesets.eva.state import EvaState, Unit

__all__ = [
    "CLOSE",
    "GRID",
    "H",
    "NORTH_ROWS",
    "SOUTH_ROWS",
    "W",
    "LONG",
    "MEDIUM",
    "N_SQ",
    "OUT",
    "RANGE_LIMIT2",
    "LineInfo",
    "MapGeo",
    "band_of",
    "d2",
    "d2_row",
    "engaged_on",
    "engaged_with",
    "geo",
    "is_engaged",
    "layer_of",
    "map_id",
    "occupancy",
    "step_cost",
]

W, H = WIDTH, HEIGHT


N_SQ = W * H


#: Range bands (EVA-3.2).
CLOSE, MEDIUM, LONG, OUT = 0, 1, 2, 3
#: The largest D² of the close, medium and long bands (squares², EVA-3.2: 5, 10 and 20
#: squares); beyond RANGE_LIMIT2 no attack reaches.
CLOSE_LIMIT2, MEDIUM_LIMIT2, RANGE_LIMIT2 = 25, 100, 400


#: The rows (y - 1) of the south and north deployment zones (EVA-5.2).
SOUTH_ROWS = range(0, 3)


NORTH_ROWS = range(27, 30)


#: The board's shared tables (neighbours, D², sight-line shapes: engine.geometry.square).
GRID = grid(W, H)


def d2(a: int, b: int) -> int:
    """Squared distance D² between squares ``a`` and ``b`` (squares², EVA-3.1; as
    :meth:`Grid.d2` of :data:`GRID`, on this board's width)."""
    dx = a % W - b % W
    dy = a // W - b // W
    return dx * dx + dy * dy


d2_row = GRID.d2_row


#: For each square, the squares orthogonally adjacent to it (D² = 1).
ORTHOGONAL = GRID.orthogonal
#: The sight lines of a jump (EVA-16.9: 0 < D² ≤ 9), as offsets from its start.
JUMP_LINES = GRID.lines_within(9)


class LineInfo:
    """What a sight line crosses, from the lower-indexed end ``lo`` to ``hi``
    (EVA-4.2 to EVA-4.5): crossed squares, corner pairs, and per-map summaries."""

    __slots__ = (
        "_ends",
        "_flush",
        "_terrain",
        "blue",
        "crossed",
        "maxcol",
        "pairs",
        "pierce",
    )

    def __init__(self, lo: int, hi: int, terrain: bytes) -> None:
        self.crossed, self.pairs = GRID.line(lo, hi)
        blue = False
        maxcol = pierce = 0
        for c in self._colours(terrain):
            if c == BLUE:
                blue = True
            if c > maxcol:
                maxcol = c
            if RED <= c <= GREEN:
                pierce += 1
        self.blue = blue
        self.maxcol = maxcol
        self.pierce = pierce
        self._terrain = terrain
        self._ends = (lo, hi)
        self._flush: tuple[tuple[int, int], tuple[int, int], tuple[int, int]] | None = None

    def _colours(self, terrain: bytes) -> list[int]:
        """The effective colour of each line square, crossed squares first, then the
        corner pairs (EVA-4.3: a pair counts as its lower flank)."""
        return [terrain[s] for s in self.crossed] + [
            terrain[p] if terrain[p] < terrain[q] else terrain[q] for p, q in self.pairs
        ]

    @property
    def flush(self) -> tuple[int, int]:
        """Per end (0 lo, 1 hi): the highest colour of the line squares flush with it."""
        return self._flush_summaries()[0]

    @property
    def gflush(self) -> tuple[int, int]:
        """Per end: how many green line squares are flush with it."""
        return self._flush_summaries()[1]

    @property
    def ygflush(self) -> tuple[int, int]:
        """Per end: how many yellow or green line squares are flush with it."""
        return self._flush_summaries()[2]

    def _flush_summaries(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """flush, gflush and ygflush, worked out the first time one is needed."""
        if self._flush is None:
            flush = [0, 0]
            gflush = [0, 0]
            ygflush = [0, 0]
            squares: list[tuple[int, ...]] = [(s,) for s in self.crossed] + list(self.pairs)
            items = list(zip(self._colours(self._terrain), squares, strict=True))
            for end, e in enumerate(self._ends):
                for c, sqs in items:
                    if GRID.flush(sqs, e):  # EVA-3.5 / EVA-4.3
                        flush[end] = max(flush[end], c)
                        if c == GREEN:
                            gflush[end] += 1
                        if c in (YELLOW, GREEN):
                            ygflush[end] += 1
            self._flush = ((flush[0], flush[1]), (gflush[0], gflush[1]), (ygflush[0], ygflush[1]))
        return self._flush


class MapGeo:
    """The tables of one map: ``terrain`` (a colour by flat index), the board's
    neighbour tables ``nbrs``/``links`` (from :data:`GRID`), and, built on first use,
    its sight lines (:meth:`line`), single steps (:meth:`step_squares`) and jump
    landings (:meth:`jump_squares`). Tables of squares are tuples, which the garbage
    collector stops visiting once it has seen they hold only numbers."""

    def __init__(self, m: EvaMap) -> None:
        self.terrain = m.terrain
        self.lines: dict[int, LineInfo] = {}
        self._jumps: dict[int, list[int]] = {}
        self._step_squares: list[list[tuple[tuple[int, ...], ...] | None]] = [[None] * N_SQ for _ in range(4)]
        self.nbrs = GRID.nbrs
        #: for each square, its neighbours' entries of ``nbrs`` by neighbour
        self.links = GRID.links

    def step_row(self, start: int, airborne: bool, accel: bool) -> list[tuple[int, int]]:
        """The single steps out of ``start`` that the terrain allows, as (neighbour,
        energy) in the order of ``nbrs`` (EVA-8.1, :func:`step_cost`); not cached (see
        :meth:`step_squares`)."""
        terrain = self.terrain
        steps = []
        for n, diag, _s1, _s2 in self.nbrs[start]:
            c = step_cost(terrain[n], diag, airborne, accel)
            if c is not None:
                steps.append((n, c))
        return steps

    def step_squares(self, start: int, airborne: bool, accel: bool) -> tuple[tuple[int, ...], ...]:
        """For each energy from 0 to 7, the squares of :meth:`step_row` out of ``start``
        that cost at most that much (EVA-8.2), in the same order (all steps cost from 1
        to 6, so any energy above 7 reads as 7); cached per square, layer and
        Acceleration."""
        table = self._step_squares[airborne * 2 + accel]
        got = table[start]
        if got is None:
            steps = self.step_row(start, airborne, accel)
            costs = [c for _n, c in steps]
            cheapest = min(costs, default=8)
            dearest = max(costs, default=0)
            every = tuple([n for n, _c in steps])
            got = table[start] = tuple(
                [
                    () if e < cheapest else every if e >= dearest else tuple([n for n, c in steps if c <= e])
                    for e in range(8)
                ]
            )
        return got

    def jump_squares(self, start: int) -> list[int]:
        """Squares a jump from ``start`` may land on, before occupancy (EVA-16.9): on the
        board, D² ≤ 9, not green or blue, no blue on the line. Cached per square; the
        lines come from :data:`JUMP_LINES` (no :class:`LineInfo` is made for them)."""
        got = self._jumps.get(start)
        if got is None:
            terrain = self.terrain
            x, y = start % W, start // W
            got = []
            # every square of a jump's lines is within 3 rows and 3 columns of the start,
            # so within 63 places of it by flat index: without blue there, no line is blue
            blue = BLUE in terrain[max(start - 3 * W - 3, 0) : start + 3 * W + 4]
            for dx, dy, crossed, pairs in JUMP_LINES:
                nx, ny = x + dx, y + dy
                if 0 <= nx < W and 0 <= ny < H:
                    s = ny * W + nx
                    if terrain[s] >= GREEN:
                        continue
                    if not blue:
                        got.append(s)
                        continue
                    for d in crossed:
                        if terrain[start + d] == BLUE:
                            break
                    else:
                        # EVA-4.3: a corner pair counts as its lower flank, so it is
                        # blue only when both flanks are
                        for p, q in pairs:
                            if terrain[start + p] == BLUE and terrain[start + q] == BLUE:
                                break
                        else:
                            got.append(s)
            self._jumps[start] = got
        return got

    def line(self, a: int, b: int) -> tuple[LineInfo, int, int]:
        """Line info for squares a, b, and the indices (0 lo / 1 hi) of a's and b's end."""
        if a < b:
            key, ea, eb = a * N_SQ + b, 0, 1
        else:
            key, ea, eb = b * N_SQ + a, 1, 0
        info = self.lines.get(key)
        if info is None:
            info = LineInfo(min(a, b), max(a, b), self.terrain)
            self.lines[key] = info
        return info, ea, eb


#: map id -> its :class:`MapGeo` (fixed facts: shared by every game on that map).
_GEO: dict[str, MapGeo] = {}


def map_id(m: EvaMap) -> str:
    """A stable identity of a map's terrain (SHA-1 of its rows)."""
    rows = tuple(m.rows)
    got = _MAP_IDS.get(rows)
    if got is None:
        if len(_MAP_IDS) >= 64:
            _MAP_IDS.clear()
        got = _MAP_IDS[rows] = hashlib.sha1("\n".join(rows).encode()).hexdigest()[:16]
    return got


#: rows -> :func:`map_id` (a few boards are played again and again).
_MAP_IDS: dict[tuple[str, ...], str] = {}


def geo(state: EvaState) -> MapGeo:
    """The tables of the state's map (:class:`MapGeo`), found by its id: built once per
    map, shared by every game and every copy of a game on it."""
    g = _GEO.get(state.map_id)
    if g is None:
        g = _GEO[state.map_id] = MapGeo(state.map)
    return g


def band_of(dist2: int) -> int:
    """Range band of a squared distance (EVA-3.2): 0 close, 1 medium, 2 long, 3 out
    (:data:`BAND_LIMITS2`)."""
    if dist2 <= CLOSE_LIMIT2:
        return CLOSE
    if dist2 <= MEDIUM_LIMIT2:
        return MEDIUM
    if dist2 <= RANGE_LIMIT2:
        return LONG
    return OUT


def step_cost(terrain: int, diag: bool, airborne: bool, accel: bool) -> int | None:
    """Energy of one step into a square of colour ``terrain`` (EVA-8.1, 8.3, 16.10,
    16.11), or None if the step is not allowed."""
    if airborne:
        if terrain == BLUE:
            return None
        base = 3 if diag else 2
    else:
        if terrain >= GREEN:
            return None
        base = (6 if diag else 4) if terrain == YELLOW else (3 if diag else 2)
    return (base + 1) // 2 if accel else base


def occupancy(state: EvaState) -> tuple[dict[int, int], dict[int, int]]:
    """(ground, air): square → unit index of the Evas on the board."""
    ground: dict[int, int] = {}
    air: dict[int, int] = {}
    for i, u in enumerate(state.units):
        if u.deployed and not u.destroyed:  # on the board
            if u.airborne:
                air[u.square] = i
            else:
                ground[u.square] = i
    return ground, air


def layer_of(state: EvaState, airborne: bool) -> dict[int, int]:
    """One layer of :func:`occupancy`: square → unit index of the Evas on the board that
    are airborne (``airborne``) or on the ground (not)."""
    layer: dict[int, int] = {}
    for i, u in enumerate(state.units):
        if u.airborne == airborne and u.on_board:
            layer[u.square] = i
    return layer


def engaged_on(layer: dict[int, int], units: list[Unit], side: int, square: int) -> list[int]:
    """The unit indices of the enemies of ``side`` engaged with an Eva on ``square`` of a
    layer (EVA-12.2): Evas of the other side on that layer (``layer``: square → unit
    index of the Evas on the board there, as :func:`occupancy` gives) on a square
    orthogonally adjacent to it."""
    out = []
    if 0 <= square < N_SQ:
        for n in ORTHOGONAL[square]:
            j = layer.get(n)
            if j is not None and units[j].side != side:
                out.append(j)
    return out


def engaged_with(
    state: EvaState, u: Unit, square: int | None = None, airborne: bool | None = None
) -> list[int]:
    """Unit indices of the enemies engaged with ``u`` (EVA-12.2, :func:`engaged_on`);
    ``square``/``airborne`` test a hypothetical position."""
    layer = layer_of(state, u.airborne if airborne is None else airborne)
    return engaged_on(layer, state.units, u.side, u.square if square is None else square)


def is_engaged(state: EvaState, u: Unit, square: int | None = None, airborne: bool | None = None) -> bool:
    """Is ``u`` engaged in melee (EVA-12.2, :func:`engaged_on`)?"""
    return bool(engaged_with(state, u, square, airborne))
