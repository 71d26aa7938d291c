"""Overwatch: the declaration and its sector, triggers during the enemy's movement,
and the fire they allow (GB-11).

A trigger with shots left puts a decision to the overwatching side: how many of its
reserved shots to fire (GB-11.4). A unit may instead give a standing order when it
declares (``per_trigger``: up to that many shots at each trigger), which the rules
then carry out without asking. While a decision waits, the mover's declared path
is kept in :class:`engine.rulesets.ballistic.state.Trigger`.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.geometry.hex import in_sector
from engine.i18n import _
from engine.ruleset import Event
from engine.rulesets.ballistic.catalog import WEAPONS, actions_left
from engine.rulesets.ballistic.events import OverwatchDeclared, OverwatchTriggered, TriggerPassed
from engine.rulesets.ballistic.refusal import Reason, Refused
from engine.rulesets.ballistic.rules.common import illegal
from engine.rulesets.ballistic.rules.fire import check_shot, fire_shot, weapon_of
from engine.rulesets.ballistic.rules.sight import height_at, sight
from engine.rulesets.ballistic.state import (
    MODE_OVERWATCH,
    SLOT_ATTACK,
    Overwatch,
    Slot,
    State,
    Trigger,
    Unit,
)

__all__ = [
    "appears",
    "asking",
    "check_declare",
    "check_react",
    "declare",
    "react",
    "resolve_queue",
    "shot_refusal",
    "shots_possible",
    "triggered",
]


def check_declare(state: State, u: Unit, index: int, sector: int, per_trigger: int) -> None:
    """Raise IllegalAction unless ``u`` may declare overwatch now with weapon ``index`` on
    the sector starting at direction ``sector`` (GB-11.1, GB-11.2): a working weapon
    that fires directly and has not been used this turn, an action free, a sector that
    is one half of its front arc, not passing through a friend, a standing order of
    0 (ask) to the weapon's rate of fire."""
    key = weapon_of(u, index)
    if key is None:
        raise illegal(_("{unit} has no such weapon.").format(unit=u.name), "GB-4.2")
    w = WEAPONS[key]
    name = _(w.name)
    if u.systems[index].failed:
        raise illegal(_("The {weapon} of {unit} has failed.").format(weapon=name, unit=u.name), "GB-14.5")
    if not w.direct:
        raise illegal(_("The {weapon} cannot fire directly.").format(weapon=name), "GB-11.1")
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may only step on.").format(unit=u.name), "GB-7.4"
        )
    if index in u.used:
        raise illegal(_("The {weapon} has been used this turn.").format(weapon=name), "GB-11.1")
    if not actions_left(len(u.slots)):
        raise illegal(_("{unit} has taken its two actions.").format(unit=u.name), "GB-6.1")
    if sector % 6 not in (u.facing, (u.facing - 1) % 6):
        raise illegal(_("An overwatch sector is one half of the unit's front arc."), "GB-11.2")
    if not 0 <= per_trigger <= w.rof:
        raise illegal(_("A standing order fires 1 to {n} shots per trigger.").format(n=w.rof), "GB-11.4")


def declare(state: State, events: list[Event], u: Unit, index: int, sector: int, per_trigger: int) -> None:
    """Open the Attack action in overwatch mode and reserve the weapon's full rate of
    fire (GB-11.1). Its side's only (GB-5.7)."""
    key = u.systems[index].key
    rof = WEAPONS[key].rof
    u.slots.append(Slot(SLOT_ATTACK, index, MODE_OVERWATCH, 0))
    u.used.append(index)
    u.overwatch = Overwatch(index, sector % 6, rof, per_trigger)
    events.append(
        OverwatchDeclared(
            unit=u.name,
            side=u.side,
            weapon=key,
            sector=sector % 6,
            shots=rof,
            per_trigger=per_trigger,
            to=(u.side,),
        )
    )


def _in_view(state: State, w: Unit, m: Unit, at: int) -> bool:
    """``m`` at hex ``at`` is in ``w``'s sector and seen by ``w`` (GB-11.2, GB-11.3)."""
    assert w.overwatch is not None
    t = state.map.tables
    return in_sector(t.hex_of(w.hex), w.overwatch.sector, t.hex_of(at)) and sight(
        state, w, w.hex, at, height_at(state, m, at)
    )


def appears(state: State, w: Unit, m: Unit, before: int, after: int) -> bool:
    """Whether ``m``'s step from ``before`` to ``after`` makes it appear in ``w``'s sector:
    in the sector and seen after the step, and not both just before it (GB-11.3)."""
    return _in_view(state, w, m, after) and not _in_view(state, w, m, before)


def triggered(state: State, m: Unit, before: int) -> list[int]:
    """The overwatching enemies of the mover ``m`` (acting now) in which sectors its step
    from ``before`` makes it appear, in initiative order (GB-11.3, GB-11.5): only units
    that act earlier this turn, with reserved shots left."""
    out = []
    for pos in range(state.active):
        w = state.units[state.order[pos]]
        if w.side == m.side or not w.alive or w.hex < 0 or w.overwatch is None or w.overwatch.shots <= 0:
            continue
        if appears(state, w, m, before, m.hex):
            out.append(w.number)
    return out


def shot_refusal(state: State, w: Unit, m: Unit) -> Reason | None:
    """Why one overwatch shot of ``w`` at ``m`` is not legal now, as the shot's rule
    gave it (GB-9.1 at this moment, GB-11.4), or None when it is legal."""
    ow = w.overwatch
    try:
        check_shot(state, w, ow.system if ow is not None else -1, m, 1, overwatch=True)
    except Refused as e:
        return e.reason
    return None


def shots_possible(state: State, w: Unit, m: Unit) -> int:
    """How many overwatch shots ``w`` may fire at ``m`` now: its reserve when one shot is
    legal (GB-9.1 at this moment, GB-11.4), else 0."""
    ow = w.overwatch
    if ow is None or ow.shots <= 0 or not m.alive or m.hex < 0:
        return 0
    return 0 if shot_refusal(state, w, m) is not None else ow.shots


def _fire(state: State, dice: Dice, events: list[Event], w: Unit, m: Unit, shots: int, trig: Trigger) -> None:
    """Fire up to ``shots`` reserved shots at ``m``, each legal at its moment (GB-11.4)."""
    for _n in range(shots):
        if shots_possible(state, w, m) <= 0:
            return
        assert w.overwatch is not None
        if fire_shot(state, dice, events, w, w.overwatch.system, m, overwatch=True):
            trig.fired = True


def asking(state: State) -> Unit | None:
    """The overwatching unit whose controller must now decide how many shots to fire,
    or None."""
    trig = state.trigger
    if trig is None or not trig.queue:
        return None
    return state.units[trig.queue[0]]


def resolve_queue(state: State, dice: Dice, events: list[Event]) -> bool:
    """Resolve the overwatching units of the pending trigger one after another in
    initiative order (GB-11.5): a trigger with no legal shot passes, with the reason
    the shot's rule gave; a standing order
    fires at once; otherwise the rules stop and ask (returns False). Returns True when
    every one has been resolved."""
    trig = state.trigger
    assert trig is not None
    m = state.units[trig.mover]
    while trig.queue:
        w = state.units[trig.queue[0]]
        possible = shots_possible(state, w, m)
        if possible <= 0:
            if w.alive and w.overwatch is not None and w.overwatch.shots > 0:
                why = shot_refusal(state, w, m)
                events.append(
                    TriggerPassed(unit=w.name, side=w.side, target=m.name, reason=why, to=(w.side,))
                )
            trig.queue.pop(0)
            continue
        assert w.overwatch is not None
        if w.overwatch.per_trigger:
            _fire(state, dice, events, w, m, min(w.overwatch.per_trigger, possible), trig)
            trig.queue.pop(0)
            continue
        events.append(
            OverwatchTriggered(
                unit=w.name, side=w.side, target=m.name, hex=state.map.tables.name[m.hex], to=(w.side,)
            )
        )
        return False
    return True


def check_react(state: State, side: int, unit_name: str, shots: int) -> Unit:
    """Raise IllegalAction unless ``side`` is being asked for ``unit_name``'s overwatch
    fire and ``shots`` is 0 up to its reserve (GB-11.4); returns the unit."""
    w = asking(state)
    if w is None or w.side != side:
        raise illegal(_("No overwatch trigger is waiting for your answer."), "GB-11.4")
    if w.name.casefold() != unit_name.casefold():
        raise illegal(_("The trigger is {unit}'s to answer.").format(unit=w.name), "GB-11.4")
    assert w.overwatch is not None
    if not 0 <= shots <= w.overwatch.shots:
        raise illegal(
            _("{unit} has {n} overwatch shots left.").format(unit=w.name, n=w.overwatch.shots), "GB-11.1"
        )
    return w


def react(state: State, dice: Dice, events: list[Event], w: Unit, shots: int) -> None:
    """Fire the chosen shots at the unit that appeared (GB-11.4) and move on to the next
    overwatching unit of the same trigger."""
    trig = state.trigger
    assert trig is not None
    _fire(state, dice, events, w, state.units[trig.mover], shots, trig)
    trig.queue.pop(0)
