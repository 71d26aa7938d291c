"""Checking and resolving actions: each action is checked in full before anything
changes (an illegal one raises IllegalAction and leaves the state untouched), then
resolved by the rule modules, then the battle is settled (GB-6, GB-16.1)."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.i18n import _
from engine.ruleset import Event, IllegalAction
from engine.rulesets.ballistic.actions import (
    Arc,
    Concede,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    React,
    Smoke,
)
from engine.rulesets.ballistic.events import Conceded, Deployed, PathStopped
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.rules import arc, fire, flow, movement, overwatch
from engine.rulesets.ballistic.rules.common import audience, friends_in, illegal, own_unit
from engine.rulesets.ballistic.rules.sight import spotters
from engine.rulesets.ballistic.state import State, Trigger, Unit

__all__ = ["apply", "check", "hex_index"]


def hex_index(state: State, name: str) -> int:
    """The flat index of hex ``name`` (``CCRR``) on this map. Raises IllegalAction."""
    i = state.map.tables.index.get(name)
    if i is None:
        raise illegal(_("There is no hex {hex} on this map.").format(hex=name[:8]), "GB-2.4")
    return i


def _actor(state: State, side: int, name: str) -> Unit:
    """The unit whose activation it is, when ``side`` names it (GB-5.4)."""
    if state.phase == "over":
        raise illegal(_("The battle is over."), "GB-16")
    if state.phase == "deploy":
        raise illegal(_("The units are still being deployed."), "GB-4.6")
    if overwatch.asking(state) is not None:
        raise illegal(_("An overwatch trigger is being answered."), "GB-11.4")
    u = own_unit(state, side, name)
    actor = state.actor()
    if actor is None or actor is not u:
        raise illegal(
            _("It is not {unit}'s activation.").format(unit=u.name)
            if actor is None or actor.side != side
            else _("It is {actor}'s activation, not {unit}'s.").format(actor=actor.name, unit=u.name),
            "GB-5.4",
        )
    return u


def check(state: State, side: int, action: Any) -> tuple[Any, ...]:
    """Check ``action`` of ``side`` now; returns the plan its resolution follows. Raises
    IllegalAction (the message tells only what ``side`` may know)."""
    if isinstance(action, Concede):
        if state.phase == "over":
            raise illegal(_("The battle is over."), "GB-16")
        return ("concede",)
    if isinstance(action, React):
        return ("react", overwatch.check_react(state, side, action.unit, action.shots), action.shots)
    if isinstance(action, Deploy):
        return _check_deploy(state, side, action)
    if not isinstance(action, (Move, Pivot, Hold, Fire, Arc, Overwatch, Designate, Smoke, End)):
        raise illegal(_("That is not an action of this game."), "GB-6.1")
    u = _actor(state, side, action.unit)
    if isinstance(action, Move):
        return ("move", u, movement.plan_path(state, u, [hex_index(state, h) for h in action.path]))
    if isinstance(action, Pivot):
        cost, opens = movement.check_pivot(state, u, action.clockwise)
        return ("pivot", u, cost, opens)
    if isinstance(action, Hold):
        movement.check_hold(state, u)
        return ("hold", u)
    if isinstance(action, Fire):
        target = fire.known_target(state, side, action.target)
        fire.check_shot(state, u, action.weapon, target, action.shots)
        return ("fire", u, target)
    if isinstance(action, Arc):
        target = None
        if action.target:
            target = fire.known_target(state, side, action.target)
            aim = target.hex
        else:
            aim = hex_index(state, action.aim)
        arc.check_arc(state, u, action.weapon, aim, target)
        return ("arc", u, aim, target)
    if isinstance(action, Overwatch):
        overwatch.check_declare(state, u, action.weapon, action.sector, action.per_trigger)
        return ("overwatch", u)
    if isinstance(action, Designate):
        target = fire.known_target(state, side, action.target)
        return ("designate", u, arc.check_designate(state, u, target), target)
    if isinstance(action, Smoke):
        at = hex_index(state, action.hex)
        return ("smoke", u, arc.check_smoke(state, u, at), at)
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may not end its activation there.").format(
                unit=u.name
            ),
            "GB-6.5",
        )
    return ("end", u)


def _check_deploy(state: State, side: int, action: Deploy) -> tuple[Any, ...]:
    """A deployment (GB-4.6): the deploying side places one of its unplaced units in its
    zone, on a hex it may stand in, not with a unit of its own layer."""
    if state.phase != "deploy":
        raise illegal(_("Units are deployed only before the first turn."), "GB-4.6")
    if side != state.deploying:
        raise illegal(_("The other side deploys now."), "GB-4.6")
    u = own_unit(state, side, action.unit)
    if u.hex >= 0:
        raise illegal(_("{unit} is already deployed.").format(unit=u.name), "GB-4.6")
    i = hex_index(state, action.hex)
    t = state.map.tables
    if t.zone[i] != side + 1:
        raise illegal(_("{hex} is not in your deployment zone.").format(hex=t.name[i]), "GB-4.6")
    if (u.altitude and t.height[i] >= u.altitude) or (not u.altitude and t.kind[i] == BUILDING):
        raise illegal(_("{unit} cannot stand at {hex}.").format(unit=u.name, hex=t.name[i]), "GB-3.5")
    if friends_in(state, u, i):
        raise illegal(_("A unit of yours already stands at {hex}.").format(hex=t.name[i]), "GB-4.5")
    if not 0 <= action.facing <= 5:
        raise illegal(_("A facing is one of the six directions."), "GB-2.3")
    return ("deploy", u, i)


def _run_path(state: State, dice: Dice, events: list[Event], u: Unit, path: list[int], fired: bool) -> None:
    """Step along ``path`` (GB-7), each step checked again as it is made (an enemy that
    comes into view may block it, overwatch fire may have slowed the unit); after each
    step the overwatch triggers are resolved (GB-11.3 to GB-11.5). The path stops
    when a step is refused, the unit is stopped, or overwatch fire has hit at it; it
    pauses when an overwatching side must decide."""
    t = state.map.tables
    while path:
        to = path.pop(0)
        if not (u.alive and u.hex >= 0):
            return
        problem = movement.step_problem(state, u, u.hex, to, u.side)
        cost = movement.step_cost(state, u, to)
        paid = movement.afford(u.pool, len(u.slots), u.current_speed, cost)
        if (
            problem is not None
            or paid is None
            or (friends_in(state, u, to) and not movement.can_get_out(state, u, to, paid[0], paid[1]))
        ):
            events.append(
                PathStopped(unit=u.name, side=u.side, hex=t.name[u.hex], why="blocked", to=(u.side,))
            )
            return
        before = u.hex
        movement.do_step(state, events, u, movement.StepPlan(to, cost, paid[2]))
        watchers = overwatch.triggered(state, u, before)
        if watchers:
            state.trigger = Trigger(mover=u.number, queue=watchers, path=list(path), fired=fired)
            if not overwatch.resolve_queue(state, dice, events):
                return
            fired = state.trigger.fired
            state.trigger = None
        if fired and path and u.alive and u.hex >= 0:
            events.append(
                PathStopped(unit=u.name, side=u.side, hex=t.name[u.hex], why="fired_on", to=(u.side,))
            )
            return
        if u.passing and not movement.can_get_out(state, u, u.hex, u.pool, len(u.slots)):
            return


def apply(state: State, side: int, action: Any, dice: Dice) -> list[Event]:
    """Check and resolve ``action`` of ``side`` (see :func:`check`); returns the events."""
    plan = check(state, side, action)
    kind = plan[0]
    events: list[Event] = []
    if kind == "concede":
        events.append(Conceded(side=side))
        flow.concede(state, events, side)
        return events
    if kind == "deploy":
        _, u, i = plan
        u.hex, u.facing = i, action.facing
        events.append(
            Deployed(
                unit=u.name,
                side=u.side,
                hex=state.map.tables.name[i],
                facing=u.facing,
                to=audience(spotters(state, u)),
            )
        )
        if all(v.hex >= 0 for v in state.units if v.side == side):
            if side == 0:
                state.deploying = 1
            else:
                flow.begin_turn(state, dice, events)
        return events
    if kind == "react":
        _, w, shots = plan
        overwatch.react(state, dice, events, w, shots)
        trig = state.trigger
        assert trig is not None
        if overwatch.resolve_queue(state, dice, events):
            state.trigger = None
            m = state.units[trig.mover]
            if m.alive and m.hex >= 0 and trig.path:
                if trig.fired:
                    events.append(
                        PathStopped(
                            unit=m.name,
                            side=m.side,
                            hex=state.map.tables.name[m.hex],
                            why="fired_on",
                            to=(m.side,),
                        )
                    )
                elif not (m.passing and not movement.can_get_out(state, m, m.hex, m.pool, len(m.slots))):
                    _run_path(state, dice, events, m, list(trig.path), False)
        flow.settle(state, dice, events)
        return events
    u = plan[1]
    if kind == "move":
        _run_path(state, dice, events, u, [p.hex for p in plan[2]], False)
    elif kind == "pivot":
        movement.do_pivot(state, events, u, action.clockwise, plan[2], plan[3])
    elif kind == "hold":
        movement.do_hold(state, events, u)
    elif kind == "fire":
        target = plan[2]
        for n in range(action.shots):
            if n:
                try:
                    fire.check_shot(state, u, action.weapon, target)
                except IllegalAction:
                    break
            fire.fire_shot(state, dice, events, u, action.weapon, target)
            if flow.check_victory(state, events):
                break
    elif kind == "arc":
        arc.launch(state, events, u, action.weapon, plan[2], plan[3])
    elif kind == "overwatch":
        overwatch.declare(state, events, u, action.weapon, action.sector, action.per_trigger)
    elif kind == "designate":
        arc.designate(state, events, u, plan[2], plan[3])
    elif kind == "smoke":
        arc.smoke(state, events, u, plan[2], plan[3])
    elif kind == "end":
        flow.finish_activation(state, dice, events)
        return events
    flow.settle(state, dice, events)
    return events
