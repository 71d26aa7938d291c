"""Questions an interface asks without acting: what the other side may read of an
action's notation, previews of shots, arc landings and moves, line of sight from a
unit to any hex with what hides it, the hexes a unit sees, and the hexes a side
observes (GB-5.7, GB-8, GB-9, GB-12.7). The sight questions reach an interface
through :func:`preview` (the questions of :mod:`engine.rulesets.ballistic.view`), the
only door a seat opens to the rules besides acting."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.actions import Arc, Concede, End, Fire, Hold, Move, Pivot, React, Smoke
from engine.rulesets.ballistic.catalog import SENSORS_RANGE, WEAPONS
from engine.rulesets.ballistic.rules import dispatch
from engine.rulesets.ballistic.rules.arc import flight_turns, scatter_hexes
from engine.rulesets.ballistic.rules.common import own_unit
from engine.rulesets.ballistic.rules.fire import ShotOdds, shot_odds
from engine.rulesets.ballistic.rules.sight import observes, sight, smoke_between, spotted
from engine.rulesets.ballistic.state import State
from engine.rulesets.ballistic.terrain import shadow_hides
from engine.rulesets.ballistic.view import LookAround, LookAt, Observed

__all__ = [
    "ArcPreview",
    "MovePreview",
    "SightInfo",
    "line_of_sight",
    "observed_hexes",
    "preview",
    "public_text",
    "seen_hexes",
]


class ArcPreview(msgspec.Struct, frozen=True, kw_only=True):
    """An arc shot before it is fired (GB-12.2, GB-12.4, GB-12.7): ``aim``, ``distance``,
    the turn it would land (``arrival``), ``cep``, and where it may land: each hex of
    the scatter area in spiral order with its exact chance (``""``: off the map, lost).
    A guided shot lands on its target when the target is designated at that moment
    (GB-13.4); this is its fallback."""

    aim: str
    distance: int
    arrival: int
    cep: int
    landings: tuple[tuple[str, Fraction], ...]


class MovePreview(msgspec.Struct, frozen=True, kw_only=True):
    """A Move action before it is made (GB-7.1): each step (hex, MP, opens a Move
    action), the MP it spends in all and the pool left."""

    steps: tuple[tuple[str, int, bool], ...]
    mp: int
    pool: int


class SightInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What ``unit`` sees of a ground unit standing at ``hex`` (GB-8): ``distance``;
    ``sees``; the line's ``core`` hexes and edge ``pairs`` (GB-2.6); ``hidden_by``: the
    intervening hexes whose shadow hides one from the other (either way, GB-8.3,
    GB-8.4); ``smoke`` on the line (GB-8.8); ``sensors``: beyond the 6 hexes of failed
    Sensors (GB-8.9); ``fire_open``: the bare ground lets a shot through (GB-9.2, mechs
    aside)."""

    unit: str
    hex: str
    distance: int
    sees: bool
    core: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    hidden_by: tuple[str, ...]
    smoke: bool
    sensors: bool
    fire_open: bool


_SHOWN = (Move, Pivot, Hold, Fire, Smoke, End)


def public_text(state: State, side: int, action: Any) -> str:
    """The notation of ``side``'s action as the other side may read it (GB-5.7): a
    concession in full; a unit's move, pivot, hold, fire, smoke or end named with its
    verb only when the other side spots the unit now (the details reach it through the
    events it may see); anything else, or any act of an unseen unit, as ``?``."""
    if isinstance(action, Concede):
        return "concede"
    if isinstance(action, React):
        return "?"
    name = getattr(action, "unit", "")
    u = next((v for v in state.units if v.side == side and v.name == name), None)
    if u is None or u.hex < 0 or not spotted(state, 1 - side, u) or not isinstance(action, _SHOWN):
        return "?"
    verb = {Move: "move", Pivot: "pivot", Hold: "hold", Fire: "fire", Smoke: "smoke", End: "end"}[
        type(action)
    ]
    return f"{u.name} {verb}"


def preview(state: State, side: int, action: Any) -> Any:
    """What ``action`` would do, as ``side`` may know it; None when it is illegal now or
    has no preview. A direct shot: its :class:`ShotOdds` (the first shot); an arc shot:
    :class:`ArcPreview`; a move: :class:`MovePreview`. The sight questions of
    :mod:`engine.rulesets.ballistic.view` are answered too, whoever is to act:
    :class:`LookAt` by :func:`line_of_sight`, :class:`LookAround` by :func:`seen_hexes`,
    :class:`Observed` by :func:`observed_hexes`."""
    if isinstance(action, LookAt):
        return line_of_sight(state, side, action.unit, action.hex)
    if isinstance(action, LookAround):
        return seen_hexes(state, side, action.unit)
    if isinstance(action, Observed):
        return observed_hexes(state, side)
    try:
        plan = dispatch.check(state, side, action)
    except IllegalAction:
        return None
    t = state.map.tables
    if isinstance(action, Fire):
        odds: ShotOdds = shot_odds(state, plan[1], action.weapon, plan[2])
        return odds
    if isinstance(action, Arc):
        u, aim = plan[1], plan[2]
        w = WEAPONS[u.systems[action.weapon].key]
        area = scatter_hexes(state, aim, w.cep)
        share = Fraction(1, len(area))
        d = t.distance(u.hex, aim)
        return ArcPreview(
            aim=t.name[aim],
            distance=d,
            arrival=state.turn + flight_turns(d, w.speed),
            cep=w.cep,
            landings=tuple((t.name[h] if h >= 0 else "", share) for h in area),
        )
    if isinstance(action, Move):
        u = plan[1]
        steps = tuple((t.name[p.hex], p.cost, p.opens) for p in plan[2])
        opened = sum(1 for p in plan[2] if p.opens)
        mp = sum(p.cost for p in plan[2])
        return MovePreview(steps=steps, mp=mp, pool=u.pool + opened * u.current_speed - mp)
    return None


def line_of_sight(state: State, side: int, unit: str, hex_name: str) -> SightInfo | None:
    """What ``side``'s unit ``unit`` sees of a ground unit standing at ``hex_name``, and
    why (see :class:`SightInfo`); None for a unit not on the map or an unknown hex.
    Only a side's own units can be asked about (terrain is open to all)."""
    try:
        u = own_unit(state, side, unit)
    except IllegalAction:
        return None
    t = state.map.tables
    target = t.index.get(hex_name)
    if target is None or u.hex < 0:
        return None
    at = u.hex
    ho = u.altitude if u.altitude else t.elevation[at]
    ht = t.elevation[target]
    d = t.distance(at, target)
    core, pairs = t.line_hexes(at, target) if d else ((), ())
    hiders = []
    if d > 1:
        for x in (*core, *(h for p in pairs for h in p)):
            if shadow_hides(t.height[x], t.distance(x, target), ho, ht) or shadow_hides(
                t.height[x], t.distance(x, at), ht, ho
            ):
                hiders.append(t.name[x])
    return SightInfo(
        unit=u.name,
        hex=t.name[target],
        distance=d,
        sees=sight(state, u, at, target, ht),
        core=tuple(t.name[x] for x in ((at, *core, target) if d else (at,))),
        pairs=tuple((t.name[x], t.name[y]) for x, y in pairs),
        hidden_by=tuple(hiders),
        smoke=d > 1 and smoke_between(state, at, target),
        sensors=not u.sensors_ok and d > SENSORS_RANGE,
        fire_open=t.clear(at, ho, target, ht, buildings=False),
    )


def observed_hexes(state: State, side: int) -> tuple[str, ...]:
    """The hexes ``side`` observes now (GB-8.12), in map order."""
    t = state.map.tables
    return tuple(t.name[i] for i in range(t.count) if observes(state, side, i))


def seen_hexes(state: State, side: int, unit: str) -> tuple[str, ...] | None:
    """The hexes where ``side``'s unit ``unit`` would see a ground unit standing (at the
    hex's elevation), from its own hex now (GB-8.5 to GB-8.9), in map order; None for
    a unit of another side or one off the map."""
    try:
        u = own_unit(state, side, unit)
    except IllegalAction:
        return None
    if u.hex < 0 or not u.alive:
        return None
    t = state.map.tables
    e = t.elevation
    return tuple(t.name[i] for i in range(t.count) if sight(state, u, u.hex, i, e[i]))
