"""Rosters (armies) of Going Ballistic: the model, their mass, validation (GB-18.5)
and random valid rosters for selfplay.

A roster is one side's list of units: each a mech (a chassis with weapons and
equipment in mount order, GB-18.5) or an auxiliary unit with its fixed profile
(GB-18.2). Validation never raises: :func:`validate` returns every problem with its
rule ID, so a builder can show them all at once.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from fractions import Fraction

import msgspec

from engine.i18n import N_
from engine.rosterfile import ROSTER_FORMAT, ROSTER_VERSION, Problem
from engine.rulesets.ballistic.catalog import (
    AUXILIARIES,
    CHASSIS,
    DEFAULT_MASS_LIMIT,
    EQUIPMENT,
    LOADOUTS,
    WEAPONS,
)

__all__ = [
    "NAME_PATTERN",
    "Roster",
    "UnitEntry",
    "base_name",
    "decode_roster",
    "encode_roster_file",
    "entry_from_loadout",
    "free_name",
    "name_problem",
    "payload_used",
    "random_roster",
    "roster_mass",
    "tonnes",
    "unit_mass",
    "validate",
]

#: A unit's name: 1-24 letters, digits, '-' or '_' (no spaces, so that the notation
#: can name it, GB-17.2).
NAME_PATTERN = re.compile(r"^[^\W_][\w-]{0,23}$")


class UnitEntry(msgspec.Struct, omit_defaults=True):
    """One unit of a roster: its ``name`` (unique on its side, GB-4.2), its ``chassis``
    (a chassis key of GB-18.1 or an auxiliary key of GB-18.2), and for a mech its
    ``weapons`` and ``equipment`` keys in mount order (GB-18.5); an auxiliary unit lists
    none (its profile gives them)."""

    name: str
    chassis: str
    weapons: list[str] = []
    equipment: list[str] = []


class Roster(msgspec.Struct, omit_defaults=True):
    """One side's army: its ``name`` and its ``units`` in roster order (GB-4.6)."""

    name: str = ""
    units: list[UnitEntry] = []


def unit_mass(entry: UnitEntry) -> int:
    """Roster mass of a unit in tonnes: its chassis mass, or an auxiliary's roster mass
    (GB-18.5); 0 for an unknown chassis."""
    chassis = CHASSIS.get(entry.chassis)
    if chassis is not None:
        return chassis.mass
    aux = AUXILIARIES.get(entry.chassis)
    return aux.mass if aux is not None else 0


def roster_mass(roster: Roster) -> int:
    """Total roster mass in tonnes (GB-18.5)."""
    return sum(unit_mass(u) for u in roster.units)


def payload_used(entry: UnitEntry) -> Fraction:
    """Tonnes of a mech's payload its weapons and equipment use (unknown items count 0)."""
    total = Fraction(0)
    for key in entry.weapons:
        w = WEAPONS.get(key)
        if w is not None:
            total += w.mass
    for key in entry.equipment:
        e = EQUIPMENT.get(key)
        if e is not None:
            total += e.mass
    return total


def tonnes(x: Fraction | int) -> str:
    """A mass in tonnes as written in the catalogue: ``6``, ``3.5``, ``10.5`` (GB-18.3 to
    GB-18.5; every catalogue mass is a whole or half tonne)."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def base_name(chassis: str) -> str:
    """The first word of a chassis's or an auxiliary unit's English name (``Hare``,
    ``Jackal``), from which units are named (``Hare-1``); the key itself when unknown."""
    found = CHASSIS.get(chassis) or AUXILIARIES.get(chassis)
    return found.name.split()[0] if found is not None else chassis


def free_name(roster: Roster, chassis: str) -> str:
    """The first name ``<base>-<n>`` (n = 1, 2, ...) not used on ``roster``'s side
    (names compare without case, GB-4.2), for a new unit of ``chassis``."""
    used = {u.name.casefold() for u in roster.units}
    base = base_name(chassis)
    n = 1
    while f"{base}-{n}".casefold() in used:
        n += 1
    return f"{base}-{n}"


def name_problem(name: str, index: int, others: Iterable[str]) -> Problem | None:
    """Why unit ``index`` (0-based, roster order) may not be called ``name`` among the
    side's ``others`` names, or None (GB-4.2): a name is 1-24 letters, digits, '-' or
    '_' without spaces (so the notation can name it, GB-17.2), unique on its side
    without regard to case."""
    if not NAME_PATTERN.match(name):
        return Problem(
            "GB-4.2",
            N_("Unit {n}: a name is 1–24 letters, digits, '-' or '_', without spaces."),
            {"n": index + 1, "index": index},
        )
    folded = name.casefold()
    if any(o.casefold() == folded for o in others):
        return Problem("GB-4.2", N_("Two units are called {name}."), {"name": name, "index": index})
    return None


def validate(roster: Roster, mass_limit: int = DEFAULT_MASS_LIMIT) -> list[Problem]:
    """Every problem of ``roster`` as :class:`engine.rosterfile.Problem` (rule ID, message
    ID, arguments), in roster order; empty when it may be fielded.

    Checks: at least one unit (GB-18.5); each name present, a name (no spaces) and
    unique on the side (GB-4.2); each chassis or auxiliary known (GB-18.1, GB-18.2);
    an auxiliary lists no weapons or equipment of its own (GB-18.2); each weapon and
    equipment item known (GB-18.3, GB-18.4); mounts and payload (GB-18.5); the roster
    mass within ``mass_limit`` tonnes (GB-18.5).

    A problem of one unit carries its roster index (0-based) as the argument ``index``
    (a builder marks that unit); a second unit of an earlier unit's name is the one
    reported (GB-4.2).
    """
    problems: list[Problem] = []
    if not roster.units:
        problems.append(Problem("GB-18.5", N_("The roster has no units.")))
    for n, u in enumerate(roster.units, start=1):
        label = u.name if u.name else f"#{n}"
        at = n - 1
        named = name_problem(u.name, at, (o.name for o in roster.units[:at]))
        if named is not None:
            problems.append(named)
        chassis = CHASSIS.get(u.chassis)
        aux = AUXILIARIES.get(u.chassis)
        if chassis is None and aux is None:
            problems.append(
                Problem(
                    "GB-18.1",
                    N_("{unit}: there is no chassis {key}."),
                    {"unit": label, "key": u.chassis, "index": at},
                )
            )
            continue
        for key in u.weapons:
            if key not in WEAPONS:
                problems.append(
                    Problem(
                        "GB-18.3",
                        N_("{unit}: there is no weapon {key}."),
                        {"unit": label, "key": key, "index": at},
                    )
                )
        for key in u.equipment:
            if key not in EQUIPMENT:
                problems.append(
                    Problem(
                        "GB-18.4",
                        N_("{unit}: there is no equipment {key}."),
                        {"unit": label, "key": key, "index": at},
                    )
                )
        if aux is not None:
            if u.weapons or u.equipment:
                problems.append(
                    Problem(
                        "GB-18.2",
                        N_("{unit}: an auxiliary unit has a fixed profile; list no weapons or equipment."),
                        {"unit": label, "index": at},
                    )
                )
            continue
        assert chassis is not None
        if len(u.weapons) > chassis.weapon_mounts:
            problems.append(
                Problem(
                    "GB-18.5",
                    N_("{unit}: {n} weapons on {mounts} weapon mounts."),
                    {"unit": label, "n": len(u.weapons), "mounts": chassis.weapon_mounts, "index": at},
                )
            )
        if len(u.equipment) > chassis.equipment_mounts:
            problems.append(
                Problem(
                    "GB-18.5",
                    N_("{unit}: {n} equipment items on {mounts} equipment mounts."),
                    {"unit": label, "n": len(u.equipment), "mounts": chassis.equipment_mounts, "index": at},
                )
            )
        used = payload_used(u)
        if used > chassis.payload:
            problems.append(
                Problem(
                    "GB-18.5",
                    N_("{unit}: {used} t of weapons and equipment; the payload is {payload} t."),
                    {"unit": label, "used": tonnes(used), "payload": tonnes(chassis.payload), "index": at},
                )
            )
    mass = roster_mass(roster)
    if mass > mass_limit:
        problems.append(
            Problem(
                "GB-18.5",
                N_("The roster's mass is {mass} t; the limit is {limit} t."),
                {"mass": mass, "limit": mass_limit},
            )
        )
    return problems


def decode_roster(data: bytes) -> Roster:
    """The roster part of a roster file (msgspec errors when it does not decode)."""
    return msgspec.json.decode(data, type=Roster)


def encode_roster_file(roster: Roster) -> bytes:
    """A whole roster file (``wartable-roster`` format) holding ``roster``."""
    return msgspec.json.format(
        msgspec.json.encode(
            {"format": ROSTER_FORMAT, "version": ROSTER_VERSION, "ruleset": "ballistic", "roster": roster}
        )
    )


def entry_from_loadout(name: str, loadout: str) -> UnitEntry:
    """A roster entry named ``name`` built as a sample loadout of GB-18.6
    (``"Warden-M"``...). Raises KeyError for an unknown loadout."""
    lo = LOADOUTS[loadout]
    return UnitEntry(name=name, chassis=lo.chassis, weapons=list(lo.weapons), equipment=list(lo.equipment))


def _random_mech(rng: random.Random, name: str, chassis_key: str) -> UnitEntry:
    chassis = CHASSIS[chassis_key]
    weapons: list[str] = []
    equipment: list[str] = []
    used = Fraction(0)
    for _ in range(rng.randint(1, chassis.weapon_mounts)):
        key = rng.choice(list(WEAPONS))
        if used + WEAPONS[key].mass <= chassis.payload:
            weapons.append(key)
            used += WEAPONS[key].mass
    for _ in range(rng.randint(0, chassis.equipment_mounts)):
        key = rng.choice(list(EQUIPMENT))
        if used + EQUIPMENT[key].mass <= chassis.payload:
            equipment.append(key)
            used += EQUIPMENT[key].mass
    return UnitEntry(name=name, chassis=chassis_key, weapons=weapons, equipment=equipment)


def random_roster(rng: random.Random, name: str = "Random", mass_limit: int = DEFAULT_MASS_LIMIT) -> Roster:
    """A valid roster within ``mass_limit`` tonnes: sample loadouts (GB-18.6) and random
    builds, 1 to 6 units, each named after its chassis with a number."""
    units: list[UnitEntry] = []
    mass = 0
    counts: dict[str, int] = {}
    for _ in range(rng.randint(2, 6)):
        if rng.random() < 0.5:
            entry = entry_from_loadout("x", rng.choice(list(LOADOUTS)))
        else:
            entry = _random_mech(rng, "x", rng.choice(list(CHASSIS)))
        m = unit_mass(entry)
        if mass + m > mass_limit:
            continue
        base = base_name(entry.chassis)
        counts[base] = counts.get(base, 0) + 1
        entry.name = f"{base}-{counts[base]}"
        units.append(entry)
        mass += m
    if not units:
        units = [entry_from_loadout("Hare-1", "Hare-G")]
    roster = Roster(name=name, units=units)
    assert not validate(roster, mass_limit), validate(roster, mass_limit)
    return roster
