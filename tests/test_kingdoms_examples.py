"""The worked examples of the rules (TK-EX-1 to TK-EX-16), reproduced number for
number: every damage computation (N, R, m, Mt, F, the result), every morale die,
the strengths, morale and controllers after."""

from __future__ import annotations

from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import BuildRam
from engine.rulesets.kingdoms.events import ControlChanged, Damage, DuelRound, MoraleRoll, Panic, Redirected
from tests.kingdoms_support import battle, damage, morale_rolls, of, play, reg, unit


def test_tk_ex_1_simultaneous_exchange_and_infantry_march_bonus():
    """TK-EX-1 (TK-3.3, TK-4.5 row 8, TK-4.7, TK-5.1, TK-5.5 B1, TK-10.5, TK-10.6, TK-18.1)."""
    st = battle(
        6,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
    )
    ev = play(st, ["W2 ATTACK S3 B6-B4"], [7, 5, 4, 5, 4])
    assert damage(ev) == [
        ("W2", "S3", 1000, 12, 100, 10, 1, 300, 200),
        ("S3", "W2", 500, 9, 100, 12, 1, 135, 865),
    ]
    assert morale_rolls(ev) == [("S3", "M6", -9)]
    s3, w2 = unit(st, "S3"), unit(st, "W2")
    assert (s3.strength, s3.morale, s3.base) == (200, 91, "B4")
    assert (w2.strength, w2.morale, w2.base, w2.arrived_from) == (865, 100, "B4", "B6")
    assert st.control["B4"] == 0 and st.control["B6"] == 1
    assert not of(ev, ControlChanged) and not of(ev, Panic)


def test_tk_ex_2_archers_first_strike_against_defending_infantry():
    """TK-EX-2 (TK-4.5 row 7, TK-5.5 P3, TK-7.2.1, TK-10.5, TK-18.1)."""
    st = battle(7, [reg("S5", "arch", 500, "B3", "Huang Zhong"), reg("W2", "inf", 1000, "B5", "Xu Chu")])
    ev = play(st, ["S5 ATTACK W2 B3-B5"], [6, 4, 9, 5, 2])
    assert damage(ev) == [
        ("S5", "W2", 500, 10, 100, 8, 1, 100, 900),
        ("W2", "S5", 900, 14, 100, 10, 1, 315, 185),
    ]
    assert morale_rolls(ev) == [("S5", "M6", -7)]
    assert (unit(st, "S5").strength, unit(st, "S5").morale) == (185, 93)
    assert (unit(st, "W2").strength, unit(st, "W2").morale) == (900, 100)
    assert st.control["B3"] == 1 and st.control["B5"] == 1


def test_tk_ex_3_three_attackers_counter_attack_order_and_fatigue():
    """TK-EX-3 (TK-4.4, TK-4.7, TK-AMB-4, TK-5.6, TK-6.1, TK-6.2, TK-6.5, TK-18.1): action order
    S5 (class 1), S3 (class 2), S2 (class 3); W2 counter-attacks S3, S2, S5 with k 1-3."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", arrived_from="B4"),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
        ],
        control={"B6": 1},
    )
    ev = play(
        st, ["S2 ATTACK W2", "S3 ATTACK W2 B4-B6", "S5 ATTACK W2 B5-B6"], [5, 6, 6, 7, 3, 5, 2, 8, 6, 6, 7, 8]
    )
    assert damage(ev) == [
        ("S5", "W2", 500, 11, 100, 8, 1, 110, 890),
        ("S3", "W2", 500, 13, 100, 8, 1, 130, 760),
        ("S2", "W2", 1000, 8, 100, 8, 1, 160, 600),
        ("W2", "S3", 890, 10, 100, 10, 1, 222, 278),
        ("W2", "S2", 760, 12, 100, 10, 2, 114, 886),
        ("W2", "S5", 890, 15, 100, 10, 3, 111, 389),
    ]
    assert morale_rolls(ev) == []
    assert st.control["B6"] == 1 and st.control["B4"] == 1 and st.control["B5"] == 1


def test_tk_ex_4_simultaneous_attack_by_two_cavalry_regiments():
    """TK-EX-4 (TK-4.6, TK-5.6, TK-6.3, TK-18.1, TK-AMB-17): one group; snapshot 1000 for both; k=2."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
        ],
    )
    ev = play(st, ["W3 ATTACK S2 B8-B6", "W4 ATTACK S2 B9-B6"], [5, 7, 4, 5, 6, 8, 3, 4])
    assert damage(ev) == [
        ("W3", "S2", 500, 12, 100, 8, 1, 120, 880),
        ("W4", "S2", 500, 9, 100, 8, 1, 90, 790),
        ("S2", "W3", 1000, 14, 100, 10, 2, 175, 325),
        ("S2", "W4", 1000, 7, 100, 10, 2, 87, 413),
    ]
    assert st.control["B6"] == 0 and st.control["B8"] == 0 and st.control["B9"] == 0


def test_tk_ex_5_simultaneous_archer_volley_snapshot_before_the_group():
    """TK-EX-5 (TK-4.4 b, TK-4.5 row 7, TK-4.6, TK-6.3, TK-6.5, TK-18.1, TK-AMB-17)."""
    st = battle(
        11,
        [
            reg("W3", "cav", 500, "B2", "Xiahou Dun"),
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S6", "arch", 300, "B3"),
        ],
    )
    ev = play(st, ["S5 ATTACK W3 B3-B2", "S6 ATTACK W3 B3-B2"], [4, 5, 7, 7, 5, 5, 8, 8])
    assert damage(ev) == [
        ("S5", "W3", 500, 9, 100, 10, 1, 112, 388),
        ("S6", "W3", 300, 14, 100, 10, 1, 105, 283),
        ("W3", "S5", 500, 10, 100, 10, 2, 62, 438),
        ("W3", "S6", 500, 16, 100, 10, 2, 100, 200),
    ]
    assert st.control["B2"] == 1 and st.control["B3"] == 1


def test_tk_ex_6_watchtower_fire_300_man_cap_morale_above_100():
    """TK-EX-6 (TK-4.5 row 1, TK-5.2, TK-13.2, TK-13.4)."""
    st = battle(
        11, [reg("S5", "arch", 500, "B3", "Huang Zhong", morale=120), reg("W2", "inf", 1000, "B5", "Xu Chu")]
    )
    ev = play(st, ["S5 FIRE W2"], [9, 7])
    assert damage(ev) == [("S5", "W2", 300, 16, 120, 8, 1, 115, 885)]
    assert unit(st, "S5").strength == 500
    assert st.crews == {"B3": "S5"}


def test_tk_ex_7_firing_at_the_tower_the_tower_shoots_first():
    """TK-EX-7 (TK-4.4 d, TK-5.7, TK-13.3, TK-13.4)."""
    st = battle(
        12,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong", strength=400),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
        ],
    )
    st.crews["B3"] = "S5"
    ev = play(st, ["W5 FIRE S5"], [4, 8, 6, 7])
    from engine.rulesets.kingdoms.events import Damage

    d = of(ev, Damage)
    assert [(x.kind, x.variant, x.k, x.t) for x in d] == [("crew", "d", 1, 1), ("fire", "d", 0, 2)]
    assert damage(ev) == [
        ("S5", "W5", 300, 12, 100, 10, 1, 90, 410),
        ("W5", "S5", 410, 13, 100, 10, 1, 66, 334),
    ]


def test_tk_ex_8_duel_weapon_advantage_tie_continuation_forced_retreat():
    """TK-EX-8 (TK-11.2, TK-11.4, TK-11.5, TK-11.6, TK-11.7, TK-11.8, TK-10.4 M8, TK-9.1,
    TK-2.7, TK-18.1, TK-AMB-24: an officer's morale is his regiment's): a tie in phase 7, Zhang Fei wins in phase 8, W3 retreats to B8."""
    st = battle(
        7,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", arrived_from="B4"),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun", strength=400),
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
        control={"B6": 1, "B8": 1},
    )
    decisions = []

    def answer(state):
        decisions.append((state.pending.kind, state.pending.seat, tuple(state.pending.choices)))
        return "ACCEPT" if state.pending.kind == "accept" else "RETREAT B8"

    ev = play(st, ["S3 CHALLENGE Xiahou Dun IF REFUSED: DEFEND"], [8, 10, 5, 6], answers=answer)
    assert decisions == [("accept", 1, ("accept", "refuse")), ("retreat", 1, ("B8", "B9"))]
    rounds = of(ev, DuelRound)
    assert [(d.rolls, d.scores, d.winner) for d in rounds] == [
        ((8, 10), (10, 10), ""),
        ((5, 6), (7, 6), "S3"),
    ]
    assert [(c.base, c.old, c.new) for c in of(ev, ControlChanged)] == [("B4", "Shu", "Wei")]
    assert st.phase == 8 and st.stage == "orders" and "W3" in st.notes.used
    w3 = unit(st, "W3")
    assert (w3.base, w3.retreat_until) == ("B8", 9)
    assert ("Xiahou Dun", "Zhang Fei") in st.duelled
    ev = play(st, [], [3, 9, 6, 1, 7, 7, 10])
    assert morale_rolls(ev) == [
        ("W3", "M8-", -22),
        ("W2", "M8a-", -11),
        ("W5", "M8a-", -6),
        ("S3", "M8+", 24),
        ("S2", "M8a+", 15),
    ]
    assert [unit(st, r).morale for r in ("W3", "W2", "W5", "S3", "S2")] == [78, 89, 94, 124, 115]
    assert st.control["B4"] == 1
    for r in ("S3", "W3"):
        assert unit(st, r).immune(9) and unit(st, r).immune(10) and not unit(st, r).immune(11)


def test_tk_ex_9a_provocation_fails_by_the_roll():
    """TK-EX-9 (a) (TK-12.1, TK-12.2, TK-12.4): d100 87 against morale 87 fails; M10."""
    st = battle(
        14, [reg("W4", "cav", 500, "B9", "Zhang Liao"), reg("S2", "inf", 1000, "B6", "Guan Yu", morale=87)]
    )
    ev = play(st, ["W4 PROVOKE Guan Yu"], [87, 5, 3])
    assert morale_rolls(ev) == [("W4", "M10", -8)]
    assert unit(st, "W4").morale == 92 and unit(st, "S2").morale == 87 and unit(st, "S2").base == "B6"
    assert ("Guan Yu", "Zhang Liao") in st.barred


def test_tk_ex_9b_automatic_provocation_and_a_rounding_tie():
    """TK-EX-9 (b) (TK-12.2, TK-12.3, TK-11.4, TK-11.6, TK-1.10, TK-18.1): morale 124 is
    provoked without a roll; club beats spear, ⌊4·14/10⌋ = 5 ties Zhang Fei's 5."""
    st = battle(
        14,
        [
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S3", "cav", 500, "B4", "Zhang Fei", morale=124),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["W2 PROVOKE Zhang Fei"], [4, 5, 1, 1])  # 1, 1: phase 15's continuation, a tie again
    rounds = of(ev, DuelRound)
    assert [(d.first, d.rolls, d.scores, d.winner) for d in rounds] == [
        ("W2", (4, 5), (5, 5), ""),
        ("W2", (1, 1), (1, 1), ""),
    ]
    assert unit(st, "S3").base == "B6" and unit(st, "S3").arrived_from == "B4"
    assert [(c.base, c.new) for c in of(ev, ControlChanged)] == [("B4", "Wei")]
    assert morale_rolls(ev) == []
    assert [(d.challenger, d.target) for d in st.duels] == [("W2", "S3")]
    assert st.phase == 15 and "B6" in st.notes.stopped


def test_tk_ex_10_panic_zero_damage_free_attacks_flight():
    """TK-EX-10 (TK-16.1-TK-16.5, TK-4.5 row 2, TK-5.5 X1, TK-9.1, TK-14.9, TK-18.1)."""
    from engine.rulesets.kingdoms.events import SiegeEvent

    st = battle(
        11,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg(
                "S4",
                "cav",
                500,
                "B9",
                "Zhao Yun",
                strength=100,
                morale=5,
                half=True,
                three_quarters=True,
                arrived_from="B6",
            ),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W3", "cav", 500, "B9", "Xiahou Dun", strength=325, arrived_from="B10"),
            reg("W6", "arch", 300, "B10"),
        ],
        control={"B9": 1},
    )
    assert st.notes.sieges == ["B10"]
    ev = play(st, ["S4 ATTACK W3"], [3, 4, 1, 1])
    assert damage(ev) == [("S4", "W3", 100, 7, 5, 10, 1, 0, 325), ("W3", "S4", 325, 2, 100, 10, 1, 16, 84)]
    assert [(p.regiment, p.first, p.last) for p in of(ev, Panic) if p.what == "detected"] == [("S4", 12, 13)]
    ev = play(st, ["W3 ATTACK S4"], [1, 1])
    assert damage(ev) == [("W3", "S4", 325, 2, 0 + 100, 11, 1, 17, 67)]
    from engine.rulesets.kingdoms.events import Damage

    assert of(ev, Damage)[0].variant == "c" and of(ev, Damage)[0].mods == ("X1",)
    ev = play(st, [], [])
    s4 = unit(st, "S4")
    assert (s4.strength, s4.morale, s4.base, s4.retreat_until) == (67, 5, "B6", 14)
    assert [(e.fortress, e.what) for e in of(ev, SiegeEvent)] == [("B10", "siege-ended")]
    assert not s4.panicking(14) and s4.morale_now(14) == 5
    assert unit(st, "W3").strength == 325 and st.control["B9"] == 1


def test_tk_ex_11_siege_ram_against_gates_with_a_ballista():
    """TK-EX-11 (TK-14.2, TK-14.4, TK-14.5, TK-14.6, TK-10.4 M13 M14)."""
    from engine.rulesets.kingdoms.events import SiegeEvent

    st = battle(
        15,
        [
            reg("S2", "inf", 1000, "B8", "Guan Yu"),
            reg("S3", "cav", 500, "B9", "Zhang Fei"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    st.fortresses["B10"].ballistas = ["Ballista 2"]
    ev = play(st, ["S2 BUILD RAM B10"], [])
    assert (st.fortresses["B10"].ram, st.fortresses["B10"].ram_ready) == (6, True)
    ev = play(st, [], [4])  # phase 16, the ballista
    assert st.fortresses["B10"].ram == 2
    ev = play(st, [], [5])  # phase 17, the ram
    assert st.fortresses["B10"].gates == 1
    ev = play(st, [], [1])  # phase 18
    assert st.fortresses["B10"].ram == 1
    ev = play(st, [], [3, 4, 6, 9, 2])  # phase 19
    assert [(e.what, e.face, e.before, e.after) for e in of(ev, SiegeEvent)][:2] == [
        ("ram-strike", 3, 1, -2),
        ("gates-destroyed", 0, 0, 0),
    ]
    assert morale_rolls(ev) == [("S2", "M14", 20), ("S3", "M14", 21)]
    assert (unit(st, "S2").morale, unit(st, "S3").morale) == (120, 121)
    assert st.fortresses["B10"].ram == 0 and not st.fortresses["B10"].standing


def test_tk_ex_11_variant_the_ballista_destroys_the_ram():
    """TK-EX-11, variant: the ballista rolls 2 in phase 18, the ram is destroyed (M13)."""
    st = battle(
        15,
        [
            reg("S2", "inf", 1000, "B8", "Guan Yu"),
            reg("S3", "cav", 500, "B9", "Zhang Fei"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    st.fortresses["B10"].ballistas = ["Ballista 2"]
    play(st, ["S2 BUILD RAM B10"], [])
    play(st, [], [4])
    play(st, [], [5])
    ev = play(st, [], [2, 3, 7])
    assert morale_rolls(ev) == [("S2", "M13", -8), ("S3", "M13", -12)]
    assert st.fortresses["B10"].gates == 1 and st.fortresses["B10"].ram == 0
    # Shu may order a new ram in phase 19
    RULESET.check(st, st.active, BuildRam(regiment="S3", fortress="B10"))


def _ex_12_phase_9():
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", strength=886, arrived_from="B4"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", arrived_from="B9"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun", arrived_from="B8"),
        ],
        control={"B2": 1, "B4": 1},
    )
    ev = play(st, ["S2 MOVE B6-B4"], [])
    s2 = unit(st, "S2")
    assert (s2.base, s2.retreat_until) == ("B4", 10)
    assert [(c.base, c.old, c.new) for c in of(ev, ControlChanged)] == [("B4", "Wei", "Shu")]
    assert (st.control["B2"], st.control["B4"], st.control["B6"]) == (1, 0, 1)
    return st


def test_tk_ex_12a_retreat_then_pursuit_by_cavalry_riding_through():
    """TK-EX-12 (a) (TK-9.1, TK-9.2, TK-9.3, TK-9.5a, TK-4.5 row 3, TK-18.1)."""
    st = _ex_12_phase_9()
    ev = play(st, ["W3 ATTACK S2 B6-B4 THEN B2"], [5, 6])
    assert damage(ev) == [("W3", "S2", 500, 11, 100, 10, 1, 137, 749)]
    assert of(ev, Damage)[0].variant == "c"
    w3 = unit(st, "W3")
    assert (w3.base, w3.arrived_from) == ("B2", "B4")
    assert not of(ev, ControlChanged) and (st.control["B2"], st.control["B4"], st.control["B6"]) == (1, 0, 1)
    assert not of(ev, Panic)


def test_tk_ex_12b_pursuit_by_infantry_first_strike_no_march_bonus():
    """TK-EX-12 (b) (TK-9.4b, TK-9.5b, TK-4.5 row 6)."""
    st = _ex_12_phase_9()
    ev = play(st, ["W2 ATTACK S2 B6-B4"], [4, 6, 6, 6])
    assert damage(ev) == [
        ("W2", "S2", 1000, 10, 100, 10, 1, 250, 636),
        ("S2", "W2", 636, 12, 100, 10, 1, 190, 810),
    ]
    assert [d.variant for d in of(ev, Damage)] == ["b", ""]
    assert not of(ev, ControlChanged)


def test_tk_ex_13_infantry_screens_archers_who_add_a_counter_attack():
    """TK-EX-13 (TK-8.1, TK-8.2, TK-8.3, TK-8.4, TK-4.3, TK-7.2.4, TK-18.1)."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", screen="S5", screen_phase=10),
            reg("S5", "arch", 500, "B6", "Huang Zhong"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
        ],
    )
    ev = play(st, ["W3 ATTACK S5 B8-B6"], [3, 9, 5, 5, 2, 6, 6])
    assert [(r.attacker, r.declared, r.screen) for r in of(ev, Redirected)] == [("W3", "S5", "S2")]
    assert damage(ev) == [
        ("W3", "S2", 500, 12, 100, 8, 1, 120, 880),
        ("S2", "W3", 1000, 10, 100, 10, 1, 250, 250),
        ("S5", "W3", 500, 8, 100, 10, 1, 100, 150),
    ]
    assert [d.kind for d in of(ev, Damage)] == ["attack", "counter", "extra"]
    assert morale_rolls(ev) == [("W3", "M6", -11)]
    assert (
        unit(st, "S2").strength,
        unit(st, "S5").strength,
        unit(st, "W3").strength,
        unit(st, "W3").morale,
    ) == (880, 500, 150, 89)
    assert (st.control["B6"], st.control["B8"]) == (0, 0)


def test_tk_ex_14_destroying_the_last_defender_garrison_captured_morale_order():
    """TK-EX-14 (TK-4.7 item 5, TK-4.8, TK-18.1, TK-10.4 M2 M3 M5, TK-10.6, TK-AMB-29)."""
    st = battle(
        13,
        [
            reg("S3", "cav", 500, "B6", "Zhang Fei", strength=278),
            reg("S5", "arch", 500, "B5", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=40, half=True, three_quarters=True),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S3 ATTACK W2"], [3, 5, 3, 7, 5, 2, 9, 1, 10])
    assert damage(ev) == [("S3", "W2", 278, 8, 100, 8, 1, 44, 0), ("W2", "S3", 40, 10, 100, 10, 1, 10, 268)]
    assert not unit(st, "W2").on_map and unit(st, "W2").gone == "destroyed"
    assert morale_rolls(ev) == [
        ("S3", "M5", 10),
        ("W3", "M2", -7),
        ("W4", "M2", -14),
        ("S3", "M3", 6),
        ("S5", "M3", 15),
    ]
    assert st.control["B6"] == 0
    assert [(unit(st, r).strength, unit(st, r).morale) for r in ("S3", "S5", "W3", "W4")] == [
        (268, 116),
        (500, 115),
        (500, 93),
        (500, 86),
    ]


def test_tk_ex_15a_both_thresholds_in_one_hit_and_the_clamp_at_0():
    """TK-EX-15 (a) (TK-10.5, TK-10.7, TK-AMB-26): W4 300 -> 120 of 500; M6 -8 and M7 -18 sum -26,
    applied once: 10 - 26 clamps to 0. The killing blow: 1000 men, 2d10 = 6, morale 120."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu", morale=120),
            reg("W4", "cav", 500, "B9", "Zhang Liao", strength=300, morale=10),
        ],
        control={"B9": 1},
    )
    ev = play(st, ["S2 ATTACK W4"], [3, 3, 2, 2, 3, 4, 4])
    assert damage(ev)[0] == ("S2", "W4", 1000, 6, 120, 10, 1, 180, 120)
    assert morale_rolls(ev) == [("W4", "M6", -8), ("W4", "M7", -18)]
    assert unit(st, "W4").morale == 0


def test_tk_ex_15b_sum_first_then_clamp_at_200():
    """TK-EX-15 (b) (TK-10.7): morale 195, M5 +14 and M6 -9: 195 + 5 = 200 (clamping after
    each change would give 191)."""
    st = battle(
        13,
        [
            reg("S3", "cav", 500, "B8", "Zhang Fei", strength=260, morale=195),
            reg("W2", "inf", 1000, "B8", "Xu Chu", strength=40, half=True, three_quarters=True),
        ],
    )
    ev = play(st, ["S3 ATTACK W2"], [2, 2, 5, 5, 9, 4])
    assert damage(ev) == [("S3", "W2", 260, 4, 195, 8, 1, 40, 0), ("W2", "S3", 40, 10, 100, 10, 1, 10, 250)]
    assert morale_rolls(ev) == [("S3", "M5", 14), ("S3", "M6", -9)]
    assert unit(st, "S3").morale == 200


def test_tk_ex_15c_an_immediate_change_within_the_phase():
    """TK-EX-15 (c) (TK-10.3, TK-17.1, TK-5.3, TK-16.1, TK-18.1): the ambush on the Goat
    Trail fires after W2's step (M1, 8 - 13 clamps to 0 at once); W2 attacks with m = 0,
    the 2d10 still rolled; S6's counter with B1; W2 panics in phases 13 and 14."""
    from engine.rulesets.kingdoms.events import CardPlayed

    st = battle(12, [reg("W2", "inf", 1000, "B8", "Xu Chu", morale=8), reg("S6", "arch", 300, "B7")])
    ev = play(st, ["W2 ATTACK S6 B8-B7"], [6, 7, 9, 9, 5, 5])
    assert [(c.card, c.targets) for c in of(ev, CardPlayed)] == [("Ambush on the Goat Trail", ("W2",))]
    assert [(m.regiment, m.code, m.delta, m.immediate, m.after) for m in of(ev, MoraleRoll)] == [
        ("W2", "M1", -13, True, 0)
    ]
    assert damage(ev) == [
        ("W2", "S6", 1000, 18, 0, 10, 1, 0, 300),
        ("S6", "W2", 300, 10, 100, 12, 1, 90, 910),
    ]
    assert st.uses["C1"] == 0
    assert (st.control["B7"], st.control["B8"]) == (0, 0)
    w2 = unit(st, "W2")
    assert (w2.strength, w2.morale, w2.panic_from, w2.panic_until) == (910, 0, 13, 14)


def test_tk_ex_16_infantry_against_infantry_march_bonus_and_defence_penalty():
    """TK-EX-16 (TK-5.5 P3 B1, TK-7.3, TK-18.1, TK-AMB-45: a march is a move as part of the attack)."""
    st = battle(
        9, [reg("S2", "inf", 1000, "B4", "Guan Yu", morale=110), reg("W2", "inf", 1000, "B6", "Xu Chu")]
    )
    ev = play(st, ["S2 ATTACK W2 B4-B6"], [6, 7, 5, 6])
    assert damage(ev) == [
        ("S2", "W2", 1000, 13, 110, 8, 1, 286, 714),
        ("W2", "S2", 1000, 11, 100, 12, 1, 330, 670),
    ]
    assert [d.mods for d in of(ev, Damage)] == [("P3",), ("B1",)]
    assert (st.control["B4"], st.control["B6"]) == (1, 1)
