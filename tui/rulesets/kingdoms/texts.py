"""What the Three Kingdoms screens write: names in the interface's language, a
regiment's and a base's description, what an order does, and an attack's preview.

Everything here is read from a seat's view, options and previews
(:mod:`engine.rulesets.kingdoms.view`, :mod:`engine.rulesets.kingdoms.options`):
nothing is decided here, only written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from engine.i18n import N_, _, current_language, ngettext
from engine.rulesets.kingdoms.actions import (
    Attack,
    BuildRam,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Flee,
    Merge,
    Move,
    Provoke,
    Stratagem,
)
from engine.rulesets.kingdoms.catalog import BASE_TYPE_NAMES, TYPE_NAMES, WEAPON_NAMES
from engine.rulesets.kingdoms.events import officer_label
from engine.rulesets.kingdoms.view import BaseView, RegimentView, View
from tui.kit.odds import format_amount, format_odds

__all__ = [
    "base_line",
    "base_name",
    "base_summary",
    "card_name",
    "fortress_line",
    "order_text",
    "preview_lines",
    "regiment_line",
    "side_name",
    "status_words",
    "title",
    "type_name",
]

#: What a letter of the variant of an exchange means (TK-4.4).
_VARIANTS = {
    "a": N_("simultaneous"),
    "b": N_("first strike"),
    "c": N_("no counter-attack"),
    "d": N_("defender first"),
}


def _ru() -> bool:
    return current_language() == "ru"


def title(view: View) -> str:
    """The scenario's title in the interface's language."""
    return view.title_ru if _ru() and view.title_ru else view.title


def side_name(view: View, side: int | None) -> str:
    """Side ``side``'s name in the interface's language ("neutral" for None)."""
    if side is None:
        return _("neutral")
    if _ru() and side < len(view.sides_ru) and view.sides_ru[side]:
        return view.sides_ru[side]
    return _(view.sides[side])


def base_name(base: BaseView) -> str:
    """A base's name in the interface's language."""
    return base.name_ru if _ru() and base.name_ru else base.name


def card_name(view: View, card: str) -> str:
    """A stratagem card's name (by id) in the interface's language."""
    for cid, _owner, name, _uses, name_ru in view.cards:
        if cid == card:
            return name_ru if _ru() and name_ru else name
    return card


def type_name(reg: RegimentView) -> str:
    """The regiment's type, translated; dismounted cavalry says so (TK-3.5)."""
    if reg.type == "cavalry" and not reg.mounted:
        return _("dismounted cavalry")
    return _(TYPE_NAMES.get(reg.type, reg.type))


def officer_name(reg: RegimentView) -> str:
    """The regiment's commander: a named officer, or "an unnamed commander" (TK-1.4)."""
    return officer_label(reg.officer)


def status_words(view: View, reg: RegimentView) -> list[str]:
    """The regiment's states now, each a few translated words with its rule."""
    out: list[str] = []
    if reg.panicking:
        out.append(_("panicking until phase {phase} (TK-16)").format(phase=reg.panic_until))
    if any(reg.id in pair for pair in view.duels):
        out.append(_("in a duel that continues (TK-11.6)"))
    if reg.retreating:
        out.append(_("retreating (TK-9.3)"))
    if reg.crew:
        out.append(_("tower crew (TK-13.1)"))
    if reg.immune:
        out.append(_("duel immunity (TK-11.8)"))
    if reg.screening:
        how = _("lets archers through") if reg.screen_release else _("absorbs archers' attacks")
        out.append(_("screens {id}, {how} (TK-8)").format(id=reg.screening, how=how))
    if reg.three_quarters:
        out.append(_("has lost three quarters of its men (TK-10.5)"))
    elif reg.half:
        out.append(_("has lost half of its men (TK-10.5)"))
    return out


def regiment_line(view: View, reg: RegimentView) -> str:
    """One line on a regiment: id, commander (and weapon), type, men of its initial
    strength, morale (effective when it differs), states."""
    who = officer_name(reg)
    if reg.weapon:
        who += f" ({_(WEAPON_NAMES.get(reg.weapon, reg.weapon))})"
    morale = str(reg.morale) if reg.effective == reg.morale else f"{reg.effective} ({reg.morale})"
    text = _("{id} {who}, {type}: {men} of {initial} men, morale {morale}").format(
        id=reg.id, who=who, type=type_name(reg), men=reg.strength, initial=reg.initial, morale=morale
    )
    states = status_words(view, reg)
    return text + ("; " + "; ".join(states) if states else "")


def fortress_line(view: View, base: BaseView, glyphs: Any = None) -> str:
    """A fortress in a few letters: its gates' hit points, its ballistas and the
    besiegers' ram (``G6 B2 R4``; the ready and siege marks of ``glyphs`` after them)."""
    fort = base.fortress
    if fort is None:
        return ""
    parts = [_("G{n}").format(n=max(0, fort.gates)), _("B{n}").format(n=len(fort.ballistas))]
    if fort.ram:
        parts.append(_("R{n}").format(n=fort.ram) + (glyphs.ready if glyphs and fort.ram_ready else ""))
    if fort.under_siege and glyphs is not None:
        parts.append(glyphs.siege)
    return " ".join(parts)


def base_summary(view: View, base: BaseView) -> str:
    """A base in a few words: id, name, type, capacity, controller."""
    control = side_name(view, base.control) if base.control is not None else _("neutral")
    return _("{id} {name}: {type}, {n} a side, {control}").format(
        id=base.id,
        name=base_name(base),
        type=_(BASE_TYPE_NAMES.get(base.type, base.type)),
        n=base.capacity,
        control=control,
    )


def base_line(view: View, base: BaseView) -> str:
    """One line on a base: id and name, type, capacity per side, controller, and a
    fortress's state."""
    kind = _(BASE_TYPE_NAMES.get(base.type, base.type))
    if base.building:
        kind += ", " + _("a building")
    text = ngettext(
        "{id} {name}: {type}, {n} regiment of each side at most; {control}",
        "{id} {name}: {type}, {n} regiments of each side at most; {control}",
        base.capacity,
    ).format(
        id=base.id,
        name=base_name(base),
        type=kind,
        n=base.capacity,
        control=_("held by {side}").format(side=side_name(view, base.control))
        if base.control is not None
        else _("neutral"),
    )
    fort = base.fortress
    if fort is not None:
        if fort.gates > 0:
            text += ". " + _("Fortress: gates {gates} hit points, ballistas {ballistas}").format(
                gates=fort.gates, ballistas=", ".join(fort.ballistas) or "—"
            )
        else:
            text += ". " + _("Fortress: its gates are destroyed (TK-14.6)")
        if fort.ram:
            text += "; " + (
                _("a ready ram, {n} hit points") if fort.ram_ready else _("a ram being built, {n} hit points")
            ).format(n=fort.ram)
        if fort.wall_tower:
            text += "; " + (
                _("wall tower crewed by {id}").format(id=fort.crew) if fort.crew else _("a wall tower")
            )
        if fort.under_siege:
            text += "; " + _("under siege (TK-14.2)")
    if base.crew:
        text += ". " + _("Tower crew: {id} (TK-13.1)").format(id=base.crew)
    return text


def _regiment(view: View, rid: str) -> RegimentView | None:
    for r in view.regiments:
        if r.id == rid:
            return r
    return None


def _base(view: View, bid: str) -> BaseView | None:
    for b in view.bases:
        if b.id == bid:
            return b
    return None


def _who(view: View, rid: str) -> str:
    """``W2 Xu Chu`` (id and officer), ``W6 (archers)`` for an unnamed commander's."""
    reg = _regiment(view, rid)
    if reg is None:
        return rid
    return f"{rid} {officer_name(reg)}" if reg.officer else f"{rid} ({type_name(reg)})"


def _where(view: View, bid: str) -> str:
    base = _base(view, bid)
    return f"{bid} {base_name(base)}" if base is not None else bid


def order_text(view: View, order: Any, preview: Any = None) -> str:
    """What ``order`` does, in a translated sentence (the attack's expected losses
    after it when ``preview``, an :class:`options.AttackPreview`, is given)."""
    text = _order_body(view, order)
    mount = getattr(order, "mount", None)
    if mount == "dismount":
        text = _("Dismount, then: {order}").format(order=text)
    elif mount == "mount":
        text = _("Mount, then: {order}").format(order=text)
    if preview is not None:
        text += " — " + expectation(view, preview)
    return text


def _order_body(view: View, order: Any) -> str:
    if isinstance(order, Defend):
        if order.screen:
            if order.release:
                return _("Hold; screen {id} in the next enemy phase, letting archers through (TK-8)").format(
                    id=_who(view, order.screen)
                )
            return _("Hold; screen {id} in the next enemy phase (TK-8)").format(id=_who(view, order.screen))
        return _("Hold: fight only by counter-attacking (TK-2.5)")
    if isinstance(order, Move):
        steps = list(order.path[1:])
        if len(steps) > 1:
            return _("Move to {base} by {via}").format(
                base=_where(view, steps[-1]), via=", ".join(steps[:-1])
            )
        return _("Move to {base}").format(base=_where(view, steps[-1]))
    if isinstance(order, Attack):
        target = _who(view, order.target)
        if not order.path:
            text = _("Attack {target} on this base").format(target=target)
        else:
            text = _("Attack {target} on {base}").format(target=target, base=_where(view, order.path[-1]))
            if len(order.path) > 2:
                text += " " + _("(by {via})").format(via=", ".join(order.path[1:-1]))
        if order.simultaneous:
            text += ", " + _("together with those at distance 1 (TK-6.4)")
        if order.then:
            text += ", " + _("then ride on to {base} (TK-9.5a)").format(base=order.then)
        return text
    if isinstance(order, Fire):
        target = _regiment(view, order.target)
        where = _where(view, target.base) if target is not None else "?"
        return _("Fire at {target} on {base} (TK-4.2)").format(target=_who(view, order.target), base=where)
    if isinstance(order, Challenge | Provoke):
        target = _regiment(view, order.target)
        name = officer_name(target) if target is not None else order.target
        weapon = f" ({_(WEAPON_NAMES[target.weapon])})" if target is not None and target.weapon else ""
        if isinstance(order, Challenge):
            text = _("Challenge {name}{weapon} of {id} to a duel (TK-11)")
        else:
            text = _("Provoke {name}{weapon} of {id} into a duel (TK-12)")
        text = text.format(name=name, weapon=weapon, id=order.target)
        if order.fallback is not None and order.fallback != Defend(regiment=order.regiment):
            cond = _("if refused") if isinstance(order, Challenge) else _("if it cannot be made")
            text += f"; {cond}: " + _order_body(view, order.fallback)
        return text
    if isinstance(order, Merge):
        return _("Merge with {id} (TK-15)").format(id=_who(view, order.other))
    if isinstance(order, BuildRam):
        return _("Build a ram against the gates of {base} (TK-14.4)").format(
            base=_where(view, order.fortress)
        )
    if isinstance(order, ClimbWall):
        return _("Climb the wall of {base} (TK-14.7)").format(base=_where(view, order.fortress))
    if isinstance(order, Stratagem):
        return _("Play the stratagem \u201c{card}\u201d (TK-17)").format(card=card_name(view, order.card))
    if isinstance(order, Flee):
        return _("Flee in panic (TK-16.3)")
    return str(order)


def expectation(view: View, preview: Any) -> str:
    """The expected losses of an attack in a few words: the victim's, and the
    attacker's from its counter-attack when there is one."""
    text = _("{victim} loses {men} men on average").format(
        victim=preview.victim, men=format_amount(preview.expected)
    )
    if preview.counter is not None:
        text += "; " + _("the counter-attack costs {men}").format(men=format_amount(preview.counter))
    return text


def preview_lines(view: View, order: Any, preview: Any, width: int = 60) -> list[Text]:
    """An attack's preview before it is confirmed (TK-5): who strikes whom and how,
    the formula with this attack's factors, every possible loss with its chance over
    the 2d10 (exact), and the expected losses on both sides."""
    pv = preview
    attacker = _regiment(view, order.regiment)
    out: list[Text] = []
    head = _("{attacker} strikes {victim}").format(
        attacker=_who(view, order.regiment), victim=_who(view, pv.victim)
    )
    if pv.victim != pv.target:
        head += " " + _("(the screen {victim} takes the attack on {target}, TK-8.2)").format(
            victim=pv.victim, target=pv.target
        )
    variant = _(_VARIANTS.get(pv.variant, pv.variant))
    out.append(Text(head, style="bold"))
    out.append(
        Text(_("Exchange: {variant} (TK-4.4, variant {letter}).").format(variant=variant, letter=pv.variant))
    )
    mods = " ".join(pv.mods) if pv.mods else "—"
    out.append(
        Text(
            _(
                "Losses = \u230aN\u00b7R\u00b7m\u00b7Mt / (40000\u00b7F\u00b7T)\u230b with N {n}, m {m}, Mt {mt} ({mods}), T {t} (TK-5.1)."
            ).format(n=pv.n, m=pv.m, mt=pv.mt, mods=mods, t=pv.t)
        )
    )
    out.append(Text(_("{victim} loses, with the 2d10 (R):").format(victim=pv.victim)))
    cells = [f"{lost} ({format_odds(p)})" for lost, p in pv.losses]
    out += _columns(cells, width)
    line = Text(
        _("Expected: {victim} loses {men} men").format(victim=pv.victim, men=format_amount(pv.expected))
    )
    if pv.counter is not None and attacker is not None:
        line.append(
            "; "
            + _("{attacker} loses {men} in the counter-attack (as its first, TK-5.6)").format(
                attacker=order.regiment, men=format_amount(pv.counter)
            )
        )
    elif pv.counter is None:
        line.append("; " + _("no counter-attack"))
    line.stylize("bold")
    out.append(line)
    return out


def _columns(cells: Sequence[str], width: int) -> list[Text]:
    """``cells`` in rows of equal columns fitting ``width`` cells."""
    if not cells:
        return []
    size = max(len(c) for c in cells) + 3
    per = max(1, width // size)
    rows = []
    for i in range(0, len(cells), per):
        rows.append(Text("".join(c.ljust(size) for c in cells[i : i + per]).rstrip()))
    return rows


def men_of(view: View, side: int) -> tuple[int, int]:
    """(regiments on the map, men) of ``side``."""
    regs = [r for r in view.regiments if r.on_map and r.side == side]
    return len(regs), sum(r.strength for r in regs)


def forces_line(view: View, side: int) -> str:
    """``Shu: 6 regiments, 3800 men``."""
    n, men = men_of(view, side)
    return _("{side}: {regiments}, {men} men").format(
        side=side_name(view, side),
        regiments=ngettext("{n} regiment", "{n} regiments", n).format(n=n),
        men=men,
    )
