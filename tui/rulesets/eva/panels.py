"""Texts and small widgets of the EVA battle screen: unit glyphs and their legend,
the unit panel, the odds of a shot, log lines and the target list.

Everything here presents what the engine gives (the side's view, its options,
its events); nothing computes a rule. Chances are written by
:func:`tui.kit.odds.format_odds`, like every screen's.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets.option_list import Option

from engine.i18n import _
from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS
from engine.rulesets.eva.options import MeleeOption, NeutraliseOption, ShotOption
from engine.rulesets.eva.view import EnemyUnit, EvaView, OwnUnit
from tui.kit.odds import format_odds
from tui.rulesets.eva.board import UnitMark, square_name, unit_style
from tui.textfit import fit
from tui.widgets.pointer_list import PointerList

__all__ = [
    "ChoiceRows",
    "FIRST_LETTERS",
    "ascii_text",
    "band_name",
    "event_line",
    "glyph_legend",
    "item_label",
    "log_glyphs",
    "melee_text",
    "named_players",
    "neutralise_text",
    "odds",
    "player_name",
    "short_player",
    "shot_odds",
    "shot_text",
    "unit_glyph",
    "unit_glyphs",
    "unit_marks",
    "unit_panel_text",
]

#: The letter of each side's first Eva: Player 1's Evas are A, B, C… in roster order,
#: Player 2's N, O, P… (a side fields at most ten Evas, EVA-17.1 and EVA-17.2).
FIRST_LETTERS = ("A", "N")


@functools.lru_cache(maxsize=64)
def _glyph_map(sides: tuple[int, ...]) -> tuple[str, ...]:
    """One distinct capital letter per unit (its side's letters in roster order)."""
    used: set[str] = set()
    count = [0, 0]
    out: list[str] = []
    for side in sides:
        k = count[side] if 0 <= side <= 1 else 0
        if 0 <= side <= 1:
            count[side] += 1
        start = string.ascii_uppercase.index(FIRST_LETTERS[side if 0 <= side <= 1 else 0])
        wanted = string.ascii_uppercase[start + k :] + string.ascii_uppercase
        glyph = next((c for c in wanted if c not in used), "?")
        used.add(glyph)
        out.append(glyph)
    return tuple(out)


def unit_glyphs(view: EvaView, ascii_only: bool = False) -> tuple[str, ...]:
    """The one-character glyph of every unit of ``view``: a capital letter, Player 1's
    Evas A, B, C… and Player 2's N, O, P… in roster order (:data:`FIRST_LETTERS`), so
    that the same name on both sides never shares a letter, the letters never change
    during a game, and an Eva never reads as an energy cost (a digit, or a small
    letter for 10 and more). The same in every glyph set (``ascii_only`` is kept for
    the callers; the letters are ASCII)."""
    return _glyph_map(tuple(u.side for u in view.units))


def unit_glyph(view: EvaView, index: int, ascii_only: bool = False) -> str:
    """The glyph of unit ``index`` (see :func:`unit_glyphs`)."""
    glyphs = unit_glyphs(view, ascii_only)
    return glyphs[index] if 0 <= index < len(glyphs) else "?"


#: Unicode punctuation of the interface's texts and its ASCII stand-in (one character
#: each, so the styles of a Rich text stay where they were).
_ASCII = str.maketrans(
    {
        "—": "-",
        "–": "-",
        "−": "-",
        "·": "|",
        "→": ">",
        "…": ".",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "«": '"',
        "»": '"',
        "✓": "+",
        "✗": "x",
        "✕": "x",
        "✦": "*",
        "⌃": "^",
        "⌄": "_",
        "‹": "<",
        "›": ">",
        "▸": ">",
        "‣": "-",
        "×": "x",
        "≤": "<",
        "≥": ">",
        "⇑": "j",
    }
)


def ascii_text(value: Any, on: bool = True) -> Any:
    """``value`` (a str or a Rich ``Text``) with its Unicode punctuation replaced by
    ASCII when ``on`` (the ASCII glyph set); letters of other alphabets stay."""
    if not on:
        return value
    if isinstance(value, Text):
        plain = value.plain.translate(_ASCII)
        if plain != value.plain:
            value = value.copy()
            value.plain = plain
        return value
    if isinstance(value, str):
        return value.translate(_ASCII)
    return value


def unit_marks(view: EvaView, ascii_only: bool = False) -> dict[int, UnitMark]:
    """Square → :class:`UnitMark` of every Eva on the board in ``view``."""
    marks: dict[int, UnitMark] = {}
    glyphs = unit_glyphs(view, ascii_only)
    for u in view.units:
        if u.square < 0 or u.destroyed:
            continue
        marks[u.square] = UnitMark(
            glyph=glyphs[u.index],
            side=u.side,
            airborne=u.airborne,
            kneeling=u.kneeling,
            engaged=u.engaged,
            activated=u.activated and view.phase == "battle",
            active=u.index == view.active,
        )
    return marks


def _default_name(name: str, side: int) -> bool:
    """Whether ``name`` is the default name of ``side`` (in English or the current language)."""
    return not name.strip() or name.strip() in (f"Player {side + 1}", _("Player {n}").format(n=side + 1))


def player_name(players: Sequence[str], side: int) -> str:
    """ "Asuka (Player 1)"; just "Player 1" when the name is the default one."""
    number = _("Player {n}").format(n=side + 1)
    name = players[side] if side < len(players) else ""
    if _default_name(name, side):
        return number
    return f"{name} ({number})"


def _holds(items: list[str]) -> str:
    """The panel's line of what an Eva holds (a sentence of its own for empty hands)."""
    return _("Holds: {items}").format(items=", ".join(items)) if items else _("Holds: empty hands")


def short_player(players: Sequence[str], side: int) -> str:
    """The player's name, or "Player 1" when it is the default one."""
    name = players[side] if side < len(players) else ""
    return _("Player {n}").format(n=side + 1) if _default_name(name, side) else name.strip()


def named_players(text: str, players: Sequence[str]) -> str:
    """``text`` with "Player 1" and "Player 2" (in the current language) replaced by
    the players' names where they have one of their own."""
    labels = {_("Player {n}").format(n=side + 1): short_player(players, side) for side in (0, 1)}
    labels = {k: v for k, v in labels.items() if k != v}
    if not labels:
        return text
    pattern = re.compile("|".join(re.escape(k) + r"(?!\d)" for k in labels))
    return pattern.sub(lambda m: labels[m.group(0)], text)


def odds(p: float | Fraction) -> str:
    """A chance (0-1) as every screen writes it (:func:`tui.kit.odds.format_odds`)."""
    return format_odds(p)


def shot_odds(shot: ShotOption) -> str:
    """A shot's chance to hit, from its exact fraction when the engine gives it."""
    if shot.p_hit_exact:
        try:
            return format_odds(Fraction(shot.p_hit_exact))
        except (ValueError, ZeroDivisionError):
            pass
    return format_odds(shot.p_hit)


def band_name(band: int) -> str:
    """The range band's name (EVA-3.2)."""
    return (_("close"), _("medium"), _("long"))[band] if 0 <= band <= 2 else "?"


def _item_name(code: str) -> str:
    w = WEAPONS.get(code)
    if w is not None:
        return _(w.name)
    e = EQUIPMENT.get(code)
    return _(e.name) if e is not None else code


def item_label(label: str) -> str:
    """A carried item's notation label (``rifle``, ``rifle#2``) as its catalogue name in
    the interface's language (``Pallet Rifle``, ``Pallet Rifle #2``)."""
    code, _sep, number = label.partition("#")
    name = _item_name(code)
    return f"{name} #{number}" if number else name


def _states(u: EnemyUnit) -> list[str]:
    states = []
    if u.destroyed:
        states.append(_("destroyed"))
    elif not u.deployed:
        states.append(_("not deployed"))
    if u.airborne:
        states.append(_("airborne"))
    if u.kneeling:
        states.append(_("kneeling"))
    if u.engaged:
        states.append(_("engaged"))
    if u.berserk:
        states.append(_("berserk"))
    if u.pinned:
        states.append(_("pinned"))
    if u.wings_trauma:
        states.append(_("wings trauma"))
    if u.activated:
        states.append(_("activated this round"))
    return states


def unit_panel_text(
    view: EvaView,
    index: int,
    players: Sequence[str],
    bullet: str = "-",
    ascii_only: bool = False,
    placing: Sequence[int] | None = None,
    public: bool = False,
) -> Text:
    """What ``view``'s side knows of unit ``index``: everything of its own Evas, the
    public facts of an enemy Eva (EVA-18). ``placing``: the Eva is being deployed with
    these items in hand (indices into its items): what it will hold once placed, in
    place of what it holds now (nothing). ``public``: the screen shows only public
    values (the armies are being set up and the terminal may pass without a curtain,
    :meth:`engine.seat.Seat.private_on_screen`): an own Eva is shown as the other side
    sees it, and the Eva being placed by what it will hold."""
    u = view.units[index]
    text = Text()
    text.append(f"{unit_glyph(view, index, ascii_only)} ", style="bold reverse")
    text.append(f" {u.name}", style="bold")
    where = square_name(u.square) if u.square >= 0 else "-"
    text.append(f"  {where}\n")
    text.append(player_name(players, u.side) + "\n", style="italic")
    if isinstance(u, OwnUnit) and placing is not None:
        labels = [item_label(u.items[i].label) for i in placing if 0 <= i < len(u.items)]
        line = (
            _("Holds when placed: {hands}").format(hands=", ".join(labels))
            if labels
            else _("Holds when placed: empty hands")
        )
        text.append(line + "\n", style="bold")
        if not public:
            stowed = [
                item_label(it.label) for i, it in enumerate(u.items) if i not in placing and not it.gone
            ]
            if stowed:
                text.append(_("Stowed: {items}").format(items=", ".join(stowed)) + "\n")
    elif isinstance(u, OwnUnit) and not public:
        line = _("Armour {a}/{m} · AT {at}").format(a=u.armour, m=u.max_armour, at=u.at)
        if index == view.active:
            line += " · " + _("Energy {e}").format(e=u.energy)
        text.append(line + "\n")
        if u.shield_points:
            text.append(_("Shield points: {n}").format(n=u.shield_points) + "\n")
        held = [u.items[i] for i in u.hands if 0 <= i < len(u.items)]
        labels = [item_label(it.label) + (" (" + _("auto") + ")" if it.auto else "") for it in held]
        text.append(_holds(labels) + "\n")
        stowed = [item_label(it.label) for i, it in enumerate(u.items) if i not in u.hands and not it.gone]
        if stowed:
            text.append(_("Stowed: {items}").format(items=", ".join(stowed)) + "\n")
        if u.equipment:
            text.append(
                _("Equipment: {items}").format(items=", ".join(_item_name(c) for c in u.equipment)) + "\n"
            )
        if u.traumas:
            parts = [
                _(zone) + ("" if lasting else " (" + _("until its next activation ends") + ")")
                for zone, lasting in u.traumas
            ]
            text.append(_("Traumas: {list}").format(list=", ".join(parts)) + "\n")
    else:
        text.append(_holds([item_label(h) for h in u.held]) + "\n")
        if u.revealed:
            text.append(
                _("Seen to have: {items}").format(items=", ".join(_item_name(c) for c in u.revealed)) + "\n"
            )
        if not isinstance(u, OwnUnit):
            text.append(_("Armour, energy and stowed items are hidden."), style="italic")
            text.append("\n")
    states = _states(u)
    if states:
        text.append(f"{bullet} " + ", ".join(states) + "\n")
    text.rstrip()
    return text


def glyph_legend(
    view: EvaView, side: int, ascii_only: bool = False, mono: bool = False, cells: int = 10, width: int = 0
) -> Text:
    """Which letter is which Eva, as the board draws them: ``side``'s Evas first, then
    the other side's, each letter in its side's style (``mono``: without colour), each
    name cut to ``cells``; with ``width`` (> 0) the entries are put in lines of at most
    that many cells, an entry never split. Only the Evas on the board are listed."""
    glyphs = unit_glyphs(view, ascii_only)
    ell = "..." if ascii_only else "…"
    text = Text()
    used = 0
    for s in (side, 1 - side):
        for u in view.units:
            if u.side != s or u.destroyed or u.square < 0:
                continue
            name = fit(u.name, cells, ell)
            size = 2 + cell_len(name)
            if used and width > 0 and used + 2 + size > width:
                text.append("\n")
                used = 0
            elif used:
                text.append("  ")
                used += 2
            text.append(glyphs[u.index], style=unit_style(s, mono))
            text.append(" " + name)
            used += size
    return text


def shot_text(view: EvaView, shot: ShotOption, ascii_only: bool = False) -> Text:
    """Two lines for a target list: glyph, target, square and the chance; then the
    weapon, band and cover (shown in a list with a hanging indent, so that what wraps
    stays under its entry)."""
    target = view.units[shot.target]
    head = Text()
    head.append(f"{unit_glyph(view, shot.target, ascii_only)} ", style="bold")
    head.append(f"{target.name} {square_name(shot.square)} ")
    head.append(shot_odds(shot), style="bold")
    details = [item_label(shot.label), band_name(shot.band)]
    if shot.cover:
        details.append(_("cover"))
    if not shot.seen:
        details.append(_("not seen"))
    return Text("\n").join([head, Text(", ".join(details))])


def shot_details(view: EvaView, shot: ShotOption) -> list[str]:
    """The odds of a shot, itemised (every modifier from the engine), for the fire dialog."""
    target = view.units[shot.target]
    lines = [
        _("Target: {name} on {square}").format(name=target.name, square=square_name(shot.square)),
        _("Weapon: {weapon}").format(weapon=item_label(shot.label)),
        _("Range: {band}").format(band=band_name(shot.band))
        + (" · " + _("in cover") if shot.cover else "")
        + (" · " + _("not seen") if not shot.seen else ""),
    ]
    if shot.no_roll:
        lines.append(_("No to-hit roll: it always hits."))
    else:
        lines.append(_("Target number: {tn}+").format(tn=shot.tn))
        lines.append("    " + _("{band} range").format(band=band_name(shot.band)))
        for message, change in shot.modifiers:
            lines.append(f"    {_(message)} {change:+d}")
        for message, rule in shot.roll_notes:
            lines.append(f"    {_(message)} ({rule})")
        exact = f" = {shot.p_hit_exact}" if shot.p_hit_exact and "/" in shot.p_hit_exact else ""
        lines.append(_("Chance to hit: {p}{exact}").format(p=shot_odds(shot), exact=exact))
        lines.append(_("Chance of a critical: {p}").format(p=odds(shot.p_crit)))
    lines.append(_("Damage per hit: {n} (before the AT field)").format(n=shot.damage))
    return lines


def melee_text(view: EvaView, m: MeleeOption, ascii_only: bool = False) -> Text:
    """One line for a melee target."""
    target = view.units[m.target]
    text = Text()
    text.append(f"{unit_glyph(view, m.target, ascii_only)} ", style="bold")
    text.append(f"{target.name} {square_name(m.square)}: " + _("your bonus {b:+d}").format(b=m.bonus))
    if m.auto_loss:
        text.append(", " + _("Extended Arms: the defender loses"), style="bold")
    text.append(" · " + _("{n} energy").format(n=m.energy))
    return text


def neutralise_text(view: EvaView, n: NeutraliseOption, ascii_only: bool = False) -> Text:
    """One line for an AT-neutralisation target."""
    target = view.units[n.target]
    text = Text()
    text.append(f"{unit_glyph(view, n.target, ascii_only)} ", style="bold")
    text.append(f"{target.name} {square_name(n.square)}: ")
    if n.automatic:
        text.append(_("automatic (engaged)"))
    else:
        text.append(_("TN {tn}+").format(tn=n.tn) + f" — {odds(n.p_hit)}", style="bold")
    return text


def event_line(
    event: Any,
    viewer: int | None,
    players: Sequence[str] = (),
    glyphs: dict[Any, str] | None = None,
    ascii_only: bool = False,
    text: str | None = None,
) -> Text:
    """One log line: private events (seen only by ``viewer``) in italics, a new round
    in bold. ``players``: the players' names, written for "Player 1" and "Player 2";
    ``glyphs``: Eva → board glyph (:func:`log_glyphs`), shown before the line of an Eva's
    event; ``text``: the event as the seat reads it (:attr:`engine.seat.LogEntry.text`),
    else its own text."""
    if text is None:
        try:
            text = event.text()
        except Exception:  # noqa: BLE001 - a malformed event is shown by name, never crashes the log
            text = type(event).__name__
    body = named_players(text, players) if players else text
    tag = getattr(type(event), "__struct_config__", None)
    kind = getattr(tag, "tag", "") if tag is not None else ""
    style = ""
    if kind in ("round", "game_over", "destroyed"):
        style = "bold"
    elif getattr(event, "to", None) is not None:
        style = "italic"
    line = Text()
    field = "unit" if getattr(event, "unit", None) else "attacker"
    name = getattr(event, field, None)
    side = getattr(event, field + "_side", -1)
    key = (name, side) if isinstance(side, int) and side >= 0 else name
    if glyphs and isinstance(name, str) and key in glyphs:
        line.append(glyphs[key], style="bold reverse")
        line.append(" ")
    line.append(body, style=style)
    return ascii_text(line, ascii_only)


def log_glyphs(view: EvaView, ascii_only: bool = False) -> dict[Any, str]:
    """Eva → glyph for the log: keyed by the name, for the names that only one Eva of
    the game has, and by (name, side) for every Eva (the events of a name both sides
    have give its side)."""
    glyphs = unit_glyphs(view, ascii_only)
    names = [u.name for u in view.units]
    out: dict[Any, str] = {u.name: glyphs[u.index] for u in view.units if names.count(u.name) == 1}
    out.update({(u.name, u.side): glyphs[u.index] for u in view.units})
    return out


class ChoiceRows(PointerList):
    """The side panel's list of targets: a :class:`PointerList` whose rows are
    replaced as the options change; an entry's later lines, and whatever wraps, are
    indented under it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(hanging=True, **kwargs)

    def set_rows(self, rows: Sequence[tuple[str, Text]]) -> None:
        """Show these (id, prompt) rows, the first highlighted."""
        self._pointed = None
        self._plain = []
        self.clear_options()
        for oid, prompt in rows:
            self._plain.append(prompt)
            self.add_option(Option(self._decorate(prompt, False), id=oid))
        if rows:
            self.highlighted = 0
