"""The events of attacks, damage and traumas (EVA-10 to EVA-14): what the log shows,
and to whom (EVA-18); see :mod:`engine.rulesets.eva.events`."""

from __future__ import annotations

from engine.i18n import _, ngettext
from engine.ruleset import Event
from engine.rulesets.eva.eventtext import (
    band_text,
    dice_text,
    item_text,
    who,
    zone_text,
)

__all__ = [
    "AttackDeclared",
    "AttackOdds",
    "ShotRolled",
    "DamageTaken",
    "ShieldDestroyed",
    "Pinned",
    "EnergyPenalty",
    "TraumaInflicted",
    "Fell",
    "MeleeRolled",
    "MeleeAttack",
    "AutoLoss",
    "ZoneNamed",
    "DamageDice",
    "Disengage",
    "Neutralise",
]

# An event holds numbers, strings and lists of them, never another object that could
# lead back to it, so it cannot be part of a reference cycle: the garbage collector does
# not track events (gc=False), which makes them cheaper to make and to free.


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
            else (
                _("an aimed shot ({zone})").format(zone=zone_text(self.aimed)) if self.aimed else _("a shot")
            )
        )
        return _("{unit} attacks {target} on {square} with {weapon}: {how}, {band} range.").format(
            unit=who(self.unit, self.unit_side),
            target=who(self.target, self.target_side),
            square=self.square,
            weapon=item_text(self.weapon),
            how=how,
            band=band_text(self.band),
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
                dice=dice_text(self.dice)
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
                unit=who(self.unit, self.unit_side),
                absorbed=self.absorbed,
                shield=self.shield,
                armour=self.armour,
            )
        if self.absorbed:
            return _("{unit}: the Shield absorbs {absorbed}; −{lost} armour, {armour} left.").format(
                unit=who(self.unit, self.unit_side),
                absorbed=self.absorbed,
                lost=self.lost,
                armour=self.armour,
            )
        return _("{unit}: −{lost} armour, {armour} left.").format(
            unit=who(self.unit, self.unit_side), lost=self.lost, armour=self.armour
        )


class ShieldDestroyed(Event, tag="shield_destroyed", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s Shield is destroyed.").format(unit=who(self.unit, self.unit_side))


class Pinned(Event, tag="pinned", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is pinned by the Spear until the end of the round.").format(
            unit=who(self.unit, self.unit_side)
        )


class EnergyPenalty(Event, tag="energy_penalty", gc=False):
    """Private to the owner: a thrown Spear's hit lowers maximum energy (EVA-15.13)."""

    unit: str
    amount: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s maximum energy is {amount} lower for the rest of the game.").format(
            unit=who(self.unit, self.unit_side), amount=self.amount
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
                unit=who(self.unit, self.unit_side), zone=zone_text(self.zone)
            )
        how = _("for the rest of the game") if self.lasting else _("until the end of its next activation")
        return _("{unit} suffers a {zone} trauma, {how}.").format(
            unit=who(self.unit, self.unit_side), zone=zone_text(self.zone), how=how
        )


class Fell(Event, tag="fell", gc=False):
    unit: str
    die: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} falls to the ground: fall damage die {die}.").format(
            unit=who(self.unit, self.unit_side), die=self.die
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
        a = " / ".join(dice_text(d) for d in self.a_dice)
        d = " / ".join(dice_text(x) for x in self.d_dice)
        base = _("Melee: {a} rolls {ad} (total {at}), {d} rolls {dd} (total {dt})").format(
            a=who(self.attacker, self.attacker_side),
            ad=a,
            at=self.a_total,
            d=who(self.defender, self.defender_side),
            dd=d,
            dt=self.d_total,
        )
        if not self.winner:
            return base + " — " + _("equal totals.")
        verdict = _("{w} wins").format(w=who(self.winner, self.winner_side))
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
            unit=who(self.unit, self.unit_side),
            target=who(self.target, self.target_side),
            square=self.square,
        )


class AutoLoss(Event, tag="auto_loss", gc=False):
    attacker: str
    defender: str
    attacker_side: int = -1
    defender_side: int = -1

    def text(self) -> str:
        return _("{d} loses automatically to {a}'s Extended Arms.").format(
            d=who(self.defender, self.defender_side), a=who(self.attacker, self.attacker_side)
        )


class ZoneNamed(Event, tag="zone_named", gc=False):
    unit: str
    target: str
    zone: str
    unit_side: int = -1
    target_side: int = -1

    def text(self) -> str:
        return _("{unit} names the {zone} of {target}.").format(
            unit=who(self.unit, self.unit_side),
            zone=zone_text(self.zone),
            target=who(self.target, self.target_side),
        )


class DamageDice(Event, tag="damage_dice", gc=False):
    """Public damage dice and raw damage (melee, disengagement, blast)."""

    unit: str
    dice: list[int]
    raw: int
    unit_side: int = -1

    def text(self) -> str:
        dice = ngettext("damage die {dice}", "damage dice {dice}", len(self.dice)).format(
            dice=dice_text(self.dice)
        )
        return ngettext(
            "{unit} suffers {raw} damage before the AT field ({dice}).",
            "{unit} suffers {raw} damage before the AT field ({dice}).",
            self.raw,
        ).format(unit=who(self.unit, self.unit_side), raw=self.raw, dice=dice)


class Disengage(Event, tag="disengage", gc=False):
    unit: str
    die: int
    success: bool
    unit_side: int = -1

    def text(self) -> str:
        verdict = _("breaks away") if self.success else _("fails to break away")
        return _("{unit} tries to leave melee: {die} — {verdict}.").format(
            unit=who(self.unit, self.unit_side), die=self.die, verdict=verdict
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
                dice=dice_text(self.dice)
            )
        )
        if not self.hit:
            return _("{unit} tries to neutralise {target}'s AT field: {roll} — miss.").format(
                unit=who(self.unit, self.unit_side), target=who(self.target, self.target_side), roll=roll
            )
        verdict = _("the field is down for this activation") if self.success else _("the field holds")
        return _(
            "{unit} tries to neutralise {target}'s AT field: {roll}; field dice {a} against {b} — {verdict}."
        ).format(
            unit=who(self.unit, self.unit_side),
            target=who(self.target, self.target_side),
            roll=roll,
            a=self.own,
            b=self.theirs,
            verdict=verdict,
        )
