"""The EVA skirmish (rules: eva.md): Evangelion squads on a 20 x 30 board.

``RULESET`` implements :class:`engine.ruleset.Ruleset` for this system.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.decision import Decision
from engine.dice import Dice
from engine.i18n import N_
from engine.ruleset import (
    Checks,
    Concessions,
    Decisions,
    Handovers,
    Invariants,
    PublicText,
    RandomActions,
    RandomSteps,
    Result,
    Rosters,
    RulesData,
    SummaryMessages,
    data_fingerprint,
)
from engine.rulesets.eva import (
    actions,
    catalog,
    decisions,
    flow,
    legality,
    notation,
    options,
    resolution,
    sampler,
    view,
)
from engine.rulesets.eva.events import EVENT_TYPES
from engine.rulesets.eva.roster import Roster, decode_roster, validate
from engine.rulesets.eva.scenario import bundled_maps, load_bundled
from engine.rulesets.eva.state import DEPLOY, LANCE_ROLLOFF, ZONE, EvaSetup, EvaState, copy_state

__all__ = ["RULESET", "EvaRuleset"]


#: The phases before the first round: the armies are being set up (EVA-5.1, EVA-5.2).
_SETTING_UP = frozenset({LANCE_ROLLOFF, ZONE, DEPLOY})
#: The summary as saves of earlier builds carry it (still shown in the reader's language).
OLDER_SUMMARY = N_("{map}, round {round}, Evas {a} v {b}")


class EvaRuleset(
    RandomActions,
    RandomSteps,
    Invariants,
    PublicText,
    SummaryMessages,
    Rosters,
    Concessions,
    Checks,
    RulesData,
    Decisions,
    Handovers,
):
    """The EVA skirmish ruleset (see :class:`engine.ruleset.Ruleset`)."""

    key: ClassVar[str] = "eva"
    version: ClassVar[int] = 1
    title: ClassVar[str] = N_("EVA skirmish")
    Setup: ClassVar[type] = EvaSetup
    State: ClassVar[type] = EvaState
    Action: ClassVar[Any] = actions.ACTION_TYPES
    Event: ClassVar[Any] = EVENT_TYPES

    def seat_count(self, setup: EvaSetup) -> int:
        """Two seats: Player 1 and Player 2 (EVA-1.1)."""
        return 2

    def new_state(self, setup: EvaSetup, dice: Dice) -> tuple[EvaState, list]:
        return flow.new_state(setup, dice)

    #: An independent copy (:func:`engine.rulesets.eva.state.copy_state`): the map and
    #: every frozen value are shared.
    copy_state = staticmethod(copy_state)

    #: Who must decide now (:func:`flow.to_act`, called directly: selfplay asks at every action).
    to_act = staticmethod(flow.to_act)

    def options(self, state: EvaState, side: int) -> options.EvaOptions:
        return options.options(state, side)

    def legal_actions(self, state: EvaState, side: int) -> list[object]:
        return sampler.legal_actions(state, side)

    #: A uniformly random legal action, for selfplay and the simplest bot
    #: (:func:`sampler.random_action`, called directly).
    random_action = staticmethod(sampler.random_action)

    def random_step(
        self, state: EvaState, side: int, rng: random.Random, dice: Dice
    ) -> tuple[object, list] | None:
        """Draw a random legal action of ``side`` and play it (see
        :class:`engine.ruleset.RandomSteps`): the action :meth:`random_action` draws (the
        same draw from ``rng``: :func:`sampler.draw`) and the events :meth:`apply` would
        give, the action checked once: the plan its check returned in the draw is
        resolved (:func:`resolution.resolve`), the state unchanged in between. None, the
        state untouched, when ``side`` has no legal action."""
        drawn = sampler.draw(state, side, rng)
        if drawn is None:
            return None
        action, plan = drawn
        return action, resolution.resolve(state, side, action, plan, dice)

    #: Check and resolve an action (:func:`resolution.apply`, called directly).
    apply = staticmethod(resolution.apply)

    def check(self, state: EvaState, side: int, action: object) -> None:
        """Raise IllegalAction if the action is not allowed now (no change)."""
        legality.check(state, side, action)

    def decision(self, state: EvaState, side: int) -> Decision | None:
        """The question waiting for ``side``: a deployment zone (EVA-5.2), a trauma zone
        (EVA-11.9) or the weapon to keep (EVA-9.7); see :mod:`.decisions`."""
        return decisions.decision(state, side)

    def concession(self, state: EvaState, side: int) -> actions.Concede:
        """``side`` concedes; the opponent wins (EVA-5.11)."""
        return actions.Concede()

    def view(self, state: EvaState, side: int | None) -> view.EvaView:
        return view.view(state, side)

    def result(self, state: EvaState) -> Result | None:
        return flow.result(state)

    def format_action(self, state: EvaState, side: int, action: object) -> str:
        return notation.format_action(state, side, action)

    def public_text(self, state: EvaState, side: int, action: object) -> str:
        """The notation as the opponent may read it: whether the owner chose to roll for
        Berserk is private (EVA-18.3), so ``activate X berserk`` reads ``activate X``."""
        if isinstance(action, actions.Activate) and action.berserk:
            return notation.format_action(state, side, actions.Activate(action.unit))
        return notation.format_action(state, side, action)

    def parse_action(self, state: EvaState, side: int, text: str) -> object:
        return notation.parse_action(state, side, text)

    def random_setup(self, rng: random.Random) -> EvaSetup:
        """Two random valid rosters (up to 1000 points) on a random bundled map, with
        a round limit so random play ends."""
        from engine.rulesets.eva.randomroster import random_roster

        m = load_bundled(rng.choice(bundled_maps()))
        return EvaSetup(
            map=m, rosters=[random_roster(rng, "A"), random_roster(rng, "B")], round_limit=rng.randint(6, 12)
        )

    def summary(self, state: EvaState) -> str:
        if state.phase in _SETTING_UP:
            placed = [sum(1 for u in state.units if u.side == s and u.deployed) for s in (0, 1)]
            return f"{state.map.title}, deployment, Evas placed: {placed[0]} and {placed[1]}"
        alive = [sum(1 for u in state.units if u.side == s and u.on_board) for s in (0, 1)]
        result = ""
        if state.over:
            result = "a draw; " if state.winner is None else f"Player {state.winner + 1} won; "
        return f"{state.map.title}, round {state.round}, {result}Evas left: {alive[0]} and {alive[1]}"

    def summary_message(self, state: EvaState) -> tuple[str, dict[str, Any]]:
        """:meth:`summary` in a language-neutral form (see :class:`engine.ruleset.Ruleset`):
        the map, the round, the result once the game is over (who won, or a draw) and
        the Evas each side has left; before the first round, that the Evas are being
        deployed and how many each side has placed (EVA-5.2)."""
        alive = [sum(1 for u in state.units if u.side == s and u.on_board) for s in (0, 1)]
        titles = {"en": state.map.title, **({"ru": state.map.title_ru} if state.map.title_ru else {})}
        if state.phase in _SETTING_UP:
            placed = [sum(1 for u in state.units if u.side == s and u.deployed) for s in (0, 1)]
            return N_("{map}, deployment, Evas placed: {a} and {b}"), {
                "map": titles,
                "a": placed[0],
                "b": placed[1],
            }
        args: dict[str, Any] = {"map": titles, "round": state.round, "a": alive[0], "b": alive[1]}
        if not state.over:
            return N_("{map}, round {round}, Evas left: {a} and {b}"), args
        if state.winner is None:
            args["result"] = (N_("a draw"), {})
        else:
            args["result"] = (N_("{player} won"), {"player": (N_("Player {n}"), {"n": state.winner + 1})})
        return N_("{map}, round {round}, {result}; Evas left: {a} and {b}"), args

    def private_on_screen(self, state: EvaState, side: int) -> bool:
        """Whether ``side``'s screen now holds what the other side may not see (EVA-18.5:
        how hot seat hides it is the interface's; see :class:`engine.ruleset.Handovers`).

        Not while the armies are set up (the zone choice and the placing of Evas,
        EVA-5.2): the roll-off is public and so is each placement, its square and what
        the Eva holds (EVA-18.2), so a hand-over between these steps needs no curtain;
        a screen then shows every Eva by its public facts only, and the Eva being
        placed by its name and what it will hold. From the first round on a side's
        screen shows its Evas' armour, energy, AT level and stowed weapons (EVA-18.3):
        every hand-over is curtained."""
        return state.phase not in _SETTING_UP

    def rules_fingerprint(self) -> str:
        """The catalogue's tables (EVA-3, EVA-15 to EVA-17: base Eva, weapons, equipment,
        costs), as a fingerprint (see :class:`engine.ruleset.RulesData`)."""
        return data_fingerprint({n: getattr(catalog, n) for n in catalog.__all__ if n.isupper()})

    def check_invariants(self, state: EvaState) -> None:
        """Raise AssertionError if the state breaks an invariant of the rules."""
        flow.check_invariants(state)

    # rosters
    def decode_roster(self, data: bytes) -> Roster:
        return decode_roster(data)

    def validate_roster(self, roster: Roster) -> list:
        return validate(roster)


RULESET = EvaRuleset()
