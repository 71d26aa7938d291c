"""Melee (EVA-12), disengaging (EVA-12.11) and the D-Module (EVA-16.3)."""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import Detonate, Disengage, Melee, NameZone, sq
from engine.rulesets.eva.board import d2, is_engaged
from engine.rulesets.eva.catalog import WEAPONS, Weapon
from engine.rulesets.eva.common import active, enemy_target, need_energy, refuse
from engine.rulesets.eva.damage import check_destroyed, check_elimination, deal, destroy, inflict, reveal
from engine.rulesets.eva.hands import held_shield, reach
from engine.rulesets.eva.sight import sees
from engine.rulesets.eva.state import EvaState, MeleeContinuation, Pending, Unit

__all__ = [
    "DETONATION_ENERGY",
    "MELEE_ENERGY",
    "auto_loss",
    "melee_bonus",
    "melee_damage",
    "melee_weapon",
    "plan_detonate",
    "plan_disengage",
    "plan_melee",
    "plan_name_zone",
    "resolve_detonate",
    "resolve_disengage",
    "resolve_melee",
    "resolve_name_zone",
]

#: The energy of a melee attack (EVA-12.3).
MELEE_ENERGY = 3
#: The energy of a D-Module detonation (EVA-16.3).
DETONATION_ENERGY = 3


def melee_weapon(u: Unit) -> Weapon | None:
    """The melee weapon used (EVA-12.4 a): highest bonus, ties by AT effect."""
    best: Weapon | None = None
    for i in u.hands:
        w = WEAPONS.get(u.items[i].code)
        if w is None or w.melee is None:
            continue
        if best is None or (w.melee, -_at_rank(w)) > (best.melee or 0, -_at_rank(best)):
            best = w
    return best


def _at_rank(w: Weapon) -> int:
    if w.ignores_at:
        return 0
    return {3: 1, 4: 2}.get(w.at_cap or 0, 3)


def auto_loss(u: Unit, dist2: int) -> bool:
    """Does an attack by ``u`` from D² = ``dist2`` (squares²) lose automatically (EVA-12.5):
    Extended Arms reaching beyond an adjacent square?"""
    return u.has("arms") and dist2 >= 2


def melee_bonus(u: Unit, attacker: bool, dist2: int) -> int:
    """Melee bonus (EVA-12.4)."""
    w = melee_weapon(u)
    b = (w.melee or 0) if w is not None else 0
    if attacker and u.has("arms") and dist2 == 1:
        b += 1
    if u.has("jaws"):
        b += 3
    if u.berserk:
        b += 3
    return b


def plan_melee(state: EvaState, side: int, a: Melee) -> tuple[Unit, Unit]:
    """Check a melee attack (EVA-12.1, EVA-12.3, EVA-3.6, EVA-4.9, EVA-12.10, EVA-16.14):
    returns (attacker, defender). Raises IllegalAction."""
    u, act = active(state, side, a.unit)
    t = enemy_target(state, side, a.target)
    if act.melee_done:
        raise refuse(N_("{unit} has already made its melee attack this activation."), "EVA-12.3", unit=u.name)
    if held_shield(u):
        raise refuse(N_("An Eva holding the Shield cannot fight in melee."), "EVA-16.14")
    if u.airborne != t.airborne:
        raise refuse(N_("Melee happens only between Evas on the same layer."), "EVA-12.1")
    dist = d2(u.square, t.square)
    r = reach(u)
    if dist > r * r:
        raise refuse(
            N_("{target} is beyond {unit}'s reach of {reach}."),
            "EVA-3.6",
            target=t.name,
            unit=u.name,
            reach=r,
        )
    if dist > 1 and not sees(state, u, t):
        raise refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    if act.obligation and dist != 1:
        raise refuse(
            N_("{unit} must first fight an enemy it is engaged with, or leave."), "EVA-12.10", unit=u.name
        )
    need_energy(u, MELEE_ENERGY, N_("a melee attack"))
    return u, t


def _melee_roll(u: Unit, dice: Dice, out: list) -> tuple[list[list[int]], int]:
    first = list(dice.nd6(2))
    if u.has("pseudo"):  # EVA-16.2: twice, keep the higher
        second = list(dice.nd6(2))
        reveal(u, "pseudo", out)
        return [first, second], max(sum(first), sum(second))
    return [first], sum(first)


def resolve_melee(state: EvaState, side: int, a: Melee, plan: tuple[Unit, Unit], dice: Dice) -> list:
    """The melee exchange (EVA-12.4 to EVA-12.8), or the automatic loss of an Extended
    Arms attack from afar (EVA-12.5); a critical win waits for its trauma zone (EVA-11.9)."""
    u, t = plan
    act = state.activation
    assert act is not None
    out: list = []
    u.energy -= MELEE_ENERGY
    act.melee_done = True
    act.obligation = False
    dist = d2(u.square, t.square)
    out.append(
        ev.MeleeAttack(unit=u.name, unit_side=u.side, target=t.name, target_side=t.side, square=sq(t.square))
    )
    aw = melee_weapon(u)
    if auto_loss(u, dist):
        reveal(u, "arms", out)
        out.append(ev.AutoLoss(attacker=u.name, attacker_side=u.side, defender=t.name, defender_side=t.side))
        faces = dice.nd6(2)
        out.append(ev.DamageDice(unit=t.name, unit_side=t.side, dice=list(faces), raw=sum(faces)))
        deal(state, a.target, sum(faces), aw, out)
        check_destroyed(state, [a.target], out)
    else:
        a_sets, a_sum = _melee_roll(u, dice, out)
        d_sets, d_sum = _melee_roll(t, dice, out)
        at = a_sum + melee_bonus(u, True, dist)
        dt = d_sum + melee_bonus(t, False, dist)
        if at == dt:
            out.append(
                ev.MeleeRolled(
                    attacker=u.name,
                    attacker_side=u.side,
                    defender=t.name,
                    defender_side=t.side,
                    a_dice=a_sets,
                    d_dice=d_sets,
                    a_total=at,
                    d_total=dt,
                )
            )
            cont = MeleeContinuation(a.unit, a.target, -1, -1, _wcode(aw), _wcode(melee_weapon(t)))
            melee_damage(state, cont, None, dice, out)
        else:
            winner, loser = (a.unit, a.target) if at > dt else (a.target, a.unit)
            wt, lt = (at, dt) if at > dt else (dt, at)
            crit = wt > 2 * lt
            if crit and winner == a.target and held_shield(t):
                crit = False  # a Shield holder's critical win has no effect (EVA-12.7)
            out.append(
                ev.MeleeRolled(
                    attacker=u.name,
                    attacker_side=u.side,
                    defender=t.name,
                    defender_side=t.side,
                    a_dice=a_sets,
                    d_dice=d_sets,
                    a_total=at,
                    d_total=dt,
                    winner=state.units[winner].name,
                    winner_side=state.units[winner].side,
                    critical=crit,
                )
            )
            cont = MeleeContinuation(a.unit, a.target, winner, loser, _wcode(aw), _wcode(melee_weapon(t)))
            if crit:
                lu = state.units[loser]
                choices = ["arms", "legs", "body"] + (["wings"] if lu.airborne else [])
                state.pending = Pending(
                    kind="zone",
                    side=state.units[winner].side,
                    unit=loser,
                    choices=choices,
                    default="legs",
                    melee=cont,
                )
                out.append(
                    ev.Waiting(kind="zone", side=state.units[winner].side, unit=lu.name, unit_side=lu.side)
                )
            else:
                melee_damage(state, cont, None, dice, out)
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=3))
    return out


def _wcode(w: Weapon | None) -> str:
    return w.code if w is not None else ""


def melee_damage(state: EvaState, c: MeleeContinuation, zone: str | None, dice: Dice, out: list) -> None:
    """Damage of an exchange (EVA-12.7, EVA-12.8): the defender's dice first, then
    the attacker's, both applied, then the trauma, then destruction."""
    att = state.units[c.attacker]
    dfn = state.units[c.defender]
    shield_def = held_shield(dfn)
    aw = WEAPONS.get(c.a_weapon) if c.a_weapon else None
    dw = WEAPONS.get(c.d_weapon) if c.d_weapon else None
    # how many dice each suffers
    if c.winner < 0:
        n_def, n_att = 1, (0 if shield_def else 1)
    else:
        crit = zone is not None
        n_loser = 3 if crit else 2
        if c.winner == c.attacker:
            n_def, n_att = n_loser, (0 if shield_def else 1)
        else:
            n_def, n_att = 1, (0 if shield_def else n_loser)
    dmg_def = dice.nd6(n_def) if n_def else ()
    dmg_att = dice.nd6(n_att) if n_att else ()
    if dmg_def:
        out.append(ev.DamageDice(unit=dfn.name, unit_side=dfn.side, dice=list(dmg_def), raw=sum(dmg_def)))
        deal(state, c.defender, sum(dmg_def), aw, out)
    if dmg_att:
        out.append(ev.DamageDice(unit=att.name, unit_side=att.side, dice=list(dmg_att), raw=sum(dmg_att)))
        deal(state, c.attacker, sum(dmg_att), dw, out)
    if zone is not None and state.units[c.loser].armour > 0:
        inflict(state, c.loser, zone, dice, out, check=False)
    check_destroyed(state, [c.defender, c.attacker], out)


def plan_disengage(state: EvaState, side: int, a: Disengage) -> None:
    """Check an attempt to disengage: engaged, once an activation (EVA-12.11)."""
    u, act = active(state, side, a.unit)
    if not is_engaged(state, u):
        raise refuse(N_("{unit} is not engaged in melee."), "EVA-12.11", unit=u.name)
    if act.disengage_tried:
        raise refuse(N_("{unit} has already tried to disengage this activation."), "EVA-12.11", unit=u.name)


def resolve_detonate(state: EvaState, side: int, a: Detonate, plan: None, dice: Dice) -> list:
    """EVA-16.3: one 2d6; every other Eva with D² ≤ 4 suffers armour + 2d6."""
    ui = a.unit
    out: list = []
    u = state.units[ui]
    u.energy -= DETONATION_ENERGY
    reveal(u, "dmodule", out)
    faces = dice.nd6(2)
    out.append(ev.Detonated(unit=u.name, unit_side=u.side, dice=list(faces)))
    raw = max(u.armour, 0) + sum(faces)
    hit = []
    for j, o in enumerate(state.units):
        if j != ui and o.on_board and d2(o.square, u.square) <= 4:
            out.append(ev.DamageDice(unit=o.name, unit_side=o.side, dice=list(faces), raw=raw))
            deal(state, j, raw, None, out)
            hit.append(j)
    u.armour = 0
    if state.activation is not None:
        state.activation.obligation = False
    destroy(state, ui, out)
    check_destroyed(state, hit, out)
    if not state.over:  # the blast may already have ended the game (EVA-5.8, EVA-5.9)
        check_elimination(state, out)
    return out


def plan_detonate(state: EvaState, side: int, a: Detonate) -> None:
    """Check a D-Module detonation (EVA-16.3): 3 energy."""
    u, _act = active(state, side, a.unit)
    if not u.has("dmodule"):
        raise refuse(N_("{unit} has no D-Module."), "EVA-16.3", unit=u.name)
    need_energy(u, DETONATION_ENERGY, N_("detonation"))


def resolve_disengage(state: EvaState, side: int, a: Disengage, plan: None, dice: Dice) -> list:
    """Try to disengage: 4+ succeeds; a d6 of damage either way (EVA-12.11)."""
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    out: list = []
    act.disengage_tried = True
    act.obligation = False
    die = dice.d6()
    ok = die >= 4
    out.append(ev.Disengage(unit=u.name, unit_side=u.side, die=die, success=ok))
    dmg = dice.d6()
    out.append(ev.DamageDice(unit=u.name, unit_side=u.side, dice=[dmg], raw=dmg))
    deal(state, a.unit, dmg, None, out)
    if ok:
        act.disengaged = True
    else:
        act.no_steps = True
    check_destroyed(state, [a.unit], out)
    return out


def plan_name_zone(state: EvaState, side: int, a: NameZone) -> None:
    """Check the naming of a trauma zone after a critical melee win (EVA-11.9)."""
    pend = state.pending
    if pend is None or pend.kind != "zone":
        raise refuse(N_("No trauma zone is being named now."), "EVA-11.9")
    if a.zone not in pend.choices:
        raise refuse(N_("Wings may be named only when the loser is airborne."), "EVA-11.9")


def resolve_name_zone(state: EvaState, side: int, a: NameZone, plan: None, dice: Dice) -> list:
    """The exchange waiting for its trauma zone goes on: damage, then the trauma (EVA-12.7)."""
    pend = state.pending
    assert pend is not None and pend.melee is not None
    out: list = []
    state.pending = None
    loser = state.units[pend.unit]
    winner = state.units[pend.melee.winner]
    out.append(
        ev.ZoneNamed(
            unit=winner.name,
            unit_side=winner.side,
            target=loser.name,
            target_side=loser.side,
            zone=a.zone,
        )
    )
    melee_damage(state, pend.melee, a.zone, dice, out)
    return out
