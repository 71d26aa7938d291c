"""What one side may see of a battle.

The map, every regiment (strength, morale, statuses), the controllers, fortresses,
towers, duels and cards are open to both sides (the forum's map was open). The
one secret is the active side's orders until each resolves (TK-2.4): the other
side's view holds only the orders already revealed in this phase, never the
ones still being written, changed, or waiting for their step.
"""

from __future__ import annotations

import msgspec

from engine.rulesets.kingdoms.actions import Challenge, Provoke
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.common import notation
from engine.rulesets.kingdoms.rules.phase import to_act
from engine.rulesets.kingdoms.rules.siege import under_siege
from engine.rulesets.kingdoms.state import State

__all__ = ["BaseView", "FortressView", "LinkView", "RegimentView", "View", "view"]


class RegimentView(msgspec.Struct, frozen=True, kw_only=True):
    """A regiment as both sides see it (TK-1.2): id, side, type, mounted, strength
    and initial (men), morale and effective morale (%), officer and weapon, base,
    ``arrived_from``, ``gone`` (``destroyed``/``merged`` once off the map), and its
    statuses now: retreating, panicking, duel immunity, the screen it holds in this
    phase (TK-8), tower crew, the loss thresholds reached (TK-10.5)."""

    id: str
    side: int
    type: str
    mounted: bool
    strength: int
    initial: int
    morale: int
    effective: int
    officer: str | None
    weapon: str | None
    base: str
    arrived_from: str | None
    on_map: bool
    gone: str
    retreating: bool
    panicking: bool
    panic_until: int
    immune: bool
    screening: str | None
    screen_release: bool
    crew: bool
    half: bool
    three_quarters: bool


class FortressView(msgspec.Struct, frozen=True, kw_only=True):
    """A fortress (TK-14): gates hit points, ballistas left, the ram's hit points and
    readiness, the wall tower and its crew, and whether it is under siege."""

    gates: int
    ballistas: tuple[str, ...]
    ram: int
    ram_ready: bool
    wall_tower: bool
    crew: str | None
    under_siege: bool


class BaseView(msgspec.Struct, frozen=True, kw_only=True):
    """A base (TK-1.5): id, names, type, capacity per side, building flag, controller,
    watchtower crew and fortress; ``at``: its place on the scenario's drawn map,
    (column, row) of a grid, or None (see :class:`scenario.BaseSpec`)."""

    id: str
    name: str
    name_ru: str
    type: str
    capacity: int
    building: bool
    control: int | None
    crew: str | None
    fortress: FortressView | None
    at: tuple[int, int] | None = None


class LinkView(msgspec.Struct, frozen=True, kw_only=True):
    """A link (TK-1.6)."""

    id: str
    a: str
    b: str
    mountain: bool


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The battle as ``viewer`` may know it (None: everything, for replays).

    ``scenario`` key and titles, ``sides`` (names) and ``sides_ru`` (their Russian
    names, empty where the scenario has none), ``turns`` (limit); ``phase``,
    ``turn``, ``active``, ``stage``, ``to_act``; ``bases`` (base order), ``links``,
    ``regiments`` (roster order); ``duels``: pending duels as (challenger, target)
    regiments; ``duelled`` and ``barred`` officer pairs; ``cards``: (id, owner,
    name, uses left, Russian name); ``orders``: the active side's orders in notation, in its
    listing order, as the viewer may know them (its own side's all; the other side's
    only those revealed so far); ``pending``: the decision waiting, as (kind, seat,
    regiment, other, choices), or None; ``winner``, ``ending`` once over."""

    viewer: int | None
    scenario: str
    title: str
    title_ru: str
    sides: tuple[str, ...]
    turns: int
    phase: int
    turn: int
    active: int
    stage: str
    to_act: tuple[int, ...]
    bases: tuple[BaseView, ...]
    links: tuple[LinkView, ...]
    regiments: tuple[RegimentView, ...]
    duels: tuple[tuple[str, str], ...]
    duelled: tuple[tuple[str, str], ...]
    barred: tuple[tuple[str, str], ...]
    cards: tuple[tuple[str, int, str, int, str], ...]
    orders: tuple[str, ...]
    pending: tuple[str, int, str, str, tuple[str, ...]] | None
    winner: int | None
    ending: str
    sides_ru: tuple[str, ...] = ()


def _as_revealed(state: State, order: object) -> object:
    """An order as the other side knows it: a challenge's or provocation's fallback
    only once it has taken effect (TK-11.3)."""
    if isinstance(order, Challenge | Provoke) and order.regiment not in state.notes.fallbacks:
        return msgspec.structs.replace(order, fallback=None)
    return order


def view(state: State, viewer: int | None) -> View:
    """What ``viewer`` may know of ``state`` (see the module)."""
    bd = board(state)
    p = state.phase
    crews = set(state.crews.values()) | {f.crew for f in state.fortresses.values() if f.crew}
    regs = tuple(
        RegimentView(
            id=r.id,
            side=r.side,
            type=r.type,
            mounted=r.mounted,
            strength=r.strength,
            initial=r.initial,
            morale=r.morale,
            effective=r.morale_now(p),
            officer=r.officer,
            weapon=r.weapon,
            base=r.base,
            arrived_from=r.arrived_from,
            on_map=r.on_map,
            gone=r.gone,
            retreating=r.retreating(p),
            panicking=r.panicking(p),
            panic_until=r.panic_until if r.panicking(p) else 0,
            immune=r.immune(p),
            screening=r.screen if r.screen_phase == p else None,
            screen_release=r.screen_release if r.screen_phase == p else False,
            crew=r.id in crews,
            half=r.half,
            three_quarters=r.three_quarters,
        )
        for r in state.regiments
    )
    bases = []
    for b in state.scenario.bases:
        fort = state.fortresses.get(b.id)
        fv = None
        if fort is not None:
            fv = FortressView(
                gates=fort.gates,
                ballistas=tuple(fort.ballistas),
                ram=fort.ram,
                ram_ready=fort.ram_ready,
                wall_tower=fort.wall_tower,
                crew=fort.crew,
                under_siege=under_siege(state, bd, b.id),
            )
        bases.append(
            BaseView(
                id=b.id,
                name=b.name,
                name_ru=b.name_ru,
                type=b.type,
                capacity=b.capacity,
                building=b.building,
                control=state.control.get(b.id),
                crew=state.crews.get(b.id),
                fortress=fv,
                at=b.at,
            )
        )
    if viewer is None or viewer == state.active:
        orders = tuple(notation(state, o) for o in state.orders)
    else:
        shown = set(state.revealed)
        orders = tuple(notation(state, _as_revealed(state, o)) for o in state.orders if o.regiment in shown)
    pend = state.pending
    sc = state.scenario
    return View(
        viewer=viewer,
        scenario=sc.key,
        title=sc.title,
        title_ru=sc.title_ru,
        sides=tuple(s.name for s in sc.sides),
        sides_ru=tuple(s.name_ru for s in sc.sides),
        turns=sc.turns,
        phase=p,
        turn=state.turn,
        active=state.active,
        stage=state.stage,
        to_act=tuple(sorted(to_act(state))),
        bases=tuple(bases),
        links=tuple(LinkView(id=lk.id, a=lk.a, b=lk.b, mountain=lk.mountain) for lk in sc.links),
        regiments=regs,
        duels=tuple((d.challenger, d.target) for d in state.duels),
        duelled=tuple(tuple(x) for x in state.duelled),
        barred=tuple(tuple(x) for x in state.barred),
        cards=tuple((c.id, c.side, c.name, state.uses.get(c.id, 0), c.name_ru) for c in sc.cards),
        orders=orders,
        pending=None
        if pend is None
        else (pend.kind, pend.seat, pend.regiment, pend.other, tuple(pend.choices)),
        winner=state.winner,
        ending=state.ending,
    )
