"""The candidate actions of a seat and the random player's choice among them.

:func:`candidates` lists a cheap superset of a seat's legal actions, in a fixed
order (a step to each neighbouring square the Eva's energy pays for, each swap,
each attack on an enemy within range...); which of them are legal is always the
verdict of :func:`engine.rulesets.eva.legality.check`. :func:`legal_actions`
keeps the legal ones; :func:`random_action` draws among them by rejection sampling,
checking only the candidates it draws; :func:`draw` gives that action with the plan
its check returned, for a random step that resolves it without checking it again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import filterfalse
from typing import Any

from engine.ruleset import IllegalAction

# -- imports --
from engine.rulesets.eva.actions import (
    Accelerate,
    Activate,
    ChooseZone,
    Deploy,
    Detonate,
    Discard,
    Disengage,
    End,
    Fire,
    Jump,
    Keep,
    Kneel,
    Land,
    Melee,
    Move,
    NameZone,
    Neutralise,
    Stand,
    Swap,
    TakeOff,
)
from engine.rulesets.eva.board import (
    N_SQ,
    NORTH_ROWS,
    RANGE_LIMIT2,
    SOUTH_ROWS,
    W,
    band_of,
    d2_row,
    engaged_on,
    geo,
)
from engine.rulesets.eva.flow import berserk_eligible, to_act
from engine.rulesets.eva.hands import Held, default_hands, held_facts, held_shield
from engine.rulesets.eva.legality import check, legal
from engine.rulesets.eva.melee import MELEE_ENERGY
from engine.rulesets.eva.state import BATTLE, DEPLOY, ZONE, EvaState

__all__ = ["candidates", "draw", "legal_actions", "random_action"]


def legal_actions(state: EvaState, side: int) -> list[object]:
    """Every legal action of ``side`` in a bot-sized form.

    Movement is represented by single steps (a longer path is a series of them)
    and deployment by one hand configuration per Eva (as many weapons as fit),
    so the list stays small; every entry is legal.
    """
    return [a for a in candidates(state, side) if legal(state, side, a)]


def candidates(state: EvaState, side: int) -> list[object]:
    """A cheap superset of the legal actions of ``side`` (not yet checked), in the order
    of :func:`legal_actions`."""
    if state.over or side not in to_act(state):
        return []
    if state.pending is not None:
        p = state.pending
        if p.kind == "zone":
            return [NameZone(z) for z in p.choices]
        t = state.units[p.unit]
        return [Keep(p.unit, i) for i in t.hands if t.items[i].label in p.choices]
    if state.phase == ZONE:
        return [ChooseZone("south"), ChooseZone("north")]
    if state.phase == DEPLOY:
        i, squares = _deploy_squares(state, side)
        if i < 0:
            return []
        hands = default_hands(state.units[i])
        return [Deploy(i, s, hands) for s in squares]
    if state.activation is None:
        return _activations(state, side)
    ui, here, steps, singles, swaps, tail, jumps = _in_activation(state, side)
    return [
        End(ui),
        *[Move(ui, (here, n)) for n in steps],
        *[single(ui) for single in singles],
        *[Swap(ui, h) for h in swaps],
        *tail,
        *[Jump(ui, s) for s in jumps],
    ]


def random_action(state: EvaState, side: int, rng: random.Random) -> object | None:
    """A uniformly random member of :func:`legal_actions` (None when ``side`` has no
    legal action), found by checking candidates in random order until one is legal:
    rejection sampling, as from the list of :func:`candidates` with each refused one
    replaced by the last. During an activation the candidates are numbered by kind and
    built only when drawn."""
    drawn = draw(state, side, rng)
    return drawn[0] if drawn is not None else None


def draw(state: EvaState, side: int, rng: random.Random) -> tuple[object, Any] | None:
    """The draw of :func:`random_action`: the action drawn and the plan its check
    (:func:`engine.rulesets.eva.legality.check`) returned, which
    :func:`engine.rulesets.eva.resolution.resolve` consumes while the state is unchanged;
    None when ``side`` has no legal action."""
    if state.over or side not in to_act(state):
        return None
    if state.pending is None and state.phase == BATTLE and state.activation is not None:
        return _draw_in_activation(state, side, rng)
    if state.pending is None and state.phase == DEPLOY:
        i, squares = _deploy_squares(state, side)
        if i < 0:
            return None
        hands = tuple(default_hands(state.units[i]))
        return _draw(state, side, rng, len(squares), lambda k: Deploy(i, squares[k], hands))
    cands = candidates(state, side)
    return _draw(state, side, rng, len(cands), cands.__getitem__)


def _draw(state: EvaState, side: int, rng: random.Random, n: int, nth: Any) -> tuple[object, Any] | None:
    """Rejection sampling from ``n`` candidates, ``nth(i)`` building candidate ``i``: each
    drawn one is checked (:func:`check`) until one is legal, which is returned with the
    plan its check returned; the candidates are drawn as from a list shrunk on each
    refusal, the last one taking the place of the refused one (``moved`` maps a place to
    the candidate now there, where that is not the candidate of that number)."""
    moved: dict[int, int] = {}
    while n:
        k = rng.randrange(n)
        a = nth(moved.get(k, k))
        try:
            return a, check(state, side, a)
        except IllegalAction:
            pass
        n -= 1
        moved[k] = moved.get(n, n)
    return None


def _draw_in_activation(state: EvaState, side: int, rng: random.Random) -> tuple[object, Any] | None:
    """:func:`_draw` from the candidates of :func:`_in_activation` (the same draws), each
    built where it is drawn: number 0 is End, then the steps, the single actions, the
    swaps, the attacks and the jumps, in the order :func:`candidates` lists them."""
    ui, here, steps, singles, swaps, tail, jumps = _in_activation(state, side)
    e1 = 1 + len(steps)
    e2 = e1 + len(singles)
    e3 = e2 + len(swaps)
    e4 = e3 + len(tail)

    def nth(i: int) -> object:
        if i == 0:
            return End(ui)
        if i < e1:
            return Move(ui, (here, steps[i - 1]))
        if i < e2:
            return singles[i - e1](ui)
        if i < e3:
            return Swap(ui, swaps[i - e2])
        if i < e4:
            return tail[i - e3]
        return Jump(ui, jumps[i - e4])

    return _draw(state, side, rng, e4 + len(jumps), nth)


def _activations(state: EvaState, side: int) -> list[object]:
    """The activations ``side`` may choose between: each of its Evas on the board and
    not yet activated this round, with a Berserk roll where it may make one."""
    acts: list[object] = []
    for i, u in enumerate(state.units):
        if u.side == side and not u.activated and u.on_board:
            acts.append(Activate(i))
            if berserk_eligible(u):
                acts.append(Activate(i, True))
    return acts


#: The squares of the south zone (rows 1-3) and of the north zone (rows 28-30), EVA-5.2.
_ZONE_SQUARES = (
    tuple(y * W + x for y in SOUTH_ROWS for x in range(W)),
    tuple(y * W + x for y in NORTH_ROWS for x in range(W)),
)


def _deploy_squares(state: EvaState, side: int) -> tuple[int, tuple[int, ...]]:
    """The next Eva ``side`` deploys (-1 when none is left) and the squares of its
    deployment zone (EVA-5.2), in order."""
    for i, u in enumerate(state.units):
        if u.side == side and not u.deployed:
            return i, _ZONE_SQUARES[0 if state.zones[side] == 0 else 1]
    return -1, ()


def _in_activation(
    state: EvaState, side: int
) -> tuple[int, int, Sequence[int], list[type], Sequence[tuple[int, ...]], list[object], Sequence[int]]:
    """The candidate actions of the active Eva by kind, as (its number, its square, the
    squares of single steps, the classes of single actions, the hand configurations of
    swaps, the attacks, the squares of jumps); with End they are, in order: End; a single
    step to each square its energy pays for (:meth:`MapGeo.step_squares`) that no other
    Eva next to it stands on; a stance, discarding the Shield, disengaging (where
    :func:`engaged_on`, the function the check asks, finds it engaged), the Wings, the
    D-Module, Acceleration (each where the Eva has or holds what it needs); a swap
    to each other hand configuration (those costing at most 1 energy when it has less
    than 2); the attacks on the enemies within 20 squares (:func:`_attacks`); a jump to
    each free landing square."""
    act = state.activation
    assert act is not None
    ui = act.unit
    units = state.units
    u = units[ui]
    energy = u.energy
    airborne = u.airborne
    here = u.square
    equipment = u.equipment
    enemies: list[tuple[int, Any, int]] = []
    steps: Sequence[int] = ()
    singles: list[type] = []
    swaps: Sequence[tuple[int, ...]] = ()
    held = held_facts(u) if energy >= 1 else None
    #: the Evas on the board next to it (D² ≤ 2) on its layer, square -> unit index:
    #: all that :func:`engaged_on` reads of a layer for its square (EVA-12.2)
    beside: dict[int, int] = {}
    if 0 <= here < N_SQ:
        row = d2_row(here)
        near = []
        for j, o in enumerate(units):
            s = o.square
            if 0 <= s < N_SQ:
                d = row[s]
                # the other Evas on the board within range of some attack (EVA-3.2)
                if d <= RANGE_LIMIT2 and o is not u and o.on_board:
                    if o.side != side:
                        enemies.append((j, o, d))
                    if d <= 2:  # next to it: it may stand on a square of a single step
                        near.append(s)
                        if o.airborne == airborne:
                            beside[s] = j
        may_walk = not act.obligation and not u.pinned and not act.no_steps and (airborne or not u.kneeling)
        if held is not None and may_walk:
            steps = geo(state).step_squares(here, airborne, act.accel)[energy if energy < 7 else 7]
            if near:
                steps = [n for n in steps if n not in near]
    if held is not None:
        if not airborne:
            singles.append(Stand if u.kneeling else Kneel)
        swaps = held.swap_hands if energy >= 2 else held.cheap_swap_hands
    if held.shield if held is not None else held_shield(u):
        singles.append(Discard)
    if not act.disengage_tried and beside and engaged_on(beside, units, side, here):
        singles.append(Disengage)
    jumps: Sequence[int] = ()
    if equipment:  # (many an Eva has none)
        if "wings" in equipment:
            singles.append(Land if airborne else TakeOff)
        if "dmodule" in equipment:
            singles.append(Detonate)
        if "accel" in equipment and not u.accel_used:
            singles.append(Accelerate)
        if "jumpjet" in equipment and energy >= 2 and not airborne and not u.pinned:
            occupied = {o.square for o in units if o.on_board}
            jumps = list(filterfalse(occupied.__contains__, geo(state).jump_squares(here)))
    tail = _attacks(units, u, ui, act, held, enemies) if enemies and held is not None else []
    return ui, here, steps, singles, swaps, tail, jumps


def _attacks(
    units: list[Any], u: Any, ui: int, act: Any, held: Held, enemies: list[tuple[int, Any, int]]
) -> list[object]:
    """The attack candidates of the active Eva ``u`` (number ``ui``) against the enemies
    within range, with their unit indices and squared distances: melee within reach, AT
    neutralisation, then each ranged weapon in hand at each enemy in a band it reaches
    (single, aimed at the legs, burst, aimed at the wings)."""
    tail: list[object] = []
    energy = u.energy
    airborne = u.airborne
    if not act.melee_done and energy >= MELEE_ENERGY and not held.shield:
        r2 = held.reach**2
        tail += [Melee(ui, j) for j, t, dist in enemies if t.airborne == airborne and dist <= r2]
    if energy >= 1:
        tried = act.neutralise_tried
        tail += [Neutralise(ui, j) for j, _t, _dist in enemies if j not in tried]
    if not u.berserk and not act.obligation and energy >= 2:
        for item, w in held.ranged:
            if item not in act.hands_at_start or item in act.fired:
                continue
            for j, t, dist in enemies:
                if w.damage[band_of(dist)] == 0:
                    continue
                tail.append(Fire(ui, j, item))
                tail.append(Fire(ui, j, item, aimed="legs"))
                if u.items[item].auto:
                    tail.append(Fire(ui, j, item, burst=True))
                if t.airborne:
                    tail.append(Fire(ui, j, item, aimed="wings"))
    return tail
