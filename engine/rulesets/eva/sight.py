"""Line of sight, cover and what a beam pierces (EVA-4, EVA-15.17), from the map's
sight lines (:class:`engine.rulesets.eva.board.LineInfo`)."""

from __future__ import annotations

# -- imports --
from engine.rulesets.eva.board import geo, layer_of
from engine.rulesets.eva.scenario import GREEN, RED, YELLOW
from engine.rulesets.eva.state import EvaState, Unit

__all__ = ["ground_eva_on_line", "hidden_from", "in_cover", "positron_pierce", "sees"]


def hidden_from(state: EvaState, o: Unit, v: Unit) -> bool:
    """Is Eva ``o`` (observed) hidden from Eva ``v`` (viewer)? (EVA-4.7)"""
    info, eo, _ev = geo(state).line(o.square, v.square)
    if info.blue:  # (a)
        return True
    if o.airborne:  # (d)
        return False
    if not v.airborne:  # (b)
        if info.maxcol >= GREEN:
            return True
        return o.kneeling and info.maxcol >= YELLOW
    # (c) viewer airborne, observed on the ground: flush line squares
    if info.flush[eo] >= GREEN:
        return True
    return o.kneeling and info.flush[eo] >= YELLOW


def sees(state: EvaState, a: Unit, b: Unit) -> bool:
    """Mutual visibility (EVA-4.8): a sees b when neither is hidden from the other."""
    if a.square == b.square:
        return True
    return not hidden_from(state, b, a) and not hidden_from(state, a, b)


def ground_eva_on_line(state: EvaState, a: int, b: int, ground: dict[int, int] | None = None) -> bool:
    """Is a ground Eva on a line square between a and b? (EVA-4.6; a corner pair
    holds one only if both flanks do, EVA-4.3)."""
    if ground is None:
        ground = layer_of(state, False)
    info, _ea, _eb = geo(state).line(a, b)
    for s in info.crossed:
        if s in ground:
            return True
    return any(p in ground and q in ground for p, q in info.pairs)


def in_cover(state: EvaState, shooter: Unit, target: Unit) -> bool:
    """Is a seen target in cover from the shooter? (EVA-4.11, EVA-4.12)"""
    if shooter.airborne or target.airborne:
        return False
    info, _es, et = geo(state).line(shooter.square, target.square)
    if ground_eva_on_line(state, shooter.square, target.square):
        return True
    if target.kneeling:
        return info.flush[et] >= RED
    return info.maxcol >= YELLOW


def positron_pierce(state: EvaState, a: Unit, t: Unit) -> int:
    """Obstacles the Positron Cannon's beam pierces (EVA-15.17)."""
    info, ea, et = geo(state).line(a.square, t.square)
    if not a.airborne and not t.airborne:
        return info.pierce
    if a.airborne and t.airborne:
        return 0
    g, eg = (t, et) if not t.airborne else (a, ea)
    return info.ygflush[eg] if g.kneeling else info.gflush[eg]
