"""The order of actions within a phase (TK-6) and the choice of targets (TK-4.2,
TK-4.3, TK-7.2.2).

:func:`plan` is the one statement of action order: classes (TK-6.1), distances
and listing order (TK-6.2), compulsory simultaneous groups (TK-6.3) and the
cavalry option of TK-6.4. Step 2's validation walks the same plan for the
"unattacked first" rule (:func:`named_problems`), and step 5b resolves it.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.kingdoms.actions import Attack, Fire, Move
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.common import problem
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "Item",
    "action_class",
    "distance",
    "fire_kind",
    "in_melee",
    "legal_targets",
    "mounted_after",
    "named_problems",
    "plan",
    "tower_of",
]


class Item:
    """One move, attack or fire action of the phase: its ``order``, the acting
    regiment's id ``rid``, its action class ``cls`` (TK-6.1), ``dist`` (TK-6.2),
    ``listing`` (its place in the active side's list) and, once grouped, ``group``
    (the group's number, 0 alone)."""

    __slots__ = ("cls", "dist", "group", "listing", "order", "rid", "type", "mounted")

    def __init__(self, order: Any, reg: Regiment, cls: int, listing: int, mounted: bool) -> None:
        self.order = order
        self.rid = reg.id
        self.type = reg.type
        self.mounted = mounted
        self.cls = cls
        self.dist = distance(order)
        self.listing = listing
        self.group = 0

    def __repr__(self) -> str:  # pragma: no cover - for debugging
        return (
            f"Item({self.rid}, cls={self.cls}, dist={self.dist}, listing={self.listing}, group={self.group})"
        )


def mounted_after(reg: Regiment, order: Any) -> bool:
    """Whether cavalry ``reg`` is mounted once the MOUNT or DISMOUNT declared with
    ``order`` is done (TK-6.1, TK-3.5); False for other types."""
    if not reg.cavalry:
        return False
    flag = getattr(order, "mount", None)
    return True if flag == "mount" else False if flag == "dismount" else reg.mounted


def in_melee(state: State, reg: Regiment, order: Any) -> bool:
    """Whether archers ``reg`` are in melee with ``order`` (TK-7.2.2): a close attack
    without movement, unless covered (an allied infantry regiment, not panicking, on
    the same base) or the only other regiment on the base is enemy archers. Judged
    once, at step 2 (TK-6.1)."""
    if not reg.archers or not isinstance(order, Attack) or order.path:
        return False
    others = [r for r in state.regiments if r.on_map and r.base == reg.base and r is not reg]
    if any(r.side == reg.side and r.infantry and not r.panicking(state.phase) for r in others):
        return False
    return not (len(others) == 1 and others[0].side != reg.side and others[0].archers)


def action_class(reg: Regiment, melee: bool, mounted: bool) -> int:
    """The action class (TK-6.1): 1 archers not in melee, 2 mounted cavalry, 3
    infantry, 4 dismounted cavalry and archers in melee."""
    if reg.archers:
        return 4 if melee else 1
    if reg.cavalry:
        return 2 if mounted else 4
    return 3


def distance(order: Any) -> int:
    """Steps taken before the attack, or a move's steps (TK-3.4, TK-6.2); a
    ride-through counts as distance 1 (TK-9.5a); fire is distance 0."""
    if isinstance(order, Move):
        return len(order.path) - 1
    if isinstance(order, Attack):
        return len(order.path) - 1 if order.path else 0
    return 0


def tower_of(state: State, bd: Board, reg: Regiment) -> str | None:
    """The tower ``reg`` stands on and could fire from (TK-13.2, TK-14.8): a
    watchtower base, or its own side's fortress with a wall tower while the gates
    stand; None otherwise."""
    spec = bd.bases[reg.base]
    if spec.type == "watchtower":
        return reg.base
    fort = state.fortresses.get(reg.base)
    if fort is not None and fort.wall_tower and fort.standing and state.control.get(reg.base) == reg.side:
        return reg.base
    return None


def crew_of(state: State, base: str) -> str | None:
    """The tower crew of ``base`` (a watchtower's, or a fortress's wall tower while
    its gates stand), or None (TK-13.1, TK-14.8)."""
    fort = state.fortresses.get(base)
    if fort is not None:
        return fort.crew if fort.wall_tower and fort.standing else None
    return state.crews.get(base)


def fire_kind(state: State, bd: Board, reg: Regiment, target: Regiment) -> tuple[str, Problem | None]:
    """Which ranged attack FIRE at ``target`` would be (TK-4.2): ``"tower"`` (tower
    fire, TK-13.2, TK-14.8), ``"at-tower"`` (at an adjacent tower's crew, TK-13.3) or
    ``"pursuit"`` (at a retreating regiment, TK-9.5c), with the problem when it is
    none of them or not allowed now."""
    if not reg.archers:
        return "", problem("TK-4.2", N_("Only archers fire."))
    if target.side == reg.side:
        return "", problem("TK-4.3", N_("{target} is not an enemy regiment."), target=target.id)
    if not bd.adjacent(reg.base, target.base):
        return "", problem("TK-4.2", N_("{target} is not on an adjacent base."), target=target.id)
    tower = tower_of(state, bd, reg)
    if tower is not None and not state.enemy_on(tower, reg.side):
        if tower in state.notes.towers:
            return "", problem(
                "TK-13.2", N_("Someone has already fired from {base} in this phase."), base=tower
            )
        fort = state.fortresses.get(target.base)
        if fort is not None and fort.standing:
            return "", problem(
                "TK-14.3",
                N_("No regiment may attack a regiment on {base} while its gates stand."),
                base=target.base,
            )
        return "tower", None
    if crew_of(state, target.base) == target.id:
        return "at-tower", None
    if target.retreating(state.phase):
        fort = state.fortresses.get(target.base)
        if fort is not None and fort.standing:
            return "", problem(
                "TK-14.3",
                N_("No regiment may attack a regiment on {base} while its gates stand."),
                base=target.base,
            )
        return "pursuit", None
    return "", problem(
        "TK-4.2",
        N_(
            "Archers fire at an adjacent base only from a tower, at a tower's crew, or at a retreating regiment."
        ),
    )


def legal_targets(state: State, reg: Regiment, order: Any, kind: str, base: str) -> list[Regiment]:
    """The legal targets on ``base`` for ``reg``'s attack or fire (TK-4.3), in roster
    order: every enemy regiment there for a close attack or tower fire, only the
    crew for fire at a tower, only the retreating ones for pursuit fire."""
    if kind == "at-tower":
        crew = crew_of(state, base)
        return [r for r in state.regiments if r.id == crew and r.on_map]
    enemies = [r for r in state.regiments if r.on_map and r.base == base and r.side != reg.side]
    if kind == "pursuit":
        return [r for r in enemies if r.retreating(state.phase)]
    return enemies


def plan(state: State, orders: list[tuple[int, Any]], melee: set[str]) -> list[list[Item]]:
    """The move, attack and fire actions of ``orders`` (``(listing, order)`` pairs)
    in action order, grouped: returns the slots to resolve, each a list of items
    (a simultaneous group, or one action), at the position of its first member
    (TK-6.1-TK-6.4). ``melee``: the archers judged in melee."""
    by_id = {r.id: r for r in state.regiments}
    items: list[Item] = []
    for listing, order in orders:
        if not isinstance(order, Move | Attack | Fire):
            continue
        reg = by_id[order.regiment]
        mounted = mounted_after(reg, order)
        items.append(Item(order, reg, action_class(reg, order.regiment in melee, mounted), listing, mounted))
    items.sort(key=lambda it: (it.cls, it.dist, it.listing))
    slots: list[list[Item]] = []
    keyed: dict[tuple, list[Item]] = {}
    late: list[Item] = []
    for it in items:
        if isinstance(it.order, Move):
            slots.append([it])
            continue
        if isinstance(it.order, Attack) and it.order.simultaneous and it.cls == 2 and it.dist == 2:
            late.append(it)
            continue
        key = (it.cls, it.type, it.mounted, it.dist, it.order.target)
        group = keyed.get(key)
        if group is None:
            group = keyed[key] = [it]
            slots.append(group)
        else:
            group.append(it)
    for it in late:  # TK-6.4: distance 2 joins the distance 1 group on the same target
        group = keyed.get((2, it.type, True, 1, it.order.target))
        if group is None:
            group = keyed.setdefault((it.cls, it.type, it.mounted, it.dist, it.order.target), [])
            if not group:
                slots.append(group)
        group.append(it)
    slots.sort(key=lambda g: (g[0].cls, g[0].dist, g[0].listing))
    n = state.notes.groups
    for g in slots:
        if len(g) > 1:
            n += 1
            for it in g:
                it.group = n
    return slots


def named_problems(state: State, bd: Board, slots: list[list[Item]], named: list[str]) -> dict[str, Problem]:
    """Walk the declared attacks in action order, every group member separately, and
    find those that break "unattacked first" (TK-4.3): a target already named may
    be named again only when every legal target on its base has been. ``named``
    (the targets named so far) grows as the walk goes; returns the problems by
    regiment."""
    out: dict[str, Problem] = {}
    for slot in slots:
        for it in slot:
            order = it.order
            if isinstance(order, Move):
                continue
            reg = state.regiment(it.rid)
            target = state.regiment(order.target)
            if reg is None or target is None or not target.on_map:
                continue
            kind = "close"
            if isinstance(order, Fire):
                kind = fire_kind(state, bd, reg, target)[0] or "close"
            legal = legal_targets(state, reg, order, kind, target.base)
            if target.id in named and any(t.id not in named for t in legal):
                fresh = next(t.id for t in legal if t.id not in named)
                out[it.rid] = problem(
                    "TK-4.3",
                    N_(
                        "{target} is already named by an earlier attack while {fresh} on the same base is not: attack the unattacked first."
                    ),
                    target=target.id,
                    fresh=fresh,
                )
            named.append(target.id)
    return out
