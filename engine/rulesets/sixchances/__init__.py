"""Six Chances Party: squads of coloured tokens, six one-shot reinforcement dice.

``RULESET`` implements :class:`engine.ruleset.Ruleset` for the specification
``rules/sixchances.md`` (rule IDs SC-n). Sides are 0 (Player 1) and 1
(Player 2). Beyond the protocol it offers :meth:`SixChances.check_invariants`
(for selfplay), :meth:`SixChances.random_action` (for bots and benchmarks),
:meth:`SixChances.check_regroup` (a live price of a proposed
rearrangement, SC-9.5) and :meth:`SixChances.validate_build` (problems with a
starting order, SC-2.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.dice import Dice
from engine.rosterfile import Problem
from engine.ruleset import Event, Result
from engine.rulesets.sixchances import rules
from engine.rulesets.sixchances.actions import Action, Regroup, format_action
from engine.rulesets.sixchances.events import SCEvent
from engine.rulesets.sixchances.options import RegroupCheck
from engine.rulesets.sixchances.roster import build_problems
from engine.rulesets.sixchances.state import Setup, SquadOrder, State
from engine.rulesets.sixchances.view import View, view

__all__ = ["RULESET", "SixChances"]


class SixChances:
    """The Six Chances Party ruleset (key ``"sixchances"``)."""

    key: ClassVar[str] = "sixchances"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Six Chances Party"
    Setup: ClassVar[type] = Setup
    State: ClassVar[type] = State
    Action: ClassVar[Any] = Action
    Event: ClassVar[Any] = SCEvent

    def new_state(self, setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
        """The state after the bag is split (SC-2.2), both players to build (SC-2.4).
        Raises ``ValueError`` for an invalid set-up (SC-2.2, SC-12.1.8, SC-12.2)."""
        return rules.new_state(setup, dice)

    def to_act(self, state: State) -> frozenset[int]:
        """Sides that must decide now (both while building; the defender during the
        Defence step, SC-5.3); empty once the game is over."""
        return rules.to_act(state)

    def options(self, state: State, side: int) -> Any:
        """The legal choices of ``side`` with their odds and costs (see ``options.py``)."""
        return rules.options(state, side)

    def legal_actions(self, state: State, side: int) -> Sequence[Any]:
        """Every legal action of ``side`` (builds and rearrangements: a legal sample)."""
        return rules.legal_actions(state, side)

    def apply(self, state: State, side: int, action: Any, dice: Dice) -> list[Event]:
        """Check and resolve ``action``; raises ``IllegalAction`` (state untouched)."""
        return rules.apply(state, side, action, dice)

    def view(self, state: State, side: int | None) -> View:
        """What ``side`` may know (the opponent's sealed squads are absent, SC-2.5)."""
        return view(state, side)

    def result(self, state: State) -> Result | None:
        """Winner or draw and the end condition (SC-11.7), or None while playing."""
        return rules.result(state)

    def format_action(self, state: State, side: int, action: Any) -> str:
        """``action`` in notation (see ``actions.py``)."""
        return format_action(action)

    def parse_action(self, state: State, side: int, text: str) -> Any:
        """Strict parse: ``NotationError``, ``IllegalAction`` or ``AmbiguousAction``."""
        return rules.parse_action(state, side, text)

    def random_action(self, state: State, side: int, rng: Any) -> Any:
        """A random legal action of ``side`` (``rng``: a ``random.Random``), or None."""
        return rules.random_action(state, side, rng)

    def random_setup(self, rng: Any) -> Setup:
        """A random set-up for selfplay: mostly the standard game, sometimes the field
        variant (SC-12.1) and sometimes custom starting values (SC-12.2)."""
        x = rng.random()
        if x < 0.6:
            return Setup()
        if x < 0.8:
            return Setup(field=True)
        n = rng.choice((20, 30, 40, 50, 60, 100))
        k = rng.randint(1, 8)
        m = rng.randint(1, max(1, min(15, (3 * n // 2) // k)))
        field = rng.random() < 0.3
        return Setup(field=field, tokens_per_colour=n, squads=k, squad_size=m)

    def summary(self, state: State) -> str:
        """One line: phase or result, and each player's squads, tokens and dice."""
        return rules.summary(state)

    def check_invariants(self, state: State) -> None:
        """Raise ``AssertionError`` when an invariant breaks (SC-1.3's N of each colour, ...)."""
        rules.check_invariants(state)

    def check_regroup(self, state: State, side: int, action: Regroup) -> RegroupCheck:
        """Price and check a proposed rearrangement without playing it (SC-9.4-SC-9.8)."""
        return rules.check_regroup(state, side, action)

    def validate_build(self, state: State, side: int, squads: Sequence[SquadOrder]) -> list[Problem]:
        """Problems with a starting order for ``side`` (SC-2.4, SC-12.1.2); empty when valid."""
        return build_problems(state.setup, side, state.players[side].reserve, squads)


#: The ruleset object the registry loads.
RULESET = SixChances()
