"""Three Kingdoms: officer duels (TK-11), provocation (TK-12), the wall duel (TK-14.7)."""

from __future__ import annotations

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.catalog import duel_score
from engine.rulesets.kingdoms.events import (
    ChallengeAnswered,
    DuelRound,
    Lapsed,
    MoraleRecorded,
    MoraleRoll,
    Moved,
    OrderFailed,
    Provocation,
    SiegeEvent,
)
from tests.kingdoms_support import battle, of, play, reg, unit


def refused(st, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, st.active, text)
    return info.value.rule


def test_tk_11_4_the_weapon_triangle_and_the_cap_at_10_tk_amb_9():
    """TK-11.4, TK-AMB-9: with the advantage, rolls 1-10 score 1, 2, 4, 5, 7, 8, 9, 10, 10,
    10; sword beats club, club beats spear, spear beats sword; same weapon: the roll."""
    assert [duel_score(r, "spear", "sword") for r in range(1, 11)] == [1, 2, 4, 5, 7, 8, 9, 10, 10, 10]
    assert [duel_score(r, "sword", "club") for r in range(1, 11)] == [1, 2, 4, 5, 7, 8, 9, 10, 10, 10]
    assert [duel_score(r, "club", "spear") for r in (4, 5)] == [5, 7]
    assert [duel_score(r, "sword", "spear") for r in (4, 10)] == [4, 10]
    assert duel_score(7, "club", "club") == 7


def test_tk_11_1_tk_11_2_who_may_challenge_whom_tk_amb_33():
    """TK-11.1, TK-11.2, TK-AMB-33: named officers only; a target on the base or adjacent
    (then no enemy on the challenger's base, and the challenger could move there)."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S6", "arch", 300, "B4" if False else "B1"),
            reg("S4", "cav", 500, "B2", "Zhao Yun"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W6", "arch", 300, "B6"),
            reg("W5", "arch", 500, "B3", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S3 CHALLENGE W6") == "TK-11.2"  # an unnamed commander is never challenged
    assert refused(st, "S6 CHALLENGE Xiahou Dun") == "TK-11.2"  # nor challenges
    assert refused(st, "S4 CHALLENGE Xiahou Dun") == "TK-11.2"  # not adjacent
    assert refused(st, "S4 CHALLENGE Xiahou Yuan") == "TK-3.5"  # mounted cannot enter the building
    RULESET.check(st, 0, RULESET.parse_action(st, 0, "S3 CHALLENGE Xiahou Dun"))
    RULESET.check(st, 0, RULESET.parse_action(st, 0, "S4 DISMOUNT CHALLENGE Xiahou Yuan"))


def test_tk_11_3_a_refusal_costs_2d10_morale_and_the_fallback_runs():
    """TK-11.3: the refusing officer's regiment gets M9 (-2d10, deferred); the challenger
    carries out its fallback; no duel was fought, so no immunity (TK-11.8)."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE B4-B2"], [4, 5], answers=["REFUSE"])
    assert [(a.target, a.accepted) for a in of(ev, ChallengeAnswered)] == [("W3", False)]
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [("W3", "M9", -9)]
    assert unit(st, "W3").morale == 91 and unit(st, "S3").base == "B2"
    assert not unit(st, "W3").immune(8) and not of(ev, DuelRound)


def test_tk_11_4_tk_3_9_the_challenger_moves_to_the_duel_not_a_retreat():
    """TK-11.4 step 1, TK-3.9, TK-AMB-34: on acceptance the challenger moves to the
    target's base (a forced move, even into an enemy base, and not a retreat); the
    challenger rolls first."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(
        st, ["S3 CHALLENGE Xiahou Dun"], [3, 3] + [1] * 10, answers=["ACCEPT", "RETREAT B8"], leftover=True
    )
    assert [(m.regiment, m.frm, m.dest, m.kind) for m in of(ev, Moved)] == [
        ("S3", "B4", "B6", "duel"),
        ("W3", "B6", "B8", "forced"),
    ]
    assert [(r.first, r.rolls, r.scores, r.winner) for r in of(ev, DuelRound)] == [
        ("S3", (3, 3), (4, 3), "S3")
    ]
    assert unit(st, "S3").retreat_until == 0


def test_tk_11_6_a_tie_continues_at_step_1_of_the_next_phase_whoever_is_active_tk_amb_36():
    """TK-11.6, TK-AMB-36, TK-11.7, TK-AMB-35: a tie ends the duel for the phase; at step 1 of the next
    phase (Wei's) the same officers roll again, challenger first; while pending, neither
    may be challenged; combat on the base stops in both phases and the duellists'
    actions in Wei's phase are used up."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S3 CHALLENGE Xiahou Dun", "S2 ATTACK W2"], [5, 7, 1, 1], answers=["ACCEPT"])
    assert [(f.regiment, f.rule) for f in of(ev, OrderFailed)] == [("S2", "TK-11.7")]
    rounds = of(ev, DuelRound)
    assert [(r.first, r.rolls, r.scores, r.winner) for r in rounds] == [
        ("S3", (5, 7), (7, 7), ""),
        ("S3", (1, 1), (1, 1), ""),
    ]
    assert st.phase == 8 and "W3" in st.notes.used and "B6" in st.notes.stopped
    assert refused(st, "W2 ATTACK S2") == "TK-11.7"
    assert refused(st, "W3 DEFEND") == "TK-11.7"
    assert refused(st, "W2 PROVOKE Zhang Fei") == "TK-11.6"


def test_tk_11_5_tk_11_8_the_loser_retreats_where_its_owner_chooses_and_both_are_immune_tk_amb_37():
    """TK-11.5, TK-11.8, TK-AMB-37, TK-AMB-50 (a forced retreat in the enemy's phase is
    pursued in that phase only): the loser retreats at once to the base its owner
    chooses; M8 is recorded; the pair never duels again; each officer is immune for
    the two phases after."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(
        st, ["S3 CHALLENGE Xiahou Dun"], [9, 2] + [1] * 10, answers=["ACCEPT", "RETREAT B9"], leftover=True
    )
    w3 = unit(st, "W3")
    assert (w3.base, w3.retreat_until) == ("B9", 7)  # forced in Shu's phase: retreating in phase 7 only
    assert [(m.code, m.recipients) for m in of(ev, MoraleRecorded)] == [
        ("M8-", ("W3",)),
        ("M8a-", ()),
        ("M8+", ("S3",)),
        ("M8a+", ()),
    ]
    assert [(m.regiment, m.code) for m in of(ev, MoraleRoll)] == [
        ("W3", "M8-"),
        ("S3", "M8+"),
        ("W3", "M2"),
        ("S3", "M3"),
    ]
    assert [(w3.immune_from, w3.immune_until)] == [(8, 9)]
    st.phase = 11
    st.stage = "orders"
    from engine.rulesets.kingdoms.rules.board import board
    from engine.rulesets.kingdoms.rules.duels import challenge_problem

    assert challenge_problem(st, board(st), unit(st, "S3"), w3, False).rule == "TK-11.2"


def test_tk_12_1_tk_12_3_a_provoked_regiment_leaves_its_fortress_tk_amb_40():
    """TK-12.1, TK-12.3, TK-AMB-40: an officer on an adjacent base is provoked if his
    regiment could come (capacity, terrain, gates); a besieged regiment comes out of its
    fortress; the move is forced, not a retreat, ignoring the direction rule."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren", morale=50),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    ev = play(st, ["S2 PROVOKE Cao Ren"], [20, 6, 6, 1, 1, 1, 1], leftover=True)
    assert [(p.morale, p.roll, p.succeeded) for p in of(ev, Provocation)] == [(50, 20, True)]
    assert [(m.regiment, m.frm, m.dest, m.kind) for m in of(ev, Moved)][0] == ("W1", "B10", "B9", "provoked")
    assert unit(st, "W1").retreat_until == 0


def test_tk_12_2_morale_of_exactly_100_still_needs_a_roll_tk_amb_39():
    """TK-12.2, TK-AMB-39: only morale above 100 is provoked without a roll; at 100, d100
    must come below it (99 succeeds, 100 fails); a panicking officer cannot be provoked."""
    for roll, ok in ((99, True), (100, False)):
        st = battle(
            14,
            [
                reg("W4", "cav", 500, "B9", "Zhang Liao"),
                reg("W1", "inf", 1000, "B10", "Cao Ren"),
                reg("S2", "inf", 1000, "B6", "Guan Yu"),
            ],
        )
        ev = play(st, ["W4 PROVOKE Guan Yu"], [roll] + [3] * 8, leftover=True)
        assert [(p.roll, p.succeeded) for p in of(ev, Provocation)] == [(roll, ok)]
    st = battle(
        14,
        [
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("S2", "inf", 1000, "B6", "Guan Yu", panic_from=14, panic_until=15),
        ],
    )
    assert refused(st, "W4 PROVOKE Guan Yu") == "TK-16.3"


def test_tk_12_4_a_failed_provocation_bars_the_pair_both_ways_tk_amb_41():
    """TK-12.4, TK-AMB-41: after a failure neither officer may challenge or provoke the
    other for the rest of the battle."""
    st = battle(
        14,
        [
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("S2", "inf", 1000, "B6", "Guan Yu", morale=87),
        ],
    )
    play(st, ["W4 PROVOKE Guan Yu"], [87, 5, 3])
    assert refused(st, "S2 CHALLENGE Zhang Liao") == "TK-12.4"
    assert refused(st, "S2 PROVOKE Zhang Liao") == "TK-12.4"


def test_tk_14_7_the_wall_duel_the_defender_chosen_by_the_besieged_side_tk_amb_60():
    """TK-14.7, TK-AMB-60: the besieged side chooses its defending officer; climber first;
    a winning climber destroys a ballista (M12 for the besieged); M8 with allies on each
    officer's own base; nobody moves; no immunity and no ban follow."""
    regs = [
        reg("S3", "cav", 500, "B9", "Zhang Fei"),
        reg("S1", "inf", 1000, "B1"),
        reg("W1", "inf", 1000, "B10", "Cao Ren"),
        reg("W2", "inf", 1000, "B10", "Xu Chu"),
    ]
    st = battle(9, regs)
    asked = []

    def answer(state):
        asked.append((state.pending.kind, state.pending.seat, tuple(state.pending.choices)))
        return "DEFENDER Cao Ren"

    ev = play(st, ["S3 CLIMB WALL B10"], [8, 3] + [2] * 10, answers=answer, leftover=True)
    assert asked == [("defender", 1, ("W1", "W2"))]
    assert [(r.first, r.second, r.scores, r.winner, r.wall) for r in of(ev, DuelRound)] == [
        ("S3", "W1", (10, 3), "S3", True)
    ]
    assert [s.name for s in of(ev, SiegeEvent) if s.what == "ballista-destroyed"] == ["Ballista 1"]
    assert st.fortresses["B10"].ballistas == ["Ballista 2"]
    assert [(m.code, m.recipients) for m in of(ev, MoraleRecorded)] == [
        ("M12", ("W1", "W2")),
        ("M8-", ("W1",)),
        ("M8a-", ("W2",)),
        ("M8+", ("S3",)),
        ("M8a+", ()),
    ]
    assert unit(st, "S3").base == "B9" and not unit(st, "S3").immune(10) and not st.duelled


def test_tk_14_7_no_named_defender_the_climber_destroys_a_ballista_unopposed():
    """TK-14.7, TK-AMB-60: with no named officer on the fortress, no duel: a ballista falls."""
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B9", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    ev = play(st, ["S3 CLIMB WALL B10"], [4])
    assert not of(ev, DuelRound)
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [("W6", "M12", -9)]


def test_a_lapsed_provocation_rolls_nothing_tk_2_8():
    """TK-2.8 (e), TK-12.1, TK-11.6: Guan Yu is in a pending duel by the time Xu Chu's
    provocation comes at step 3d: it lapses (no d100, no M10) and W2 defends."""
    st = battle(
        14,
        [
            reg("W4", "cav", 500, "B9", "Zhang Liao"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["W4 CHALLENGE Guan Yu", "W2 PROVOKE Guan Yu"], [5, 7, 1, 1], answers=["ACCEPT"])
    assert [(r.first, r.scores, r.winner) for r in of(ev, DuelRound)] == [
        ("W4", (7, 7), ""),
        ("W4", (1, 1), ""),
    ]
    assert [(x.regiment, x.fallback) for x in of(ev, Lapsed)] == [("W2", "W2 DEFEND")]
    assert not of(ev, Provocation) and not of(ev, MoraleRoll)


def test_tk_11_3_a_fallback_attack_is_checked_as_named_after_every_declared_attack_tk_4_3():
    """TK-11.3, TK-4.3, TK-AMB-47: a refused challenge's fallback ATTACK on W2, already
    named by S2's declared attack while W5 is not, cannot stand: S3 defends; a fallback
    on W5 stands and resolves at its place in action order."""
    regs = [
        reg("S2", "inf", 1000, "B4", "Guan Yu"),
        reg("S3", "inf", 500, "B5", "Zhang Fei"),
        reg("S1", "inf", 1000, "B1"),
        reg("W2", "inf", 1000, "B6", "Xu Chu"),
        reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        reg("W1", "inf", 1000, "B10", "Cao Ren"),
    ]
    st = battle(9, regs)
    ev = play(
        st,
        ["S2 ATTACK W2 B4-B6", "S3 CHALLENGE Xu Chu IF REFUSED: ATTACK W2 B5-B6"],
        [5] * 12,
        answers=["REFUSE"],
        leftover=True,
    )
    assert [(x.regiment, x.fallback) for x in of(ev, Lapsed)] == [("S3", "S3 DEFEND")]
    assert unit(st, "S3").base == "B5"
    st = battle(9, regs)
    ev = play(
        st,
        ["S2 ATTACK W2 B4-B6", "S3 CHALLENGE Xu Chu IF REFUSED: ATTACK W5 B5-B6"],
        [5] * 12,
        answers=["REFUSE"],
        leftover=True,
    )
    assert [(x.regiment, x.fallback) for x in of(ev, Lapsed)] == [("S3", "S3 ATTACK W5 B5-B6")]
    from engine.rulesets.kingdoms.events import Damage

    assert [(d.dealer, d.victim) for d in of(ev, Damage) if d.kind == "attack"] == [
        ("S2", "W2"),
        ("S3", "W5"),
    ]
