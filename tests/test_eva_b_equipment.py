"""Equipment (eva.md EVA-16): S2 Engine, Pseudo-Pilot, D-Module, targeting systems, Extended Arms, Berserk,
High Synchronisation, Jumpjet, Wings, Acceleration, Jaws, Combat Anatomy and the Shield; worked example
EVA-EX-17."""

import pytest

from engine.dice import ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import notation, rules
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, validate
from engine.rulesets.eva.state import Trauma
from engine.rulesets.eva.view import view
from tests.eva_support import idx, make_state, of, play, snapshot, start, uidx, unit


def refused(st, side: int, text: str, rule: str | tuple[str, ...]) -> IllegalAction:
    """The action is refused under ``rule`` (or one of the rules) and the state is left unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    rules_ok = (rule,) if isinstance(rule, str) else rule
    assert e.value.rule in rules_ok, e.value
    assert snapshot(st) == before
    return e.value


def seen_by(evs: list, side: int) -> list:
    """The events that ``side`` may see (EVA-18)."""
    return [e for e in evs if e.visible_to(side)]


def shot(evs: list) -> ev.ShotRolled:
    return of(evs, ev.ShotRolled)[0]


# ---------------------------------------------------------------------------
# EVA-16.1 S2 Engine
# ---------------------------------------------------------------------------
def test_eva_16_1_s2_engine_energy_regeneration_private():
    """EVA-16.1: +2 maximum energy (12 + 2 = 14 at armour 40); 2 armour regained at the start of each
    activation (30 → 32), an event only its owner sees; the S2 Engine is never announced (EVA-18.4)."""
    st = make_state(
        [
            {"name": "R", "side": 0, "square": "F10", "equipment": ["s2"], "armour": 30},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    evs = start(st, "R")
    r = unit(st, "R")
    assert r.armour == 32 and r.energy == 14
    reg = of(evs, ev.Regenerated)[0]
    assert reg.to == (0,) and reg.armour == 32
    assert not of(seen_by(evs, 1), ev.Regenerated) and not of(evs, ev.Revealed)
    assert "s2" not in view(st, 1).units[0].revealed


def test_eva_16_1_s2_trauma_short_lived_and_berserk_incompatible():
    """EVA-16.1 / EVA-11.7: a melee critical's legs trauma on an S2 Eva lasts through its next activation
    (maximum 14 - 2 = 12) and then ends; S2 and Berserk cannot be combined (EVA-17.8)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["qspear"]},
            {"name": "B", "side": 1, "square": "F11", "equipment": ["s2"]},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [6, 6, 1, 1])  # 17 v 2: critical
    play(st, 0, "trauma legs", [1, 1, 1, 1])
    b = unit(st, "B")
    assert b.trauma("legs") and b.armour == 37
    play(st, 0, "A end")
    start(st, "B")
    assert b.energy == 12 and b.armour == 39  # 39 after regeneration: band 12, +2, -2
    play(st, 1, "B disengage", [1, 1])
    play(st, 1, "B end", [1, 2])
    assert not b.traumas and rules.max_energy(b) == 14
    r = Roster("R", [EvaEntry("E", [], equipment=["s2", "berserk"])])
    assert [p.rule for p in validate(r)] == ["EVA-17.8"]


# ---------------------------------------------------------------------------
# EVA-16.2 Pseudo-Pilot
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("armour", "legs", "replica_hits", "energy"),
    [(40, 0, 0, 11), (15, 0, 0, 11), (5, 0, 0, 11), (4, 1, 1, 6)],
)
def test_eva_16_2_pseudo_pilot_energy_ignores_damage_bands(armour, legs, replica_hits, energy):
    """EVA-16.2 / EVA-AMB-42: −1 maximum energy; the damage band never lowers it: 12 - 1 = 11 at any armour;
    legs traumas and Spear hits still do: 12 - 1 - 2 - 3 = 6."""
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "F10", "equipment": ["pseudo"], "armour": armour},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    p = unit(st, "P")
    p.traumas = [Trauma("legs")] * legs
    p.replica_hits = replica_hits
    start(st, "P")
    assert p.energy == energy


def test_eva_16_2_pseudo_pilot_ignores_body_trauma_incompatible_with_sync():
    """EVA-16.2: no body-trauma die is drawn for a Pseudo-Pilot (its activation is never skipped); it cannot
    be combined with High Synchronisation (EVA-17.8)."""
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "F10", "equipment": ["pseudo"]},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    unit(st, "P").traumas = [Trauma("body")]
    evs = start(st, "P", [])
    assert not of(evs, ev.PrivateRoll) and st.activation is not None
    r = Roster("R", [EvaEntry("E", [], equipment=["sync", "pseudo"])])
    assert [p.rule for p in validate(r)] == ["EVA-17.8"]


# ---------------------------------------------------------------------------
# EVA-16.3 D-Module
# ---------------------------------------------------------------------------
def test_eva_16_3_d_module_blast():
    """EVA-16.3 / EVA-AMB-65: 3 energy; one 2d6 (3 + 4); every other Eva with D² ≤ 4, friend or enemy, ground
    or airborne, with no LOS needed, suffers current armour (20, the Shield's points not counted) + 7 = 27
    through EVA-13.3 (AT-2 friend: 25; airborne enemy: 27; Shield holder behind blue: 15 absorbed, 12);
    Evas at D² 5 and 9 are untouched; the detonating Eva is destroyed and scores for the enemy."""
    st = make_state(
        [
            {
                "name": "D",
                "side": 0,
                "square": "F10",
                "equipment": ["dmodule", "shield"],
                "hands": ["shield"],
                "armour": 20,
            },
            {"name": "F", "side": 0, "square": "F12", "at": 2},
            {"name": "Air", "side": 1, "square": "G11", "equipment": ["wings"], "airborne": True},
            {"name": "S", "side": 1, "square": "H10", "equipment": ["shield"], "hands": ["shield"]},
            {"name": "Far", "side": 1, "square": "F13"},
            {"name": "Knight", "side": 1, "square": "H11"},
        ],
        {"G10": "b"},
    )
    start(st, "D")
    cost = unit(st, "D").cost
    evs = play(st, 0, "D detonate", [3, 4])
    (det,) = of(evs, ev.Detonated)
    assert det.dice == [3, 4] and det.to is None
    assert sorted((d.unit, d.raw) for d in of(evs, ev.DamageDice)) == [("Air", 27), ("F", 27), ("S", 27)]
    assert unit(st, "F").armour == 15 and unit(st, "Air").armour == 13
    assert unit(st, "S").armour == 28 and unit(st, "S").shield_points == 0
    assert unit(st, "Far").armour == 40 and unit(st, "Knight").armour == 40
    assert unit(st, "D").destroyed and st.scores[1] == cost
    assert st.activation is None and st.turn == 1  # its activation ended (EVA-6.2)
    assert any(isinstance(e, ev.Revealed) for e in evs)


def test_eva_16_3_d_module_needs_3_energy_and_equipment():
    """EVA-16.3: detonation costs 3 energy (refused with 2, EVA-6.2) and needs a D-Module."""
    st = make_state(
        [
            {"name": "D", "side": 0, "square": "F10", "equipment": ["dmodule"]},
            {"name": "N", "side": 0, "square": "A10"},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    start(st, "D")
    unit(st, "D").energy = 2
    refused(st, 0, "D detonate", "EVA-6.2")
    unit(st, "D").energy = 12
    play(st, 0, "D end")
    play(st, 1, "activate X")
    play(st, 1, "X end")
    start(st, "N")
    refused(st, 0, "N detonate", "EVA-16.3")


def test_eva_16_3_d_module_mutual_elimination_is_one_draw():
    """EVA-16.3 / EVA-5.8: the blast's damage and the detonating Eva's destruction are simultaneous: when it
    takes the last enemy with it, the game is a draw, announced once."""
    st = make_state(
        [
            {"name": "D", "side": 0, "square": "F10", "equipment": ["dmodule"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "D")
    evs = play(st, 0, "D detonate", [1, 1])
    assert unit(st, "B").destroyed and unit(st, "D").destroyed
    assert st.over and st.winner is None
    (end,) = of(evs, ev.GameEnded)
    assert end.winner is None


# ---------------------------------------------------------------------------
# EVA-16.4 Targeting System, EVA-16.5 Improved Targeting System
# ---------------------------------------------------------------------------
def duel(a: dict, t: dict, terrain: dict | None = None):
    st = make_state(
        [{"name": "A", "side": 0, "square": "F5", **a}, {"name": "T", "side": 1, "square": "F15", **t}],
        terrain,
    )
    start(st, "A")
    return st


@pytest.mark.parametrize(
    ("faces", "dice", "hit", "critical", "armour"),
    [
        ([4], [4], True, False, 35),  # a hit is never re-rolled
        ([2, 6, 4], [2, 6], True, True, 30),  # the re-roll can be a 6 that starts a critical
        ([2, 6, 1], [2, 6], True, False, 35),  # the confirmation is never re-rolled
        ([1, 3], [1, 3], False, False, 40),  # the re-roll is final
    ],
)
def test_eva_16_4_targeting_system(faces, dice, hit, critical, armour):
    """EVA-16.4 / EVA-10.7: a missed to-hit die is re-rolled once (medium, TN 4); the new die is final and may
    start a critical; the confirmation is never re-rolled; the re-roll reveals the system."""
    st = duel({"weapons": ["rifle"], "equipment": ["targeting"]}, {})
    evs = play(st, 0, "A fire F15 rifle", faces)
    s = shot(evs)
    assert (s.dice, s.hit, s.critical) == (dice, hit, critical)
    assert unit(st, "T").armour == armour
    assert bool(of(evs, ev.Revealed)) == (len(dice) == 2)


@pytest.mark.parametrize(
    ("faces", "hit", "critical", "armour"),
    [([2, 6, 4], True, True, 30), ([6, 1, 1], True, False, 35), ([1, 3], False, False, 40)],
)
def test_eva_16_5_improved_targeting_system(faces, hit, critical, armour):
    """EVA-16.5: two to-hit dice, the higher counts (2, 6 → 6); one confirmation die (4 hits TN 4, 1 fails);
    1, 3 → 3 misses TN 4; the two dice reveal the system."""
    st = duel({"weapons": ["rifle"], "equipment": ["itargeting"]}, {})
    evs = play(st, 0, "A fire F15 rifle", faces)
    s = shot(evs)
    assert s.dice == faces[:2] and (s.hit, s.critical) == (hit, critical)
    assert unit(st, "T").armour == armour and of(evs, ev.Revealed)


# ---------------------------------------------------------------------------
# EVA-16.6 Extended Arms
# ---------------------------------------------------------------------------
def test_eva_16_6_extended_arms_reach_and_bonus():
    """EVA-16.6: reach 2 without a Spear, 3 with one; +1 melee when attacking at distance 1, none beyond
    (an automatic loss there) and none when defending."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["arms"]},
            {"name": "S", "side": 0, "square": "A10", "equipment": ["arms"], "weapons": ["lance"]},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    a, s = unit(st, "A"), unit(st, "S")
    assert rules.reach(a) == 2 and rules.reach(s) == 3
    assert rules.melee_bonus(a, True, 1) == 1 and rules.melee_bonus(a, False, 1) == 0
    assert rules.melee_bonus(s, True, 1) == 5 and rules.melee_bonus(s, True, 4) == 4


# ---------------------------------------------------------------------------
# EVA-16.7 Berserk; EVA-EX-17
# ---------------------------------------------------------------------------
def ex17():
    return make_state(
        [
            {
                "name": "Eva-Z",
                "side": 0,
                "square": "C10",
                "equipment": ["berserk"],
                "at": 1,
                "armour": 5,
                "weapons": ["rifle", "knife"],
            },
            {"name": "Y", "side": 1, "square": "C14", "weapons": ["hknife"], "at": 4, "armour": 20},
        ]
    )


def test_eva_ex_17_going_berserk():
    """EVA-EX-17: berserk die 5 ≥ 5 (private: Player 2 sees neither the die nor that a roll was made, only
    that Eva-Z goes berserk, which reveals Berserk); energy 15; path C10-C13 for 6 (9), must stop engaged;
    no rifle; attack 3 (6): 12 v 10; Y loses 10 - 4 = 6 (14); Eva-Z loses 6 - min(6, 4) = 2 (3); Y may not
    neutralise Eva-Z's field."""
    st = ex17()
    st.turn = 0
    action = notation.parse_action(st, 0, "activate Eva-Z berserk")
    dice = ScriptedDice([5])
    evs = rules.apply(st, 0, action, dice)
    assert dice.remaining() == [] and dice.log[0].stream == "p0"  # a private roll (EVA-18.3)
    z = unit(st, "Eva-Z")
    assert z.berserk and z.energy == 15 and rules.at_level(z) == 6
    roll = of(evs, ev.PrivateRoll)[0]
    assert roll.to == (0,) and roll.die == 5 and roll.success
    p2 = seen_by(evs, 1)
    assert not of(p2, ev.PrivateRoll) and of(p2, ev.WentBerserk) and of(p2, ev.Revealed)
    assert view(st, 1).units[0].berserk
    refused(st, 0, "Eva-Z C10-C14", ("EVA-8.2", "EVA-2.9", "EVA-8.7"))
    play(st, 0, "Eva-Z C10-C11-C12-C13")
    assert z.energy == 9 and rules.is_engaged(st, z)
    refused(st, 0, "Eva-Z fire C14 rifle", ("EVA-16.7", "EVA-10.2"))
    evs = play(st, 0, "Eva-Z melee C14", [3, 3, 4, 2, 5, 5, 6])
    m = of(evs, ev.MeleeRolled)[0]
    assert (m.a_total, m.d_total, m.winner, m.critical) == (12, 10, "Eva-Z", False)
    assert unit(st, "Y").armour == 14 and z.armour == 3 and z.energy == 6
    play(st, 0, "Eva-Z end")
    start(st, "Y")
    refused(st, 1, "Y neutralise C13", "EVA-16.7")


def test_eva_ex_17_variant_no_berserk_nothing_shown():
    """EVA-EX-17 variant: die 4 < 5: not berserk, maximum energy 7 (armour 5); Player 2 sees nothing of the
    roll."""
    st = ex17()
    evs = start(st, "Eva-Z", [4], berserk=True)
    z = unit(st, "Eva-Z")
    assert not z.berserk and z.energy == 7
    p2 = seen_by(evs, 1)
    assert not of(p2, ev.PrivateRoll) and not of(p2, ev.WentBerserk) and not of(p2, ev.Revealed)
    assert [type(e).__name__ for e in p2] == ["Activated"]
    assert "berserk" not in view(st, 1).units[0].revealed


def test_eva_16_7_berserk_trigger_needs_armour_6_or_less():
    """EVA-16.7: the roll is allowed only with Berserk, armour 6 or less and not yet berserk; armour 7 is
    refused; without the roll no die is drawn."""
    st = ex17()
    evs = start(st, "Eva-Z", [])  # the owner may choose not to roll: no die
    assert not unit(st, "Eva-Z").berserk and not of(evs, ev.PrivateRoll)
    st = ex17()
    unit(st, "Eva-Z").armour = 7
    st.turn = 0
    refused(st, 0, "activate Eva-Z berserk", "EVA-16.7")
    unit(st, "Eva-Z").armour = 6
    evs = start(st, "Eva-Z", [6], berserk=True)
    assert unit(st, "Eva-Z").berserk and of(evs, ev.WentBerserk)


def test_eva_16_7_berserk_no_ranged_attacks_at_all_may_neutralise():
    """EVA-16.7 (a): a berserk Eva makes no ranged attack, not even an N2 Bomb or a Spear throw; it may
    attempt AT neutralisation; (b) energy 15 whatever the legs traumas; (d) +3 melee."""
    st = make_state(
        [
            {
                "name": "Z",
                "side": 0,
                "square": "F5",
                "weapons": ["n2", "pistol"],
                "berserk": True,
                "armour": 3,
                "equipment": ["berserk"],
            },
            {"name": "T", "side": 1, "square": "F9"},
        ]
    )
    unit(st, "Z").traumas = [Trauma("legs"), Trauma("legs")]
    start(st, "Z")
    assert unit(st, "Z").energy == 15
    refused(st, 0, "Z fire F9 n2", "EVA-16.7")
    refused(st, 0, "Z fire F9 pistol", "EVA-16.7")
    evs = play(st, 0, "Z neutralise F9", [3, 1, 1])  # close TN 3; 1 + 6 v 1 + 0
    assert of(evs, ev.Neutralise)[0].success
    assert rules.melee_bonus(unit(st, "Z"), True, 1) == 3

    st = make_state(
        [
            {"name": "Z", "side": 0, "square": "F5", "weapons": ["replica"], "berserk": True, "armour": 3},
            {"name": "T", "side": 1, "square": "F9"},
        ]
    )
    start(st, "Z")
    refused(st, 0, "Z fire F9 replica", "EVA-16.7")


# ---------------------------------------------------------------------------
# EVA-16.8 High Synchronisation
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("armour", "energy"), [(40, 14), (20, 14), (19, 10), (10, 10), (9, 5), (1, 5)])
def test_eva_16_8_sync_damage_bands(armour, energy):
    """EVA-16.8: damage bands 14 / 10 / 5."""
    st = make_state(
        [
            {"name": "H", "side": 0, "square": "F10", "equipment": ["sync"], "armour": armour},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    start(st, "H")
    assert unit(st, "H").energy == energy


def test_eva_16_8_sync_tn_minus_1_on_throws_and_confirmation():
    """EVA-16.8 / EVA-AMB-43: TN −1 on all its ranged attack rolls: a rifle at long range needs 4, and the
    confirmation uses that TN (4 confirms); a Replica throw at medium needs 3; never announced."""
    st = duel({"weapons": ["rifle"], "equipment": ["sync"]}, {"square": "F20"})
    evs = play(st, 0, "A fire F20 rifle", [6, 4])
    assert of(evs, ev.AttackOdds)[0].tn == 4 and shot(evs).critical and unit(st, "T").armour == 34
    assert not of(evs, ev.Revealed)
    st = duel({"weapons": ["replica"], "equipment": ["sync"]}, {"square": "F12"})
    evs = play(st, 0, "A fire F12 replica", [3])
    assert of(evs, ev.AttackOdds)[0].tn == 3 and shot(evs).hit


# ---------------------------------------------------------------------------
# EVA-16.9 Jumpjet
# ---------------------------------------------------------------------------
def jumper(extra: dict | None = None, terrain: dict | None = None, others: list | None = None):
    st = make_state(
        [
            {"name": "J", "side": 0, "square": "K10", "equipment": ["jumpjet"], **(extra or {})},
            {"name": "X", "side": 1, "square": "A25"},
            *(others or []),
        ],
        terrain,
    )
    start(st, "J")
    return st


@pytest.mark.parametrize(
    ("dest", "ok"),
    [("K13", True), ("N10", True), ("M12", True), ("N11", False), ("N13", False), ("K10", False)],
)
def test_eva_16_9_jump_landing_distance(dest, ok):
    """EVA-16.9 / EVA-AMB-48: any square with D² ≤ 9 other than its own (K13 9, N10 9, M12 8), not D² 10
    (N11) or three diagonal steps (N13, D² 18)."""
    st = jumper()
    if ok:
        play(st, 0, f"J jump {dest}")
        assert unit(st, "J").square == idx(dest)
    else:
        refused(st, 0, f"J jump {dest}", "EVA-16.9")


def test_eva_16_9_jump_over_obstacles_and_evas_not_onto_them():
    """EVA-16.9 / EVA-AMB-48: the jump passes over green and Evas; it may not land on green, blue or an
    occupied square (an airborne Eva included), nor cross blue (EVA-4.10)."""
    others = [
        {"name": "E", "side": 1, "square": "K11"},
        {"name": "Fly", "side": 1, "square": "H10", "equipment": ["wings"], "airborne": True},
    ]
    terrain = {"K12": "g", "L10": "g", "M10": "g", "J9": "b", "K7": "g"}
    st = jumper(terrain=terrain, others=others)
    refused(st, 0, "J jump M10", "EVA-16.9")  # green landing
    refused(st, 0, "J jump J9", "EVA-16.9")  # blue landing
    refused(st, 0, "J jump H10", "EVA-16.9")  # under an airborne Eva
    refused(st, 0, "J jump K11", "EVA-16.9")  # a ground Eva
    refused(st, 0, "J jump I8", "EVA-4.10")  # blue J9 on the line
    evs = play(st, 0, "J jump K13")  # over E at K11 and green K12
    assert of(evs, ev.Jumped)[0].dst == "K13" and any(isinstance(e, ev.Revealed) for e in evs)
    assert unit(st, "J").energy == 0


def test_eva_16_9_jump_from_kneeling_lands_standing_energy_0_neutral():
    """EVA-16.9: 2 energy, then energy 0; allowed kneeling, lands standing; neutral: stand, throw (movement then
    shooting) and jump is allowed (EVA-6.5); landing next to an enemy engages it."""
    st = jumper(
        {"kneeling": True, "weapons": ["replica"]},
        others=[{"name": "E", "side": 1, "square": "K16"}, {"name": "N", "side": 1, "square": "H8"}],
    )
    play(st, 0, "J stand")
    play(st, 0, "J fire K16 replica", [1])
    refused(st, 0, "J kneel", "EVA-6.4")
    play(st, 0, "J jump I8")  # D² 8, next to N on H8
    j = unit(st, "J")
    assert not j.kneeling and not j.airborne and j.energy == 0 and rules.is_engaged(st, j)


def test_eva_16_9_jump_needs_2_energy_not_airborne_not_pinned():
    """EVA-16.9: refused with 1 energy (EVA-6.2), while airborne, and while pinned (EVA-8.8)."""
    st = jumper()
    unit(st, "J").energy = 1
    refused(st, 0, "J jump K13", "EVA-6.2")
    st = jumper({"equipment": ["jumpjet", "wings"], "airborne": True})
    refused(st, 0, "J jump K13", ("EVA-16.9", "EVA-16.10"))
    st = jumper({"pinned": True})
    refused(st, 0, "J jump K13", "EVA-8.8")


# ---------------------------------------------------------------------------
# EVA-16.10 Wings
# ---------------------------------------------------------------------------
def flyer(extra: dict | None = None, terrain: dict | None = None, others: list | None = None):
    st = make_state(
        [
            {"name": "W", "side": 0, "square": "F10", "equipment": ["wings"], **(extra or {})},
            {"name": "X", "side": 1, "square": "A25"},
            *(others or []),
        ],
        terrain,
    )
    start(st, "W")
    return st


def test_eva_16_10_take_off_and_land():
    """EVA-16.10 / EVA-AMB-49: take off 1 energy (neutral), reveals the Wings; land 1 energy, on the ground and
    standing; a kneeling Eva must stand first (EVA-8.6); an airborne Eva cannot kneel."""
    st = flyer({"kneeling": True})
    refused(st, 0, "W takeoff", "EVA-8.6")
    play(st, 0, "W stand")
    evs = play(st, 0, "W takeoff")
    w = unit(st, "W")
    assert w.airborne and w.energy == 10 and of(evs, ev.Revealed)
    refused(st, 0, "W kneel", "EVA-16.10")
    play(st, 0, "W land")
    assert not w.airborne and not w.kneeling and w.energy == 9


def test_eva_16_10_take_off_and_landing_are_neutral():
    """EVA-16.10 / EVA-AMB-49: taking off and landing are neutral equipment actions: move, shoot, take off, land
    is still a single change between moving and shooting (EVA-6.4)."""
    st = flyer({"weapons": ["rifle"]}, others=[{"name": "T", "side": 1, "square": "F16"}])
    play(st, 0, "W F10-F11")
    play(st, 0, "W fire F16 rifle", [1])
    play(st, 0, "W takeoff")
    play(st, 0, "W land")
    assert unit(st, "W").energy == 12 - 2 - 3 - 1 - 1
    refused(st, 0, "W F11-F12", "EVA-6.4")


def test_eva_16_10_airborne_eva_on_the_line_gives_no_cover():
    """EVA-16.10 (b): an airborne Eva on the line between two ground Evas neither blocks nor gives cover
    (a ground Eva there would: TN 4 + 1)."""
    st = flyer(
        {"weapons": ["rifle"]},
        others=[
            {"name": "T", "side": 1, "square": "F16"},
            {"name": "Fly", "side": 1, "square": "F13", "equipment": ["wings"], "airborne": True},
        ],
    )
    evs = play(st, 0, "W fire F16 rifle", [4])
    assert of(evs, ev.AttackOdds)[0].tn == 4 and unit(st, "T").armour == 35
    unit(st, "Fly").airborne = False
    assert rules.in_cover(st, unit(st, "W"), unit(st, "T"))


def test_eva_16_10_take_off_refused_engaged_or_wings_trauma():
    """EVA-16.10: an engaged Eva may not take off unless it has disengaged (EVA-8.7); a wings trauma stops it
    (EVA-11.6)."""
    st = flyer(others=[{"name": "E", "side": 1, "square": "F11"}])
    play(st, 0, "W melee F11", [1, 1, 1, 1, 1, 1])
    refused(st, 0, "W takeoff", "EVA-8.7")
    st = flyer()
    unit(st, "W").traumas = [Trauma("wings")]
    refused(st, 0, "W takeoff", "EVA-11.6")


def test_eva_16_10_air_movement():
    """EVA-16.10 (a) / EVA-AMB-49: 2 / 3 per step whatever lies below (yellow 2, not 4); over green and over a
    ground Eva; never into blue; not stopping on green or over an Eva."""
    terrain = {"G10": "y", "H10": "g", "F12": "b", "K10": "g"}
    st = flyer(
        {"airborne": True},
        terrain,
        others=[
            {"name": "G", "side": 0, "square": "I10"},
            {"name": "Y", "side": 0, "square": "E11", "equipment": ["wings"], "airborne": True},
            {"name": "E", "side": 1, "square": "M10"},
        ],
    )
    refused(st, 0, "W F10-F11-F12", "EVA-2.7")
    refused(st, 0, "W F10-E11-E12", "EVA-2.9")  # into a square holding an airborne Eva
    refused(st, 0, "W F10-G10-H10", "EVA-2.9")
    refused(st, 0, "W F10-G10-H10-I10", "EVA-2.9")
    play(st, 0, "W F10-G10-H10-I10-J10")
    assert unit(st, "W").energy == 12 - 8 and unit(st, "W").square == idx("J10")


def test_eva_16_10_sight_and_cover_from_the_air():
    """EVA-16.10 (b) / (c): from the air a ground target behind a green square that is not flush against it is
    seen and never in cover (yellow on the line gives none): TN 4 + 1 (attacker airborne) = 5; a shot from the
    ground at an airborne target over green: TN 4 + 1 = 5."""
    st = flyer(
        {"airborne": True, "weapons": ["rifle"]},
        {"F12": "g", "F13": "y"},
        others=[{"name": "T", "side": 1, "square": "F16"}],
    )
    evs = play(st, 0, "W fire F16 rifle", [5])
    assert of(evs, ev.AttackOdds)[0].tn == 5 and unit(st, "T").armour == 35

    st = flyer(
        {"weapons": ["rifle"]},
        {"F12": "g"},
        others=[{"name": "T", "side": 1, "square": "F16", "equipment": ["wings"], "airborne": True}],
    )
    evs = play(st, 0, "W fire F16 rifle", [5])
    assert of(evs, ev.AttackOdds)[0].tn == 5 and unit(st, "T").armour == 35


def test_eva_16_10_flush_green_hides_from_the_air():
    """EVA-16.10 (b) / EVA-4.7 (c): a ground target with a green line square flush against it is hidden even from
    the air, so it cannot be shot."""
    st = flyer(
        {"airborne": True, "weapons": ["rifle"]},
        {"F15": "g"},
        others=[{"name": "T", "side": 1, "square": "F16"}],
    )
    refused(st, 0, "W fire F16 rifle", "EVA-4.9")


# ---------------------------------------------------------------------------
# EVA-16.11 Acceleration
# ---------------------------------------------------------------------------
def test_eva_16_11_acceleration_halves_step_costs():
    """EVA-16.11 / EVA-AMB-50: declared for 0 before the first step; orthogonal 1, diagonal 2, into yellow 2 / 3;
    kneeling still 1; revealed by the declaration."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["accel"]},
            {"name": "X", "side": 1, "square": "A25"},
        ],
        {"F12": "y", "G13": "y"},
    )
    start(st, "A")
    evs = play(st, 0, "A accelerate")
    assert unit(st, "A").energy == 12 and of(evs, ev.Revealed) and of(evs, ev.Accelerated)[0].to is None
    play(st, 0, "A F10-F11")
    assert unit(st, "A").energy == 11
    play(st, 0, "A F11-G12")
    assert unit(st, "A").energy == 9
    play(st, 0, "A G12-F12")
    assert unit(st, "A").energy == 7
    play(st, 0, "A F12-G13")
    assert unit(st, "A").energy == 4
    play(st, 0, "A kneel")
    assert unit(st, "A").energy == 3


def test_eva_16_11_acceleration_in_the_air():
    """EVA-16.11: an airborne Eva's steps are halved too: orthogonal 1, diagonal 2."""
    st = flyer({"airborne": True, "equipment": ["wings", "accel"]}, {"G11": "g"})
    play(st, 0, "W accelerate")
    play(st, 0, "W F10-F11-G12")
    assert unit(st, "W").energy == 12 - 1 - 2


def test_eva_16_11_acceleration_before_first_step_once_per_game_one_activation():
    """EVA-16.11: refused after a step; once per game; the effect ends with the activation."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["accel"]},
            {"name": "X", "side": 1, "square": "A25"},
        ]
    )
    start(st, "A")
    play(st, 0, "A F10-F11")
    refused(st, 0, "A accelerate", "EVA-16.11")
    play(st, 0, "A end")
    play(st, 1, "activate X")
    play(st, 1, "X end", [2, 1])
    start(st, "A")
    play(st, 0, "A accelerate")
    play(st, 0, "A F11-F12")
    assert unit(st, "A").energy == 11
    play(st, 0, "A end")
    play(st, 1, "activate X")
    play(st, 1, "X end", [2, 1])
    start(st, "A")
    refused(st, 0, "A accelerate", "EVA-16.11")
    play(st, 0, "A F12-F13")
    assert unit(st, "A").energy == 10


# ---------------------------------------------------------------------------
# EVA-16.12 Jaws, EVA-16.13 Combat Anatomy
# ---------------------------------------------------------------------------
def test_eva_16_12_jaws_armour_35_plus_3_melee_never_announced():
    """EVA-16.12: maximum armour 35; +3 melee bonus; never announced (EVA-18.4)."""
    st = make_state(
        [
            {"name": "J", "side": 0, "square": "F10", "equipment": ["jaws"]},
            {"name": "T", "side": 1, "square": "F11"},
        ]
    )
    j = unit(st, "J")
    assert j.armour == 35 and j.max_armour == 35
    start(st, "J")
    evs = play(st, 0, "J melee F11", [2, 2, 2, 2, 1, 1, 1])  # 7 v 4
    assert of(evs, ev.MeleeRolled)[0].a_total == 7 and not of(evs, ev.Revealed)


def test_eva_16_13_combat_anatomy_positron_auto_confirm_melee_unaffected():
    """EVA-16.13 / EVA-AMB-71: Combat Anatomy confirms a Positron Cannon's natural-5 critical without a die
    (10 × 2 = 20), revealing itself; a melee critical (16 v 2) needs no confirmation and is unchanged."""
    st = duel({"weapons": ["positron"], "equipment": ["anatomy"]}, {"square": "F12"})
    evs = play(st, 0, "A fire F12 positron", [5])
    s = shot(evs)
    assert s.candidate and s.auto_confirm and s.critical and s.confirm == 0 and s.raw == 20
    assert unit(st, "T").armour == 20 and of(evs, ev.Revealed)

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["hknife"], "equipment": ["anatomy"]},
            {"name": "T", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [6, 6, 1, 1])
    assert of(evs, ev.MeleeRolled)[0].critical and not of(evs, ev.Revealed)
    play(st, 0, "trauma legs", [1, 1, 1, 1])


# ---------------------------------------------------------------------------
# EVA-16.14 Shield
# ---------------------------------------------------------------------------
def shield_state(extra: dict | None = None, others: list | None = None):
    st = make_state(
        [
            {
                "name": "S",
                "side": 0,
                "square": "F5",
                "weapons": ["rifle", "knife"],
                "equipment": ["shield"],
                **(extra or {}),
            },
            {"name": "T", "side": 1, "square": "F12"},
            *(others or []),
        ]
    )
    start(st, "S")
    return st


def test_eva_16_14_shield_holder_cannot_shoot_or_attack():
    """EVA-16.14: while the Shield is held the Eva makes no ranged attack (EVA-10.2) and starts no melee
    attack; taking the Shield is a 2-energy swap and reveals it."""
    st = shield_state({"hands": ["shield"]})
    refused(st, 0, "S fire F12 rifle", "EVA-10.2")
    st = shield_state({"hands": ["shield"]}, others=[{"name": "M", "side": 1, "square": "F4"}])
    refused(st, 0, "S melee F4", "EVA-16.14")
    st = shield_state()
    evs = play(st, 0, "S swap shield")
    assert unit(st, "S").energy == 10 and of(evs, ev.Revealed)
    assert view(st, 1).units[0].held == ["shield"] and not hasattr(view(st, 1).units[0], "shield_points")


def test_eva_16_14_shield_points_persist_when_stowed_discard_is_permanent():
    """EVA-16.14 / EVA-AMB-51: points lost stay lost while stowed (9 left after 6 absorbed, still 9 after
    stowing and taking it again); discarding costs 0, even at 0 energy, and it is gone for the game; then the
    Eva may take weapons in hand."""
    st = shield_state({"hands": ["shield"]})
    s = unit(st, "S")
    rules.deal(st, uidx(st, "S"), 6, None, [])
    assert s.shield_points == 9
    play(st, 0, "S swap rifle+knife")
    play(st, 0, "S swap shield")
    assert s.shield_points == 9 and s.energy == 8
    s.energy = 0
    play(st, 0, "S discard")
    assert s.hands == [] and s.items[2].gone
    s.energy = 5
    refused(st, 0, "S swap shield", ("EVA-9.2", "EVA-9.1", "EVA-9.4"))
    play(st, 0, "S swap knife")
    assert s.energy == 4


def test_eva_16_14_shield_not_a_weapon_for_the_limit():
    """EVA-16.14: the Shield does not count towards the four weapons."""
    r = Roster(
        "R", [EvaEntry("E", [WeaponEntry(c) for c in ("knife", "knife", "pistol", "pistol")], 0, ["shield"])]
    )
    assert validate(r) == []


def test_eva_16_14_positron_shield_tactic():
    """EVA-16.14: fire the Positron Cannon and take up the Shield (5 + 2); in the next round keep the Shield and
    swap back to the cannon at the end; the round after, the cannon was in hand at the start and its reload
    allows it to fire (EVA-9.6, EVA-15.18)."""
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "F5", "weapons": ["positron"], "equipment": ["shield"]},
            {"name": "T", "side": 1, "square": "F12", "at": 0},
        ]
    )
    start(st, "P")
    play(st, 0, "P fire F12 positron", [1])
    play(st, 0, "P swap shield")
    assert unit(st, "P").energy == 5
    play(st, 0, "P end")
    play(st, 1, "activate T")
    play(st, 1, "T end", [2, 1])  # round 2, Player 1 first
    start(st, "P")
    play(st, 0, "P swap positron")
    refused(st, 0, "P fire F12 positron", ("EVA-9.6", "EVA-15.18"))
    play(st, 0, "P end")
    play(st, 1, "activate T")
    play(st, 1, "T end", [2, 1])  # round 3
    start(st, "P")
    evs = play(st, 0, "P fire F12 positron", [4])
    assert shot(evs).hit and unit(st, "T").armour == 30
