"""Stateful fuzzing (Hypothesis RuleBasedStateMachine) of a whole game through
engine.game.Game: legal and illegal actions in any order. Illegal ones are refused
with a readable reason and change nothing; legal ones keep the invariants; after
every step the save decodes back to an equal state and replaying the record gives
the live state."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.game import Game
from engine.record import decode_save
from engine.ruleset import ActionError, get
from tests.test_eva_properties import ACTIONS


class EvaMachine(RuleBasedStateMachine):
    rs = get("eva")

    @initialize(seed=st.integers(0, 10**6))
    def start(self, seed):
        rng = random.Random(seed)
        self.rng = rng
        self.game = Game(self.rs, self.rs.random_setup(rng), seed=b"fuzz%d" % seed)

    @rule(n=st.integers(1, 30))
    def play_legal(self, n):
        for _ in range(n):
            sides = self.game.to_act()
            if not sides:
                return
            side = min(sides)
            self.game.submit(side, self.rs.random_action(self.game.state, side, self.rng))
            self.rs.check_invariants(self.game.state)

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
            self.rs.check_invariants(self.game.state)

    @rule(side=st.integers(0, 1), text=st.text(max_size=40))
    def type_anything(self, side, text):
        before = msgspec.msgpack.encode(self.game.state)
        try:
            self.game.submit(side, text)
        except ActionError as e:
            assert str(e)
            assert msgspec.msgpack.encode(self.game.state) == before

    @rule(side=st.integers(0, 1))
    def undo(self, side):
        self.game.undo(side)
        self.rs.check_invariants(self.game.state)

    @invariant()
    def save_and_replay_agree(self):
        if not hasattr(self, "game"):
            return
        save = decode_save(msgspec.json.encode(self.game.to_save()))
        snap = msgspec.json.decode(save.snapshot, type=self.rs.State)
        assert snap == self.game.state
        replayed = Game.from_save(save)
        assert msgspec.msgpack.encode(replayed.state) == msgspec.msgpack.encode(self.game.state)


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
