"""A one-line plain English summary of a state, for a list of saves."""

from __future__ import annotations

from engine.rulesets.sixchances.catalog import ENDING_WHY, ENDINGS
from engine.rulesets.sixchances.state import State

__all__ = ["summary"]

_STEP_WORDS = {"attack": "Attack step", "support": "Support step", "regroup": "Support step"}


def summary(state: State) -> str:
    """One plain English line for a list of saves: the turn and who decides (or the
    result and how it came), then each player's remaining total (SC-1.8), squads and
    unused reinforcement dice, e.g. ``Turn 4: Player 2 defends. Player 1: 4 squads, 75
    tokens, 5 dice; Player 2: ...``."""
    if state.phase == "over":
        if state.winner is None or state.ending not in ENDING_WHY:
            head = f"Draw ({ENDINGS.get(state.ending, state.ending)}) after {state.turn} turns"
        else:
            w = state.winner
            why = ENDING_WHY[state.ending].format(winner=f"Player {w + 1}", loser=f"Player {2 - w}")
            head = f"Player {w + 1} wins: {why}, after {state.turn} turns"
    elif state.phase == "build":
        sealed = [f"Player {s + 1}" for s, p in enumerate(state.players) if p.order is not None]
        head = "Building the starting squads" + (f" ({sealed[0]} has sealed)" if sealed else "")
    elif state.phase == "defend":
        head = f"Turn {state.turn}: Player {2 - state.active} defends"
    else:
        head = f"Turn {state.turn}: Player {state.active + 1}, {_STEP_WORDS.get(state.phase, state.phase)}"
    if state.phase == "build":
        return head
    parts = []
    for side, p in enumerate(state.players):
        squads = "1 squad" if len(p.squads) == 1 else f"{len(p.squads)} squads"
        dice = "1 die" if len(p.dice) == 1 else f"{len(p.dice) or 'no'} dice"
        parts.append(f"Player {side + 1}: {p.remaining} tokens, {squads}, {dice}")
    return f"{head}. " + "; ".join(parts)
