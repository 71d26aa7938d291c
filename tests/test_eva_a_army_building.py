"""Army building and validation (eva.md EVA-17, EVA-EX-16, EVA-AMB-55, AMB-58 to AMB-60, AMB-72,
AMB-73; catalogue costs of section 3 and EVA-19.1)."""

import msgspec
import pytest

from engine.dice import ScriptedDice
from engine.rulesets.eva import RULESET, rules
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.catalog import AT_COST, EQUIPMENT, INCOMPATIBLE, WEAPONS
from engine.rulesets.eva.roster import (
    EvaEntry,
    Roster,
    WeaponEntry,
    decode_roster,
    encode_roster_file,
    eva_cost,
    roster_cost,
    validate,
)
from engine.rulesets.eva.state import EvaSetup
from tests.eva_support import make_state, of, open_map, play, start, unit


def W(code, auto=False):
    return WeaponEntry(code, auto)


def eva01():
    return EvaEntry(
        "Eva-01",
        [W("rifle", True), W("knife"), W("replica")],
        at=3,
        equipment=["s2", "targeting"],
    )


def eva00():
    return EvaEntry(
        "Eva-00",
        [W("positron"), W("pistol")],
        at=2,
        equipment=["shield", "itargeting", "sync"],
    )


def eva02():
    return EvaEntry(
        "Eva-02",
        [W("hknife"), W("qspear"), W("hrifle")],
        at=4,
        equipment=["jumpjet", "berserk"],
    )


def legal():
    return Roster("NERV", [eva01(), eva00(), eva02()])


def rules_of(problems):
    return sorted(p.rule for p in problems)


# ---------------------------------------------------------------------------
# EVA-EX-16
# ---------------------------------------------------------------------------
def test_eva_ex_16_legal_roster_costs_985():
    """EVA-EX-16: Eva-01 345 (3 weapons), Eva-00 315 (2 weapons; the Shield is not one), Eva-02 325
    (3 weapons); total 985 ≤ 1000, legal."""
    r = legal()
    assert [eva_cost(e) for e in r.evas] == [345, 315, 325]
    assert roster_cost(r) == 985
    assert validate(r) == []


def _change(which, fn):
    r = legal()
    fn(r.evas[which])
    return r


@pytest.mark.parametrize(
    ("which", "change", "total", "broken"),
    [
        (2, lambda e: e.weapons.append(W("n2")), 1035, ["EVA-17.1"]),
        (0, lambda e: e.equipment.__setitem__(1, "berserk"), 985, ["EVA-17.8"]),
        (
            2,
            lambda e: (e.weapons.extend([W("knife"), W("pistol")]), e.equipment.remove("jumpjet")),
            990,
            ["EVA-17.4"],
        ),
        (0, lambda e: setattr(e, "weapons", [W("replica"), W("lance")]), 1000, ["EVA-17.5"]),
        (1, lambda e: e.equipment.__setitem__(1, "pseudo"), 995, ["EVA-17.8"]),
    ],
    ids=["n2-over-budget", "berserk-with-s2", "five-weapons", "two-spears", "sync-with-pseudo"],
)
def test_eva_ex_16_illegal_changes(which, change, total, broken):
    """EVA-EX-16: each illegal change on its own: N2 Bomb → 1035 breaks EVA-17.1; Berserk with the S2
    Engine breaks EVA-17.8 at 985; five weapons at 990 break EVA-17.4; a Lance beside the Replica at
    exactly 1000 breaks EVA-17.5; a Pseudo-Pilot with High Synchronisation at 995 breaks EVA-17.8."""
    r = _change(which, change)
    assert roster_cost(r) == total
    assert rules_of(validate(r)) == broken


# ---------------------------------------------------------------------------
# EVA-17 rules one by one
# ---------------------------------------------------------------------------
def test_eva_17_1_budget_1000_points_inclusive():
    """EVA-17.1: exactly 1000 points is legal; 1005 is not."""
    at_1000 = Roster(
        "A", [EvaEntry(f"E{i}", [W("hrifle", True)], at=0, equipment=["accel"]) for i in range(5)]
    )
    # 5 x (100 + 70 + 15) = 925; add AT-5 (80) to one Eva → 1005, AT-4 (50) and AT-3 (30) → 1005...
    assert roster_cost(at_1000) == 925
    at_1000.evas[0].at = 3  # +30
    at_1000.evas[1].at = 2  # +15
    at_1000.evas[2].at = 1  # +5
    at_1000.evas[3].equipment.append("jaws")  # +10
    at_1000.evas[4].equipment.append("jaws")  # +10
    assert roster_cost(at_1000) == 995
    at_1000.evas[4].at = 1  # +5
    assert roster_cost(at_1000) == 1000
    assert validate(at_1000) == []
    at_1000.evas[3].at = 1  # +5
    assert roster_cost(at_1000) == 1005
    probs = validate(at_1000)
    assert rules_of(probs) == ["EVA-17.1"]
    assert probs[0].args == {"total": 1005, "budget": 1000}


def test_eva_17_2_cost_of_an_eva_is_base_plus_weapons_at_and_equipment():
    """EVA-17.2: 100 + weapons + AT + equipment: Heavy Pallet Rifle with automatic fire 70, Quantum
    Knife 15, AT-6 120, D-Module 20 and Wings 20 → 345."""
    e = EvaEntry("X", [W("hrifle", True), W("knife")], at=6, equipment=["dmodule", "wings"])
    assert eva_cost(e) == 100 + 70 + 15 + 120 + 20 + 20 == 345


def test_eva_17_3_base_profile():
    """EVA-17.3: a bare Eva costs 100 and has armour 40, maximum energy 12, AT 0, reach 1, no weapons
    and no equipment."""
    e = EvaEntry("Bare")
    assert eva_cost(e) == 100
    assert validate(Roster("A", [e])) == []
    st = make_state([{"name": "Bare", "side": 0, "square": "C3"}, {"name": "Z", "side": 1, "square": "C28"}])
    u = unit(st, "Bare")
    assert (u.armour, u.max_armour, u.at, u.items, u.equipment) == (40, 40, 0, [], [])
    assert rules.reach(u) == 1
    start(st, "Bare")
    assert u.energy == 12


def test_eva_17_4_and_amb_58_four_weapons_every_catalogue_entry_counts_shield_does_not():
    """EVA-17.4, EVA-AMB-58: knives, spears and the N2 Bomb count as weapons; automatic fire does not
    add a weapon; the Shield does not count; the same weapon may be taken twice."""
    four = EvaEntry("A", [W("knife"), W("knife"), W("n2"), W("rifle", True)], equipment=["shield"])
    assert validate(Roster("R", [four])) == []
    five = EvaEntry("A", [W("knife"), W("knife"), W("n2"), W("rifle", True), W("replica")])
    probs = validate(Roster("R", [five]))
    assert rules_of(probs) == ["EVA-17.4"]
    assert probs[0].args["count"] == 5
    assert validate(Roster("R", [EvaEntry("A", [])])) == []


def test_eva_17_5_weapon_limits():
    """EVA-17.5: one N2 Bomb per Eva; one Spear (Replica or Lance) per Eva; one Lance per army;
    automatic fire only for the Pallet Rifle (+10) and the Heavy Pallet Rifle (+20); a Quantum Spear is
    not a Spear (EVA-AMB-53)."""
    assert rules_of(validate(Roster("R", [EvaEntry("A", [W("n2"), W("n2")])]))) == ["EVA-17.5"]
    assert rules_of(validate(Roster("R", [EvaEntry("A", [W("replica"), W("replica")])]))) == ["EVA-17.5"]
    assert rules_of(validate(Roster("R", [EvaEntry("A", [W("replica"), W("lance")])]))) == ["EVA-17.5"]
    assert validate(Roster("R", [EvaEntry("A", [W("replica"), W("qspear")])])) == []
    two_lances = Roster("R", [EvaEntry("A", [W("lance")]), EvaEntry("B", [W("lance")])])
    assert rules_of(validate(two_lances)) == ["EVA-17.5"]
    assert validate(Roster("R", [EvaEntry("A", [W("lance")]), EvaEntry("B", [W("replica")])])) == []
    assert eva_cost(EvaEntry("A", [W("rifle", True)])) == 140
    assert eva_cost(EvaEntry("A", [W("hrifle", True)])) == 170
    for code in WEAPONS:
        if code in ("rifle", "hrifle"):
            continue
        assert rules_of(validate(Roster("R", [EvaEntry("A", [W(code, True)])]))) == ["EVA-17.5"], code


def test_eva_17_6_and_amb_59_at_field_optional_one_level_priced():
    """EVA-17.6, EVA-AMB-59: AT levels 0 (free) to 6 cost 0, 5, 15, 30, 50, 80, 120; level 7 or -1 does
    not exist."""
    assert AT_COST == (0, 5, 15, 30, 50, 80, 120)
    for level, cost in enumerate((0, 5, 15, 30, 50, 80, 120)):
        e = EvaEntry("A", at=level)
        assert eva_cost(e) == 100 + cost
        assert validate(Roster("R", [e])) == []
    for bad in (7, -1):
        assert rules_of(validate(Roster("R", [EvaEntry("A", at=bad)]))) == ["EVA-17.6"]


def test_eva_17_7_and_amb_60_each_equipment_item_at_most_once():
    """EVA-17.7, EVA-AMB-60: Wings twice on one Eva is refused; Wings on two Evas is fine."""
    assert rules_of(validate(Roster("R", [EvaEntry("A", equipment=["wings", "wings"])]))) == ["EVA-17.7"]
    ok = Roster("R", [EvaEntry("A", equipment=["wings"]), EvaEntry("B", equipment=["wings"])])
    assert validate(ok) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("berserk", "s2"), ("sync", "pseudo"), ("targeting", "itargeting")],
)
def test_eva_17_8_and_amb_60_incompatible_pairs(a, b):
    """EVA-17.8, EVA-AMB-60, EVA-AMB-21: Berserk + S2 Engine, High Synchronisation + Pseudo-Pilot and
    Targeting System + Improved Targeting System may not share an Eva; each alone is fine."""
    assert (a, b) in INCOMPATIBLE
    assert rules_of(validate(Roster("R", [EvaEntry("A", equipment=[a, b])]))) == ["EVA-17.8"]
    assert rules_of(validate(Roster("R", [EvaEntry("A", equipment=[b, a])]))) == ["EVA-17.8"]
    assert validate(Roster("R", [EvaEntry("A", equipment=[a]), EvaEntry("B", equipment=[b])])) == []


def test_eva_17_9_and_amb_72_at_least_one_eva_no_other_limit():
    """EVA-17.9, EVA-AMB-72: an empty army is refused; ten bare Evas (1000 points) are legal; eleven
    break only the budget."""
    assert rules_of(validate(Roster("R", []))) == ["EVA-17.9"]
    ten = Roster("R", [EvaEntry(f"E{i}") for i in range(10)])
    assert roster_cost(ten) == 1000 and validate(ten) == []
    eleven = Roster("R", [EvaEntry(f"E{i}") for i in range(11)])
    assert rules_of(validate(eleven)) == ["EVA-17.1"]


def test_eva_17_10_validation_reports_every_broken_rule():
    """EVA-17.10: a roster breaking several rules gets one problem for each, with its rule ID."""
    bad = Roster(
        "R",
        [
            EvaEntry(
                "A",
                [W("n2"), W("n2"), W("replica"), W("lance"), W("pistol", True)],
                at=6,
                equipment=["s2", "berserk", "sync", "pseudo", "jaws", "jaws"],
            ),
            EvaEntry("B", [W("lance")], at=9),
            EvaEntry("C", [W("positron")], at=6),
        ],
    )
    # A: 100 + 50 + 50 + 40 + 70 + 20 + 120 + 80 + 40 + 35 + 60 + 10 + 10 = 685; B 170; C 290
    assert roster_cost(bad) == 1145
    got = rules_of(validate(bad))
    assert got.count("EVA-17.4") == 1
    assert got.count("EVA-17.5") == 4  # two N2, two Spears, one Lance per army, auto pistol
    assert got.count("EVA-17.6") == 1
    assert got.count("EVA-17.7") == 1
    assert got.count("EVA-17.8") == 2
    assert got.count("EVA-17.1") == 1
    assert len(got) == 10
    # the ruleset exposes the same validation
    assert rules_of(RULESET.validate_roster(bad)) == got


def test_eva_17_10_roster_file_round_trip():
    """EVA-17.10: a roster written to a roster file decodes back to the same roster."""
    data = encode_roster_file(legal())
    head = msgspec.json.decode(data)
    assert head["format"] == "wartable-roster" and head["ruleset"] == "eva"
    back = decode_roster(msgspec.json.encode(head["roster"]))
    assert back == legal()


def _lance_game(faces):
    setup = EvaSetup(
        map=open_map(),
        rosters=[
            Roster("P1", [EvaEntry("L1", [W("lance")]), EvaEntry("X1")]),
            Roster("P2", [EvaEntry("L2", [W("lance")])]),
        ],
    )
    dice = ScriptedDice(faces)
    st, evs = rules.new_state(setup, dice)
    assert dice.remaining() == []
    return st, evs


def test_eva_17_11_and_amb_55_lance_rolloff_loser_gets_a_replica_no_refund():
    """EVA-17.11, EVA-AMB-55: both armies bring a Lance; Player 1 rolls first, ties are re-rolled
    (3-3, then 2-5), the lower roller (Player 1) gets a Spear Replica; its cost stays 170 (100 + 70)
    for victory points; the deployment roll-off follows (4-1)."""
    st, evs = _lance_game([3, 3, 2, 5, 4, 1])
    ro = of(evs, ev.RollOff)
    assert ro[0].purpose == "lance" and ro[0].rolls == [[3, 3], [2, 5]] and ro[0].winner == 1
    assert ro[1].purpose == "zone" and ro[1].rolls == [[4, 1]] and ro[1].winner == 0
    l1, l2 = unit(st, "L1"), unit(st, "L2")
    assert [it.code for it in l1.items] == ["replica"]
    assert [it.code for it in l2.items] == ["lance"]
    assert l1.cost == 170 and l2.cost == 170
    rep = of(evs, ev.LanceReplaced)
    assert len(rep) == 1 and rep[0].unit == "L1" and rep[0].side == 0
    # the other way round
    st, _evs = _lance_game([6, 1, 2, 3])
    assert [it.code for it in unit(st, "L2").items] == ["replica"]
    assert [it.code for it in unit(st, "L1").items] == ["lance"]


def test_eva_17_11_no_rolloff_with_one_lance():
    """EVA-17.11: with a Lance in one army only, no Lance roll-off is made; the first dice are the
    deployment roll-off."""
    setup = EvaSetup(
        map=open_map(),
        rosters=[
            Roster("P1", [EvaEntry("L1", [W("lance")])]),
            Roster("P2", [EvaEntry("L2", [W("replica")])]),
        ],
    )
    dice = ScriptedDice([2, 5])
    st, evs = rules.new_state(setup, dice)
    assert dice.remaining() == []
    assert [r.purpose for r in of(evs, ev.RollOff)] == ["zone"]
    assert [it.code for it in unit(st, "L1").items] == ["lance"]


def test_eva_17_12_rosters_are_secret():
    """EVA-17.12, EVA-18.3: the opponent's view of an Eva holds no roster contents (stowed weapons,
    equipment, AT level, cost); its owner's view holds all of them."""
    from engine.rulesets.eva.view import view

    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["rifle", "knife", "sniper"],
                "at": 4,
                "equipment": ["s2", "jaws"],
            },
            {"name": "B", "side": 1, "square": "C28"},
        ]
    )
    enemy = next(u for u in view(st, 1).units if u.name == "A")
    raw = msgspec.to_builtins(enemy)
    for private in ("items", "equipment", "at", "cost", "armour", "max_armour", "energy", "hands"):
        assert private not in raw
    assert sorted(enemy.held) == ["knife", "rifle"]
    own = next(u for u in view(st, 0).units if u.name == "A")
    assert own.at == 4 and own.equipment == ["s2", "jaws"] and own.cost == 100 + 30 + 15 + 45 + 50 + 80 + 10
    assert [i.label for i in own.items] == ["rifle", "knife", "sniper"]


def test_eva_19_1_catalogue_costs_as_printed_in_section_3():
    """EVA-19.1, EVA-AMB-62: the printed costs are the current ones: every weapon and equipment cost
    of section 3."""
    weapons = {
        "knife": 15,
        "hknife": 25,
        "pistol": 20,
        "rifle": 30,
        "rocket": 40,
        "hrifle": 50,
        "n2": 50,
        "qspear": 30,
        "sniper": 45,
        "replica": 40,
        "lance": 70,
        "positron": 70,
    }
    assert {c: w.points for c, w in WEAPONS.items()} == weapons
    assert {c: w.hands for c, w in WEAPONS.items()} == {
        c: (2 if c in ("qspear", "sniper", "replica", "lance", "positron") else 1) for c in weapons
    }
    equipment = {
        "s2": 80,
        "pseudo": 60,
        "dmodule": 20,
        "targeting": 40,
        "itargeting": 50,
        "arms": 25,
        "berserk": 40,
        "sync": 35,
        "jumpjet": 30,
        "wings": 20,
        "accel": 15,
        "jaws": 10,
        "anatomy": 25,
        "shield": 25,
    }
    assert {c: e.points for c, e in EQUIPMENT.items()} == equipment


def test_eva_amb_73_evas_are_the_only_units():
    """EVA-AMB-73: there are no support units: a roster holds only Evas, and the catalogue has no
    vehicle; every unit in a game is built from an Eva entry (base armour 40 or 35 with Jaws)."""
    assert Roster.__struct_fields__ == ("name", "evas")
    assert set(EvaEntry.__struct_fields__) == {"name", "weapons", "at", "equipment"}
    for word in ("tank", "helicopter", "vehicle"):
        assert word not in WEAPONS and word not in EQUIPMENT
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "equipment": ["jaws"]},
            {"name": "B", "side": 1, "square": "C28"},
        ]
    )
    assert [u.max_armour for u in st.units] == [35, 40]


def test_eva_17_2_cost_is_what_a_destroyed_eva_scores():
    """EVA-17.2, EVA-5.10: a destroyed Eva scores its full roster cost for the enemy (100 + 20 +
    120 = 240)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "C8", "weapons": ["pistol"], "at": 6, "armour": 1},
            {"name": "C", "side": 1, "square": "T30"},
        ]
    )
    assert unit(st, "B").cost == 240
    start(st, "A")
    play(st, 0, "A fire C8 rifle", [4])
    assert unit(st, "B").destroyed
    assert st.scores == [240, 0]
