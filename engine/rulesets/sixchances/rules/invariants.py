"""The state's invariants (SC-1.3, SC-1.7, SC-1.9, SC-8.1, SC-12.1.1), checked after every
action by tests and self-play.
"""

from __future__ import annotations

from engine.rulesets.sixchances.board import is_cell
from engine.rulesets.sixchances.catalog import REINFORCEMENT_DICE
from engine.rulesets.sixchances.rules.common import label_index
from engine.rulesets.sixchances.state import State

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raise ``AssertionError`` when the state breaks an invariant: N tokens of each colour
    across the bag, both reserves and all squads (SC-1.3); no negative count; no squad on
    the table without tokens (SC-8.1); unique labels below each player's label counter
    (SC-1.7); unused dice a subset of the six (SC-1.9); distinct cells on the field
    (SC-12.1.1); the phase consistent with the pending attack and the result."""
    n = state.setup.tokens_per_colour
    totals = [state.bag.pot, state.bag.res, state.bag.sup]
    for side, p in enumerate(state.players):
        r = p.reserve
        assert min(r.pot, r.res, r.sup) >= 0, f"negative reserve for side {side}: {r}"
        totals[0] += r.pot
        totals[1] += r.res
        totals[2] += r.sup
        labels = set()
        for sq in p.squads:
            assert min(sq.pot, sq.res, sq.sup) >= 0, f"negative level in {sq}"
            assert sq.pot + sq.res + sq.sup > 0, f"empty squad {sq.label} on the table (SC-8.1)"
            assert sq.label not in labels, f"label {sq.label} twice (SC-1.7)"
            assert sq.label[0] == str(side + 1) and label_index(sq.label) < p.labels, f"bad label {sq.label}"
            labels.add(sq.label)
            totals[0] += sq.pot
            totals[1] += sq.res
            totals[2] += sq.sup
        assert set(p.dice) <= set(REINFORCEMENT_DICE) and len(set(p.dice)) == len(p.dice), p.dice
        if state.phase == "build":
            assert not p.squads, "squads on the table before the reveal"
        else:
            assert p.order is None, "a sealed order after the reveal"
    assert totals == [n, n, n], f"token invariant broken (SC-1.3): {totals} != {n} of each colour"
    if state.setup.field and state.phase != "build":
        cells = [sq.cell for p in state.players for sq in p.squads]
        assert None not in cells and len(set(cells)) == len(cells), f"cells {cells}"
        assert all(is_cell(c) for c in cells if c), cells
    assert (state.pending is not None) == (state.phase == "defend"), "pending attack out of the Defence step"
    assert (state.phase == "over") == bool(state.ending), "result out of the final phase"
    if state.phase == "regroup":
        assert 1 <= state.allowance <= state.die, (state.allowance, state.die)
    assert state.idle <= state.setup.stalemate_turns
