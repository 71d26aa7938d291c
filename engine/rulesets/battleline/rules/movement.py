"""Movement and who may be attacked: BL-5 (speed, direction, end cell, path), BL-6
(heading and attackability), and the speed penalties of BL-5.6 (lasers, BL-15.4;
recoil, BL-11.4; a lost leg, BL-18.5).

Everything here reads only the ordering mech's own state and public facts (the
cells and which mechs are in the battle), as validation must (BL-4.3).
"""

from __future__ import annotations

from engine.geometry.line import on_side, toward
from engine.rulesets.battleline.actions import LaserAct, Order
from engine.rulesets.battleline.catalog import LL, RL
from engine.rulesets.battleline.facts import MechFacts
from engine.rulesets.battleline.state import MechState, State, facts_of

__all__ = [
    "attackable",
    "base_speed",
    "direction",
    "heading_mark",
    "laser_acts",
    "laser_penalty",
    "opponents",
    "recoil_penalty",
    "speed_limit",
]


def opponents(state: State, seat: int) -> list[int]:
    """Seat ``seat``'s opponents: every other mech still in the battle, by seat (BL-2.2)."""
    return [s for s, m in enumerate(state.mechs) if s != seat and m.in_battle]


def base_speed(facts: MechFacts, mech: MechState) -> int:
    """B of BL-5.6: the chassis base speed, halved rounding down once a leg has been
    destroyed (BL-18.5, BL-AMB-46). A leg lost this turn halves it from the next turn
    on, since orders are written at the start of a turn."""
    b = facts.base_speed
    return b // 2 if mech.structure[LL] == 0 or mech.structure[RL] == 0 else b


def recoil_penalty(facts: MechFacts, mech: MechState) -> int:
    """The max speed lost to recoil this turn (BL-11.4): each working weapon's
    speed-per-stack times its stack k (the A-20: -1 per stack)."""
    total = 0
    for i in facts.cannons_mgs:
        per = facts.items[i].item.recoil_speed
        if per and mech.items[i].ok:
            total += per * mech.items[i].stack
    return total


def laser_acts(facts: MechFacts, mech: MechState, order: Order) -> dict[int, LaserAct]:
    """What each laser does this turn under ``order`` (BL-15.3): the action ordered, or
    ``"hold"`` for a charged laser given none; an idle laser given none is left out.
    An order naming a laser twice keeps the last (validation refuses it, BL-4.3 p)."""
    acts: dict[int, LaserAct] = {}
    for i in facts.lasers:
        if mech.items[i].charged:
            acts[i] = "hold"
    for lo in order.lasers:
        acts[lo.item] = lo.act
    return acts


def laser_penalty(facts: MechFacts, mech: MechState, acts: dict[int, LaserAct]) -> int:
    """The max speed lost to charging effects (BL-15.4): every working laser ordered to
    charge or hold gives its effect; firing or venting gives none."""
    total = 0
    for i, act in acts.items():
        if (act == "charge" or act == "hold") and 0 <= i < len(facts.items):
            item = facts.items[i].item
            if item.kind == "laser" and mech.items[i].ok:
                total += item.charge_speed
    return total


def speed_limit(facts: MechFacts, mech: MechState, acts: dict[int, LaserAct]) -> int:
    """S_eff of BL-5.6 under laser actions ``acts`` (see :func:`laser_acts`): max(0, B -
    P), P being the recoil penalty (BL-11.4) and the charging effects (BL-15.4), in
    cells."""
    return max(0, base_speed(facts, mech) - recoil_penalty(facts, mech) - laser_penalty(facts, mech, acts))


def heading_mark(state: State, seat: int, order: Order) -> int | None:
    """The cell ``seat`` moves toward under ``order``: its heading's current position
    with two or more opponents (BL-6.1), else the single opponent's (BL-5.2); None
    when the order names no valid heading though one is needed."""
    opps = opponents(state, seat)
    if len(opps) == 1:
        return state.mechs[opps[0]].position
    if order.heading is None or order.heading not in opps:
        return None
    return state.mechs[order.heading].position


def direction(state: State, seat: int, order: Order) -> int:
    """dir of BL-5.2: toward the heading's current position; the order's own
    direction when the mech starts on that cell (BL-5.2, BL-AMB-8); 0 when it does not
    move or its heading is missing."""
    if order.speed <= 0:
        return 0
    mark = heading_mark(state, seat, order)
    if mark is None:
        return 0
    d = toward(state.mechs[seat].position, mark)
    return d if d else order.direction


def attackable(state: State, seat: int, speed: int, dir_: int) -> frozenset[int]:
    """The opponents ``seat`` may attack this turn moving ``speed`` cells in ``dir_``
    (BL-6.2): all when it does not move; else those on its own start cell or strictly
    on its side of movement. Depends only on start-of-turn cells and its own order."""
    p = state.mechs[seat].position
    opps = opponents(state, seat)
    if speed == 0:
        return frozenset(opps)
    return frozenset(
        o for o in opps if state.mechs[o].position == p or on_side(p, state.mechs[o].position, dir_)
    )


def speed_parts(state: State, seat: int, order: Order) -> tuple[int, int, int]:
    """(B, recoil penalty, laser penalty) of ``seat`` under ``order`` (BL-5.6)."""
    facts = facts_of(state, seat)
    mech = state.mechs[seat]
    return (
        base_speed(facts, mech),
        recoil_penalty(facts, mech),
        laser_penalty(facts, mech, laser_acts(facts, mech, order)),
    )
