"""The EVA roster builder (EVA-17), on the kit's scaffold (:mod:`tui.kit.roster`).

What is the EVA's own is its model (:class:`EvaRosterModel`): the roster list
shows each Eva with its points and its weapons, AT level and equipment; the
catalogue lists the weapons (points, hands, damage at close/medium/long range,
melee bonus), the equipment and the AT levels, each described in a sentence; the
points spent and left come from the engine (:func:`engine.rulesets.eva.roster.eva_cost`
and its neighbours) and every problem from :func:`engine.rulesets.eva.roster.validate`
(with its rule ID); automatic fire on a rifle is a switch (``a``). The scaffold does
the rest: the panes, adding and removing, renaming, saving as a draft after a
warning, opening, "use this roster" refused while a rule is broken (EVA-17.10).
"""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from engine.i18n import N_, _, ngettext
from engine.rosterfile import Problem
from engine.rulesets.eva.catalog import AT_COST, BUDGET, EQUIPMENT, INCOMPATIBLE, WEAPONS, Weapon
from engine.rulesets.eva.roster import (
    EvaEntry,
    Roster,
    WeaponEntry,
    at_cost,
    decode_roster,
    encode_roster_file,
    equipment_cost,
    eva_cost,
    roster_cost,
    validate,
    weapon_cost,
)
from tui.kit.roster import Entry, Refused, RosterTexts, Row, Total
from tui.kit.roster_builder import RosterBuilder
from tui.kit.roster_files import RosterPickerScreen
from tui.textfit import clean, fit

__all__ = [
    "EFFECTS",
    "EvaRosterModel",
    "RosterBuilderScreen",
    "describe_at",
    "describe_equipment",
    "describe_weapon",
    "problem_text",
]

#: Cells of the points column of the roster list.
POINTS_CELLS = 4
#: The names of the shipped examples, shown in the interface's language.
EXAMPLE_NAMES = frozenset({N_("Long watch"), N_("Mass production"), N_("NERV first squad")})


def roster_title(name: str) -> str:
    """A roster's name as shown: an example's name in the interface's language."""
    return _(name) if name in EXAMPLE_NAMES else name


def _names_of(problem: Problem) -> str | None:
    name = problem.args.get("name")
    return name.strip() if isinstance(name, str) else None


def problem_text(problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
    """``problem`` as one translated sentence, with a long Eva name cut to ``cells``."""
    args = dict(problem.args)
    if isinstance(args.get("name"), str):
        args["name"] = fit(args["name"], cells, ellipsis)
    for key in ("a", "b", "item"):
        if isinstance(args.get(key), str):
            args[key] = _(args[key])
    return _(problem.message).format(**args)


def _damage(w: Weapon) -> str:
    if w.damage is None:
        return "-/-/-"
    return "/".join(str(d) for d in w.damage)


def describe_weapon(w: Weapon, auto: bool = False) -> str:
    """A weapon of the catalogue in two or three translated sentences (for the detail line)."""
    hands = ngettext("{n} hand", "{n} hands", w.hands).format(n=w.hands)
    points = weapon_cost(WeaponEntry(w.code, auto=auto))
    head = ngettext(
        "{name} ({rule}): {hands}, {points} point.", "{name} ({rule}): {hands}, {points} points.", points
    ).format(name=_(w.name), rule=w.rule, hands=hands, points=points)
    parts = [head]
    if auto:
        parts.append(
            ngettext(
                "With automatic fire (+{points} point, EVA-17.5).",
                "With automatic fire (+{points} points, EVA-17.5).",
                w.auto_points or 0,
            ).format(points=w.auto_points)
        )
    elif w.auto_points is not None:
        parts.append(
            ngettext(
                "Automatic fire can be bought for +{points} point.",
                "Automatic fire can be bought for +{points} points.",
                w.auto_points,
            ).format(points=w.auto_points)
        )
    if w.damage is not None:
        close, medium, long = w.damage
        parts.append(
            _("Damage close {close}, medium {medium}, long {long}; {energy} energy a shot.").format(
                close=close, medium=medium, long=long, energy=w.energy
            )
        )
    if w.melee is not None:
        parts.append(_("Melee bonus +{bonus}.").format(bonus=w.melee))
    if w.ignores_at:
        parts.append(_("Ignores the AT field."))
    if w.at_cap is not None:
        parts.append(_("The target's AT field counts as at most {level}.").format(level=w.at_cap))
    if w.code == "qspear":
        parts.append(_("Not a Spear: reach 1, cannot be thrown, the AT field still counts (EVA-15.9)."))
    if w.thrown:
        parts.append(_("Thrown: the attack uses it up."))
    if w.tn:
        parts.append(_("Target number {tn:+d}.").format(tn=w.tn))
    if w.spear:
        parts.append(_("A Spear: one per Eva."))
    if w.lance:
        parts.append(_("Legendary: one per army."))
    if w.code == "n2":
        parts.append(_("One per Eva."))
    return " ".join(parts)


#: What each equipment item does, in one line of the app's own words (EVA-16).
EFFECTS: dict[str, str] = {
    "s2": N_("+2 maximum energy; regains 2 armour at the start of each activation; its traumas heal sooner."),
    "pseudo": N_(
        "−1 maximum energy, never lowered by damage; rolls its melee dice twice and keeps the better; "
        "ignores body traumas."
    ),
    "dmodule": N_(
        "Self-destruction for 3 energy: every other Eva within 2 squares takes this Eva's armour + 2d6 damage."
    ),
    "targeting": N_("A missed to-hit die is rolled once more."),
    "itargeting": N_("Rolls two to-hit dice and keeps the higher."),
    "arms": N_(
        "Reach +1; +1 melee bonus when attacking at distance 1; attacking from farther, the defender loses."
    ),
    "berserk": N_(
        "At armour 6 or less it may roll to go berserk: maximum energy 15, AT 6, +3 melee bonus, no shooting."
    ),
    "sync": N_(
        "Its maximum energy as damage grows is 14/10/5 instead of 12/10/7; its ranged attacks get TN −1."
    ),
    "jumpjet": N_("Jumps up to 3 squares over anything but blue for 2 energy; then it has no energy left."),
    "wings": N_(
        "Takes off or lands for 1 energy; flies over everything but blue; TN +1 for its shots and for shots at it."
    ),
    "accel": N_("Once a game, for one activation, every step costs half its energy."),
    "jaws": N_("+3 melee bonus; maximum armour 35 instead of 40."),
    "anatomy": N_("Its ranged critical hits need no confirmation die (Spear throws still do)."),
    "shield": N_(
        "Held in both hands: 15 points that take damage first; while held, no shooting and no melee attacks."
    ),
}


def describe_equipment(code: str) -> str:
    """An equipment item in a translated sentence, with what it cannot be combined with."""
    e = EQUIPMENT[code]
    points = equipment_cost(code)
    text = ngettext("{name} ({rule}): {points} point.", "{name} ({rule}): {points} points.", points).format(
        name=_(e.name), rule=e.rule, points=points
    )
    if code in EFFECTS:
        text += " " + _(EFFECTS[code])
    others = [b if a == code else a for a, b in INCOMPATIBLE if code in (a, b)]
    if others:
        text += " " + _("Cannot be combined with {items} (EVA-17.8).").format(
            items=", ".join(_(EQUIPMENT[o].name) for o in others)
        )
    if code == "shield":
        text += " " + _("Not a weapon: it does not count towards the four weapons.")
    return text


def describe_at(level: int) -> str:
    """An AT level in a translated sentence."""
    if level == 0:
        return _("No AT field (level 0): 0 points (EVA-17.6).")
    return (
        ngettext(
            "AT-{level} (EVA-17.6): {points} point.",
            "AT-{level} (EVA-17.6): {points} points.",
            at_cost(level),
        ).format(level=level, points=at_cost(level))
        + " "
        + _(
            "Takes {level} off the damage of every hit; a hit still costs at least 1 armour (EVA-13.3)."
        ).format(level=level)
    )


#: The EVA's words in the builder.
EVA_TEXTS = RosterTexts(
    new_unit=N_("New Eva"),
    remove_title=N_("Remove Eva"),
    remove_question=N_("Remove {name} and everything it carries from the roster?"),
    rename_title=N_("Rename Eva"),
    rename_label=N_("The Eva's name:"),
    add_to=N_("Catalogue: add to {name}"),
    empty_unit=N_("(nothing added yet)"),
    rules_title=N_("Rules (EVA-17)"),
    must_follow=N_("A roster must follow every rule of army building to be played (EVA-17.10)."),
    enter_catalogue=N_("in the catalogue: add the item to the current Eva"),
    enter_roster=N_("in the roster: rename the roster or the Eva, remove an item, add an Eva"),
    add_unit_first=N_("Add an Eva first (n)."),
)


class EvaRosterModel:
    """The EVA roster (:class:`engine.rulesets.eva.roster.Roster`) for the kit's
    roster builder (:class:`tui.kit.roster.RosterModel`): Evas are the units, their
    weapons, AT level and equipment the parts. Row ids: ``eva-<i>``, ``w-<i>-<j>``
    (weapon j of Eva i), ``at-<i>``, ``eq-<i>-<j>``, ``empty-<i>``; catalogue ids:
    ``w:<code>``, ``wa:<code>`` (with automatic fire), ``eq:<code>``, ``at:<level>``.
    Every cost comes from the engine's roster functions, every problem from
    :func:`engine.rulesets.eva.roster.validate`."""

    key = "eva"
    texts = EVA_TEXTS
    new_units = True
    catalogue_follows_unit = False

    # -- the roster --------------------------------------------------------------
    def new_roster(self) -> Roster:
        roster = Roster(name=_("New roster"), evas=[])
        roster.evas.append(EvaEntry(self._free_name(roster)))
        return roster

    def copy(self, roster: Roster) -> Roster:
        return Roster(name=roster.name, evas=[_copy_eva(e) for e in roster.evas])

    def roster_name(self, roster: Roster) -> str:
        return roster.name

    def rename_roster(self, roster: Roster, name: str) -> None:
        roster.name = name

    def encode(self, roster: Roster) -> bytes:
        return encode_roster_file(roster)

    def decode(self, data: bytes) -> Roster:
        return decode_roster(data)

    def problems(self, roster: Roster) -> list[Problem]:
        return validate(roster)

    def problem_text(self, problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
        return problem_text(problem, cells, ellipsis)

    def totals(self, roster: Roster) -> list[Total]:
        spent = roster_cost(roster)
        left = BUDGET - spent
        if left >= 0:
            text = _("{spent} of {budget} points spent, {left} left").format(
                spent=spent, budget=BUDGET, left=left
            )
        else:
            text = _("{spent} of {budget} points spent, {over} over the limit").format(
                spent=spent, budget=BUDGET, over=-left
            )
        return [Total(text, left < 0)]

    def details(self, roster: Roster) -> list[str]:
        cost = roster_cost(roster)
        return [
            ngettext("{points} point", "{points} points", cost).format(points=cost),
            ngettext("{n} Eva", "{n} Evas", len(roster.evas)).format(n=len(roster.evas)),
        ]

    def title(self, name: str) -> str:
        return roster_title(name)

    def examples(self) -> list[tuple[str, bytes]]:
        folder = resources.files("engine.rulesets.eva") / "rosters"
        return [(p.name, p.read_bytes()) for p in folder.iterdir() if p.name.endswith(".json")]

    # -- the Evas --------------------------------------------------------------------
    def rows(self, roster: Roster, width: int, ellipsis: str) -> list[Row]:
        bad_names = {n for p in validate(roster) if (n := _names_of(p)) is not None}
        rows: list[Row] = []
        for i, e in enumerate(roster.evas):
            name = e.name.strip()
            rows.append(
                Row(
                    f"eva-{i}",
                    fit(name or _("(no name)"), width, ellipsis),
                    str(eva_cost(e)),
                    0,
                    i,
                    bad=name in bad_names or not name,
                    removable=True,
                    renamable=True,
                    movable=True,
                )
            )
            for j, w in enumerate(e.weapons):
                cat = WEAPONS.get(w.code)
                text = _(cat.name) if cat is not None else w.code
                if w.auto:
                    text = _("{weapon}, automatic fire").format(weapon=text)
                rows.append(
                    Row(f"w-{i}-{j}", fit(text, width, ellipsis), str(weapon_cost(w)), 1, i, removable=True)
                )
            if e.at:
                rows.append(
                    Row(
                        f"at-{i}",
                        _("AT-{level}").format(level=e.at),
                        str(at_cost(e.at)),
                        1,
                        i,
                        removable=True,
                    )
                )
            for j, code in enumerate(e.equipment):
                item = EQUIPMENT.get(code)
                text = fit(_(item.name) if item else code, width, ellipsis)
                rows.append(Row(f"eq-{i}-{j}", text, str(equipment_cost(code)), 1, i, removable=True))
            if not e.weapons and not e.equipment and not e.at:
                rows.append(
                    Row(f"empty-{i}", fit(_(EVA_TEXTS.empty_unit), width, ellipsis), unit=i, note=True)
                )
        return rows

    def unit_of(self, row_id: str | None) -> int | None:
        if row_id is None or row_id in ("name", "new"):
            return None
        parts = row_id.split("-")
        try:
            return int(parts[1])
        except (IndexError, ValueError):
            return None

    def new_unit(self, roster: Roster) -> int:
        roster.evas.append(EvaEntry(self._free_name(roster)))
        return len(roster.evas) - 1

    def copy_unit(self, roster: Roster, unit: int) -> int:
        source = roster.evas[unit]
        copy = _copy_eva(source)
        copy.name = self._free_name(roster, source.name.strip() or _("(no name)"))
        roster.evas.insert(unit + 1, copy)
        return unit + 1

    def unit_name(self, roster: Roster, unit: int) -> str:
        return roster.evas[unit].name if 0 <= unit < len(roster.evas) else ""

    def name_problem(self, roster: Roster, unit: int, name: str) -> str | None:
        name = name.strip()
        if not name or clean(name).strip() != name:
            return _("An Eva needs a name, without control characters.")
        if any(o.name.strip() == name for k, o in enumerate(roster.evas) if k != unit):
            return _("Another Eva of this roster has that name.")
        return None

    def rename_unit(self, roster: Roster, unit: int, name: str) -> None:
        if 0 <= unit < len(roster.evas):
            roster.evas[unit].name = name

    def remove(self, roster: Roster, row_id: str) -> str | None:
        kind, *nums = row_id.split("-")
        index = self.unit_of(row_id)
        if index is None or not 0 <= index < len(roster.evas):
            return None
        e = roster.evas[index]
        if kind == "w":
            del e.weapons[int(nums[1])]
        elif kind == "eq":
            del e.equipment[int(nums[1])]
        elif kind == "at":
            e.at = 0
        elif kind == "eva":
            del roster.evas[index]
            if not roster.evas:
                return "new"
            return f"eva-{min(index, len(roster.evas) - 1)}"
        else:
            return None
        return row_id if self._exists(roster, row_id) else f"eva-{index}"

    def move(self, roster: Roster, row_id: str, step: int) -> str | None:
        """An Eva goes up or down the roster (its order gives the Evas' letters on the
        board); weapons and equipment keep theirs."""
        index = self.unit_of(row_id)
        if not row_id.startswith("eva-") or index is None:
            return None
        to = index + step
        if not 0 <= to < len(roster.evas):
            return None
        roster.evas[index], roster.evas[to] = roster.evas[to], roster.evas[index]
        return f"eva-{to}"

    def _exists(self, roster: Roster, row_id: str) -> bool:
        kind, *nums = row_id.split("-")
        try:
            e = roster.evas[int(nums[0])]
            if kind == "w":
                return int(nums[1]) < len(e.weapons)
            if kind == "eq":
                return int(nums[1]) < len(e.equipment)
            if kind == "at":
                return e.at != 0
        except (IndexError, ValueError):
            return False
        return True

    def _free_name(self, roster: Roster, base: str | None = None) -> str:
        """An Eva name not used in the roster: ``Eva-N`` or ``<base> (N)``."""
        used = {e.name.strip() for e in roster.evas}
        n = 1 if base is None else 2
        while True:
            name = _("Eva-{n}").format(n=n) if base is None else f"{base} ({n})"
            if name not in used:
                return name
            n += 1

    # -- the catalogue -------------------------------------------------------------------
    def catalogue(self, roster: Roster, unit: int | None, width: int, ellipsis: str) -> list[Entry]:
        rows: list[Entry] = [Entry("h-weapons", Text(_("Weapons"), style="bold underline"), heading=True)]
        points, hands, damage, melee = _headings()
        columns = (
            f"{fit(points, 3, ''):>3} {fit(hands, 1, '')} {fit(damage, 7, ''):<7} {fit(melee, 3, ''):>3}"
        )
        rows.append(Entry("h-columns", Text(columns + " " + _("name"), style="italic"), heading=True))
        name_cells = max(6, width - 17)
        for w in WEAPONS.values():
            bonus = f"+{w.melee}" if w.melee is not None else "-"
            for auto in (False, True) if w.auto_points is not None else (False,):
                cost = weapon_cost(WeaponEntry(w.code, auto=auto))
                label = _("{weapon}, automatic fire").format(weapon=_(w.name)) if auto else _(w.name)
                rows.append(
                    Entry(
                        f"{'wa' if auto else 'w'}:{w.code}",
                        f"{cost:>3} {w.hands} {_damage(w):<7} {bonus:>3} {fit(label, name_cells, ellipsis)}",
                    )
                )
        rows.append(Entry("h-equipment", Text(_("Equipment"), style="bold underline"), heading=True))
        for e in EQUIPMENT.values():
            rows.append(
                Entry(f"eq:{e.code}", f"{equipment_cost(e.code):>3} {fit(_(e.name), width - 4, ellipsis)}")
            )
        rows.append(Entry("h-at", Text(_("AT field"), style="bold underline"), heading=True))
        for level in range(len(AT_COST)):
            label = _("AT-{level}").format(level=level) if level else _("no AT field")
            rows.append(Entry(f"at:{level}", f"{at_cost(level):>3} {label}"))
        return rows

    def legend(self, width: int) -> str:
        _points, hands, damage, melee = _headings()
        # what the short column headings stand for
        return _("{h} hands, {d} damage, {m} melee bonus").format(h=hands, d=damage, m=melee)

    def describe(self, entry_id: str) -> str:
        kind, _sep, code = entry_id.partition(":")
        if kind in ("w", "wa") and code in WEAPONS:
            return describe_weapon(WEAPONS[code], auto=kind == "wa")
        if kind == "eq" and code in EQUIPMENT:
            return describe_equipment(code)
        if kind == "at" and code.isdigit():
            return describe_at(int(code))
        return ""

    def places(self, roster: Roster, unit: int | None, entry_id: str) -> list[tuple[str, str]]:
        return []  # an Eva carries what it buys; what it holds is chosen in the game (EVA-9.1)

    def add(self, roster: Roster, unit: int | None, entry_id: str, place: str = "") -> str | None:
        kind, _sep, code = entry_id.partition(":")
        if unit is None or not 0 <= unit < len(roster.evas):
            raise Refused(_(EVA_TEXTS.add_unit_first))
        e = roster.evas[unit]
        if kind in ("w", "wa") and code in WEAPONS:
            e.weapons.append(WeaponEntry(code, auto=kind == "wa"))
            return f"w-{unit}-{len(e.weapons) - 1}"
        if kind == "eq" and code in EQUIPMENT:
            e.equipment.append(code)
            return f"eq-{unit}-{len(e.equipment) - 1}"
        if kind == "at" and code.isdigit():
            e.at = int(code)
            return f"at-{unit}" if e.at else f"eva-{unit}"
        return None

    # -- automatic fire -----------------------------------------------------------------
    def switches(self, roster: Roster, row_id: str | None) -> list[str]:
        """``auto`` on a rifle that may have automatic fire (EVA-17.5)."""
        if not row_id or not row_id.startswith("w-"):
            return []
        _w, i, j = row_id.split("-")
        try:
            cat = WEAPONS.get(roster.evas[int(i)].weapons[int(j)].code)
        except (IndexError, ValueError):
            return []
        return ["auto"] if cat is not None and cat.auto_points is not None else []

    def switch(self, roster: Roster, row_id: str, switch_id: str) -> str | None:
        """Buy or drop automatic fire for the rifle on ``row_id`` (EVA-17.5)."""
        if switch_id != "auto" or "auto" not in self.switches(roster, row_id):
            return None
        _w, i, j = row_id.split("-")
        weapons = roster.evas[int(i)].weapons
        w = weapons[int(j)]
        weapons[int(j)] = WeaponEntry(w.code, auto=not w.auto)
        return row_id


def _headings() -> tuple[str, str, str, str]:
    # TRANSLATORS: column headings of the weapon list, at most 3, 1, 7, 3 characters:
    # points, hands, damage at close/medium/long range, melee bonus
    return _("pts"), _("H"), _("c/m/l"), _("mel")


class RosterBuilderScreen(RosterBuilder):
    """Builds or edits one EVA roster (see :class:`tui.kit.roster.RosterBuilder`):
    ``pick`` (from the new game screen: "Use roster" dismisses with the
    :class:`engine.rulesets.eva.roster.Roster`, a valid one only), ``roster`` (to start
    from)."""

    MODEL = EvaRosterModel()
    # the EVA's words for the scaffold's keys (a key's bindings are given again whole)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_add", N_("Add"), priority=True),
        Binding("enter", "enter_rename", N_("Rename"), priority=True),
        Binding("enter", "enter_new", N_("New Eva"), priority=True, show=False),
        Binding("enter", "enter_remove", N_("Remove"), priority=True),
        Binding("n,т", "new_unit", N_("New Eva")),
        Binding("r,к", "rename", N_("Rename the Eva or the roster"), show=False),
        Binding("a,ф", "switch('auto')", N_("Automatic fire on or off"), show=False),
    ]

    def picker(self) -> RosterPickerScreen:
        """The EVA's window of roster files."""
        from tui.rulesets.eva.roster_picker import RosterPickerScreen as EvaPicker

        return EvaPicker(self.wapp.saves_folder, "open")


def _copy_eva(e: EvaEntry) -> EvaEntry:
    return EvaEntry(e.name, list(e.weapons), e.at, list(e.equipment))
