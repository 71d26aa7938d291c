"""Stateful fuzzing of the Eva game with arbitrary action structs (legal or not),
on top of the machine every system gets (tests/test_fuzz_systems.py): illegal
ones are refused with a readable reason and change nothing; legal ones keep the
invariants; the save/replay invariant of the base machine holds after every step."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import rule

from engine.ruleset import ActionError, get
from tests.test_eva_properties import ACTIONS
from tests.test_fuzz_systems import _machine

RS = get("eva")


class EvaMachine(_machine("eva")):
    @rule(side=st.integers(0, 1), action=ACTIONS)
    def play_anything(self, side, action):
        before = msgspec.msgpack.encode(self.game.state)
        n = len(self.game.records)
        try:
            self.game.submit(side, action)
        except ActionError as e:
            assert str(e)
            assert msgspec.msgpack.encode(self.game.state) == before
            assert len(self.game.records) == n
        else:
            RS.check_invariants(self.game.state)


EvaMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestEvaMachine = EvaMachine.TestCase


class LongEvaMachine(EvaMachine):
    pass


LongEvaMachine.TestCase.settings = settings(
    max_examples=500, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestLongEvaMachine = pytest.mark.slow(LongEvaMachine.TestCase)
