"""Scenarios: random set-ups for selfplay, and positions built directly (the worked
examples' boards) for tests and set pieces (GB-4.6)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.rulesets.ballistic.actions import DIRECTIONS_EN
from engine.rulesets.ballistic.catalog import DEFAULT_MASS_LIMIT
from engine.rulesets.ballistic.maps import BUILDING, HexMap, bundled_maps, load_bundled, open_map
from engine.rulesets.ballistic.roster import Roster, entry_from_loadout, random_roster
from engine.rulesets.ballistic.state import Placement, Setup, State, make_unit

__all__ = ["map_with", "position", "random_placements", "random_setup"]


def map_with(
    width: int = 16, height: int = 12, cells: Mapping[str, str] | None = None, key: str = "custom"
) -> HexMap:
    """An open ``width`` x ``height`` map at elevation 0 with some hexes written otherwise:
    ``cells`` maps ``CCRR`` to a cell in the map format (``"3."`` a level-3 hill,
    ``"0#2"`` a two-level building, ``"0%"`` rubble...)."""
    base = open_map(width, height, key=key, title="Custom")
    grid = [row.split() for row in base.rows]
    for name, cell in (cells or {}).items():
        c, n = int(name[:2]), int(name[2:])
        grid[n - 1][c - 1] = cell
    return HexMap(key=key, title="Custom", rows=[" ".join(r) for r in grid])


def random_placements(
    rng: random.Random, hex_map: HexMap, rosters: Sequence[Roster]
) -> list[list[Placement]]:
    """A hex and facing for every unit in its side's deployment zone (GB-4.6), one unit
    of a layer per hex, facing the other side's zone."""
    from engine.rulesets.ballistic.catalog import AUXILIARIES

    t = hex_map.tables
    out = []
    for side, roster in enumerate(rosters):
        zone = [i for i in range(t.count) if t.zone[i] == side + 1]
        other = [i for i in range(t.count) if t.zone[i] == 2 - side]
        cq = sum(t.q[i] for i in other) / max(1, len(other)) - sum(t.q[i] for i in zone) / max(1, len(zone))
        cr = sum(t.r[i] for i in other) / max(1, len(other)) - sum(t.r[i] for i in zone) / max(1, len(zone))
        if abs(cq) > abs(cr):
            facing = 2 if cq > 0 else 4
        else:
            facing = 3 if cr > 0 else 0
        taken: set[tuple[int, bool]] = set()
        placements = []
        for entry in roster.units:
            aux = AUXILIARIES.get(entry.chassis)
            altitude = aux.altitude if aux is not None else 0
            free = [
                i
                for i in zone
                if (i, altitude > 0) not in taken
                and (t.height[i] < altitude if altitude else t.kind[i] != BUILDING)
            ]
            i = rng.choice(free)
            taken.add((i, altitude > 0))
            placements.append(Placement(t.name[i], DIRECTIONS_EN[facing]))
        out.append(placements)
    return out


def random_setup(rng: random.Random) -> Setup:
    """A random valid set-up for selfplay: a shipped map, two random rosters within the
    default mass limit, a turn limit of 4 to 10, and either placed units or a
    deployment phase."""
    hex_map = load_bundled(rng.choice(bundled_maps()))
    rosters = [random_roster(rng, "Blue"), random_roster(rng, "Red")]
    placements = random_placements(rng, hex_map, rosters) if rng.random() < 0.7 else None
    return Setup(
        map=hex_map,
        rosters=rosters,
        placements=placements,
        turn_limit=rng.randint(4, 10),
        mass_limit=DEFAULT_MASS_LIMIT,
    )


def position(
    units: Sequence[tuple[int, str, str, str, str]],
    *,
    hex_map: HexMap | None = None,
    cells: Mapping[str, str] | None = None,
    width: int = 16,
    height: int = 12,
    turn: int = 1,
    order: Sequence[str] = (),
    active: str | None = None,
    turn_limit: int | None = None,
) -> State:
    """A battle in its activation phase built directly, without dice (the worked
    examples' boards, GB-4 conventions).

    ``units``: (side, sample loadout of GB-18.6, name, hex ``CCRR``, facing ``N``...)
    in roster order; names must differ. ``hex_map`` or an open ``width`` x ``height``
    map with ``cells`` changed (see :func:`map_with`). ``order``: the initiative order
    by name (default: roster order); ``active``: the unit whose activation it is
    (default: the first in the order); the units before it have had their activation.
    """
    m = hex_map if hex_map is not None else map_with(width, height, cells)
    t = m.tables
    built = []
    for number, (side, loadout, name, hex_name, facing) in enumerate(units):
        u = make_unit(entry_from_loadout(name, loadout), side, number)
        u.hex = t.index[hex_name]
        u.facing = DIRECTIONS_EN.index(facing)
        built.append(u)
    by_name = {u.name: u for u in built}
    order_names = list(order) or [u.name for u in built]
    state = State(map=m, units=built, turn_limit=turn_limit, phase="activation", turn=turn)
    state.order = [by_name[n].number for n in order_names]
    first = order_names.index(active) if active is not None else 0
    state.active = first
    for n in order_names[:first]:
        by_name[n].activated = True
    return state
