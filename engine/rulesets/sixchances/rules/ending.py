"""The end of the game (SC-11): the end-of-game check (SC-11.2-SC-11.5 in order), the
result (SC-11.7), and closing the game once the check says it is over.
"""

from __future__ import annotations

from engine.ruleset import Event, Result
from engine.rulesets.sixchances.catalog import ENDING_RULES, ENDINGS
from engine.rulesets.sixchances.events import GameOver
from engine.rulesets.sixchances.rules.common import out_of_potential
from engine.rulesets.sixchances.state import State

__all__ = ["end_check", "finish", "result"]


def end_check(state: State) -> tuple[int | None, str] | None:
    """The end-of-game check (SC-11.1): SC-11.2 to SC-11.5 in that order.

    Returns (winner or None for a draw, condition ``"a"``-``"d"``), or None when play
    goes on. Remaining totals are squads plus reserve (SC-1.8).
    """
    p1, p2 = state.players
    ann1 = not p1.squads and not p1.dice
    ann2 = not p2.squads and not p2.dice
    if ann1 and ann2:
        return None, "a"
    if ann1:
        return 1, "a"
    if ann2:
        return 0, "a"
    out1, out2 = out_of_potential(p1), out_of_potential(p2)
    stalemate = state.idle >= state.setup.stalemate_turns
    if not (out1 or out2 or stalemate):
        return None
    t1, t2 = p1.remaining, p2.remaining
    if out1 and out2:
        return (0 if t1 > t2 else 1 if t2 > t1 else None), "b"
    if out1 and t2 > t1:
        return 1, "c"
    if out2 and t1 > t2:
        return 0, "c"
    if stalemate:
        return (0 if t1 > t2 else 1 if t2 > t1 else None), "d"
    return None


def result(state: State) -> Result | None:
    """The result once the game is over (SC-11.7), else None. ``reason`` is the end
    condition's untranslated name, ``rule`` its rule ID, ``scores`` the remaining totals."""
    if state.phase != "over":
        return None
    scores = (state.players[0].remaining, state.players[1].remaining)
    reason, rule = ENDINGS[state.ending], ENDING_RULES[state.ending]
    if state.winner is None:
        return Result.drawn((0, 1), reason, rule, scores)
    return Result.won(state.winner, reason, rule, scores)


def finish(state: State, end: tuple[int | None, str], events: list[Event]) -> None:
    """Close the game in place with ``end`` (winner or None for a draw, condition
    ``"a"``-``"d"``, as :func:`end_check` returns it, SC-11.7) and add the
    :class:`GameOver` event with the remaining totals (SC-1.8)."""
    winner, ending = end
    state.phase = "over"
    state.winner, state.ending = winner, ending
    state.pending = None
    state.forced = False
    events.append(
        GameOver(
            winner=winner, ending=ending, totals=(state.players[0].remaining, state.players[1].remaining)
        )
    )
