"""What a seat may choose now: the order sheet, in a form a UI shows without computing
any rule, and what it may guess of the others (the cells each can reach).

:func:`options` gives an :class:`OrderSheet` while the seat must order, else
:class:`Waiting`. :func:`preview` checks a draft order and tells what it would do
(:class:`OrderPreview`). Everything here comes from the seat's own mech and public
facts (BL-19): an opponent's chassis is hidden, so its reach is worked out from the
fastest chassis there is (halved once one of its legs is publicly destroyed), and
every cell it could stop on counts as equally likely.

Probabilities are exact :class:`fractions.Fraction` values.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from engine.geometry.line import end_cell, path, reach, reach_twice, room, toward
from engine.rosterfile import Problem
from engine.rulesets.battleline.actions import Order
from engine.rulesets.battleline.catalog import LL, MAX_BASE_SPEED, PARTS, RL
from engine.rulesets.battleline.facts import DEFENCES, MechFacts
from engine.rulesets.battleline.notation import format_action
from engine.rulesets.battleline.rules.movement import (
    attackable,
    base_speed,
    laser_acts,
    laser_penalty,
    opponents,
    recoil_penalty,
    speed_limit,
)
from engine.rulesets.battleline.rules.turn import to_act
from engine.rulesets.battleline.rules.validate import (
    check_defence,
    cover_problems,
    effective_accuracy,
    jets_work,
    laser_actions,
    plan_order,
)
from engine.rulesets.battleline.state import MechState, State, facts_of, line_of

__all__ = [
    "DefenceChoice",
    "HitChance",
    "MoveChoice",
    "OrderPreview",
    "OrderSheet",
    "Reach",
    "Waiting",
    "WeaponChoice",
    "defence_problems",
    "options",
    "preview",
    "public_speed",
    "reach_cells",
    "reach_of",
]


class MoveChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One way to move (BL-5, BL-6): ``speed`` in cells, ``heading`` (a seat, or None
    when none is named), ``direction`` (+1/-1 to state, else 0), ``end`` cell,
    ``path`` (lowest, highest cell), the seats ``attackable`` after it (BL-6.2), and
    ``cover``: taking cover is allowed with this move (BL-7.2, BL-7.3). Speeds above
    what charging or holding lasers leave (BL-15.4) are listed too: the preview of
    a draft tells its exact limit."""

    speed: int
    heading: int | None
    direction: int
    end: int
    path: tuple[int, int]
    attackable: tuple[int, ...]
    cover: bool


class DefenceChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One defence (BL-8): ``defence`` code ("" for none); ``covers``: the parts it can
    take a ranged packet for; ``chance``: its success against a ranged packet
    (``die`` 2 or 4 rolled, 0 for none); ``blocks``: the weapons (item indices) that
    may not attack with it (BL-8.2); ``problems``: why it cannot be declared now
    (empty: it can)."""

    defence: str
    covers: tuple[str, ...]
    chance: Fraction
    die: int
    blocks: tuple[int, ...]
    problems: tuple[Problem, ...] = ()


class WeaponChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One weapon of the seat's mech, as the order sheet shows it.

    ``item`` (its index: how an order names it), ``code``, ``label`` (notation),
    ``kind``, ``where`` (mount), ``works``; ``damage`` (per shot, salvo or missile);
    ``accuracy`` (A) and ``recoil`` (R) and ``stack`` (k) for cannons and MGs, with
    ``cells``: A_eff this turn (BL-11.3), or a launcher's N (BL-14.1); ``salvos``: an
    MG's salvos to place (A_eff), a launcher's missiles (N), 1 for a cannon;
    ``recoil_speed``: max speed lost per stack (BL-11.4); lasers: ``charged``, the
    ``actions`` allowed now (BL-15.3), ``charge_speed`` (BL-15.4) and
    ``charge_no_defence`` (the L-5's effect)."""

    item: int
    code: str
    label: str
    kind: str
    where: str
    works: bool
    damage: int
    accuracy: int = 0
    recoil: int = 0
    stack: int = 0
    cells: int = 0
    salvos: int = 0
    recoil_speed: int = 0
    charged: bool = False
    actions: tuple[str, ...] = ()
    charge_speed: int = 0
    charge_no_defence: bool = False


class Reach(msgspec.Struct, frozen=True, kw_only=True):
    """What the seat may guess of one opponent's end cell: its ``seat``, ``name`` and
    ``position``; ``speed``: the most it could move, as far as the seat knows (the
    fastest chassis, halved once a leg of it is destroyed, BL-19.1, BL-18.5);
    ``cells``: every cell it could end this turn on, each with ``chance`` (all equally
    likely); ``cells_two``/``chance_two``: the same after two turns, where a missile
    volley launched now lands (BL-14.3, BL-14.6)."""

    seat: int
    name: str
    position: int
    speed: int
    cells: tuple[int, ...]
    chance: Fraction
    cells_two: tuple[int, ...]
    chance_two: Fraction


class OrderSheet(msgspec.Struct, frozen=True, kw_only=True, tag="order"):
    """The seat's order sheet for this turn (BL-4.2).

    ``seat``, ``turn``, ``position``, the line (``length``, ``cover`` cells); speeds:
    ``base_speed`` (B, BL-5.6), ``recoil_speed`` (lost to recoil, BL-11.4),
    ``hold_speed`` (lost to the lasers that hold their charge unless fired or
    vented, BL-15.4), ``speed_limit`` (S_eff with no laser charging or holding);
    ``heading_needed`` (BL-6.1); ``moves``; ``defences``; ``melee``: the melee
    weapons (item indices) and ``parts`` they may aim at (BL-9.1); ``weapons``;
    ``jump_jets`` working (BL-7.3); ``opponents``: each one's reach."""

    seat: int
    turn: int
    position: int
    length: int
    cover: tuple[int, ...]
    base_speed: int
    recoil_speed: int
    hold_speed: int
    speed_limit: int
    heading_needed: bool
    moves: tuple[MoveChoice, ...]
    defences: tuple[DefenceChoice, ...]
    melee: tuple[int, ...]
    parts: tuple[str, ...]
    weapons: tuple[WeaponChoice, ...]
    jump_jets: bool
    opponents: tuple[Reach, ...]


class Waiting(msgspec.Struct, frozen=True, kw_only=True, tag="waiting"):
    """Nothing to choose: ``reason`` ``"sealed"`` (the order is in; ``order`` is its
    notation, the seat's own), ``"out"`` (the mech has lost) or ``"over"``."""

    seat: int
    reason: str
    order: str = ""


class HitChance(msgspec.Struct, frozen=True, kw_only=True):
    """The chance that weapon ``item``'s marked cells hold opponent ``seat`` where it
    lands (this turn; a volley, next turn), as far as the seat knows (see
    :class:`Reach`); 0 for an opponent it may not attack."""

    item: int
    seat: int
    chance: Fraction


class OrderPreview(msgspec.Struct, frozen=True, kw_only=True):
    """A draft order checked (BL-4.3): ``problems`` (empty: valid), each with its rule;
    ``speed_limit`` (S_eff under this order); ``direction``, ``end`` and ``path`` of
    the move (``end`` None when unknown); ``attackable`` seats; ``cover``: the mech
    would be sheltered; ``blocked``: the weapons its defence blocks; ``hits``: the
    chance of each cell attack to find each opponent."""

    problems: tuple[Problem, ...]
    speed_limit: int
    direction: int
    end: int | None
    path: tuple[int, int]
    attackable: tuple[int, ...]
    cover: bool
    blocked: tuple[int, ...]
    hits: tuple[HitChance, ...]

    @property
    def valid(self) -> bool:
        """Whether the draft may be sealed as it is."""
        return not self.problems


def public_speed(state: State, seat: int) -> int:
    """The most ``seat``'s mech could move this turn as far as another seat knows: the
    fastest chassis (its own is hidden, BL-19.1), halved once one of its legs is
    destroyed (destroyed parts are public, BL-19.4; BL-18.5)."""
    mech = state.mechs[seat]
    return MAX_BASE_SPEED // 2 if mech.structure[LL] == 0 or mech.structure[RL] == 0 else MAX_BASE_SPEED


def reach_cells(state: State, seat: int, turns: int = 1) -> tuple[int, ...]:
    """The cells ``seat`` could end on after ``turns`` (1 or 2) turns, as far as another
    seat knows (see :func:`public_speed`), its opponents staying where they are."""
    ln = line_of(state.setup)
    marks = [state.mechs[o].position for o in opponents(state, seat)]
    moves = reach if turns == 1 else reach_twice
    return moves(ln, state.mechs[seat].position, marks, public_speed(state, seat))


def reach_of(state: State, seat: int) -> Reach:
    """What any other seat may guess of ``seat``'s end cell this turn and the next (see
    :class:`Reach`): only public facts are used."""
    mech = state.mechs[seat]
    speed = public_speed(state, seat)
    one = reach_cells(state, seat, 1)
    two = reach_cells(state, seat, 2)
    return Reach(
        seat=seat,
        name=state.setup.mechs[seat].name,
        position=mech.position,
        speed=speed,
        cells=one,
        chance=Fraction(1, len(one)),
        cells_two=two,
        chance_two=Fraction(1, len(two)),
    )


def defence_problems(facts: MechFacts, mech: MechState, defence: str) -> list[Problem]:
    """Why ``defence`` cannot be declared now (BL-8.1, BL-8.2), by the validation's own
    check of an order that declares only it."""
    out: list[Problem] = []
    check_defence(facts, mech, Order(defence=defence), out)
    return out


def _defences(facts: MechFacts, mech: MechState) -> tuple[DefenceChoice, ...]:
    out = []
    for d in DEFENCES:
        if d.startswith("SH@") and facts.shield_in(d[3:]) is None:
            continue
        arm = d in ("LA", "RA")
        torso = d in ("LT", "RT")
        out.append(
            DefenceChoice(
                defence=d,
                covers=() if not d else tuple(p for p in PARTS if not (torso and p in ("LL", "RL"))),
                chance=Fraction(0)
                if not d
                else Fraction(1, 2)
                if arm
                else Fraction(1, 4)
                if torso
                else Fraction(1),
                die=2 if arm else 4 if torso else 0,
                blocks=tuple(sorted(facts.blocks[d])),
                problems=tuple(defence_problems(facts, mech, d)),
            )
        )
    return tuple(out)


def _weapons(facts: MechFacts, mech: MechState) -> tuple[WeaponChoice, ...]:
    out = []
    for f in facts.items:
        it = f.item
        if it.kind in ("shield", "jets"):
            continue
        st = mech.items[f.index]
        extra: dict = {}
        if it.kind in ("cannon", "mg"):
            a_eff = effective_accuracy(facts, mech, f.index)
            extra = {
                "accuracy": it.accuracy,
                "recoil": it.recoil,
                "stack": st.stack,
                "cells": a_eff,
                "salvos": a_eff if it.kind == "mg" else 1,
                "recoil_speed": it.recoil_speed,
            }
        elif it.kind == "missiles":
            extra = {"cells": it.missiles, "salvos": it.missiles}
        elif it.kind == "laser":
            extra = {
                "charged": st.charged,
                "actions": laser_actions(st),
                "charge_speed": it.charge_speed,
                "charge_no_defence": it.charge_no_defence,
            }
        out.append(
            WeaponChoice(
                item=f.index,
                code=f.code,
                label=f.label,
                kind=it.kind,
                where=f.where,
                works=st.ok,
                damage=it.damage,
                **extra,
            )
        )
    return tuple(out)


def _moves(state: State, seat: int, top: int) -> tuple[MoveChoice, ...]:
    """Every move of 0..``top`` cells that stays on the line (BL-5.3)."""
    ln = line_of(state.setup)
    mech = state.mechs[seat]
    p = mech.position
    facts = facts_of(state, seat)
    jets = jets_work(facts, mech)
    opps = opponents(state, seat)

    def move(speed: int, heading: int | None, d: int, stated: int) -> MoveChoice:
        e = end_cell(p, d, speed)
        return MoveChoice(
            speed=speed,
            heading=heading,
            direction=stated,
            end=e,
            path=path(p, e),
            attackable=tuple(sorted(attackable(state, seat, speed, d))),
            cover=not cover_problems(ln, p, e, jets),
        )

    out = [move(0, None, 0, 0)]
    headings: list[int | None] = list(opps) if len(opps) >= 2 else [None]
    for h in headings:
        mark = state.mechs[h if h is not None else opps[0]].position
        d = toward(p, mark)
        for direction, stated in ((d, 0),) if d else ((1, 1), (-1, -1)):
            for speed in range(1, min(top, room(ln, p, direction)) + 1):
                out.append(move(speed, h, direction, stated))
    return tuple(out)


def options(state: State, seat: int) -> OrderSheet | Waiting:
    """The order sheet of ``seat`` now (see :class:`OrderSheet`), or :class:`Waiting`."""
    if state.over:
        return Waiting(seat=seat, reason="over")
    mech = state.mechs[seat]
    if not mech.in_battle:
        return Waiting(seat=seat, reason="out")
    if seat not in to_act(state):
        return Waiting(seat=seat, reason="sealed", order=format_action(state, seat, state.orders.slots[seat]))
    facts = facts_of(state, seat)
    b = base_speed(facts, mech)
    recoil = recoil_penalty(facts, mech)
    hold = laser_penalty(facts, mech, laser_acts(facts, mech, Order()))
    top = speed_limit(facts, mech, {})
    ln = line_of(state.setup)
    return OrderSheet(
        seat=seat,
        turn=state.turn,
        position=mech.position,
        length=ln.length,
        cover=tuple(sorted(ln.cover)),
        base_speed=b,
        recoil_speed=recoil,
        hold_speed=hold,
        speed_limit=top,
        heading_needed=len(opponents(state, seat)) >= 2,
        moves=_moves(state, seat, top),
        defences=_defences(facts, mech),
        melee=tuple(i for i in facts.melee if mech.items[i].ok),
        parts=PARTS,
        weapons=_weapons(facts, mech),
        jump_jets=jets_work(facts, mech),
        opponents=tuple(reach_of(state, o) for o in opponents(state, seat)),
    )


def preview(state: State, seat: int, order: Order) -> OrderPreview:
    """What ``order`` (a draft of ``seat``'s) would do, and every problem with it (BL-4.3),
    telling only what ``seat`` may know. The state is never changed."""
    plan = plan_order(state, seat, order)
    facts = facts_of(state, seat)
    hits: list[HitChance] = []
    for f in order.fire:
        if not 0 <= f.item < len(facts.items):
            continue
        two = facts.items[f.item].item.kind == "missiles"
        marked = {c for c, _ in f.cells}
        for o in opponents(state, seat):
            r = reach_of(state, o)
            cells = r.cells_two if two else r.cells
            found = sum(1 for c in cells if c in marked)
            chance = (r.chance_two if two else r.chance) * found if o in plan.attackable else Fraction(0)
            hits.append(HitChance(item=f.item, seat=o, chance=chance))
    return OrderPreview(
        problems=tuple(plan.problems),
        speed_limit=plan.speed_limit,
        direction=plan.direction,
        end=plan.end,
        path=plan.path,
        attackable=tuple(sorted(plan.attackable)),
        cover=order.cover and not plan.problems,
        blocked=tuple(sorted(facts.blocks.get(order.defence, frozenset()))),
        hits=tuple(hits),
    )
