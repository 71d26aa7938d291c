"""The starter catalogue of Going Ballistic as data (GB-18, provisional), and the
weapon chart (GB-9.4 to GB-9.6).

Chassis (GB-18.1), auxiliary units (GB-18.2), weapons (GB-18.3), equipment (GB-18.4),
the sample loadouts of the worked examples (GB-18.6) and the fixed numbers the rules
read. Names are message IDs (``N_``), translated where they are shown.
:func:`base_grade` is the chart formula (GB-9.5), computed with whole numbers;
:func:`chart` tabulates it for one weapon on one platform (GB-18.7).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import msgspec

from engine.i18n import N_

__all__ = [
    "ACTIONS_PER_ACTIVATION",
    "AUXILIARIES",
    "CHASSIS",
    "CLASS_AIR",
    "CLASS_MECH",
    "CLASS_SMALL",
    "DEFAULT_MASS_LIMIT",
    "EQUIPMENT",
    "FAILURE_ON",
    "FAST_HEXES",
    "LOADOUTS",
    "MAX_GRADE",
    "SENSORS_RANGE",
    "SMOKE_CHARGES",
    "SMOKE_RANGE",
    "SYSTEM_NAMES",
    "WEAPONS",
    "Auxiliary",
    "Chassis",
    "Equipment",
    "Loadout",
    "Weapon",
    "actions_left",
    "base_grade",
    "base_threshold",
    "chart",
    "effective_c",
    "in_range",
    "max_range",
]

CLASS_MECH, CLASS_SMALL, CLASS_AIR = "mech", "small", "air"

#: Actions a unit may take in one activation (GB-6.1).
ACTIONS_PER_ACTIVATION = 2
#: The roster mass limit when the scenario sets none, in tonnes (GB-18.5).
DEFAULT_MASS_LIMIT = 150
#: A weapon can fire directly where its base grade is at most this (GB-9.6).
MAX_GRADE = 5
#: More hexes entered this turn than this makes a target fast (GB-9.10).
FAST_HEXES = 10
#: A failure check fails a system on a d20 of 1 to this (GB-14.3).
FAILURE_ON = 4
#: With failed Sensors a unit sees only units within this many hexes (GB-8.9).
SENSORS_RANGE = 6
#: Charges of each smoke launcher per battle, and its reach in hexes (GB-18.4).
SMOKE_CHARGES = 2
SMOKE_RANGE = 3

#: Chassis systems by key, as named in the profiles (GB-18.1, GB-18.2, GB-14.6).
SYSTEM_NAMES: dict[str, str] = {
    "locomotion": N_("Locomotion"),
    "engine": N_("Engine"),
    "sensors": N_("Sensors"),
    "fire_control": N_("Fire control"),
    "stabilizer": N_("Stabilizer"),
}


class Chassis(msgspec.Struct, frozen=True, kw_only=True):
    """A mech chassis (GB-18.1): mass, payload in tonnes; Max Health; Speed in MP;
    weapon platform P (added to C of every weapon, GB-9.4); mounts; chassis systems in
    profile order (GB-4.4)."""

    key: str
    name: str
    mass: int
    max_health: int
    speed: int
    platform: int
    payload: Fraction
    weapon_mounts: int
    equipment_mounts: int
    systems: tuple[str, ...]


class Auxiliary(msgspec.Struct, frozen=True, kw_only=True):
    """An auxiliary unit with a fixed profile (GB-18.2): class small or air, roster
    mass in tonnes, Max Health, Speed, P, altitude (air units; 0 for ground), chassis
    systems, weapons and equipment in mount order."""

    key: str
    name: str
    cls: str
    mass: int
    max_health: int
    speed: int
    platform: int
    altitude: int
    systems: tuple[str, ...]
    weapons: tuple[str, ...]
    equipment: tuple[str, ...]


class Weapon(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon (GB-18.3): damage ``dice`` (count, sides); rate of fire; optimal distance
    C (hexes) and guidance coefficient K; HE; whether it fires directly; its arc band
    ``(min, max)`` in hexes or None; projectile speed v (hexes per turn) and CEP (hexes)
    for arc fire; guided; mass (t)."""

    key: str
    name: str
    dice: tuple[int, int]
    rof: int
    c: int
    k: int
    he: bool
    direct: bool
    mass: Fraction
    arc: tuple[int, int] | None = None
    speed: int = 0
    cep: int = 0
    guided: bool = False

    @property
    def damage(self) -> str:
        """The damage dice as written, e.g. ``3d6``."""
        n, sides = self.dice
        return f"{n}d{sides}"


class Equipment(msgspec.Struct, frozen=True, kw_only=True):
    """An equipment item (GB-18.4): mass (t) and charges per battle (0: unlimited)."""

    key: str
    name: str
    mass: Fraction
    charges: int = 0


class Loadout(msgspec.Struct, frozen=True, kw_only=True):
    """A sample build (GB-18.6): a chassis or auxiliary key, weapons and equipment in
    mount order (empty for an auxiliary: its profile gives them)."""

    key: str
    chassis: str
    weapons: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()


CHASSIS: dict[str, Chassis] = {
    "hare": Chassis(
        key="hare",
        name=N_("Hare"),
        mass=20,
        max_health=40,
        speed=7,
        platform=0,
        payload=Fraction(6),
        weapon_mounts=2,
        equipment_mounts=1,
        systems=("locomotion", "sensors", "fire_control"),
    ),
    "warden": Chassis(
        key="warden",
        name=N_("Warden"),
        mass=40,
        max_health=60,
        speed=5,
        platform=1,
        payload=Fraction(12),
        weapon_mounts=3,
        equipment_mounts=2,
        systems=("locomotion", "sensors", "fire_control", "stabilizer"),
    ),
    "bastion": Chassis(
        key="bastion",
        name=N_("Bastion"),
        mass=70,
        max_health=90,
        speed=3,
        platform=3,
        payload=Fraction(20),
        weapon_mounts=4,
        equipment_mounts=2,
        systems=("locomotion", "sensors", "fire_control", "stabilizer"),
    ),
}

AUXILIARIES: dict[str, Auxiliary] = {
    "jackal": Auxiliary(
        key="jackal",
        name=N_("Jackal buggy"),
        cls=CLASS_SMALL,
        mass=8,
        max_health=15,
        speed=9,
        platform=0,
        altitude=0,
        systems=("locomotion", "sensors"),
        weapons=("hmg12",),
        equipment=(),
    ),
    "kestrel": Auxiliary(
        key="kestrel",
        name=N_("Kestrel drone"),
        cls=CLASS_AIR,
        mass=3,
        max_health=10,
        speed=12,
        platform=0,
        altitude=4,
        systems=("engine", "sensors"),
        weapons=(),
        equipment=("designator",),
    ),
}

WEAPONS: dict[str, Weapon] = {
    "gat20": Weapon(
        key="gat20",
        name=N_("20 mm Gatling cannon"),
        dice=(1, 4),
        rof=6,
        c=4,
        k=2,
        he=False,
        direct=True,
        mass=Fraction(3, 2),
    ),
    "hmg12": Weapon(
        key="hmg12",
        name=N_("12.7 mm heavy machine gun"),
        dice=(1, 4),
        rof=4,
        c=3,
        k=1,
        he=False,
        direct=True,
        mass=Fraction(1),
    ),
    "ac40": Weapon(
        key="ac40",
        name=N_("40 mm autocannon"),
        dice=(1, 8),
        rof=3,
        c=6,
        k=2,
        he=True,
        direct=True,
        mass=Fraction(3),
    ),
    "can105": Weapon(
        key="can105",
        name=N_("105 mm cannon"),
        dice=(3, 6),
        rof=1,
        c=10,
        k=3,
        he=False,
        direct=True,
        mass=Fraction(7),
    ),
    "agl30": Weapon(
        key="agl30",
        name=N_("30 mm grenade launcher"),
        dice=(1, 6),
        rof=3,
        c=5,
        k=1,
        he=True,
        direct=True,
        mass=Fraction(3, 2),
        arc=(2, 10),
        speed=5,
        cep=2,
    ),
    "gm120": Weapon(
        key="gm120",
        name=N_("120 mm gun-mortar"),
        dice=(3, 6),
        rof=1,
        c=5,
        k=2,
        he=True,
        direct=True,
        mass=Fraction(6),
        arc=(3, 30),
        speed=10,
        cep=3,
    ),
    "how155": Weapon(
        key="how155",
        name=N_("155 mm howitzer"),
        dice=(4, 6),
        rof=1,
        c=12,
        k=3,
        he=True,
        direct=True,
        mass=Fraction(12),
        arc=(6, 60),
        speed=20,
        cep=4,
    ),
    "atgm": Weapon(
        key="atgm",
        name=N_("ATGM launcher"),
        dice=(2, 10),
        rof=2,
        c=8,
        k=2,
        he=False,
        direct=True,
        mass=Fraction(3),
        arc=(3, 40),
        speed=8,
        cep=3,
        guided=True,
    ),
}

EQUIPMENT: dict[str, Equipment] = {
    "designator": Equipment(key="designator", name=N_("Laser designator"), mass=Fraction(1, 2)),
    "smoke": Equipment(key="smoke", name=N_("Smoke launcher"), mass=Fraction(1, 2), charges=SMOKE_CHARGES),
}

LOADOUTS: dict[str, Loadout] = {
    "Hare-G": Loadout(key="Hare-G", chassis="hare", weapons=("gat20", "agl30"), equipment=("designator",)),
    "Warden-M": Loadout(
        key="Warden-M", chassis="warden", weapons=("ac40", "atgm", "hmg12"), equipment=("smoke", "designator")
    ),
    "Bastion-H": Loadout(
        key="Bastion-H", chassis="bastion", weapons=("how155", "ac40", "gat20"), equipment=("smoke",)
    ),
    "Bastion-C": Loadout(
        key="Bastion-C",
        chassis="bastion",
        weapons=("can105", "gm120", "gat20", "hmg12"),
        equipment=("smoke",),
    ),
    "Jackal": Loadout(key="Jackal", chassis="jackal"),
    "Kestrel": Loadout(key="Kestrel", chassis="kestrel"),
}


def effective_c(weapon: Weapon, platform: int) -> int:
    """``C_eff = C + P``, at least 1 (GB-9.4); pass P = 0 for a failed Stabilizer."""
    return max(1, weapon.c + platform)


def base_grade(k: int | Fraction, c_eff: int, d: int) -> int:
    """The base grade ``D0 = 1 + floor(K·|d - C_eff| / C_eff)`` at distance ``d`` hexes
    (GB-9.5), exactly (whole numbers or fractions, never floating point, GB-1.3)."""
    return 1 + (k * abs(d - c_eff)) // c_eff


def in_range(d: int, d0: int) -> bool:
    """Whether a weapon can fire directly at distance ``d`` hexes where its base grade
    is ``d0`` (GB-9.6): ``d ≥ 1`` and ``D0 ≤ 5``."""
    return d >= 1 and d0 <= MAX_GRADE


def base_threshold(grade: int) -> int:
    """The base threshold ``T0 = 4·D`` on a d20 of a shot of final grade ``D`` (GB-9.9)."""
    return 4 * grade


def actions_left(taken: int) -> int:
    """Actions a unit may still open in its activation once it has taken ``taken``
    (GB-6.1): two in all, so ``2 - taken``, at least 0."""
    return max(0, ACTIONS_PER_ACTIVATION - taken)


@lru_cache(maxsize=4096)
def max_range(k: int | Fraction, c_eff: int) -> int:
    """The longest distance (hexes) at which the weapon is in range (base grade at most
    5, GB-9.6): the first distance beyond ``C_eff`` that is out of range, less one."""
    d = c_eff
    while in_range(d + 1, base_grade(k, c_eff, d + 1)):
        d += 1
    return d


def chart(weapon: Weapon, platform: int) -> tuple[int, ...]:
    """The weapon's chart on a platform P (GB-9.5, GB-18.7): the base grade at distances
    1, 2, ... up to its longest range; an entry above 5 (possible only close in, for a
    weapon whose grade at 1 hex exceeds 5) is out of range there (see :func:`in_range`)."""
    c_eff = effective_c(weapon, platform)
    return tuple(base_grade(weapon.k, c_eff, d) for d in range(1, max_range(weapon.k, c_eff) + 1))
