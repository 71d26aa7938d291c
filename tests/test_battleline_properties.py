"""Battleline property tests (Hypothesis) over random battles of 2 to 4 mechs:
structure stays within bounds; packets are resolved in packet order (BL-4.7); dice are
rolled only in R8 (BL-4.6); random illegal orders are refused with their rules and
change nothing (BL-4.3); the arrival order of orders never matters (BL-4.1)."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.ruleset import IllegalAction
from engine.rulesets.battleline.actions import Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.catalog import PARTS
from engine.rulesets.battleline.facts import DEFENCES, mech_facts
from engine.rulesets.battleline.rules import turn as turn_module
from engine.rulesets.battleline.rules.validate import plan_order
from tests.battleline_support import RS

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _advance(seed: int, turns: int):
    """A random battle ``turns`` turns in (or over), with its rng and dice."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"p%d" % seed))
    dice = Dice(b"pd%d" % seed)
    while state.turn <= turns and RS.to_act(state):
        seat = rng.choice(sorted(RS.to_act(state)))
        RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
    return state, rng, dice


class _R8Dice(Dice):
    """Dice that refuse to roll outside step R8 (BL-4.6)."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.in_r8 = False

    def _next(self, n, sides, to):
        assert self.in_r8, "a die rolled outside R8"
        assert (n, sides) in ((2, 6), (1, 2), (1, 4)), f"{n}d{sides} is not a Battleline roll"
        return super()._next(n, sides, to)


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_bl_3_2_bl_4_6_bl_4_7_structure_packet_order_and_dice_only_in_r8(seed):
    """BL-3.2: structure within 0..max; BL-4.7: packets in packet order (group, attacker
    seat, mount order, cell, victim seat); BL-4.6: dice only in R8, 2d6 then at most
    one d2 or d4 per ranged packet, none for melee."""
    real = turn_module.resolve_packet
    seen: list[tuple] = []
    dice = _R8Dice(b"r8%d" % seed)

    def recording(state, packet, defence, d, faces):
        group = {"melee": 0, "cannon": 1, "mg": 1, "missile": 2, "laser": 3}[packet.source]
        seen.append(
            (
                state.turn,
                group,
                packet.attacker,
                packet.item,
                state.mechs[packet.victim].position,
                packet.victim,
            )
        )
        before = len(d.log)
        d.in_r8 = True
        try:
            hit = real(state, packet, defence, d, faces)
        finally:
            d.in_r8 = False
        rolls = [r.expr for r in d.log[before:]]
        assert rolls == (
            [] if packet.melee else ["2d6"] + ([f"d{hit.defence_die}"] if hit.defence_die else [])
        )
        return hit

    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"x"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(turn_module, "resolve_packet", recording)
        while RS.to_act(state):
            seat = rng.choice(sorted(RS.to_act(state)))
            RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
            for s, m in enumerate(state.mechs):
                top = mech_facts(state.setup.mechs[s]).max_structure
                assert all(0 <= v <= t for v, t in zip(m.structure, top, strict=True))
    by_turn: dict[int, list] = {}
    for key in seen:
        by_turn.setdefault(key[0], []).append(key[1:])
    for keys in by_turn.values():
        assert keys == sorted(keys), "packets out of packet order"


def _orders(state, seat: int):
    """A strategy of arbitrary orders for ``seat``: fields in and out of range."""
    n = len(mech_facts(state.setup.mechs[seat]).items)
    seats = st.integers(-1, len(state.mechs))
    cells = st.tuples(st.integers(-1, state.setup.length + 1), st.integers(-1, 12))
    return st.builds(
        Order,
        speed=st.integers(-2, 9),
        heading=st.none() | seats,
        direction=st.integers(-2, 2),
        cover=st.booleans(),
        defence=st.sampled_from((*DEFENCES, "XX")),
        melee=st.none() | st.builds(Melee, st.integers(-1, n), seats, st.sampled_from((*PARTS, "ZZ"))),
        fire=st.lists(
            st.builds(Fire, st.integers(-1, n), st.lists(cells, max_size=11).map(tuple)), max_size=3
        ).map(tuple),
        lasers=st.lists(
            st.builds(
                LaserOrder, st.integers(-1, n), st.sampled_from(("charge", "hold", "fire", "vent")), seats
            ),
            max_size=3,
        ).map(tuple),
    )


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6), turns=st.integers(1, 8))
def test_bl_4_3_random_orders_are_refused_with_their_rules_and_change_nothing(data, seed, turns):
    """BL-4.3: an order is accepted exactly when validation finds no problem; a refused
    order raises IllegalAction naming the rules (BL-...) and leaves the state as it was."""
    state, _, dice = _advance(seed, turns)
    if not RS.to_act(state):
        return
    seat = data.draw(st.sampled_from(sorted(RS.to_act(state))))
    for _ in range(10):
        order = data.draw(_orders(state, seat))
        problems = plan_order(state, seat, order).problems
        before = msgspec.msgpack.encode(state)
        try:
            RS.check(state, seat, order)
        except IllegalAction as err:
            assert problems and str(err) and err.rule.startswith(("BL-", "BLC-"))
            assert set(err.rule.split(", ")) == {p.rule for p in problems}
            with pytest.raises(IllegalAction):
                RS.apply(state, seat, order, dice)
            assert msgspec.msgpack.encode(state) == before
        else:
            assert not problems


@SETTINGS
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 6), shuffle=st.randoms(use_true_random=False))
def test_bl_4_1_the_arrival_order_never_changes_the_result(seed, turns, shuffle):
    """BL-4.1: the same orders sealed in another order give the same state and report."""
    state, rng, _ = _advance(seed, turns)
    if not RS.to_act(state):
        return
    orders = {s: RS.random_action(state, s, rng) for s in sorted(RS.to_act(state))}
    results = set()
    for arrival in (sorted(orders), shuffle.sample(sorted(orders), len(orders))):
        s = RS.copy_state(state)
        d = Dice(b"same")
        events = []
        for seat in arrival:
            events += RS.apply(s, seat, orders[seat], d)
        report = tuple(e.text() for e in events if type(e).__name__ not in ("OrderSealed", "OrderNoted"))
        results.add((msgspec.msgpack.encode(s), report))
    assert len(results) == 1


@SETTINGS
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 10))
def test_copies_play_exactly_as_the_original(seed, turns):
    """copy_state: a copy is independent and plays exactly as the original."""
    state, rng, _ = _advance(seed, turns)
    copy = RS.copy_state(state)
    assert copy == state
    for s in (state, copy):
        r = random.Random(seed)
        d = Dice(b"c")
        while RS.to_act(s):
            seat = r.choice(sorted(RS.to_act(s)))
            RS.apply(s, seat, RS.random_action(s, seat, r), d)
    assert copy == state


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_random_orders_are_valid_and_battles_end(seed):
    """Every random order is valid (BL-4.3), every state keeps its invariants, and a
    random battle ends by its turn limit at the latest (BL-2.7)."""
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"v"))
    dice = Dice(b"vd")
    while RS.to_act(state):
        seat = rng.choice(sorted(RS.to_act(state)))
        order = RS.random_action(state, seat, rng)
        assert not plan_order(state, seat, order).problems
        RS.apply(state, seat, order, dice)
        RS.check_invariants(state)
    assert state.over and RS.result(state) is not None
    assert state.turn <= state.setup.turn_limit
