"""Battleline: mechs on one line of cells, every turn's orders written in secret and
resolved together ("battleship with mechs"), two or more mechs, each for itself.

``RULESET`` implements :class:`engine.ruleset.Ruleset` for the specification
``rules/battleline.md`` (rule IDs BL-n, catalogue BLC-n). Seats are 0..N-1 (the
rules' seats 1..N). Beyond the protocol it offers random orders (selfplay),
invariants, the public reading of sealed orders, language-neutral summaries,
mech files (rosters), concession, checks and previews of draft orders, the
hand-over rule and the fingerprint of its catalogue.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.ruleset import (
    Checks,
    Concessions,
    Handovers,
    Invariants,
    Previews,
    PublicText,
    RandomActions,
    Rosters,
    RulesData,
    SummaryMessages,
    data_fingerprint,
)
from engine.rulesets.battleline import catalog, invariants, notation, options, sample, scenario
from engine.rulesets.battleline.actions import Action, Concede, Order
from engine.rulesets.battleline.events import BLEventUnion
from engine.rulesets.battleline.roster import Mech, decode_roster, random_mech, sample_mechs, validate
from engine.rulesets.battleline.rules import turn
from engine.rulesets.battleline.state import ItemState, MechState, Setup, State
from engine.rulesets.battleline.view import view

__all__ = ["RULESET", "Battleline"]

#: How the summary shows a mech out of the battle.
OUT = "\u2014"


class Battleline(
    RandomActions,
    Invariants,
    PublicText,
    SummaryMessages,
    Rosters,
    Concessions,
    Checks,
    Previews,
    Handovers,
    RulesData,
):
    """The Battleline ruleset (key ``"battleline"``)."""

    key: ClassVar[str] = "battleline"
    version: ClassVar[int] = 1
    #: The system's title, untranslated (show it through ``_()``).
    title: ClassVar[str] = N_("Battleline")
    Setup: ClassVar[type] = Setup
    State: ClassVar[type] = State
    Action: ClassVar[Any] = Action
    Event: ClassVar[Any] = BLEventUnion

    new_state = staticmethod(turn.new_state)
    to_act = staticmethod(turn.to_act)
    apply = staticmethod(turn.apply)
    result = staticmethod(turn.result)
    options = staticmethod(options.options)
    legal_actions = staticmethod(sample.legal_actions)
    random_action = staticmethod(sample.random_action)
    view = staticmethod(view)
    check_invariants = staticmethod(invariants.check_invariants)
    format_action = staticmethod(notation.format_action)
    public_text = staticmethod(notation.public_text)

    def seat_count(self, setup: Setup) -> int:
        """One seat per mech (BL-2.1)."""
        return len(setup.mechs)

    def copy_state(self, state: State) -> State:
        """An independent copy of ``state``: the set-up, the sealed orders, volleys,
        notices and past turns are immutable values and shared; mechs are copied."""
        from engine.sealed import Sealed

        return State(
            setup=state.setup,
            mechs=[
                MechState(
                    position=m.position,
                    structure=list(m.structure),
                    items=[ItemState(i.ok, i.stack, i.charged, i.hp) for i in m.items],
                    in_battle=m.in_battle,
                    lost=m.lost,
                    lost_turn=m.lost_turn,
                )
                for m in state.mechs
            ],
            orders=Sealed(slots=list(state.orders.slots)),
            turn=state.turn,
            volleys=list(state.volleys),
            notices=list(state.notices),
            history=list(state.history),
            over=state.over,
            winner=state.winner,
            draw=state.draw,
            reason=state.reason,
            rule=state.rule,
        )

    def parse_action(self, state: State, side: int, text: str) -> Action:
        """Parse ``side``'s order (see :mod:`notation`) and check it: NotationError for
        bad syntax, IllegalAction (with every rule broken) or AmbiguousAction."""
        action = notation.parse_order_text(state, side, text)
        turn.admit(state, side, action)
        return action

    def check(self, state: State, side: int, action: Any) -> None:
        """Raise IllegalAction, naming every rule broken (BL-4.3), unless ``side`` may play
        ``action`` now; only ``side``'s own information is used. Nothing changes."""
        turn.admit(state, side, action)

    def preview(self, state: State, side: int, action: Any) -> options.OrderPreview | None:
        """A draft order's problems and what it would do (:class:`options.OrderPreview`);
        None for anything but an order."""
        if not isinstance(action, Order) or not 0 <= side < len(state.mechs):
            return None
        return options.preview(state, side, action)

    def concession(self, state: State, side: int) -> Concede:
        """The concession (BL-2.6): sealed like an order, at any time in the turn."""
        return Concede()

    def private_on_screen(self, state: State, side: int) -> bool:
        """While the battle lasts every seat's screen holds its own hidden values (its
        structure, its order, BL-19.6); once it is over everything is public (BL-20.6)."""
        return not state.over

    def random_setup(self, rng: Any) -> Setup:
        """A random set-up for selfplay: 2, 3 or 4 mechs, sample and random builds, the
        duel presets, the default layout or a custom line with cover; always a turn
        limit so that every random battle ends (BL-2.7)."""
        n = rng.choices((2, 3, 4), weights=(5, 3, 2))[0]
        samples = list(sample_mechs().values())
        mechs: list[Mech] = []
        for i in range(n):
            m = rng.choice(samples) if rng.random() < 0.5 else random_mech(rng, f"Mech {i + 1}")
            if any(x.name == m.name for x in mechs):
                m = msgspec.structs.replace(m, name=f"{m.name} {i + 1}")
            mechs.append(m)
        limit = rng.choice((30, 50, 80))
        x = rng.random()
        if n == 2 and x < 0.35:
            return scenario.duel(mechs[0], mechs[1], "open", turn_limit=limit)
        if n == 2 and x < 0.7:
            return scenario.duel(mechs[0], mechs[1], "ruins", turn_limit=limit)
        if x < 0.85:
            return scenario.battle(mechs, turn_limit=limit)
        length = 12 * n + 6
        a = rng.randint(3, length - 6)
        return scenario.battle(
            mechs,
            length=length,
            cover=((a, a + rng.randint(0, 4)),),
            starts=scenario.default_layout(n)[1],
            turn_limit=limit,
        )

    def summary(self, state: State) -> str:
        """One line: the turn and each mech's cell, or the outcome."""
        from engine.rulesets.battleline.events import RESULT_REASONS

        names = [m.name for m in state.setup.mechs]
        if state.over:
            if state.winner is not None:
                head = f"{names[state.winner]} wins ({RESULT_REASONS[state.reason]}), turn {state.turn}"
            else:
                head = f"Draw between {', '.join(names[s] for s in state.draw)} ({RESULT_REASONS[state.reason]}), turn {state.turn}"
        else:
            head = f"Turn {state.turn}"
        cells = ", ".join(
            f"{names[s]} {'on ' + str(m.position) if m.in_battle else 'out'}"
            for s, m in enumerate(state.mechs)
        )
        return f"{head}: {cells}"

    def summary_message(self, state: State) -> tuple[str, dict[str, Any]]:
        """The summary in a language-neutral form (see :class:`engine.ruleset.SummaryMessages`)."""
        from engine.rulesets.battleline.events import RESULT_REASONS

        names = [m.name for m in state.setup.mechs]
        if state.over and state.winner is not None:
            head: tuple[str, dict[str, Any]] = (
                N_("{mech} wins ({why}), turn {turn}"),
                {"mech": names[state.winner], "why": (RESULT_REASONS[state.reason], {}), "turn": state.turn},
            )
        elif state.over:
            head = (
                N_("Draw between {mechs} ({why}), turn {turn}"),
                {
                    "mechs": ", ".join(names[s] for s in state.draw),
                    "why": (RESULT_REASONS[state.reason], {}),
                    "turn": state.turn,
                },
            )
        else:
            head = (N_("Turn {turn}"), {"turn": state.turn})
        cells = ", ".join(
            f"{names[s]} {m.position if m.in_battle else OUT}" for s, m in enumerate(state.mechs)
        )
        return N_("{head}: {cells}"), {"head": head, "cells": cells}

    def decode_roster(self, data: bytes) -> Mech:
        """A mech file's mech (see :mod:`roster`)."""
        return decode_roster(data)

    def validate_roster(self, roster: Mech) -> list[Problem]:
        """Every problem of a mech's build, with its rule (BLC-1 to BLC-5)."""
        return validate(roster)

    def rules_fingerprint(self) -> str:
        """The catalogue and tables the rules read (BLC-1 to BLC-6, BL-16.2, BL-17.2), as a
        fingerprint (see :class:`engine.ruleset.RulesData`)."""
        return data_fingerprint(
            catalog.CHASSIS, catalog.ITEMS, catalog.HIT_LOCATION, catalog.NEXT_PART, catalog.DEFENCE_DIE
        )


#: The ruleset object the registry loads.
RULESET = Battleline()
