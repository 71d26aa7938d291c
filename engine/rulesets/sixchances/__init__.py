"""Six Chances Party: squads of coloured tokens, six one-shot reinforcement dice.

``RULESET`` implements :class:`engine.ruleset.Ruleset` for the specification
``rules/sixchances.md`` (rule IDs SC-n). Sides are 0 (Player 1) and 1
(Player 2). Beyond the protocol it offers :meth:`SixChances.check_invariants`
(for selfplay), :meth:`SixChances.random_action` (for bots and benchmarks),
:meth:`SixChances.check_regroup` (a live price of a proposed
rearrangement, SC-9.5), :meth:`SixChances.validate_build` (problems with a
starting order, SC-2.4) and :meth:`SixChances.setup_problems` (what is wrong with
a set-up's custom values, SC-12.1.8, SC-12.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from engine.decision import Choice, Decision
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.ruleset import (
    Checks,
    Decisions,
    Handovers,
    Invariants,
    Previews,
    PublicText,
    RandomActions,
    RulesData,
    SummaryMessages,
    data_fingerprint,
)
from engine.rulesets.sixchances import catalog, rules
from engine.rulesets.sixchances.actions import Action, format_action
from engine.rulesets.sixchances.events import SCEvent
from engine.rulesets.sixchances.roster import build_check, build_problems
from engine.rulesets.sixchances.state import Setup, SquadOrder, State
from engine.rulesets.sixchances.view import view

__all__ = ["RULESET", "SixChances"]


class SixChances(
    RandomActions, Invariants, PublicText, SummaryMessages, Decisions, Checks, Previews, Handovers, RulesData
):
    """The Six Chances Party ruleset (key ``"sixchances"``)."""

    key: ClassVar[str] = "sixchances"
    version: ClassVar[int] = 1
    #: The system's title, untranslated (show it through ``_()``).
    title: ClassVar[str] = N_("Six Chances Party")
    Setup: ClassVar[type] = Setup
    State: ClassVar[type] = State
    Action: ClassVar[Any] = Action
    Event: ClassVar[Any] = SCEvent

    # The protocol's methods are the rules' functions themselves (no extra call per use).
    new_state = staticmethod(rules.new_state)

    def rules_fingerprint(self) -> str:
        """The fixed facts' tables (SC-1 to SC-12: dice by level, caps, endings), as a
        fingerprint (see :class:`engine.ruleset.RulesData`)."""
        return data_fingerprint({n: getattr(catalog, n) for n in catalog.__all__ if n.isupper()})

    def seat_count(self, setup: Setup) -> int:
        """Two seats: Player 1 and Player 2 (SC-1.1)."""
        return 2

    def copy_state(self, state: State) -> State:
        """An independent copy of ``state`` (the set-up is shared: it never changes)."""
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)

    to_act = staticmethod(rules.to_act)
    options = staticmethod(rules.options)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    view = staticmethod(view)
    result = staticmethod(rules.result)
    parse_action = staticmethod(rules.parse_action)
    random_action = staticmethod(rules.random_action)
    summary = staticmethod(rules.summary)
    check_invariants = staticmethod(rules.check_invariants)
    check_regroup = staticmethod(rules.check_regroup)

    def summary_message(self, state: State) -> tuple[str, dict[str, Any]]:
        """The summary in a language-neutral form (see :class:`engine.ruleset.Ruleset`):
        the turn and who decides (or the result and how it came), then each player's
        remaining total (SC-1.8), squads and unused reinforcement dice."""
        from engine.rulesets.sixchances.catalog import ENDING_WHY, ENDINGS

        def player(side: int) -> tuple[str, dict[str, Any]]:
            return N_("Player {n}"), {"n": side + 1}

        if state.phase == "over" and state.winner is not None and state.ending in ENDING_WHY:
            w = state.winner
            head: tuple[str, dict[str, Any]] = (
                N_("{player} wins: {why}, turn {turn}"),
                {
                    "player": player(w),
                    "why": (ENDING_WHY[state.ending], {"winner": player(w), "loser": player(1 - w)}),
                    "turn": state.turn,
                },
            )
        elif state.phase == "over":
            head = (
                N_("{result} ({ending}), turn {turn}"),
                {
                    "result": (N_("Draw"), {}),
                    "ending": (ENDINGS.get(state.ending, state.ending), {}),
                    "turn": state.turn,
                },
            )
        elif state.phase == "build":
            sealed = [s for s, p in enumerate(state.players) if p.order is not None]
            if sealed:
                return N_("Building the starting squads ({player} has sealed)"), {"player": player(sealed[0])}
            return N_("Building the starting squads"), {}
        elif state.phase == "defend":
            head = (
                N_("Turn {turn}: {player} defends"),
                {"turn": state.turn, "player": player(1 - state.active)},
            )
        else:
            step = N_("Attack step") if state.phase == "attack" else N_("Support step")
            head = (
                N_("Turn {turn}: {player}, {step}"),
                {
                    "turn": state.turn,
                    "player": player(state.active),
                    "step": (step, {}),
                },
            )
        sides = [
            (
                N_("{player}: tokens {tokens}, squads {squads}, dice {dice}"),
                {"player": player(side), "tokens": p.remaining, "squads": len(p.squads), "dice": len(p.dice)},
            )
            for side, p in enumerate(state.players)
        ]
        return N_("{head}. {first}; {second}"), {"head": head, "first": sides[0], "second": sides[1]}

    def format_action(self, state: State, side: int, action: Any) -> str:
        """``action`` in notation (see ``actions.py``); the notation needs no state."""
        return format_action(action)

    def public_text(self, state: State, side: int, action: Any) -> str:
        """The notation as the opponent may read it: a starting order is sealed until
        both are in (SC-2.5), so only ``build`` shows."""
        from engine.rulesets.sixchances.actions import Build

        if isinstance(action, Build):
            return "build"
        return format_action(action)

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

    def check(self, state: State, side: int, action: Any) -> None:
        """Raise IllegalAction (with the rule ID) unless ``side`` may play ``action`` now;
        the state is never changed."""
        rules.check(state, side, action)

    def preview(self, state: State, side: int, action: Any) -> Any:
        """A draft before it is played: a rearrangement's price, problems and the dice
        of the squads it gives (:class:`options.RegroupCheck`, SC-9.4-SC-9.8) or a
        starting order's problems, each squad's size verdict and dice, and the reserve
        it leaves (:class:`options.BuildCheck`, SC-2.4, SC-12.1.2); None for any other
        action. Tells only what ``side`` may know (its own reserve and squads)."""
        from engine.rulesets.sixchances.actions import Build, Regroup

        if isinstance(action, Regroup):
            return rules.check_regroup(state, side, action)
        if isinstance(action, Build):
            return build_check(state.setup, side, state.players[side].reserve, action.squads)
        return None

    def setup_problems(self, setup: Setup) -> list[Problem]:
        """What is wrong with ``setup`` before a game starts (empty when it may start):
        N even and at least 2, K and M at least 1, K x M at most 3N / 2 (SC-12.2), at
        most 12 starting squads on the field (SC-12.1.8), an explicit split that fits
        (SC-2.2). Each :class:`engine.rosterfile.Problem` has its rule ID."""
        return rules.setup_problems(setup)

    def decision(self, state: State, side: int) -> Decision | None:
        """The defender's choice of defending stat after the attack roll (SC-5.3): one
        choice per stat the target has, with the exact chance that its defence roll
        beats the attack roll (SC-5.5) and what is lost either way: the target's tokens
        of that stat if the attack wins (SC-6.3), the attacker's Potential if the
        defence wins (SC-7.2)."""
        from engine.i18n import _, ngettext
        from engine.rulesets.sixchances.actions import Defend
        from engine.rulesets.sixchances.catalog import STAT_NAMES
        from engine.rulesets.sixchances.options import DefenceOptions

        if state.phase != "defend" or side == state.active:
            return None
        opts = rules.options(state, side)
        if not isinstance(opts, DefenceOptions):
            return None
        choices = []
        for c in opts.choices:
            lost = ngettext(
                "if the attack wins, {target} loses {n} token",
                "if the attack wins, {target} loses {n} tokens",
                c.removed_if_attacker_wins,
            ).format(target=opts.target, n=c.removed_if_attacker_wins)
            loss = c.attacker_losses_if_defence_wins
            if loss:
                lost += "; " + ngettext(
                    "if the defence wins, {attacker} loses {n} Potential token",
                    "if the defence wins, {attacker} loses {n} Potential tokens",
                    loss,
                ).format(attacker=opts.attacker, n=loss)
            else:
                lost += "; " + _("if the defence wins, {attacker} loses nothing").format(
                    attacker=opts.attacker
                )
            choices.append(
                Choice(
                    action=Defend(c.stat),
                    notation=format_action(Defend(c.stat)),
                    label=_("{stat} (level {level}, d{die})").format(
                        stat=_(STAT_NAMES[c.stat]), level=c.level, die=c.die
                    ),
                    detail=lost,
                    odds=c.p_defence_beats,
                    odds_of=_("the defence beats the attack roll"),
                )
            )
        return Decision(
            seat=side,
            prompt=_(
                "{attacker} attacks {target} and rolls {roll} on a d{die}: defend with which stat?"
            ).format(attacker=opts.attacker, target=opts.target, roll=opts.attack_roll, die=opts.attack_die),
            choices=tuple(choices),
            rule="SC-5.3",
        )

    def private_on_screen(self, state: State, side: int) -> bool:
        """Everything is open (SC-1.11) except the starting squads while they are being
        built and sealed (SC-2.5): only then does a player's screen hold what the other
        may not see."""
        return state.phase == "build"

    def validate_build(self, state: State, side: int, squads: Sequence[SquadOrder]) -> list[Problem]:
        """Problems with a starting order for ``side`` (SC-2.4, SC-12.1.2); empty when valid."""
        return build_problems(state.setup, side, state.players[side].reserve, squads)


#: The ruleset object the registry loads.
RULESET = SixChances()
