"""Step 5 of a phase (TK-2.4): panic flight (5a), moves, attacks and fire in action
order (5b), with screens (TK-8), target switches and failed orders (TK-2.8),
pursuit and ride-through (TK-9.5), tower fire (TK-13); the counter-attacks of
5c are :func:`engine.rulesets.kingdoms.rules.combat.resolve_claims`.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.i18n import N_
from engine.ruleset import Event
from engine.rulesets.kingdoms.actions import Attack, Fire, Move
from engine.rulesets.kingdoms.events import CrewSet, OrderFailed, Redirected, TargetSwitched
from engine.rulesets.kingdoms.rules.board import Board, board
from engine.rulesets.kingdoms.rules.combat import (
    Blow,
    apply_blow,
    attack_mods,
    counter_mods,
    crew_strength,
    infantry_march,
    roll_blow,
    tower_divisor,
    variant,
)
from engine.rulesets.kingdoms.rules.common import find, reveal
from engine.rulesets.kingdoms.rules.duels import forced_retreat
from engine.rulesets.kingdoms.rules.movement import (
    entry_problem,
    flight_destination,
    mark_retreat,
    path_problem,
    step,
)
from engine.rulesets.kingdoms.rules.plan import Item, crew_of, fire_kind, legal_targets, plan, tower_of
from engine.rulesets.kingdoms.rules.siege import under_siege
from engine.rulesets.kingdoms.state import Claim, Regiment, State

__all__ = ["flee", "resolve_actions", "screen_for", "screen_taking", "screening", "screens_on"]


def flee(state: State, bd: Board, dice: Dice, events: list[Event]) -> None:
    """Step 5a (TK-16.4): the active side's panicking regiments flee one step, in
    roster order, to :func:`movement.flight_destination`; with none, a regiment on a
    contested base is encircled (TK-9.6, M11) and one on an uncontested base stays.
    A flight from a contested base is a retreat."""
    p = state.phase
    for reg in state.regiments:
        if not (reg.on_map and reg.side == state.active and reg.panicking(p)):
            continue
        contested = state.enemy_on(reg.base, reg.side)
        to = flight_destination(state, bd, reg)
        if to is None:
            if contested:
                forced_retreat(state, bd, reg, None, dice, events)
            continue
        step(state, bd, reg, to, "flee", dice, events)
        if contested:
            mark_retreat(state, reg)


class Context:
    """What step 5b knows from its start: each regiment's base (``start``), each
    fire's kind (TK-4.2), the attack directions declared against each base and the
    first direction of attack on each regiment (TK-8.4), the screens on each base,
    the targets named so far (``named``, TK-4.3) and the attack counter."""

    def __init__(self, state: State, slots: list[list[Item]]) -> None:
        self.start: dict[str, str] = {r.id: r.base for r in state.regiments}
        self.kinds: dict[str, str] = {}
        self.directions: dict[str, list[str]] = {}
        self.first_dir: dict[str, str] = {}
        self.named: list[str] = []
        p = state.phase
        self.screens: dict[str, list[Regiment]] = {}
        for r in state.regiments:
            if screening(r, p):
                self.screens.setdefault(r.base, []).append(r)
        for slot in slots:
            for it in slot:
                if isinstance(it.order, Move):
                    continue
                target = state.regiment(it.order.target)
                if target is None or not target.on_map:
                    continue
                direction = self.start[it.rid]
                self.directions.setdefault(target.base, [])
                if direction not in self.directions[target.base]:
                    self.directions[target.base].append(direction)
                self.first_dir.setdefault(target.id, direction)
                if isinstance(it.order, Fire):
                    reg = state.regiment(it.rid)
                    if reg is not None and reg.on_map:
                        self.kinds[it.rid] = fire_kind(state, board(state), reg, target)[0]


def screening(reg: Regiment, phase: int) -> bool:
    """Whether ``reg`` is infantry on the map set to screen a regiment in ``phase``
    (TK-8.1: ``DEFEND screen R`` holds in the next enemy phase); whether the screen
    works against a given attack is :func:`screen_taking`."""
    return reg.on_map and reg.infantry and bool(reg.screen) and reg.screen_phase == phase


def screens_on(state: State, base: str) -> list[Regiment]:
    """The infantry on ``base`` set to screen in this phase, in roster order (TK-8.1)."""
    p = state.phase
    return [r for r in state.regiments if r.base == base and screening(r, p)]


def screen_taking(
    state: State,
    declared: Regiment,
    attacker: Regiment,
    kind: str,
    base: str,
    on_base: list[Regiment],
    directions: int,
    from_first: bool,
) -> Regiment | None:
    """The infantry that takes ``attacker``'s attack on ``declared``, or None (TK-8.1,
    TK-8.4, TK-8.5). ``kind``: the attack's kind (close, tower, at-tower, pursuit;
    no screen takes fire at a tower crew, TK-8.1); ``base``: the declared target's base at the start of the phase;
    ``on_base``: the infantry set to screen there (:func:`screens_on`, roster order);
    ``directions``: how many directions the attacks on that base come from;
    ``from_first``: whether ``attacker`` comes from the direction of the first attack
    on ``declared``. Screens hold when every attack on the base comes from one
    direction (the earlier of the first two screens of ``declared`` in roster order
    first, the other when its screen does not work); with two directions, only two
    infantry screening the same regiment keep their screens, one per direction;
    otherwise every screen on the base is cancelled. A screen set to release lets
    archers' attacks through.
    House reading (TK-8.4 with TK-8.5): when the screen that takes the attacks on the
    regiment releases archers, an archers' attack hits the regiment; the second
    screen does not take it (releasing is not a screen that fails under TK-8.1)."""
    if kind == "at-tower":
        return None
    cands = [i for i in on_base if i.screen == declared.id]
    if not cands:
        return None
    p = state.phase

    def works(inf: Regiment) -> bool:
        return (
            inf.on_map
            and declared.on_map
            and inf.base == base
            and declared.base == base
            and not inf.panicking(p)
            and base not in state.notes.stopped
            and not (attacker.archers and inf.screen_release)
        )

    if directions <= 1:
        for inf in cands[:2]:
            if works(inf):
                return inf
            if attacker.archers and inf.screen_release:
                return None  # released: the attack is not screened at all
        return None
    if directions == 2 and len(on_base) == 2 and len(cands) == 2:
        inf = cands[0] if from_first else cands[1]
        return inf if works(inf) else None
    return None


def screen_for(
    state: State, ctx: Context, declared: Regiment, attacker: Regiment, kind: str
) -> Regiment | None:
    """The infantry that takes ``attacker``'s attack (of ``kind``) on ``declared`` in step 5b, or
    None: :func:`screen_taking` with the bases, screens and attack directions known
    from the start of the step (TK-8.4)."""
    base = ctx.start.get(declared.id, declared.base)
    return screen_taking(
        state,
        declared,
        attacker,
        kind,
        base,
        ctx.screens.get(base, []),
        len(ctx.directions.get(base, [])),
        ctx.start.get(attacker.id) == ctx.first_dir.get(declared.id),
    )


def _failed(events: list[Event], rid: str, why: str, rule: str) -> None:
    events.append(OrderFailed(regiment=rid, why=why, rule=rule))


def _switch(
    state: State, ctx: Context, reg: Regiment, legal: list[Regiment], old: str, events: list[Event]
) -> Regiment:
    """TK-2.8a: the first legal target in roster order not yet named, or the first."""
    new = next((t for t in legal if t.id not in ctx.named), legal[0])
    events.append(TargetSwitched(regiment=reg.id, old=old, new=new.id))
    return new


def _move_along(
    state: State, bd: Board, reg: Regiment, path: tuple[str, ...], dice: Dice, events: list[Event]
) -> None:
    """Carry out a checked path: a move from a contested base is a retreat (TK-9.1)."""
    start = reg.base
    retreat = state.enemy_on(start, reg.side)
    for i, to in enumerate(path[1:]):
        step(state, bd, reg, to, "retreat" if retreat and i == 0 else "move", dice, events)
    if retreat:
        mark_retreat(state, reg)
    state.notes.left[reg.id] = start


def _move(state: State, bd: Board, it: Item, dice: Dice, events: list[Event]) -> None:
    order = it.order
    reg = find(state, it.rid)
    if reg is None:
        return
    reveal(state, order, events)
    why = path_problem(state, bd, reg, order.path, reg.mounted and reg.cavalry, attack=False)
    if why is not None:
        _failed(
            events,
            reg.id,
            N_("The move of {regiment} is no longer possible: it stays where it is."),
            why.rule,
        )
        return
    _move_along(state, bd, reg, order.path, dice, events)


class _Ready:
    """An attack ready to strike: attacker, target (after any switch), its kind
    (close, tower, at-tower, pursuit), whether it is melee, the item."""

    __slots__ = ("it", "kind", "melee", "reg", "target")

    def __init__(self, it: Item, reg: Regiment, target: Regiment, kind: str, melee: bool) -> None:
        self.it, self.reg, self.target, self.kind, self.melee = it, reg, target, kind, melee


def _prepare_attack(
    state: State, bd: Board, ctx: Context, it: Item, dice: Dice, events: list[Event]
) -> _Ready | None:
    order: Attack = it.order
    reg = find(state, it.rid)
    if reg is None:
        return None
    reveal(state, order, events)
    final = order.path[-1] if order.path else reg.base
    stopped = state.notes.stopped
    if reg.base in stopped or final in stopped:
        _failed(
            events, reg.id, N_("Combat has stopped there for a duel: {regiment} does nothing."), "TK-11.7"
        )
        return None
    fort_here = state.fortresses.get(reg.base)
    if order.path and fort_here is not None and fort_here.standing and under_siege(state, bd, reg.base):
        _failed(
            events, reg.id, N_("{regiment} is besieged and cannot attack out of its fortress."), "TK-14.3"
        )
        return None
    target = find(state, order.target)
    if target is None or target.base != final:
        legal = legal_targets(state, reg, order, "close", final)
        if not legal:
            if order.path:
                why = path_problem(state, bd, reg, order.path, reg.mounted and reg.cavalry, attack=False)
                if why is None:
                    _failed(
                        events,
                        reg.id,
                        N_("No enemy is left there: {regiment} moves without attacking."),
                        "TK-2.8",
                    )
                    _move_along(state, bd, reg, order.path, dice, events)
                    return None
            _failed(
                events, reg.id, N_("No enemy is left to attack: {regiment} stays and does nothing."), "TK-2.8"
            )
            return None
        target = _switch(state, ctx, reg, legal, order.target, events)
    fort = state.fortresses.get(final)
    if fort is not None and fort.standing:
        _failed(events, reg.id, N_("The gates stand: {regiment} stays and does nothing."), "TK-14.3")
        return None
    if order.path:
        why = path_problem(state, bd, reg, order.path, reg.mounted and reg.cavalry, attack=True)
        if why is not None:
            _failed(
                events,
                reg.id,
                N_("The move of {regiment} is no longer possible: it stays and does nothing."),
                why.rule,
            )
            return None
        _move_along(state, bd, reg, order.path, dice, events)
        if not reg.on_map:
            return None
    ctx.named.append(target.id)
    return _Ready(it, reg, target, "close", it.cls == 4 and reg.archers)


def _prepare_fire(state: State, bd: Board, ctx: Context, it: Item, events: list[Event]) -> _Ready | None:
    order: Fire = it.order
    reg = find(state, it.rid)
    if reg is None:
        return None
    reveal(state, order, events)
    declared = state.regiment(order.target)
    base = ctx.start.get(order.target, declared.base if declared else "")
    stopped = state.notes.stopped
    if reg.base in stopped or base in stopped:
        _failed(
            events, reg.id, N_("Combat has stopped there for a duel: {regiment} does nothing."), "TK-11.7"
        )
        return None
    kind = ctx.kinds.get(reg.id, "")
    target = find(state, order.target)
    if target is None or target.base != base:
        legal = legal_targets(state, reg, order, kind, base) if kind else []
        if not legal:
            _failed(events, reg.id, N_("No enemy is left to fire at: {regiment} does nothing."), "TK-2.8")
            return None
        target = _switch(state, ctx, reg, legal, order.target, events)
    now, why = fire_kind(state, bd, reg, target)
    if why is not None:
        _failed(events, reg.id, N_("The fire of {regiment} is no longer possible."), why.rule)
        return None
    ctx.named.append(target.id)
    return _Ready(it, reg, target, now, False)


def resolve_actions(
    state: State, bd: Board, orders: list[tuple[int, Any]], dice: Dice, events: list[Event]
) -> None:
    """Step 5b (TK-6): every move, attack and fire of ``orders`` (``(listing,
    order)``) in action order, each simultaneous group at its first member's place."""
    slots = plan(state, orders, set(state.notes.melee))
    state.notes.groups = max((it.group for s in slots for it in s), default=state.notes.groups)
    ctx = Context(state, slots)
    for slot in slots:
        if isinstance(slot[0].order, Move):
            _move(state, bd, slot[0], dice, events)
            continue
        ready: list[_Ready] = []
        for it in slot:
            r = (
                _prepare_fire(state, bd, ctx, it, events)
                if isinstance(it.order, Fire)
                else _prepare_attack(state, bd, ctx, it, dice, events)
            )
            if r is not None:
                ready.append(r)
        subgroups: dict[str, list[_Ready]] = {}
        for r in ready:
            subgroups.setdefault(r.target.id, []).append(r)
        for members in subgroups.values():
            _strike(state, bd, ctx, members, dice, events)


def _strike(
    state: State, bd: Board, ctx: Context, members: list[_Ready], dice: Dice, events: list[Event]
) -> None:
    """The attacks of ``members`` on one declared target, as one simultaneous group
    when there are several (TK-6.3): each member's victim (a screen may take the
    attack, TK-8.2), variant, damage and counter-attack claim."""
    declared = members[0].target
    by_victim: dict[str, list[tuple[_Ready, Regiment, bool]]] = {}
    for r in members:
        victim, absorbed = declared, False
        inf = screen_for(state, ctx, declared, r.reg, r.kind)
        if inf is not None:
            victim, absorbed = inf, r.reg.archers
            events.append(Redirected(attacker=r.reg.id, declared=declared.id, screen=inf.id))
        by_victim.setdefault(victim.id, []).append((r, victim, absorbed))
    for group in by_victim.values():
        _strike_victim(state, bd, group, dice, events)


def _note_attack(state: State, reg: Regiment, victim: Regiment, kind: str, bd: Board) -> int:
    """The bookkeeping of an attack: its place in attack order (returned), first
    attacked (TK-4.7), a close attack on a garrison (M4, TK-18.1), archers pursued
    (TK-9.4c)."""
    notes = state.notes
    notes.seq += 1
    if victim.id not in notes.first_attacked:
        notes.first_attacked.append(victim.id)
    if kind == "close" and bd.bases[victim.base].type == "garrison" and victim.base not in notes.repelled:
        notes.repelled.append(victim.base)
    if victim.archers and victim.retreating(state.phase):
        if victim.pursued_in != state.phase:
            victim.pursued_in = state.phase
            victim.pursuers = []
        if reg.id not in victim.pursuers:
            victim.pursuers.append(reg.id)
    return notes.seq


def _strike_victim(
    state: State, bd: Board, group: list[tuple[_Ready, Regiment, bool]], dice: Dice, events: list[Event]
) -> None:
    victim = group[0][1]
    p = state.phase
    size = len(group)
    gid = group[0][0].it.group if size > 1 else 0
    before = victim.strength
    pursuit = victim.retreating(p)
    variants = [variant(state, r.reg, victim, r.kind, a, r.melee) for r, _v, a in group]
    seqs = [_note_attack(state, r.reg, victim, r.kind, bd) for r, _v, _a in group]
    first = [r for (r, _v, _a), var in zip(group, variants, strict=True) if var == "d"]
    if first:  # TK-4.4 (d), TK-6.3 item 4: the crew shoots each member first
        tally = state.tally_of(victim.id)
        k = tally.counters + len(first)
        for r in first:
            n = crew_strength(victim.strength) if victim.on_map else 0
            b = roll_blow(state, dice, victim, r.reg, "crew", n, *_crew_mods(state, victim, r.reg), k=k)
            tally.counters += 1
            if b is not None:
                b.variant = "d"
                apply_blow(state, b, events)
    blows: list[tuple[_Ready, Blow | None, str]] = []
    for (r, _v, _a), var in zip(group, variants, strict=True):
        mods, mt = attack_mods(state, r.reg, victim, r.melee)
        n = r.reg.strength if r.reg.on_map else 0
        if r.kind == "tower":
            n = crew_strength(n)
        b = roll_blow(
            state,
            dice,
            r.reg,
            victim,
            "tower" if r.kind == "tower" else "fire" if r.kind != "close" else "attack",
            n,
            mods,
            mt,
            t=tower_divisor(r.kind),
            variant_=var,
        )
        blows.append((r, b, var))
    for (r, b, var), seq in zip(blows, seqs, strict=True):
        if b is not None:
            apply_blow(state, b, events)
        if r.kind == "tower":
            tower = tower_of(state, bd, r.reg)
            if tower is not None:
                state.notes.towers.append(tower)
                fort = state.fortresses.get(tower)
                if fort is not None:
                    fort.crew = r.reg.id
                else:
                    state.crews[tower] = r.reg.id
                events.append(CrewSet(base=tower, regiment=r.reg.id))
        if var in ("a", "b"):
            snapshot = before if (size > 1 or var == "a") else victim.strength
            march = infantry_march(r.reg, r.kind, r.it.dist, pursuit)
            state.notes.claims.append(
                Claim(
                    by=victim.id,
                    against=r.reg.id,
                    snapshot=snapshot,
                    seq=seq,
                    cls=r.it.cls,
                    group=gid,
                    march=march,
                    pursued=pursuit,
                    behalf=group[0][0].target.id if victim.id != group[0][0].target.id else None,
                    crew=crew_of(state, victim.base) == victim.id,
                )
            )
    for r, _b, _var in blows:
        then = getattr(r.it.order, "then", None)
        ride = then and pursuit and r.reg.on_map and r.reg.cavalry and r.reg.mounted
        if (
            ride
            and not state.enemy_on(then, r.reg.side)
            and entry_problem(state, bd, r.reg, r.reg.base, then, True) is None
        ):
            step(state, bd, r.reg, then, "ride", dice, events)


def _crew_mods(state: State, crew: Regiment, attacker: Regiment) -> tuple[tuple[str, ...], int]:
    return counter_mods(state, crew, attacker, False)
