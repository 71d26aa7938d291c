"""Weapons' special rules (eva.md EVA-15): knives, pistol, rifles and bursts, rocket launcher, N2 Bomb,
Quantum Spear, sniper, Spear Replica and Lance (thrown and in melee, pins, energy loss, criticals) and the
Positron Cannon (targeting, piercing, criticals, reload); worked examples EVA-EX-12, EVA-EX-13, EVA-EX-14."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.catalog import WEAPONS
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, validate
from engine.rulesets.eva.view import view
from tests.eva_support import idx, make_state, of, play, snapshot, start, unit


def refused(st, side: int, text: str, rule: str | tuple[str, ...]) -> IllegalAction:
    """The action is refused under ``rule`` (or one of the rules) and the state is left unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    rules_ok = (rule,) if isinstance(rule, str) else rule
    assert e.value.rule in rules_ok, e.value
    assert snapshot(st) == before
    return e.value


def duel(a: dict, t: dict, terrain: dict | None = None, **kw):
    """Attacker A (Player 1) and target T (Player 2), A activated."""
    st = make_state(
        [{"name": "A", "side": 0, "square": "F5", **a}, {"name": "T", "side": 1, "square": "F15", **t}],
        terrain,
        **kw,
    )
    start(st, "A")
    return st


def shot(evs: list) -> ev.ShotRolled:
    return of(evs, ev.ShotRolled)[0]


# ---------------------------------------------------------------------------
# EVA-15.1 Weapon profiles (section 3 tables)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "hands", "points", "damage", "energy", "melee"),
    [
        ("knife", 1, 15, None, 0, 3),
        ("hknife", 1, 25, None, 0, 4),
        ("pistol", 1, 20, (5, 3, 0), 2, None),
        ("rifle", 1, 30, (5, 5, 3), 3, None),
        ("rocket", 1, 40, (0, 5, 8), 3, None),
        ("hrifle", 1, 50, (5, 8, 3), 3, None),
        ("n2", 1, 50, (15, 0, 0), 3, None),
        ("qspear", 2, 30, None, 0, 5),
        ("sniper", 2, 45, (4, 7, 7), 3, None),
        ("replica", 2, 40, (10, 5, 0), 3, 4),
        ("lance", 2, 70, (10, 8, 6), 3, 4),
        ("positron", 2, 70, (12, 10, 8), 5, None),
    ],
)
def test_eva_15_1_weapon_profiles(code, hands, points, damage, energy, melee):
    """EVA-15.1 and section 3: hands, points, damage close / medium / long, energy per attack, melee bonus."""
    w = WEAPONS[code]
    assert (w.hands, w.points, w.damage, w.melee) == (hands, points, damage, melee)
    if damage is not None:
        assert w.energy == energy


def test_eva_15_1_melee_weapons_cannot_shoot():
    """EVA-15.1: a melee weapon has no ranged profile: throwing a knife or a Quantum Spear is refused
    (EVA-15.9: the Quantum Spear cannot be thrown)."""
    st = duel({"weapons": ["knife", "hknife"]}, {})
    refused(st, 0, "A fire F15 knife", ("EVA-15.1", "EVA-15.2"))
    st = duel({"weapons": ["qspear"]}, {})
    refused(st, 0, "A fire F15 qspear", ("EVA-15.1", "EVA-15.9"))


# ---------------------------------------------------------------------------
# EVA-15.2 / 15.3 knives, EVA-15.9 Quantum Spear (melee bonus and AT caps)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("weapon", "total", "lost"),
    [("knife", 12 + 3, 9 - 6), ("hknife", 12 + 4, 9 - 4), ("qspear", 12 + 5, 9 - 3)],
)
def test_eva_15_2_15_3_15_9_melee_bonus_and_caps(weapon, total, lost):
    """EVA-15.2 Quantum Knife +3 (no cap); EVA-15.3 Heavy Quantum Knife +4, AT counts at most 4; EVA-15.9
    Quantum Spear +5, AT at most 3: the 2d6 = 9 against AT-6."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": [weapon]},
            {"name": "T", "side": 1, "square": "F11", "at": 6},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [6, 6, 5, 4, 4, 5, 1])  # T: 9 + 0; A wins, no critical
    m = of(evs, ev.MeleeRolled)[0]
    assert (m.a_total, m.d_total, m.critical) == (total, 9, False)
    assert unit(st, "T").armour == 40 - lost


def test_eva_15_9_quantum_spear_reach_1_not_a_spear():
    """EVA-15.9 / EVA-AMB-53: the Quantum Spear has reach 1 (2 with Extended Arms, not 3); a diagonal
    neighbour (D² 2) is out of its reach; it does not count as a Spear in the roster."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["qspear"]},
            {"name": "B", "side": 0, "square": "A10", "weapons": ["qspear"], "equipment": ["arms"]},
            {"name": "T", "side": 1, "square": "G11"},
        ]
    )
    assert rules.reach(unit(st, "A")) == 1 and rules.reach(unit(st, "B")) == 2
    start(st, "A")
    refused(st, 0, "A melee G11", "EVA-3.6")
    r = Roster("R", [EvaEntry("E", [WeaponEntry("qspear"), WeaponEntry("replica")])])
    assert validate(r) == []


# ---------------------------------------------------------------------------
# EVA-15.4 Pallet Pistol, EVA-15.5 Pallet Rifle, EVA-15.6 Rocket Launcher, EVA-15.7 Heavy Pallet Rifle
# ---------------------------------------------------------------------------
def test_eva_15_4_pistol_one_shot_no_long_range():
    """EVA-15.4: 5 at close (F5-F10, D² 25), 2 energy; a second pistol shot this activation is refused
    (EVA-10.1); long range refused (EVA-10.3); medium 3."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["pistol"]},
            {"name": "C", "side": 1, "square": "F10"},
            {"name": "M", "side": 1, "square": "K12"},  # D² 74 medium
            {"name": "L", "side": 1, "square": "F20"},  # D² 225 long
        ]
    )
    start(st, "A")
    refused(st, 0, "A fire F20 pistol", "EVA-10.3")
    evs = play(st, 0, "A fire F10 pistol", [3])
    assert shot(evs).raw == 5 and unit(st, "A").energy == 10
    refused(st, 0, "A fire K12 pistol", "EVA-10.1")
    assert WEAPONS["pistol"].damage[rules.band_of(rules.d2(idx("F5"), idx("K12")))] == 3


def test_eva_15_5_rifle_single_and_burst_only_with_automatic_fire():
    """EVA-15.5: single shot 3 energy, 3 damage at long range (F5-F20); a burst needs automatic fire
    (EVA-10.10); with it, the burst costs 5 and fires 3 shots at TN +1."""
    st = duel({"weapons": ["rifle"]}, {"square": "F20"})
    refused(st, 0, "A fire F20 rifle burst", "EVA-10.10")
    evs = play(st, 0, "A fire F20 rifle", [5])
    assert shot(evs).raw == 3 and unit(st, "A").energy == 9 and unit(st, "T").armour == 37

    st = duel({"weapons": [("rifle", True)]}, {"square": "F20"})
    evs = play(st, 0, "A fire F20 rifle burst", [6, 1, 1, 6, 1])  # TN 6: 6 (conf 1), 1, 6 (conf 1)
    assert of(evs, ev.AttackOdds)[0].tn == 6
    assert [s.hit for s in of(evs, ev.ShotRolled)] == [True, False, True]
    assert unit(st, "T").armour == 34 and unit(st, "A").energy == 7


def test_eva_15_6_rocket_launcher_no_close_range():
    """EVA-15.6: 0 / 5 / 8: refused at close range (EVA-10.3); 8 at long range (F5-F20) for 3 energy."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["rocket"]},
            {"name": "C", "side": 1, "square": "G9"},
            {"name": "L", "side": 1, "square": "F20"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A fire G9 rocket", "EVA-10.3")
    evs = play(st, 0, "A fire F20 rocket", [5])
    assert shot(evs).raw == 8 and unit(st, "L").armour == 32 and unit(st, "A").energy == 9


def test_eva_15_7_heavy_pallet_rifle_8_at_medium_and_burst():
    """EVA-15.7: 5 / 8 / 3; single shot 3 energy; burst 5 energy only with automatic fire (EVA-EX-4 style)."""
    st = duel({"weapons": ["hrifle"]}, {"square": "F12"})  # D² 49 medium
    refused(st, 0, "A fire F12 hrifle burst", "EVA-10.10")
    evs = play(st, 0, "A fire F12 hrifle", [4])
    assert shot(evs).raw == 8 and unit(st, "T").armour == 32 and unit(st, "A").energy == 9


# ---------------------------------------------------------------------------
# EVA-15.8 N2 Bomb
# ---------------------------------------------------------------------------
def test_eva_15_8_n2_bomb_no_roll_15_ignoring_at_then_gone():
    """EVA-15.8 / EVA-AMB-52: close range only; no to-hit die (none drawn, no critical, no targeting
    system); 15 damage ignoring AT-6 (25 left); 3 energy; the bomb leaves the game and cannot be thrown
    again."""
    st = duel({"weapons": ["n2"], "equipment": ["targeting"]}, {"square": "F9", "at": 6})
    evs = play(st, 0, "A fire F9 n2", [])
    s = shot(evs)
    assert s.no_roll and s.dice == [] and s.hit and not s.candidate and s.raw == 15
    assert unit(st, "T").armour == 25 and unit(st, "A").energy == 9
    a = unit(st, "A")
    assert a.hands == [] and a.items[0].gone
    assert not any(isinstance(e, ev.Revealed) for e in evs)
    with pytest.raises(IllegalAction):
        play(st, 0, "A fire F9 n2")


def test_eva_15_8_n2_bomb_restrictions():
    """EVA-15.8 / EVA-AMB-52: not beyond close range; the target must be seen and not engaged; the bomb must
    be in hand from the start of the activation (EVA-9.6); it is a shooting action (EVA-6.4)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["n2", "rifle"], "hands": ["rifle"]},
            {"name": "F", "side": 0, "square": "J9"},
            {"name": "M", "side": 1, "square": "F12"},  # medium
            {"name": "H", "side": 1, "square": "B5"},  # behind green D5
            {"name": "E", "side": 1, "square": "J8"},  # engaged with F
        ],
        {"D5": "g"},
    )
    start(st, "A")
    play(st, 0, "A swap n2+rifle")
    refused(st, 0, "A fire J8 n2", "EVA-9.6")
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["n2"]},
            {"name": "F", "side": 0, "square": "J9"},
            {"name": "M", "side": 1, "square": "F12"},
            {"name": "H", "side": 1, "square": "B5"},
            {"name": "E", "side": 1, "square": "J8"},
            {"name": "C", "side": 1, "square": "F8"},
        ],
        {"D5": "g"},
    )
    start(st, "A")
    refused(st, 0, "A fire F12 n2", ("EVA-10.3", "EVA-15.8"))
    refused(st, 0, "A fire B5 n2", "EVA-4.9")
    refused(st, 0, "A fire J8 n2", "EVA-10.2")
    play(st, 0, "A F5-G5")
    play(st, 0, "A fire F8 n2")
    refused(st, 0, "A G5-H5", "EVA-6.4")


def test_eva_15_8_n2_bomb_aimed_counts_as_hit_for_trauma():
    """EVA-15.8: aimed, it costs 6 energy; its automatic hit loses 15 ≥ 7, so the legs trauma follows
    (EVA-11.2); the Shield absorbing all 15 leaves 0 lost: no trauma."""
    st = duel({"weapons": ["n2"]}, {"square": "F9", "at": 6})
    play(st, 0, "A fire F9 n2 aimed legs", [])
    assert unit(st, "A").energy == 6 and unit(st, "T").armour == 25 and unit(st, "T").trauma("legs")

    st = duel({"weapons": ["n2"]}, {"square": "F9", "equipment": ["shield"], "hands": ["shield"]})
    evs = play(st, 0, "A fire F9 n2 aimed legs", [])
    t = unit(st, "T")
    assert t.armour == 40 and t.shield_points == 0 and not t.traumas
    assert of(evs, ev.ShieldDestroyed)


# ---------------------------------------------------------------------------
# EVA-15.10 Sniper Pallet Rifle
# ---------------------------------------------------------------------------
def test_eva_15_10_sniper_tn_minus_1_damage_4_7_7():
    """EVA-15.10: long range TN 5 - 1 = 4 (die 4 hits), 7 damage; close 4 damage at TN 3 - 1 = 2."""
    st = duel({"weapons": ["sniper"]}, {"square": "F20"})
    evs = play(st, 0, "A fire F20 sniper", [4])
    assert of(evs, ev.AttackOdds)[0].tn == 4 and shot(evs).raw == 7 and unit(st, "A").energy == 9
    st = duel({"weapons": ["sniper"]}, {"square": "F8"})
    evs = play(st, 0, "A fire F8 sniper", [2])
    assert of(evs, ev.AttackOdds)[0].tn == 2 and shot(evs).raw == 4


# ---------------------------------------------------------------------------
# EVA-15.11 / 15.12 Spear Replica, EVA-15.13 Spear hits, EVA-15.14 critical, EVA-15.15 Lance
# ---------------------------------------------------------------------------
def test_eva_15_11_spear_replica_in_melee_reach_2_plus_4_ignores_at():
    """EVA-15.11: +4, reach 2 (D² 4 without Extended Arms: a normal exchange, EVA-AMB-33), its melee damage
    ignores AT-6 (2d6 = 7 lost in full)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F9", "weapons": ["replica"]},
            {"name": "T", "side": 1, "square": "F11", "at": 6},
        ]
    )
    start(st, "A")
    assert rules.reach(unit(st, "A")) == 2
    evs = play(st, 0, "A melee F11", [3, 3, 3, 3, 3, 4, 2])
    m = of(evs, ev.MeleeRolled)[0]
    assert (m.a_total, m.d_total, m.winner, m.critical) == (10, 6, "A", False)
    assert unit(st, "T").armour == 33 and unit(st, "A").armour == 38


def test_eva_15_11_one_spear_per_eva():
    """EVA-15.11 / EVA-17.5: at most one Spear per Eva: a Replica and a Lance together are refused; two
    Replicas too."""
    for pair in (("replica", "lance"), ("replica", "replica")):
        r = Roster("R", [EvaEntry("E", [WeaponEntry(c) for c in pair])])
        assert [p.rule for p in validate(r)] == ["EVA-17.5"]


def test_eva_amb_52_n2_bomb_one_per_eva_counts_as_a_weapon():
    """EVA-15.8 / EVA-AMB-52: at most one N2 Bomb per Eva; it counts towards the four weapons."""
    r = Roster("R", [EvaEntry("E", [WeaponEntry("n2"), WeaponEntry("n2")])])
    assert [p.rule for p in validate(r)] == ["EVA-17.5"]
    four = ["knife", "knife", "pistol", "pistol"]
    assert validate(Roster("R", [EvaEntry("E", [WeaponEntry(c) for c in four])])) == []
    r = Roster("R", [EvaEntry("E", [WeaponEntry(c) for c in [*four, "n2"]])])
    assert [p.rule for p in validate(r)] == ["EVA-17.4"]


@pytest.mark.parametrize(
    ("target", "damage", "tn"),
    [("F10", 10, 3), ("F12", 5, 4)],
)
def test_eva_15_12_replica_thrown_damage_ignores_at_gone(target, damage, tn):
    """EVA-15.12: thrown 10 close / 5 medium, 3 energy, ignoring AT-6; after the throw the Replica leaves the
    game, hit or miss (EVA-9.5)."""
    st = duel({"weapons": ["replica"]}, {"square": target, "at": 6})
    evs = play(st, 0, f"A fire {target} replica", [tn])
    assert of(evs, ev.AttackOdds)[0].tn == tn and shot(evs).raw == damage
    assert unit(st, "T").armour == 40 - damage and unit(st, "A").energy == 9
    assert unit(st, "A").hands == [] and unit(st, "A").items[0].gone


def test_eva_15_12_replica_miss_still_gone_no_long_throw():
    """EVA-15.12: a missed throw also removes the Replica; it cannot be thrown at long range (EVA-10.3)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["replica"]},
            {"name": "L", "side": 1, "square": "F20"},
            {"name": "C", "side": 1, "square": "F9"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A fire F20 replica", "EVA-10.3")
    evs = play(st, 0, "A fire F9 replica", [1])
    assert not shot(evs).hit and unit(st, "A").items[0].gone and unit(st, "A").hands == []
    assert not unit(st, "C").pinned


def test_eva_15_13_spear_hit_pins_until_round_end_and_lowers_energy():
    """EVA-15.13 / EVA-AMB-54: a thrown Replica's hit pins the target until the end of the round (public) and
    lowers its maximum energy by 3 for the game (private); pinned, it may kneel, stand, take off and land,
    but not step or jump (EVA-8.8); the pin ends with the round."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["replica"]},
            {"name": "T", "side": 1, "square": "F12", "equipment": ["wings", "jumpjet"]},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire F12 replica", [5])
    t = unit(st, "T")
    assert t.pinned and t.replica_hits == 1 and t.armour == 35
    assert of(evs, ev.Pinned)[0].to is None and of(evs, ev.EnergyPenalty)[0].to == (1,)
    assert of(evs, ev.EnergyPenalty)[0].amount == 3
    assert view(st, 0).units[1].pinned
    play(st, 0, "A end")
    start(st, "T")
    assert t.energy == 12 - 3
    refused(st, 1, "T F12-F13", "EVA-8.8")
    refused(st, 1, "T jump F14", "EVA-8.8")
    play(st, 1, "T kneel")
    play(st, 1, "T stand")
    play(st, 1, "T takeoff")
    play(st, 1, "T land")
    play(st, 1, "T end", [1, 2])  # the round ends: initiative roll-off for round 2
    assert not t.pinned and st.round == 2 and t.replica_hits == 1
    assert rules.max_energy(t) == 9


def test_eva_15_13_spear_melee_hits_neither_pin_nor_drain():
    """EVA-15.13 / EVA-AMB-54: a Spear's melee hits have neither effect."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["lance"]},
            {"name": "T", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [3, 3, 3, 3, 1, 1, 1])  # 10 v 6
    t = unit(st, "T")
    assert t.armour == 38 and not t.pinned and t.replica_hits == 0 and t.lance_hits == 0


def test_eva_15_14_spear_critical_confirmation_always_rolled():
    """EVA-15.14: a confirmed critical of a thrown Spear is instant destruction; the confirmation die is rolled
    even with Combat Anatomy (a failed one, 1, gives an ordinary hit of 5)."""
    st = duel({"weapons": ["replica"], "equipment": ["anatomy"]}, {"square": "F12"})
    evs = play(st, 0, "A fire F12 replica", [6, 1])
    s = shot(evs)
    assert s.candidate and s.confirm == 1 and not s.critical and not s.auto_confirm and s.raw == 5
    assert unit(st, "T").armour == 35 and not unit(st, "T").destroyed


def test_eva_15_15_lance_thrown_long_tn_minus_1_minus_5_energy():
    """EVA-15.15: the Lance thrown at long range (F5-F20): TN 5 - 1 = 4, damage 6 ignoring AT-6 (34);
    −5 maximum energy (12 - 5 = 7) and pinned; medium 8, close 10."""
    st = duel({"weapons": ["lance"]}, {"square": "F20", "at": 6})
    evs = play(st, 0, "A fire F20 lance", [4])
    assert of(evs, ev.AttackOdds)[0].tn == 4 and shot(evs).raw == 6
    t = unit(st, "T")
    assert t.armour == 34 and t.pinned and t.lance_hits == 1 and rules.max_energy(t) == 7
    assert of(evs, ev.EnergyPenalty)[0].amount == 5
    assert WEAPONS["lance"].damage[:2] == (10, 8)
    t.lance_hits = 2  # 12 - 10 = 2: never below 3 (EVA-15.13 b)
    assert rules.max_energy(t) == 3


def test_eva_15_15_lance_in_melee_like_replica():
    """EVA-15.15: in melee the Lance works like the Replica: +4, reach 2."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["lance"]},
            {"name": "T", "side": 1, "square": "G11"},
        ]
    )
    assert rules.reach(unit(st, "A")) == 2 and rules.melee_bonus(unit(st, "A"), True, 2) == 4


# ---------------------------------------------------------------------------
# EVA-EX-12 A thrown Spear's critical against a Shield
# ---------------------------------------------------------------------------
def ex12():
    st = make_state(
        [
            {"name": "Eva-A", "side": 0, "square": "K5", "weapons": ["replica"], "equipment": ["anatomy"]},
            {"name": "B", "side": 1, "square": "K12", "at": 6, "equipment": ["shield"], "hands": ["shield"]},
        ]
    )
    start(st, "Eva-A")
    return st


def test_eva_ex_12_spear_critical_instant_destruction_through_shield():
    """EVA-EX-12: TN 4; 6 is a candidate; Combat Anatomy does not confirm a Spear throw, so the die 5 is
    rolled: success: B destroyed whatever its Shield and AT-6; the Replica leaves the game."""
    st = ex12()
    evs = play(st, 0, "Eva-A fire K12 replica", [6, 5])
    s = shot(evs)
    assert of(evs, ev.AttackOdds)[0].tn == 4
    assert s.candidate and s.confirm == 5 and s.critical and s.instant and not s.auto_confirm
    assert unit(st, "B").destroyed
    assert unit(st, "Eva-A").items[0].gone and unit(st, "Eva-A").energy == 9


def test_eva_ex_12_variant_failed_confirmation_shield_absorbs_still_pinned():
    """EVA-EX-12 variant (6, 2): ordinary hit, 5 damage all absorbed by the Shield (10 left), armour 40; B is
    still pinned and has maximum energy −3 (12 - 3 = 9) (EVA-15.13)."""
    st = ex12()
    play(st, 0, "Eva-A fire K12 replica", [6, 2])
    b = unit(st, "B")
    assert b.shield_points == 10 and b.armour == 40 and b.pinned and rules.max_energy(b) == 9


# ---------------------------------------------------------------------------
# EVA-EX-14 Shield absorption
# ---------------------------------------------------------------------------
def test_eva_ex_14_shield_absorbs_burst():
    """EVA-EX-14: burst at TN 5 (medium + burst): hit 1 (5) 8 absorbed, 7 left, armour 30; hit 2 (6, conf 2
    fails) 8: 7 absorbed, Shield destroyed, the remaining 1 costs max(1, 1 - 3) = 1 (29); hit 3 (5): 8 - 3 =
    5 (24). The destruction is public; the hands are empty."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "K8", "weapons": [("hrifle", True)]},
            {
                "name": "Eva-S",
                "side": 1,
                "square": "K15",
                "at": 3,
                "armour": 30,
                "equipment": ["shield"],
                "hands": ["shield"],
            },
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire K15 hrifle burst", [5, 6, 2, 5])
    assert of(evs, ev.AttackOdds)[0].tn == 5
    dmg = of(evs, ev.DamageTaken)
    assert [(d.raw, d.absorbed, d.lost, d.armour, d.shield) for d in dmg] == [
        (8, 8, 0, 30, 7),
        (8, 7, 1, 29, 0),
        (8, 0, 5, 24, 0),
    ]
    assert all(d.to == (1,) for d in dmg)
    sd = of(evs, ev.ShieldDestroyed)
    assert len(sd) == 1 and sd[0].to is None
    s = unit(st, "Eva-S")
    assert s.hands == [] and s.armour == 24
    assert view(st, 0).units[1].held == []


# ---------------------------------------------------------------------------
# EVA-15.16 to 15.18 Positron Cannon; EVA-EX-13
# ---------------------------------------------------------------------------
def test_eva_ex_13_positron_through_obstacles():
    """EVA-EX-13: round 4, last fired round 2; B kneels behind yellow C11 (hidden), red C8 on the line:
    5 energy, TN 4 + 1 (not seen) = 5; damage 10 - 2 × 2 = 6; die 5 is a Positron candidate, confirmation
    5 ≥ 5: 12; B loses 12 - 2 = 10 (30); the cannon may not fire in round 5, may in round 6."""
    st = make_state(
        [
            {"name": "Eva-P", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "B", "side": 1, "square": "C13", "kneeling": True, "at": 2},
        ],
        {"C8": "r", "C11": "y"},
        round=4,
    )
    unit(st, "Eva-P").positron_round = 2
    assert not rules.sees(st, unit(st, "Eva-P"), unit(st, "B"))
    start(st, "Eva-P")
    evs = play(st, 0, "Eva-P fire C13 positron", [5, 5])
    assert of(evs, ev.AttackOdds)[0].tn == 5
    s = shot(evs)
    assert s.candidate and s.critical and s.raw == 12
    assert unit(st, "B").armour == 30 and unit(st, "Eva-P").energy == 7
    assert unit(st, "Eva-P").positron_round == 4
    p = unit(st, "Eva-P")
    for rnd, ok in ((5, False), (6, True)):
        st.round = rnd
        st.activation = None
        p.activated = False
        start(st, "Eva-P")
        if ok:
            play(st, 0, "Eva-P fire C13 positron", [1])
        else:
            refused(st, 0, "Eva-P fire C13 positron", "EVA-15.18")


@pytest.mark.parametrize(
    ("terrain", "tn", "raw"),
    [
        ({}, 3, 12),  # close (D² 18), nothing on the line
        ({"D5": "g"}, 3, 12),  # one green flank: the pair counts as open (EVA-4.3)
        ({"D5": "g", "C6": "g"}, 4, 10),  # two green flanks: green, hides, pierced
    ],
)
def test_eva_15_17_corner_pairs_count_by_effective_colour(terrain, tn, raw):
    """EVA-15.17 / EVA-AMB-56: each line square counts once, a corner pair by its effective colour: one green
    flank leaves it open (12); two green flanks count (12 - 2 = 10) and hide the target (TN +1, EVA-15.16)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "T", "side": 1, "square": "F8"},
        ],
        terrain,
    )
    start(st, "A")
    evs = play(st, 0, "A fire F8 positron", [4])
    assert of(evs, ev.AttackOdds)[0].tn == tn and shot(evs).raw == raw


def test_eva_15_17_ground_squares_red_yellow_green_count_evas_do_not():
    """EVA-15.17 / EVA-AMB-56: between ground Evas red, yellow and green squares each cost 2 (10 - 6 = 4); the
    friendly Eva on the line costs nothing; green hides the target: TN 4 + 1 (not seen) = 5."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "F", "side": 0, "square": "C7"},
            {"name": "T", "side": 1, "square": "C13"},
        ],
        {"C9": "r", "C10": "y", "C11": "g"},
    )
    start(st, "A")
    evs = play(st, 0, "A fire C13 positron", [5, 1])  # hidden by green: TN 4 + 1 = 5
    assert of(evs, ev.AttackOdds)[0].tn == 5 and shot(evs).raw == 10 - 6
    assert unit(st, "T").armour == 36


def test_eva_15_16_seen_target_normal_cover_no_hidden_penalty():
    """EVA-15.16 / EVA-AMB-56: a seen target gets the normal cover rules: yellow on the line, standing target:
    TN 4 + 1 = 5, no "not seen" modifier; damage 10 - 2 = 8."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "T", "side": 1, "square": "C13"},
        ],
        {"C10": "y"},
    )
    start(st, "A")
    evs = play(st, 0, "A fire C13 positron", [5, 5])
    odds = of(evs, ev.AttackOdds)[0]
    assert odds.tn == 5 and not any("not seen" in m for m in odds.modifiers)
    assert shot(evs).raw == 16 and unit(st, "T").armour == 24


def test_eva_15_16_positron_refusals():
    """EVA-15.16: blue on the line (EVA-4.10), an engaged target (EVA-10.2), out of range (EVA-3.3) are
    refused; EVA-15.17: damage left 0 or less is refused (8 at long range through four red squares)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "F", "side": 0, "square": "M11"},
            {"name": "B", "side": 1, "square": "H5"},
            {"name": "E", "side": 1, "square": "M12"},
            {"name": "O", "side": 1, "square": "T30"},
            {"name": "L", "side": 1, "square": "C20"},
        ],
        {"E5": "b", "C7": "r", "C9": "r", "C11": "r", "C13": "r"},
    )
    start(st, "A")
    refused(st, 0, "A fire H5 positron", "EVA-4.10")
    refused(st, 0, "A fire M12 positron", "EVA-10.2")
    refused(st, 0, "A fire T30 positron", "EVA-3.3")
    refused(st, 0, "A fire C20 positron", "EVA-15.17")
    unit(st, "A").square = idx("C8")  # now only C9, C11 and C13 are on the line
    evs = play(st, 0, "A fire C20 positron", [6, 1])  # D² 144 long: 8 - 6 = 2
    assert shot(evs).raw == 2


@pytest.mark.parametrize(
    ("a_air", "t_air", "t_kneel", "terrain", "raw"),
    [
        (True, False, False, {"C8": "r", "C11": "y", "C12": "y"}, 10),  # flush yellow, standing: nothing
        (True, False, True, {"C8": "r", "C11": "y", "C12": "y"}, 8),  # kneeling: flush yellow counts
        (True, False, False, {"C8": "g", "C12": "g"}, 8),  # flush green counts, far green does not
        (False, True, False, {"C6": "g", "C9": "g"}, 8),  # green flush against the ground attacker counts
        (True, True, False, {"C8": "g", "C12": "g"}, 10),  # both airborne: nothing
    ],
    ids=["air-standing", "air-kneeling", "air-green", "ground-to-air", "both-air"],
)
def test_eva_15_17_airborne_counts_only_hiding_flush_squares(a_air, t_air, t_kneel, terrain, raw):
    """EVA-15.17 / EVA-AMB-56: with an airborne Eva involved only the line squares that hide the ground Eva from
    the air count (green flush against it; yellow or green flush if it kneels)."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C5",
                "weapons": ["positron"],
                "equipment": ["wings"] if a_air else [],
                "airborne": a_air,
            },
            {
                "name": "T",
                "side": 1,
                "square": "C13",
                "equipment": ["wings"] if t_air else [],
                "airborne": t_air,
                "kneeling": t_kneel,
            },
        ],
        terrain,
    )
    start(st, "A")
    evs = play(st, 0, "A fire C13 positron", [6, 1])
    assert shot(evs).raw == raw


def test_eva_15_18_positron_critical_on_5_only_if_it_hits():
    """EVA-15.18 / EVA-AMB-56: a natural 5 that hits is a candidate (confirmation 4 against TN 4: doubled 20,
    T loses 20); at TN 6 (long + cover) a 5 misses: no candidate, no confirmation die."""
    st = duel({"weapons": ["positron"]}, {"square": "F12"})  # medium, TN 4
    evs = play(st, 0, "A fire F12 positron", [5, 4])
    s = shot(evs)
    assert s.candidate and s.critical and s.raw == 20 and unit(st, "T").armour == 20

    st = duel({"weapons": ["positron"]}, {"square": "F20"}, {"F10": "y"})  # long 5 + cover 1
    evs = play(st, 0, "A fire F20 positron", [5])
    s = shot(evs)
    assert of(evs, ev.AttackOdds)[0].tn == 6 and not s.hit and not s.candidate


def test_eva_15_18_positron_reload_next_round_refused():
    """EVA-15.18: fired in round N, it may not fire in round N + 1."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "weapons": ["positron"]},
            {"name": "T", "side": 1, "square": "F12"},
        ],
        round=3,
    )
    start(st, "A")
    play(st, 0, "A fire F12 positron", [1])
    play(st, 0, "A end")
    start(st, "T")
    play(st, 1, "T end", [1, 2])  # round 4 begins, Player 2 first
    assert st.round == 4
    st.turn = 0
    start(st, "A")
    refused(st, 0, "A fire F12 positron", "EVA-15.18")
