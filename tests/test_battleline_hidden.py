"""Battleline: hidden information (BL-19, BL-20.6) tested by construction.

1. Non-interference: changing another seat's private values (its structure, recoil
   stacks, laser charges, shield structure, volleys' cells, traits, sealed order,
   past orders) never changes anything a seat is given: its view, options, legal
   actions, the preview and check of a draft; across random battles of 2 to 4 mechs.
2. A sealed order never reaches another seat: whatever a seat seals, the others'
   views, options and the events they may read are byte for byte the same.
3. Every event a seat may read is public or addressed to it; private kinds always
   go to their owner; the per-seat record shows others' orders only as "order".
4. After the battle everything is open (BL-20.6).
"""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import Dice
from engine.game import Game
from engine.rulesets.battleline.actions import Concede, Fire, Order
from engine.rulesets.battleline.catalog import CHASSIS
from engine.rulesets.battleline.events import OrderNoted, Rumour
from engine.rulesets.battleline.facts import mech_facts
from engine.rulesets.battleline.notation import format_action
from engine.rulesets.battleline.roster import validate
from engine.rulesets.battleline.state import TurnRecord, Volley
from tests.battleline_support import RS

PRIVATE = (OrderNoted, Rumour)


def perturb(state, seat: int, rng: random.Random):
    """A copy of ``state`` whose private values of every seat but ``seat`` are changed,
    keeping every public fact (cells, who is in, which parts, shields and hand items
    are destroyed, who is ready, notices)."""
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=RS.State)
    mechs = list(s.setup.mechs)
    for other, m in enumerate(s.mechs):
        if other == seat:
            continue
        # another chassis the same build fits on (the chassis is hidden, BL-19.1)
        fits = [c for c in CHASSIS if not validate(msgspec.structs.replace(mechs[other], chassis=c))]
        mechs[other] = msgspec.structs.replace(mechs[other], chassis=rng.choice(fits))
        facts = mech_facts(mechs[other])
        m.structure = [
            rng.randint(1, mx) if v else 0 for v, mx in zip(m.structure, facts.max_structure, strict=True)
        ]
        for f in facts.items:
            st = m.items[f.index]
            if not st.ok:
                continue
            if f.item.has_recoil:
                st.stack = rng.randint(0, 4)
            if f.item.kind == "laser":
                st.charged = rng.random() < 0.5
            if f.item.kind == "shield":
                st.hp = rng.randint(1, f.item.structure)
        mechs[other] = msgspec.structs.replace(
            mechs[other], traits=("Charisma",) if rng.random() < 0.5 else ()
        )
        if s.orders.slots[other] is not None:
            s.orders.slots[other] = Concede() if rng.random() < 0.5 else Order()
    s.setup = msgspec.structs.replace(s.setup, mechs=tuple(mechs))
    s.volleys = [
        v
        if v.seat == seat
        else Volley(v.seat, v.item, v.turn, ((rng.randint(1, s.setup.length), _n(s, v)),), v.harms)
        for v in s.volleys
    ]
    s.history = [
        TurnRecord(r.turn, r.orders, tuple(t if i == seat else "x" for i, t in enumerate(r.texts)), r.dice)
        for r in s.history
    ]
    return s


def _n(state, v: Volley) -> int:
    return mech_facts(state.setup.mechs[v.seat]).items[v.item].item.missiles


def given(state, seat: int) -> bytes:
    """Everything ``seat`` is handed, encoded: view, options, legal actions in notation,
    and the preview and check of a few drafts."""
    acts = RS.legal_actions(state, seat)
    drafts = [Order(speed=1), Order(defence="LT"), Order(fire=(Fire(2, ((5, 1),)),))]
    checks = []
    for d in drafts:
        try:
            RS.check(state, seat, d)
            checks.append("ok")
        except Exception as e:  # noqa: BLE001 - the message itself is compared
            checks.append(str(e))
    previews = [RS.preview(state, seat, d) for d in drafts] if seat in RS.to_act(state) else []
    return msgspec.json.encode(
        [
            RS.view(state, seat),
            RS.options(state, seat),
            [format_action(state, seat, a) for a in acts],
            previews,
            checks,
        ],
        enc_hook=str,
    )


def _battles(n: int, seed: int):
    """(state, events of the last action, rng) along ``n`` random battles."""
    for g in range(n):
        rng = random.Random(seed * 100_000 + g)
        state, opening = RS.new_state(RS.random_setup(rng), Dice(b"h%d" % g))
        dice = Dice(b"hid%d" % g)
        yield state, opening, rng
        while sides := RS.to_act(state):
            seat = rng.choice(sorted(sides))
            evs = RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
            yield state, evs, rng


def _check(state, evs, rng, counts) -> None:
    n = len(state.mechs)
    for e in evs:
        counts["events"] += 1
        if isinstance(e, PRIVATE):
            assert e.to == (e.seat,), f"{type(e).__name__} not addressed to its owner"
        else:
            assert e.to is None, f"{type(e).__name__} is private"
    if state.over or rng.random() > 0.2:
        return
    for seat in range(n):
        other = perturb(state, seat, random.Random(rng.random()))
        assert given(other, seat) == given(state, seat), "a private value leaked"
        counts["views"] += 1


def test_views_options_and_events_leak_nothing_across_random_battles():
    """BL-19.1, BL-19.6: over 60 random battles (500 with -m slow)."""
    counts = {"views": 0, "events": 0}
    for state, evs, rng in _battles(60, 1):
        _check(state, evs, rng, counts)
    assert counts["views"] > 500 and counts["events"] > 5000


@pytest.mark.slow
def test_views_options_and_events_leak_nothing_across_500_battles():
    counts = {"views": 0, "events": 0}
    for state, evs, rng in _battles(500, 2):
        _check(state, evs, rng, counts)
    assert counts["events"] > 50000


def test_a_sealed_order_never_reaches_another_seat():
    """BL-4.1: with one seat's order sealed, every other seat is given the same, and reads
    the same events, whatever that order was (a concession included, BL-2.6)."""
    checked = 0
    for g in range(150):
        rng = random.Random(g)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"s%d" % g))
        dice = Dice(b"sd%d" % g)
        for _ in range(rng.randint(0, 6)):  # a few turns in
            if not RS.to_act(state):
                break
            for seat in sorted(RS.to_act(state)):
                RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
                if not RS.to_act(state) or state.over:
                    break
        if len(RS.to_act(state)) < 2:
            continue
        seat = rng.choice(sorted(RS.to_act(state)))
        others = [s for s in RS.to_act(state) if s != seat]
        outcomes = set()
        for k in range(4):
            s = RS.copy_state(state)
            order = Concede() if k == 3 else RS.random_action(s, seat, random.Random(1000 * g + k))
            evs = RS.apply(s, seat, order, Dice(b"x"))
            seen = tuple(
                (o, tuple(msgspec.json.encode(e) for e in evs if e.visible_to(o)), given(s, o))
                for o in others
            )
            outcomes.add(seen)
        assert len(outcomes) == 1, f"battle {g}: another seat can tell the sealed orders apart"
        checked += 1
    assert checked > 100


def test_the_seat_record_and_log_show_others_only_that_an_order_was_made():
    """BL-4.1, BL-19.6: a seat's log has no other seat's OrderNoted or Rumour, and the
    record shows their orders as ``order``; its own in full."""
    rng = random.Random(5)
    for g in range(5):
        game = Game(RS, RS.random_setup(random.Random(g)), seed=b"r%d" % g)
        seats = game.seats()
        for _ in range(40):
            if not game.to_act():
                break
            seat = seats[rng.choice(sorted(game.to_act()))]
            seat.submit(seat.random_action(rng))
        for seat in seats:
            for entry in seat.log():
                if isinstance(entry.event, PRIVATE):
                    assert entry.event.seat == seat.seat
            for rec, entry in zip(game.records, seat.record(), strict=True):
                assert entry.text == (rec.text if rec.side == seat.seat else "order")


def test_bl_20_6_after_the_battle_every_seat_sees_everything():
    """BL-20.6 (BL-AMB-49): once over, every seat's view holds every mech whole and every
    order of the history."""
    for g in range(10):
        rng = random.Random(g)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"e%d" % g))
        dice = Dice(b"ed%d" % g)
        while sides := RS.to_act(state):
            seat = min(sides)
            RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
        full = RS.view(state, None)
        for seat in range(len(state.mechs)):
            v = RS.view(state, seat)
            assert msgspec.structs.replace(v, viewer=None, rumours=()) == msgspec.structs.replace(
                full, rumours=()
            )
            assert all(m.parts is not None for m in v.mechs)
            assert all(
                all(t for t, rec in zip(h.orders, r.orders, strict=True) if rec is not None)
                for h, r in zip(v.history, state.history, strict=True)
            )
