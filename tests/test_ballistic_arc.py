"""Arc fire, flight time and scatter, landings, laser designation and guidance, the
guidance obligation, and smoke (GB-12, GB-13, GB-18.4), with GB-EX-12 and GB-EX-13."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ballistic_support import RS, events_of, finish_turn, play, position, snapshot, unit

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.actions import Arc
from engine.rulesets.ballistic.events import (
    ArcFired,
    Damaged,
    DesignationEnded,
    GuidanceBound,
    ProjectileLanded,
    SmokeCleared,
    SmokeLaid,
)

SPIRAL_1708 = ["1708", "1707", "1807", "1808", "1709", "1608", "1607", "1706", "1806", "1907", "1908"]


def _refused(state, side, text, rule):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        play(state, side, text)
    assert e.value.rule == rule, str(e.value)
    assert snapshot(state) == before


def test_gb_ex_12_flight_time_and_scatter():
    """GB-EX-12 (GB-12.2 to GB-12.8: GB-12.3 no to-hit roll, GB-12.4 flight time, GB-12.5
    the projectile record, GB-12.6 landings in sequence order; GB-2.9, GB-AMB-38,
    GB-AMB-40, GB-AMB-42): the Bastion's gm120 at 1708 (14 hexes) lands in
    turn 4 (#1); the Hare's agl30 at 0505 (5 hexes) in turn 3 (#2) and at 0504 (6 hexes)
    in turn 4 (#3). Turn 3: d7 1 -> 0505, empty. Turn 4 in sequence order: d19 11 -> 1908,
    the Warden's hex: 3d6 = 9 -> 51, one check 15; d7 6 -> 0404, empty. No to-hit roll."""
    s = position(
        [
            (0, "Bastion-C", "Bastion", "0306", "SE"),
            (0, "Hare-G", "Hare", "0510", "N"),
            (1, "Warden-M", "Warden", "1908", "N"),
        ],
        width=20,
        height=14,
        turn=2,
    )
    events = play(s, 0, "Bastion arc gm120 1708")
    (fired,) = events_of(events, ArcFired)
    assert (fired.seq, fired.distance, fired.arrival, fired.to) == (1, 14, 4, (0,))
    assert unit(s, "Bastion").holding
    play(s, 0, "Bastion end")
    play(s, 0, "Hare arc agl30 0505")
    play(s, 0, "Hare arc agl30 0504")
    assert [(p.seq, p.arrival) for p in s.projectiles] == [(1, 4), (2, 3), (3, 4)]
    view_red = RS.view(s, 1)
    assert view_red.projectiles == ()
    assert [p.seq for p in RS.view(s, 0).projectiles] == [1, 2, 3]
    events = finish_turn(s, [1, 20, 10, 5])
    (landed,) = events_of(events, ProjectileLanded)
    assert (landed.seq, landed.hex, landed.roll, landed.of) == (2, "0505", 1, 7)
    assert s.turn == 3 and events_of(events, Damaged) == []
    events = finish_turn(s, [11, 4, 4, 1, 15, 6, 20, 10, 5])
    landings = events_of(events, ProjectileLanded)
    assert [(e.seq, e.hex, e.roll, e.of) for e in landings] == [(1, "1908", 11, 19), (3, "0404", 6, 7)]
    assert unit(s, "Warden").health == 51 and s.projectiles == []


def test_gb_12_7_the_scatter_pattern_of_a_shot_before_it_is_fired():
    """GB-12.7, GB-2.9: the preview of an arc shot lists the spiral's hexes, each with an
    exact chance 1/N; off-map hexes are marked (the shot is lost there, GB-12.8)."""
    s = position(
        [(0, "Bastion-C", "Bastion", "0306", "SE"), (1, "Warden-M", "Warden", "1908", "N")],
        width=20,
        height=14,
    )
    p = RS.preview(s, 0, Arc("Bastion", 5, aim="1708"))
    assert (p.aim, p.distance, p.arrival, p.cep) == ("1708", 14, 3, 3)
    assert [h for h, _c in p.landings][:11] == SPIRAL_1708[:11]
    assert {c for _h, c in p.landings} == {Fraction(1, 19)}
    edge = RS.preview(s, 0, Arc("Bastion", 5, aim="2008"))
    assert "" in [h for h, _c in edge.landings]


def test_gb_12_2_arc_fire_needs_a_unit_that_spent_no_mp_and_an_aim_in_band_and_arc():
    """GB-12.2, GB-AMB-39, GB-AMB-46: no MP spent this turn; the aim on the map, in the front arc, within
    the band; the shot makes the unit hold position; one mode per Attack action (GB-10.5)."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1612", "N")])
    _refused(s, 0, "Warden arc atgm 0406", "GB-12.2")  # 1 hex: inside the band's minimum
    _refused(s, 0, "Warden arc atgm 0104", "GB-2.8")
    _refused(s, 0, "Warden arc ac40 0909", "GB-12.1")
    play(s, 0, "Warden arc atgm 0909")
    _refused(s, 0, "Warden fire atgm Hare", "GB-10.5")
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1612", "N")])
    play(s, 0, "Warden pivot cw")
    play(s, 0, "Warden pivot ccw")
    _refused(s, 0, "Warden arc atgm 0909", "GB-12.2")


def test_gb_12_8_a_landing_hits_every_ground_unit_not_air_units():
    """GB-12.8, GB-AMB-41, GB-AMB-16: only the landing hex; air units are never hit; CEP 1 needs no roll
    (GB-1.2); off the map the projectile is lost."""
    from engine.dice import ScriptedDice
    from engine.rulesets.ballistic.rules.arc import projectile_phase
    from engine.rulesets.ballistic.state import Projectile

    s = position(
        [
            (0, "Hare-G", "Hare", "0306", "SE"),
            (1, "Hare-G", "Red", "0808", "N"),
            (1, "Kestrel", "Drone", "0808", "N"),
        ]
    )
    t = s.map.tables
    s.projectiles = [
        Projectile(
            seq=1,
            side=0,
            shooter=0,
            weapon="agl30",
            launch=t.index["0306"],
            aim=t.index["0808"],
            distance=5,
            speed=5,
            cep=1,
            launched=0,
            arrival=1,
        )
    ]
    events: list = []
    dice = ScriptedDice([6, 15])
    projectile_phase(s, dice, events)
    assert dice.remaining() == [] and unit(s, "Red").health == 34 and unit(s, "Drone").health == 10
    assert events_of(events, ProjectileLanded)[0].roll == 0


def _ex13():
    s = position(
        [
            (0, "Warden-M", "Warden", "0306", "SE"),
            (0, "Kestrel", "Kestrel", "0809", "N"),
            (1, "Bastion-H", "Bastion", "1207", "N"),
            (1, "Jackal", "Jackal", "0801", "N"),
        ],
        cells={"1310": "0#3"},
        turn=3,
    )
    return s


def test_gb_ex_13_laser_guidance_and_its_obligation():
    """GB-EX-13 (GB-13.1 to GB-13.5, GB-13.3 guided shots, GB-AMB-44, GB-AMB-45): turn 3 the Warden fires a guided ATGM at the Bastion (9
    hexes, lands turn 5); turn 4 the Kestrel designates it and keeps it in sight as it
    steps to 1208 and 1209; turn 5 the missile homes on 1209 without a scatter roll: 2d10
    = 11 -> 79, one check 20; the Kestrel is bound: it may fly SE along 0910-1312 but not
    into 1411 (the building would hide the Bastion) and may not designate another unit."""
    s = _ex13()
    events = play(s, 0, "Warden arc atgm @Bastion")
    (fired,) = events_of(events, ArcFired)
    assert (fired.aim, fired.distance, fired.arrival, fired.target) == ("1207", 9, 5, "Bastion")
    assert unit(s, "Warden").holding
    finish_turn(s, [10, 20, 15, 5])  # turn 4: Kestrel, Bastion, Warden, Jackal
    assert s.actor().name == "Kestrel"
    play(s, 0, "Kestrel designate Bastion")
    assert unit(s, "Kestrel").designation.target == unit(s, "Bastion").number
    play(s, 0, "Kestrel end")
    play(s, 1, "Bastion move 1208")
    play(s, 1, "Bastion move 1209")
    assert unit(s, "Kestrel").designation is not None
    events = finish_turn(s, [7, 4, 20, 10, 20, 15, 5])
    (landed,) = events_of(events, ProjectileLanded)
    assert (landed.hex, landed.guided, landed.roll) == ("1209", True, 0)
    assert unit(s, "Bastion").health == 79
    (bound,) = events_of(events, GuidanceBound)
    assert bound.unit == "Kestrel" and unit(s, "Kestrel").bound == unit(s, "Bastion").number
    assert unit(s, "Warden").bound == -1
    assert s.actor().name == "Kestrel"
    play(s, 0, "Kestrel move 0910 1010 1111 1211 1312")
    _refused(s, 0, "Kestrel move 1411", "GB-13.5")
    _refused(s, 0, "Kestrel designate Jackal", "GB-13.5")


def test_gb_13_4_an_undesignated_guided_projectile_scatters_around_its_aim():
    """GB-13.4: with no designation on the target when it lands, a guided projectile lands
    like an unguided one around its aim hex (a d19 for CEP 3): here on the empty aim hex
    the Bastion has left."""
    s = _ex13()
    play(s, 0, "Warden arc atgm @Bastion")
    finish_turn(s, [10, 20, 15, 5])
    play(s, 0, "Kestrel end")
    play(s, 1, "Bastion move 1208 1209")
    events = finish_turn(s, [1, 10, 20, 15, 5])
    (landed,) = events_of(events, ProjectileLanded)
    assert (landed.hex, landed.guided, landed.roll, landed.of) == ("1207", False, 1, 19)
    assert unit(s, "Bastion").health == 90 and s.turn == 5


def test_gb_13_2_a_designation_ends_when_sight_is_lost():
    """GB-13.2, GB-13.5: the designation ends the moment the designator no longer sees the
    target (here the target walks behind a building: no violation); only the designating
    side is told."""
    s = position(
        [
            (0, "Hare-G", "Hare", "0506", "N"),
            (1, "Hare-G", "Red", "0702", "S"),
            (0, "Hare-G", "Other", "1212", "N"),
        ],
        cells={"0704": "0#3"},
        order=["Hare", "Red", "Other"],
    )
    play(s, 0, "Hare designate Red")
    play(s, 0, "Hare end")
    events = play(s, 1, "Red move 0802")
    assert unit(s, "Hare").designation is None
    assert events_of(events, DesignationEnded)[0].to == (0,)


def test_gb_13_1_designation_needs_sight_and_replaces_the_old_one():
    """GB-13.1: a unit designates an enemy it sees; one designation at a time; the item once
    a turn (GB-6.2)."""
    s = position(
        [
            (0, "Warden-M", "Warden", "0306", "SE"),
            (1, "Hare-G", "A", "0708", "N"),
            (1, "Hare-G", "B", "0807", "N"),
        ],
        cells={"0808": "0#3"},
    )
    play(s, 0, "Warden designate A")
    _refused(s, 0, "Warden designate B", "GB-6.2")
    s.turn += 1
    w = unit(s, "Warden")
    w.slots, w.used = [], []
    events = play(s, 0, "Warden designate B")
    assert events_of(events, DesignationEnded)[0].target == "A"
    assert w.designation.target == unit(s, "B").number


def test_gb_18_4_smoke_covers_a_hex_and_its_neighbours_until_the_next_end_phase():
    """GB-18.4, GB-3.7, GB-6.7, GB-AMB-54: the launcher's two charges; own hex or front arc at 1-3 hexes; seven
    hexes until the End phase of the next turn; everyone sees the smoke, the side that does
    not spot the layer without its name."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1612", "N")],
        cells={"1211": "0#4", "1212": "0#4", "1311": "0#4", "1111": "0#4"},
    )
    _refused(s, 0, "Warden smoke 0106", "GB-18.4")
    _refused(s, 0, "Warden smoke 0806", "GB-18.4")
    events = play(s, 0, "Warden smoke 0507")
    laid = events_of(events, SmokeLaid)
    assert {e.to for e in laid} in ({None}, {(0,), (1,)})
    assert len(s.smoke) == 7 and {u for _h, u in s.smoke} == {2}
    assert unit(s, "Warden").systems[7].charges == 1
    events = finish_turn(s, [10, 5])
    assert events_of(events, SmokeCleared) == [] and len(s.smoke) == 7
    events = finish_turn(s, [10, 5])
    assert len(events_of(events, SmokeCleared)[0].hexes) == 7 and s.smoke == []


def test_gb_12_5_a_projectile_flies_on_when_its_shooter_is_destroyed():
    """GB-12.5, GB-15.2: a projectile in flight is independent of its shooter: it lands even
    after the shooter is destroyed (and its weapon with it)."""
    from engine.rulesets.ballistic.rules import damage

    s = position(
        [
            (0, "Bastion-C", "Bastion", "0306", "SE"),
            (1, "Warden-M", "Warden", "0707", "N"),
            (0, "Hare-G", "Hare", "0101", "S"),
        ],
        turn=2,
    )
    play(s, 0, "Bastion arc gm120 0707")
    damage.deal_damage(s, None, [], unit(s, "Bastion"), 200, (200,), set())
    assert not unit(s, "Bastion").alive and len(s.projectiles) == 1
    events = finish_turn(s, [1, 6, 6, 6, 15, 20, 10, 5, 9])
    assert events_of(events, ProjectileLanded)[0].hex == "0707" and unit(s, "Warden").health == 42
