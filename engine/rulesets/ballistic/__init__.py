"""Going Ballistic (rules: ballistic.md): squads of mechs on a hex map with heights.

``RULESET`` implements :class:`engine.ruleset.Ruleset` for the specification (rule
IDs GB-n). Sides are seats 0 (the first side) and 1 (the second side). Beyond the
protocol it offers the capabilities it declares (random actions, invariants,
public notation, neutral summaries, rosters, the overwatch decision, concession,
checks, previews, rules data) and queries for an interface: what a unit sees from
a hex and why (:meth:`Ballistic.line_of_sight`), the hexes a unit sees
(:meth:`Ballistic.seen_hexes`), the hexes a side observes
(:meth:`Ballistic.observed_hexes`). A screen asks these through its seat's
``preview`` with the questions of :mod:`engine.rulesets.ballistic.view`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, ClassVar

import msgspec

from engine.decision import Choice, Decision
from engine.dice import Dice
from engine.i18n import N_, _, ngettext
from engine.ruleset import (
    Checks,
    Concessions,
    Decisions,
    Invariants,
    Previews,
    PublicText,
    RandomActions,
    Rosters,
    RulesData,
    SummaryMessages,
    data_fingerprint,
)
from engine.rulesets.ballistic import catalog
from engine.rulesets.ballistic import options as _options
from engine.rulesets.ballistic import view as _view
from engine.rulesets.ballistic.actions import ACTION_TYPES, Concede, React
from engine.rulesets.ballistic.events import EVENT_TYPES
from engine.rulesets.ballistic.randomplay import random_action as _random_action
from engine.rulesets.ballistic.roster import Roster, decode_roster, validate
from engine.rulesets.ballistic.rules import dispatch, flow, notation
from engine.rulesets.ballistic.rules.invariants import check_invariants
from engine.rulesets.ballistic.rules.queries import (
    line_of_sight,
    observed_hexes,
    preview,
    public_text,
    seen_hexes,
)
from engine.rulesets.ballistic.scenario import random_setup
from engine.rulesets.ballistic.state import Setup, State

__all__ = ["RULESET", "Ballistic"]


class Ballistic(
    RandomActions,
    Invariants,
    PublicText,
    SummaryMessages,
    Rosters,
    Decisions,
    Concessions,
    Checks,
    Previews,
    RulesData,
):
    """The Going Ballistic ruleset (key ``"ballistic"``)."""

    key: ClassVar[str] = "ballistic"
    version: ClassVar[int] = 1
    title: ClassVar[str] = N_("Going Ballistic")
    Setup: ClassVar[type] = Setup
    State: ClassVar[type] = State
    Action: ClassVar[Any] = ACTION_TYPES
    Event: ClassVar[Any] = EVENT_TYPES

    def seat_count(self, setup: Setup) -> int:
        """Two seats: the first side and the second side (GB-4.1)."""
        return 2

    def new_state(self, setup: Setup, dice: Dice) -> tuple[State, list]:
        """The battle at its start (GB-4.6, GB-5.1); see :func:`rules.flow.new_state`."""
        return flow.new_state(setup, dice)

    def copy_state(self, state: State) -> State:
        """An independent copy; the map (and its precomputed tables) is shared."""
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        copy.map = state.map
        return copy

    to_act = staticmethod(flow.to_act)
    options = staticmethod(_options.options)
    legal_actions = staticmethod(_options.legal_actions)
    random_action = staticmethod(_random_action)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(_view.view)
    result = staticmethod(flow.result)
    check_invariants = staticmethod(check_invariants)
    parse_action = staticmethod(notation.parse_action)
    format_action = staticmethod(notation.format_action)
    public_text = staticmethod(public_text)
    preview = staticmethod(preview)
    line_of_sight = staticmethod(line_of_sight)
    observed_hexes = staticmethod(observed_hexes)
    seen_hexes = staticmethod(seen_hexes)

    def check(self, state: State, side: int, action: Any) -> None:
        """Raise IllegalAction (with the rule ID) unless ``side`` may play ``action`` now;
        the state is never changed."""
        dispatch.check(state, side, action)

    def concession(self, state: State, side: int) -> Concede:
        """The action by which ``side`` concedes (GB-16.3)."""
        return Concede()

    def random_setup(self, rng: random.Random) -> Setup:
        """A random valid set-up (see :func:`scenario.random_setup`)."""
        return random_setup(rng)

    def decode_roster(self, data: bytes) -> Roster:
        """The roster part of a roster file."""
        return decode_roster(data)

    def validate_roster(self, roster: Roster) -> list:
        """Every problem of ``roster`` under the default mass limit (GB-18.5)."""
        return validate(roster)

    def rules_fingerprint(self) -> str:
        """The catalogue's tables (GB-18), as a fingerprint."""
        tables = {n: getattr(catalog, n) for n in catalog.__all__ if n.isupper()}
        return data_fingerprint(msgspec.to_builtins(tables, enc_hook=str))

    def decision(self, state: State, side: int) -> Decision | None:
        """The overwatch decision (GB-11.4): how many reserved shots to fire at the unit
        that appeared, each choice with the exact chance of at least one hit."""
        opts = _options.options(state, side)
        if not isinstance(opts, _options.ReactOptions):
            return None
        miss = 1 - opts.odds.chance
        choices = []
        for n in range(opts.shots + 1):
            act = React(opts.unit, n)
            label = (
                _("Hold fire")
                if n == 0
                else ngettext("Fire {n} of {left} shot", "Fire {n} of {left} shots", opts.shots).format(
                    n=n, left=opts.shots
                )
            )
            choices.append(
                Choice(
                    action=act,
                    notation=notation.format_action(state, side, act),
                    label=label,
                    detail=_("needs {t}+ on a d20 per shot").format(t=opts.odds.threshold),
                    odds=Fraction(1) - miss**n,
                    odds_of=_("at least one hit"),
                )
            )
        return Decision(
            seat=side,
            prompt=_("{target} appears at {hex} in the sector {unit} watches: fire how many shots?").format(
                target=opts.target, hex=opts.hex, unit=opts.unit
            ),
            choices=tuple(choices),
            rule="GB-11.4",
        )

    def summary(self, state: State) -> str:
        """One line: map, turn, result, units left per side."""
        left = [sum(1 for u in state.units if u.side == s and u.alive) for s in (0, 1)]
        result = ""
        if state.phase == "over":
            result = "a draw; " if state.winner is None else f"Player {state.winner + 1} won; "
        return f"{state.map.title}, turn {state.turn}, {result}units left: {left[0]} and {left[1]}"

    def summary_message(self, state: State) -> tuple[str, dict[str, Any]]:
        """:meth:`summary` in a language-neutral form."""
        left = [sum(1 for u in state.units if u.side == s and u.alive) for s in (0, 1)]
        titles = {"en": state.map.title, **({"ru": state.map.title_ru} if state.map.title_ru else {})}
        args: dict[str, Any] = {"map": titles, "turn": state.turn, "a": left[0], "b": left[1]}
        if state.phase != "over":
            return N_("{map}, turn {turn}, units left: {a} and {b}"), args
        if state.winner is None:
            args["result"] = (N_("a draw"), {})
        else:
            args["result"] = (N_("{player} won"), {"player": (N_("Player {n}"), {"n": state.winner + 1})})
        return N_("{map}, turn {turn}, {result}; units left: {a} and {b}"), args


#: The ruleset object the registry loads.
RULESET = Ballistic()
