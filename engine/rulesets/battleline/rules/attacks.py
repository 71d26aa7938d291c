"""Steps R3 to R7 of a turn (BL-4.4): melee contact, cannon and MG fire, missiles,
lasers, recoil. They find every victim from the cells and shelter set in R1 and R2,
before any damage (BL-4.5), and return damage packets in packet order (BL-4.7).
No die is rolled here (BL-4.6).

Each step takes the turn's plans (seat -> :class:`validate.Plan`, the orders of the
mechs still in the battle, already valid), the set of sheltered seats, and the
report's event list, which it extends (BL-19.4).
"""

from __future__ import annotations

from engine.geometry.line import paths_meet
from engine.rulesets.battleline.events import LaserFired, MeleeMade, ShotFired
from engine.rulesets.battleline.rules.validate import Plan
from engine.rulesets.battleline.state import State, Volley, facts_of, line_of

__all__ = ["Packet", "cannons_and_mgs", "lasers", "melee", "missiles", "recoil"]


class Packet:
    """A damage packet (BL-16.1): ``victim`` seat, ``amount``, ``source`` (``"melee"``,
    ``"cannon"``, ``"mg"``, ``"missile"``, ``"laser"``), ``attacker`` seat and weapon
    ``item`` (for the report), and for melee the target ``part`` code."""

    __slots__ = ("amount", "attacker", "item", "part", "source", "victim")

    def __init__(
        self, source: str, attacker: int, item: int, victim: int, amount: int, part: str = ""
    ) -> None:
        self.source = source
        self.attacker = attacker
        self.item = item
        self.victim = victim
        self.amount = amount
        self.part = part

    @property
    def melee(self) -> bool:
        """A melee packet (no location roll, BL-16.3); every other packet is ranged."""
        return self.source == "melee"

    def __repr__(self) -> str:
        return f"Packet({self.source}, {self.attacker}->{self.victim}, {self.amount}{' ' + self.part if self.part else ''})"


def _name(state: State, seat: int) -> str:
    return state.setup.mechs[seat].name


def melee(state: State, plans: dict[int, Plan], events: list) -> list[Packet]:
    """R3: each melee attack makes contact when the attacker's and the target's paths
    share a cell (BL-9.2); a contact is one melee packet of the weapon's damage to the
    target part (BL-9.5), however many attacks meet (BL-9.6). A target that left the
    battle this turn (a concession) is not there to hit."""
    out: list[Packet] = []
    for seat in sorted(plans):
        plan = plans[seat]
        m = plan.order.melee
        if m is None:
            continue
        item = facts_of(state, seat).items[m.item]
        target = plans.get(m.target)
        contact = target is not None and paths_meet(plan.path, target.path)
        events.append(
            MeleeMade(
                seat=seat,
                name=_name(state, seat),
                weapon=item.code,
                target=m.target,
                target_name=_name(state, m.target),
                contact=contact,
                part=m.part,
            )
        )
        if contact:
            out.append(Packet("melee", seat, m.item, m.target, item.item.damage, m.part))
    return out


def _eligible(state: State, plans: dict[int, Plan], seat: int, sheltered: set[int]) -> dict[int, int]:
    """Eligible victims of ``seat``'s cannons and MGs (BL-10.4): opponents still in the
    battle, attackable by it this turn, not sheltered; seat -> end cell."""
    attackable = plans[seat].attackable
    return {
        v: state.mechs[v].position
        for v in sorted(plans)
        if v != seat and v in attackable and v not in sheltered
    }


def cannons_and_mgs(state: State, plans: dict[int, Plan], sheltered: set[int], events: list) -> list[Packet]:
    """R4: cannon and MG attacks, by attacker seat and mount order (BL-4.7). A cannon hits
    only the eligible victim on a marked cell nearest to its end cell, the lower seat on
    a tie (BL-12.3); an MG hits every eligible victim on each marked cell, one 1-damage
    packet per point (BL-13.3, BL-13.4), cells ascending, victims by seat."""
    out: list[Packet] = []
    for seat in sorted(plans):
        plan = plans[seat]
        if not plan.order.fire:
            continue
        facts = facts_of(state, seat)
        here = state.mechs[seat].position
        victims = _eligible(state, plans, seat, sheltered)
        for f in sorted(plan.order.fire, key=lambda f: f.item):
            item = facts.items[f.item]
            kind = item.item.kind
            if kind == "missiles":
                continue
            hit: list[int] = []
            if kind == "cannon":
                marked = {c for c, _ in f.cells}
                on = [v for v, cell in victims.items() if cell in marked]
                if on:
                    v = min(on, key=lambda v: (abs(victims[v] - here), v))
                    hit.append(v)
                    out.append(Packet("cannon", seat, f.item, v, item.item.damage))
            else:
                for cell, salvos in sorted(f.cells):
                    for v, at in victims.items():
                        if at == cell:
                            if v not in hit:
                                hit.append(v)
                            for _ in range(salvos * item.item.damage):
                                out.append(Packet("mg", seat, f.item, v, 1))
            events.append(
                ShotFired(
                    seat=seat,
                    name=_name(state, seat),
                    weapon=item.code,
                    cells=tuple(sorted(f.cells)),
                    victims=tuple(sorted(hit)),
                    victim_names=tuple(_name(state, v) for v in sorted(hit)),
                )
            )
    return out


def missiles(state: State, plans: dict[int, Plan], sheltered: set[int]) -> list[Packet]:
    """R5: the volleys launched last turn arrive and are removed; this turn's launches
    become volleys in flight (BL-14.3). An arriving volley hits each seat of the set it
    recorded (BL-14.4) that is still in the battle and ends this turn on a marked cell:
    one packet of D per missile there (BL-14.5), cells ascending, victims by seat,
    volleys by launching seat and mount order (BL-4.7). A mech sheltered this turn is
    spared only if it started this turn on a cover cell (BL-14.5, BL-AMB-16). A new
    volley records the opponents attackable by its launcher and not sheltered now."""
    out: list[Packet] = []
    ln = line_of(state.setup)
    arriving = sorted((v for v in state.volleys if v.turn == state.turn - 1), key=lambda v: (v.seat, v.item))
    for volley in arriving:
        damage = facts_of(state, volley.seat).items[volley.item].item.damage
        for cell, count in sorted(volley.cells):
            for v in volley.harms:
                if v not in plans or state.mechs[v].position != cell:
                    continue
                if v in sheltered and ln.is_cover(plans[v].start):
                    continue
                out.extend(Packet("missile", volley.seat, volley.item, v, damage) for _ in range(count))
    state.volleys = [v for v in state.volleys if v.turn != state.turn - 1]
    for seat in sorted(plans):
        plan = plans[seat]
        if not plan.launches:
            continue
        facts = facts_of(state, seat)
        harms = tuple(v for v in sorted(plan.attackable) if v in plans and v not in sheltered)
        for f in sorted(plan.order.fire, key=lambda f: f.item):
            if facts.items[f.item].item.kind == "missiles":
                state.volleys.append(Volley(seat, f.item, state.turn, tuple(sorted(f.cells)), harms))
    return out


def lasers(state: State, plans: dict[int, Plan], sheltered: set[int], events: list) -> list[Packet]:
    """R6: every laser shot hits its named target, with no guess and no to-hit roll,
    unless the target is sheltered (BL-15.5) or gone; then every laser's state is
    updated: charge and hold leave it charged, fire and vent idle (BL-15.3)."""
    out: list[Packet] = []
    for seat in sorted(plans):
        plan = plans[seat]
        if not plan.lasers:
            continue
        facts = facts_of(state, seat)
        for lo in sorted(plan.order.lasers, key=lambda lo: lo.item):
            if lo.act != "fire":
                continue
            item = facts.items[lo.item]
            present = lo.target in plans
            hit = present and lo.target not in sheltered
            events.append(
                LaserFired(
                    seat=seat,
                    name=_name(state, seat),
                    weapon=item.code,
                    target=lo.target,
                    target_name=_name(state, lo.target),
                    hit=hit,
                    sheltered=present and not hit,
                )
            )
            if hit:
                out.append(Packet("laser", seat, lo.item, lo.target, item.item.damage))
        items = state.mechs[seat].items
        for i, act in plan.lasers.items():
            items[i].charged = act in ("charge", "hold")
    return out


def recoil(state: State, plans: dict[int, Plan]) -> None:
    """R7: every cannon's and MG's stack k grows by 1 if it made an attack this turn
    (hit or not, BL-10.7), else becomes 0 (BL-11.2); each weapon its own (BL-11.5)."""
    for seat, plan in plans.items():
        fired = {f.item for f in plan.order.fire}
        items = state.mechs[seat].items
        for i in facts_of(state, seat).cannons_mgs:
            items[i].stack = items[i].stack + 1 if i in fired else 0
