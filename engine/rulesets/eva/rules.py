"""The rules of the Eva skirmish (eva.md, EVA-1 to EVA-19), in one place for callers.

The rules live in modules by responsibility; this module names their public
functions together (nothing is stated here):

- :mod:`~engine.rulesets.eva.board`: the map's tables, distances, range bands,
  step costs, engagement; :mod:`~engine.rulesets.eva.sight`: line of sight and cover;
- :mod:`~engine.rulesets.eva.hands`: hand configurations, swaps, reach;
- :mod:`~engine.rulesets.eva.movement`, :mod:`~engine.rulesets.eva.fire`,
  :mod:`~engine.rulesets.eva.melee`, :mod:`~engine.rulesets.eva.handling`: the
  check (which returns a plan) and the resolution of each action;
- :mod:`~engine.rulesets.eva.damage`: energy, damage, traumas, destruction;
- :mod:`~engine.rulesets.eva.flow`: set-up, deployment, rounds, activations, result;
- :mod:`~engine.rulesets.eva.legality` (:func:`check`) and
  :mod:`~engine.rulesets.eva.resolution` (:func:`apply`).
"""

from __future__ import annotations

from engine.rulesets.eva.board import (
    CLOSE,
    GRID,
    LONG,
    MEDIUM,
    N_SQ,
    OUT,
    LineInfo,
    MapGeo,
    band_of,
    d2,
    d2_row,
    engaged_on,
    engaged_with,
    geo,
    is_engaged,
    map_id,
    occupancy,
    step_cost,
)
from engine.rulesets.eva.common import may_switch
from engine.rulesets.eva.damage import (
    at_level,
    check_destroyed,
    check_elimination,
    deal,
    destroy,
    effective_at,
    finish,
    inflict,
    max_energy,
    reveal,
)
from engine.rulesets.eva.fire import AttackPlan, hit_odds, hits, p_hit_die, plan_fire, tn_and_mods
from engine.rulesets.eva.flow import (
    berserk_eligible,
    check_invariants,
    end_activation,
    new_state,
    result,
    rolloff,
    start_round,
    to_act,
)
from engine.rulesets.eva.hands import (
    Held,
    Loadout,
    default_hands,
    default_keep,
    fills_both_hands,
    hand_configs,
    hands_legal,
    held_facts,
    held_labels,
    held_shield,
    loadout,
    reach,
    swap_cost,
)
from engine.rulesets.eva.legality import check, legal
from engine.rulesets.eva.marks import public_damage_taken, shared_names, side_mark
from engine.rulesets.eva.melee import auto_loss, melee_bonus, melee_weapon, plan_melee
from engine.rulesets.eva.movement import cheapest_path, jump_targets, path_cost, reachable, search
from engine.rulesets.eva.resolution import apply
from engine.rulesets.eva.sight import ground_eva_on_line, hidden_from, in_cover, positron_pierce, sees

__all__ = [
    "CLOSE",
    "GRID",
    "LONG",
    "MEDIUM",
    "N_SQ",
    "OUT",
    "AttackPlan",
    "Held",
    "LineInfo",
    "Loadout",
    "MapGeo",
    "apply",
    "at_level",
    "auto_loss",
    "band_of",
    "berserk_eligible",
    "check",
    "check_destroyed",
    "check_elimination",
    "check_invariants",
    "cheapest_path",
    "d2",
    "d2_row",
    "deal",
    "default_hands",
    "default_keep",
    "destroy",
    "effective_at",
    "end_activation",
    "engaged_on",
    "engaged_with",
    "fills_both_hands",
    "finish",
    "geo",
    "ground_eva_on_line",
    "hand_configs",
    "hands_legal",
    "held_facts",
    "held_labels",
    "held_shield",
    "hidden_from",
    "hit_odds",
    "hits",
    "in_cover",
    "inflict",
    "is_engaged",
    "jump_targets",
    "legal",
    "loadout",
    "map_id",
    "max_energy",
    "may_switch",
    "melee_bonus",
    "melee_weapon",
    "new_state",
    "occupancy",
    "p_hit_die",
    "path_cost",
    "plan_fire",
    "plan_melee",
    "positron_pierce",
    "public_damage_taken",
    "reach",
    "reachable",
    "result",
    "reveal",
    "rolloff",
    "search",
    "sees",
    "shared_names",
    "side_mark",
    "start_round",
    "step_cost",
    "swap_cost",
    "tn_and_mods",
    "to_act",
]
