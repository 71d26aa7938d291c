"""The texts of Going Ballistic's side panel and dialogs, built from what a seat is
given: a hex and the units on it, a unit's state and weapons, the initiative order,
a weapon's chart, a shot's itemised odds, an arc shot's landings, a move, a line of
sight.

Plain functions returning Rich :class:`~rich.text.Text` (no Textual), so the screen,
its dialogs and the tests share them. They only write what they are given: every
figure comes from the seat (view, options, preview), none is computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from engine.i18n import N_, _, ngettext
from engine.rulesets.ballistic.actions import DIRECTIONS_EN
from engine.rulesets.ballistic.catalog import AUXILIARIES, CHASSIS, base_threshold, in_range
from engine.rulesets.ballistic.events import DIRECTION_WORDS, system_name
from engine.rulesets.ballistic.maps import BUILDING, RUBBLE
from tui.kit.odds import format_odds

__all__ = [
    "arc_lines",
    "chart_lines",
    "hex_line",
    "move_line",
    "odds_lines",
    "order_line",
    "profile_name",
    "shells_lines",
    "sight_lines",
    "unit_lines",
]


def profile_name(key: str) -> str:
    """A chassis's or an auxiliary unit's name, translated (GB-18.1, GB-18.2)."""
    found = CHASSIS.get(key) or AUXILIARIES.get(key)
    return _(found.name) if found is not None else key


def facing_word(facing: int) -> str:
    """``NE (north-east)``: the notation letters and the word (GB-2.3)."""
    return f"{DIRECTIONS_EN[facing % 6]} ({_(DIRECTION_WORDS[facing % 6])})"


def player_label(side: int, players: Sequence[str]) -> str:
    """The player of ``side`` as shown."""
    return players[side] if side < len(players) else _("Player {n}").format(n=side + 1)


def hex_line(
    tables: Any,
    name: str,
    *,
    wrecks: Sequence[str] = (),
    smoke: dict[str, int] | None = None,
    players: Sequence[str] = (),
) -> Text:
    """The hex ``name`` in one line: ``0507: elevation 2, rubble, smoke until turn 4``;
    a deployment zone is named by its player (``players``: the players as shown, by
    seat), else by number."""
    i = tables.index.get(name)
    if i is None:
        return Text(name)
    parts = [_("elevation {e}").format(e=tables.elevation[i])]
    if tables.kind[i] == BUILDING:
        parts.append(_("a building {b} high (height {h})").format(b=tables.building[i], h=tables.height[i]))
    elif name in wrecks:
        parts.append(_("a wreck: rubble"))
    elif tables.kind[i] == RUBBLE:
        parts.append(_("rubble"))
    if smoke and name in smoke:
        parts.append(_("smoke until turn {t}").format(t=smoke[name]))
    zone = tables.zone[i]
    if zone:
        if zone <= len(players):
            parts.append(_("deployment zone of {player}").format(player=players[zone - 1]))
        else:
            parts.append(_("deployment zone of Player {n}").format(n=zone))
    text = Text(name, style="bold")
    text.append(": " + ", ".join(parts))
    return text


def _systems(unit: Any) -> tuple[list[str], list[str]]:
    """Names of the unit's working weapons and items, and of its failed systems."""
    working = [system_name(s.key) for s in unit.systems if s.kind != "chassis" and not s.failed]
    failed = [system_name(s.key) for s in unit.systems if s.failed]
    return working, failed


def unit_lines(unit: Any, label: str, players: Sequence[str], *, detail: bool = True) -> list[Text]:
    """A unit as its seat's view shows it (own units with their MP, actions and
    overwatch; an enemy with what is seen of it, GB-5.7)."""
    head = Text(f"{label} ", style="bold")
    head.append(unit.name, style="bold")
    head.append(
        " "
        + _("({profile}, {player})").format(
            profile=profile_name(unit.profile), player=player_label(unit.side, players)
        )
    )
    lines = [head]
    where = _("at {hex}, facing {facing}").format(hex=unit.hex or "-", facing=facing_word(unit.facing))
    lines.append(Text(where + "; " + _("Health {h}/{m}").format(h=unit.health, m=unit.max_health)))
    status = []
    if unit.altitude:
        status.append(_("flies at altitude {a}").format(a=unit.altitude))
    if unit.holding:
        status.append(_("holds position"))
    elif unit.moved:
        status.append(
            ngettext("moved: {n} hex entered", "moved: {n} hexes entered", unit.entered).format(
                n=unit.entered
            )
        )
    if unit.stuck:
        status.append(_("stuck in a friend's hex"))
    if unit.own and unit.activated:
        status.append(_("has acted"))
    if status:
        lines.append(Text("; ".join(status)))
    if unit.own and (unit.pool or unit.actions):
        kinds = [_(_ACTION_WORDS.get(k, k)) for k in unit.actions]
        lines.append(
            Text(
                _("MP {pool}; actions: {actions}").format(
                    pool=unit.pool, actions=", ".join(kinds) if kinds else _("none yet")
                )
            )
        )
    if unit.own and unit.overwatch is not None:
        index, sector, shots, per = unit.overwatch
        key = unit.systems[index].key if 0 <= index < len(unit.systems) else "?"
        lines.append(
            Text(
                ngettext(
                    "Overwatch {sector} with the {weapon}: {n} shot left",
                    "Overwatch {sector} with the {weapon}: {n} shots left",
                    shots,
                ).format(sector=sector, weapon=system_name(key), n=shots)
            )
        )
    if unit.own and unit.designation:
        lines.append(Text(_("Designates {target}").format(target=unit.designation)))
    if unit.own and unit.bound:
        lines.append(Text(_("Must keep {target} in sight this turn (GB-13.5)").format(target=unit.bound)))
    if detail:
        working, failed = _systems(unit)
        if working:
            lines.append(Text(_("Carries: {items}").format(items=", ".join(working)), style="dim"))
        if failed:
            lines.append(Text(_("Failed: {items}").format(items=", ".join(failed)), style="bold"))
    return lines


#: Action kinds as a unit's panel names them (GB-6.1).
_ACTION_WORDS = {"move": N_("Move action"), "attack": N_("Attack action"), "equipment": N_("equipment use")}


def order_line(order: Sequence[Any], labels: dict[tuple[int, str], str]) -> Text:
    """The initiative order as the seat knows it (GB-5.6): each unit's label and roll,
    the acting one marked, those that have acted dim."""
    text = Text(_("Order:") + " ", style="bold")
    for n, entry in enumerate(order):
        if n:
            text.append(" ")
        label = labels.get((entry.side, entry.name), entry.name[:2])
        style = "reverse" if entry.acting else ("dim" if entry.done else "")
        text.append(f"{label}:{entry.initiative}", style=style)
    return text


def chart_lines(chart: Sequence[int], distance: int | None = None) -> list[Text]:
    """A weapon's grade chart (GB-9.5, GB-18.7) as distance bands per grade:
    ``grade 1: 3–5 hexes``, with each grade's threshold; ``distance``: the target's,
    marked. Which entries are in range and the thresholds are the engine's
    (:func:`~engine.rulesets.ballistic.catalog.in_range`,
    :func:`~engine.rulesets.ballistic.catalog.base_threshold`)."""
    bands: dict[int, list[tuple[int, int]]] = {}
    for d, grade in enumerate(chart, start=1):
        if not in_range(d, grade):
            continue
        spans = bands.setdefault(grade, [])
        if spans and spans[-1][1] == d - 1:
            spans[-1] = (spans[-1][0], d)
        else:
            spans.append((d, d))
    lines = []
    for grade in sorted(bands):
        spans = ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in bands[grade])
        line = Text(
            _("grade {g} ({t}+): {spans} hexes").format(g=grade, t=base_threshold(grade), spans=spans)
        )
        if distance is not None and 1 <= distance <= len(chart) and chart[distance - 1] == grade:
            line.stylize("bold")
            line.append("  " + _("◂ {d} hexes").format(d=distance), style="bold")
        lines.append(line)
    if chart:
        lines.append(Text(_("out of range beyond {d} hexes (GB-9.6)").format(d=len(chart)), style="dim"))
    return lines


def odds_lines(odds: Any) -> list[Text]:
    """A direct shot itemised (GB-9.4 to GB-9.11): distance and base grade, each grade
    modifier, the grade and its threshold, each threshold modifier, the number to
    roll and the chance."""
    lines = [
        Text(
            _("{d} hexes; C {c} (with the platform), K {k}: base grade {d0} (GB-9.5)").format(
                d=odds.distance, c=odds.c_eff, k=odds.k, d0=odds.d0
            )
        )
    ]
    for m in odds.grade_modifiers:
        lines.append(
            Text(f"  {m.value:+d} " + _("grade: {why} ({rule})").format(why=_(m.reason), rule=m.rule))
        )
    lines.append(Text(_("grade {g}: {t}+ on a d20 (GB-9.8, GB-9.9)").format(g=odds.grade, t=odds.t0)))
    for m in odds.threshold_modifiers:
        lines.append(Text(f"  {m.value:+d}: " + _("{why} ({rule})").format(why=_(m.reason), rule=m.rule)))
    chance = Text(
        _("needs {t}+ on a d20: {odds} to hit").format(t=odds.threshold, odds=format_odds(odds.chance)),
        style="bold",
    )
    lines.append(chance)
    if odds.chance == 0:
        lines.append(Text(_("This shot cannot hit: a d20 never rolls above 20 (GB-9.11)."), style="bold"))
    return lines


def arc_lines(preview: Any, numbers: bool = True) -> list[Text]:
    """An arc shot before it is fired (GB-12.2, GB-12.4, GB-12.7): distance, the turn
    it lands, the scatter die and each hex it may land in with its chance."""
    lines = [
        Text(
            _("Aim {aim}: {d} hexes; it lands at the start of turn {turn} (GB-12.4).").format(
                aim=preview.aim, d=preview.distance, turn=preview.arrival
            )
        )
    ]
    area = preview.landings
    if len(area) == 1:
        lines.append(Text(_("CEP 1: it lands on the aim, no die (GB-12.7).")))
        return lines
    share = format_odds(area[0][1]) if area else ""
    lost = sum(1 for h, _p in area if not h)
    lines.append(
        Text(
            _("CEP {cep}: a d{n} picks one of {n} hexes, {odds} each (GB-12.7).").format(
                cep=preview.cep, n=len(area), odds=share
            )
        )
    )
    if lost:
        lines.append(
            Text(
                ngettext(
                    "{n} of them lies off the map (the shell is lost).",
                    "{n} of them lie off the map (the shell is lost).",
                    lost,
                ).format(n=lost)
            )
        )
    if numbers:
        cells = [f"{k}:{h or '-'}" for k, (h, _p) in enumerate(area, start=1)]
        lines.append(Text("  ".join(cells), style="dim"))
    return lines


def move_line(target: str, preview: Any) -> Text:
    """A move before it is made (GB-7.1): its steps, MP and the pool left."""
    opened = sum(1 for _h, _c, opens in preview.steps if opens)
    text = Text(
        ngettext(
            "Enter: move to {hex}, {n} step, {mp} MP",
            "Enter: move to {hex}, {n} steps, {mp} MP",
            len(preview.steps),
        ).format(hex=target, n=len(preview.steps), mp=preview.mp)
    )
    if opened:
        text.append(
            "; " + ngettext("opens {n} Move action", "opens {n} Move actions", opened).format(n=opened)
        )
    text.append("; " + _("{mp} MP left").format(mp=preview.pool))
    return text


def sight_lines(info: Any) -> list[Text]:
    """What a unit sees of a hex, and why (GB-8): distance, seen or hidden by which
    hexes, smoke, failed Sensors, and whether the ground lets a shot through."""
    if info.sees:
        head = _("{unit} sees {hex} ({d} hexes).").format(unit=info.unit, hex=info.hex, d=info.distance)
    else:
        head = _("{unit} does not see {hex} ({d} hexes).").format(
            unit=info.unit, hex=info.hex, d=info.distance
        )
    lines = [Text(head, style="bold")]
    if info.hidden_by:
        lines.append(
            Text(_("Hidden by the shadow of {hexes} (GB-8.3).").format(hexes=" ".join(info.hidden_by)))
        )
    if info.smoke:
        lines.append(Text(_("Smoke lies on the line (GB-8.8).")))
    if info.sensors:
        lines.append(Text(_("Beyond 6 hexes with failed Sensors (GB-8.9).")))
    if info.distance > 1:
        if info.fire_open:
            lines.append(Text(_("The ground lets a shot through (GB-9.2)."), style="dim"))
        else:
            lines.append(Text(_("The ground blocks fire on this line (GB-9.2)."), style="dim"))
    return lines


def shells_lines(projectiles: Sequence[Any]) -> list[Text]:
    """The seat's own shells in flight (GB-12.5): where each will land and when."""
    lines = []
    for p in projectiles:
        if p.target:
            what = _("#{seq} {weapon} guided at {target} (aim {aim}): lands in turn {turn}").format(
                seq=p.seq, weapon=system_name(p.weapon), target=p.target, aim=p.aim, turn=p.arrival
            )
        else:
            what = _("#{seq} {weapon} at {aim}: lands in turn {turn}").format(
                seq=p.seq, weapon=system_name(p.weapon), aim=p.aim, turn=p.arrival
            )
        lines.append(Text(what))
    return lines
