"""Legality and resolution of Six Chances Party, split by responsibility.

:func:`apply` checks an action against the state and, only when it is legal,
resolves it in place and returns the events; an illegal action raises
:class:`engine.ruleset.IllegalAction` naming the rule and leaves the state
untouched. Every random number comes from the game's dice (the split, the
roll-off, the attack, defence and reinforcement rolls: SC-2.2, SC-2.7, SC-5.2,
SC-5.4, SC-9.3), always rolled before the state changes.

Turn flow (SC-4.2): Attack step (``phase == "attack"``) -> Defence step
(``"defend"``, the opponent decides) -> Support step (``"support"``, then
``"regroup"`` after a reinforcement roll) -> end-of-turn check (SC-11.1) -> the
opponent's turn. Steps with nothing to decide are passed automatically.

The modules, from the top down (each imports only modules below it):
``notation`` (parsing against a state), ``resolution`` (:func:`apply`),
``choices`` (the options shown), ``invariants``, ``summary``, ``sampler`` (legal
and random actions), ``legality`` (:func:`check`), ``combat`` (the attack and
its outcome, SC-5 to SC-8), ``regroup`` (the rearrangement, SC-9.4-SC-9.8),
``flow`` (the turn, SC-4), ``setup`` (SC-2), ``ending`` (SC-11) and ``common``
(queries they share).
"""

from engine.rulesets.sixchances.rules.choices import options
from engine.rulesets.sixchances.rules.common import (
    able_to_attack,
    label_index,
    new_squad_cells,
    out_of_potential,
    to_act,
)
from engine.rulesets.sixchances.rules.ending import end_check, result
from engine.rulesets.sixchances.rules.invariants import check_invariants
from engine.rulesets.sixchances.rules.legality import check
from engine.rulesets.sixchances.rules.notation import parse_action
from engine.rulesets.sixchances.rules.regroup import check_regroup
from engine.rulesets.sixchances.rules.resolution import apply
from engine.rulesets.sixchances.rules.sampler import legal_actions, random_action, take_red
from engine.rulesets.sixchances.rules.setup import decide_first, draw_split, new_state, setup_problems
from engine.rulesets.sixchances.rules.summary import summary

__all__ = [
    "able_to_attack",
    "apply",
    "check",
    "check_invariants",
    "check_regroup",
    "decide_first",
    "draw_split",
    "end_check",
    "label_index",
    "legal_actions",
    "new_squad_cells",
    "new_state",
    "options",
    "out_of_potential",
    "parse_action",
    "random_action",
    "result",
    "setup_problems",
    "summary",
    "take_red",
    "to_act",
]
