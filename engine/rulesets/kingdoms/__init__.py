"""The Three Kingdoms battle system (rules: kingdoms.md, rule IDs TK-n).

``RULESET`` implements :class:`engine.ruleset.Ruleset`. Seats are 0 (the
scenario's first side, which acts first in every turn) and 1. A phase is the
active side writing one order per regiment (each order an action it may replace
or cancel, private until it resolves), then ``READY``; the phase resolves step
by step (TK-2.4), stopping for the decisions of TK-2.6, which are put to the seat
that must answer (:meth:`Kingdoms.decision`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

from engine.decision import Choice, Decision
from engine.i18n import N_, _
from engine.ruleset import (
    Checks,
    Decisions,
    Handovers,
    Invariants,
    Previews,
    PublicText,
    RandomActions,
    Result,
    Rosters,
    RulesData,
    SummaryMessages,
    data_fingerprint,
)
from engine.rulesets.kingdoms import catalog
from engine.rulesets.kingdoms.actions import (
    ORDER_TYPES,
    Accept,
    Action,
    Attack,
    Cancel,
    Defender,
    Fire,
    Keep,
    Ready,
    Refuse,
    RetreatTo,
)
from engine.rulesets.kingdoms.events import EVENT_TYPES, officer_label
from engine.rulesets.kingdoms.options import attack_preview, legal_actions, options
from engine.rulesets.kingdoms.parsing import parse_action
from engine.rulesets.kingdoms.roster import Roster, decode_roster, field_armies, random_roster, validate
from engine.rulesets.kingdoms.rules import phase
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.common import notation
from engine.rulesets.kingdoms.rules.control import home_hq, lost_if_orders_hold
from engine.rulesets.kingdoms.rules.duels import duel_odds
from engine.rulesets.kingdoms.rules.orders import order_problem
from engine.rulesets.kingdoms.scenario import bundled_scenarios, load_bundled
from engine.rulesets.kingdoms.selfplay import random_action
from engine.rulesets.kingdoms.state import Setup, State
from engine.rulesets.kingdoms.view import view

__all__ = ["RULESET", "Kingdoms", "OrderPreview"]


class OrderPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What an order would do (:meth:`Kingdoms.preview`): ``problem``, why it would be
    refused now (None: legal), and for an attack or fire its ``attack`` preview
    (:class:`options.AttackPreview`: the victim, variant, modifiers and the exact
    distribution and expectation of the losses, TK-5)."""

    problem: Any = None
    attack: Any = None
    #: For READY: the bases of the side that would pass to the enemy at the end of
    #: the phase if its regiments leave as ordered (TK-18.1), and ``hq``, its main
    #: headquarters when it is among them (the battle is lost, TK-18.2).
    lost: tuple[str, ...] = ()
    hq: str | None = None


class Kingdoms(
    RandomActions,
    Invariants,
    PublicText,
    SummaryMessages,
    Decisions,
    Checks,
    Previews,
    Handovers,
    RulesData,
    Rosters,
):
    """The Three Kingdoms battle ruleset (key ``"kingdoms"``)."""

    key: ClassVar[str] = "kingdoms"
    version: ClassVar[int] = 1
    title: ClassVar[str] = N_("Three Kingdoms battle")
    Setup: ClassVar[type] = Setup
    State: ClassVar[type] = State
    Action: ClassVar[Any] = Action
    Event: ClassVar[Any] = EVENT_TYPES

    new_state = staticmethod(phase.new_state)
    to_act = staticmethod(phase.to_act)
    apply = staticmethod(phase.apply_action)
    options = staticmethod(options)
    legal_actions = staticmethod(legal_actions)
    view = staticmethod(view)

    def seat_count(self, setup: Setup) -> int:
        """Two seats: a battle has exactly two sides (TK-1.1)."""
        return 2

    def copy_state(self, state: State) -> State:
        """An independent copy; the scenario (map, forces, cards) is shared."""
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        copy.scenario = state.scenario
        return copy

    def check(self, state: State, side: int, action: Any) -> None:
        """Raise IllegalAction unless ``side`` may play ``action`` now (no change)."""
        phase.check_action(state, side, action)

    def result(self, state: State) -> Result | None:
        """The result once the battle is over (TK-18.2)."""
        if state.stage != "over":
            return None
        reasons = {
            "hq": N_("captured the enemy headquarters"),
            "wiped": N_("no regiments left"),
            "limit": N_("the turn limit"),
        }
        why = reasons.get(state.ending, state.ending)
        if state.winner is None:
            return Result.drawn((0, 1), why, "TK-18.2")
        return Result.won(state.winner, why, "TK-18.2")

    def format_action(self, state: State, side: int, action: Any) -> str:
        """``action`` in canonical notation (English words, whatever the language)."""
        return notation(state, action)

    def parse_action(self, state: State, side: int, text: str) -> Any:
        """Parse notation strictly (NotationError, IllegalAction, AmbiguousAction)."""
        return parse_action(state, side, text)

    def public_text(self, state: State, side: int, action: Any) -> str:
        """An order written or taken back reads ``ORDER`` to the other side: it learns
        the order only when it resolves (TK-2.4)."""
        if isinstance(action, (*ORDER_TYPES, Cancel)):
            return "ORDER"
        return notation(state, action)

    def private_on_screen(self, state: State, side: int) -> bool:
        """The active side's screen holds its orders, private until each resolves:
        while it writes them, and while a decision waits with some of them unresolved."""
        if side != state.active or state.stage == "over":
            return False
        if state.stage == "orders":
            return True
        shown = set(state.revealed)
        return any(o.regiment not in shown for o in state.orders)

    def decision(self, state: State, side: int) -> Decision | None:
        """The decision put to ``side`` now (TK-2.6), with the default of automated
        play: accept a challenge (with the exact odds of the first round, TK-11.4),
        choose the wall's defender, a duel loser's retreat, or who keeps command."""
        pend = state.pending
        if state.stage != "decide" or pend is None or pend.seat != side:
            return None
        reg = state.regiment(pend.regiment)
        other = state.regiment(pend.other)
        if pend.kind == "accept":
            win, tie, lose = duel_odds(reg, other)
            prompt = _("{challenger} ({cid}) challenges {name} ({rid}) to a duel. Accept?").format(
                challenger=officer_label(other.officer),
                cid=other.id,
                name=officer_label(reg.officer),
                rid=reg.id,
            )
            detail = _("a tie continues in the next phase; the loser must retreat (TK-11.5, TK-11.6)")
            choices = (
                Choice(
                    action=Accept(),
                    notation="ACCEPT",
                    label=_("Accept the duel"),
                    detail=detail,
                    odds=_frac(win),
                    odds_of=_("your officer wins the first round"),
                ),
                Choice(
                    action=Refuse(),
                    notation="REFUSE",
                    label=_("Refuse"),
                    detail=_("the regiment loses 2d10 morale at the end of the phase (M9)"),
                ),
            )
            return Decision(seat=side, prompt=prompt, choices=choices, default=0, rule="TK-11.3")
        if pend.kind == "retreat":
            prompt = _("{id} lost the duel and must retreat: where to?").format(id=reg.id)
            choices = tuple(
                Choice(
                    action=RetreatTo(base=b), notation=f"RETREAT {b}", label=state.scenario.base(b).label()
                )
                for b in pend.choices
            )
            return Decision(seat=side, prompt=prompt, choices=choices, default=0, rule="TK-11.5")
        if pend.kind == "defender":
            prompt = _("{name} ({id}) climbs the wall of {base}: which officer defends it?").format(
                name=officer_label(reg.officer), id=reg.id, base=pend.other
            )
            choices = tuple(
                Choice(
                    action=Defender(regiment=r),
                    notation=notation(state, Defender(regiment=r)),
                    label=f"{officer_label(state.regiment(r).officer)} ({r})",
                    odds=_frac(duel_odds(state.regiment(r), reg)[0]),
                    odds_of=_("he wins the wall duel"),
                )
                for r in pend.choices
            )
            return Decision(seat=side, prompt=prompt, choices=choices, default=0, rule="TK-14.7")
        prompt = _("{a} and {b} have equal morale: whose commander keeps command?").format(
            a=pend.regiment, b=pend.other
        )
        choices = tuple(
            Choice(
                action=Keep(regiment=r),
                notation=f"KEEP {r}",
                label=f"{officer_label(state.regiment(r).officer)} ({r})",
            )
            for r in pend.choices
        )
        return Decision(seat=side, prompt=prompt, choices=choices, default=0, rule="TK-15.3")

    def preview(self, state: State, side: int, action: Any) -> OrderPreview | None:
        """An order of ``side`` before it is written: why it would be refused, and for
        an attack or fire the exact expected losses (:class:`OrderPreview`); None for
        any other action; for READY, the bases the side's orders would leave to the
        enemy (TK-18.1), its headquarters among them (TK-18.2). Tells nothing of the
        other side's orders."""
        if isinstance(action, Ready) and state.stage == "orders" and side == state.active:
            lost = tuple(lost_if_orders_hold(state, side, state.orders))
            hq = home_hq(state, side)
            return OrderPreview(lost=lost, hq=hq if hq in lost else None)
        if not isinstance(action, ORDER_TYPES) or state.stage != "orders" or side != state.active:
            return None
        bd = board(state)
        why = order_problem(state, bd, action)
        pv = attack_preview(state, bd, action) if isinstance(action, Attack | Fire) else None
        return OrderPreview(problem=why, attack=pv)

    def random_action(self, state: State, side: int, rng: random.Random) -> Any | None:
        """A random legal action (selfplay and the simplest bot): a decision's random
        answer; while writing orders, a random order for a regiment without one, then
        READY (cancelling first any order that would stop READY)."""
        return random_action(state, side, rng)

    def random_setup(self, rng: random.Random) -> Setup:
        """A shipped scenario, half the time with two random armies from the builder
        (section 3.7) instead of its own forces."""
        sc = load_bundled(rng.choice(bundled_scenarios()))
        if rng.random() < 0.5:
            first = random_roster(rng, sc, 0)
            second = random_roster(rng, sc, 1, avoid={r.officer for r in first.regiments if r.officer})
            sc = field_armies(sc, first, second)
        return Setup(scenario=sc)

    def summary(self, state: State) -> str:
        """One line: the scenario, the turn and phase (or the result), each side's men."""
        men = [sum(r.strength for r in state.regiments if r.on_map and r.side == s) for s in (0, 1)]
        names = [s.name for s in state.scenario.sides]
        if state.stage == "over":
            head = "draw" if state.winner is None else f"{names[state.winner]} won"
        else:
            head = f"turn {state.turn}, phase {state.phase}"
        return f"{state.scenario.title}, {head}; {names[0]} {men[0]} men, {names[1]} {men[1]} men"

    def summary_message(self, state: State) -> tuple[str, dict[str, Any]]:
        """:meth:`summary` in a language-neutral form."""
        sc = state.scenario
        men = [sum(r.strength for r in state.regiments if r.on_map and r.side == s) for s in (0, 1)]

        def side(s: int) -> dict[str, str]:
            spec = sc.sides[s]
            return {"en": spec.name, **({"ru": spec.name_ru} if spec.name_ru else {})}

        args: dict[str, Any] = {
            "title": {"en": sc.title, **({"ru": sc.title_ru} if sc.title_ru else {})},
            "a": side(0),
            "b": side(1),
            "men_a": men[0],
            "men_b": men[1],
        }
        if state.stage == "over":
            if state.winner is None:
                args["head"] = (N_("a draw"), {})
            else:
                args["head"] = (N_("{side} won"), {"side": side(state.winner)})
        else:
            args["head"] = (N_("turn {turn}, phase {phase}"), {"turn": state.turn, "phase": state.phase})
        return N_("{title}, {head}; {a}: {men_a} men, {b}: {men_b} men"), args

    def rules_fingerprint(self) -> str:
        """The catalogue's tables (TK-1.5, TK-10.4, TK-11.4, sections 3.5-3.7)."""
        return data_fingerprint({n: getattr(catalog, n) for n in catalog.__all__ if n.isupper()})

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError when ``state`` breaks an invariant: men never negative
        and above 0 on the map, at most the initial strength; morale within 0-200;
        no side above a base's capacity (TK-3.2); orders only of the active side."""
        bd = board(state)
        count: dict[tuple[str, int], int] = {}
        for r in state.regiments:
            assert 0 <= r.strength <= r.initial, f"{r.id} has {r.strength} men of {r.initial}"
            assert 0 <= r.morale <= catalog.MAX_MORALE, f"{r.id} has morale {r.morale}"
            if r.on_map:
                assert r.strength > 0, f"{r.id} is on the map with no men"
                key = (r.base, r.side)
                count[key] = count.get(key, 0) + 1
                assert count[key] <= bd.bases[r.base].capacity, f"{r.base} holds too many of side {r.side}"
            elif r.gone == "destroyed":
                assert r.strength == 0
        for o in state.orders:
            reg = state.regiment(o.regiment)
            assert reg is not None and reg.side == state.active, (
                f"an order of {o.regiment} in the other side's phase"
            )
        assert (state.stage == "decide") == (state.pending is not None)

    def decode_roster(self, data: bytes) -> Roster:
        """A roster (one side's army, section 3.7) from a roster file's part."""
        return decode_roster(data)

    def validate_roster(self, roster: Roster) -> list:
        """Every problem of ``roster`` with its rule (section 3.7); empty when valid."""
        return validate(roster)


def _frac(n: int) -> Any:
    from fractions import Fraction

    return Fraction(n, 100)


#: The ruleset object the registry loads.
RULESET = Kingdoms()
