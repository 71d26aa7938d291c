"""Three Kingdoms army builder (section 3.7): the roster model from the catalogues,
its validation (every problem with its rule), random valid armies, fielding two
armies on a scenario, roster files."""

from __future__ import annotations

import json
import random

import pytest

from engine.rosterfile import check_roster_file
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.catalog import OFFICERS, REGIMENT_SIZES
from engine.rulesets.kingdoms.roster import (
    Roster,
    RosterRegiment,
    field_armies,
    random_roster,
    validate,
    validate_armies,
)
from engine.rulesets.kingdoms.scenario import load_bundled, scenario_problems

FAN = load_bundled("fan_river")


def shu() -> Roster:
    return Roster(
        faction="Shu",
        side=0,
        regiments=[
            RosterRegiment(type="infantry", men=1000, base="B1", officer="Liu Bei"),
            RosterRegiment(type="cavalry", men=500, base="B2", officer="Zhao Yun"),
            RosterRegiment(type="archers", men=300, base="B3"),
        ],
    )


def rules_of(problems) -> list[str]:
    return [p.rule for p in problems]


def test_a_valid_army_has_no_problem_and_the_catalogue_matches_sections_3_5_and_3_6():
    """Sections 3.5, 3.6: 20 officers of three factions; sizes 1000/500/300 infantry,
    500/300 cavalry and archers; a valid army has no problem."""
    assert len(OFFICERS) == 20 and {f for f, _n, _w in OFFICERS} == {"Shu", "Wei", "Wu"}
    assert REGIMENT_SIZES == {"infantry": (1000, 500, 300), "cavalry": (500, 300), "archers": (500, 300)}
    assert validate(shu()) == []


@pytest.mark.parametrize(
    "change, rule",
    [
        (lambda r: setattr(r, "faction", "Jin"), "§3.7.1"),
        (lambda r: r.regiments.extend([RosterRegiment(type="archers", men=300, base="B1")] * 4), "§3.7.2"),
        (lambda r: r.regiments.extend([RosterRegiment(type="infantry", men=1000, base="B1")] * 3), "§3.7.2"),
        (lambda r: setattr(r.regiments[1], "men", 1000), "TK-1.3"),
        (lambda r: setattr(r.regiments[1], "officer", "Cao Cao"), "§3.7.3"),
        (lambda r: setattr(r.regiments[2], "officer", "Liu Bei"), "TK-1.4"),
        (lambda r: [setattr(x, "officer", None) for x in r.regiments], "§3.7.3"),
        (lambda r: setattr(r.regiments[0], "base", "B6"), "§3.7.4"),
        (lambda r: setattr(r.regiments[1], "base", "B3"), "TK-3.5"),
        (lambda r: r.regiments.extend([RosterRegiment(type="archers", men=300, base="B3")] * 3), "TK-3.2"),
    ],
)
def test_each_problem_is_reported_with_its_rule(change, rule):
    """Section 3.7, items 1-4, and the rules they rest on (TK-1.3, TK-1.4, TK-3.2, TK-3.5)."""
    r = shu()
    change(r)
    assert rule in rules_of(validate(r))


def test_every_problem_is_reported_not_only_the_first():
    r = shu()
    r.regiments += [RosterRegiment(type="archers", men=300, base="B1")] * 4
    r.regiments[1].men = 700
    r.regiments[0].base = "B9"
    assert rules_of(validate(r)) == ["§3.7.2", "TK-1.3", "§3.7.4"]


def test_an_officer_cannot_fight_on_both_sides_even_in_a_civil_war():
    """Section 3.7 items 1 and 3: both sides may pick one faction; each officer once."""
    a = shu()
    b = Roster(
        faction="Shu",
        side=1,
        regiments=[RosterRegiment(type="infantry", men=1000, base="B6", officer="Liu Bei")],
    )
    assert rules_of(validate_armies(FAN, a, b)) == ["§3.7.3"]


def test_random_armies_are_valid_and_fielded_in_roster_order():
    """A random army for each side is valid (section 3.7); fielded, the first side's
    regiments come first, ids are the side's letter and number (TK-1.8, item 5)."""
    for seed in range(200):
        rng = random.Random(seed)
        for key in ("fan_river", "hefei"):
            sc = load_bundled(key)
            a = random_roster(rng, sc, 0)
            b = random_roster(rng, sc, 1, avoid={r.officer for r in a.regiments if r.officer})
            assert validate_armies(sc, a, b) == []
            fielded = field_armies(sc, a, b)
            assert scenario_problems(fielded) == []
            assert [r.id for r in fielded.regiments][: len(a.regiments)] == [
                f"{sc.sides[0].letter}{n}" for n in range(1, len(a.regiments) + 1)
            ]
            assert [r.men for r in fielded.regiments] == [x.men for x in a.regiments + b.regiments]


def test_roster_files_are_read_and_checked_through_the_shared_roster_file_format():
    """The Rosters capability: a roster file (format wartable-roster) decodes and its
    problems come back with their rules."""
    good = {
        "format": "wartable-roster",
        "version": 1,
        "ruleset": "kingdoms",
        "roster": json.loads(
            json.dumps(
                {
                    "faction": "Shu",
                    "side": 0,
                    "scenario": "fan_river",
                    "regiments": [{"type": "infantry", "men": 1000, "base": "B1", "officer": "Liu Bei"}],
                }
            )
        ),
    }
    key, problems = check_roster_file(json.dumps(good).encode())
    assert key == "kingdoms" and problems == []
    good["roster"]["regiments"][0]["men"] = 999
    _key, problems = check_roster_file(json.dumps(good).encode())
    assert rules_of(problems) == ["TK-1.3"]
    assert (
        RULESET.validate_roster(RULESET.decode_roster(json.dumps(good["roster"]).encode()))[0].rule
        == "TK-1.3"
    )


def test_one_side_fields_a_roster_and_the_other_keeps_the_scenarios_forces():
    """Section 3.7 items 3 and 5: a roster for one side only replaces that side's
    forces (its ids its letter and number), the other side keeps the scenario's, roster
    order first side first; an officer of the roster who also leads one of the
    scenario's regiments on the other side is refused (§3.7.3)."""
    from engine.rulesets.kingdoms.roster import field, field_problems

    wei = Roster(
        faction="Wei",
        side=1,
        regiments=[
            RosterRegiment(type="cavalry", men=300, base="B8", officer="Dian Wei"),
            RosterRegiment(type="infantry", men=1000, base="B10", officer="Cao Cao"),
        ],
    )
    assert field_problems(FAN, (None, wei)) == []
    fielded = field(FAN, (None, wei))
    assert [r.id for r in fielded.regiments] == ["S1", "S2", "S3", "S4", "S5", "S6", "W1", "W2"]
    assert fielded.regiments[:6] == FAN.regiments[:6]
    assert (fielded.regiments[6].officer, fielded.regiments[6].weapon) == ("Dian Wei", "club")
    assert scenario_problems(fielded) == []
    assert field(FAN, (None, None)) == FAN
    assert field_armies(FAN, shu(), wei) == field(FAN, (shu(), wei))
    turncoat = Roster(
        faction="Shu",
        side=1,
        regiments=[RosterRegiment(type="infantry", men=1000, base="B6", officer="Guan Yu")],
    )
    assert rules_of(field_problems(FAN, (None, turncoat))) == ["§3.7.3"]


def test_tk_3_7_2_the_limits_are_exactly_six_regiments_and_4000_men_and_army_men_sums_the_sizes():
    """§3.7.2: six regiments and 4,000 men are allowed, a seventh regiment or a
    hundred men more are not; the men are the sum of the sizes (TK-1.3)."""
    from engine.rulesets.kingdoms.roster import army_men

    six = Roster(
        faction="Shu",
        side=0,
        regiments=[
            RosterRegiment(type="infantry", men=1000, base="B1", officer="Liu Bei"),
            RosterRegiment(type="infantry", men=1000, base="B1"),
            RosterRegiment(type="infantry", men=500, base="B1"),
            RosterRegiment(type="cavalry", men=500, base="B2"),
            RosterRegiment(type="archers", men=500, base="B3"),
            RosterRegiment(type="archers", men=500, base="B3"),
        ],
    )
    assert army_men(six) == 4000 and validate(six) == []
    seven = Roster(
        faction="Shu", side=0, regiments=[*six.regiments, RosterRegiment(type="infantry", men=300, base="B2")]
    )
    assert [p.rule for p in validate(seven)] == ["§3.7.2", "§3.7.2"]  # 7 regiments, 4300 men
    assert validate(seven)[0].args == {"n": 7, "limit": 6}
    assert validate(seven)[1].args == {"men": 4300, "limit": 4000}


def test_tk_3_7_4_free_base_follows_the_deployment_rules_of_validate():
    """§3.7.4, TK-3.2, TK-3.5: a new regiment goes to the first base of its side with
    room; mounted cavalry never to a building (Lookout Hill); none when all is full."""
    from engine.rulesets.kingdoms.roster import deployment_room, free_base

    army = Roster(faction="Shu", side=0, regiments=[])
    assert free_base(army, "cavalry", FAN) == "B1"
    army.regiments = [RosterRegiment(type="infantry", men=300, base="B1") for _ in range(5)]
    assert free_base(army, "infantry", FAN) == "B2"
    army.regiments += [RosterRegiment(type="infantry", men=300, base="B2") for _ in range(3)]
    assert free_base(army, "infantry", FAN) == "B3"
    assert free_base(army, "cavalry", FAN) is None  # B3 is a building
    assert [(b.id, b.capacity, n) for b, n in deployment_room(army, FAN)] == [
        ("B1", 5, 5),
        ("B2", 3, 3),
        ("B3", 3, 0),
    ]
    wei = Roster(faction="Wei", side=1, regiments=[])
    assert [b.id for b, _n in deployment_room(wei, FAN)] == ["B6", "B8", "B9", "B10"]


def test_a_new_roster_takes_the_sides_faction_and_a_roster_file_round_trips():
    """§3.7.1: a new army starts with the faction the scenario gives its side; the
    builder's roster file is read back by the shared roster-file reader, unchanged."""
    from engine.rulesets.kingdoms.roster import decode_roster, encode_roster_file, new_roster

    hefei = load_bundled("hefei")
    army = new_roster(hefei, 0, "Wu vanguard")
    assert (army.faction, army.scenario, army.side, army.regiments) == ("Wu", "hefei", 0, [])
    army.regiments.append(RosterRegiment(type="infantry", men=1000, base="B1", officer="Lü Meng"))
    data = encode_roster_file(army)
    key, problems = check_roster_file(data)
    assert key == "kingdoms" and problems == []
    assert decode_roster(json.dumps(json.loads(data)["roster"]).encode()) == army
