"""Words the Battleline panels share: parts, items, kinds of weapon, the steps of a
turn's resolution, a mech's build in a few lines, and the side colours.

Everything is translated when called (never at import); part codes are written
as the current language writes them (``LT``, ``ЛТ``), the notation's codes stay
as they are typed.
"""

from __future__ import annotations

from engine.i18n import N_, _
from engine.rulesets.battleline.catalog import CHASSIS, ITEMS, PART_NAMES, part_code
from engine.rulesets.battleline.roster import Mech

__all__ = [
    "KIND_NAMES",
    "SEAT_COLOURS",
    "STEPS",
    "build_lines",
    "item_title",
    "kind_name",
    "mount_text",
    "part_name",
    "seat_colour",
    "seat_mark",
    "trait_name",
]

#: A colour per seat (the rules' seats 1..4, then again); a seat is also always named by
#: its digit, so the colour never carries the meaning alone.
SEAT_COLOURS = ("red3", "dodger_blue2", "green4", "dark_orange3", "magenta3", "cyan4", "yellow4", "purple4")

#: What each kind of weapon is called on the order sheet (untranslated).
KIND_NAMES = {
    "cannon": N_("cannon"),
    "mg": N_("MG"),
    "missiles": N_("missiles"),
    "laser": N_("laser"),
    "melee": N_("melee"),
    "shield": N_("shield"),
    "jets": N_("jump jets"),
}

#: The traits with a rule (BL-3.8, BL-19.3), untranslated; others are shown as written.
TRAIT_NAMES = {"Charisma": N_("Charisma")}

#: The nine steps of a turn's resolution (BL-4.4): (code, title), untranslated.
STEPS: tuple[tuple[str, str], ...] = (
    ("R1", N_("Movement")),
    ("R2", N_("Cover")),
    ("R3", N_("Melee")),
    ("R4", N_("Ranged fire")),
    ("R5", N_("Missiles")),
    ("R6", N_("Lasers")),
    ("R7", N_("Recoil")),
    ("R8", N_("Damage")),
    ("R9", N_("End of turn")),
)


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_mark(seat: int) -> str:
    """How a seat is named on the board and in the notation: its number, 1-based."""
    return str(seat + 1)


def trait_name(trait: str) -> str:
    """A pilot's trait as shown: one with a rule in the current language, else as written."""
    return _(TRAIT_NAMES[trait]) if trait in TRAIT_NAMES else trait


def part_name(code: str) -> str:
    """Part ``code`` (``"LT"``) as a word: ``left torso``."""
    return _(PART_NAMES[code]) if code in PART_NAMES else code


def item_title(code: str) -> str:
    """Item ``code``'s catalogue name (``Autocannon A-10``), translated."""
    item = ITEMS.get(code)
    return _(item.name) if item is not None else code


def kind_name(kind: str) -> str:
    """A kind of item as the order sheet calls it."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def mount_text(where: str) -> str:
    """A mount (``LA``, ``LA+RA``, ``LT2``, ``legs``) in the current language."""
    if where == "legs":
        return _("legs")
    out = []
    for piece in where.split("+"):
        code, slot = piece[:2], piece[2:]
        out.append(part_code(code) + slot)
    return "+".join(out)


def build_lines(mech: Mech) -> list[str]:
    """A mech's build in a few lines for the new game screen: pilot and traits, the
    chassis (class, base speed), what each arm holds, each torso part's items, the
    legs (BL-3, BLC-1 to BLC-5)."""
    chassis = CHASSIS.get(mech.chassis)
    lines = []
    pilot = mech.pilot or "?"
    if mech.traits:
        pilot = f"{pilot} ({', '.join(trait_name(t) for t in mech.traits)})"
    lines.append(_("Pilot: {pilot}").format(pilot=pilot))
    if chassis is not None:
        lines.append(
            _("Chassis: {chassis}, base speed {speed} cells, structure H {h}, CT {ct}").format(
                chassis=_(chassis.name),
                speed=chassis.base_speed,
                h=chassis.structure[0],
                ct=chassis.structure[1],
            )
        )
    hands = []
    if mech.la and mech.la == mech.ra:
        hands.append(f"{item_title(mech.la)} ({mount_text('LA+RA')})")
    else:
        for arm, code in (("LA", mech.la), ("RA", mech.ra)):
            if code:
                hands.append(f"{item_title(code)} ({mount_text(arm)})")
    lines.append(_("In hand: {items}").format(items=", ".join(hands) if hands else _("nothing")))
    torso = []
    for part, codes in (("LT", mech.lt), ("CT", mech.ct), ("RT", mech.rt)):
        for code in codes:
            if code:
                torso.append(f"{item_title(code)} ({mount_text(part)})")
    lines.append(_("Torso: {items}").format(items=", ".join(torso) if torso else _("nothing")))
    if mech.legs:
        lines.append(_("Legs: {items}").format(items=item_title(mech.legs)))
    return lines
