"""The fixed facts of the Three Kingdoms battle system, as data.

Base types and their capacities (TK-1.5), the regiment types and sizes
(TK-1.2, TK-1.3, section 3.6), the weapon triangle (TK-11.4), the morale events
and their dice (TK-10.4), the officer catalogue (section 3.5) and the army
builder's limits (section 3.7). Names are untranslated message IDs (``N_``);
show them through ``_()``.
"""

from __future__ import annotations

from typing import Literal

from engine.i18n import N_

__all__ = [
    "ARCHERS",
    "BASE_CAPACITY",
    "BASE_TYPES",
    "BASE_TYPE_NAMES",
    "CAVALRY",
    "CLUB",
    "CREW_CAP",
    "FACTIONS",
    "FACTION_NAMES",
    "GATES_HP",
    "INFANTRY",
    "MAX_MEN",
    "MAX_MORALE",
    "MAX_REGIMENTS",
    "MORALE_DICE",
    "MORALE_NAMES",
    "OFFICERS",
    "RAM_HP",
    "REGIMENT_SIZES",
    "RULES_VERSION",
    "SPEAR",
    "START_MORALE",
    "SWORD",
    "TYPES",
    "TYPE_NAMES",
    "WEAPONS",
    "WEAPON_BEATS",
    "WEAPON_NAMES",
    "BaseType",
    "RegimentType",
    "Weapon",
    "duel_score",
]

#: The rules version every save records (TK-19.1, TK-AMB-15).
RULES_VERSION = "TK-1.0"

RegimentType = Literal["cavalry", "archers", "infantry"]
CAVALRY: RegimentType = "cavalry"
ARCHERS: RegimentType = "archers"
INFANTRY: RegimentType = "infantry"
#: The three regiment types (TK-1.2), in catalogue order.
TYPES: tuple[RegimentType, ...] = (INFANTRY, CAVALRY, ARCHERS)
TYPE_NAMES: dict[str, str] = {INFANTRY: N_("infantry"), CAVALRY: N_("cavalry"), ARCHERS: N_("archers")}

#: Sizes (men) offered by the army builder per type (section 3.6, TK-1.3).
REGIMENT_SIZES: dict[str, tuple[int, ...]] = {
    INFANTRY: (1000, 500, 300),
    CAVALRY: (500, 300),
    ARCHERS: (500, 300),
}

Weapon = Literal["sword", "spear", "club"]
SWORD: Weapon = "sword"
SPEAR: Weapon = "spear"
CLUB: Weapon = "club"
WEAPONS: tuple[Weapon, ...] = (SWORD, SPEAR, CLUB)
WEAPON_NAMES: dict[str, str] = {SWORD: N_("sword"), SPEAR: N_("spear"), CLUB: N_("club")}
#: The weapon triangle (TK-11.4): each weapon and the one it beats.
WEAPON_BEATS: dict[str, str] = {SWORD: CLUB, CLUB: SPEAR, SPEAR: SWORD}

BaseType = Literal["garrison", "watchtower", "path", "bridge", "ford", "hq"]
#: Base types (TK-1.5), in the table's order.
BASE_TYPES: tuple[BaseType, ...] = ("garrison", "watchtower", "path", "bridge", "ford", "hq")
#: Capacity of each base type, in regiments per side (TK-1.5, TK-3.2, TK-AMB-63).
BASE_CAPACITY: dict[str, int] = {"garrison": 3, "watchtower": 3, "path": 3, "bridge": 1, "ford": 1, "hq": 5}
BASE_TYPE_NAMES: dict[str, str] = {
    "garrison": N_("garrison"),
    "watchtower": N_("watchtower"),
    "path": N_("path"),
    "bridge": N_("bridge"),
    "ford": N_("ford"),
    "hq": N_("main headquarters"),
}

#: Morale at the start of a battle, and its bounds (TK-10.1).
START_MORALE = 100
MAX_MORALE = 200
#: Hit points of a fortress's gates and of a ram (TK-14.1, TK-14.4).
GATES_HP = 6
RAM_HP = 6
#: A tower crew deals its damage with at most this many men (TK-13.4).
CREW_CAP = 300

#: Dice of each morale event (TK-10.4): (number of d10, constant, sign); M8 has two
#: sizes, ``"M8"`` for the duellists and ``"M8a"`` for their allies.
MORALE_DICE: dict[str, tuple[int, int, int]] = {
    "M1": (2, 0, -1),
    "M2": (1, 5, -1),
    "M3": (1, 5, 1),
    "M4": (1, 5, 1),
    "M5": (1, 5, 1),
    "M6": (1, 5, -1),
    "M7": (2, 10, -1),
    "M8-": (2, 10, -1),
    "M8a-": (1, 5, -1),
    "M8+": (2, 10, 1),
    "M8a+": (1, 5, 1),
    "M9": (2, 0, -1),
    "M10": (2, 0, -1),
    "M11": (2, 10, -1),
    "M12": (1, 5, -1),
    "M13": (1, 5, -1),
    "M14": (2, 10, 1),
    "M15": (2, 10, 1),
}

#: What each morale event is, for the log (TK-10.4).
MORALE_NAMES: dict[str, str] = {
    "M1": N_("stratagem"),
    "M2": N_("garrison lost"),
    "M3": N_("garrison captured"),
    "M4": N_("attack on the garrison repelled"),
    "M5": N_("destroyed an enemy regiment"),
    "M6": N_("lost half its men"),
    "M7": N_("lost three quarters of its men"),
    "M8": N_("duel"),
    "M9": N_("refused a challenge"),
    "M10": N_("provocation failed"),
    "M11": N_("encircled"),
    "M12": N_("ballista destroyed"),
    "M13": N_("ram destroyed"),
    "M14": N_("gates destroyed"),
    "M15": N_("siege lifted"),
}

#: Factions of the officer catalogue (section 3.5).
FACTIONS: tuple[str, ...] = ("Shu", "Wei", "Wu")
FACTION_NAMES: dict[str, str] = {"Shu": N_("Shu"), "Wei": N_("Wei"), "Wu": N_("Wu")}

#: The officer catalogue (section 3.5): (faction, name, weapon), in the table's order;
#: the names are message IDs, shown in the interface's language through ``_()``.
OFFICERS: tuple[tuple[str, str, Weapon], ...] = (
    ("Shu", N_("Liu Bei"), SWORD),
    ("Shu", N_("Guan Yu"), SWORD),
    ("Shu", N_("Huang Zhong"), SWORD),
    ("Shu", N_("Zhang Fei"), SPEAR),
    ("Shu", N_("Zhao Yun"), SPEAR),
    ("Shu", N_("Ma Chao"), SPEAR),
    ("Shu", N_("Wei Yan"), CLUB),
    ("Wei", N_("Cao Cao"), SWORD),
    ("Wei", N_("Cao Ren"), SWORD),
    ("Wei", N_("Xiahou Dun"), SWORD),
    ("Wei", N_("Zhang Liao"), SPEAR),
    ("Wei", N_("Xiahou Yuan"), SPEAR),
    ("Wei", N_("Xu Chu"), CLUB),
    ("Wei", N_("Dian Wei"), CLUB),
    ("Wu", N_("Zhou Yu"), SWORD),
    ("Wu", N_("Lü Meng"), SWORD),
    ("Wu", N_("Sun Ce"), SPEAR),
    ("Wu", N_("Taishi Ci"), SPEAR),
    ("Wu", N_("Gan Ning"), CLUB),
    ("Wu", N_("Huang Gai"), CLUB),
)

#: Army builder limits (section 3.7, item 2): regiments and men per side.
MAX_REGIMENTS = 6
MAX_MEN = 4000


def duel_score(roll: int, weapon: str, other: str) -> int:
    """An officer's duel score from his d10 ``roll`` (TK-11.4 step 4): the roll, or
    ``min(10, floor(roll * 14 / 10))`` when his ``weapon`` beats the ``other``'s
    (sword beats club, club beats spear, spear beats sword); rounded down once
    (TK-1.10, TK-AMB-9)."""
    if WEAPON_BEATS.get(weapon) == other:
        return min(10, roll * 14 // 10)
    return roll
