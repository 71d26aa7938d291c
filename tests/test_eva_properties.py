"""Property tests (Hypothesis) of the Eva engine: invariants under random legal play,
symmetric line of sight (EVA-4.5), and arbitrary actions refused without change."""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.ruleset import IllegalAction, get
from engine.rulesets.eva import actions as A
from engine.rulesets.eva import rules

RS = get("eva")


def _advance(seed: int, steps: int):
    """A random game advanced by up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"p%d" % seed))
    dice = Dice(b"q%d" % seed)
    for _ in range(steps):
        sides = RS.to_act(state)
        if not sides:
            break
        side = min(sides)
        RS.apply(state, side, RS.random_action(state, side, rng), dice)
    return state, dice, rng


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_random_legal_play_keeps_the_invariants_and_sight_is_symmetric(seed):
    """Armour and energy in bounds, no ground Eva off the board or on green/blue, one Eva
    per square (EVA-2.9, EVA-8.9, EVA-13.6); sees(a, b) == sees(b, a) (EVA-4.8)."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(seed.to_bytes(8, "big")))
    dice = Dice(b"d%d" % seed)
    steps = 0
    while sides := RS.to_act(state):
        side = min(sides)
        RS.apply(state, side, RS.random_action(state, side, rng), dice)
        RS.check_invariants(state)
        steps += 1
        if steps % 25 == 0:
            live = [u for u in state.units if u.on_board]
            for a in live:
                for b in live:
                    if a is not b:
                        assert rules.sees(state, a, b) == rules.sees(state, b, a)
    assert RS.result(state) is not None


_units = st.integers(-2, 12)
_squares = st.integers(-3, 605)
_hands = st.lists(st.integers(-1, 6), max_size=3)
ACTIONS = st.one_of(
    st.builds(A.ChooseZone, st.sampled_from(["south", "north", "east"])),
    st.builds(A.Deploy, _units, _squares, _hands),
    st.builds(A.Activate, _units, st.booleans()),
    st.builds(A.Move, _units, st.lists(_squares, max_size=5)),
    st.builds(A.Kneel, _units),
    st.builds(A.Stand, _units),
    st.builds(A.Swap, _units, _hands),
    st.builds(A.Discard, _units),
    st.builds(
        A.Fire,
        _units,
        _units,
        st.integers(-1, 6),
        st.booleans(),
        st.sampled_from(["", "legs", "wings", "tail"]),
    ),
    st.builds(A.Melee, _units, _units),
    st.builds(A.Disengage, _units),
    st.builds(A.Neutralise, _units, _units),
    st.builds(A.Jump, _units, _squares),
    st.builds(A.TakeOff, _units),
    st.builds(A.Land, _units),
    st.builds(A.Detonate, _units),
    st.builds(A.Accelerate, _units),
    st.builds(A.End, _units),
    st.builds(A.NameZone, st.sampled_from(["arms", "legs", "body", "wings", "head"])),
    st.builds(A.Keep, _units, st.integers(-1, 6)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 5000), st.integers(0, 400), st.integers(0, 1), ACTIONS)
def test_arbitrary_actions_are_refused_without_change_or_keep_the_invariants(seed, steps, side, action):
    """An illegal action raises IllegalAction with a rule ID and leaves the state as it was;
    a legal one keeps the invariants."""
    state, dice, _rng = _advance(seed, steps)
    before = msgspec.msgpack.encode(state)
    try:
        RS.check(state, side, action)
    except IllegalAction as e:
        assert e.rule.startswith("EVA-")
        assert str(e)
        assert msgspec.msgpack.encode(state) == before
        try:
            RS.apply(state, side, action, dice)
        except IllegalAction:
            pass
        else:
            raise AssertionError("apply accepted what check refused")
        assert msgspec.msgpack.encode(state) == before
        return
    RS.apply(state, side, action, dice)
    RS.check_invariants(state)
