"""Texts and small widgets of the EVA battle screen: unit glyphs, the unit panel,
the odds of a shot, log lines and the command line's completion.

Everything here presents what the engine gives (the side's view, its options,
its events); nothing computes a rule.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.suggester import Suggester
from textual.widgets.option_list import Option

from engine.i18n import _
from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS
from engine.rulesets.eva.options import EvaOptions, MeleeOption, NeutraliseOption, ShotOption
from engine.rulesets.eva.view import EnemyUnit, EvaView, OwnUnit
from tui.rulesets.eva.board import UnitMark, square_name
from tui.widgets.bars import KeyLine, PlainScrollBar
from tui.widgets.pointer_list import PointerList

__all__ = [
    "ChoiceRows",
    "KeyLine",
    "PlainScrollBar",
    "NotationSuggester",
    "band_name",
    "ascii_text",
    "event_line",
    "item_label",
    "log_glyphs",
    "named_players",
    "melee_text",
    "neutralise_text",
    "percent",
    "player_name",
    "short_player",
    "shot_text",
    "unit_glyph",
    "unit_glyphs",
    "unit_marks",
    "unit_panel_text",
]

#: Glyphs given when an Eva's name offers no free letter or digit.
_SPARE = "123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


@functools.lru_cache(maxsize=64)
def _glyph_map(units: tuple[tuple[int, str], ...], ascii_only: bool) -> tuple[str, ...]:
    """One distinct glyph per (side, name), in order."""
    used: set[str] = set()
    out: list[str] = []
    for _side, name in units:
        digits = [c for c in name if c.isdigit() and c.isascii()]
        letters = [c.upper() for c in name if c.isalpha() and len(c.upper()) == 1]
        wanted = digits[-1:] + letters[:1] + letters[1:] + digits[:-1] + list(_SPARE)
        glyph = next(
            (
                c
                for c in wanted
                if c not in used
                and (c.isascii() or not ascii_only)
                and unicodedata.east_asian_width(c) in ("N", "Na")
            ),
            "?",
        )
        used.add(glyph)
        out.append(glyph)
    return tuple(out)


def unit_glyphs(view: EvaView, ascii_only: bool = False) -> tuple[str, ...]:
    """The one-character glyph of every unit of ``view``, from its name where possible:
    its last digit (``Eva-2`` is ``2``), else its first letter (``Sniper`` is ``S``),
    else another letter of its name or a spare one, so that no two Evas on the board
    share a glyph. ``ascii_only``: only ASCII characters (the ASCII glyph set)."""
    return _glyph_map(tuple((u.side, u.name) for u in view.units), ascii_only)


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


def percent(p: float) -> str:
    """A probability (0-1) as a whole percentage, e.g. ``58%``."""
    return f"{round(p * 100)}%"


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
) -> Text:
    """What ``view``'s side knows of unit ``index``: everything of its own Evas, the
    public facts of an enemy Eva (EVA-18). ``placing``: the Eva is being deployed with
    these items in hand (indices into its items): what it will hold and stow once
    placed, in place of what it holds now (nothing)."""
    u = view.units[index]
    text = Text()
    text.append(f"{unit_glyph(view, index, ascii_only)} ", style="bold reverse")
    text.append(f" {u.name}", style="bold")
    where = square_name(u.square) if u.square >= 0 else "-"
    text.append(f"  {where}\n")
    text.append(player_name(players, u.side) + "\n", style="italic")
    if isinstance(u, OwnUnit):
        line = _("Armour {a}/{m} · AT {at}").format(a=u.armour, m=u.max_armour, at=u.at)
        if index == view.active:
            line += " · " + _("Energy {e}").format(e=u.energy)
        text.append(line + "\n")
        if u.shield_points:
            text.append(_("Shield points: {n}").format(n=u.shield_points) + "\n")
        hands = list(u.hands) if placing is None else list(placing)
        held = [u.items[i] for i in hands if 0 <= i < len(u.items)]
        labels = [item_label(it.label) + (" (" + _("auto") + ")" if it.auto else "") for it in held]
        if placing is None:
            text.append(_holds(labels) + "\n")
        else:
            line = (
                _("Holds when placed: {hands}").format(hands=", ".join(labels))
                if labels
                else _("Holds when placed: empty hands")
            )
            text.append(line + "\n", style="bold")
        stowed = [item_label(it.label) for i, it in enumerate(u.items) if i not in hands and not it.gone]
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
        text.append(_("Armour, energy and stowed items are hidden."), style="italic")
        text.append("\n")
    states = _states(u)
    if states:
        text.append(f"{bullet} " + ", ".join(states) + "\n")
    text.rstrip()
    return text


def shot_text(view: EvaView, shot: ShotOption, ascii_only: bool = False) -> Text:
    """Two lines for a target list: glyph, target, square and the chance; then the
    weapon, band and cover (shown in a list with a hanging indent, so that what wraps
    stays under its entry)."""
    target = view.units[shot.target]
    head = Text()
    head.append(f"{unit_glyph(view, shot.target, ascii_only)} ", style="bold")
    head.append(f"{target.name} {square_name(shot.square)} ")
    head.append(percent(shot.p_hit), style="bold")
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
        lines.append(_("Chance to hit: {p}{exact}").format(p=percent(shot.p_hit), exact=exact))
        lines.append(_("Chance of a critical: {p}").format(p=percent(shot.p_crit)))
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
        text.append(_("TN {tn}+").format(tn=n.tn) + f" — {percent(n.p_hit)}", style="bold")
    return text


def event_line(
    event: Any,
    viewer: int | None,
    players: Sequence[str] = (),
    glyphs: dict[Any, str] | None = None,
    ascii_only: bool = False,
) -> Text:
    """One log line: private events (seen only by ``viewer``) in italics, a new round
    in bold. ``players``: the players' names, written for "Player 1" and "Player 2";
    ``glyphs``: Eva → board glyph (:func:`log_glyphs`), shown before the line of an Eva's
    event."""
    try:
        body = event.text()
    except Exception:  # noqa: BLE001 - a malformed event is shown by name, never crashes the log
        body = type(event).__name__
    if players:
        body = named_players(body, players)
    tag = getattr(type(event), "__struct_config__", None)
    kind = getattr(tag, "tag", "") if tag is not None else ""
    style = ""
    if kind in ("round", "game_over", "destroyed"):
        style = "bold"
    elif getattr(event, "to", None) is not None:
        style = "italic"
    text = Text()
    field = "unit" if getattr(event, "unit", None) else "attacker"
    name = getattr(event, field, None)
    side = getattr(event, field + "_side", -1)
    key = (name, side) if isinstance(side, int) and side >= 0 else name
    if glyphs and isinstance(name, str) and key in glyphs:
        text.append(glyphs[key], style="bold reverse")
        text.append(" ")
    text.append(body, style=style)
    return ascii_text(text, ascii_only)


def log_glyphs(view: EvaView, ascii_only: bool = False) -> dict[Any, str]:
    """Eva → glyph for the log: keyed by the name, for the names that only one Eva of
    the game has, and by (name, side) for every Eva (the events of a name both sides
    have give its side)."""
    glyphs = unit_glyphs(view, ascii_only)
    names = [u.name for u in view.units]
    out: dict[Any, str] = {u.name: glyphs[u.index] for u in view.units if names.count(u.name) == 1}
    out.update({(u.name, u.side): glyphs[u.index] for u in view.units})
    return out


class NotationSuggester(Suggester):
    """Completes the command line: the side's Eva names, then the orders and the
    squares its options allow (``source`` gives the current (view, options, side))."""

    VERBS = (
        "fire",
        "melee",
        "kneel",
        "stand",
        "swap",
        "discard",
        "disengage",
        "neutralise",
        "jump",
        "takeoff",
        "land",
        "detonate",
        "accelerate",
        "end",
        "keep",
        "deploy",
    )

    def __init__(self, source: Callable[[], tuple[EvaView | None, EvaOptions | None, int]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.source = source

    def candidates(self, value: str) -> list[str]:
        """Every completion of ``value`` (whole command texts), best first."""
        view, opts, side = self.source()
        if view is None:
            return []
        own = [u.name for u in view.units if u.side == side and not u.destroyed]
        words = ["activate ", "choose south", "choose north", "concede"]
        words += [
            f"trauma {c}" for c in (opts.choices if opts is not None and opts.decision == "zone" else [])
        ]
        out = [*own, *words]
        if value.casefold().startswith("activate "):
            out += [f"activate {n}" for n in own]
        for name in own:
            out += [f"{name} {verb}" for verb in self.VERBS]
            if opts is not None:
                out += [f"{name} fire {square_name(s.square)} {s.label}" for s in opts.shots]
                out += [f"{name} melee {square_name(m.square)}" for m in opts.melee]
                out += [f"{name} neutralise {square_name(n.square)}" for n in opts.neutralise]
                out += [f"{name} jump {square_name(s)}" for s in opts.jumps]
        return out

    async def get_suggestion(self, value: str) -> str | None:
        """The first candidate that starts with ``value`` (ignoring case)."""
        if not value.strip():
            return None
        folded = value.casefold()
        for cand in self.candidates(value):
            if cand.casefold().startswith(folded) and len(cand) > len(value):
                return value + cand[len(value) :]
        return None


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
