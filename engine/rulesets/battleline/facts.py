"""What never changes about a mech in a battle, worked out once from its build.

:func:`mech_facts` turns a :class:`roster.Mech` into :class:`MechFacts`: its items
in mount order (BL-3.7) with the parts each is located in (BL-3.4), the notation
label of each, which items each defence blocks (BL-8.2), and the catalogue rows it
uses. It is cached by the mech's content (a frozen struct), so every copy of a
state shares the same facts.
"""

from __future__ import annotations

from functools import lru_cache

from engine.rulesets.battleline.catalog import (
    CHARISMA_SPELLINGS,
    CHASSIS,
    ITEMS,
    LA,
    LL,
    PART_INDEX,
    RA,
    RL,
    TORSOS,
    Chassis,
    Item,
)
from engine.rulesets.battleline.roster import Mech

__all__ = ["DEFENCES", "NOTATION_WORDS", "ItemFact", "MechFacts", "mech_facts", "shield_defence"]

#: The defences an order may declare (BL-8.1): none, an arm, a side torso, or a shield
#: named by the arm that carries it (``"SH@LA"``).
DEFENCES = ("", "LA", "RA", "LT", "RT", "SH@LA", "SH@RA")


#: How the notation names the items whose catalogue code is not a word (BLC-3, BLC-4).
NOTATION_WORDS = {"SW": "Sword", "HM": "Hammer", "SH": "Shield"}


def shield_defence(arm: str) -> str:
    """The defence code of the shield carried in ``arm`` (``"LA"`` or ``"RA"``)."""
    return f"SH@{arm}"


class ItemFact:
    """One item of a mech, fixed for the battle.

    ``index``: its place in mount order (BL-3.7), which is how orders name it;
    ``code`` and ``item``: its catalogue entry; ``mount``: ``"LA"``, ``"RA"`` (a
    two-handed item: ``"LA"``, BL-3.7), ``"LT"``, ``"CT"``, ``"RT"`` or ``"legs"``;
    ``slot``: its torso slot (1-based), else 0; ``parts``: the part numbers it is
    located in (both arms for a two-handed item, both legs for a leg module,
    BL-3.4); ``hand``: held in a hand, so public (BL-19.2); ``label``: how the
    notation names it, with ``@`` and its mount only when the code alone is
    ambiguous (``"A-10"``, ``"A-10@LT"``, ``"A-10@LT2"``).
    """

    __slots__ = ("code", "hand", "index", "item", "label", "mount", "parts", "slot")

    def __init__(self, index: int, code: str, mount: str, slot: int, parts: tuple[int, ...]) -> None:
        self.index = index
        self.code = code
        self.item: Item = ITEMS[code]
        self.mount = mount
        self.slot = slot
        self.parts = parts
        self.hand = mount in ("LA", "RA")
        self.label = NOTATION_WORDS.get(code, code)

    def __repr__(self) -> str:
        return f"ItemFact({self.index}, {self.label})"

    @property
    def where(self) -> str:
        """Its mount as text: ``LA``, ``LA+RA`` (two-handed), ``LT2``, ``legs``."""
        if self.item.two_handed:
            return "LA+RA"
        if self.slot:
            return f"{self.mount}{self.slot}"
        return self.mount


class MechFacts:
    """A mech's fixed facts (see the module's description).

    ``mech``; ``chassis``; ``items`` in mount order; ``max_structure`` per part;
    ``base_speed`` (BL-3.3); index lists by kind: ``cannons_mgs`` (recoil stacks,
    BL-11), ``fire`` (cannons, MGs and launchers: cells are marked), ``lasers``,
    ``melee``, ``shields``, ``jets``; ``in_part``: per part, the items located in it;
    ``hands``: the hand items (public, BL-19.2); ``two_handed``: the two-handed
    melee weapon, or None; ``charisma``: the pilot has Charisma (BL-19.3);
    ``most_serious``: the ranged weapon of highest Threat rank (BLC-6), or None;
    ``blocks``: per defence code, the weapons that may not attack with it (BL-8.2);
    ``by_label``: label (upper case) -> item.
    """

    __slots__ = (
        "base_speed",
        "blocks",
        "by_label",
        "cannons_mgs",
        "charisma",
        "chassis",
        "fire",
        "hands",
        "in_part",
        "items",
        "jets",
        "lasers",
        "max_structure",
        "mech",
        "melee",
        "most_serious",
        "shields",
        "two_handed",
    )

    def __init__(self, mech: Mech) -> None:
        self.mech = mech
        self.chassis: Chassis = CHASSIS[mech.chassis]
        self.max_structure = self.chassis.structure
        self.base_speed = self.chassis.base_speed
        items: list[ItemFact] = []
        if mech.la and ITEMS[mech.la].two_handed:
            items.append(ItemFact(0, mech.la, "LA", 0, (LA, RA)))
        else:
            for arm, code in (("LA", mech.la), ("RA", mech.ra)):
                if code:
                    items.append(ItemFact(len(items), code, arm, 0, (PART_INDEX[arm],)))
        for part, codes in (("LT", mech.lt), ("CT", mech.ct), ("RT", mech.rt)):
            for slot, code in enumerate(codes, start=1):
                if code:
                    items.append(ItemFact(len(items), code, part, slot, (PART_INDEX[part],)))
        if mech.legs:
            items.append(ItemFact(len(items), mech.legs, "legs", 0, (LL, RL)))
        self.items = tuple(items)
        self._label_items()
        self.by_label = {f.label.upper(): f for f in items}
        kinds = [f.item.kind for f in items]
        self.cannons_mgs = tuple(i for i, k in enumerate(kinds) if k in ("cannon", "mg"))
        self.fire = tuple(i for i, k in enumerate(kinds) if k in ("cannon", "mg", "missiles"))
        self.lasers = tuple(i for i, k in enumerate(kinds) if k == "laser")
        self.melee = tuple(i for i, k in enumerate(kinds) if k == "melee")
        self.shields = tuple(i for i, k in enumerate(kinds) if k == "shield")
        self.jets = tuple(i for i, k in enumerate(kinds) if k == "jets")
        self.in_part = tuple(tuple(f.index for f in items if p in f.parts) for p in range(8))
        self.hands = tuple(f.index for f in items if f.hand)
        self.two_handed = next((f.index for f in items if f.item.two_handed), None)
        self.charisma = any(t.strip().casefold() in CHARISMA_SPELLINGS for t in mech.traits)
        ranged = [f for f in items if f.item.ranged]
        self.most_serious = max(ranged, key=lambda f: f.item.threat) if ranged else None
        self.blocks = {d: self._blocked(d) for d in DEFENCES}

    def _label_items(self) -> None:
        """Give each item its notation label: the code, or code@mount, or code@mount+slot."""
        for f in self.items:
            same = [g for g in self.items if g.code == f.code]
            if len(same) == 1:
                continue
            same_mount = [g for g in same if g.mount == f.mount]
            word = NOTATION_WORDS.get(f.code, f.code)
            f.label = f"{word}@{f.mount}" if len(same_mount) == 1 else f"{word}@{f.mount}{f.slot}"

    def _blocked(self, defence: str) -> frozenset[int]:
        """The weapons that may not attack in an order with ``defence`` (BL-8.2)."""
        if not defence:
            return frozenset()
        weapons = [f for f in self.items if f.item.kind not in ("shield", "jets")]
        if defence in ("LA", "RA"):
            part = PART_INDEX[defence]
            return frozenset(f.index for f in weapons if part in f.parts)
        torso = frozenset(f.index for f in weapons if any(p in TORSOS for p in f.parts))
        if defence in ("LT", "RT"):
            return torso
        arm = PART_INDEX[defence[3:]]
        return torso | frozenset(f.index for f in weapons if arm in f.parts)

    def shield_in(self, arm: str) -> int | None:
        """The shield held in ``arm`` (``"LA"``/``"RA"``), or None."""
        part = PART_INDEX[arm]
        return next((i for i in self.shields if self.items[i].parts == (part,)), None)

    def defence_part(self, defence: str) -> int:
        """The part number a defence uses: the arm or side torso, or a shield's arm."""
        return PART_INDEX[defence[3:] if defence.startswith("SH@") else defence]


@lru_cache(maxsize=512)
def mech_facts(mech: Mech) -> MechFacts:
    """The fixed facts of ``mech`` (a valid build), shared per content. Raises
    KeyError for an unknown chassis or item (validate the build first)."""
    return MechFacts(mech)
