"""Heights and visibility: the shadow rule, edge pairs, mutual sight, adjacent units,
units never cover, smoke, failed sensors, spotting, observed hexes, the line of fire
(GB-3.2, GB-3.3, GB-3.7, GB-3.8, GB-8, GB-9.2), with GB-EX-8 and GB-EX-9."""

from __future__ import annotations

import pytest
from ballistic_support import RS, play, position, unit

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.rules.sight import fire_open, observes, sees, spotted


def _ex8(building: str = "0#2"):
    return position(
        [
            (0, "Warden-M", "O", "0502", "S"),
            (0, "Hare-G", "G", "0503", "S"),
            (1, "Hare-G", "R1", "0507", "N"),
            (1, "Hare-G", "R2", "0508", "N"),
            (1, "Hare-G", "R3", "0512", "N"),
        ],
        cells={"0502": "3.", "0506": building},
    )


def test_gb_ex_8_heights_and_the_shadow_rule():
    """GB-EX-8 (GB-3.2, GB-3.3, GB-3.8, GB-8.1, GB-8.2, GB-8.3, GB-8.4, GB-8.5, GB-8.7, GB-AMB-17, GB-AMB-18, GB-AMB-20,
    GB-AMB-21): from the knoll (height 3) the
    2-level building's shadow is 1 hex: O sees R2 and R3, not R1; from the ground G's
    shadow is 4 hexes: G sees none of them (R3 hides G from its side). Blue spots R2 and
    R3, not R1."""
    s = _ex8()
    o, g = unit(s, "O"), unit(s, "G")
    r1, r2, r3 = unit(s, "R1"), unit(s, "R2"), unit(s, "R3")
    assert [sees(s, o, r) for r in (r1, r2, r3)] == [False, True, True]
    assert [sees(s, g, r) for r in (r1, r2, r3)] == [False, False, False]
    assert [sees(s, r, o) for r in (r1, r2, r3)] == [False, True, True]  # mutual (GB-8.5)
    assert [spotted(s, 0, r) for r in (r1, r2, r3)] == [False, True, True]
    assert sees(s, o, g)  # G's hex on O's lines is not cover: units never hide (GB-8.7)


def test_gb_ex_8_variant_with_a_one_level_building():
    """GB-EX-8 variant, GB-AMB-19: H = 1, V = 3: S = -1, nothing hidden (the minimum of 1 only when
    H > 1): O sees R1; G-R1 hidden (S 2); G and R3 see each other (6 and 3 > 2)."""
    s = _ex8("0#1")
    assert sees(s, unit(s, "O"), unit(s, "R1"))
    assert not sees(s, unit(s, "G"), unit(s, "R1"))
    assert sees(s, unit(s, "G"), unit(s, "R3")) and sees(s, unit(s, "R3"), unit(s, "G"))


def test_gb_ex_9_a_an_edge_pair_hides_only_when_both_hexes_do():
    """GB-EX-9 (a), GB-8.4, GB-AMB-4: on the spine line 0306-0706 a building in 0605 alone
    does not hide (the line slips past); with 0606 also a building, they do."""
    units = [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0706", "N")]
    s = position(units, cells={"0605": "0#2"})
    assert sees(s, unit(s, "Warden"), unit(s, "Hare"))
    s = position(units, cells={"0605": "0#2", "0606": "0#2"})
    assert not sees(s, unit(s, "Warden"), unit(s, "Hare"))


def test_gb_ex_9_b_mechs_block_fire_on_an_edge_pair_only_together():
    """GB-EX-9 (b), GB-9.2, GB-AMB-25: a Blue Hare in 0405 alone does not block; with a Red
    Jackal in 0406 neither (small units never block); with a Red Bastion there instead,
    both hexes of the pair hold mechs at the shooter's height: blocked."""
    base = [
        (0, "Warden-M", "Warden", "0306", "SE"),
        (1, "Hare-G", "Hare", "0706", "N"),
        (0, "Hare-G", "Blue", "0405", "N"),
    ]
    s = position(base)
    assert fire_open(s, unit(s, "Warden"), unit(s, "Warden").hex, unit(s, "Hare"))
    s = position([*base, (1, "Jackal", "Jackal", "0406", "N")])
    assert fire_open(s, unit(s, "Warden"), unit(s, "Warden").hex, unit(s, "Hare"))
    s = position([*base, (1, "Bastion-H", "Bastion", "0406", "N")])
    assert not fire_open(s, unit(s, "Warden"), unit(s, "Warden").hex, unit(s, "Hare"))
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Warden fire ac40 Hare"))
    assert e.value.rule == "GB-9.2"


def test_gb_ex_9_c_d_clipped_and_corner_hexes():
    """GB-EX-9 (c): a building in 0508 hides 0808 from 0206 (S 4, 3 hexes); (d): a building
    in 0607 does not hide 0807 from 0306 (a corner touch)."""
    s = position(
        [(0, "Hare-G", "Blue", "0206", "SE"), (1, "Hare-G", "Red", "0808", "N")], cells={"0508": "0#2"}
    )
    assert not sees(s, unit(s, "Blue"), unit(s, "Red"))
    s = position(
        [(0, "Hare-G", "Blue", "0306", "SE"), (1, "Hare-G", "Red", "0807", "N")], cells={"0607": "0#2"}
    )
    assert sees(s, unit(s, "Blue"), unit(s, "Red"))


def test_gb_8_6_adjacent_units_always_see_each_other():
    """GB-8.6: at distance 1 nothing intervenes and smoke does not stop sight."""
    s = position([(0, "Hare-G", "Blue", "0505", "N"), (1, "Hare-G", "Red", "0504", "S")])
    s.lay_smoke([unit(s, "Blue").hex, unit(s, "Red").hex], 5)
    assert sees(s, unit(s, "Blue"), unit(s, "Red"))


def test_gb_8_8_smoke_blocks_sight_not_fire():
    """GB-8.8, GB-3.7, GB-AMB-22: smoke in a core hex of the line (ends included) or in both
    hexes of an edge pair stops sight between units 2+ hexes apart; the line of fire stays
    open, so a spotted target can take a blind shot."""
    s = position([(0, "Warden-M", "Blue", "0502", "S"), (1, "Hare-G", "Red", "0506", "N")])
    b, r = unit(s, "Blue"), unit(s, "Red")
    s.lay_smoke([s.map.tables.index["0504"]], 3)
    assert not sees(s, b, r) and fire_open(s, b, b.hex, r)
    s.smoke = []
    s.lay_smoke([r.hex], 3)
    assert not sees(s, b, r)
    s = position([(0, "Warden-M", "Blue", "0306", "SE"), (1, "Hare-G", "Red", "0706", "N")])
    s.lay_smoke([s.map.tables.index["0405"]], 3)
    assert sees(s, unit(s, "Blue"), unit(s, "Red"))
    s.lay_smoke([s.map.tables.index["0406"]], 3)
    assert not sees(s, unit(s, "Blue"), unit(s, "Red"))


def test_gb_3_7_smoke_on_smoke_keeps_the_later_removal_turn():
    """GB-3.7: a hex already smoking keeps the later removal turn."""
    s = position([(0, "Hare-G", "Blue", "0502", "S"), (1, "Hare-G", "Red", "0506", "N")])
    s.lay_smoke([3, 4], 5)
    s.lay_smoke([4, 5], 4)
    assert s.smoke_until() == {3: 5, 4: 5, 5: 4}


def test_gb_8_9_failed_sensors_limit_what_the_unit_sees_to_six_hexes():
    """GB-8.9, GB-14.6: a unit whose Sensors failed sees only units within 6 hexes; others
    still see it normally."""
    s = position([(0, "Hare-G", "Blue", "0101", "S"), (1, "Hare-G", "Red", "0108", "N")])
    b, r = unit(s, "Blue"), unit(s, "Red")
    b.sensors_ok = False
    b.systems[1].failed = True
    assert not sees(s, b, r) and sees(s, r, b)
    r.hex = s.map.tables.index["0107"]
    assert sees(s, b, r)


def test_gb_8_12_observed_hexes_and_gb_8_10_spotting():
    """GB-8.12: a side observes a hex where a ground unit would be seen by one of its units;
    GB-8.10: an enemy is spotted while one unit of the side sees it."""
    s = position(
        [(0, "Hare-G", "Blue", "0502", "S"), (1, "Hare-G", "Red", "0508", "N")], cells={"0505": "0#3"}
    )
    t = s.map.tables
    assert not observes(s, 0, t.index["0506"]) and observes(s, 0, t.index["0604"])
    assert not spotted(s, 0, unit(s, "Red"))
    names = set(RS.observed_hexes(s, 0))
    assert "0506" not in names and "0604" in names and "0502" in names


def test_gb_8_11_sight_is_re_evaluated_after_each_step():
    """GB-8.11: spotting follows every step: a unit stepping out of cover is spotted at once
    (GB-EX-16's Bastion appearing)."""
    s = position(
        [(1, "Hare-G", "Red", "0506", "N"), (0, "Hare-G", "Blue", "0502", "S")], cells={"0505": "0#3"}
    )
    red = unit(s, "Red")
    assert not spotted(s, 0, red)
    play(s, 1, "Red move 0606")
    assert spotted(s, 0, red)


def test_line_of_sight_query_explains_a_hidden_hex():
    """GB-8.3, GB-8.4: the line-of-sight query names the line's hexes and the cover whose
    shadow hides the hex (GB-EX-8's building from the ground)."""
    s = _ex8()
    info = RS.line_of_sight(s, 0, "G", "0508")
    assert not info.sees and info.hidden_by == ("0506",) and info.distance == 5
    assert info.core == ("0503", "0504", "0505", "0506", "0507", "0508")
    info = RS.line_of_sight(s, 0, "O", "0508")
    assert info.sees and info.hidden_by == ()
    assert RS.line_of_sight(s, 0, "R1", "0508") is None  # not one of Blue's units


def test_gb_7_9_sight_is_all_round_whatever_the_facing():
    """GB-7.9, GB-AMB-6: facing limits fire, not sight: a unit sees behind it."""
    s = position([(0, "Hare-G", "Blue", "0506", "N"), (1, "Hare-G", "Red", "0510", "N")])
    assert sees(s, unit(s, "Blue"), unit(s, "Red"))
    with pytest.raises(IllegalAction) as e:
        RS.check(s, 0, RS.parse_action(s, 0, "Blue fire gat20 Red"))
    assert e.value.rule == "GB-2.8"
