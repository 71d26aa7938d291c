"""Graph boards: named nodes joined by links that may carry flags.

A :class:`Graph` is the board of systems played on a map of points (camps,
forts, fords) joined by links (roads, trails). It knows nothing of any system:
a node is a string id, a link joins two different nodes in both directions and
carries a set of string flags (``"mountain"``, ``"river"``...), and each node
may have a capacity (how many pieces *one side* may hold there; the caller
counts its own pieces).

What it answers, with precomputed tables shared by every game on the board:

* :meth:`Graph.neighbours`: the nodes one link away, in node order;
* :meth:`Graph.flags`: the flags of the link between two nodes;
* :meth:`Graph.distance`: the fewest links between two nodes, flags ignored
  (breadth-first search from every node, done once);
* :meth:`Graph.paths`: every path of one up to ``steps`` links from a node,
  each step filtered by a caller's predicate (terrain, room, occupation);
* :meth:`Graph.has_room`: whether a side already holding ``count`` pieces on a
  node may bring one more.

Nodes keep the order they were given in: every list the graph returns follows
it, so ties broken "in node order" are the same on every run.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence

__all__ = ["Graph", "GraphError", "StepFilter"]

#: ``step_ok(from_node, to_node, flags, step)``: whether a path may take that link as
#: its ``step``-th step (1-based); ``flags`` are the link's flags.
StepFilter = Callable[[str, str, frozenset[str], int], bool]

_NO_FLAGS: frozenset[str] = frozenset()


class GraphError(ValueError):
    """The nodes or links do not make a graph (a link to an unknown node, a node
    linked to itself, the same link twice, a repeated node id)."""


class Graph:
    """An undirected graph of named nodes and flagged links (see the module).

    ``nodes``: node ids in their canonical order; ``links``: ``(a, b, flags)``
    triples; ``capacity``: per-node capacity (pieces per side), absent nodes
    unlimited. Raises :class:`GraphError` when the data is not a graph.
    Instances are immutable after construction; share them freely.
    """

    __slots__ = ("_adjacent", "_dist", "_flags", "_index", "_neighbours", "capacity", "nodes")

    def __init__(
        self,
        nodes: Sequence[str],
        links: Iterable[tuple[str, str, Iterable[str]]],
        capacity: Mapping[str, int] | None = None,
    ) -> None:
        self.nodes: tuple[str, ...] = tuple(nodes)
        self._index: dict[str, int] = {n: i for i, n in enumerate(self.nodes)}
        if len(self._index) != len(self.nodes):
            raise GraphError("a node id is repeated")
        self._flags: dict[tuple[str, str], frozenset[str]] = {}
        near: dict[str, set[str]] = {n: set() for n in self.nodes}
        for a, b, flags in links:
            if a not in self._index or b not in self._index:
                raise GraphError(f"the link {a}-{b} names a node that does not exist")
            if a == b:
                raise GraphError(f"the link {a}-{b} joins a node to itself")
            if (a, b) in self._flags:
                raise GraphError(f"the link {a}-{b} is given twice")
            f = frozenset(flags)
            self._flags[(a, b)] = self._flags[(b, a)] = f
            near[a].add(b)
            near[b].add(a)
        self._neighbours: dict[str, tuple[str, ...]] = {
            n: tuple(sorted(near[n], key=self._index.__getitem__)) for n in self.nodes
        }
        self._adjacent: frozenset[tuple[str, str]] = frozenset(self._flags)
        self.capacity: dict[str, int] = dict(capacity or {})
        self._dist: dict[str, dict[str, int]] = {n: self._bfs(n) for n in self.nodes}

    # -- tables --------------------------------------------------------------------
    def _bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self._neighbours[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    # -- queries ---------------------------------------------------------------------
    def __contains__(self, node: object) -> bool:
        return node in self._index

    def order(self, node: str) -> int:
        """The node's position in the canonical order (0-based). KeyError if unknown."""
        return self._index[node]

    def neighbours(self, node: str) -> tuple[str, ...]:
        """The nodes one link from ``node``, in node order. KeyError if unknown."""
        return self._neighbours[node]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a link joins ``a`` and ``b``."""
        return (a, b) in self._adjacent

    def flags(self, a: str, b: str) -> frozenset[str]:
        """The flags of the link between ``a`` and ``b`` (empty when there is no link:
        test :meth:`adjacent` first)."""
        return self._flags.get((a, b), _NO_FLAGS)

    def links(self) -> list[tuple[str, str, frozenset[str]]]:
        """Every link once, as ``(a, b, flags)`` with ``a`` before ``b`` in node order,
        sorted by ``a`` then ``b``."""
        out = [(a, b, f) for (a, b), f in self._flags.items() if self._index[a] < self._index[b]]
        out.sort(key=lambda t: (self._index[t[0]], self._index[t[1]]))
        return out

    def distance(self, a: str, b: str) -> int | None:
        """The fewest links between ``a`` and ``b`` (flags ignored), or None when no
        path joins them. KeyError if ``a`` is unknown."""
        return self._dist[a].get(b)

    def distances_from(self, a: str) -> Mapping[str, int]:
        """Distance (in links) from ``a`` to every node it reaches (a shared table: do
        not modify it)."""
        return self._dist[a]

    def nearest(self, a: str, targets: Iterable[str]) -> int | None:
        """The distance from ``a`` to the nearest of ``targets`` (None when none is
        reachable or ``targets`` is empty)."""
        row = self._dist[a]
        best: int | None = None
        for t in targets:
            d = row.get(t)
            if d is not None and (best is None or d < best):
                best = d
        return best

    def has_room(self, node: str, count: int) -> bool:
        """Whether a side holding ``count`` pieces on ``node`` may bring one more
        (always, when the node has no capacity)."""
        cap = self.capacity.get(node)
        return cap is None or count < cap

    def paths(self, start: str, steps: int, step_ok: StepFilter | None = None) -> list[tuple[str, ...]]:
        """Every path of 1 to ``steps`` links from ``start``, as tuples of the nodes
        entered (``start`` itself not included), shortest first, then in node order
        step by step. ``step_ok`` filters each step (see :data:`StepFilter`); a path
        continues only from a step it accepts. Paths may come back to a node they
        passed (the caller filters that if it must)."""
        out: list[tuple[str, ...]] = []
        frontier: list[tuple[str, ...]] = [()]
        for depth in range(1, steps + 1):
            nxt: list[tuple[str, ...]] = []
            for path in frontier:
                here = path[-1] if path else start
                for there in self._neighbours[here]:
                    if step_ok is None or step_ok(here, there, self._flags[(here, there)], depth):
                        nxt.append((*path, there))
            out.extend(nxt)
            frontier = nxt
        return out
