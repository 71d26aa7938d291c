"""Resolution: :func:`apply` checks an action against the state and, only when it is
legal, resolves it in place and returns the events; an illegal action raises
:class:`engine.ruleset.IllegalAction` naming the rule and leaves the state untouched.
Every random number comes from the game's dice, always rolled before the state
changes. The attack and defence are resolved in
:mod:`~engine.rulesets.sixchances.rules.combat`; here the starting orders (SC-2.5,
SC-2.7, SC-2.8), the reinforcement roll (SC-9.3), the rearrangement (SC-9.4-SC-9.7),
ending the turn, and moving or passing on the field (SC-12.1.3, SC-12.1.4).
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.sixchances.actions import (
    RESERVE,
    Attack,
    Build,
    Defend,
    EndTurn,
    MoveSquad,
    Pass,
    Regroup,
    Reinforce,
)
from engine.rulesets.sixchances.events import (
    FirstPlayer,
    Passed,
    Regrouped,
    ReinforcementRolled,
    SquadMoved,
    SquadsOrdered,
    SquadsRevealed,
    SquadsSealed,
)
from engine.rulesets.sixchances.rules.combat import resolve_attack, resolve_defence
from engine.rulesets.sixchances.rules.ending import end_check, finish
from engine.rulesets.sixchances.rules.flow import advance
from engine.rulesets.sixchances.rules.legality import check
from engine.rulesets.sixchances.rules.regroup import RegroupEval
from engine.rulesets.sixchances.rules.setup import decide_first
from engine.rulesets.sixchances.state import Squad, State, Tokens, squad_label

__all__ = ["apply"]


def apply(state: State, side: int, action: Any, dice: Dice) -> list[Event]:
    """Check ``action`` of ``side`` and resolve it in place; returns the events.

    Raises :class:`engine.ruleset.IllegalAction` (state untouched) when the action is
    not legal now. Rolls: the attack roll on :class:`Attack` (SC-5.2), the defence roll
    on :class:`Defend` (SC-5.4), the reinforcement roll on :class:`Reinforce` (SC-9.3),
    the roll-off once both orders are sealed (SC-2.7).
    """
    ctx = check(state, side, action)
    events: list[Event] = []
    _RESOLVE[type(action)](state, side, action, ctx, dice, events)
    return events


def _do_reinforce(
    state: State, side: int, action: Reinforce, ctx: None, dice: Dice, events: list[Event]
) -> None:
    roll = dice.roll(1, action.die).faces[0]
    state.players[side].dice.remove(action.die)
    state.die, state.allowance, state.reinforced = action.die, roll, True
    state.phase = "regroup"
    events.append(ReinforcementRolled(side=side, die=action.die, allowance=roll, forced=state.forced))


def _do_end(state: State, side: int, action: EndTurn, ctx: None, dice: Dice, events: list[Event]) -> None:
    advance(state, events, "end")


def _do_move(state: State, side: int, action: MoveSquad, sq: Squad, dice: Dice, events: list[Event]) -> None:
    assert sq.cell is not None
    events.append(SquadMoved(label=sq.label, src=sq.cell, dst=action.cell))
    sq.cell = action.cell
    state.acted = True
    advance(state, events, "support")


def _do_pass(state: State, side: int, action: Pass, ctx: None, dice: Dice, events: list[Event]) -> None:
    events.append(Passed(side=side))
    advance(state, events, "support")


def _do_build(state: State, side: int, action: Build, ctx: None, dice: Dice, events: list[Event]) -> None:
    me = state.players[side]
    labels = tuple(squad_label(side, i) for i in range(len(action.squads)))
    other = state.players[1 - side]
    if other.order is not None:
        # both orders are in: roll off before anything changes (SC-2.7)
        placed = (
            sum(s.total for s in (action.squads if side == 0 else other.order)),
            sum(s.total for s in (action.squads if side == 1 else other.order)),
        )
        first, rounds = decide_first(placed, dice)
    me.order = action.squads
    events.append(SquadsSealed(side=side))
    events.append(SquadsOrdered(to=(side,), side=side, labels=labels, squads=action.squads))
    if other.order is None:
        return
    for s, p in enumerate(state.players):
        order = p.order
        assert order is not None
        for i, o in enumerate(order):
            p.squads.append(Squad(squad_label(s, i), o.pot, o.res, o.sup, o.cell))
            p.reserve.pot -= o.pot
            p.reserve.res -= o.res
            p.reserve.sup -= o.sup
        p.labels = len(order)
        events.append(
            SquadsRevealed(side=s, labels=tuple(squad_label(s, i) for i in range(len(order))), squads=order)
        )
        p.order = None
    events.extend(rounds)
    events.append(FirstPlayer(side=first, placed=placed))
    state.first = state.active = first
    end = end_check(state)  # SC-2.8
    if end is not None:
        finish(state, end, events)
        return
    advance(state, events, "begin")


def _do_regroup(
    state: State, side: int, action: Regroup, ev: RegroupEval, dice: Dice, events: list[Event]
) -> None:
    _problems, after, cost, new, disbanded, _red = ev
    me = state.players[side]
    # the net change of each place, public like everything on the table (SC-1.11, SC-9.5)
    before = {RESERVE: [me.reserve.pot, me.reserve.res, me.reserve.sup]}
    before.update({sq.label: [sq.pot, sq.res, sq.sup] for sq in me.squads})
    order = [RESERVE, *(sq.label for sq in me.squads), *([new] if new else [])]
    changes = []
    for place in order:
        if place in after:
            was = before.get(place, [0, 0, 0])
            delta = (after[place][0] - was[0], after[place][1] - was[1], after[place][2] - was[2])
            if any(delta):
                changes.append((place, *delta))
    if RESERVE in after:
        lv = after[RESERVE]
        me.reserve = Tokens(lv[0], lv[1], lv[2])
    for sq in me.squads:
        lv = after.get(sq.label)
        if lv is not None:
            sq.pot, sq.res, sq.sup = lv
    if disbanded:
        me.squads = [sq for sq in me.squads if sq.label not in disbanded]
    if new:
        lv = after[new]
        me.squads.append(Squad(new, lv[0], lv[1], lv[2], action.cell))
        me.labels += 1
    events.append(
        Regrouped(
            side=side,
            cost=cost,
            allowance=state.allowance,
            new_squad=new,
            disbanded=disbanded,
            changes=tuple(changes),
        )
    )
    advance(state, events, "end")


_RESOLVE: dict[type, Any] = {
    Attack: resolve_attack,
    Defend: resolve_defence,
    Reinforce: _do_reinforce,
    EndTurn: _do_end,
    Regroup: _do_regroup,
    Build: _do_build,
    MoveSquad: _do_move,
    Pass: _do_pass,
}
