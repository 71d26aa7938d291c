"""The events' base and those of the phase procedure, orders, control and the end."""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import _, current_language, ngettext
from engine.ruleset import Event

__all__ = [
    "BattleBegan",
    "ControlChanged",
    "GameOver",
    "OrderFailed",
    "OrderNoted",
    "OrderRevealed",
    "OrdersGiven",
    "PhaseBegan",
    "Step",
    "TKEvent",
    "officer_label",
]


def side_label(name: str) -> str:
    """A side's name (as the event stores it, English) in the current language: the
    catalogue's faction names are translated; another name is shown as written."""
    return _(name) if name else name


def officer_label(name: str | None) -> str:
    """An officer's name in the current language (an unnamed commander: a phrase)."""
    if not name:
        return _("an unnamed commander")
    return _(name)


def _step_name(step: str) -> str:
    names = {
        "0": _("Start"),
        "1": _("Continuing duels"),
        "2": _("Orders"),
        "3a": _("Mounting and dismounting"),
        "3b": _("Merges"),
        "3c": _("Stratagems"),
        "3d": _("Challenges and provocations"),
        "3e": _("Wall climbs"),
        "4": _("Siege engines"),
        "5a": _("Panic flight"),
        "5b": _("Movement and combat"),
        "5c": _("Counter-attacks"),
        "6": _("Rams completed"),
        "7a": _("Control"),
        "7b": _("Morale"),
        "7c": _("Panic"),
        "7d": _("Victory"),
    }
    return names.get(step, step)


class TKEvent(Event):
    """An event of this system: :meth:`text` is :meth:`text_for` with no viewer."""

    def text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:  # pragma: no cover
        raise NotImplementedError


class BattleBegan(TKEvent, tag="tk.BattleBegan", kw_only=True):
    """The battle begins: the scenario's title (English and Russian) and turn limit."""

    title: str
    title_ru: str = ""
    turns: int

    def text_for(self, viewer=None, players=()):
        title = self.title_ru if current_language() == "ru" and self.title_ru else self.title
        return ngettext(
            "The battle {title} begins ({turns} turn at most).",
            "The battle {title} begins ({turns} turns at most).",
            self.turns,
        ).format(title=title, turns=self.turns)


class PhaseBegan(TKEvent, tag="tk.PhaseBegan", kw_only=True):
    """Phase ``phase`` of turn ``turn`` begins; ``side`` (its name) is active (TK-2.1)."""

    phase: int
    turn: int
    side: str

    def text_for(self, viewer=None, players=()):
        return _("Turn {turn}, phase {phase}: {side} attacks, the other side defends.").format(
            turn=self.turn, phase=self.phase, side=side_label(self.side)
        )


def _step_name(step: str) -> str:
    names = {
        "0": _("Start"),
        "1": _("Continuing duels"),
        "2": _("Orders"),
        "3a": _("Mounting and dismounting"),
        "3b": _("Merges"),
        "3c": _("Stratagems"),
        "3d": _("Challenges and provocations"),
        "3e": _("Wall climbs"),
        "4": _("Siege engines"),
        "5a": _("Panic flight"),
        "5b": _("Movement and combat"),
        "5c": _("Counter-attacks"),
        "6": _("Rams completed"),
        "7a": _("Control"),
        "7b": _("Morale"),
        "7c": _("Panic"),
        "7d": _("Victory"),
    }
    return names.get(step, step)


class Step(TKEvent, tag="tk.Step", kw_only=True):
    """Step ``step`` of the phase procedure begins (TK-2.4, TK-19.2)."""

    step: str

    def text_for(self, viewer=None, players=()):
        return _("Step {step}: {name}.").format(step=self.step, name=_step_name(self.step))


class OrderNoted(TKEvent, tag="tk.OrderNoted", kw_only=True):
    """An order written (``order``, its notation) or taken back (``order`` empty) for
    ``regiment``; seen by the side writing it only."""

    regiment: str
    order: str

    def text_for(self, viewer=None, players=()):
        if not self.order:
            return _("Order of {regiment} taken back: it defends.").format(regiment=self.regiment)
        return _("Order noted: {order}.").format(order=self.order)


class OrdersGiven(TKEvent, tag="tk.OrdersGiven", kw_only=True):
    """The active side (``side``, its name) has given its orders (TK-2.4 step 2)."""

    side: str

    def text_for(self, viewer=None, players=()):
        return _("{side} has given its orders.").format(side=side_label(self.side))


class OrderRevealed(TKEvent, tag="tk.OrderRevealed", kw_only=True):
    """An order as it resolves, in notation (``order``): the other side learns it now."""

    regiment: str
    order: str

    def text_for(self, viewer=None, players=()):
        return _("Order: {order}.").format(order=self.order)


class OrderFailed(TKEvent, tag="tk.OrderFailed", kw_only=True):
    """An order that could no longer be carried out as given (TK-2.8): ``why`` is an
    untranslated message with ``{regiment}``, ``rule`` its rule ID."""

    regiment: str
    why: str
    rule: str

    def text_for(self, viewer=None, players=()):
        return _(self.why).format(regiment=self.regiment) + f" ({self.rule})"


class GameOver(TKEvent, tag="tk.GameOver", kw_only=True):
    """The battle is over: ``winner`` (side name, empty for a draw) and ``ending``:
    ``hq`` (the enemy HQ captured), ``wiped`` (no regiments left), ``limit`` (the
    turn limit), TK-18.2."""

    winner: str
    ending: str

    def text_for(self, viewer=None, players=()):
        if not self.winner:
            if self.ending == "wiped":
                return _("Neither side has a regiment left: a draw (TK-18.2).")
            return _("The turn limit is reached: a draw (TK-18.2).")
        if self.ending == "hq":
            return _("{side} holds the enemy headquarters and wins the battle (TK-18.2).").format(
                side=side_label(self.winner)
            )
        return _("The enemy has no regiment left: {side} wins the battle (TK-18.2).").format(
            side=side_label(self.winner)
        )


class ControlChanged(TKEvent, tag="tk.ControlChanged", kw_only=True):
    """``base`` passed from ``old`` to ``new`` (side names; empty: neutral) (TK-18.1)."""

    base: str
    old: str
    new: str

    def text_for(self, viewer=None, players=()):
        if not self.old:
            return _("{new} captures the neutral base {base} (TK-18.1).").format(
                new=side_label(self.new), base=self.base
            )
        return _("{base} passes from {old} to {new} (TK-18.1).").format(
            base=self.base, old=side_label(self.old), new=side_label(self.new)
        )
