"""Three Kingdoms properties (Hypothesis): over random battles men are never
negative, morale stays within 0-200 (TK-10.1), no side exceeds a base's capacity
(TK-3.2), every phase ends with a control update (TK-2.4 step 7a); random orders,
legal or not, are either taken or refused with a reason and the state unchanged."""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import (
    Attack,
    BuildRam,
    Cancel,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Flee,
    Merge,
    Move,
    Provoke,
    Ready,
    Stratagem,
)
from engine.rulesets.kingdoms.events import PhaseBegan, Step

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _battle(seed: int):
    rng = random.Random(seed)
    state, events = RULESET.new_state(RULESET.random_setup(rng), Dice(b"prop%d" % seed))
    return rng, state, events


@FAST
@given(st.integers(0, 10**6))
def test_invariants_hold_and_every_phase_updates_control_tk_10_1_tk_3_2_tk_2_4(seed):
    """TK-10.1, TK-3.2, TK-2.4: after every action the invariants hold (men 0..initial,
    morale 0..200, capacity); each phase that ends runs step 7a."""
    rng, state, log = _battle(seed)
    dice = Dice(b"run%d" % seed)
    while RULESET.to_act(state):
        side = min(RULESET.to_act(state))
        log += RULESET.apply(state, side, RULESET.random_action(state, side, rng), dice)
        RULESET.check_invariants(state)
        for r in state.regiments:
            assert r.strength >= 0 and 0 <= r.morale <= 200
    phases = [i for i, e in enumerate(log) if isinstance(e, PhaseBegan)]
    ends = phases[1:] + [len(log)]
    for start, end in zip(phases, ends, strict=True):
        assert any(isinstance(e, Step) and e.step == "7a" for e in log[start:end])


def _random_order(draw, state):
    regs = [r.id for r in state.regiments] + ["S99", "X1"]
    bases = [b.id for b in state.scenario.bases] + ["B99"]
    rid = draw(st.sampled_from(regs))
    target = draw(st.sampled_from(regs))
    path = tuple(draw(st.lists(st.sampled_from(bases), min_size=0, max_size=4)))
    mount = draw(st.sampled_from([None, "mount", "dismount"]))
    kind = draw(st.integers(0, 12))
    cards = [c.id for c in state.scenario.cards] + ["C9"]
    forts = [b.id for b in state.scenario.bases]
    return [
        Defend(
            regiment=rid,
            screen=draw(st.sampled_from([None, target])),
            release=draw(st.booleans()),
            mount=mount,
        ),
        Move(regiment=rid, path=path, mount=mount),
        Attack(
            regiment=rid,
            target=target,
            path=path,
            simultaneous=draw(st.booleans()),
            then=draw(st.sampled_from([None, *bases])),
            mount=mount,
        ),
        Fire(regiment=rid, target=target, mount=mount),
        Challenge(
            regiment=rid,
            target=target,
            fallback=draw(st.sampled_from([None, Defend(regiment=rid), Move(regiment=rid, path=path)])),
        ),
        Provoke(regiment=rid, target=target),
        Merge(regiment=rid, other=target),
        BuildRam(regiment=rid, fortress=draw(st.sampled_from(forts))),
        ClimbWall(regiment=rid, fortress=draw(st.sampled_from(forts))),
        Stratagem(regiment=rid, card=draw(st.sampled_from(cards))),
        Flee(regiment=rid),
        Cancel(regiment=rid),
        Ready(),
    ][kind]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 60), st.data())
def test_random_orders_are_taken_or_refused_with_a_reason_and_no_change(seed, steps, data):
    """TK-2.8: any order, legal or not, for either side: either it is taken, or it is
    refused with a sentence and a rule (or a turn refusal) and the state is unchanged."""
    rng, state, _ = _battle(seed)
    dice = Dice(b"ill%d" % seed)
    for _ in range(steps):
        sides = RULESET.to_act(state)
        if not sides:
            return
        side = min(sides)
        RULESET.apply(state, side, RULESET.random_action(state, side, rng), dice)
    if not RULESET.to_act(state):
        return
    for _ in range(5):
        order = _random_order(data.draw, state)
        side = data.draw(st.integers(0, 1))
        before = msgspec.msgpack.encode(state)
        try:
            RULESET.apply(state, side, order, dice)
        except IllegalAction as exc:
            assert str(exc)
            assert msgspec.msgpack.encode(state) == before
        else:
            RULESET.check_invariants(state)
        if not RULESET.to_act(state):
            return


WORDS = [
    "S3",
    "W2",
    "B4-B6",
    "ATTACK",
    "MOVE",
    "IF",
    "REFUSED:",
    "ВЫЗОВ",
    "ЕСЛИ",
    "ОТКАЗ:",
    "THEN",
    "B2",
    ":",
    ",",
    "→",
    "Xiahou",
    "Dun",
    "READY",
    "SCREEN",
    "DEFEND",
]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)))
def test_any_text_is_an_action_or_one_of_the_three_errors(text):
    """Notation: any text, for either side, parses or raises NotationError,
    IllegalAction or AmbiguousAction (ActionError), never anything else."""
    from engine.ruleset import ActionError
    from engine.rulesets.kingdoms.scenario import load_bundled
    from engine.rulesets.kingdoms.state import Setup

    state, _ = RULESET.new_state(Setup(scenario=load_bundled("fan_river")), Dice(b"text"))
    for side in (0, 1):
        try:
            RULESET.parse_action(state, side, text)
        except ActionError as exc:
            assert str(exc)
