"""Movement and facing: the MP pool and automatic Move actions, steps, rubble,
passing through friends and being stuck, pivots and holding position (GB-6.6,
GB-7).

What a side does not know never shapes what it is told: enemy units block a step
only when the moving side spots them (an enemy next to the mover always is, GB-8.6),
so a path planned past an unseen enemy is refused only when the unit gets there
(the rules then stop the path).
"""

from __future__ import annotations

import msgspec

from engine.geometry.hex import direction_between
from engine.i18n import _
from engine.ruleset import Event, IllegalAction
from engine.rulesets.ballistic.catalog import actions_left
from engine.rulesets.ballistic.events import Held, MoveOpened, Pivoted, Stepped
from engine.rulesets.ballistic.maps import BUILDING, RUBBLE
from engine.rulesets.ballistic.rules.common import audience, friends_in, illegal
from engine.rulesets.ballistic.rules.damage import refresh
from engine.rulesets.ballistic.rules.sight import sees, spotted, spotters
from engine.rulesets.ballistic.state import SLOT_MOVE, Slot, State, Unit

__all__ = [
    "Reach",
    "StepPlan",
    "afford",
    "can_get_out",
    "check_hold",
    "check_pivot",
    "do_hold",
    "do_pivot",
    "do_step",
    "plan_path",
    "reach",
    "step_cost",
    "step_problem",
]


class StepPlan(msgspec.Struct, frozen=True, array_like=True):
    """One checked step: the hex entered, its MP cost, whether it opens a Move action."""

    hex: int
    cost: int
    opens: bool


class Reach(msgspec.Struct, frozen=True, kw_only=True):
    """A hex ``u`` may move to and stop in now: the MP it costs (``mp``, the cheapest),
    the Move actions it opens (``opens``) and one path of that cost (flat indices,
    without the start)."""

    hex: int
    mp: int
    opens: int
    path: tuple[int, ...]


def step_cost(state: State, u: Unit, i: int) -> int:
    """MP to step into hex ``i``: 1, or 3 for a ground unit entering rubble or a wreck
    (GB-3.4, GB-7.2, GB-7.8)."""
    if u.altitude:
        return 1
    return 3 if state.map.tables.kind[i] == RUBBLE or i in state.wrecks else 1


def afford(pool: int, slots: int, speed: int, cost: int) -> tuple[int, int, bool] | None:
    """Pay ``cost`` MP from ``pool`` (GB-7.1): returns (pool after, actions opened after,
    whether a Move action was opened for it), or None when the step or pivot is
    illegal. A Move action (``speed`` MP) opens automatically only when the pool is
    short, an action is still free (GB-6.1) and it makes the cost affordable."""
    if pool >= cost:
        return pool - cost, slots, False
    if actions_left(slots) and pool + speed >= cost:
        return pool + speed - cost, slots + 1, True
    return None


def _occupancy(
    state: State, u: Unit, known: int, near: int = -1, reach: int = 0
) -> tuple[set[int], set[int]]:
    """Hexes of ``u``'s layer (ground or air) holding a friend (other than ``u``) and
    holding an enemy ``known`` to that side; with ``near`` (a hex) only the enemies
    within ``reach`` hexes of it (farther ones cannot be in the way)."""
    friends: set[int] = set()
    enemies: set[int] = set()
    t = state.map.tables
    for v in state.units:
        if v.number == u.number or not v.alive or v.hex < 0 or v.air != u.air:
            continue
        if v.side == u.side:
            friends.add(v.hex)
        elif (near < 0 or t.distance(near, v.hex) <= reach) and spotted(state, known, v):
            enemies.add(v.hex)
    return friends, enemies


def _obligation_ok(state: State, u: Unit, to: int) -> bool:
    """A unit under a guidance obligation still sees its target from ``to`` (GB-13.5)."""
    if u.bound < 0:
        return True
    target = state.units[u.bound]
    return not target.alive or target.hex < 0 or sees(state, u, target, a_hex=to)


def step_problem(state: State, u: Unit, frm: int, to: int, known: int) -> IllegalAction | None:
    """Why ``u`` may not step from ``frm`` to ``to`` whatever its MP (GB-3.5, GB-3.6,
    GB-7.3, GB-7.8, GB-13.5), counting only enemies side ``known`` spots; None if it may."""
    t = state.map.tables
    if to < 0 or to not in t.neighbours[frm]:
        return illegal(_("A step goes to a neighbouring hex on the map."), "GB-7.2")
    if u.altitude:
        if t.height[to] >= u.altitude:
            return illegal(
                _("{unit} flies at level {alt}; {hex} rises to {h}.").format(
                    unit=u.name, alt=u.altitude, hex=t.name[to], h=t.height[to]
                ),
                "GB-7.8",
            )
    else:
        if t.kind[to] == BUILDING:
            return illegal(
                _("Ground units may not enter the building at {hex}.").format(hex=t.name[to]), "GB-3.5"
            )
        if abs(t.elevation[to] - t.elevation[frm]) > 1:
            return illegal(
                _("{hex} is more than one level higher or lower.").format(hex=t.name[to]), "GB-3.6"
            )
    for v in state.units:
        if v.hex == to and v.alive and v.side != u.side and v.air == u.air and spotted(state, known, v):
            return illegal(_("An enemy unit holds {hex}.").format(hex=t.name[to]), "GB-7.3")
    if not _obligation_ok(state, u, to):
        return illegal(
            _("{unit} must keep {target} in sight this turn.").format(
                unit=u.name, target=state.units[u.bound].name
            ),
            "GB-13.5",
        )
    return None


def _search(
    state: State, u: Unit, start: int, pool: int, slots: int, known: int, first_stop: bool
) -> dict[int, tuple[int, int, tuple[int, ...]]]:
    """Hexes ``u`` can reach from ``start`` with ``pool`` MP and ``slots`` actions opened,
    by legal steps (GB-7.1 to GB-7.4, GB-7.8, GB-13.5), and may stop in (no friend of
    its layer there): hex -> (MP spent, Move actions opened, path). ``first_stop``:
    return as soon as one is found (the start counts when it is a place to stop).

    A search by MP spent over *labels* (hex, actions opened, pool): the pool a step
    leaves depends on when Move actions were opened (GB-7.1), so a hex keeps one label
    per number of actions opened, and a label is dropped when another with no more
    actions opened has at least as many MP left."""
    speed = u.current_speed
    friends, enemies = _occupancy(state, u, known, start, pool + actions_left(slots) * speed + 1)
    if first_stop and start not in friends:
        return {start: (0, 0, ())}
    steps = state.map.tables.steps(u.altitude)
    wrecks = set(state.wrecks) if state.wrecks and not u.altitude else ()
    bound = u.bound >= 0
    out: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    best = {start * 3 + slots: pool}
    parent: dict[int, int] = {}
    buckets: list[list[tuple[int, int, int]]] = [[(start, slots, pool)]]
    spent = 0
    while spent < len(buckets):
        for h, ns, p in buckets[spent]:
            key = h * 3 + ns
            if best.get(key, -1) != p:
                continue
            if h != start and h not in friends and h not in out:
                path = [h]
                k = key
                while k in parent:
                    k = parent[k]
                    if k // 3 != start:
                        path.append(k // 3)
                out[h] = (spent, ns - slots, tuple(reversed(path)))
                if first_stop:
                    return out
            for n, cost in steps[h]:
                if n in enemies:
                    continue
                if wrecks and n in wrecks:
                    cost = 3
                if p >= cost:
                    p2, ns2 = p - cost, ns
                elif actions_left(ns) and p + speed >= cost:
                    p2, ns2 = p + speed - cost, ns + 1
                else:
                    continue
                base = n * 3
                if (
                    best.get(base, -1) >= p2
                    or (ns2 and best.get(base + 1, -1) >= p2)
                    or (ns2 == 2 and best.get(base + 2, -1) >= p2)
                ):
                    continue
                if bound and not _obligation_ok(state, u, n):
                    continue
                best[base + ns2] = p2
                parent[base + ns2] = key
                total = spent + cost
                while len(buckets) <= total:
                    buckets.append([])
                buckets[total].append((n, ns2, p2))
        spent += 1
    return out


def can_get_out(state: State, u: Unit, at: int, pool: int, slots: int) -> bool:
    """Whether ``u``, at ``at`` with ``pool`` MP and ``slots`` actions opened, can reach
    by legal steps a hex where it may stop (its pool plus any Move action it can still
    open) (GB-7.4); True when ``at`` itself is such a hex."""
    return bool(_search(state, u, at, pool, slots, u.side, first_stop=True))


def reach(state: State, u: Unit) -> list[Reach]:
    """Every hex ``u`` may move to and stop in now, with its cheapest MP cost, the Move
    actions it opens and a path (GB-7.1 to GB-7.4), as its side knows the map; empty
    when it holds position (GB-6.6)."""
    if u.holding or u.hex < 0:
        return []
    found = _search(state, u, u.hex, u.pool, len(u.slots), u.side, first_stop=False)
    return [Reach(hex=h, mp=mp, opens=opens, path=path) for h, (mp, opens, path) in found.items()]


def plan_path(state: State, u: Unit, path: list[int]) -> list[StepPlan]:
    """Check a Move action along ``path`` (flat indices) as ``u``'s side knows the map
    and return its steps; raises IllegalAction naming the first step that may not be
    made (GB-6.6, GB-7.1 to GB-7.4, GB-7.8, GB-13.5)."""
    if u.holding:
        raise illegal(
            _("{unit} holds position and may not spend MP this turn.").format(unit=u.name), "GB-6.6"
        )
    if not path:
        raise illegal(_("Name at least one hex to step into."), "GB-7.2")
    t = state.map.tables
    friends = {
        v.hex for v in state.units if v.number != u.number and v.alive and v.side == u.side and v.air == u.air
    }
    speed = u.current_speed
    pool, slots, at = u.pool, len(u.slots), u.hex
    plans = []
    for to in path:
        problem = step_problem(state, u, at, to, u.side)
        if problem is not None:
            raise problem
        cost = step_cost(state, u, to)
        paid = afford(pool, slots, speed, cost)
        if paid is None:
            raise illegal(
                _("{unit} cannot pay {cost} MP to enter {hex} ({pool} MP in the pool).").format(
                    unit=u.name, cost=cost, hex=t.name[to], pool=pool
                ),
                "GB-7.1",
            )
        pool, slots, opens = paid
        if to in friends and not can_get_out(state, u, to, pool, slots):
            raise illegal(
                _(
                    "{unit} could not get out of {hex} again: a friend's hex may only be passed through."
                ).format(unit=u.name, hex=t.name[to]),
                "GB-7.4",
            )
        plans.append(StepPlan(to, cost, opens))
        at = to
    return plans


def _open_move(state: State, events: list[Event], u: Unit) -> None:
    speed = u.current_speed
    u.slots.append(Slot(SLOT_MOVE))
    u.pool += speed
    events.append(
        MoveOpened(unit=u.name, side=u.side, action=len(u.slots), speed=speed, pool=u.pool, to=(u.side,))
    )


def do_step(state: State, events: list[Event], u: Unit, plan: StepPlan) -> None:
    """Make one checked step (GB-7.1, GB-7.2, GB-7.5, GB-7.7): open the Move action it
    needs, pay, enter, face the step's direction, start a new stay. Seen by the
    unit's side and by the other when it spots the unit before or after the step."""
    frm = u.hex
    before = spotted(state, 1 - u.side, u)
    if plan.opens:
        _open_move(state, events, u)
    u.pool -= plan.cost
    u.mp_spent += plan.cost
    u.entered += 1
    t = state.map.tables
    direction = direction_between(t.hex_of(frm), t.hex_of(plan.hex))
    u.hex = plan.hex
    if direction is not None:
        u.facing = direction
    u.pivots = 0
    u.passing = bool(friends_in(state, u, plan.hex))
    if not u.passing:
        u.stuck = False
    seen = before or spotted(state, 1 - u.side, u)
    events.append(
        Stepped(
            unit=u.name,
            side=u.side,
            start=t.name[frm],
            hex=t.name[plan.hex],
            cost=plan.cost,
            to=None if seen else (u.side,),
        )
    )
    refresh(state, events)


def check_pivot(state: State, u: Unit, clockwise: bool) -> tuple[int, bool]:
    """Check a pivot (GB-7.6): returns (MP cost, whether it opens a Move action). The
    first pivot of a stay is free, even while holding; each further one costs 1 MP.
    Raises IllegalAction."""
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may only step on.").format(unit=u.name), "GB-7.4"
        )
    if u.pivots == 0:
        return 0, False
    if u.holding:
        raise illegal(
            _("{unit} holds position: a second pivot in this hex would cost MP.").format(unit=u.name),
            "GB-6.6",
        )
    paid = afford(u.pool, len(u.slots), u.current_speed, 1)
    if paid is None:
        raise illegal(
            _("A further pivot costs 1 MP and {unit} has none left and no action to open.").format(
                unit=u.name
            ),
            "GB-7.1",
        )
    return 1, paid[2]


def do_pivot(state: State, events: list[Event], u: Unit, clockwise: bool, cost: int, opens: bool) -> None:
    """Turn ``u`` one facing step (GB-7.6); a paid pivot is movement (GB-7.7)."""
    if opens:
        _open_move(state, events, u)
    u.pool -= cost
    u.mp_spent += cost
    u.pivots += 1
    u.facing = (u.facing + (1 if clockwise else -1)) % 6
    events.append(
        Pivoted(unit=u.name, side=u.side, facing=u.facing, cost=cost, to=audience(spotters(state, u)))
    )


def check_hold(state: State, u: Unit) -> None:
    """Raise IllegalAction unless ``u`` may declare that it holds position: it has spent
    no MP this turn and is not passing through a friend (GB-6.6, GB-7.4)."""
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may only step on.").format(unit=u.name), "GB-7.4"
        )
    if u.holding:
        raise illegal(_("{unit} already holds position.").format(unit=u.name), "GB-6.6")
    if u.mp_spent:
        raise illegal(
            _("{unit} has spent MP this turn and cannot hold position.").format(unit=u.name), "GB-6.6"
        )


def do_hold(state: State, events: list[Event], u: Unit) -> None:
    """``u`` holds position until the end of the turn (GB-6.6)."""
    u.holding = True
    events.append(Held(unit=u.name, side=u.side, to=audience(spotters(state, u))))
