"""Direct fire: grades and thresholds with every modifier, line of fire, blind shots,
rate of fire split around movement, damage and failure checks (GB-9, GB-10, GB-14),
with the worked examples GB-EX-3, GB-EX-4, GB-EX-5, GB-EX-7, GB-EX-10 and GB-EX-11."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ballistic_support import RS, acted, events_of, play, position, snapshot, unit

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.events import Damaged, FailureCheck, ShotResolved, SystemFailed
from engine.rulesets.ballistic.rules.fire import shot_odds


def test_gb_ex_3_a_full_burst_with_modifiers_and_a_system_failure():
    """GB-EX-3 (GB-9.4 to GB-9.13: GB-9.9 threshold 4·D, GB-9.12 damage dice; GB-14.1,
    GB-14.2 to GB-14.4, GB-14.6, GB-1.1 and GB-1.2 dice in order): a holding Warden fires three
    ac40 shots at a Hare 12 hexes away that entered 12 hexes: D0 2, D 2, T 10. Dice 10, 5,
    13, 9, 19, 8, 2, 1, 7: Health 40 -> 35 -> 27, Locomotion fails; later Move actions give 3 MP."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1507", "N")],
        order=["Hare", "Warden"],
        active="Warden",
    )
    hare = unit(s, "Hare")
    acted(hare, moves=2, mp=12, entered=12)
    play(s, 0, "Warden hold")
    odds = shot_odds(s, unit(s, "Warden"), 4, hare)
    assert (odds.distance, odds.c_eff, odds.d0, odds.grade, odds.t0, odds.threshold) == (12, 7, 2, 2, 8, 10)
    assert [(m.value, m.rule) for m in odds.grade_modifiers] == [(1, "GB-9.7"), (-1, "GB-9.7")]
    assert [(m.value, m.rule) for m in odds.threshold_modifiers] == [(2, "GB-9.10")]
    assert odds.chance == Fraction(11, 20)
    events = play(s, 0, "Warden fire ac40 Hare x3", [10, 5, 13, 9, 19, 8, 2, 1, 7])
    shots = events_of(events, ShotResolved)
    assert [(e.roll, e.hit, e.threshold) for e in shots] == [(10, True, 10), (9, False, 10), (19, True, 10)]
    assert [e.health for e in events_of(events, Damaged)] == [35, 27]
    assert [(e.roll, e.failed) for e in events_of(events, FailureCheck)] == [
        (13, False),
        (2, True),
        (7, False),
    ]
    (failed,) = events_of(events, SystemFailed)
    assert (failed.system, failed.roll, failed.of) == ("locomotion", 1, 6)
    assert hare.health == 27 and not hare.locomotion_ok and hare.current_speed == 3
    warden = unit(s, "Warden")
    assert [slot.kind for slot in warden.slots] == ["attack"] and warden.holding


def test_gb_ex_4_a_small_target_and_a_weapon_that_is_not_he():
    """GB-EX-4 (a), GB-9.10, GB-AMB-33, GB-1.5 (a small ground unit, not a mech): a Hare that moved shoots a Jackal 4 hexes away: D0 1, T 4 + 2
    (small, gat20 not HE) = 6. Dice 5, 6, 3, 18, 9: miss, hit for 3, Jackal 12, two
    checks, nothing fails."""
    s = position([(0, "Hare-G", "Hare", "0306", "SE"), (1, "Jackal", "Jackal", "0708", "N")])
    hare = unit(s, "Hare")
    acted(hare, moves=1, mp=3, entered=3)
    hare.pool = 4
    odds = shot_odds(s, hare, 3, unit(s, "Jackal"))
    assert (odds.distance, odds.d0, odds.grade, odds.threshold) == (4, 1, 1, 6)
    events = play(s, 0, "Hare fire gat20 Jackal x2", [5, 6, 3, 18, 9])
    assert [e.hit for e in events_of(events, ShotResolved)] == [False, True]
    assert unit(s, "Jackal").health == 12
    assert [e.roll for e in events_of(events, FailureCheck)] == [18, 9]


def test_gb_ex_4_b_modifiers_are_summed_before_the_floor_of_one():
    """GB-EX-4 (b), GB-9.8, GB-AMB-28: +1 moved, -1 holding, +1 Fire control failed: sum
    +1, D = max(1, 1 + 1) = 2, T 8; ac40 is HE (no small-target modifier); 6 hexes is not
    fast. Dice 8, 1: hit for 1, Jackal 14, no check."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Jackal", "Jackal", "0807", "N")])
    warden = unit(s, "Warden")
    warden.systems[2].failed = True
    warden.fire_control_ok = False
    acted(unit(s, "Jackal"), moves=1, mp=6, entered=6)
    play(s, 0, "Warden hold")
    odds = shot_odds(s, warden, 4, unit(s, "Jackal"))
    assert [m.value for m in odds.grade_modifiers] == [1, -1, 1]
    assert (odds.d0, odds.grade, odds.threshold, odds.threshold_modifiers) == (1, 2, 8, ())
    events = play(s, 0, "Warden fire ac40 Jackal", [8, 1])
    assert events_of(events, ShotResolved)[0].hit and unit(s, "Jackal").health == 14
    assert events_of(events, FailureCheck) == []


def test_gb_ex_4_c_the_holding_bonus_is_wasted_at_grade_one():
    """GB-EX-4 (c): D0 1 - 1 = 0 -> D 1, T 4."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Bastion-H", "Bastion", "0807", "N")])
    play(s, 0, "Warden hold")
    odds = shot_odds(s, unit(s, "Warden"), 4, unit(s, "Bastion"))
    assert (odds.distance, odds.d0, odds.grade, odds.threshold) == (5, 1, 1, 4)


def test_gb_ex_5_a_an_impossible_shot_is_still_rolled():
    """GB-EX-5 (a), GB-9.11, GB-AMB-29, GB-AMB-27, GB-AMB-59 (map distance to an air unit): D0 5 + 1 = 6, T0 24, +2 fast, +3 air: T 29; the d20
    (20) is rolled and misses; the chance is 0."""
    s = position([(0, "Hare-G", "Hare", "0206", "SE"), (1, "Kestrel", "Kestrel", "1409", "N")])
    acted(unit(s, "Hare"), moves=1, mp=2, entered=2)
    unit(s, "Hare").pool = 5
    acted(unit(s, "Kestrel"), moves=1, mp=12, entered=12)
    odds = shot_odds(s, unit(s, "Hare"), 3, unit(s, "Kestrel"))
    assert (odds.distance, odds.d0, odds.grade, odds.t0, odds.threshold, odds.chance) == (12, 5, 6, 24, 29, 0)
    events = play(s, 0, "Hare fire gat20 Kestrel", [20])
    assert events_of(events, ShotResolved)[0].roll == 20 and not events_of(events, ShotResolved)[0].hit


def test_gb_ex_5_b_an_air_target_loses_its_sensors():
    """GB-EX-5 (b), GB-8.9: a holding Bastion hits the Kestrel (T 9): 10 -> 8, two checks,
    the first fails: d3 = 2 picks Sensors among Engine, Sensors, Laser designator."""
    s = position([(0, "Bastion-H", "Bastion", "0306", "SE"), (1, "Kestrel", "Kestrel", "0909", "N")])
    acted(unit(s, "Kestrel"), moves=1, mp=12, entered=12)
    play(s, 0, "Bastion hold")
    odds = shot_odds(s, unit(s, "Bastion"), 6, unit(s, "Kestrel"))
    assert (odds.distance, odds.c_eff, odds.d0, odds.grade, odds.threshold) == (6, 7, 1, 1, 9)
    events = play(s, 0, "Bastion fire gat20 Kestrel", [9, 2, 4, 2, 5])
    k = unit(s, "Kestrel")
    assert k.health == 8 and not k.sensors_ok
    (failed,) = events_of(events, SystemFailed)
    assert (failed.system, failed.roll, failed.of) == ("sensors", 2, 3)


def test_gb_ex_7_engaging_two_targets_from_one_spot():
    """GB-EX-7 (GB-6.6, GB-7.6, GB-10.3): the Bastion holds, fires its 105 at the Warden (D0 2
    - 1 -> T 4; 13 damage, two checks), pivots free to NE while holding, fires 2 of 6
    Gatling shots at the Hare; a second pivot would cost MP and is illegal while holding."""
    s = position(
        [
            (0, "Bastion-C", "Bastion", "0808", "N"),
            (1, "Warden-M", "Warden", "0803", "N"),
            (1, "Hare-G", "Hare", "1409", "N"),
        ]
    )
    b = unit(s, "Bastion")
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Bastion fire gat20 Hare"))
    assert e.value.rule == "GB-2.8"
    play(s, 0, "Bastion hold")
    assert shot_odds(s, b, 4, unit(s, "Warden")).threshold == 4
    play(s, 0, "Bastion fire can105 Warden", [14, 2, 5, 6, 16, 7])
    assert unit(s, "Warden").health == 47
    events = play(s, 0, "Bastion pivot cw")
    assert b.facing == 1 and b.mp_spent == 0 and b.holding
    assert shot_odds(s, b, 6, unit(s, "Hare")).threshold == 4
    events = play(s, 0, "Bastion fire gat20 Hare x2", [4, 2, 1])
    assert [e.hit for e in events_of(events, ShotResolved)] == [True, False]
    assert unit(s, "Hare").health == 38 and b.slots[1].shots == 4
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Bastion pivot cw")
    assert e.value.rule == "GB-6.6" and snapshot(s) == before


def _ex10(**cells):
    units = [(0, "Warden-M", "Warden", "0205", "S"), (1, "Hare-G", "Hare", "0209", "N")]
    return units, cells


def test_gb_ex_10_a_a_friend_in_the_way_blocks_direct_fire():
    """GB-EX-10 (a), GB-9.1 item 5, GB-9.2, GB-AMB-25: the Warden sees the Red Hare but a Blue Hare at its height stands
    in between: no direct fire."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0205", "S"),
            (1, "Hare-G", "RedHare", "0209", "N"),
            (0, "Hare-G", "BlueHare", "0207", "N"),
        ]
    )
    from engine.rulesets.ballistic.rules.sight import sees

    assert sees(s, unit(s, "Warden"), unit(s, "RedHare"))
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Warden fire ac40 RedHare"))
    assert e.value.rule == "GB-9.2"


def test_gb_ex_10_b_from_higher_ground_the_friend_no_longer_blocks():
    """GB-EX-10 (b): 0205 at elevation 1: the Blue Hare at height 0 does not block; a normal
    shot, ac40 D0 1."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0205", "S"),
            (1, "Hare-G", "RedHare", "0209", "N"),
            (0, "Hare-G", "BlueHare", "0207", "N"),
        ],
        cells={"0205": "1."},
    )
    RS.check(s, 0, RS.parse_action(s, 0, "Warden fire ac40 RedHare"))
    odds = shot_odds(s, unit(s, "Warden"), 4, unit(s, "RedHare"))
    assert (odds.d0, odds.blind) == (1, False)


def test_gb_ex_10_c_a_blind_shot_through_a_wall_at_a_spotted_target():
    """GB-EX-10 (c), GB-9.3, GB-8.10, GB-AMB-23: a building at 0208 hides the Red Hare from the Warden,
    the Kestrel spots it, the bare ground is open: a blind shot, T 4 + 3 = 7. Dice 7, 5, 12."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0205", "S"),
            (1, "Hare-G", "Hare", "0209", "N"),
            (0, "Kestrel", "Kestrel", "0410", "N"),
        ],
        cells={"0208": "0#2"},
    )
    from engine.rulesets.ballistic.rules.sight import sees, spotted

    w, h = unit(s, "Warden"), unit(s, "Hare")
    assert not sees(s, w, h) and sees(s, unit(s, "Kestrel"), h) and spotted(s, 0, h)
    play(s, 0, "Warden hold")
    odds = shot_odds(s, w, 4, h)
    assert odds.blind and odds.threshold == 7 and odds.threshold_modifiers[-1].rule == "GB-9.3"
    events = play(s, 0, "Warden fire ac40 Hare", [7, 5, 12])
    assert events_of(events, ShotResolved)[0].blind and h.health == 35


def test_gb_ex_10_d_a_hill_blocks_the_line_of_fire_but_not_arc_fire():
    """GB-EX-10 (d), GB-9.2, GB-12.2, GB-AMB-24: 0208 a hill of elevation 2: the ground hides the Hare,
    the line of fire is blocked although the Kestrel spots it; an arc shot is still legal."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0205", "S"),
            (1, "Hare-G", "Hare", "0209", "N"),
            (0, "Kestrel", "Kestrel", "0410", "N"),
        ],
        cells={"0208": "2."},
    )
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Warden fire ac40 Hare"))
    assert e.value.rule == "GB-9.2"
    RS.check(s, 0, RS.parse_action(s, 0, "Warden arc atgm 0209"))


def test_gb_ex_11_splitting_the_rate_of_fire_around_movement():
    """GB-EX-11 (GB-6.4, GB-10.1, GB-10.2, GB-10.3, GB-10.4, GB-AMB-46): the Hare steps three hexes, fires three Gatling
    shots at the Warden (D 2, T 8), steps four more, fires the other three at the Bastion
    (D 1, T 4). Warden 53, Bastion 87; two actions, 7 MP, 6 shots."""
    s = position(
        [
            (1, "Warden-M", "Warden", "0710", "N"),
            (0, "Hare-G", "Hare", "0206", "SE"),
            (1, "Bastion-H", "Bastion", "0801", "S"),
        ],
        order=["Warden", "Hare", "Bastion"],
        active="Hare",
    )
    acted(unit(s, "Warden"), moves=1, mp=4, entered=4)
    dice = [12, 3, 7, 15, 4, 11, 3, 4, 2, 19, 1]
    play(s, 0, "Hare move 0307 0407 0508")
    hare = unit(s, "Hare")
    assert (hare.pool, hare.facing) == (4, 2)
    assert shot_odds(s, hare, 3, unit(s, "Warden")).threshold == 8
    play(s, 0, "Hare fire gat20 Warden x3", dice[:6])
    play(s, 0, "Hare move 0607 0707 0706 0705")
    assert (hare.pool, hare.facing, hare.hex) == (0, 0, s.map.tables.index["0705"])
    assert shot_odds(s, hare, 3, unit(s, "Bastion")).threshold == 4
    play(s, 0, "Hare fire gat20 Bastion x3", dice[6:])
    assert unit(s, "Warden").health == 53 and unit(s, "Bastion").health == 87
    assert [slot.kind for slot in hare.slots] == ["move", "attack"] and hare.mp_spent == 7
    assert hare.slots[1].shots == 0
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Hare fire gat20 Bastion")
    assert e.value.rule == "GB-10.1"


def test_gb_9_1_direct_fire_is_never_aimed_at_friends():
    """GB-9.1 item 2, GB-AMB-34: a friendly unit is no target, whatever the line."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0306", "SE"),
            (0, "Hare-G", "Friend", "0807", "N"),
            (1, "Hare-G", "Red", "1612", "N"),
        ]
    )
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Warden fire ac40 Friend"))
    assert e.value.rule == "GB-9.1"


def test_gb_9_9_the_threshold_is_four_times_the_grade():
    """GB-9.9, GB-9.11: T0 = 4·D for D 1 to 7 (6 and 7 only through modifiers); the chance is
    (21 - T)/20 clamped to 0..1."""
    s = position([(0, "Hare-G", "Hare", "0101", "SE"), (1, "Bastion-H", "Red", "0102", "N")], height=16)
    h, r = unit(s, "Hare"), unit(s, "Red")
    seen = {}
    for hexname in ("0102", "0103", "0104", "0109", "0111", "0113", "0114"):
        r.hex = s.map.tables.index[hexname]
        for moved in (0, 1):
            r.mp_spent = moved
            odds = shot_odds(s, h, 3, r)
            seen[odds.grade] = (odds.t0, odds.chance)
    for grade, (t0, chance) in seen.items():
        assert t0 == 4 * grade and chance == max(Fraction(0), Fraction(21 - t0, 20))
    assert set(seen) == {1, 2, 3, 4, 5, 6}


def test_gb_6_2_each_weapon_at_most_one_attack_action_per_turn():
    """GB-6.2, GB-AMB-11: two Attack actions only with two different weapons; two Moves are
    fine; a weapon fires at most its rate of fire per turn."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Red", "0807", "N")])
    play(s, 0, "Warden fire hmg12 Red", [1])
    play(s, 0, "Warden fire ac40 Red", [1])
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Warden fire atgm Red")
    assert e.value.rule == "GB-6.1"
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Red", "0807", "N")])
    play(s, 0, "Warden fire ac40 Red x3", [1, 1, 1])
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Warden fire ac40 Red")
    assert e.value.rule == "GB-10.1"
    s = position([(0, "Hare-G", "Hare", "0306", "SE"), (1, "Hare-G", "Red", "1612", "N")])
    play(s, 0, "Hare move 0307 0308 0309 0310 0311 0312 0212 0211")
    assert [x.kind for x in unit(s, "Hare").slots] == ["move", "move"]


def test_gb_6_3_an_action_counts_once_declared_even_if_it_achieves_nothing():
    """GB-6.3, GB-AMB-57: overwatch declared with a weapon that then fails before any trigger
    still counts as one of the unit's two actions."""
    from engine.rulesets.ballistic.rules import damage

    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Red", "1612", "N")])
    w = unit(s, "Warden")
    play(s, 0, "Warden overwatch ac40 NE-SE")
    damage.fail_system(s, [], w, 4)
    assert w.overwatch is None and [x.kind for x in w.slots] == ["attack"]
    play(s, 0, "Warden move 0307")
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Warden designate Red")
    assert e.value.rule == "GB-6.1"


def test_gb_14_6_failed_chassis_systems_change_speed_sight_grade_and_platform():
    """GB-14.6, GB-AMB-52, GB-AMB-55: Locomotion halves later Move actions (at least 1);
    Sensors limit sight to 6 hexes; Fire control adds a grade; a failed Stabilizer moves
    the chart to P = 0."""
    s = position([(0, "Bastion-C", "Bastion", "0306", "SE"), (1, "Warden-M", "Red", "1110", "N")])
    b, r = unit(s, "Bastion"), unit(s, "Red")
    before = shot_odds(s, b, 4, r)
    from engine.rulesets.ballistic.rules import damage

    for index in range(4):
        damage.fail_system(s, [], b, index)
    after = shot_odds(s, b, 4, r)
    assert (before.c_eff, after.c_eff) == (13, 10)
    assert [m.rule for m in after.grade_modifiers] == ["GB-14.6"]
    assert b.current_speed == 1 and not b.sensors_ok
    from engine.rulesets.ballistic.rules.sight import sees

    assert not sees(s, b, r) and sees(s, r, b)
