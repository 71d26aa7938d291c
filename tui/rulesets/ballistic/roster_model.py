"""Going Ballistic's army for the kit's roster builder (:mod:`tui.kit.roster`): the
model over the engine's roster (GB-18).

A roster (:class:`engine.rulesets.ballistic.roster.Roster`) is mechs and auxiliary
units. Units come only from the catalogue: choosing a chassis (GB-18.1) adds a mech,
choosing an auxiliary unit (GB-18.2) adds one with its fixed profile. Weapons
(GB-18.3) and equipment (GB-18.4) are mounted on the current mech, in mount order
(GB-18.5: the order of its failure rolls, GB-14.4), which ``move`` changes; units
move in roster order (GB-4.6). Each mech's row shows the payload its mounts use
against its chassis payload ("12/20 t"), the header the roster mass against the limit
(GB-18.5). Every mass, limit and problem comes from the engine
(:mod:`engine.rulesets.ballistic.roster`, the catalogue), with its rule ID; an item
that goes over a limit is still mounted, and the problem is shown at once (GB-18.5:
the builder never refuses silently). Only an auxiliary unit refuses items: its profile
is fixed (GB-18.2).

Row ids: ``u-<i>`` (unit i), ``w-<i>-<j>`` (weapon j of mech i), ``e-<i>-<j>``
(equipment j), ``f-<i>-<j>`` (item j of an auxiliary unit's fixed profile, not
removable), ``empty-<i>`` (a mech with nothing mounted). Catalogue ids: ``c:<key>``
(chassis), ``a:<key>`` (auxiliary unit), ``w:<key>:<chassis>`` (a weapon, described
on the current mech's chassis, or ``w:<key>:`` with no mech), ``e:<key>``.
"""

from __future__ import annotations

from importlib import resources

from rich.text import Text

from engine.i18n import N_, _, ngettext
from engine.rosterfile import Problem
from engine.rulesets.ballistic.catalog import (
    AUXILIARIES,
    CHASSIS,
    CLASS_AIR,
    DEFAULT_MASS_LIMIT,
    EQUIPMENT,
    WEAPONS,
    Weapon,
    chart,
    effective_c,
    in_range,
)
from engine.rulesets.ballistic.roster import (
    Roster,
    UnitEntry,
    decode_roster,
    encode_roster_file,
    free_name,
    name_problem,
    payload_used,
    roster_mass,
    tonnes,
    unit_mass,
    validate,
)
from tui.kit.roster import Entry, Refused, RosterTexts, Row, Total
from tui.rulesets.ballistic.panels import profile_name
from tui.textfit import fit

__all__ = [
    "BALLISTIC_TEXTS",
    "EXAMPLE_NAMES",
    "BallisticRosterModel",
    "describe_auxiliary",
    "describe_chassis",
    "describe_equipment",
    "describe_weapon",
    "problem_text",
    "roster_title",
]

#: The names of the shipped examples, shown in the interface's language.
EXAMPLE_NAMES = frozenset({N_("Strike lance"), N_("Recon screen")})

#: What each equipment item does, in the app's own words (GB-18.4).
EQUIPMENT_USES: dict[str, str] = {
    "designator": N_("Designates an enemy unit the user sees, for guided missiles (GB-13.1)."),
    "smoke": N_("Lays smoke on a hex up to 3 away in the front arc and its neighbours (GB-3.7)."),
}

#: Going Ballistic's words in the builder.
BALLISTIC_TEXTS = RosterTexts(
    new_unit=N_("New mech"),
    remove_title=N_("Remove the unit"),
    remove_question=N_("Remove {name} and everything mounted on it from the roster?"),
    rename_title=N_("Rename the unit"),
    rename_label=N_("The unit's name (letters, digits, - or _):"),
    add_to=N_("Catalogue: add to {name}"),
    empty_unit=N_("(nothing mounted yet)"),
    rules_title=N_("Rules (GB-18.5)"),
    must_follow=N_("An army must follow every rule of army building to be played (GB-18.5)."),
    enter_catalogue=N_(
        "in the catalogue: add a mech or an auxiliary unit, or mount the item on the current mech"
    ),
    enter_roster=N_("in the roster: rename the roster or a unit, or remove a weapon or an item"),
    add_unit_first=N_("Choose a chassis first: it adds a mech (GB-18.1)."),
)


def roster_title(name: str) -> str:
    """A roster's name as shown: an example's name in the interface's language."""
    return _(name) if name in EXAMPLE_NAMES else name


def problem_text(problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
    """``problem`` as one translated sentence, a unit's name cut to ``cells``."""
    args = dict(problem.args)
    for key in ("unit", "name", "key"):
        if isinstance(args.get(key), str):
            args[key] = fit(args[key], cells, ellipsis)
    return _(problem.message).format(**args)


def _t(mass: object) -> str:
    """``3.5 t`` (the engine's way of writing tonnes)."""
    return _("{mass} t").format(mass=tonnes(mass))  # type: ignore[arg-type]


def describe_chassis(key: str) -> str:
    """A chassis of the catalogue in a translated sentence or two (GB-18.1)."""
    c = CHASSIS[key]
    return (
        _(
            "{name} (GB-18.1): a mech of {mass}; Max Health {health}, Speed {speed}, weapon platform {p:+d}; "
            "payload {payload} on {w} weapon and {e} equipment mounts."
        ).format(
            name=_(c.name),
            mass=_t(c.mass),
            health=c.max_health,
            speed=c.speed,
            p=c.platform,
            payload=_t(c.payload),
            w=c.weapon_mounts,
            e=c.equipment_mounts,
        )
        + " "
        + _("Enter adds a new mech.")
    )


def describe_auxiliary(key: str) -> str:
    """An auxiliary unit of the catalogue in a translated sentence or two (GB-18.2)."""
    a = AUXILIARIES[key]
    kind = _("an air unit") if a.cls == CLASS_AIR else _("a small ground unit")
    items = ", ".join(_(WEAPONS[k].name) for k in a.weapons) or ", ".join(
        _(EQUIPMENT[k].name) for k in a.equipment
    )
    return _(
        "{name} (GB-18.2): {kind} of {mass}; Max Health {health}, Speed {speed}; {items}. "
        "A fixed profile: nothing is added to it."
    ).format(name=_(a.name), kind=kind, mass=_t(a.mass), health=a.max_health, speed=a.speed, items=items)


def describe_weapon(w: Weapon, chassis: str = "") -> str:
    """A weapon of the catalogue in translated sentences (GB-18.3); on ``chassis`` (a
    key), where its chart gives grade 1 and how far it reaches (GB-9.5, GB-9.6, GB-18.7)."""
    parts = [
        _("{name} (GB-18.3): {mass}; damage {damage}, rate of fire {rof}, C {c}, K {k}.").format(
            name=_(w.name), mass=_t(w.mass), damage=w.damage, rof=w.rof, c=w.c, k=w.k
        )
    ]
    if w.he:
        parts.append(_("HE."))
    if w.arc is not None:
        parts.append(
            _("Arc fire: {low}–{high} hexes, speed {speed}, CEP {cep}.").format(
                low=w.arc[0], high=w.arc[1], speed=w.speed, cep=w.cep
            )
        )
    if w.guided:
        parts.append(_("Guided."))
    c = CHASSIS.get(chassis)
    if c is not None:
        grades = chart(w, c.platform)
        best = [d for d, g in enumerate(grades, start=1) if g == 1]
        reach = [d for d, g in enumerate(grades, start=1) if in_range(d, g)]
        if best and reach:
            parts.append(
                _(
                    "On a {chassis} (P {p:+d}, C_eff {c_eff}): grade 1 at {low}–{high}, "
                    "range {near}–{far} hexes (GB-18.7)."
                ).format(
                    chassis=_(c.name),
                    p=c.platform,
                    c_eff=effective_c(w, c.platform),
                    low=best[0],
                    high=best[-1],
                    near=reach[0],
                    far=reach[-1],
                )
            )
    return " ".join(parts)


def describe_equipment(key: str) -> str:
    """An equipment item in a translated sentence or two (GB-18.4)."""
    e = EQUIPMENT[key]
    text = _("{name} (GB-18.4): {mass}.").format(name=_(e.name), mass=_t(e.mass))
    if e.charges:
        text += " " + ngettext("{n} charge per battle.", "{n} charges per battle.", e.charges).format(
            n=e.charges
        )
    if key in EQUIPMENT_USES:
        text += " " + _(EQUIPMENT_USES[key])
    return text


def _split(row_id: str | None) -> tuple[str, list[int]]:
    """``("w", [2, 1])`` for ``w-2-1``; ``("", [])`` for anything else."""
    if not row_id:
        return "", []
    kind, *nums = row_id.split("-")
    try:
        return kind, [int(n) for n in nums]
    except ValueError:
        return "", []


class BallisticRosterModel:
    """The Going Ballistic roster for the kit's roster builder
    (:class:`tui.kit.roster.RosterModel`; see the module's docstring for the rows and
    the catalogue). Problems are :func:`engine.rulesets.ballistic.roster.validate`'s
    against ``mass_limit`` tonnes (GB-18.5, default 150 t)."""

    key = "ballistic"
    texts = BALLISTIC_TEXTS
    new_units = False
    catalogue_follows_unit = True

    def __init__(self, mass_limit: int = DEFAULT_MASS_LIMIT) -> None:
        self.mass_limit = mass_limit

    # -- the roster --------------------------------------------------------------
    def new_roster(self) -> Roster:
        return Roster(name=_("New army"), units=[])

    def copy(self, roster: Roster) -> Roster:
        return Roster(name=roster.name, units=[_copy_unit(u) for u in roster.units])

    def roster_name(self, roster: Roster) -> str:
        return roster.name

    def rename_roster(self, roster: Roster, name: str) -> None:
        roster.name = name

    def encode(self, roster: Roster) -> bytes:
        return encode_roster_file(roster)

    def decode(self, data: bytes) -> Roster:
        return decode_roster(data)

    def problems(self, roster: Roster) -> list[Problem]:
        return validate(roster, self.mass_limit)

    def problem_text(self, problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
        return problem_text(problem, cells, ellipsis)

    def totals(self, roster: Roster) -> list[Total]:
        mass = roster_mass(roster)
        left = self.mass_limit - mass
        if left >= 0:
            text = _("Mass {mass} of {limit} t, {left} t left").format(
                mass=mass, limit=self.mass_limit, left=left
            )
        else:
            text = _("Mass {mass} of {limit} t, {over} t over").format(
                mass=mass, limit=self.mass_limit, over=-left
            )
        return [Total(text, left < 0)]

    def details(self, roster: Roster) -> list[str]:
        n = len(roster.units)
        return [_t(roster_mass(roster)), ngettext("{n} unit", "{n} units", n).format(n=n)]

    def title(self, name: str) -> str:
        return roster_title(name)

    def examples(self) -> list[tuple[str, bytes]]:
        folder = resources.files("engine.rulesets.ballistic") / "rosters"
        return [(p.name, p.read_bytes()) for p in folder.iterdir() if p.name.endswith(".json")]

    # -- the units -----------------------------------------------------------------
    def rows(self, roster: Roster, width: int, ellipsis: str) -> list[Row]:
        bad = {p.args.get("index") for p in self.problems(roster)}
        rows: list[Row] = []
        for i, u in enumerate(roster.units):
            name = u.name.strip() or _("(no name)")
            chassis = CHASSIS.get(u.chassis)
            label = _("{name} ({profile}, {mass})").format(
                name=name, profile=profile_name(u.chassis), mass=_t(unit_mass(u))
            )
            cost = (
                _("{used}/{payload} t").format(used=tonnes(payload_used(u)), payload=tonnes(chassis.payload))
                if chassis is not None
                else ""
            )
            rows.append(
                Row(
                    f"u-{i}",
                    fit(label, width, ellipsis),
                    cost,
                    0,
                    i,
                    bad=i in bad,
                    removable=True,
                    renamable=True,
                    movable=True,
                )
            )
            aux = AUXILIARIES.get(u.chassis)
            if aux is not None:
                fixed = [WEAPONS[k].name for k in aux.weapons] + [EQUIPMENT[k].name for k in aux.equipment]
                for j, item in enumerate(fixed):
                    rows.append(
                        Row(f"f-{i}-{j}", Text(fit(_(item), width, ellipsis), style="italic"), "", 1, i)
                    )
            for j, key in enumerate(u.weapons):
                w = WEAPONS.get(key)
                text = _(w.name) if w is not None else key
                cost = _t(w.mass) if w is not None else ""
                rows.append(
                    Row(f"w-{i}-{j}", fit(text, width, ellipsis), cost, 1, i, removable=True, movable=True)
                )
            for j, key in enumerate(u.equipment):
                e = EQUIPMENT.get(key)
                text = _(e.name) if e is not None else key
                cost = _t(e.mass) if e is not None else ""
                rows.append(
                    Row(f"e-{i}-{j}", fit(text, width, ellipsis), cost, 1, i, removable=True, movable=True)
                )
            if aux is None and not u.weapons and not u.equipment:
                rows.append(
                    Row(f"empty-{i}", fit(_(BALLISTIC_TEXTS.empty_unit), width, ellipsis), unit=i, note=True)
                )
        if not roster.units:
            hint = _("Tab: catalogue")
            rows.append(Row("hint", fit(hint, width, ellipsis), note=True))
        return rows

    def unit_of(self, row_id: str | None) -> int | None:
        kind, nums = _split(row_id)
        return nums[0] if kind in ("u", "w", "e", "f", "empty") and nums else None

    def new_unit(self, roster: Roster) -> int | None:  # type: ignore[override]
        return None  # units come from the catalogue: a chassis or an auxiliary unit

    def copy_unit(self, roster: Roster, unit: int) -> int:
        copy = _copy_unit(roster.units[unit])
        copy.name = free_name(roster, copy.chassis)
        roster.units.insert(unit + 1, copy)
        return unit + 1

    def unit_name(self, roster: Roster, unit: int) -> str:
        return roster.units[unit].name if 0 <= unit < len(roster.units) else ""

    def name_problem(self, roster: Roster, unit: int, name: str) -> str | None:
        others = (u.name for k, u in enumerate(roster.units) if k != unit)
        found = name_problem(name.strip(), unit, others)
        return problem_text(found) + f" ({found.rule})" if found is not None else None

    def rename_unit(self, roster: Roster, unit: int, name: str) -> None:
        if 0 <= unit < len(roster.units):
            roster.units[unit].name = name

    def remove(self, roster: Roster, row_id: str) -> str | None:
        kind, nums = _split(row_id)
        if not nums or not 0 <= nums[0] < len(roster.units):
            return None
        i = nums[0]
        u = roster.units[i]
        if kind == "u":
            del roster.units[i]
            return f"u-{min(i, len(roster.units) - 1)}" if roster.units else "name"
        items = u.weapons if kind == "w" else u.equipment if kind == "e" else None
        if items is None or len(nums) < 2 or not 0 <= nums[1] < len(items):
            return None
        del items[nums[1]]
        if nums[1] < len(items):
            return row_id
        if items:
            return f"{kind}-{i}-{len(items) - 1}"
        return f"u-{i}"

    def move(self, roster: Roster, row_id: str, step: int) -> str | None:
        """A unit moves in roster order (GB-4.6); a weapon or an item in its mech's
        mount order (GB-18.5), among its own kind."""
        kind, nums = _split(row_id)
        if not nums or not 0 <= nums[0] < len(roster.units):
            return None
        if kind == "u":
            items: list[object] = roster.units  # type: ignore[assignment]
            at, prefix = nums[0], "u-"
        elif kind in ("w", "e") and len(nums) == 2:
            u = roster.units[nums[0]]
            items = u.weapons if kind == "w" else u.equipment  # type: ignore[assignment]
            at, prefix = nums[1], f"{kind}-{nums[0]}-"
        else:
            return None
        to = at + step
        if not (0 <= at < len(items) and 0 <= to < len(items)):
            return None
        items[at], items[to] = items[to], items[at]
        return f"{prefix}{to}"

    # -- the catalogue -------------------------------------------------------------
    def catalogue(self, roster: Roster, unit: int | None, width: int, ellipsis: str) -> list[Entry]:
        current = roster.units[unit] if unit is not None and 0 <= unit < len(roster.units) else None
        chassis_key = current.chassis if current is not None and current.chassis in CHASSIS else ""
        tons, damage, rof = _headings()
        head = f"{fit(tons, 4, ''):>4}"

        def section(title: str) -> Entry:
            return Entry(f"h-{title}", Text(_(title), style="bold underline"), heading=True)

        rows = [section(N_("Chassis: a new mech"))]
        for c in CHASSIS.values():
            rows.append(Entry(f"c:{c.key}", f"{tonnes(c.mass):>4} {fit(_(c.name), width - 5, ellipsis)}"))
        rows.append(section(N_("Auxiliary units")))
        for a in AUXILIARIES.values():
            rows.append(Entry(f"a:{a.key}", f"{tonnes(a.mass):>4} {fit(_(a.name), width - 5, ellipsis)}"))
        rows.append(section(N_("Weapons")))
        name = _("name")
        columns = f"{head} {fit(damage, 4, ''):<4} {fit(rof, 3, ''):>3} {name}"
        rows.append(Entry("h-columns", Text(fit(columns, width, ellipsis), style="italic"), heading=True))
        for w in WEAPONS.values():
            text = f"{tonnes(w.mass):>4} {w.damage:<4} {w.rof:>3} {fit(_(w.name), width - 14, ellipsis)}"
            rows.append(Entry(f"w:{w.key}:{chassis_key}", text))
        rows.append(section(N_("Equipment")))
        for e in EQUIPMENT.values():
            rows.append(Entry(f"e:{e.key}", f"{tonnes(e.mass):>4} {fit(_(e.name), width - 5, ellipsis)}"))
        return rows

    def legend(self, width: int) -> str:
        tons, damage, rof = _headings()
        return _("{t} tonnes, {d} damage, {r} rate of fire").format(t=tons, d=damage, r=rof)

    def describe(self, entry_id: str) -> str:
        kind, _sep, rest = entry_id.partition(":")
        key, _sep, chassis = rest.partition(":")
        if kind == "c" and key in CHASSIS:
            return describe_chassis(key)
        if kind == "a" and key in AUXILIARIES:
            return describe_auxiliary(key)
        if kind == "w" and key in WEAPONS:
            return describe_weapon(WEAPONS[key], chassis)
        if kind == "e" and key in EQUIPMENT:
            return describe_equipment(key)
        return ""

    def places(self, roster: Roster, unit: int | None, entry_id: str) -> list[tuple[str, str]]:
        return []  # mounts have no places: their order is the mount order (GB-18.5)

    def add(self, roster: Roster, unit: int | None, entry_id: str, place: str = "") -> str | None:
        kind, _sep, rest = entry_id.partition(":")
        key = rest.partition(":")[0]
        if kind in ("c", "a") and (key in CHASSIS or key in AUXILIARIES):
            roster.units.append(UnitEntry(free_name(roster, key), key))
            return f"u-{len(roster.units) - 1}"
        if kind not in ("w", "e") or key not in (WEAPONS if kind == "w" else EQUIPMENT):
            return None
        if unit is None or not 0 <= unit < len(roster.units):
            raise Refused(_(BALLISTIC_TEXTS.add_unit_first))
        u = roster.units[unit]
        if u.chassis in AUXILIARIES:
            raise Refused(
                _(
                    "{name} has the fixed profile of a {profile}: nothing can be mounted on it (GB-18.2)."
                ).format(name=fit(u.name, 24), profile=profile_name(u.chassis))
            )
        items = u.weapons if kind == "w" else u.equipment
        items.append(key)
        return f"{kind}-{unit}-{len(items) - 1}"

    # -- no switches ---------------------------------------------------------------------
    def switches(self, roster: Roster, row_id: str | None) -> list[str]:
        return []

    def switch(self, roster: Roster, row_id: str, switch_id: str) -> str | None:
        return None


def _headings() -> tuple[str, str, str]:
    # TRANSLATORS: column headings of the weapon list, at most 4, 4, 3 characters:
    # tonnes, damage dice, rate of fire
    return _("t"), _("dmg"), _("RoF")


def _copy_unit(u: UnitEntry) -> UnitEntry:
    return UnitEntry(u.name, u.chassis, list(u.weapons), list(u.equipment))
