"""The attack and its outcome (SC-5 to SC-8): the attack roll (SC-5.2), the defence roll
(SC-5.4), ties to the attacker (SC-5.5), protection, damage and removal when the
attacker wins (SC-6.1-SC-6.3), saved tokens and losses when the defender wins
(SC-7.1, SC-7.2), and a squad without tokens leaving the table (SC-8.1); whether the
attack was productive (SC-11.6). Each resolves a checked action in place; the figures
come from :mod:`engine.rulesets.sixchances.odds` and the die from
:func:`~engine.rulesets.sixchances.catalog.die_for`, where each of those rules is stated.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.sixchances.actions import Attack, Defend
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.events import (
    AttackDeclared,
    AttackerWon,
    DefenceRolled,
    DefenderWon,
    SquadDestroyed,
)
from engine.rulesets.sixchances.odds import (
    attack_productive,
    attacker_wins,
    damage,
    losses,
    protection,
    removed,
    saved,
)
from engine.rulesets.sixchances.rules.flow import advance
from engine.rulesets.sixchances.state import Pending, Player, Squad, State

__all__ = ["resolve_attack", "resolve_defence"]


def resolve_attack(
    state: State, side: int, action: Attack, ctx: tuple[Squad, Squad], dice: Dice, events: list[Event]
) -> None:
    """Resolve a checked :class:`Attack` in place: the attack roll on the die of the
    attacker's Potential (SC-5.2, SC-3.1), whether the attack is productive (SC-11.6),
    and the Defence step for the opponent (SC-5.3). ``ctx`` is (attacker, target) as
    :func:`~engine.rulesets.sixchances.rules.legality.check` returned them."""
    att, tgt = ctx
    die = die_for(att.pot)
    roll = dice.roll(1, die).faces[0]
    state.productive = attack_productive(att.pot, att.sup, tgt.res)
    state.acted = True
    state.pending = Pending(att.label, tgt.label, die, roll)
    state.phase = "defend"
    events.append(AttackDeclared(attacker=att.label, target=tgt.label, die=die, roll=roll))


def _remove_if_empty(player: Player, sq: Squad, events: list[Event]) -> None:
    if sq.pot + sq.res + sq.sup == 0:
        player.squads.remove(sq)
        events.append(SquadDestroyed(label=sq.label))


def resolve_defence(
    state: State, side: int, action: Defend, tgt: Squad, dice: Dice, events: list[Event]
) -> None:
    """Resolve a checked :class:`Defend` in place: the defence roll (SC-5.4), ties to the
    attacker (SC-5.5); if the attacker wins, protection, damage and tokens removed from
    the defending stat to the bag (SC-6.1-SC-6.3), else saved tokens and the attacker's
    Potential losses to the bag (SC-7.1, SC-7.2); a squad left without tokens leaves the
    table (SC-8.1); then on to the Support step (SC-4.2). ``tgt`` is the defending squad,
    as :func:`~engine.rulesets.sixchances.rules.legality.check` returned it."""
    pending = state.pending
    assert pending is not None
    players = state.players
    attacker_player, defender_player = players[1 - side], players[side]
    att = attacker_player.squad(pending.attacker)
    assert att is not None
    stat = action.stat
    level = tgt.pot if stat == "pot" else tgt.res if stat == "res" else tgt.sup
    die = die_for(level)
    roll = dice.roll(1, die).faces[0]
    events.append(DefenceRolled(target=tgt.label, stat=stat, level=level, die=die, roll=roll))
    bag = state.bag
    if attacker_wins(pending.roll, roll):
        prot = protection(tgt.res, att.sup)
        dmg = damage(att.pot, tgt.res, att.sup)
        rem = removed(att.pot, tgt.res, att.sup, level)
        if rem:
            if stat == "pot":
                tgt.pot -= rem
                bag.pot += rem
            elif stat == "res":
                tgt.res -= rem
                bag.res += rem
            else:
                tgt.sup -= rem
                bag.sup += rem
        events.append(
            AttackerWon(
                attacker=att.label, target=tgt.label, stat=stat, protection=prot, damage=dmg, removed=rem
            )
        )
        if rem:
            _remove_if_empty(defender_player, tgt, events)
    else:
        sv = saved(att.sup)
        ls = losses(att.pot, att.sup)
        if ls:
            att.pot -= ls
            bag.pot += ls
        events.append(DefenderWon(attacker=att.label, target=tgt.label, saved=sv, losses=ls))
        if ls:
            _remove_if_empty(attacker_player, att, events)
    state.pending = None
    advance(state, events, "support")
