"""Energy, damage, destruction, victory and traumas (EVA-5.7 to EVA-5.9, EVA-7,
EVA-11, EVA-13): what every attack and fall ends in."""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.catalog import EQUIPMENT, Weapon
from engine.rulesets.eva.hands import default_keep, drop_shield, fills_both_hands, held_shield
from engine.rulesets.eva.state import OVER, EvaState, Pending, Trauma, Unit

__all__ = [
    "at_level",
    "check_destroyed",
    "check_elimination",
    "deal",
    "destroy",
    "effective_at",
    "finish",
    "inflict",
    "max_energy",
    "reveal",
]


def max_energy(u: Unit) -> int:
    """Maximum energy at the start of an activation (EVA-7.2), in energy."""
    if u.berserk:
        return 15
    equipment = u.equipment
    pseudo = sync = s2 = False
    if equipment:  # (many an Eva has none)
        pseudo = "pseudo" in equipment
        sync = "sync" in equipment
        s2 = "s2" in equipment
    if pseudo:
        band = 12
    elif u.armour >= 20:
        band = 14 if sync else 12
    elif u.armour >= 10:
        band = 10
    else:
        band = 5 if sync else 7
    e = band
    if s2:
        e += 2
    if pseudo:
        e -= 1
    if u.traumas:
        e -= 2 * sum(1 for t in u.traumas if t.zone == "legs")
    if u.replica_hits or u.lance_hits:
        e -= 3 * u.replica_hits + 5 * u.lance_hits
    return e if e > 3 else 3


def at_level(u: Unit) -> int:
    """AT level in effect: 6 while berserk (EVA-16.7 c)."""
    return 6 if u.berserk else u.at


def effective_at(state: EvaState, target_index: int, w: Weapon | None) -> int:
    """Effective AT against one damage instance (EVA-13.2)."""
    t = state.units[target_index]
    if w is not None and w.ignores_at:
        return 0
    if state.activation is not None and target_index in state.activation.neutralised:
        return 0
    level = at_level(t)
    if w is not None and w.at_cap is not None:
        level = min(level, w.at_cap)
    return level


def deal(state: EvaState, ti: int, raw: int, w: Weapon | None, out: list) -> int:
    """Apply ``raw`` damage (R ≥ 1) to unit ``ti`` by EVA-13.3; returns armour lost.
    Destruction is checked by the caller (EVA-5.8)."""
    t = state.units[ti]
    absorbed = 0
    if held_shield(t) and t.shield_points > 0:
        absorbed = min(raw, t.shield_points)
        t.shield_points -= absorbed
        raw -= absorbed
        if t.shield_points == 0:
            drop_shield(t)
            out.append(ev.ShieldDestroyed(unit=t.name, unit_side=t.side))
    lost = 0
    if raw > 0:
        lost = max(1, raw - effective_at(state, ti, w))
        t.armour -= lost
    out.append(
        ev.DamageTaken(
            to=(t.side,),
            unit=t.name,
            unit_side=t.side,
            raw=raw + absorbed,
            absorbed=absorbed,
            lost=lost,
            armour=max(t.armour, 0),
            shield=t.shield_points,
        )
    )
    return lost


def destroy(state: EvaState, ti: int, out: list) -> None:
    """Remove a unit from the board and score it for its enemy (EVA-5.7, EVA-5.10)."""
    t = state.units[ti]
    if t.destroyed:
        return
    t.destroyed = True
    state.scores[1 - t.side] += t.cost
    out.append(ev.Destroyed(unit=t.name, unit_side=t.side, side=t.side))


def check_destroyed(state: EvaState, indices: list[int], out: list) -> None:
    """Destroy every listed unit at 0 armour or below, then check victory (EVA-5.8, EVA-5.9)."""
    any_gone = False
    for i in indices:
        if not state.units[i].destroyed and state.units[i].armour <= 0:
            destroy(state, i, out)
            any_gone = True
    if any_gone:
        check_elimination(state, out)


def check_elimination(state: EvaState, out: list) -> None:
    """EVA-5.9: one army left wins, none left is a draw."""
    alive = [any(u.on_board for u in state.units if u.side == s) for s in (0, 1)]
    if alive[0] and alive[1]:
        return
    winner = 0 if alive[0] else (1 if alive[1] else None)
    finish(
        state, winner, N_("elimination") if winner is not None else N_("mutual destruction"), "EVA-5.9", out
    )


def finish(state: EvaState, winner: int | None, reason: str, rule: str, out: list) -> None:
    """End the game."""
    state.phase = OVER
    state.over = True
    state.winner = winner
    state.reason = reason
    state.rule = rule
    state.activation = None
    state.pending = None
    out.append(ev.GameEnded(winner=winner, reason=reason, scores=list(state.scores)))


def reveal(u: Unit, code: str, out: list) -> None:
    """Make an equipment item public the first time it shows (EVA-18.4)."""
    if code not in u.revealed:
        u.revealed.append(code)
        out.append(ev.Revealed(unit=u.name, unit_side=u.side, item=EQUIPMENT[code].name))


def inflict(state: EvaState, ti: int, zone: str, dice: Dice, out: list, check: bool = True) -> None:
    """Inflict a trauma and its immediate effects (EVA-11.3 to EVA-11.8). ``check``: check
    destruction after a fall here (False in melee, where the exchange checks it, EVA-12.8)."""
    t = state.units[ti]
    s2 = t.has("s2")
    expires = t.activations + 1 if s2 else None
    existing = next((k for k, x in enumerate(t.traumas) if x.zone == zone), None)
    if zone == "legs" or existing is None:
        t.traumas.append(Trauma(zone, expires))
    elif s2:
        t.traumas[existing] = Trauma(zone, expires)
    out.append(
        ev.TraumaInflicted(
            to=None if zone == "wings" else (t.side,),
            unit=t.name,
            unit_side=t.side,
            zone=zone,
            lasting=None if zone == "wings" else not s2,  # EVA-18.4: S2 never announced
        )
    )
    if zone == "wings" and t.airborne:  # EVA-11.6
        t.airborne = False
        t.kneeling = False
        die = dice.d6()
        out.append(ev.Fell(unit=t.name, unit_side=t.side, die=die))
        deal(state, ti, die, None, out)
        if check:
            check_destroyed(state, [ti], out)
    if zone == "arms":
        one = [i for i in t.hands if not fills_both_hands(t, i)]
        if len(one) == 2 and not t.destroyed:
            keep = default_keep(t, one)
            state.pending = Pending(
                kind="stow",
                side=t.side,
                unit=ti,
                choices=[t.items[i].label for i in one],
                default=t.items[keep].label,
            )
            out.append(ev.Waiting(kind="stow", side=t.side, unit=t.name, unit_side=t.side))
