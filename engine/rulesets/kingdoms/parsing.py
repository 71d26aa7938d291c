"""Reading notation against the state: officers and cards by name (either
language) or id, an attack's path inferred when only one fits, then the legality
check. Three distinct errors, as python-chess: :class:`NotationError` (not
notation), :class:`IllegalAction` (the rules forbid it now),
:class:`AmbiguousAction` (several legal actions fit; the message lists them)."""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from engine.ruleset import AmbiguousAction, IllegalAction
from engine.rulesets.kingdoms.actions import (
    Attack,
    Challenge,
    Defender,
    Parsed,
    Provoke,
    Stratagem,
    parse_notation,
    tokens,
)
from engine.rulesets.kingdoms.catalog import OFFICER_NAMES_RU
from engine.rulesets.kingdoms.options import candidates
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.common import notation
from engine.rulesets.kingdoms.rules.phase import check_action
from engine.rulesets.kingdoms.state import State

__all__ = ["parse_action"]


def _norm(text: str) -> str:
    return " ".join(tokens(text)).casefold()


def _officer(state: State, text: str, pool: list[str] | None = None) -> str:
    """The regiment whose officer ``text`` names (English or Russian name, or the
    regiment's id), among ``pool`` (ids) or every regiment on the map."""
    want = _norm(text)
    found = []
    for r in state.regiments:
        if not r.on_map or (pool is not None and r.id not in pool):
            continue
        names = {r.id.casefold()}
        if r.officer:
            names.add(_norm(r.officer))
            if r.officer in OFFICER_NAMES_RU:
                names.add(_norm(OFFICER_NAMES_RU[r.officer]))
        if want in names:
            found.append(r.id)
    if not found:
        raise IllegalAction(_("No officer named \u201c{name}\u201d is on the map.").format(name=text))
    return found[0]


def _card(state: State, text: str) -> str:
    want = _norm(text)
    for c in state.scenario.cards:
        if want in {c.id.casefold(), _norm(c.name), _norm(c.name_ru or c.name)}:
            return c.id
    raise IllegalAction(_("No stratagem card is called \u201c{name}\u201d.").format(name=text))


def _build(state: State, parsed: Parsed) -> Any:
    fields = dict(parsed.fields)
    if parsed.kind is Defender:
        pool = state.pending.choices if state.pending is not None else None
        return Defender(regiment=_officer(state, parsed.officer or "", pool))
    if parsed.kind in (Challenge, Provoke):
        fields["target"] = _officer(state, parsed.officer or "")
        if parsed.fallback is not None:
            fields["fallback"] = _build(state, parsed.fallback)
    if parsed.kind is Stratagem:
        fields["card"] = _card(state, parsed.card or "")
    return parsed.kind(**fields)


def parse_action(state: State, side: int, text: str) -> Any:
    """Parse ``text`` strictly into an action of ``side`` that is legal now."""
    parsed = parse_notation(text)
    action = _build(state, parsed)
    if isinstance(action, Attack) and not action.path:
        reg = state.regiment(action.regiment)
        target = state.regiment(action.target)
        if (
            reg is not None
            and target is not None
            and reg.on_map
            and target.on_map
            and target.base != reg.base
        ):
            if reg.side != side:
                check_action(state, side, action)
            fits = [
                o
                for o in candidates(state, board(state), reg)
                if isinstance(o, Attack)
                and o.target == action.target
                and o.mount == action.mount
                and o.simultaneous == action.simultaneous
                and o.then == action.then
            ]
            if len(fits) > 1:
                raise AmbiguousAction(
                    _("Several paths lead to {target}: {choices}.").format(
                        target=target.id, choices="; ".join(notation(state, o) for o in fits)
                    )
                )
            if len(fits) == 1:
                action = fits[0]
    check_action(state, side, action)
    return action
