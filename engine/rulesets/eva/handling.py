"""Changing what an Eva holds (EVA-9.3 to EVA-9.7): swaps, discarding the Shield and
keeping one weapon after an arms trauma."""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import Discard, Keep, Swap
from engine.rulesets.eva.common import active, need_energy, refuse
from engine.rulesets.eva.damage import reveal
from engine.rulesets.eva.hands import (
    drop_shield,
    fills_both_hands,
    hands_legal,
    held_facts,
    held_labels,
    held_shield,
    swap_cost,
)
from engine.rulesets.eva.state import EvaState

__all__ = [
    "plan_discard",
    "plan_keep",
    "plan_swap",
    "resolve_discard",
    "resolve_keep",
    "resolve_swap",
]


def plan_swap(state: EvaState, side: int, a: Swap) -> int:
    """Check a swap to hands ``a.hands`` (EVA-9.1, EVA-9.3); returns its energy cost.
    Raises IllegalAction."""
    u, _act = active(state, side, a.unit)
    # the prices of the swaps to the legal configurations other than the hands, memoised
    # (Held.price: swap_cost of each); any other hands are judged here
    cost = held_facts(u).price(tuple(a.hands))
    if cost is None:
        why = hands_legal(u, a.hands)
        if why:
            raise refuse(why, "EVA-9.1")
    new = sorted(a.hands)
    if new == sorted(u.hands):
        raise refuse(N_("That is what {unit} already holds."), "EVA-9.3", unit=u.name)
    if cost is None:
        cost = swap_cost(u, new)
    need_energy(u, cost, N_("this swap"))
    return cost


def resolve_swap(state: EvaState, side: int, a: Swap, cost: int, dice: Dice) -> list:
    """Hold the new hands for ``cost`` energy; a Shield taken in hand shows (EVA-18.4)."""
    u = state.units[a.unit]
    out: list = []
    u.energy -= cost
    u.hands = sorted(a.hands)
    if held_shield(u):
        reveal(u, "shield", out)
    out.append(ev.Swapped(unit=u.name, unit_side=u.side, held=held_labels(u)))
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=cost))
    return out


def plan_discard(state: EvaState, side: int, a: Discard) -> None:
    """Check throwing the Shield aside: it is in hand (EVA-9.4); free."""
    u, _act = active(state, side, a.unit)
    if not held_shield(u):
        raise refuse(N_("{unit} is not holding a Shield."), "EVA-9.4", unit=u.name)


def resolve_discard(state: EvaState, side: int, a: Discard, plan: None, dice: Dice) -> list:
    """The Shield is gone for the rest of the game (EVA-9.4)."""
    u = state.units[a.unit]
    drop_shield(u)
    return [ev.ShieldDiscarded(unit=u.name, unit_side=u.side)]


def plan_keep(state: EvaState, side: int, a: Keep) -> None:
    """Check the weapon kept in hand after an arms trauma (EVA-9.7)."""
    pend = state.pending
    if pend is None or pend.kind != "stow" or a.unit != pend.unit:
        raise refuse(N_("No weapon has to be stowed now."), "EVA-9.7")
    t = state.units[a.unit]
    if not 0 <= a.item < len(t.items) or t.items[a.item].label not in pend.choices:
        raise refuse(N_("Keep one of the two weapons in hand."), "EVA-9.7")


def resolve_keep(state: EvaState, side: int, a: Keep, plan: None, dice: Dice) -> list:
    """Keep the chosen weapon; the other one-handed weapon in hand is stowed (EVA-9.7)."""
    t = state.units[a.unit]
    out: list = []
    state.pending = None
    stow = [i for i in t.hands if i != a.item and not fills_both_hands(t, i)]
    t.hands = [i for i in t.hands if i not in stow]
    for i in stow:
        out.append(ev.Stowed(unit=t.name, unit_side=t.side, item=t.items[i].code))
    return out
