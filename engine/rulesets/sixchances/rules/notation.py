"""Notation against a state: :func:`parse_action`, strict, with the three distinct errors
(not notation, illegal now, ambiguous).
"""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from engine.ruleset import AmbiguousAction, IllegalAction
from engine.rulesets.sixchances.actions import Attack, Defend, Reinforce, format_action, parse_notation
from engine.rulesets.sixchances.rules.common import to_act
from engine.rulesets.sixchances.rules.legality import check
from engine.rulesets.sixchances.rules.sampler import legal_actions
from engine.rulesets.sixchances.state import State

__all__ = ["parse_action"]


def parse_action(state: State, side: int, text: str) -> Any:
    """Parse notation for ``side`` against ``state``, strictly.

    Raises :class:`engine.ruleset.NotationError` (not notation),
    :class:`engine.ruleset.IllegalAction` (well formed, but the rules forbid it now;
    the message names the rule) or :class:`engine.ruleset.AmbiguousAction` (an
    abbreviation that matches several legal actions; the message lists them).
    """
    kind, fields = parse_notation(text)
    if kind in (Attack, Defend, Reinforce) and None in fields.values():
        if kind is Attack:
            cands: list[Any] = [
                a
                for a in legal_actions(state, side)
                if isinstance(a, Attack)
                and fields["attacker"] in (None, a.attacker)
                and fields["target"] in (None, a.target)
            ]
            rule = "SC-5.1"
        elif kind is Defend:
            cands = [a for a in legal_actions(state, side) if isinstance(a, Defend)]
            rule = "SC-5.3"
        else:
            cands = [a for a in legal_actions(state, side) if isinstance(a, Reinforce)]
            rule = "SC-9.3"
        if len(cands) == 1:
            return cands[0]
        if not cands:
            expected = {Attack: "attack", Defend: "defend", Reinforce: "support"}[kind]
            if side in to_act(state) and state.phase == expected:
                if kind is Reinforce:
                    raise IllegalAction(_("No unused reinforcement die is left."), "SC-9.3")
                raise IllegalAction(
                    _("No legal action matches \u201c{text}\u201d.").format(text=text.strip()), rule
                )
            # not the time for this kind of action: the full check says why
            probe: Any = {Attack: Attack("", ""), Defend: Defend("pot"), Reinforce: Reinforce(4)}[kind]
            check(state, side, probe)
            raise IllegalAction(
                _("No legal action matches \u201c{text}\u201d.").format(text=text.strip()), rule
            )
        raise AmbiguousAction(
            _("\u201c{text}\u201d could mean: {candidates}.").format(
                text=text.strip(), candidates=", ".join(format_action(c) for c in cands)
            ),
            rule,
        )
    action = kind(**fields)
    check(state, side, action)
    return action
