"""Aimed shots and traumas (eva.md EVA-11, EVA-EX-15, EVA-EX-20, EVA-AMB-44 to AMB-47)."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.state import Trauma
from tests.eva_support import idx, make_state, of, play, snapshot, start, unit


def refused(st, text, rule, side=0):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    assert e.value.rule == rule, (text, e.value.rule, str(e.value))
    assert snapshot(st) == before


def max_of(evs) -> int:
    return next(e for e in of(evs, ev.EnergyNow) if e.maximum).maximum


def zones(st, name):
    return sorted(t.zone for t in unit(st, name).traumas)


def cycle(st, first, second, dice=(1, 2)):
    """End the current activation of ``first`` (side 0 active) and run an empty activation of
    ``second``, rolling initiative ``dice`` for the next round (Player 2 first with 1, 2)."""
    play(st, unit(st, first).side, f"{first} end")
    play(st, unit(st, second).side, f"activate {second}")
    play(st, unit(st, second).side, f"{second} end", list(dice))


# ---------------------------------------------------------------------------
# EVA-EX-15
# ---------------------------------------------------------------------------
def ex15(b=None):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "J3", "weapons": ["sniper"]},
            {"name": "B", "side": 1, "square": "J18", **(b or {})},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire J18 sniper aimed legs", [4])
    return st, evs


def test_eva_ex_15_aimed_shot_at_the_legs():
    """EVA-EX-15: aimed legs costs 6 (12 → 6); TN 5 − 1 = 4; die 4 hits; 7 damage at long range: B 33;
    7 ≥ 7 so a permanent legs trauma; B's next maximum energy is 12 − 2 = 10."""
    st, evs = ex15()
    assert rules.d2(idx("J3"), idx("J18")) == 225
    assert unit(st, "A").energy == 6 and of(evs, ev.AttackOdds)[0].tn == 4
    assert unit(st, "B").armour == 33 and zones(st, "B") == ["legs"]
    tr = of(evs, ev.TraumaInflicted)[0]
    assert tr.zone == "legs" and tr.to == (1,)
    assert unit(st, "B").traumas[0].expires is None
    play(st, 0, "A end")
    assert max_of(play(st, 1, "activate B")) == 10


def test_eva_ex_15_b_at_1_no_trauma():
    """EVA-EX-15 (b): with AT-1 B loses 6, so there is no trauma."""
    st, evs = ex15({"at": 1})
    assert unit(st, "B").armour == 34 and zones(st, "B") == [] and not of(evs, ev.TraumaInflicted)


def test_eva_ex_15_c_s2_engine_trauma_lasts_through_the_next_activation():
    """EVA-EX-15 (c): with an S2 Engine the trauma is inflicted; at B's next activation regeneration
    gives 35 and the maximum is 12 + 2 − 2 = 12; the trauma ends with that activation; the next maximum
    is 14."""
    st, _evs = ex15({"equipment": ["s2"]})
    assert zones(st, "B") == ["legs"]
    play(st, 0, "A end")
    evs = play(st, 1, "activate B")
    assert unit(st, "B").armour == 35 and max_of(evs) == 12
    assert zones(st, "B") == ["legs"]
    play(st, 1, "B end", [1, 2])  # the trauma ends here; round 2, Player 2 first
    assert zones(st, "B") == []
    assert max_of(play(st, 1, "activate B")) == 14


# ---------------------------------------------------------------------------
# EVA-EX-20
# ---------------------------------------------------------------------------
def test_eva_ex_20_high_synchronisation_and_an_arms_trauma():
    """EVA-EX-20: H (High Synchronisation, armour 15: maximum 10) aims at G's arms: 6 energy (10 → 4);
    TN 4 − 1 − 1 = 2; die 2 hits; 7 damage: G 33 and an arms trauma. G's owner is prompted before H
    goes on and stows the Quantum Knife (also the default). In G's next activation the swap to the
    Sniper costs 2 and the Sniper cannot fire; in the one after, its TN is 4 − 1 + 1 = 4."""
    st = make_state(
        [
            {
                "name": "H",
                "side": 0,
                "square": "J3",
                "weapons": ["sniper"],
                "equipment": ["sync"],
                "armour": 15,
            },
            {
                "name": "G",
                "side": 1,
                "square": "J11",
                "weapons": ["rifle", "knife", "sniper"],
                "hands": ["rifle", "knife"],
            },
        ]
    )
    assert rules.d2(idx("J3"), idx("J11")) == 64
    assert max_of(start(st, "H")) == 10
    evs = play(st, 0, "H fire J11 sniper aimed arms", [2])
    assert unit(st, "H").energy == 4 and of(evs, ev.AttackOdds)[0].tn == 2
    g = unit(st, "G")
    assert g.armour == 33 and zones(st, "G") == ["arms"]
    assert st.pending.kind == "stow" and st.pending.side == 1 and st.pending.default == "rifle"
    assert rules.to_act(st) == frozenset({1})
    evs = play(st, 1, "G keep rifle")
    assert of(evs, ev.Stowed)[0].item == "knife" and [g.items[i].label for i in g.hands] == ["rifle"]
    assert rules.to_act(st) == frozenset({0})
    play(st, 0, "H end")
    play(st, 1, "activate G")
    evs = play(st, 1, "G swap sniper")
    assert of(evs, ev.EnergyNow)[0].spent == 2
    refused(st, "G fire J3 sniper", "EVA-9.6", side=1)
    play(st, 1, "G end", [1, 2])  # round 2, Player 2 first
    play(st, 1, "activate G")
    evs = play(st, 1, "G fire J3 sniper", [1])
    assert of(evs, ev.AttackOdds)[0].tn == 4


# ---------------------------------------------------------------------------
# EVA-11.1 and 11.2
# ---------------------------------------------------------------------------
def aimed(a=None, t=None, text="A fire E20 sniper aimed legs", faces=(4,), terrain=None):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["sniper"], **(a or {})},
            {"name": "T", "side": 1, "square": "E20", **(t or {})},
        ],
        terrain,
    )
    start(st, "A")
    evs = play(st, 0, text, list(faces))
    return st, evs


def test_eva_11_1_and_amb_44_declaring_an_aimed_shot():
    """EVA-11.1, EVA-AMB-44: any ranged attack but a burst may be aimed, at double energy, naming arms,
    legs, body or wings; wings only at an airborne target; no TN change."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": [("rifle", True)]},
            {"name": "T", "side": 1, "square": "E20"},
        ]
    )
    start(st, "A")
    refused(st, "A fire E20 rifle aimed wings", "EVA-11.1")
    refused(st, "A fire E20 rifle burst aimed arms", "EVA-11.1")
    evs = play(st, 0, "A fire E20 rifle aimed body", [1])
    assert unit(st, "A").energy == 6 and of(evs, ev.AttackOdds)[0].tn == 4
    assert of(evs, ev.AttackDeclared)[0].aimed == "body"
    st, evs = aimed(
        t={"airborne": True, "equipment": ["wings"]}, text="A fire E20 sniper aimed wings", faces=[4, 3]
    )
    assert of(evs, ev.AttackOdds)[0].tn == 4  # medium 4, sniper −1, target airborne +1
    assert zones(st, "T") == ["wings"]


def test_eva_11_1_n2_bomb_and_spear_throw_can_be_aimed():
    """EVA-11.1, EVA-15.8: the N2 Bomb may be aimed (6 energy) and its automatic hit of 15, ignoring
    AT, inflicts the trauma; a Spear throw may be aimed too."""
    st, evs = aimed({"weapons": ["n2"]}, {"square": "E14", "at": 6}, "A fire E14 n2 aimed body", [])
    assert unit(st, "A").energy == 6 and unit(st, "T").armour == 25 and zones(st, "T") == ["body"]
    st, evs = aimed(
        {"weapons": ["replica"]}, {"square": "E14", "at": 6}, "A fire E14 replica aimed arms", [3]
    )
    assert unit(st, "A").energy == 6 and unit(st, "T").armour == 30 and zones(st, "T") == ["arms"]


@pytest.mark.parametrize(
    ("t", "faces", "armour", "traumas"),
    [
        ({}, [4], 33, ["legs"]),  # loses 7
        ({"at": 1}, [4], 34, []),  # loses 6
        ({"at": 6}, [6, 6], 32, ["legs"]),  # critical 14 − 6 = 8
        ({"at": 6}, [4], 39, []),  # 7 − 6 → 1
        ({"equipment": ["shield"], "hands": ["shield"]}, [6, 6], 40, []),  # Shield absorbs 14 of 14
        ({"equipment": ["shield"], "hands": ["shield"], "shield_points": 7}, [6, 6], 33, ["legs"]),
        ({"equipment": ["shield"], "hands": ["shield"], "shield_points": 8}, [6, 6], 34, []),
    ],
)
def test_eva_11_2_and_amb_44_trauma_needs_7_armour_lost_after_shield_and_at(t, faces, armour, traumas):
    """EVA-11.2, EVA-AMB-44: the trauma needs 7 or more armour actually lost, after the Shield and the
    AT-field, checked per hit."""
    st, _evs = aimed(t=t, faces=faces)
    assert unit(st, "T").armour == armour and zones(st, "T") == traumas


def test_eva_11_2_no_trauma_for_a_destroyed_target_or_an_unaimed_shot():
    """EVA-11.2: a target the hit destroys suffers no trauma; an ordinary (not aimed) hit of 10 gives
    none either."""
    st, evs = aimed(t={"armour": 7}, text="A fire E20 sniper aimed body")
    assert unit(st, "T").destroyed and not of(evs, ev.TraumaInflicted)
    st, evs = aimed(text="A fire E20 sniper", faces=[6, 6])
    assert unit(st, "T").armour == 26 and zones(st, "T") == []


# ---------------------------------------------------------------------------
# EVA-11.3 to 11.6
# ---------------------------------------------------------------------------
def test_eva_11_3_arms_trauma_effects():
    """EVA-11.3: one one-handed weapon at a time, and TN +1 for a two-handed weapon's ranged attack."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["positron", "rifle", "knife"],
                "hands": ["positron"],
            },
            {"name": "T", "side": 1, "square": "E16"},
        ]
    )
    unit(st, "A").traumas = [Trauma("arms")]
    start(st, "A")
    evs = play(st, 0, "A fire E16 positron", [1])
    assert of(evs, ev.AttackOdds)[0].tn == 5
    refused(st, "A swap rifle+knife", "EVA-9.1")


def test_eva_11_4_legs_trauma_minus_two_maximum_energy():
    """EVA-11.4: maximum energy is 2 lower while a legs trauma lasts."""
    st = make_state([{"name": "A", "side": 0, "square": "E10"}, {"name": "Z", "side": 1, "square": "T30"}])
    unit(st, "A").traumas = [Trauma("legs")]
    assert max_of(start(st, "A")) == 10


def test_eva_11_5_body_trauma_skips_on_1_and_waives_the_melee_obligation():
    """EVA-11.5, EVA-AMB-63: a body-trauma roll of 1 skips the activation, which waives the melee
    obligation; the roll is private to the owner and the opponent sees only the skip; any other die
    lets the Eva act."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10"},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A", [1])
    roll = of(evs, ev.PrivateRoll)[0]
    assert roll.to == (0,) and roll.kind == "body" and roll.die == 1
    skip = of(evs, ev.Skipped)[0]
    assert skip.to is None
    assert unit(st, "A").activated and st.activation is None and st.turn == 1
    assert all(e.to in (None, (0,)) for e in evs)
    assert not any(isinstance(e, ev.PrivateRoll) for e in evs if e.visible_to(1))
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10"},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    start(st, "A", [2])
    assert st.activation is not None and st.activation.obligation
    refused(st, "A end", "EVA-12.10")


def test_eva_11_6_and_amb_47_wings_trauma_fall():
    """EVA-11.6, EVA-AMB-47: the Eva falls at once and stands on the ground on its square; the fall die
    is drawn after the shot's damage and goes through the AT-field; the Eva can no longer take off."""
    st, evs = aimed(
        t={"airborne": True, "equipment": ["wings"], "at": 0},
        text="A fire E20 sniper aimed wings",
        faces=[4, 3],
    )
    t = unit(st, "T")
    assert not t.airborne and not t.kneeling and t.square == idx("E20")
    assert t.armour == 40 - 7 - 3
    names = [type(e).__name__ for e in evs]
    assert names.index("ShotRolled") < names.index("DamageTaken") < names.index("Fell")
    assert of(evs, ev.Fell)[0].die == 3
    tr = of(evs, ev.TraumaInflicted)[0]
    assert tr.zone == "wings" and tr.to is None  # a wings trauma is public
    play(st, 0, "A end")
    play(st, 1, "activate T")
    refused(st, "T takeoff", "EVA-11.6", side=1)


def test_eva_11_6_fall_damage_is_reduced_by_the_at_field_and_skipped_when_destroyed():
    """EVA-11.6, EVA-AMB-47: AT-2 reduces the fall die (3 → 1); no fall die is drawn for an Eva the shot
    destroys."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["n2"]},
            {"name": "T", "side": 1, "square": "E14", "airborne": True, "equipment": ["wings"], "at": 2},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire E14 n2 aimed wings", [3])
    assert unit(st, "T").armour == 40 - 15 - 1 and not unit(st, "T").airborne
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["n2"]},
            {"name": "T", "side": 1, "square": "E14", "airborne": True, "equipment": ["wings"], "armour": 15},
            {"name": "U", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire E14 n2 aimed wings", [])
    assert unit(st, "T").destroyed and not of(evs, ev.Fell) and not of(evs, ev.TraumaInflicted)


# ---------------------------------------------------------------------------
# EVA-11.7 and 11.8
# ---------------------------------------------------------------------------
def test_eva_11_7_without_s2_traumas_last_the_whole_game():
    """EVA-11.7: without an S2 Engine a trauma lasts until the end of the game."""
    st, _evs = ex15()
    for _round in range(3):
        cycle(st, "A", "B", dice=(2, 1))
        play(st, 0, "activate A")
    assert zones(st, "B") == ["legs"]
    play(st, 0, "A end")
    assert max_of(play(st, 1, "activate B")) == 10


def test_eva_11_7_and_amb_45_s2_trauma_inflicted_in_its_own_activation():
    """EVA-11.7, EVA-AMB-45: a trauma inflicted on an S2 Eva during its own activation (it loses a
    critical exchange it started) lasts for the rest of that activation and through its next one."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["s2"]},
            {"name": "B", "side": 1, "square": "E11", "weapons": ["knife"]},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee E11", [1, 1, 6, 6])  # 2 against 15: B wins a critical
    assert st.pending.kind == "zone" and st.pending.side == 1 and st.pending.default == "legs"
    play(st, 1, "trauma legs", [1, 1, 1, 1])  # B's d6, then A's 3d6
    assert zones(st, "A") == ["legs"] and unit(st, "A").armour == 37
    play(st, 0, "A disengage", [4, 1])
    play(st, 0, "A E10-E9")
    cycle(st, "A", "B", dice=(2, 1))
    assert zones(st, "A") == ["legs"]
    evs = play(st, 0, "activate A")
    assert max_of(evs) == 12  # 12 + 2 − 2
    play(st, 0, "A end")
    assert zones(st, "A") == []


def test_eva_11_8_and_amb_45_stacking():
    """EVA-11.8, EVA-AMB-45: legs traumas stack (−2 each); a second arms, body or wings trauma adds
    nothing; on an S2 Eva a repeat restarts the duration."""
    st, _evs = ex15()
    cycle(st, "A", "B", dice=(2, 1))
    play(st, 0, "activate A")
    play(st, 0, "A fire J18 sniper aimed legs", [4])
    assert zones(st, "B") == ["legs", "legs"] and unit(st, "B").armour == 26
    play(st, 0, "A end")
    assert max_of(play(st, 1, "activate B")) == 8
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "J3", "weapons": ["sniper"]},
            {"name": "B", "side": 1, "square": "J18", "weapons": ["sniper"]},
        ]
    )
    unit(st, "B").traumas = [Trauma("arms")]
    start(st, "A")
    play(st, 0, "A fire J18 sniper aimed arms", [4])
    assert zones(st, "B") == ["arms"]
    play(st, 0, "A end")
    play(st, 1, "activate B")
    assert of(play(st, 1, "B fire J3 sniper", [1]), ev.AttackOdds)[0].tn == 5  # +1 once, not twice
    # S2: a repeat during the Eva's own activation restarts the duration past that activation
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["knife"]},
            {"name": "B", "side": 1, "square": "E11", "equipment": ["s2"]},
        ],
        turn=1,
    )
    unit(st, "B").traumas = [Trauma("body", expires=1)]  # inflicted earlier this round
    play(st, 1, "activate B", [4])
    assert unit(st, "B").activations == 1
    play(st, 1, "B melee E10", [1, 1, 6, 6])  # 2 against 15: A wins a critical
    play(st, 0, "trauma body", [1, 1, 1, 1])
    assert unit(st, "B").traumas[0].expires == 2
    play(st, 1, "B disengage", [4, 1])
    play(st, 1, "B end")
    assert zones(st, "B") == ["body"]  # without the restart it would have ended here


# ---------------------------------------------------------------------------
# EVA-11.9
# ---------------------------------------------------------------------------
def crit_melee(a=None, b=None):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["knife"], **(a or {})},
            {"name": "B", "side": 1, "square": "E11", **(b or {})},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee E11", [6, 6, 1, 1])  # 15 against 2: critical
    return st, evs


def test_eva_11_9_zone_named_after_the_totals_before_any_damage_die():
    """EVA-11.9: once the totals are known and before any damage die, the winner names a zone (only the
    exchange dice are drawn so far); wings only if the loser is airborne; the trauma is automatic, with
    no 7-damage gate, and inflicted after both Evas' damage."""
    st, evs = crit_melee(b={"at": 6})
    m = of(evs, ev.MeleeRolled)[0]
    assert m.critical and m.a_total == 15 and m.d_total == 2 and not of(evs, ev.DamageDice)
    assert st.pending.kind == "zone" and st.pending.side == 0 and "wings" not in st.pending.choices
    refused(st, "trauma wings", "EVA-11.9")
    evs = play(st, 0, "trauma arms", [1, 1, 1, 1])  # B's 3d6 = 3 (AT 6: −1), then A's d6
    assert unit(st, "B").armour == 39 and zones(st, "B") == ["arms"]
    names = [type(e).__name__ for e in evs]
    assert names.index("ZoneNamed") < names.index("DamageDice") < names.index("TraumaInflicted")
    assert of(evs, ev.ZoneNamed)[0].to is None  # the named zone is public (EVA-18.2)


def test_eva_11_9_no_trauma_when_the_loser_is_destroyed():
    """EVA-11.9: the trauma is inflicted only if the loser's armour is still above 0."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["knife"]},
            {"name": "B", "side": 1, "square": "E11", "armour": 3},
            {"name": "C", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee E11", [6, 6, 1, 1])
    evs = play(st, 0, "trauma body", [1, 1, 1, 1])
    assert unit(st, "B").destroyed and not of(evs, ev.TraumaInflicted)


def test_eva_11_9_wings_may_be_named_when_the_loser_is_airborne():
    """EVA-11.9: wings is a choice when the loser is airborne; the fall die comes after both Evas'
    damage dice."""
    air = {"airborne": True, "equipment": ["wings"]}
    st, _evs = crit_melee(a=air, b=air)
    assert st.pending.choices == ["arms", "legs", "body", "wings"]
    evs = play(st, 0, "trauma wings", [1, 1, 1, 1, 2])
    b = unit(st, "B")
    assert not b.airborne and b.armour == 40 - 3 - 2 and of(evs, ev.Fell)[0].die == 2


def test_eva_11_6_and_amb_47_s2_wings_trauma_grounds_only_until_it_expires():
    """EVA-11.6, EVA-AMB-47: with an S2 Engine a wings trauma stops take-off only while it lasts: not
    in the Eva's next activation, again in the one after."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["sniper"]},
            {"name": "T", "side": 1, "square": "E20", "airborne": True, "equipment": ["wings", "s2"]},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire E20 sniper aimed wings", [4, 1])
    assert zones(st, "T") == ["wings"] and not unit(st, "T").airborne
    play(st, 0, "A end")
    play(st, 1, "activate T")
    refused(st, "T takeoff", "EVA-11.6", side=1)
    play(st, 1, "T end", [1, 2])
    assert zones(st, "T") == []
    play(st, 1, "activate T")
    play(st, 1, "T takeoff")
    assert unit(st, "T").airborne


def test_eva_amb_42_pseudo_pilot_double_roll_only_in_the_exchange():
    """EVA-AMB-42 (EVA-16.2): the Pseudo-Pilot's second 2d6 applies to the melee exchange only: a
    disengagement draws just its success die and its damage die."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["pseudo"]},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A disengage", [3, 2])
    assert not of(evs, ev.Disengage)[0].success and unit(st, "A").armour == 38
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["pseudo"]},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee E11", [1, 1, 5, 4, 3, 2, 1, 1, 1])
    m = of(evs, ev.MeleeRolled)[0]
    assert m.a_dice == [[1, 1], [5, 4]] and m.a_total == 9 and m.d_total == 5 and m.winner == "A"
