"""Line geometry (engine/geometry/line.py): cells, cover runs, direction, paths, reach.

Cited rules are Battleline's (the first system on a line): BL-1.1, BL-1.3, BL-1.4,
BL-5.2 to BL-5.5, BL-6.2, BL-9.2, BL-14.6.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.geometry.line import (
    BadRuns,
    Line,
    end_cell,
    format_runs,
    line,
    on_side,
    parse_runs,
    path,
    paths_meet,
    reach,
    reach_twice,
    toward,
)


def test_bl_1_1_cells_are_1_to_l_and_bl_1_4_cover_runs():
    """BL-1.1: cells 1..L; BL-1.4: cover cells are runs of consecutive cells (the
    seed's ruin on 19 to 23)."""
    ln = line(30, ((19, 23),))
    assert ln.cells() == range(1, 31)
    assert [ln.contains(c) for c in (0, 1, 30, 31)] == [False, True, True, False]
    assert sorted(ln.cover) == [19, 20, 21, 22, 23]
    assert [ln.is_cover(c) for c in (18, 19, 23, 24, 0, 99)] == [False, True, True, False, False, False]
    assert line(30, ((19, 23),)) is ln  # one shared object per content
    assert ln == Line(30, [(19, 23)]) and hash(ln) == hash(Line(30, [(19, 23)]))


def test_runs_are_merged_sorted_and_checked():
    assert Line(30, [(25, 25), (19, 21), (22, 23)]).runs == ((19, 23), (25, 25))
    assert parse_runs("23..19, 25", 30) == ((19, 23), (25, 25))
    assert parse_runs("  ", 30) == ()
    assert format_runs(((19, 23), (25, 25))) == "19..23, 25"
    for bad in ("0..3", "29..31", "a..b", "3..", ""):
        if bad:
            with pytest.raises(BadRuns):
                parse_runs(bad, 30)
    with pytest.raises(BadRuns):
        Line(30, [(5, 4)])
    with pytest.raises(BadRuns):
        Line(30, [(30, 31)])
    with pytest.raises(ValueError):
        Line(0)


def test_bl_1_3_distance_and_bl_5_2_direction():
    """BL-1.3: distance |a - b|; BL-5.2: toward a higher cell is +1, a lower -1, and
    the mover's own cell gives no direction (the order must state one)."""
    assert (toward(9, 21), toward(21, 9), toward(5, 5)) == (1, -1, 0)
    assert abs(9 - 21) == 12


def test_bl_5_3_end_cell_and_bl_5_4_path():
    """BL-5.3: e = p + dir × s; BL-5.4: the path is [p..e], {p} when not moving."""
    assert end_cell(9, 1, 6) == 15 and end_cell(18, -1, 6) == 12
    assert path(9, 15) == (9, 15) and path(18, 12) == (12, 18) and path(7, 7) == (7, 7)


def test_bl_9_2_paths_meet_on_a_shared_cell_the_seeds_example():
    """BL-9.2: 9 → 15 and 18 → 12 share 12 to 15; had the right mech stayed on 18, the
    paths would not meet (BL-9.3). BL-5.5: the movers pass each other."""
    assert paths_meet(path(9, 15), path(18, 12))
    assert not paths_meet(path(9, 15), path(18, 18))
    assert paths_meet(path(14, 15), path(16, 15))  # BL-EX-12: both reach 15
    assert paths_meet((3, 3), (3, 3)) and not paths_meet((3, 4), (5, 9))


def test_bl_6_2_strictly_on_the_side_of_movement():
    """BL-6.2: (x - m) × dir > 0; the mover's own cell is on no side."""
    assert on_side(21, 33, 1) and not on_side(21, 9, 1) and not on_side(21, 21, 1)
    assert on_side(21, 9, -1)


def test_reach_toward_one_or_several_marks_and_the_edge():
    """BL-5.1, BL-5.3: 0..S cells toward a mark, never off the line; a mark on the
    mover's own cell opens both ways (BL-5.2); several marks (BL-6.1) unite."""
    ln = line(30)
    assert reach(ln, 21, [9], 6) == tuple(range(15, 22))  # the seed's 7 end cells
    assert reach(ln, 3, [1], 6) == (1, 2, 3)
    assert reach(ln, 10, [10], 2) == (8, 9, 10, 11, 12)
    assert reach(line(42), 21, [9, 33], 2) == (19, 20, 21, 22, 23)
    assert reach(ln, 5, [], 6) == (5,)


def test_bl_14_6_seven_cells_become_thirteen():
    """BL-14.6: max speed 6, one turn: 7 end cells; two turns: 13 (27 down to 15, BL-EX-5)."""
    ln = line(30, ((19, 23),))
    assert len(reach(ln, 27, [9], 6)) == 7
    assert reach_twice(ln, 27, [9], 6) == tuple(range(15, 28))
    assert len(reach_twice(line(60), 40, [1], 4)) == 2 * 4 + 1


def test_reach_twice_turns_back_after_passing():
    """BL-5.5: after passing the mark the second move points back toward it."""
    ln = line(30)
    # 12 → 9 passes the mark on 10, then 9 → 12 heads back; ending on 10 itself opens
    # both ways (BL-5.2), so 7 and 13 are reached too
    assert reach_twice(ln, 12, [10], 3) == tuple(range(7, 14))


@given(
    length=st.integers(1, 60),
    p=st.integers(1, 60),
    marks=st.lists(st.integers(1, 60), max_size=3),
    speed=st.integers(0, 8),
)
def test_reach_is_every_end_cell_of_a_legal_move(length, p, marks, speed):
    """A cell is in ``reach`` exactly when some speed 0..S toward some mark ends on it
    (BL-5.1 to BL-5.3), and every such cell is on the line."""
    p = min(p, length)
    marks = [min(m, length) for m in marks]
    ln = line(length)
    expected = {p}
    for x in marks:
        for d in (toward(p, x),) if x != p else (1, -1):
            for s in range(speed + 1):
                if ln.contains(end_cell(p, d, s)):
                    expected.add(end_cell(p, d, s))
    assert set(reach(ln, p, marks, speed)) == expected
