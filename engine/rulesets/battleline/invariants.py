"""The invariants of a Battleline state, checked after every action in selfplay and
fuzzing (raise AssertionError when one is broken)."""

from __future__ import annotations

from engine.rulesets.battleline.actions import Concede, Order
from engine.rulesets.battleline.catalog import ARM_OF_SIDE_TORSO, LL, RL
from engine.rulesets.battleline.rules.turn import loss_reasons
from engine.rulesets.battleline.state import State, facts_of, line_of

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Structure within 0..max (BL-3.2); an item in a destroyed part never works
    (BL-18.1); a destroyed side torso has taken its arm with it (BL-18.4); leg modules stop with a leg (BL-18.5); a charged laser works (BL-15.7);
    a shield's structure within 0..max and 0 when it is destroyed (BL-17.5, BL-17.6);
    recoil stacks >= 0 (BL-11.2); mechs on the line; a mech in the battle meets no loss
    condition and one out of it has its reasons (BL-2.3); sealed orders only for mechs
    in the battle; volleys only from the turn before, from mechs that did not concede
    (BL-14.3, BL-2.6); the outcome set exactly when the battle is over."""
    ln = line_of(state.setup)
    assert state.turn >= 1
    for seat, mech in enumerate(state.mechs):
        facts = facts_of(state, seat)
        assert ln.contains(mech.position), f"seat {seat} off the line"
        assert len(mech.structure) == 8 and len(mech.items) == len(facts.items)
        for p, s in enumerate(mech.structure):
            assert 0 <= s <= facts.max_structure[p], f"seat {seat} part {p} structure {s}"
        for torso, arm in ARM_OF_SIDE_TORSO.items():
            if mech.structure[torso] == 0:
                assert mech.structure[arm] == 0, "a side torso destroyed without its arm"
        for f in facts.items:
            st = mech.items[f.index]
            if any(mech.structure[p] == 0 for p in f.parts):
                assert not st.ok, f"{f.label} works in a destroyed part"
            if f.item.kind == "jets" and (mech.structure[LL] == 0 or mech.structure[RL] == 0):
                assert not st.ok
            assert not st.charged or (st.ok and f.item.kind == "laser"), f"{f.label} charged"
            assert st.stack >= 0 and (st.stack == 0 or f.item.has_recoil)
            if f.item.kind == "shield":
                assert 0 <= st.hp <= f.item.structure
                assert st.ok == (st.hp > 0 and mech.structure[f.parts[0]] > 0), "shield state"
            else:
                assert st.hp == 0
        if mech.in_battle:
            assert not mech.lost and not loss_reasons(mech), f"seat {seat} should have lost"
        else:
            assert mech.lost and mech.lost_turn >= 1
            assert state.orders.slots[seat] is None
            if "conceded" in mech.lost:
                assert all(v.seat != seat for v in state.volleys)
            else:
                assert set(mech.lost) == set(loss_reasons(mech))
        order = state.orders.slots[seat]
        assert order is None or isinstance(order, Order | Concede)
    for v in state.volleys:
        assert v.turn <= state.turn if state.over else v.turn == state.turn - 1
        assert sum(k for _, k in v.cells) == facts_of(state, v.seat).items[v.item].item.missiles
    fighting = [s for s, m in enumerate(state.mechs) if m.in_battle]
    if state.over:
        assert (state.winner is None) != (not state.draw)
        assert state.reason and state.rule
        assert all(o is None for o in state.orders.slots)
    else:
        assert len(fighting) >= 2 and state.winner is None and not state.draw
    assert [r.turn for r in state.history] == list(range(1, len(state.history) + 1))
