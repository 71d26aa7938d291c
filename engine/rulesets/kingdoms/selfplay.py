"""The simplest player: uniformly random legal choices, for selfplay, fuzzing and
benchmarks. It is given what a seat is given: the state only through the rules'
own functions, and it chooses among the legal actions they list."""

from __future__ import annotations

import random
from typing import Any

from engine.rulesets.kingdoms.actions import Cancel, Defend, Ready
from engine.rulesets.kingdoms.options import legal_actions, proposals
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.control import home_hq
from engine.rulesets.kingdoms.rules.orders import draft_problems, order_problem
from engine.rulesets.kingdoms.rules.phase import to_act
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = ["random_action"]


def random_action(state: State, side: int, rng: random.Random) -> Any | None:
    """A random legal action of ``side``, or None when it has none. A decision gets a
    random answer. While writing orders: a random order for a random regiment that
    has none yet (sometimes none is given, so it defends; the last regiment on its own
    headquarters mostly holds it); then READY, after taking back any order that would
    stop it (TK-2.8)."""
    if side not in to_act(state):
        return None
    if state.stage == "decide":
        answers = legal_actions(state, side)
        return rng.choice(answers) if answers else None
    bd = board(state)
    p = state.phase
    ordered = {o.regiment for o in state.orders}
    free = [
        r
        for r in state.regiments
        if r.on_map
        and r.side == side
        and r.id not in ordered
        and not r.panicking(p)
        and r.id not in state.notes.used
    ]
    if free and rng.random() < 0.85:
        reg = rng.choice(free)
        if _last_on_home(state, reg) and rng.random() < 0.9:
            return Defend(regiment=reg.id)
        raw = proposals(state, bd, reg)
        rng.shuffle(raw)
        for order in raw:  # the first that passes the one check of validity
            if order_problem(state, bd, order) is None:
                return order
    problems = draft_problems(state, bd, state.orders)
    if problems:
        return Cancel(regiment=rng.choice(sorted(problems)))
    return Ready()


def _last_on_home(state: State, reg: Regiment) -> bool:
    """Whether ``reg`` is its side's last regiment on the headquarters it owns (a
    random player with the sense not to hand the battle over by leaving it, TK-18.1)."""
    hq = home_hq(state, reg.side)
    return reg.base == hq and state.count(hq, reg.side) == 1
