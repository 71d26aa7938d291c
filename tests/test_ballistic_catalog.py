"""Going Ballistic's starter catalogue and the weapon charts (GB-18, GB-9.4 to
GB-9.6), the sample loadouts (GB-18.6), and the roster builder's engine side
(GB-18.5, GB-4.2, GB-AMB-58)."""

from __future__ import annotations

import random
from fractions import Fraction

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rosterfile import check_roster_file
from engine.ruleset import Rosters, get
from engine.rulesets.ballistic.catalog import (
    AUXILIARIES,
    CHASSIS,
    EQUIPMENT,
    LOADOUTS,
    WEAPONS,
    base_grade,
    chart,
    effective_c,
    max_range,
)
from engine.rulesets.ballistic.roster import (
    Roster,
    UnitEntry,
    encode_roster_file,
    entry_from_loadout,
    payload_used,
    random_roster,
    roster_mass,
    validate,
)
from engine.rulesets.ballistic.state import make_unit

RS = get("ballistic")


def test_gb_18_1_chassis_table():
    """GB-18.1: mass, Max Health, Speed, P, payload, mounts and systems of each chassis."""
    rows = {
        "hare": (20, 40, 7, 0, 6, 2, 1, ("locomotion", "sensors", "fire_control")),
        "warden": (40, 60, 5, 1, 12, 3, 2, ("locomotion", "sensors", "fire_control", "stabilizer")),
        "bastion": (70, 90, 3, 3, 20, 4, 2, ("locomotion", "sensors", "fire_control", "stabilizer")),
    }
    for key, (mass, health, speed, p, payload, wm, em, systems) in rows.items():
        c = CHASSIS[key]
        assert (c.mass, c.max_health, c.speed, c.platform, c.payload) == (mass, health, speed, p, payload)
        assert (c.weapon_mounts, c.equipment_mounts, c.systems) == (wm, em, systems)


def test_gb_18_2_auxiliary_units():
    """GB-18.2: the Jackal buggy (small, 8 t, 15 Health, Speed 9, HMG) and the Kestrel drone
    (air, 3 t, 10 Health, Speed 12, altitude 4, designator); GB-4.3 target classes."""
    j, k = AUXILIARIES["jackal"], AUXILIARIES["kestrel"]
    assert (j.cls, j.mass, j.max_health, j.speed, j.platform, j.altitude) == ("small", 8, 15, 9, 0, 0)
    assert j.systems == ("locomotion", "sensors") and j.weapons == ("hmg12",) and j.equipment == ()
    assert (k.cls, k.mass, k.max_health, k.speed, k.platform, k.altitude) == ("air", 3, 10, 12, 0, 4)
    assert k.systems == ("engine", "sensors") and k.weapons == () and k.equipment == ("designator",)


def test_gb_18_3_weapons_table():
    """GB-18.3: every weapon's damage, RoF, C, K, HE, direct, arc band, v, CEP, guided, mass;
    C ≥ K for every weapon (so the grade at 1 hex is K on any chassis, GB-9.5)."""
    rows = {
        "gat20": ((1, 4), 6, 4, 2, False, None, 0, 0, False, Fraction(3, 2)),
        "hmg12": ((1, 4), 4, 3, 1, False, None, 0, 0, False, Fraction(1)),
        "ac40": ((1, 8), 3, 6, 2, True, None, 0, 0, False, Fraction(3)),
        "can105": ((3, 6), 1, 10, 3, False, None, 0, 0, False, Fraction(7)),
        "agl30": ((1, 6), 3, 5, 1, True, (2, 10), 5, 2, False, Fraction(3, 2)),
        "gm120": ((3, 6), 1, 5, 2, True, (3, 30), 10, 3, False, Fraction(6)),
        "how155": ((4, 6), 1, 12, 3, True, (6, 60), 20, 4, False, Fraction(12)),
        "atgm": ((2, 10), 2, 8, 2, False, (3, 40), 8, 3, True, Fraction(3)),
    }
    assert set(rows) == set(WEAPONS)
    for key, (dice, rof, c, k, he, band, v, cep, guided, mass) in rows.items():
        w = WEAPONS[key]
        assert (w.dice, w.rof, w.c, w.k, w.he, w.arc, w.speed, w.cep, w.guided, w.mass) == (
            dice,
            rof,
            c,
            k,
            he,
            band,
            v,
            cep,
            guided,
            mass,
        )
        assert w.direct and w.c >= w.k
        for p in (0, 1, 3):
            assert base_grade(w.k, effective_c(w, p), 1) == w.k


def test_gb_18_4_equipment():
    """GB-18.4: designator and smoke launcher, 0.5 t each; smoke has 2 charges."""
    assert EQUIPMENT["designator"].mass == EQUIPMENT["smoke"].mass == Fraction(1, 2)
    assert EQUIPMENT["smoke"].charges == 2 and EQUIPMENT["designator"].charges == 0


def test_gb_18_6_sample_loadouts_mass_and_canonical_systems():
    """GB-18.6 and GB-4.4: each sample loadout's payload used and its systems in canonical
    order (chassis systems, weapons in mount order, equipment in mount order)."""
    expected = {
        "Hare-G": (Fraction(7, 2), ["locomotion", "sensors", "fire_control", "gat20", "agl30", "designator"]),
        "Warden-M": (
            Fraction(8),
            [
                "locomotion",
                "sensors",
                "fire_control",
                "stabilizer",
                "ac40",
                "atgm",
                "hmg12",
                "smoke",
                "designator",
            ],
        ),
        "Bastion-H": (
            Fraction(17),
            ["locomotion", "sensors", "fire_control", "stabilizer", "how155", "ac40", "gat20", "smoke"],
        ),
        "Bastion-C": (
            Fraction(16),
            [
                "locomotion",
                "sensors",
                "fire_control",
                "stabilizer",
                "can105",
                "gm120",
                "gat20",
                "hmg12",
                "smoke",
            ],
        ),
        "Jackal": (Fraction(0), ["locomotion", "sensors", "hmg12"]),
        "Kestrel": (Fraction(0), ["engine", "sensors", "designator"]),
    }
    assert set(expected) == set(LOADOUTS)
    for name, (mass, systems) in expected.items():
        entry = entry_from_loadout(name, name)
        assert payload_used(entry) == mass
        assert [s.key for s in make_unit(entry, 0, 0).systems] == systems
        assert validate(Roster(units=[entry])) == []


# GB-18.7: (weapon, P) -> bands of grades 1..5 and the first distance out of range, as printed
CHART_BANDS = {
    ("gat20", 0): ("3–5", "1–2, 6–7", "8–9", "10–11", "12–13", 14),
    ("gat20", 1): ("3–7", "1–2, 8–9", "10–12", "13–14", "15–17", 18),
    ("gat20", 3): ("4–10", "1–3, 11–13", "14–17", "18–20", "21–24", 25),
    ("hmg12", 0): ("1–5", "6–8", "9–11", "12–14", "15–17", 18),
    ("hmg12", 1): ("1–7", "8–11", "12–15", "16–19", "20–23", 24),
    ("hmg12", 3): ("1–11", "12–17", "18–23", "24–29", "30–35", 36),
    ("ac40", 0): ("4–8", "1–3, 9–11", "12–14", "15–17", "18–20", 21),
    ("ac40", 1): ("4–10", "1–3, 11–13", "14–17", "18–20", "21–24", 25),
    ("ac40", 3): ("5–13", "1–4, 14–17", "18–22", "23–26", "27–31", 32),
    ("can105", 0): ("7–13", "4–6, 14–16", "1–3, 17–19", "20–23", "24–26", 27),
    ("can105", 1): ("8–14", "4–7, 15–18", "1–3, 19–21", "22–25", "26–29", 30),
    ("can105", 3): ("9–17", "5–8, 18–21", "1–4, 22–25", "26–30", "31–34", 35),
    ("agl30", 0): ("1–9", "10–14", "15–19", "20–24", "25–29", 30),
    ("agl30", 1): ("1–11", "12–17", "18–23", "24–29", "30–35", 36),
    ("agl30", 3): ("1–15", "16–23", "24–31", "32–39", "40–47", 48),
    ("gm120", 0): ("3–7", "1–2, 8–9", "10–12", "13–14", "15–17", 18),
    ("gm120", 1): ("4–8", "1–3, 9–11", "12–14", "15–17", "18–20", 21),
    ("gm120", 3): ("5–11", "1–4, 12–15", "16–19", "20–23", "24–27", 28),
    ("how155", 0): ("9–15", "5–8, 16–19", "1–4, 20–23", "24–27", "28–31", 32),
    ("how155", 1): ("9–17", "5–8, 18–21", "1–4, 22–25", "26–30", "31–34", 35),
    ("how155", 3): ("11–19", "6–10, 20–24", "1–5, 25–29", "30–34", "35–39", 40),
    ("atgm", 0): ("5–11", "1–4, 12–15", "16–19", "20–23", "24–27", 28),
    ("atgm", 1): ("5–13", "1–4, 14–17", "18–22", "23–26", "27–31", 32),
    ("atgm", 3): ("6–16", "1–5, 17–21", "22–27", "28–32", "33–38", 39),
}


def _bands(grades: tuple[int, ...], grade: int) -> str:
    ds = [d for d, g in enumerate(grades, start=1) if g == grade]
    runs: list[list[int]] = []
    for d in ds:
        if runs and runs[-1][1] == d - 1:
            runs[-1][1] = d
        else:
            runs.append([d, d])
    return ", ".join(f"{a}–{b}" for a, b in runs)


@pytest.mark.parametrize("weapon, platform", sorted(CHART_BANDS))
def test_gb_18_7_grade_charts(weapon, platform):
    """GB-18.7: every chart of the catalogue, band by band, and the range (GB-9.6)."""
    grades = chart(WEAPONS[weapon], platform)
    *bands, out = CHART_BANDS[(weapon, platform)]
    assert [_bands(grades, g) for g in range(1, 6)] == list(bands)
    assert len(grades) == out - 1
    assert max_range(WEAPONS[weapon].k, effective_c(WEAPONS[weapon], platform)) == out - 1


def test_gb_18_7_base_grade_by_distance_p0():
    """GB-18.7: the table of D0 by distance 1-30 at P = +0 (a dash: out of range)."""
    rows = {
        "gat20": "2 2 1 1 1 2 2 3 3 4 4 5 5",
        "hmg12": "1 1 1 1 1 2 2 2 3 3 3 4 4 4 5 5 5",
        "ac40": "2 2 2 1 1 1 1 1 2 2 2 3 3 3 4 4 4 5 5 5",
        "can105": "3 3 3 2 2 2 1 1 1 1 1 1 1 2 2 2 3 3 3 4 4 4 4 5 5 5",
        "agl30": "1 1 1 1 1 1 1 1 1 2 2 2 2 2 3 3 3 3 3 4 4 4 4 4 5 5 5 5 5",
        "gm120": "2 2 1 1 1 1 1 2 2 3 3 3 4 4 5 5 5",
        "how155": "3 3 3 3 2 2 2 2 1 1 1 1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5",
        "atgm": "2 2 2 2 1 1 1 1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5",
    }
    for key, text in rows.items():
        expected = [int(x) for x in text.split()]
        assert list(chart(WEAPONS[key], 0))[:30] == expected, key


def test_gb_ex_1_reading_the_gatling_chart_on_a_hare():
    """GB-EX-1: gat20 on a Hare-G, C_eff 4, K 2: d 1, 2, 3, 5, 6, 8, 13 give D0 2, 2, 1, 1,
    2, 3, 5 (T0 8, 8, 4, 4, 8, 12, 20); d 14 gives 6, out of range; d 0 would give 3."""
    c = effective_c(WEAPONS["gat20"], CHASSIS["hare"].platform)
    assert c == 4 and c // WEAPONS["gat20"].k == 2
    got = {d: base_grade(2, c, d) for d in (1, 2, 3, 5, 6, 8, 13, 14, 0)}
    assert got == {1: 2, 2: 2, 3: 1, 5: 1, 6: 2, 8: 3, 13: 5, 14: 6, 0: 3}
    assert [4 * got[d] for d in (1, 2, 3, 5, 6, 8, 13)] == [8, 8, 4, 4, 8, 12, 20]
    assert max_range(2, c) == 13


def test_gb_ex_2_weapon_platform():
    """GB-EX-2: (a) gat20 on a Bastion, C_eff 7: grade 1 band 4-10, 5 at 24, out at 25;
    (b) can105 on a Warden, C_eff 11; (c) its Stabilizer failed: C_eff 10."""
    g = WEAPONS["gat20"]
    c = effective_c(g, 3)
    assert c == 7
    assert {d: base_grade(2, c, d) for d in (1, 3, 4, 10, 11, 24, 25)} == {
        1: 2,
        3: 2,
        4: 1,
        10: 1,
        11: 2,
        24: 5,
        25: 6,
    }
    can = WEAPONS["can105"]
    c = effective_c(can, 1)
    assert c == 11
    assert {d: base_grade(3, c, d) for d in (3, 4, 8, 14, 15, 29, 30)} == {
        3: 3,
        4: 2,
        8: 1,
        14: 1,
        15: 2,
        29: 5,
        30: 6,
    }
    c = effective_c(can, 0)
    assert c == 10 and base_grade(3, c, 14) == 2 and base_grade(3, c, 8) == 1


@given(
    st.integers(1, 30),
    st.integers(1, 6),
    st.integers(0, 60),
    st.fractions(min_value=Fraction(1, 4), max_value=5),
)
def test_gb_9_5_the_formula_and_the_intervals_agree(c_eff, _k, d, k):
    """GB-9.5: D0 = 1 + floor(K·|d - C|/C) equals "the number of intervals S = C/K between d
    and C, plus 1", exactly, for fractional K too (GB-1.3)."""
    s = Fraction(c_eff) / k
    intervals = 0
    while (intervals + 1) * s <= abs(d - c_eff):
        intervals += 1
    assert base_grade(k, c_eff, d) == intervals + 1
    assert base_grade(k, c_eff, 0) == base_grade(k, c_eff, 2 * c_eff)


def test_gb_9_4_c_eff_is_at_least_one():
    """GB-9.4, GB-AMB-26, GB-1.4 (the rule's floor overrides a catalogue value that would
    give C + P below 1), GB-AMB-55 (catalogue platforms are 0 or more)."""
    w = msgspec.structs.replace(WEAPONS["hmg12"], c=1)
    assert effective_c(w, -5) == 1 and effective_c(w, 2) == 3


def test_gb_18_5_a_roster_reports_every_problem_with_its_rule():
    """GB-18.5, GB-AMB-58: payload, weapon mounts, equipment mounts, the roster mass limit,
    duplicate names (GB-4.2), unknown items, an auxiliary with its own items (GB-18.2);
    every problem is listed, none refuses silently."""
    roster = Roster(
        name="Bad",
        units=[
            UnitEntry("Hare-1", "hare", ["can105", "gat20", "hmg12"], ["smoke", "designator"]),
            UnitEntry("Hare-1", "warden", ["ac40"]),
            UnitEntry("Kestrel-1", "kestrel", ["gat20"]),
            UnitEntry("Odd one", "tank"),
            UnitEntry("X-1", "bastion", ["laser"], ["cloak"]),
            UnitEntry("B-2", "bastion"),
            UnitEntry("B-3", "bastion"),
        ],
    )
    found = [(p.rule, p.message) for p in validate(roster)]
    rules = [r for r, _m in found]
    assert rules.count("GB-18.5") == 4  # weapons, equipment, payload of Hare-1; roster mass
    assert rules.count("GB-4.2") == 2  # the duplicate and the name with a space
    assert rules.count("GB-18.2") == 1 and rules.count("GB-18.1") == 1
    assert rules.count("GB-18.3") == 1 and rules.count("GB-18.4") == 1
    texts = [p.text() for p in validate(roster)]
    assert any("10.5 t" in t and "6 t" in t for t in texts)
    assert roster_mass(roster) == 20 + 40 + 3 + 0 + 70 * 3
    assert any("273 t" in t and "150 t" in t for t in texts)
    assert validate(Roster()) and validate(Roster())[0].rule == "GB-18.5"


def test_gb_18_5_the_same_item_twice_is_two_systems():
    """GB-18.5, GB-4.4: two identical weapons are two systems, in mount order."""
    entry = UnitEntry("Twin", "warden", ["gat20", "gat20"], ["smoke"])
    assert validate(Roster(units=[entry])) == []
    assert [s.key for s in make_unit(entry, 0, 0).systems][4:] == ["gat20", "gat20", "smoke"]


def test_random_rosters_are_valid_and_the_file_round_trips(tmp_path):
    """GB-18.5: random rosters for selfplay are valid; a roster file goes through the shared
    roster-file reader (the Rosters capability)."""
    assert isinstance(RS, Rosters)
    for n in range(200):
        roster = random_roster(random.Random(n), "R")
        assert validate(roster) == [] and roster_mass(roster) <= 150
    data = encode_roster_file(random_roster(random.Random(5), "Blue"))
    key, problems = check_roster_file(data)
    assert key == "ballistic" and problems == []
    bad = encode_roster_file(Roster(units=[UnitEntry("A", "hare", ["how155"])]))
    assert [p.rule for p in check_roster_file(bad)[1]] == ["GB-18.5"]
