"""Damage, failure checks, system failures, destruction, and the upkeep that follows
a change of sight (GB-13.2, GB-14, GB-15, GB-16.1)."""

from __future__ import annotations

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.ballistic.catalog import FAILURE_ON, WEAPONS
from engine.rulesets.ballistic.events import (
    Damaged,
    DesignationEnded,
    Destroyed,
    FailureCheck,
    SystemFailed,
)
from engine.rulesets.ballistic.maps import RUBBLE
from engine.rulesets.ballistic.rules.common import audience, friends_in, hex_name
from engine.rulesets.ballistic.rules.sight import sees, spotters
from engine.rulesets.ballistic.state import KIND_WEAPON, State, Unit

__all__ = [
    "deal_damage",
    "destroy",
    "end_designation",
    "fail_system",
    "failure_check",
    "hit",
    "refresh",
    "tenths_lost",
]


def tenths_lost(max_health: int, health: int) -> int:
    """``L = floor(10·(Max - Health) / Max)``: tenths of Max Health lost (GB-14.2)."""
    return (10 * (max_health - health)) // max_health


def hit(state: State, dice: Dice, events: list[Event], u: Unit, weapon: str, sides: set[int]) -> None:
    """A hit on ``u`` with ``weapon`` (a key): roll its damage dice one by one and apply
    them (GB-9.12, GB-12.8); ``sides``: who sees the damage besides those who spot ``u``."""
    n, faces_of = WEAPONS[weapon].dice
    faces = tuple(dice.roll(1, faces_of).faces[0] for _ in range(n))
    deal_damage(state, dice, events, u, sum(faces), faces, sides)


def deal_damage(
    state: State,
    dice: Dice,
    events: list[Event],
    u: Unit,
    amount: int,
    faces: tuple[int, ...],
    sides: set[int],
) -> None:
    """Subtract ``amount`` from ``u``'s Health (GB-14.1); destroyed at 0 or less
    (GB-15.1), else one failure check per tenth newly lost (GB-14.2), each resolved
    before the next."""
    to = audience(spotters(state, u) | sides)
    before = u.health
    u.health -= amount
    events.append(Damaged(unit=u.name, side=u.side, amount=amount, faces=faces, health=u.health, to=to))
    if u.health <= 0:
        destroy(state, events, u, sides)
        return
    for _ in range(tenths_lost(u.max_health, u.health) - tenths_lost(u.max_health, before)):
        failure_check(state, dice, events, u, sides)


def failure_check(state: State, dice: Dice, events: list[Event], u: Unit, sides: set[int]) -> None:
    """One failure check (GB-14.3): d20; on 1-4 one working system fails, picked among the
    working systems in canonical order, by a dN when there are N ≥ 2 (GB-14.4). The d20
    is rolled even when no system works any more (GB-1.2)."""
    to = audience(spotters(state, u) | sides)
    roll = dice.roll(1, 20).faces[0]
    failed = roll <= FAILURE_ON
    events.append(FailureCheck(unit=u.name, side=u.side, roll=roll, failed=failed, to=to))
    if not failed:
        return
    working = [i for i, s in enumerate(u.systems) if not s.failed]
    if not working:
        events.append(SystemFailed(unit=u.name, side=u.side, system="", roll=0, of=0, to=to))
        return
    if len(working) == 1:
        pick, roll = working[0], 0
    else:
        roll = dice.roll(1, len(working)).faces[0]
        pick = working[roll - 1]
    events.append(
        SystemFailed(unit=u.name, side=u.side, system=u.systems[pick].key, roll=roll, of=len(working), to=to)
    )
    fail_system(state, events, u, pick)


def fail_system(state: State, events: list[Event], u: Unit, index: int) -> None:
    """System ``index`` of ``u`` fails for good (GB-14.5 to GB-14.7): a weapon loses its
    shots and its overwatch; a designator ends its designation; a chassis system
    changes the flag the rules read (Speed, sight, grade, platform)."""
    s = u.systems[index]
    s.failed = True
    if s.key in ("locomotion", "engine"):
        u.locomotion_ok = False
    elif s.key == "sensors":
        u.sensors_ok = False
        refresh(state, events)
    elif s.key == "fire_control":
        u.fire_control_ok = False
    elif s.key == "stabilizer":
        u.stabilizer_ok = False
    if s.kind == KIND_WEAPON:
        for slot in u.slots:
            if slot.system == index:
                slot.shots = 0
        if u.overwatch is not None and u.overwatch.system == index:
            u.overwatch = None
    if u.designation is not None and u.designation.system == index:
        end_designation(state, events, u)


def end_designation(state: State, events: list[Event], u: Unit) -> None:
    """``u``'s designation ends (GB-13.2); a guidance obligation on that target lapses
    with it (GB-13.5)."""
    d = u.designation
    if d is None:
        return
    u.designation = None
    target = state.units[d.target]
    if u.bound == d.target:
        u.bound = -1
    events.append(DesignationEnded(unit=u.name, side=u.side, target=target.name, to=(u.side,)))


def destroy(state: State, events: list[Event], u: Unit, sides: set[int]) -> None:
    """``u`` is destroyed at once and removed from the map (GB-15.1, GB-15.2): its
    overwatch and designation end, designations on it end, a mech's hex becomes rubble
    (GB-15.3). ``sides``: who sees it besides those who spot it."""
    at = u.hex
    to = audience(spotters(state, u) | sides)
    wreck = u.mech
    if wreck and state.map.tables.kind[at] != RUBBLE and at not in state.wrecks:
        state.wrecks.append(at)
    events.append(Destroyed(unit=u.name, side=u.side, hex=hex_name(state, at), wreck=wreck, to=to))
    u.alive = False
    u.hex = -1
    u.overwatch = None
    u.stuck = u.passing = False
    u.bound = -1
    if u.designation is not None:
        end_designation(state, events, u)
    refresh(state, events)


def refresh(state: State, events: list[Event]) -> None:
    """Re-evaluate what depends on sight and presence after a change (GB-8.11): each
    designation whose designator no longer sees its target, or whose target is gone,
    ends (GB-13.2); a unit stuck in or passing through a friend's hex that is now alone
    there is free again (GB-7.4)."""
    for u in state.units:
        d = u.designation
        if d is not None:
            target = state.units[d.target]
            if not (u.alive and u.hex >= 0 and target.alive and target.hex >= 0 and sees(state, u, target)):
                end_designation(state, events, u)
        if (u.stuck or u.passing) and (not u.alive or not friends_in(state, u, u.hex)):
            u.stuck = False
            u.passing = False
