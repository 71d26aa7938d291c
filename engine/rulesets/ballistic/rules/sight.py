"""Sight between units, spotting, observed hexes and the line of fire (GB-8, GB-9.2).

The terrain part (the shadow rule over hex heights or bare elevations, both ways)
is precomputed per map (:class:`engine.rulesets.ballistic.terrain.MapTables`);
here come what changes during a battle: position heights of units, smoke, failed
Sensors, and mechs standing in the line of fire. Every question is asked of the
state as it is now (GB-8.11); a hypothetical position may be given instead of a
unit's own hex (a step being tried, a hex being observed).
"""

from __future__ import annotations

from engine.rulesets.ballistic.catalog import SENSORS_RANGE
from engine.rulesets.ballistic.state import State, Unit

__all__ = [
    "blocking_mech",
    "fire_open",
    "height_at",
    "observes",
    "seen_by",
    "sees",
    "sight",
    "smoke_between",
    "spotted",
    "spotters",
]


def height_at(state: State, u: Unit, i: int) -> int:
    """``u``'s position height if it stood at hex ``i``: the hex's elevation for a ground
    unit, its altitude for an air unit (GB-3.8)."""
    return u.altitude if u.altitude else state.map.tables.elevation[i]


def smoke_between(state: State, a: int, b: int) -> bool:
    """Whether smoke lies in a core hex of the line from ``a`` to ``b`` (both ends
    included) or in both hexes of an edge pair (GB-8.8)."""
    if not state.smoke:
        return False
    smoke = {h for h, _until in state.smoke}
    if a in smoke or b in smoke:
        return True
    core, pairs = state.map.tables.line_hexes(a, b)
    return any(x in smoke for x in core) or any(x in smoke and y in smoke for x, y in pairs)


def sight(state: State, observer: Unit, at: int, target: int, target_height: int) -> bool:
    """Whether ``observer``, standing at hex ``at``, sees a unit at hex ``target`` of
    position height ``target_height`` (GB-8.2 to GB-8.9): within 6 hexes only if its
    Sensors failed (GB-8.9); at distance 0 or 1 always (GB-8.6); else when neither
    hides from the other over the terrain (GB-8.5) and no smoke lies between (GB-8.8)."""
    t = state.map.tables
    if t.flat:
        i = at * t.count + target
        d = t.dist[i]
        if d > SENSORS_RANGE and not observer.sensors_ok:
            return False
        if d <= 1:
            return True
        e = t.elevation
        if not observer.altitude and target_height == e[target]:
            known = t.ground_sight[i]  # the flat table MapTables.clear fills
            clear = known == 1 if known else t.clear(at, e[at], target, target_height)
        else:
            clear = t.clear(at, observer.altitude or e[at], target, target_height)
    else:
        d = t.distance(at, target)
        if d > SENSORS_RANGE and not observer.sensors_ok:
            return False
        if d <= 1:
            return True
        clear = t.clear(at, observer.altitude or t.elevation[at], target, target_height)
    if not clear:
        return False
    return not (state.smoke and smoke_between(state, at, target))


def sees(state: State, a: Unit, b: Unit, a_hex: int = -1, b_hex: int = -1) -> bool:
    """Whether unit ``a`` sees unit ``b`` (GB-8.5), each at its own hex unless another is
    given (``a_hex``, ``b_hex``)."""
    at = a.hex if a_hex < 0 else a_hex
    bt = b.hex if b_hex < 0 else b_hex
    return sight(state, a, at, bt, b.altitude if b.altitude else state.map.tables.elevation[bt])


def spotted(state: State, side: int, u: Unit, at: int = -1) -> bool:
    """Whether ``side`` spots the enemy unit ``u`` (at hex ``at`` if given): at least one
    of its units on the map sees it (GB-8.10). A side's own units count as known."""
    if u.side == side:
        return True
    if at < 0:
        at = u.hex
    h = u.altitude or state.map.tables.elevation[at]
    for w in state.units:
        if w.side == side and w.hex >= 0 and w.alive and sight(state, w, w.hex, at, h):
            return True
    return False


def spotters(state: State, u: Unit, *hexes: int) -> set[int]:
    """The sides that may see what ``u`` does: its own, and the other when it spots ``u``
    at any of ``hexes`` (default: ``u``'s hex) (GB-5.7)."""
    sides = {u.side}
    other = 1 - u.side
    for i in hexes or (u.hex,):
        if i >= 0 and spotted(state, other, u, i):
            sides.add(other)
            break
    return sides


def seen_by(state: State, u: Unit) -> list[Unit]:
    """The enemy units on the map that see ``u``."""
    return [w for w in state.units if w.side != u.side and w.hex >= 0 and w.alive and sees(state, w, u)]


def observes(state: State, side: int, i: int) -> bool:
    """Whether ``side`` observes hex ``i``: a ground unit standing there would be seen by
    one of its units (GB-8.12)."""
    e = state.map.tables.elevation[i]
    return any(
        w.side == side and w.hex >= 0 and w.alive and sight(state, w, w.hex, i, e) for w in state.units
    )


def blocking_mech(state: State, shooter: Unit, at: int, target: int, known: int | None = None) -> int:
    """The hex of a mech blocking the line of fire from ``shooter`` at ``at`` to hex
    ``target`` (GB-9.2 item 1): a mech of either side in an intervening core hex at the
    shooter's position height, or mechs in both hexes of an edge pair; -1 when none.
    ``known``: count only the mechs that side knows of (its own and those it spots),
    so that a refusal never tells of a mech the side cannot see."""
    t = state.map.tables
    hs = shooter.altitude if shooter.altitude else t.elevation[at]
    mechs: dict[int, Unit] = {}
    for m in state.units:
        if not (m.hex >= 0 and m.alive and m.cls == "mech" and t.elevation[m.hex] == hs and m is not shooter):
            continue
        if known is None or m.side == known or spotted(state, known, m):
            mechs[m.hex] = m
    if not mechs:
        return -1
    core, pairs = t.line_hexes(at, target)
    for x in core:
        if x in mechs:
            return x
    for x, y in pairs:
        if x in mechs and y in mechs:
            return x
    return -1


def fire_open(state: State, shooter: Unit, at: int, target: Unit, known: int | None = None) -> bool:
    """Whether the line of fire from ``shooter`` at ``at`` to ``target`` is open (GB-9.2):
    no mech in the way at the shooter's height (of those ``known`` to that side, if
    given), and the bare ground hides neither from the other (GB-8.3 to GB-8.5 with
    elevations, no buildings, no smoke)."""
    t = state.map.tables
    hs = shooter.altitude if shooter.altitude else t.elevation[at]
    ht = target.altitude if target.altitude else t.elevation[target.hex]
    if not t.clear(at, hs, target.hex, ht, buildings=False):
        return False
    return blocking_mech(state, shooter, at, target.hex, known) < 0
