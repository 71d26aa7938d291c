"""Orders (TK-2.5) and their validation (TK-2.8).

:func:`order_problem` checks one order against the state at step 2;
:func:`draft_problems` checks the active side's orders together (the
"unattacked first" walk of TK-4.3 in action order, one tower fire per tower,
one wall climb and one ram per fortress, a card's uses, two screens per
regiment). Both return problems (rule ID and message); nothing raises here.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.kingdoms.actions import (
    FALLBACK_TYPES,
    Attack,
    BuildRam,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Flee,
    Merge,
    Move,
    Provoke,
    Stratagem,
)
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.common import problem
from engine.rulesets.kingdoms.rules.duels import challenge_problem, in_duel
from engine.rulesets.kingdoms.rules.movement import entry_problem, path_problem
from engine.rulesets.kingdoms.rules.plan import (
    fire_kind,
    in_melee,
    mounted_after,
    named_problems,
    plan,
    tower_of,
)
from engine.rulesets.kingdoms.rules.siege import is_besieging, under_siege
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = ["draft_problems", "full_orders", "merge_problem", "order_problem"]


def _mount_problem(state: State, bd: Board, reg: Regiment, order: Any) -> Problem | None:
    """MOUNT or DISMOUNT with an order (TK-3.5): cavalry only, not while panicking,
    only to change the mounted state, no mounting on a building base."""
    flag = getattr(order, "mount", None)
    if flag is None:
        return None
    if not reg.cavalry:
        return problem("TK-3.5", N_("Only cavalry mounts and dismounts."))
    if flag == "mount":
        if reg.mounted:
            return problem("TK-3.5", N_("{id} is already mounted."), id=reg.id)
        if bd.bases[reg.base].building:
            return problem("TK-3.5", N_("Cavalry cannot mount on the building {base}."), base=reg.base)
    elif not reg.mounted:
        return problem("TK-3.5", N_("{id} is already dismounted."), id=reg.id)
    return None


def merge_problem(state: State, a: Regiment, b: Regiment) -> Problem | None:
    """Why ``a`` and ``b`` may not merge (TK-15.1), or None: same side, same base, same
    type and mounted state, both below full strength, neither panicking nor in a
    pending duel."""
    p = state.phase
    if a is b:
        return problem("TK-15.1", N_("A regiment cannot merge with itself."))
    if a.side != b.side:
        return problem("TK-15.1", N_("Only regiments of one side merge."))
    if a.base != b.base:
        return problem("TK-15.1", N_("{a} and {b} are not on the same base."), a=a.id, b=b.id)
    if a.type != b.type or (a.cavalry and a.mounted != b.mounted):
        return problem("TK-15.1", N_("Only regiments of the same type and mounted state merge."))
    if a.strength >= a.initial or b.strength >= b.initial:
        return problem("TK-15.1", N_("Both regiments must have suffered losses to merge."))
    if a.panicking(p) or b.panicking(p):
        return problem("TK-16.3", N_("A panicking regiment cannot merge."))
    if in_duel(state, a.id) or in_duel(state, b.id):
        return problem("TK-15.1", N_("A regiment in a pending duel cannot merge."))
    return None


def order_problem(state: State, bd: Board, order: Any, fallback: bool = False) -> Problem | None:
    """Why ``order`` of the active side is not valid now (TK-2.8), or None.
    ``fallback``: a challenge's or provocation's fallback taking effect at step 3d
    (TK-11.3): only the orders of TK-11.3, and no MOUNT or DISMOUNT."""
    reg = state.regiment(order.regiment)
    if reg is None or not reg.on_map:
        return problem("TK-2.5", N_("There is no regiment {id} on the map."), id=order.regiment)
    if reg.side != state.active:
        return problem("TK-2.2", N_("{id} belongs to the passive side, which gives no orders."), id=reg.id)
    p = state.phase
    if isinstance(order, Flee):
        if not reg.panicking(p):
            return problem("TK-16.3", N_("Only a panicking regiment flees."))
        return None
    if reg.panicking(p):
        return problem("TK-16.3", N_("{id} is panicking: its only order is FLEE."), id=reg.id)
    if reg.id in state.notes.used:
        return problem("TK-11.7", N_("{id}'s action this phase is used up by its officer's duel."), id=reg.id)
    if fallback and (not isinstance(order, FALLBACK_TYPES) or getattr(order, "mount", None)):
        return problem(
            "TK-11.3", N_("A fallback order is DEFEND, MOVE, ATTACK, FIRE, BUILD RAM or CLIMB WALL.")
        )
    why = _mount_problem(state, bd, reg, order)
    if why is not None:
        return why
    mounted = mounted_after(reg, order)
    if isinstance(order, Defend):
        return _defend_problem(state, reg, order)
    if isinstance(order, Move):
        return path_problem(state, bd, reg, order.path, mounted, attack=False)
    if isinstance(order, Attack):
        return _attack_problem(state, bd, reg, order, mounted)
    if isinstance(order, Fire):
        target = state.regiment(order.target)
        if target is None or not target.on_map:
            return problem("TK-4.3", N_("There is no regiment {id} on the map."), id=order.target)
        if reg.base in state.notes.stopped or target.base in state.notes.stopped:
            return problem("TK-11.7", N_("Combat has stopped on that base for a duel in this phase."))
        return fire_kind(state, bd, reg, target)[1]
    if isinstance(order, Challenge | Provoke):
        target = state.regiment(order.target)
        if target is None or not target.on_map:
            return problem("TK-11.2", N_("There is no regiment {id} on the map."), id=order.target)
        fb = order.fallback
        if fb is not None and (
            not isinstance(fb, FALLBACK_TYPES) or fb.regiment != reg.id or getattr(fb, "mount", None)
        ):
            return problem(
                "TK-11.3",
                N_(
                    "A fallback order is DEFEND, MOVE, ATTACK, FIRE, BUILD RAM or CLIMB WALL, of the same regiment."
                ),
            )
        return challenge_problem(state, bd, reg, target, isinstance(order, Provoke), mounted)
    if isinstance(order, Merge):
        other = state.regiment(order.other)
        if other is None or not other.on_map:
            return problem("TK-15.1", N_("There is no regiment {id} on the map."), id=order.other)
        if other.id in state.notes.used:
            return problem(
                "TK-11.7", N_("{id}'s action this phase is used up by its officer's duel."), id=other.id
            )
        return merge_problem(state, reg, other)
    if isinstance(order, BuildRam):
        fort = state.fortresses.get(order.fortress)
        if fort is None or not fort.standing:
            return problem(
                "TK-14.4", N_("{base} is not a fortress with standing gates."), base=order.fortress
            )
        if not is_besieging(state, bd, reg, order.fortress):
            return problem(
                "TK-14.4",
                N_("Only a regiment besieging {base} builds a ram against it."),
                base=order.fortress,
            )
        if fort.ram or fort.ram_ready:
            return problem("TK-14.4", N_("{base} already has a ram at its gates."), base=order.fortress)
        return None
    if isinstance(order, ClimbWall):
        fort = state.fortresses.get(order.fortress)
        if fort is None or not fort.standing:
            return problem(
                "TK-14.7", N_("{base} is not a fortress with standing gates."), base=order.fortress
            )
        if not reg.officer:
            return problem("TK-14.7", N_("Only a named officer climbs the wall."))
        if not is_besieging(state, bd, reg, order.fortress):
            return problem(
                "TK-14.7", N_("Only a regiment besieging {base} climbs its wall."), base=order.fortress
            )
        return None
    if isinstance(order, Stratagem):
        return _card_problem(state, bd, reg, order)
    return problem("TK-2.5", N_("That is not an order."))


def _defend_problem(state: State, reg: Regiment, order: Defend) -> Problem | None:
    if order.screen is None:
        if order.release:
            return problem("TK-8.5", N_("RELEASE belongs to a screen."))
        return None
    if not reg.infantry:
        return problem("TK-8.1", N_("Only infantry screens."))
    other = state.regiment(order.screen)
    if other is None or not other.on_map or other.side != reg.side or other is reg:
        return problem("TK-8.1", N_("An infantry regiment screens an allied regiment on its own base."))
    if other.base != reg.base:
        return problem("TK-8.1", N_("{id} is not on the same base."), id=other.id)
    return None


def _attack_problem(state: State, bd: Board, reg: Regiment, order: Attack, mounted: bool) -> Problem | None:
    target = state.regiment(order.target)
    if target is None or not target.on_map:
        return problem("TK-4.3", N_("There is no regiment {id} on the map."), id=order.target)
    if target.side == reg.side:
        return problem("TK-4.3", N_("{id} is not an enemy regiment."), id=target.id)
    final = order.path[-1] if order.path else reg.base
    if target.base != final:
        return problem(
            "TK-4.1", N_("{id} is not on {base}, where the attack ends."), id=target.id, base=final
        )
    stopped = state.notes.stopped
    if reg.base in stopped or final in stopped:
        return problem("TK-11.7", N_("Combat has stopped on that base for a duel in this phase."))
    fort = state.fortresses.get(final)
    if fort is not None and fort.standing:
        return problem(
            "TK-14.3", N_("No regiment may attack a regiment on {base} while its gates stand."), base=final
        )
    here = state.fortresses.get(reg.base)
    if order.path and here is not None and here.standing and under_siege(state, bd, reg.base):
        return problem("TK-14.3", N_("The besieged army cannot attack out of its fortress."))
    if order.simultaneous and not (mounted and len(order.path) == 3):
        return problem("TK-6.4", N_("SIMULTANEOUS belongs to mounted cavalry attacking at distance 2."))
    if order.then is not None:
        if not (mounted and len(order.path) == 2):
            return problem("TK-9.5", N_("Only mounted cavalry attacking at distance 1 rides through."))
        if not target.retreating(state.phase):
            return problem("TK-9.5", N_("Cavalry rides through only when pursuing a retreating regiment."))
        if not bd.adjacent(final, order.then) or state.enemy_on(order.then, reg.side):
            return problem("TK-9.5", N_("The ride-through goes on to an adjacent base with no enemy."))
        why = entry_problem(state, bd, reg, final, order.then, True)
        if why is not None:
            return why
    if order.path:
        return path_problem(state, bd, reg, order.path, mounted, attack=True)
    return None


def _card_problem(state: State, bd: Board, reg: Regiment, order: Stratagem) -> Problem | None:
    """Why ``reg`` may not play the card now (TK-17.1): the side's ordered card with a use
    left, played by a named officer and from a base adjacent to the card's base when
    the card says so. House reading: a card may be played when no enemy stands on its
    target base; it then hits nobody and its use is spent."""
    card = next((c for c in state.scenario.cards if c.id == order.card), None)
    if card is None or card.side != reg.side:
        return problem("TK-17.1", N_("Your side holds no such stratagem card."))
    if card.trigger != "ordered":
        return problem("TK-17.1", N_("That card fires by itself; it is not played by an order."))
    if state.uses.get(card.id, 0) <= 0:
        return problem("TK-17.1", N_("That card is used up."))
    if card.named and not reg.officer:
        return problem("TK-17.1", N_("The card is played by a regiment led by a named officer."))
    if card.adjacent is not None and not bd.adjacent(reg.base, card.adjacent):
        return problem(
            "TK-17.1", N_("The card is played from a base adjacent to {base}."), base=card.adjacent
        )
    return None


def full_orders(state: State, drafted: list[Any]) -> list[tuple[int, Any]]:
    """Every order of the active side, as ``(listing, order)``: the drafted ones in the
    order listed, then DEFEND (or FLEE when panicking, TK-16.3) for each regiment
    without one, in roster order; regiments whose action a duel used up get none."""
    out = list(enumerate(drafted))
    have = {o.regiment for o in drafted}
    n = len(out)
    for reg in state.regiments:
        if reg.on_map and reg.side == state.active and reg.id not in have and reg.id not in state.notes.used:
            order: Any = Flee(regiment=reg.id) if reg.panicking(state.phase) else Defend(regiment=reg.id)
            out.append((n, order))
            n += 1
    return out


def draft_problems(state: State, bd: Board, drafted: list[Any]) -> dict[str, Problem]:
    """The problems of the active side's orders taken together (TK-2.8), by regiment:
    each order's own validity, then "unattacked first" walked in action order
    (TK-4.3), one tower fire per tower (TK-13.2), one wall climb per fortress
    (TK-14.7) and one ram (TK-14.4), a card's uses (TK-17.1), at most two screens
    on one regiment (TK-8.1)."""
    out: dict[str, Problem] = {}
    for order in drafted:
        why = order_problem(state, bd, order)
        if why is not None:
            out[order.regiment] = why
    orders = [o for o in full_orders(state, drafted) if o[1].regiment not in out]
    melee = {o.regiment for _n, o in orders if in_melee(state, state.regiment(o.regiment), o)}
    out.update(named_problems(state, bd, plan(state, orders, melee), []))
    towers: set[str] = set()
    climbs: set[str] = set()
    rams: set[str] = set()
    cards: dict[str, int] = {}
    screens: dict[str, int] = {}
    for _n, o in orders:
        reg = state.regiment(o.regiment)
        if isinstance(o, Fire):
            target = state.regiment(o.target)
            if target is not None and fire_kind(state, bd, reg, target)[0] == "tower":
                tower = tower_of(state, bd, reg)
                if tower in towers:
                    out[o.regiment] = problem(
                        "TK-13.2", N_("Only one regiment fires from {base} in a phase."), base=tower
                    )
                towers.add(tower or "")
        fb = getattr(o, "fallback", None)
        for x in (o, fb):
            if isinstance(x, ClimbWall):
                if x.fortress in climbs:
                    out[o.regiment] = problem(
                        "TK-14.7", N_("Only one officer of a side climbs a fortress's wall in a turn.")
                    )
                climbs.add(x.fortress)
            if isinstance(x, BuildRam):
                if x.fortress in rams:
                    out[o.regiment] = problem("TK-14.4", N_("Only one ram may be built against a fortress."))
                rams.add(x.fortress)
        if isinstance(o, Stratagem):
            cards[o.card] = cards.get(o.card, 0) + 1
            if cards[o.card] > state.uses.get(o.card, 0):
                out[o.regiment] = problem("TK-17.1", N_("That card has no use left for another order."))
        if isinstance(o, Defend) and o.screen:
            screens[o.screen] = screens.get(o.screen, 0) + 1
            if screens[o.screen] > 2:
                out[o.regiment] = problem(
                    "TK-8.1", N_("At most two infantry regiments screen the same regiment.")
                )
    return out
