"""Arc fire, projectiles in flight and their landings, laser designation, guidance
and smoke (GB-12, GB-13, GB-18.4)."""

from __future__ import annotations

from engine.dice import Dice
from engine.geometry.hex import area_size, in_front_arc, spiral
from engine.i18n import _
from engine.ruleset import Event
from engine.rulesets.ballistic.catalog import SMOKE_RANGE, WEAPONS, Weapon, actions_left
from engine.rulesets.ballistic.events import (
    ArcFired,
    Designated,
    GuidanceBound,
    Held,
    ProjectileLanded,
    SmokeLaid,
)
from engine.rulesets.ballistic.rules.common import audience, illegal
from engine.rulesets.ballistic.rules.damage import end_designation, hit, refresh
from engine.rulesets.ballistic.rules.fire import attack_slot, weapon_of
from engine.rulesets.ballistic.rules.sight import observes, sees, spotters
from engine.rulesets.ballistic.state import (
    KIND_EQUIPMENT,
    MODE_ARC,
    SLOT_ATTACK,
    SLOT_EQUIPMENT,
    Designation,
    Projectile,
    Slot,
    State,
    Unit,
)

__all__ = [
    "arc_aim_problem",
    "check_arc",
    "check_arc_weapon",
    "check_designate",
    "check_item",
    "check_smoke",
    "designate",
    "flight_turns",
    "item_of",
    "launch",
    "projectile_phase",
    "scatter_hexes",
    "smoke_hexes",
    "smoke",
    "smoke_reaches",
]


def flight_turns(distance: int, speed: int) -> int:
    """Turns a projectile flies: ``ceil(d / v)``, at least 1 (GB-12.4)."""
    return max(1, -(-distance // speed))


def check_arc_weapon(state: State, u: Unit, index: int, target: Unit | None) -> Weapon:
    """The part of :func:`check_arc` that does not depend on the aim: raise
    IllegalAction unless ``u`` may fire one arc shot with weapon ``index`` now, or a
    guided one at the enemy ground unit ``target`` (GB-4.2, GB-14.5, GB-12.1, GB-7.4,
    GB-10.1, GB-10.5, GB-6.1, GB-6.2, GB-12.2, GB-13.3). Returns the weapon."""
    key = weapon_of(u, index)
    if key is None:
        raise illegal(_("{unit} has no such weapon.").format(unit=u.name), "GB-4.2")
    w = WEAPONS[key]
    name = _(w.name)
    if u.systems[index].failed:
        raise illegal(_("The {weapon} of {unit} has failed.").format(weapon=name, unit=u.name), "GB-14.5")
    if w.arc is None:
        raise illegal(_("The {weapon} cannot fire in an arc.").format(weapon=name), "GB-12.1")
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may only step on.").format(unit=u.name), "GB-7.4"
        )
    slot = attack_slot(u, index)
    if slot is not None:
        if slot.mode != MODE_ARC:
            raise illegal(
                _("The {weapon}'s Attack action this turn is not in arc mode.").format(weapon=name), "GB-10.5"
            )
        if slot.shots < 1:
            raise illegal(_("The {weapon} has no shots left this turn.").format(weapon=name), "GB-10.1")
    else:
        if index in u.used:
            raise illegal(_("The {weapon} has been used this turn.").format(weapon=name), "GB-6.2")
        if not actions_left(len(u.slots)):
            raise illegal(_("{unit} has taken its two actions.").format(unit=u.name), "GB-6.1")
    if u.mp_spent:
        raise illegal(
            _("{unit} has spent MP this turn: arc fire needs it to stand still.").format(unit=u.name),
            "GB-12.2",
        )
    if target is not None:
        if not w.guided:
            raise illegal(_("The {weapon} fires no guided shots.").format(weapon=name), "GB-13.3")
        if target.side == u.side or target.altitude:
            raise illegal(_("A guided shot is aimed at an enemy ground unit."), "GB-13.3")
    return w


def arc_aim_problem(state: State, u: Unit, w: Weapon, aim: int) -> str:
    """Why ``u`` may not aim an arc shot of weapon ``w`` at hex ``aim`` from where it
    stands and faces, as a rule ID: ``"GB-2.8"`` (not in its front arc) or
    ``"GB-12.2"`` (outside the weapon's arc band, in hexes); ``""`` when it may. Says
    nothing of the weapon's other conditions (:func:`check_arc_weapon`)."""
    t = state.map.tables
    if not in_front_arc(t.hex_of(u.hex), u.facing, t.hex_of(aim)):
        return "GB-2.8"
    assert w.arc is not None
    lo, hi = w.arc
    if not lo <= t.distance(u.hex, aim) <= hi:
        return "GB-12.2"
    return ""


def check_arc(state: State, u: Unit, index: int, aim: int, target: Unit | None) -> int:
    """Raise IllegalAction unless ``u`` may fire one arc shot with weapon ``index`` at hex
    ``aim`` now (GB-12.2), or a guided shot at the enemy ground unit ``target`` its side
    spots (GB-13.3; then ``aim`` is the target's hex): :func:`check_arc_weapon`, then
    :func:`arc_aim_problem`. Returns the distance (hexes)."""
    w = check_arc_weapon(state, u, index, target)
    problem = arc_aim_problem(state, u, w, aim)
    t = state.map.tables
    if problem == "GB-2.8":
        raise illegal(
            _("{hex} is not in the front arc of {unit}.").format(hex=t.name[aim], unit=u.name), "GB-2.8"
        )
    d = t.distance(u.hex, aim)
    if problem:
        assert w.arc is not None
        lo, hi = w.arc
        raise illegal(
            _("{hex} is {d} hexes away; the {weapon} fires in an arc at {lo}–{hi} hexes.").format(
                hex=t.name[aim], d=d, weapon=_(w.name), lo=lo, hi=hi
            ),
            "GB-12.2",
        )
    return d


def launch(
    state: State, events: list[Event], u: Unit, index: int, aim: int, target: Unit | None
) -> Projectile:
    """Fire a checked arc shot (GB-12.2, GB-12.4, GB-12.5): the unit holds position from
    now on; a projectile with the next sequence number is created. No dice. Only the
    firing side learns of it (GB-5.7)."""
    key = u.systems[index].key
    w = WEAPONS[key]
    slot = attack_slot(u, index)
    if slot is None:
        slot = Slot(SLOT_ATTACK, index, MODE_ARC, w.rof)
        u.slots.append(slot)
        u.used.append(index)
    slot.shots -= 1
    if not u.holding:
        u.holding = True
        events.append(Held(unit=u.name, side=u.side, to=audience(spotters(state, u))))
    t = state.map.tables
    d = t.distance(u.hex, aim)
    p = Projectile(
        seq=state.next_seq,
        side=u.side,
        shooter=u.number,
        weapon=key,
        launch=u.hex,
        aim=aim,
        distance=d,
        speed=w.speed,
        cep=w.cep,
        launched=state.turn,
        arrival=state.turn + flight_turns(d, w.speed),
        target=-1 if target is None else target.number,
    )
    state.next_seq += 1
    state.projectiles.append(p)
    events.append(
        ArcFired(
            unit=u.name,
            side=u.side,
            weapon=key,
            aim=t.name[aim],
            distance=d,
            arrival=p.arrival,
            seq=p.seq,
            target="" if target is None else target.name,
            to=(u.side,),
        )
    )
    return p


def scatter_hexes(state: State, aim: int, cep: int) -> list[int]:
    """The hexes a projectile with this CEP may land in around ``aim``, in spiral order
    (GB-2.9, GB-12.7): the d``N`` result k picks entry k-1; -1 for a hex off the map."""
    t = state.map.tables
    return [t.at.get(h, -1) for h in spiral(t.hex_of(aim), max(1, cep))]


def _guided(state: State, p: Projectile) -> Unit | None:
    """The guided target a landing homes on (GB-13.4): on the map and designated by a
    unit of the firing side at this moment; else None."""
    if p.target < 0:
        return None
    target = state.units[p.target]
    if not (target.alive and target.hex >= 0):
        return None
    for u in state.units:
        if u.side == p.side and u.alive and u.designation is not None and u.designation.target == p.target:
            return target
    return None


def _land(state: State, dice: Dice, events: list[Event], p: Projectile) -> None:
    """One landing, resolved completely (GB-12.7, GB-12.8, GB-13.4, GB-13.5)."""
    t = state.map.tables
    target = _guided(state, p)
    roll = of = 0
    if target is not None:
        at = target.hex
    elif p.cep <= 1:
        at = p.aim
    else:
        of = area_size(p.cep)
        roll = dice.roll(1, of).faces[0]
        at = scatter_hexes(state, p.aim, p.cep)[roll - 1]
    hit_units = [u for u in state.units if at >= 0 and u.hex == at and u.alive and not u.altitude]
    sides = {p.side} | {u.side for u in hit_units}
    if at >= 0:
        sides |= {s for s in (0, 1) if observes(state, s, at)}
    events.append(
        ProjectileLanded(
            side=p.side,
            seq=p.seq,
            weapon=p.weapon,
            aim=t.name[p.aim],
            hex=t.name[at] if at >= 0 else "",
            roll=roll,
            of=of,
            guided=target is not None,
            to=audience(sides),
        )
    )
    if target is not None:
        for u in state.units:
            if (
                u.side == p.side
                and u.alive
                and u.designation is not None
                and u.designation.target == p.target
            ):
                u.bound = p.target
                events.append(GuidanceBound(unit=u.name, side=u.side, target=target.name, to=(u.side,)))
    for u in hit_units:  # roster order (GB-4.6, GB-12.8)
        if u.alive and u.hex == at:
            hit(state, dice, events, u, p.weapon, set())


def projectile_phase(state: State, dice: Dice, events: list[Event]) -> None:
    """Projectiles move; those due this turn land one at a time in sequence order, each
    resolved completely (GB-12.6). A projectile's position in flight is shown from its
    launch turn and speed; nothing else changes when it moves."""
    due = sorted((p for p in state.projectiles if p.arrival <= state.turn), key=lambda p: p.seq)
    state.projectiles = [p for p in state.projectiles if p.arrival > state.turn]
    for p in due:
        _land(state, dice, events, p)
    refresh(state, events)


def item_of(u: Unit, key: str, usable_only: bool = True) -> int:
    """The first of ``u``'s equipment items ``key`` that works, has not been used this turn
    and (if it has charges) has one left; -1 when there is none."""
    for i, s in enumerate(u.systems):
        usable = not usable_only or (i not in u.used and (s.key != "smoke" or s.charges > 0))
        if s.kind == KIND_EQUIPMENT and s.key == key and not s.failed and usable:
            return i
    return -1


def check_item(u: Unit, key: str) -> int:
    """Raise IllegalAction unless ``u`` may use an equipment item ``key``
    (``"designator"`` or ``"smoke"``) now: it is not passing through a friend's hex
    (GB-7.4), it has a working one (GB-6.7), one not used this turn and, for a smoke
    launcher, with a charge left (GB-6.2, GB-18.4), and it has an action left (GB-6.1).
    Returns the system index of the item it would use (the first such, see
    :func:`item_of`). What the item is used on is checked by :func:`check_designate`
    and :func:`check_smoke`."""
    if u.passing or u.stuck:
        raise illegal(
            _("{unit} is passing through a friend's hex and may only step on.").format(unit=u.name), "GB-7.4"
        )
    if item_of(u, key, usable_only=False) < 0:
        raise illegal(_("{unit} has no working item of that kind.").format(unit=u.name), "GB-6.7")
    index = item_of(u, key)
    if index < 0:
        raise illegal(
            _("Each item is used at most once a turn, and a smoke launcher has its charges."), "GB-6.2"
        )
    if not actions_left(len(u.slots)):
        raise illegal(_("{unit} has taken its two actions.").format(unit=u.name), "GB-6.1")
    return index


def check_designate(state: State, u: Unit, target: Unit) -> int:
    """Raise IllegalAction unless ``u`` may designate the enemy unit ``target`` now
    (GB-13.1, GB-13.5); returns the designator's system index."""
    index = check_item(u, "designator")
    if target.side == u.side:
        raise illegal(_("A designation is put on an enemy unit."), "GB-13.1")
    if u.bound >= 0 and target.number != u.bound:
        raise illegal(
            _("{unit} must keep guiding {target} this turn and may not designate another unit.").format(
                unit=u.name, target=state.units[u.bound].name
            ),
            "GB-13.5",
        )
    if not sees(state, u, target):
        raise illegal(_("{unit} does not see {target}.").format(unit=u.name, target=target.name), "GB-13.1")
    return index


def designate(state: State, events: list[Event], u: Unit, index: int, target: Unit) -> None:
    """Put ``u``'s one designation on ``target``, ending its old one (GB-13.1). Its
    side's only."""
    u.slots.append(Slot(SLOT_EQUIPMENT, index))
    u.used.append(index)
    if u.designation is not None:
        end_designation(state, events, u)
    u.designation = Designation(target.number, index)
    events.append(Designated(unit=u.name, side=u.side, target=target.name, to=(u.side,)))


def smoke_hexes(state: State, at: int) -> list[int]:
    """Hex ``at`` and its neighbours on the map: where a smoke charge lands (GB-18.4)."""
    return [at] + [n for n in state.map.tables.neighbours[at] if n >= 0]


def smoke_reaches(state: State, u: Unit, at: int) -> bool:
    """Whether ``u``'s smoke launcher reaches hex ``at`` from where it stands and faces:
    its own hex, or one in its front arc 1 to 3 hexes away (GB-18.4)."""
    if at == u.hex:
        return True
    t = state.map.tables
    return 1 <= t.distance(u.hex, at) <= SMOKE_RANGE and in_front_arc(t.hex_of(u.hex), u.facing, t.hex_of(at))


def check_smoke(state: State, u: Unit, at: int) -> int:
    """Raise IllegalAction unless ``u`` may fire its smoke launcher at hex ``at`` now: its
    own hex, or one in its front arc 1-3 hexes away (GB-18.4); a unit under a guidance
    obligation must still see its target through the smoke (GB-13.5). Returns the
    launcher's system index."""
    index = check_item(u, "smoke")
    if not smoke_reaches(state, u, at):
        raise illegal(_("Smoke is laid on the unit's own hex or in its front arc 1–3 hexes away."), "GB-18.4")
    if u.bound >= 0:
        target = state.units[u.bound]
        before = list(state.smoke)
        state.lay_smoke(smoke_hexes(state, at), state.turn + 1)
        keeps = sees(state, u, target)
        state.smoke = before
        if not keeps:
            raise illegal(
                _("{unit} must keep {target} in sight this turn.").format(unit=u.name, target=target.name),
                "GB-13.5",
            )
    return index


def smoke(state: State, events: list[Event], u: Unit, index: int, at: int) -> None:
    """Lay smoke on ``at`` and its neighbours until the End phase of the next turn; a hex
    already smoking keeps the later removal turn (GB-3.7, GB-18.4). Everyone sees the
    smoke; a side that does not spot ``u`` is not told who laid it."""
    u.slots.append(Slot(SLOT_EQUIPMENT, index))
    u.used.append(index)
    u.systems[index].charges -= 1
    hexes = smoke_hexes(state, at)
    until = state.turn + 1
    seen = spotters(state, u)
    state.lay_smoke(hexes, until)
    t = state.map.tables
    names = tuple(t.name[h] for h in hexes)
    laid = SmokeLaid(unit=u.name, side=u.side, hex=t.name[at], hexes=names, until=until, to=audience(seen))
    events.append(laid)
    if len(seen) < 2:
        events.append(
            SmokeLaid(unit="", side=u.side, hex=t.name[at], hexes=names, until=until, to=(1 - u.side,))
        )
    refresh(state, events)
