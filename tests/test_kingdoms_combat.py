"""Three Kingdoms: attacks and counter-attacks (TK-4), the losses formula (TK-5),
action order (TK-6), regiment types (TK-7) and screening (TK-8)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st_

from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.events import Damage, Moved, OrderFailed, TargetSwitched
from engine.rulesets.kingdoms.rules.combat import attack_mods, counter_mods, fatigue, raw_losses, variant
from tests.kingdoms_support import battle, damage, of, play, reg, unit


def refused(st, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, st.active, text)
    return info.value.rule


def test_tk_4_1_only_the_target_counter_attacks():
    """TK-4.1: a close attack without movement; of the two Wei regiments on the base
    only the target strikes back."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S2 ATTACK W2"], [5, 5, 4, 4])
    assert damage(ev) == [
        ("S2", "W2", 1000, 10, 100, 8, 1, 200, 800),
        ("W2", "S2", 1000, 8, 100, 10, 1, 200, 800),
    ]


def test_tk_4_2_ranged_attacks_only_in_the_three_cases_tk_amb_20():
    """TK-4.2, TK-AMB-20: archers fire at an adjacent base only from a tower, at a
    tower's crew, or at a retreating regiment; otherwise the attack is a close one."""
    st = battle(
        1,
        [
            reg("S5", "arch", 500, "B2", "Huang Zhong"),
            reg("W2", "inf", 1000, "B4", "Xu Chu"),
            reg("S1", "inf", 1000, "B1"),
        ],
    )
    assert refused(st, "S5 FIRE W2") == "TK-4.2"
    assert refused(st, "S1 FIRE W2") == "TK-4.2"  # only archers fire
    st = battle(
        1,
        [
            reg("S5", "arch", 500, "B2", "Huang Zhong"),
            reg("W2", "inf", 1000, "B4", "Xu Chu", retreat_until=1),
            reg("S1", "inf", 1000, "B1"),
        ],
    )
    ev = play(st, ["S5 FIRE W2"], [5, 5, 5, 5])
    # pursuit fire (TK-9.5c): class 1, distance 0, first strike, no P3 on retreating infantry
    d = of(ev, Damage)
    assert [(x.kind, x.variant, x.mods) for x in d] == [("fire", "b", ()), ("counter", "", ())]
    assert damage(ev) == [
        ("S5", "W2", 500, 10, 100, 10, 1, 125, 875),
        ("W2", "S5", 875, 10, 100, 10, 1, 218, 282),
    ]


def test_tk_4_3_unattacked_first_walked_in_action_order_tk_amb_47():
    """TK-4.3, TK-AMB-47, TK-2.8: with W2 and W5 on the base, a second attack on W2 in
    action order is refused while W5 is unnamed; the orders are checked together at
    READY, which names the regiment whose order cannot stand."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B4", "Guan Yu"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
    )
    play(st, ["S2 ATTACK W2 B4-B6", "S5 ATTACK W2 B5-B6"], [], ready=False)
    with pytest.raises(IllegalAction) as info:
        RULESET.apply(st, 0, RULESET.parse_action(st, 0, "READY"), None)
    # S5 (class 1) acts first, so S2's attack (class 3) is the one that breaks the rule
    assert info.value.rule == "TK-4.3" and "S2" in str(info.value)
    opts = RULESET.options(st, 0)
    assert not opts.ready and set(opts.problems) == {"S2"}
    ev = play(st, ["S2 ATTACK W5 B4-B6"], [5, 5, 5, 5, 5, 5, 5, 5, 1])
    assert [(d.dealer, d.victim) for d in of(ev, Damage)] == [
        ("S5", "W2"),
        ("S2", "W5"),
        ("W2", "S5"),
        ("W5", "S2"),
    ]


def test_tk_2_8_a_target_switch_and_b_a_move_without_attack():
    """TK-2.8 (a): the first legal target in roster order that "unattacked first"
    allows; (b): no enemy left on the destination, the regiment moves without
    attacking; TK-2.8 (d): a destroyed regiment does nothing."""
    st = battle(
        9,
        [
            reg("S1", "inf", 1000, "B6"),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=10, half=True, three_quarters=True),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
        control={"B6": 1},
    )
    ev = play(
        st,
        ["S5 ATTACK W2 B5-B6", "S3 ATTACK W5 B4-B6", "S1 ATTACK W2"],
        [9, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        leftover=True,
    )
    assert [(t.regiment, t.old, t.new) for t in of(ev, TargetSwitched)] == [("S1", "W2", "W5")]
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=10, half=True, three_quarters=True),
        ],
    )
    ev = play(st, ["S5 ATTACK W2 B5-B6", "S3 ATTACK W2 B4-B6"], [9, 9, 1, 1, 1], leftover=True)
    assert [(f.regiment, f.rule) for f in of(ev, OrderFailed)] == [("S3", "TK-2.8")]
    assert [(m.regiment, m.dest, m.kind) for m in of(ev, Moved)] == [
        ("S5", "B6", "move"),
        ("S3", "B6", "move"),
    ]
    assert [d.dealer for d in of(ev, Damage)] == ["S5"]  # first strike left W2 no men to answer


@pytest.mark.parametrize(
    "row, attacker, victim, kind, absorbed, melee, want",
    [
        (1, "arch", {}, "tower", False, False, "c"),
        (2, "inf", {"panic": True}, "close", False, False, "c"),
        (3, "cav", {"retreat": True}, "close", False, False, "c"),
        (3, "dcav", {"retreat": True}, "close", False, False, "c"),
        (4, "arch", {}, "close", True, False, "c"),
        (5, "arch", {}, "at-tower", False, False, "d"),
        (6, "inf", {"retreat": True}, "close", False, False, "b"),
        (6, "arch", {"retreat": True}, "close", False, True, "b"),
        (7, "arch", {}, "close", False, False, "b"),
        (8, "arch", {}, "close", False, True, "a"),
        (8, "inf", {}, "close", False, False, "a"),
        (8, "cav", {}, "close", False, False, "a"),
    ],
)
def test_tk_4_5_the_first_matching_row_decides_the_variant_tk_4_4_tk_amb_5_tk_amb_6(
    row, attacker, victim, kind, absorbed, melee, want
):
    """TK-4.4, TK-4.5, TK-AMB-5, TK-AMB-6, TK-AMB-21, TK-AMB-51: every row of the table."""
    types = {"arch": "arch", "inf": "inf", "cav": "cav", "dcav": "cav"}
    st = battle(
        5,
        [
            reg("S1", types[attacker], 500, "B4", mounted=attacker != "dcav")
            if attacker != "cav"
            else reg("S1", "cav", 500, "B4"),
            reg(
                "W1",
                "inf",
                1000,
                "B6",
                "Cao Ren",
                panic_from=5 if victim.get("panic") else 0,
                panic_until=6 if victim.get("panic") else 0,
                retreat_until=5 if victim.get("retreat") else 0,
            ),
        ],
    )
    assert variant(st, unit(st, "S1"), unit(st, "W1"), kind, absorbed, melee) == want, f"row {row}"


def test_tk_4_7_a_claim_with_no_men_behind_it_is_void_and_rolls_no_dice_tk_1_9():
    """TK-4.7 item 4, TK-1.9: a first-strike attack that destroys its target leaves a
    claim of 0 men: no counter-attack, no die."""
    st = battle(
        9,
        [
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=50, half=True, three_quarters=True),
        ],
    )
    ev = play(st, ["S5 ATTACK W2 B5-B6"], [9, 9, 5, 5])  # the attack, then M5 and M3 only
    assert damage(ev) == [("S5", "W2", 500, 18, 100, 8, 1, 180, 0)]


def test_tk_4_7_counter_attack_numbers_include_a_crew_shooting_first_tk_6_5():
    """TK-4.7 item 3, TK-13.4: the tower crew's defender-first counter-attack is its 1st
    of the phase; its deferred one at step 5c is its 2nd (F = 2), with at most 300 men."""
    st = battle(
        12,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong", strength=400),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("W2", "inf", 1000, "B2", "Xu Chu"),
            reg("S1", "inf", 1000, "B1"),
        ],
    )
    st.crews["B3"] = "S5"
    ev = play(st, ["W5 FIRE S5", "W2 ATTACK S5 B2-B3"], [4, 8, 6, 7, 2, 2, 8, 8, 3])
    d = of(ev, Damage)
    assert [(x.dealer, x.kind, x.k, x.f, x.n) for x in d] == [
        ("S5", "crew", 1, 1, 300),
        ("W5", "fire", 0, 1, 410),
        ("W2", "attack", 0, 1, 1000),
        ("S5", "counter", 2, 2, 300),
    ]
    assert [x.raw for x in d] == [90, 66, 100, 72]
    assert d[3].mods == ("B1",)  # W2 marched


def test_tk_4_8_tk_amb_31_in_a_group_the_member_whose_share_reaches_0_gets_the_credit():
    """TK-4.8, TK-AMB-31, TK-AMB-67, TK-16.1: damage is capped by the victim's men; W3's
    share brings S2 to 0, so W3 alone gets M5; W4's share found no one but dealt damage
    (no panic); the destroyed S2's claims still strike (snapshot 100, k = 2)."""
    from engine.rulesets.kingdoms.events import Destroyed, MoraleRecorded, Panic

    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B8", "Guan Yu", strength=100, half=True, three_quarters=True),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W4", "cav", 500, "B6", "Zhang Liao"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W3 ATTACK S2 B6-B8", "W4 ATTACK S2 B6-B8"], [5, 5, 5, 5, 1, 1, 1, 1, 4])
    assert damage(ev) == [
        ("W3", "S2", 500, 10, 100, 8, 1, 100, 0),
        ("W4", "S2", 500, 10, 100, 8, 1, 100, 0),
        ("S2", "W3", 100, 2, 100, 10, 2, 2, 498),
        ("S2", "W4", 100, 2, 100, 10, 2, 2, 498),
    ]
    assert [d.losses for d in of(ev, Damage)] == [100, 0, 2, 2]
    assert [(d.regiment, d.by) for d in of(ev, Destroyed)] == [("S2", "W3")]
    assert [(m.code, m.recipients) for m in of(ev, MoraleRecorded)] == [("M5", ("W3",))]
    assert not [p for p in of(ev, Panic) if p.what == "detected"]
    assert unit(st, "W3").morale == 109


def test_tk_4_9_an_attacker_left_with_no_men_deals_nothing_and_rolls_no_dice():
    """TK-4.9, TK-13.3: the crew shoots first and destroys W6 (20 men), which then deals
    no damage and rolls no dice; the crew personally destroyed it (M5)."""
    st = battle(
        12,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S1", "inf", 1000, "B1"),
            reg("W6", "arch", 300, "B5", strength=20, half=True, three_quarters=True),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    st.crews["B3"] = "S5"
    ev = play(st, ["W6 FIRE S5"], [10, 10, 3])
    assert damage(ev) == [("S5", "W6", 300, 20, 100, 10, 1, 150, 0)]
    assert not unit(st, "W6").on_map and unit(st, "S5").morale == 108


def test_tk_5_1_tk_5_8_the_source_steps_are_the_exact_formula_tk_amb_15():
    """TK-5.1, TK-5.8, TK-AMB-15: (N × 2d10 ÷ 40) × morale% × (1 ± 0.2 per modifier) ÷ F
    ÷ T, rounded down once, equals ⌊N·R·m·Mt / (40000·F·T)⌋ (exact fractions)."""
    assert raw_losses(1000, 12, 100, 10) == 300
    assert raw_losses(500, 9, 100, 12) == 135
    assert raw_losses(890, 15, 100, 10, f=3) == 111
    assert raw_losses(300, 16, 120, 8) == 115


@given(
    st_.integers(0, 1000),
    st_.integers(2, 20),
    st_.integers(0, 200),
    st_.integers(0, 3),
    st_.integers(0, 2),
    st_.booleans(),
    st_.integers(1, 3),
    st_.sampled_from([1, 2]),
)
def test_tk_5_8_property_source_steps_equal_the_integer_formula(n, r, m, bonuses, penalties, panic, f, t):
    """TK-5.8 (property): for any men, roll, morale, modifiers, fatigue and tower divisor."""
    factor = (
        Fraction(1)
        + Fraction(2, 10) * bonuses
        - Fraction(2, 10) * penalties
        + (Fraction(1, 10) if panic else 0)
    )
    factor = max(factor, Fraction(0))
    steps = Fraction(n) * r / 40 * Fraction(m, 100) * factor / f / t
    mt = 10 + 2 * bonuses - 2 * penalties + (1 if panic else 0)
    assert raw_losses(n, r, m, mt, f, t) == int(steps)


def test_tk_5_2_tk_5_3_n_and_r_no_roll_without_men():
    """TK-5.2, TK-5.3, TK-1.9: a computation with N = 0 rolls nothing; with N > 0 the 2d10
    is rolled even when m is 0 (TK-EX-15 c) and counts as a damage roll (TK-16.1)."""
    from engine.dice import ScriptedDice
    from engine.rulesets.kingdoms.rules.combat import roll_blow

    st = battle(
        9,
        [reg("S2", "inf", 1000, "B6", "Guan Yu", morale=0), reg("W2", "inf", 1000, "B6", "Xu Chu")],
        control={"B6": 1},
    )
    dice = ScriptedDice([3, 4])
    assert roll_blow(st, dice, unit(st, "S2"), unit(st, "W2"), "attack", 0, (), 10) is None
    b = roll_blow(st, dice, unit(st, "S2"), unit(st, "W2"), "attack", 1000, ("P3",), 8)
    assert (b.faces, b.m, b.raw) == ((3, 4), 0, 0)
    assert (st.tally["S2"].rolls, st.tally["S2"].dealt) == (1, False)


def test_tk_5_4_the_dealers_effective_morale_not_the_victims_tk_10_2_tk_amb_10():
    """TK-5.4, TK-10.2, TK-AMB-10: m is the dealer's morale (150), not the victim's (10); a
    panicking regiment's effective morale is 0 while its real morale stays."""
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B6", "Zhang Fei", morale=150),
            reg("W3", "cav", 500, "B6", "Xiahou Dun", morale=10),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S3 ATTACK W3"], [5, 5, 5, 5])
    assert damage(ev) == [
        ("S3", "W3", 500, 10, 150, 10, 1, 187, 313),
        ("W3", "S3", 500, 10, 10, 10, 1, 12, 488),
    ]
    w = unit(st, "W3")
    w.panic_from, w.panic_until = 12, 13
    assert (w.morale_now(11), w.morale_now(12), w.morale_now(13), w.morale_now(14)) == (10, 0, 0, 10)


def test_tk_5_5_modifiers_add_up_and_never_go_below_0_tk_amb_11_tk_amb_12_tk_amb_13_tk_amb_14():
    """TK-5.5, TK-AMB-11 to TK-AMB-14: dismounted cavalry attacking infantry that is not
    retreating has Mt = 10 - 2 - 2 = 6; X1 adds 1 (a panicking target); P1 also weakens
    counter-attacks; B1 only on counter-attacks against marching infantry."""
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B6", "Zhang Fei", mounted=False),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B6", "Cao Ren", panic_from=9, panic_until=10),
            reg("W4", "cav", 500, "B6", "Zhang Liao", retreat_until=9),
        ],
        control={"B6": 1},
    )
    s3, w2, w1, w4 = (unit(st, r) for r in ("S3", "W2", "W1", "W4"))
    assert attack_mods(st, s3, w2, False) == (("P1", "P3"), 6)
    assert attack_mods(st, s3, w1, False) == (("P1", "P3", "X1"), 7)
    assert attack_mods(st, s3, w4, False) == (("P1",), 8)
    assert counter_mods(st, s3, w2, march=True) == (("P1", "B1"), 10)
    assert counter_mods(st, w2, s3, march=False) == ((), 10)


def test_tk_5_6_fatigue_divisors_tk_amb_7_tk_amb_8():
    """TK-5.6, TK-AMB-7, TK-AMB-8: the 1st counter-attack of a phase F = 1, the 2nd 2, the
    3rd and every later one 3."""
    assert [fatigue(k) for k in (1, 2, 3, 4, 7)] == [1, 2, 3, 3, 3]


def test_tk_5_7_the_tower_divisor_only_for_fire_at_a_tower_crew():
    """TK-5.7: T = 2 only for fire at a crew from an adjacent base (TK-EX-7); T = 1 for the
    crew's own fire and for close attacks."""
    st = battle(
        12,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong", strength=400),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    st.crews["B3"] = "S5"
    ev = play(st, ["W5 FIRE S5"], [4, 8, 6, 7])
    assert [(d.dealer, d.t) for d in of(ev, Damage)] == [("S5", 1), ("W5", 2)]


def test_tk_6_1_tk_6_2_tk_6_3_tk_6_4_the_plan_classes_distances_listing_and_groups_tk_amb_18_tk_amb_19():
    """TK-6.1 (classes by type, mounted state after MOUNT/DISMOUNT, melee), TK-6.2
    (distance, then listing), TK-6.3 (groups: class, type, distance, target), TK-6.4
    (SIMULTANEOUS joins distance 2 to distance 1), TK-AMB-18, TK-AMB-19."""
    from engine.rulesets.kingdoms.actions import Attack, Move
    from engine.rulesets.kingdoms.rules.plan import plan

    st = battle(
        9,
        [
            reg("S1", "inf", 1000, "B6"),
            reg("S2", "inf", 1000, "B4", "Guan Yu"),
            reg("S3", "cav", 500, "B2", "Zhang Fei"),
            reg("S4", "cav", 500, "B6", "Zhao Yun"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("S6", "arch", 300, "B6"),
            reg("S7", "cav", 300, "B8"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
    )
    orders = [
        Attack(regiment="S2", target="W2", path=("B4", "B6")),
        Attack(regiment="S1", target="W2"),
        Attack(regiment="S4", target="W5", mount="dismount"),
        Attack(regiment="S6", target="W5"),
        Attack(regiment="S3", target="W2", path=("B2", "B4", "B6")),
        Move(regiment="S5", path=("B5", "B3")),
        Attack(regiment="S7", target="W2", path=("B8", "B6")),
    ]
    slots = plan(st, list(enumerate(orders)), {"S6"})
    assert [[(it.rid, it.cls, it.dist) for it in slot] for slot in slots] == [
        [("S5", 1, 1)],
        [("S7", 2, 1)],
        [("S3", 2, 2)],
        [("S1", 3, 0)],
        [("S2", 3, 1)],
        [("S4", 4, 0)],
        [("S6", 4, 0)],
    ]
    orders[4] = Attack(regiment="S3", target="W2", path=("B2", "B4", "B6"), simultaneous=True)
    slots = plan(st, list(enumerate(orders)), {"S6"})
    assert [[it.rid for it in slot] for slot in slots][1] == ["S7", "S3"]


@pytest.mark.parametrize("flag, want", [("", [(250, 1), (112, 2)]), (" SIMULTANEOUS", [(125, 2), (125, 2)])])
def test_tk_6_4_cavalry_at_distances_1_and_2_sequential_by_default_or_simultaneous(flag, want):
    """TK-6.4: sequential (default): W4's claim sees S2 after W3's attack, k 1 then 2;
    SIMULTANEOUS: one group, both claims from 1000 men, both with k = 2."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W4", "cav", 500, "B10", "Zhang Liao"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W3 ATTACK S2 B8-B6", f"W4 ATTACK S2 B10-B9-B6{flag}"], [5, 5] * 4 + [1, 1], leftover=True)
    counters = [(d.raw, d.k) for d in of(ev, Damage) if d.kind == "counter"]
    assert counters == want


@pytest.mark.parametrize(
    "counter, kind, want",
    [("S5", "arch", [("W5", 1), ("W3", 2)]), ("S2", "inf", [("W3", 1), ("W5", 2)])],
)
def test_tk_6_5_counter_attack_order_archers_by_attack_order_others_by_class(counter, kind, want):
    """TK-6.5, TK-4.7 items 1-2: archers answer in attack order (W5 attacked first, class
    1); others answer mounted cavalry first, archers not in melee last."""
    st = battle(
        10,
        [
            reg(counter, kind, 500, "B6"),
            reg("S1", "inf", 1000, "B1"),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, [f"W3 ATTACK {counter} B8-B6", f"W5 ATTACK {counter} B5-B6"], [2, 2] * 4, leftover=True)
    assert [(d.victim, d.k) for d in of(ev, Damage) if d.kind == "counter"] == want


@pytest.mark.parametrize(
    "others, melee, variant_, mods, raws",
    [
        ([], True, "a", ("P2", "P3"), [75, 250]),
        ([reg("S2", "inf", 1000, "B6", "Guan Yu")], False, "b", ("P3",), [100, 225]),
    ],
)
def test_tk_7_2_2_tk_7_2_3_archers_in_melee_lose_first_strike_and_take_p2_tk_amb_44(
    others, melee, variant_, mods, raws
):
    """TK-7.2.2, TK-7.2.3, TK-AMB-44, TK-AMB-12: archers attacking on their own base are in
    melee (class 4, no first strike, P2) unless covered by allied infantry."""
    st = battle(
        9,
        [reg("S5", "arch", 500, "B6", "Huang Zhong"), *others, reg("W2", "inf", 1000, "B6", "Xu Chu")],
        control={"B6": 1},
    )
    ev = play(st, ["S5 ATTACK W2"], [5, 5, 5, 5, 1], leftover=True)
    d = of(ev, Damage)
    assert (d[0].variant, d[0].mods) == (variant_, mods)
    assert [x.raw for x in d] == raws
    assert (d[0].variant == "a") is melee


def test_tk_7_2_2_the_only_other_regiment_is_enemy_archers():
    """TK-7.2.2 (b), TK-AMB-44: when the only other regiment on the base is enemy archers,
    the archers are not in melee: first strike, no P2; the enemy archers' first
    counter-attack against archers is not melee either (TK-7.2.4)."""
    st = battle(
        9,
        [
            reg("S5", "arch", 500, "B6", "Huang Zhong"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
            reg("S1", "inf", 1000, "B1"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S5 ATTACK W5"], [5, 5, 5, 5])
    assert [(d.variant, d.mods, d.raw) for d in of(ev, Damage)] == [("b", (), 125), ("", (), 93)]


def test_tk_7_2_4_archers_counter_attack_in_melee_after_their_first_against_non_archers():
    """TK-7.2.4, TK-AMB-12: S5 answers the cavalry (first, no P2), then the infantry (P2)."""
    st = battle(
        10,
        [
            reg("S5", "arch", 500, "B6", "Huang Zhong"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B6": 0},
    )
    ev = play(st, ["W2 ATTACK S5", "W3 ATTACK S5 B8-B6"], [2, 2] * 4, leftover=True)
    assert [(d.victim, d.k, d.mods) for d in of(ev, Damage) if d.kind == "counter"] == [
        ("W3", 1, ()),
        ("W2", 2, ("P2",)),
    ]


@pytest.mark.parametrize(
    "kind, fields, melee, cls, steps, own",
    [
        ("arch", {}, False, 1, 1, ()),
        ("arch", {}, True, 4, 0, ("P2",)),
        ("cav", {}, False, 2, 2, ()),
        ("cav", {"mounted": False}, False, 4, 1, ("P1",)),
        ("inf", {}, False, 3, 1, ()),
    ],
)
def test_tk_7_4_the_summary_by_regiment_state(kind, fields, melee, cls, steps, own):
    """TK-7.4 (and TK-7.1-TK-7.3): each state's action class, steps per move and the
    penalty on its own damage; infantry gives P3 to attacks on it."""
    from engine.rulesets.kingdoms.rules.plan import action_class

    st = battle(
        9, [reg("S1", kind, 500, "B2", **fields), reg("W1", "inf", 1000, "B2", "Cao Ren")], control={"B2": 0}
    )
    s1, w1 = unit(st, "S1"), unit(st, "W1")
    assert action_class(s1, melee, s1.mounted and s1.cavalry) == cls
    assert (2 if s1.cavalry and s1.mounted else 1) == steps or melee
    mods, _mt = attack_mods(st, s1, w1, melee)
    assert tuple(m for m in mods if m in ("P1", "P2")) == own
    assert "P3" in mods
