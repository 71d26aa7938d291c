"""What one seat may see of a Battleline battle (BL-19).

Public to all (BL-19.2, BL-19.4, BL-19.5): the line and its cover, the turn and its
limit, every mech's seat, name, pilot, cell, whether it is still in the battle and
why it lost, whether its order for the turn is in, the items in its hands, which of
its parts and hand items are destroyed (every destruction is in the turn report),
and this turn's notices. A seat sees its own mech whole (BL-19.6): chassis, traits,
structure per part, every item with its recoil stack, charge and shield structure,
its volleys in flight, its sealed order, its past orders, and the Charisma rumours
it was told (BL-19.3). Nothing else of another mech is in the view at all, until the
battle ends: then everything is (BL-20.6). ``None`` as the viewer sees everything.
"""

from __future__ import annotations

import msgspec

from engine.rulesets.battleline.catalog import PARTS
from engine.rulesets.battleline.notation import format_action
from engine.rulesets.battleline.rules.movement import base_speed
from engine.rulesets.battleline.rules.turn import to_act
from engine.rulesets.battleline.rules.validate import effective_accuracy
from engine.rulesets.battleline.state import State, facts_of, line_of

__all__ = [
    "HandView",
    "ItemView",
    "MechView",
    "NoticeView",
    "PartView",
    "RumourView",
    "TurnView",
    "View",
    "VolleyView",
    "view",
]


class HandView(msgspec.Struct, frozen=True, kw_only=True):
    """An item held in a hand, public (BL-19.2): ``code``, ``where`` (LA, RA, LA+RA),
    ``works`` (false once its arm, or a shield itself, is destroyed)."""

    code: str
    where: str
    works: bool


class PartView(msgspec.Struct, frozen=True, kw_only=True):
    """A part of the viewer's own mech: ``part`` code, current and maximum structure."""

    part: str
    structure: int
    max: int


class ItemView(msgspec.Struct, frozen=True, kw_only=True):
    """An item of the viewer's own mech, in mount order: ``item`` index, ``code``,
    ``label`` (notation), ``where``, ``kind``, ``works``; ``stack`` and ``cells``
    (A_eff) for cannons and MGs; ``charged`` for lasers; ``hp``/``hp_max`` for a shield."""

    item: int
    code: str
    label: str
    where: str
    kind: str
    works: bool
    stack: int = 0
    cells: int = 0
    charged: bool = False
    hp: int = 0
    hp_max: int = 0


class VolleyView(msgspec.Struct, frozen=True, kw_only=True):
    """One of the viewer's own volleys in flight: launcher ``item`` and ``label``,
    launch ``turn``, ``cells`` (cell, missiles), the seats it can harm (BL-14.4)."""

    item: int
    label: str
    turn: int
    cells: tuple[tuple[int, int], ...]
    harms: tuple[int, ...]


class MechView(msgspec.Struct, frozen=True, kw_only=True):
    """One mech as the viewer may see it.

    Public: ``seat``, ``name``, ``pilot``, ``position``, ``in_battle``, ``lost``
    (reasons) and ``lost_turn``, ``ready`` (its order is in), ``hands``,
    ``destroyed`` (part codes). Own (or after the battle), else None: ``chassis``,
    ``traits``, ``parts``, ``items``, ``base_speed`` (B this turn, BL-5.6),
    ``volleys``, ``order`` (its sealed order in notation, "" for none).
    """

    seat: int
    name: str
    pilot: str
    position: int
    in_battle: bool
    lost: tuple[str, ...]
    lost_turn: int
    ready: bool
    hands: tuple[HandView, ...]
    destroyed: tuple[str, ...]
    chassis: str | None = None
    traits: tuple[str, ...] | None = None
    parts: tuple[PartView, ...] | None = None
    items: tuple[ItemView, ...] | None = None
    base_speed: int | None = None
    volleys: tuple[VolleyView, ...] | None = None
    order: str | None = None


class NoticeView(msgspec.Struct, frozen=True, kw_only=True):
    """A notice of this turn (BL-19.5): ``seat`` launched missiles or charged energy
    weapons (``kind``) in ``turn``."""

    seat: int
    kind: str
    turn: int


class RumourView(msgspec.Struct, frozen=True, kw_only=True):
    """What Charisma told the viewer before turn 1 (BL-19.3): ``seat``'s most serious
    ranged weapon (code), "" for none."""

    seat: int
    weapon: str


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    """A resolved turn's orders the viewer may read (BL-19.6, BL-20.6): its own while the
    battle lasts, all once it has ended; ``orders`` in notation by seat, "" where
    unseen or none; ``dice`` the faces rolled (public in the report)."""

    turn: int
    orders: tuple[str, ...]
    dice: tuple[int, ...]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The battle as ``viewer`` may know it (None: everything).

    ``turn``, ``turn_limit`` (0: none), the line (``length``, ``cover`` runs, ``map``),
    ``to_act``, ``mechs`` by seat, ``notices`` of this turn, the viewer's
    ``rumours``, ``history`` of resolved turns, and once ``over`` the ``winner`` or
    the ``draw`` and the ``reason``.
    """

    viewer: int | None
    turn: int
    turn_limit: int
    length: int
    cover: tuple[tuple[int, int], ...]
    map: str
    to_act: tuple[int, ...]
    mechs: tuple[MechView, ...]
    notices: tuple[NoticeView, ...]
    rumours: tuple[RumourView, ...]
    history: tuple[TurnView, ...]
    over: bool
    winner: int | None
    draw: tuple[int, ...]
    reason: str


def _mech(state: State, seat: int, whole: bool) -> MechView:
    mech = state.mechs[seat]
    facts = facts_of(state, seat)
    build = state.setup.mechs[seat]
    hands = tuple(
        HandView(code=facts.items[i].code, where=facts.items[i].where, works=mech.items[i].ok)
        for i in facts.hands
    )
    public = {
        "seat": seat,
        "name": build.name,
        "pilot": build.pilot,
        "position": mech.position,
        "in_battle": mech.in_battle,
        "lost": mech.lost,
        "lost_turn": mech.lost_turn,
        "ready": state.orders.slots[seat] is not None,
        "hands": hands,
        "destroyed": tuple(PARTS[p] for p in range(8) if mech.structure[p] == 0),
    }
    if not whole:
        return MechView(**public)
    items = []
    for f in facts.items:
        st = mech.items[f.index]
        extra: dict = {}
        if f.item.kind in ("cannon", "mg"):
            extra = {"stack": st.stack, "cells": effective_accuracy(facts, mech, f.index)}
        elif f.item.kind == "laser":
            extra = {"charged": st.charged}
        elif f.item.kind == "shield":
            extra = {"hp": st.hp, "hp_max": f.item.structure}
        items.append(
            ItemView(
                item=f.index,
                code=f.code,
                label=f.label,
                where=f.where,
                kind=f.item.kind,
                works=st.ok,
                **extra,
            )
        )
    sealed = state.orders.slots[seat]
    return MechView(
        **public,
        chassis=build.chassis,
        traits=build.traits,
        parts=tuple(
            PartView(part=PARTS[p], structure=mech.structure[p], max=facts.max_structure[p]) for p in range(8)
        ),
        items=tuple(items),
        base_speed=base_speed(facts, mech),
        volleys=tuple(
            VolleyView(
                item=v.item, label=facts.items[v.item].label, turn=v.turn, cells=v.cells, harms=v.harms
            )
            for v in state.volleys
            if v.seat == seat
        ),
        order=format_action(state, seat, sealed) if sealed is not None else "",
    )


def view(state: State, viewer: int | None) -> View:
    """What ``viewer`` may know of ``state`` (see the module's description)."""
    everything = viewer is None or state.over
    rumours: tuple[RumourView, ...] = ()
    if viewer is not None and facts_of(state, viewer).charisma:
        rumours = tuple(
            RumourView(seat=s, weapon=top.code if (top := facts_of(state, s).most_serious) else "")
            for s in range(len(state.mechs))
            if s != viewer
        )
    history = tuple(
        TurnView(
            turn=r.turn,
            orders=tuple(t if everything or s == viewer else "" for s, t in enumerate(r.texts)),
            dice=r.dice,
        )
        for r in state.history
    )
    return View(
        viewer=viewer,
        turn=state.turn,
        turn_limit=state.setup.turn_limit,
        length=state.setup.length,
        cover=line_of(state.setup).runs,
        map=state.setup.map,
        to_act=tuple(sorted(to_act(state))),
        mechs=tuple(_mech(state, s, everything or s == viewer) for s in range(len(state.mechs))),
        notices=tuple(NoticeView(seat=n.seat, kind=n.kind, turn=n.turn) for n in state.notices),
        rumours=rumours,
        history=history,
        over=state.over,
        winner=state.winner,
        draw=state.draw,
        reason=state.reason,
    )
