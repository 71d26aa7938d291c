"""Queries about a Six Chances Party state that several parts of the rules share:
who decides now (SC-2.5, SC-4.2, SC-5.3), squad labels (SC-1.7), occupied cells and
adjacency on the field (SC-12.1), who is able to attack (SC-4.3) and who is out of
Potential (SC-10.1). None of them changes the state or rolls a die.
"""

from __future__ import annotations

from engine.rulesets.sixchances.board import CELLS, home_zone, neighbours
from engine.rulesets.sixchances.catalog import STATS
from engine.rulesets.sixchances.options import MoveChoice
from engine.rulesets.sixchances.state import Player, Squad, State

__all__ = [
    "STAT_INDEX",
    "able_to_attack",
    "defending_stats",
    "has_potential",
    "label_index",
    "may_act",
    "move_choices",
    "new_squad_cells",
    "occupied_cells",
    "out_of_potential",
    "targets",
    "to_act",
]

_SIDE = (frozenset({0}), frozenset({1}))
_BOTH = frozenset({0, 1})
_NOBODY: frozenset[int] = frozenset()
#: The index of each stat in a (Potential, Resilience, Support) triple, keyed by its
#: notation name (``"pot"``, ``"res"``, ``"sup"``; SC-1.6).
STAT_INDEX = {"pot": 0, "res": 1, "sup": 2}


def to_act(state: State) -> frozenset[int]:
    """The sides that must decide now: both while neither has sealed its squads (SC-2.5),
    the defender while the defending stat is pending (SC-5.3), else the active player;
    empty once the game is over."""
    phase = state.phase
    if phase == "build":
        players = state.players
        if players[0].order is None:
            return _BOTH if players[1].order is None else _SIDE[0]
        return _SIDE[1] if players[1].order is None else _NOBODY
    if phase == "over":
        return _NOBODY
    if phase == "defend":
        return _SIDE[1 - state.active]
    return _SIDE[state.active]


def may_act(state: State, side: int) -> bool:
    """Must ``side`` decide now (:func:`to_act`)?"""
    return side in to_act(state)


def label_index(label: str) -> int:
    """The 0-based creation index of a squad label (``"1A"`` -> 0, ``"2AB"`` -> 27)."""
    n = 0
    for ch in label[1:]:
        n = n * 26 + ord(ch) - 64
    return n - 1


def occupied_cells(state: State) -> dict[str, str]:
    """Field variant: each occupied cell and the label of the squad on it (SC-12.1.1);
    empty without the field variant (squads have no cell)."""
    out = {}
    for p in state.players:
        for sq in p.squads:
            if sq.cell is not None:
                out[sq.cell] = sq.label
    return out


def targets(state: State, side: int, attacker: Squad) -> list[Squad]:
    """Opposing squads ``attacker`` may target (SC-5.1; adjacent on the field, SC-12.1.4)."""
    opp = state.players[1 - side].squads
    if not state.setup.field:
        return list(opp)
    near = neighbours(attacker.cell) if attacker.cell else ()
    return [t for t in opp if t.cell in near]


def defending_stats(squad: Squad) -> list[tuple[str, int]]:
    """The stats ``squad`` may defend with, as (stat, level) in the order of ``STATS``: those
    at level 1 or more (SC-5.3; a stat at level 0 has no die, SC-3.3)."""
    return [(stat, level) for stat in STATS if (level := squad.level(stat)) >= 1]


def has_potential(squads: list[Squad]) -> bool:
    """Some squad has Potential >= 1 (a plain loop: faster than ``any`` on a generator)."""
    for sq in squads:  # noqa: SIM110
        if sq.pot:
            return True
    return False


def able_to_attack(state: State, side: int) -> bool:
    """SC-4.3: ``side`` has a squad with Potential >= 1 and the opponent has a squad on the
    table (on the field, adjacent to such a squad, SC-12.1.4)."""
    me, opp = state.players[side], state.players[1 - side]
    if not opp.squads:
        return False
    if state.setup.field:
        return any(sq.pot >= 1 and targets(state, side, sq) for sq in me.squads)
    return has_potential(me.squads)


def out_of_potential(player: Player, rolling: bool = False) -> bool:
    """SC-10.1: no squad with Potential >= 1, and no way to bring a red token onto the
    table (no unused reinforcement die, or no red token in the reserve). ``rolling``: the
    player is in the middle of a reinforcement (its die already rolled), which can still
    bring red from the reserve."""
    if has_potential(player.squads):
        return False
    return not (player.dice or rolling) or player.reserve.pot == 0


def new_squad_cells(state: State, side: int) -> tuple[str, ...]:
    """Field variant: the empty cells where ``side`` may place a new squad, judged when the
    reinforcement die is rolled: in its home zone or adjacent to one of its squads
    (SC-12.1.5). Empty tuple without the field variant."""
    if not state.setup.field:
        return ()
    occupied = occupied_cells(state)
    near: set[str] = set(home_zone(side))
    for sq in state.players[side].squads:
        if sq.cell:
            near.update(neighbours(sq.cell))
    return tuple(c for c in CELLS if c in near and c not in occupied)


def move_choices(state: State, side: int) -> list[MoveChoice]:
    """Field variant: each squad of ``side`` that can move, with the empty adjacent cells
    it may move to (SC-12.1.3, SC-12.1.1); empty without the field variant."""
    occupied = occupied_cells(state)
    out = []
    for sq in state.players[side].squads:
        if sq.cell:
            to = tuple(c for c in neighbours(sq.cell) if c not in occupied)
            if to:
                out.append(MoveChoice(squad=sq.label, cell=sq.cell, to=to))
    return out
