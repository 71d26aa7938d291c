"""Set positions: a game state written as text, for tutorials, puzzles and tests.

Squads are written ``"1A 5/2/4"`` (label, then Potential/Resilience/Support in
tokens) and, on the field, ``"1A 5/2/4 b2"``. The bag is whatever the table and
the reserves leave of the N tokens of each colour (SC-1.3), so every position
keeps the token invariant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.rulesets.sixchances.catalog import REINFORCEMENT_DICE
from engine.rulesets.sixchances.rules.common import label_index
from engine.rulesets.sixchances.rules.flow import forced_reinforcement
from engine.rulesets.sixchances.state import Phase, Player, Setup, Squad, State, Tokens

__all__ = ["parse_squad", "position"]

_SQUAD = re.compile(r"^\s*([12][A-Z]+)\s+(\d+)/(\d+)/(\d+)(?:\s+([a-f][1-4]))?\s*$")


def parse_squad(text: str) -> Squad:
    """A squad from ``"1A 5/2/4"`` or ``"1A 5/2/4 b2"``. Raises ``ValueError``."""
    m = _SQUAD.match(text)
    if m is None:
        raise ValueError(f"not a squad: {text!r} (write e.g. '1A 5/2/4' or '1A 5/2/4 b2')")
    return Squad(m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(5))


def position(
    p1: Sequence[str],
    p2: Sequence[str],
    *,
    reserves: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
    unused_dice: tuple[Sequence[int], Sequence[int]] = (REINFORCEMENT_DICE, REINFORCEMENT_DICE),
    labels: tuple[int, int] | None = None,
    active: int = 0,
    phase: Phase = "attack",
    setup: Setup | None = None,
    turn: int = 1,
    idle: int = 0,
    die: int = 0,
    allowance: int = 0,
) -> State:
    """A state in the middle of a game.

    ``p1``/``p2``: each player's squads on the table (see :func:`parse_squad`);
    ``reserves``: each reserve as (red, green, blue) tokens; ``unused_dice``: each
    player's unused reinforcement dice by faces; ``labels``: how many labels each
    player has issued (default: one past the highest label on the table, and at
    least K); ``active``: whose turn; ``phase``: ``"attack"``, ``"support"`` or
    ``"regroup"`` (then ``die``, no longer among the unused dice, and ``allowance``
    give the roll); ``turn`` and
    ``idle`` (consecutive idle turns). The forced-reinforcement flag is derived as
    at the start of the Support step (SC-9.8). Raises ``ValueError`` when the table
    and the reserves hold more than N tokens of a colour.
    """
    setup = setup or Setup()
    n = setup.tokens_per_colour
    players = []
    for side, specs in enumerate((p1, p2)):
        squads = [parse_squad(t) for t in specs]
        for sq in squads:
            if int(sq.label[0]) != side + 1:
                raise ValueError(f"squad {sq.label} is not Player {side + 1}'s")
        issued = max([setup.squads, *(label_index(sq.label) + 1 for sq in squads)])
        if labels is not None:
            issued = labels[side]
        players.append(
            Player(
                reserve=Tokens(*reserves[side]),
                squads=squads,
                dice=sorted(unused_dice[side]),
                labels=issued,
            )
        )
    bag = [n, n, n]
    for p in players:
        bag[0] -= p.reserve.pot + sum(sq.pot for sq in p.squads)
        bag[1] -= p.reserve.res + sum(sq.res for sq in p.squads)
        bag[2] -= p.reserve.sup + sum(sq.sup for sq in p.squads)
    if min(bag) < 0:
        raise ValueError(f"more than {n} tokens of a colour on the table and in the reserves")
    state = State(
        setup=setup,
        players=players,
        bag=Tokens(*bag),
        phase=phase,
        active=active,
        first=0,
        turn=turn,
        idle=idle,
        die=die,
        allowance=allowance,
    )
    if phase == "support":
        state.forced = forced_reinforcement(state, active)[0]
    elif phase == "regroup":
        # as at the start of the Support step, before the die was rolled
        me = state.players[active]
        kept = me.dice
        me.dice = sorted([*kept, die])
        state.forced = forced_reinforcement(state, active)[0]
        me.dice = kept
        state.reinforced = True
    return state
