"""Events of the Eva game: what the log shows, and to whom (EVA-18).

``to`` is None for a public event, or the side that alone may see it. Public
events carry only public facts (positions, held items, dice, hit or miss, raw
damage, EVA-18.2); private details (armour, energy, TN, traumas other than
wings, the two start-of-activation rolls, EVA-18.3) go in events with ``to``
set to the owner. Every text goes through the translation function.
"""

from __future__ import annotations

from engine.i18n import _, ngettext
from engine.ruleset import Event

__all__ = ["EVENT_TYPES"]


def _dice(faces: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(f) for f in faces)


def _zone(z: str) -> str:
    return {"arms": _("arms"), "legs": _("legs"), "body": _("body"), "wings": _("wings")}.get(z, z)


def _band(b: int) -> str:
    return (_("close"), _("medium"), _("long"))[b]


def _item(code: str) -> str:
    """A held item's catalogue name, translated (codes are what the events carry)."""
    from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS

    base = code.split("#")[0]
    item = WEAPONS.get(base) or EQUIPMENT.get(base)
    return _(item.name) if item is not None else code


def _held(codes: list[str]) -> str:
    return ", ".join(_item(c) for c in codes) or _("empty hands")


def _player(side: int) -> str:
    return _("Player {n}").format(n=side + 1)


def _who(name: str, side: int) -> str:
    """An Eva's name, with its player's when the other side has an Eva of that name
    (``side`` -1 otherwise, see the ``<field>_side`` of an event)."""
    return name if side < 0 else _("{unit} ({player})").format(unit=name, player=_player(side))


# An event holds numbers, strings and lists of them, never another object that could
# lead back to it, so it cannot be part of a reference cycle: the garbage collector does
# not track events (gc=False), which makes them cheaper to make and to free.


class RollOff(Event, tag="rolloff", gc=False):
    """A roll-off: ``purpose`` lance / zone / initiative; ``rolls`` one [P1, P2] pair
    per attempt (ties re-rolled); ``winner`` the higher roller's side."""

    purpose: str
    rolls: list[list[int]]
    winner: int

    def text(self) -> str:
        attempts = "; ".join(f"{a}–{b}" for a, b in self.rolls)
        what = {
            "lance": _("Lance roll-off"),
            "zone": _("Deployment roll-off"),
            "initiative": _("Initiative"),
        }.get(self.purpose, self.purpose)
        return _("{what}: {dice} — {player} wins.").format(
            what=what, dice=attempts, player=_player(self.winner)
        )


class LanceReplaced(Event, tag="lance_replaced", gc=False):
    """EVA-17.11: the loser's Lance becomes a Spear Replica."""

    side: int
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s Lance of Longinus becomes a Spear Replica for this game.").format(
            unit=_who(self.unit, self.unit_side)
        )


class ZoneChosen(Event, tag="zone_chosen", gc=False):
    side: int
    zone: str

    def text(self) -> str:
        zone = _("the south zone (rows 1–3)") if self.zone == "south" else _("the north zone (rows 28–30)")
        return _("{player} takes {zone}.").format(player=_player(self.side), zone=zone)


class Deployed(Event, tag="deployed", gc=False):
    unit: str
    square: str
    held: list[str]
    unit_side: int = -1

    def text(self) -> str:
        held = _held(self.held)
        return _("{unit} deploys on {square} ({held}).").format(
            unit=_who(self.unit, self.unit_side), square=self.square, held=held
        )


class RoundStarted(Event, tag="round", gc=False):
    round: int
    first: int

    def text(self) -> str:
        return _("Round {n} begins; {player} activates first.").format(
            n=self.round, player=_player(self.first)
        )


class Activated(Event, tag="activated", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is activated.").format(unit=_who(self.unit, self.unit_side))


class Regenerated(Event, tag="regenerated", gc=False):
    unit: str
    armour: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} regenerates: armour {armour}.").format(
            unit=_who(self.unit, self.unit_side), armour=self.armour
        )


class PrivateRoll(Event, tag="private_roll", gc=False):
    """The body-trauma or Berserk roll, shown only to the owner (EVA-18.3)."""

    unit: str
    kind: str
    die: int
    success: bool
    unit_side: int = -1

    def text(self) -> str:
        if self.kind == "body":
            verdict = _("the activation is skipped") if self.success else _("it acts")
            return _("{unit} body-trauma check: {die} — {verdict}.").format(
                unit=_who(self.unit, self.unit_side), die=self.die, verdict=verdict
            )
        verdict = _("berserk!") if self.success else _("no effect")
        return _("{unit} Berserk roll: {die} — {verdict}.").format(
            unit=_who(self.unit, self.unit_side), die=self.die, verdict=verdict
        )


class Skipped(Event, tag="skipped", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} skips its activation.").format(unit=_who(self.unit, self.unit_side))


class WentBerserk(Event, tag="berserk", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} goes berserk!").format(unit=_who(self.unit, self.unit_side))


class EnergyNow(Event, tag="energy", gc=False):
    """Private to the owner: energy after an action or at the start."""

    unit: str
    energy: int
    spent: int = 0
    maximum: int = 0
    unit_side: int = -1

    def text(self) -> str:
        if self.maximum:
            return _("{unit} has {energy} energy this activation.").format(
                unit=_who(self.unit, self.unit_side), energy=self.energy
            )
        return _("{unit} spends {spent} energy and has {energy} left.").format(
            unit=_who(self.unit, self.unit_side), spent=self.spent, energy=self.energy
        )


class Moved(Event, tag="moved", gc=False):
    unit: str
    path: list[str]
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} moves {path}.").format(
            unit=_who(self.unit, self.unit_side), path="→".join(self.path)
        )


class Stance(Event, tag="stance", gc=False):
    unit: str
    kneeling: bool
    unit_side: int = -1

    def text(self) -> str:
        return (_("{unit} kneels.") if self.kneeling else _("{unit} stands up.")).format(
            unit=_who(self.unit, self.unit_side)
        )


class Swapped(Event, tag="swapped", gc=False):
    unit: str
    held: list[str]
    unit_side: int = -1

    def text(self) -> str:
        if not self.held:
            return _("{unit} now holds: empty hands.").format(unit=_who(self.unit, self.unit_side))
        held = _held(self.held)
        return _("{unit} now holds: {held}.").format(unit=_who(self.unit, self.unit_side), held=held)


class ShieldDiscarded(Event, tag="shield_discarded", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} throws its Shield aside.").format(unit=_who(self.unit, self.unit_side))


class AttackDeclared(Event, tag="attack", gc=False):
    unit: str
    weapon: str
    target: str
    square: str
    band: int
    burst: bool = False
    aimed: str = ""
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        how = (
            _("a burst")
            if self.burst
            else (_("an aimed shot ({zone})").format(zone=_zone(self.aimed)) if self.aimed else _("a shot"))
        )
        return _("{unit} attacks {target} on {square} with {weapon}: {how}, {band} range.").format(
            unit=_who(self.unit, self.unit_side),
            target=_who(self.target, self.target_side),
            square=self.square,
            weapon=_item(self.weapon),
            how=how,
            band=_band(self.band),
        )


class AttackOdds(Event, tag="odds", gc=False):
    """Private to the attacker: the TN and its modifiers (EVA-18.3)."""

    unit: str
    tn: int
    modifiers: list[str]
    unit_side: int = -1

    def text(self) -> str:
        mods = ", ".join(self.modifiers)
        return (
            _("TN {tn}+ ({mods}).").format(tn=self.tn, mods=mods)
            if mods
            else _("TN {tn}+.").format(tn=self.tn)
        )


class ShotRolled(Event, tag="shot", gc=False):
    """One shot's dice: ``dice`` the to-hit dice in order (a re-roll or the second
    die of an Improved Targeting System included), ``confirm`` the confirmation
    die (0 when none was rolled)."""

    unit: str
    target: str
    dice: list[int]
    hit: bool
    candidate: bool = False
    confirm: int = 0
    auto_confirm: bool = False
    critical: bool = False
    raw: int = 0
    instant: bool = False
    shot: int = 0
    no_roll: bool = False
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        parts = []
        if self.shot:
            parts.append(_("Shot {n}:").format(n=self.shot))
        if self.no_roll:
            roll = _("no to-hit roll")
        else:
            roll = ngettext("to-hit die {dice}", "to-hit dice {dice}", len(self.dice)).format(
                dice=_dice(self.dice)
            )
        if not parts:
            roll = roll[:1].upper() + roll[1:]  # the line starts with it
        if not self.hit:
            parts.append(_("{roll}: a miss.").format(roll=roll))
            return " ".join(parts)
        parts.append(_("{roll}: a hit.").format(roll=roll))
        if self.candidate:
            if self.auto_confirm:
                parts.append(_("A critical hit, confirmed without a die."))
            elif self.critical:
                parts.append(_("Confirmation die {die}: a critical hit!").format(die=self.confirm))
            else:
                parts.append(_("Confirmation die {die}: no critical.").format(die=self.confirm))
        if self.instant:
            parts.append(_("The target is destroyed at once!"))
        else:
            parts.append(_("Damage {raw} before the AT field.").format(raw=self.raw))
        return " ".join(parts)


class DamageTaken(Event, tag="damage", gc=False):
    """Private to the target's owner: what the hit did (EVA-13.3)."""

    unit: str
    raw: int
    absorbed: int
    lost: int
    armour: int
    shield: int = 0
    unit_side: int = -1

    def text(self) -> str:
        if self.absorbed and not self.lost:
            return _("{unit}: the Shield absorbs {absorbed} ({shield} left); armour {armour}.").format(
                unit=_who(self.unit, self.unit_side),
                absorbed=self.absorbed,
                shield=self.shield,
                armour=self.armour,
            )
        if self.absorbed:
            return _("{unit}: the Shield absorbs {absorbed}; −{lost} armour, {armour} left.").format(
                unit=_who(self.unit, self.unit_side),
                absorbed=self.absorbed,
                lost=self.lost,
                armour=self.armour,
            )
        return _("{unit}: −{lost} armour, {armour} left.").format(
            unit=_who(self.unit, self.unit_side), lost=self.lost, armour=self.armour
        )


class ShieldDestroyed(Event, tag="shield_destroyed", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s Shield is destroyed.").format(unit=_who(self.unit, self.unit_side))


class Pinned(Event, tag="pinned", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is pinned by the Spear until the end of the round.").format(
            unit=_who(self.unit, self.unit_side)
        )


class EnergyPenalty(Event, tag="energy_penalty", gc=False):
    """Private to the owner: a thrown Spear's hit lowers maximum energy (EVA-15.13)."""

    unit: str
    amount: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s maximum energy is {amount} lower for the rest of the game.").format(
            unit=_who(self.unit, self.unit_side), amount=self.amount
        )


class TraumaInflicted(Event, tag="trauma", gc=False):
    """A trauma; public only for wings (EVA-18.3). ``lasting`` None: the duration is not
    shown (a public wings trauma, whose duration would announce an S2 Engine, EVA-18.4)."""

    unit: str
    zone: str
    lasting: bool | None = True
    unit_side: int = -1

    def text(self) -> str:
        if self.lasting is None:
            return _("{unit} suffers a {zone} trauma.").format(
                unit=_who(self.unit, self.unit_side), zone=_zone(self.zone)
            )
        how = _("for the rest of the game") if self.lasting else _("until the end of its next activation")
        return _("{unit} suffers a {zone} trauma, {how}.").format(
            unit=_who(self.unit, self.unit_side), zone=_zone(self.zone), how=how
        )


class Fell(Event, tag="fell", gc=False):
    unit: str
    die: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} falls to the ground: fall damage die {die}.").format(
            unit=_who(self.unit, self.unit_side), die=self.die
        )


class MeleeRolled(Event, tag="melee", gc=False):
    """The exchange (EVA-12.6): each side's 2d6 (two sets for a Pseudo-Pilot), totals, winner."""

    attacker: str
    defender: str
    a_dice: list[list[int]]
    d_dice: list[list[int]]
    a_total: int
    d_total: int
    winner: str = ""
    critical: bool = False
    attacker_side: int = -1
    defender_side: int = -1
    winner_side: int = -1

    def text(self) -> str:
        a = " / ".join(_dice(d) for d in self.a_dice)
        d = " / ".join(_dice(x) for x in self.d_dice)
        base = _("Melee: {a} rolls {ad} (total {at}), {d} rolls {dd} (total {dt})").format(
            a=_who(self.attacker, self.attacker_side),
            ad=a,
            at=self.a_total,
            d=_who(self.defender, self.defender_side),
            dd=d,
            dt=self.d_total,
        )
        if not self.winner:
            return base + " — " + _("equal totals.")
        verdict = _("{w} wins").format(w=_who(self.winner, self.winner_side))
        if self.critical:
            verdict += ", " + _("CRITICAL")
        return base + " — " + verdict + "."


class MeleeAttack(Event, tag="melee_attack", gc=False):
    unit: str
    target: str
    square: str
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        return _("{unit} attacks {target} on {square} in melee.").format(
            unit=_who(self.unit, self.unit_side),
            target=_who(self.target, self.target_side),
            square=self.square,
        )


class AutoLoss(Event, tag="auto_loss", gc=False):
    attacker: str
    defender: str
    attacker_side: int = -1
    defender_side: int = -1

    def text(self) -> str:
        return _("{d} loses automatically to {a}'s Extended Arms.").format(
            d=_who(self.defender, self.defender_side), a=_who(self.attacker, self.attacker_side)
        )


class ZoneNamed(Event, tag="zone_named", gc=False):
    unit: str
    target: str
    zone: str
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        return _("{unit} names the {zone} of {target}.").format(
            unit=_who(self.unit, self.unit_side),
            zone=_zone(self.zone),
            target=_who(self.target, self.target_side),
        )


class DamageDice(Event, tag="damage_dice", gc=False):
    """Public damage dice and raw damage (melee, disengagement, blast)."""

    unit: str
    dice: list[int]
    raw: int
    unit_side: int = -1

    def text(self) -> str:
        dice = ngettext("damage die {dice}", "damage dice {dice}", len(self.dice)).format(
            dice=_dice(self.dice)
        )
        return ngettext(
            "{unit} suffers {raw} damage before the AT field ({dice}).",
            "{unit} suffers {raw} damage before the AT field ({dice}).",
            self.raw,
        ).format(unit=_who(self.unit, self.unit_side), raw=self.raw, dice=dice)


class Disengage(Event, tag="disengage", gc=False):
    unit: str
    die: int
    success: bool
    unit_side: int = -1

    def text(self) -> str:
        verdict = _("breaks away") if self.success else _("fails to break away")
        return _("{unit} tries to leave melee: {die} — {verdict}.").format(
            unit=_who(self.unit, self.unit_side), die=self.die, verdict=verdict
        )


class Neutralise(Event, tag="neutralise", gc=False):
    unit: str
    target: str
    dice: list[int]
    automatic: bool
    hit: bool
    own: int = 0
    theirs: int = 0
    success: bool = False
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        roll = (
            _("automatic (engaged)")
            if self.automatic
            else ngettext("attack die {dice}", "attack dice {dice}", len(self.dice)).format(
                dice=_dice(self.dice)
            )
        )
        if not self.hit:
            return _("{unit} tries to neutralise {target}'s AT field: {roll} — miss.").format(
                unit=_who(self.unit, self.unit_side), target=_who(self.target, self.target_side), roll=roll
            )
        verdict = _("the field is down for this activation") if self.success else _("the field holds")
        return _(
            "{unit} tries to neutralise {target}'s AT field: {roll}; field dice {a} against {b} — {verdict}."
        ).format(
            unit=_who(self.unit, self.unit_side),
            target=_who(self.target, self.target_side),
            roll=roll,
            a=self.own,
            b=self.theirs,
            verdict=verdict,
        )


class Jumped(Event, tag="jumped", gc=False):
    unit: str
    src: str
    dst: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} jumps from {a} to {b}; the jump leaves it no energy this activation.").format(
            unit=_who(self.unit, self.unit_side), a=self.src, b=self.dst
        )


class Flight(Event, tag="flight", gc=False):
    unit: str
    airborne: bool
    unit_side: int = -1

    def text(self) -> str:
        return (_("{unit} takes off.") if self.airborne else _("{unit} lands.")).format(
            unit=_who(self.unit, self.unit_side)
        )


class Detonated(Event, tag="detonated", gc=False):
    unit: str
    dice: list[int]
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} detonates its D-Module: {dice}.").format(
            unit=_who(self.unit, self.unit_side), dice=_dice(self.dice)
        )


class Accelerated(Event, tag="accelerated", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} accelerates: steps cost half this activation.").format(
            unit=_who(self.unit, self.unit_side)
        )


class ActivationEnded(Event, tag="activation_end", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} ends its activation.").format(unit=_who(self.unit, self.unit_side))


class Destroyed(Event, tag="destroyed", gc=False):
    """The line always names the owner; ``unit_side`` as in the other events."""

    unit: str
    side: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} ({player}) is destroyed!").format(unit=self.unit, player=_player(self.side))


class Revealed(Event, tag="revealed", gc=False):
    unit: str
    item: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is seen to have {item}.").format(
            unit=_who(self.unit, self.unit_side), item=_(self.item)
        )


class Stowed(Event, tag="stowed", gc=False):
    unit: str
    item: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} can hold only one one-handed weapon and stows its {item}.").format(
            unit=_who(self.unit, self.unit_side), item=_item(self.item)
        )


class Waiting(Event, tag="waiting", gc=False):
    kind: str
    side: int
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        if self.kind == "zone":
            return _("{player} names a trauma zone for {unit}.").format(
                player=_player(self.side), unit=_who(self.unit, self.unit_side)
            )
        return _("{player} chooses which weapon {unit} keeps.").format(
            player=_player(self.side), unit=_who(self.unit, self.unit_side)
        )


class GameEnded(Event, tag="game_over", gc=False):
    winner: int | None
    reason: str
    scores: list[int]

    def text(self) -> str:
        if self.winner is None:
            return _("The game ends in a draw ({reason}).").format(reason=_(self.reason))
        return _("{player} wins ({reason}).").format(player=_player(self.winner), reason=_(self.reason))


class Conceded(Event, tag="conceded", gc=False):
    side: int

    def text(self) -> str:
        return _("{player} concedes.").format(player=_player(self.side))


EVENT_TYPES = (
    RollOff
    | LanceReplaced
    | ZoneChosen
    | Deployed
    | RoundStarted
    | Activated
    | Regenerated
    | PrivateRoll
    | Skipped
    | WentBerserk
    | EnergyNow
    | Moved
    | Stance
    | Swapped
    | ShieldDiscarded
    | AttackDeclared
    | AttackOdds
    | ShotRolled
    | DamageTaken
    | ShieldDestroyed
    | Pinned
    | EnergyPenalty
    | TraumaInflicted
    | Fell
    | MeleeRolled
    | MeleeAttack
    | AutoLoss
    | ZoneNamed
    | DamageDice
    | Disengage
    | Neutralise
    | Jumped
    | Flight
    | Detonated
    | Accelerated
    | ActivationEnded
    | Destroyed
    | Revealed
    | Stowed
    | Waiting
    | GameEnded
    | Conceded
)
