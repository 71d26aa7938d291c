"""What a side may choose now, in a form a UI can offer and a bot enumerate, and
the preview of an attack before it is confirmed.

While the active side writes its orders, :func:`options` lists, for each of its
regiments, every legal order (the actions themselves, ready to submit) and for
each attack its target, the regiment that would be hit, the exchange variant,
the modifiers and the exact expected losses over the 2d10 distribution (TK-5).
Probabilities and expectations are exact :class:`fractions.Fraction` values
(encode with ``enc_hook=str``). A seat that must answer a decision is given the
decision's choices; a seat with nothing to decide is told who is deciding, and
nothing of the orders being written (TK-2.4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from engine.rosterfile import Problem
from engine.rulesets.kingdoms.actions import (
    Accept,
    Attack,
    BuildRam,
    Cancel,
    Challenge,
    ClimbWall,
    Defend,
    Defender,
    Fire,
    Keep,
    Merge,
    Move,
    Provoke,
    Ready,
    Refuse,
    RetreatTo,
    Stratagem,
)
from engine.rulesets.kingdoms.rules.board import Board, board
from engine.rulesets.kingdoms.rules.combat import (
    attack_mods,
    counter_mods,
    crew_strength,
    expected_losses,
    fatigue,
    infantry_march,
    loss_distribution,
    tower_divisor,
    variant,
)
from engine.rulesets.kingdoms.rules.common import notation
from engine.rulesets.kingdoms.rules.fight import screen_taking, screens_on
from engine.rulesets.kingdoms.rules.orders import draft_problems, order_problem
from engine.rulesets.kingdoms.rules.phase import to_act
from engine.rulesets.kingdoms.rules.plan import crew_of, distance, fire_kind, in_melee, mounted_after
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "AttackChoice",
    "AttackPreview",
    "DecisionOptions",
    "OrderOptions",
    "RegimentOptions",
    "Waiting",
    "attack_preview",
    "candidates",
    "proposals",
    "legal_actions",
    "options",
]


class AttackPreview(msgspec.Struct, frozen=True, kw_only=True):
    """An attack or fire as it would strike now (TK-4.5, TK-5): the ``target``
    declared and the ``victim`` hit (a screen may take it, TK-8.2, assuming no
    attack from another direction cancels the screen, TK-8.4); ``kind`` (close,
    tower, at-tower, pursuit); ``variant``; the attacker's ``n`` men, morale ``m``,
    modifier codes ``mods`` and ``mt``, tower divisor ``t``; ``losses``: each
    possible loss of the victim (men) with its chance, over the 2d10 (exact);
    ``expected`` losses; ``counter``: the expected losses of the attacker from the
    victim's counter-attack, as its first of the phase (None when there is none)."""

    target: str
    victim: str
    kind: str
    variant: str
    n: int
    m: int
    mods: tuple[str, ...]
    mt: int
    t: int
    losses: tuple[tuple[int, Fraction], ...]
    expected: Fraction
    counter: Fraction | None = None


class AttackChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One legal attack or fire: the ``order`` (submit it as it is), its ``notation``,
    its ``distance`` (TK-3.4) and its ``preview``."""

    order: Attack | Fire
    notation: str
    distance: int
    preview: AttackPreview


class RegimentOptions(msgspec.Struct, frozen=True, kw_only=True):
    """One regiment of the active side and everything it may be ordered: ``base``;
    ``fixed``: why it has no choice (``"flee"`` panicking, TK-16.3; ``"duel"`` its
    action used up, TK-11.7), else empty; ``current``: the notation of its order
    now (empty: it defends by default); ``defend`` (with every screen, TK-8),
    ``moves``, ``attacks`` (with previews), ``duels`` (challenges and provocations
    falling back on DEFEND), ``others`` (merges, rams, wall climbs, stratagems);
    ``fallbacks``: the orders a challenge or provocation may fall back on now
    (TK-11.3); ``mount``: ``"mount"``/``"dismount"`` if it may change (TK-3.5)."""

    regiment: str
    base: str
    fixed: str = ""
    current: str = ""
    defend: tuple[Defend, ...] = ()
    moves: tuple[Move, ...] = ()
    attacks: tuple[AttackChoice, ...] = ()
    duels: tuple[Challenge | Provoke, ...] = ()
    others: tuple[Merge | BuildRam | ClimbWall | Stratagem, ...] = ()
    fallbacks: tuple[Defend | Move | Attack | Fire | BuildRam | ClimbWall, ...] = ()
    mount: tuple[str, ...] = ()


class OrderOptions(msgspec.Struct, tag="orders", frozen=True, kw_only=True):
    """The active side's order writing (TK-2.4 step 2): ``phase``, ``turn``; its
    ``regiments``; ``orders``: the orders written so far, in notation, in listing
    order; ``problems``: what READY would refuse now, by regiment (TK-2.8);
    ``ready``: whether READY is legal now."""

    phase: int
    turn: int
    regiments: tuple[RegimentOptions, ...]
    orders: tuple[str, ...]
    problems: dict[str, Problem]
    ready: bool


class DecisionOptions(msgspec.Struct, tag="decision", frozen=True, kw_only=True):
    """A decision put to this seat (TK-2.6): ``kind`` (accept, retreat, defender,
    keep), the regiments concerned and the legal ``choices`` (the default first)."""

    kind: str
    regiment: str
    other: str
    choices: tuple[str, ...]


class Waiting(msgspec.Struct, tag="waiting", frozen=True, kw_only=True):
    """Nothing to decide: ``seat`` is deciding (None: the battle is over)."""

    seat: int | None


def _preview_from(
    state: State, reg: Regiment, target: Regiment, kind: str, melee: bool, dist: int, mounted: bool
) -> AttackPreview:
    p = state.phase
    victim = target
    absorbed = False
    # one direction of attack on the base: the preview does not know the others (TK-8.4)
    inf = screen_taking(state, target, reg, kind, target.base, screens_on(state, target.base), 1, True)
    if inf is not None:
        victim, absorbed = inf, reg.archers
    var = variant(state, reg, victim, kind, absorbed, melee)
    mods, mt = attack_mods(state, reg, victim, melee, mounted)
    n = crew_strength(reg.strength) if kind == "tower" else reg.strength
    m = reg.morale_now(p)
    t = tower_divisor(kind)
    losses = loss_distribution(n, m, mt, 1, t, victim.strength)
    expected = expected_losses(n, m, mt, 1, t, victim.strength)
    counter: Fraction | None = None
    if var in ("a", "b"):
        # the victim's first counter-attack of the phase (TK-5.6), by at most 300 men
        # if it is a tower crew (TK-13.4)
        _cmods, cmt = counter_mods(state, victim, reg, infantry_march(reg, kind, dist, victim.retreating(p)))
        vm = victim.morale_now(p)
        crew = crew_of(state, victim.base) == victim.id
        total = Fraction(0)
        for lost, chance in losses:
            snap = victim.strength if var == "a" else victim.strength - lost
            cn = crew_strength(snap) if crew else snap
            total += chance * expected_losses(cn, vm, cmt, fatigue(1), 1, reg.strength)
        counter = total
    return AttackPreview(
        target=target.id,
        victim=victim.id,
        kind=kind,
        variant=var,
        n=n,
        m=m,
        mods=mods,
        mt=mt,
        t=t,
        losses=losses,
        expected=expected,
        counter=counter,
    )


def attack_preview(state: State, bd: Board, order: Attack | Fire) -> AttackPreview | None:
    """The preview of an attack or fire of the active side as it would strike now
    (None when the order names no regiment on the map)."""
    reg = state.regiment(order.regiment)
    target = state.regiment(order.target)
    if reg is None or target is None or not reg.on_map or not target.on_map:
        return None
    mounted = mounted_after(reg, order)
    if isinstance(order, Fire):
        kind = fire_kind(state, bd, reg, target)[0] or "pursuit"
        return _preview_from(state, reg, target, kind, False, 0, mounted)
    return _preview_from(state, reg, target, "close", in_melee(state, reg, order), distance(order), mounted)


def candidates(state: State, bd: Board, reg: Regiment) -> list[Any]:
    """Every order ``reg`` may be given now (each checked by
    :func:`rules.orders.order_problem`, the one statement of validity), in a fixed
    order: defend, moves, attacks, fire, duels, the rest."""
    return [o for o in proposals(state, bd, reg) if order_problem(state, bd, o) is None]


def proposals(state: State, bd: Board, reg: Regiment) -> list[Any]:
    """The orders worth checking for ``reg`` (not yet checked): every DEFEND and
    screen, every path of its steps as a MOVE or an ATTACK on each enemy at its end
    (with MOUNT or DISMOUNT too), every FIRE at an adjacent enemy, every duel with a
    named enemy officer near, every merge, ram, climb and card."""
    rid = reg.id
    flags: list[str | None] = [None]
    if reg.cavalry:
        flags.append("dismount" if reg.mounted else "mount")
    mates = [
        r for r in state.regiments if r.on_map and r.base == reg.base and r.side == reg.side and r is not reg
    ]
    raw: list[Any] = [Defend(regiment=rid)]
    if reg.infantry:
        for m in mates:
            raw.append(Defend(regiment=rid, screen=m.id))
            raw.append(Defend(regiment=rid, screen=m.id, release=True))
    enemies_here = [r for r in state.regiments if r.on_map and r.base == reg.base and r.side != reg.side]
    for flag in flags:
        mounted = flag == "mount" or (flag is None and reg.mounted and reg.cavalry)
        if flag is not None:
            raw.append(Defend(regiment=rid, mount=flag))
        steps = 2 if mounted else 1
        for path in bd.graph.paths(reg.base, steps):
            full = (reg.base, *path)
            last = path[-1]
            enemies = [r for r in state.regiments if r.on_map and r.base == last and r.side != reg.side]
            if not enemies:
                raw.append(Move(regiment=rid, path=full, mount=flag))
                continue
            for e in enemies:
                raw.append(Attack(regiment=rid, target=e.id, path=full, mount=flag))
                if mounted and len(path) == 2:
                    raw.append(Attack(regiment=rid, target=e.id, path=full, simultaneous=True, mount=flag))
                if mounted and len(path) == 1 and e.retreating(state.phase):
                    for then in bd.neighbours(last):
                        raw.append(Attack(regiment=rid, target=e.id, path=full, then=then, mount=flag))
        for e in enemies_here:
            raw.append(Attack(regiment=rid, target=e.id, mount=flag))
    if reg.archers:
        for near in bd.neighbours(reg.base):
            for e in state.regiments:
                if e.on_map and e.base == near and e.side != reg.side:
                    raw.append(Fire(regiment=rid, target=e.id))
    if reg.officer:
        for e in state.regiments:
            if (
                e.on_map
                and e.side != reg.side
                and e.officer
                and (e.base == reg.base or bd.adjacent(e.base, reg.base))
            ):
                raw.append(Challenge(regiment=rid, target=e.id))
                raw.append(Provoke(regiment=rid, target=e.id))
    for m in mates:
        raw.append(Merge(regiment=rid, other=m.id))
    for fid in bd.fortress_ids:
        if bd.adjacent(reg.base, fid):
            raw.append(BuildRam(regiment=rid, fortress=fid))
            raw.append(ClimbWall(regiment=rid, fortress=fid))
    for card in state.scenario.cards:
        if card.side == reg.side and card.trigger == "ordered":
            raw.append(Stratagem(regiment=rid, card=card.id))
    return raw


def _regiment_options(state: State, bd: Board, reg: Regiment, current: Any) -> RegimentOptions:
    p = state.phase
    if reg.panicking(p):
        return RegimentOptions(
            regiment=reg.id, base=reg.base, fixed="flee", current=notation(state, current) if current else ""
        )
    if reg.id in state.notes.used:
        return RegimentOptions(regiment=reg.id, base=reg.base, fixed="duel")
    orders = candidates(state, bd, reg)
    attacks = []
    for o in orders:
        if isinstance(o, Attack | Fire):
            pv = attack_preview(state, bd, o)
            if pv is not None:
                attacks.append(
                    AttackChoice(
                        order=o,
                        notation=notation(state, o),
                        distance=len(getattr(o, "path", ())) - 1 if getattr(o, "path", ()) else 0,
                        preview=pv,
                    )
                )
    return RegimentOptions(
        regiment=reg.id,
        base=reg.base,
        current=notation(state, current) if current is not None else "",
        defend=tuple(o for o in orders if isinstance(o, Defend)),
        moves=tuple(o for o in orders if isinstance(o, Move)),
        attacks=tuple(attacks),
        duels=tuple(o for o in orders if isinstance(o, Challenge | Provoke)),
        others=tuple(o for o in orders if isinstance(o, Merge | BuildRam | ClimbWall | Stratagem)),
        fallbacks=tuple(
            o
            for o in orders
            if isinstance(o, Defend | Move | Attack | Fire | BuildRam | ClimbWall)
            and not getattr(o, "mount", None)
        ),
        mount=("dismount",)
        if reg.cavalry and reg.mounted
        else ("mount",)
        if reg.cavalry and not bd.bases[reg.base].building
        else (),
    )


def options(state: State, side: int) -> OrderOptions | DecisionOptions | Waiting:
    """The legal choices of ``side`` now (see the module)."""
    if side not in to_act(state):
        return Waiting(seat=min(to_act(state)) if to_act(state) else None)
    if state.stage == "decide" and state.pending is not None:
        pend = state.pending
        return DecisionOptions(
            kind=pend.kind, regiment=pend.regiment, other=pend.other, choices=tuple(pend.choices)
        )
    bd = board(state)
    drafted = {o.regiment: o for o in state.orders}
    regs = tuple(
        _regiment_options(state, bd, r, drafted.get(r.id))
        for r in state.regiments
        if r.on_map and r.side == side
    )
    problems = draft_problems(state, bd, state.orders)
    return OrderOptions(
        phase=state.phase,
        turn=state.turn,
        regiments=regs,
        orders=tuple(notation(state, o) for o in state.orders),
        problems=problems,
        ready=not problems,
    )


def legal_actions(state: State, side: int) -> list[Any]:
    """Every legal action of ``side`` now: each regiment's orders (a challenge or
    provocation with its default fallback stands for every fallback), CANCEL of each
    order written, READY when the orders stand together; or a decision's answers."""

    if side not in to_act(state):
        return []
    if state.stage == "decide" and state.pending is not None:
        pend = state.pending
        if pend.kind == "accept":
            return [Accept(), Refuse()]
        if pend.kind == "retreat":
            return [RetreatTo(base=b) for b in pend.choices]
        if pend.kind == "defender":
            return [Defender(regiment=r) for r in pend.choices]
        return [Keep(regiment=r) for r in pend.choices]
    bd = board(state)
    out: list[Any] = []
    for reg in state.regiments:
        if (
            reg.on_map
            and reg.side == side
            and not reg.panicking(state.phase)
            and reg.id not in state.notes.used
        ):
            out.extend(candidates(state, bd, reg))
    out.extend(Cancel(regiment=o.regiment) for o in state.orders)
    if not draft_problems(state, bd, state.orders):
        out.append(Ready())
    return out
