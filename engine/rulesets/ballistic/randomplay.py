"""Random legal actions for selfplay and the simplest bot.

An action kind is drawn first (weights that keep a battle moving: fire often, move
often, end sometimes), then one candidate of that kind is drawn and checked by the
rules themselves (:func:`engine.rulesets.ballistic.rules.dispatch.check`); a few
misses fall back to another kind, and finally to ending the activation (or, for a
unit passing through a friend, to one of its paths out). So every action returned
is legal, without listing every legal action first; the draw is not uniform over
all legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from engine.geometry.hex import in_front_arc
from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.actions import (
    Arc,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    Smoke,
)
from engine.rulesets.ballistic.catalog import SMOKE_RANGE, WEAPONS, effective_c, max_range
from engine.rulesets.ballistic.options import legal_actions
from engine.rulesets.ballistic.rules import dispatch, movement, overwatch
from engine.rulesets.ballistic.rules.fire import attack_slot
from engine.rulesets.ballistic.rules.sight import spotted
from engine.rulesets.ballistic.state import KIND_EQUIPMENT, KIND_WEAPON, State, Unit

__all__ = ["random_action"]


def _legal(state: State, side: int, action: Any) -> bool:
    try:
        dispatch.check(state, side, action)
    except IllegalAction:
        return False
    return True


def _fire(state: State, u: Unit, rng: random.Random) -> Any | None:
    """A random direct shot the rules accept: a working weapon and a spotted enemy in the
    front arc and within the weapon's range first (cheap), then the full check."""
    t = state.map.tables
    origin = t.hex_of(u.hex)
    enemies = [
        v
        for v in state.units
        if v.side != u.side and v.alive and v.hex >= 0 and in_front_arc(origin, u.facing, t.hex_of(v.hex))
    ]
    pairs = []
    for i, s in enumerate(u.systems):
        if s.kind != KIND_WEAPON or s.failed or not WEAPONS[s.key].direct:
            continue
        w = WEAPONS[s.key]
        longest = max_range(w.k, effective_c(w, u.current_platform))
        pairs += [(i, v) for v in enemies if t.distance(u.hex, v.hex) <= longest]
    rng.shuffle(pairs)
    for i, v in pairs[:4]:
        if not spotted(state, u.side, v):
            continue
        slot = attack_slot(u, i)
        most = slot.shots if slot is not None else WEAPONS[u.systems[i].key].rof
        action = Fire(u.name, i, v.name, rng.randint(1, max(1, most)))
        if _legal(state, u.side, action):
            return action
    return None


def _walk(state: State, u: Unit, rng: random.Random) -> Any | None:
    """A random walk of 1 to 4 steps that the rules accept, or None: steps the terrain
    allows into hexes without a unit of the walker's layer, paid as the rules pay them,
    then the full check (which may refuse it, e.g. next to an enemy)."""
    if u.holding:
        return None
    t = state.map.tables
    steps = t.steps(u.altitude)
    taken = {v.hex for v in state.units if v.alive and v.hex >= 0 and v.air == u.air}
    wrecks = set(state.wrecks)
    pool, slots, speed = u.pool, len(u.slots), u.current_speed
    path = []
    at = u.hex
    for _n in range(rng.randint(1, 4)):
        options = [(n, c) for n, c in steps[at] if n not in taken and n not in path]
        if not options:
            break
        n, cost = rng.choice(options)
        if not u.altitude and n in wrecks:
            cost = 3
        paid = movement.afford(pool, slots, speed, cost)
        if paid is None:
            break
        pool, slots, _opens = paid
        path.append(n)
        at = n
    while path:
        action = Move(u.name, tuple(t.name[h] for h in path))
        if _legal(state, u.side, action):
            return action
        path.pop()
    return None


def _arc(state: State, u: Unit, rng: random.Random) -> Any | None:
    weapons = [
        i for i, s in enumerate(u.systems) if s.kind == KIND_WEAPON and not s.failed and WEAPONS[s.key].arc
    ]
    if not weapons or u.mp_spent:
        return None
    t = state.map.tables
    for _ in range(6):
        i = rng.choice(weapons)
        action = Arc(u.name, i, aim=t.name[rng.randrange(t.count)])
        if _legal(state, u.side, action):
            return action
    return None


def _equipment(state: State, u: Unit, rng: random.Random) -> Any | None:
    keys = {s.key for s in u.systems if s.kind == KIND_EQUIPMENT and not s.failed}
    t = state.map.tables
    if "designator" in keys and rng.random() < 0.5:
        enemies = [
            v
            for v in state.units
            if v.side != u.side and v.alive and v.hex >= 0 and spotted(state, u.side, v)
        ]
        if enemies:
            action = Designate(u.name, rng.choice(enemies).name)
            if _legal(state, u.side, action):
                return action
    if "smoke" in keys:
        near = [n for n in range(t.count) if t.distance(u.hex, n) <= SMOKE_RANGE]
        action = Smoke(u.name, t.name[rng.choice(near)])
        if _legal(state, u.side, action):
            return action
    return None


def _overwatch(state: State, u: Unit, rng: random.Random) -> Any | None:
    weapons = [i for i, s in enumerate(u.systems) if s.kind == KIND_WEAPON and not s.failed]
    if not weapons:
        return None
    i = rng.choice(weapons)
    action = Overwatch(u.name, i, (u.facing - rng.randint(0, 1)) % 6, rng.choice((0, 0, 1, 2)))
    return action if _legal(state, u.side, action) else None


def random_action(state: State, side: int, rng: random.Random) -> Any | None:
    """A random legal action of ``side`` (see the module's description); None when
    ``side`` has nothing to decide."""
    if state.phase == "deploy" or overwatch.asking(state) is not None:
        acts = legal_actions(state, side)
        if not acts:
            return None
        action = rng.choice(acts)
        if isinstance(action, Deploy):  # the sample faces north: any facing will do
            action = Deploy(action.unit, action.hex, rng.randrange(6))
        return action
    u = state.actor()
    if u is None or u.side != side or state.phase != "activation":
        return None
    t = state.map.tables
    if u.passing or u.stuck:
        found = movement.reach(state, u)
        return Move(u.name, tuple(t.name[h] for h in rng.choice(found).path))
    x = rng.random()
    drawn = None
    if x < 0.1:
        return End(u.name)
    if x < 0.5:
        drawn = _fire(state, u, rng)
    elif x < 0.8:
        drawn = _walk(state, u, rng)
    elif x < 0.85:
        drawn = Pivot(u.name, rng.random() < 0.5)
    elif x < 0.88:
        drawn = Hold(u.name)
    elif x < 0.93:
        drawn = _arc(state, u, rng)
    elif x < 0.96:
        drawn = _overwatch(state, u, rng)
    else:
        drawn = _equipment(state, u, rng)
    if drawn is not None and _legal(state, side, drawn):
        return drawn
    drawn = _walk(state, u, rng) if rng.random() < 0.5 else _fire(state, u, rng)
    return drawn if drawn is not None else End(u.name)
