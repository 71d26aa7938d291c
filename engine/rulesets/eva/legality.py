"""Legality: :func:`check` finds whether a seat may take an action now, names the
rule that refuses it, and returns the action's plan (what its resolution consumes:
the energy of a move or swap, an attack's TN and damage...). It never changes the
state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# -- imports --
from engine.i18n import N_
from engine.ruleset import IllegalAction
from engine.rulesets.eva.actions import (
    Accelerate,
    Activate,
    ChooseZone,
    Concede,
    Deploy,
    Detonate,
    Discard,
    Disengage,
    End,
    Fire,
    Jump,
    Keep,
    Kneel,
    Land,
    Melee,
    Move,
    NameZone,
    Neutralise,
    Stand,
    Swap,
    TakeOff,
)
from engine.rulesets.eva.common import refuse
from engine.rulesets.eva.fire import plan_fire, plan_neutralise
from engine.rulesets.eva.flow import plan_activate, plan_choose_zone, plan_concede, plan_deploy, plan_end
from engine.rulesets.eva.handling import plan_discard, plan_keep, plan_swap
from engine.rulesets.eva.melee import plan_detonate, plan_disengage, plan_melee, plan_name_zone
from engine.rulesets.eva.movement import (
    plan_accelerate,
    plan_jump,
    plan_land,
    plan_move,
    plan_stance,
    plan_takeoff,
)
from engine.rulesets.eva.state import EvaState

__all__ = ["PLANS", "check", "legal"]

#: The check of each action type: ``plan(state, side, action)`` returns the action's
#: plan, or raises IllegalAction.
PLANS: dict[type, Callable[[EvaState, int, Any], Any]] = {
    Concede: plan_concede,
    NameZone: plan_name_zone,
    Keep: plan_keep,
    ChooseZone: plan_choose_zone,
    Deploy: plan_deploy,
    Activate: plan_activate,
    Fire: plan_fire,
    Melee: plan_melee,
    Move: plan_move,
    Kneel: plan_stance,
    Stand: plan_stance,
    Swap: plan_swap,
    Discard: plan_discard,
    Disengage: plan_disengage,
    Neutralise: plan_neutralise,
    Jump: plan_jump,
    TakeOff: plan_takeoff,
    Land: plan_land,
    Detonate: plan_detonate,
    Accelerate: plan_accelerate,
    End: plan_end,
}


def check(state: EvaState, side: int, a: object) -> Any:
    """The plan of action ``a`` of ``side`` if it may be taken now; raises IllegalAction
    (naming the rule) otherwise. A concession may be made at any time until the game
    is over (EVA-5.11); nothing else once it is over (EVA-5.9); while a decision is
    awaited, only its answer, by the seat it is put to (EVA-9.7, EVA-11.9)."""
    kind = type(a)
    if kind is not Concede:
        if state.over:
            raise refuse(N_("The game is over."), "EVA-5.9")
        pend = state.pending
        if pend is not None:
            rule = "EVA-9.7" if pend.kind == "stow" else "EVA-11.9"
            if kind is not NameZone and kind is not Keep:
                raise refuse(N_("A decision is awaited first."), rule)
            if side != pend.side:
                raise refuse(N_("The other player decides this."), rule)
    plan = PLANS.get(kind)
    if plan is None:
        raise refuse(N_("Unknown action."), "EVA-6.2")
    return plan(state, side, a)


def legal(state: EvaState, side: int, a: object) -> bool:
    """:func:`check` as a truth value."""
    try:
        check(state, side, a)
    except IllegalAction:
        return False
    return True
