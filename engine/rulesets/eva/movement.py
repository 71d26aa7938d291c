"""Movement (EVA-8, EVA-16.9 to EVA-16.11): single steps, paths, the squares within
reach, stances, flight, jumps and Acceleration.

A step is judged once, by :func:`step` (terrain cost EVA-8.3, another Eva on the
square EVA-2.9, the diagonal squeeze EVA-8.4); :func:`path_cost` (the check of a
move) and :func:`search` (the squares within reach, for the options) both call it.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_
from engine.ruleset import IllegalAction

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import Accelerate, Jump, Kneel, Land, Move, Stand, TakeOff, sq
from engine.rulesets.eva.board import N_SQ, d2, engaged_on, geo, is_engaged, occupancy, step_cost
from engine.rulesets.eva.common import active, need_energy, note_class, obligation_free, phase_ok, refuse
from engine.rulesets.eva.damage import reveal
from engine.rulesets.eva.scenario import BLUE, GREEN
from engine.rulesets.eva.state import MOVEMENT, Activation, EvaState, Unit

__all__ = [
    "Steps",
    "cheapest_path",
    "jump_targets",
    "may_step",
    "move_options",
    "path_cost",
    "plan_accelerate",
    "plan_jump",
    "plan_land",
    "plan_move",
    "plan_stance",
    "plan_takeoff",
    "reachable",
    "resolve_accelerate",
    "resolve_flight",
    "resolve_jump",
    "resolve_move",
    "resolve_stance",
    "search",
    "step",
]


def may_step(state: EvaState, u: Unit, act: Activation, st: Steps | None = None) -> None:
    """Refuse any step of the active Eva ``u`` now: an obligation to fight (EVA-12.10),
    kneeling (EVA-8.6), pinned (EVA-8.8), a failed disengagement (EVA-12.11), engaged
    (EVA-8.7). ``st``: its :class:`Steps`, when they are already gathered."""
    obligation_free(u, act)
    if not u.airborne and u.kneeling:
        raise refuse(N_("{unit} is kneeling and must stand up before it can step."), "EVA-8.6", unit=u.name)
    if u.pinned:
        raise refuse(N_("{unit} is pinned by a Spear until the end of the round."), "EVA-8.8", unit=u.name)
    if act.no_steps:
        raise refuse(
            N_("{unit} failed to disengage and may not step this activation."), "EVA-12.11", unit=u.name
        )
    if not act.disengaged and (st.engaged(u.square) if st is not None else is_engaged(state, u)):
        raise refuse(N_("{unit} is engaged in melee and may not walk away."), "EVA-8.7", unit=u.name)


class Steps:
    """What a step of the active Eva ``ui`` depends on, gathered once per check or
    search: its layer, Acceleration, the map's terrain and neighbour links, and the
    squares the Evas on the board hold on each layer (``ground``, ``air``: square →
    unit index; ``mine`` is its own layer's)."""

    __slots__ = (
        "accel",
        "air",
        "airborne",
        "ground",
        "links",
        "mine",
        "nbrs",
        "side",
        "terrain",
        "ui",
        "units",
    )

    def __init__(self, state: EvaState, ui: int) -> None:
        act = state.activation
        assert act is not None
        g = geo(state)
        self.ui = ui
        self.units = state.units
        self.side = state.units[ui].side
        self.airborne = state.units[ui].airborne
        self.accel = act.accel
        self.terrain = g.terrain
        self.links = g.links
        self.nbrs = g.nbrs
        self.ground, self.air = occupancy(state)
        self.mine = self.air if self.airborne else self.ground

    def engaged(self, square: int) -> bool:
        """Would the Eva be engaged on ``square`` of its layer (EVA-12.2, :func:`engaged_on`)?"""
        return bool(engaged_on(self.mine, self.units, self.side, square))


#: Refusals of :func:`step`, by its negative answer: (message ID, rule ID).
BLUE_SQUARE, GREEN_SQUARE, TAKEN, SQUEEZE = -1, -2, -3, -4
STEP_REFUSALS = {
    BLUE_SQUARE: (N_("{square} is blue: no Eva may enter it."), "EVA-2.7"),
    GREEN_SQUARE: (N_("{square} is green: a walking Eva cannot enter it."), "EVA-2.6"),
    TAKEN: (N_("{square} holds another Eva on the same layer."), "EVA-2.9"),
    SQUEEZE: (N_("The diagonal step {a}-{b} squeezes between two blocked squares."), "EVA-8.4"),
}


def blocked(st: Steps, s: int) -> bool:
    """Is square ``s`` closed to the stepping Eva: a colour its layer may not enter
    (:func:`step_cost`) or another Eva on its layer (EVA-2.6, EVA-2.7, EVA-2.9)?"""
    return step_cost(st.terrain[s], False, st.airborne, st.accel) is None or st.mine.get(s, st.ui) != st.ui


def step(st: Steps, link: tuple[int, bool, int, int]) -> int:
    """The energy of the single step to neighbour ``link`` (an entry of the board's
    neighbour table), or a negative code of :data:`STEP_REFUSALS`: terrain the layer may
    not enter (EVA-2.6, EVA-2.7), another Eva on the square on its layer (EVA-2.9), or
    a diagonal step between two blocked squares (EVA-8.4)."""
    s, diag, s1, s2 = link
    t = st.terrain[s]
    cost = step_cost(t, diag, st.airborne, st.accel)
    if cost is None:
        return BLUE_SQUARE if t == BLUE else GREEN_SQUARE
    if st.mine.get(s, st.ui) != st.ui:
        return TAKEN
    if diag and blocked(st, s1) and blocked(st, s2):
        return SQUEEZE
    return cost


def stop_refusal(st: Steps, s: int) -> IllegalAction | None:
    """Why the Eva may not end its move on ``s``: green (EVA-2.9), or any other Eva there
    on either layer (EVA-2.9); None when it may."""
    if st.terrain[s] == GREEN:
        return refuse(N_("No Eva may stop on a green square."), "EVA-2.9")
    ui = st.ui
    if st.ground.get(s, ui) != ui or st.air.get(s, ui) != ui:
        return refuse(N_("{square} already holds an Eva; it cannot stop there."), "EVA-2.9", square=sq(s))
    return None


def may_stop(st: Steps, s: int) -> bool:
    """:func:`stop_refusal` as a truth value, without building a refusal."""
    ui = st.ui
    return st.terrain[s] != GREEN and st.ground.get(s, ui) == ui and st.air.get(s, ui) == ui


def path_cost(state: EvaState, ui: int, path: list[int] | tuple[int, ...]) -> int:
    """Check a movement path (flat indices, from the Eva's square) of the active Eva
    ``ui`` (EVA-8.1 to EVA-8.9) and return its energy cost. Raises IllegalAction."""
    u = state.units[ui]
    act = state.activation
    assert act is not None
    if len(path) < 2 or path[0] != u.square:
        raise refuse(
            N_("A path starts on the Eva's square ({square}) and has at least one step."),
            "EVA-8.2",
            square=sq(u.square),
        )
    st = Steps(state, ui)
    may_step(state, u, act, st)
    total = 0
    prev = path[0]
    last = len(path) - 1
    for k in range(1, last + 1):
        s = path[k]
        if not 0 <= s < N_SQ:
            raise refuse(N_("No Eva may leave the board."), "EVA-8.9")
        link = st.links[prev].get(s) if 0 <= prev < N_SQ else None
        if link is None:
            raise refuse(N_("{a} and {b} are not neighbouring squares."), "EVA-8.1", a=sq(prev), b=sq(s))
        cost = step(st, link)
        if cost < 0:
            message, rule = STEP_REFUSALS[cost]
            raise refuse(message, rule, square=sq(s), a=sq(prev), b=sq(s))
        total += cost
        if k < last and not act.disengaged and st.engaged(s):
            raise refuse(
                N_("{unit} becomes engaged on {square} and must stop there."),
                "EVA-8.7",
                unit=u.name,
                square=sq(s),
            )
        prev = s
    refusal = stop_refusal(st, path[-1])
    if refusal is not None:
        raise refusal
    if total > u.energy:
        raise refuse(
            N_("{unit} has {energy} energy left; this path costs {cost}."),
            "EVA-8.2",
            unit=u.name,
            energy=u.energy,
            cost=total,
        )
    return total


def search(state: EvaState, ui: int) -> dict[int, tuple[int, int]]:
    """Cheapest costs from the active Eva's square within its energy (a bucket-queue
    Dijkstra over :func:`step`), pass-through squares included: square → (energy,
    previous square on a cheapest path). An Eva that becomes engaged on a square may
    stop there but not go on (EVA-8.7)."""
    u = state.units[ui]
    act = state.activation
    assert act is not None
    st = Steps(state, ui)
    budget = u.energy
    start = u.square
    free = act.disengaged
    nbrs = st.nbrs
    best: dict[int, tuple[int, int]] = {start: (0, -1)}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for c in range(budget + 1):
        for s in buckets[c]:
            if best[s][0] != c:
                continue
            if s != start and not free and st.engaged(s):
                continue
            for link in nbrs[s]:
                sc = step(st, link)
                if sc < 0:
                    continue
                cost = c + sc
                if cost > budget:
                    continue
                n = link[0]
                old = best.get(n)
                if old is None or cost < old[0]:
                    best[n] = (cost, s)
                    buckets[cost].append(n)
    return best


def _reach(state: EvaState, ui: int) -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]:
    """(every square of :func:`search`, the squares the active Eva may end a move on);
    both empty when it may not step now (:func:`may_step`, EVA-6.4)."""
    u = state.units[ui]
    act = state.activation
    if act is None or act.unit != ui:
        return {}, {}
    try:
        may_step(state, u, act)
        phase_ok(state, u, act, MOVEMENT)
    except IllegalAction:
        return {}, {}
    full = search(state, ui)
    st = Steps(state, ui)
    here = u.square
    return full, {s: cp for s, cp in full.items() if s != here and may_stop(st, s)}


def reachable(state: EvaState, ui: int) -> dict[int, tuple[int, int]]:
    """Squares the active unit can move to now: square → (energy cost, previous
    square on a cheapest path). Empty when it may not step (EVA-8)."""
    return _reach(state, ui)[1]


def _path(full: dict[int, tuple[int, int]], start: int, dest: int) -> list[int]:
    """A cheapest path from ``start`` to ``dest`` by the predecessors of :func:`search`."""
    path = [dest]
    s = dest
    while s != start:
        s = full[s][1]
        path.append(s)
    return path[::-1]


def move_options(state: EvaState, ui: int) -> list[tuple[int, int, list[int]]]:
    """Every square the active Eva ``ui`` may move to now, in square order, as (square,
    energy, a cheapest path from its square)."""
    full, ends = _reach(state, ui)
    here = state.units[ui].square
    return [(s, c, _path(full, here, s)) for s, (c, _p) in sorted(ends.items())]


def cheapest_path(state: EvaState, ui: int, src: int, dst: int) -> list[int] | None:
    """A cheapest legal path from ``src`` (the unit's square) to ``dst``, or None."""
    u = state.units[ui]
    if state.activation is None or state.activation.unit != ui or src != u.square:
        return None
    full, ends = _reach(state, ui)
    if dst not in ends:
        return None
    return _path(full, src, dst)


def plan_move(state: EvaState, side: int, a: Move) -> int:
    """Check a move along ``a.path`` (EVA-6.4, :func:`path_cost`); returns its energy."""
    u, act = active(state, side, a.unit)
    phase_ok(state, u, act, MOVEMENT)
    return path_cost(state, a.unit, a.path)


def resolve_move(state: EvaState, side: int, a: Move, cost: int, dice: Dice) -> list:
    """Walk or fly along the path for ``cost`` energy (checked by :func:`plan_move`)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    u.energy -= cost
    u.square = a.path[-1]
    note_class(act, MOVEMENT)
    if not act.stepped:
        act.stepped = True
    return [
        ev.Moved(unit=u.name, unit_side=u.side, path=[sq(s) for s in a.path]),
        ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=cost),
    ]


def plan_stance(state: EvaState, side: int, a: Kneel | Stand) -> None:
    """Check kneeling or standing up (EVA-8.6): on the ground, a change, 1 energy."""
    u, act = active(state, side, a.unit)
    obligation_free(u, act)
    if u.airborne:
        raise refuse(N_("An airborne Eva cannot kneel."), "EVA-16.10")
    if type(a) is Kneel and u.kneeling:
        raise refuse(N_("{unit} is already kneeling."), "EVA-8.6", unit=u.name)
    if type(a) is Stand and not u.kneeling:
        raise refuse(N_("{unit} is already standing."), "EVA-8.6", unit=u.name)
    phase_ok(state, u, act, MOVEMENT)
    need_energy(u, 1, N_("kneeling or standing up"))


def resolve_stance(state: EvaState, side: int, a: Kneel | Stand, plan: None, dice: Dice) -> list:
    """Kneel or stand up for 1 energy (a movement action, EVA-6.4)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    u.energy -= 1
    u.kneeling = type(a) is Kneel
    note_class(act, MOVEMENT)
    return [
        ev.Stance(unit=u.name, unit_side=u.side, kneeling=u.kneeling),
        ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1),
    ]


def plan_takeoff(state: EvaState, side: int, a: TakeOff) -> None:
    """Check taking off with Wings (EVA-16.10, EVA-11.6, EVA-8.7): 1 energy."""
    u, act = active(state, side, a.unit)
    obligation_free(u, act)
    if not u.has("wings"):
        raise refuse(N_("{unit} has no Wings."), "EVA-16.10", unit=u.name)
    if u.airborne:
        raise refuse(N_("{unit} is already airborne."), "EVA-16.10", unit=u.name)
    if u.kneeling:
        raise refuse(N_("A kneeling Eva must stand up before taking off."), "EVA-8.6")
    if u.trauma("wings"):
        raise refuse(N_("{unit}'s wings are damaged; it cannot fly."), "EVA-11.6", unit=u.name)
    if act.no_steps or (is_engaged(state, u) and not act.disengaged):
        raise refuse(N_("{unit} is engaged and may not take off."), "EVA-8.7", unit=u.name)
    need_energy(u, 1, N_("taking off"))


def plan_land(state: EvaState, side: int, a: Land) -> None:
    """Check landing (EVA-16.10): 1 energy."""
    u, act = active(state, side, a.unit)
    obligation_free(u, act)
    if not u.airborne:
        raise refuse(N_("{unit} is not airborne."), "EVA-16.10", unit=u.name)
    need_energy(u, 1, N_("landing"))


def resolve_flight(state: EvaState, side: int, a: TakeOff | Land, plan: None, dice: Dice) -> list:
    """Take off or land for 1 energy, standing (EVA-16.10); the Wings show (EVA-18.4)."""
    u = state.units[a.unit]
    out: list = []
    u.energy -= 1
    u.airborne = type(a) is TakeOff
    u.kneeling = False
    reveal(u, "wings", out)
    out.append(ev.Flight(unit=u.name, unit_side=u.side, airborne=u.airborne))
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1))
    return out


def plan_accelerate(state: EvaState, side: int, a: Accelerate) -> None:
    """Check Acceleration: once a game, before the first step (EVA-16.11)."""
    u, act = active(state, side, a.unit)
    if not u.has("accel"):
        raise refuse(N_("{unit} has no Acceleration."), "EVA-16.11", unit=u.name)
    if u.accel_used:
        raise refuse(N_("Acceleration can be used once per game."), "EVA-16.11")
    if act.stepped:
        raise refuse(N_("Acceleration must be declared before the first step."), "EVA-16.11")


def resolve_accelerate(state: EvaState, side: int, a: Accelerate, plan: None, dice: Dice) -> list:
    """Steps cost half, rounded up, for the rest of the activation (EVA-16.11)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    out: list = []
    u.accel_used = True
    act.accel = True
    reveal(u, "accel", out)
    out.append(ev.Accelerated(unit=u.name, unit_side=u.side))
    return out


def jump_targets(state: EvaState, u: Unit) -> list[int]:
    """Landing squares of a Jumpjet jump from u's square (EVA-16.9): those the map
    allows (:meth:`MapGeo.jump_squares`) that hold no Eva."""
    g = geo(state)
    occupied = {o.square for o in state.units if o.on_board}
    return [s for s in g.jump_squares(u.square) if s not in occupied]


def plan_jump(state: EvaState, side: int, a: Jump) -> None:
    """Check a Jumpjet jump (EVA-16.9): up to 3 squares, over anything but blue, onto a
    free square neither green nor blue; 2 energy (the rest is lost)."""
    u, act = active(state, side, a.unit)
    if not u.has("jumpjet"):
        raise refuse(N_("{unit} has no Jumpjet."), "EVA-16.9", unit=u.name)
    if u.airborne:
        raise refuse(N_("An airborne Eva cannot jump."), "EVA-16.9")
    if u.pinned:
        raise refuse(N_("{unit} is pinned and cannot jump."), "EVA-8.8", unit=u.name)
    if not 0 <= a.square < N_SQ:
        raise refuse(N_("No Eva may leave the board."), "EVA-8.9")
    dist = d2(u.square, a.square)
    if dist == 0 or dist > 9:
        raise refuse(N_("A jump lands up to 3 squares away."), "EVA-16.9")
    g = geo(state)
    if g.terrain[a.square] >= GREEN:
        raise refuse(N_("A jump cannot land on a green or blue square."), "EVA-16.9")
    for o in state.units:
        if o.square == a.square and o.deployed and not o.destroyed:
            raise refuse(N_("{square} already holds an Eva."), "EVA-16.9", square=sq(a.square))
    start = u.square
    # jump_squares lists the squares within reach, neither green nor blue, with no blue
    # on the line; this one is within reach and neither green nor blue, so it is missing
    # from them exactly when there is blue on the line
    if (a.square not in g.jump_squares(start)) if 0 <= start < N_SQ else g.line(start, a.square)[0].blue:
        raise refuse(N_("Blue on the line stops the jump."), "EVA-4.10")
    need_energy(u, 2, N_("a jump"))


def resolve_jump(state: EvaState, side: int, a: Jump, plan: None, dice: Dice) -> list:
    """Jump: land standing, all energy spent, free of the obligation to fight (EVA-16.9,
    EVA-12.10); the Jumpjet shows (EVA-18.4)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    out: list = []
    src = u.square
    u.energy = 0
    u.square = a.square
    u.kneeling = False
    act.obligation = False
    reveal(u, "jumpjet", out)
    out.append(ev.Jumped(unit=u.name, unit_side=u.side, src=sq(src), dst=sq(a.square)))
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=0, spent=2))
    return out
