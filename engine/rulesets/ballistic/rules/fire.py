"""Direct fire: the chance of a shot with every modifier, the legality of a shot, and
its resolution (GB-9, GB-10)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from engine.dice import Dice
from engine.geometry.hex import in_front_arc
from engine.i18n import N_, _, ngettext
from engine.ruleset import Event
from engine.rulesets.ballistic.catalog import (
    CLASS_AIR,
    CLASS_SMALL,
    FAST_HEXES,
    WEAPONS,
    actions_left,
    base_grade,
    base_threshold,
    effective_c,
    in_range,
)
from engine.rulesets.ballistic.events import ShotBlocked, ShotResolved
from engine.rulesets.ballistic.refusal import refuse
from engine.rulesets.ballistic.rules.common import hex_name, illegal
from engine.rulesets.ballistic.rules.damage import hit, refresh
from engine.rulesets.ballistic.rules.sight import blocking_mech, fire_open, sees, spotted
from engine.rulesets.ballistic.state import KIND_WEAPON, MODE_DIRECT, SLOT_ATTACK, Slot, State, Unit

__all__ = [
    "Modifier",
    "ShotOdds",
    "attack_slot",
    "check_shot",
    "fire_shot",
    "known_target",
    "shot_odds",
    "weapon_of",
]


class Modifier(msgspec.Struct, frozen=True, array_like=True):
    """One modifier of a shot: what it is (an untranslated message ID), its value in
    grades or threshold points, and its rule."""

    reason: str
    value: int
    rule: str


class ShotOdds(msgspec.Struct, frozen=True, kw_only=True):
    """A direct shot itemised (GB-9.4 to GB-9.11): ``distance`` (hexes); ``c_eff`` and
    ``k``; the base grade ``d0``; the grade modifiers in the spec's order; the final
    ``grade`` (sum first, then at least 1); ``t0 = 4·grade``; the threshold modifiers;
    the ``threshold`` T to roll on a d20; ``chance`` to hit, exactly
    ``clamp((21 - T)/20, 0, 1)``; ``blind`` (GB-9.3); ``overwatch`` (GB-11.6)."""

    distance: int
    c_eff: int
    k: int
    d0: int
    grade_modifiers: tuple[Modifier, ...]
    grade: int
    t0: int
    threshold_modifiers: tuple[Modifier, ...]
    threshold: int
    chance: Fraction
    blind: bool = False
    overwatch: bool = False


def weapon_of(u: Unit, index: int) -> str | None:
    """The weapon key of system ``index`` of ``u``, or None when it is not a weapon."""
    if 0 <= index < len(u.systems) and u.systems[index].kind == KIND_WEAPON:
        return u.systems[index].key
    return None


def attack_slot(u: Unit, index: int) -> Slot | None:
    """The Attack action ``u`` has opened with weapon ``index`` this turn, or None."""
    for slot in u.slots:
        if slot.kind == SLOT_ATTACK and slot.system == index:
            return slot
    return None


def shot_odds(state: State, shooter: Unit, index: int, target: Unit, overwatch: bool = False) -> ShotOdds:
    """The itemised chance of one direct shot of ``shooter``'s weapon ``index`` at
    ``target`` now (GB-9.4 to GB-9.11, GB-11.6). Does not check legality."""
    w = WEAPONS[shooter.systems[index].key]
    t = state.map.tables
    d = t.distance(shooter.hex, target.hex)
    c_eff = effective_c(w, shooter.current_platform)
    d0 = base_grade(w.k, c_eff, d)
    grade_mods = []
    if target.mp_spent > 0:
        grade_mods.append(Modifier(N_("the target has moved this turn"), 1, "GB-9.7"))
    if overwatch:
        if shooter.mp_spent == 0:
            grade_mods.append(Modifier(N_("the shooter has spent no MP this turn"), -1, "GB-11.6"))
    elif shooter.holding:
        grade_mods.append(Modifier(N_("the shooter holds position"), -1, "GB-9.7"))
    if not shooter.fire_control_ok:
        grade_mods.append(Modifier(N_("the shooter's Fire control has failed"), 1, "GB-14.6"))
    grade = max(1, d0 + sum(m.value for m in grade_mods))
    t0 = base_threshold(grade)
    blind = not sees(state, shooter, target)
    mods = []
    if target.entered > FAST_HEXES:
        mods.append(Modifier(N_("the target has entered more than 10 hexes this turn"), 2, "GB-9.10"))
    if target.cls == CLASS_SMALL and not w.he:
        mods.append(Modifier(N_("a small ground target, and the weapon is not HE"), 2, "GB-9.10"))
    if target.cls == CLASS_AIR:
        mods.append(Modifier(N_("an air target"), 3, "GB-9.10"))
    if blind:
        mods.append(Modifier(N_("a blind shot"), 3, "GB-9.3"))
    if overwatch:
        mods.append(Modifier(N_("an overwatch shot"), 2, "GB-11.6"))
    threshold = t0 + sum(m.value for m in mods)
    chance = min(Fraction(1), max(Fraction(0), Fraction(21 - threshold, 20)))
    return ShotOdds(
        distance=d,
        c_eff=c_eff,
        k=w.k,
        d0=d0,
        grade_modifiers=tuple(grade_mods),
        grade=grade,
        t0=t0,
        threshold_modifiers=tuple(mods),
        threshold=threshold,
        chance=chance,
        blind=blind,
        overwatch=overwatch,
    )


def known_target(state: State, side: int, name: str) -> Unit:
    """The enemy unit called ``name`` that ``side`` spots now (GB-8.10). Raises
    IllegalAction with one message whether the unit does not exist or is not in sight,
    so that a refusal tells nothing of unseen units."""
    key = name.casefold()
    for u in state.units:
        if u.side != side and u.name.casefold() == key and u.alive and u.hex >= 0 and spotted(state, side, u):
            return u
    for u in state.units:
        if u.side == side and u.name.casefold() == key:
            raise illegal(
                _("{name} is one of your own units: direct fire is aimed at enemy units only.").format(
                    name=u.name
                ),
                "GB-9.1",
            )
    raise illegal(_("No enemy unit called {name} is in sight.").format(name=name[:40]), "GB-8.10")


def check_shot(
    state: State, u: Unit, index: int, target: Unit, shots: int = 1, overwatch: bool = False
) -> ShotOdds:
    """Raise IllegalAction unless ``u`` may fire ``shots`` direct shots now with weapon
    ``index`` at the enemy unit ``target`` (which its side spots), as an ordinary
    Attack or, with ``overwatch``, from its reserved overwatch shots (GB-9.1, GB-10.1,
    GB-11.4). Every refusal in overwatch mode is a :class:`Refused` that keeps its
    reason (the trigger that passes reports it, GB-11.4)."""
    key = weapon_of(u, index)
    if key is None:
        raise refuse(N_("{unit} has no such weapon."), "GB-4.2", unit=u.name)
    w = WEAPONS[key]
    if u.systems[index].failed:
        raise refuse(N_("The {weapon} of {unit} has failed."), "GB-14.5", weapon=key, unit=u.name)
    if not w.direct:
        raise refuse(N_("The {weapon} cannot fire directly."), "GB-9.1", weapon=key)
    if u.passing or u.stuck:
        raise refuse(
            N_("{unit} is passing through a friend's hex and may only step on."), "GB-7.4", unit=u.name
        )
    if overwatch:
        ow = u.overwatch
        if ow is None or ow.system != index or ow.shots < shots:
            raise refuse(N_("{unit} has not that many overwatch shots left."), "GB-11.1", unit=u.name)
    else:
        slot = attack_slot(u, index)
        if slot is not None:
            if slot.mode != MODE_DIRECT:
                raise refuse(
                    N_("The {weapon}'s Attack action this turn is not in direct mode."), "GB-10.5", weapon=key
                )
            if slot.shots < shots:
                raise refuse(
                    N_("The {weapon} has {n} shots left this turn."), "GB-10.1", weapon=key, n=slot.shots
                )
        else:
            if index in u.used:
                raise refuse(N_("The {weapon} has been used this turn."), "GB-6.2", weapon=key)
            if not actions_left(len(u.slots)):
                raise refuse(N_("{unit} has taken its two actions."), "GB-6.1", unit=u.name)
            if shots > w.rof:
                raise illegal(
                    ngettext(
                        "The {weapon} fires at most {n} shot a turn.",
                        "The {weapon} fires at most {n} shots a turn.",
                        w.rof,
                    ).format(weapon=_(w.name), n=w.rof),
                    "GB-10.1",
                )
    if shots < 1:
        raise refuse(N_("Fire at least one shot."), "GB-10.1")
    if target.side == u.side:
        raise refuse(N_("Direct fire is aimed at enemy units only."), "GB-9.1")
    if not (target.alive and target.hex >= 0):
        raise refuse(N_("{target} is no longer on the map."), "GB-15.1", target=target.name)
    t = state.map.tables
    if not in_front_arc(t.hex_of(u.hex), u.facing, t.hex_of(target.hex)):
        raise refuse(
            N_("{target} is not in the front arc of {unit}."), "GB-2.8", target=target.name, unit=u.name
        )
    d = t.distance(u.hex, target.hex)
    c_eff = effective_c(w, u.current_platform)
    if not in_range(d, base_grade(w.k, c_eff, d)):
        raise refuse(
            N_("{target} is out of the {weapon}'s range ({d} hexes)."),
            "GB-9.6",
            target=target.name,
            weapon=key,
            d=d,
        )
    if not fire_open(state, u, u.hex, target, known=u.side):
        raise refuse(
            N_("The line of fire from {unit} to {target} is blocked."),
            "GB-9.2",
            unit=u.name,
            target=target.name,
        )


def fire_shot(
    state: State, dice: Dice, events: list[Event], u: Unit, index: int, target: Unit, overwatch: bool = False
) -> bool:
    """Resolve one legal direct shot (GB-9.13): spend it, roll d20 against the threshold,
    roll damage on a hit; a mech unseen in the line of fire stops the shot without a
    roll (GB-9.2). Both sides are involved and see the shot; the target's side reads it
    without the shooter's name and grades when it does not spot the shooter (GB-5.7).
    Returns whether the shot was fired (False when it was stopped)."""
    key = u.systems[index].key
    odds = shot_odds(state, u, index, target, overwatch)
    if overwatch:
        assert u.overwatch is not None
        u.overwatch.shots -= 1
    else:
        slot = attack_slot(u, index)
        if slot is None:
            slot = Slot(SLOT_ATTACK, index, MODE_DIRECT, WEAPONS[key].rof)
            u.slots.append(slot)
            u.used.append(index)
        slot.shots -= 1
    blocker = blocking_mech(state, u, u.hex, target.hex)
    if blocker >= 0:
        events.append(
            ShotBlocked(
                unit=u.name,
                side=u.side,
                weapon=key,
                target=target.name,
                hex=hex_name(state, blocker),
                to=(u.side,),
            )
        )
        return False
    roll = dice.roll(1, 20).faces[0]
    hit_ = roll >= odds.threshold
    full = ShotResolved(
        shooter=u.name,
        side=u.side,
        weapon=key,
        target=target.name,
        target_side=target.side,
        distance=odds.distance,
        d0=odds.d0,
        grade=odds.grade,
        threshold=odds.threshold,
        roll=roll,
        hit=hit_,
        blind=odds.blind,
        overwatch=overwatch,
    )
    if spotted(state, target.side, u):
        events.append(full)
    else:
        events.append(msgspec.structs.replace(full, to=(u.side,)))
        events.append(
            msgspec.structs.replace(
                full,
                shooter="",
                d0=-1,
                grade=-1,
                threshold=-1,
                blind=False,
                overwatch=False,
                to=(target.side,),
            )
        )
    if hit_:
        hit(state, dice, events, target, key, {u.side, target.side})
    refresh(state, events)
    return True
