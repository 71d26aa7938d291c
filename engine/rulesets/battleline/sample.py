"""Orders made by the engine itself: a random valid order (selfplay, the simplest bot)
and a representative sample of legal orders (completion, tests).

Both use only what the seat may know (its own mech, public cells, the reach of the
others, :func:`options.reach_of`), and build orders through the rules' own
functions (speed limits, attackability, the defences allowed, the weapons a defence
blocks), so what they make is valid by construction; the sample is also filtered by
the validation itself.
"""

from __future__ import annotations

import random

from engine.geometry.line import end_cell, room, toward
from engine.rulesets.battleline.actions import Fire, LaserAct, LaserOrder, Melee, Order
from engine.rulesets.battleline.catalog import PARTS
from engine.rulesets.battleline.facts import DEFENCES
from engine.rulesets.battleline.options import defence_problems, reach_cells
from engine.rulesets.battleline.rules.movement import attackable, opponents, speed_limit
from engine.rulesets.battleline.rules.turn import to_act
from engine.rulesets.battleline.rules.validate import (
    cover_problems,
    jets_work,
    laser_actions,
    plan_order,
    silencing_laser,
    volley_size,
)
from engine.rulesets.battleline.state import State, facts_of, line_of

__all__ = ["legal_actions", "random_action"]


def _spread(
    rng: random.Random, n: int, pool: list[int], length: int, kind: str
) -> tuple[tuple[int, int], ...]:
    """Marks for a weapon that places ``n`` salvos or missiles (or a cannon marking up
    to ``n`` cells): some distinct cells in random order, preferring ``pool`` (where
    opponents may be)."""
    k = rng.randint(1, n)
    cells: list[int] = []
    choices = list(dict.fromkeys(pool))
    rng.shuffle(choices)
    cells = choices[:k]
    while len(cells) < k:
        c = rng.randint(1, length)
        if c not in cells:
            cells.append(c)
    if kind == "cannon":
        return tuple((c, 1) for c in cells)
    counts = [1] * k
    for _ in range(n - k):
        counts[rng.randrange(k)] += 1
    return tuple(zip(cells, counts, strict=True))  # in no particular order: the rules sort


def random_action(state: State, seat: int, rng: random.Random) -> Order | None:
    """A random valid order for ``seat``, or None when it has nothing to order. Never a
    concession (a bot that concedes ends games too early to test anything)."""
    if seat not in to_act(state):
        return None
    mech = state.mechs[seat]
    facts = facts_of(state, seat)
    ln = line_of(state.setup)
    p = mech.position
    opps = opponents(state, seat)
    # lasers first: their charging effects limit the speed (BL-15.4)
    acts: dict[int, LaserAct] = {}
    for i in facts.lasers:
        allowed = laser_actions(mech.items[i])
        if len(allowed) > 1:
            acts[i] = rng.choice((*allowed, "fire"))  # fire, hold or vent; firing a little more often
        elif allowed and rng.random() < 0.5:
            acts[i] = allowed[0]
    limit = speed_limit(facts, mech, acts)
    # the move (BL-5, BL-6)
    heading = rng.choice(opps) if len(opps) >= 2 else None
    mark = state.mechs[heading if heading is not None else opps[0]].position
    d = toward(p, mark)
    stated = 0
    if not d:
        d = stated = rng.choice((1, -1))
    speed = rng.randint(0, min(limit, room(ln, p, d)))
    if speed == 0:
        heading, stated = None, 0
    end = end_cell(p, d, speed)
    targets = sorted(attackable(state, seat, speed, d))
    cover = not cover_problems(ln, p, end, jets_work(facts, mech)) and rng.random() < 0.6
    # the defence (BL-8): none while an L-5 charges or holds (BL-15.4)
    defence = ""
    if silencing_laser(facts, mech, acts) is None and rng.random() < 0.6:
        allowed = [x for x in DEFENCES[1:] if not defence_problems(facts, mech, x)]
        defence = rng.choice(allowed) if allowed else ""
    blocked = facts.blocks[defence]
    melee = None
    if not cover and targets and rng.random() < 0.3:
        weapons = [i for i in facts.melee if mech.items[i].ok and i not in blocked]
        if weapons:
            melee = Melee(rng.choice(weapons), rng.choice(targets), rng.choice(PARTS))
    fire: list[Fire] = []
    if not cover and melee is None:
        pools: dict[tuple[int, int], tuple[int, ...]] = {}
        for i in facts.fire:
            if not mech.items[i].ok or i in blocked or rng.random() < 0.25:
                continue
            kind = facts.items[i].item.kind
            pool: tuple[int, ...] = ()
            if targets:
                key = (rng.choice(targets), 2 if kind == "missiles" else 1)
                if key not in pools:
                    pools[key] = reach_cells(state, *key)
                pool = pools[key]
            fire.append(Fire(i, _spread(rng, volley_size(facts, mech, i), list(pool), ln.length, kind)))
    lasers: list[LaserOrder] = []
    for i, act in acts.items():
        if act == "fire":
            if cover or melee is not None or i in blocked or not targets:
                act = "vent"
            else:
                lasers.append(LaserOrder(i, "fire", rng.choice(targets)))
                continue
        if act == "hold" and rng.random() < 0.5:
            continue  # a charged laser given nothing holds (BL-15.3)
        lasers.append(LaserOrder(i, act))
    return Order(
        speed=speed,
        heading=heading,
        direction=stated if speed else 0,
        cover=cover,
        defence=defence,
        melee=melee,
        fire=tuple(fire),
        lasers=tuple(lasers),
    )


def legal_actions(state: State, seat: int) -> list[Order]:
    """A representative sample of ``seat``'s legal orders (the whole set is far too
    large): every move alone, with cover where it may be taken; standing still with
    each defence; each weapon used once at the nearest opponent's cell; each laser's
    action; a melee attack on each attackable opponent. Empty when it has nothing to
    order. Every order is checked by the validation (BL-4.3)."""
    if seat not in to_act(state):
        return []
    from engine.rulesets.battleline.options import OrderSheet, options

    sheet = options(state, seat)
    assert isinstance(sheet, OrderSheet)
    facts = facts_of(state, seat)
    mech = state.mechs[seat]
    ln = line_of(state.setup)
    drafts: list[Order] = []
    for m in sheet.moves:
        base = Order(speed=m.speed, heading=m.heading, direction=m.direction)
        drafts.append(base)
        if m.cover:
            drafts.append(Order(speed=m.speed, heading=m.heading, direction=m.direction, cover=True))
    for d in sheet.defences[1:]:
        drafts.append(Order(defence=d.defence))
    opps = opponents(state, seat)
    nearest = min(opps, key=lambda o: (abs(state.mechs[o].position - mech.position), o))
    cell = state.mechs[nearest].position
    for i in facts.fire:
        n = volley_size(facts, mech, i)
        kind = facts.items[i].item.kind
        cells = [c for c in range(cell, cell + n) if ln.contains(c)] or [cell]
        if kind == "cannon":
            marks = tuple((c, 1) for c in cells)
        else:
            marks = tuple((c, 1 + (n - len(cells) if j == 0 else 0)) for j, c in enumerate(cells))
        drafts.append(Order(fire=(Fire(i, marks),)))
    for i in facts.lasers:
        for act in laser_actions(mech.items[i]):
            if act == "fire":
                drafts.extend(Order(lasers=(LaserOrder(i, "fire", o),)) for o in opps)
            else:
                drafts.append(Order(lasers=(LaserOrder(i, act),)))
    for i in facts.melee:
        for o in opps:
            drafts.append(Order(melee=Melee(i, o, "CT")))
    out = []
    for order in dict.fromkeys(drafts):
        if not plan_order(state, seat, order).problems:
            out.append(order)
    return out
