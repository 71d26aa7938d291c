"""The turn: phases, initiative and ties, activations, stuck units and landings on a
shared hex, damage in tenths and system failures, destruction, victory, deployment
(GB-4.5 to GB-5.7, GB-7.4, GB-12.8, GB-14 to GB-16), with GB-EX-14, GB-EX-16 and
GB-EX-17."""

from __future__ import annotations

import random

import pytest
from ballistic_support import RS, events_of, finish_turn, play, position, snapshot, unit

from engine.dice import Dice, ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.events import (
    ActivationEnded,
    BecameStuck,
    Damaged,
    Destroyed,
    FailureCheck,
    GameOver,
    InitiativeRolled,
    SystemFailed,
    TieBroken,
    TurnBegan,
)
from engine.rulesets.ballistic.maps import RUBBLE
from engine.rulesets.ballistic.roster import Roster, entry_from_loadout
from engine.rulesets.ballistic.rules import damage, flow
from engine.rulesets.ballistic.rules.damage import tenths_lost
from engine.rulesets.ballistic.scenario import map_with
from engine.rulesets.ballistic.state import Placement, Setup


def _refused(state, side, text, rule):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        play(state, side, text)
    assert e.value.rule == rule, str(e.value)
    assert snapshot(state) == before


def test_gb_ex_14_damage_tenths_and_a_failure_sequence():
    """GB-EX-14 (GB-14.1, GB-14.2, GB-14.3, GB-14.4, GB-14.7, GB-15.1, GB-15.3, GB-AMB-50, GB-AMB-51, GB-AMB-53): a Warden at 50 takes 18 (how155 4d6 = 6+5+4+3):
    L 1 -> 4, three checks: 3 fails (d9 5: the autocannon), 17 nothing, 1 fails (d8 8 of
    the 8 still working: the designator); then 2 more: L 5, one check (20); then 31:
    Health -1, destroyed at once, no checks, its hex becomes rubble."""
    s = position([(1, "Warden-M", "Warden", "0808", "N"), (0, "Hare-G", "Hare", "0101", "S")])
    w = unit(s, "Warden")
    w.health = 50
    assert tenths_lost(60, 50) == 1
    events: list = []
    dice = ScriptedDice([6, 5, 4, 3, 3, 5, 17, 1, 8])
    damage.hit(s, dice, events, w, "how155", set())
    assert dice.remaining() == [] and w.health == 32 and tenths_lost(60, 32) == 4
    assert [e.roll for e in events_of(events, FailureCheck)] == [3, 17, 1]
    assert [(e.system, e.roll, e.of) for e in events_of(events, SystemFailed)] == [
        ("ac40", 5, 9),
        ("designator", 8, 8),
    ]
    events = []
    dice = ScriptedDice([20])
    damage.deal_damage(s, dice, events, w, 2, (2,), set())
    assert w.health == 30 and [e.roll for e in events_of(events, FailureCheck)] == [20]
    events = []
    at = w.hex
    damage.deal_damage(s, ScriptedDice([]), events, w, 31, (31,), set())
    assert w.health == -1 and not w.alive and w.hex == -1
    assert events_of(events, FailureCheck) == [] and events_of(events, Destroyed)[0].wreck
    assert at in s.wrecks


def test_gb_14_2_one_hit_may_cross_several_tenths_and_max_health_need_not_divide_by_ten():
    """GB-14.2, GB-AMB-50: L = floor(10·(Max - Health)/Max): a Jackal (15) loses a tenth per
    1.5 Health; checks count tenths crossed, cumulatively."""
    assert [tenths_lost(15, h) for h in (15, 14, 13, 12, 11, 1)] == [0, 0, 1, 2, 2, 9]
    assert tenths_lost(90, 79) == 1 and tenths_lost(40, 27) == 3


def test_gb_14_4_a_failure_with_no_working_system_left_still_rolls_the_d20():
    """GB-14.4, GB-1.2: the check's d20 is rolled even when nothing can fail; with one
    working system it fails without a dN."""
    s = position([(1, "Kestrel", "K", "0808", "N"), (0, "Hare-G", "Hare", "0101", "S")])
    k = unit(s, "K")
    for sys_ in k.systems:
        sys_.failed = True
    k.locomotion_ok = k.sensors_ok = False
    events: list = []
    dice = ScriptedDice([1])
    damage.failure_check(s, dice, events, k, set())
    assert dice.remaining() == [] and events_of(events, SystemFailed)[0].system == ""
    k.systems[2].failed = False
    events = []
    damage.failure_check(s, ScriptedDice([2]), events, k, set())
    assert events_of(events, SystemFailed)[0].system == "designator" and k.systems[2].failed


def test_gb_14_5_a_failed_weapon_loses_its_overwatch_and_a_failed_designator_its_designation():
    """GB-14.5: a failed weapon loses its remaining shots, overwatch included; a failed
    laser designator ends its designation at once."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0807", "N")])
    w = unit(s, "Warden")
    play(s, 0, "Warden overwatch ac40 NE-SE")
    play(s, 0, "Warden designate Hare")
    events: list = []
    damage.fail_system(s, events, w, 4)
    damage.fail_system(s, events, w, 8)
    assert w.overwatch is None and w.designation is None


def _ex16(jackal_at="0807", bastion_at="1307"):
    s = position(
        [
            (0, "Hare-G", "Hare-1", "0306", "SE"),
            (0, "Warden-M", "Warden-1", "0308", "SE"),
            (1, "Bastion-H", "Bastion-1", bastion_at, "N"),
            (1, "Jackal", "Jackal-1", jackal_at, "N"),
            (1, "Jackal", "Jackal-2", "0112", "N"),
        ],
        cells={"1206": "0#3", "1207": "0#3", "1208": "0#3", "1407": "0#3", "1408": "0#3"},
        turn=4,
    )
    j2 = unit(s, "Jackal-2")
    j2.alive, j2.hex, j2.health = False, -1, 0
    return s


def test_gb_ex_16_initiative_ties_and_what_each_side_knows():
    """GB-EX-16 (GB-5.2, GB-5.3, GB-5.6, GB-AMB-47, GB-AMB-48): rolls in roster order 14, 7, 14, 19 (the destroyed
    Jackal-2 rolls nothing); Hare-1 and Bastion-1 tie and roll again 3 and 11: order
    Jackal-1, Bastion-1, Hare-1, Warden-1. Blue, spotting Jackal-1 but not Bastion-1, sees
    Jackal-1 19, Hare-1 14, Warden-1 7 and no trace of Bastion-1; Red sees everything."""
    s = _ex16()
    events: list = []
    dice = ScriptedDice([14, 7, 14, 19, 3, 11])
    flow.initiative(s, dice, events)
    assert dice.remaining() == []
    assert [s.units[n].name for n in s.order] == ["Jackal-1", "Bastion-1", "Hare-1", "Warden-1"]
    rolled = events_of(events, InitiativeRolled)
    assert [(e.unit, e.roll, e.to) for e in rolled] == [
        ("Hare-1", 14, (0,)),
        ("Warden-1", 7, (0,)),
        ("Bastion-1", 14, (1,)),
        ("Jackal-1", 19, (1,)),
    ]
    assert [(e.unit, e.roll, e.to) for e in events_of(events, TieBroken)] == [
        ("Hare-1", 3, (0,)),
        ("Bastion-1", 11, (1,)),
    ]
    blue = RS.view(s, 0)
    assert [(o.name, o.initiative) for o in blue.order] == [("Jackal-1", 19), ("Hare-1", 14), ("Warden-1", 7)]
    assert [o.tiebreaks for o in blue.order] == [(), (3,), ()]
    assert "Bastion-1" not in str(blue)
    red = RS.view(s, 1)
    assert [o.name for o in red.order] == ["Jackal-1", "Bastion-1", "Hare-1", "Warden-1"]


def test_gb_ex_16_enemy_initiative_disappears_with_sight_and_comes_back():
    """GB-EX-16, GB-5.6, GB-AMB-48: Jackal-1 drives out of Blue's sight: its entry vanishes
    from Blue's order at once; Bastion-1 steps into view: "Bastion-1 14" appears."""
    s = _ex16()
    flow.initiative(s, ScriptedDice([14, 7, 14, 19, 3, 11]), [])
    play(s, 1, "Jackal-1 move 0908 1008 1109 1209 1309")
    blue = RS.view(s, 0)
    assert [o.name for o in blue.order] == ["Hare-1", "Warden-1"]
    play(s, 1, "Jackal-1 end")
    assert s.actor().name == "Bastion-1"
    assert RS.view(s, 0).acting == ""
    play(s, 1, "Bastion-1 move 1306")
    blue = RS.view(s, 0)
    assert ("Bastion-1", 14) in [(o.name, o.initiative) for o in blue.order]
    assert blue.acting == "Bastion-1"


def _ex17():
    return position(
        [
            (0, "Bastion-C", "Bastion", "1001", "S"),
            (0, "Warden-M", "BlueWarden", "1005", "S"),
            (1, "Warden-M", "RedWarden", "0909", "N"),
            (1, "Jackal", "Jackal", "1006", "N"),
        ],
        cells={"0906": "0#2", "1106": "0#2", "1007": "0#2", "1107": "0#2", "0907": "0%"},
        turn=7,
        order=["Jackal", "Bastion", "BlueWarden", "RedWarden"],
    )


def test_gb_ex_17_stuck_in_a_friends_hex_and_a_landing_on_two_units():
    """GB-EX-17 (GB-4.5, GB-7.4, GB-11.4, GB-12.8, GB-14.6): the Red Warden steps 0908, 0907
    (rubble), into the Jackal's 1006 (it could still leave by 0907 with Move 2); overwatch
    fires: hit for 7, Locomotion fails; Move 2 would give 2 MP < 3: stuck, activation over.
    Turn 8: the gm120 lands on 1006 (d19 1): both Red units hit in roster order (Warden 44,
    one check; Jackal 11, two checks). The Red Warden's first act must be a step out."""
    s = _ex17()
    play(s, 1, "Jackal end")
    play(s, 0, "Bastion arc gm120 1006")
    assert s.projectiles[0].arrival == 8
    play(s, 0, "Bastion end")
    play(s, 0, "BlueWarden overwatch ac40 SE-S")
    play(s, 0, "BlueWarden end")
    rw = unit(s, "RedWarden")
    play(s, 1, "RedWarden move 0908")
    assert rw.pool == 4 and RS.to_act(s) == {1}
    play(s, 1, "RedWarden move 0907")
    assert rw.pool == 1
    play(s, 1, "RedWarden move 1006")
    assert rw.pool == 0 and rw.passing and RS.to_act(s) == {0}
    dice = [15, 7, 3, 1, 4] + [1, 3, 2, 4, 14, 1, 1, 2, 8, 19] + [20, 18, 12, 5]
    events = play(s, 0, "BlueWarden overwatch x2", dice)
    assert [e.roll for e in events_of(events, FailureCheck)][:1] == [3]
    assert events_of(events, SystemFailed)[0].system == "locomotion"
    assert events_of(events, BecameStuck)[0].unit == "RedWarden"
    assert events_of(events, ActivationEnded)[0].why == "stuck"
    assert events_of(events, TurnBegan)[0].turn == 8
    hits = events_of(events, Damaged)
    assert [(e.unit, e.amount, e.health) for e in hits] == [
        ("RedWarden", 7, 53),
        ("RedWarden", 9, 44),
        ("Jackal", 4, 11),
    ]
    assert rw.stuck and rw.hex == unit(s, "Jackal").hex
    assert [s.units[n].name for n in s.order] == ["Bastion", "BlueWarden", "RedWarden", "Jackal"]
    play(s, 0, "Bastion end")
    RS.check(s, 0, RS.parse_action(s, 0, "BlueWarden fire ac40 Jackal"))
    play(s, 0, "BlueWarden move 1004")
    play(s, 0, "BlueWarden end")
    assert s.actor().name == "RedWarden"
    _refused(s, 1, "RedWarden pivot cw", "GB-7.4")
    _refused(s, 1, "RedWarden end", "GB-6.5")
    play(s, 1, "RedWarden move 1005")
    assert (rw.pool, rw.stuck, rw.passing, unit(s, "Jackal").health) == (1, False, False, 11)
    play(s, 1, "RedWarden pivot cw")


def test_gb_7_4_a_stuck_unit_without_a_step_out_loses_its_activation():
    """GB-7.4: a stuck unit with no step out at the start of its activation: it ends at once."""
    s = _ex17()
    rw = unit(s, "RedWarden")
    rw.hex, rw.stuck = unit(s, "Jackal").hex, True
    rw.systems[0].failed, rw.locomotion_ok = True, False
    events: list = []
    s.active = 3
    flow.start_activation(s, Dice(b"next turn"), events)
    assert events_of(events, ActivationEnded)[0].why == "no_exit"


def test_gb_16_1_victory_when_a_side_has_no_units_left():
    """GB-16.1, GB-15.2, GB-AMB-1, GB-4.1 and GB-AMB-2 (two sides): the last enemy unit destroyed by a shot ends the battle at once."""
    s = position([(0, "Bastion-C", "Bastion", "0306", "SE"), (1, "Jackal", "Jackal", "0807", "N")])
    unit(s, "Jackal").health = 2
    events = play(s, 0, "Bastion fire gat20 Jackal x3", [20, 4])
    assert s.phase == "over" and s.winner == 0 and RS.to_act(s) == frozenset()
    result = RS.result(s)
    assert result.winner == 0 and result.rule == "GB-16.1" and result.scores == (15, 0)
    assert events_of(events, GameOver)[0].winner == 0


def test_gb_16_1_both_sides_eliminated_in_a_projectile_phase_is_a_draw():
    """GB-16.1: only at the end of a projectile phase can both sides lose their last units
    at once: a draw."""
    from engine.rulesets.ballistic.state import Projectile

    s = position([(0, "Jackal", "Blue", "0306", "SE"), (1, "Jackal", "Red", "0307", "N")])
    t = s.map.tables
    for seq, (shooter, aim) in enumerate(((1, "0306"), (0, "0307")), start=1):
        s.projectiles.append(
            Projectile(
                seq=seq,
                side=1 - shooter % 2,
                shooter=shooter,
                weapon="how155",
                launch=0,
                aim=t.index[aim],
                distance=6,
                speed=20,
                cep=1,
                launched=1,
                arrival=2,
            )
        )
    for u in s.units:
        u.health = 3
    finish_turn(s, [1, 1, 1, 1, 1, 1, 1, 1])
    assert s.phase == "over" and s.winner is None and RS.result(s).draw == (0, 1)


def test_gb_16_2_the_turn_limit_scores_destroyed_max_health():
    """GB-16.2, GB-AMB-1: after the last turn's End phase the side that destroyed more enemy Max Health
    wins; equal totals draw."""
    s = position([(0, "Hare-G", "Blue", "0306", "SE"), (1, "Hare-G", "Red", "1612", "N")], turn_limit=1)
    finish_turn(s)
    assert RS.result(s).draw == (0, 1) and RS.result(s).rule == "GB-16.2"
    s = position(
        [
            (0, "Hare-G", "Blue", "0306", "SE"),
            (1, "Hare-G", "Red", "1612", "N"),
            (1, "Jackal", "Gone", "1611", "N"),
        ],
        turn_limit=1,
    )
    gone = unit(s, "Gone")
    gone.alive, gone.hex, gone.health = False, -1, 0
    finish_turn(s)
    assert RS.result(s).winner == 0 and RS.result(s).scores == (15, 0)


def test_gb_16_3_a_side_may_concede_at_any_time():
    """GB-16.3: out of turn too; the other side wins."""
    s = position([(0, "Hare-G", "Blue", "0306", "SE"), (1, "Hare-G", "Red", "1612", "N")])
    play(s, 1, "concede")
    assert RS.result(s).winner == 0 and RS.result(s).rule == "GB-16.3"
    with pytest.raises(IllegalAction):
        play(s, 0, "concede")


def test_gb_5_1_a_turn_is_projectiles_then_initiative_then_activations_then_end():
    """GB-5.1, GB-5.4, GB-5.5, GB-AMB-49: a unit destroyed by a landing rolls no initiative;
    the per-turn status resets (GB-4.7)."""
    from engine.rulesets.ballistic.state import Projectile

    s = position(
        [
            (0, "Hare-G", "Blue", "0306", "SE"),
            (1, "Jackal", "Red", "0808", "N"),
            (1, "Hare-G", "Red2", "1612", "N"),
        ]
    )
    t = s.map.tables
    s.projectiles.append(
        Projectile(
            seq=1,
            side=0,
            shooter=0,
            weapon="how155",
            launch=0,
            aim=t.index["0808"],
            distance=6,
            speed=20,
            cep=1,
            launched=1,
            arrival=2,
        )
    )
    unit(s, "Red").health = 4
    play(s, 0, "Blue move 0307")
    events = finish_turn(s, [1, 1, 1, 1, 9, 3])
    kinds = [
        type(e).__name__
        for e in events
        if type(e).__name__ in ("TurnBegan", "ProjectileLanded", "InitiativeRolled")
    ]
    assert kinds == ["TurnBegan", "ProjectileLanded", "InitiativeRolled", "InitiativeRolled"]
    assert [e.unit for e in events_of(events, InitiativeRolled)] == ["Blue", "Red2"]
    blue = unit(s, "Blue")
    assert (blue.mp_spent, blue.entered, blue.slots, blue.pool) == (0, 0, [], 0)


def test_gb_4_6_deployment_in_the_zones_first_side_first():
    """GB-4.6: with no placements each side places all its units in its zone, the first side
    first, before turn 1; hexes outside the zone or taken are refused."""
    m = map_with(
        8,
        6,
        {f"0{c}0{n}": "0.a" for c in (1, 2) for n in range(1, 7)}
        | {f"0{c}0{n}": "0.b" for c in (7, 8) for n in range(1, 7)},
    )
    rosters = [
        Roster(units=[entry_from_loadout("B1", "Hare-G"), entry_from_loadout("B2", "Kestrel")]),
        Roster(units=[entry_from_loadout("R1", "Jackal")]),
    ]
    state, events = RS.new_state(Setup(map=m, rosters=rosters), Dice(b"d"))
    assert state.phase == "deploy" and RS.to_act(state) == {0} and events == []
    with pytest.raises(IllegalAction) as e:
        play(state, 0, "B1 deploy 0501 S")
    assert e.value.rule == "GB-4.6"
    play(state, 0, "B1 deploy 0101 SE")
    play(state, 0, "B2 deploy 0101 SE")  # air and ground units may share a hex (GB-4.5)
    assert RS.to_act(state) == {1}
    with pytest.raises(IllegalAction):
        play(state, 1, "R1 deploy 0101 N")
    dice = ScriptedDice([5, 9, 3])
    RS.apply(state, 1, RS.parse_action(state, 1, "R1 deploy 0806 NW"), dice)
    assert state.turn == 1 and state.phase == "activation" and dice.remaining() == []


def test_gb_4_6_placements_from_the_scenario_and_refused_set_ups():
    """GB-4.6, GB-18.5: a scenario places the units; a roster over its mass limit or a unit
    placed on a building is refused."""
    m = map_with(8, 6, {"0303": "0#2"})
    rosters = [
        Roster(units=[entry_from_loadout("B1", "Hare-G")]),
        Roster(units=[entry_from_loadout("R1", "Jackal")]),
    ]
    setup = Setup(map=m, rosters=rosters, placements=[[Placement("0101", "S")], [Placement("0806", "N")]])
    state, events = RS.new_state(setup, Dice(b"x"))
    assert state.turn == 1 and events_of(events, TurnBegan)
    bad = Setup(map=m, rosters=rosters, placements=[[Placement("0303", "S")], [Placement("0806", "N")]])
    with pytest.raises(ValueError):
        RS.new_state(bad, Dice(b"x"))
    heavy = Setup(map=m, rosters=rosters, placements=setup.placements, mass_limit=10)
    with pytest.raises(ValueError):
        RS.new_state(heavy, Dice(b"x"))


def test_gb_5_3_ties_roll_again_until_the_order_is_strict():
    """GB-5.3: tied units roll again in roster order; ties within a tie roll again; the
    group with the higher first result is resolved first."""
    s = position(
        [
            (0, "Hare-G", "A", "0101", "S"),
            (0, "Hare-G", "B", "0103", "S"),
            (1, "Hare-G", "C", "1612", "N"),
            (1, "Hare-G", "D", "1610", "N"),
        ]
    )
    dice = ScriptedDice([9, 9, 5, 5, 4, 4, 6, 2, 3, 1])
    flow.initiative(s, dice, [])
    assert dice.remaining() == []
    assert [s.units[n].name for n in s.order] == ["A", "B", "C", "D"]
    assert unit(s, "A").tiebreaks == [4, 6] and unit(s, "B").tiebreaks == [4, 2]
    assert unit(s, "C").tiebreaks == [3] and unit(s, "D").tiebreaks == [1]


def test_gb_15_3_a_destroyed_mech_leaves_rubble_small_units_nothing():
    """GB-15.3: a wreck turns the mech's hex into rubble (3 MP to enter); a Jackal leaves
    nothing."""
    s = position(
        [
            (0, "Hare-G", "Blue", "0306", "SE"),
            (1, "Hare-G", "Red", "0307", "N"),
            (1, "Jackal", "J", "0308", "N"),
        ]
    )
    for name in ("Red", "J"):
        damage.deal_damage(s, ScriptedDice([]), [], unit(s, name), 99, (99,), set())
    t = s.map.tables
    assert s.wrecks == [t.index["0307"]] and t.kind[t.index["0307"]] != RUBBLE
    from engine.rulesets.ballistic.rules.movement import step_cost

    assert (
        step_cost(s, unit(s, "Blue"), t.index["0307"]) == 3
        and step_cost(s, unit(s, "Blue"), t.index["0308"]) == 1
    )


def test_random_set_ups_play_to_the_end():
    """GB-5 as a whole: random set-ups play to a result under random legal actions, every
    invariant holding after each action."""
    for n in range(4):
        rng = random.Random(n)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"r%d" % n))
        dice = Dice(b"play%d" % n)
        steps = 0
        while sides := RS.to_act(state):
            side = min(sides)
            RS.apply(state, side, RS.random_action(state, side, rng), dice)
            RS.check_invariants(state)
            steps += 1
            assert steps < 5000
        assert RS.result(state) is not None
