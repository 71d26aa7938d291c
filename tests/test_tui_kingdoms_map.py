"""The map of bases and links: the kit's graph layout (it knows no system: a graph of
boxes and links), the Three Kingdoms glyphs, and the map drawn from a seat's view."""

from __future__ import annotations

import random
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.kit.board import LINK_PIECES, GraphLayout, auto_grid
from tui.rulesets.kingdoms.glyphs import ASCII_MAP, UNICODE_MAP, legend_rows


def _chars(glyphs) -> list[str]:
    out: list[str] = []
    for value in glyphs[1:]:
        if isinstance(value, dict):
            out.extend(value.values())
        elif isinstance(value, str):
            out.append(value)
    return [c for c in out if c]


def test_unicode_map_glyphs_are_one_cell_and_never_of_ambiguous_width() -> None:
    for ch in _chars(UNICODE_MAP):
        assert len(ch) == 1, ch
        assert unicodedata.east_asian_width(ch) in ("N", "Na"), (ch, unicodedata.name(ch))
    for key in ("h", "h2", "v", "v2", "up", "down"):  # links: box-drawing characters
        assert unicodedata.name(UNICODE_MAP.link[key]).startswith("BOX DRAWINGS")
    for key in ("h", "v"):
        assert unicodedata.name(UNICODE_MAP.mountain[key]).startswith("BOX DRAWINGS")
        assert UNICODE_MAP.mountain[key] != UNICODE_MAP.link[key]  # a mountain link is drawn apart


def test_ascii_map_glyphs_are_plain_ascii_and_every_kind_has_its_own() -> None:
    assert all(ch.isascii() and ch.isprintable() for ch in _chars(ASCII_MAP))
    for glyphs in (ASCII_MAP, UNICODE_MAP):
        assert len(set(glyphs.base.values())) == 6  # the six base types (TK-1.5)
        assert len(set(glyphs.regiment.values())) == 4
        assert len(set(glyphs.status.values())) == len(glyphs.status)
        assert glyphs.origin != glyphs.target and glyphs.target not in glyphs.base.values()
        assert legend_rows(glyphs)


def _cells(layout: GraphLayout) -> set[tuple[int, int]]:
    return {(x, y) for n in layout.cells() for x, y in _box_cells(layout, n)}


def _box_cells(layout: GraphLayout, n: int):
    box = layout.box(n)
    for y in range(box.y, box.bottom):
        for x in range(box.x, box.right):
            yield x, y


def _touches(layout: GraphLayout, n: int, x: int, y: int) -> bool:
    box = layout.box(n)
    return any(
        (x + dx, y + dy) in set(_box_cells(layout, n)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ) and (box.x - 1 <= x <= box.right and box.y - 1 <= y <= box.bottom)


def _check_routes(layout: GraphLayout, links: list[tuple[int, int]]) -> None:
    boxes = _cells(layout)
    seen: dict[tuple[int, int], list[str]] = {}
    for index, (a, b) in enumerate(links):
        route = layout.routes[index]
        assert route, f"link {a}-{b} has no way"
        cells = [(x, y) for x, y, _p in route]
        assert not set(cells) & boxes, "a link runs under a box"
        assert _touches(layout, a, *cells[0]) and _touches(layout, b, *cells[-1])
        for (x0, y0), (x1, y1) in zip(cells, cells[1:], strict=False):
            assert abs(x0 - x1) + abs(y0 - y1) == 1  # one connected run
        for x, y, piece in route:
            assert piece in LINK_PIECES
            seen.setdefault((x, y), []).append(piece)
    for pieces in seen.values():  # two links meet only straight across each other
        assert len(pieces) == 1 or sorted(pieces) == ["h", "v"], pieces
    for y in range(layout.size.height):
        xs = [x for x, _p, _i in layout.links_on_line(y)]
        assert xs == sorted(xs)


def test_a_graph_drawn_on_a_grid_routes_each_link_between_its_two_boxes() -> None:
    """Section 3.1's map as a grid: every link runs from a side of one box to a side of
    the other, never under a box, crossing another only straight across; a straight
    neighbour in a row is joined by a straight run."""
    grid = {
        0: (0, 1),
        1: (1, 1),
        2: (1, 2),
        3: (2, 1),
        4: (2, 2),
        5: (3, 1),
        6: (2, 0),
        7: (3, 0),
        8: (4, 1),
        9: (4, 0),
    }
    links = [
        (0, 1),
        (0, 2),
        (1, 2),
        (1, 3),
        (2, 4),
        (3, 5),
        (4, 5),
        (1, 6),
        (6, 7),
        (5, 7),
        (5, 8),
        (7, 9),
        (8, 9),
    ]
    layout = GraphLayout(
        10, links, grid=grid, box_width=14, heights=[3, 3, 3, 2, 2, 3, 2, 2, 2, 4], gap_x=2, margin=0
    )
    assert layout.grid == grid
    assert (layout.size.width, layout.size.height) == (5 * 14 + 4 * 2, 4 + 1 + 3 + 1 + 3)
    _check_routes(layout, links)
    b1_b2 = layout.routes[0]
    assert [p for _x, _y, p in b1_b2] == ["h", "h"] and {y for _x, y, _p in b1_b2} == {layout.box(0).y}
    # arrows: to the nearest box that way
    assert layout.step(1, 1, 0) == 3 and layout.step(1, 0, 1) == 2 and layout.step(1, -1, 0) == 0
    assert layout.step(0, -1, 0) == 0  # nothing further left: stays
    assert layout.cell_at(layout.box(5).x + 3, layout.box(5).y + 1) == 5


def test_a_graph_without_a_drawing_is_laid_out_from_its_links() -> None:
    """No grid (or a grid with two nodes at one place): columns by distance from the
    first node, every node in its own place, and every link routed."""
    links = [
        (0, 1),
        (0, 2),
        (1, 2),
        (1, 3),
        (2, 4),
        (3, 5),
        (4, 5),
        (1, 6),
        (6, 7),
        (5, 7),
        (5, 8),
        (7, 9),
        (8, 9),
    ]
    places = auto_grid(10, links, 0)
    assert places[0][0] == 0 and {places[1][0], places[2][0]} == {1}
    assert len(set(places.values())) == 10
    shared = GraphLayout(10, links, grid={n: (0, 0) for n in range(10)}, box_width=12, heights=[2] * 10)
    assert shared.grid == places
    _check_routes(shared, links)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(0, 10_000))
def test_random_graphs_get_a_place_for_each_node_and_a_sound_route_for_most_links(
    count: int, seed: int
) -> None:
    """Any graph: each node its own place; every route found is one connected run from
    box to box, under no box, meeting another route only straight across it; a tree
    (no more links than nodes) is routed whole."""
    rng = random.Random(seed)
    links: list[tuple[int, int]] = [(rng.randrange(n), n) for n in range(1, count)]
    for _ in range(rng.randint(0, count)):
        a, b = rng.sample(range(count), 2)
        if (a, b) not in links and (b, a) not in links:
            links.append((a, b))
    layout = GraphLayout(
        count, links, box_width=rng.randint(6, 14), heights=[rng.randint(1, 4) for _ in range(count)]
    )
    assert len(set(layout.grid.values())) == count
    boxes = _cells(layout)
    for index, route in enumerate(layout.routes):
        if not route:
            assert len(links) > count - 1, "a tree's link was left out"
            continue
        cells = [(x, y) for x, y, _p in route]
        assert not set(cells) & boxes
        a, b = links[index]
        assert _touches(layout, a, *cells[0]) and _touches(layout, b, *cells[-1])
    if all(layout.routes):
        _check_routes(layout, links)
