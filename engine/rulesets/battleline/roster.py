"""Mechs as built before a battle: the builder's model, its checks (BLC-2) and mech files.

A *mech file* is a roster file (:mod:`engine.rosterfile`) whose roster is one
:class:`Mech`: its chassis (BLC-1), what each arm holds, what each torso slot holds,
the leg modules, and its pilot (BL-3.8). :func:`validate` lists every problem with
its rule ID and never raises, so a builder can show them all at once. The four
sample mechs of BLC-7 ship as mech files in ``mechs/`` beside this module
(:func:`sample_mechs`); :func:`random_mech` builds a random valid mech for selfplay.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import msgspec

from engine.i18n import N_
from engine.rosterfile import ROSTER_FORMAT, ROSTER_VERSION, Problem
from engine.rulesets.battleline.catalog import CHARISMA, CHASSIS, ITEMS, Item

__all__ = [
    "MECHS_DIR",
    "Mech",
    "decode_roster",
    "encode_roster_file",
    "may_mount",
    "mount",
    "mount_places",
    "places_of",
    "random_mech",
    "sample_mech",
    "sample_mechs",
    "beyond_slots",
    "torso_over",
    "torso_slots",
    "unmount",
    "validate",
]

#: Where the sample mech files are (BLC-7).
MECHS_DIR = Path(__file__).resolve().parent / "mechs"


class Mech(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """One mech as built (BL-3, BLC-1 to BLC-5).

    ``name``: the mech's name (public, BL-19.2); ``chassis``: a BLC-1 code
    (``"Scout"``, ``"Warden"``, ``"Bastion"``); ``pilot`` and ``traits``: the pilot's
    name and traits (BL-3.8; ``"Charisma"`` is the one with a rule, BL-19.3);
    ``la``/``ra``: the item code held in each arm, "" for none (a two-handed item
    is written in both); ``lt``/``ct``/``rt``: each torso slot's item code in slot
    order, "" for an empty slot (at most as many entries as the chassis has slots);
    ``legs``: the leg-module pair, ``"JJ"`` (jump jets) or "" (BLC-5).
    """

    name: str
    chassis: str
    pilot: str = ""
    traits: tuple[str, ...] = ()
    la: str = ""
    ra: str = ""
    lt: tuple[str, ...] = ()
    ct: tuple[str, ...] = ()
    rt: tuple[str, ...] = ()
    legs: str = ""


def validate(mech: Mech) -> list[Problem]:
    """Every rule ``mech`` breaks, in mount order; empty when it may be fielded.

    Checks: a name and a pilot's name (BL-19.2, BL-3.8); a known chassis (BLC-1);
    known items (BLC-3); each item only where its Mounts allow (BLC-2, BLC-3); a
    two-handed item in both arms and with no other hand item (BLC-2); at most one
    item per torso slot and no more items than the chassis has slots (BLC-2,
    BLC-1); jump jets only as the leg pair and only on a chassis that allows them
    (BLC-2, BLC-5). Nothing can be written for the head (BLC-2).
    """
    out: list[Problem] = []
    name = mech.name.strip() or "?"
    if not mech.name.strip():
        out.append(Problem("BL-19.2", N_("The mech needs a name.")))
    if not mech.pilot.strip():
        out.append(Problem("BL-3.8", N_("{mech}: the pilot needs a name."), {"mech": name}))
    if any(not t.strip() for t in mech.traits):
        out.append(Problem("BL-3.8", N_("{mech}: a trait has no name."), {"mech": name}))
    chassis = CHASSIS.get(mech.chassis)
    if not mech.chassis:
        out.append(
            Problem("BLC-1", N_("{mech}: choose a chassis (Scout, Warden or Bastion)."), {"mech": name})
        )
    elif chassis is None:
        out.append(
            Problem(
                "BLC-1",
                N_("{mech}: unknown chassis {code!r} (Scout, Warden or Bastion)."),
                {"mech": name, "code": mech.chassis},
            )
        )
    out.extend(_hand_problems(mech, name))
    for part, items, slots in (
        ("LT", mech.lt, chassis.slots[0] if chassis else None),
        ("CT", mech.ct, chassis.slots[1] if chassis else None),
        ("RT", mech.rt, chassis.slots[2] if chassis else None),
    ):
        out.extend(_torso_problems(name, part, items, slots))
    if mech.legs:
        item = ITEMS.get(mech.legs)
        if item is None:
            out.append(_unknown(name, mech.legs))
        elif not may_mount(item, "legs"):
            out.append(_misplaced(name, mech.legs, "legs"))
        elif chassis is not None and not chassis.jump_jets:
            out.append(
                Problem(
                    "BLC-5",
                    N_("{mech}: the {chassis} chassis cannot carry jump jets."),
                    {"mech": name, "chassis": chassis.code},
                )
            )
    return out


def _unknown(name: str, code: str) -> Problem:
    return Problem("BLC-3", N_("{mech}: unknown item {code!r}."), {"mech": name, "code": code})


#: Why an item cannot go where it was put, by place (untranslated).
_MISPLACED = {
    "LA": N_("{mech}: the {item} cannot be held in a hand."),
    "RA": N_("{mech}: the {item} cannot be held in a hand."),
    "LT": N_("{mech}: the {item} cannot go in a torso slot."),
    "CT": N_("{mech}: the {item} cannot go in a torso slot."),
    "RT": N_("{mech}: the {item} cannot go in a torso slot."),
    "legs": N_("{mech}: the {item} cannot go on the legs."),
}
#: Too many items for a torso part's slots, by part (untranslated).
_TOO_MANY = {
    "LT": N_("{mech}: more items in the left torso than it has slots ({count} for {slots})."),
    "CT": N_("{mech}: more items in the centre torso than it has slots ({count} for {slots})."),
    "RT": N_("{mech}: more items in the right torso than it has slots ({count} for {slots})."),
}


def _misplaced(name: str, code: str, place: str) -> Problem:
    return Problem("BLC-2", _MISPLACED[place], {"mech": name, "item": code})


def _hand_problems(mech: Mech, name: str) -> list[Problem]:
    """BLC-2 for the arms: hand items only, one per arm, a two-handed item in both."""
    out: list[Problem] = []
    two = [code for code in (mech.la, mech.ra) if code in ITEMS and ITEMS[code].two_handed]
    for arm, code in (("LA", mech.la), ("RA", mech.ra)):
        if not code:
            continue
        item = ITEMS.get(code)
        if item is None:
            out.append(_unknown(name, code))
        elif not may_mount(item, arm):
            out.append(_misplaced(name, code, arm))
    if two and not (len(two) == 2 and mech.la == mech.ra):
        out.append(
            Problem(
                "BLC-2",
                N_("{mech}: the {item} is two-handed: it takes both arms and no other hand item."),
                {"mech": name, "item": two[0]},
            )
        )
    return out


def _torso_problems(name: str, part: str, items: tuple[str, ...], slots: int | None) -> list[Problem]:
    """BLC-2 for one torso part: torso items only, one per slot, no more than its slots."""
    out: list[Problem] = []
    for code in items:
        if not code:
            continue
        item = ITEMS.get(code)
        if item is None:
            out.append(_unknown(name, code))
        elif not may_mount(item, part):
            out.append(_misplaced(name, code, part))
    if slots is not None and beyond_slots(items, slots):
        count = sum(1 for code in items if code)
        out.append(Problem("BLC-2", _TOO_MANY[part], {"mech": name, "slots": slots, "count": count}))
    return out


def beyond_slots(items: tuple[str, ...], slots: int) -> list[int]:
    """The places (0-based) of the items of one torso part written beyond its ``slots``
    (BLC-2: no more items than the chassis has slots there). An empty entry (``""``) is
    an empty slot, not an item, so none beyond the slots breaks the rule."""
    return [n for n in range(slots, len(items)) if items[n]]


def torso_over(mech: Mech) -> bool:
    """Does any torso part of ``mech`` hold an item beyond its chassis's slots
    (:func:`beyond_slots`, BLC-2)? False while the chassis is unknown."""
    chassis = CHASSIS.get(mech.chassis)
    if chassis is None:
        return False
    return any(beyond_slots(_torso(mech, part), chassis.slots[i]) for i, part in enumerate(_TORSO_PARTS))


#: The torso parts that hold slots, in mount order (BL-3.7).
_TORSO_PARTS = ("LT", "CT", "RT")


def may_mount(item: Item, part: str) -> bool:
    """Whether ``item`` may be mounted in ``part`` (BLC-2, BLC-3's Mounts column,
    BL-AMB-53): ``"LA"``/``"RA"`` take a hand item (one- or two-handed),
    ``"LT"``/``"CT"``/``"RT"`` a torso item, ``"legs"`` a leg-module pair; nothing
    goes in the head (``"H"``) or anywhere else."""
    if part in ("LA", "RA"):
        return bool({"hand", "hands"} & set(item.mounts))
    if part in _TORSO_PARTS:
        return "torso" in item.mounts
    if part == "legs":
        return "legs" in item.mounts
    return False


def _torso(mech: Mech, part: str) -> tuple[str, ...]:
    return {"LT": mech.lt, "CT": mech.ct, "RT": mech.rt}[part]


def torso_slots(mech: Mech) -> list[tuple[str, int, int]]:
    """(part, items written, slots of the chassis) for LT, CT and RT (BLC-1, BLC-2); the
    slots are 0 when the chassis is unknown. Items written beyond the slots break
    BLC-2 (:func:`validate` says so)."""
    chassis = CHASSIS.get(mech.chassis)
    out = []
    for i, part in enumerate(_TORSO_PARTS):
        items = _torso(mech, part)
        out.append((part, sum(1 for code in items if code), chassis.slots[i] if chassis else 0))
    return out


def places_of(mech: Mech) -> list[tuple[str, str]]:
    """(place, item code or "") of every place of ``mech`` in mount order (BL-3.7):
    ``"LA"``, ``"RA"`` (a two-handed item appears once, as ``"LA+RA"``), each torso
    slot of the chassis (``"LT1"``, ``"LT2"``, ``"CT1"``…, then any item written
    beyond the chassis's slots, which BLC-2 forbids), and ``"legs"``. The head has no
    place (BLC-2)."""
    out: list[tuple[str, str]] = []
    if mech.la and mech.la == mech.ra and mech.la in ITEMS and ITEMS[mech.la].two_handed:
        out.append(("LA+RA", mech.la))
    else:
        out += [("LA", mech.la), ("RA", mech.ra)]
    for part, _used, slots in torso_slots(mech):
        items = _torso(mech, part)
        for n in range(max(slots, len(items))):
            out.append((f"{part}{n + 1}", items[n] if n < len(items) else ""))
    out.append(("legs", mech.legs))
    return out


def mount_places(mech: Mech, code: str) -> list[str]:
    """Where item ``code`` may be mounted on ``mech``'s chassis (BLC-2, BLC-3, BLC-5),
    in mount order: ``"LA"`` and ``"RA"`` for a one-handed item, ``"LA+RA"`` for a
    two-handed one, each torso slot the chassis has (``"LT1"``…) for a torso item,
    ``"legs"`` for jump jets on a chassis that allows them. Occupied places are
    included (mounting there replaces the item). Empty for an unknown item, and for
    torso items and jump jets while the chassis is unknown."""
    item = ITEMS.get(code)
    if item is None:
        return []
    chassis = CHASSIS.get(mech.chassis)
    out: list[str] = []
    if item.two_handed:
        out.append("LA+RA")
    else:
        out += [arm for arm in ("LA", "RA") if may_mount(item, arm)]
    if chassis is not None:
        for i, part in enumerate(_TORSO_PARTS):
            if may_mount(item, part):
                out += [f"{part}{n + 1}" for n in range(chassis.slots[i])]
        if may_mount(item, "legs") and chassis.jump_jets:
            out.append("legs")
    return out


def mount(mech: Mech, code: str, place: str) -> Mech:
    """``mech`` with item ``code`` mounted at ``place`` (one of :func:`mount_places`),
    replacing what was there: a two-handed item takes both arms, and an item put in
    an arm that held a two-handed one leaves the other arm empty (BLC-2). Raises
    ValueError for a place the item may not take."""
    if place not in mount_places(mech, code):
        raise ValueError(f"{code} cannot be mounted at {place}")
    return _put(unmount(mech, place), code, place)


def unmount(mech: Mech, place: str) -> Mech:
    """``mech`` with ``place`` (see :func:`places_of`) emptied; emptying an arm that
    holds a two-handed item empties both (BLC-2). Empty slots at the end of a torso
    part are dropped, so that the file lists only what is there."""
    if place in ("LA", "RA", "LA+RA"):
        two = mech.la and mech.la == mech.ra and mech.la in ITEMS and ITEMS[mech.la].two_handed
        if place == "LA+RA" or two:
            return msgspec.structs.replace(mech, la="", ra="")
        return _put(mech, "", place)
    return _put(mech, "", place)


def _put(mech: Mech, code: str, place: str) -> Mech:
    """``mech`` with ``code`` written at ``place`` (no check)."""
    if place == "LA+RA":
        return msgspec.structs.replace(mech, la=code, ra=code)
    if place == "LA":
        return msgspec.structs.replace(mech, la=code)
    if place == "RA":
        return msgspec.structs.replace(mech, ra=code)
    if place == "legs":
        return msgspec.structs.replace(mech, legs=code)
    part, slot = place[:2], int(place[2:]) - 1
    items = list(_torso(mech, part))
    items += [""] * (slot + 1 - len(items))
    items[slot] = code
    while items and not items[-1]:
        items.pop()
    return msgspec.structs.replace(mech, **{part.lower(): tuple(items)})


class _MechFile(msgspec.Struct):
    format: str
    version: int
    ruleset: str
    roster: Mech


def encode_roster_file(mech: Mech) -> bytes:
    """A mech file (roster format ``wartable-roster`` version 1, ruleset
    ``battleline``), indented JSON."""
    data = msgspec.json.encode(_MechFile(ROSTER_FORMAT, ROSTER_VERSION, "battleline", mech))
    return msgspec.json.format(data, indent=2) + b"\n"


_decoder = msgspec.json.Decoder(Mech)


def decode_roster(data: bytes) -> Mech:
    """The ``roster`` part of a mech file. Raises msgspec errors on bad data."""
    return _decoder.decode(data)


@cache
def sample_mechs() -> dict[str, Mech]:
    """The sample mechs of BLC-7 (Kestrel, Bulwark, Hornet, Ram), read from their files."""
    out: dict[str, Mech] = {}
    for path in sorted(MECHS_DIR.glob("*.json")):
        head = msgspec.json.decode(path.read_bytes(), type=_MechFile)
        if head.ruleset != "battleline" or validate(head.roster):  # pragma: no cover - tested files
            raise ValueError(f"{path.name} is not a valid mech file")
        out[head.roster.name] = head.roster
    return out


def sample_mech(name: str) -> Mech:
    """The sample mech called ``name`` (BLC-7). Raises KeyError."""
    return sample_mechs()[name]


_PILOTS = ("Vera", "Oleg", "Ilya", "Nadia", "Anna", "Boris", "Lena", "Pavel", "Zoya", "Igor")
_HAND = ("A-10", "M-6", "M-10", "L-3", "SW", "SH", "")
_TORSO = ("A-10", "A-20", "M-6", "M-10", "R-4", "R-6", "L-3", "L-5", "")


def random_mech(rng: random.Random, name: str = "Mech") -> Mech:
    """A random mech that :func:`validate` accepts, with at least one ranged weapon
    (for selfplay). ``rng``: a ``random.Random``."""
    while True:
        chassis = CHASSIS[rng.choice(tuple(CHASSIS))]
        if rng.random() < 0.15:
            la = ra = "HM"
        else:
            la, ra = rng.choice(_HAND), rng.choice(_HAND)
        torso = tuple(tuple(rng.choice(_TORSO) for _ in range(n)) for n in chassis.slots)
        legs = "JJ" if chassis.jump_jets and rng.random() < 0.5 else ""
        mech = Mech(
            name=name,
            chassis=chassis.code,
            pilot=rng.choice(_PILOTS),
            traits=(CHARISMA,) if rng.random() < 0.25 else (),
            la=la,
            ra=ra,
            lt=torso[0],
            ct=torso[1],
            rt=torso[2],
            legs=legs,
        )
        codes = (la, ra, *torso[0], *torso[1], *torso[2])
        if any(c and ITEMS[c].ranged for c in codes) and not validate(mech):
            return mech
