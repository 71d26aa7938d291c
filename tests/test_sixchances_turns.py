"""Six Chances Party: turn structure (SC-4), out of Potential (SC-10) and the end of the
game (SC-11), with SC-EX-16, SC-EX-17, SC-EX-18 and the related resolutions."""

from __future__ import annotations

import msgspec
import pytest

from engine.dice import ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, EndTurn
from engine.rulesets.sixchances.events import (
    AttackDeclared,
    AttackerWon,
    CannotAttack,
    DefenceRolled,
    GameOver,
    ReinforcementRolled,
    TurnBegan,
    TurnEnded,
)
from engine.rulesets.sixchances.rules import end_check, out_of_potential
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Player, State, Tokens


def levels(state: State, label: str) -> tuple[int, int, int] | None:
    sq = state.players[int(label[0]) - 1].squad(label)
    return None if sq is None else (sq.pot, sq.res, sq.sup)


def play(state: State, side: int, text: str, faces: list[int] | None = None) -> list:
    dice = ScriptedDice(faces or [])
    events = RULESET.apply(state, side, RULESET.parse_action(state, side, text), dice)
    assert dice.remaining() == []
    RULESET.check_invariants(state)
    return events


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


# ---------------------------------------------------------------------------
# SC-4 Turn structure
# ---------------------------------------------------------------------------
def test_sc_4_1_turns_alternate_even_when_nothing_happened():
    """SC-4.1: the turn passes to the opponent when it ends, even a skipped one."""
    state = position(
        ["1A 0/3/0"], ["2A 2/2/2"], reserves=((0, 5, 0), (0, 0, 0)), unused_dice=((), (4,)), active=1
    )
    play(state, 1, "2A x 1A", [1])
    play(state, 0, "defend res", [1])
    events = play(state, 1, "end")
    # Player 1 cannot attack and has no die: the whole turn is skipped and passes back
    assert [(e.side, e.turn) for e in events if isinstance(e, TurnBegan)] == [(0, 2), (1, 3)]
    assert [(e.side, e.skipped) for e in events if isinstance(e, TurnEnded)] == [(1, False), (0, True)]
    assert state.active == 1 and state.turn == 3
    assert state.phase == "attack"


def test_sc_4_2_and_amb_7_attack_defence_support_then_check():
    """SC-4.2, SC-AMB-7: a turn is the active player's attack, the opponent's defence, the
    active player's Support step, then the end-of-turn check; then roles swap."""
    state = position(["1A 3/3/3"], ["2A 3/3/3"], reserves=((2, 2, 2), (2, 2, 2)))
    events = play(state, 0, "1A x 2A", [5])
    events += play(state, 1, "defend res", [1])
    assert state.phase == "support" and RULESET.to_act(state) == {0}
    events += play(state, 0, "reinforce d4", [1])
    events += play(state, 0, "regroup 1pot reserve>1A")
    names = kinds(events)
    order = [
        "AttackDeclared",
        "DefenceRolled",
        "AttackerWon",
        "ReinforcementRolled",
        "Regrouped",
        "TurnEnded",
        "TurnBegan",
    ]
    assert [n for n in names if n in order] == order
    assert state.active == 1 and state.phase == "attack"


def test_sc_4_3_able_to_attack():
    """SC-4.3: a squad with Potential >= 1 and an opposing squad on the table are both needed."""
    no_pot = position(["1A 0/3/3"], ["2A 3/3/3"], unused_dice=((4,), (4,)), phase="support")
    assert RULESET.view(no_pot, 0).can_attack is False
    no_target = position(["1A 3/3/3"], [], unused_dice=((4,), (4,)), phase="support")
    assert RULESET.view(no_target, 0).can_attack is False
    able = position(["1A 1/0/0"], ["2A 3/3/3"])
    assert RULESET.view(able, 0).can_attack is True


def test_sc_4_4_and_amb_8_one_mandatory_attack():
    """SC-4.4, SC-AMB-8: an able player must attack, exactly once: ending the turn first is
    refused, and after the attack no second one is possible."""
    state = position(["1A 3/3/3", "1B 2/0/0"], ["2A 3/3/3"], reserves=((1, 1, 1), (0, 0, 0)))
    assert all(isinstance(a, Attack) for a in RULESET.legal_actions(state, 0))
    assert RULESET.options(state, 0).must_attack is True
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, EndTurn(), ScriptedDice([]))
    assert exc.value.rule == "SC-4.4" and msgspec.msgpack.encode(state) == before
    play(state, 0, "1A x 2A", [1])
    play(state, 1, "defend pot", [8])
    assert not any(isinstance(a, Attack) for a in RULESET.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        RULESET.apply(state, 0, Attack("1B", "2A"), ScriptedDice([1]))


def test_sc_4_5_unable_to_attack_goes_to_the_support_step():
    """SC-4.5, SC-AMB-34: a player unable to attack goes straight to the Support step and may
    still reinforce."""
    state = position(["1A 3/3/3"], ["2A 0/2/2"], reserves=((0, 0, 0), (0, 3, 3)), unused_dice=((), (6,)))
    play(state, 0, "1A x 2A", [1])
    events = play(state, 1, "defend res", [6])  # attack fails, Player 1's turn ends (no dice)
    assert [e.side for e in events if isinstance(e, CannotAttack)] == [1]
    assert state.phase == "support" and state.active == 1
    play(state, 1, "reinforce d6", [2])
    play(state, 1, "regroup 2res reserve>2A")
    assert levels(state, "2A") == (0, 4, 2)


def test_sc_4_6_a_skipped_turn_still_counts():
    """SC-4.6: a turn without attack or reinforcement is skipped: it passes, is checked and
    counts as idle."""
    state = position(
        ["1A 2/2/2"], [], reserves=((0, 1, 0), (2, 0, 0)), unused_dice=((4,), (4,)), phase="support"
    )
    events = play(state, 0, "end")
    ended = [e for e in events if isinstance(e, TurnEnded)][0]
    assert ended.skipped is True and ended.idle == 1
    assert state.active == 1 and state.idle == 1 and RULESET.result(state) is None


def test_sc_amb_35_opponent_with_no_squads_but_dice_rebuilds():
    """SC-AMB-35: with no target the active player cannot attack; the opponent is not beaten
    while it has dice, and rebuilds through a forced reinforcement."""
    state = position(["1A 3/3/3"], ["2A 0/0/1"], reserves=((0, 0, 0), (3, 3, 3)), unused_dice=((), (8,)))
    play(state, 0, "1A x 2A", [8])
    events = play(state, 1, "defend sup", [1])  # 2A is destroyed; Player 1 has no die: turn ends
    assert RULESET.result(state) is None
    assert [e.side for e in events if isinstance(e, CannotAttack)] == [1]
    assert state.forced is True
    play(state, 1, "reinforce d8", [3])
    play(state, 1, "regroup 1pot reserve>2E, 2res reserve>2E")
    assert levels(state, "2E") == (1, 2, 0)
    assert state.active == 0 and state.phase == "attack"


# ---------------------------------------------------------------------------
# SC-10 Out of Potential
# ---------------------------------------------------------------------------
def test_sc_10_1_and_amb_28_out_of_potential_definition():
    """SC-10.1, SC-AMB-28: out of Potential = no squad with Potential and no way to bring red
    onto the table (no die, or no red in reserve)."""

    def player(squads, red, dice):
        from engine.rulesets.sixchances.scenario import parse_squad

        return Player(reserve=Tokens(red, 1, 1), squads=[parse_squad(s) for s in squads], dice=list(dice))

    assert out_of_potential(player(["1A 0/2/2"], 0, [4])) is True
    assert out_of_potential(player(["1A 0/2/2"], 3, [])) is True
    assert out_of_potential(player(["1A 0/2/2"], 3, [4])) is False
    assert out_of_potential(player(["1A 1/0/0"], 0, [])) is False
    assert out_of_potential(player([], 0, [20])) is True


def test_sc_10_2_out_of_potential_is_permanent():
    """SC-10.2: a player out of Potential stays so: no action of theirs brings red back."""
    state = position(
        ["1A 0/3/3"],
        ["2A 3/3/3"],
        reserves=((0, 4, 4), (2, 2, 2)),
        unused_dice=((4, 6), (4,)),
        phase="support",
    )
    assert out_of_potential(state.players[0])
    for action in RULESET.legal_actions(state, 0):
        probe = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        RULESET.apply(
            probe, 0, action, ScriptedDice([4, 4]) if not isinstance(action, EndTurn) else ScriptedDice([])
        )
        if probe.phase == "regroup":
            for rg in RULESET.legal_actions(probe, 0):
                again = msgspec.msgpack.decode(msgspec.msgpack.encode(probe), type=State)
                RULESET.apply(again, 0, rg, ScriptedDice([]))
                assert out_of_potential(again.players[0])
        assert out_of_potential(probe.players[0])


def test_sc_10_3_out_of_potential_player_never_attacks_but_may_reinforce_and_defends():
    """SC-10.3, SC-AMB-34: no attack; a voluntary reinforcement; squads defend normally."""
    state = position(
        ["1A 0/3/3"], ["2A 3/3/3"], reserves=((0, 5, 5), (2, 2, 2)), unused_dice=((4,), (4,)), active=1
    )
    play(state, 1, "2A x 1A", [1])
    assert [a.stat for a in RULESET.legal_actions(state, 0)] == ["res", "sup"]
    play(state, 0, "defend sup", [6])
    events = play(state, 1, "end")
    assert [e.side for e in events if isinstance(e, CannotAttack)] == [0]
    assert state.active == 0 and state.phase == "support"
    assert RULESET.options(state, 0).forced is False
    play(state, 0, "reinforce d4", [2])
    play(state, 0, "regroup 2sup reserve>1A")
    assert levels(state, "1A") == (0, 3, 5)


def test_sc_10_4_not_out_with_a_die_and_red_in_reserve():
    """SC-10.4, SC-AMB-26: no squad with Potential but a die and red in reserve: not out of
    Potential; forced at the end of the turn, able to attack the turn after."""
    state = position(
        ["1A 0/3/3"], ["2A 3/3/3"], reserves=((2, 0, 0), (0, 0, 0)), unused_dice=((4,), ()), phase="support"
    )
    assert not out_of_potential(state.players[0]) and state.forced
    play(state, 0, "reinforce d4", [1])
    play(state, 0, "regroup 1pot reserve>1A")
    play(state, 1, "2A x 1A", [1])
    play(state, 0, "defend res", [1])  # a tie: the attacker wins and removes 3 green
    assert levels(state, "1A") == (1, 0, 3)
    assert state.active == 0 and RULESET.legal_actions(state, 0) == [Attack("1A", "2A")]


# ---------------------------------------------------------------------------
# Worked examples of the end
# ---------------------------------------------------------------------------
def ex16(p2_squads: list[str], p2_reserve: tuple[int, int, int], p2_dice=(4,)) -> State:
    return position(
        ["1A 0/4/3", "1B 2/2/0"],
        p2_squads,
        reserves=((0, 5, 9), p2_reserve),
        unused_dice=((20,), p2_dice),
        labels=(4, 4),
    )


def test_sc_ex_16_case_i_out_of_potential_and_behind_loses():
    """SC-EX-16 case (i) (SC-1.8, SC-7.1-SC-7.3, SC-9.9, SC-10.1, SC-11.1, SC-11.4): 1B loses its
    2 red; not forced (no red in reserve); Player 1 is out of Potential with 23 against 26:
    condition (c), Player 2 wins."""
    state = ex16(["2A 3/3/1", "2B 4/4/3"], (2, 3, 3))
    assert state.players[0].remaining == 25
    play(state, 0, "1B x 2A", [2])
    play(state, 1, "defend res", [5])
    assert levels(state, "1B") == (0, 2, 0)
    assert state.phase == "support" and state.forced is False
    assert RULESET.view(state, None).players[0].out_of_potential
    events = play(state, 0, "end")
    assert state.players[0].remaining == 23 and state.players[1].remaining == 26
    over = [e for e in events if isinstance(e, GameOver)][0]
    assert (over.winner, over.ending, over.totals) == (1, "c", (23, 26))
    res = RULESET.result(state)
    assert (res.winner, res.reason, res.rule, res.scores) == (
        1,
        "out of Potential and behind",
        "SC-11.4",
        (23, 26),
    )
    assert RULESET.to_act(state) == frozenset()


def test_sc_ex_16_case_ii_equal_totals_continue():
    """SC-EX-16 case (ii) (SC-10.3, SC-11.4, SC-AMB-32): 23 against 23 is not strictly greater:
    play continues; Player 1 cannot attack but may roll the d20 and move 6 tokens; the totals
    stay 23."""
    state = ex16(["2A 3/3/1", "2B 2/2/1"], (3, 4, 4), p2_dice=())
    play(state, 0, "1B x 2A", [2])
    play(state, 1, "defend res", [5])
    play(state, 0, "end")
    assert RULESET.result(state) is None
    assert (state.players[0].remaining, state.players[1].remaining) == (23, 23)
    assert state.players[1].on_table == 12 and state.players[0].on_table == 9
    assert state.active == 1 and state.phase == "attack"  # Player 2 must keep attacking
    play(state, 1, "2A x 1A", [8])
    events = play(state, 0, "defend res", [1])  # a win for 2A, but Protection 3 leaves no damage
    assert [e.removed for e in events if isinstance(e, AttackerWon)] == [0]
    assert any(isinstance(e, CannotAttack) and e.side == 0 for e in events)
    play(state, 0, "reinforce d20", [6])
    play(state, 0, "regroup 3res reserve>1A, 3sup reserve>1B")
    assert state.players[0].on_table == 15 and state.players[0].remaining == 23
    assert RULESET.result(state) is None


def test_sc_ex_17_both_out_of_potential_remaining_totals_decide():
    """SC-EX-17 (SC-1.8, SC-4.4, SC-7.2, SC-8.2, SC-9.9, SC-10.1, SC-10.3, SC-11.3, SC-11.4,
    SC-11.6): 2A must attack though it can never remove a token; the attack is productive;
    it fails and 2A loses 2 red; Player 2 rolls the d4 and moves 2 green; both are out of
    Potential: 23 > 21, Player 1 wins by (b)."""
    for reinforce in (True, False):
        state = position(
            ["1A 0/4/3", "1B 0/2/0"],
            ["2A 2/1/0", "2B 0/4/0", "2C 0/0/2"],
            reserves=((0, 5, 9), (0, 3, 11)),
            unused_dice=((20,), (4,)),
            labels=(4, 4),
            active=1,
        )
        assert (state.players[0].remaining, state.players[1].remaining) == (23, 23)
        choices = {(c.attacker, c.target): c for c in RULESET.options(state, 1).attacks}
        assert (choices["2A", "1A"].protection, choices["2A", "1A"].damage) == (4, 0)
        assert (choices["2A", "1B"].protection, choices["2A", "1B"].damage) == (2, 0)
        assert all(c.productive for c in choices.values())
        play(state, 1, "2A x 1A", [3])
        play(state, 0, "defend res", [7])
        assert levels(state, "2A") == (0, 1, 0) and state.players[1].remaining == 21
        assert state.forced is False
        if reinforce:
            play(state, 1, "reinforce d4", [3])
            events = play(state, 1, "regroup 2res reserve>2B")
            assert levels(state, "2B") == (0, 6, 0)
        else:
            events = play(state, 1, "end")
        res = RULESET.result(state)
        assert (res.winner, res.reason, res.rule, res.scores) == (
            0,
            "both out of Potential",
            "SC-11.3",
            (23, 21),
        )
        assert [e.ending for e in events if isinstance(e, GameOver)] == ["b"]
        assert state.players[0].on_table == 9 and state.players[1].on_table == (9 if reinforce else 7)


def test_sc_ex_18_stalemate_after_six_idle_turns():
    """SC-EX-18 (SC-1.8, SC-4.4, SC-11.5, SC-11.6): every attack is unproductive; both must
    still attack; after the sixth idle turn the game ends by (d): 29 > 25, Player 1 wins."""
    state = position(
        ["1C 1/6/2"],
        ["2A 0/5/3", "2B 2/6/2"],
        reserves=((0, 12, 8), (1, 2, 4)),
        unused_dice=((), ()),
    )
    assert (state.players[0].remaining, state.players[1].remaining) == (29, 25)
    assert [c.productive for c in RULESET.options(state, 0).attacks] == [False, False]
    for turn in range(6):
        assert RULESET.result(state) is None
        if state.active == 0:
            play(state, 0, "1C x 2A", [1])
            events = play(state, 1, "defend res", [1])
        else:
            assert [c.productive for c in RULESET.options(state, 1).attacks] == [False]
            play(state, 1, "2B x 1C", [1])
            events = play(state, 0, "defend res", [1])
        assert [e.idle for e in events if isinstance(e, TurnEnded)] == [turn + 1]
    res = RULESET.result(state)
    assert (res.winner, res.reason, res.rule, res.scores) == (0, "stalemate", "SC-11.5", (29, 25))
    assert state.players[1].on_table == 18 and state.players[0].on_table == 9


# ---------------------------------------------------------------------------
# SC-11 End of the game
# ---------------------------------------------------------------------------
def test_sc_11_1_and_amb_30_checked_at_the_end_of_the_turn_only():
    """SC-11.1, SC-AMB-30: losing one's last squad in the middle of a turn ends nothing; the
    Support step comes first and may rebuild."""
    state = position(["1C 4/0/0"], ["2A 2/2/2"], reserves=((3, 0, 0), (0, 0, 0)), unused_dice=((4,), ()))
    play(state, 0, "1C x 2A", [2])
    play(state, 1, "defend pot", [5])
    assert state.players[0].squads == [] and RULESET.result(state) is None
    assert state.phase == "support" and state.forced
    play(state, 0, "reinforce d4", [2])
    play(state, 0, "regroup 2pot reserve>1E")
    assert RULESET.result(state) is None and levels(state, "1E") == (2, 0, 0)


def test_sc_11_2_annihilation():
    """SC-11.2: no squads and no unused dice loses; both at once is a draw."""
    state = position(["1A 5/0/5"], ["2A 0/0/2"], unused_dice=((), ()))
    play(state, 0, "1A x 2A", [12])
    events = play(state, 1, "defend sup", [1])
    res = RULESET.result(state)
    assert (res.winner, res.rule, res.reason) == (0, "SC-11.2", "annihilation")
    assert [e.ending for e in events if isinstance(e, GameOver)] == ["a"]
    both = position(["1A 5/0/5"], ["2A 0/0/2"], unused_dice=((20,), ()))
    play(both, 0, "1A x 2A", [12])
    play(both, 1, "defend sup", [1])
    play(both, 0, "reinforce d20", [10])
    play(both, 0, "regroup 5pot 1A>reserve, 5sup 1A>reserve")
    res = RULESET.result(both)
    assert (res.winner, res.rule) == (None, "SC-11.2")


def test_sc_11_3_both_out_equal_totals_draw():
    """SC-11.3, SC-AMB-32: both out of Potential with equal totals: a draw."""
    state = position(["1A 0/3/3"], ["2A 0/3/3"], unused_dice=((), ()), idle=0)
    assert end_check(state) == (None, "b")


def test_sc_11_4_one_out_of_potential_and_behind_loses():
    """SC-11.4, SC-AMB-32: only a strictly greater opponent total ends the game; Player 2 out
    of Potential and behind loses too."""
    behind = position(["1A 1/3/3"], ["2A 0/3/2"], unused_dice=((), ()))
    assert end_check(behind) == (0, "c")
    level = position(["1A 1/3/2"], ["2A 0/3/3"], unused_dice=((), ()))
    assert end_check(level) is None
    ahead = position(["1A 1/3/2"], ["2A 0/4/3"], unused_dice=((), ()))
    assert end_check(ahead) is None


def test_sc_11_5_and_amb_33_stalemate_equal_totals_draw():
    """SC-11.5, SC-AMB-33: six idle turns with equal totals: a draw; five are not enough."""
    state = position(["1A 1/6/2"], ["2A 1/6/2"], unused_dice=((), ()), idle=5)
    assert end_check(state) is None
    state.idle = 6
    assert end_check(state) == (None, "d")


def test_sc_11_6_idle_turns_and_productive_attacks():
    """SC-11.6: a productive attack makes a turn not idle even if nothing is removed; so does
    a reinforcement roll; an unproductive attack is idle; the count resets to 0."""
    state = position(
        ["1A 2/4/1"], ["2A 3/6/0"], reserves=((1, 0, 0), (0, 0, 0)), unused_dice=((4,), ()), idle=3
    )
    play(state, 0, "1A x 2A", [5])
    play(state, 1, "defend pot", [2])  # SC-EX-6: nothing removed, still productive
    play(state, 0, "end")
    assert state.idle == 0
    state = position(
        ["1A 1/6/2"], ["2A 1/6/2"], reserves=((1, 0, 0), (0, 0, 0)), unused_dice=((4,), ()), idle=2
    )
    play(state, 0, "1A x 2A", [1])
    play(state, 1, "defend res", [1])
    play(state, 0, "end")
    assert state.idle == 3
    play(state, 1, "2A x 1A", [1])
    play(state, 0, "defend res", [1])
    assert state.idle == 4
    play(state, 0, "1A x 2A", [1])
    play(state, 1, "defend res", [1])
    events = play(state, 0, "reinforce d4", [1])
    assert any(isinstance(e, ReinforcementRolled) for e in events)
    play(state, 0, "regroup none")
    assert state.idle == 0


def test_sc_11_7_result_record():
    """SC-11.7: the result names the winner (or a draw) and the condition (a)-(d)."""
    state = position(["1A 1/3/3"], ["2A 0/3/2"], unused_dice=((), (4,)), active=1, phase="support")
    state.players[1].reserve = Tokens(0, 0, 0)
    events = play(state, 1, "end")
    over = [e for e in events if isinstance(e, GameOver)][0]
    assert (over.winner, over.ending) == (0, "c")
    assert "Player 1 wins" in over.text()
    res = RULESET.result(state)
    assert res.winner == 0 and res.rule == "SC-11.4"


def test_sc_amb_31_priority_of_end_conditions():
    """SC-AMB-31: annihilation first, then (b), (c), (d)."""
    state = position([], ["2A 0/1/0"], unused_dice=((), ()), idle=6)
    assert end_check(state) == (1, "a")  # also both out of Potential and a stalemate
    state = position(["1A 0/1/0"], ["2A 0/2/0"], unused_dice=((), ()), idle=6)
    assert end_check(state) == (1, "b")  # also (c) and (d)
    state = position(["1A 0/1/0"], ["2A 1/2/0"], unused_dice=((), ()), idle=6)
    assert end_check(state) == (1, "c")  # also (d)


def test_sc_amb_29_reserve_counts_in_remaining_totals():
    """SC-AMB-29: remaining totals include the reserve: 9 on the table plus 20 in reserve
    beats 18 on the table plus 7."""
    state = position(
        ["1C 1/6/2"], ["2A 0/5/3", "2B 2/6/2"], reserves=((0, 12, 8), (1, 2, 4)), unused_dice=((), ()), idle=6
    )
    assert end_check(state) == (0, "d")


def test_turn_events_are_public():
    """SC-1.11: every event of a turn is visible to both players."""
    state = position(["1A 3/3/3"], ["2A 3/3/3"])
    events = play(state, 0, "1A x 2A", [5]) + play(state, 1, "defend res", [1]) + play(state, 0, "end")
    assert all(e.visible_to(0) and e.visible_to(1) for e in events)
    assert any(isinstance(e, AttackDeclared) for e in events) and any(
        isinstance(e, DefenceRolled) for e in events
    )
    assert all(isinstance(e.text(), str) and e.text() for e in events)
    assert any(isinstance(e, TurnBegan) for e in events)
