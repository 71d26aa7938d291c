"""Six Chances Party: property tests over random games (the 50/50/50 token invariant after
every action, SC-1.3) and the exact odds of section 5 for all 36 die pairings."""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Defend, Regroup, Reinforce, Transfer
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.odds import p_attack_wins, p_attack_wins_after, p_defence_beats
from engine.rulesets.sixchances.rules import check, out_of_potential
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, State

DICE = (4, 6, 8, 10, 12, 20)

#: Section 5 of the specification, row = attacker's die, column = defender's die.
SPEC_TABLE = {
    4: ("5/8", "5/12", "5/16", "1/4", "5/24", "1/8"),
    6: ("3/4", "7/12", "7/16", "7/20", "7/24", "7/40"),
    8: ("13/16", "11/16", "9/16", "9/20", "3/8", "9/40"),
    10: ("17/20", "3/4", "13/20", "11/20", "11/24", "11/40"),
    12: ("7/8", "19/24", "17/24", "5/8", "13/24", "13/40"),
    20: ("37/40", "7/8", "33/40", "31/40", "29/40", "21/40"),
}


def _tokens(state: State) -> tuple[int, int, int]:
    t = [state.bag.pot, state.bag.res, state.bag.sup]
    for p in state.players:
        t[0] += p.reserve.pot + sum(sq.pot for sq in p.squads)
        t[1] += p.reserve.res + sum(sq.res for sq in p.squads)
        t[2] += p.reserve.sup + sum(sq.sup for sq in p.squads)
    return t[0], t[1], t[2]


def random_game(seed: int, setup: Setup | None = None, *, probe: bool = False) -> State:
    """Play one game of random legal actions, checking the invariants after every action:
    N of each colour (SC-1.3); remaining totals = 3N - bag (SC-1.8); out of Potential is
    permanent (SC-10.2); with ``probe``, every listed action passes the legality check."""
    rng = random.Random(seed)
    setup = setup or RULESET.random_setup(rng)
    n = setup.tokens_per_colour
    dice = Dice(hashlib.sha256(f"sc-prop:{seed}".encode()).digest())
    state, _ = RULESET.new_state(setup, dice)
    out = [False, False]
    steps = 0
    while sides := RULESET.to_act(state):
        side = min(sides) if len(sides) == 1 else rng.choice(sorted(sides))
        actions = RULESET.legal_actions(state, side)
        assert actions, f"side {side} must act but has no legal action"
        if probe:
            for a in actions:
                check(state, side, a)
        RULESET.apply(state, side, rng.choice(actions), dice)
        RULESET.check_invariants(state)
        assert _tokens(state) == (n, n, n)
        if state.phase != "build":
            assert sum(p.remaining for p in state.players) == 3 * n - state.bag.total
            for s in (0, 1):
                now = out_of_potential(state.players[s], state.phase == "regroup" and state.active == s)
                assert now or not out[s], "SC-10.2: a player came back from out of Potential"
                out[s] = now
        steps += 1
        assert steps < 20000
    assert RULESET.result(state) is not None
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_sc_1_3_token_invariant_after_every_action(seed):
    """SC-1.3, SC-1.8, SC-10.2: in random games (standard, field and custom set-ups) the
    token invariant holds after every action and every listed action is legal."""
    random_game(seed, probe=True)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_sc_1_3_token_invariant_in_1000_random_games(seed):
    """SC-1.3 (long variant): 1,000 random games, invariants checked after every action."""
    random_game(seed)


@pytest.mark.parametrize("attacker", DICE)
@pytest.mark.parametrize("defender", DICE)
def test_odds_equal_the_spec_table(attacker, defender):
    """Section 5 (SC-5.5): the exact chance the attacker wins equals the specification's
    table and a brute-force count of all die pairs, for all 36 pairings."""
    want = Fraction(SPEC_TABLE[attacker][DICE.index(defender)])
    wins = sum(1 for a in range(1, attacker + 1) for d in range(1, defender + 1) if a >= d)
    assert p_attack_wins(attacker, defender) == want == Fraction(wins, attacker * defender)
    for roll in range(1, attacker + 1):
        after = Fraction(sum(1 for d in range(1, defender + 1) if roll >= d), defender)
        assert p_attack_wins_after(roll, defender) == after
        assert p_defence_beats(roll, defender) == 1 - after


@pytest.mark.parametrize("pot", range(1, 7))
def test_options_offer_the_table_odds_and_expected_removals(pot):
    """SC-5.3, SC-6.3: the attacker's options give, for each stat the target could defend
    with, the table's chance and the expected tokens removed (chance x removed)."""
    for level in range(1, 7):
        state = position([f"1A {pot}/0/2"], [f"2A {level}/{level}/{level}"])
        (choice,) = RULESET.options(state, 0).attacks
        want = Fraction(SPEC_TABLE[die_for(pot)][DICE.index(die_for(level))])
        assert [d.p_attacker_wins for d in choice.defences] == [want] * 3
        removed = min(max(0, pot - min(6, max(0, level - 2))), level)
        assert all(d.removed_if_win == removed for d in choice.defences)
        assert all(d.expected_removed == want * removed for d in choice.defences)
        assert all(d.expected_losses == (1 - want) * max(0, pot - 2) for d in choice.defences)


_labels = st.sampled_from(["1A", "1B", "1E", "2A", "2B", "2E", "reserve"])
_actions = st.one_of(
    st.builds(Attack, st.sampled_from(["1A", "1B", "2A", "1Z"]), st.sampled_from(["2A", "2B", "1A", "2Q"])),
    st.builds(Defend, st.sampled_from(["pot", "res", "sup"])),
    st.builds(Reinforce, st.sampled_from([3, 4, 6, 8, 10, 12, 20])),
    st.builds(
        Regroup,
        st.lists(
            st.builds(Transfer, st.integers(0, 12), st.sampled_from(["pot", "res", "sup"]), _labels, _labels),
            max_size=4,
        ).map(tuple),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.integers(0, 1), _actions)
def test_any_action_is_applied_fully_or_refused_leaving_the_state_unchanged(phase_index, side, action):
    """Illegal actions raise IllegalAction with a rule ID and leave the state byte for byte
    unchanged; legal ones keep the invariants."""
    phase = ("attack", "support", "regroup", "attack")[phase_index]
    state = position(
        ["1A 3/2/1", "1B 0/4/0"],
        ["2A 2/2/2", "2B 1/0/5"],
        reserves=((3, 2, 1), (1, 1, 1)),
        unused_dice=((4, 12), (20,)),
        phase=phase,
        die=8,
        allowance=4,
        active=phase_index // 3,
    )
    before = msgspec.msgpack.encode(state)
    try:
        RULESET.apply(state, side, action, Dice(b"any"))
    except IllegalAction as exc:
        assert exc.rule.startswith("SC-"), str(exc)
        assert msgspec.msgpack.encode(state) == before
    else:
        RULESET.check_invariants(state)


def test_random_actions_are_legal_in_every_set_up():
    """Bots and benchmarks: ``random_action`` only ever proposes legal actions (apply would
    raise IllegalAction otherwise), in standard, field and custom games (SC-1.3 checked)."""
    for seed in range(150):
        rng = random.Random(seed)
        setup = RULESET.random_setup(rng)
        dice = Dice(b"random-action:%d" % seed)
        state, _ = RULESET.new_state(setup, dice)
        while sides := RULESET.to_act(state):
            side = min(sides)
            RULESET.apply(state, side, RULESET.random_action(state, side, rng), dice)
            RULESET.check_invariants(state)
        assert RULESET.random_action(state, 0, rng) is None
