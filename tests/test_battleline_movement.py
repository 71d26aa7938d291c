"""Battleline: mechs and items (BL-3), movement (BL-5), several opponents (BL-6), cover
and jump jets (BL-7)."""

from __future__ import annotations

from engine.rulesets.battleline.actions import Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.events import Moved, ShotFired
from engine.rulesets.battleline.options import OrderSheet
from tests.battleline_support import RS, hits, item, make, mech, of, parts, play, refused_rules, set_parts


def rules_of(state, seat, order: Order) -> list[str]:
    return list(dict.fromkeys(p.rule for p in RS.preview(state, seat, order).problems))


def test_bl_3_2_structure_starts_full_never_below_0_and_bl_3_3_the_chassis():
    """BL-3.2: every part starts at its maximum and damage never takes it below 0; BL-3.3:
    the chassis sets structure, base speed and slots."""
    st = make(["Hornet", "Ram"], starts=(10, 11))
    assert parts(st, 0) == {"H": 5, "CT": 12, "LT": 8, "RT": 8, "LA": 6, "RA": 6, "LL": 7, "RL": 7}
    sheet = RS.options(st, 0)
    assert isinstance(sheet, OrderSheet) and sheet.base_speed == 7 and RS.options(st, 1).base_speed == 5
    set_parts(st, 0, H=1)
    play(st, {0: "speed 0", 1: "speed 0; A-20 10"}, [1, 1])
    assert parts(st, 0)["H"] == 0 and all(v >= 0 for v in st.mechs[0].structure)


def test_bl_3_4_bl_3_5_bl_3_6_items_mounts_kinds_and_working_items():
    """BL-3.4: an item is located in its part (a two-handed item in both arms); BL-3.5:
    weapons, shields, jump jets; BL-3.6: an item in a destroyed part cannot attack."""
    st = make(["Kestrel", "Bulwark"])
    v = RS.view(st, 0).mechs[0]
    assert [(i.label, i.where, i.kind) for i in v.items] == [
        ("M-6", "LA", "mg"),
        ("Sword", "RA", "melee"),
        ("A-10", "LT1", "cannon"),
        ("M-10", "LT2", "mg"),
        ("L-3", "CT1", "laser"),
        ("R-4", "RT1", "missiles"),
    ]
    set_parts(st, 0, LT=0, LA=0)
    for i in (0, 2, 3):
        st.mechs[0].items[i].ok = False
    assert rules_of(st, 0, Order(fire=(Fire(2, ((20, 1),)),))) == ["BL-10.1"]
    assert rules_of(st, 0, Order(lasers=(LaserOrder(4, "charge"),))) == []


def test_bl_5_1_toward_the_opponent_never_away_and_negative_speed():
    """BL-5.1: a move goes toward the opponent; its speed is 0 or more."""
    st = make(["Kestrel", "Bulwark"])
    assert {m.end for m in RS.options(st, 0).moves} == set(range(9, 16))
    assert {m.end for m in RS.options(st, 1).moves} == set(range(15, 22))
    assert rules_of(st, 0, Order(speed=-1)) == ["BL-5.1"]


def test_bl_5_3_bl_amb_2_a_move_off_the_line_is_refused():
    """BL-5.3 (BL-AMB-2): the end cell must be on the line; the order is invalid, the mech
    is not stopped at the edge."""
    st = make(["Kestrel", "Bulwark"], starts=(28, 29))
    assert rules_of(st, 0, Order(speed=3)) == ["BL-5.3"]
    assert rules_of(st, 0, Order(speed=2)) == []
    assert max(m.speed for m in RS.options(st, 0).moves) == 2


def test_bl_5_6_charging_effects_add_up_and_a_lost_leg_halves_once_bl_amb_46():
    """BL-5.6 (BL-AMB-46): S_eff = max(0, B - P); two lasers charging cost both their
    effects; one leg lost halves the base speed, rounding down (Scout: 7 → 3), before
    penalties."""
    twin = mech("Hornet", lt=("L-3",), rt=("L-3",))
    st = make([twin, "Bulwark"])
    both = Order(speed=3, lasers=(LaserOrder(0, "charge"), LaserOrder(2, "charge")))
    assert RS.preview(st, 0, both).speed_limit == 3 and rules_of(st, 0, both) == []
    assert rules_of(st, 0, Order(speed=4, lasers=both.lasers)) == ["BL-5.6", "BL-15.4"]
    set_parts(st, 0, RL=0)
    st.mechs[0].items[item(st, 0, "JJ")].ok = False  # the jump jets go with the leg (BL-18.5)
    assert RS.options(st, 0).base_speed == 3
    assert RS.preview(st, 0, Order(lasers=both.lasers)).speed_limit == 0
    assert rules_of(st, 0, Order(speed=4)) == ["BL-5.6", "BL-18.5"]


def test_bl_6_1_a_heading_with_several_opponents_only_bl_amb_11():
    """BL-6.1 (BL-AMB-11): with two or more opponents a move names its heading; a duel
    names none; a heading on the mover's own cell needs a direction (BL-5.2)."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.mechs[2].position = 21
    assert rules_of(st, 0, Order(speed=2)) == ["BL-6.1"]
    assert rules_of(st, 0, Order(speed=2, heading=2)) == []
    assert rules_of(st, 0, Order(speed=0, heading=2)) == ["BL-6.1"]
    assert rules_of(st, 0, Order(speed=2, heading=0)) == ["BL-6.1"]
    assert rules_of(st, 1, Order(speed=2, heading=2)) == ["BL-5.2"]
    assert rules_of(st, 1, Order(speed=2, heading=2, direction=-1)) == []
    assert rules_of(st, 1, Order(speed=2, heading=0, direction=-1)) == ["BL-5.2"]
    duel = make(["Kestrel", "Bulwark"])
    assert rules_of(duel, 0, Order(speed=2, heading=1)) == ["BL-6.1"]


def test_bl_6_2_bl_6_3_attackable_opponents_and_bl_amb_12():
    """BL-6.2: speed 0 attacks anyone; moving, only opponents on the start cell or
    strictly ahead; BL-6.3 (BL-AMB-12): melee and laser targets must be attackable, and
    cell attacks ignore the others; the order is known to be valid when written."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None, starts=(9, 21, 33))
    st.mechs[1].items[0].charged = True  # Hornet's L-3
    assert RS.preview(st, 1, Order()).attackable == (0, 2)
    assert RS.preview(st, 1, Order(speed=2, heading=2)).attackable == (2,)
    assert rules_of(st, 1, Order(speed=2, heading=2, lasers=(LaserOrder(0, "fire", 0),))) == ["BL-15.8"]
    sword = mech("Hornet", la="SW")
    st2 = make(["Kestrel", sword, "Bulwark"], None)
    assert rules_of(st2, 1, Order(speed=1, heading=2, melee=Melee(0, 0, "CT"))) == ["BL-6.2"]
    # a mech on the mover's own start cell stays attackable whichever way it goes
    same = make(["Kestrel", "Hornet", "Bulwark"], None)
    same.mechs[0].position = 21
    assert 0 in RS.preview(same, 1, Order(speed=2, heading=2)).attackable


def test_bl_6_4_in_a_duel_the_opponent_is_always_attackable():
    """BL-6.4: with one opponent every move goes toward it, so it is always attackable."""
    st = make(["Kestrel", "Bulwark"], starts=(12, 13))
    st.mechs[1].position = 12
    for m in RS.options(st, 0).moves:
        assert m.attackable == (1,)


def test_bl_7_1_bl_7_2_taking_cover_needs_a_cover_end_and_an_outside_start_bl_amb_13():
    """BL-7.1: the map's cover cells; BL-7.2 (BL-AMB-13): take cover is declared, ends on a
    cover cell, starts outside cover; a mech ending on cover without declaring it is
    not sheltered and may shoot."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 24))
    assert sorted(RS.options(st, 1).cover) == [19, 20, 21, 22, 23]
    assert rules_of(st, 1, Order(speed=1, cover=True)) == []
    assert rules_of(st, 1, Order(speed=6, cover=True)) == ["BL-7.2"]
    ev = play(st, {0: "speed 0; A-10 22", 1: "speed 2; A-10 9"}, [3, 4, 3, 4])
    assert [h.victim for h in hits(ev)] == [1, 0]
    assert not of(ev, Moved)[1].cover


def test_bl_7_3_bl_amb_15_jump_jets_waive_only_the_start_condition():
    """BL-7.3 (BL-AMB-15, BLC-5): working jump jets let a mech on a cover cell take cover
    again, even at speed 0; the end must still be a cover cell; with a leg lost they
    stop working (BL-18.5)."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 21))
    assert rules_of(st, 1, Order(cover=True)) == []
    assert rules_of(st, 1, Order(speed=3, cover=True)) == ["BL-7.2"]
    assert RS.options(st, 1).jump_jets
    set_parts(st, 1, LL=0)
    st.mechs[1].items[item(st, 1, "JJ")].ok = False
    assert rules_of(st, 1, Order(cover=True)) == ["BL-7.2"]


def test_bl_7_5_bl_9_7_shelter_stops_ranged_attacks_not_melee():
    """BL-7.5: a sheltered mech is not hit by cannons, MGs or lasers of this turn; BL-9.7:
    melee still hits it, and a sheltered mech may strike in melee."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(17, 24))
    ev = play(st, {0: "speed 4; melee Sword CT", 1: "speed 3; cover; def LT"})
    assert of(ev, Moved)[1].cover and [h.source for h in hits(ev)] == ["melee"]
    assert hits(ev)[0].struck == "LT"  # BL-8.5: the side torso takes the blow
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(17, 24))
    ev = play(st, {0: "speed 0; M-6 21x6", 1: "speed 3; cover"})
    assert hits(ev) == [] and of(ev, ShotFired)[0].victims == ()
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(18, 24))
    ev = play(st, {0: "speed 2; cover; melee Sword CT", 1: "speed 4"})
    assert of(ev, Moved)[0].cover and [h.victim for h in hits(ev)] == [1]


def test_bl_7_6_no_ranged_attack_under_cover_but_lasers_may_charge_bl_amb_41():
    """BL-7.6 (BL-AMB-41): taking cover forbids cannon, MG, launch and laser shot; a laser
    may still charge, hold or vent."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 24))
    st.mechs[1].items[item(st, 1, "L-5")].charged = True
    assert rules_of(st, 1, Order(speed=1, cover=True, fire=(Fire(1, ((9, 1),)),))) == ["BL-7.6"]
    assert rules_of(st, 1, Order(speed=1, cover=True, fire=(Fire(4, ((9, 6),)),))) == ["BL-7.6"]
    assert rules_of(st, 1, Order(speed=1, cover=True, lasers=(LaserOrder(3, "fire", 0),))) == ["BL-7.6"]
    assert rules_of(st, 1, Order(cover=False, speed=1, lasers=(LaserOrder(3, "vent"),))) == []
    assert rules_of(st, 1, Order(speed=1, cover=True)) == []  # the L-5 holds: speed 6 - 2


def test_bl_7_7_bl_amb_19_cover_between_blocks_nothing():
    """BL-7.7 (BL-AMB-19): only shelter protects; a ruin between the mechs does not."""
    st = make(["Kestrel", "Bulwark"], "ruins")
    ev = play(st, {0: "speed 0; A-10 27", 1: "speed 0"}, [3, 4])
    assert [h.victim for h in hits(ev)] == [1]


def test_bl_7_4_bl_amb_14_shelter_lasts_one_turn():
    """BL-7.4 (BL-AMB-14): the mech that took cover last turn and stays on the ruin is not
    sheltered now (BL-EX-4 shows the hit), and may shoot."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 24))
    play(st, {0: "speed 0", 1: "speed 3; cover"})
    assert refused_rules(st, 1, "speed 0; A-10 9") == []
    ev = play(st, {0: "speed 0; A-10 21", 1: "speed 0; A-10 9"}, [3, 4, 3, 4])
    assert sorted(h.victim for h in hits(ev)) == [0, 1]
