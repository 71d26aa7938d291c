"""Sieges (TK-14): which fortress is under siege and by whom, rams, ballistas,
the gates, the end of a siege.

A fortress is under siege while its gates stand and a regiment of the side that
does not control it stands on an adjacent base (TK-14.2, TK-AMB-58).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.kingdoms.events import SiegeEvent
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.morale import record
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "ballistas_fire",
    "besieged",
    "besiegers",
    "gates_destroyed",
    "is_besieging",
    "rams_strike",
    "siege_ends",
    "under_siege",
]


def besiegers(state: State, bd: Board, fortress: str) -> list[Regiment]:
    """The besieging regiments of ``fortress`` (TK-14.2): regiments of the side that
    does not control it on adjacent bases, in roster order; empty when its gates
    are down."""
    fort = state.fortresses.get(fortress)
    if fort is None or not fort.standing:
        return []
    return _around(state, bd, fortress)


def _around(state: State, bd: Board, fortress: str) -> list[Regiment]:
    """The regiments of the side not controlling ``fortress`` on adjacent bases."""
    owner = state.control.get(fortress)
    near = bd.neighbours(fortress)
    return [r for r in state.regiments if r.on_map and r.side != owner and r.base in near]


def besieged(state: State, fortress: str) -> list[Regiment]:
    """The besieged regiments (TK-14.2): the controller's regiments on the fortress."""
    owner = state.control.get(fortress)
    return [r for r in state.regiments if r.on_map and r.base == fortress and r.side == owner]


def under_siege(state: State, bd: Board, fortress: str) -> bool:
    """Whether ``fortress`` is under siege now (TK-14.2)."""
    return bool(besiegers(state, bd, fortress))


def is_besieging(state: State, bd: Board, reg: Regiment, fortress: str) -> bool:
    """Whether ``reg`` is one of ``fortress``'s besiegers (TK-14.2)."""
    fort = state.fortresses.get(fortress)
    return (
        fort is not None
        and fort.standing
        and reg.on_map
        and reg.side != state.control.get(fortress)
        and bd.adjacent(reg.base, fortress)
    )


def gates_destroyed(state: State, bd: Board, fortress: str, events: list[Event]) -> None:
    """The gates of ``fortress`` fall (TK-14.6): M14 for the regiments besieging at
    this moment; the ram is removed; ballistas and wall tower are no longer used."""
    fort = state.fortresses[fortress]
    recipients = [r.id for r in _around(state, bd, fortress)]
    fort.gates = min(fort.gates, 0)
    fort.ram = 0
    fort.ram_ready = False
    fort.ram_by = None
    fort.crew = None
    events.append(SiegeEvent(fortress=fortress, what="gates-destroyed"))
    record(state, "M14", recipients, events)


def rams_strike(state: State, bd: Board, dice: Dice, events: list[Event]) -> None:
    """Step 4 (TK-14.4): each ready ram of the active side strikes its gates for d6,
    provided a besieging regiment is still adjacent; gates at 0 or less fall."""
    for fid in bd.fortress_ids:
        fort = state.fortresses[fid]
        if not (fort.standing and fort.ram_ready and fort.ram > 0):
            continue
        if state.control.get(fid) == state.active:
            continue  # the ram belongs to the besiegers, the side not controlling it
        if not besiegers(state, bd, fid):
            continue
        face = dice.roll(1, 6).faces[0]
        before = fort.gates
        fort.gates -= face
        events.append(SiegeEvent(fortress=fid, what="ram-strike", face=face, before=before, after=fort.gates))
        if fort.gates <= 0:
            gates_destroyed(state, bd, fid, events)


def ballistas_fire(state: State, bd: Board, dice: Dice, events: list[Event]) -> None:
    """Step 4 (TK-14.5): in the besieged side's phase, each ballista of its fortress
    (in listed order) deals d6 to the ready ram; a ram at 0 or less is destroyed
    (M13 for the besiegers) and the remaining ballistas do not fire."""
    for fid in bd.fortress_ids:
        fort = state.fortresses[fid]
        if state.control.get(fid) != state.active or not fort.standing:
            continue
        for name in list(fort.ballistas):
            if not (fort.ram_ready and fort.ram > 0):
                break
            face = dice.roll(1, 6).faces[0]
            before = fort.ram
            fort.ram -= face
            events.append(
                SiegeEvent(fortress=fid, what="ballista", name=name, face=face, before=before, after=fort.ram)
            )
            if fort.ram <= 0:
                fort.ram = 0
                fort.ram_ready = False
                events.append(SiegeEvent(fortress=fid, what="ram-destroyed"))
                record(state, "M13", [r.id for r in besiegers(state, bd, fid)], events)


def siege_ends(state: State, bd: Board, changed: set[str], events: list[Event]) -> list[str]:
    """Step 7a, after control (TK-14.9): each fortress under siege at the start of the
    phase whose gates stand and which now has no besieger, or has just changed
    controller (``changed``), is no longer besieged: its ram is removed. Returns the
    fortresses whose siege was lifted (M15: the besiegers chose to leave, one of
    them by its own MOVE or ATTACK order, and the controller did not change)."""
    lifted: list[str] = []
    for fid in state.notes.sieges:
        fort = state.fortresses[fid]
        if not fort.standing:
            continue
        if fid not in changed and besiegers(state, bd, fid):
            continue
        if fort.ram or fort.ram_ready or fort.ram_by:
            fort.ram, fort.ram_ready, fort.ram_by = 0, False, None
            events.append(SiegeEvent(fortress=fid, what="ram-removed"))
        events.append(SiegeEvent(fortress=fid, what="siege-ended"))
        if fid in changed:
            continue
        near = set(bd.neighbours(fid))
        for rid in state.notes.besiegers.get(fid, []):
            start = state.notes.left.get(rid)
            reg = state.regiment(rid)
            if start in near and reg is not None and reg.base not in near:
                lifted.append(fid)
                events.append(SiegeEvent(fortress=fid, what="siege-lifted", by=rid))
                break
    return lifted
