"""Morale (TK-10): the events M1-M15 and their dice, immediate and deferred
changes, the loss thresholds, the end-of-phase settlement and the clamps; panic
detection (TK-16.1).

Deferred events are recorded with their recipients fixed (TK-10.3) and rolled at
step 7b in the order of TK-10.6; each regiment's changes are summed and applied
once, then clamped to 0-200 (TK-10.7). Immediate changes (M1, M11) are rolled,
applied and clamped at once.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.kingdoms.catalog import MAX_MORALE, MORALE_DICE
from engine.rulesets.kingdoms.events import MoraleApplied, MoraleRecorded, MoraleRoll, Panic, Threshold
from engine.rulesets.kingdoms.state import MoraleEvent, Regiment, State

__all__ = ["clamp", "detect_panic", "immediate", "record", "roll_change", "settle", "thresholds"]


def clamp(morale: int) -> int:
    """Morale kept within 0-200 (TK-10.1)."""
    return 0 if morale < 0 else MAX_MORALE if morale > MAX_MORALE else morale


def roll_change(code: str, dice: Dice) -> tuple[tuple[int, ...], int, int]:
    """Roll morale event ``code``'s dice (TK-10.4): returns (the d10 faces, the
    constant, the signed change)."""
    n, constant, sign = MORALE_DICE[code]
    faces = dice.roll(n, 10).faces
    return faces, constant, sign * (sum(faces) + constant)


def immediate(state: State, reg: Regiment, code: str, dice: Dice, events: list[Event]) -> None:
    """An immediate change (M1 stratagem, M11 encirclement, TK-10.3): rolled, added
    and clamped at once."""
    faces, constant, delta = roll_change(code, dice)
    reg.morale = clamp(reg.morale + delta)
    events.append(
        MoraleRoll(
            regiment=reg.id,
            code=code,
            faces=faces,
            constant=constant,
            delta=delta,
            immediate=True,
            after=reg.morale,
        )
    )


def record(state: State, code: str, recipients: list[str], events: list[Event]) -> None:
    """Record deferred morale event ``code`` for ``recipients`` (fixed now, in rolling
    order), to be rolled at step 7b (TK-10.3, TK-10.6)."""
    state.notes.deferred.append(MoraleEvent(code=code, recipients=list(recipients)))
    events.append(MoraleRecorded(code=code, recipients=tuple(recipients)))


def thresholds(state: State, reg: Regiment, events: list[Event]) -> None:
    """Check ``reg``'s loss thresholds after damage (TK-10.5): half lost when
    2·lost ≥ initial (M6), three quarters when 4·lost ≥ 3·initial (M7); each once
    per battle, M6 before M7."""
    lost = reg.initial - reg.strength
    if not reg.half and 2 * lost >= reg.initial:
        reg.half = True
        events.append(Threshold(regiment=reg.id, code="M6"))
        record(state, "M6", [reg.id], events)
    if not reg.three_quarters and 4 * lost >= 3 * reg.initial:
        reg.three_quarters = True
        events.append(Threshold(regiment=reg.id, code="M7"))
        record(state, "M7", [reg.id], events)


def settle(state: State, later: list[MoraleEvent], dice: Dice, events: list[Event]) -> None:
    """Step 7b (TK-10.6, TK-10.7): roll the events recorded before step 7, then
    ``later`` (the control events of step 7a, then M4, then M15, in that order),
    skipping recipients no longer on the map; sum each regiment's changes, add the
    sum once and clamp."""
    by_id = {r.id: r for r in state.regiments}
    totals: dict[str, int] = {}
    for ev in [*state.notes.deferred, *later]:
        for rid in ev.recipients:
            reg = by_id.get(rid)
            if reg is None or not reg.on_map:
                continue
            faces, constant, delta = roll_change(ev.code, dice)
            totals[rid] = totals.get(rid, 0) + delta
            events.append(MoraleRoll(regiment=rid, code=ev.code, faces=faces, constant=constant, delta=delta))
    for reg in state.regiments:
        if reg.id in totals:
            before = reg.morale
            reg.morale = clamp(before + totals[reg.id])
            events.append(
                MoraleApplied(regiment=reg.id, before=before, total=totals[reg.id], after=reg.morale)
            )
    state.notes.deferred = []


def detect_panic(state: State, events: list[Event]) -> None:
    """Step 7c (TK-16.1): a regiment on the map that made at least one damage roll
    this phase, every one of which came to 0 before the cap, panics in the next two
    phases."""
    p = state.phase
    for reg in state.regiments:
        if not reg.on_map:
            continue
        t = state.tally.get(reg.id)
        if t is not None and t.rolls > 0 and not t.dealt:
            reg.panic_from, reg.panic_until = p + 1, p + 2
            events.append(Panic(regiment=reg.id, what="detected", first=p + 1, last=p + 2))
