"""Rosters (armies): model, cost, validation (EVA-17) and roster files.

Validation never raises: :func:`validate` returns a list of
:class:`engine.rosterfile.Problem`, each with the rule it breaks, so a roster
builder can show every problem at once (EVA-17.10).
"""

from __future__ import annotations

import unicodedata

import msgspec

from engine.i18n import N_
from engine.rosterfile import ROSTER_FORMAT, ROSTER_VERSION, Problem
from engine.rulesets.eva.catalog import (
    AT_COST,
    BASE_COST,
    BUDGET,
    EQUIPMENT,
    INCOMPATIBLE,
    MAX_WEAPONS,
    WEAPONS,
)

__all__ = [
    "EvaEntry",
    "Roster",
    "WeaponEntry",
    "at_cost",
    "decode_roster",
    "encode_roster_file",
    "equipment_cost",
    "eva_cost",
    "roster_cost",
    "validate",
    "weapon_cost",
]


class WeaponEntry(msgspec.Struct, frozen=True, omit_defaults=True):
    """A weapon bought for an Eva: catalogue ``code`` and whether automatic fire was
    bought with it (EVA-17.5)."""

    code: str
    auto: bool = False


class EvaEntry(msgspec.Struct, omit_defaults=True):
    """One Eva of a roster: ``name`` (unique in the roster), ``weapons`` (0-4),
    ``at`` level (0-6) and ``equipment`` codes (the Shield included)."""

    name: str
    weapons: list[WeaponEntry] = []
    at: int = 0
    equipment: list[str] = []


class Roster(msgspec.Struct, omit_defaults=True):
    """An army: its ``name`` and its Evas, in order."""

    name: str = ""
    evas: list[EvaEntry] = []


def weapon_cost(w: WeaponEntry) -> int:
    """Points of one weapon entry, automatic fire included (EVA-17.2, the catalogue's
    prices; 0 for an unknown code). The roster builder shows a weapon's price with it."""
    cat = WEAPONS.get(w.code)
    if cat is None:
        return 0
    return cat.points + ((cat.auto_points or 0) if w.auto else 0)


def at_cost(level: int) -> int:
    """Points of AT level ``level`` (EVA-17.6: 0 to 6); 0 for a level that does not
    exist (reported by :func:`validate`)."""
    return AT_COST[level] if isinstance(level, int) and 0 <= level < len(AT_COST) else 0


def equipment_cost(code: str) -> int:
    """Points of the equipment item ``code`` (EVA-17.2, EVA-16); 0 for an unknown code
    (reported by :func:`validate`)."""
    item = EQUIPMENT.get(code)
    return item.points if item is not None else 0


def eva_cost(e: EvaEntry) -> int:
    """Points of one Eva: base 100 + weapons + AT level + equipment (EVA-17.2).
    Unknown items and AT levels count 0 (they are reported by :func:`validate`)."""
    return (
        BASE_COST
        + sum(weapon_cost(w) for w in e.weapons)
        + at_cost(e.at)
        + sum(equipment_cost(c) for c in e.equipment)
    )


def roster_cost(r: Roster) -> int:
    """Total points of a roster (EVA-17.1)."""
    return sum(eva_cost(e) for e in r.evas)


def _bad_name(name: str) -> bool:
    if not name.strip():
        return True
    if name.isprintable():  # no control character and no line or paragraph separator
        return False
    return any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in name)


#: The encodings of rosters :func:`validate` found legal (a random game's rosters are
#: checked when made and again when the game starts); emptied at 256 entries.
_LEGAL: set[bytes] = set()
_ROSTER_KEY = msgspec.msgpack.Encoder()


def validate(r: Roster) -> list[Problem]:
    """Every rule the roster breaks, in roster order; empty when it is legal (a roster
    found legal once is known by its encoding; see :data:`_LEGAL`).

    Checks EVA-17.1 (budget), EVA-17.4 (four weapons), EVA-17.5 (one N2 Bomb,
    one Spear per Eva, one Lance per army, automatic fire only on rifles),
    EVA-17.6 (AT level 0-6), EVA-17.7 (equipment once), EVA-17.8 (incompatible
    pairs), EVA-17.9 (at least one Eva), and that names are present, printable
    and unique and every item exists in the catalogue (EVA-17.10).
    """
    try:
        key = _ROSTER_KEY.encode(r)
    except Exception:  # something in it not encodable (a huge number...): no memo
        return _problems(r)
    if key in _LEGAL:
        return []
    out = _problems(r)
    if not out:
        if len(_LEGAL) >= 256:
            _LEGAL.clear()
        _LEGAL.add(key)
    return out


def _problems(r: Roster) -> list[Problem]:
    """:func:`validate`, worked out."""
    out: list[Problem] = []
    if not r.evas:
        out.append(Problem("EVA-17.9", N_("An army needs at least one Eva.")))
    seen_names: set[str] = set()
    lances = 0
    for e in r.evas:
        name = e.name
        if _bad_name(name):
            out.append(Problem("EVA-17.10", N_("Every Eva needs a name, without control characters.")))
        elif name.strip() in seen_names:
            out.append(Problem("EVA-17.10", N_("Two Evas are named {name}."), {"name": name.strip()}))
        seen_names.add(name.strip())
        for w in e.weapons:
            cat = WEAPONS.get(w.code)
            if cat is None:
                out.append(
                    Problem(
                        "EVA-17.10", N_("{name}: unknown weapon {code!r}."), {"name": name, "code": w.code}
                    )
                )
            elif w.auto and cat.auto_points is None:
                out.append(
                    Problem(
                        "EVA-17.5",
                        N_(
                            "{name}: automatic fire exists only for the Pallet Rifle and the Heavy Pallet Rifle."
                        ),
                        {"name": name},
                    )
                )
        if len(e.weapons) > MAX_WEAPONS:
            out.append(
                Problem(
                    "EVA-17.4",
                    N_("{name} has {count} weapons; at most 4 are allowed."),
                    {"name": name, "count": len(e.weapons)},
                )
            )
        codes = [w.code for w in e.weapons]
        if codes.count("n2") > 1:
            out.append(Problem("EVA-17.5", N_("{name} carries more than one N2 Bomb."), {"name": name}))
        spears = sum(1 for c in codes if c in WEAPONS and WEAPONS[c].spear)
        if spears > 1:
            out.append(
                Problem(
                    "EVA-17.5",
                    N_("{name} carries {count} Spears; an Eva may carry one (Replica or Lance)."),
                    {"name": name, "count": spears},
                )
            )
        lances += codes.count("lance")
        if not isinstance(e.at, int) or not 0 <= e.at <= 6:
            out.append(
                Problem(
                    "EVA-17.6",
                    N_("{name}: AT level {level} does not exist (0–6)."),
                    {"name": name, "level": e.at},
                )
            )
        seen_eq: set[str] = set()
        for c in e.equipment:
            if c not in EQUIPMENT:
                out.append(
                    Problem("EVA-17.10", N_("{name}: unknown equipment {code!r}."), {"name": name, "code": c})
                )
            elif c in seen_eq:
                out.append(
                    Problem(
                        "EVA-17.7",
                        N_("{name} has {item} twice; each item may be taken once."),
                        {"name": name, "item": EQUIPMENT[c].name},
                    )
                )
            seen_eq.add(c)
        for a, b in INCOMPATIBLE:
            if a in seen_eq and b in seen_eq:
                out.append(
                    Problem(
                        "EVA-17.8",
                        N_("{name}: {a} cannot be combined with {b}."),
                        {"name": name, "a": EQUIPMENT[a].name, "b": EQUIPMENT[b].name},
                    )
                )
    if lances > 1:
        out.append(Problem("EVA-17.5", N_("Only one Eva per army may carry the Lance of Longinus.")))
    total = roster_cost(r)
    if total > BUDGET:
        out.append(
            Problem(
                "EVA-17.1",
                N_("The army costs {total} points; the limit is {budget}."),
                {"total": total, "budget": BUDGET},
            )
        )
    return out


class _RosterFile(msgspec.Struct):
    format: str
    version: int
    ruleset: str
    roster: Roster


def encode_roster_file(r: Roster) -> bytes:
    """A roster file (format ``wartable-roster`` version 1, ruleset ``eva``), indented JSON."""
    data = msgspec.json.encode(_RosterFile(ROSTER_FORMAT, ROSTER_VERSION, "eva", r))
    return msgspec.json.format(data, indent=2)


_roster_decoder = msgspec.json.Decoder(Roster)


def decode_roster(data: bytes) -> Roster:
    """Decode the ``roster`` part of a roster file. Raises msgspec errors on bad data."""
    return _roster_decoder.decode(data)
