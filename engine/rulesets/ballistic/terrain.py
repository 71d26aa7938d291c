"""The fixed facts of a map, precomputed once per map and shared by every game and
every copy of a state (GB-2, GB-3, GB-8.2 to GB-8.4, GB-9.2).

Inside the engine a hex is a *flat index* ``i = (row - 1) * W + (column - 1)``.
:func:`tables` returns the :class:`MapTables` of a map, cached by the map's content
(never by object identity), so a state decoded from a save finds the same tables.

Sight over terrain is decided here, where it depends on the map alone: whether cover
between two positions hides one from the other (the shadow rule, GB-8.3, GB-8.4)
in both directions (GB-8.5), over hex heights (sight) or bare elevations (the
ground part of the line of fire, GB-9.2). Each answer is cached by the two hexes
and the two position heights; :meth:`MapTables.precompute` fills the table for
every pair of ground positions at once. Smoke, units and failed sensors change
during a game and are applied by the rules (``rules/sight.py``).
"""

from __future__ import annotations

from engine.geometry.hex import DIRECTIONS, format_hex, from_offset, line_shape, to_offset
from engine.rulesets.ballistic.maps import BUILDING, OPEN, RUBBLE, HexMap

__all__ = ["BUILDING", "FLAT", "OPEN", "RUBBLE", "MapTables", "shadow_hides", "tables"]

#: Maps of up to this many hexes keep flat pair tables (distances, ground sight): 2,500
#: hexes (50 x 50) make tables of 6.25 million entries; larger maps compute each
#: distance and keep sight by pair in a dictionary.
FLAT = 2500


def shadow_hides(cover: int, dist_to_target: int, observer: int, target: int) -> bool:
    """Whether a cover hex of height ``cover`` at ``dist_to_target`` hexes from the target
    hides a target at position height ``target`` from an observer at position height
    ``observer`` (GB-8.3). ``H = cover - target``; no cover when ``H <= 0``; the shadow is
    ``S = 2H - V`` hexes with ``V = observer - target``, at least 1 when ``H > 1``; hidden
    when ``1 <= dist <= S``."""
    h = cover - target
    if h <= 0:
        return False
    s = 2 * h - (observer - target)
    if h > 1 and s < 1:
        s = 1
    return 1 <= dist_to_target <= s


class MapTables:
    """Per-map tables (read-only once built).

    Attributes, by flat index: ``q``, ``r`` (axial), ``name`` (``CCRR``), ``elevation``,
    ``kind`` (OPEN / RUBBLE / BUILDING), ``building`` (height above ground, 0 when
    none), ``height`` (``elevation + building``, GB-3.2), ``zone`` (0, or 1 / 2 for the
    first / second side's deployment zone), ``neighbours`` (six indices in direction
    order, -1 off the map). ``width``, ``height_rows``, ``count``; ``index`` maps a
    ``CCRR`` name to its flat index and ``at`` an axial pair to it.
    """

    def __init__(self, hex_map: HexMap) -> None:
        cells = hex_map.cells()
        self.width = w = hex_map.width
        self.height_rows = h = hex_map.height
        self.count = n = w * h
        self.q = [0] * n
        self.r = [0] * n
        self.name = [""] * n
        self.elevation = [0] * n
        self.kind = [OPEN] * n
        self.building = [0] * n
        self.height = [0] * n
        self.zone = [0] * n
        self.at: dict[tuple[int, int], int] = {}
        for row in range(h):
            for col in range(w):
                i = row * w + col
                q, r = from_offset(col + 1, row + 1)
                e, kind, b, zone = cells[row][col]
                self.q[i], self.r[i] = q, r
                self.name[i] = format_hex((q, r))
                self.elevation[i], self.kind[i], self.building[i], self.zone[i] = e, kind, b, zone
                self.height[i] = e + b
                self.at[(q, r)] = i
        self.index = {nm: i for i, nm in enumerate(self.name)}
        self.neighbours: list[tuple[int, ...]] = [
            tuple(self.at.get((self.q[i] + dq, self.r[i] + dr), -1) for dq, dr in DIRECTIONS)
            for i in range(n)
        ]
        #: (intervening core hexes, edge pairs) on the map by ``a * count + b``
        self._between: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}
        #: mutual terrain sight by (a, b, height at a, height at b, buildings counted)
        self._clear: dict[tuple[int, int, int, int, bool], bool] = {}
        #: by altitude (0: ground units): per hex, the (neighbour, MP) steps the terrain allows
        self._steps: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        #: whether the pair tables below are kept (maps of at most FLAT hexes)
        self.flat = n <= FLAT
        #: distances by ``a * count + b`` (GB-2.5)
        self.dist = [self._distance(a, b) for a in range(n) for b in range(n)] if self.flat else []
        #: ground-to-ground terrain sight by ``a * count + b`` (filled by :meth:`clear`): 0 not
        #: known yet, 1 clear, 2 hidden; over hex heights, and over bare elevations (GB-9.2)
        self.ground_sight = bytearray(n * n if self.flat else 0)
        self.bare_sight = bytearray(n * n if self.flat else 0)

    # -- geometry ----------------------------------------------------------------
    def hex_of(self, i: int) -> tuple[int, int]:
        """The axial pair of flat index ``i``."""
        return self.q[i], self.r[i]

    def _distance(self, a: int, b: int) -> int:
        dq = self.q[a] - self.q[b]
        dr = self.r[a] - self.r[b]
        return max(abs(dq), abs(dr), abs(dq + dr))

    def distance(self, a: int, b: int) -> int:
        """Hexes between flat indices ``a`` and ``b`` (GB-2.5)."""
        return self.dist[a * self.count + b] if self.flat else self._distance(a, b)

    def offset(self, i: int) -> tuple[int, int]:
        """(column, row) of flat index ``i``, from 1."""
        return to_offset((self.q[i], self.r[i]))

    def line_hexes(self, a: int, b: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The intervening core hexes and the edge pairs of the line from ``a`` to ``b``
        (GB-2.6, GB-2.7) that lie on the map, as flat indices, in order from ``a``. An
        off-map hex is open ground without smoke or units, so it can never hide, block
        or hold smoke (GB-2.7): it is left out, and so is an edge pair with an off-map
        hex (a pair acts only when both of its hexes do)."""
        key = a * self.count + b
        found = self._between.get(key)
        if found is not None:
            return found
        qa, ra = self.q[a], self.r[a]
        shape = line_shape(self.q[b] - qa, self.r[b] - ra)
        at = self.at
        core = []
        for x, y in shape.core[1:-1]:
            i = at.get((qa + x, ra + y))
            if i is not None:
                core.append(i)
        pairs = []
        for (x1, y1), (x2, y2) in shape.pairs:
            i = at.get((qa + x1, ra + y1))
            j = at.get((qa + x2, ra + y2))
            if i is not None and j is not None:
                pairs.append((i, j))
        found = self._between[key] = (tuple(core), tuple(pairs))
        return found

    def steps(self, altitude: int) -> list[tuple[tuple[int, int], ...]]:
        """Per hex, the steps the terrain allows a unit flying at ``altitude`` (0: a ground
        unit) as (neighbour, MP) pairs: a ground unit never into a building or across more
        than one level, paying 3 MP for rubble (GB-3.4 to GB-3.6, GB-7.2); an air unit
        into any hex lower than its altitude for 1 MP (GB-7.8). Wrecks and units are not
        terrain: the rules add them."""
        found = self._steps.get(altitude)
        if found is not None:
            return found
        out = []
        for i in range(self.count):
            row = []
            for n in self.neighbours[i]:
                if n < 0:
                    continue
                if altitude:
                    if self.height[n] < altitude:
                        row.append((n, 1))
                elif self.kind[n] != BUILDING and abs(self.elevation[n] - self.elevation[i]) <= 1:
                    row.append((n, 3 if self.kind[n] == RUBBLE else 1))
            out.append(tuple(row))
        self._steps[altitude] = out
        return out

    # -- sight over terrain ------------------------------------------------------
    def hidden(self, o: int, ho: int, t: int, ht: int, buildings: bool = True) -> bool:
        """Whether the target at ``t`` (position height ``ht``) is hidden from the
        observer at ``o`` (height ``ho``) by an intervening core hex, or by both hexes of
        an edge pair (GB-8.3, GB-8.4); cover heights are hex heights, or bare elevations
        when ``buildings`` is False (GB-9.2)."""
        core, pairs = self.line_hexes(o, t)
        heights = self.height if buildings else self.elevation
        dist = self.distance
        for x in core:
            if heights[x] > ht and shadow_hides(heights[x], dist(x, t), ho, ht):
                return True
        for x, y in pairs:
            if (
                heights[x] > ht
                and heights[y] > ht
                and shadow_hides(heights[x], dist(x, t), ho, ht)
                and shadow_hides(heights[y], dist(y, t), ho, ht)
            ):
                return True
        return False

    def clear(self, a: int, ha: int, b: int, hb: int, buildings: bool = True) -> bool:
        """Whether positions ``a`` (height ``ha``) and ``b`` (height ``hb``) are clear of
        each other over the terrain: at distance 0 or 1 always (GB-8.6); else neither
        hides from the other along the line (GB-8.5). Buildings count as cover unless
        ``buildings`` is False (the bare ground of GB-9.2). Cached: ground positions
        (each at its hex's elevation) in a flat table, others by their heights."""
        e = self.elevation
        if self.flat and ha == e[a] and hb == e[b]:
            table = self.ground_sight if buildings else self.bare_sight
            i = a * self.count + b
            found = table[i]
            if not found:
                found = table[i] = table[b * self.count + a] = (
                    1 if self._compute(a, ha, b, hb, buildings) else 2
                )
            return found == 1
        key = (a, b, ha, hb, buildings)
        hit = self._clear.get(key)
        if hit is None:
            hit = self._clear[key] = self._clear[(b, a, hb, ha, buildings)] = self._compute(
                a, ha, b, hb, buildings
            )
        return hit

    def _compute(self, a: int, ha: int, b: int, hb: int, buildings: bool) -> bool:
        return self.distance(a, b) <= 1 or not (
            self.hidden(a, ha, b, hb, buildings) or self.hidden(b, hb, a, ha, buildings)
        )

    def precompute(self) -> None:
        """Fill the sight and bare-ground tables for every pair of ground positions
        (each hex at its own elevation) on the map, so each later check is one lookup."""
        e = self.elevation
        for a in range(self.count):
            for b in range(a + 1, self.count):
                self.clear(a, e[a], b, e[b], True)
                self.clear(a, e[a], b, e[b], False)


#: Tables by map content (width, height, rows).
_TABLES: dict[tuple[str, ...], MapTables] = {}


def tables(hex_map: HexMap) -> MapTables:
    """The tables of ``hex_map``, built once per map content and shared."""
    key = tuple(hex_map.rows)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        found = _TABLES[key] = MapTables(hex_map)
    return found
