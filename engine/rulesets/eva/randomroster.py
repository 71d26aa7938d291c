"""Random valid rosters, for selfplay and property tests (EVA-17)."""

from __future__ import annotations

import random

from engine.rulesets.eva.catalog import BUDGET, EQUIPMENT, INCOMPATIBLE, WEAPONS
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, eva_cost, roster_cost, validate

__all__ = ["random_roster"]


#: The catalogue's weapon and equipment codes, in catalogue order (what is drawn from).
_WEAPON_CODES = list(WEAPONS)
_EQUIPMENT_CODES = list(EQUIPMENT)


def _random_eva(rng: random.Random, name: str, lance_taken: bool) -> EvaEntry:
    weapons: list[WeaponEntry] = []
    codes = _WEAPON_CODES
    for _ in range(rng.randint(1, 4)):
        code = rng.choice(codes)
        if code == "n2" and any(w.code == "n2" for w in weapons):
            continue
        if WEAPONS[code].spear and any(WEAPONS[w.code].spear for w in weapons):
            continue
        if code == "lance" and lance_taken:
            continue
        auto = WEAPONS[code].auto_points is not None and rng.random() < 0.5
        weapons.append(WeaponEntry(code, auto))
    equipment: list[str] = []
    for code in rng.sample(_EQUIPMENT_CODES, rng.randint(0, 3)):
        if any((code == a and b in equipment) or (code == b and a in equipment) for a, b in INCOMPATIBLE):
            continue
        equipment.append(code)
    return EvaEntry(name=name, weapons=weapons, at=rng.randint(0, 4), equipment=equipment)


def random_roster(rng: random.Random, prefix: str = "Eva") -> Roster:
    """A legal roster of 1 to 10 Evas spending at most 1000 points; each Eva is
    named ``<prefix>-<n>``."""
    evas: list[EvaEntry] = []
    total = 0
    attempts = 0
    while attempts < 40:
        attempts += 1
        lance = any(w.code == "lance" for e in evas for w in e.weapons)
        e = _random_eva(rng, f"{prefix}-{len(evas) + 1}", lance)
        c = eva_cost(e)
        if total + c > BUDGET:
            if evas and rng.random() < 0.5:
                break
            continue
        evas.append(e)
        total += c
        if len(evas) >= 4:
            break
    if not evas:
        evas = [EvaEntry(name=f"{prefix}-1", weapons=[WeaponEntry("rifle")])]
    r = Roster(name=f"Random {prefix}", evas=evas)
    assert roster_cost(r) <= BUDGET and not validate(r), validate(r)
    return r
