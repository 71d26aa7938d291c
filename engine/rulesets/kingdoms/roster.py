"""The army builder's engine side (section 3.7): the roster model from the
catalogues, its validation (every problem, with its rule), a random valid army
for selfplay, and fielding two armies on a scenario's map.

Rules cited: section 3.7's items as ``§3.7.1``-``§3.7.5`` (faction, limits,
regiments and officers, deployment, roster order), and the TK rules they rest
on (TK-1.3 sizes, TK-1.4 officers, TK-3.2 capacity, TK-3.5 buildings).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from engine.i18n import N_
from engine.rosterfile import ROSTER_FORMAT, ROSTER_VERSION, Problem
from engine.rulesets.kingdoms.catalog import (
    CAVALRY,
    FACTIONS,
    MAX_MEN,
    MAX_REGIMENTS,
    OFFICERS,
    REGIMENT_SIZES,
    TYPES,
)
from engine.rulesets.kingdoms.scenario import BaseSpec, RegimentSpec, Scenario, ScenarioError, load_bundled

__all__ = [
    "Roster",
    "RosterRegiment",
    "army_men",
    "decode_roster",
    "deployment_room",
    "encode_roster_file",
    "field",
    "field_armies",
    "field_problems",
    "free_base",
    "new_roster",
    "officer_faction",
    "officer_weapon",
    "random_roster",
    "validate",
    "validate_armies",
]


class RosterRegiment(msgspec.Struct, kw_only=True):
    """One regiment of a roster: its ``type``, ``men`` (a size of section 3.6),
    ``officer`` (a named officer of the faction, or None for an unnamed commander)
    and the ``base`` it deploys on (section 3.7, items 3 and 4)."""

    type: str
    men: int
    base: str
    officer: str | None = None


class Roster(msgspec.Struct, kw_only=True):
    """One side's army (section 3.7): ``name``, ``faction``, the ``scenario`` (key of a
    shipped one) and ``side`` (0: the first side) it deploys for, and its
    ``regiments`` in roster order; ``max_regiments`` and ``max_men`` are the limits
    (a scenario may change them, item 2)."""

    faction: str
    regiments: list[RosterRegiment]
    name: str = ""
    scenario: str = "fan_river"
    side: int = 0
    max_regiments: int = MAX_REGIMENTS
    max_men: int = MAX_MEN


def decode_roster(data: bytes) -> Roster:
    """The roster part of a roster file (msgspec errors when it does not decode)."""
    return msgspec.json.decode(data, type=Roster)


class _RosterFile(msgspec.Struct):
    format: str
    version: int
    ruleset: str
    roster: Roster


def encode_roster_file(roster: Roster) -> bytes:
    """A roster file of ``roster`` (format ``wartable-roster`` version 1, ruleset
    ``kingdoms``, :mod:`engine.rosterfile`), indented JSON."""
    data = msgspec.json.encode(_RosterFile(ROSTER_FORMAT, ROSTER_VERSION, "kingdoms", roster))
    return msgspec.json.format(data, indent=2)


def new_roster(scenario: Scenario, side: int, name: str = "") -> Roster:
    """An empty army for ``side`` (0: the first) of ``scenario``: the faction the
    scenario gives that side (any faction may be chosen instead, §3.7.1), no regiment
    yet, the limits of §3.7.2."""
    return Roster(
        faction=scenario.sides[side].faction, regiments=[], name=name, scenario=scenario.key, side=side
    )


def officer_weapon(name: str) -> str | None:
    """The weapon of the named officer ``name`` (section 3.5), None for an unknown name."""
    for _f, n, w in OFFICERS:
        if n == name:
            return w
    return None


def officer_faction(name: str) -> str | None:
    """The faction the named officer ``name`` serves (section 3.5), None for an unknown name."""
    return next((f for f, n, _w in OFFICERS if n == name), None)


def army_men(roster: Roster) -> int:
    """The men of ``roster``: the sum of its regiments' sizes, each its initial
    strength (§3.7.2, §3.7.5, TK-1.3)."""
    return sum(r.men for r in roster.regiments)


def validate(roster: Roster, scenario: Scenario | None = None) -> list[Problem]:
    """Every problem of ``roster`` (empty when it may be fielded), each with its rule:
    the faction (§3.7.1); at most 6 regiments and 4,000 men (§3.7.2); each
    regiment's type and size (§3.7.3, TK-1.3), its officer of the faction, each at
    most once, and at least one named officer (§3.7.3, TK-1.4); deployment on the
    side's bases within capacity, no mounted cavalry on a building (§3.7.4, TK-3.2,
    TK-3.5). ``scenario``: the one to deploy on (default: the roster's, shipped)."""
    out: list[Problem] = []
    if roster.faction not in FACTIONS:
        out.append(Problem("§3.7.1", N_("Unknown faction {faction}."), {"faction": roster.faction}))
    if len(roster.regiments) > roster.max_regiments:
        out.append(
            Problem(
                "§3.7.2",
                N_("{n} regiments: a side fields at most {limit}."),
                {"n": len(roster.regiments), "limit": roster.max_regiments},
            )
        )
    if not roster.regiments:
        out.append(Problem("§3.7.2", N_("The army has no regiment.")))
    men = army_men(roster)
    if men > roster.max_men:
        out.append(
            Problem(
                "§3.7.2",
                N_("{men} men: a side fields at most {limit}."),
                {"men": men, "limit": roster.max_men},
            )
        )
    seen: set[str] = set()
    named = 0
    for i, r in enumerate(roster.regiments, start=1):
        if r.type not in TYPES:
            out.append(Problem("§3.7.3", N_("Regiment {i}: unknown type {type}."), {"i": i, "type": r.type}))
        elif r.men not in REGIMENT_SIZES[r.type]:
            out.append(
                Problem(
                    "TK-1.3",
                    N_("Regiment {i}: {type} come in {sizes} men, not {men}."),
                    {
                        "i": i,
                        "type": r.type,
                        "sizes": ", ".join(str(s) for s in REGIMENT_SIZES[r.type]),
                        "men": r.men,
                    },
                )
            )
        if r.officer is not None:
            named += 1
            faction = officer_faction(r.officer)
            if faction is None:
                out.append(
                    Problem(
                        "§3.7.3",
                        N_("Regiment {i}: no officer is called {name}."),
                        {"i": i, "name": r.officer},
                    )
                )
            elif faction != roster.faction:
                out.append(
                    Problem(
                        "§3.7.3",
                        N_("Regiment {i}: {name} serves {faction}, not this army's faction."),
                        {"i": i, "name": r.officer, "faction": faction},
                    )
                )
            if r.officer in seen:
                out.append(
                    Problem("TK-1.4", N_("{name} commands more than one regiment."), {"name": r.officer})
                )
            seen.add(r.officer)
    if roster.regiments and named == 0:
        out.append(Problem("§3.7.3", N_("The army needs at least one named officer.")))
    out.extend(_deployment(roster, scenario))
    return out


def deployment_room(roster: Roster, scenario: Scenario | None = None) -> list[tuple[BaseSpec, int]]:
    """The bases ``roster``'s side may deploy on (§3.7.4), each with how many of the
    roster's regiments stand there (its capacity per side is the base's, TK-3.2);
    empty for an unknown scenario or side."""
    try:
        scenario = scenario or load_bundled(roster.scenario)
    except ScenarioError:
        return []
    if roster.side not in (0, 1):
        return []
    return [
        (scenario.base(b), sum(1 for r in roster.regiments if r.base == b))
        for b in scenario.deploy[roster.side]
    ]


def free_base(roster: Roster, kind: str, scenario: Scenario | None = None) -> str | None:
    """The first base, in the scenario's deployment order, where one more regiment of
    type ``kind`` would break no deployment rule (§3.7.4, TK-3.2, TK-3.5: the rules
    are :func:`validate`'s own); None when there is none."""
    try:
        scenario = scenario or load_bundled(roster.scenario)
    except ScenarioError:
        return None
    if roster.side not in (0, 1):
        return None
    before = len(_deployment(roster, scenario))
    size = REGIMENT_SIZES.get(kind, (0,))[-1]
    for base in scenario.deploy[roster.side]:
        trial = msgspec.structs.replace(
            roster, regiments=[*roster.regiments, RosterRegiment(type=kind, men=size, base=base)]
        )
        if len(_deployment(trial, scenario)) == before:
            return base
    return None


def _deployment(roster: Roster, scenario: Scenario | None) -> list[Problem]:
    out: list[Problem] = []
    if scenario is None:
        try:
            scenario = load_bundled(roster.scenario)
        except ScenarioError:
            return [Problem("§3.7.4", N_("Unknown scenario {key}."), {"key": roster.scenario})]
    if roster.side not in (0, 1):
        return [Problem("§3.7.4", N_("The side must be 0 (the first side) or 1."))]
    allowed = scenario.deploy[roster.side]
    bases = {b.id: b for b in scenario.bases}
    count: dict[str, int] = {}
    for i, r in enumerate(roster.regiments, start=1):
        if r.base not in allowed:
            out.append(
                Problem(
                    "§3.7.4",
                    N_("Regiment {i}: this side deploys only on {bases}, not {base}."),
                    {"i": i, "bases": ", ".join(allowed), "base": r.base},
                )
            )
            continue
        count[r.base] = count.get(r.base, 0) + 1
        if count[r.base] == bases[r.base].capacity + 1:
            out.append(
                Problem(
                    "TK-3.2",
                    N_("{base} is full: a side deploys at most {n} there."),
                    {"base": r.base, "n": bases[r.base].capacity},
                )
            )
        if r.type == CAVALRY and bases[r.base].building:
            out.append(
                Problem(
                    "TK-3.5",
                    N_("Regiment {i}: mounted cavalry cannot deploy on the building {base}."),
                    {"i": i, "base": r.base},
                )
            )
    return out


def validate_armies(scenario: Scenario, first: Roster, second: Roster) -> list[Problem]:
    """The problems of two armies fielded together on ``scenario``: each army's own,
    then the battle's: an officer at most once in the battle, even when both sides
    chose the same faction (§3.7.1, §3.7.3)."""
    return field_problems(scenario, (first, second))


def field_problems(scenario: Scenario, armies: tuple[Roster | None, Roster | None]) -> list[Problem]:
    """The problems of fielding ``armies`` on ``scenario``: one roster per side, or
    None for a side that keeps the scenario's own forces. Each roster's own problems
    (:func:`validate`), then the battle's: an officer at most once in the battle,
    even when both sides chose the same faction or a roster meets the scenario's
    forces (§3.7.1, §3.7.3)."""
    out: list[Problem] = []
    for roster in armies:
        if roster is not None:
            out += validate(roster, scenario)
    named = [
        {r.officer for r in roster.regiments if r.officer}
        if roster is not None
        else {r.officer for r in scenario.regiments if r.side == side and r.officer}
        for side, roster in enumerate(armies)
    ]
    for name in sorted(named[0] & named[1]):
        out.append(Problem("§3.7.3", N_("{name} cannot fight on both sides."), {"name": name}))
    return out


def field_armies(scenario: Scenario, first: Roster, second: Roster) -> Scenario:
    """``scenario`` with its starting forces replaced by the two armies (see
    :func:`field`). The armies must be valid."""
    return field(scenario, (first, second))


def field(scenario: Scenario, armies: tuple[Roster | None, Roster | None]) -> Scenario:
    """``scenario`` with each side's starting forces replaced by its roster in
    ``armies`` (None: that side keeps the scenario's own), in roster order, first side
    first (§3.7.5); a fielded regiment's id is its side's letter and its number, its
    initial strength its size (TK-1.3), its weapon its officer's (section 3.5). The
    rosters must be valid (:func:`field_problems`)."""
    regs: list[RegimentSpec] = []
    for side, roster in enumerate(armies):
        if roster is None:
            regs += [r for r in scenario.regiments if r.side == side]
            continue
        letter = scenario.sides[side].letter
        for n, r in enumerate(roster.regiments, start=1):
            regs.append(
                RegimentSpec(
                    id=f"{letter}{n}",
                    side=side,
                    type=r.type,
                    men=r.men,
                    base=r.base,
                    officer=r.officer,
                    weapon=officer_weapon(r.officer) if r.officer else None,
                )
            )
    return msgspec.structs.replace(scenario, regiments=tuple(regs))


def random_roster(
    rng: random.Random,
    scenario: Scenario,
    side: int,
    faction: str | None = None,
    avoid: set[str] | None = None,
) -> Roster:
    """A random valid army for ``side`` of ``scenario`` (for selfplay): a faction, 1-6
    regiments within 4,000 men, officers of the faction not in ``avoid``, deployed
    within capacity (mounted cavalry off buildings)."""
    free = [f for f in FACTIONS if any(g == f and n not in (avoid or set()) for g, n, _w in OFFICERS)]
    faction = faction or rng.choice(free)
    officers = [n for f, n, _w in OFFICERS if f == faction and n not in (avoid or set())]
    rng.shuffle(officers)
    bases = {b.id: b for b in scenario.bases}
    deploy = list(scenario.deploy[side])
    count: dict[str, int] = {}
    regs: list[RosterRegiment] = []
    men = 0
    for _ in range(rng.randint(2, MAX_REGIMENTS)):
        kind = rng.choice(TYPES)
        sizes = [s for s in REGIMENT_SIZES[kind] if men + s <= MAX_MEN]
        places = [
            b
            for b in deploy
            if count.get(b, 0) < bases[b].capacity and not (kind == CAVALRY and bases[b].building)
        ]
        if not sizes or not places:
            break
        size = rng.choice(sizes)
        base = rng.choice(places)
        officer: Any = officers.pop() if officers and (not regs or rng.random() < 0.7) else None
        regs.append(RosterRegiment(type=kind, men=size, base=base, officer=officer))
        count[base] = count.get(base, 0) + 1
        men += size
    return Roster(faction=faction, regiments=regs, scenario=scenario.key, side=side, name=f"{faction} army")
