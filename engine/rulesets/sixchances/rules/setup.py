"""Setup (SC-2): checking the set-up (SC-2.2, SC-12.1.8, SC-12.2), the blind split of
the bag (SC-2.1-SC-2.3, SC-AMB-1), the state at the start of the game, and who moves
first (SC-2.7). Every random number comes from the game's dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.ruleset import Event
from engine.rulesets.sixchances.events import BagSplit, RollOff
from engine.rulesets.sixchances.state import Player, Setup, State, Tokens

__all__ = ["decide_first", "draw_split", "new_state", "setup_problems"]


def setup_problems(setup: Setup) -> list[Problem]:
    """What is wrong with ``setup`` (empty when valid): N even and at least 2, K and M
    at least 1, K x M at most 3N / 2 (SC-12.2), K at most 12 on the field (SC-12.1.8),
    and an explicit split of 3N / 2 tokens with at most N of each colour (SC-2.2)."""
    out: list[Problem] = []
    n, k, m = setup.tokens_per_colour, setup.squads, setup.squad_size
    if n < 2 or n % 2:
        out.append(
            Problem("SC-12.2", N_("The tokens per colour must be an even number of at least 2."), {"n": n})
        )
    if k < 1 or m < 1:
        out.append(Problem("SC-12.2", N_("There must be at least one starting squad of at least one token.")))
    elif k * m > 3 * n // 2:
        out.append(
            Problem(
                "SC-12.2",
                N_("{k} squads of {m} tokens need {need} tokens; a reserve holds only {have}."),
                {"k": k, "m": m, "need": k * m, "have": 3 * n // 2},
            )
        )
    if setup.field and k > 12:
        out.append(
            Problem(
                "SC-12.1.8", N_("The field variant allows at most 12 starting squads, one per home cell.")
            )
        )
    if setup.split is not None:
        r, g, b = setup.split
        if r + g + b != 3 * n // 2 or not all(0 <= x <= n for x in (r, g, b)):
            out.append(
                Problem(
                    "SC-2.2",
                    N_("The split must give Player 1 {half} tokens with at most {n} of each colour."),
                    {"half": 3 * n // 2, "n": n},
                )
            )
    return out


def _uniform(dice: Dice, n: int) -> int:
    """A uniform integer 1..n from base-256 dice, by rejection (for bags over 256 tokens)."""
    k = 1
    while 256**k < n:
        k += 1
    span = 256**k
    limit = span - span % n
    while True:
        v = 0
        for f in dice.roll(k, 256).faces:
            v = v * 256 + f - 1
        if v < limit:
            return v % n + 1


def draw_split(n: int, dice: Dice) -> tuple[int, int, int]:
    """Player 1's reserve after the split, as (red, green, blue) tokens (SC-2.2).

    The 3N tokens are numbered 1..N red, N+1..2N green, 2N+1..3N blue. Player 1 draws
    blind: each face of a d(3N) roll names a token, a token already drawn is skipped,
    and the first 3N / 2 different tokens are Player 1's (a uniformly random subset,
    SC-AMB-1). The faces come in batches sized to the expected number of draws.
    """
    total = 3 * n
    take = total // 2
    drawn = bytearray(total + 1)
    counts = [0, 0, 0]
    got = 0
    while got < take:
        if total <= 256:
            batch = int(sum(total / (total - j) for j in range(got, take))) + 4
            faces: Sequence[int] = dice.roll(batch, total).faces
        else:
            faces = (_uniform(dice, total),)
        for f in faces:
            if not drawn[f]:
                drawn[f] = 1
                counts[(f - 1) // n] += 1
                got += 1
                if got == take:
                    break
    return counts[0], counts[1], counts[2]


def new_state(setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
    """The state at the start of the game: the bag split (SC-2.1-SC-2.3), every die
    unused (SC-2.6), both players to build (SC-2.4, SC-2.5).

    Rolls the split unless ``setup.split`` gives it. Raises ``ValueError`` (naming the
    rule) when the set-up breaks SC-2.2, SC-12.1.8 or SC-12.2.
    """
    problems = setup_problems(setup)
    if problems:
        raise ValueError("; ".join(f"{p.text()} ({p.rule})" for p in problems))
    n = setup.tokens_per_colour
    r, g, b = setup.split if setup.split is not None else draw_split(n, dice)
    p1, p2 = Tokens(r, g, b), Tokens(n - r, n - g, n - b)
    state = State(setup=setup, players=[Player(reserve=p1), Player(reserve=p2)], bag=Tokens(0, 0, 0))
    return state, [BagSplit(p1=Tokens(r, g, b), p2=Tokens(n - r, n - g, n - b))]


def decide_first(placed: tuple[int, int], dice: Dice) -> tuple[int, list[RollOff]]:
    """Who moves first (SC-2.7): the player who placed fewer tokens in their starting
    squads; on equal totals a d20 roll-off, Player 1 rolling first, rolled again while
    equal. Returns the side and the roll-off rounds (empty when the totals decided)."""
    if placed[0] != placed[1]:
        return (0 if placed[0] < placed[1] else 1), []
    rounds: list[RollOff] = []
    while True:
        a = dice.roll(1, 20).faces[0]
        b = dice.roll(1, 20).faces[0]
        rounds.append(RollOff(p1=a, p2=b))
        if a != b:
            return (0 if a > b else 1), rounds
