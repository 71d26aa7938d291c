"""Property tests of Going Ballistic with Hypothesis: over random battles, MP never go
negative, no unit takes more than two actions, units stand only where they may (never
in a building or off the map, GB-3.5, GB-2.4), a stuck unit is always in a friend's
hex (GB-7.4); random actions of every kind, legal or not, are either played or
refused with a reason and a rule ID, the state untouched (GB-6.1, GB-7.1)."""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.ruleset import IllegalAction, get
from engine.rulesets.ballistic.actions import (
    Arc,
    Concede,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    React,
    Smoke,
)
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.rules.common import friends_in

RS = get("ballistic")


def _invariants(state) -> None:
    t = state.map.tables
    for u in state.units:
        assert u.pool >= 0 and u.mp_spent >= 0, "MP never negative (GB-7.1)"
        assert len(u.slots) <= 2, "at most two actions (GB-6.1)"
        if u.alive and u.hex >= 0:
            assert 0 <= u.hex < t.count, "on the map (GB-2.4)"
            if not u.altitude:
                assert t.kind[u.hex] != BUILDING, "never in a building (GB-3.5)"
            else:
                assert t.height[u.hex] < u.altitude, "air units above the hex (GB-7.8)"
        if u.stuck:
            assert u.alive and friends_in(state, u, u.hex), "stuck only in a friend's hex (GB-7.4)"
    RS.check_invariants(state)


def _random_action(state, side: int, rng: random.Random):
    """Any action of any kind, often illegal: names, hexes, weapons and numbers drawn at
    random (some real, some not)."""
    t = state.map.tables
    names = [u.name for u in state.units] + ["Nobody"]
    hexes = [t.name[rng.randrange(t.count)] for _ in range(3)] + ["9999"]
    own = [u for u in state.units if u.side == side] or state.units
    u = rng.choice(own)
    kind = rng.randrange(12)
    name = rng.choice([u.name, rng.choice(names)])
    if kind == 0:
        return Move(name, tuple(rng.sample(hexes, rng.randint(1, 3))))
    if kind == 1:
        return Pivot(name, rng.random() < 0.5)
    if kind == 2:
        return Hold(name)
    if kind == 3:
        return Fire(name, rng.randrange(-1, 10), rng.choice(names), rng.randint(0, 7))
    if kind == 4:
        return Arc(name, rng.randrange(-1, 10), aim=rng.choice(hexes))
    if kind == 5:
        return Arc(name, rng.randrange(-1, 10), target=rng.choice(names))
    if kind == 6:
        return Overwatch(name, rng.randrange(-1, 10), rng.randrange(-2, 8), rng.randint(-1, 7))
    if kind == 7:
        return React(name, rng.randint(-1, 7))
    if kind == 8:
        return Designate(name, rng.choice(names))
    if kind == 9:
        return Smoke(name, rng.choice(hexes))
    if kind == 10:
        return Deploy(name, rng.choice(hexes), rng.randrange(-1, 7))
    return End(name)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(20, 250), wild=st.floats(0.0, 0.6))
def test_random_battles_keep_every_invariant_and_refuse_illegal_actions_cleanly(seed, steps, wild):
    """GB-6.1, GB-7.1, GB-3.5, GB-7.4: random play mixed with random (mostly illegal)
    actions; a refusal names its rule and changes nothing."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"p%d" % seed))
    dice = Dice(b"pp%d" % seed)
    for _ in range(steps):
        sides = RS.to_act(state)
        if not sides:
            break
        side = min(sides)
        if rng.random() < wild:
            action = _random_action(state, rng.choice((0, 1)), rng)
            before = msgspec.msgpack.encode(state)
            try:
                RS.apply(state, side, action, dice)
            except IllegalAction as e:
                assert str(e) and e.rule.startswith("GB-"), e
                assert msgspec.msgpack.encode(state) == before, "a refusal changed the state"
        else:
            RS.apply(state, side, RS.random_action(state, side, rng), dice)
        _invariants(state)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_options_name_only_legal_actions(seed):
    """Every action the options offer (the legal-action sample) passes the legality check;
    the random action is always one of the legal kinds (GB-6, GB-7.1)."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"o%d" % seed))
    dice = Dice(b"oo%d" % seed)
    for _ in range(rng.randint(0, 120)):
        sides = RS.to_act(state)
        if not sides:
            return
        side = min(sides)
        RS.apply(state, side, RS.random_action(state, side, rng), dice)
    sides = RS.to_act(state)
    if not sides:
        return
    side = min(sides)
    acts = RS.legal_actions(state, side)
    assert acts
    for a in rng.sample(acts, min(25, len(acts))):
        RS.check(state, side, a)
    assert not RS.legal_actions(state, 1 - side)
    concede = RS.concession(state, 1 - side)
    assert isinstance(concede, Concede)
    RS.check(state, 1 - side, concede)
