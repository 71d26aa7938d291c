"""The turn: sealing orders (BL-4.1), concessions (BL-2.6), and the nine resolution
steps R1 to R9 (BL-4.4), with losses, the outcome and the turn limit (BL-2).

:func:`apply` seals a seat's order (or concession) in the state's
:class:`engine.sealed.Sealed`; the others learn only that it is in. When every
mech still in the battle has sealed, the turn is resolved at once, the orders taken
in seat order, so the order in which they arrived never matters.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.i18n import _
from engine.rosterfile import Problem
from engine.ruleset import Event, IllegalAction, Result
from engine.rulesets.battleline.actions import Concede, Order
from engine.rulesets.battleline.catalog import CT, LL, RL, H
from engine.rulesets.battleline.events import (
    RESULT_REASONS,
    BattleBegan,
    BattleEnded,
    Conceded,
    MechEntered,
    MechLost,
    Moved,
    NoticeGiven,
    OrderNoted,
    OrderSealed,
    OrdersRevealed,
    Rumour,
    TurnBegan,
)
from engine.rulesets.battleline.facts import mech_facts
from engine.rulesets.battleline.notation import format_action
from engine.rulesets.battleline.rules import attacks
from engine.rulesets.battleline.rules.damage import resolve_packet
from engine.rulesets.battleline.rules.validate import Plan, plan_order
from engine.rulesets.battleline.scenario import MAP_TITLES, setup_problems
from engine.rulesets.battleline.state import (
    ItemState,
    MechState,
    Notice,
    Setup,
    State,
    TurnRecord,
)
from engine.sealed import Sealed

__all__ = ["admit", "apply", "loss_reasons", "new_state", "refusal", "result", "to_act"]


def new_state(setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
    """The battle before turn 1, and its opening events: the map and each mech's
    public facts (BL-19.2), each Charisma pilot's private rumours (BL-19.3), and the
    start of turn 1. Rolls nothing. Raises ValueError when ``setup`` cannot be played
    (:func:`scenario.setup_problems`)."""
    problems = setup_problems(setup)
    if problems:
        raise ValueError(problems[0].text())
    mechs = []
    for mech, start in zip(setup.mechs, setup.starts, strict=True):
        facts = mech_facts(mech)
        mechs.append(
            MechState(
                position=start,
                structure=list(facts.max_structure),
                items=[ItemState(hp=f.item.structure) for f in facts.items],
            )
        )
    state = State(setup=setup, mechs=mechs, orders=Sealed.empty(len(mechs)))
    events: list[Event] = [
        BattleBegan(
            map=MAP_TITLES.get(setup.map, setup.map),
            length=setup.length,
            cover=setup.cover,
            turn_limit=setup.turn_limit,
        )
    ]
    for seat, mech in enumerate(setup.mechs):
        facts = mech_facts(mech)
        events.append(
            MechEntered(
                seat=seat,
                name=mech.name,
                pilot=mech.pilot,
                start=setup.starts[seat],
                hands=tuple((facts.items[i].code, facts.items[i].where) for i in facts.hands),
            )
        )
    for seat, mech in enumerate(setup.mechs):
        if not mech_facts(mech).charisma:
            continue
        for other, om in enumerate(setup.mechs):
            if other != seat:
                top = mech_facts(om).most_serious
                events.append(
                    Rumour(
                        to=(seat,), seat=seat, about=other, about_name=om.name, weapon=top.code if top else ""
                    )
                )
    events.append(TurnBegan(turn=1))
    return state, events


def to_act(state: State) -> frozenset[int]:
    """The seats that must still order this turn: every mech in the battle that has
    not sealed (BL-4.1); empty once the battle is over."""
    if state.over:
        return frozenset()
    return frozenset(s for s, m in enumerate(state.mechs) if m.in_battle and state.orders.slots[s] is None)


def refusal(problems: list[Problem]) -> IllegalAction:
    """The error for an order with ``problems``: every problem's sentence, and the IDs of
    the rules broken (BL-4.3)."""
    rules = ", ".join(dict.fromkeys(p.rule for p in problems))
    return IllegalAction(" ".join(p.text() for p in problems), rules)


def admit(state: State, side: int, action: Any) -> Plan | None:
    """Check that ``side`` may play ``action`` now; the plan of an order, None for a
    concession. Raises IllegalAction (nothing is changed)."""
    if state.over:
        raise IllegalAction(_("The battle is over."), "BL-2.5")
    if not isinstance(side, int) or not 0 <= side < len(state.mechs):
        raise IllegalAction(_("There is no such seat."))
    if not state.mechs[side].in_battle:
        raise IllegalAction(_("This mech is no longer in the battle."), "BL-2.8")
    if isinstance(action, Concede):
        return None
    if not isinstance(action, Order):
        raise IllegalAction(_("That is not a Battleline order."))
    if state.orders.slots[side] is not None:
        raise IllegalAction(_("This mech's order for the turn is already locked."), "BL-4.1")
    plan = plan_order(state, side, action)
    if plan.problems:
        raise refusal(plan.problems)
    return plan


def apply(state: State, side: int, action: Any, dice: Dice) -> list[Event]:
    """Seal ``side``'s order or concession (BL-4.1, BL-2.6), and resolve the turn when
    every mech in the battle has sealed (BL-4.4). A concession may replace an order
    already sealed. Raises IllegalAction, with the rule IDs of every problem, and
    leaves the state untouched (BL-4.3). Rolls dice only in R8 (BL-4.6)."""
    admit(state, side, action)
    name = state.setup.mechs[side].name
    events: list[Event] = []
    if state.orders.slots[side] is None:
        events.append(OrderSealed(seat=side, name=name))
    else:
        state.orders.withdraw(side)
    text = format_action(state, side, action)
    state.orders.seal(side, action)
    events.append(OrderNoted(to=(side,), seat=side, name=name, order=text))
    if not to_act(state):
        _resolve(state, dice, events)
    return events


def loss_reasons(mech: MechState) -> tuple[str, ...]:
    """Why a mech loses at the end of the turn (BL-2.3): its head destroyed (the pilot
    is dead), its centre torso destroyed (the reactor explodes), both legs destroyed;
    empty when it fights on."""
    s = mech.structure
    out = []
    if s[H] == 0:
        out.append("head")
    if s[CT] == 0:
        out.append("centre torso")
    if s[LL] == 0 and s[RL] == 0:
        out.append("legs")
    return tuple(out)


def _lose(state: State, seat: int, reasons: tuple[str, ...]) -> None:
    mech = state.mechs[seat]
    mech.in_battle = False
    mech.lost = reasons
    mech.lost_turn = state.turn


def _resolve(state: State, dice: Dice, events: list[Event]) -> None:
    """Open the sealed orders and resolve the turn (BL-2.6, BL-4.4 R1 to R9)."""
    t = state.turn
    seats = range(len(state.mechs))
    fighting = [s for s in seats if state.mechs[s].in_battle]
    orders = [state.orders.order(s) for s in seats]
    for s in seats:
        state.orders.withdraw(s)
    # the plans as validated: the start-of-turn state is still the one they were checked on
    plans: dict[int, Plan] = {}
    for s in fighting:
        order = orders[s]
        if isinstance(order, Order):
            plan = plan_order(state, s, order)
            assert not plan.problems, f"a sealed order became invalid: {plan.problems}"
            plans[s] = plan
    texts = tuple(format_action(state, s, o) if o is not None else "" for s, o in enumerate(orders))
    # BL-2.6: concessions first; the mech leaves with its volleys
    conceded = [s for s in fighting if isinstance(orders[s], Concede)]
    for s in conceded:
        _lose(state, s, ("conceded",))
        events.append(Conceded(seat=s, name=state.setup.mechs[s].name))
    if conceded:
        state.volleys = [v for v in state.volleys if v.seat not in conceded]
    remaining = [s for s in fighting if s not in conceded]
    if len(remaining) < 2:
        state.history.append(TurnRecord(t, tuple(orders), texts, ()))
        if remaining:
            _finish(state, events, winner=remaining[0], draw=(), reason="last", rule="BL-2.6")
        else:
            _finish(state, events, winner=None, draw=tuple(conceded), reason="conceded", rule="BL-2.6")
        return
    # R1 movement, R2 cover
    for s in sorted(plans):
        plan = plans[s]
        assert plan.end is not None
        events.append(
            Moved(
                seat=s, name=state.setup.mechs[s].name, start=plan.start, end=plan.end, cover=plan.order.cover
            )
        )
        state.mechs[s].position = plan.end
    sheltered = {s for s, plan in plans.items() if plan.order.cover}
    # R3 to R7: every victim found before any damage (BL-4.5)
    packets = attacks.melee(state, plans, events)
    packets += attacks.cannons_and_mgs(state, plans, sheltered, events)
    packets += attacks.missiles(state, plans, sheltered)
    packets += attacks.lasers(state, plans, sheltered, events)
    attacks.recoil(state, plans)
    # R8 damage, in packet order (BL-4.7)
    faces: list[int] = []
    for packet in packets:
        events.append(resolve_packet(state, packet, plans[packet.victim].order.defence, dice, faces))
    # R9 losses, outcome, notices
    lost = []
    for s in remaining:
        reasons = loss_reasons(state.mechs[s])
        if reasons:
            _lose(state, s, reasons)
            lost.append(s)
            events.append(MechLost(seat=s, name=state.setup.mechs[s].name, reasons=reasons))
    state.history.append(TurnRecord(t, tuple(orders), texts, tuple(faces)))
    alive = [s for s in remaining if state.mechs[s].in_battle]
    if len(alive) == 1:
        _finish(state, events, winner=alive[0], draw=(), reason="last", rule="BL-2.5")
    elif not alive:
        _finish(state, events, winner=None, draw=tuple(lost), reason="together", rule="BL-2.5")
    elif state.setup.turn_limit and t >= state.setup.turn_limit:
        _finish(state, events, winner=None, draw=tuple(alive), reason="limit", rule="BL-2.7")
    else:
        state.turn = t + 1
        state.notices = []
        for s in sorted(plans):
            if plans[s].launches:
                state.notices.append(Notice(s, "missiles", t))
            if plans[s].charges:
                state.notices.append(Notice(s, "charge", t))
        events.append(TurnBegan(turn=t + 1))
        for n in state.notices:
            events.append(
                NoticeGiven(seat=n.seat, name=state.setup.mechs[n.seat].name, kind=n.kind, turn=n.turn)
            )


def _finish(
    state: State, events: list[Event], *, winner: int | None, draw: tuple[int, ...], reason: str, rule: str
) -> None:
    """End the battle (BL-2.5 to BL-2.7) and open the whole record (BL-20.6)."""
    state.over = True
    state.winner = winner
    state.draw = tuple(sorted(draw))
    state.reason = reason
    state.rule = rule
    state.notices = []
    names = state.setup.mechs
    shown = (winner,) if winner is not None else state.draw
    events.append(
        BattleEnded(
            winner=-1 if winner is None else winner,
            draw=state.draw,
            names=tuple(names[s].name for s in shown),
            reason=reason,
        )
    )
    for record in state.history:
        seats = tuple(s for s, o in enumerate(record.orders) if o is not None)
        events.append(
            OrdersRevealed(
                turn=record.turn,
                seats=seats,
                names=tuple(names[s].name for s in seats),
                orders=tuple(record.texts[s] for s in seats),
            )
        )


def result(state: State) -> Result | None:
    """The result once the battle is over (BL-2.5 to BL-2.7), else None: the last mech
    wins; mechs that lose together, or all concede together, share a draw; at the
    turn limit the mechs still fighting share a draw."""
    if not state.over:
        return None
    reason = RESULT_REASONS.get(state.reason, state.reason)
    if state.winner is not None:
        return Result.won(state.winner, reason, state.rule)
    return Result.drawn(state.draw, reason, state.rule)
