"""Hidden information in what a seat is *given to choose from*, not only in its view:
changing the other seats' private values changes nothing of a seat's options, legal
actions, decision or view (EVA-18, SC-2.5), over random games of every system.

Each system has its own private values, so each has its own perturbation: EVA the
opponent's armour, AT field, energy, Shield points, unrevealed equipment, stowed
weapons and private traumas (EVA-18.3); Six Chances the other player's sealed
starting squads before the reveal (SC-2.5; everything else is open, SC-1.11).
"""

from __future__ import annotations

import random

import msgspec

from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.sixchances.roster import suggested_builds
from tests.test_hidden_information import _perturb as eva_perturb


def _given(rs, state, side: int) -> bytes:
    """Everything ``side`` is handed, encoded: view, options, legal actions (in
    notation) and the decision put to it."""
    acts = rs.legal_actions(state, side) if side in rs.to_act(state) else []
    decision = rs.decision(state, side) if hasattr(rs, "decision") else None
    return msgspec.json.encode(
        [
            rs.view(state, side),
            rs.options(state, side),
            [rs.format_action(state, side, a) for a in acts],
            None
            if decision is None
            else [decision.prompt, [(c.notation, c.label, c.detail, str(c.odds)) for c in decision.choices]],
        ],
        enc_hook=str,
    )


def test_eva_options_and_legal_actions_ignore_the_opponents_private_values_eva_18_3():
    """EVA-18.3, EVA-18.5: a side's options (reachable squares and their energy, targets
    with their odds, melee, neutralisation, jumps, swaps), its legal actions and its view
    are byte for byte the same when the opponent's private values are changed."""
    rs = get("eva")
    checked = 0
    for g in range(40):
        rng = random.Random(7000 + g)
        state, _ = rs.new_state(rs.random_setup(rng), Dice(b"ho%d" % g))
        dice = Dice(b"hidden-options%d" % g)
        while sides := rs.to_act(state):
            if rng.random() < 0.15:
                for side in (0, 1):
                    other = eva_perturb(state, side, random.Random(rng.random()))
                    assert _given(rs, other, side) == _given(rs, state, side), (
                        "a private value reached the options"
                    )
                    checked += 1
            side = min(sides)
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
    assert checked > 500


def test_sixchances_options_ignore_the_other_sealed_order_sc_2_5():
    """SC-2.5: while the starting squads are being built, what a player is given does not
    depend on whether or what the other player has sealed."""
    rs = get("sixchances")
    checked = 0
    for g in range(60):
        rng = random.Random(8000 + g)
        state, _ = rs.new_state(rs.random_setup(rng), Dice(b"sc%d" % g))
        dice = Dice(b"sc-hidden%d" % g)
        first = rng.randint(0, 1)
        rs.apply(state, first, rs.random_action(state, first, rng), dice)
        other = 1 - first
        assert state.phase == "build"
        # the sealed order of `first` replaced by each other valid order it could have sealed
        r = state.players[first].reserve
        for alt in suggested_builds(state.setup, first, (r.pot, r.res, r.sup))[:4]:
            changed = rs.copy_state(state)
            changed.players[first].order = alt
            assert _given(rs, changed, other) == _given(rs, state, other)
            checked += 1
        # and not sealed at all: the other player is given the same but who is ready
        unsealed = rs.copy_state(state)
        unsealed.players[first].order = None
        assert rs.options(unsealed, other) == rs.options(state, other)
        assert rs.legal_actions(unsealed, other) == rs.legal_actions(state, other)
    assert checked > 60
