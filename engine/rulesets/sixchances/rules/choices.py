"""The options a side is shown: its legal choices now with every number a UI shows
(dice, protection, damage, losses and exact odds, section 5 of the rules), one struct of
:mod:`engine.rulesets.sixchances.options`.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.sixchances import odds
from engine.rulesets.sixchances.board import home_zone
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.options import (
    AttackChoice,
    AttackOptions,
    BuildOptions,
    DefenceChoice,
    DefenceOptions,
    RegroupOptions,
    StatOdds,
    SupportOptions,
    Waiting,
)
from engine.rulesets.sixchances.roster import suggested_builds
from engine.rulesets.sixchances.rules.common import (
    defending_stats,
    move_choices,
    new_squad_cells,
    targets,
    to_act,
)
from engine.rulesets.sixchances.rules.flow import forced_reinforcement
from engine.rulesets.sixchances.state import Squad, State, Tokens, squad_label

__all__ = ["options"]


def _attack_choice(att: Squad, tgt: Squad) -> AttackChoice:
    die_a = die_for(att.pot)
    prot = odds.protection(tgt.res, att.sup)
    dmg = odds.damage(att.pot, tgt.res, att.sup)
    ls = odds.losses(att.pot, att.sup)
    defences = []
    for stat, level in defending_stats(tgt):
        die_d = die_for(level)
        p = odds.p_attack_wins(die_a, die_d)
        rem = odds.removed(att.pot, tgt.res, att.sup, level)
        defences.append(
            StatOdds(
                stat=stat,
                level=level,
                die=die_d,
                p_attacker_wins=p,
                removed_if_win=rem,
                losses_if_fail=ls,
                expected_removed=p * rem,
                expected_losses=(1 - p) * ls,
            )
        )
    return AttackChoice(
        attacker=att.label,
        target=tgt.label,
        die=die_a,
        productive=odds.attack_productive(att.pot, att.sup, tgt.res),
        protection=prot,
        damage=dmg,
        defences=tuple(defences),
    )


def _why_not_attack(state: State, side: int, sq: Squad) -> Problem:
    """Why squad ``sq`` of ``side`` has no legal attack now: no Potential (SC-5.1, SC-3.3),
    else no enemy squad on an adjacent cell (field variant, SC-12.1.4), else no enemy
    squad on the table (SC-4.3)."""
    if sq.pot < 1:
        return Problem("SC-5.1", N_("{label} has no Potential and cannot attack."), {"label": sq.label})
    if not state.players[1 - side].squads:
        return Problem("SC-4.3", N_("The opponent has no squad on the table to attack."))
    return Problem("SC-12.1.4", N_("{label} has no enemy squad on an adjacent cell."), {"label": sq.label})


def options(state: State, side: int) -> Any:
    """The legal choices of ``side`` now, with every number a UI shows (one struct of
    :mod:`engine.rulesets.sixchances.options`; :class:`Waiting` when ``side`` has nothing
    to decide). Exact odds are fractions (section 5)."""
    phase = state.phase
    if phase == "build":
        me = state.players[side]
        r = me.reserve
        return BuildOptions(
            reserve=Tokens(r.pot, r.res, r.sup),
            squads=state.setup.squads,
            squad_size=state.setup.squad_size,
            cells=home_zone(side) if state.setup.field else (),
            sealed=me.order is not None,
            sealed_order=me.order or (),
            suggestions=suggested_builds(state.setup, side, (r.pot, r.res, r.sup))
            if me.order is None
            else (),
        )
    if side not in to_act(state):
        return Waiting(waiting_for=tuple(sorted(to_act(state))))
    me = state.players[side]
    if phase == "attack":
        attacks = tuple(
            _attack_choice(att, tgt) for att in me.squads if att.pot >= 1 for tgt in targets(state, side, att)
        )
        able = {a.attacker for a in attacks}
        why = {sq.label: _why_not_attack(state, side, sq) for sq in me.squads if sq.label not in able}
        if state.setup.field:
            return AttackOptions(
                attacks=attacks,
                must_attack=False,
                moves=tuple(move_choices(state, side)),
                can_pass=True,
                cannot_attack=why,
            )
        return AttackOptions(attacks=attacks, must_attack=True, cannot_attack=why)
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        att = state.players[1 - side].squad(pending.attacker)
        tgt = me.squad(pending.target)
        assert att is not None and tgt is not None
        prot = odds.protection(tgt.res, att.sup)
        dmg = odds.damage(att.pot, tgt.res, att.sup)
        ls = odds.losses(att.pot, att.sup)
        choices = []
        for stat, level in defending_stats(tgt):
            die_d = die_for(level)
            beat = odds.p_defence_beats(pending.roll, die_d)
            rem = odds.removed(att.pot, tgt.res, att.sup, level)
            choices.append(
                DefenceChoice(
                    stat=stat,
                    level=level,
                    die=die_d,
                    p_defence_beats=beat,
                    p_attacker_wins=1 - beat,
                    removed_if_attacker_wins=rem,
                    attacker_losses_if_defence_wins=ls,
                    expected_removed=(1 - beat) * rem,
                )
            )
        return DefenceOptions(
            attacker=att.label,
            target=tgt.label,
            attack_die=pending.die,
            attack_roll=pending.roll,
            protection=prot,
            damage=dmg,
            choices=tuple(choices),
        )
    if phase == "support":
        _forced_now, lapsed = forced_reinforcement(state, side)
        return SupportOptions(
            dice=tuple(me.dice), forced=state.forced, can_end=not state.forced, lapsed=lapsed
        )
    # regroup
    r = me.reserve
    return RegroupOptions(
        die=state.die,
        allowance=state.allowance,
        forced=state.forced,
        reserve=Tokens(r.pot, r.res, r.sup),
        squads=tuple(Squad(sq.label, sq.pot, sq.res, sq.sup, sq.cell) for sq in me.squads),
        new_label=squad_label(side, me.labels),
        new_cells=new_squad_cells(state, side),
    )
