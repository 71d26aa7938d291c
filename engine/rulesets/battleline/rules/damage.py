"""Step R8 of a turn (BL-4.4): damage packets resolved one by one in packet order.

For each packet (BL-16.3): the struck part (melee: the part aimed at; ranged: a 2d6
hit-location roll, BL-16.2); the victim's defence, if it is usable now (BL-8.6) and
can cover that part (BL-8.2), with a d2 or d4 roll where needed (BL-8.5); then the
damage, with its transfers (BL-17) and the immediate effects of each destruction
(BL-18). These are the only dice of the game (BL-4.6).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rulesets.battleline.catalog import (
    ARM_OF_SIDE_TORSO,
    DEFENCE_DIE,
    HIT_LOCATION,
    LEGS,
    NEXT_PART,
    PART_INDEX,
    PARTS,
)
from engine.rulesets.battleline.events import PacketHit
from engine.rulesets.battleline.facts import MechFacts
from engine.rulesets.battleline.rules.attacks import Packet
from engine.rulesets.battleline.state import MechState, State, facts_of

__all__ = ["damage_part", "defence_usable", "destroy_part", "resolve_packet"]


def defence_usable(facts: MechFacts, mech: MechState, defence: str) -> bool:
    """Whether ``defence`` works for a packet now: its part (for a shield, the shield)
    is not destroyed (BL-8.6)."""
    if defence.startswith("SH@"):
        shield = facts.shield_in(defence[3:])
        return shield is not None and mech.items[shield].ok
    return mech.structure[PART_INDEX[defence]] > 0


class _Report:
    """What one packet did, for its :class:`PacketHit` (transfers, destructions, loss)."""

    __slots__ = ("destroyed", "discarded", "transfers")

    def __init__(self) -> None:
        self.transfers: list[tuple[str, str, int]] = []
        self.destroyed: list[str] = []
        self.discarded = 0


def destroy_part(facts: MechFacts, mech: MechState, part: int, report: _Report) -> None:
    """The immediate effects of destroying ``part`` (BL-18): every item located in it
    stops for good and a laser loses its charge (BL-18.1, a two-handed item with
    either arm, BL-18.7; the leg modules with either leg, BL-18.5; a shield with its
    arm, BL-17.6); a side torso takes its arm with it, with no damage (BL-18.4)."""
    mech.structure[part] = 0
    report.destroyed.append(PARTS[part])
    for i in facts.in_part[part]:
        st = mech.items[i]
        if st.ok and facts.items[i].item.kind == "shield":
            report.destroyed.append(f"SH@{facts.items[i].mount}")
            st.hp = 0
        st.ok = False
        st.charged = False
    arm = ARM_OF_SIDE_TORSO.get(part)
    if arm is not None and mech.structure[arm] > 0:
        destroy_part(facts, mech, arm, report)


def damage_part(facts: MechFacts, mech: MechState, part: int, n: int, report: _Report) -> None:
    """Apply ``n`` damage to ``part`` (BL-17): an intact part loses it, and when that
    reaches 0 it is destroyed and the excess moves on (BL-17.1); a destroyed part
    passes the whole amount on (BL-17.4), along LA/LL -> LT -> CT and RA/RL -> RT -> CT
    (BL-17.2); beyond the head or the centre torso it is lost (BL-17.3)."""
    while n > 0:
        c = mech.structure[part]
        if c > 0:
            if n < c:
                mech.structure[part] = c - n
                return
            destroy_part(facts, mech, part, report)
            n -= c
            if n == 0:
                return
        nxt = NEXT_PART[part]
        if nxt is None:
            report.discarded += n
            return
        report.transfers.append((PARTS[part], PARTS[nxt], n))
        part = nxt


def damage_shield(facts: MechFacts, mech: MechState, shield: int, n: int, report: _Report) -> None:
    """Apply ``n`` damage to a shield (BL-17.5): it loses it, and at 0 it is destroyed
    and the excess goes to the arm that carries it, and on down that arm's chain."""
    st = mech.items[shield]
    if n < st.hp:
        st.hp -= n
        return
    excess = n - st.hp
    st.hp = 0
    st.ok = False
    arm = facts.items[shield].mount
    report.destroyed.append(f"SH@{arm}")
    if excess:
        report.transfers.append((f"SH@{arm}", arm, excess))
        damage_part(facts, mech, PART_INDEX[arm], excess, report)


def resolve_packet(state: State, packet: Packet, defence: str, dice: Dice, faces: list[int]) -> PacketHit:
    """Resolve one packet on its victim, whose order declared ``defence`` (BL-16.3).
    Rolls 2d6 for a ranged packet's location and, where BL-16.3 needs it, one d2 (an
    arm) or d4 (a side torso); appends the faces to ``faces``. Returns the report."""
    victim = packet.victim
    mech = state.mechs[victim]
    facts = facts_of(state, victim)
    roll: tuple[int, ...] = ()
    if packet.melee:
        struck = PART_INDEX[packet.part]
    else:
        roll = dice.roll(2, 6).faces
        faces.extend(roll)
        struck = HIT_LOCATION[roll[0] + roll[1]]
    location = PARTS[struck]
    used, die, face, redirected = "", 0, 0, False
    shield = defence.startswith("SH@")
    if defence and defence_usable(facts, mech, defence):
        own = facts.defence_part(defence)
        torso = defence in ("LT", "RT")
        if packet.melee or not (torso and struck in LEGS):  # BL-8.2: what each defence covers
            if not shield and struck == own:  # BL-16.3 2a: the defending part itself
                pass
            else:
                used = defence
                if packet.melee or shield:  # BL-8.5, BL-16.3 2b, 2c
                    redirected = True
                else:
                    die, need = DEFENCE_DIE["torso" if torso else "arm"]
                    face = dice.roll(1, die).faces[0]
                    faces.append(face)
                    redirected = face >= need
    report = _Report()
    target = location
    if redirected and shield:
        target = defence
        damage_shield(facts, mech, facts.shield_in(defence[3:]), packet.amount, report)  # type: ignore[arg-type]
    else:
        if redirected:
            struck = facts.defence_part(defence)
            target = PARTS[struck]
        damage_part(facts, mech, struck, packet.amount, report)
    attacker_facts = facts_of(state, packet.attacker)
    missile = packet.source == "missile"
    return PacketHit(
        victim=victim,
        victim_name=state.setup.mechs[victim].name,
        source=packet.source,
        attacker=-1 if missile else packet.attacker,
        attacker_name="" if missile else state.setup.mechs[packet.attacker].name,
        weapon="" if missile else attacker_facts.items[packet.item].code,
        roll=roll,
        location=location,
        defence=used,
        defence_die=die,
        defence_roll=face,
        redirected=redirected,
        struck=target,
        damage=packet.amount,
        transfers=tuple(report.transfers),
        destroyed=tuple(report.destroyed),
        discarded=report.discarded,
    )
