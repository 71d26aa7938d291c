"""Notation against the state (GB-17.2): reading text into actions (names and weapons
resolved; NotationError, IllegalAction or AmbiguousAction) and writing actions."""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.ballistic.actions import (
    DIRECTIONS_EN,
    Arc,
    Concede,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    React,
    Smoke,
    parse_text,
)
from engine.rulesets.ballistic.events import SECTOR_NAMES
from engine.rulesets.ballistic.rules.common import illegal, own_unit
from engine.rulesets.ballistic.rules.dispatch import check
from engine.rulesets.ballistic.rules.sight import spotted
from engine.rulesets.ballistic.state import KIND_WEAPON, State, Unit

__all__ = ["format_action", "parse_action", "weapon_word"]


def weapon_word(u: Unit, index: int) -> str:
    """How weapon ``index`` of ``u`` is written: its key, or ``key:n`` for the n-th of two
    or more of one kind."""
    if not 0 <= index < len(u.systems) or u.systems[index].kind != KIND_WEAPON:
        return f"?{index}"
    key = u.systems[index].key
    copies = [i for i, s in enumerate(u.systems) if s.kind == KIND_WEAPON and s.key == key]
    return key if len(copies) == 1 else f"{key}:{copies.index(index) + 1}"


def _unit(state: State, side: int, name: str) -> Unit | None:
    key = name.casefold()
    for u in state.units:
        if u.side == side and u.name.casefold() == key:
            return u
    return None


def format_action(state: State, side: int, action: Any) -> str:
    """``action`` of ``side`` in canonical notation. Never raises: anything else is
    written with a leading ``?``."""
    if isinstance(action, Concede):
        return "concede"
    unit = getattr(action, "unit", "?")
    if isinstance(action, Move):
        return f"{unit} move {' '.join(action.path)}"
    if isinstance(action, Pivot):
        return f"{unit} pivot {'cw' if action.clockwise else 'ccw'}"
    if isinstance(action, Hold):
        return f"{unit} hold"
    if isinstance(action, End):
        return f"{unit} end"
    if isinstance(action, Designate):
        return f"{unit} designate {action.target}"
    if isinstance(action, Smoke):
        return f"{unit} smoke {action.hex}"
    if isinstance(action, React):
        return f"{unit} overwatch x{action.shots}"
    if isinstance(action, Deploy):
        facing = DIRECTIONS_EN[action.facing] if 0 <= action.facing < 6 else f"?{action.facing}"
        return f"{unit} deploy {action.hex} {facing}"
    if isinstance(action, (Fire, Arc, Overwatch)):
        u = _unit(state, side, unit)
        w = weapon_word(u, action.weapon) if u is not None else f"?{action.weapon}"
        if isinstance(action, Fire):
            return f"{unit} fire {w} {action.target}" + (f" x{action.shots}" if action.shots != 1 else "")
        if isinstance(action, Arc):
            return f"{unit} arc {w} " + (f"@{action.target}" if action.target else action.aim)
        sector = SECTOR_NAMES[action.sector] if 0 <= action.sector < 6 else f"?{action.sector}"
        return f"{unit} overwatch {w} {sector}" + (f" x{action.per_trigger}" if action.per_trigger else "")
    return f"?{action!r}"


def _target_name(state: State, side: int, name: str) -> str:
    """The enemy unit's name as it is written, when ``side`` spots a unit of that name;
    else the text as typed (the rules then refuse it without telling more)."""
    key = name.casefold()
    for u in state.units:
        if u.side != side and u.name.casefold() == key and u.alive and u.hex >= 0 and spotted(state, side, u):
            return u.name
    return name


def parse_action(state: State, side: int, text: str) -> Any:
    """``text`` as an action of ``side`` (see :mod:`engine.rulesets.ballistic.actions`).
    Raises NotationError (not notation), IllegalAction (no such unit or weapon) or
    AmbiguousAction (two weapons of one kind could do it: the message lists them)."""
    verb, name, fields = parse_text(text)
    if verb == "concede":
        return Concede()
    u = own_unit(state, side, name)
    unit = u.name
    if verb == "move":
        return Move(unit, fields["path"])
    if verb == "pivot":
        return Pivot(unit, fields["clockwise"])
    if verb == "hold":
        return Hold(unit)
    if verb == "end":
        return End(unit)
    if verb == "react":
        return React(unit, fields["shots"])
    if verb == "deploy":
        return Deploy(unit, fields["hex"], fields["facing"])
    if verb == "smoke":
        return Smoke(unit, fields["hex"])
    if verb == "designate":
        return Designate(unit, _target_name(state, side, fields["target"]))
    key, copy = fields["weapon"]
    copies = [i for i, s in enumerate(u.systems) if s.kind == KIND_WEAPON and s.key == key]
    if not copies:
        raise illegal(_("{unit} has no weapon {key}.").format(unit=unit, key=key), "GB-4.2")
    if copy > len(copies):
        raise illegal(_("{unit} has {n} of {key}.").format(unit=unit, n=len(copies), key=key), "GB-4.2")

    def make(index: int) -> Any:
        if verb == "fire":
            return Fire(unit, index, _target_name(state, side, fields["target"]), fields["shots"])
        if verb == "arc":
            if "target" in fields:
                return Arc(unit, index, target=_target_name(state, side, fields["target"]))
            return Arc(unit, index, aim=fields["aim"])
        if verb == "overwatch":
            return Overwatch(unit, index, fields["sector"], fields["per_trigger"])
        raise NotationError(_("unknown action; type \u201chelp\u201d for the notation"))

    if copy:
        return make(copies[copy - 1])
    if len(copies) == 1:
        return make(copies[0])
    legal = []
    for index in copies:
        try:
            check(state, side, make(index))
        except IllegalAction:
            continue
        legal.append(index)
    if len(legal) == 1:
        return make(legal[0])
    if not legal:
        return make(copies[0])  # the rules say why it is refused
    words = ", ".join(weapon_word(u, i) for i in legal)
    raise AmbiguousAction(_("Which {key}? Write one of: {words}.").format(key=key, words=words), "GB-17.2")
