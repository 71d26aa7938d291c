"""The checks every action of an activation shares: the acting Eva, the switch
between movement and shooting (EVA-6.4), energy (EVA-6.2), the obligation to fight
(EVA-12.10) and the enemy attacked; each refusal names its rule."""

from __future__ import annotations

from typing import Any

# -- imports --
from engine.i18n import N_, _
from engine.ruleset import IllegalAction
from engine.rulesets.eva.state import BATTLE, NONE, Activation, EvaState, Unit

__all__ = [
    "active",
    "enemy_target",
    "may_switch",
    "need_energy",
    "note_class",
    "obligation_free",
    "phase_ok",
    "refuse",
]


def refuse(message: str, rule: str, **kw: Any) -> IllegalAction:
    """The refusal of an action: ``message`` (a message ID marked with N_) translated and
    filled with ``kw``, and the ``rule`` ID it rests on."""
    return IllegalAction(_(message).format(**kw), rule)


def active(state: EvaState, side: int, ui: int) -> tuple[Unit, Activation]:
    """The Eva ``ui`` and its activation, when ``side`` may act with it now: the battle
    on (EVA-5.1), it is the Eva being activated (EVA-5.4) and ``side``'s (EVA-1.1); a
    decision awaited is refused before (:func:`engine.rulesets.eva.legality.check`).
    Raises IllegalAction."""
    if state.phase != BATTLE:
        raise refuse(N_("The battle has not started."), "EVA-5.1")
    act = state.activation
    if act is None:
        raise refuse(N_("Activate an Eva first."), "EVA-5.4")
    if not 0 <= ui < len(state.units) or act.unit != ui:
        raise refuse(N_("{unit} is not the Eva being activated."), "EVA-5.4", unit=state.units[act.unit].name)
    u = state.units[ui]
    if u.side != side:
        raise refuse(N_("That Eva is not yours."), "EVA-1.1")
    return u, act


def phase_ok(state: EvaState, u: Unit, act: Activation, cls: int) -> None:
    """Refuse an action of class ``cls`` that :func:`may_switch` does not allow (EVA-6.4)."""
    if not may_switch(act, cls):
        raise refuse(
            N_("{unit} has already switched between moving and shooting once this activation."),
            "EVA-6.4",
            unit=u.name,
        )


def note_class(act: Activation, cls: int) -> None:
    """Note that the activation took an action of class ``cls`` (MOVEMENT or SHOOTING),
    counting a change of class (EVA-6.4); a field is set only when it changes."""
    last = act.last_class
    if last != cls:
        if last != NONE:
            act.switches += 1
        act.last_class = cls


def may_switch(act: Activation, cls: int) -> bool:
    """May the activation take an action of class ``cls`` (MOVEMENT or SHOOTING)?
    :func:`phase_ok` as a truth value (EVA-6.4: at most one change of class)."""
    last = act.last_class
    return last in (NONE, cls) or act.switches < 1


def need_energy(u: Unit, cost: int, what: str) -> None:
    """Refuse ``what`` (a message ID) costing ``cost`` energy beyond the Eva's energy (EVA-6.2)."""
    if cost > u.energy:
        raise refuse(
            N_("{unit} has {energy} energy left; {what} costs {cost}."),
            "EVA-6.2",
            unit=u.name,
            energy=u.energy,
            what=_(what),
            cost=cost,
        )


def obligation_free(u: Unit, act: Activation) -> None:
    """Refuse an action that is not fighting, disengaging, jumping or detonating while
    the Eva must first deal with an enemy it is engaged with (EVA-12.10)."""
    if act.obligation:
        raise refuse(
            N_("{unit} is engaged and must first fight, disengage, jump or detonate."),
            "EVA-12.10",
            unit=u.name,
        )


def enemy_target(state: EvaState, side: int, ti: int) -> Unit:
    """The enemy Eva ``ti`` that ``side`` attacks: it exists (EVA-1.1), is an enemy
    (EVA-10.2) and on the board (EVA-5.7). Raises IllegalAction."""
    if not 0 <= ti < len(state.units):
        raise refuse(N_("No such Eva."), "EVA-1.1")
    t = state.units[ti]
    if t.side == side:
        raise refuse(N_("Attacks may target only enemy Evas."), "EVA-10.2")
    if not t.on_board:
        raise refuse(N_("{unit} is not on the board."), "EVA-5.7", unit=t.name)
    return t
