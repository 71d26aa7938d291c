"""The random player's one-step playout (``random_step``, the RandomSteps capability)
draws exactly what ``random_action`` draws and leaves exactly the state and events that
``apply`` of that action leaves: it resolves the plan its single check returned
(EVA-6.2: every action is checked before it is resolved)."""

from __future__ import annotations

import random

import msgspec

from engine.dice import Dice
from engine.ruleset import RandomSteps, get

RS = get("eva")


def test_the_eva_ruleset_offers_random_steps():
    assert isinstance(RS, RandomSteps)


def test_random_step_draws_and_resolves_as_random_action_then_apply():
    """Two plays of the same games, one by random_action then apply, one by random_step
    (on a copy made at each activation's start, as a search bot's playout does): the
    same action, events, dice and state after every action, to the end of each game."""
    actions = 0
    for seed in range(1, 13):
        rng_a = random.Random(seed)
        setup = RS.random_setup(rng_a)
        rng_b = random.Random(seed)
        RS.random_setup(rng_b)
        a, _ = RS.new_state(setup, Dice(b"rs%d" % seed))
        b = RS.copy_state(a)
        dice_a = Dice(b"step%d" % seed)
        dice_b = Dice(b"step%d" % seed)
        while sides := RS.to_act(a):
            side = min(sides)
            assert RS.to_act(b) == sides
            if b.activation is None and b.pending is None:
                b = RS.copy_state(b)
            action = RS.random_action(a, side, rng_a)
            events = RS.apply(a, side, action, dice_a)
            drawn, events_b = RS.random_step(b, side, rng_b, dice_b)
            assert drawn == action
            assert msgspec.json.encode(events_b) == msgspec.json.encode(events)
            assert b == a
            actions += 1
        assert dice_a.log == dice_b.log
        assert RS.result(b) == RS.result(a)
    assert actions > 1000


def test_random_step_of_a_seat_that_may_not_act_changes_nothing():
    """A seat that is not to act has no legal action: None, the state and the generator
    untouched (EVA-5.4)."""
    rng = random.Random(3)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"idle"))
    for _ in range(40):
        side = min(RS.to_act(state))
        RS.random_step(state, side, rng, Dice(b"idle-play"))
    idle = 1 - min(RS.to_act(state))
    before = msgspec.json.encode(state)
    rng_state = rng.getstate()
    assert RS.random_step(state, idle, rng, Dice(b"x")) is None
    assert msgspec.json.encode(state) == before
    assert rng.getstate() == rng_state
