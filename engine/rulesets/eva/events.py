"""Events of the Eva game: what the log shows, and to whom (EVA-18).

``to`` is None for a public event, or the side that alone may see it. Public
events carry only public facts (positions, held items, dice, hit or miss, raw
damage, EVA-18.2); private details (armour, energy, TN, traumas other than
wings, the two start-of-activation rolls, EVA-18.3) go in events with ``to``
set to the owner. Every text goes through the translation function.
"""

from __future__ import annotations

from engine.i18n import _
from engine.ruleset import Event
from engine.rulesets.eva.combat_events import (
    AttackDeclared,
    AttackOdds,
    AutoLoss,
    DamageDice,
    DamageTaken,
    Disengage,
    EnergyPenalty,
    Fell,
    MeleeAttack,
    MeleeRolled,
    Neutralise,
    Pinned,
    ShieldDestroyed,
    ShotRolled,
    TraumaInflicted,
    ZoneNamed,
)
from engine.rulesets.eva.eventtext import (
    dice_text,
    held_text,
    item_text,
    player_text,
    who,
)

__all__ = ["EVENT_TYPES"]  # and every event class, those of combat_events included


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
            what=what, dice=attempts, player=player_text(self.winner)
        )


class LanceReplaced(Event, tag="lance_replaced", gc=False):
    """EVA-17.11: the loser's Lance becomes a Spear Replica."""

    side: int
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit}'s Lance of Longinus becomes a Spear Replica for this game.").format(
            unit=who(self.unit, self.unit_side)
        )


class ZoneChosen(Event, tag="zone_chosen", gc=False):
    side: int
    zone: str

    def text(self) -> str:
        zone = _("the south zone (rows 1–3)") if self.zone == "south" else _("the north zone (rows 28–30)")
        return _("{player} takes {zone}.").format(player=player_text(self.side), zone=zone)


class Deployed(Event, tag="deployed", gc=False):
    unit: str
    square: str
    held: list[str]
    unit_side: int = -1

    def text(self) -> str:
        held = held_text(self.held)
        return _("{unit} deploys on {square} ({held}).").format(
            unit=who(self.unit, self.unit_side), square=self.square, held=held
        )


class RoundStarted(Event, tag="round", gc=False):
    round: int
    first: int

    def text(self) -> str:
        return _("Round {n} begins; {player} activates first.").format(
            n=self.round, player=player_text(self.first)
        )


class Activated(Event, tag="activated", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is activated.").format(unit=who(self.unit, self.unit_side))


class Regenerated(Event, tag="regenerated", gc=False):
    unit: str
    armour: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} regenerates: armour {armour}.").format(
            unit=who(self.unit, self.unit_side), armour=self.armour
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
                unit=who(self.unit, self.unit_side), die=self.die, verdict=verdict
            )
        verdict = _("berserk!") if self.success else _("no effect")
        return _("{unit} Berserk roll: {die} — {verdict}.").format(
            unit=who(self.unit, self.unit_side), die=self.die, verdict=verdict
        )


class Skipped(Event, tag="skipped", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} skips its activation.").format(unit=who(self.unit, self.unit_side))


class WentBerserk(Event, tag="berserk", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} goes berserk!").format(unit=who(self.unit, self.unit_side))


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
                unit=who(self.unit, self.unit_side), energy=self.energy
            )
        return _("{unit} spends {spent} energy and has {energy} left.").format(
            unit=who(self.unit, self.unit_side), spent=self.spent, energy=self.energy
        )


class Moved(Event, tag="moved", gc=False):
    unit: str
    path: list[str]
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} moves {path}.").format(unit=who(self.unit, self.unit_side), path="→".join(self.path))


class Stance(Event, tag="stance", gc=False):
    unit: str
    kneeling: bool
    unit_side: int = -1

    def text(self) -> str:
        return (_("{unit} kneels.") if self.kneeling else _("{unit} stands up.")).format(
            unit=who(self.unit, self.unit_side)
        )


class Swapped(Event, tag="swapped", gc=False):
    unit: str
    held: list[str]
    unit_side: int = -1

    def text(self) -> str:
        if not self.held:
            return _("{unit} now holds: empty hands.").format(unit=who(self.unit, self.unit_side))
        held = held_text(self.held)
        return _("{unit} now holds: {held}.").format(unit=who(self.unit, self.unit_side), held=held)


class ShieldDiscarded(Event, tag="shield_discarded", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} throws its Shield aside.").format(unit=who(self.unit, self.unit_side))


class Jumped(Event, tag="jumped", gc=False):
    unit: str
    src: str
    dst: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} jumps from {a} to {b}; the jump leaves it no energy this activation.").format(
            unit=who(self.unit, self.unit_side), a=self.src, b=self.dst
        )


class Flight(Event, tag="flight", gc=False):
    unit: str
    airborne: bool
    unit_side: int = -1

    def text(self) -> str:
        return (_("{unit} takes off.") if self.airborne else _("{unit} lands.")).format(
            unit=who(self.unit, self.unit_side)
        )


class Detonated(Event, tag="detonated", gc=False):
    unit: str
    dice: list[int]
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} detonates its D-Module: {dice}.").format(
            unit=who(self.unit, self.unit_side), dice=dice_text(self.dice)
        )


class Accelerated(Event, tag="accelerated", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} accelerates: steps cost half this activation.").format(
            unit=who(self.unit, self.unit_side)
        )


class ActivationEnded(Event, tag="activation_end", gc=False):
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} ends its activation.").format(unit=who(self.unit, self.unit_side))


class Destroyed(Event, tag="destroyed", gc=False):
    """The line always names the owner; ``unit_side`` as in the other events."""

    unit: str
    side: int
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} ({player}) is destroyed!").format(unit=self.unit, player=player_text(self.side))


class Revealed(Event, tag="revealed", gc=False):
    unit: str
    item: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} is seen to have {item}.").format(
            unit=who(self.unit, self.unit_side), item=_(self.item)
        )


class Stowed(Event, tag="stowed", gc=False):
    unit: str
    item: str
    unit_side: int = -1

    def text(self) -> str:
        return _("{unit} can hold only one one-handed weapon and stows its {item}.").format(
            unit=who(self.unit, self.unit_side), item=item_text(self.item)
        )


class Waiting(Event, tag="waiting", gc=False):
    kind: str
    side: int
    unit: str
    unit_side: int = -1

    def text(self) -> str:
        if self.kind == "zone":
            return _("{player} names a trauma zone for {unit}.").format(
                player=player_text(self.side), unit=who(self.unit, self.unit_side)
            )
        return _("{player} chooses which weapon {unit} keeps.").format(
            player=player_text(self.side), unit=who(self.unit, self.unit_side)
        )


class GameEnded(Event, tag="game_over", gc=False):
    winner: int | None
    reason: str
    scores: list[int]

    def text(self) -> str:
        if self.winner is None:
            return _("The game ends in a draw ({reason}).").format(reason=_(self.reason))
        return _("{player} wins ({reason}).").format(player=player_text(self.winner), reason=_(self.reason))


class Conceded(Event, tag="conceded", gc=False):
    side: int

    def text(self) -> str:
        return _("{player} concedes.").format(player=player_text(self.side))


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
