"""The Eva catalogue as data: base Eva, weapons, equipment, AT levels (section 3).

Names are English message IDs, translated when shown (the Russian names come from
the translation catalogue, after the rules' glossary). ``code`` is the short word used in the action notation
(``Eva-4 fire B12 rifle``).
"""

from __future__ import annotations

import msgspec

from engine.i18n import N_

__all__ = [
    "AT_COST",
    "BASE_ARMOUR",
    "BASE_COST",
    "BASE_ENERGY",
    "BUDGET",
    "EQUIPMENT",
    "INCOMPATIBLE",
    "JAWS_ARMOUR",
    "MAX_WEAPONS",
    "SHIELD_POINTS",
    "WEAPONS",
    "Equipment",
    "Weapon",
]

#: EVA-17.1 army budget (points)
BUDGET = 1000
#: EVA-17.2 / EVA-17.3 base Eva: points, armour, maximum energy
BASE_COST = 100
BASE_ARMOUR = 40
BASE_ENERGY = 12
#: EVA-16.12 maximum armour with Jaws
JAWS_ARMOUR = 35
#: EVA-17.4 weapons per Eva
MAX_WEAPONS = 4
#: EVA-16.14 Shield points
SHIELD_POINTS = 15
#: EVA-17.6 cost of AT level 0..6 (points)
AT_COST = (0, 5, 15, 30, 50, 80, 120)


class Weapon(msgspec.Struct, frozen=True):
    """One catalogue weapon (EVA-15).

    ``hands``: 1 or 2. ``points``: cost; ``auto_points``: extra cost of automatic
    fire, or None when the weapon cannot have it (EVA-17.5). ``damage``: ranged
    damage at close/medium/long, or None for a melee-only weapon (0 = cannot
    attack in that band, EVA-10.3). ``energy``: cost of one ranged attack
    (single shot or throw). ``melee``: melee bonus or None. ``at_cap``: the
    target's AT counts as at most this against its damage (EVA-13.2).
    ``ignores_at``: its damage ignores the AT field. ``tn``: TN modifier of its
    ranged attacks. ``spear``: a Spear (Replica or Lance, EVA-15.11).
    ``thrown``: the ranged attack uses the item up. ``crit``: lowest natural
    to-hit face that is a critical candidate (EVA-10.8, EVA-15.18).
    """

    code: str
    name: str
    hands: int
    points: int
    rule: str
    auto_points: int | None = None
    damage: tuple[int, int, int] | None = None
    energy: int = 0
    melee: int | None = None
    at_cap: int | None = None
    ignores_at: bool = False
    tn: int = 0
    spear: bool = False
    thrown: bool = False
    crit: int = 6
    no_roll: bool = False
    lance: bool = False
    positron: bool = False


WEAPONS: dict[str, Weapon] = {
    w.code: w
    for w in (
        Weapon("knife", N_("Quantum Knife"), 1, 15, "EVA-15.2", melee=3),
        Weapon("hknife", N_("Heavy Quantum Knife"), 1, 25, "EVA-15.3", melee=4, at_cap=4),
        Weapon("pistol", N_("Pallet Pistol"), 1, 20, "EVA-15.4", damage=(5, 3, 0), energy=2),
        Weapon(
            "rifle",
            N_("Pallet Rifle"),
            1,
            30,
            "EVA-15.5",
            auto_points=10,
            damage=(5, 5, 3),
            energy=3,
        ),
        Weapon("rocket", N_("Rocket Launcher"), 1, 40, "EVA-15.6", damage=(0, 5, 8), energy=3),
        Weapon(
            "hrifle",
            N_("Heavy Pallet Rifle"),
            1,
            50,
            "EVA-15.7",
            auto_points=20,
            damage=(5, 8, 3),
            energy=3,
        ),
        Weapon(
            "n2",
            N_("N2 Bomb"),
            1,
            50,
            "EVA-15.8",
            damage=(15, 0, 0),
            energy=3,
            ignores_at=True,
            thrown=True,
            no_roll=True,
        ),
        Weapon("qspear", N_("Quantum Spear"), 2, 30, "EVA-15.9", melee=5, at_cap=3),
        Weapon(
            "sniper",
            N_("Sniper Pallet Rifle"),
            2,
            45,
            "EVA-15.10",
            damage=(4, 7, 7),
            energy=3,
            tn=-1,
        ),
        Weapon(
            "replica",
            N_("Spear Replica"),
            2,
            40,
            "EVA-15.11",
            damage=(10, 5, 0),
            energy=3,
            melee=4,
            ignores_at=True,
            spear=True,
            thrown=True,
        ),
        Weapon(
            "lance",
            N_("Lance of Longinus"),
            2,
            70,
            "EVA-15.15",
            damage=(10, 8, 6),
            energy=3,
            melee=4,
            ignores_at=True,
            spear=True,
            thrown=True,
            tn=-1,
            lance=True,
        ),
        Weapon(
            "positron",
            N_("Positron Cannon"),
            2,
            70,
            "EVA-15.16",
            damage=(12, 10, 8),
            energy=5,
            crit=5,
            positron=True,
        ),
    )
}


class Equipment(msgspec.Struct, frozen=True):
    """One equipment item (EVA-16): notation ``code``, English name (a message ID),
    cost in points and its rule ID."""

    code: str
    name: str
    points: int
    rule: str


EQUIPMENT: dict[str, Equipment] = {
    e.code: e
    for e in (
        Equipment("s2", N_("S2 Engine"), 80, "EVA-16.1"),
        Equipment("pseudo", N_("Pseudo-Pilot"), 60, "EVA-16.2"),
        Equipment("dmodule", N_("D-Module"), 20, "EVA-16.3"),
        Equipment("targeting", N_("Targeting System"), 40, "EVA-16.4"),
        Equipment("itargeting", N_("Improved Targeting System"), 50, "EVA-16.5"),
        Equipment("arms", N_("Extended Arms"), 25, "EVA-16.6"),
        Equipment("berserk", N_("Berserk"), 40, "EVA-16.7"),
        Equipment("sync", N_("High Synchronisation"), 35, "EVA-16.8"),
        Equipment("jumpjet", N_("Jumpjet"), 30, "EVA-16.9"),
        Equipment("wings", N_("Wings"), 20, "EVA-16.10"),
        Equipment("accel", N_("Acceleration"), 15, "EVA-16.11"),
        Equipment("jaws", N_("Jaws"), 10, "EVA-16.12"),
        Equipment("anatomy", N_("Combat Anatomy"), 25, "EVA-16.13"),
        Equipment("shield", N_("Shield"), 25, "EVA-16.14"),
    )
}

#: EVA-17.8 pairs that may not be combined on one Eva, with the rule's source
INCOMPATIBLE: tuple[tuple[str, str], ...] = (
    ("berserk", "s2"),
    ("sync", "pseudo"),
    ("targeting", "itargeting"),
)
