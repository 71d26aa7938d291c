"""The game state of Six Chances Party (msgspec Structs).

Every token is in exactly one place: the bag, a player's reserve, or one squad
(SC-1.3). Tokens of a colour are interchangeable (SC-1.2), so each place is
stored as three counts, one per stat: Potential (red), Resilience (green),
Support (blue). Sides are 0 (Player 1) and 1 (Player 2).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from engine.rulesets.sixchances.catalog import (
    DEFAULT_SQUAD_SIZE,
    DEFAULT_SQUADS,
    DEFAULT_TOKENS_PER_COLOUR,
    REINFORCEMENT_DICE,
    STALEMATE_TURNS,
    STALEMATE_TURNS_FIELD,
)

__all__ = [
    "Pending",
    "Phase",
    "Player",
    "Setup",
    "Squad",
    "SquadOrder",
    "State",
    "Tokens",
    "squad_label",
]

#: Where the game stands (SC-4.2): building the starting squads (SC-2.4); the active
#: player's Attack step; the opponent choosing the defending stat; the active player's
#: Support step (choosing a reinforcement die or ending the turn); the rearrangement
#: after a reinforcement roll; the game is over.
Phase = Literal["build", "attack", "defend", "support", "regroup", "over"]


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """The game's options, fixed before setup.

    ``field``: play the optional field variant (SC-12.1). ``tokens_per_colour`` (N),
    ``squads`` (K) and ``squad_size`` (M, tokens): the custom starting values of
    SC-12.2 (defaults 50, 4, 10). ``split``: Player 1's reserve after the split as
    (red, green, blue) tokens, for tests and set positions (SC-2.2); None draws it
    with the game's dice.
    """

    field: bool = False
    tokens_per_colour: int = DEFAULT_TOKENS_PER_COLOUR
    squads: int = DEFAULT_SQUADS
    squad_size: int = DEFAULT_SQUAD_SIZE
    split: tuple[int, int, int] | None = None

    @property
    def reserve_size(self) -> int:
        """Tokens each player receives from the bag: 3N / 2 (SC-2.2, SC-12.2)."""
        return 3 * self.tokens_per_colour // 2

    @property
    def reserve_left(self) -> int:
        """Tokens each player keeps in reserve once the starting squads are built:
        3N / 2 - K x M (35 in the standard game; SC-2.4, SC-12.2)."""
        return self.reserve_size - self.squads * self.squad_size

    @property
    def stalemate_turns(self) -> int:
        """Consecutive idle turns that end the game: 6, or 12 on the field (SC-11.5, SC-12.1.6)."""
        return STALEMATE_TURNS_FIELD if self.field else STALEMATE_TURNS


class Tokens(msgspec.Struct, array_like=True):
    """Counts of tokens by colour in one place: ``pot`` red, ``res`` green, ``sup`` blue."""

    pot: int = 0
    res: int = 0
    sup: int = 0

    @property
    def total(self) -> int:
        """All tokens here."""
        return self.pot + self.res + self.sup


class SquadOrder(msgspec.Struct, frozen=True, array_like=True):
    """One starting squad as ordered while building (SC-2.4): its levels in tokens,
    and its cell in the field variant (SC-12.1.2), else None."""

    pot: int
    res: int
    sup: int
    cell: str | None = None

    @property
    def total(self) -> int:
        """Tokens in the squad."""
        return self.pot + self.res + self.sup


class Squad(msgspec.Struct):
    """A squad on the table (SC-1.6): its label (SC-1.7), its three stat levels in
    tokens, and its cell in the field variant (else None)."""

    label: str
    pot: int
    res: int
    sup: int
    cell: str | None = None

    @property
    def total(self) -> int:
        """Tokens in the squad (never 0 on the table: SC-8.1)."""
        return self.pot + self.res + self.sup

    def level(self, stat: str) -> int:
        """The level of ``stat`` (``"pot"``, ``"res"`` or ``"sup"``), in tokens."""
        return self.pot if stat == "pot" else self.res if stat == "res" else self.sup


class Player(msgspec.Struct):
    """One player's possessions.

    ``reserve``: tokens beside the table (SC-1.5). ``squads``: squads on the table, in
    label order. ``dice``: unused reinforcement dice, by faces, ascending (SC-1.9).
    ``labels``: how many squad labels this player has issued (the next label's index,
    SC-1.7). ``order``: the sealed starting squads while building, before the reveal
    (SC-2.5), else None.
    """

    reserve: Tokens
    squads: list[Squad] = msgspec.field(default_factory=list)
    dice: list[int] = msgspec.field(default_factory=lambda: list(REINFORCEMENT_DICE))
    labels: int = 0
    order: tuple[SquadOrder, ...] | None = None

    @property
    def on_table(self) -> int:
        """Tokens in this player's squads."""
        return sum(sq.pot + sq.res + sq.sup for sq in self.squads)

    @property
    def remaining(self) -> int:
        """Remaining total (SC-1.8): tokens in squads plus reserve, i.e. not lost to the bag."""
        return self.on_table + self.reserve.total

    def squad(self, label: str) -> Squad | None:
        """The squad on the table with that label, or None."""
        for sq in self.squads:
            if sq.label == label:
                return sq
        return None


class Pending(msgspec.Struct):
    """A declared attack awaiting the defending stat (SC-5.1-SC-5.3): the attacking and
    target squads' labels, the attack die (faces) and the attack roll."""

    attacker: str
    target: str
    die: int
    roll: int


class State(msgspec.Struct, kw_only=True):
    """The whole game.

    ``phase`` (see :data:`Phase`); ``active``: the side whose turn it is (SC-4.1);
    ``first``: who moved first (SC-2.7), None while building; ``turn``: 1-based turn
    number (0 while building); ``pending``: the declared attack while the defender
    chooses; ``die``/``allowance``: the reinforcement die rolled this turn and its
    result (SC-9.3); ``forced``: this Support step must bring Potential onto the table
    (SC-9.8); ``acted``: the active player attacked (or moved, on the field) this turn
    (SC-4.6); ``productive``/``reinforced``: what made this turn not idle (SC-11.6);
    ``idle``: consecutive idle turns so far (SC-11.5); ``winner``/``ending``: the
    result once over (side or None for a draw; condition ``"a"``-``"d"``, SC-11.7).
    """

    setup: Setup
    players: list[Player]
    bag: Tokens
    phase: Phase = "build"
    active: int = 0
    first: int | None = None
    turn: int = 0
    pending: Pending | None = None
    die: int = 0
    allowance: int = 0
    forced: bool = False
    acted: bool = False
    productive: bool = False
    reinforced: bool = False
    idle: int = 0
    winner: int | None = None
    ending: str = ""


@cache
def squad_label(side: int, index: int) -> str:
    """The label of ``side``'s squad number ``index`` (0-based, in order of creation):
    ``1A``..``1Z``, then ``1AA``, ``1AB``, ... (SC-1.7)."""
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{side + 1}{letters}"
