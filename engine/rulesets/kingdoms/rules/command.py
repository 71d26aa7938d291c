"""Step 1 and step 3 of a phase (TK-2.4): continuing duels, mounting, merges,
stratagems, challenges and provocations, wall climbs, and the decisions they put
to a seat (TK-2.6).

Each ``*_item`` function handles one item of its step and returns False when it
stopped to wait for a decision (``state.pending`` set, ``state.index`` left on the
item); the matching ``answer_*`` function finishes the item once the answer is in.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.kingdoms.actions import (
    Attack,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Merge,
    Provoke,
    Stratagem,
)
from engine.rulesets.kingdoms.events import (
    ChallengeAnswered,
    ChallengeIssued,
    CombatStopped,
    Lapsed,
    Merged,
    Mounted,
)
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.combat import destroy
from engine.rulesets.kingdoms.rules.common import find, notation, reveal
from engine.rulesets.kingdoms.rules.duels import (
    challenge_problem,
    duel_morale,
    duel_result,
    duel_round,
    forced_retreat,
    provocation_roll,
    wall_defenders,
    wall_win,
)
from engine.rulesets.kingdoms.rules.morale import record
from engine.rulesets.kingdoms.rules.movement import play_card, retreat_destinations, step
from engine.rulesets.kingdoms.rules.orders import merge_problem, order_problem
from engine.rulesets.kingdoms.rules.plan import fire_kind, in_melee, legal_targets
from engine.rulesets.kingdoms.rules.siege import is_besieging
from engine.rulesets.kingdoms.state import Pending, PendingDuel, Regiment, State

__all__ = [
    "answer_accept",
    "answer_defender",
    "answer_keep",
    "answer_retreat",
    "challenge_item",
    "climb_item",
    "continuing_duel",
    "merge_item",
    "mount_all",
    "stratagems",
]


# ---------------------------------------------------------------------------
# Duels (step 1 and step 3d)
# ---------------------------------------------------------------------------
def _fight(
    state: State, bd: Board, first: Regiment, second: Regiment, dice: Dice, events: list[Event], new: bool
) -> bool:
    """A duel round on ``first``'s and ``second``'s base (TK-11.4-TK-11.7): combat
    stops there; a tie leaves the duel pending (``new``: it begins now); a winner
    records M8 and the loser retreats, its owner choosing where (a decision when
    there is a choice). Returns False when it waits for that decision."""
    base = second.base
    if base not in state.notes.stopped:
        state.notes.stopped.append(base)
        events.append(CombatStopped(base=base))
    for r in (first, second):
        if r.side == state.active and r.id not in state.notes.used:
            state.notes.used.append(r.id)
    winner = duel_round(state, first, second, dice, events)
    if winner is None:
        if new:
            state.duels.append(PendingDuel(challenger=first.id, target=second.id, base=base))
        return True
    state.duels = [d for d in state.duels if not (d.challenger == first.id and d.target == second.id)]
    loser = second if winner is first else first
    duel_result(state, winner, loser, events)
    choices = retreat_destinations(state, bd, loser)
    if len(choices) > 1:
        state.pending = Pending(
            kind="retreat", seat=loser.side, regiment=loser.id, other=winner.id, choices=choices
        )
        state.stage = "decide"
        return False
    forced_retreat(state, bd, loser, choices[0] if choices else None, dice, events)
    return True


def continuing_duel(state: State, bd: Board, duel: PendingDuel, dice: Dice, events: list[Event]) -> bool:
    """Step 1 (TK-11.6): a tied duel is rolled again, the challenger first, with no new
    acceptance. House reading: a duel whose officers are no longer both on its base
    lapses (it cannot be fought)."""
    a, b = find(state, duel.challenger), find(state, duel.target)
    if a is None or b is None or a.base != b.base:
        state.duels = [
            d for d in state.duels if not (d.challenger == duel.challenger and d.target == duel.target)
        ]
        return True
    return _fight(state, bd, a, b, dice, events, new=False)


def answer_retreat(state: State, bd: Board, to: str, dice: Dice, events: list[Event]) -> None:
    """The loser's owner chose ``to`` (TK-11.5)."""
    reg = state.regiment(state.pending.regiment)
    forced_retreat(state, bd, reg, to, dice, events)


# ---------------------------------------------------------------------------
# Step 3a-3c
# ---------------------------------------------------------------------------
def mount_all(state: State, events: list[Event]) -> None:
    """Step 3a (TK-3.5): cavalry mounts or dismounts as its order declares."""
    for order in state.orders:
        flag = getattr(order, "mount", None)
        reg = find(state, order.regiment)
        if flag and reg is not None:
            reg.mounted = flag == "mount"
            events.append(Mounted(regiment=reg.id, mounted=reg.mounted))


def merge_item(state: State, i: int, events: list[Event]) -> bool:
    """Step 3b (TK-15): the merge of ``state.orders[i]``'s pair, once per pair; with
    equal morale the active side chooses who keeps command (TK-15.3)."""
    order = state.orders[i]
    if not isinstance(order, Merge):
        return True
    first = next(
        j
        for j, o in enumerate(state.orders)
        if isinstance(o, Merge) and o.regiment in (order.regiment, order.other)
    )
    if first != i:
        return True
    a, b = find(state, order.regiment), find(state, order.other)
    if a is None or b is None:
        return True
    reveal(state, order, events)
    reveal(state, Merge(regiment=b.id, other=a.id), events)
    if merge_problem(state, a, b) is not None:
        events.append(Lapsed(regiment=a.id))
        return True
    if a.morale == b.morale:
        first_id, second_id = sorted((a.id, b.id), key=lambda rid: [r.id for r in state.regiments].index(rid))
        state.pending = Pending(
            kind="keep", seat=state.active, regiment=first_id, other=second_id, choices=[first_id, second_id]
        )
        state.stage = "decide"
        return False
    keeper, gone = (a, b) if a.morale > b.morale else (b, a)
    _merge(state, keeper, gone, events)
    return True


def _merge(state: State, keeper: Regiment, gone: Regiment, events: list[Event]) -> None:
    """TK-15.2: the keeper keeps its id, initial, flags, arrived-from and statuses;
    morale the higher; strength the sum capped at its initial; the other leaves the
    map without being destroyed."""
    total = keeper.strength + gone.strength
    keeper.strength = min(total, keeper.initial)
    keeper.morale = max(keeper.morale, gone.morale)
    destroy(state, gone, "merged")
    events.append(
        Merged(
            keeper=keeper.id,
            absorbed=gone.id,
            strength=keeper.strength,
            dismissed=total - keeper.strength,
            morale=keeper.morale,
        )
    )


def answer_keep(state: State, keep: str, events: list[Event]) -> None:
    """The active side chose whose commander keeps command (TK-15.3)."""
    pend = state.pending
    other = pend.other if keep == pend.regiment else pend.regiment
    _merge(state, state.regiment(keep), state.regiment(other), events)


def stratagems(state: State, bd: Board, dice: Dice, events: list[Event]) -> None:
    """Step 3c (TK-17): ordered stratagem cards, in listing order; one no longer
    playable lapses."""
    for order in state.orders:
        if not isinstance(order, Stratagem):
            continue
        reg = find(state, order.regiment)
        if reg is None:
            continue
        reveal(state, order, events)
        if order_problem(state, bd, order) is not None:
            events.append(Lapsed(regiment=reg.id))
            continue
        play_card(state, order.card, reg.id, dice, events)


# ---------------------------------------------------------------------------
# Step 3d: challenges and provocations
# ---------------------------------------------------------------------------
def fallback(state: State, bd: Board, reg: Regiment, order: Challenge | Provoke, events: list[Event]) -> None:
    """The fallback order takes effect (TK-11.3): validated now against the state; a
    fallback attack or fire is checked for "unattacked first" as if named after
    every attack declared at step 2 (TK-4.3) and counts for screening directions;
    if invalid, the regiment defends."""
    fb: Any = order.fallback if order.fallback is not None else Defend(regiment=reg.id)
    ok = order_problem(state, bd, fb, fallback=True) is None
    if ok and isinstance(fb, Attack | Fire):
        target = state.regiment(fb.target)
        kind = fire_kind(state, bd, reg, target)[0] if isinstance(fb, Fire) else "close"
        legal = legal_targets(state, reg, fb, kind, target.base)
        named = state.notes.named
        if target.id in named and any(t.id not in named for t in legal):
            ok = False
        else:
            named.append(target.id)
            if in_melee(state, reg, fb):
                state.notes.melee.append(reg.id)
    if not ok:
        fb = Defend(regiment=reg.id)
    state.notes.fallbacks[reg.id] = fb
    events.append(Lapsed(regiment=reg.id, fallback=notation(state, fb)))


def challenge_item(state: State, bd: Board, i: int, dice: Dice, events: list[Event]) -> bool:
    """Step 3d: the challenge or provocation of ``state.orders[i]``, checked again now
    (TK-11.2, TK-12.1; a lapse carries out the fallback, TK-2.8e). A challenge is put
    to the challenged officer's side (TK-11.3); a provocation rolls (TK-12.2)."""
    order = state.orders[i]
    if not isinstance(order, Challenge | Provoke):
        return True
    reg = find(state, order.regiment)
    if reg is None:
        return True
    reveal(state, msgspec.structs.replace(order, fallback=None), events)
    target = find(state, order.target)
    why = None if target is None else challenge_problem(state, bd, reg, target, isinstance(order, Provoke))
    if target is None or why is not None:
        fallback(state, bd, reg, order, events)
        return True
    provoke = isinstance(order, Provoke)
    events.append(
        ChallengeIssued(
            challenger=reg.id,
            name=reg.officer or "",
            target=target.id,
            target_name=target.officer or "",
            provocation=provoke,
        )
    )
    if not provoke:
        state.pending = Pending(
            kind="accept", seat=target.side, regiment=target.id, other=reg.id, choices=["accept", "refuse"]
        )
        state.stage = "decide"
        return False
    if not provocation_roll(state, reg, target, dice, events):
        return True
    if target.base != reg.base:
        step(state, bd, target, reg.base, "provoked", dice, events)
    return _fight(state, bd, reg, target, dice, events, new=True)


def answer_accept(state: State, bd: Board, accepted: bool, dice: Dice, events: list[Event]) -> bool:
    """The challenged side answered (TK-11.3): a refusal records M9 for the refusing
    officer's regiment and the challenger carries out its fallback; an acceptance
    brings the challenger to the duel (a forced move, not a retreat, TK-11.4 step 1)
    and the duel is fought. Returns False when a new decision waits."""
    pend = state.pending
    target, reg = state.regiment(pend.regiment), state.regiment(pend.other)
    order = state.orders[state.index]
    state.pending = None
    events.append(ChallengeAnswered(target=target.id, accepted=accepted))
    if not accepted:
        record(state, "M9", [target.id], events)
        fallback(state, bd, reg, order, events)
        return True
    if reg.base != target.base:
        step(state, bd, reg, target.base, "duel", dice, events)
    return _fight(state, bd, reg, target, dice, events, new=True)


# ---------------------------------------------------------------------------
# Step 3e: wall climbs
# ---------------------------------------------------------------------------
def _climb_of(state: State, i: int) -> ClimbWall | None:
    order = state.orders[i]
    if isinstance(order, ClimbWall):
        return order
    fb = state.notes.fallbacks.get(order.regiment)
    return fb if isinstance(fb, ClimbWall) else None


def climb_item(state: State, bd: Board, i: int, dice: Dice, events: list[Event]) -> bool:
    """Step 3e (TK-14.7): a wall climb, checked again now (a climb no longer allowed
    lapses); the besieged side chooses its defending officer when it has several."""
    order = _climb_of(state, i)
    if order is None:
        return True
    reg = find(state, order.regiment)
    if reg is None:
        return True
    reveal(state, order, events)
    fort = state.fortresses.get(order.fortress)
    if (
        fort is None
        or not fort.standing
        or not reg.officer
        or reg.panicking(state.phase)
        or not is_besieging(state, bd, reg, order.fortress)
    ):
        events.append(Lapsed(regiment=reg.id))
        return True
    defenders = wall_defenders(state, order.fortress)
    if not defenders:
        wall_win(state, order.fortress, reg, None, events)
        return True
    if len(defenders) > 1:
        state.pending = Pending(
            kind="defender",
            seat=defenders[0].side,
            regiment=reg.id,
            other=order.fortress,
            choices=[d.id for d in defenders],
        )
        state.stage = "decide"
        return False
    _wall_duel(state, order.fortress, reg, defenders[0], dice, events)
    return True


def _wall_duel(
    state: State, fortress: str, climber: Regiment, defender: Regiment, dice: Dice, events: list[Event]
) -> None:
    winner = duel_round(state, climber, defender, dice, events, wall=True)
    if winner is climber:
        wall_win(state, fortress, climber, defender, events)
    elif winner is defender:
        duel_morale(state, defender, climber, events)


def answer_defender(state: State, rid: str, dice: Dice, events: list[Event]) -> None:
    """The besieged side chose its wall defender (TK-14.7)."""
    pend = state.pending
    _wall_duel(state, pend.other, state.regiment(pend.regiment), state.regiment(rid), dice, events)
