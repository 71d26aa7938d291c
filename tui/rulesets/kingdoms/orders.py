"""Choosing a regiment's order on the screen: the list of every legal order the
engine offers it (:class:`engine.rulesets.kingdoms.options.RegimentOptions`),
optionally only those that lead to one base, each with what it does; for an
attack or a fire, its preview before it is confirmed (TK-5, exact, from the
engine); for a challenge or a provocation, the order it falls back on (TK-11.3).

The dialogs are the kit's (:class:`tui.kit.dialogs.ChoiceDialog`); this module
only writes their questions and answers.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.i18n import _
from engine.rulesets.kingdoms.actions import (
    Attack,
    BuildRam,
    Cancel,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Move,
    Provoke,
)
from engine.rulesets.kingdoms.options import RegimentOptions
from engine.rulesets.kingdoms.view import View
from tui.rulesets.kingdoms.texts import expectation, order_text

__all__ = ["Choice", "fallback_choices", "order_base", "order_choices", "reach", "with_fallback"]

#: One answer of the order list: (the action to submit, its notation, its label).
Choice = tuple[Any, str, Text]


def order_base(view: View, ro: RegimentOptions, order: Any) -> str | None:
    """The base an order of ``ro``'s regiment leads to: where it moves, the base of
    the regiment it strikes or challenges, the fortress it besieges; its own base for
    the orders that stay (DEFEND, MERGE, a stratagem)."""
    if isinstance(order, Move):
        return order.path[-1]
    if isinstance(order, Attack | Fire | Challenge | Provoke):
        for r in view.regiments:
            if r.id == order.target:
                return r.base
        return None
    if isinstance(order, BuildRam | ClimbWall):
        return order.fortress
    return ro.base


def _all(ro: RegimentOptions) -> list[tuple[Any, Any]]:
    """Every order of ``ro`` with its preview (None but for attacks and fire)."""
    out: list[tuple[Any, Any]] = [(o, None) for o in ro.defend]
    out += [(o, None) for o in ro.moves]
    out += [(a.order, a.preview) for a in ro.attacks]
    out += [(o, None) for o in ro.duels]
    out += [(o, None) for o in ro.others]
    # the plain orders first, those with MOUNT or DISMOUNT after them
    return sorted(out, key=lambda pair: getattr(pair[0], "mount", None) is not None)


def reach(view: View, ro: RegimentOptions) -> set[str]:
    """The bases ``ro``'s orders lead to, its own base left out."""
    return {b for o, _p in _all(ro) if (b := order_base(view, ro, o)) is not None and b != ro.base}


def order_choices(view: View, ro: RegimentOptions, notation: Any, base: str | None = None) -> list[Choice]:
    """The answers of ``ro``'s order list: CANCEL first when it has an order, then its
    orders (only those leading to ``base`` when given), each written by
    ``notation(action)`` and described with its expected losses for an attack."""
    out: list[Choice] = []
    if ro.current and base is None:
        label = Text(_("Take the order back: the regiment defends"))
        cancel = Cancel(regiment=ro.regiment)
        out.append((cancel, notation(cancel), label))
    for order, preview in _all(ro):
        if base is not None and order_base(view, ro, order) != base:
            continue
        text = notation(order)
        label = Text(order_text(view, order))
        label.append("  ")
        label.append(text, style="dim")
        if preview is not None:
            label.append("\n" + expectation(view, preview))
        out.append((order, text, label))
    return out


def fallback_choices(view: View, ro: RegimentOptions, notation: Any) -> list[Choice]:
    """What a challenge or provocation of ``ro``'s regiment may fall back on
    (TK-11.3): DEFEND (the default) first, then every other legal fallback."""
    out: list[Choice] = []
    plain = Defend(regiment=ro.regiment)
    label = Text(order_text(view, plain) + " " + _("(the default)"))
    out.append((None, notation(plain), label))
    for order in ro.fallbacks:
        if order == plain:
            continue
        text = notation(order)
        label = Text(order_text(view, order))
        label.append("  ")
        label.append(text, style="dim")
        out.append((order, text, label))
    return out


def with_fallback(order: Challenge | Provoke, fallback: Any) -> Challenge | Provoke:
    """``order`` falling back on ``fallback`` (None: DEFEND)."""
    kind = type(order)
    return kind(regiment=order.regiment, target=order.target, fallback=fallback, mount=order.mount)
