"""What each hex of Going Ballistic's board shows, from a seat's view: terrain, units
and the marks of the moment (reachable hexes, an aim, a line of sight...).

:func:`looks` is plain Python (no Textual): the board draws the :class:`HexLook` of
each hex, and a test can read what a seat's board would show. Nothing here decides
a rule: the terrain, the units and what they may do all come from the seat (the
view, the options, previews, queries); this module only chooses characters and
style names for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from engine.rulesets.ballistic.maps import BUILDING, RUBBLE
from tui.rulesets.ballistic.glyphs import BoardGlyphs, facing_text

__all__ = ["CELL", "HexLook", "Mark", "looks", "terrain_look"]

#: The width of a hex on the board, in terminal cells.
CELL = 3


class Mark(NamedTuple):
    """Something marked on a hex: ``text`` (at most 3 cells) shown on its upper line
    when no unit stands there, and a style name (``reach``, ``path``, ``aim``...: the
    board's component classes ``gb-board--<style>``) that tints the upper line."""

    text: str
    style: str


class HexLook(NamedTuple):
    """A hex as drawn: its upper and lower lines (exactly :data:`CELL` cells each) and
    the style names of each."""

    top: str
    top_styles: tuple[str, ...]
    bottom: str
    bottom_styles: tuple[str, ...]


def terrain_look(
    tables: Any, i: int, g: BoardGlyphs, wrecks: frozenset[int], smoke: frozenset[int]
) -> HexLook:
    """Hex ``i`` with no unit and no mark: the ground on its lower line (elevation
    digit, rubble, wreck, building and height, smoke) and smoke or nothing above."""
    e = tables.elevation[i]
    kind = tables.kind[i]
    styles: list[str] = [f"e{min(e, 5)}"] if e else []
    digit = str(e) if e else " "
    if kind == BUILDING:
        ground = g.building + str(tables.building[i])
        styles.append("building")
    elif i in wrecks:
        ground = g.wreck + g.rubble
        styles.append("rubble")
    elif kind == RUBBLE:
        ground = g.rubble * 2
        styles.append("rubble")
    else:
        ground = "  "
    top = " " * CELL
    top_styles = tuple(s for s in styles if s != "rubble")
    if i in smoke:
        ground = ground[0] + g.smoke
        top = g.smoke * CELL
        styles.append("smoke")
        top_styles = (*top_styles, "smoke")
    return HexLook(top, top_styles, digit + ground, tuple(styles))


def _status(g: BoardGlyphs, unit: Any) -> str:
    """The glyph of a unit's most telling status, or ""."""
    if unit.stuck:
        return g.stuck
    if unit.own and unit.overwatch is not None:
        return g.watching
    if unit.holding:
        return g.holding
    if unit.moved:
        return g.moved
    return ""


def looks(
    tables: Any,
    g: BoardGlyphs,
    units: Iterable[Any],
    labels: Mapping[tuple[int, str], str],
    marks: Mapping[int, Mark] | None = None,
    *,
    wrecks: Iterable[str] = (),
    smoke: Iterable[str] = (),
    acting: str = "",
    on_top: str = "",
) -> dict[int, HexLook]:
    """Every hex of the map as drawn (by flat index, ``(row - 1) * W + column - 1``).

    ``tables``: the map's tables (names, elevations, kinds, building heights);
    ``units``: the units the seat sees (:class:`engine.rulesets.ballistic.view.UnitView`:
    those with a hex are drawn); ``labels``: by (side, name); ``marks``: by hex;
    ``wrecks`` and ``smoke``: hex names; ``acting``: the name of the unit whose
    activation it is (drawn so); ``on_top``: the unit drawn when several share a hex
    (else the ground unit)."""
    marks = marks or {}
    wreck_set = frozenset(tables.index[h] for h in wrecks if h in tables.index)
    smoke_set = frozenset(tables.index[h] for h in smoke if h in tables.index)
    by_hex: dict[int, list[Any]] = {}
    for u in units:
        i = tables.index.get(u.hex) if u.hex else None
        if i is not None:
            by_hex.setdefault(i, []).append(u)
    out: dict[int, HexLook] = {}
    for i in range(tables.count):
        look = terrain_look(tables, i, g, wreck_set, smoke_set)
        mark = marks.get(i)
        here = by_hex.get(i)
        if here:
            here.sort(key=lambda u: (u.name != on_top, u.altitude > 0, u.side, u.name))
            u = here[0]
            label = labels.get((u.side, u.name), "??")
            if len(here) > 1:
                label = label[0] + g.more
            styles = [f"side{u.side}"]
            if u.name == acting and u.own:
                styles.append("acting")
            elif u.own and u.activated:
                styles.append("done")
            if mark is not None:
                styles.append(mark.style)
            status = _status(g, u)
            bottom = look.bottom[:2] + status if status else look.bottom
            look = HexLook(facing_text(g, label, u.facing), tuple(styles), bottom, look.bottom_styles)
        elif mark is not None:
            text = mark.text if mark.text else look.top
            look = HexLook(
                text.center(CELL)[:CELL], (*look.top_styles, mark.style), look.bottom, look.bottom_styles
            )
        out[i] = look
    return out
