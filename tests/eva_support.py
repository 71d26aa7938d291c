"""Helpers for Eva rule tests: build a position from a worked example's words.

``make_state`` puts named Evas on an open board (obstacles given as
``{"B9": "y"}``) in the battle phase; ``play`` parses one action in notation,
applies it with scripted dice and checks that exactly those dice were drawn.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.dice import ScriptedDice
from engine.geometry.square import parse_square
from engine.rulesets.eva import notation, rules
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry
from engine.rulesets.eva.scenario import EvaMap
from engine.rulesets.eva.state import BATTLE, EvaSetup, EvaState

W = 20


def idx(name: str) -> int:
    """Square name → flat index."""
    x, y = parse_square(name)
    return (y - 1) * W + (x - 1)


def open_map(terrain: dict[str, str] | None = None) -> EvaMap:
    """A 20 x 30 map, open but for the given squares (colour letters r y g b)."""
    grid = [["."] * 20 for _ in range(30)]
    for y in (1, 2, 3, 28, 29, 30):
        grid[30 - y] = ["-"] * 20
    for name, c in (terrain or {}).items():
        x, y = parse_square(name)
        grid[30 - y][x - 1] = c
    return EvaMap(key="test", title="Test", rows=["".join(r) for r in grid])


def entry(spec: dict[str, Any]) -> EvaEntry:
    weapons = []
    for w in spec.get("weapons", []):
        weapons.append(WeaponEntry(w[0], True) if isinstance(w, tuple) else WeaponEntry(w))
    return EvaEntry(
        name=spec["name"], weapons=weapons, at=spec.get("at", 0), equipment=list(spec.get("equipment", []))
    )


def make_state(
    units: list[dict[str, Any]],
    terrain: dict[str, str] | None = None,
    *,
    round: int = 1,
    turn: int = 0,
) -> EvaState:
    """A battle-phase state. Each unit dict: name, side (0/1), square, and optionally
    weapons (codes, or (code, True) for automatic fire), hands (labels held; default
    every weapon that fits, in order), at, equipment, armour, airborne, kneeling,
    shield_points, activated, berserk."""
    rosters = [Roster(name="P1", evas=[]), Roster(name="P2", evas=[])]
    for spec in units:
        rosters[spec["side"]].evas.append(entry(spec))
    setup = EvaSetup(map=open_map(terrain), rosters=rosters)
    # build units the way the game does, without roll-offs
    state, _events = rules.new_state(setup, ScriptedDice([1, 2]))
    state.phase = BATTLE
    state.round = round
    state.turn = turn
    state.first = turn
    order = [s for s in units if s["side"] == 0] + [s for s in units if s["side"] == 1]
    for spec, u in zip(order, state.units, strict=True):
        u.square = idx(spec["square"])
        u.deployed = True
        if "hands" in spec:
            u.hands = sorted(
                next(i for i, it in enumerate(u.items) if it.label == lab) for lab in spec["hands"]
            )
        else:
            best: list[int] = []
            for h in rules.hand_configs(u):
                if len(h) > len(best) and all(u.items[i].code != "shield" for i in h):
                    best = h
            u.hands = best
        for key in ("armour", "airborne", "kneeling", "shield_points", "activated", "berserk", "pinned"):
            if key in spec:
                setattr(u, key, spec[key])
    return state


def unit(state: EvaState, name: str):
    """The unit of that name."""
    return next(u for u in state.units if u.name == name)


def uidx(state: EvaState, name: str) -> int:
    return next(i for i, u in enumerate(state.units) if u.name == name)


def play(state: EvaState, side: int, text: str, faces: list[int] | tuple[int, ...] = ()) -> list:
    """Parse ``text`` for ``side``, apply it with exactly ``faces`` as dice."""
    action = notation.parse_action(state, side, text)
    dice = ScriptedDice(faces)
    out = rules.apply(state, side, action, dice)
    assert dice.remaining() == [], f"dice not drawn: {dice.remaining()}"
    return out


def start(state: EvaState, name: str, faces: list[int] | tuple[int, ...] = (), berserk: bool = False) -> list:
    """Activate the named Eva (its side must be to act)."""
    side = unit(state, name).side
    state.turn = side
    return play(state, side, f"activate {name}" + (" berserk" if berserk else ""), faces)


def snapshot(state: EvaState) -> bytes:
    """The state's encoding, to check that a refused action changed nothing."""
    return msgspec.msgpack.encode(state)


def of(events: list, kind: type) -> list:
    """Events of one type."""
    return [e for e in events if isinstance(e, kind)]
