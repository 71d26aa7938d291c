"""Small helpers shared by the rules: problems with their rule IDs, refusals,
side names."""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from engine.rosterfile import Problem
from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms.actions import format_action
from engine.rulesets.kingdoms.events import OrderRevealed
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "card_name",
    "fail",
    "find",
    "notation",
    "officer_name",
    "problem",
    "refuse",
    "reveal",
    "side_name",
    "unknown",
]


def problem(rule: str, message: str, **args: Any) -> Problem:
    """A problem: the ``rule`` broken and an untranslated ``message`` (marked with
    ``N_``) with its ``args``."""
    return Problem(rule, message, args)


def refuse(p: Problem) -> IllegalAction:
    """The refusal a player reads for problem ``p`` (translated, with its rule ID)."""
    return IllegalAction(p.text(), p.rule)


def fail(rule: str, message: str, **args: Any) -> IllegalAction:
    """:func:`refuse` of a new :func:`problem`."""
    return refuse(problem(rule, message, **args))


def side_name(state: State, side: int | None) -> str:
    """The side's name from the scenario, in the current language ("" for None)."""
    if side is None:
        return ""
    return state.scenario.sides[side].label()


def find(state: State, rid: str) -> Regiment | None:
    """The regiment ``rid`` if it is on the map, else None."""
    for r in state.regiments:
        if r.id == rid:
            return r if r.on_map else None
    return None


def unknown(rid: str) -> IllegalAction:
    """The refusal for a regiment id that is not on the map."""
    return IllegalAction(_("There is no regiment {id} on the map.").format(id=rid))


def officer_name(state: State, rid: str) -> str:
    """The English name of the officer of regiment ``rid`` (its id when it has none)."""
    reg = state.regiment(rid)
    return reg.officer if reg is not None and reg.officer else rid


def card_name(state: State, cid: str) -> str:
    """The English name of stratagem card ``cid`` (its id when unknown)."""
    for c in state.scenario.cards:
        if c.id == cid:
            return c.name
    return cid


def notation(state: State, action: Any) -> str:
    """``action`` in canonical notation (see :mod:`engine.rulesets.kingdoms.actions`)."""
    return format_action(action, lambda rid: officer_name(state, rid), lambda cid: card_name(state, cid))


def reveal(state: State, order: Any, events: list) -> None:
    """The other side learns ``order`` now, as it resolves (TK-2.4): it joins the
    revealed orders and the log."""
    if order.regiment not in state.revealed:
        state.revealed.append(order.regiment)
    events.append(OrderRevealed(regiment=order.regiment, order=notation(state, order)))
