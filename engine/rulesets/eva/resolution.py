"""Resolution: :func:`apply` checks an action (:func:`engine.rulesets.eva.legality.check`,
which returns its plan) and :func:`resolve` resolves the plan, ends the activation of
an Eva destroyed by its own action (EVA-6.2), and marks whose Eva each event names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# -- imports --
from engine.dice import Dice
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
from engine.rulesets.eva.fire import resolve_fire, resolve_neutralise
from engine.rulesets.eva.flow import (
    after_action,
    resolve_activate,
    resolve_choose_zone,
    resolve_concede,
    resolve_deploy,
    resolve_end,
)
from engine.rulesets.eva.handling import resolve_discard, resolve_keep, resolve_swap
from engine.rulesets.eva.legality import check
from engine.rulesets.eva.marks import mark_shared
from engine.rulesets.eva.melee import resolve_detonate, resolve_disengage, resolve_melee, resolve_name_zone
from engine.rulesets.eva.movement import (
    resolve_accelerate,
    resolve_flight,
    resolve_jump,
    resolve_move,
    resolve_stance,
)
from engine.rulesets.eva.state import EvaState

__all__ = ["RESOLVERS", "apply", "resolve"]

#: The resolution of each action type: ``resolve(state, side, action, plan, dice)``
#: returns the events; ``plan`` is what the check returned.
RESOLVERS: dict[type, Callable[[EvaState, int, Any, Any, Dice], list]] = {
    Concede: resolve_concede,
    NameZone: resolve_name_zone,
    Keep: resolve_keep,
    ChooseZone: resolve_choose_zone,
    Deploy: resolve_deploy,
    Activate: resolve_activate,
    Fire: resolve_fire,
    Melee: resolve_melee,
    Move: resolve_move,
    Kneel: resolve_stance,
    Stand: resolve_stance,
    Swap: resolve_swap,
    Discard: resolve_discard,
    Disengage: resolve_disengage,
    Neutralise: resolve_neutralise,
    Jump: resolve_jump,
    TakeOff: resolve_flight,
    Land: resolve_flight,
    Detonate: resolve_detonate,
    Accelerate: resolve_accelerate,
    End: resolve_end,
}


def apply(state: EvaState, side: int, a: object, dice: Dice) -> list:
    """Check and resolve action ``a`` of ``side``; returns the events. Raises
    IllegalAction (the state untouched) when it may not be taken now."""
    return resolve(state, side, a, check(state, side, a), dice)


def resolve(state: EvaState, side: int, a: object, plan: Any, dice: Dice) -> list:
    """Resolve action ``a`` of ``side`` by ``plan``, the plan that
    :func:`engine.rulesets.eva.legality.check` returned for it in this very state (no
    change between the two); returns the events. Nothing is checked again: a caller
    that holds no such plan calls :func:`apply`."""
    out = RESOLVERS[type(a)](state, side, a, plan, dice)
    after_action(state, dice, out)
    mark_shared(state, out)
    return out
