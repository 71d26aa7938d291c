"""Battleline's fixed facts: parts, tables and the provisional catalogue (BLC-1 to BLC-6).

Parts are numbered in the order of :data:`PARTS` (H, CT, LT, RT, LA, RA, LL, RL,
BL-3.1); every table here indexes them by that number. The catalogue (section 3 of
the rules) is provisional: the rules never depend on one entry, except where they
name it as an example (BL-AMB-54). Names are untranslated (marked with ``N_``);
show them through :func:`engine.i18n._`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.i18n import N_

__all__ = [
    "ARMS",
    "CHASSIS",
    "CHARISMA",
    "CHARISMA_SPELLINGS",
    "CHASSIS_NAMES",
    "DEFENCE_DIE",
    "HIT_LOCATION",
    "ITEMS",
    "Chassis",
    "Item",
    "Kind",
    "LEGS",
    "NEXT_PART",
    "PART_INDEX",
    "PART_NAMES",
    "PARTS",
    "SIDE_TORSO_OF_ARM",
    "ARM_OF_SIDE_TORSO",
    "TORSOS",
    "MAX_BASE_SPEED",
    "PART_CODES",
    "part_code",
]

#: The eight parts in table order (BL-3.1); left and right are the mech's own.
PARTS: tuple[str, ...] = ("H", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
#: Part code -> its number in :data:`PARTS`.
PART_INDEX: dict[str, int] = {p: i for i, p in enumerate(PARTS)}
H, CT, LT, RT, LA, RA, LL, RL = range(8)
#: The side torsos and the torso parts that hold torso slots, by number.
TORSOS = (LT, CT, RT)
ARMS = (LA, RA)
LEGS = (LL, RL)
#: Each arm's side torso (BL-17.2) and each side torso's arm (BL-18.4).
SIDE_TORSO_OF_ARM = {LA: LT, RA: RT}
ARM_OF_SIDE_TORSO = {LT: LA, RT: RA}

#: The part names, untranslated, for texts (the notation uses the codes).
PART_NAMES: dict[str, str] = {
    "H": N_("head"),
    "CT": N_("centre torso"),
    "LT": N_("left torso"),
    "RT": N_("right torso"),
    "LA": N_("left arm"),
    "RA": N_("right arm"),
    "LL": N_("left leg"),
    "RL": N_("right leg"),
}

#: The part codes in :data:`PARTS` order, one message: its translation gives each
#: code as the current language writes it (the English ones are the notation's).
PART_CODES = N_("H CT LT RT LA RA LL RL")


def part_code(code: str) -> str:
    """Part ``code`` (``"LT"``) as the current language writes it (``"ЛТ"``)."""
    from engine.i18n import _

    shown = _(PART_CODES).split()
    i = PARTS.index(code) if code in PARTS else -1
    return shown[i] if 0 <= i < len(shown) == len(PARTS) else code


#: Transfer chains (BL-17.2): the next part of each part, by number; None for the head
#: and the centre torso, whose excess is discarded (BL-17.3).
NEXT_PART: tuple[int | None, ...] = (None, None, CT, CT, LT, RT, LT, RT)

#: Hit location by the 2d6 total (BL-16.2), index = total (0 and 1 unused).
HIT_LOCATION: tuple[int, ...] = (-1, -1, H, RA, RA, RL, RT, CT, LT, LL, LA, LA, H)

#: The defence roll of each kind of defence against a ranged packet (BL-8.2): faces
#: of the die and the lowest face that succeeds; the shield needs no roll.
DEFENCE_DIE: dict[str, tuple[int, int]] = {"arm": (2, 2), "torso": (4, 4)}

#: The trait with a rule (BL-3.8, BL-19.3), and the spellings read as it.
CHARISMA = "Charisma"
CHARISMA_SPELLINGS = frozenset({"charisma", "харизма"})


class Chassis(msgspec.Struct, frozen=True, kw_only=True):
    """A chassis (BLC-1): its class (``weight``), its maximum structure per part in
    :data:`PARTS` order, base speed in cells per turn, torso slots in LT, CT and RT,
    and whether jump jets may be fitted."""

    code: str
    name: str
    weight: str
    structure: tuple[int, int, int, int, int, int, int, int]
    base_speed: int
    slots: tuple[int, int, int]
    jump_jets: bool


#: BLC-1, by code.
CHASSIS: dict[str, Chassis] = {
    c.code: c
    for c in (
        Chassis(
            code="Scout",
            name=N_("Scout"),
            weight="light",
            structure=(5, 12, 8, 8, 6, 6, 7, 7),
            base_speed=7,
            slots=(1, 0, 1),
            jump_jets=True,
        ),
        Chassis(
            code="Warden",
            name=N_("Warden"),
            weight="medium",
            structure=(6, 16, 11, 11, 8, 8, 10, 10),
            base_speed=6,
            slots=(2, 1, 2),
            jump_jets=True,
        ),
        Chassis(
            code="Bastion",
            name=N_("Bastion"),
            weight="heavy",
            structure=(7, 20, 14, 14, 10, 10, 12, 12),
            base_speed=5,
            slots=(2, 2, 2),
            jump_jets=False,
        ),
    )
}
CHASSIS_NAMES = tuple(CHASSIS)
#: The highest base speed of any chassis: what an opponent knows at most of a mech
#: whose chassis is hidden (BL-19.1).
MAX_BASE_SPEED = max(c.base_speed for c in CHASSIS.values())

#: What an item is (BL-3.5).
Kind = Literal["cannon", "mg", "missiles", "laser", "melee", "shield", "jets"]
#: Where an item may go (BLC-2, BLC-3): a hand (one arm), both hands, a torso slot,
#: the legs (a pair).
Mount = Literal["hand", "hands", "torso", "legs"]


class Item(msgspec.Struct, frozen=True, kw_only=True):
    """A catalogue item (BLC-3 to BLC-5).

    ``damage``: per shot, per salvo (MG) or per missile; ``accuracy``: cells a cannon
    or MG may mark (A); ``missiles``: a launcher's N; ``recoil``: cells of accuracy
    lost per recoil stack (R, BL-11.1); ``recoil_speed``: the mech's max speed lost per
    stack (the A-20's exception, BL-11.4); ``charge_speed``: max speed lost while a
    laser charges or holds (BL-15.4); ``charge_no_defence``: the L-5's "the order may
    declare no defence"; ``structure``: a shield's (BLC-4); ``mounts``: where it may
    go; ``threat``: its Threat rank (BLC-6), 0 for none.
    """

    code: str
    name: str
    short: str
    kind: Kind
    mounts: tuple[Mount, ...]
    damage: int = 0
    accuracy: int = 0
    missiles: int = 0
    recoil: int = 0
    recoil_speed: int = 0
    charge_speed: int = 0
    charge_no_defence: bool = False
    structure: int = 0
    threat: int = 0

    @property
    def ranged(self) -> bool:
        """A cannon, an MG, a missile launcher or a laser (BL-3.5)."""
        return self.kind in ("cannon", "mg", "missiles", "laser")

    @property
    def two_handed(self) -> bool:
        """Held in both arms (BL-3.4)."""
        return self.mounts == ("hands",)

    @property
    def has_recoil(self) -> bool:
        """Cannons and MGs have a recoil stack (BL-11.1)."""
        return self.kind in ("cannon", "mg")


#: BLC-3 to BLC-5, by code. ``short`` is the catalogue name shown in reports (BL-19.2).
ITEMS: dict[str, Item] = {
    i.code: i
    for i in (
        Item(
            code="A-10",
            name=N_("Autocannon A-10"),
            short="A-10",
            kind="cannon",
            mounts=("hand", "torso"),
            damage=5,
            accuracy=3,
            recoil=1,
            threat=3,
        ),
        Item(
            code="A-20",
            name=N_("Heavy cannon A-20"),
            short="A-20",
            kind="cannon",
            mounts=("torso",),
            damage=8,
            accuracy=2,
            recoil=1,
            recoil_speed=1,
            threat=6,
        ),
        Item(
            code="M-6",
            name=N_("Light MG M-6"),
            short="M-6",
            kind="mg",
            mounts=("hand", "torso"),
            damage=1,
            accuracy=6,
            recoil=1,
            threat=4,
        ),
        Item(
            code="M-10",
            name=N_("MG M-10"),
            short="M-10",
            kind="mg",
            mounts=("hand", "torso"),
            damage=1,
            accuracy=10,
            recoil=2,
            threat=7,
        ),
        Item(
            code="R-4",
            name=N_("Missile rack R-4"),
            short="R-4",
            kind="missiles",
            mounts=("torso",),
            damage=2,
            missiles=4,
            threat=5,
        ),
        Item(
            code="R-6",
            name=N_("Missile rack R-6"),
            short="R-6",
            kind="missiles",
            mounts=("torso",),
            damage=2,
            missiles=6,
            threat=8,
        ),
        Item(
            code="L-3",
            name=N_("Light laser L-3"),
            short="L-3",
            kind="laser",
            mounts=("hand", "torso"),
            damage=3,
            charge_speed=2,
            threat=1,
        ),
        Item(
            code="L-5",
            name=N_("Heavy laser L-5"),
            short="L-5",
            kind="laser",
            mounts=("torso",),
            damage=4,
            charge_speed=2,
            charge_no_defence=True,
            threat=2,
        ),
        Item(code="SW", name=N_("Sword"), short=N_("Sword"), kind="melee", mounts=("hand",), damage=5),
        Item(code="HM", name=N_("Hammer"), short=N_("Hammer"), kind="melee", mounts=("hands",), damage=8),
        Item(code="SH", name=N_("Shield"), short=N_("Shield"), kind="shield", mounts=("hand",), structure=10),
        Item(code="JJ", name=N_("Jump jets"), short=N_("Jump jets"), kind="jets", mounts=("legs",)),
    )
}
