"""Legality: :func:`check` says whether a side may play an action now and, if not,
raises :class:`engine.ruleset.IllegalAction` naming the rule, never changing the state.
What it returns is what the resolution consumes: for a rearrangement its evaluation
(:data:`~engine.rulesets.sixchances.rules.regroup.RegroupEval`), for an attack the two
squads, for a defence or a move the squad, else None.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances.actions import (
    Attack,
    Build,
    Defend,
    EndTurn,
    MoveSquad,
    Pass,
    Regroup,
    Reinforce,
)
from engine.rulesets.sixchances.board import is_cell, neighbours
from engine.rulesets.sixchances.catalog import REINFORCEMENT_DICE, STAT_NAMES
from engine.rulesets.sixchances.roster import build_problems
from engine.rulesets.sixchances.rules.common import STAT_INDEX, may_act, occupied_cells, targets, to_act
from engine.rulesets.sixchances.rules.regroup import RegroupEval, regroup_eval
from engine.rulesets.sixchances.state import Squad, State

__all__ = ["check"]


def _player_name(side: int) -> str:
    return _("Player {n}").format(n=side + 1)


def _wrong_phase(state: State) -> IllegalAction:
    phase = state.phase
    if phase == "build":
        return IllegalAction(_("The starting squads must be built first."), "SC-2.4")
    if phase == "attack":
        if state.setup.field:
            return IllegalAction(_("This is the Attack step: attack, move a squad or pass."), "SC-12.1.4")
        return IllegalAction(
            _("You are able to attack, so you must: declare one attack this turn."), "SC-4.4"
        )
    if phase == "defend":
        assert state.pending is not None
        return IllegalAction(
            _("{target} is attacked: choose the defending stat.").format(target=state.pending.target),
            "SC-5.3",
        )
    if phase == "support":
        return IllegalAction(
            _("This is the Support step: roll an unused reinforcement die or end the turn."), "SC-9.1"
        )
    if phase == "regroup":
        return IllegalAction(
            _("Rearrange your tokens within the allowance of {n}.").format(n=state.allowance), "SC-9.4"
        )
    return IllegalAction(_("The game is over."), "SC-11.1")


def _own_squad(state: State, side: int, label: str, rule: str) -> Squad:
    sq = state.players[side].squad(label)
    if sq is None:
        raise IllegalAction(
            _("{player} has no squad {label} on the table.").format(player=_player_name(side), label=label),
            rule,
        )
    return sq


def _check_build(state: State, side: int, action: Build) -> None:
    if state.phase != "build":
        raise IllegalAction(_("The starting squads are already built and revealed."), "SC-2.5")
    problems = build_problems(state.setup, side, state.players[side].reserve, action.squads)
    if problems:
        raise IllegalAction(problems[0].text(), problems[0].rule)


def _check_attack(state: State, side: int, action: Attack) -> tuple[Squad, Squad]:
    if state.phase != "attack":
        raise _wrong_phase(state)
    att = _own_squad(state, side, action.attacker, "SC-5.1")
    if att.pot < 1:
        raise IllegalAction(
            _("{label} has no Potential and cannot attack.").format(label=att.label), "SC-5.1"
        )
    tgt = state.players[1 - side].squad(action.target)
    if tgt is None:
        raise IllegalAction(
            _("The opponent has no squad {label} on the table.").format(label=action.target), "SC-5.1"
        )
    if tgt not in targets(state, side, att):  # on the field, only adjacent squads (SC-12.1.4)
        raise IllegalAction(
            _("{attacker} may attack only a squad on an adjacent cell; {target} is not adjacent.").format(
                attacker=att.label, target=tgt.label
            ),
            "SC-12.1.4",
        )
    return att, tgt


def _check_defend(state: State, side: int, action: Defend) -> Squad:
    if state.phase != "defend":
        raise _wrong_phase(state)
    pending = state.pending
    assert pending is not None
    tgt = state.players[side].squad(pending.target)
    assert tgt is not None
    if action.stat not in STAT_INDEX:
        raise IllegalAction(_("A squad defends with Potential, Resilience or Support."), "SC-5.3")
    if tgt.level(action.stat) < 1:
        raise IllegalAction(
            _("{label} has no {stat} tokens; a stat at level 0 cannot defend.").format(
                label=tgt.label, stat=_(STAT_NAMES[action.stat])
            ),
            "SC-5.3",
        )
    return tgt


def _check_field_only(state: State) -> None:
    if not state.setup.field:
        raise IllegalAction(_("Squads move or pass only in the field variant."), "SC-12.1.4")
    if state.phase != "attack":
        raise _wrong_phase(state)


def _check_move(state: State, side: int, action: MoveSquad) -> Squad:
    _check_field_only(state)
    sq = _own_squad(state, side, action.squad, "SC-12.1.4")
    if not is_cell(action.cell) or sq.cell is None or action.cell not in neighbours(sq.cell):
        raise IllegalAction(
            _("{label} may move only to a cell adjacent to {cell}.").format(label=sq.label, cell=sq.cell),
            "SC-12.1.3",
        )
    if action.cell in occupied_cells(state):
        raise IllegalAction(_("Cell {cell} is not empty.").format(cell=action.cell), "SC-12.1.1")
    return sq


def _check_pass(state: State, side: int, action: Pass) -> None:
    _check_field_only(state)


def _check_reinforce(state: State, side: int, action: Reinforce) -> None:
    if state.phase != "support":
        if state.phase == "regroup":
            raise IllegalAction(_("Only one reinforcement die may be used per turn."), "SC-9.1")
        if state.phase in ("attack", "defend"):
            raise IllegalAction(_("Reinforcements come in the Support step, after the attack."), "SC-9.1")
        raise _wrong_phase(state)
    if action.die not in REINFORCEMENT_DICE:
        raise IllegalAction(
            _("There is no reinforcement d{die}; they are d4, d6, d8, d10, d12 and d20.").format(
                die=action.die
            ),
            "SC-1.9",
        )
    if action.die not in state.players[side].dice:
        raise IllegalAction(
            _("The reinforcement d{die} has already been used.").format(die=action.die), "SC-9.3"
        )


def _check_end(state: State, side: int, action: EndTurn) -> None:
    if state.phase != "support":
        raise _wrong_phase(state)
    if state.forced:
        raise IllegalAction(
            _(
                "You have no squad with Potential, an unused die and red tokens in reserve: "
                "you must reinforce and bring Potential onto the table."
            ),
            "SC-9.8",
        )


def _check_regroup(state: State, side: int, action: Regroup) -> RegroupEval:
    if state.phase != "regroup":
        if state.phase == "support":
            raise IllegalAction(_("Roll a reinforcement die before moving tokens."), "SC-9.3")
        raise _wrong_phase(state)
    ev = regroup_eval(state, side, action)
    if ev[0]:
        p = ev[0][0]
        raise IllegalAction(p.text(), p.rule)
    return ev


_CHECKS: dict[type, Any] = {
    Attack: _check_attack,
    Defend: _check_defend,
    Reinforce: _check_reinforce,
    EndTurn: _check_end,
    Regroup: _check_regroup,
    Build: _check_build,
    MoveSquad: _check_move,
    Pass: _check_pass,
}


def check(state: State, side: int, action: Any) -> Any:
    """Raise :class:`engine.ruleset.IllegalAction` (with the rule ID) unless ``side`` may
    play ``action`` now. Never changes the state. (Returns the evaluation of a
    rearrangement, for :func:`apply`; None otherwise.)"""
    phase = state.phase
    if phase == "over":
        raise IllegalAction(_("The game is over."), "SC-11.1")
    if not may_act(state, side):
        if phase == "build":
            raise IllegalAction(_("You have already sealed your starting squads."), "SC-2.5")
        (who,) = to_act(state)
        raise IllegalAction(_("It is {player}'s decision now.").format(player=_player_name(who)), "SC-4.2")
    fn = _CHECKS.get(type(action))
    if fn is None:
        raise IllegalAction(_("This is not an action of Six Chances Party."), "")
    return fn(state, side, action)
