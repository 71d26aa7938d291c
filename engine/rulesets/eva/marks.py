"""Whose Eva an event names: an event keeps the side of a name only where both
sides have an Eva of that name (EVA-18.2), so that its text says whose it is there
and nowhere else; and the public tally of damage taken."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.state import EvaState, Unit

__all__ = ["mark_shared", "public_damage_taken", "shared_names", "side_mark"]


#: The fields of an event that name an Eva, each with its ``<field>_side``.
_NAME_FIELDS = ("unit", "target", "attacker", "defender", "winner")


def mark_shared(state: EvaState, out: list) -> None:
    """Keep an event's ``<field>_side`` only for a name both sides have, so that its
    text says whose Eva it is there and nowhere else (-1 for a name only one side has)."""
    shared = state.__dict__.get("shared_names")
    if shared is None:
        shared = shared_names(state)
    if shared:
        table = _SIDE_FIELDS
        for e in out:
            fields = table.get(type(e))
            if fields is None:
                fields = _learn(e)[0]
            for f, f_side in fields:
                if getattr(e, f_side) >= 0 and getattr(e, f) not in shared:
                    setattr(e, f_side, -1)
    else:  # no name is on both sides: no event keeps a side
        sides_of = _SIDES
        for e in out:
            sides = sides_of.get(type(e))
            if sides is None:
                sides = _learn(e)[1]
            for f_side in sides:
                setattr(e, f_side, -1)


def _learn(e: object) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The fields of :data:`_NAME_FIELDS` that event ``e`` has, each with its
    ``<field>_side``, and those ``<field>_side`` alone, noted for its type in
    :data:`_SIDE_FIELDS` and :data:`_SIDES`."""
    fields = _SIDE_FIELDS[type(e)] = tuple((f, f + "_side") for f in _NAME_FIELDS if hasattr(e, f + "_side"))
    sides = _SIDES[type(e)] = tuple(f_side for _f, f_side in fields)
    return fields, sides


#: For each event type, the fields of :data:`_NAME_FIELDS` it has, each with its ``<field>_side``.
_SIDE_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}
#: For each event type, the ``<field>_side`` of those fields.
_SIDES: dict[type, tuple[str, ...]] = {}


def shared_names(state: EvaState) -> frozenset[str]:
    """The names that an Eva of each side has: a fixed fact of the game (its names never
    change once it is set up), worked out the first time it is asked and kept with the
    state's fixed facts, which its copies share."""
    try:
        return state.__dict__["shared_names"]
    except KeyError:
        by_side = [{u.name for u in state.units if u.side == s} for s in (0, 1)]
        shared = state.__dict__["shared_names"] = frozenset(by_side[0] & by_side[1])
        return shared


def side_mark(state: EvaState, u: Unit) -> int:
    """What an event's ``<field>_side`` holds for Eva ``u`` (see :func:`mark_shared`):
    its side when both sides have an Eva of its name, else -1."""
    shared = shared_names(state)
    return u.side if shared and u.name in shared else -1


def public_damage_taken(units: Sequence[Any], events: Sequence[Any]) -> list[int]:
    """The raw damage (before the AT field) each side's Evas took, by the public
    events only (EVA-18.2): a shot's hit, damage dice (melee, Extended Arms,
    disengagement, D-Module blast) and a fall's die. ``units`` need ``name`` and
    ``side``; an event names the side of a name both sides have (``<field>_side``).
    A Spear's instant destruction has no damage figure and counts nothing."""
    names = [u.name for u in units]
    side_of = {u.name: u.side for u in units if names.count(u.name) == 1}
    taken = [0, 0]
    for e in events:
        if e.to is not None:
            continue
        if isinstance(e, ev.ShotRolled):
            name, side, raw = e.target, e.target_side, e.raw
        elif isinstance(e, ev.DamageDice):
            name, side, raw = e.unit, e.unit_side, e.raw
        elif isinstance(e, ev.Fell):
            name, side, raw = e.unit, e.unit_side, e.die
        else:
            continue
        side = side if side >= 0 else side_of.get(name, -1)
        if side >= 0:
            taken[side] += raw
    return taken
