"""Small shared helpers of the rules: units by name, occupants, the seats an event
may reach, refusals."""

from __future__ import annotations

from collections.abc import Iterable

from engine.i18n import _
from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.state import State, Unit

__all__ = [
    "audience",
    "enemy_by_name",
    "friends_in",
    "hex_name",
    "illegal",
    "own_unit",
    "units_in",
]


def illegal(message: str, rule: str) -> IllegalAction:
    """An :class:`IllegalAction` with a translated ``message`` and its rule ID."""
    return IllegalAction(message, rule=rule)


def audience(sides: Iterable[int]) -> tuple[int, ...] | None:
    """An event's ``to`` for the sides that may see it: None when both may."""
    s = set(sides)
    if 0 in s and 1 in s:
        return None
    return tuple(sorted(s))


def hex_name(state: State, i: int) -> str:
    """``CCRR`` of flat index ``i`` (``""`` for -1)."""
    return state.map.tables.name[i] if i >= 0 else ""


def own_unit(state: State, side: int, name: str) -> Unit:
    """``side``'s unit called ``name`` (case-insensitive). Raises IllegalAction."""
    key = name.casefold()
    for u in state.units:
        if u.side == side and u.name.casefold() == key:
            return u
    raise illegal(_("You have no unit called {name}.").format(name=name[:40]), "GB-4.2")


def enemy_by_name(state: State, side: int, name: str) -> Unit | None:
    """The enemy unit of ``side`` called ``name`` (case-insensitive), alive or not, or None."""
    key = name.casefold()
    for u in state.units:
        if u.side != side and u.name.casefold() == key:
            return u
    return None


def units_in(state: State, i: int, air: bool | None = None) -> list[Unit]:
    """Units on the map at hex ``i`` in roster order; ``air`` True/False keeps only air or
    ground units."""
    return [u for u in state.units if u.hex == i and u.alive and (air is None or u.air == air)]


def friends_in(state: State, u: Unit, i: int) -> list[Unit]:
    """``u``'s friends of its own layer (ground or air) at hex ``i``, other than ``u``
    (GB-7.4, GB-7.8)."""
    return [
        f
        for f in state.units
        if f.hex == i and f.alive and f is not u and f.side == u.side and f.air == u.air
    ]
