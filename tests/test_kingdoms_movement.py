"""Three Kingdoms: movement (TK-3), retreat and encirclement (TK-9.1, TK-9.2,
TK-9.4, TK-9.6, TK-9.7) and panic flight (TK-16.4)."""

from __future__ import annotations

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.events import ControlChanged, Damage, MoraleRoll, Moved, OrderFailed, Step
from tests.kingdoms_support import battle, of, play, reg, unit


def refused(st, text: str) -> str:
    """The rule of the refusal of ``text`` for the active side (parse and check)."""
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, st.active, text)
    return info.value.rule


def test_tk_3_1_one_step_along_a_link_two_only_for_mounted_cavalry_tk_3_4():
    """TK-3.1, TK-3.4, TK-7.1: infantry moves one step along a link; mounted cavalry may take a
    second step from a base with no enemy."""
    st = battle(
        1,
        [
            reg("S2", "inf", 1000, "B2", "Guan Yu"),
            reg("S4", "cav", 500, "B1", "Zhao Yun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S2 MOVE B2-B4-B6") == "TK-3.1"
    assert refused(st, "S2 MOVE B2-B5") == "TK-3.1"
    assert refused(st, "S2 MOVE B1-B2") == "TK-3.1"  # the path starts where it stands
    play(st, ["S2 MOVE B2-B4", "S4 MOVE B1-B2-B4"], [], ready=False)
    assert refused(st, "S4 MOVE B1-B2-B4-B6") == "TK-3.4"


def test_tk_3_2_capacity_counts_only_own_side_and_passing_through_tk_amb_43():
    """TK-3.2, TK-AMB-43: a ford holds one regiment per side; capacity applies to the
    middle base of a two-step move; enemy regiments do not count."""
    st = battle(
        1,
        [
            reg("S1", "inf", 1000, "B2"),
            reg("S2", "inf", 1000, "B2", "Guan Yu"),
            reg("S3", "cav", 500, "B2", "Zhang Fei"),
            reg("S4", "cav", 500, "B1", "Zhao Yun"),
            reg("S5", "arch", 500, "B4", "Huang Zhong"),
            reg("W2", "inf", 1000, "B5", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S3 MOVE B2-B4") == "TK-3.2"  # the ford already holds S5
    assert refused(st, "S4 MOVE B1-B2-B4") == "TK-3.2"  # B2 holds three of Shu: no passing
    assert refused(st, "S4 MOVE B1-B2") == "TK-3.2"
    RULESET.check(st, 0, RULESET.parse_action(st, 0, "S4 DISMOUNT MOVE B1-B3"))


def test_tk_3_3_a_move_never_enters_an_enemy_base_but_an_attack_ends_there():
    """TK-3.3: MOVE may not end on, nor pass through, an enemy-occupied base; ATTACK may
    end there."""
    st = battle(
        1,
        [
            reg("S4", "cav", 500, "B1", "Zhao Yun"),
            reg("W2", "inf", 1000, "B2", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S4 MOVE B1-B2") == "TK-3.3"
    assert refused(st, "S4 MOVE B1-B2-B4") == "TK-3.3"
    assert refused(st, "S4 ATTACK W2 B1-B3-B2") == "TK-3.5"  # B3 is a building
    RULESET.check(st, 0, RULESET.parse_action(st, 0, "S4 ATTACK W2 B1-B2"))


def test_tk_3_5_terrain_dismounting_and_mounting():
    """TK-3.5, TK-7.1, TK-AMB-42: mounted cavalry enters no building and crosses no mountain
    link; dismounted it may, one step at a time, with P1; it cannot mount on a building;
    mounting or dismounting happens at step 3a, with any order."""
    st = battle(
        1,
        [
            reg("S3", "cav", 500, "B2", "Zhang Fei"),
            reg("S4", "cav", 500, "B3", "Zhao Yun", mounted=False),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S3 MOVE B2-B7") == "TK-3.5"
    assert refused(st, "S3 MOVE B2-B3") == "TK-3.5"
    assert refused(st, "S4 MOUNT DEFEND") == "TK-3.5"  # on a building
    assert refused(st, "S4 MOVE B3-B1-B2") == "TK-3.1"  # dismounted: one step
    assert refused(st, "S3 MOUNT DEFEND") == "TK-3.5"  # already mounted
    ev = play(st, ["S3 DISMOUNT MOVE B2-B7"], [])
    assert unit(st, "S3").base == "B7" and not unit(st, "S3").mounted
    steps = [e.step for e in of(ev, Step)]
    assert steps.index("3a") < steps.index("5b")
    assert [e.mounted for e in ev if type(e).__name__ == "Mounted"] == [False]


def test_tk_3_6_standing_gates_bar_the_enemy_but_not_the_owner():
    """TK-3.6, TK-14.3: no regiment of the side not controlling a fortress enters it while
    its gates stand; the controller's regiments may."""
    st = battle(
        2,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("S1", "inf", 1000, "B1"),
        ],
    )
    RULESET.check(st, 1, RULESET.parse_action(st, 1, "W3 MOVE B8-B10"))
    st = battle(1, [reg("S2", "inf", 1000, "B9", "Guan Yu"), reg("W3", "cav", 500, "B8", "Xiahou Dun")])
    assert refused(st, "S2 MOVE B9-B10") == "TK-3.6"


def test_tk_3_7_entering_does_not_change_control_before_step_7a_tk_18_3():
    """TK-3.7, TK-18.3: a base changes hands only at step 7a, never in mid-phase."""
    st = battle(1, [reg("S2", "inf", 1000, "B2", "Guan Yu"), reg("W1", "inf", 1000, "B10", "Cao Ren")])
    ev = play(st, ["S2 MOVE B2-B4"], [])
    i_move = next(i for i, e in enumerate(ev) if isinstance(e, Moved))
    i_7a = next(i for i, e in enumerate(ev) if isinstance(e, Step) and e.step == "7a")
    i_change = [i for i, e in enumerate(ev) if isinstance(e, ControlChanged)]
    assert i_move < i_7a < min(i_change)
    assert [(c.base, c.new) for c in of(ev, ControlChanged)] == [("B2", "Wei"), ("B4", "Shu")]


def test_tk_3_8_arrived_from_follows_completed_steps_only():
    """TK-3.8, TK-AMB-49: arrived_from is the base just left by the latest completed step;
    a move that does not happen leaves it as it was (TK-2.8c)."""
    st = battle(
        1,
        [
            reg("S3", "cav", 500, "B1", "Zhang Fei"),
            reg("S4", "cav", 500, "B1", "Zhao Yun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["S3 MOVE B1-B2-B4", "S4 MOVE B1-B2-B4"], [])
    assert (unit(st, "S3").base, unit(st, "S3").arrived_from) == ("B4", "B2")
    assert (unit(st, "S4").base, unit(st, "S4").arrived_from) == ("B1", None)
    assert [(f.regiment, f.rule) for f in of(ev, OrderFailed)] == [("S4", "TK-3.2")]


def test_tk_9_1_a_retreat_is_judged_when_the_move_resolves_and_respects_arrived_from():
    """TK-9.1, TK-9.3, TK-AMB-49: from a contested base, a move is a retreat (not to an
    enemy base, not to where an enemy there came from); it is judged when the move
    resolves: once the enemy there is destroyed, the move is an ordinary one."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", arrived_from="B4"),
            reg("S1", "inf", 1000, "B1"),
            reg("W5", "arch", 500, "B9", "Xiahou Yuan"),
        ],
        control={"B6": 1},
    )
    assert refused(st, "S2 MOVE B6-B4") == "TK-9.1"
    assert refused(st, "S2 MOVE B6-B9") == "TK-9.1"  # (a): the enemy holds it
    ev = play(st, ["S2 MOVE B6-B5"], [])
    assert [m.kind for m in of(ev, Moved)] == ["retreat"]
    assert unit(st, "S2").retreat_until == 10
    # the enemy destroyed first: the same kind of move is ordinary (TK-9.1)
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B6", "Zhang Fei"),
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=10, half=True, three_quarters=True),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S3 ATTACK W2", "S2 MOVE B6-B5"], [9, 9, 1, 1, 1, 1, 1])
    assert not unit(st, "W2").on_map
    assert [m.kind for m in of(ev, Moved) if m.regiment == "S2"] == ["move"]
    assert unit(st, "S2").retreat_until == 0


def test_tk_9_2_no_attack_after_a_retreat_except_mounted_cavalry_tk_9_4a_tk_amb_48():
    """TK-9.2, TK-9.4a, TK-AMB-48: infantry retreating may not attack; mounted cavalry may
    retreat one step and attack on the second, at distance 2 in class 2."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S3", "cav", 500, "B6", "Zhang Fei"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", arrived_from="B9"),
            reg("W4", "cav", 500, "B4", "Zhang Liao"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B6": 1},
    )
    assert refused(st, "S2 ATTACK W4 B6-B4") == "TK-9.2"
    assert refused(st, "S3 ATTACK W4 B6-B4") == "TK-9.2"
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B6", "Zhang Fei"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", arrived_from="B9"),
            reg("W3", "cav", 500, "B10", "Xiahou Dun"),
            reg("W4", "cav", 500, "B2", "Zhang Liao"),
            reg("S1", "inf", 1000, "B1"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S3 ATTACK W4 B6-B4-B2"], [5, 5, 5, 5])
    s3 = unit(st, "S3")
    assert [m.kind for m in of(ev, Moved)] == ["retreat", "move"]
    assert (s3.base, s3.retreat_until) == ("B2", 10)
    from tests.kingdoms_support import damage

    assert damage(ev) == [
        ("S3", "W4", 500, 10, 100, 10, 1, 125, 375),
        ("W4", "S3", 500, 10, 100, 10, 1, 125, 375),
    ]


def test_tk_9_6_encirclement_cancels_the_forced_retreat_and_costs_morale_at_once_tk_9_7_tk_amb_38():
    """TK-9.6, TK-9.7, TK-AMB-38: a duel's loser with no legal retreat is encircled: it
    stays, loses 2d10+10 morale at once (M11), and does not become retreating."""
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B9", "Zhang Fei"),
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("S1", "inf", 1000, "B1"),
        ],
        control={"B9": 1},
    )
    ev = play(st, ["S3 CHALLENGE Zhang Liao"], [1, 10, 5, 5, 1, 1, 1, 1], answers=["ACCEPT"])
    m11 = [(m.regiment, m.delta, m.immediate, m.after) for m in of(ev, MoraleRoll) if m.code == "M11"]
    assert m11 == [("S3", -20, True, 80)]
    s3 = unit(st, "S3")
    assert s3.base == "B9" and s3.retreat_until == 0
    assert s3.morale == 80 - 12  # M8 at 7b: 2d10+10 = 1+1+10


def test_tk_16_4_flight_goes_farthest_from_the_nearest_enemy_ties_to_base_order():
    """TK-16.4, TK-AMB-54: a panicking regiment flees one step at step 5a, to the legal
    base farthest from the nearest enemy (B1: 3 links from B6), in roster order; a
    mounted regiment too takes one step; with no destination on an uncontested base it
    stays."""
    st = battle(
        3,
        [
            reg("S1", "inf", 1000, "B2", panic_from=3, panic_until=4),
            reg("S4", "cav", 500, "B4", "Zhao Yun", panic_from=3, panic_until=4),
            reg("S2", "inf", 1000, "B1", "Guan Yu"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
        ],
    )
    assert refused(st, "S1 DEFEND") == "TK-16.3"
    ev = play(st, [], [])
    assert [(m.regiment, m.frm, m.dest, m.kind) for m in of(ev, Moved)] == [
        ("S1", "B2", "B1", "flee"),
        ("S4", "B4", "B2", "flee"),
    ]
    # B1 and B3 full: B4 and B7 tie at 2 links from the nearest enemy (on B10): base order
    full = [reg(f"S{n}", "inf", 300, "B1") for n in range(2, 7)] + [
        reg(f"S{n}", "arch", 300, "B3") for n in range(7, 10)
    ]
    st = battle(
        3,
        [
            reg("S1", "inf", 1000, "B2", panic_from=3, panic_until=4),
            *full,
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, [], [])
    assert [(m.regiment, m.dest) for m in of(ev, Moved)] == [("S1", "B4")]
    # nowhere to go from an uncontested base: it stays, without morale loss
    st = battle(
        3,
        [
            reg("S1", "inf", 1000, "B4", panic_from=3, panic_until=4),
            reg("S2", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B2", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
    )
    ev = play(st, [], [])
    assert not [m for m in of(ev, Moved) if m.regiment == "S1"] and not of(ev, MoraleRoll)
    assert unit(st, "S1").base == "B4"


def test_tk_9_4c_tk_amb_52_retreating_archers_strike_their_pursuers_without_p2():
    """TK-9.4c, TK-AMB-52, TK-2.7, TK-7.2.5: archers pursued by two infantry regiments in
    Wei's phase 10 answer both without P2 (the second would otherwise be melee, TK-7.2.4);
    in their own phase 11 they attack a pursuer in melee (class 4, no first strike) but
    still without P2."""
    st = battle(
        10,
        [
            reg("S5", "arch", 500, "B2", "Huang Zhong", retreat_until=10),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B4", "Xu Chu"),
            reg("W8", "inf", 500, "B7"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W2 ATTACK S5 B4-B2", "W8 ATTACK S5 B7-B2"], [2, 2] * 4)
    counters = [(d.victim, d.k, d.mods, d.raw) for d in of(ev, Damage) if d.kind == "counter"]
    assert counters == [("W2", 2, (), 25), ("W8", 2, (), 25)]
    assert unit(st, "S5").pursuers == ["W2", "W8"] and unit(st, "S5").pursued_in == 10
    ev = play(st, ["S5 ATTACK W2"], [2, 2, 2, 2])
    d = of(ev, Damage)
    assert [(x.dealer, x.variant, x.mods, x.raw) for x in d] == [("S5", "a", ("P3",), 28), ("W2", "", (), 97)]


def test_tk_9_5a_tk_amb_53_only_mounted_cavalry_rides_through():
    """TK-9.5a, TK-AMB-53: dismounted cavalry pursuing takes no counter-attack either, but
    takes one step and never rides through."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B4", "Guan Yu", strength=886, retreat_until=10),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "W3 DISMOUNT ATTACK S2 B6-B4 THEN B2") == "TK-9.5"
    ev = play(st, ["W3 DISMOUNT ATTACK S2 B6-B4"], [5, 6, 1, 1], leftover=True)
    assert [(d.variant, d.mods, d.raw) for d in of(ev, Damage)] == [("c", ("P1",), 110)]
