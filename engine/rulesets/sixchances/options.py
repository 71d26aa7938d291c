"""What a side may choose now, in a form a UI can show without computing any rule.

:func:`engine.rulesets.sixchances.rules.options` returns one of these structs
(a msgspec tagged union). Probabilities are exact :class:`fractions.Fraction`
values (encode them with ``enc_hook=str``, decode with ``dec_hook=Fraction``);
counts are in tokens; dice are given by their number of faces.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from engine.rosterfile import Problem
from engine.rulesets.sixchances.state import Squad, SquadOrder, Tokens

__all__ = [
    "AttackChoice",
    "AttackOptions",
    "BuildCheck",
    "BuildOptions",
    "DefenceChoice",
    "DefenceOptions",
    "DraftSquad",
    "MoveChoice",
    "Options",
    "RegroupCheck",
    "RegroupOptions",
    "StatOdds",
    "SupportOptions",
    "Waiting",
]


class BuildOptions(msgspec.Struct, tag="build", kw_only=True):
    """Building the starting squads (SC-2.4, SC-2.5).

    ``reserve``: the side's tokens to build from; ``squads`` (K) squads of exactly
    ``squad_size`` (M) tokens each; ``cells``: the home-zone cells to place them on
    (field variant, SC-12.1.2), else empty; ``sealed``: this side has already sealed
    its order (then nothing is left to choose); ``suggestions``: valid orders a UI may
    offer as starting points.
    """

    reserve: Tokens
    squads: int
    squad_size: int
    cells: tuple[str, ...] = ()
    sealed: bool = False
    sealed_order: tuple[SquadOrder, ...] = ()
    suggestions: tuple[tuple[SquadOrder, ...], ...] = ()


class StatOdds(msgspec.Struct, frozen=True, kw_only=True):
    """One stat the target could defend with, seen by the attacker before declaring.

    ``p_attacker_wins``: exact chance the attack roll is >= the defence roll (section 5);
    ``removed_if_win``: tokens of that stat removed if the attacker wins (SC-6.3);
    ``losses_if_fail``: Potential tokens the attacker loses if the defender wins (SC-7.2);
    ``expected_removed`` / ``expected_losses``: those counts times their chances.
    """

    stat: str
    level: int
    die: int
    p_attacker_wins: Fraction
    removed_if_win: int
    losses_if_fail: int
    expected_removed: Fraction
    expected_losses: Fraction


class AttackChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One legal attack (SC-5.1): squads by label, the attack die, whether the attack is
    productive (SC-11.6), Protection and Damage if it wins (SC-6.1, SC-6.2), and the odds
    for each stat the target could defend with (the defender chooses after the roll)."""

    attacker: str
    target: str
    die: int
    productive: bool
    protection: int
    damage: int
    defences: tuple[StatOdds, ...]


class MoveChoice(msgspec.Struct, frozen=True, kw_only=True):
    """Field variant: squad ``squad`` on ``cell`` may move to any of ``to`` (SC-12.1.4)."""

    squad: str
    cell: str
    to: tuple[str, ...]


class AttackOptions(msgspec.Struct, tag="attack", kw_only=True):
    """The active player's Attack step (SC-4.2, SC-5.1).

    ``attacks``: every legal attack with its odds; ``must_attack``: an attack is
    mandatory (SC-4.4; never on the field); ``moves`` and ``can_pass``: the field
    variant's other choices (SC-12.1.4); ``cannot_attack``: for each of the side's
    squads that has no legal attack, why (the rule and the message), e.g. no
    Potential (SC-5.1) or no enemy squad on an adjacent cell (SC-12.1.4).
    """

    attacks: tuple[AttackChoice, ...]
    must_attack: bool
    moves: tuple[MoveChoice, ...] = ()
    can_pass: bool = False
    cannot_attack: dict[str, Problem] = {}


class DefenceChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One stat the defender may choose after seeing the attack roll (SC-5.3).

    ``p_defence_beats``: exact chance its defence roll beats the attack roll (the
    defender wins, SC-5.5); ``p_attacker_wins`` = 1 - that; ``removed_if_attacker_wins``:
    tokens of this stat lost then (SC-6.3); ``attacker_losses_if_defence_wins``: Potential
    tokens the attacker loses then (SC-7.2); ``expected_removed``: expected tokens lost.
    """

    stat: str
    level: int
    die: int
    p_defence_beats: Fraction
    p_attacker_wins: Fraction
    removed_if_attacker_wins: int
    attacker_losses_if_defence_wins: int
    expected_removed: Fraction


class DefenceOptions(msgspec.Struct, tag="defend", kw_only=True):
    """The defender's choice of defending stat after the attack roll (SC-5.3)."""

    attacker: str
    target: str
    attack_die: int
    attack_roll: int
    protection: int
    damage: int
    choices: tuple[DefenceChoice, ...]


class SupportOptions(msgspec.Struct, tag="support", kw_only=True):
    """The active player's Support step (SC-9.1-SC-9.3, SC-9.8).

    ``dice``: unused reinforcement dice by faces; ``forced``: reinforcing is mandatory
    and must bring at least one Potential token from the reserve onto the table
    (SC-9.8); ``can_end``: the turn may end without reinforcing; ``lapsed``: a forced
    reinforcement lapsed for lack of room (field variant, SC-12.1.9).
    """

    dice: tuple[int, ...]
    forced: bool
    can_end: bool
    lapsed: bool = False


class RegroupOptions(msgspec.Struct, tag="regroup", kw_only=True):
    """The rearrangement after a reinforcement roll (SC-9.4-SC-9.8).

    ``die``/``allowance``: the die rolled and its result, the most tokens that may end
    up in a different place; ``cost rule``: cost = sum over places and colours of the
    increases, net of everything (SC-9.5) -- call ``RULESET.check_regroup`` to price a
    proposal live. ``reserve``/``squads``: the layout before; ``new_label``: the label a
    new squad takes (at most ``max_new_squads``, SC-9.6); ``new_cells``: where it may be
    placed (field variant, SC-12.1.5); ``forced``: at least one red token must leave
    the reserve (SC-9.8).
    """

    die: int
    allowance: int
    forced: bool
    reserve: Tokens
    squads: tuple[Squad, ...]
    new_label: str
    max_new_squads: int = 1
    new_cells: tuple[str, ...] = ()


class Waiting(msgspec.Struct, tag="wait", kw_only=True):
    """Nothing to choose now: ``waiting_for`` lists the sides that must decide (empty
    when the game is over)."""

    waiting_for: tuple[int, ...]


class RegroupCheck(msgspec.Struct, kw_only=True):
    """The price and legality of a proposed rearrangement (SC-9.5), for a live display.

    ``cost`` and ``allowance`` in tokens; ``problems`` (each with its rule ID) empty
    when the proposal is legal; ``reserve``/``squads``: the layout it would give (only
    squads that keep tokens; a new squad included); ``new_squad``: its label or "";
    ``disbanded``: labels of squads it would empty (SC-9.7); ``red_from_reserve``: how
    many red tokens would leave the reserve (net; SC-9.8); ``dice``: the die (faces, 0
    for none) each stat of each squad in ``squads`` would roll, by label (SC-3.1, SC-3.3).
    """

    cost: int
    allowance: int
    problems: tuple[Problem, ...]
    reserve: Tokens
    squads: tuple[Squad, ...]
    new_squad: str
    disbanded: tuple[str, ...]
    red_from_reserve: int
    dice: dict[str, tuple[int, int, int]] = {}

    @property
    def legal(self) -> bool:
        """True when the proposal may be played."""
        return not self.problems


class DraftSquad(msgspec.Struct, frozen=True, kw_only=True):
    """One squad of a starting order being built, as the rules judge it: its future
    ``label`` (SC-1.7), ``total`` tokens, whether that is exactly the squad size M
    (``size_ok``, SC-2.4), and the die (faces, 0 for none) each stat would roll
    (SC-3.1, SC-3.3)."""

    label: str
    total: int
    size_ok: bool
    dice: tuple[int, int, int]


class BuildCheck(msgspec.Struct, kw_only=True):
    """A starting order checked before it is sealed (SC-2.4, SC-12.1.2), for a live
    display: ``problems`` (each with its rule ID, empty when the order may be sealed),
    each squad's verdict (``squads``, in label order), and the tokens of each colour
    the reserve would keep (``reserve_left``, never below 0: a shortfall is a
    problem)."""

    problems: tuple[Problem, ...]
    squads: tuple[DraftSquad, ...]
    reserve_left: Tokens

    @property
    def legal(self) -> bool:
        """True when the order may be sealed."""
        return not self.problems


#: Every options shape, as a msgspec tagged union.
Options = BuildOptions | AttackOptions | DefenceOptions | SupportOptions | RegroupOptions | Waiting
