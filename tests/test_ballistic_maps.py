"""Going Ballistic maps: the text format and its parser (line and column of a bad
entry), the shipped maps, the per-map tables, and sight over terrain the same in
both directions over every pair of hexes of each shipped map (GB-2.4, GB-2.7,
GB-3.1, GB-3.2, GB-4.6, GB-8.3 to GB-8.5)."""

from __future__ import annotations

import pytest

from engine.rulesets.ballistic.maps import (
    BUILDING,
    OPEN,
    RUBBLE,
    MapError,
    bundled_maps,
    load_bundled,
    open_map,
    parse_map,
)
from engine.rulesets.ballistic.terrain import MapTables, shadow_hides

GOOD = """title: Test
title.ru: Проба
# a comment

0.a 1. 0#2 0%
0.a 2%b 0. 0.b
"""


def test_gb_3_1_a_map_reads_elevation_type_building_height_and_zone():
    """GB-3.1, GB-3.2, GB-4.6: each cell gives elevation, type (open, rubble, building of a
    height) and deployment zone; h = e + b."""
    m = parse_map(GOOD, "t")
    assert (m.title, m.title_ru, m.width, m.height) == ("Test", "Проба", 4, 2)
    t = m.tables
    i = t.index
    assert (t.elevation[i["0101"]], t.kind[i["0101"]], t.zone[i["0101"]]) == (0, OPEN, 1)
    assert (t.elevation[i["0201"]], t.kind[i["0201"]]) == (1, OPEN)
    assert (t.kind[i["0301"]], t.building[i["0301"]], t.height[i["0301"]]) == (BUILDING, 2, 2)
    assert t.kind[i["0401"]] == RUBBLE and t.height[i["0401"]] == 0
    assert (t.elevation[i["0202"]], t.kind[i["0202"]], t.zone[i["0202"]], t.height[i["0202"]]) == (
        2,
        RUBBLE,
        2,
        2,
    )
    assert t.zone[i["0402"]] == 2 and t.count == 8


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("title: T\n0. 0x\n", 2, 4, "cannot read the cell"),
        ("title: T\n0. 0.\n0.\n", 3, 3, "has 1 cells"),
        ("title: T\n0. 0. 0.\n0. 0. 0. 0.\n", 3, 10, "has 4 cells"),
        ("title: T\n0.  0#2a\n", 2, 5, "building hex cannot be a deployment hex"),
        ("title: T\n0. 0#0\n", 2, 4, "cannot read the cell"),
        ("0. 0.\n", 1, 0, "no 'title:' line"),
        ("title: T\nsize: 3\n0.\n", 2, 1, "unknown field"),
        ("title: T\n0. 0.\n\n0. 0.\n", 4, 1, "after the grid"),
        ("title: T\n\n", 2, 0, "no grid"),
        ("title: T\n" + " ".join(["0."] * 100) + "\n", 2, 298, "at most 99"),
    ],
)
def test_the_parser_names_the_line_and_column_of_a_bad_entry(text, line, column, words):
    """GB-2.4, GB-3.1: a bad map is refused with the line and column of the problem."""
    with pytest.raises(MapError) as e:
        parse_map(text)
    assert e.value.line == line and e.value.column == column
    assert words in str(e.value)


def test_the_shipped_maps_parse_with_both_zones_and_room_to_move():
    """GB-4.6: every shipped map has a deployment zone for each side; buildings, rubble and
    hills are all present on the maps shipped."""
    keys = bundled_maps()
    assert len(keys) >= 2
    kinds = set()
    for key in keys:
        m = load_bundled(key)
        t = m.tables
        assert m.title and m.title_ru
        assert sum(1 for z in t.zone if z == 1) >= 12 and sum(1 for z in t.zone if z == 2) >= 12
        kinds |= set(t.kind)
        assert max(t.elevation) >= 2
    assert kinds == {OPEN, RUBBLE, BUILDING}


def test_gb_2_4_tables_use_ccrr_names_and_neighbours_off_the_map_are_minus_one():
    """GB-2.4: the tables name hexes CCRR; a corner hex has neighbours off the map."""
    t = open_map(16, 12).tables
    i = t.index["0101"]
    assert t.name[i] == "0101" and t.hex_of(i) == (0, 0)
    assert [n for n in t.neighbours[i] if n >= 0] == [t.index["0201"], t.index["0102"]]
    assert t.distance(t.index["0306"], t.index["1507"]) == 12


def test_gb_2_7_off_map_hexes_are_open_ground():
    """GB-2.7, GB-AMB-5: an intervening hex off the map is open ground of elevation 0:
    it never hides, and is left out of the line's on-map hexes."""
    m = parse_map("title: T\n0. 0. 0.\n0. 0. 0.\n")
    t = m.tables
    a, b = t.index["0101"], t.index["0301"]
    core, pairs = t.line_hexes(a, b)
    assert core == () and pairs == ()  # the pair 0201/off-map is dropped, 0202 is not on it
    assert t.clear(a, 0, b, 0)


@pytest.mark.parametrize("key", bundled_maps())
def test_gb_2_7_sight_is_the_same_both_ways_over_every_pair_of_a_shipped_map(key):
    """GB-2.7, GB-8.5: over every pair of hexes of each shipped map (ground units standing on
    both, and on the bare ground of GB-9.2), the line has the same hexes both ways and the
    answer computed from A is the answer computed from B, each from fresh tables."""
    m = load_bundled(key)
    one, two = MapTables(m), MapTables(m)
    e = one.elevation
    n = one.count
    for a in range(n):
        for b in range(a + 1, n):
            core_ab, pairs_ab = one.line_hexes(a, b)
            core_ba, pairs_ba = two.line_hexes(b, a)
            assert core_ab == core_ba[::-1]
            assert {frozenset(p) for p in pairs_ab} == {frozenset(p) for p in pairs_ba}
            hidden_ab = one.hidden(a, e[a], b, e[b]) or one.hidden(b, e[b], a, e[a])
            hidden_ba = two.hidden(b, e[b], a, e[a]) or two.hidden(a, e[a], b, e[b])
            assert hidden_ab == hidden_ba
            assert one.clear(a, e[a], b, e[b]) == two.clear(b, e[b], a, e[a])


def test_precompute_fills_the_table_for_every_ground_pair():
    """The per-map precomputation answers every ground pair, both ways, and agrees with the
    answers computed one by one."""
    m = load_bundled("steppe")
    pre = MapTables(m)
    pre.precompute()
    lazy = MapTables(m)
    e = pre.elevation
    for a in range(0, pre.count, 7):
        for b in range(pre.count):
            assert pre.clear(a, e[a], b, e[b]) == lazy.clear(a, e[a], b, e[b])
            assert pre.clear(a, e[a], b, e[b], False) == lazy.clear(a, e[a], b, e[b], False)


@pytest.mark.parametrize(
    "h, v, s",
    [
        (1, 0, 2),
        (1, 1, 1),
        (1, 2, 0),
        (2, 0, 4),
        (2, 1, 3),
        (2, 2, 2),
        (2, 3, 1),
        (2, 6, 1),
        (3, 0, 6),
        (3, 5, 1),
        (3, 6, 1),
    ],
)
def test_gb_8_3_shadow_lengths_table(h, v, s):
    """GB-8.3: the table of shadow lengths S for cover H and observer V (target at 0):
    hidden exactly at distances 1..S behind the cover."""
    for d in range(1, 9):
        assert shadow_hides(h, d, v, 0) == (d <= s)
    assert not shadow_hides(0, 1, 0, 0) and not shadow_hides(2, 1, 0, 2)
