"""Random valid rosters, for selfplay and property tests (EVA-17)."""

from __future__ import annotations

import random

from engine.rulesets.eva.catalog import BUDGET, EQUIPMENT, INCOMPATIBLE, WEAPONS
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, eva_cost, validate

__all__ = ["random_roster"]


#: The catalogue's weapon and equipment codes, in catalogue order (what is drawn from).
_WEAPON_CODES = list(WEAPONS)
_EQUIPMENT_CODES = list(EQUIPMENT)
#: For each equipment code, the codes it cannot be combined with (EVA-17.8).
_CLASHES: dict[str, frozenset[str]] = {
    code: frozenset([b for a, b in INCOMPATIBLE if a == code] + [a for a, b in INCOMPATIBLE if b == code])
    for code in EQUIPMENT
}


def _random_eva(rng: random.Random, name: str, lance_taken: bool) -> EvaEntry:
    weapons: list[WeaponEntry] = []
    codes = _WEAPON_CODES
    n2 = spear = False  # an N2 Bomb, a Spear drawn already (one of each, EVA-17.5)
    for _ in range(rng.randint(1, 4)):
        code = rng.choice(codes)
        w = WEAPONS[code]
        if (code == "n2" and n2) or (w.spear and spear) or (code == "lance" and lance_taken):
            continue
        auto = w.auto_points is not None and rng.random() < 0.5
        weapons.append(WeaponEntry(code, auto))
        n2 = n2 or code == "n2"
        spear = spear or w.spear
    equipment: list[str] = []
    for code in rng.sample(_EQUIPMENT_CODES, rng.randint(0, 3)):
        if _CLASHES[code].isdisjoint(equipment):
            equipment.append(code)
    return EvaEntry(name=name, weapons=weapons, at=rng.randint(0, 4), equipment=equipment)


def random_roster(rng: random.Random, prefix: str = "Eva") -> Roster:
    """A legal roster of 1 to 10 Evas spending at most 1000 points; each Eva is
    named ``<prefix>-<n>``."""
    evas: list[EvaEntry] = []
    total = 0
    attempts = 0
    lance = False  # an Eva of the roster carries the Lance (one per army, EVA-17.5)
    while attempts < 40:
        attempts += 1
        e = _random_eva(rng, f"{prefix}-{len(evas) + 1}", lance)
        c = eva_cost(e)
        if total + c > BUDGET:
            if evas and rng.random() < 0.5:
                break
            continue
        evas.append(e)
        total += c
        for w in e.weapons:
            if w.code == "lance":
                lance = True
        if len(evas) >= 4:
            break
    if not evas:
        evas = [EvaEntry(name=f"{prefix}-1", weapons=[WeaponEntry("rifle")])]
    r = Roster(name=f"Random {prefix}", evas=evas)
    assert not validate(r), validate(r)  # within the budget too (EVA-17.1)
    return r
