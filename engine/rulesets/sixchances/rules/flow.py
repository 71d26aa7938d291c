"""Turn flow (SC-4.2): Attack step (``phase == "attack"``) -> Defence step
(``"defend"``, the opponent decides) -> Support step (``"support"``, then
``"regroup"`` after a reinforcement roll) -> end-of-turn check (SC-11.1) -> the
opponent's turn. Steps with nothing to decide are passed automatically
(SC-4.5, SC-4.6); whether reinforcing is forced or has lapsed is judged at the
start of the Support step (SC-9.8, SC-9.9, SC-12.1.9).
"""

from __future__ import annotations

from engine.ruleset import Event
from engine.rulesets.sixchances.board import neighbours
from engine.rulesets.sixchances.events import CannotAttack, ForcedLapsed, TurnBegan, TurnEnded
from engine.rulesets.sixchances.rules.common import (
    able_to_attack,
    has_potential,
    new_squad_cells,
    occupied_cells,
)
from engine.rulesets.sixchances.rules.ending import end_check, finish
from engine.rulesets.sixchances.state import State

__all__ = ["advance", "forced_reinforcement"]


def _field_has_choice(state: State, side: int) -> bool:
    """Field variant: something other than passing is possible (an attack or a move)."""
    if able_to_attack(state, side):
        return True
    occupied = occupied_cells(state)
    return any(
        sq.cell and any(c not in occupied for c in neighbours(sq.cell)) for sq in state.players[side].squads
    )


def forced_reinforcement(state: State, side: int) -> tuple[bool, bool]:
    """(forced, lapsed) at the start of ``side``'s Support step (SC-9.8, SC-9.9, SC-12.1.9)."""
    me = state.players[side]
    if not me.dice or me.reserve.pot == 0 or has_potential(me.squads):
        return False, False
    if state.setup.field and not me.squads and not new_squad_cells(state, side):
        return False, True
    return True, False


def advance(state: State, events: list[Event], step: str) -> None:
    """Run the turn forward from ``step`` ("begin", "support" or "end") until a side has
    a decision to make or the game ends (SC-4.2, SC-4.5, SC-4.6, SC-11.1)."""
    setup = state.setup
    while True:
        side = state.active
        if step == "begin":
            state.turn += 1
            state.acted = state.productive = state.reinforced = state.forced = False
            state.pending = None
            state.die = state.allowance = 0
            events.append(TurnBegan(side=side, turn=state.turn))
            if setup.field:
                if _field_has_choice(state, side):
                    state.phase = "attack"
                    return
            elif able_to_attack(state, side):
                state.phase = "attack"
                return
            events.append(CannotAttack(side=side))
            step = "support"
        elif step == "support":
            if state.players[side].dice:
                forced, lapsed = forced_reinforcement(state, side)
                if lapsed:
                    events.append(ForcedLapsed(side=side))
                state.forced = forced
                state.phase = "support"
                return
            step = "end"
        else:
            idle = not (state.productive or state.reinforced)
            state.idle = state.idle + 1 if idle else 0
            events.append(
                TurnEnded(
                    side=side,
                    skipped=not (state.acted or state.reinforced),
                    idle=state.idle,
                    limit=setup.stalemate_turns,
                )
            )
            state.forced = False
            state.die = state.allowance = 0
            end = end_check(state)
            if end is not None:
                finish(state, end, events)
                return
            state.active = 1 - side
            step = "begin"
