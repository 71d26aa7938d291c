"""Three Kingdoms: turns, phases, orders and decisions (TK-2), capture and victory
(TK-18), the log (TK-19)."""

from __future__ import annotations

import random

import pytest

from engine.dice import Dice
from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import Cancel, Defend, Move, Ready
from engine.rulesets.kingdoms.events import (
    ControlChanged,
    Damage,
    DuelRound,
    GameOver,
    MoraleRoll,
    OrderNoted,
    OrderRevealed,
    PhaseBegan,
    Provocation,
    SiegeEvent,
    Step,
)
from engine.rulesets.kingdoms.scenario import load_bundled
from engine.rulesets.kingdoms.state import Setup
from tests.kingdoms_support import battle, of, play, reg, unit

STEPS = ["0", "1", "2", "3a", "3b", "3c", "3d", "3e", "4", "5a", "5b", "5c", "6", "7a", "7b", "7c", "7d"]


def fresh():
    return RULESET.new_state(Setup(scenario=load_bundled("fan_river")), Dice(b"phases"))


def test_tk_2_1_turns_of_two_phases_the_first_side_first_tk_amb_1_tk_amb_2():
    """TK-2.1, TK-AMB-1, TK-AMB-2: turn t is phases 2t-1 (the first side, Shu) and 2t
    (Wei); the order never changes."""
    st, ev = fresh()
    assert [(e.phase, e.turn, e.side) for e in of(ev, PhaseBegan)] == [(1, 1, "Shu")]
    seen = []
    for _ in range(4):
        side = st.active
        ev = RULESET.apply(st, side, Ready(), Dice(b"p"))
        seen += [(e.phase, e.turn, e.side) for e in of(ev, PhaseBegan)]
    assert seen == [(2, 1, "Wei"), (3, 2, "Shu"), (4, 2, "Wei"), (5, 3, "Shu")]


def test_tk_2_2_only_the_active_side_gives_orders_tk_2_3_one_order_per_regiment():
    """TK-2.2: the passive side gives no orders; TK-2.3: one order per regiment, a new
    one replaces the old in its place in the list."""
    st, _ = fresh()
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, 0, "W2 DEFEND")
    assert info.value.rule == "TK-2.2"
    with pytest.raises(IllegalAction):
        RULESET.apply(st, 1, Defend(regiment="W2"), Dice(b"x"))
    for text in ("S2 MOVE B2-B4", "S1 DEFEND", "S2 DEFEND"):
        RULESET.apply(st, 0, RULESET.parse_action(st, 0, text), Dice(b"x"))
    assert [RULESET.format_action(st, 0, o) for o in st.orders] == ["S2 DEFEND", "S1 DEFEND"]
    RULESET.apply(st, 0, Cancel(regiment="S2"), Dice(b"x"))
    assert [o.regiment for o in st.orders] == ["S1"]


def test_tk_2_3_a_counter_attack_does_not_stop_the_next_action():
    """TK-2.3: S3 counter-attacks in Wei's phase 6, then attacks in its own phase 7."""
    st = battle(
        6,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
        ],
    )
    play(st, ["W2 ATTACK S3 B6-B4"], [7, 5, 4, 5, 4])
    ev = play(st, ["S3 ATTACK W2"], [2, 2] * 5, leftover=True)
    assert [d.dealer for d in of(ev, Damage)][0] == "S3"


def test_tk_2_4_every_phase_runs_the_steps_in_order_tk_amb_19():
    """TK-2.4: the steps 0 to 7d, in this order, every phase."""
    st, opening = fresh()
    ev = opening + RULESET.apply(st, 0, Ready(), Dice(b"s"))
    steps = [e.step for e in of(ev, Step)]
    assert steps[:17] == STEPS
    assert steps[17:] == ["0", "1", "2"]


def test_tk_2_5_orders_default_to_defend_and_reveal_when_they_resolve_tk_amb_3():
    """TK-2.5, TK-AMB-3: a regiment without an order defends; every order of the phase is
    revealed in the log when it resolves (the DEFEND ones at the end)."""
    st, _ = fresh()
    ev = play(st, ["S2 MOVE B2-B4"], [])
    assert [e.order for e in of(ev, OrderRevealed)] == [
        "S2 MOVE B2-B4",
        "S1 DEFEND",
        "S3 DEFEND",
        "S4 DEFEND",
        "S5 DEFEND",
        "S6 DEFEND",
    ]


def test_tk_2_6_decisions_and_their_defaults_for_automated_play_tk_amb_34():
    """TK-2.6, TK-AMB-34: the challenged side is asked (default: accept); a duel's loser's
    owner chooses where it retreats (default: the first legal base in base order)."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    RULESET.apply(st, 0, RULESET.parse_action(st, 0, "S3 CHALLENGE Xiahou Dun"), Dice(b"x"))
    RULESET.apply(st, 0, Ready(), Dice(b"x"))
    assert RULESET.to_act(st) == {1}
    d = RULESET.decision(st, 1)
    assert d.rule == "TK-11.3" and [c.notation for c in d.choices] == ["ACCEPT", "REFUSE"] and d.default == 0
    assert RULESET.decision(st, 0) is None
    # spear (Zhang Fei) beats sword (Xiahou Dun): Xiahou Dun wins 34 of the 100 pairs of rolls
    from fractions import Fraction

    from engine.rulesets.kingdoms.rules.duels import duel_odds

    assert d.choices[0].odds == Fraction(34, 100)
    assert duel_odds(unit(st, "S3"), unit(st, "W3")) == (56, 10, 34)


def test_tk_2_8_e_a_lapsed_challenge_runs_its_fallback_tk_amb_66():
    """TK-2.8 (e), TK-AMB-66, TK-11.3: a challenge whose target left by its turn at step
    3d lapses: no dice, no M9; the fallback order runs instead."""
    st = battle(
        7,
        [
            reg("S1", "inf", 1000, "B6", "Liu Bei"),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S9", "inf", 300, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B6": 1},
    )
    # Liu Bei's challenge comes first; Xiahou Dun loses and retreats to B8, which is not
    # adjacent to Zhang Fei's B4: his challenge, checked again at its turn, lapses
    ev = play(
        st,
        ["S1 CHALLENGE Xiahou Dun", "S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE B4-B2"],
        [10, 1] + [1] * 8,
        answers=["ACCEPT", "RETREAT B8"],
        leftover=True,
    )
    assert [(r.first, r.second, r.winner) for r in of(ev, DuelRound)] == [("S1", "W3", "S1")]
    from engine.rulesets.kingdoms.events import Lapsed

    assert [(x.regiment, x.fallback) for x in of(ev, Lapsed)] == [("S3", "S3 MOVE B4-B2")]
    assert unit(st, "S3").base == "B2"
    assert not [m for m in of(ev, MoraleRoll) if m.code == "M9"]


def test_tk_18_2_an_empty_own_headquarters_loses_the_battle_tk_18_1_tk_amb_22_tk_amb_23():
    """TK-18.1, TK-18.2, TK-AMB-22, TK-AMB-23: Wei's last regiment leaves Fancheng in
    Wei's own phase: the HQ passes to Shu at step 7a and Shu wins at 7d; nobody gets
    another phase."""
    st = battle(2, [reg("S1", "inf", 1000, "B1"), reg("W1", "inf", 1000, "B10", "Cao Ren")])
    ev = play(st, ["W1 MOVE B10-B9"], [])
    assert [(c.base, c.new) for c in of(ev, ControlChanged)] == [("B10", "Shu")]
    assert [(g.winner, g.ending) for g in of(ev, GameOver)] == [("Shu", "hq")]
    assert RULESET.to_act(st) == frozenset() and RULESET.result(st).winner == 0
    assert not of(ev, PhaseBegan)


def test_tk_18_2_both_headquarters_at_once_the_active_side_wins():
    """TK-18.2 item 1: Shu empties its own HQ in the phase it takes Wei's (gates down):
    both change hands at step 7a, and the active side wins."""
    st = battle(
        3,
        [
            reg("S1", "inf", 1000, "B1"),
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren", strength=10, half=True, three_quarters=True),
        ],
    )
    st.fortresses["B10"].gates = 0
    ev = play(st, ["S1 MOVE B1-B2", "S2 ATTACK W1 B9-B10"], [9, 9, 1, 1, 1])
    assert {(c.base, c.new) for c in of(ev, ControlChanged)} >= {("B1", "Wei"), ("B10", "Shu")}
    assert RULESET.result(st).winner == 0 and RULESET.result(st).rule == "TK-18.2"


def test_tk_18_2_a_side_with_no_regiment_left_loses_and_the_turn_limit_draws():
    """TK-18.2 items 2 and 3: destroying Wei's last regiment away from its HQ wins; the
    end of phase 40 (turn 20) is a draw."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=10, half=True, three_quarters=True),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S2 ATTACK W2"], [9, 9, 1, 1, 1, 1])
    assert [(g.winner, g.ending) for g in of(ev, GameOver)] == [("Shu", "wiped")]
    st = battle(40, [reg("S1", "inf", 1000, "B1"), reg("W1", "inf", 1000, "B10", "Cao Ren")])
    ev = play(st, [], [])
    assert [(g.winner, g.ending) for g in of(ev, GameOver)] == [("", "limit")]
    res = RULESET.result(st)
    assert res.winner is None and res.draw == (0, 1)


def test_tk_19_2_every_die_is_in_the_log_with_its_purpose_tk_1_9_tk_amb_64():
    """TK-19.2, TK-1.9, TK-AMB-64: over random battles, every face the dice gave appears
    in exactly one event of the log (damage, morale, duel, provocation, siege), in the
    order drawn; the same seed and actions give the same log."""
    for g in range(12):
        rng = random.Random(g)
        setup = RULESET.random_setup(rng)
        dice = Dice(b"log%d" % g)
        st, log = RULESET.new_state(setup, dice)
        while RULESET.to_act(st):
            side = min(RULESET.to_act(st))
            log += RULESET.apply(st, side, RULESET.random_action(st, side, rng), dice)
        rolled = [f for roll in dice.log for f in roll.faces]
        logged: list[int] = []
        for e in log:
            if isinstance(e, Damage | MoraleRoll):
                logged += list(e.faces)
            elif isinstance(e, DuelRound):
                logged += list(e.rolls)
            elif isinstance(e, Provocation) and e.roll:
                logged.append(e.roll)
            elif isinstance(e, SiegeEvent) and e.face:
                logged.append(e.face)
        assert logged == rolled


def test_the_active_sides_orders_are_its_own_until_they_resolve():
    """TK-2.4: orders written (and taken back) are events only the writing side sees; the
    public record reads ORDER for each."""
    st, _ = fresh()
    ev = RULESET.apply(st, 0, Move(regiment="S2", path=("B2", "B4")), Dice(b"x"))
    assert [e.to for e in of(ev, OrderNoted)] == [(0,)]
    assert RULESET.public_text(st, 0, Move(regiment="S2", path=("B2", "B4"))) == "ORDER"
    assert RULESET.public_text(st, 0, Ready()) == "READY"
