"""Helpers for the Going Ballistic tests: positions, scripted plays, lookups."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.dice import ScriptedDice
from engine.ruleset import get
from engine.rulesets.ballistic.scenario import position
from engine.rulesets.ballistic.state import SLOT_MOVE, Slot, State, Unit

RS = get("ballistic")

__all__ = ["RS", "acted", "events_of", "play", "position", "snapshot", "unit"]


def unit(state: State, name: str) -> Unit:
    """The unit called ``name`` (names differ in the tests' positions)."""
    found = [u for u in state.units if u.name == name]
    assert len(found) == 1, name
    return found[0]


def snapshot(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def play(state: State, side: int, text: str, faces: Sequence[int] = ()) -> list:
    """Play ``text`` (notation) for ``side`` with the scripted dice ``faces``, all of which
    must be drawn; returns the events."""
    dice = ScriptedDice(faces)
    action = RS.parse_action(state, side, text)
    events = RS.apply(state, side, action, dice)
    assert dice.remaining() == [], f"dice left over: {dice.remaining()}"
    RS.check_invariants(state)
    return events


def events_of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def acted(u: Unit, moves: int = 0, mp: int = 0, entered: int = 0) -> None:
    """Give ``u`` the record of having moved earlier this turn: ``moves`` Move actions,
    ``mp`` MP spent, ``entered`` hexes entered."""
    u.slots = [Slot(SLOT_MOVE) for _ in range(moves)]
    u.mp_spent = mp
    u.entered = entered


def finish_turn(state: State, faces: Sequence[int] = ()) -> list:
    """Every unit still to act this turn ends its activation; the last end draws ``faces``
    (the next turn's projectile phase and initiative). Returns the events."""
    turn = state.turn
    events: list = []
    while state.turn == turn and state.phase == "activation":
        u = state.actor()
        assert u is not None
        last = state.active == len(state.order) - 1 or all(
            not state.units[n].alive for n in state.order[state.active + 1 :]
        )
        events += play(state, u.side, f"{u.name} end", faces if last else ())
    return events


__all__ += ["finish_turn"]
