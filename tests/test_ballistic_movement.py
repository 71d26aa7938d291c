"""Movement and facing: the MP pool and automatic Move actions, steps, rubble,
elevation, buildings, passing through friends, pivots and holding position (GB-3.4
to GB-3.6, GB-6, GB-7), with the worked example GB-EX-6."""

from __future__ import annotations

import pytest
from ballistic_support import RS, acted, events_of, play, position, snapshot, unit

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.events import MoveOpened, Pivoted, Stepped
from engine.rulesets.ballistic.rules.movement import reach


def _refused(state, side, text, rule):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        play(state, side, text)
    assert e.value.rule == rule, str(e.value)
    assert snapshot(state) == before
    return e.value


def _ex6():
    return position(
        [
            (0, "Warden-M", "Warden", "0505", "N"),
            (0, "Hare-G", "Hare", "0504", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ],
        cells={"0603": "0%"},
    )


def test_gb_ex_6_movement_rubble_passing_a_friend_pivots_and_the_action_count():
    """GB-EX-6 (GB-7.1, GB-7.2, GB-7.4 to GB-7.7): N into the friend's hex opens Move 1 (pool
    5 -> 4); NE into rubble pays 3 (-> 1); N pays 1 (-> 0); the first pivot of the stay is
    free; the second costs 1 MP and opens Move 2 (+5 -> 4). Both actions are Moves, facing
    SE, 4 MP left, moved, 3 hexes entered."""
    s = _ex6()
    w = unit(s, "Warden")
    events = play(s, 0, "Warden move 0504")
    assert [e.pool for e in events_of(events, MoveOpened)] == [5]
    assert (w.pool, w.facing, w.passing) == (4, 0, True)
    _refused(s, 0, "Warden end", "GB-6.5")
    _refused(s, 0, "Warden fire ac40 Far", "GB-7.4")
    _refused(s, 0, "Warden pivot cw", "GB-7.4")
    _refused(s, 0, "Warden hold", "GB-7.4")
    events = play(s, 0, "Warden move 0603")
    assert (w.pool, w.facing, w.passing) == (1, 1, False)
    assert events_of(events, Stepped)[0].cost == 3
    play(s, 0, "Warden move 0602")
    assert (w.pool, w.facing) == (0, 0)
    events = play(s, 0, "Warden pivot cw")
    assert events_of(events, Pivoted)[0].cost == 0 and w.pool == 0 and len(w.slots) == 1
    events = play(s, 0, "Warden pivot cw")
    assert events_of(events, Pivoted)[0].cost == 1 and events_of(events, MoveOpened)[0].pool == 5
    assert (w.facing, w.pool, [x.kind for x in w.slots], w.mp_spent, w.entered) == (
        2,
        4,
        ["move", "move"],
        6,
        3,
    )
    _refused(s, 0, "Warden fire ac40 Far", "GB-6.1")


def test_gb_ex_6_illegal_variations():
    """GB-EX-6: a Red unit in 0603 forbids the step (GB-7.3); with 2 MP in the pool and no
    action left the rubble step is illegal (GB-7.1), and the refused step opens nothing."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0505", "N"),
            (0, "Hare-G", "Hare", "0504", "N"),
            (1, "Jackal", "Red", "0603", "N"),
        ],
        cells={"0603": "0%"},
    )
    play(s, 0, "Warden move 0504")
    _refused(s, 0, "Warden move 0603", "GB-7.3")
    s = _ex6()
    w = unit(s, "Warden")
    w.hex = s.map.tables.index["0604"]
    acted(w, moves=2, mp=8, entered=8)
    w.pool = 2
    _refused(s, 0, "Warden move 0603", "GB-7.1")
    assert len(w.slots) == 2 and w.pool == 2


def test_gb_ex_6_turning_about_in_place_costs_two_mp():
    """GB-EX-6, GB-7.6, GB-AMB-7, GB-AMB-10: 180° in place is three pivots, 0 + 1 + 1 = 2 MP from a Move
    action; the unit has then moved and can no longer hold position."""
    s = _ex6()
    w = unit(s, "Warden")
    for _ in range(3):
        play(s, 0, "Warden pivot cw")
    assert (w.facing, w.mp_spent, w.pool, len(w.slots)) == (3, 2, 3, 1)
    _refused(s, 0, "Warden hold", "GB-6.6")


def test_gb_7_1_a_refused_step_never_opens_a_move_action():
    """GB-7.1 (as clarified): a Bastion with halved Speed 1 cannot pay for rubble (3 MP) even
    with both actions free; the refused step opens nothing, and the unit keeps its
    actions for a shot."""
    s = position(
        [(0, "Bastion-C", "Bastion", "0505", "N"), (1, "Hare-G", "Hare", "0502", "S")], cells={"0504": "0%"}
    )
    b = unit(s, "Bastion")
    b.systems[0].failed = True
    b.locomotion_ok = False
    assert b.current_speed == 1
    _refused(s, 0, "Bastion move 0504", "GB-7.1")
    assert b.slots == [] and b.pool == 0
    play(s, 0, "Bastion fire gat20 Hare", [1])
    assert len(b.slots) == 1


def test_gb_7_1_the_automatic_move_opens_only_when_the_pool_is_short():
    """GB-7.1, GB-AMB-12, GB-AMB-56: one pool; a second Move action opens when the pool cannot pay the
    next step, not before; leftover MP are lost when the activation ends (GB-6.5)."""
    s = position([(0, "Hare-G", "Hare", "0101", "S"), (1, "Hare-G", "Far", "1612", "N")])
    h = unit(s, "Hare")
    play(s, 0, "Hare move 0102 0103 0104 0105 0106 0107 0108")
    assert (h.pool, len(h.slots)) == (0, 1)
    play(s, 0, "Hare move 0109")
    assert (h.pool, len(h.slots)) == (6, 2)
    play(s, 0, "Hare end")
    assert h.pool == 0


def test_gb_3_5_gb_3_6_buildings_and_cliffs_stop_ground_units_not_air_units():
    """GB-3.5, GB-3.6, GB-7.8, GB-AMB-15: ground units do not enter buildings nor climb more than one
    level; an air unit flies over anything lower than its altitude, not a building as high."""
    s = position(
        [
            (0, "Hare-G", "Hare", "0505", "N"),
            (0, "Kestrel", "Kestrel", "0705", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ],
        cells={"0504": "0#2", "0506": "2.", "0704": "0#4", "0706": "0#3"},
    )
    _refused(s, 0, "Hare move 0504", "GB-3.5")
    _refused(s, 0, "Hare move 0506", "GB-3.6")
    play(s, 0, "Hare end")
    s.active = 1
    _refused(s, 0, "Kestrel move 0704", "GB-7.8")
    play(s, 0, "Kestrel move 0706 0707")


def test_gb_7_8_air_units_pay_one_mp_for_rubble_and_share_hexes_with_ground_units():
    """GB-7.8, GB-3.4, GB-4.5, GB-AMB-13, GB-AMB-16: rubble costs an air unit 1 MP; a ground and an air unit may
    share a hex; an air unit may not enter a hex holding an enemy air unit."""
    s = position(
        [
            (0, "Kestrel", "Kestrel", "0505", "N"),
            (1, "Hare-G", "Hare", "0504", "N"),
            (1, "Kestrel", "Red", "0506", "N"),
        ],
        cells={"0504": "0%"},
    )
    events = play(s, 0, "Kestrel move 0504")
    assert events_of(events, Stepped)[0].cost == 1
    play(s, 0, "Kestrel move 0505")
    _refused(s, 0, "Kestrel move 0506", "GB-7.3")


def test_gb_7_4_a_friend_may_be_passed_only_when_the_unit_can_get_out():
    """GB-7.4, GB-AMB-14: a step into a friend's hex is legal only if from there a hex where
    the unit may stop is within reach of its pool and the Move action it can still open."""
    s = position(
        [
            (0, "Bastion-C", "Bastion", "0505", "N"),
            (0, "Hare-G", "Friend", "0504", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ],
        cells={"0404": "0#2", "0604": "0#2", "0503": "0%", "0403": "0#1", "0603": "0#1", "0505": "0%"},
    )
    b = unit(s, "Bastion")
    acted(b, moves=1, mp=2, entered=0)
    b.pool = 1
    # pool 1, one action left (3 MP): into 0504 (1) leaves 0 + 3 = 3 for the rubble at 0503
    # (the way back to 0505 is rubble too)
    play(s, 0, "Bastion move 0504")
    assert b.passing
    s = position(
        [
            (0, "Bastion-C", "Bastion", "0505", "N"),
            (0, "Hare-G", "Friend", "0504", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ],
        cells={"0404": "0#2", "0604": "0#2", "0503": "0%", "0403": "0#1", "0603": "0#1", "0505": "0%"},
    )
    b = unit(s, "Bastion")
    acted(b, moves=2, mp=2, entered=0)
    b.pool = 3
    # no action left: 3 - 1 = 2 MP cannot pay the rubble: the friend's hex is a dead end
    _refused(s, 0, "Bastion move 0504", "GB-7.4")


def test_gb_7_4_a_unit_may_pass_through_several_friends():
    """GB-7.4: into another friend's hex only if it can get on from there."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0508", "N"),
            (0, "Hare-G", "A", "0507", "N"),
            (0, "Hare-G", "B", "0506", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ]
    )
    play(s, 0, "Warden move 0507 0506 0505")
    w = unit(s, "Warden")
    assert not w.passing and w.pool == 2


def test_gb_7_5_gb_7_2_facing_follows_each_step_in_any_direction():
    """GB-7.2, GB-7.5, GB-AMB-9: a step goes to any neighbour at the same cost, forwards,
    sideways or backwards; the unit then faces the step's direction."""
    s = position([(0, "Hare-G", "Hare", "0506", "N"), (1, "Hare-G", "Far", "1612", "N")])
    h = unit(s, "Hare")
    for target, facing in (("0507", 3), ("0407", 4), ("0406", 0), ("0506", 1), ("0606", 2), ("0506", 5)):
        play(s, 0, f"Hare move {target}")
        assert h.facing == facing
    assert h.mp_spent == 6 and h.entered == 6


def test_gb_7_6_the_free_pivot_returns_with_each_new_stay():
    """GB-7.6, GB-AMB-8: the first pivot of each stay in a hex is free; a step starts a new
    stay."""
    s = position([(0, "Hare-G", "Hare", "0506", "N"), (1, "Hare-G", "Far", "1612", "N")])
    h = unit(s, "Hare")
    play(s, 0, "Hare pivot ccw")
    assert h.mp_spent == 0 and h.facing == 5
    play(s, 0, "Hare move 0505")
    play(s, 0, "Hare pivot ccw")
    assert h.mp_spent == 1 and h.facing == 5
    play(s, 0, "Hare pivot cw")
    assert h.mp_spent == 2


def test_gb_6_6_hold_position_forbids_spending_mp_but_not_the_free_pivot():
    """GB-6.6, GB-AMB-31: holding needs no MP spent this turn and takes no action; then steps
    and paid pivots are illegal, the free pivot is allowed."""
    s = position([(0, "Hare-G", "Hare", "0506", "N"), (1, "Hare-G", "Far", "1612", "N")])
    h = unit(s, "Hare")
    play(s, 0, "Hare hold")
    assert h.holding and h.slots == []
    _refused(s, 0, "Hare hold", "GB-6.6")
    _refused(s, 0, "Hare move 0505", "GB-6.6")
    play(s, 0, "Hare pivot cw")
    _refused(s, 0, "Hare pivot cw", "GB-6.6")
    assert reach(s, h) == []


def test_gb_7_7_movement_status_counts_mp_and_hexes_entered():
    """GB-7.7, GB-AMB-30, GB-AMB-32: "moved this turn" is at least 1 MP spent (a free pivot
    does not count); hexes entered count steps, not MP (rubble costs 3 but is one hex)."""
    s = position(
        [(0, "Hare-G", "Hare", "0506", "N"), (1, "Hare-G", "Far", "1612", "N")], cells={"0505": "0%"}
    )
    h = unit(s, "Hare")
    play(s, 0, "Hare pivot cw")
    assert h.mp_spent == 0
    play(s, 0, "Hare move 0505")
    assert (h.mp_spent, h.entered) == (3, 1)


def test_reachable_hexes_and_their_mp_cost():
    """GB-7.1, GB-7.2: the options list each hex the unit may stop in with its cheapest MP
    cost and the Move actions it opens; a friend's hex is passed, never a stop."""
    s = position(
        [
            (0, "Bastion-C", "Bastion", "0505", "N"),
            (0, "Hare-G", "Friend", "0504", "N"),
            (1, "Hare-G", "Far", "1612", "N"),
        ],
        cells={"0605": "0%"},
    )
    opts = RS.options(s, 0)
    by_hex = {r.hex: r for r in opts.reach}
    assert "0504" not in by_hex and "0505" not in by_hex
    assert (by_hex["0503"].mp, by_hex["0503"].opens, by_hex["0503"].path) == (2, 1, ("0504", "0503"))
    assert (by_hex["0605"].mp, by_hex["0605"].opens) == (3, 1)
    assert by_hex["0502"].mp == 3 and by_hex["0501"].mp == 4 and by_hex["0501"].opens == 2
    assert max(r.mp for r in opts.reach) == 6
