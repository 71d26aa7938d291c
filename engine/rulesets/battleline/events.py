"""Battleline's events, for the log: the turn report, notices and private notes.

Every event has ``to``: None when every seat and spectator may read it (the turn
report is public, BL-19.4; so are the notices, BL-19.5), else the one seat that
may (its own order, BL-19.6; a Charisma rumour, BL-19.3). Events name mechs by
seat and carry their names, so a text needs nothing else. Nothing public ever
holds a remaining structure, an order before it is opened, a volley's cells or a
hidden item (BL-19.1, BL-19.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import N_, _
from engine.ruleset import Event
from engine.rulesets.battleline.catalog import ITEMS, part_code

__all__ = [
    "BLEvent",
    "BattleBegan",
    "BattleEnded",
    "Conceded",
    "LaserFired",
    "MechEntered",
    "MechLost",
    "MeleeMade",
    "Moved",
    "NoticeGiven",
    "OrderNoted",
    "OrderSealed",
    "OrdersRevealed",
    "PacketHit",
    "Rumour",
    "ShotFired",
    "TurnBegan",
    "cells_text",
    "item_name",
    "LOSS_REASONS",
    "RESULT_REASONS",
]

#: Why a mech lost (BL-2.3, BL-2.6), untranslated, by code.
LOSS_REASONS = {
    "head": N_("head destroyed, the pilot is dead"),
    "centre torso": N_("centre torso destroyed, the reactor exploded"),
    "legs": N_("both legs destroyed"),
    "conceded": N_("conceded"),
}

#: How a battle ended (the Result's reason), untranslated.
RESULT_REASONS = {
    "last": N_("the last mech in the battle"),
    "together": N_("the last mechs lost in the same turn"),
    "conceded": N_("every remaining mech conceded"),
    "limit": N_("the turn limit was reached"),
}


def item_name(code: str) -> str:
    """The catalogue name of item ``code`` as reports show it (BL-19.2), translated."""
    item = ITEMS.get(code)
    return _(item.short) if item is not None else code


def _part(code: str) -> str:
    """A part code, or a shield (``"SH@LA"``), as shown in the current language."""
    if code.startswith("SH@"):
        return _("shield")
    return part_code(code)


def _arms(where: str) -> str:
    """``LA``, ``RA`` or ``LA+RA`` (a two-handed item) in the current language."""
    return "+".join(part_code(p) for p in where.split("+"))


def cells_text(cells: Sequence[tuple[int, int]], unit: str = "") -> str:
    """Marked cells as text: runs of three or more single cells as ``9–14``, a cell
    with several salvos or missiles as ``15 ×4``."""
    out: list[str] = []
    ordered = sorted(cells)
    i = 0
    while i < len(ordered):
        cell, count = ordered[i]
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == (ordered[j][0] + 1, 1) and count == 1:
            j += 1
        if count == 1 and j - i >= 2:
            out.append(f"{cell}\u2013{ordered[j][0]}")
            i = j + 1
            continue
        out.append(f"{cell} \u00d7{count}" if count > 1 else f"{cell}")
        i += 1
    return ", ".join(out)


class BLEvent(Event):
    """An event of this ruleset: :meth:`text` is :meth:`text_for` with no viewer."""

    def text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:  # pragma: no cover
        raise NotImplementedError


class BattleBegan(BLEvent, tag="bl.BattleBegan"):
    """The map, public from the start (BL-19.2): L cells, the cover runs, the turn limit."""

    map: str
    length: int
    cover: tuple[tuple[int, int], ...]
    turn_limit: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        cover = ", ".join(f"{a}\u2013{b}" if a != b else f"{a}" for a, b in self.cover)
        text = _("The battle begins on {map}: cells 1\u2013{length}, {cover}.").format(
            map=_(self.map),
            length=self.length,
            cover=_("cover on {cells}").format(cells=cover) if cover else _("no cover"),
        )
        if self.turn_limit:
            text += " " + _("Turn limit: {n}.").format(n=self.turn_limit)
        return text


class MechEntered(BLEvent, tag="bl.MechEntered"):
    """A mech, public from the start (BL-19.2): seat, name, pilot, start cell, and the
    items held in its hands as (code, arm) pairs."""

    seat: int
    name: str
    pilot: str
    start: int
    hands: tuple[tuple[str, str], ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        held = ", ".join(f"{item_name(code)} ({_arms(arm)})" for code, arm in self.hands)
        return _("Seat {seat}: {name}, pilot {pilot}, on cell {cell}; in hand: {held}.").format(
            seat=self.seat + 1, name=self.name, pilot=self.pilot, cell=self.start, held=held or _("nothing")
        )


class Rumour(BLEvent, tag="bl.Rumour"):
    """Charisma (BL-19.3), private to the pilot's seat: ``about``'s most serious ranged
    weapon (item code), or "" for none."""

    seat: int
    about: int
    about_name: str
    weapon: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if not self.weapon:
            return _("Rumour (Charisma): {mech} carries no gun.").format(mech=self.about_name)
        return _("Rumour (Charisma): the most serious gun of {mech} is the {weapon}.").format(
            mech=self.about_name, weapon=item_name(self.weapon)
        )


class TurnBegan(BLEvent, tag="bl.TurnBegan"):
    """Turn ``turn`` begins: orders are written (BL-4.1)."""

    turn: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("Turn {turn} begins.").format(turn=self.turn)


class NoticeGiven(BLEvent, tag="bl.NoticeGiven"):
    """A start-of-turn notice (BL-19.5): ``seat`` launched missiles or charged energy
    weapons (``kind``) in ``turn``, with nothing about how many or which."""

    seat: int
    name: str
    kind: str
    turn: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.kind == "missiles":
            return _("{mech} launched missiles in turn {turn}.").format(mech=self.name, turn=self.turn)
        return _("{mech} charged energy weapons in turn {turn}.").format(mech=self.name, turn=self.turn)


class OrderSealed(BLEvent, tag="bl.OrderSealed"):
    """``seat`` has locked its order; what it is stays hidden (BL-4.1)."""

    seat: int
    name: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{mech}'s order is in.").format(mech=self.name)


class OrderNoted(BLEvent, tag="bl.OrderNoted"):
    """Private to ``seat``: its order as locked, in notation (BL-19.6)."""

    seat: int
    name: str
    order: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("Order of {mech}: {order}").format(mech=self.name, order=self.order)


class Conceded(BLEvent, tag="bl.Conceded"):
    """``seat`` conceded this turn: it leaves the battle with its volleys (BL-2.6)."""

    seat: int
    name: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{mech} concedes and leaves the battle.").format(mech=self.name)


class Moved(BLEvent, tag="bl.Moved"):
    """Report (BL-19.4 a): ``seat`` went from ``start`` to ``end`` and whether it took cover."""

    seat: int
    name: str
    start: int
    end: int
    cover: bool

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.start == self.end:
            text = (
                _("{mech} stays on {cell} and takes cover.") if self.cover else _("{mech} stays on {cell}.")
            )
            return text.format(mech=self.name, cell=self.start)
        if self.cover:
            text = _("{mech} moves {start} \u2192 {end} and takes cover.")
        else:
            text = _("{mech} moves {start} \u2192 {end}.")
        return text.format(mech=self.name, start=self.start, end=self.end)


class MeleeMade(BLEvent, tag="bl.MeleeMade"):
    """Report (BL-19.4 b): a melee attack, its weapon, and whether it made contact; with
    contact the target part (the packet follows)."""

    seat: int
    name: str
    weapon: str
    target: int
    target_name: str
    contact: bool
    part: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.contact:
            return _("{mech} strikes {target} with the {weapon}, aimed at {part}: contact.").format(
                mech=self.name, target=self.target_name, weapon=item_name(self.weapon), part=_part(self.part)
            )
        return _("{mech} attacks {target} with the {weapon}: no contact, the attack is wasted.").format(
            mech=self.name, target=self.target_name, weapon=item_name(self.weapon)
        )


class ShotFired(BLEvent, tag="bl.ShotFired"):
    """Report (BL-19.4 c): a cannon or MG attack, the weapon's catalogue name, its
    marked cells (salvos per cell for an MG) and each victim hit."""

    seat: int
    name: str
    weapon: str
    cells: tuple[tuple[int, int], ...]
    victims: tuple[int, ...]
    victim_names: tuple[str, ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        args = {"mech": self.name, "weapon": item_name(self.weapon), "cells": cells_text(self.cells)}
        if not self.victims:
            return _("{mech} fires the {weapon} at {cells}: no hit.").format(**args)
        return _("{mech} fires the {weapon} at {cells}: hits {victims}.").format(
            victims=", ".join(self.victim_names), **args
        )


class LaserFired(BLEvent, tag="bl.LaserFired"):
    """Report (BL-19.4 d): a laser shot, its target, and whether it hit or had no effect
    (the target was sheltered, or had left the battle)."""

    seat: int
    name: str
    weapon: str
    target: int
    target_name: str
    hit: bool
    sheltered: bool

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        args = {"mech": self.name, "weapon": item_name(self.weapon), "target": self.target_name}
        if self.hit:
            return _("{mech} fires the {weapon} at {target}: hit.").format(**args)
        if self.sheltered:
            return _("{mech} fires the {weapon} at {target}: no effect, the target is in cover.").format(
                **args
            )
        return _("{mech} fires the {weapon} at {target}: no effect, the target has left the battle.").format(
            **args
        )


class PacketHit(BLEvent, tag="bl.PacketHit"):
    """Report (BL-19.4 e, f): one damage packet resolved in R8.

    ``victim``/``victim_name``; ``source``: ``"melee"``, ``"cannon"``, ``"mg"``,
    ``"missile"`` or ``"laser"``; ``attacker``/``attacker_name``/``weapon``: who and
    with what (-1, "" and "" for a missile, shown only as a missile hit); ``roll``:
    the two location dice (empty for melee); ``location``: the part rolled, or aimed
    at in melee; ``defence``: the defence that acted ("" for none; not named when the
    struck part was the defending part itself); ``defence_die``/``defence_roll``:
    the d2 or d4 and its face (0: no roll); ``redirected``: the defence took the
    packet; ``struck``: the part (or ``"SH@LA"``, a shield) damaged first;
    ``damage``; ``transfers``: (from, to, amount) as damage moved on (BL-17);
    ``destroyed``: each part or shield destroyed, in order; ``discarded``: damage
    lost beyond the head or centre torso (BL-17.3).
    """

    victim: int
    victim_name: str
    source: str
    attacker: int
    attacker_name: str
    weapon: str
    roll: tuple[int, ...]
    location: str
    defence: str
    defence_die: int
    defence_roll: int
    redirected: bool
    struck: str
    damage: int
    transfers: tuple[tuple[str, str, int], ...] = ()
    destroyed: tuple[str, ...] = ()
    discarded: int = 0

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.source == "missile":
            head = _("Missile hit on {victim}").format(victim=self.victim_name)
        else:
            head = _("{attacker}'s {weapon} hits {victim}").format(
                attacker=self.attacker_name, weapon=item_name(self.weapon), victim=self.victim_name
            )
        parts: list[str] = []
        if self.roll:
            parts.append(
                _("location {a}+{b} = {total}, {part}").format(
                    a=self.roll[0], b=self.roll[1], total=sum(self.roll), part=_part(self.location)
                )
            )
        else:
            parts.append(_("aimed at {part}").format(part=_part(self.location)))
        if self.defence:
            if self.defence_die:
                outcome = _("success") if self.redirected else _("fail")
                parts.append(
                    _("{defence} defence, d{die} = {roll}: {outcome}").format(
                        defence=_part(self.defence) if not self.defence.startswith("SH@") else _("Shield"),
                        die=self.defence_die,
                        roll=self.defence_roll,
                        outcome=outcome,
                    )
                )
            else:
                parts.append(
                    _("{defence} defence").format(
                        defence=_part(self.defence) if not self.defence.startswith("SH@") else _("Shield")
                    )
                )
        parts.append(_("{part}, {n} damage").format(part=_part(self.struck), n=self.damage))
        for src, dst, amount in self.transfers:
            parts.append(
                _("{amount} passes from {src} to {dst}").format(amount=amount, src=_part(src), dst=_part(dst))
            )
        for what in self.destroyed:
            parts.append(_("{part} destroyed").format(part=_part(what)))
        if self.discarded:
            parts.append(_("{n} lost beyond it").format(n=self.discarded))
        return head + ": " + "; ".join(parts) + "."


class MechLost(BLEvent, tag="bl.MechLost"):
    """Report (BL-19.4 g): ``seat`` lost at the end of the turn (BL-2.3), and why
    (codes of :data:`LOSS_REASONS`)."""

    seat: int
    name: str
    reasons: tuple[str, ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        why = "; ".join(_(LOSS_REASONS.get(r, r)) for r in self.reasons)
        return _("{mech} is out of the battle: {why}.").format(mech=self.name, why=why)


class BattleEnded(BLEvent, tag="bl.BattleEnded"):
    """The outcome (BL-2.5, BL-2.6, BL-2.7): ``winner`` (a seat, or -1) or the seats of
    the ``draw``; ``names`` of those seats; ``reason``, a code of :data:`RESULT_REASONS`."""

    winner: int
    draw: tuple[int, ...]
    names: tuple[str, ...]
    reason: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        why = _(RESULT_REASONS.get(self.reason, self.reason))
        if self.winner >= 0:
            return _("{mech} wins the battle ({why}).").format(mech=self.names[0], why=why)
        return _("The battle is a draw between {mechs} ({why}).").format(mechs=", ".join(self.names), why=why)


class OrdersRevealed(BLEvent, tag="bl.OrdersRevealed"):
    """After the battle (BL-20.6): every order of turn ``turn``, by seat, in notation."""

    turn: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    orders: tuple[str, ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        body = " | ".join(f"{name}: {order}" for name, order in zip(self.names, self.orders, strict=True))
        return _("Orders of turn {turn}: {orders}").format(turn=self.turn, orders=body)


#: Every event type, as a tagged union (decode with ``type=BLEventUnion``).
BLEventUnion = (
    BattleBegan
    | MechEntered
    | Rumour
    | TurnBegan
    | NoticeGiven
    | OrderSealed
    | OrderNoted
    | Conceded
    | Moved
    | MeleeMade
    | ShotFired
    | LaserFired
    | PacketHit
    | MechLost
    | BattleEnded
    | OrdersRevealed
)
