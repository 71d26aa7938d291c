"""Validation of an order (BL-4.3), and the plan the resolution consumes.

:func:`plan_order` checks every rule of BL-4.3 (a) to (p) against the ordering
mech's own state and public facts only, never another mech's order, structure or
shelter, and returns a :class:`Plan`: every problem found (each with the rule it
breaks, :class:`engine.rosterfile.Problem`), and what the order means: the max
speed, direction, end cell and path, the opponents it may attack, and each
laser's action. Resolution consumes the same plan (BL-4.4), so no condition is
stated twice.
"""

from __future__ import annotations

from engine.geometry.line import Line, end_cell, path
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.battleline.actions import Fire, LaserAct, Order
from engine.rulesets.battleline.catalog import PART_INDEX, PARTS
from engine.rulesets.battleline.facts import DEFENCES, MechFacts
from engine.rulesets.battleline.rules.movement import (
    attackable,
    base_speed,
    heading_mark,
    laser_acts,
    laser_penalty,
    opponents,
    recoil_penalty,
    speed_limit,
)
from engine.rulesets.battleline.state import ItemState, MechState, State, facts_of, line_of

__all__ = [
    "Plan",
    "check_defence",
    "cover_problems",
    "effective_accuracy",
    "jets_work",
    "laser_actions",
    "plan_order",
    "silencing_laser",
    "volley_size",
]


class Plan:
    """What an order means, and what is wrong with it (see the module's description).

    ``seat``; ``order``; ``problems`` (empty: the order is valid); ``speed_limit``:
    S_eff under this order (BL-5.6); ``direction`` (0 when not moving or unknown);
    ``start`` and ``end`` cells (``end`` None when the direction is unknown);
    ``path`` as (lowest, highest) (BL-5.4); ``attackable``: the opponents it may
    attack (BL-6.2); ``lasers``: item -> action, holds included (BL-15.3);
    ``charges``: some laser is ordered to charge (BL-19.5); ``launches``: some
    launcher fires (BL-19.5).
    """

    __slots__ = (
        "attackable",
        "charges",
        "direction",
        "end",
        "launches",
        "lasers",
        "order",
        "path",
        "problems",
        "seat",
        "speed_limit",
        "start",
    )

    def __init__(self, seat: int, order: Order, start: int) -> None:
        self.seat = seat
        self.order = order
        self.start = start
        self.problems: list[Problem] = []
        self.speed_limit = 0
        self.direction = 0
        self.end: int | None = start
        self.path = (start, start)
        self.attackable: frozenset[int] = frozenset()
        self.lasers: dict[int, LaserAct] = {}
        self.charges = False
        self.launches = False

    @property
    def rules(self) -> list[str]:
        """The rule IDs of the problems, in order, each once."""
        return list(dict.fromkeys(p.rule for p in self.problems))


def effective_accuracy(facts: MechFacts, mech: MechState, item: int) -> int:
    """A_eff of a cannon or MG this turn: max(1, A - R × k), in cells (BL-11.3)."""
    it = facts.items[item].item
    return max(1, it.accuracy - it.recoil * mech.items[item].stack)


def volley_size(facts: MechFacts, mech: MechState, item: int) -> int:
    """How many cells weapon ``item`` may mark, and how many salvos or missiles it must
    place: A_eff for a cannon or MG (BL-12.2, BL-13.2), N for a launcher (BL-14.2)."""
    it = facts.items[item].item
    return it.missiles if it.kind == "missiles" else effective_accuracy(facts, mech, item)


def jets_work(facts: MechFacts, mech: MechState) -> bool:
    """Whether the mech has functional jump jets (BL-7.3, BLC-5)."""
    return any(mech.items[i].ok for i in facts.jets)


def _label(facts: MechFacts, item: int) -> str:
    return facts.items[item].label if 0 <= item < len(facts.items) else f"#{item}"


def plan_order(state: State, seat: int, order: Order) -> Plan:
    """Check ``seat``'s ``order`` against every rule of BL-4.3 and work out its plan.
    Uses only the seat's own mech and public facts (BL-4.3). Never raises."""
    mech = state.mechs[seat]
    facts = facts_of(state, seat)
    plan = Plan(seat, order, mech.position)
    out = plan.problems
    ln = line_of(state.setup)
    p = mech.position
    # BL-15.3 (p): lasers first, since their charging effects limit the speed
    plan.lasers = acts = laser_acts(facts, mech, order)
    _check_lasers(facts, mech, order, out)
    plan.charges = any(lo.act == "charge" for lo in order.lasers)
    # BL-5.6 (a): the speed allowed by this very order
    b = base_speed(facts, mech)
    recoil = recoil_penalty(facts, mech)
    lasers = laser_penalty(facts, mech, acts)
    plan.speed_limit = limit = speed_limit(facts, mech, acts)
    if order.speed < 0:
        out.append(Problem("BL-5.1", N_("Speed cannot be negative.")))
    elif order.speed > limit:
        out.append(
            Problem(
                "BL-5.6",
                N_("Speed {speed} is more than this order allows: at most {limit}."),
                {"speed": order.speed, "limit": limit},
            )
        )
        if lasers and order.speed <= max(0, b - recoil):
            out.append(
                Problem(
                    "BL-15.4",
                    N_("Charging or holding lasers lowers the max speed by {n} this turn."),
                    {"n": lasers},
                )
            )
        elif recoil and order.speed <= b:
            out.append(Problem("BL-11.4", N_("Recoil lowers the max speed by {n} this turn."), {"n": recoil}))
        elif b < facts.base_speed and order.speed <= facts.base_speed:
            out.append(
                Problem("BL-18.5", N_("With a leg destroyed, the base speed is halved to {n}."), {"n": b})
            )
    # BL-5.2, BL-6.1 (c): heading and direction exactly when required
    _check_heading(state, seat, order, out)
    mark = heading_mark(state, seat, order)
    if order.speed > 0 and mark is not None:
        d = (mark > p) - (mark < p) or (order.direction if order.direction in (1, -1) else 0)
        plan.direction = d
        if d:
            e = end_cell(p, d, order.speed)
            plan.end = e
            plan.path = path(p, e)
            if not ln.contains(e):  # BL-5.3 (b)
                out.append(
                    Problem(
                        "BL-5.3",
                        N_("The move ends on cell {cell}, off the line (1\u2013{length})."),
                        {"cell": e, "length": ln.length},
                    )
                )
        else:
            plan.end = None
    elif order.speed > 0:
        plan.end = None
    known = order.speed == 0 or plan.direction != 0
    plan.attackable = attackable(state, seat, order.speed, plan.direction) if known else frozenset()
    opps = opponents(state, seat)
    # BL-7.2, BL-7.3 (d)
    if order.cover and plan.end is not None:
        out.extend(cover_problems(ln, p, plan.end, jets_work(facts, mech)))
    # BL-8.1, BL-8.2 (h)
    check_defence(facts, mech, order, out)
    blocked = facts.blocks.get(order.defence, frozenset())
    ranged = bool(order.fire) or any(lo.act == "fire" for lo in order.lasers)
    # BL-9 (f, g)
    if order.melee is not None:
        _check_melee(facts, mech, order, opps, plan.attackable if known else None, blocked, out)
        if ranged:
            out.append(Problem("BL-9.4", N_("An order with a melee attack may make no ranged attack.")))
    # BL-7.6 (e)
    if order.cover and ranged:
        out.append(Problem("BL-7.6", N_("A mech that takes cover may make no ranged attack.")))
    # BL-10 to BL-14 (i to m)
    _check_fire(ln.length, facts, mech, order, blocked, out)
    plan.launches = any(
        0 <= f.item < len(facts.items) and facts.items[f.item].item.kind == "missiles" for f in order.fire
    )
    # BL-15.4, BL-15.5, BL-15.8 (n, o): targets, the defence, the charging effects
    for lo in order.lasers:
        if lo.act == "fire" and 0 <= lo.item < len(facts.items):
            if lo.item in blocked:
                out.append(_blocked(facts, lo.item, order.defence))
            if lo.target not in opps:
                out.append(Problem("BL-15.5", N_("A laser shot names an opponent in the battle.")))
            elif known and lo.target not in plan.attackable:
                out.append(_moved_away(state, lo.target, "BL-15.8"))
    quiet = silencing_laser(facts, mech, acts)
    if order.defence and quiet is not None:
        out.append(
            Problem(
                "BL-15.4",
                N_("While the {weapon} charges or holds its charge, the order may declare no defence."),
                {"weapon": facts.items[quiet].label},
            )
        )
    return plan


def cover_problems(ln: Line, start: int, end: int, jets: bool) -> list[Problem]:
    """Why a move from ``start`` to ``end`` may not take cover (BL-7.2): the end must be a
    cover cell, and the start must not be, unless the mech has working jump jets
    (``jets``, BL-7.3). Empty when it may."""
    out = []
    if not ln.is_cover(end):
        out.append(
            Problem(
                "BL-7.2",
                N_("Taking cover needs a move that ends on a cover cell; {cell} is not one."),
                {"cell": end},
            )
        )
    if ln.is_cover(start) and not jets:
        out.append(
            Problem(
                "BL-7.2",
                N_("The mech starts on a cover cell: taking cover again needs working jump jets (BL-7.3)."),
            )
        )
    return out


def silencing_laser(facts: MechFacts, mech: MechState, acts: dict[int, LaserAct]) -> int | None:
    """The working laser whose charging effect forbids a defence this turn (the L-5's,
    BL-15.4), charging or holding under ``acts``; None when there is none."""
    for i, act in acts.items():
        ok = 0 <= i < len(facts.items) and act in ("charge", "hold") and mech.items[i].ok
        if ok and facts.items[i].item.charge_no_defence:
            return i
    return None


def laser_actions(st: ItemState) -> tuple[LaserAct, ...]:
    """What a laser in state ``st`` may be ordered to do now (BL-15.3): charge when idle;
    fire, hold or vent when charged; nothing once it no longer works (BL-3.6)."""
    if not st.ok:
        return ()
    return ("fire", "hold", "vent") if st.charged else ("charge",)


def _moved_away(state: State, target: int, rule: str) -> Problem:
    return Problem(
        rule,
        N_("{mech} cannot be attacked this turn: this move goes away from it (BL-6.2)."),
        {"mech": state.setup.mechs[target].name},
    )


def _blocked(facts: MechFacts, item: int, defence: str) -> Problem:
    return Problem(
        "BL-8.2",
        N_("The {defence} defence blocks attacks with the {weapon}."),
        {"defence": "Shield" if defence.startswith("SH@") else defence, "weapon": facts.items[item].label},
    )


def _check_heading(state: State, seat: int, order: Order, out: list[Problem]) -> None:
    """BL-4.3 (c): a heading with two or more opponents and speed > 0 (BL-6.1); a
    direction when the mover starts on its heading's cell (BL-5.2); nothing else."""
    opps = opponents(state, seat)
    if len(opps) >= 2 and order.speed > 0:
        if order.heading is None:
            out.append(
                Problem("BL-6.1", N_("With several opponents, a move names the opponent it heads for."))
            )
        elif order.heading not in opps:
            out.append(Problem("BL-6.1", N_("The heading must be an opponent still in the battle.")))
    elif order.heading is not None:
        out.append(
            Problem(
                "BL-6.1",
                N_("A heading is named only when moving with several opponents."),
            )
        )
    mark = heading_mark(state, seat, order)
    on_mark = order.speed > 0 and mark is not None and mark == state.mechs[seat].position
    if on_mark and order.direction not in (1, -1):
        out.append(
            Problem("BL-5.2", N_("The mech starts on its opponent's cell: state the direction, +1 or -1."))
        )
    elif not on_mark and order.direction != 0:
        out.append(
            Problem(
                "BL-5.2",
                N_("A direction is stated only when moving from the cell of the opponent headed for."),
            )
        )


def check_defence(facts: MechFacts, mech: MechState, order: Order, out: list[Problem]) -> None:
    """BL-4.3 (h): one defence, with a working part or shield (BL-8.1); only LT, RT or
    none while holding a working two-handed melee weapon (BL-8.2)."""
    d = order.defence
    if not d:
        pass
    elif d not in DEFENCES:
        out.append(Problem("BL-8.1", N_("Unknown defence {defence!r}."), {"defence": d}))
    elif d.startswith("SH@"):
        shield = facts.shield_in(d[3:])
        if shield is None:
            out.append(Problem("BL-8.1", N_("There is no shield in that arm.")))
        elif not mech.items[shield].ok:
            out.append(Problem("BL-8.1", N_("The shield is destroyed and cannot defend.")))
    elif mech.structure[PART_INDEX[d]] == 0:
        out.append(Problem("BL-8.1", N_("The {part} is destroyed and cannot defend."), {"part": d}))
    th = facts.two_handed
    if th is not None and mech.items[th].ok and d not in ("", "LT", "RT"):
        out.append(
            Problem(
                "BL-8.2",
                N_("Holding the {weapon}, the mech may defend only with LT or RT, or not at all."),
                {"weapon": facts.items[th].label},
            )
        )


def _check_melee(
    facts: MechFacts,
    mech: MechState,
    order: Order,
    opps: list[int],
    attackable_now: frozenset[int] | None,
    blocked: frozenset[int],
    out: list[Problem],
) -> None:
    """BL-4.3 (f), (i): a working melee weapon the defence does not block (BL-9.1,
    BL-8.2, BL-9.8), one of the eight parts, an attackable opponent (BL-6.2)."""
    m = order.melee
    assert m is not None
    if not 0 <= m.item < len(facts.items) or facts.items[m.item].item.kind != "melee":
        out.append(Problem("BL-9.1", N_("A melee attack needs a melee weapon.")))
    elif not mech.items[m.item].ok:
        out.append(
            Problem("BL-9.1", N_("The {weapon} no longer works."), {"weapon": facts.items[m.item].label})
        )
    elif m.item in blocked:
        out.append(_blocked(facts, m.item, order.defence))
    if m.part not in PARTS:
        out.append(Problem("BL-9.1", N_("The target part must be one of H, CT, LT, RT, LA, RA, LL, RL.")))
    if m.target not in opps:
        out.append(Problem("BL-9.1", N_("A melee attack names an opponent in the battle.")))
    elif attackable_now is not None and m.target not in attackable_now:
        out.append(
            Problem(
                "BL-6.2",
                N_("This move goes away from the target: it cannot be attacked this turn."),
            )
        )


def _check_lasers(facts: MechFacts, mech: MechState, order: Order, out: list[Problem]) -> None:
    """BL-4.3 (n), (p): one action per laser; charge only an idle laser, hold, fire or
    vent only a charged one (BL-15.3, BL-15.5); only working lasers (BL-3.6)."""
    seen: set[int] = set()
    for lo in order.lasers:
        i = lo.item
        if not 0 <= i < len(facts.items) or facts.items[i].item.kind != "laser":
            out.append(Problem("BL-15.3", N_("{item} is not a laser."), {"item": _label(facts, i)}))
            continue
        label = facts.items[i].label
        if i in seen:
            out.append(Problem("BL-15.3", N_("The {weapon} is given two actions."), {"weapon": label}))
            continue
        seen.add(i)
        if lo.act in laser_actions(mech.items[i]):
            continue
        if not mech.items[i].ok:
            out.append(Problem("BL-3.6", N_("The {weapon} no longer works."), {"weapon": label}))
        elif lo.act == "charge":
            out.append(Problem("BL-15.3", N_("The {weapon} is already charged."), {"weapon": label}))
        elif lo.act == "fire":
            out.append(Problem("BL-15.5", N_("The {weapon} is not charged."), {"weapon": label}))
        else:
            out.append(
                Problem("BL-15.3", N_("The {weapon} has no charge to hold or vent."), {"weapon": label})
            )


def _check_fire(
    length: int, facts: MechFacts, mech: MechState, order: Order, blocked: frozenset[int], out: list[Problem]
) -> None:
    """BL-4.3 (i) to (m): each cannon, MG or launcher once, working, not blocked by the
    defence, with its cells (BL-10.1, BL-10.2, BL-12.2, BL-13.2, BL-14.2)."""
    seen: set[int] = set()
    for f in order.fire:
        i = f.item
        if not 0 <= i < len(facts.items) or facts.items[i].item.kind not in ("cannon", "mg", "missiles"):
            out.append(
                Problem(
                    "BL-10.1",
                    N_("{item} does not mark cells: it is not a cannon, an MG or a launcher."),
                    {"item": _label(facts, i)},
                )
            )
            continue
        label = facts.items[i].label
        if i in seen:
            out.append(Problem("BL-10.1", N_("The {weapon} is used twice."), {"weapon": label}))
            continue
        seen.add(i)
        if not mech.items[i].ok:
            out.append(Problem("BL-10.1", N_("The {weapon} no longer works."), {"weapon": label}))
            continue
        if i in blocked:
            out.append(_blocked(facts, i, order.defence))
        _check_marks(length, facts, mech, f, out)


def _check_marks(length: int, facts: MechFacts, mech: MechState, f: Fire, out: list[Problem]) -> None:
    """The marked cells of one attack: distinct cells on the line (BL-10.2); a cannon's
    1 to A_eff cells (BL-12.2); an MG's A_eff salvos on 1 to A_eff cells (BL-13.2); a
    launcher's N missiles on 1 to N cells (BL-14.2); at least one per marked cell."""
    kind = facts.items[f.item].item.kind
    label = facts.items[f.item].label
    n = volley_size(facts, mech, f.item)
    rule = {"cannon": "BL-12.2", "mg": "BL-13.2", "missiles": "BL-14.2"}[kind]
    cells = [c for c, _ in f.cells]
    if len(set(cells)) != len(cells):
        out.append(Problem("BL-10.2", N_("The {weapon}'s cells must be distinct."), {"weapon": label}))
    off = [c for c in cells if not 1 <= c <= length]
    if off:
        out.append(
            Problem(
                "BL-10.2",
                N_("Cell {cell} is not on the line (1\u2013{length})."),
                {"cell": off[0], "length": length},
            )
        )
    if not cells or len(cells) > n:
        out.append(
            Problem(
                rule,
                N_("The {weapon} may mark 1 to {n} cells this turn; the order marks {got}."),
                {"weapon": label, "n": n, "got": len(cells)},
            )
        )
    counts = [k for _, k in f.cells]
    if kind == "cannon":
        if any(k != 1 for k in counts):
            out.append(
                Problem(
                    "BL-12.2", N_("A cannon fires one projectile: each cell is marked once, with no count.")
                )
            )
        return
    if any(k < 1 for k in counts):
        out.append(Problem(rule, N_("Every marked cell needs at least one salvo or missile.")))
    elif sum(counts) != n:
        out.append(
            Problem(
                rule,
                N_(
                    "The {weapon} must place exactly {n} salvos or missiles this turn; the order places {got}."
                ),
                {"weapon": label, "n": n, "got": sum(counts)},
            )
        )
