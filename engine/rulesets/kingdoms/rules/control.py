"""Capture, control and victory (TK-18), at the end of a phase (step 7)."""

from __future__ import annotations

from engine.ruleset import Event
from engine.rulesets.kingdoms.actions import Move
from engine.rulesets.kingdoms.events import ControlChanged
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.common import side_name
from engine.rulesets.kingdoms.state import MoraleEvent, State

__all__ = ["home_hq", "lost_if_orders_hold", "new_controller", "occupancy", "update_control", "victory"]


def occupancy(state: State) -> dict[str, int]:
    """For each base, the sides with a regiment on it: bit 0 the first side, bit 1
    the second (the notes of TK-2.4 step 0)."""
    out: dict[str, int] = {}
    for r in state.regiments:
        if r.on_map:
            out[r.base] = out.get(r.base, 0) | (1 << r.side)
    return out


def new_controller(ctrl: int | None, here: int, started: int) -> int | None:
    """TK-18.1 for one base at the end of a phase: its controller ``ctrl`` (None:
    neutral), ``here`` the sides with a regiment on it now and ``started`` those that
    had one at the start of the phase (bit 0 the first side, bit 1 the second, as
    :func:`occupancy`). A controlled base passes to the other side when none of its
    controller's regiments is on it and either an enemy regiment is, or the controller
    had one there at the start of the phase; a neutral base goes to the only side on
    it. Returns the controller after the phase."""
    if ctrl is not None:
        other = 1 - ctrl
        if not here & (1 << ctrl) and (here & (1 << other) or started & (1 << ctrl)):
            return other
        return ctrl
    if here in (1, 2):
        return 0 if here == 1 else 1
    return None


def lost_if_orders_hold(state: State, side: int, orders: list) -> list[str]:
    """The bases ``side`` controls that would pass to the enemy at the end of this
    phase (TK-18.1) if every regiment with a MOVE or an ATTACK along a path in
    ``orders`` left its base as ordered (a forecast for the player before READY: no
    loss, refusal or retreat is foreseen), in base order. A side that loses its main
    headquarters loses the battle (TK-18.2)."""
    leaving: dict[str, str | None] = {}
    for order in orders:
        path = getattr(order, "path", ())
        if len(path) > 1:
            leaving[order.regiment] = path[-1] if isinstance(order, Move) else None
    now: dict[str, int] = {}
    for r in state.regiments:
        if not r.on_map:
            continue
        base = leaving.get(r.id, r.base)
        if base is not None:
            now[base] = now.get(base, 0) | (1 << r.side)
    start = state.notes.occupied
    return [
        spec.id
        for spec in state.scenario.bases
        if state.control.get(spec.id) == side
        and new_controller(side, now.get(spec.id, 0), start.get(spec.id, 0)) != side
    ]


def update_control(state: State, bd: Board, events: list[Event]) -> tuple[set[str], list[MoraleEvent]]:
    """Step 7a (TK-18.1), base by base in base order: a controlled base passes to the
    other side when none of its controller's regiments is on it and either an enemy
    regiment is, or the controller had one there at the start of the phase; a
    neutral base goes to the only side on it. A garrison that changes hands records
    M2 for the loser's regiments on adjacent bases and M3 for the capturer's on it
    and adjacent; a garrison of the passive side that a close attack struck, still
    held and not entered, records M4 (TK-10.4). Returns the bases that changed and
    the control morale events, in rolling order (TK-10.6 items 2, 3)."""
    now = occupancy(state)
    start = state.notes.occupied
    changed: set[str] = set()
    control_events: list[MoraleEvent] = []
    repelled: list[MoraleEvent] = []
    passive = 1 - state.active
    for spec in state.scenario.bases:
        b = spec.id
        ctrl = state.control.get(b)
        new = new_controller(ctrl, now.get(b, 0), start.get(b, 0))
        if new != ctrl:
            state.control[b] = new
            changed.add(b)
            events.append(ControlChanged(base=b, old=side_name(state, ctrl), new=side_name(state, new)))
            if spec.type == "garrison":
                near = set(bd.neighbours(b))
                if ctrl is not None:
                    control_events.append(
                        MoraleEvent(
                            code="M2",
                            recipients=[
                                r.id
                                for r in state.regiments
                                if r.on_map and r.side == ctrl and r.base in near
                            ],
                        )
                    )
                control_events.append(
                    MoraleEvent(
                        code="M3",
                        recipients=[
                            r.id
                            for r in state.regiments
                            if r.on_map and r.side == new and (r.base == b or r.base in near)
                        ],
                    )
                )
    for spec in state.scenario.bases:
        b = spec.id
        if b in state.notes.repelled and state.control.get(b) == passive and now.get(b, 0) == 1 << passive:
            repelled.append(
                MoraleEvent(code="M4", recipients=[r.id for r in state.regiments if r.on_map and r.base == b])
            )
    return changed, control_events + repelled


def home_hq(state: State, side: int) -> str | None:
    """The main headquarters ``side`` owns in the scenario (TK-1.1)."""
    for b in state.scenario.bases:
        if b.type == "hq" and b.control == side:
            return b.id
    return None


def victory(state: State) -> tuple[int | None, str] | None:
    """Step 7d (TK-18.2): None while the battle goes on; else (winner or None for a
    draw, ending). A side controlling the enemy HQ wins ("hq"; both at once: the
    active side); else a side with no regiment left loses ("wiped"; both: a draw);
    else the end of the last turn's second phase is a draw ("limit")."""
    holds = [s for s in (0, 1) if (hq := home_hq(state, 1 - s)) is not None and state.control.get(hq) == s]
    if holds:
        return (state.active if state.active in holds else holds[0]), "hq"
    alive = [any(r.on_map and r.side == s for r in state.regiments) for s in (0, 1)]
    if not all(alive):
        if not any(alive):
            return None, "wiped"
        return (0 if alive[0] else 1), "wiped"
    if state.phase >= 2 * state.scenario.turns:
        return None, "limit"
    return None
