"""The shared graph board (engine/geometry/graph.py): nodes, flagged links,
neighbours, distances, paths of one or two steps and capacities per side."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.geometry.graph import Graph, GraphError

# a small river map: a camp, two crossings, a fort, and a hill trail that is flagged
NODES = ["camp", "ford", "bridge", "fort", "hill", "far"]
LINKS = [
    ("camp", "ford", ()),
    ("camp", "bridge", ()),
    ("ford", "fort", ()),
    ("bridge", "fort", ()),
    ("camp", "hill", ("mountain",)),
    ("hill", "fort", ("mountain", "narrow")),
]


def graph() -> Graph:
    return Graph(NODES, LINKS, capacity={"ford": 1, "bridge": 1, "camp": 5})


def test_neighbours_are_in_node_order_and_links_work_both_ways():
    g = graph()
    assert g.neighbours("camp") == ("ford", "bridge", "hill")
    assert g.neighbours("fort") == ("ford", "bridge", "hill")
    assert g.neighbours("far") == ()
    assert g.adjacent("ford", "camp") and g.adjacent("camp", "ford")
    assert not g.adjacent("camp", "fort")
    assert g.order("fort") == 3 and "hill" in g and "sea" not in g


def test_link_flags_are_read_from_either_end():
    g = graph()
    assert g.flags("hill", "fort") == {"mountain", "narrow"}
    assert g.flags("fort", "hill") == {"mountain", "narrow"}
    assert g.flags("camp", "ford") == frozenset()
    assert g.flags("camp", "fort") == frozenset()  # no link at all
    assert g.links()[0] == ("camp", "ford", frozenset())
    assert len(g.links()) == len(LINKS)


def test_distance_ignores_flags_and_unreachable_is_none():
    g = graph()
    assert g.distance("camp", "fort") == 2
    assert g.distance("hill", "ford") == 2
    assert g.distance("camp", "camp") == 0
    assert g.distance("camp", "far") is None
    assert g.nearest("camp", ["fort", "hill"]) == 1
    assert g.nearest("camp", ["far"]) is None
    assert g.nearest("camp", []) is None


def test_paths_of_one_and_two_steps_in_order_filtered_step_by_step():
    g = graph()
    assert g.paths("camp", 1) == [("ford",), ("bridge",), ("hill",)]
    two = g.paths("camp", 2)
    assert two[:3] == [("ford",), ("bridge",), ("hill",)]
    assert ("ford", "fort") in two and ("hill", "fort") in two and ("ford", "camp") in two
    assert len(two) == 3 + 2 + 2 + 2

    def no_mountain(a, b, flags, step):
        return "mountain" not in flags

    assert ("hill",) not in g.paths("camp", 2, no_mountain)
    assert g.paths("camp", 2, no_mountain) == [
        ("ford",),
        ("bridge",),
        ("ford", "camp"),
        ("ford", "fort"),
        ("bridge", "camp"),
        ("bridge", "fort"),
    ]

    def second_step_only_to_fort(a, b, flags, step):
        return step == 1 or b == "fort"

    assert g.paths("camp", 2, second_step_only_to_fort)[3:] == [
        ("ford", "fort"),
        ("bridge", "fort"),
        ("hill", "fort"),
    ]


def test_capacity_is_per_side_count_and_unlimited_when_absent():
    g = graph()
    assert g.has_room("ford", 0) and not g.has_room("ford", 1)
    assert g.has_room("camp", 4) and not g.has_room("camp", 5)
    assert g.has_room("hill", 1000)


@pytest.mark.parametrize(
    "nodes, links",
    [
        (["a", "a"], []),
        (["a", "b"], [("a", "c", ())]),
        (["a", "b"], [("a", "a", ())]),
        (["a", "b"], [("a", "b", ()), ("b", "a", ())]),
    ],
)
def test_bad_data_is_refused(nodes, links):
    with pytest.raises(GraphError):
        Graph(nodes, links)


@given(
    st.integers(2, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] < p[1])),
        )
    )
)
def test_distances_agree_with_paths_and_are_symmetric(data):
    """Property: d(a, b) = d(b, a); every neighbour is at distance 1; a node at
    distance 2 is the end of some two-step path and of no one-step path."""
    n, pairs = data
    nodes = [f"n{i}" for i in range(n)]
    g = Graph(nodes, [(nodes[a], nodes[b], ()) for a, b in pairs])
    for a in nodes:
        ends1 = {p[-1] for p in g.paths(a, 1)}
        ends2 = {p[-1] for p in g.paths(a, 2)}
        for b in nodes:
            assert g.distance(a, b) == g.distance(b, a)
            d = g.distance(a, b)
            assert (d == 1) == (b in ends1)
            if d == 2:
                assert b in ends2 and b not in ends1
