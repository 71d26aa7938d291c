"""What one side may know of an Eva game (EVA-18).

A side's view holds every fact of its own Evas, and of the enemy's only the
public ones (EVA-18.2): square, layer, stance, held items, the visible states
and revealed equipment. Enemy armour, AT level, energy, stowed weapons,
unrevealed equipment, Shield points and traumas other than wings are not in
the view at all (EVA-18.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from engine.rulesets.eva.board import is_engaged
from engine.rulesets.eva.damage import max_energy
from engine.rulesets.eva.marks import public_damage_taken
from engine.rulesets.eva.state import EvaState, Unit

__all__ = ["EnemyUnit", "EvaView", "OwnUnit", "public_damage", "view"]


class EnemyUnit(msgspec.Struct, tag="enemy"):
    """Public facts of an Eva (EVA-18.2). ``square`` -1 when not on the board;
    ``held``: labels of the items in its hands."""

    index: int
    side: int
    name: str
    square: int
    deployed: bool
    destroyed: bool
    airborne: bool
    kneeling: bool
    held: list[str]
    held_codes: list[str]
    berserk: bool
    pinned: bool
    wings_trauma: bool
    activated: bool
    revealed: list[str]
    #: in base contact with an enemy Eva of the same layer (EVA-12.2), from public positions
    engaged: bool = False


class OwnItem(msgspec.Struct):
    """A carried item: ``label``, catalogue ``code``, automatic fire, used up."""

    label: str
    code: str
    auto: bool
    gone: bool


class OwnUnit(EnemyUnit, tag="own"):
    """Everything about one of the viewer's own Evas (armour, energy in energy)."""

    armour: int = 0
    max_armour: int = 0
    at: int = 0
    energy: int = 0
    next_max_energy: int = 0
    items: list[OwnItem] = []
    hands: list[int] = []
    equipment: list[str] = []
    shield_points: int = 0
    traumas: list[tuple[str, bool]] = []
    spear_hits: int = 0
    accel_used: bool = False
    positron_round: int = -10
    cost: int = 0


class EvaView(msgspec.Struct):
    """One side's view of the game (``side`` None: everything, for replays)."""

    side: int | None
    phase: str
    round: int
    round_limit: int | None
    turn: int
    map_key: str
    map_title: str
    map_rows: list[str]
    units: list[OwnUnit | EnemyUnit]
    active: int
    pending: str
    pending_side: int
    choices: list[str]
    zones: list[int]
    chooser: int
    placer: int
    over: bool
    winner: int | None
    reason: str
    scores: list[int]
    obligation: bool = False
    fired: list[int] = []
    hands_at_start: list[int] = []


def _public(state: EvaState, i: int, u: Unit) -> dict:
    return {
        "index": i,
        "side": u.side,
        "name": u.name,
        "square": u.square if u.on_board else -1,
        "deployed": u.deployed,
        "destroyed": u.destroyed,
        "airborne": u.airborne,
        "kneeling": u.kneeling,
        "held": [u.items[h].code for h in u.hands],
        "held_codes": [u.items[h].code for h in u.hands],
        "berserk": u.berserk,
        "pinned": u.pinned,
        "wings_trauma": u.trauma("wings"),
        "activated": u.activated,
        "revealed": list(u.revealed),
        "engaged": u.on_board and is_engaged(state, u),
    }


def view(state: EvaState, side: int | None) -> EvaView:
    """The view of ``side`` (0 or 1), or of an omniscient observer (None)."""
    units: list[OwnUnit | EnemyUnit] = []
    for i, u in enumerate(state.units):
        pub = _public(state, i, u)
        if side is None or u.side == side:
            units.append(
                OwnUnit(
                    **pub,
                    armour=u.armour,
                    max_armour=u.max_armour,
                    at=u.at,
                    energy=u.energy,
                    next_max_energy=max_energy(u),
                    items=[OwnItem(it.label, it.code, it.auto, it.gone) for it in u.items],
                    hands=list(u.hands),
                    equipment=list(u.equipment),
                    shield_points=u.shield_points,
                    traumas=[(t.zone, t.expires is None) for t in u.traumas],
                    spear_hits=u.replica_hits + u.lance_hits,
                    accel_used=u.accel_used,
                    positron_round=u.positron_round,
                    cost=u.cost,
                )
            )
        else:
            units.append(EnemyUnit(**pub))
    act = state.activation
    pend = state.pending
    mine = act is not None and (side is None or state.units[act.unit].side == side)
    return EvaView(
        side=side,
        phase=state.phase,
        round=state.round,
        round_limit=state.round_limit,
        turn=state.turn,
        map_key=state.map.key,
        map_title=state.map.title,
        map_rows=list(state.map.rows),
        units=units,
        active=act.unit if act is not None else -1,
        pending=pend.kind if pend is not None else "",
        pending_side=pend.side if pend is not None else -1,
        choices=list(pend.choices) if pend is not None and (side is None or pend.side == side) else [],
        zones=list(state.zones),
        chooser=state.chooser,
        placer=state.placer,
        over=state.over,
        winner=state.winner,
        reason=state.reason,
        scores=list(state.scores) if state.over or side is None else [],
        obligation=bool(act and mine and act.obligation),
        fired=list(act.fired) if act is not None and mine else [],
        hands_at_start=list(act.hands_at_start) if act is not None and mine else [],
    )


def public_damage(units: Sequence[EnemyUnit], events: Iterable[Any]) -> list[int]:
    """The raw damage (before the Shield and the AT field) each side's Evas took, as
    either side may total it from the public events of its log (EVA-18.2): [Player 1's
    Evas, Player 2's]. ``units``: a view's units (their names and sides); ``events``:
    the events of a seat's log (:meth:`engine.seat.Seat.log`); private ones are left
    out. The figure of :func:`engine.rulesets.eva.marks.public_damage_taken`, for a
    screen, which reads a seat and never the rules."""
    return public_damage_taken(units, [e for e in events if e.to is None])
