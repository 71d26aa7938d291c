"""The Battleline mech builder (BLC-1 to BLC-7), on the kit's scaffold (:mod:`tui.kit.roster`).

A Battleline "roster" is one mech (:class:`engine.rulesets.battleline.roster.Mech`):
the roster's name is the mech's name (BL-19.2), its one unit is the mech, shown by
its pilot (BL-3.8; Enter or ``r`` names the pilot, ``h`` gives or takes Charisma,
BL-19.3), and the unit's parts are the chassis (BLC-1, chosen from the catalogue's
first section) and every place of the mech in mount order (BL-3.7): each arm, each
torso slot of the chassis, the legs. Adding a weapon asks which arm or torso slot
when there is a choice (:func:`engine.rulesets.battleline.roster.mount_places`);
an occupied place is replaced. Every figure (structure, speed, slots, damage,
accuracy, Threat rank) comes from the engine's catalogue and every problem from
:func:`engine.rulesets.battleline.roster.validate`, with its rule ID; a smaller
chassis keeps the items it has no slot for, and the problems say so (BLC-2).

The scaffold does the rest: saving (a mech that breaks a rule only as a draft, after
a warning) into ``<saves folder>/rosters/``, where the new game screen finds it
(:mod:`tui.rulesets.battleline.mechs`), opening a saved mech or a sample (BLC-7),
and, picked from the new game screen, "use this mech", refused while a rule is
broken; then the screen dismisses with the :class:`Mech` itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec
from rich.text import Text
from textual.binding import Binding, BindingType

from engine.i18n import N_, _, ngettext
from engine.rosterfile import Problem
from engine.rulesets.battleline.catalog import CHARISMA, CHASSIS, ITEMS, PARTS, Chassis, Item, part_code
from engine.rulesets.battleline.roster import (
    MECHS_DIR,
    Mech,
    beyond_slots,
    decode_roster,
    encode_roster_file,
    mount,
    mount_places,
    places_of,
    torso_over,
    torso_slots,
    unmount,
    validate,
)
from tui.kit.roster import Entry, Refused, RosterTexts, Row, Total
from tui.kit.roster_builder import RosterBuilder
from tui.rulesets.battleline.texts import item_title, kind_name, mount_text, part_name, trait_name
from tui.textfit import clean, fit

__all__ = [
    "BATTLELINE_TEXTS",
    "BattlelineRosterModel",
    "MechDraft",
    "RosterBuilderScreen",
    "describe_chassis",
    "describe_item",
]

#: The chassis classes of BLC-1, untranslated.
CLASS_NAMES = {"light": N_("light class"), "medium": N_("medium class"), "heavy": N_("heavy class")}


@dataclass
class MechDraft:
    """The mech being edited: the scaffold changes its roster in place, and a
    :class:`Mech` is frozen, so the draft holds the current one."""

    mech: Mech


def _mech_of(roster: MechDraft | Mech) -> Mech:
    return roster.mech if isinstance(roster, MechDraft) else roster


def class_name(chassis: Chassis) -> str:
    """The chassis's class (BLC-1) in the current language."""
    return _(CLASS_NAMES.get(chassis.weight, chassis.weight))


def _mounts_text(item: Item) -> str:
    """Where ``item`` may go (BLC-3's Mounts column), in words."""
    if item.two_handed:
        return _("held in both hands")
    if item.mounts == ("hand", "torso"):
        return _("held in one hand or in a torso slot")
    if item.mounts == ("hand",):
        return _("held in one hand")
    if item.mounts == ("torso",):
        return _("in a torso slot")
    return _("a pair on the legs")


def describe_chassis(chassis: Chassis) -> str:
    """A chassis of BLC-1 in two translated sentences: class, base speed, structure of
    each part, torso slots, jump jets."""
    structure = ", ".join(f"{part_code(p)} {s}" for p, s in zip(PARTS, chassis.structure, strict=True))
    lt, ct, rt = chassis.slots
    text = _(
        "{name} (BLC-1): {weight}, base speed {speed} cells; torso slots LT {lt}, CT {ct}, RT {rt}."
    ).format(name=_(chassis.name), weight=class_name(chassis), speed=chassis.base_speed, lt=lt, ct=ct, rt=rt)
    text += " " + _("Structure: {parts}.").format(parts=structure)
    text += " " + (_("Jump jets allowed.") if chassis.jump_jets else _("Jump jets not allowed (BLC-5)."))
    return text


def describe_item(item: Item) -> str:
    """An item of BLC-3 to BLC-5 in a few translated sentences (for the detail line)."""
    rule = {"shield": "BLC-4", "jets": "BLC-5"}.get(item.kind, "BLC-3")
    parts = [
        _("{name} ({rule}): {kind}, {mounts}.").format(
            name=_(item.name), rule=rule, kind=kind_name(item.kind), mounts=_mounts_text(item)
        )
    ]
    if item.kind == "cannon":
        parts.append(
            _("Damage {damage}; marks {accuracy} cells.").format(damage=item.damage, accuracy=item.accuracy)
        )
    elif item.kind == "mg":
        parts.append(
            _("{damage} damage a marked cell; marks {accuracy} cells.").format(
                damage=item.damage, accuracy=item.accuracy
            )
        )
    elif item.kind == "missiles":
        parts.append(
            _("{missiles} missiles of {damage} damage; they land a turn after the launch (BL-14).").format(
                missiles=item.missiles, damage=item.damage
            )
        )
    elif item.kind == "laser":
        parts.append(
            _("Damage {damage}, always hits; charging costs {speed} max speed (BL-15).").format(
                damage=item.damage, speed=item.charge_speed
            )
        )
    elif item.kind == "melee":
        parts.append(_("Melee damage {damage} (BL-9).").format(damage=item.damage))
    elif item.kind == "shield":
        parts.append(
            _("Structure {structure}; the Shield defence always succeeds (BL-8.2).").format(
                structure=item.structure
            )
        )
    else:
        parts.append(_("Lets the mech take cover from a cover cell (BL-7.3); not on a Bastion."))
    if item.recoil:
        parts.append(
            ngettext(
                "Recoil: {n} cell less a stack (BL-11).",
                "Recoil: {n} cells less a stack (BL-11).",
                item.recoil,
            ).format(n=item.recoil)
        )
    if item.recoil_speed:
        parts.append(_("Each recoil stack also costs {n} max speed (BL-11.4).").format(n=item.recoil_speed))
    if item.charge_no_defence:
        parts.append(_("While it charges the order may declare no defence."))
    if item.threat:
        parts.append(_("Threat rank {rank} (BLC-6).").format(rank=item.threat))
    return " ".join(parts)


def problem_text(problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
    """``problem`` as one translated sentence: the mech's name cut to ``cells``, an
    item's code as its catalogue name, a chassis's in the current language."""
    args = dict(problem.args)
    if isinstance(args.get("mech"), str):
        args["mech"] = fit(args["mech"], cells, ellipsis)
    if isinstance(args.get("item"), str):
        args["item"] = item_title(args["item"])
    if isinstance(args.get("chassis"), str) and args["chassis"] in CHASSIS:
        args["chassis"] = _(CHASSIS[args["chassis"]].name)
    for key in ("code",):
        if isinstance(args.get(key), str):
            args[key] = fit(args[key], cells, ellipsis)
    return _(problem.message).format(**args)


#: Battleline's words in the builder.
BATTLELINE_TEXTS = RosterTexts(
    new_unit=N_("New mech"),
    remove_title=N_("Remove mech"),
    remove_question=N_("Remove {name} and everything it carries?"),
    rename_title=N_("Name the pilot"),
    rename_label=N_("The pilot's name:"),
    add_to=N_("Catalogue: fit out the mech"),
    empty_unit=N_("(nothing mounted yet)"),
    rules_title=N_("Rules (BLC-2)"),
    must_follow=N_("A mech must follow every builder rule to be fielded (BLC-2)."),
    enter_catalogue=N_("in the catalogue: choose the chassis, or mount the item (asks where)"),
    enter_roster=N_("in the mech: name the mech or the pilot, remove the item of a place"),
    add_unit_first=N_("Choose a chassis first (BLC-1)."),
)

#: The names of the sample mechs (BLC-7), shown as written in every language.
SAMPLE_FILES = ("kestrel.json", "bulwark.json", "hornet.json", "ram.json")


class BattlelineRosterModel:
    """One mech (:class:`MechDraft` over :class:`Mech`) for the kit's roster builder
    (:class:`tui.kit.roster.RosterModel`). Row ids: ``mech`` (the pilot), ``chassis``,
    ``p:<place>`` (``p:LA``, ``p:LA+RA``, ``p:LT1``, ``p:legs``); catalogue ids:
    ``ch:<chassis code>``, ``it:<item code>``. Places and mounting come from
    :func:`engine.rulesets.battleline.roster.mount_places` and
    :func:`~engine.rulesets.battleline.roster.mount`, problems from
    :func:`~engine.rulesets.battleline.roster.validate`."""

    key = "battleline"
    texts = BATTLELINE_TEXTS
    new_units = False
    catalogue_follows_unit = True

    # -- the roster ----------------------------------------------------------------
    def new_roster(self) -> MechDraft:
        """A mech without chassis, pilot or items: the catalogue offers the chassis first."""
        return MechDraft(Mech(name=_("New mech"), chassis=""))

    def copy(self, roster: MechDraft | Mech) -> MechDraft:
        return MechDraft(_mech_of(roster))

    def roster_name(self, roster: MechDraft) -> str:
        return roster.mech.name

    def rename_roster(self, roster: MechDraft, name: str) -> None:
        roster.mech = msgspec.structs.replace(roster.mech, name=name)

    def encode(self, roster: MechDraft) -> bytes:
        return encode_roster_file(roster.mech)

    def decode(self, data: bytes) -> MechDraft:
        return MechDraft(decode_roster(data))

    def problems(self, roster: MechDraft) -> list[Problem]:
        return validate(roster.mech)

    def problem_text(self, problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
        return problem_text(problem, cells, ellipsis)

    def totals(self, roster: MechDraft) -> list[Total]:
        """The chassis with its base speed, and the torso slots used (BLC-1, BLC-2)."""
        mech = roster.mech
        chassis = CHASSIS.get(mech.chassis)
        if chassis is None:
            return [Total(_("No chassis yet"), over=True)]
        slots = torso_slots(mech)
        used = sum(u for _p, u, _s in slots)
        total = sum(s for _p, _u, s in slots)
        return [
            Total(_("{chassis}, speed {speed}").format(chassis=_(chassis.name), speed=chassis.base_speed)),
            Total(
                _("torso slots {used} of {total}").format(used=used, total=total),
                over=torso_over(mech),
            ),
        ]

    def details(self, roster: MechDraft) -> list[str]:
        mech = roster.mech
        chassis = CHASSIS.get(mech.chassis)
        out = [_(chassis.name) if chassis else _("no chassis")]
        if mech.pilot.strip():
            out.append(_("pilot {name}").format(name=mech.pilot.strip()))
        return out

    def title(self, name: str) -> str:
        return name

    def examples(self) -> list[tuple[str, bytes]]:
        """The four sample mechs of BLC-7, as shipped."""
        return [(name, (MECHS_DIR / name).read_bytes()) for name in SAMPLE_FILES]

    # -- the mech ------------------------------------------------------------------
    def _pilot_text(self, mech: Mech) -> str:
        pilot = mech.pilot.strip() or _("(no name)")
        if mech.traits:
            pilot += " (" + ", ".join(trait_name(t) for t in mech.traits) + ")"
        return _("Pilot: {pilot}").format(pilot=pilot)

    def rows(self, roster: MechDraft, width: int, ellipsis: str) -> list[Row]:
        mech = roster.mech
        problems = validate(mech)
        rows = [
            Row(
                "mech",
                fit(self._pilot_text(mech), width, ellipsis),
                "",
                0,
                0,
                bad=bool(problems),
                renamable=True,
            )
        ]
        chassis = CHASSIS.get(mech.chassis)
        if chassis is None:
            text = Text(fit(_("(choose a chassis in the catalogue)"), width, ellipsis), style="italic")
        else:
            text = Text(
                fit(
                    _("Chassis: {chassis}").format(chassis=_(chassis.name)),
                    width,
                    ellipsis,
                )
            )
        rows.append(Row("chassis", text, "", 1, 0))
        over = self._beyond(mech)
        for place, code in places_of(mech):
            if place == "legs" and not code and (chassis is None or not chassis.jump_jets):
                continue  # no place for jump jets on this chassis (BLC-5)
            shown = mount_text("LA" if place == "LA+RA" else place)
            if not code:
                text = Text(fit(_("(empty)"), width, ellipsis), style="dim italic")
            else:
                name = item_title(code)
                if place == "LA+RA":
                    name = _("{item}, both hands").format(item=name)
                text = Text(fit(name, width, ellipsis))
                if place in over:
                    text = Text(
                        fit(_("(no slot) {item}").format(item=name), width, ellipsis), style="bold red"
                    )
            rows.append(Row(f"p:{place}", text, shown, 1, 0, removable=bool(code)))
        return rows

    @staticmethod
    def _beyond(mech: Mech) -> set[str]:
        """The torso places beyond the chassis's slots (BLC-2)."""
        out = set()
        for part, _used, slots in torso_slots(mech):
            items = {"LT": mech.lt, "CT": mech.ct, "RT": mech.rt}[part]
            out |= {f"{part}{n + 1}" for n in beyond_slots(items, slots)}
        return out

    def unit_of(self, row_id: str | None) -> int | None:
        if row_id is None or row_id in ("name", "new"):
            return None
        return 0

    def new_unit(self, roster: MechDraft) -> int:
        return 0  # one mech a file: no other unit

    def copy_unit(self, roster: MechDraft, unit: int) -> int:
        return 0

    def unit_name(self, roster: MechDraft, unit: int) -> str:
        return roster.mech.pilot

    def name_problem(self, roster: MechDraft, unit: int, name: str) -> str | None:
        name = name.strip()
        if not name or clean(name).strip() != name:
            return _("The pilot needs a name, without control characters.")
        return None

    def rename_unit(self, roster: MechDraft, unit: int, name: str) -> None:
        roster.mech = msgspec.structs.replace(roster.mech, pilot=name)

    def remove(self, roster: MechDraft, row_id: str) -> str | None:
        if not row_id.startswith("p:"):
            return None
        place = row_id[2:]
        roster.mech = unmount(roster.mech, place)
        ids = [f"p:{p}" for p, _c in places_of(roster.mech)]
        if row_id in ids:
            return row_id
        return "p:LA" if place == "LA+RA" else "chassis"

    def move(self, roster: MechDraft, row_id: str, step: int) -> str | None:
        return None  # places are fixed by the chassis (BL-3.7)

    # -- the catalogue ---------------------------------------------------------------
    def catalogue(self, roster: MechDraft, unit: int | None, width: int, ellipsis: str) -> list[Entry]:
        rows = [Entry("h-chassis", Text(_("Chassis (BLC-1)"), style="bold underline"), heading=True)]
        speed, slots, jets = _chassis_headings()
        rows.append(
            Entry(
                "h-chassis-columns",
                Text(
                    f"{fit(speed, 3, ''):>3} {fit(slots, 5, ''):<5} {fit(jets, 2, ''):<2} " + _("name"),
                    style="italic",
                ),
                heading=True,
            )
        )
        for c in CHASSIS.values():
            slot_text = "/".join(str(n) for n in c.slots)
            jj = _("yes") if c.jump_jets else _("no")
            rows.append(
                Entry(
                    f"ch:{c.code}",
                    f"{c.base_speed:>3} {slot_text:<5} {fit(jj, 3, ''):<3} "
                    + fit(_(c.name), max(6, width - 13), ellipsis),
                )
            )
        rows.append(Entry("h-weapons", Text(_("Weapons (BLC-3)"), style="bold underline"), heading=True))
        damage, hits, where = _item_headings()
        rows.append(
            Entry(
                "h-item-columns",
                Text(
                    f"{fit(damage, 3, ''):>3} {fit(hits, 4, ''):<4} {fit(where, 3, ''):<3} " + _("name"),
                    style="italic",
                ),
                heading=True,
            )
        )
        others = []
        for item in ITEMS.values():
            entry = Entry(f"it:{item.code}", self._item_row(item, width, ellipsis))
            (others if item.kind in ("shield", "jets") else rows).append(entry)
        rows.append(
            Entry(
                "h-other",
                Text(_("Shield and jump jets (BLC-4, BLC-5)"), style="bold underline"),
                heading=True,
            )
        )
        rows.extend(others)
        return rows

    @staticmethod
    def _item_row(item: Item, width: int, ellipsis: str) -> str:
        if item.kind == "missiles":
            hits = f"×{item.missiles}"
        elif item.kind == "laser":
            hits = _("auto")
        elif item.accuracy:
            hits = str(item.accuracy)
        else:
            hits = "-"
        damage = str(item.damage) if item.damage else "-"
        where = _where_short(item)
        return f"{damage:>3} {fit(hits, 4, ''):<4} {fit(where, 3, ''):<3} " + fit(
            _(item.name), max(6, width - 13), ellipsis
        )

    def legend(self, width: int) -> str:
        _damage, hits, _where = _item_headings()
        # what the short column headings stand for
        return _("{acc}: cells or ×missiles; h hand, t torso").format(acc=hits)

    def describe(self, entry_id: str) -> str:
        kind, _sep, code = entry_id.partition(":")
        if kind == "ch" and code in CHASSIS:
            return describe_chassis(CHASSIS[code])
        if kind == "it" and code in ITEMS:
            return describe_item(ITEMS[code])
        return ""

    def places(self, roster: MechDraft, unit: int | None, entry_id: str) -> list[tuple[str, str]]:
        """Where the item may go on this chassis (BLC-2, BLC-3), each with what it holds now."""
        kind, _sep, code = entry_id.partition(":")
        if kind != "it":
            return []
        held = dict(places_of(roster.mech))
        if "LA+RA" in held:
            held["LA"] = held["RA"] = held["LA+RA"]
        out = []
        for place in mount_places(roster.mech, code):
            now = held.get(place) if place != "LA+RA" else (held.get("LA") or held.get("RA"))
            where = _place_label(place)
            if place == "LA+RA" and (held.get("LA") or held.get("RA")):
                now = ", ".join(
                    item_title(c) for c in dict.fromkeys((held.get("LA", ""), held.get("RA", ""))) if c
                )
                out.append((place, _("{place} (replaces {items})").format(place=where, items=now)))
            elif now:
                out.append(
                    (place, _("{place} (replaces {items})").format(place=where, items=item_title(now)))
                )
            else:
                out.append((place, _("{place} (empty)").format(place=where)))
        return out

    def add(self, roster: MechDraft, unit: int | None, entry_id: str, place: str = "") -> str | None:
        kind, _sep, code = entry_id.partition(":")
        mech = roster.mech
        if kind == "ch" and code in CHASSIS:
            roster.mech = msgspec.structs.replace(mech, chassis=code)
            return "chassis"
        if kind != "it" or code not in ITEMS:
            return None
        places = mount_places(mech, code)
        if not places:
            item = ITEMS[code]
            if item.kind == "jets" and mech.chassis in CHASSIS:
                raise Refused(
                    _("The {chassis} chassis cannot carry jump jets (BLC-5).").format(
                        chassis=_(CHASSIS[mech.chassis].name)
                    )
                )
            raise Refused(_(BATTLELINE_TEXTS.add_unit_first))
        place = place or places[0]
        roster.mech = mount(mech, code, place)
        return f"p:{place}"

    # -- Charisma ------------------------------------------------------------------
    def switches(self, roster: MechDraft, row_id: str | None) -> list[str]:
        """``charisma`` on every row of the mech (BL-3.8, BL-19.3)."""
        return ["charisma"] if row_id is not None and row_id != "new" else []

    def switch(self, roster: MechDraft, row_id: str, switch_id: str) -> str | None:
        """Give the pilot Charisma, or take it away (BL-19.3)."""
        if switch_id != "charisma":
            return None
        mech = roster.mech
        traits = tuple(t for t in mech.traits if t != CHARISMA)
        if traits == mech.traits:
            traits = (*mech.traits, CHARISMA)
        roster.mech = msgspec.structs.replace(mech, traits=traits)
        return row_id


def _place_label(place: str) -> str:
    """A place in words: "left arm", "both hands", "left torso, slot 2", "legs"."""
    if place == "LA+RA":
        return _("both hands")
    if place == "legs":
        return _("legs")
    if place in ("LA", "RA"):
        return part_name(place)
    return _("{part}, slot {n}").format(part=part_name(place[:2]), n=place[2:])


def _where_short(item: Item) -> str:
    if item.two_handed:
        return _("2h")
    if item.mounts == ("hand", "torso"):
        return _("h t")
    if item.mounts == ("hand",):
        return _("h")
    if item.mounts == ("torso",):
        return _("t")
    # TRANSLATORS: a leg-module pair's place in the item list, at most 3 characters
    return _("leg")


def _chassis_headings() -> tuple[str, str, str]:
    # TRANSLATORS: column headings of the chassis list, at most 3, 5 and 3 characters:
    # base speed, torso slots LT/CT/RT, jump jets
    return _("spd"), _("slots"), _("jj")


def _item_headings() -> tuple[str, str, str]:
    # TRANSLATORS: column headings of the item list, at most 3, 4 and 3 characters:
    # damage, cells marked (or missiles), where it is mounted
    return _("dam"), _("acc"), _("at")


class RosterBuilderScreen(RosterBuilder):
    """Builds or edits one Battleline mech (see :class:`tui.kit.roster.RosterBuilder`):
    ``pick`` (from the new game screen: "Use mech" dismisses with the
    :class:`engine.rulesets.battleline.roster.Mech`, a valid one only), ``roster``
    (a :class:`Mech` to start from)."""

    MODEL = BattlelineRosterModel()
    SCREEN_TITLE = N_("Mech builder")
    # Battleline's words for the scaffold's keys (a key's bindings are given again whole)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_add", N_("Add"), priority=True),
        Binding("enter", "enter_rename", N_("Rename"), priority=True),
        Binding("enter", "enter_new", N_("New mech"), priority=True, show=False),
        Binding("enter", "enter_remove", N_("Remove"), priority=True),
        Binding("u,г", "use", N_("Use mech")),
        Binding("r,к", "rename", N_("Name the pilot or the mech"), show=False),
        Binding("h,р", "switch('charisma')", N_("Charisma on or off"), show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As the scaffold's, but a mech has no second unit to make or copy."""
        if action in ("new_unit", "copy_unit", "enter_new"):
            return None
        return super().check_action(action, parameters)

    def help_rows(self) -> list[tuple[str, str]]:
        """The scaffold's help, less the keys a single mech has no use for: a new unit,
        a copy, moving a row (places are fixed by the chassis, BL-3.7)."""
        unused = {_("New unit"), _("Copy"), _("move the row up or down")}
        return [(keys, text) for keys, text in super().help_rows() if text not in unused]

    def dismiss(self, result: Any = None) -> Any:
        """Give the :class:`Mech` itself, not the draft that held it."""
        return super().dismiss(result.mech if isinstance(result, MechDraft) else result)
