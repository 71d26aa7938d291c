"""The Three Kingdoms army (kingdoms.md section 3.7) as the kit's roster model
(:class:`tui.kit.roster.RosterModel`), over :mod:`engine.rulesets.kingdoms.roster`.

An army is a faction (a row of the roster, chosen in the catalogue's first
section), the battle it is for (a scenario and a side: the set-up fields an army
only on its own scenario and side, and the side decides where it deploys), and up
to six regiments in roster order (§3.7.5), each made from the catalogue (a type and
a size, section 3.6) with two parts: its commander (a named officer of the
faction or an unnamed commander, §3.7.3) and the base it deploys on (§3.7.4).

Every figure and every problem comes from the engine: the men from
:func:`~engine.rulesets.kingdoms.roster.army_men`, the limits from the roster
(§3.7.2), the problems from :func:`~engine.rulesets.kingdoms.roster.validate`, the
base a new regiment goes to from
:func:`~engine.rulesets.kingdoms.roster.free_base` (the first where it breaks no
deployment rule), the room on each base from
:func:`~engine.rulesets.kingdoms.roster.deployment_room`.

Row ids: ``faction``, ``battle``, ``reg-<i>`` (regiment i, from 0), ``cmd-<i>``
(its commander), ``base-<i>`` (its base), ``none`` (the note of an empty army).
Catalogue ids: ``fac:<faction>``, ``battle:<scenario>:<side>``,
``reg:<type>:<men>``, ``cmd:<officer>`` (``cmd:`` alone: an unnamed commander),
``base:<base id>``; headings start with ``h-``.
"""

from __future__ import annotations

from importlib import resources

import msgspec
from rich.text import Text

from engine.i18n import N_, _, current_language, ngettext
from engine.rosterfile import Problem
from engine.rulesets.kingdoms.catalog import (
    BASE_TYPE_NAMES,
    FACTION_NAMES,
    FACTIONS,
    OFFICERS,
    REGIMENT_SIZES,
    TYPE_NAMES,
    TYPES,
    WEAPON_BEATS,
    WEAPON_NAMES,
)
from engine.rulesets.kingdoms.roster import (
    Roster,
    RosterRegiment,
    army_men,
    decode_roster,
    deployment_room,
    encode_roster_file,
    free_base,
    new_roster,
    officer_faction,
    officer_weapon,
    validate,
)
from engine.rulesets.kingdoms.scenario import Scenario, ScenarioError, bundled_scenarios, load_bundled
from tui.kit.roster import Entry, Refused, RosterTexts, Row, Total
from tui.textfit import fit

__all__ = ["EXAMPLE_NAMES", "KINGDOMS_TEXTS", "KingdomsRosterModel", "army_title", "problem_text"]

#: The names of the shipped example armies, shown in the interface's language.
EXAMPLE_NAMES = frozenset(
    {N_("Vanguard of Shu"), N_("Tiger Guard of Wei"), N_("River fleet of Wu"), N_("Hefei garrison")}
)

#: The Three Kingdoms' words in the builder.
KINGDOMS_TEXTS = RosterTexts(
    new_unit=N_("New regiment"),
    remove_title=N_("Remove regiment"),
    remove_question=N_("Remove regiment {name} from the army?"),
    rename_title=N_("Rename army"),
    rename_label=N_("The army's name:"),
    add_to=N_("Catalogue: for {name}"),
    empty_unit=N_("(no regiment yet)"),
    rules_title=N_("Rules (section 3.7)"),
    must_follow=N_("An army must follow every rule of section 3.7 to be fielded."),
    enter_catalogue=N_(
        "in the catalogue: choose the faction or the battle, add a regiment, "
        "or give the current regiment its commander or base"
    ),
    enter_roster=N_("in the roster: rename the army, or take an officer off his regiment"),
    add_unit_first=N_("Add a regiment first (under Regiments)."),
)


def army_title(name: str) -> str:
    """An army's name as shown: an example's name in the interface's language."""
    return _(name) if name in EXAMPLE_NAMES else name


def problem_text(problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
    """``problem`` (from :func:`engine.rulesets.kingdoms.roster.validate`) as one
    translated sentence: a type, a faction and an officer in the interface's
    language, a long name cut to ``cells``."""
    args = dict(problem.args)
    if args.get("type") in TYPE_NAMES:
        args["type"] = _(TYPE_NAMES[args["type"]])
    if args.get("faction") in FACTION_NAMES:
        args["faction"] = _(FACTION_NAMES[args["faction"]])
    if isinstance(args.get("name"), str):
        name = args["name"]
        args["name"] = fit(_(name) if officer_faction(name) else name, cells, ellipsis)
    return _(problem.message).format(**args)


def _scenario(roster: Roster) -> Scenario | None:
    try:
        return load_bundled(roster.scenario)
    except ScenarioError:
        return None


def _side_label(sc: Scenario | None, side: int) -> str:
    if sc is None or not 0 <= side < len(sc.sides):
        return str(side + 1)
    return sc.sides[side].label()


def _letter(sc: Scenario | None, side: int) -> str:
    if sc is None or not 0 <= side < len(sc.sides):
        return "?"
    return sc.sides[side].letter


def _base_label(sc: Scenario | None, base: str) -> str:
    if sc is None:
        return base
    try:
        return f"{base} {sc.base(base).label()}"
    except KeyError:
        return base


def _officer_label(name: str) -> str:
    weapon = officer_weapon(name)
    if weapon is None:
        return name
    return _("{officer}, {weapon}").format(officer=_(name), weapon=_(WEAPON_NAMES[weapon]))


class KingdomsRosterModel:
    """A Three Kingdoms army for the kit's roster builder (see the module).

    ``battle``: (scenario key, side) when the army is built for one side of one
    battle (from the new game screen): a new army is made for it and the catalogue
    offers no other battle. The model remembers the scenario of the catalogue it
    last gave, for :meth:`describe` (a base's line)."""

    key = "kingdoms"
    texts = KINGDOMS_TEXTS
    #: Regiments come from the catalogue (a type and a size).
    new_units = False
    #: The commanders and bases offered follow the army's faction and battle.
    catalogue_follows_unit = True

    def __init__(self, battle: tuple[str, int] | None = None) -> None:
        self.battle = battle
        self._shown: str = battle[0] if battle else "fan_river"

    # -- the roster --------------------------------------------------------------
    def new_roster(self) -> Roster:
        """An empty army for the battle given, else for the first side of the first
        shipped scenario; its faction the one the scenario gives that side (§3.7.1)."""
        key, side = self.battle or (bundled_scenarios()[0], 0)
        return new_roster(load_bundled(key), side, _("New army"))

    def copy(self, roster: Roster) -> Roster:
        return msgspec.convert(msgspec.to_builtins(roster), Roster)

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
        """Regiments and men against their limits (§3.7.2)."""
        n, men = len(roster.regiments), army_men(roster)
        return [
            Total(
                ngettext("{n} of {limit} regiment", "{n} of {limit} regiments", roster.max_regiments).format(
                    n=n, limit=roster.max_regiments
                ),
                n > roster.max_regiments,
            ),
            Total(
                _("{men} of {limit} men").format(men=men, limit=roster.max_men),
                men > roster.max_men,
            ),
        ]

    def details(self, roster: Roster) -> list[str]:
        sc = _scenario(roster)
        n = len(roster.regiments)
        return [
            _(FACTION_NAMES.get(roster.faction, roster.faction)),
            ngettext("{n} regiment", "{n} regiments", n).format(n=n),
            _("{men} men").format(men=army_men(roster)),
            _("for {side}, {scenario}").format(
                side=_side_label(sc, roster.side),
                scenario=sc.title_for(current_language()) if sc else roster.scenario,
            ),
        ]

    def title(self, name: str) -> str:
        return army_title(name)

    def examples(self) -> list[tuple[str, bytes]]:
        folder = resources.files("engine.rulesets.kingdoms") / "rosters"
        return sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.name.endswith(".json"))

    # -- the roster's rows ---------------------------------------------------------
    def rows(self, roster: Roster, width: int, ellipsis: str) -> list[Row]:
        problems = validate(roster)
        bad = _bad_regiments(roster, problems)
        sc = _scenario(roster)
        faction = _(FACTION_NAMES.get(roster.faction, roster.faction))
        rows = [
            Row(
                "faction",
                fit(_("Faction: {faction}").format(faction=faction), width, ellipsis),
                bad=any(p.rule == "§3.7.1" for p in problems),
            ),
            Row(
                "battle",
                fit(
                    _("{side}, {scenario}").format(
                        side=_side_label(sc, roster.side),
                        scenario=sc.title_for(current_language()) if sc else roster.scenario,
                    ),
                    width,
                    ellipsis,
                ),
                bad=sc is None,
            ),
        ]
        letter = _letter(sc, roster.side)
        for i, r in enumerate(roster.regiments):
            kind = _(TYPE_NAMES.get(r.type, r.type))
            rows.append(
                Row(
                    f"reg-{i}",
                    fit(f"{letter}{i + 1} {kind}", width, ellipsis),
                    str(r.men),
                    0,
                    i,
                    bad=i in bad,
                    removable=True,
                    movable=True,
                )
            )
            commander = _officer_label(r.officer) if r.officer else _("unnamed commander")
            rows.append(
                Row(f"cmd-{i}", fit(commander, width, ellipsis), "", 1, i, removable=r.officer is not None)
            )
            rows.append(Row(f"base-{i}", fit(_base_label(sc, r.base), width, ellipsis), "", 1, i))
        if not roster.regiments:
            rows.append(Row("none", fit(_(KINGDOMS_TEXTS.empty_unit), width, ellipsis), note=True))
        return rows

    def unit_of(self, row_id: str | None) -> int | None:
        if not row_id or row_id.count("-") != 1:
            return None
        kind, _sep, index = row_id.partition("-")
        return int(index) if kind in ("reg", "cmd", "base") and index.isdigit() else None

    def new_unit(self, roster: Roster) -> int:
        raise Refused(_(KINGDOMS_TEXTS.add_unit_first))

    def copy_unit(self, roster: Roster, unit: int) -> int:
        """A copy of regiment ``unit`` after it, with an unnamed commander (an officer
        commands one regiment, TK-1.4) on the first base with room for it (§3.7.4)."""
        source = roster.regiments[unit]
        base = free_base(roster, source.type) or source.base
        roster.regiments.insert(unit + 1, RosterRegiment(type=source.type, men=source.men, base=base))
        return unit + 1

    def unit_name(self, roster: Roster, unit: int) -> str:
        """``S1 Liu Bei``: the id the regiment will have in the battle (its side's
        letter and its place in the roster, §3.7.5) and its officer, else its type."""
        if not 0 <= unit < len(roster.regiments):
            return ""
        r = roster.regiments[unit]
        who = _(r.officer) if r.officer else _(TYPE_NAMES.get(r.type, r.type))
        return f"{_letter(_scenario(roster), roster.side)}{unit + 1} {who}"

    def name_problem(self, roster: Roster, unit: int, name: str) -> str | None:
        return _("A regiment is known by its place and its commander; it has no name of its own.")

    def rename_unit(self, roster: Roster, unit: int, name: str) -> None:
        """Regiments have no names (see :meth:`name_problem`)."""

    def remove(self, roster: Roster, row_id: str) -> str | None:
        """A regiment leaves the army; a named officer leaves his regiment to an
        unnamed commander."""
        index = self.unit_of(row_id)
        if index is None or not 0 <= index < len(roster.regiments):
            return None
        if row_id.startswith("cmd-"):
            roster.regiments[index].officer = None
            return row_id
        if not row_id.startswith("reg-"):
            return None
        del roster.regiments[index]
        if not roster.regiments:
            return "faction"
        return f"reg-{min(index, len(roster.regiments) - 1)}"

    def move(self, roster: Roster, row_id: str, step: int) -> str | None:
        """A regiment goes up or down the roster: its order is the roster order of the
        battle, and gives its id (§3.7.5)."""
        index = self.unit_of(row_id)
        if not row_id.startswith("reg-") or index is None:
            return None
        to = index + step
        if not 0 <= to < len(roster.regiments):
            return None
        regs = roster.regiments
        regs[index], regs[to] = regs[to], regs[index]
        return f"reg-{to}"

    # -- the catalogue -------------------------------------------------------------
    def catalogue(self, roster: Roster, unit: int | None, width: int, ellipsis: str) -> list[Entry]:
        """The factions, the battles (unless the army is built for one), the regiment
        types and sizes, the officers of the army's faction, and the bases its side
        deploys on with the room left on each."""
        sc = _scenario(roster)
        self._shown = roster.scenario
        out: list[Entry] = [_heading("h-faction", _("Faction"))]
        for f in FACTIONS:
            label = _(FACTION_NAMES[f])
            out.append(
                Entry(
                    f"fac:{f}",
                    fit(
                        _("{name} (chosen)").format(name=label) if f == roster.faction else label,
                        width,
                        ellipsis,
                    ),
                )
            )
        if self.battle is None:
            out.append(_heading("h-battle", _("Battles")))
            for key in bundled_scenarios():
                other = load_bundled(key)
                for side in (0, 1):
                    label = _("{side}, {scenario}").format(
                        side=other.sides[side].label(), scenario=other.title_for(current_language())
                    )
                    if key == roster.scenario and side == roster.side:
                        label = _("{name} (chosen)").format(name=label)
                    out.append(Entry(f"battle:{key}:{side}", fit(label, width, ellipsis)))
        out.append(_heading("h-regiments", _("Regiments")))
        for kind in TYPES:
            for men in REGIMENT_SIZES[kind]:
                text = _("{men:>4} men, {type}").format(men=men, type=_(TYPE_NAMES[kind]))
                out.append(Entry(f"reg:{kind}:{men}", fit(text, width, ellipsis)))
        faction = _(FACTION_NAMES.get(roster.faction, roster.faction))
        out.append(_heading("h-commanders", _("Commanders ({faction})").format(faction=faction)))
        out.append(Entry("cmd:", fit(_("unnamed commander"), width, ellipsis)))
        letter = _letter(sc, roster.side)
        where = {r.officer: i for i, r in enumerate(roster.regiments) if r.officer}
        for f, name, _w in OFFICERS:
            if f != roster.faction:
                continue
            label = _officer_label(name)
            if name in where:
                label = _("{officer} (in {id})").format(officer=label, id=f"{letter}{where[name] + 1}")
            out.append(Entry(f"cmd:{name}", fit(label, width, ellipsis)))
        out.append(_heading("h-bases", _("Deployment ({side})").format(side=_side_label(sc, roster.side))))
        for base, used in deployment_room(roster, sc):
            room = _("{used}/{capacity}").format(used=used, capacity=base.capacity)
            label = f"{room:>5} {base.id} {base.label()}"
            if base.building:
                label = _("{base}, building").format(base=label)
            out.append(Entry(f"base:{base.id}", fit(label, width, ellipsis)))
        return out

    def legend(self, width: int) -> str:
        # what the deployment list's first column says
        return _("bases: regiments there / room per side")

    def describe(self, entry_id: str) -> str:
        kind, _sep, rest = entry_id.partition(":")
        if kind == "fac" and rest in FACTIONS:
            names = ", ".join(_(n) for f, n, _w in OFFICERS if f == rest)
            return _(
                "{faction}: its officers are {names} (section 3.5). Both sides may choose the same faction (§3.7.1)."
            ).format(faction=_(FACTION_NAMES[rest]), names=names)
        if kind == "battle":
            key, _s, side = rest.partition(":")
            try:
                sc = load_bundled(key)
            except ScenarioError:
                return ""
            bases = ", ".join(sc.deploy[int(side)])
            return _("The army fights for {side} in {scenario} and deploys on {bases} (§3.7.4).").format(
                side=sc.sides[int(side)].label(), scenario=sc.title_for(current_language()), bases=bases
            )
        if kind == "reg":
            return _describe_regiment(rest)
        if kind == "cmd":
            return _describe_commander(rest)
        if kind == "base":
            return self._describe_base(rest)
        return ""

    def _describe_base(self, base_id: str) -> str:
        try:
            base = load_bundled(self._shown).base(base_id)
        except (ScenarioError, KeyError):
            return ""
        text = _("{id} {name}: {type}, room for {n} regiments of a side (TK-3.2).").format(
            id=base.id, name=base.label(), type=_(BASE_TYPE_NAMES.get(base.type, base.type)), n=base.capacity
        )
        if base.building:
            text += " " + _("A building: mounted cavalry may not deploy there (TK-3.5).")
        return text + " " + _("Deploys the current regiment there.")

    def places(self, roster: Roster, unit: int | None, entry_id: str) -> list[tuple[str, str]]:
        return []

    def add(self, roster: Roster, unit: int | None, entry_id: str, place: str = "") -> str | None:
        """Choose the faction or the battle, add a regiment (on the first base with room
        for it, §3.7.4), or give the current regiment its commander or its base."""
        kind, _sep, rest = entry_id.partition(":")
        if kind == "fac" and rest in FACTIONS:
            roster.faction = rest
            return "faction"
        if kind == "battle":
            if self.battle is not None:  # built for one battle: no other is offered
                return None
            key, _s, side = rest.partition(":")
            self._set_battle(roster, key, int(side))
            return "battle"
        if kind == "reg":
            type_, _s, men = rest.partition(":")
            if type_ not in TYPES or not men.isdigit():
                return None
            sc = _scenario(roster)
            base = free_base(roster, type_, sc) or (
                sc.deploy[roster.side][0] if sc and sc.deploy[roster.side] else ""
            )
            roster.regiments.append(RosterRegiment(type=type_, men=int(men), base=base))
            return f"reg-{len(roster.regiments) - 1}"
        if unit is None or not 0 <= unit < len(roster.regiments):
            raise Refused(_(KINGDOMS_TEXTS.add_unit_first))
        if kind == "cmd":
            roster.regiments[unit].officer = rest or None
            return f"cmd-{unit}"
        if kind == "base":
            roster.regiments[unit].base = rest
            return f"base-{unit}"
        return None

    def _set_battle(self, roster: Roster, key: str, side: int) -> None:
        """The army is for ``side`` of scenario ``key``; a regiment on a base that side
        does not deploy on moves to the first with room (§3.7.4)."""
        sc = load_bundled(key)
        roster.scenario, roster.side = key, side
        regiments, roster.regiments = roster.regiments, []
        for r in regiments:
            if r.base not in sc.deploy[side]:
                r.base = free_base(roster, r.type, sc) or (sc.deploy[side][0] if sc.deploy[side] else r.base)
            roster.regiments.append(r)

    # -- no switches ---------------------------------------------------------------------
    def switches(self, roster: Roster, row_id: str | None) -> list[str]:
        return []

    def switch(self, roster: Roster, row_id: str, switch_id: str) -> str | None:
        return None


def _heading(entry_id: str, text: str) -> Entry:
    return Entry(entry_id, Text(text, style="bold underline"), heading=True)


def _bad_regiments(roster: Roster, problems: list[Problem]) -> set[int]:
    """The regiments (from 0) a problem names: by number, by officer, or by a full base."""
    out: set[int] = set()
    for p in problems:
        i = p.args.get("i")
        if isinstance(i, int):
            out.add(i - 1)
        name = p.args.get("name")
        if isinstance(name, str):
            out |= {k for k, r in enumerate(roster.regiments) if r.officer == name}
        base = p.args.get("base")
        if p.rule == "TK-3.2" and isinstance(base, str):
            out |= {k for k, r in enumerate(roster.regiments) if r.base == base}
    return out


def _describe_regiment(rest: str) -> str:
    kind, _sep, men = rest.partition(":")
    if kind not in TYPES or not men.isdigit():
        return ""
    head = _("A regiment of {type}, {men} men (section 3.6), added at the end of the army.").format(
        type=_(TYPE_NAMES[kind]), men=men
    )
    notes = {
        "infantry": N_("Defends well and screens other regiments (TK-7.3, TK-8)."),
        "cavalry": N_(
            "Starts mounted and moves twice as far; may not deploy on a building (TK-7.1, TK-3.5)."
        ),
        "archers": N_(
            "Strike first when not in melee; a tower crew fires with at most 300 men (TK-7.2, TK-13.4)."
        ),
    }
    return f"{head} {_(notes[kind])}"


def _describe_commander(name: str) -> str:
    if not name:
        return _("An unnamed commander: he never challenges, provokes or duels (TK-1.4, TK-11.2).")
    weapon = officer_weapon(name)
    if weapon is None:
        return ""
    return _(
        "{officer} fights with the {weapon}, which beats the {beaten} in a duel (TK-11.4). "
        "Chosen, he commands the current regiment; an officer commands one regiment (TK-1.4)."
    ).format(officer=_(name), weapon=_(WEAPON_NAMES[weapon]), beaten=_(WEAPON_NAMES[WEAPON_BEATS[weapon]]))
