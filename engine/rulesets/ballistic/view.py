"""What one side may see of a battle (GB-5.6, GB-5.7, GB-8.10).

A side sees all of its own units and their state; all terrain, rubble, wrecks and
smoke; the enemy units it spots now, with their hex, facing, profile, Health, failed
systems and movement status; its own projectiles in flight and its own
designations. The initiative order lists its own units and the enemy units it spots,
nothing for the others (not even a gap). Nothing else about the enemy is in the
view at all. ``view(state, None)`` shows everything (replays).

Sight is asked on demand rather than carried in every view: :class:`LookAt`,
:class:`LookAround` and :class:`Observed` are questions (not actions) that the
ruleset's ``preview`` answers, so a screen asks them through its seat
(``seat.preview(LookAround("Hare-1"))``) and learns only what its side may know.
"""

from __future__ import annotations

import msgspec

from engine.rulesets.ballistic.maps import HexMap
from engine.rulesets.ballistic.rules.arc import scatter_hexes
from engine.rulesets.ballistic.rules.flow import scores, to_act
from engine.rulesets.ballistic.rules.overwatch import asking
from engine.rulesets.ballistic.rules.sight import spotted
from engine.rulesets.ballistic.state import State, Unit

__all__ = [
    "LookAround",
    "LookAt",
    "Observed",
    "OrderEntry",
    "ProjectileView",
    "SystemView",
    "UnitView",
    "View",
    "view",
]


class SystemView(msgspec.Struct, frozen=True, array_like=True):
    """An installed system: catalogue ``key``, ``kind``, ``failed``, ``charges`` left."""

    key: str
    kind: str
    failed: bool
    charges: int


class UnitView(msgspec.Struct, frozen=True, kw_only=True):
    """A unit as the viewer sees it.

    Everyone seen: ``name``, ``side``, ``own`` (the viewer's), ``profile``, ``cls``,
    ``hex``, ``facing``, ``health``, ``max_health``, ``altitude``, ``systems`` (with
    failures), movement status this turn (``moved``, ``entered``, ``holding``),
    ``stuck``. The viewer's own units also show ``mp_spent``, ``pool``, ``actions``
    (kinds opened), ``used`` (systems used this turn), ``overwatch`` (weapon index,
    sector name, shots left, standing order; None), ``designation`` (target name),
    ``bound`` (guidance obligation: target name), ``activated``.
    """

    name: str
    side: int
    own: bool
    profile: str
    cls: str
    hex: str
    facing: int
    health: int
    max_health: int
    altitude: int
    systems: tuple[SystemView, ...]
    moved: bool
    entered: int
    holding: bool
    stuck: bool
    mp_spent: int = 0
    pool: int = 0
    actions: tuple[str, ...] = ()
    used: tuple[int, ...] = ()
    overwatch: tuple[int, str, int, int] | None = None
    designation: str = ""
    bound: str = ""
    activated: bool = False


class OrderEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One place in the initiative order as the viewer may know it (GB-5.6): the unit,
    its side, its roll, its tie-break rolls (own units only), whether it is acting now
    or has acted."""

    name: str
    side: int
    initiative: int
    tiebreaks: tuple[int, ...] = ()
    acting: bool = False
    done: bool = False


class ProjectileView(msgspec.Struct, frozen=True, kw_only=True):
    """One of the viewer's projectiles in flight (GB-12.5, GB-12.6): ``seq``, ``weapon``,
    ``launch`` and ``aim`` hexes, ``distance``, ``speed``, ``cep``, the turn it
    ``arrival``-s, the guided ``target`` (name, or ""), where it is now (``position``,
    the hex on its line ``v`` hexes per turn from the launch), and the hexes it may land
    in (``scatter``, spiral order; ``""`` off the map)."""

    seq: int
    weapon: str
    launch: str
    aim: str
    distance: int
    speed: int
    cep: int
    arrival: int
    target: str
    position: str
    scatter: tuple[str, ...]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The battle as ``viewer`` may know it (None: everything).

    ``map`` (all terrain is open); ``wrecks`` and ``smoke`` (hex -> the turn it clears);
    ``turn``, ``turn_limit``, ``phase``, ``to_act``; ``acting``: the unit whose
    activation it is, when the viewer may know it (``""`` otherwise); ``units`` (own
    and spotted enemies, roster order); ``order``; ``projectiles`` (own); ``asked``:
    the overwatch trigger put to the viewer (its unit and the target), else empty;
    ``deploying``; ``winner``, ``reason`` and ``scores`` once over.
    """

    viewer: int | None
    map: HexMap
    wrecks: tuple[str, ...]
    smoke: dict[str, int]
    turn: int
    turn_limit: int | None
    phase: str
    to_act: tuple[int, ...]
    acting: str
    units: tuple[UnitView, ...]
    order: tuple[OrderEntry, ...]
    projectiles: tuple[ProjectileView, ...]
    asked: tuple[str, str] | tuple[()] = ()
    deploying: int = 0
    winner: int | None = None
    reason: str = ""
    scores: tuple[int, int] = (0, 0)


class LookAt(msgspec.Struct, frozen=True, tag="look_at"):
    """A question for ``preview``, not an action: what the asking side's unit ``unit``
    sees of a ground unit standing at ``hex`` (``CCRR``), and why. The answer is a
    :class:`engine.rulesets.ballistic.rules.queries.SightInfo` (GB-2.6, GB-8.3 to
    GB-8.9, GB-9.2), or None for a unit of the other side, one off the map or an
    unknown hex."""

    unit: str
    hex: str


class LookAround(msgspec.Struct, frozen=True, tag="look_around"):
    """A question for ``preview``, not an action: every hex where the asking side's
    unit ``unit`` would see a ground unit standing (at that hex's elevation), from
    where it stands now (GB-8.5 to GB-8.9). The answer is a tuple of ``CCRR`` names in
    map order (the hexes outside it are in its shadows, behind smoke or beyond failed
    Sensors' 6 hexes), or None as for :class:`LookAt`."""

    unit: str


class Observed(msgspec.Struct, frozen=True, tag="observed"):
    """A question for ``preview``, not an action: the hexes the asking side observes now
    (GB-8.12), a tuple of ``CCRR`` names in map order."""


def _unit_view(state: State, u: Unit, own: bool) -> UnitView:
    t = state.map.tables
    base = {
        "name": u.name,
        "side": u.side,
        "own": own,
        "profile": u.profile,
        "cls": u.cls,
        "hex": t.name[u.hex] if u.hex >= 0 else "",
        "facing": u.facing,
        "health": u.health,
        "max_health": u.max_health,
        "altitude": u.altitude,
        "systems": tuple(SystemView(s.key, s.kind, s.failed, s.charges) for s in u.systems),
        "moved": u.mp_spent > 0,
        "entered": u.entered,
        "holding": u.holding,
        "stuck": u.stuck,
    }
    if not own:
        return UnitView(**base)
    from engine.rulesets.ballistic.events import SECTOR_NAMES

    ow = u.overwatch
    return UnitView(
        **base,
        mp_spent=u.mp_spent,
        pool=u.pool,
        actions=tuple(s.kind for s in u.slots),
        used=tuple(u.used),
        overwatch=None if ow is None else (ow.system, SECTOR_NAMES[ow.sector], ow.shots, ow.per_trigger),
        designation="" if u.designation is None else state.units[u.designation.target].name,
        bound="" if u.bound < 0 else state.units[u.bound].name,
        activated=u.activated,
    )


def view(state: State, side: int | None) -> View:
    """What ``side`` may know of ``state`` (see the module's description)."""
    t = state.map.tables

    def known(u: Unit) -> bool:
        return side is None or u.side == side or (u.alive and u.hex >= 0 and spotted(state, side, u))

    shown = {
        u.number
        for u in state.units
        if (u.alive and (u.hex >= 0 or u.side == side or side is None)) and known(u)
    }
    units = tuple(
        _unit_view(state, u, side is None or u.side == side) for u in state.units if u.number in shown
    )
    actor = state.actor()
    order = tuple(
        OrderEntry(
            name=state.units[n].name,
            side=state.units[n].side,
            initiative=state.units[n].initiative,
            tiebreaks=tuple(state.units[n].tiebreaks) if side is None or state.units[n].side == side else (),
            acting=actor is not None and actor.number == n,
            done=state.units[n].activated,
        )
        for n in state.order
        if n in shown and state.units[n].alive
    )
    projectiles = []
    for p in state.projectiles:
        if side is not None and p.side != side:
            continue
        core = t.line_hexes(p.launch, p.aim)[0]
        flown = min(p.distance, p.speed * max(0, state.turn - p.launched))
        path = [p.launch, *core, p.aim]
        position = path[min(len(path) - 1, round(flown * (len(path) - 1) / max(1, p.distance)))]
        projectiles.append(
            ProjectileView(
                seq=p.seq,
                weapon=p.weapon,
                launch=t.name[p.launch],
                aim=t.name[p.aim],
                distance=p.distance,
                speed=p.speed,
                cep=p.cep,
                arrival=p.arrival,
                target=state.units[p.target].name if p.target >= 0 else "",
                position=t.name[position],
                scatter=tuple(t.name[h] if h >= 0 else "" for h in scatter_hexes(state, p.aim, p.cep)),
            )
        )
    w = asking(state)
    asked: tuple[str, str] | tuple[()] = ()
    if w is not None and state.trigger is not None and (side is None or w.side == side):
        asked = (w.name, state.units[state.trigger.mover].name)
    return View(
        viewer=side,
        map=state.map,
        wrecks=tuple(t.name[h] for h in state.wrecks),
        smoke={t.name[h]: until for h, until in state.smoke},
        turn=state.turn,
        turn_limit=state.turn_limit,
        phase=state.phase,
        to_act=tuple(sorted(to_act(state))),
        acting=actor.name if actor is not None and actor.number in shown else "",
        units=units,
        order=order,
        projectiles=tuple(projectiles),
        asked=asked,
        deploying=state.deploying,
        winner=state.winner,
        reason=state.reason,
        scores=scores(state) if state.phase == "over" else (0, 0),
    )
