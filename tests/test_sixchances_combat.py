"""Six Chances Party: stat dice, the attack, its resolution and destroyed squads
(SC-3, SC-5 to SC-8), with the worked examples SC-EX-1 to SC-EX-11."""

from __future__ import annotations

import msgspec
import pytest

from engine.dice import ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Defend, EndTurn
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.events import (
    AttackDeclared,
    AttackerWon,
    DefenceRolled,
    DefenderWon,
    SquadDestroyed,
)
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import State


def levels(state: State, label: str) -> tuple[int, int, int] | None:
    """(Pot, Res, Sup) of the squad on the table, or None if it is gone."""
    side = int(label[0]) - 1
    sq = state.players[side].squad(label)
    return None if sq is None else (sq.pot, sq.res, sq.sup)


def bag(state: State) -> tuple[int, int, int]:
    return state.bag.pot, state.bag.res, state.bag.sup


def fight(p1: list[str], p2: list[str], attack: str, stat: str, faces: list[int], **kw):
    """Play one attack of Player 1 with scripted dice; returns (state before, state after,
    events, dice). The defender (Player 2) defends with ``stat``."""
    state = position(p1, p2, **kw)
    before = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    dice = ScriptedDice(faces)
    events = RULESET.apply(state, 0, RULESET.parse_action(state, 0, attack), dice)
    assert RULESET.to_act(state) == {1}
    events += RULESET.apply(state, 1, Defend(stat), dice)
    assert dice.remaining() == []
    RULESET.check_invariants(state)
    return before, state, events, dice


def first(events, kind):
    found = [e for e in events if isinstance(e, kind)]
    assert found, f"no {kind.__name__} in {events}"
    return found[0]


# ---------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------
def test_sc_ex_1_attacker_wins():
    """SC-EX-1 (SC-5.2-SC-5.5, SC-6.1-SC-6.4): d12 9 against Resilience d20 7; Protection 2,
    Damage 3, 3 green removed; the bag gains 3 green."""
    before, after, events, dice = fight(["1A 5/2/4"], ["2B 2/6/2"], "1A x 2B", "res", [9, 7])
    assert [r.expr for r in dice.log] == ["d12", "d20"]
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed, won.stat) == (2, 3, 3, "res")
    assert levels(after, "1A") == (5, 2, 4)
    assert levels(after, "2B") == (2, 3, 2)
    assert bag(after) == (bag(before)[0], bag(before)[1] + 3, bag(before)[2])


def test_sc_ex_2_defender_wins():
    """SC-EX-2 (SC-5.5, SC-7.1-SC-7.3): d12 4 against d20 15; Saved 4, Losses 1; 1A rolls d10 now."""
    before, after, events, _dice = fight(["1A 5/2/4"], ["2B 2/6/2"], "1A x 2B", "res", [4, 15])
    lost = first(events, DefenderWon)
    assert (lost.saved, lost.losses) == (4, 1)
    assert levels(after, "1A") == (4, 2, 4)
    assert die_for(4) == 10
    assert levels(after, "2B") == (2, 6, 2)
    assert bag(after) == (bag(before)[0] + 1, bag(before)[1], bag(before)[2])


def test_sc_ex_3_tie_goes_to_attacker_protection_floors_at_zero_potential_defends():
    """SC-EX-3 (SC-5.3, SC-5.5, SC-6.1-SC-6.3): 6 = 6 wins for the attacker; Protection
    clamp(-1) = 0; Damage 3 removes 3 red from the defending Potential."""
    before, after, events, dice = fight(["1C 3/4/3"], ["2A 4/2/4"], "1C x 2A", "pot", [6, 6])
    assert [r.expr for r in dice.log] == ["d8", "d10"]
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (0, 3, 3)
    assert levels(after, "2A") == (1, 2, 4)
    assert bag(after)[0] == bag(before)[0] + 3


def test_sc_ex_4_support_defends_protection_uses_resilience_damage_capped():
    """SC-EX-4 (SC-5.3, SC-6.1, SC-6.3): no die of 2D can beat 17; Support defends; Protection
    uses Resilience (3); Damage 3 but only 2 blue can go; the third point is lost."""
    state = position(["1B 6/2/2"], ["2D 1/5/2"])
    dice = ScriptedDice([17, 3])
    RULESET.apply(state, 0, Attack("1B", "2D"), dice)
    opts = RULESET.options(state, 1)
    assert opts.attack_roll == 17
    assert {c.stat: c.die for c in opts.choices} == {"pot": 4, "res": 12, "sup": 6}
    assert all(c.p_defence_beats == 0 for c in opts.choices)
    assert {c.stat: c.removed_if_attacker_wins for c in opts.choices} == {"pot": 1, "res": 3, "sup": 2}
    bag_before = bag(state)
    events = RULESET.apply(state, 1, Defend("sup"), dice)
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (3, 3, 2)
    assert levels(state, "2D") == (1, 5, 0)
    assert bag(state) == (bag_before[0], bag_before[1], bag_before[2] + 2)


def test_sc_ex_5_protection_capped_at_6():
    """SC-EX-5 (SC-3.2, SC-6.1, SC-6.2): Potential 9 rolls d20; Protection clamp(9) = 6;
    Damage 3; 2C keeps Res 7."""
    before, after, events, dice = fight(["1D 9/0/1"], ["2C 3/10/0"], "1D x 2C", "res", [12, 12])
    assert [r.expr for r in dice.log] == ["d20", "d20"]
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (6, 3, 3)
    assert levels(after, "2C") == (3, 7, 0)
    assert bag(after)[1] == bag(before)[1] + 3


def test_sc_ex_6_attacker_wins_but_deals_no_damage():
    """SC-EX-6 (SC-6.2, SC-6.5): Protection 5, Damage max(0, 2 - 5) = 0; nothing changes; the
    attack was still productive (SC-11.6) since a failure would cost 1."""
    before, after, events, _dice = fight(["1A 2/4/1"], ["2A 3/6/0"], "1A x 2A", "pot", [5, 2])
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (5, 0, 0)
    assert levels(after, "1A") == (2, 4, 1) and levels(after, "2A") == (3, 6, 0)
    assert bag(after) == bag(before)
    assert after.productive is True


def test_sc_ex_7_defender_wins_support_saves_everything():
    """SC-EX-7 (SC-7.1, SC-7.2): d6 2 < d4 3; Saved 5, Losses max(0, 2 - 5) = 0."""
    before, after, events, _dice = fight(["1B 2/1/5"], ["2C 1/1/1"], "1B x 2C", "res", [2, 3])
    lost = first(events, DefenderWon)
    assert (lost.saved, lost.losses) == (5, 0)
    assert levels(after, "1B") == (2, 1, 5)
    assert bag(after) == bag(before)


def test_sc_ex_8_saved_tokens_capped_at_6():
    """SC-EX-8 (SC-3.2, SC-7.1-SC-7.3): Support 8 saves only 6; Losses 10 - 6 = 4."""
    before, after, events, _dice = fight(["1E 10/0/8"], ["2B 2/3/6"], "1E x 2B", "sup", [3, 14])
    lost = first(events, DefenderWon)
    assert (lost.saved, lost.losses) == (6, 4)
    assert levels(after, "1E") == (6, 0, 8)
    assert die_for(6) == 20
    assert bag(after)[0] == bag(before)[0] + 4


def test_sc_ex_9_attacker_without_support_loses_all_potential_and_is_destroyed():
    """SC-EX-9 (SC-3.3, SC-7.1-SC-7.3, SC-8.1): Saved 0, Losses 4: 1C is destroyed."""
    before, after, events, _dice = fight(["1C 4/0/0", "1A 1/1/1"], ["2A 2/2/2"], "1C x 2A", "pot", [2, 5])
    lost = first(events, DefenderWon)
    assert (lost.saved, lost.losses) == (0, 4)
    assert levels(after, "1C") is None
    assert first(events, SquadDestroyed).label == "1C"
    assert bag(after)[0] == bag(before)[0] + 4


def test_sc_ex_10_target_with_one_usable_stat_is_destroyed():
    """SC-EX-10 (SC-3.3, SC-5.3, SC-6.1-SC-6.3, SC-8.1): only Resilience can defend; Damage 5
    removes both green tokens and 2D leaves the table."""
    state = position(["1B 5/1/3"], ["2D 0/2/0", "2A 1/1/1"])
    dice = ScriptedDice([11, 6])
    RULESET.apply(state, 0, Attack("1B", "2D"), dice)
    assert [c.stat for c in RULESET.options(state, 1).choices] == ["res"]
    assert RULESET.legal_actions(state, 1) == [Defend("res")]
    for stat in ("pot", "sup"):
        with pytest.raises(IllegalAction) as exc:
            RULESET.apply(state, 1, Defend(stat), dice)
        assert exc.value.rule == "SC-5.3"
    bag_before = bag(state)
    events = RULESET.apply(state, 1, RULESET.parse_action(state, 1, "defend"), dice)
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (0, 5, 2)
    assert levels(state, "2D") is None
    assert first(events, SquadDestroyed).label == "2D"
    assert bag(state)[1] == bag_before[1] + 2


def test_sc_ex_11_defender_chooses_after_the_roll():
    """SC-EX-11 (SC-5.3, SC-5.4): a 20 beats every die; Damage 2 whatever defends; Potential
    (1 token) loses 1, the others would lose 2; the d4 is still rolled; 2B stays with Pot 0."""
    state = position(["1A 6/0/0"], ["2B 1/4/8"])
    dice = ScriptedDice([20, 1])
    RULESET.apply(state, 0, Attack("1A", "2B"), dice)
    opts = RULESET.options(state, 1)
    assert (opts.protection, opts.damage) == (4, 2)
    assert {c.stat: c.removed_if_attacker_wins for c in opts.choices} == {"pot": 1, "res": 2, "sup": 2}
    assert all(c.p_attacker_wins == 1 for c in opts.choices)
    events = RULESET.apply(state, 1, Defend("pot"), dice)
    assert first(events, DefenceRolled).die == 4 and dice.log[-1].expr == "d4"
    assert first(events, AttackerWon).removed == 1
    assert levels(state, "2B") == (0, 4, 8)
    # SC-8.2: it stays on the table, can be targeted, and cannot attack
    assert not any(isinstance(a, Attack) and a.attacker == "2B" for a in RULESET.legal_actions(state, 1))


# ---------------------------------------------------------------------------
# Stat dice (SC-3)
# ---------------------------------------------------------------------------
def test_sc_3_1_stat_die_table():
    """SC-3.1: levels 0..6 roll none, d4, d6, d8, d10, d12, d20."""
    assert [die_for(level) for level in range(7)] == [0, 4, 6, 8, 10, 12, 20]


@pytest.mark.parametrize(
    ("pot", "die"), [(1, "d4"), (2, "d6"), (3, "d8"), (4, "d10"), (5, "d12"), (6, "d20")]
)
def test_sc_3_1_attack_rolls_the_potential_die(pot, die):
    """SC-3.1, SC-5.2: the attack roll uses the die of the attacker's Potential level."""
    state = position([f"1A {pot}/1/1"], ["2A 1/1/1"])
    dice = ScriptedDice([1])
    events = RULESET.apply(state, 0, Attack("1A", "2A"), dice)
    assert dice.log[0].expr == die
    assert first(events, AttackDeclared).die == int(die[1:])


def test_sc_3_2_levels_above_6_roll_d20_but_count_in_full():
    """SC-3.2, SC-AMB-16: Potential 10 rolls a d20 and deals up to 10 damage; only the two
    stated caps apply (Protection and saved tokens)."""
    assert die_for(7) == die_for(10) == die_for(40) == 20
    _b, after, events, dice = fight(["1A 10/0/0"], ["2A 0/10/0"], "1A x 2A", "res", [20, 1])
    assert dice.log[0].expr == "d20"
    won = first(events, AttackerWon)
    assert (won.protection, won.damage, won.removed) == (6, 4, 4)
    _b, after, events, _d = fight(["1A 10/0/0"], ["2A 0/0/12"], "1A x 2A", "sup", [20, 1])
    assert first(events, AttackerWon).removed == 10
    assert levels(after, "2A") == (0, 0, 2)


def test_sc_3_3_level_zero_has_no_die_cannot_attack_or_defend():
    """SC-3.3, SC-AMB-9, SC-AMB-10: Potential 0 cannot attack; a level-0 stat cannot defend;
    a level of 0 still counts as 0 in the formulas (Support 0 saves nothing)."""
    assert die_for(0) == 0
    state = position(["1A 0/5/5", "1B 2/0/0"], ["2A 0/0/3"])
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([]))
    assert exc.value.rule == "SC-5.1" and "1A" in str(exc.value)
    assert msgspec.msgpack.encode(state) == before
    assert RULESET.legal_actions(state, 0) == [Attack("1B", "2A")]
    dice = ScriptedDice([1, 6])
    RULESET.apply(state, 0, Attack("1B", "2A"), dice)
    assert RULESET.legal_actions(state, 1) == [Defend("sup")]
    events = RULESET.apply(state, 1, Defend("sup"), dice)
    assert (first(events, DefenderWon).saved, first(events, DefenderWon).losses) == (0, 2)


def test_sc_3_4_attacker_resilience_and_target_other_stats_play_no_part():
    """SC-3.4: the attacker's Resilience never matters; the target's Potential and Support
    matter only when they defend (the same rolls give the same result)."""
    results = []
    for att, tgt in (("1A 4/0/2", "2A 1/5/1"), ("1A 4/9/2", "2A 6/5/7")):
        _b, _a, events, _d = fight([att], [tgt], "1A x 2A", "res", [8, 2])
        won = first(events, AttackerWon)
        results.append((won.protection, won.damage, won.removed))
    assert results[0] == results[1] == (3, 1, 1)


# ---------------------------------------------------------------------------
# The attack (SC-5)
# ---------------------------------------------------------------------------
def test_sc_5_1_declaration_own_squad_with_potential_against_any_opposing_squad():
    """SC-5.1, SC-AMB-9: any opposing squad may be targeted; never one's own; once declared
    the choice cannot change (the next decision is the defender's)."""
    state = position(["1A 2/0/0", "1B 0/3/0"], ["2A 0/0/1", "2B 9/9/9"])
    assert RULESET.legal_actions(state, 0) == [Attack("1A", "2A"), Attack("1A", "2B")]
    with pytest.raises(IllegalAction) as exc:
        RULESET.parse_action(state, 0, "1A x 1B")
    assert exc.value.rule == "SC-5.1"
    RULESET.apply(state, 0, Attack("1A", "2B"), ScriptedDice([3]))
    assert RULESET.to_act(state) == {1}
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([3]))
    assert exc.value.rule == "SC-4.2"


def test_sc_5_2_attack_roll_is_made_on_declaration():
    """SC-5.2: the attack roll is made at once and shown to the defender before choosing."""
    state = position(["1A 3/0/0"], ["2A 1/1/1"])
    dice = ScriptedDice([7])
    events = RULESET.apply(state, 0, Attack("1A", "2A"), dice)
    assert first(events, AttackDeclared).roll == 7
    assert RULESET.view(state, 1).pending.roll == 7
    assert RULESET.options(state, 1).attack_roll == 7


def test_sc_5_3_defender_decides_with_any_stat_of_level_one_or_more():
    """SC-5.3, SC-AMB-11, SC-AMB-12: to_act is the defender's side; a one-token stat may be
    chosen although bigger ones exist."""
    state = position(["1A 3/0/0"], ["2A 1/9/9"])
    RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([2]))
    assert RULESET.to_act(state) == {1}
    assert RULESET.legal_actions(state, 1) == [Defend("pot"), Defend("res"), Defend("sup")]
    events = RULESET.apply(state, 1, Defend("pot"), ScriptedDice([4]))
    assert first(events, DefenceRolled).die == 4


def test_sc_5_4_defence_roll_is_always_made():
    """SC-5.4, SC-AMB-12: after an attack roll of 20 the defence die is still rolled."""
    state = position(["1A 6/0/0"], ["2A 0/0/5"])
    dice = ScriptedDice([20, 12])
    RULESET.apply(state, 0, Attack("1A", "2A"), dice)
    RULESET.apply(state, 1, Defend("sup"), dice)
    assert [r.expr for r in dice.log] == ["d20", "d12"]


@pytest.mark.parametrize(("attack", "defence", "attacker_wins"), [(5, 4, True), (5, 5, True), (5, 6, False)])
def test_sc_5_5_comparison_ties_go_to_the_attacker(attack, defence, attacker_wins):
    """SC-5.5: attack roll >= defence roll: the attacker wins; otherwise the defender."""
    _b, _a, events, _d = fight(["1A 5/0/0"], ["2A 0/0/5"], "1A x 2A", "sup", [attack, defence])
    assert any(isinstance(e, AttackerWon) for e in events) is attacker_wins
    assert any(isinstance(e, DefenderWon) for e in events) is not attacker_wins


def test_sc_5_6_values_at_declaration_are_used():
    """SC-5.6: nothing changes the levels between declaration and resolution; the
    resolution uses them."""
    state = position(["1A 4/1/2"], ["2A 2/5/1"])
    RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([9]))
    assert levels(state, "1A") == (4, 1, 2) and levels(state, "2A") == (2, 5, 1)
    assert RULESET.legal_actions(state, 0) == []
    opts = RULESET.options(state, 1)
    assert (opts.protection, opts.damage) == (3, 1)
    events = RULESET.apply(state, 1, Defend("res"), ScriptedDice([1]))
    assert (first(events, AttackerWon).protection, first(events, AttackerWon).damage) == (3, 1)


# ---------------------------------------------------------------------------
# Resolution (SC-6, SC-7)
# ---------------------------------------------------------------------------
def test_sc_6_1_protection_uses_target_resilience_whichever_stat_defends():
    """SC-6.1, SC-AMB-13, SC-AMB-14: Protection = clamp(Res_T - Sup_A, 0, 6) with the
    attacking squad's own Support, even when Potential or Support defends."""
    for stat in ("pot", "res", "sup"):
        _b, _a, events, _d = fight(["1A 6/0/1", "1B 0/0/9"], ["2A 3/4/3"], "1A x 2A", stat, [20, 1])
        assert first(events, AttackerWon).protection == 3


def test_sc_6_2_damage_is_never_negative():
    """SC-6.2, SC-AMB-15: Damage = max(0, Pot_A - Protection)."""
    _b, after, events, _d = fight(["1A 1/0/0"], ["2A 0/6/0"], "1A x 2A", "res", [4, 1])
    assert first(events, AttackerWon).damage == 0
    assert levels(after, "2A") == (0, 6, 0)


def test_sc_6_3_removal_capped_at_the_defending_stat_never_spills_over():
    """SC-6.3, SC-AMB-17: 5 damage on a 2-token stat removes 2; other stats, squads and the
    reserve lose nothing."""
    before, after, events, _d = fight(
        ["1A 5/0/0"], ["2A 4/0/2", "2B 3/3/3"], "1A x 2A", "sup", [12, 1], reserves=((0, 0, 0), (2, 2, 2))
    )
    assert first(events, AttackerWon).removed == 2
    assert levels(after, "2A") == (4, 0, 0) and levels(after, "2B") == (3, 3, 3)
    r = after.players[1].reserve
    assert (r.pot, r.res, r.sup) == (2, 2, 2)


def test_sc_6_4_removed_tokens_go_into_the_bag():
    """SC-6.4, SC-1.4: the removed tokens are in the bag and count for nobody (SC-1.8)."""
    before, after, _e, _d = fight(["1A 3/0/3"], ["2A 0/3/0"], "1A x 2A", "res", [8, 1])
    assert bag(after)[1] == bag(before)[1] + 3
    assert after.players[1].remaining == before.players[1].remaining - 3


def test_sc_6_5_attacker_loses_nothing_when_it_wins():
    """SC-6.5: the winning attacker is unchanged."""
    _b, after, _e, _d = fight(["1A 3/2/1"], ["2A 0/3/0"], "1A x 2A", "res", [8, 1])
    assert levels(after, "1A") == (3, 2, 1)


def test_sc_7_1_saved_is_min_support_6():
    """SC-7.1: Saved = min(Sup_A, 6)."""
    for sup, want in ((0, 0), (3, 3), (6, 6), (11, 6)):
        _b, _a, events, _d = fight([f"1A 8/0/{sup}"], ["2A 0/0/1"], "1A x 2A", "sup", [1, 4])
        assert first(events, DefenderWon).saved == want


def test_sc_7_2_losses_never_negative():
    """SC-7.2, SC-AMB-15: Losses = max(0, Pot_A - Saved) and never exceed Pot_A."""
    _b, after, events, _d = fight(["1A 2/0/6"], ["2A 0/0/1"], "1A x 2A", "sup", [1, 4])
    assert first(events, DefenderWon).losses == 0
    assert levels(after, "1A") == (2, 0, 6)


def test_sc_7_3_losses_are_red_tokens_into_the_bag():
    """SC-7.3, SC-AMB-18: the attacker's lost red tokens go into the bag, not its reserve."""
    before, after, _e, _d = fight(["1A 5/0/1"], ["2A 0/0/1"], "1A x 2A", "sup", [1, 4])
    assert bag(after)[0] == bag(before)[0] + 4
    assert after.players[0].reserve == before.players[0].reserve


def test_sc_7_4_target_loses_nothing_when_the_defender_wins():
    """SC-7.4: whichever stat defended, the target is unchanged."""
    for stat in ("pot", "res", "sup"):
        _b, after, _e, _d = fight(["1A 3/0/0"], ["2A 1/1/1"], "1A x 2A", stat, [1, 4])
        assert levels(after, "2A") == (1, 1, 1)


# ---------------------------------------------------------------------------
# Squads after losses (SC-8)
# ---------------------------------------------------------------------------
def test_sc_8_1_a_squad_with_no_tokens_leaves_the_table_and_its_label_is_not_reused():
    """SC-8.1, SC-1.7: the destroyed target leaves at once; a later new squad takes a new label."""
    _b, after, events, _d = fight(["1A 5/0/0"], ["2A 0/0/2", "2B 1/1/1"], "1A x 2A", "sup", [12, 1])
    assert levels(after, "2A") is None
    assert first(events, SquadDestroyed).label == "2A"
    assert [sq.label for sq in after.players[1].squads] == ["2B"]
    assert after.players[1].labels == 4  # 2E is next, 2A never returns


def test_sc_8_2_squad_without_potential_stays_defends_and_cannot_attack():
    """SC-8.2, SC-AMB-19: a squad with Pot 0 stays, can be targeted and defend, not attack."""
    _b, after, _e, _d = fight(["1A 6/0/0"], ["2A 1/2/2"], "1A x 2A", "pot", [20, 1])
    assert levels(after, "2A") == (0, 2, 2)
    after.phase, after.active = "attack", 0
    assert Attack("1A", "2A") in RULESET.legal_actions(after, 0)
    after.phase, after.active = "attack", 1
    assert not any(a.attacker == "2A" for a in RULESET.legal_actions(after, 1))


def test_sc_8_3_no_automatic_replacement():
    """SC-8.3, SC-AMB-20: after a squad is destroyed the owner has one squad fewer until a
    reinforcement forms a new one."""
    _b, after, _e, _d = fight(["1A 5/0/0"], ["2A 0/0/2", "2B 1/1/1"], "1A x 2A", "sup", [12, 1])
    assert len(after.players[1].squads) == 1
    RULESET.apply(after, 0, EndTurn(), ScriptedDice([]))  # Player 1 ends the turn
    assert len(after.players[1].squads) == 1
