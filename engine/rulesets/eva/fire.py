"""Ranged attacks and AT-field neutralisation (EVA-10, EVA-11.1 to EVA-11.2, EVA-14,
EVA-15): the check returns a plan (TN, modifiers, damage, energy) that the
resolution consumes and the options show."""

from __future__ import annotations

from fractions import Fraction

from engine.dice import Dice
from engine.i18n import N_, _

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import Fire, Neutralise, sq
from engine.rulesets.eva.board import OUT, band_of, d2, engaged_with, geo, is_engaged
from engine.rulesets.eva.catalog import WEAPONS, Weapon
from engine.rulesets.eva.common import (
    active,
    enemy_target,
    need_energy,
    note_class,
    obligation_free,
    phase_ok,
    refuse,
)
from engine.rulesets.eva.damage import (
    at_level,
    check_destroyed,
    check_elimination,
    deal,
    destroy,
    inflict,
    reveal,
)
from engine.rulesets.eva.hands import lose_item
from engine.rulesets.eva.sight import in_cover, positron_pierce, sees
from engine.rulesets.eva.state import SHOOTING, EvaState, Unit

__all__ = [
    "BAND_BASE",
    "BURST_SHOTS",
    "AttackPlan",
    "NeutralisePlan",
    "hit_odds",
    "hits",
    "p_hit_die",
    "plan_fire",
    "plan_neutralise",
    "resolve_fire",
    "resolve_neutralise",
    "tn_and_mods",
]


#: The base TN of each range band (EVA-10.5): close, medium, long.
BAND_BASE = (3, 4, 5)
#: Shots of a burst (EVA-10.10).
BURST_SHOTS = 3


class AttackPlan:
    """A checked ranged attack (:func:`plan_fire`): the weapon ``w``, range ``band``,
    whether the target is ``seen`` and in ``cover``, the ``tn`` with its itemised
    ``mods`` (message ID, TN change), raw ``damage`` per hit and the ``cost`` in energy."""

    __slots__ = ("band", "cost", "cover", "damage", "mods", "seen", "tn", "w")

    def __init__(self) -> None:
        self.mods: list[tuple[str, int]] = []


def tn_and_mods(
    state: EvaState, u: Unit, t: Unit, w: Weapon | None, burst: bool, seen: bool, cover: bool, band: int
) -> tuple[int, list[tuple[str, int]]]:
    """Target number and itemised modifiers (EVA-10.5; EVA-14.2 when ``w`` is None)."""
    mods: list[tuple[str, int]] = []
    if cover:
        mods.append((N_("target in cover"), 1))
    if u.airborne:
        mods.append((N_("attacker airborne"), 1))
    if t.airborne:
        mods.append((N_("target airborne"), 1))
    if w is not None:
        if burst:
            mods.append((N_("burst"), 1))
        if w.hands == 2 and u.trauma("arms"):
            mods.append((N_("two-handed weapon with an arms trauma"), 1))
        if w.positron and not seen:
            mods.append((N_("target not seen"), 1))
        if w.tn:
            mods.append(
                (N_("Sniper Pallet Rifle") if w.code == "sniper" else N_("Lance of Longinus throw"), w.tn)
            )
    if u.has("sync"):
        mods.append((N_("High Synchronisation"), -1))
    return BAND_BASE[band] + sum(m for _l, m in mods), mods


def plan_fire(state: EvaState, side: int, a: Fire) -> AttackPlan:
    """Check a ranged attack (EVA-10.2 and the weapon's rules); raises IllegalAction."""
    u, act = active(state, side, a.unit)
    obligation_free(u, act)
    if u.berserk:
        raise refuse(N_("{unit} is berserk and makes no ranged attacks."), "EVA-16.7", unit=u.name)
    if not 0 <= a.item < len(u.items) or u.items[a.item].gone:
        raise refuse(N_("{unit} does not carry that weapon any more."), "EVA-9.5", unit=u.name)
    item = u.items[a.item]
    w = WEAPONS.get(item.code)
    if w is None or w.damage is None:
        raise refuse(N_("The {item} is not a ranged weapon."), "EVA-15.1", item=item.label)
    if a.item not in u.hands:
        raise refuse(N_("{unit} is not holding its {item}."), "EVA-10.2", unit=u.name, item=item.label)
    if a.item not in act.hands_at_start:
        raise refuse(
            N_("The {item} was not in hand at the start of the activation, so it cannot fire."),
            "EVA-9.6",
            item=item.label,
        )
    if a.item in act.fired:
        raise refuse(N_("The {item} has already fired this activation."), "EVA-10.1", item=item.label)
    if a.burst and (not item.auto or w.auto_points is None):
        raise refuse(N_("Only a rifle bought with automatic fire can fire a burst."), "EVA-10.10")
    if a.burst and a.aimed:
        raise refuse(N_("A burst cannot be aimed."), "EVA-11.1")
    t = enemy_target(state, side, a.target)
    if a.aimed:
        if a.aimed not in ("arms", "legs", "body", "wings"):
            raise refuse(N_("Aim at arms, legs, body or wings."), "EVA-11.1")
        if a.aimed == "wings" and not t.airborne:
            raise refuse(N_("Wings may be named only when the target is airborne."), "EVA-11.1")
    if w.positron and state.round - u.positron_round < 2:
        raise refuse(
            N_("The Positron Cannon fired last round; it may fire again in round {n}."),
            "EVA-15.18",
            n=u.positron_round + 2,
        )
    dist = d2(u.square, t.square)
    band = band_of(dist)
    if band == OUT:
        raise refuse(N_("{target} is out of range (more than 20 squares)."), "EVA-3.3", target=t.name)
    seen = sees(state, u, t)
    p = AttackPlan()
    p.w = w
    p.band = band
    p.seen = seen
    dmg = w.damage[band]
    if w.positron:
        info, _e1, _e2 = geo(state).line(u.square, t.square)
        if info.blue:
            raise refuse(N_("Blue on the line stops the Positron Cannon."), "EVA-4.10")
        dmg -= 2 * positron_pierce(state, u, t)
        if dmg <= 0:
            raise refuse(N_("The beam would lose all its damage in the obstacles."), "EVA-15.17")
    else:
        if dmg == 0:
            raise refuse(
                N_("The {item} cannot attack at {band} range."),
                "EVA-10.3",
                item=item.label,
                band=_(("close", "medium", "long")[band]),
            )
        if not seen:
            raise refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    if is_engaged(state, t):
        raise refuse(N_("{target} is engaged in melee and may not be shot."), "EVA-10.2", target=t.name)
    phase_ok(state, u, act, SHOOTING)
    cost = 5 if a.burst else w.energy
    if a.aimed:
        cost *= 2
    need_energy(u, cost, N_("this attack"))
    p.cost = cost
    p.damage = dmg
    p.cover = seen and in_cover(state, u, t)
    p.tn, p.mods = tn_and_mods(state, u, t, w, a.burst, seen, p.cover, band)
    return p


def hits(die: int, tn: int) -> bool:
    """EVA-10.6: natural 1 misses, natural 6 hits, else die ≥ TN."""
    return die != 1 and (die == 6 or die >= tn)


def p_hit_die(tn: int) -> Fraction:
    """Chance one die hits a TN (EVA-10.6, :func:`hits` counted over the faces)."""
    return Fraction(sum(1 for d in range(1, 7) if hits(d, tn)), 6)


def hit_odds(u: Unit, w: Weapon | None, tn: int, no_roll: bool = False) -> tuple[Fraction, Fraction]:
    """Exact (chance to hit, chance of a confirmed critical) of one shot (EVA-10.6
    to EVA-10.8), targeting systems and Combat Anatomy included."""
    if no_roll:
        return Fraction(1), Fraction(0)
    p = p_hit_die(tn)
    # a critical candidate: a hit whose die reaches the weapon's critical number (EVA-10.8)
    c = (
        Fraction(sum(1 for d in range(1, 7) if hits(d, tn) and d >= w.crit), 6)
        if w is not None
        else Fraction(0)
    )
    if u.has("itargeting"):
        hit = 1 - (1 - p) ** 2
        cand = 1 - (1 - c) ** 2
    elif u.has("targeting"):
        hit = p + (1 - p) * p
        cand = c + (1 - p) * c
    else:
        hit, cand = p, c
    confirm = Fraction(1) if (u.has("anatomy") and w is not None and not w.spear) else p
    return hit, cand * confirm


def roll_to_hit(u: Unit, tn: int, dice: Dice, out_dice: list[int], out: list) -> int:
    """Roll the to-hit die with targeting systems (EVA-10.7); returns the die that counts."""
    d = dice.d6()
    out_dice.append(d)
    if u.has("itargeting"):
        d2_ = dice.d6()
        out_dice.append(d2_)
        reveal(u, "itargeting", out)
        return max(d, d2_)
    if u.has("targeting") and not hits(d, tn):
        d = dice.d6()
        out_dice.append(d)
        reveal(u, "targeting", out)
    return d


def resolve_fire(state: EvaState, side: int, a: Fire, p: AttackPlan, dice: Dice) -> list:
    """Fire as planned (:func:`plan_fire`): energy, the declaration and the odds, then
    each shot (EVA-10.6 to EVA-10.10); a thrown weapon is gone (EVA-9.5)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    t = state.units[a.target]
    w = p.w
    out: list = []
    u.energy -= p.cost
    note_class(act, SHOOTING)
    act.fired.append(a.item)
    item = u.items[a.item]
    out.append(
        ev.AttackDeclared(
            unit=u.name,
            unit_side=u.side,
            weapon=item.code,
            target=t.name,
            target_side=t.side,
            square=sq(t.square),
            band=p.band,
            burst=a.burst,
            aimed=a.aimed,
        )
    )
    mod_text = [_(label) + (f" {m:+d}") for label, m in p.mods]
    if p.cover and not any(label == N_("target in cover") for label, _m in p.mods):
        mod_text.append(_("target in cover"))
    out.append(
        ev.AttackOdds(
            to=(u.side,),
            unit=u.name,
            unit_side=u.side,
            tn=p.tn,
            modifiers=[_(("close", "medium", "long")[p.band]), *mod_text],
        )
    )
    if w.positron:
        u.positron_round = state.round
    shots = BURST_SHOTS if a.burst else 1
    for n in range(1, shots + 1):
        if t.destroyed or state.over:
            break
        resolve_shot(state, u, a.unit, a.target, w, p, a.aimed, n if a.burst else 0, dice, out)
    if w.thrown:
        lose_item(u, a.item)
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=p.cost))
    return out


def resolve_shot(
    state: EvaState,
    u: Unit,
    ui: int,
    ti: int,
    w: Weapon,
    p: AttackPlan,
    aimed: str,
    shot_no: int,
    dice: Dice,
    out: list,
) -> None:
    t = state.units[ti]
    faces: list[int] = []
    if w.no_roll:  # N2 Bomb: always hits, no critical (EVA-15.8)
        hit, die = True, 0
    else:
        die = roll_to_hit(u, p.tn, dice, faces, out)
        hit = hits(die, p.tn)
    candidate = hit and not w.no_roll and die >= w.crit
    confirm = 0
    auto = False
    critical = False
    if candidate:
        if u.has("anatomy") and not w.spear:  # EVA-16.13
            auto = critical = True
            reveal(u, "anatomy", out)
        else:
            confirm = dice.d6()
            critical = hits(confirm, p.tn)
    if not hit:
        out.append(
            ev.ShotRolled(
                unit=u.name,
                unit_side=u.side,
                target=t.name,
                target_side=t.side,
                dice=faces,
                hit=False,
                shot=shot_no,
            )
        )
        return
    if critical and w.spear:  # EVA-15.14 instant destruction
        out.append(
            ev.ShotRolled(
                unit=u.name,
                unit_side=u.side,
                target=t.name,
                target_side=t.side,
                dice=faces,
                hit=True,
                candidate=True,
                confirm=confirm,
                critical=True,
                instant=True,
                shot=shot_no,
            )
        )
        destroy(state, ti, out)
        check_elimination(state, out)
        return
    raw = p.damage * (2 if critical else 1)
    out.append(
        ev.ShotRolled(
            unit=u.name,
            unit_side=u.side,
            target=t.name,
            target_side=t.side,
            dice=faces,
            hit=True,
            candidate=candidate,
            confirm=confirm,
            auto_confirm=auto,
            critical=critical,
            raw=raw,
            shot=shot_no,
            no_roll=w.no_roll,
        )
    )
    lost = deal(state, ti, raw, w, out)
    if w.spear:  # EVA-15.13: pinned and energy, even if the Shield took it all
        t.pinned = True
        out.append(ev.Pinned(unit=t.name, unit_side=t.side))
        if w.lance:
            t.lance_hits += 1
        else:
            t.replica_hits += 1
        out.append(ev.EnergyPenalty(to=(t.side,), unit=t.name, unit_side=t.side, amount=5 if w.lance else 3))
    if t.armour <= 0:
        check_destroyed(state, [ti], out)
        return
    if aimed and lost >= 7:  # EVA-11.2
        inflict(state, ti, aimed, dice, out)


class NeutralisePlan:
    """A checked AT-neutralisation attempt (:func:`plan_neutralise`): ``automatic`` when
    engaged with the target (EVA-14.3), else the attack roll's ``tn`` and ``mods``."""

    __slots__ = ("automatic", "mods", "tn")

    def __init__(self, automatic: bool, tn: int = 0, mods: list[tuple[str, int]] | None = None) -> None:
        self.automatic = automatic
        self.tn = tn
        self.mods = mods or []


def plan_neutralise(state: EvaState, side: int, a: Neutralise) -> NeutralisePlan:
    """Check an AT-neutralisation attempt (EVA-14.1 to EVA-14.3, EVA-16.7); returns its
    plan. Raises IllegalAction."""
    u, act = active(state, side, a.unit)
    t = enemy_target(state, side, a.target)
    if a.target in act.neutralise_tried:
        raise refuse(
            N_("{unit} has already tried to neutralise {target} this activation."),
            "EVA-14.1",
            unit=u.name,
            target=t.name,
        )
    if t.berserk:
        raise refuse(N_("A berserk Eva's field cannot be neutralised."), "EVA-16.7")
    engaged = a.target in engaged_with(state, u)
    if act.obligation and not engaged:
        raise refuse(
            N_("{unit} must first fight an enemy it is engaged with, or leave."), "EVA-12.10", unit=u.name
        )
    if not engaged:
        band = band_of(d2(u.square, t.square))
        if band == OUT:
            raise refuse(N_("{target} is out of range (more than 20 squares)."), "EVA-3.3", target=t.name)
        if not sees(state, u, t):
            raise refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    need_energy(u, 1, N_("neutralisation"))
    if engaged:
        return NeutralisePlan(True)
    tn, mods = tn_and_mods(state, u, t, None, False, True, in_cover(state, u, t), band)
    return NeutralisePlan(False, tn, mods)


def resolve_neutralise(state: EvaState, side: int, a: Neutralise, p: NeutralisePlan, dice: Dice) -> list:
    """Try to neutralise the target's AT field as planned: 1 energy, the attack roll
    unless automatic, then the opposed roll (EVA-14.4, EVA-14.5)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    t = state.units[a.target]
    out: list = []
    u.energy -= 1
    act.neutralise_tried.append(a.target)
    faces: list[int] = []
    if p.automatic:
        hit = True
    else:
        out.append(
            ev.AttackOdds(
                to=(u.side,),
                unit=u.name,
                unit_side=u.side,
                tn=p.tn,
                modifiers=[_(m) + f" {d:+d}" for m, d in p.mods],
            )
        )
        die = roll_to_hit(u, p.tn, dice, faces, out)
        hit = hits(die, p.tn)
    own = theirs = 0
    success = False
    if hit:
        own = dice.d6()
        theirs = dice.d6()
        success = own + at_level(u) > theirs + at_level(t)
        if success:
            act.neutralised.append(a.target)
    out.append(
        ev.Neutralise(
            unit=u.name,
            unit_side=u.side,
            target=t.name,
            target_side=t.side,
            dice=faces,
            automatic=p.automatic,
            hit=hit,
            own=own,
            theirs=theirs,
            success=success,
        )
    )
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1))
    return out
