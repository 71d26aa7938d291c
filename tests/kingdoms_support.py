"""Helpers for the Three Kingdoms tests: a battle set up on the scenario map of the
rules (section 3) with only the regiments an example names, played with scripted
dice, and readers of the events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engine.dice import Dice, ScriptedDice
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.catalog import OFFICERS
from engine.rulesets.kingdoms.rules.phase import run
from engine.rulesets.kingdoms.scenario import RegimentSpec, load_bundled
from engine.rulesets.kingdoms.state import Regiment, Setup, State

TYPES = {"inf": "infantry", "cav": "cavalry", "arch": "archers"}
WEAPON = {name: w for _f, name, w in OFFICERS}


def reg(
    rid: str, kind: str, men: int, base: str, officer: str | None = None, **fields: Any
) -> dict[str, Any]:
    """One regiment of an example: id (S.. Shu, W.. Wei), type (inf, cav, arch),
    initial men, base, officer; ``fields`` set anything else of the Regiment
    (strength, morale, arrived_from, mounted, statuses...)."""
    return {"id": rid, "type": TYPES[kind], "men": men, "base": base, "officer": officer, "fields": fields}


def battle(
    phase: int,
    regiments: Sequence[dict[str, Any]],
    control: dict[str, int | None] | None = None,
    scenario: str = "fan_river",
) -> State:
    """The scenario map with only ``regiments``, at the start of ``phase`` (step 0 and
    1 done, waiting for the active side's orders). A base on which only one side's
    regiments stand is that side's (as the examples assume); ``control`` overrides
    (0 Shu, 1 Wei, None neutral)."""
    sc = load_bundled(scenario)
    specs = []
    for r in regiments:
        side = 0 if r["id"].startswith(sc.sides[0].letter) else 1
        specs.append(
            RegimentSpec(
                id=r["id"],
                side=side,
                type=r["type"],
                men=r["men"],
                base=r["base"],
                officer=r["officer"],
                weapon=WEAPON.get(r["officer"]) if r["officer"] else None,
            )
        )
    sc = msgspec.structs.replace(sc, regiments=tuple(specs))
    state, _ = RULESET.new_state(Setup(scenario=sc), Dice(b"support"))
    for r, spec in zip(regiments, specs, strict=True):
        regiment = state.regiment(spec.id)
        for k, v in r["fields"].items():
            setattr(regiment, k, v)
    sides: dict[str, set[int]] = {}
    for regiment in state.regiments:
        sides.setdefault(regiment.base, set()).add(regiment.side)
    for base, present in sides.items():
        if len(present) == 1:
            state.control[base] = next(iter(present))
    for base, side in (control or {}).items():
        state.control[base] = side
    state.phase = phase
    state.step, state.index, state.stage = "start", 0, "orders"
    run(state, Dice(b"start"), [])
    return state


def unit(state: State, rid: str) -> Regiment:
    r = state.regiment(rid)
    assert r is not None, rid
    return r


def play(
    state: State,
    orders: Sequence[str],
    faces: Sequence[int],
    answers: Sequence[str] | Callable[[State], str] = (),
    ready: bool = True,
    leftover: bool = False,
) -> list[Any]:
    """Give ``orders`` (notation) for the active side, declare READY, answer each
    decision with the next of ``answers`` (notation), using exactly the dice
    ``faces`` (unless ``leftover``). Returns every event."""
    dice = ScriptedDice(faces)
    side = state.active
    events: list[Any] = []
    for text in orders:
        events += RULESET.apply(state, side, RULESET.parse_action(state, side, text), dice)
    if ready:
        events += RULESET.apply(state, side, RULESET.parse_action(state, side, "READY"), dice)
    queue = list(answers) if not callable(answers) else None
    while state.stage == "decide":
        seat = state.pending.seat
        text = answers(state) if callable(answers) else queue.pop(0)
        events += RULESET.apply(state, seat, RULESET.parse_action(state, seat, text), dice)
    RULESET.check_invariants(state)
    if not leftover:
        assert dice.remaining() == [], f"dice left over: {dice.remaining()}"
    return events


def of(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def damage(events: Sequence[Any]) -> list[tuple[str, str, int, int, int, int, int, int, int]]:
    """Each damage computation as (dealer, victim, N, R, m, Mt, F, raw, after)."""
    from engine.rulesets.kingdoms.events import Damage

    return [
        (e.dealer, e.victim, e.n, sum(e.faces), e.m, e.mt, e.f, e.raw, e.after) for e in of(events, Damage)
    ]


def morale_rolls(events: Sequence[Any]) -> list[tuple[str, str, int]]:
    """Each morale change rolled, as (regiment, code, signed change)."""
    from engine.rulesets.kingdoms.events import MoraleRoll

    return [(e.regiment, e.code, e.delta) for e in of(events, MoraleRoll)]
