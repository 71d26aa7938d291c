"""The game state of Going Ballistic (msgspec Structs; GB-4.7, GB-17.1).

Sides are seats 0 (the first side) and 1 (the second side). Units are kept in
*roster order* (GB-4.6: the first side's units, then the second side's); a unit's
``number`` is its place in that list and is how other records refer to it. Hexes
are flat indices of the map (``terrain.py``); -1 means "not on the map".

The map never changes during a game: a state shares its map object with its
copies. Wrecks (GB-15.3) and smoke (GB-3.7) are kept here as overlays.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rulesets.ballistic.catalog import (
    AUXILIARIES,
    CHASSIS,
    CLASS_AIR,
    CLASS_MECH,
    EQUIPMENT,
    WEAPONS,
)
from engine.rulesets.ballistic.maps import HexMap
from engine.rulesets.ballistic.roster import Roster, UnitEntry

__all__ = [
    "KIND_CHASSIS",
    "KIND_EQUIPMENT",
    "KIND_WEAPON",
    "MODE_ARC",
    "MODE_DIRECT",
    "MODE_OVERWATCH",
    "SLOT_ATTACK",
    "SLOT_EQUIPMENT",
    "SLOT_MOVE",
    "Designation",
    "Overwatch",
    "Phase",
    "Placement",
    "Projectile",
    "Setup",
    "Slot",
    "State",
    "System",
    "Trigger",
    "Unit",
    "make_unit",
]

KIND_CHASSIS, KIND_WEAPON, KIND_EQUIPMENT = "chassis", "weapon", "equipment"
SLOT_MOVE, SLOT_ATTACK, SLOT_EQUIPMENT = "move", "attack", "equipment"
MODE_DIRECT, MODE_ARC, MODE_OVERWATCH = "direct", "arc", "overwatch"

#: Where the game stands: units being deployed (GB-4.6); the activation phase (a unit
#: acting, or an overwatch decision pending); the battle is over.
Phase = Literal["deploy", "activation", "over"]


class Placement(msgspec.Struct, frozen=True, array_like=True):
    """A unit's starting hex (``CCRR``) and facing (``N``, ``NE``... GB-2.3)."""

    hex: str
    facing: str


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """A scenario (GB-4.6): the ``map``; the two sides' ``rosters`` (first side first);
    ``placements``: per side, each unit's starting hex and facing in roster order, or
    None to let the players deploy in their zones; ``turn_limit``: the last turn, or
    None (GB-16.2); ``mass_limit``: the roster mass limit in tonnes (GB-18.5)."""

    map: HexMap
    rosters: list[Roster]
    placements: list[list[Placement]] | None = None
    turn_limit: int | None = None
    mass_limit: int = 150


class System(msgspec.Struct, array_like=True):
    """One installed system (GB-4.4): its catalogue ``key``, its ``kind`` (chassis,
    weapon or equipment), whether it has ``failed`` (GB-14.7), and ``charges`` left
    for an item that has them (the smoke launcher, GB-18.4)."""

    key: str
    kind: str
    failed: bool = False
    charges: int = 0


class Slot(msgspec.Struct, array_like=True):
    """An action opened in the unit's activation (GB-6.3): ``kind`` move, attack or
    equipment; the ``system`` (index in the unit's systems) it uses, -1 for a move;
    for an attack its ``mode`` (direct, arc or overwatch, GB-10.5) and the ``shots``
    left in it."""

    kind: str
    system: int = -1
    mode: str = ""
    shots: int = 0


class Overwatch(msgspec.Struct, array_like=True):
    """A declared overwatch (GB-11.1): the weapon (system index); the sector, named by
    its first direction clockwise (0 for ``N-NE``... GB-11.2); the reserved shots left;
    ``per_trigger``: 0 when the controller is asked at each trigger (GB-11.4), else
    the standing order of up to that many shots at each trigger."""

    system: int
    sector: int
    shots: int
    per_trigger: int = 0


class Designation(msgspec.Struct, array_like=True):
    """A laser designation (GB-13.1): the designated unit's number and the designator
    item used (system index)."""

    target: int
    system: int


class Projectile(msgspec.Struct, kw_only=True):
    """An arc projectile in flight (GB-12.5): its sequence number, firing side and
    unit, weapon key, launch and aim hexes, distance (hexes), speed v, CEP, the turn it
    was launched, its arrival turn, and the guided target's number (-1: none)."""

    seq: int
    side: int
    shooter: int
    weapon: str
    launch: int
    aim: int
    distance: int
    speed: int
    cep: int
    launched: int
    arrival: int
    target: int = -1


class Trigger(msgspec.Struct, kw_only=True):
    """An overwatch interruption in progress (GB-11.3 to GB-11.5): the ``mover``'s number;
    the overwatching units still to resolve for this step, in initiative order
    (``queue``, the first is being asked); the rest of the mover's declared path
    (hexes); whether any overwatch shot has been fired at the mover during this move
    (``fired``: its path then stops after this step)."""

    mover: int
    queue: list[int]
    path: list[int] = []
    fired: bool = False


class Unit(msgspec.Struct, kw_only=True):
    """A unit (GB-4.2) and its status.

    Fixed: ``name``, ``side``, ``number`` (roster order), ``profile`` (chassis or
    auxiliary key), ``cls`` (mech, small, air), ``max_health``, ``speed`` (MP per Move
    action), ``platform`` (P), ``altitude`` (air units; 0 for ground units) and the
    ``systems`` in canonical order (GB-4.4).

    Battle status: ``health``; ``hex`` (-1 when off the map: not deployed or
    destroyed); ``facing`` (0-5); ``alive``; ``stuck`` in a friend's hex (GB-7.4);
    ``designation``; the chassis flags ``locomotion_ok``, ``sensors_ok``,
    ``fire_control_ok``, ``stabilizer_ok`` (kept with the systems' ``failed``).

    Per-turn status (GB-4.7), reset when a turn begins: ``initiative`` and its
    ``tiebreaks``; ``mp_spent``; ``entered`` (hexes entered this turn); ``holding``;
    ``slots`` (actions opened); ``used`` (weapons and items used, system indices);
    ``pivots`` in the current stay; ``pool`` (MP); ``passing`` (entered a friend's hex
    this activation and must step on); ``overwatch``; ``bound`` (guidance obligation:
    the target's number, -1 none, GB-13.5); ``activated`` (its activation is over).
    """

    name: str
    side: int
    number: int
    profile: str
    cls: str
    max_health: int
    speed: int
    platform: int
    altitude: int
    systems: list[System]
    health: int = 0
    hex: int = -1
    facing: int = 0
    alive: bool = True
    stuck: bool = False
    designation: Designation | None = None
    locomotion_ok: bool = True
    sensors_ok: bool = True
    fire_control_ok: bool = True
    stabilizer_ok: bool = True
    initiative: int = 0
    tiebreaks: list[int] = []
    mp_spent: int = 0
    entered: int = 0
    holding: bool = False
    slots: list[Slot] = []
    used: list[int] = []
    pivots: int = 0
    pool: int = 0
    passing: bool = False
    overwatch: Overwatch | None = None
    bound: int = -1
    activated: bool = False

    @property
    def on_map(self) -> bool:
        """Alive and placed."""
        return self.alive and self.hex >= 0

    @property
    def air(self) -> bool:
        """An air unit (GB-4.3)."""
        return self.cls == CLASS_AIR

    @property
    def mech(self) -> bool:
        """A mech (GB-1.5)."""
        return self.cls == CLASS_MECH

    @property
    def current_speed(self) -> int:
        """MP a Move action opened now adds: Speed, halved (rounded down, at least 1)
        once Locomotion or the Engine has failed (GB-7.1, GB-14.6)."""
        return self.speed if self.locomotion_ok else max(1, self.speed // 2)

    @property
    def current_platform(self) -> int:
        """P, or 0 once the Stabilizer has failed (GB-9.4, GB-14.6)."""
        return self.platform if self.stabilizer_ok else 0


def make_unit(entry: UnitEntry, side: int, number: int) -> Unit:
    """The unit a roster entry fields (GB-4.2, GB-18.1, GB-18.2): systems in canonical
    order, full Health. Raises KeyError for an unknown chassis."""
    chassis = CHASSIS.get(entry.chassis)
    if chassis is not None:
        cls, max_health, speed, platform, altitude = (
            CLASS_MECH,
            chassis.max_health,
            chassis.speed,
            chassis.platform,
            0,
        )
        own, weapons, equipment = chassis.systems, entry.weapons, entry.equipment
    else:
        aux = AUXILIARIES[entry.chassis]
        cls, max_health, speed, platform, altitude = (
            aux.cls,
            aux.max_health,
            aux.speed,
            aux.platform,
            aux.altitude,
        )
        own, weapons, equipment = aux.systems, list(aux.weapons), list(aux.equipment)
    systems = [System(key, KIND_CHASSIS) for key in own]
    systems += [System(key, KIND_WEAPON) for key in weapons if key in WEAPONS]
    systems += [
        System(key, KIND_EQUIPMENT, charges=EQUIPMENT[key].charges) for key in equipment if key in EQUIPMENT
    ]
    return Unit(
        name=entry.name,
        side=side,
        number=number,
        profile=entry.chassis,
        cls=cls,
        max_health=max_health,
        speed=speed,
        platform=platform,
        altitude=altitude,
        systems=systems,
        health=max_health,
    )


class State(msgspec.Struct, kw_only=True):
    """The whole battle.

    ``map``; ``units`` in roster order; ``turn_limit`` (None: none); ``phase``;
    ``turn`` (from 1; 0 while deploying); ``deploying``: the side placing its units;
    ``order``: this turn's initiative order (unit numbers, GB-5.2, GB-5.3);
    ``active``: the position in ``order`` of the unit whose activation it is (-1:
    none); ``trigger``: an overwatch interruption waiting for a decision;
    ``projectiles`` in flight and ``next_seq`` (GB-12.5); ``smoke``: (hex, the turn in
    whose End phase it disappears) by hex (GB-3.7); ``wrecks``: hexes turned to rubble by
    destroyed mechs (GB-15.3); ``destroyed``: per side, the Max Health of the enemy
    units it has destroyed (GB-16.2); ``winner`` (None: a draw) and ``reason``, ``rule``
    once over.
    """

    map: HexMap
    units: list[Unit]
    turn_limit: int | None = None
    phase: Phase = "activation"
    turn: int = 0
    deploying: int = 0
    order: list[int] = []
    active: int = -1
    trigger: Trigger | None = None
    projectiles: list[Projectile] = []
    next_seq: int = 1
    smoke: list[tuple[int, int]] = []
    wrecks: list[int] = []
    destroyed: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    winner: int | None = None
    reason: str = ""
    rule: str = ""

    def smoke_until(self) -> dict[int, int]:
        """The smoke as hex -> the turn in whose End phase it disappears (GB-3.7)."""
        return dict(self.smoke)

    def lay_smoke(self, hexes: list[int], until: int) -> None:
        """Smoke on ``hexes`` until the End phase of turn ``until``; a hex that already has
        smoke keeps the later removal turn (GB-3.7)."""
        found = dict(self.smoke)
        for h in hexes:
            found[h] = max(found.get(h, 0), until)
        self.smoke = sorted(found.items())

    def actor(self) -> Unit | None:
        """The unit whose activation it is, or None."""
        if self.phase != "activation" or not 0 <= self.active < len(self.order):
            return None
        return self.units[self.order[self.active]]
