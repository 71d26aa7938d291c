"""What a side may do now, for an interface and a bot: the acting unit's reachable
hexes with their MP cost, its weapons with their charts, targets and itemised odds,
arc aims, overwatch sectors, equipment; an overwatch decision; deployment.

Everything here is what the side may know: targets are the enemy units it spots,
and an enemy blocks a path only when it is spotted (GB-5.7, GB-8.10).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.actions import (
    Arc,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    React,
    Smoke,
)
from engine.rulesets.ballistic.catalog import WEAPONS, actions_left, chart, effective_c
from engine.rulesets.ballistic.events import SECTOR_NAMES
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.rules import arc, fire, movement, overwatch
from engine.rulesets.ballistic.rules.arc import flight_turns
from engine.rulesets.ballistic.rules.fire import ShotOdds, attack_slot
from engine.rulesets.ballistic.rules.notation import weapon_word
from engine.rulesets.ballistic.rules.sight import spotted
from engine.rulesets.ballistic.state import KIND_EQUIPMENT, KIND_WEAPON, State, Unit

__all__ = [
    "ActivationOptions",
    "ArcAim",
    "DeployOptions",
    "ItemOption",
    "ReachOption",
    "ReactOptions",
    "TargetOption",
    "Waiting",
    "WeaponOption",
    "legal_actions",
    "options",
]


class ReachOption(msgspec.Struct, frozen=True, kw_only=True):
    """A hex the unit may move to and stop in: ``mp`` it costs, Move actions it
    ``opens``, and a ``path`` of that cost (``CCRR``, without the start) (GB-7);
    ``last``: the move opens the unit's last action, so none is left after it (GB-6.1)."""

    hex: str
    mp: int
    opens: int
    path: tuple[str, ...]
    last: bool = False


class TargetOption(msgspec.Struct, frozen=True, kw_only=True):
    """An enemy unit the weapon may fire at now: its ``name`` and ``hex``, the itemised
    ``odds`` of the next shot (GB-9.4 to GB-9.11), the ``shots`` it may fire."""

    name: str
    hex: str
    odds: ShotOdds
    shots: int


class ArcAim(msgspec.Struct, frozen=True, array_like=True):
    """A hex an arc shot may be aimed at: ``CCRR``, its distance (hexes) and the turn it
    would land (GB-12.2, GB-12.4)."""

    hex: str
    distance: int
    arrival: int


class WeaponOption(msgspec.Struct, frozen=True, kw_only=True):
    """One of the unit's weapons now.

    ``index`` (system index, what actions carry) and ``word`` (its notation); ``key``;
    ``failed``; ``used`` this turn; ``mode`` and ``shots`` left of its open Attack
    action ("" and 0 when none); ``rof``; ``c_eff`` and ``chart``: the base grade at
    distances 1, 2... on the unit's current platform (GB-9.5, GB-18.7); ``targets`` of
    direct fire; ``aims`` of arc fire and the ``guided`` targets (GB-12.2, GB-13.3);
    the ``sectors`` it may overwatch (GB-11.2); ``cep`` and arc ``band``."""

    index: int
    word: str
    key: str
    failed: bool
    used: bool
    mode: str
    shots: int
    rof: int
    c_eff: int
    chart: tuple[int, ...]
    targets: tuple[TargetOption, ...] = ()
    aims: tuple[ArcAim, ...] = ()
    guided: tuple[str, ...] = ()
    sectors: tuple[str, ...] = ()
    cep: int = 0
    band: tuple[int, int] | None = None


class ItemOption(msgspec.Struct, frozen=True, kw_only=True):
    """One equipment item: ``index``, ``key``, ``failed``, ``charges`` left (smoke),
    ``usable`` now, and what it may be used on: enemy units to designate or hexes to
    smoke (GB-13.1, GB-18.4)."""

    index: int
    key: str
    failed: bool
    charges: int
    usable: bool
    targets: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()


class ActivationOptions(msgspec.Struct, frozen=True, kw_only=True, tag="activation"):
    """The acting unit's choices (GB-6): its ``unit`` name, ``hex``, ``facing``, MP
    ``pool``, ``actions`` opened (kinds), ``holding``, ``passing`` (must step on,
    GB-7.4); whether it ``can_hold`` and ``can_end``; the MP cost of the next pivot
    (-1: none allowed) and whether it opens a Move action; ``reach``; ``weapons``;
    ``items``."""

    unit: str
    hex: str
    facing: int
    pool: int
    actions: tuple[str, ...]
    holding: bool
    passing: bool
    can_hold: bool
    can_end: bool
    pivot_cost: int
    pivot_opens: bool
    reach: tuple[ReachOption, ...]
    weapons: tuple[WeaponOption, ...]
    items: tuple[ItemOption, ...]


class ReactOptions(msgspec.Struct, frozen=True, kw_only=True, tag="react"):
    """An overwatch decision (GB-11.4): ``unit`` may fire 0 to ``shots`` of its reserved
    shots at ``target`` at ``hex``; ``odds``: the next shot's."""

    unit: str
    target: str
    hex: str
    shots: int
    odds: ShotOdds


class DeployOptions(msgspec.Struct, frozen=True, kw_only=True, tag="deploy"):
    """Deployment (GB-4.6): the side's ``units`` still to place and the free hexes of its
    zone (``hexes``, for ground units; ``air_hexes`` for air units)."""

    units: tuple[str, ...]
    hexes: tuple[str, ...]
    air_hexes: tuple[str, ...]


class Waiting(msgspec.Struct, frozen=True, tag="waiting"):
    """Nothing to decide now."""


def _known_enemies(state: State, side: int) -> list[Unit]:
    return [u for u in state.units if u.side != side and u.alive and u.hex >= 0 and spotted(state, side, u)]


def _weapon_option(state: State, u: Unit, index: int, enemies: list[Unit]) -> WeaponOption:
    s = u.systems[index]
    w = WEAPONS[s.key]
    slot = attack_slot(u, index)
    targets = []
    aims: list[ArcAim] = []
    guided = []
    sectors: list[str] = []
    if not s.failed:
        if w.direct:
            for e in enemies:
                try:
                    fire.check_shot(state, u, index, e)
                except IllegalAction:
                    continue
                odds = fire.shot_odds(state, u, index, e)
                shots = slot.shots if slot is not None else w.rof
                targets.append(
                    TargetOption(name=e.name, hex=state.map.tables.name[e.hex], odds=odds, shots=shots)
                )
            try:
                overwatch.check_declare(state, u, index, u.facing, 0)
                sectors = [SECTOR_NAMES[(u.facing - 1) % 6], SECTOR_NAMES[u.facing]]
            except IllegalAction:
                pass
        if w.arc is not None:
            aims = _arc_aims(state, u, index)
            if w.guided and aims:
                for e in enemies:
                    try:
                        arc.check_arc(state, u, index, e.hex, e)
                    except IllegalAction:
                        continue
                    guided.append(e.name)
    return WeaponOption(
        index=index,
        word=weapon_word(u, index),
        key=s.key,
        failed=s.failed,
        used=index in u.used,
        mode=slot.mode if slot is not None else "",
        shots=slot.shots if slot is not None else 0,
        rof=w.rof,
        c_eff=effective_c(w, u.current_platform),
        chart=chart(w, u.current_platform),
        targets=tuple(targets),
        aims=tuple(aims),
        guided=tuple(guided),
        sectors=tuple(sectors),
        cep=w.cep,
        band=w.arc,
    )


def _arc_aims(state: State, u: Unit, index: int) -> list[ArcAim]:
    """Every hex an arc shot of weapon ``index`` may be aimed at now (GB-12.2): the
    weapon's own conditions checked once, then each hex's (:func:`arc.check_arc` in
    two parts)."""
    try:
        w = arc.check_arc_weapon(state, u, index, None)
    except IllegalAction:
        return []
    t = state.map.tables
    out = []
    for i in range(t.count):
        if not arc.arc_aim_problem(state, u, w, i):
            d = t.distance(u.hex, i)
            out.append(ArcAim(t.name[i], d, state.turn + flight_turns(d, w.speed)))
    return out


def _item_option(state: State, u: Unit, index: int, enemies: list[Unit]) -> ItemOption:
    s = u.systems[index]
    try:  # the item this unit would use now is this one (GB-6.1, GB-6.2, GB-7.4)
        usable = arc.check_item(u, s.key) == index
    except IllegalAction:
        usable = False
    targets: list[str] = []
    hexes: list[str] = []
    if usable:
        t = state.map.tables
        if s.key == "designator":
            for e in enemies:
                try:
                    arc.check_designate(state, u, e)
                except IllegalAction:
                    continue
                targets.append(e.name)
        elif s.key == "smoke":
            for i in range(t.count):
                if arc.smoke_reaches(state, u, i):
                    try:
                        arc.check_smoke(state, u, i)
                    except IllegalAction:
                        continue
                    hexes.append(t.name[i])
    return ItemOption(
        index=index,
        key=s.key,
        failed=s.failed,
        charges=s.charges,
        usable=usable and (bool(targets) or bool(hexes)),
        targets=tuple(targets),
        hexes=tuple(hexes),
    )


def _activation(state: State, u: Unit) -> ActivationOptions:
    t = state.map.tables
    enemies = _known_enemies(state, u.side)
    passing = u.passing or u.stuck
    try:
        cost, opens = movement.check_pivot(state, u, True)
    except IllegalAction:
        cost, opens = -1, False
    try:
        movement.check_hold(state, u)
        can_hold = True
    except IllegalAction:
        can_hold = False
    reach = movement.reach(state, u)
    weapons = tuple(
        _weapon_option(state, u, i, enemies) for i, s in enumerate(u.systems) if s.kind == KIND_WEAPON
    )
    items = tuple(
        _item_option(state, u, i, enemies) for i, s in enumerate(u.systems) if s.kind == KIND_EQUIPMENT
    )
    return ActivationOptions(
        unit=u.name,
        hex=t.name[u.hex],
        facing=u.facing,
        pool=u.pool,
        actions=tuple(s.kind for s in u.slots),
        holding=u.holding,
        passing=passing,
        can_hold=can_hold,
        can_end=not passing,
        pivot_cost=cost,
        pivot_opens=opens,
        reach=tuple(
            ReachOption(
                hex=t.name[r.hex],
                mp=r.mp,
                opens=r.opens,
                path=tuple(t.name[h] for h in r.path),
                last=r.opens > 0 and not actions_left(len(u.slots) + r.opens),
            )
            for r in reach
        ),
        weapons=weapons,
        items=items,
    )


def _deploy(state: State, side: int) -> DeployOptions:
    t = state.map.tables
    units = [u for u in state.units if u.side == side and u.hex < 0]
    taken_ground = {u.hex for u in state.units if u.side == side and u.hex >= 0 and not u.altitude}
    taken_air = {u.hex for u in state.units if u.side == side and u.hex >= 0 and u.altitude}
    zone = [i for i in range(t.count) if t.zone[i] == side + 1]
    low = min((u.altitude for u in units if u.altitude), default=0)
    return DeployOptions(
        units=tuple(u.name for u in units),
        hexes=tuple(t.name[i] for i in zone if t.kind[i] != BUILDING and i not in taken_ground),
        air_hexes=tuple(t.name[i] for i in zone if low and t.height[i] < low and i not in taken_air),
    )


def options(state: State, side: int) -> Any:
    """``side``'s choices now: :class:`ActivationOptions`, :class:`ReactOptions`,
    :class:`DeployOptions`, or :class:`Waiting`."""
    if state.phase == "deploy":
        return _deploy(state, side) if side == state.deploying else Waiting()
    if state.phase != "activation":
        return Waiting()
    w = overwatch.asking(state)
    if w is not None:
        if w.side != side or state.trigger is None:
            return Waiting()
        m = state.units[state.trigger.mover]
        assert w.overwatch is not None
        return ReactOptions(
            unit=w.name,
            target=m.name,
            hex=state.map.tables.name[m.hex],
            shots=w.overwatch.shots,
            odds=fire.shot_odds(state, w, w.overwatch.system, m, overwatch=True),
        )
    u = state.actor()
    if u is None or u.side != side:
        return Waiting()
    return _activation(state, u)


def legal_actions(state: State, side: int) -> list[Any]:
    """``side``'s legal actions now, a representative sample: one cheapest path per
    reachable hex, one shot per weapon and target (more shots are the same action with
    another count), every arc aim, both overwatch sectors asked at each trigger, every
    designation and smoke hex, pivots, hold and end; at a trigger every number of
    shots; while deploying, every unit on every free hex of its zone facing N."""
    opts = options(state, side)
    if isinstance(opts, Waiting):
        return []
    if isinstance(opts, ReactOptions):
        return [React(opts.unit, n) for n in range(opts.shots + 1)]
    if isinstance(opts, DeployOptions):
        out = []
        for name in opts.units:
            u = next(v for v in state.units if v.side == side and v.name == name)
            for h in opts.air_hexes if u.altitude else opts.hexes:
                out.append(Deploy(name, h, 0))
        return out
    assert isinstance(opts, ActivationOptions)
    name = opts.unit
    out: list[Any] = []
    if opts.can_end:
        out.append(End(name))
    if opts.can_hold:
        out.append(Hold(name))
    if opts.pivot_cost >= 0:
        out += [Pivot(name, True), Pivot(name, False)]
    out += [Move(name, r.path) for r in opts.reach]
    if not opts.passing:
        sectors = {n: i for i, n in enumerate(SECTOR_NAMES)}
        for w in opts.weapons:
            out += [Fire(name, w.index, t.name, 1) for t in w.targets]
            out += [Arc(name, w.index, aim=a.hex) for a in w.aims]
            out += [Arc(name, w.index, target=g) for g in w.guided]
            out += [Overwatch(name, w.index, sectors[s], 0) for s in w.sectors]
        for item in opts.items:
            out += [Designate(name, target) for target in item.targets]
            out += [Smoke(name, h) for h in item.hexes]
    return out
