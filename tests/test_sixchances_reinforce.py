"""Six Chances Party: reinforcement (SC-9) and the only ways tokens move (SC-8.4), with
SC-EX-12, SC-EX-13, SC-EX-14, SC-EX-20 and SC-AMB-20 to SC-AMB-27."""

from __future__ import annotations

import msgspec
import pytest

from engine.dice import ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import (
    Attack,
    Defend,
    EndTurn,
    Regroup,
    Reinforce,
    Transfer,
    parse_notation,
)
from engine.rulesets.sixchances.events import Regrouped, ReinforcementRolled
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import State


def levels(state: State, label: str) -> tuple[int, int, int] | None:
    sq = state.players[int(label[0]) - 1].squad(label)
    return None if sq is None else (sq.pot, sq.res, sq.sup)


def reserve(state: State, side: int) -> tuple[int, int, int]:
    r = state.players[side].reserve
    return r.pot, r.res, r.sup


def encode(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def play(state: State, side: int, text: str, faces: list[int] | None = None) -> list:
    dice = ScriptedDice(faces or [])
    events = RULESET.apply(state, side, RULESET.parse_action(state, side, text), dice)
    assert dice.remaining() == []
    RULESET.check_invariants(state)
    return events


def refused(state: State, side: int, text: str, rule: str) -> IllegalAction:
    before = encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, side, RULESET.parse_action(state, side, text), ScriptedDice([]))
    assert exc.value.rule == rule, str(exc.value)
    assert rule in str(exc.value)
    assert encode(state) == before
    return exc.value


# ---------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------
def ex12() -> State:
    return position(
        ["1A 4/3/3", "1B 0/2/1"],
        ["2A 3/3/3"],
        reserves=((9, 11, 12), (5, 5, 5)),
        unused_dice=((8, 12, 20), (4,)),
        labels=(4, 4),
        phase="support",
    )


def test_sc_ex_12_reinforcement_forming_a_new_squad():
    """SC-EX-12 (SC-1.7, SC-1.8, SC-9.1, SC-9.3-SC-9.6): d12 rolls 8; 3 red to 1B, 2 blue to 1A,
    1 green from 1A and 2 red to the new squad 1E; cost 8 <= 8; the remaining total stays 45."""
    state = ex12()
    assert state.players[0].remaining == 45
    events = play(state, 0, "reinforce d12", [8])
    rolled = [e for e in events if isinstance(e, ReinforcementRolled)][0]
    assert (rolled.die, rolled.allowance, rolled.forced) == (12, 8, False)
    opts = RULESET.options(state, 0)
    assert (opts.allowance, opts.new_label, opts.forced) == (8, "1E", False)
    text = "regroup 3pot reserve>1B, 2sup reserve>1A, 1res 1A>1E, 2pot reserve>1E"
    check = RULESET.check_regroup(state, 0, RULESET.parse_action(state, 0, text))
    assert (check.cost, check.legal, check.new_squad) == (8, True, "1E")
    events = play(state, 0, text)
    done = [e for e in events if isinstance(e, Regrouped)][0]
    assert (done.cost, done.new_squad) == (8, "1E")
    assert reserve(state, 0) == (4, 11, 10)
    assert levels(state, "1A") == (4, 2, 5)
    assert levels(state, "1B") == (3, 2, 1)
    assert levels(state, "1E") == (2, 1, 0)
    assert state.players[0].dice == [8, 20]
    assert (state.players[0].on_table, state.players[0].reserve.total) == (20, 25)
    assert state.players[0].remaining == 45


def ex13() -> State:
    return position(
        ["1A 3/3/3"],
        ["2C 1/1/0", "2D 5/2/2"],
        reserves=((0, 0, 0), (2, 3, 4)),
        unused_dice=((20,), ()),
        labels=(4, 5),
        active=1,
        phase="regroup",
        die=4,
        allowance=3,
    )


def test_sc_ex_13_disbanding_net_counting_and_illegal_proposals():
    """SC-EX-13 (SC-1.7, SC-9.4-SC-9.7): d4 rolls 3. A: merging 2C into 2D plus 1 blue costs 3
    and disbands 2C. B: merging plus 2 red costs 4 > 3 and is refused. C: 2C's red through 2D
    on to 2F costs 1. Two new squads are refused whatever the cost."""
    a = ex13()
    play(a, 1, "regroup 1pot 2C>2D, 1res 2C>2D, 1sup reserve>2D")
    assert levels(a, "2C") is None and levels(a, "2D") == (6, 3, 3)
    assert reserve(a, 1) == (2, 3, 3)
    b = ex13()
    text_b = "regroup 1pot 2C>2D, 1res 2C>2D, 2pot reserve>2D"
    kind, fields = parse_notation(text_b)
    check = RULESET.check_regroup(b, 1, kind(**fields))
    assert (check.cost, check.legal, check.problems[0].rule) == (4, False, "SC-9.5")
    refused(b, 1, text_b, "SC-9.5")
    assert b.phase == "regroup" and b.allowance == 3  # propose again, no new roll
    c = ex13()
    check = RULESET.check_regroup(c, 1, RULESET.parse_action(c, 1, "regroup 1pot 2C>2D, 1pot 2D>2F"))
    assert (check.cost, check.new_squad) == (1, "2F")
    play(c, 1, "regroup 1pot 2C>2D, 1pot 2D>2F")
    assert levels(c, "2C") == (0, 1, 0) and levels(c, "2D") == (5, 2, 2) and levels(c, "2F") == (1, 0, 0)
    d = ex13()
    refused(d, 1, "regroup 1pot reserve>2F, 1pot reserve>2G", "SC-9.6")


def test_sc_9_5_a_second_new_squad_is_priced_as_empty_before():
    """SC-9.5, SC-9.6: a proposal that forms two new squads is refused (SC-9.6) and still
    priced in full, each new squad counting as empty before: 2 red and 2 green tokens out
    of the reserve cost 4, over SC-EX-13's allowance of 3, so SC-9.5 is reported beside
    SC-9.6."""
    state = ex13()
    kind, fields = parse_notation("regroup 2pot reserve>2F, 2res reserve>2G")
    check = RULESET.check_regroup(state, 1, kind(**fields))
    assert check.cost == 4 and check.allowance == 3
    assert sorted(p.rule for p in check.problems) == ["SC-9.5", "SC-9.6"]
    assert check.new_squad == "2F" and not check.legal


def test_sc_ex_13_the_die_is_used_even_if_nothing_moves():
    """SC-EX-13, SC-9.3, SC-AMB-24: once rolled the d4 is used, even with "regroup none"."""
    state = position(["1A 3/3/3"], ["2D 5/2/2"], reserves=((0, 0, 0), (2, 3, 4)), active=1, phase="support")
    play(state, 1, "reinforce d4", [3])
    assert 4 not in state.players[1].dice
    play(state, 1, "regroup none")
    assert 4 not in state.players[1].dice and state.active == 0


def ex14() -> State:
    return position(
        ["1A 2/3/0", "1B 0/5/1"],
        ["2A 3/3/3"],
        reserves=((3, 6, 5), (0, 0, 0)),
        unused_dice=((4, 20), (4,)),
    )


def test_sc_ex_14_forced_reinforcement_after_losing_the_last_potential():
    """SC-EX-14 (SC-7.2, SC-8.2, SC-9.8, SC-10.4): 1A loses its 2 red; the Support step is
    forced; ending the turn or moving only green is refused; 1 red to 1A and 1 to 1B is
    legal; Player 1 is not out of Potential."""
    state = ex14()
    play(state, 0, "1A x 2A", [1])
    play(state, 1, "defend pot", [6])
    assert levels(state, "1A") == (0, 3, 0)
    assert state.phase == "support" and state.forced
    opts = RULESET.options(state, 0)
    assert (opts.forced, opts.can_end) == (True, False)
    assert EndTurn() not in RULESET.legal_actions(state, 0)
    refused(state, 0, "end", "SC-9.8")
    play(state, 0, "reinforce d4", [2])
    refused(state, 0, "regroup 1res reserve>1A", "SC-9.8")
    refused(state, 0, "regroup none", "SC-9.8")
    play(state, 0, "regroup 1pot reserve>1A, 1pot reserve>1B")
    assert levels(state, "1A") == (1, 3, 0) and levels(state, "1B") == (1, 5, 1)
    assert reserve(state, 0) == (1, 6, 5)
    assert state.players[0].dice == [20]
    assert RULESET.view(state, None).players[0].out_of_potential is False


def ex20() -> State:
    return position(
        ["1A 3/2/2", "1B 1/4/1"],
        ["2A 3/3/3"],
        reserves=((6, 8, 7), (0, 0, 0)),
        unused_dice=((12, 20), (4,)),
        phase="support",
    )


def test_sc_ex_20_reinforcing_two_squads_from_the_reserve():
    """SC-EX-20 (SC-1.8, SC-1.9, SC-9.1-SC-9.5): d12 rolls 8; 4 tokens to each of 1A and 1B;
    cost 8; 1A attacks with a d12; the d20 stays unused: one die per turn."""
    state = ex20()
    total = state.players[0].remaining
    play(state, 0, "reinforce d12", [8])
    refused(state, 0, "reinforce d20", "SC-9.1")
    text = "regroup 2pot reserve>1A, 2sup reserve>1A, 2pot reserve>1B, 1res reserve>1B, 1sup reserve>1B"
    assert RULESET.check_regroup(state, 0, RULESET.parse_action(state, 0, text)).cost == 8
    play(state, 0, text)
    assert reserve(state, 0) == (2, 7, 4)
    assert levels(state, "1A") == (5, 2, 4) and levels(state, "1B") == (3, 5, 2)
    assert RULESET.view(state, 0).players[0].squads[0].dice[0] == 12
    assert state.players[0].remaining == total
    assert state.players[0].dice == [20]
    assert state.active == 1  # the turn ended with the rearrangement


# ---------------------------------------------------------------------------
# SC-9 rules
# ---------------------------------------------------------------------------
def test_sc_9_1_and_amb_21_22_only_in_own_support_step_one_die_per_turn():
    """SC-9.1, SC-AMB-21, SC-AMB-22: not during the Attack step, not in the opponent's turn,
    and a second die is refused in the same turn."""
    state = position(["1A 3/3/3"], ["2A 3/3/3"], reserves=((5, 5, 5), (5, 5, 5)))
    refused(state, 0, "reinforce d6", "SC-9.1")
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 1, Reinforce(6), ScriptedDice([]))
    assert exc.value.rule == "SC-4.2"
    play(state, 0, "1A x 2A", [1])
    play(state, 1, "defend pot", [1])
    play(state, 0, "reinforce d6", [2])
    refused(state, 0, "reinforce d8", "SC-9.1")


def test_sc_9_2_reinforcing_is_optional():
    """SC-9.2: the turn may end without reinforcing when not forced."""
    state = ex20()
    assert EndTurn() in RULESET.legal_actions(state, 0)
    play(state, 0, "end")
    assert state.players[0].dice == [12, 20] and state.active == 1


def test_sc_9_3_choose_the_die_then_roll_it_spent_at_once():
    """SC-9.3, SC-AMB-24: only an unused die; rolled at once; its result is the allowance."""
    state = ex20()
    refused(state, 0, "reinforce d4", "SC-9.3")
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Reinforce(7), ScriptedDice([]))
    assert exc.value.rule == "SC-1.9"
    dice = ScriptedDice([11])
    RULESET.apply(state, 0, Reinforce(20), dice)
    assert dice.log[0].expr == "d20" and state.allowance == 11 and 20 not in state.players[0].dice


def regroup_state(**kw) -> State:
    return position(
        ["1A 3/2/2", "1B 1/1/1"],
        ["2A 3/3/3"],
        reserves=((4, 4, 4), (1, 1, 1)),
        unused_dice=((20,), (4,)),
        phase="regroup",
        die=12,
        allowance=kw.pop("allowance", 6),
        **kw,
    )


def test_sc_9_4_allowed_moves_and_never_the_bag_or_the_opponent():
    """SC-9.4: reserve to squad, squad to reserve, squad to squad, a new squad; never the
    opponent's squads; the notation has no way to name the bag."""
    for text in (
        "regroup 2pot reserve>1A",
        "regroup 1res 1A>reserve",
        "regroup 1sup 1A>1B",
        "regroup 1pot reserve>1E, 1res 1B>1E",
    ):
        state = regroup_state()
        play(state, 0, text)
    state = regroup_state()
    refused(state, 0, "regroup 1pot 2A>1A", "SC-9.4")
    refused(state, 0, "regroup 1pot reserve>2A", "SC-9.4")
    refused(state, 0, "regroup 5pot 1B>1A", "SC-9.4")
    refused(state, 0, "regroup 1pot 1A>1A", "SC-9.4")


def test_sc_9_5_and_amb_23_cost_is_the_net_change():
    """SC-9.5, SC-AMB-23: cost = sum of increases per place and colour; moves that cancel out
    count zero; over the allowance the whole proposal is refused and may be made again."""
    state = regroup_state(allowance=2)
    check = RULESET.check_regroup(
        state, 0, Regroup((Transfer(3, "pot", "1A", "1B"), Transfer(3, "pot", "1B", "1A")))
    )
    assert (check.cost, check.legal) == (0, True)
    check = RULESET.check_regroup(
        state, 0, Regroup((Transfer(2, "res", "reserve", "1A"), Transfer(1, "res", "1A", "1B")))
    )
    assert check.cost == 2
    exc = refused(state, 0, "regroup 3sup reserve>1A", "SC-9.5")
    assert "3" in str(exc) and "2" in str(exc)
    play(state, 0, "regroup 2sup reserve>1A")
    assert levels(state, "1A") == (3, 2, 4)


def test_sc_9_6_and_amb_25_one_new_squad_with_at_least_one_token():
    """SC-9.6, SC-AMB-25: the new squad takes the next label, must hold a token, and only
    one may be formed; more than four squads are allowed."""
    state = regroup_state()
    assert RULESET.options(state, 0).new_label == "1E"
    refused(state, 0, "regroup 1pot reserve>1E, 1pot 1E>reserve", "SC-9.6")
    refused(state, 0, "regroup 1pot reserve>1F", "SC-9.6")
    play(state, 0, "regroup 1pot reserve>1E")
    assert [sq.label for sq in state.players[0].squads] == ["1A", "1B", "1E"]
    assert state.players[0].labels == 5
    many = position(
        ["1A 1/0/0", "1B 1/0/0", "1C 1/0/0", "1D 1/0/0"],
        ["2A 1/1/1"],
        reserves=((3, 0, 0), (0, 0, 0)),
        phase="regroup",
        die=4,
        allowance=1,
    )
    play(many, 0, "regroup 1pot reserve>1E")
    assert len(many.players[0].squads) == 5


def test_sc_9_7_emptied_squads_are_disbanded_even_all_of_them():
    """SC-9.7, SC-AMB-25: disbanding is unlimited; a player may be left with no squads."""
    state = regroup_state(allowance=12)
    events = play(
        state,
        0,
        "regroup 3pot 1A>reserve, 2res 1A>reserve, 2sup 1A>reserve, 1pot 1B>reserve, 1res 1B>reserve, 1sup 1B>reserve",
    )
    assert [e.disbanded for e in events if isinstance(e, Regrouped)] == [("1A", "1B")]
    assert state.players[0].squads == []
    assert reserve(state, 0) == (8, 7, 7)


def test_sc_9_8_and_amb_26_forced_reinforcement_in_the_support_step():
    """SC-9.8, SC-AMB-26: no squad with Potential, a die and red in reserve: the Support step
    must bring at least one red token from the reserve onto the table, to any squad or a new one."""
    state = position(["1A 0/3/3"], ["2A 3/3/3"], reserves=((2, 2, 2), (0, 0, 0)), phase="support")
    assert state.forced and RULESET.options(state, 0).forced
    assert all(isinstance(a, Reinforce) for a in RULESET.legal_actions(state, 0))
    play(state, 0, "reinforce d4", [1])
    assert all(
        any(t.stat == "pot" and t.src == "reserve" for t in a.moves) for a in RULESET.legal_actions(state, 0)
    )
    play(state, 0, "regroup 1pot reserve>1E")
    assert levels(state, "1E") == (1, 0, 0)


def test_sc_9_9_and_amb_27_forced_but_impossible():
    """SC-9.9, SC-AMB-27: no red in reserve (or no die): no obligation, voluntary
    reinforcement still allowed, and the player is out of Potential."""
    state = position(["1A 0/3/3"], ["2A 3/3/3"], reserves=((0, 2, 2), (0, 0, 0)), phase="support")
    assert not state.forced
    assert EndTurn() in RULESET.legal_actions(state, 0)
    assert RULESET.view(state, None).players[0].out_of_potential is True
    play(state, 0, "reinforce d6", [2])
    play(state, 0, "regroup 2res reserve>1A")
    assert levels(state, "1A") == (0, 5, 3)


def test_sc_amb_20_no_free_regrouping():
    """SC-AMB-20, SC-8.3: a new squad comes only through a reinforcement, never at will."""
    state = position(["1A 3/3/3"], ["2A 3/3/3"], reserves=((5, 5, 5), (0, 0, 0)))
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Regroup((Transfer(1, "pot", "reserve", "1E"),)), ScriptedDice([]))
    assert exc.value.rule == "SC-4.4"
    state.phase = "support"
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Regroup((Transfer(1, "pot", "reserve", "1E"),)), ScriptedDice([]))
    assert exc.value.rule == "SC-9.3"


def test_sc_8_4_tokens_move_only_by_combat_removal_or_rearrangement():
    """SC-8.4: declaring, rolling a die and ending a turn move no token; only the resolution
    (to the bag) and a rearrangement do."""

    def places(state: State) -> tuple:
        return tuple(
            (reserve(state, s), tuple(levels(state, sq.label) for sq in state.players[s].squads))
            for s in (0, 1)
        )

    state = position(["1A 3/1/3"], ["2A 2/2/2"], reserves=((4, 4, 4), (4, 4, 4)))
    p0 = places(state)
    play(state, 0, "1A x 2A", [8])
    assert places(state) == p0
    play(state, 1, "defend res", [1])
    p1 = places(state)
    assert p1 != p0 and levels(state, "2A") == (2, 0, 2)
    play(state, 0, "reinforce d4", [2])
    assert places(state) == p1
    play(state, 0, "regroup 1pot reserve>1A")
    assert places(state) != p1
    RULESET.apply(state, 1, Attack("2A", "1A"), ScriptedDice([1]))
    RULESET.apply(state, 0, Defend("pot"), ScriptedDice([4]))
