"""Three Kingdoms hidden information: nothing is secret but the active side's
orders until each resolves (TK-2.4). The other side's view, options, legal actions,
decision and log never hold an order before it resolves, whatever the orders are;
checked by construction (change the orders, nothing the other side is given
changes) over many random battles."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import Dice
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import ORDER_TYPES, Cancel, Defend
from engine.rulesets.kingdoms.options import candidates
from engine.rulesets.kingdoms.rules.board import board


def given(state, side: int) -> bytes:
    """Everything ``side`` is handed: view, options, legal actions (in notation), the
    decision put to it, and whether its screen holds something private."""
    acts = RULESET.legal_actions(state, side)
    decision = RULESET.decision(state, side)
    return msgspec.json.encode(
        [
            RULESET.view(state, side),
            RULESET.options(state, side),
            [RULESET.format_action(state, side, a) for a in acts],
            None
            if decision is None
            else [decision.prompt, [(c.notation, c.label, c.detail, str(c.odds)) for c in decision.choices]],
            RULESET.private_on_screen(state, side),
        ],
        enc_hook=str,
    )


def _other_orders(state, rng: random.Random):
    """A copy of ``state`` whose unresolved orders of the active side are changed: while
    they are being written, replaced by other legal orders (or none); once given, each
    unrevealed one replaced by DEFEND."""
    s = RULESET.copy_state(state)
    if s.stage == "orders":
        bd = board(s)
        new = []
        for r in s.regiments:
            if r.on_map and r.side == s.active and rng.random() < 0.5:
                options = candidates(s, bd, r)
                if options:
                    new.append(rng.choice(options))
        s.orders = [o for o in new if not hasattr(o, "other")]
    else:
        shown = set(s.revealed)
        s.orders = [o if o.regiment in shown else Defend(regiment=o.regiment) for o in s.orders]
    return s


def _check_games(n: int, seed: int) -> int:
    checked = 0
    for g in range(n):
        rng = random.Random(seed * 10_000 + g)
        st, opening = RULESET.new_state(RULESET.random_setup(rng), Dice(b"v%d" % g))
        dice = Dice(b"views%d" % g)
        while sides := RULESET.to_act(st):
            side = min(sides)
            passive = 1 - st.active
            unresolved = [o for o in st.orders if o.regiment not in st.revealed]
            if unresolved or st.stage == "orders":
                other = _other_orders(st, rng)
                assert given(other, passive) == given(st, passive), "an order reached the other side"
                checked += 1
            action = RULESET.random_action(st, side, rng)
            writing = st.stage == "orders" and isinstance(action, (*ORDER_TYPES, Cancel))
            public = RULESET.public_text(st, side, action)
            events = RULESET.apply(st, side, action, dice)
            if writing:
                assert not [e for e in events if e.visible_to(passive)], (
                    "writing an order told the other side"
                )
                assert public == "ORDER"
    return checked


def test_the_other_side_learns_no_order_before_it_resolves_tk_2_4():
    """TK-2.4: over 60 random battles, at every action: the passive side's view, options,
    legal actions, decision and screen are byte for byte the same whatever the active
    side's unresolved orders are; writing an order gives it no event (500 with -m slow)."""
    assert _check_games(60, 1) > 3000


@pytest.mark.slow
def test_the_other_side_learns_no_order_before_it_resolves_across_500_battles():
    assert _check_games(500, 2) > 25000


def test_the_map_and_every_regiment_are_open_to_both_sides():
    """Everything but the orders is open: both sides' views of the regiments, bases and
    fortresses are the same."""
    st, _ = RULESET.new_state(RULESET.random_setup(random.Random(3)), Dice(b"o"))
    a, b = RULESET.view(st, 0), RULESET.view(st, 1)
    assert a.regiments == b.regiments and a.bases == b.bases and a.links == b.links
    assert len(a.regiments) == len(st.regiments)


def test_the_active_side_sees_its_orders_and_the_other_only_those_revealed():
    """The active side's view lists its orders as written; the other side's lists none
    until they resolve; the hand-over to the other side needs a curtain only while the
    active side's screen holds its orders (Handovers)."""
    from engine.rulesets.kingdoms.scenario import load_bundled
    from engine.rulesets.kingdoms.state import Setup

    st, _ = RULESET.new_state(Setup(scenario=load_bundled("fan_river")), Dice(b"x"))
    RULESET.apply(st, 0, RULESET.parse_action(st, 0, "S2 MOVE B2-B4"), Dice(b"x"))
    assert RULESET.view(st, 0).orders == ("S2 MOVE B2-B4",)
    assert RULESET.view(st, 1).orders == ()
    assert RULESET.view(st, None).orders == ("S2 MOVE B2-B4",)
    assert RULESET.private_on_screen(st, 0) and not RULESET.private_on_screen(st, 1)
