"""Helpers for the Battleline tests: battles of the sample mechs (BLC-7) set up as the
worked examples describe them, orders typed in notation, scripted dice."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.dice import ScriptedDice
from engine.ruleset import get
from engine.rulesets.battleline import scenario
from engine.rulesets.battleline.catalog import PART_INDEX, PARTS
from engine.rulesets.battleline.events import PacketHit
from engine.rulesets.battleline.facts import mech_facts
from engine.rulesets.battleline.roster import Mech, sample_mech
from engine.rulesets.battleline.state import State

RS = get("battleline")


def mech(name: str, **changes) -> Mech:
    """A sample mech (BLC-7), with ``changes`` to its build (e.g. ``legs="JJ"``)."""
    m = sample_mech(name)
    return msgspec.structs.replace(m, **changes) if changes else m


def make(
    names: Sequence[str | Mech],
    preset: str | None = "open",
    *,
    starts: Sequence[int] | None = None,
    turn: int = 1,
    turn_limit: int = 0,
    length: int | None = None,
    cover: Sequence[tuple[int, int]] = (),
) -> State:
    """A battle of the named sample mechs (seat order). Two mechs: the duel ``preset``
    (``"open"``/``"ruins"``) with ``starts`` replacing its start cells; more, or
    ``preset=None``: the default layout of BL-1.6 or a custom line. ``turn``: the
    turn it starts at (a battle "mid-way", as the examples set it)."""
    mechs = [n if isinstance(n, Mech) else mech(n) for n in names]
    if preset is not None and len(mechs) == 2:
        setup = scenario.duel(
            mechs[0], mechs[1], preset, starts=tuple(starts) if starts else None, turn_limit=turn_limit
        )
    else:
        setup = scenario.battle(mechs, length=length, cover=cover, starts=starts, turn_limit=turn_limit)
    state, _ = RS.new_state(setup, ScriptedDice([]))
    state.turn = turn
    return state


def set_parts(state: State, seat: int, **parts: int) -> None:
    """Set current structure of ``seat``'s parts by code: ``set_parts(st, 1, LL=3, LT=4)``."""
    for code, value in parts.items():
        state.mechs[seat].structure[PART_INDEX[code]] = value


def parts(state: State, seat: int) -> dict[str, int]:
    """``seat``'s current structure by part code."""
    return dict(zip(PARTS, state.mechs[seat].structure, strict=True))


def item(state: State, seat: int, label: str) -> int:
    """The index of ``seat``'s item by notation label."""
    return mech_facts(state.setup.mechs[seat]).by_label[label.upper()].index


def play(
    state: State, orders: dict[int, str], dice: Sequence[int] = (), arrival: Sequence[int] | None = None
) -> list:
    """Seal each seat's typed order (in ``arrival`` order, default seat order) with
    scripted ``dice``; every die must be used. Returns every event."""
    scripted = ScriptedDice(dice)
    events: list = []
    for seat in arrival if arrival is not None else sorted(orders):
        action = RS.parse_action(state, seat, orders[seat])
        events += RS.apply(state, seat, action, scripted)
    assert scripted.remaining() == [], f"dice left over: {scripted.remaining()}"
    RS.check_invariants(state)
    return events


def hits(events: list) -> list[PacketHit]:
    """The damage packets of a turn's report, in packet order."""
    return [e for e in events if isinstance(e, PacketHit)]


def of(events: list, kind: type) -> list:
    """The events of type ``kind``."""
    return [e for e in events if isinstance(e, kind)]


def refused_rules(state: State, seat: int, text: str) -> list[str]:
    """The rule IDs of the problems with ``seat``'s typed order, each once (empty: valid)."""
    from engine.rulesets.battleline.notation import parse_order_text

    preview = RS.preview(state, seat, parse_order_text(state, seat, text))
    return list(dict.fromkeys(p.rule for p in preview.problems))
