"""Battleline: every worked example of the rules (BL-EX-1 to BL-EX-14), reproduced
exactly: the same orders (typed in notation), the same dice, the same packets,
structures, stacks, notices and verdicts."""

from __future__ import annotations

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.battleline.events import (
    BattleEnded,
    LaserFired,
    MechLost,
    MeleeMade,
    Moved,
    NoticeGiven,
    Rumour,
    ShotFired,
)
from engine.rulesets.battleline.options import OrderSheet
from tests.battleline_support import RS, hits, item, make, mech, of, parts, play, refused_rules, set_parts


def sheet(state, seat) -> OrderSheet:
    s = RS.options(state, seat)
    assert isinstance(s, OrderSheet)
    return s


def weapon(state, seat, label):
    return next(w for w in sheet(state, seat).weapons if w.label == label)


def test_bl_ex_1_meeting_in_melee_with_a_cannon_shot():
    """BL-EX-1 (BL-5.2 to BL-5.5, BL-9.2, BL-9.5, BL-8.5, BL-12.3, BL-16.3, BL-17.5,
    BL-11.2): the mechs pass each other; the Sword meets the Shield; the A-10 hits."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 18))
    ev = play(st, {0: "speed 6; melee Sword LT", 1: "speed 6; def shield; A-10 13 14 15"}, [3, 3])
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(9, 15), (18, 12)]
    (melee,) = of(ev, MeleeMade)
    assert melee.contact and melee.part == "LT"
    p1, p2 = hits(ev)
    assert (p1.source, p1.victim, p1.damage, p1.location, p1.roll, p1.defence_die) == (
        "melee",
        1,
        5,
        "LT",
        (),
        0,
    )
    assert p1.redirected and p1.struck == "SH@LA"
    assert (p2.source, p2.victim, p2.roll, p2.location, p2.struck, p2.damage) == (
        "cannon",
        0,
        (3, 3),
        "RT",
        "RT",
        5,
    )
    shield = item(st, 1, "Shield")
    assert st.mechs[1].items[shield].hp == 5
    assert parts(st, 0)["RT"] == 6 and st.mechs[0].position == 15 and st.mechs[1].position == 12
    # R7 and the next turn: the A-10 marks 2 cells; Kestrel now moves down, Bulwark up
    assert st.mechs[1].items[item(st, 1, "A-10")].stack == 1
    assert weapon(st, 1, "A-10").cells == 2
    assert {m.end for m in sheet(st, 0).moves if m.speed == 1} == {14}
    assert {m.end for m in sheet(st, 1).moves if m.speed == 1} == {13}


def test_bl_ex_1b_no_contact_when_the_target_stays():
    """BL-EX-1b (BL-9.3): Bulwark stays on 18, the Sword attack is wasted; the A-10 still
    hits Kestrel on 15: RT 11 → 6, the shield untouched."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 18))
    ev = play(st, {0: "speed 6; melee Sword LT", 1: "speed 0; def shield; A-10 13 14 15"}, [3, 3])
    assert not of(ev, MeleeMade)[0].contact
    (p,) = hits(ev)
    assert (p.victim, p.struck, p.damage) == (0, "RT", 5)
    assert parts(st, 0)["RT"] == 6 and st.mechs[1].items[item(st, 1, "Shield")].hp == 10


def test_bl_ex_2_the_a10_guess_that_misses():
    """BL-EX-2 (BL-9.2, BL-9.3, BL-9.4, BL-10.3, BL-12.3, BL-11.2): no shared cell, a
    wasted Sword; Kestrel passes 12 to 14 but ends on 15: a miss. No dice."""
    st = make(["Kestrel", "Bulwark"])
    assert "BL-9.4" in refused_rules(st, 0, "speed 6; melee Sword CT; A-10 10 11 12")
    ev = play(st, {0: "speed 6; melee Sword CT", 1: "speed 0; A-10 12 13 14"}, [])
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(9, 15), (21, 21)]
    assert not of(ev, MeleeMade)[0].contact
    (shot,) = of(ev, ShotFired)
    assert (shot.weapon, shot.cells, shot.victims) == ("A-10", ((12, 1), (13, 1), (14, 1)), ())
    assert hits(ev) == []
    assert weapon(st, 1, "A-10").cells == 2


def test_bl_ex_3_the_m10_spread_and_arm_defence():
    """BL-EX-3 (BL-13.2 to BL-13.4, BL-16.3, BL-8.2, BL-11.2, BL-11.3): four 1-point
    packets, each with its own location and defence roll."""
    st = make(["Kestrel", "Bulwark"])
    assert "BL-8.2" in refused_rules(st, 0, "speed 6; def LA; M-6 9x6")
    ev = play(
        st,
        {0: "speed 6; def LA; A-10 18 19 20", 1: "speed 0; M-10 9 10 11 12 13 14 15x4"},
        [3, 4, 1, 1, 1, 2, 4, 5, 2, 6, 5],
    )
    shots = of(ev, ShotFired)
    assert [(s.seat, s.victims) for s in shots] == [(0, ()), (1, (0,))]
    table = [
        (h.roll, h.location, h.defence, h.defence_roll, h.redirected, h.struck, h.damage) for h in hits(ev)
    ]
    assert table == [
        ((3, 4), "CT", "LA", 1, False, "CT", 1),
        ((1, 1), "H", "LA", 2, True, "LA", 1),
        ((4, 5), "LL", "LA", 2, True, "LA", 1),
        ((6, 5), "LA", "", 0, False, "LA", 1),
    ]
    assert parts(st, 0)["CT"] == 15 and parts(st, 0)["LA"] == 5
    assert weapon(st, 1, "M-10").cells == 8 and weapon(st, 0, "A-10").cells == 2


def test_bl_ex_4_taking_cover_protects_for_one_turn_only():
    """BL-EX-4 (BL-7.2, BL-7.4 to BL-7.6, BL-11.3, BL-8.2, BL-16.3)."""
    st = make(["Bulwark", "Kestrel"], "ruins")
    ev = play(st, {0: "speed 3; A-10 20 21 22", 1: "speed 6; cover"}, [])
    assert [(m.start, m.end, m.cover) for m in of(ev, Moved)] == [(9, 12, False), (27, 21, True)]
    assert of(ev, ShotFired)[0].victims == () and hits(ev) == []
    # turn 2: no jump jets, so no cover again from the ruin
    assert refused_rules(st, 1, "speed 0; cover") == ["BL-7.2"]
    assert weapon(st, 0, "A-10").cells == 2
    ev = play(st, {0: "speed 0; A-10 21 22", 1: "speed 0; def RT"}, [2, 5, 4])
    (p,) = hits(ev)
    assert (p.roll, p.location, p.defence, p.defence_die, p.defence_roll, p.struck) == (
        (2, 5),
        "CT",
        "RT",
        4,
        4,
        "RT",
    )
    assert parts(st, 1)["RT"] == 6
    assert weapon(st, 0, "A-10").cells == 1 and weapon(st, 0, "A-10").stack == 2


def test_bl_ex_5_missiles_the_launch_notice_and_a_hit_on_a_sheltered_mech():
    """BL-EX-5 (BL-14.2 to BL-14.6, BL-19.5, BL-7.3, BL-7.5, BL-8.2, BL-16.3, BL-17.5)."""
    st = make(["Kestrel", "Bulwark"], "ruins")
    ev = play(st, {0: "speed 0; R-4 20 21x2 22", 1: "speed 3"}, [])
    assert hits(ev) == [] and not of(ev, ShotFired)
    (volley,) = st.volleys
    assert (volley.seat, volley.turn, volley.cells, volley.harms) == (0, 1, ((20, 1), (21, 2), (22, 1)), (1,))
    (notice,) = of(ev, NoticeGiven)
    assert (notice.seat, notice.kind, notice.turn) == (0, "missiles", 1)
    assert notice.text() == "Kestrel launched missiles in turn 1."
    # BL-14.6: from 27 at max speed 6, two turns reach 15..27
    from engine.geometry.line import reach_twice

    assert len(reach_twice(RS_line(st), 24 + 3, [9], 6)) == 13
    ev = play(st, {0: "speed 0; A-10 21 22 23", 1: "speed 3; cover; def shield"}, [4, 2, 5, 5])
    assert of(ev, Moved)[1].cover and of(ev, ShotFired)[0].victims == ()
    p1, p2 = hits(ev)
    for p, roll, loc in ((p1, (4, 2), "RT"), (p2, (5, 5), "LA")):
        assert (p.source, p.attacker, p.weapon, p.roll, p.location, p.struck, p.damage) == (
            "missile",
            -1,
            "",
            roll,
            loc,
            "SH@LA",
            2,
        )
        assert p.defence_die == 0 and p.redirected
        assert "R-4" not in p.text() and "21" not in p.text() and "Kestrel" not in p.text()
    assert st.mechs[1].items[item(st, 1, "Shield")].hp == 6
    assert all(v > 0 for v in st.mechs[1].structure) and st.volleys == []


def RS_line(state):
    from engine.rulesets.battleline.state import line_of

    return line_of(state.setup)


def test_bl_ex_5b_jump_jets_and_a_launch_turn_ended_on_a_cover_cell():
    """BL-EX-5b (BL-7.3, BL-14.5): ending the launch turn on a cover cell and taking cover
    again with jump jets spares Bulwark; no packets, no dice."""
    st = make(["Kestrel", "Bulwark"], "ruins")
    play(st, {0: "speed 0; R-4 20 21x2 22", 1: "speed 4"}, [])
    assert st.mechs[1].position == 23 and st.volleys[0].harms == (1,)
    assert st.notices[0].kind == "missiles"
    ev = play(st, {0: "speed 0; A-10 21 22 23", 1: "speed 2; cover; def shield"}, [])
    assert of(ev, Moved)[1].cover and hits(ev) == []
    assert st.mechs[1].items[item(st, 1, "Shield")].hp == 10


def test_bl_ex_6_missiles_wasted_on_a_mech_that_hides_and_a_ruin_without_shelter():
    """BL-EX-6 (BL-14.4, BL-14.5, BL-7.2, BL-7.4, BL-12.3, BL-17.1, BL-18.7, BL-11.4)."""
    st = make(["Kestrel", "Ram"], "ruins", starts=(9, 26))
    ev = play(st, {0: "speed 2; R-4 21x4", 1: "speed 5; cover"}, [])
    assert st.volleys[0].harms == ()
    assert [n.kind for n in of(ev, NoticeGiven)] == ["missiles"]
    assert refused_rules(st, 1, "speed 0; cover") == ["BL-7.2"]
    ev = play(st, {0: "speed 0; A-10 20 21 22", 1: "speed 0; A-20 11 12"}, [3, 5, 6, 4])
    p1, p2 = hits(ev)
    assert (p1.attacker, p1.victim, p1.location, p1.damage) == (0, 1, "LT", 5)
    assert (p2.attacker, p2.victim, p2.location, p2.damage, p2.destroyed, p2.transfers) == (
        1,
        0,
        "LA",
        8,
        ("LA",),
        (),
    )
    assert parts(st, 1)["LT"] == 9 and parts(st, 0)["LA"] == 0
    assert not st.mechs[0].items[item(st, 0, "M-6")].ok and st.mechs[1].items[item(st, 1, "A-20")].ok
    assert "LA" in RS.view(st, 1).mechs[0].destroyed  # public
    assert weapon(st, 1, "A-20").cells == 1 and sheet(st, 1).speed_limit == 4
    assert refused_rules(st, 1, "speed 5") == ["BL-5.6", "BL-11.4"]


def test_bl_ex_7_laser_charge_hold_fire():
    """BL-EX-7 (BL-15.3 to BL-15.5, BL-5.6, BL-19.5, BL-7.5, BL-16.3)."""
    st = make(["Kestrel", "Ram"], "ruins", starts=(9, 26))
    assert refused_rules(st, 0, "speed 5; L-3 charge") == ["BL-5.6", "BL-15.4"]
    ev = play(st, {0: "speed 4; L-3 charge", 1: "speed 2"}, [])
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(9, 13), (26, 24)]
    assert st.mechs[0].items[item(st, 0, "L-3")].charged
    (notice,) = of(ev, NoticeGiven)
    assert (notice.kind, notice.text()) == ("charge", "Kestrel charged energy weapons in turn 1.")
    assert sheet(st, 0).hold_speed == 2  # holding keeps the effect: S_eff 4
    assert refused_rules(st, 0, "speed 5") == ["BL-5.6", "BL-15.4"]
    ev = play(st, {0: "speed 0; L-3 hold", 1: "speed 3; cover"}, [])
    assert of(ev, NoticeGiven) == []  # holding is not announced
    assert st.mechs[0].items[item(st, 0, "L-3")].charged
    # turn 3: the firing turn has no charging effect; charge and fire at once is refused
    assert RS.preview(st, 0, RS.parse_action(st, 0, "speed 0; L-3 fire")).speed_limit == 6
    assert "BL-15.3" in refused_rules(st, 0, "L-3 fire; L-3 charge")
    ev = play(st, {0: "speed 0; L-3 fire", 1: "speed 0; def RT"}, [4, 4, 3])
    (shot,) = of(ev, LaserFired)
    assert shot.hit
    (p,) = hits(ev)
    assert (p.roll, p.location, p.defence, p.defence_die, p.defence_roll, p.redirected, p.struck) == (
        (4, 4),
        "LT",
        "RT",
        4,
        3,
        False,
        "LT",
    )
    assert parts(st, 1)["LT"] == 11 and not st.mechs[0].items[item(st, 0, "L-3")].charged


def test_bl_ex_7_a_shot_at_a_sheltered_target_has_no_effect():
    """BL-EX-7, turn 2 as it could have gone (BL-15.5): fired at the sheltered Ram, the
    L-3 has no effect and is idle."""
    st = make(["Kestrel", "Ram"], "ruins", starts=(9, 26))
    play(st, {0: "speed 4; L-3 charge", 1: "speed 2"}, [])
    ev = play(st, {0: "speed 0; L-3 fire", 1: "speed 3; cover"}, [])
    (shot,) = of(ev, LaserFired)
    assert not shot.hit and shot.sheltered and hits(ev) == []
    assert not st.mechs[0].items[item(st, 0, "L-3")].charged


def test_bl_ex_8_a_transfer_chain_destruction_effects_and_simultaneous_fire():
    """BL-EX-8 (BL-17.1 to BL-17.4, BL-18.1, BL-18.4, BL-18.5, BL-4.5, BL-5.6; BL-AMB-47:
    Kestrel's A-10 fires although its torso is destroyed in the same R8)."""
    st = make(["Ram", "Kestrel"], starts=(12, 16))
    set_parts(st, 1, LL=3, LT=4)
    ev = play(st, {0: "speed 0; A-20 16 17", 1: "speed 0; A-10 11 12 13"}, [4, 5, 1, 2])
    p1, p2 = hits(ev)
    assert (p1.victim, p1.location, p1.damage) == (1, "LL", 8)
    assert p1.transfers == (("LL", "LT", 5), ("LT", "CT", 1))
    assert p1.destroyed == ("LL", "LT", "LA")
    assert (p2.victim, p2.location, p2.struck) == (0, "RA", "RA")
    assert parts(st, 1) == {"H": 6, "CT": 15, "LT": 0, "RT": 11, "LA": 0, "RA": 8, "LL": 0, "RL": 10}
    working = {f.label for f in RS.view(st, 1).mechs[1].items if f.works}
    assert working == {"Sword", "L-3", "R-4"}
    assert parts(st, 0)["RA"] == 5 and st.mechs[0].items[item(st, 0, "Hammer")].ok
    assert sheet(st, 1).speed_limit == 3
    assert RS.preview(st, 1, RS.parse_action(st, 1, "speed 1; L-3 charge")).speed_limit == 1
    assert sheet(st, 0).speed_limit == 4


def test_bl_ex_9_every_defence_succeeds_against_melee_and_an_mg_spares_its_owner():
    """BL-EX-9 (BL-9.2, BL-8.2, BL-8.5, BL-13.3, BL-13.4, BL-10.5, BL-16.3; BL-AMB-22: a side
    torso takes a melee blow aimed at a leg)."""
    st = make(["Kestrel", "Hornet"], starts=(13, 19))
    ev = play(
        st,
        {0: "speed 4; def LA; melee Sword RL", 1: "speed 3; def RT; M-6 15x2 16x2 17x2"},
        [2, 1, 2, 4, 1, 1],
    )
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(13, 17), (19, 16)]
    p1, p2, p3 = hits(ev)
    assert (p1.source, p1.location, p1.defence, p1.redirected, p1.struck) == ("melee", "RL", "RT", True, "RT")
    assert (p2.roll, p2.location, p2.defence_roll, p2.struck) == ((2, 1), "RA", 2, "LA")
    assert (p3.roll, p3.location, p3.defence_roll, p3.struck) == ((4, 1), "RL", 1, "RL")
    assert of(ev, ShotFired)[0].victims == (0,)
    assert parts(st, 1)["RT"] == 3 and st.mechs[1].items[item(st, 1, "A-10")].ok
    assert parts(st, 0)["LA"] == 7 and parts(st, 0)["RL"] == 9
    assert st.mechs[1].items[item(st, 1, "M-6")].stack == 1


def test_bl_ex_9_a_ranged_packet_on_a_leg_is_not_covered_by_a_side_torso():
    """BL-EX-9's closing remark (BL-8.2): a ranged packet striking RL is not covered by
    an RT defence: no defence roll, Hornet RL 7 → 2."""
    from engine.dice import ScriptedDice
    from engine.rulesets.battleline.rules.attacks import Packet
    from engine.rulesets.battleline.rules.damage import resolve_packet

    st = make(["Kestrel", "Hornet"], starts=(13, 19))
    faces: list[int] = []
    dice = ScriptedDice([1, 4])
    p = resolve_packet(st, Packet("cannon", 0, item(st, 0, "A-10"), 1, 5), "RT", dice, faces)
    assert (p.location, p.defence, p.defence_die, p.struck) == ("RL", "", 0, "RL")
    assert parts(st, 1)["RL"] == 2 and dice.remaining() == []


def _three():
    return make(["Kestrel", "Hornet", "Bulwark"], None)


def test_bl_ex_10a_three_mechs_the_nearest_cannon_target_and_one_mg_on_two():
    """BL-EX-10a (BL-1.6, BL-6.1 to BL-6.3, BL-12.3, BL-13.3, BL-4.7)."""
    st = _three()
    assert (st.setup.length, st.setup.cover, st.setup.starts) == (42, (), (9, 21, 33))
    ev = play(
        st,
        {0: "speed 6 to 2", 1: "speed 0; M-6 15x3 28x3; A-10 15 27 28", 2: "speed 5 to 2"},
        [3, 4, 2, 6, 5, 5, 1, 4, 6, 1, 3, 3, 4, 6],
    )
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(9, 15), (21, 21), (33, 28)]
    table = [(h.victim, h.weapon, sum(h.roll), h.struck) for h in hits(ev)]
    assert table == [
        (0, "M-6", 7, "CT"),
        (0, "M-6", 8, "LT"),
        (0, "M-6", 10, "LA"),
        (2, "M-6", 5, "RL"),
        (2, "M-6", 7, "CT"),
        (2, "M-6", 6, "RT"),
        (0, "A-10", 10, "LA"),
    ]
    assert [p for p, v in parts(st, 0).items() if v != mech_max("Kestrel", p)] == ["CT", "LT", "LA"]
    assert (parts(st, 0)["CT"], parts(st, 0)["LT"], parts(st, 0)["LA"]) == (15, 10, 2)
    assert (parts(st, 2)["RL"], parts(st, 2)["CT"], parts(st, 2)["RT"]) == (9, 15, 10)


def mech_max(name, part):
    from engine.rulesets.battleline.catalog import CHASSIS, PART_INDEX

    return CHASSIS[mech(name).chassis].structure[PART_INDEX[part]]


def test_bl_ex_10b_an_opponent_moved_away_from_cannot_be_hit():
    """BL-EX-10b (BL-6.2, BL-6.3): Hornet heads for Bulwark, so Kestrel on the other side
    is not attackable: the M-6 ignores it on 15, the A-10 hits Bulwark."""
    st = _three()
    ev = play(
        st,
        {0: "speed 6 to 2", 1: "speed 2 to 3; M-6 15x3 28x3; A-10 15 27 28", 2: "speed 5 to 2"},
        [1, 4, 6, 1, 3, 3, 4, 6],
    )
    assert st.mechs[1].position == 23
    assert [(h.victim, h.weapon, h.struck) for h in hits(ev)] == [
        (2, "M-6", "RL"),
        (2, "M-6", "CT"),
        (2, "M-6", "RT"),
        (2, "A-10", "LA"),
    ]
    assert all(v == mech_max("Kestrel", p) for p, v in parts(st, 0).items())
    assert (parts(st, 2)["RL"], parts(st, 2)["CT"], parts(st, 2)["RT"], parts(st, 2)["LA"]) == (9, 15, 10, 3)


def test_bl_ex_11_recoil_builds_up_and_resets():
    """BL-EX-11 (BL-11.2 to BL-11.6, BL-13.2, BL-5.6): the table of stacks, A_eff and
    Ram's S_eff over six turns, and its checks. The shots land far from anyone."""
    st = make(["Bulwark", "Ram"])
    m10, a20 = ("M-10", "A-20")
    fires_m10 = [True, True, True, False, True, True]
    fires_a20 = [True, True, True, True, False, True]
    expected = [
        (0, 10, 0, 2, 5),
        (1, 8, 1, 1, 4),
        (2, 6, 2, 1, 3),
        (3, 4, 3, 1, 2),
        (0, 10, 4, 1, 1),
        (1, 8, 0, 2, 5),
    ]
    for t in range(6):
        w1, w2 = weapon(st, 0, m10), weapon(st, 1, a20)
        assert (w1.stack, w1.cells, w2.stack, w2.cells, sheet(st, 1).speed_limit) == expected[t], (
            f"turn {t + 1}"
        )
        if t == 1:
            assert refused_rules(st, 0, "M-10 1x9") == ["BL-13.2"]
            assert refused_rules(st, 0, "M-10 14 15 16 17x5") == []
        if t == 4:
            assert refused_rules(st, 1, "speed 2") == ["BL-5.6", "BL-11.4"]
        n = w1.cells
        o0 = f"speed 0; M-10 {' '.join(str(c) for c in range(1, n))} {n}" if fires_m10[t] else "speed 0"
        o1 = (
            "speed 0; A-20 29 30"
            if fires_a20[t] and w2.cells == 2
            else "speed 0; A-20 30"
            if fires_a20[t]
            else "speed 0"
        )
        assert not hits(play(st, {0: o0, 1: o1}, []))


def test_bl_ex_12_both_mechs_die_in_the_same_turn_a_draw():
    """BL-EX-12 (BL-9.2, BL-9.6, BL-4.5, BL-8.2, BL-17.3, BL-18.2, BL-18.3, BL-2.5)."""
    st = make(["Kestrel", "Ram"], starts=(14, 16))
    set_parts(st, 0, H=2)
    set_parts(st, 1, CT=3)
    assert "BL-8.2" in refused_rules(st, 1, "speed 1; def LA; melee Hammer H")
    ev = play(st, {0: "speed 1; melee Sword CT", 1: "speed 1; melee Hammer H"}, [])
    p1, p2 = hits(ev)
    assert (p1.victim, p1.struck, p1.damage, p1.destroyed, p1.discarded) == (1, "CT", 5, ("CT",), 2)
    assert (p2.victim, p2.struck, p2.damage, p2.destroyed, p2.discarded) == (0, "H", 8, ("H",), 6)
    assert [(e.seat, e.reasons) for e in of(ev, MechLost)] == [(0, ("head",)), (1, ("centre torso",))]
    res = RS.result(st)
    assert res.winner is None and res.draw == (0, 1) and res.rule == "BL-2.5"
    assert of(ev, BattleEnded)[0].draw == (0, 1)


def test_bl_ex_12_had_kestrel_defended_with_its_arm():
    """BL-EX-12's variant (BL-8.5): the Hammer strikes LA instead, 8 → 0; Kestrel
    survives and Ram loses."""
    st = make(["Kestrel", "Ram"], starts=(14, 16))
    set_parts(st, 0, H=2)
    set_parts(st, 1, CT=3)
    ev = play(st, {0: "speed 1; def LA; melee Sword CT", 1: "speed 1; melee Hammer H"}, [])
    p2 = hits(ev)[1]
    assert (p2.struck, p2.destroyed, p2.transfers) == ("LA", ("LA",), ())
    assert parts(st, 0)["H"] == 2 and RS.result(st).winner == 0


def test_bl_ex_13_what_each_player_knows_at_the_start_and_charisma():
    """BL-EX-13 (BL-19.1 to BL-19.4, BLC-6): hand items public; chassis, torso items,
    jump jets and structure hidden; Oleg alone hears Kestrel's most serious gun."""
    from engine.dice import ScriptedDice
    from engine.rulesets.battleline import scenario

    state, opening = RS.new_state(scenario.duel(mech("Kestrel"), mech("Bulwark")), ScriptedDice([]))
    for viewer, other in ((0, 1), (1, 0)):
        v = RS.view(state, viewer)
        seen = v.mechs[other]
        assert seen.chassis is None and seen.parts is None and seen.items is None and seen.volleys is None
        assert v.length == 30 and v.cover == () and [m.position for m in v.mechs] == [9, 21]
    assert [(h.code, h.where) for h in RS.view(state, 1).mechs[0].hands] == [("M-6", "LA"), ("SW", "RA")]
    assert [(h.code, h.where) for h in RS.view(state, 0).mechs[1].hands] == [("SH", "LA"), ("A-10", "RA")]
    (rumour,) = of(opening, Rumour)
    assert (rumour.to, rumour.about, rumour.weapon) == ((1,), 0, "M-10")
    assert rumour.text() == "Rumour (Charisma): the most serious gun of Kestrel is the M-10."
    assert [(r.seat, r.weapon) for r in RS.view(state, 1).rumours] == [(0, "M-10")]
    assert RS.view(state, 0).rumours == ()
    # the report line of BL-EX-3's turn, as everyone reads it
    ev = play(
        state,
        {0: "speed 6; def LA; A-10 18 19 20", 1: "speed 0; M-10 9 10 11 12 13 14 15x4"},
        [3, 4, 1, 1, 1, 2, 4, 5, 2, 6, 5],
    )
    shot = of(ev, ShotFired)[1]
    assert shot.text() == "Bulwark fires the M-10 at 9\u201314, 15 \u00d74: hits Kestrel."
    lines = [h.text() for h in hits(ev)]
    assert (
        lines[0]
        == "Bulwark's M-10 hits Kestrel: location 3+4 = 7, CT; LA defence, d2 = 1: fail; CT, 1 damage."
    )
    assert (
        lines[1]
        == "Bulwark's M-10 hits Kestrel: location 1+1 = 2, H; LA defence, d2 = 2: success; LA, 1 damage."
    )
    assert lines[3] == "Bulwark's M-10 hits Kestrel: location 6+5 = 11, LA; LA, 1 damage."
    assert RS.view(state, 1).mechs[0].parts is None  # not Kestrel's remaining structure
    assert all(e.to is None for e in hits(ev))


EX14 = [
    ("speed 0; cover", ["BL-7.2"]),
    ("speed 3; cover", ["BL-7.2"]),
    ("speed 7", ["BL-5.6"]),
    ("speed 6; M-6 12x3 13x3", []),
    ("melee Sword 1 CT; A-10 14 15 16", ["BL-9.4"]),
    ("def RA; melee Sword H", ["BL-8.2"]),
    ("def LA; melee Sword H", []),
    ("def LT; A-10 12 13 14", ["BL-8.2"]),
    ("def LT; M-6 12x2 13x2 14x2", []),
    ("A-10 12 13 14 15", ["BL-12.2"]),
    ("A-10 13 13 14", ["BL-10.2"]),
    ("A-10 0 1 2", ["BL-10.2"]),
    ("L-3 fire", ["BL-15.5"]),
    ("speed 5; L-3 charge", ["BL-5.6", "BL-15.4"]),
    ("speed 4; def LT; L-3 charge; M-10 12x6 13x4", ["BL-8.2"]),
    ("speed 4; L-3 charge; M-10 12x6 13x4", []),
    ("M-10 12x6 13x5", ["BL-13.2"]),
    ("R-4 13x2 14", ["BL-14.2"]),
]


def test_bl_ex_14_checking_orders():
    """BL-EX-14 (BL-4.3, BL-5.6, BL-7.2, BL-8.2, BL-9.4, BL-12.2, BL-13.2, BL-14.2,
    BL-15.3, BL-15.4): each proposed order of Kestrel at the start of turn 3 gets the
    verdict of the table, with the rule IDs it names."""
    st = make(["Bulwark", "Kestrel"], "ruins", starts=(12, 21), turn=3)
    for text, rules in EX14:
        assert refused_rules(st, 1, text) == rules, text
        if rules:
            with pytest.raises(IllegalAction) as err:
                RS.check(st, 1, _draft(st, text))
            assert err.value.rule == ", ".join(rules)
        else:
            RS.check(st, 1, _draft(st, text))
    # 19: with jump jets, taking cover from the ruin while charging is valid
    jj = make(["Bulwark", mech("Kestrel", legs="JJ")], "ruins", starts=(12, 21), turn=3)
    assert refused_rules(jj, 1, "speed 0; cover; L-3 charge") == []
    # the direction is -1, toward Bulwark
    assert RS.preview(st, 1, _draft(st, "speed 3")).end == 18


def _draft(state, text):
    from engine.rulesets.battleline.notation import parse_order_text

    return parse_order_text(state, 1, text)


def test_bl_ex_14_a_refused_order_names_its_rules_and_changes_nothing():
    """BL-4.3: an invalid order is returned with the IDs of the rules it breaks; the state
    is untouched."""
    import msgspec

    st = make(["Bulwark", "Kestrel"], "ruins", starts=(12, 21), turn=3)
    before = msgspec.msgpack.encode(st)
    with pytest.raises(IllegalAction) as err:
        RS.apply(st, 1, _draft(st, "speed 5; L-3 charge"), None)
    assert err.value.rule == "BL-5.6, BL-15.4"
    assert "at most 4" in str(err.value)
    assert msgspec.msgpack.encode(st) == before
