"""The phase procedure (TK-2.4), step by step, and the actions that drive it.

:func:`run` advances the procedure from where the state stands until it needs
the active side's orders, a decision (TK-2.6), or the battle is over. The
procedure keeps its place in ``state.step`` and ``state.index``, so a decision
put to a seat in the middle of a step resumes exactly where it stopped.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.i18n import N_, _
from engine.ruleset import Event, IllegalAction
from engine.rulesets.kingdoms.actions import (
    ORDER_TYPES,
    Accept,
    BuildRam,
    Cancel,
    Defend,
    Defender,
    Keep,
    Merge,
    Ready,
    Refuse,
    RetreatTo,
)
from engine.rulesets.kingdoms.catalog import RAM_HP, START_MORALE
from engine.rulesets.kingdoms.events import (
    BattleBegan,
    GameOver,
    OrderNoted,
    OrdersGiven,
    Panic,
    PhaseBegan,
    SiegeEvent,
    Step,
)
from engine.rulesets.kingdoms.rules import command
from engine.rulesets.kingdoms.rules.board import Board, board, scenario_key
from engine.rulesets.kingdoms.rules.combat import resolve_claims
from engine.rulesets.kingdoms.rules.common import fail, notation, refuse, reveal, side_name
from engine.rulesets.kingdoms.rules.control import occupancy, update_control, victory
from engine.rulesets.kingdoms.rules.fight import flee, resolve_actions
from engine.rulesets.kingdoms.rules.morale import detect_panic, settle
from engine.rulesets.kingdoms.rules.orders import draft_problems, full_orders, order_problem
from engine.rulesets.kingdoms.rules.plan import in_melee, named_problems, plan
from engine.rulesets.kingdoms.rules.siege import (
    ballistas_fire,
    besieged,
    besiegers,
    is_besieging,
    rams_strike,
    siege_ends,
)
from engine.rulesets.kingdoms.state import Fortress, MoraleEvent, Notes, Regiment, Setup, State

__all__ = ["apply_action", "check_action", "commit", "new_state", "run", "to_act"]

_NOBODY: frozenset[int] = frozenset()
_SEATS = (frozenset({0}), frozenset({1}))


def new_state(setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
    """The battle at the start (TK-1.3, TK-10.1, section 3.2): every regiment at full
    strength, morale 100, cavalry mounted unless the scenario says otherwise,
    ``arrived_from`` none; the scenario's controllers, fortresses and cards; then
    phase 1 runs up to its orders."""
    sc = setup.scenario
    state = State(scenario=sc, key=scenario_key(sc))
    for spec in sc.regiments:
        state.regiments.append(
            Regiment(
                id=spec.id,
                side=spec.side,
                type=spec.type,
                initial=spec.men,
                strength=spec.men,
                morale=START_MORALE,
                mounted=spec.mounted and spec.type == "cavalry",
                officer=spec.officer,
                weapon=spec.weapon,
                base=spec.base,
            )
        )
    for b in sc.bases:
        state.control[b.id] = b.control
        if b.fortress:
            state.fortresses[b.id] = Fortress(
                base=b.id, gates=b.gates, ballistas=list(b.ballistas), wall_tower=b.wall_tower
            )
    for c in sc.cards:
        state.uses[c.id] = c.uses
    events: list[Event] = [BattleBegan(title=sc.title, title_ru=sc.title_ru, turns=sc.turns)]
    run(state, dice, events)
    return state, events


def to_act(state: State) -> frozenset[int]:
    """The seat that must decide now: the active side writing its orders, the seat a
    decision is put to, or nobody once the battle is over."""
    if state.stage == "orders":
        return _SEATS[state.active]
    if state.stage == "decide" and state.pending is not None:
        return _SEATS[state.pending.seat]
    return _NOBODY


# ---------------------------------------------------------------------------
# The procedure
# ---------------------------------------------------------------------------
def _start(state: State, bd: Board, events: list[Event]) -> None:
    """Step 0: panic begins; the per-phase records are reset; the notes of who stands
    where and which fortresses are under siege are taken (TK-2.4)."""
    p = state.phase
    events.append(PhaseBegan(phase=p, turn=state.turn, side=side_name(state, state.active)))
    events.append(Step(step="0"))
    for reg in state.regiments:
        if reg.on_map and reg.panic_from == p:
            events.append(Panic(regiment=reg.id, what="begins"))
    notes = Notes(occupied=occupancy(state))
    for fid in bd.fortress_ids:
        sieging = besiegers(state, bd, fid)
        if sieging:
            notes.sieges.append(fid)
            notes.besiegers[fid] = [r.id for r in sieging]
    notes.queue = list(state.duels)
    state.notes = notes
    state.tally = {}
    state.orders = []
    state.revealed = []
    events.append(Step(step="1"))


def _has_choice(state: State) -> bool:
    """Whether the active side has a regiment to give an order to (not panicking, its
    action not used up by a duel)."""
    p = state.phase
    return any(
        r.on_map and r.side == state.active and not r.panicking(p) and r.id not in state.notes.used
        for r in state.regiments
    )


def run(state: State, dice: Dice, events: list[Event]) -> None:
    """Advance the phase procedure until orders or a decision are needed or the battle
    ends (TK-2.4)."""
    bd = board(state)
    while True:
        if state.step == "start":
            _start(state, bd, events)
            state.step, state.index = "duels", 0
        if state.step == "duels":
            while state.index < len(state.notes.queue):
                if not command.continuing_duel(state, bd, state.notes.queue[state.index], dice, events):
                    return
                state.index += 1
            state.step, state.index = "orders", 0
            events.append(Step(step="2"))
            if _has_choice(state):
                state.stage = "orders"
                return
            commit(state, bd, [], events)
        if state.step == "mount":
            events.append(Step(step="3a"))
            command.mount_all(state, events)
            events.append(Step(step="3b"))
            state.step, state.index = "merge", 0
        if state.step == "merge":
            while state.index < len(state.orders):
                if not command.merge_item(state, state.index, events):
                    return
                state.index += 1
            events.append(Step(step="3c"))
            command.stratagems(state, bd, dice, events)
            events.append(Step(step="3d"))
            state.step, state.index = "challenge", 0
        if state.step == "challenge":
            while state.index < len(state.orders):
                if not command.challenge_item(state, bd, state.index, dice, events):
                    return
                state.index += 1
            events.append(Step(step="3e"))
            state.step, state.index = "climb", 0
        if state.step == "climb":
            while state.index < len(state.orders):
                if not command.climb_item(state, bd, state.index, dice, events):
                    return
                state.index += 1
            state.step = "rest"
        if state.step == "rest":
            _rest(state, bd, dice, events)
            if state.stage == "over":
                return
            state.phase += 1
            state.step, state.index = "start", 0


def _effective(state: State) -> list[tuple[int, Any]]:
    """The orders as they stand after step 3: each challenge or provocation replaced by
    the fallback that took effect, if any (TK-11.3), as ``(listing, order)``."""
    out = []
    for i, o in enumerate(state.orders):
        out.append((i, state.notes.fallbacks.get(o.regiment, o)))
    return out


def _rest(state: State, bd: Board, dice: Dice, events: list[Event]) -> None:
    """Steps 4 to 7, which need no decision."""
    events.append(Step(step="4"))
    rams_strike(state, bd, dice, events)
    ballistas_fire(state, bd, dice, events)
    events.append(Step(step="5a"))
    flee(state, bd, dice, events)
    events.append(Step(step="5b"))
    orders = _effective(state)
    resolve_actions(state, bd, orders, dice, events)
    events.append(Step(step="5c"))
    resolve_claims(state, dice, events)
    events.append(Step(step="6"))
    _rams(state, bd, orders, events)
    for _i, o in orders:  # DEFEND and FLEE resolve here; screens work in the next phase (TK-8.1)
        reg = state.regiment(o.regiment)
        if reg is None or not reg.on_map:
            continue
        if isinstance(o, Defend) and o.screen:
            reg.screen, reg.screen_release, reg.screen_phase = o.screen, o.release, state.phase + 1
        if o.regiment not in state.revealed:
            reveal(state, o, events)
    events.append(Step(step="7a"))
    changed, later = update_control(state, bd, events)
    for fid in siege_ends(state, bd, changed, events):
        later.append(MoraleEvent(code="M15", recipients=[r.id for r in besieged(state, fid)]))
    events.append(Step(step="7b"))
    settle(state, later, dice, events)
    events.append(Step(step="7c"))
    detect_panic(state, events)
    for reg in state.regiments:
        if reg.on_map and reg.panic_until == state.phase and reg.panic_from:
            events.append(Panic(regiment=reg.id, what="ends"))
    events.append(Step(step="7d"))
    end = victory(state)
    if end is not None:
        state.winner, state.ending = end
        state.stage = "over"
        state.pending = None
        events.append(GameOver(winner=side_name(state, state.winner), ending=state.ending))


def _rams(state: State, bd: Board, orders: list[tuple[int, Any]], events: list[Event]) -> None:
    """Step 6 (TK-14.4): a ram ordered this phase is ready, if its builder still
    besieges the fortress and no ram stands there yet (house reading: one whose
    builder was lost or driven off is never finished)."""
    for _i, o in orders:
        if not isinstance(o, BuildRam):
            continue
        reg = state.regiment(o.regiment)
        if reg is None or not reg.on_map:
            continue
        reveal(state, o, events)
        fort = state.fortresses.get(o.fortress)
        if fort is not None and fort.standing and not fort.ram and is_besieging(state, bd, reg, o.fortress):
            fort.ram, fort.ram_ready = RAM_HP, True
            events.append(SiegeEvent(fortress=o.fortress, what="ram-ordered", by=reg.id))
            events.append(SiegeEvent(fortress=o.fortress, what="ram-ready", by=reg.id))
        else:
            events.append(SiegeEvent(fortress=o.fortress, what="ram-abandoned", by=reg.id))


def commit(state: State, bd: Board, drafted: list[Any], events: list[Event]) -> None:
    """Step 2 done: the orders are every drafted one, then the defaults (TK-2.5); the
    targets declared at step 2 are noted (TK-4.3), and archers' melee judged once
    (TK-7.2.2, TK-6.1)."""
    orders = full_orders(state, drafted)
    state.orders = [o for _i, o in orders]
    melee = [o.regiment for _i, o in orders if in_melee(state, state.regiment(o.regiment), o)]
    state.notes.melee = melee
    named: list[str] = []
    named_problems(state, bd, plan(state, orders, set(melee)), named)
    state.notes.named = named
    events.append(OrdersGiven(side=side_name(state, state.active)))
    state.step, state.index = "mount", 0


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------
def check_action(state: State, side: int, action: Any) -> None:
    """Raise IllegalAction unless ``side`` may play ``action`` now; never changes the
    state. The draft's problems taken together are checked only by READY (TK-2.8)."""
    if state.stage == "over":
        raise IllegalAction(_("The battle is over: no more orders."))
    if side not in to_act(state):
        raise IllegalAction(_("It is not this side's turn to decide."))
    if state.stage == "orders":
        bd = board(state)
        if isinstance(action, ORDER_TYPES):
            why = order_problem(state, bd, action)
            if why is not None:
                raise refuse(why)
            return
        if isinstance(action, Cancel):
            if not any(o.regiment == action.regiment for o in state.orders):
                raise fail("TK-2.5", N_("{id} has no order to take back."), id=action.regiment)
            return
        if isinstance(action, Ready):
            problems = draft_problems(state, bd, state.orders)
            if problems:
                rid, why = next(iter(problems.items()))
                raise IllegalAction(
                    _("The order of {id} cannot stand: {why}").format(id=rid, why=why.text()), why.rule
                )
            return
        raise fail(
            "TK-2.4", N_("Your side is giving its orders: give an order, cancel one, or declare READY.")
        )
    pend = state.pending
    assert pend is not None
    kinds = {
        "accept": (Accept, Refuse),
        "retreat": (RetreatTo,),
        "defender": (Defender,),
        "keep": (Keep,),
    }
    if not isinstance(action, kinds[pend.kind]):
        raise fail("TK-2.6", N_("A decision is waiting: answer it first."))
    value = getattr(action, "base", None) or getattr(action, "regiment", None)
    if value is not None and value not in pend.choices:
        raise fail("TK-2.6", N_("{choice} is not one of the choices."), choice=value)


def apply_action(state: State, side: int, action: Any, dice: Dice) -> list[Event]:
    """Check and resolve ``action`` of ``side`` (see :mod:`actions`): write, replace or
    take back an order (seen by this side only until it resolves), declare READY
    (the phase resolves up to its next decision), or answer a decision."""
    check_action(state, side, action)
    events: list[Event] = []
    bd = board(state)
    if state.stage == "orders":
        if isinstance(action, Ready):
            commit(state, bd, list(state.orders), events)
            run(state, dice, events)
            return events
        if isinstance(action, Cancel):
            _drop(state, action.regiment)
            events.append(OrderNoted(regiment=action.regiment, order="", to=(side,)))
            return events
        _give(state, action)
        events.append(OrderNoted(regiment=action.regiment, order=notation(state, action), to=(side,)))
        return events
    pend = state.pending
    if pend.kind == "accept":
        done = command.answer_accept(state, bd, isinstance(action, Accept), dice, events)
        if not done:
            return events
    elif pend.kind == "retreat":
        command.answer_retreat(state, bd, action.base, dice, events)
    elif pend.kind == "defender":
        command.answer_defender(state, action.regiment, dice, events)
    else:
        command.answer_keep(state, action.regiment, events)
    state.pending = None
    state.stage = "orders"
    state.index += 1
    run(state, dice, events)
    return events


def _drop(state: State, rid: str) -> None:
    """Take back ``rid``'s order, and its merge partner's mirror order."""
    mine = next((o for o in state.orders if o.regiment == rid), None)
    if isinstance(mine, Merge):
        state.orders = [
            o
            for o in state.orders
            if not (isinstance(o, Merge) and o.regiment == mine.other and o.other == rid)
        ]
    state.orders = [o for o in state.orders if o.regiment != rid]


def _give(state: State, order: Any) -> None:
    """Write ``order``, replacing the regiment's previous one in its place in the list
    (a merge writes the partner's order too, TK-15.1)."""
    rid = order.regiment
    old = next((o for o in state.orders if o.regiment == rid), None)
    if isinstance(old, Merge):
        state.orders = [o for o in state.orders if not (o.regiment == old.other and isinstance(o, Merge))]
    if isinstance(order, Merge):
        partner = next((o for o in state.orders if o.regiment == order.other), None)
        if isinstance(partner, Merge):
            state.orders = [
                o for o in state.orders if not (o.regiment == partner.other and isinstance(o, Merge))
            ]
        state.orders = [o for o in state.orders if o.regiment != order.other]
    idx = next((i for i, o in enumerate(state.orders) if o.regiment == rid), None)
    if idx is None:
        state.orders.append(order)
    else:
        state.orders[idx] = order
    if isinstance(order, Merge):
        state.orders.append(Merge(regiment=order.other, other=rid))
