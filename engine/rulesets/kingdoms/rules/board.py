"""The battle map's fixed facts: the graph of bases and links with its tables,
found by the scenario's content digest and shared by every copy of a state."""

from __future__ import annotations

import hashlib

import msgspec

from engine.geometry.graph import Graph
from engine.rulesets.kingdoms.scenario import BaseSpec, Scenario
from engine.rulesets.kingdoms.state import State

__all__ = ["Board", "board", "scenario_key"]


class Board:
    """A scenario's map: ``graph`` (bases as nodes in base order, links flagged
    ``mountain``, capacities per side, TK-1.5, TK-1.6), ``bases`` by id,
    ``order`` (base order, TK-1.8), ``fortress_ids`` and ``tower_ids``
    (watchtowers, TK-13)."""

    __slots__ = ("bases", "fortress_ids", "graph", "order", "tower_ids")

    def __init__(self, scenario: Scenario) -> None:
        self.bases: dict[str, BaseSpec] = {b.id: b for b in scenario.bases}
        self.order: dict[str, int] = {b.id: i for i, b in enumerate(scenario.bases)}
        self.graph = Graph(
            [b.id for b in scenario.bases],
            [(lk.a, lk.b, ("mountain",) if lk.mountain else ()) for lk in scenario.links],
            {b.id: b.capacity for b in scenario.bases},
        )
        self.fortress_ids: tuple[str, ...] = tuple(b.id for b in scenario.bases if b.fortress)
        self.tower_ids: tuple[str, ...] = tuple(b.id for b in scenario.bases if b.type == "watchtower")

    def neighbours(self, base: str) -> tuple[str, ...]:
        """Bases adjacent to ``base``, in base order (TK-1.6)."""
        return self.graph.neighbours(base)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a link joins ``a`` and ``b`` (TK-1.6)."""
        return self.graph.adjacent(a, b)

    def mountain(self, a: str, b: str) -> bool:
        """Whether the link ``a``-``b`` is a mountain link (TK-3.5)."""
        return "mountain" in self.graph.flags(a, b)


_BOARDS: dict[str, Board] = {}


def scenario_key(scenario: Scenario) -> str:
    """The digest (hex) of ``scenario``'s content: what its board is found by."""
    return hashlib.sha256(msgspec.msgpack.encode(scenario)).hexdigest()[:32]


def board(state: State) -> Board:
    """The board of ``state``'s scenario (built once per scenario content)."""
    b = _BOARDS.get(state.key) if state.key else None
    if b is None:
        key = scenario_key(state.scenario)
        b = _BOARDS.get(key)
        if b is None:
            b = _BOARDS[key] = Board(state.scenario)
        if not state.key:
            state.key = key
    return b
