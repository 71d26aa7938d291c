"""Hex geometry (engine/geometry/hex.py): coordinates and notation, distance,
neighbours, lines with edge pairs, front arcs, sectors, rings and the spiral
(GB-2.2 to GB-2.9, GB-11.2)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.geometry.hex import (
    DIRECTIONS,
    SPINES,
    BadHex,
    area_size,
    core_hexes_exact,
    cube,
    direction_between,
    distance,
    format_hex,
    from_offset,
    in_front_arc,
    in_sector,
    line,
    neighbour,
    neighbours,
    parse_hex,
    pixel,
    ring,
    spiral,
    to_offset,
)

hexes = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def words(text: str) -> list[str]:
    return text.split()


def names(hs) -> list[str]:
    return [format_hex(h) for h in hs]


def test_gb_2_4_notation_example_and_round_trip():
    """GB-2.4, GB-AMB-3: 0306 is (q, r) = (2, 4); conversion both ways over a 99 x 99 map."""
    assert parse_hex("0306") == (2, 4)
    assert format_hex((2, 4)) == "0306"
    for c in range(1, 100, 7):
        for n in range(1, 100, 5):
            h = from_offset(c, n)
            assert to_offset(h) == (c, n)
            assert parse_hex(format_hex(h)) == h


@pytest.mark.parametrize("bad", ["306", "03066", "0006", "0300", "ab12", "03 6", "٠٣٠٦", ""])
def test_gb_2_4_bad_hex_names_are_refused(bad):
    """GB-2.4: a hex is four ASCII digits, column and row from 01."""
    with pytest.raises(BadHex):
        parse_hex(bad)


def test_gb_2_4_parse_respects_the_map_size():
    with pytest.raises(BadHex):
        parse_hex("1701", width=16, height=12)
    with pytest.raises(BadHex):
        parse_hex("0113", width=16, height=12)
    assert parse_hex("1612", width=16, height=12) == from_offset(16, 12)


def test_gb_2_4_neighbours_in_notation_terms_odd_and_even_columns():
    """GB-2.4: in an odd column N (c, n-1), NE (c+1, n-1), SE (c+1, n), S (c, n+1),
    SW (c-1, n), NW (c-1, n-1); in an even column NE (c+1, n), SE (c+1, n+1),
    SW (c-1, n+1), NW (c-1, n)."""
    odd = from_offset(5, 5)
    assert [to_offset(h) for h in neighbours(odd)] == [(5, 4), (6, 4), (6, 5), (5, 6), (4, 5), (4, 4)]
    even = from_offset(6, 5)
    assert [to_offset(h) for h in neighbours(even)] == [(6, 4), (7, 5), (7, 6), (6, 6), (5, 6), (5, 5)]


def test_gb_2_3_directions_and_cube_steps():
    """GB-2.3: the axial steps N, NE, SE, S, SW, NW and their cube forms."""
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert [cube(d) for d in DIRECTIONS] == [
        (0, -1, 1),
        (1, -1, 0),
        (1, 0, -1),
        (0, 1, -1),
        (-1, 1, 0),
        (-1, 0, 1),
    ]
    for i in range(6):
        assert direction_between((3, 3), neighbour((3, 3), i)) == i
    assert direction_between((3, 3), (5, 3)) is None


def test_gb_2_2_pixel_centres_for_drawing():
    """GB-2.2: x = 3/2·q, y = √3·(r + q/2)."""
    x, y = pixel((2, 4))
    assert x == 3.0 and math.isclose(y, math.sqrt(3) * 5)


@given(hexes, hexes, hexes)
def test_gb_2_5_distance_is_a_metric(a, b, c):
    """GB-2.5, GB-2.1 (distances in hexes): dist = max(|Δq|, |Δr|, |Δs|), symmetric, zero only on the same hex,
    with the triangle inequality; neighbours are at distance 1."""
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert all(distance(a, n) == 1 for n in neighbours(a))


def test_gb_2_6_test_vectors():
    """GB-2.6: the four test vectors of the table, core hexes and edge pairs."""
    cases = [
        ("0502", "0507", 5, "0502 0503 0504 0505 0506 0507", []),
        ("0306", "0706", 4, "0306 0506 0706", [("0405", "0406"), ("0605", "0606")]),
        ("0206", "0808", 6, "0206 0307 0407 0507 0508 0607 0708 0808", []),
        ("0306", "0807", 5, "0306 0406 0507 0606 0707 0807", []),
    ]
    for a, b, d, core, pairs in cases:
        ha, hb = parse_hex(a), parse_hex(b)
        assert distance(ha, hb) == d
        got = line(ha, hb)
        assert names(got.core) == words(core)
        assert [(format_hex(x), format_hex(y)) for x, y in got.pairs] == pairs


def test_gb_ex_9_corner_touch_and_clipped_hexes():
    """GB-EX-9 (c), (d): the line 0206-0808 passes through both 0507 and 0508; the line
    0306-0807 touches 0506 and 0607 at a corner only, so they are not on it; the
    "sample d + 1 points and round" shortcut misses a hex of the first line."""
    clipped = names(line(parse_hex("0206"), parse_hex("0808")).core)
    assert "0507" in clipped and "0508" in clipped
    corner = line(parse_hex("0306"), parse_hex("0807"))
    assert "0506" not in names(corner.intervening()) and "0607" not in names(corner.intervening())

    def sampled(a, b):
        n = distance(a, b)
        out = []
        for i in range(n + 1):
            t = Fraction(i, n)
            p = tuple(
                Fraction(x) + (Fraction(y) - Fraction(x)) * t for x, y in zip(cube(a), cube(b), strict=True)
            )
            rx, ry, rz = (round(c) for c in p)
            dx, dy, dz = abs(rx - p[0]), abs(ry - p[1]), abs(rz - p[2])
            if dx > dy and dx > dz:
                rx = -ry - rz
            elif dy > dz:
                ry = -rx - rz
            out.append((rx, ry))
        return out

    short = names(sampled(parse_hex("0206"), parse_hex("0808")))
    assert len(short) == 7 and set(short) < set(clipped)


def test_gb_2_6_spine_lines_have_edge_pairs_in_every_spine_direction():
    """GB-2.6 case 1: B - A = k·(d_i + d_(i+1)) gives core hexes A + j·v and the edge
    pairs beside each stretch; the six spine vectors in axial form."""
    assert SPINES == ((1, -2), (2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1))
    a = (10, 10)
    for i, (vq, vr) in enumerate(SPINES):
        for k in (1, 2, 3):
            got = line(a, (a[0] + k * vq, a[1] + k * vr))
            assert got.core == tuple((a[0] + j * vq, a[1] + j * vr) for j in range(k + 1))
            assert len(got.pairs) == k
            for j, (x, y) in enumerate(got.pairs):
                base = got.core[j]
                assert {x, y} == {neighbour(base, i), neighbour(base, i + 1)}
                # the two hexes of a pair neighbour both core hexes of their stretch
                for h in (x, y):
                    assert distance(h, got.core[j]) == distance(h, got.core[j + 1]) == 1


@given(hexes, hexes)
def test_gb_2_7_lines_are_the_same_both_ways(a, b):
    """GB-2.7: the line from B to A has exactly the hexes of the line from A to B;
    it starts at A and ends at B; consecutive core hexes of an ordinary line are
    neighbours, and it has at least distance + 1 core hexes."""
    ab, ba = line(a, b), line(b, a)
    assert ab.core == tuple(reversed(ba.core))
    assert {frozenset(p) for p in ab.pairs} == {frozenset(p) for p in ba.pairs}
    assert ab.core[0] == a and ab.core[-1] == b
    if not ab.pairs and a != b:
        assert len(ab.core) >= distance(a, b) + 1
        assert all(distance(x, y) == 1 for x, y in zip(ab.core, ab.core[1:], strict=False))


def test_gb_2_7_symmetry_over_every_pair_of_a_16_by_12_map():
    """GB-2.7 over every ordered pair of hexes of the examples' 16 x 12 map."""
    all_hexes = [from_offset(c, n) for c in range(1, 17) for n in range(1, 13)]
    for a in all_hexes:
        for b in all_hexes:
            ab, ba = line(a, b), line(b, a)
            assert ab.core == ba.core[::-1]
            assert set(ab.intervening()) == set(ba.intervening())


@given(hexes, hexes)
def test_gb_2_6_the_cached_shape_agrees_with_the_normative_algorithm(a, b):
    """GB-2.6 case 2: off the spines, the cached line is the normative algorithm run on
    the two hexes themselves (lines are translation invariant)."""
    if a == b or line(a, b).pairs:
        return
    assert list(line(a, b).core) == core_hexes_exact(a, b)


@given(hexes, hexes)
def test_gb_2_6_core_hexes_lie_on_the_segment(a, b):
    """GB-2.6: every core hex is crossed by the segment, so its centre is closer to the
    segment than a hex's outer radius (1 in units of the hex size)."""
    if a == b:
        return
    ax, ay = pixel(a)
    bx, by = pixel(b)
    for h in line(a, b).core:
        px, py = pixel(h)
        t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
        t = min(1.0, max(0.0, t))
        assert math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay)) < 1.0 + 1e-9


def test_gb_2_8_front_arc_table():
    """GB-2.8, GB-AMB-6: the exact test per facing (N: vr ≤ 0 and vs ≥ 0; NE: vq ≥ 0 and vr ≤ 0; SE:
    vq ≥ 0 and vs ≤ 0; S: vr ≥ 0 and vs ≤ 0; SW: vq ≤ 0 and vr ≥ 0; NW: vq ≤ 0 and
    vs ≥ 0); the unit's own hex is never in it; the arc is the three spokes and
    between."""
    table = [
        lambda q, r, s: r <= 0 and s >= 0,
        lambda q, r, s: q >= 0 and r <= 0,
        lambda q, r, s: q >= 0 and s <= 0,
        lambda q, r, s: r >= 0 and s <= 0,
        lambda q, r, s: q <= 0 and r >= 0,
        lambda q, r, s: q <= 0 and s >= 0,
    ]
    o = (0, 0)
    for facing in range(6):
        assert not in_front_arc(o, facing, o)
        for q in range(-6, 7):
            for r in range(-6, 7):
                if (q, r) == o:
                    continue
                assert in_front_arc(o, facing, (q, r)) == table[facing](q, r, -q - r)
        for spoke in (facing - 1, facing, facing + 1):
            assert in_front_arc(o, facing, neighbour(neighbour(o, spoke), spoke))
        for behind in (facing + 2, facing + 3, facing + 4):
            assert not in_front_arc(o, facing, neighbour(o, behind))


def test_gb_11_2_sector_table():
    """GB-11.2: N-NE vq ≥ 0 and vs ≥ 0; NE-SE vr ≤ 0 and vs ≤ 0; SE-S vq ≥ 0 and vr ≥ 0;
    S-SW vq ≤ 0 and vs ≤ 0; SW-NW vr ≥ 0 and vs ≥ 0; NW-N vq ≤ 0 and vr ≤ 0. Each sector
    is a half of the front arc of either bounding direction and holds both spokes."""
    table = [
        lambda q, r, s: q >= 0 and s >= 0,
        lambda q, r, s: r <= 0 and s <= 0,
        lambda q, r, s: q >= 0 and r >= 0,
        lambda q, r, s: q <= 0 and s <= 0,
        lambda q, r, s: r >= 0 and s >= 0,
        lambda q, r, s: q <= 0 and r <= 0,
    ]
    o = (0, 0)
    for first in range(6):
        assert not in_sector(o, first, o)
        for q in range(-6, 7):
            for r in range(-6, 7):
                h = (q, r)
                if h == o:
                    continue
                inside = in_sector(o, first, h)
                assert inside == table[first](q, r, -q - r)
                if inside:
                    assert in_front_arc(o, first, h) and in_front_arc(o, first + 1, h)
        assert in_sector(o, first, neighbour(o, first)) and in_sector(o, first, neighbour(o, first + 1))


def test_gb_ex_15_sector_ne_se_from_0306():
    """GB-EX-15: seen from 0306, sector NE-SE holds 0808, 0807, 0907, 0908, 1008 and 1108,
    not 0809."""
    o = parse_hex("0306")
    for name in ("0808", "0807", "0907", "0908", "1008", "1108"):
        assert in_sector(o, 1, parse_hex(name)), name
    assert not in_sector(o, 1, parse_hex("0809"))


def test_gb_2_9_spiral_order_and_area_sizes():
    """GB-2.9: areas of radius 1, 2, 3, 4 have 1, 7, 19, 37 hexes; ring 1 is N, NE, SE, S,
    SW, NW; the spiral of GB-EX-12 around 1708 (radius 3) and 0504 (radius 2)."""
    assert [area_size(r) for r in (1, 2, 3, 4)] == [1, 7, 19, 37]
    c = (5, 5)
    assert ring(c, 1) == list(neighbours(c))
    for r in range(1, 6):
        s = spiral(c, r)
        assert len(s) == area_size(r) == len(set(s))
        assert all(distance(c, h) <= r - 1 for h in s)
    assert names(spiral(parse_hex("1708"), 3)) == words(
        "1708 1707 1807 1808 1709 1608 1607 1706 1806 1907 1908 1909 1809 1710 1609 1509 1508 1507 1606"
    )
    assert names(spiral(parse_hex("0504"), 2)) == words("0504 0503 0603 0604 0505 0404 0403")
    for k in range(1, 5):
        rk = ring(c, k)
        assert len(rk) == 6 * k and all(distance(c, h) == k for h in rk)
        assert rk[0] == (c[0], c[1] - k)


def test_gb_2_6_the_whole_number_algorithm_is_the_normative_one_for_every_offset_up_to_12():
    """GB-2.6, GB-1.3: the integer form of the normative algorithm gives exactly the exact
    algorithm's hexes for every offset within 12 hexes (lines are translation invariant,
    so this covers every line of that length on any map)."""
    from engine.geometry.hex import core_hexes_int

    for dq in range(-12, 13):
        for dr in range(-12, 13):
            if (dq, dr) != (0, 0) and distance((0, 0), (dq, dr)) <= 12:
                assert core_hexes_int((0, 0), (dq, dr)) == core_hexes_exact((0, 0), (dq, dr)), (dq, dr)
