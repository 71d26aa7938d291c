"""The events of Going Ballistic, for the log (a msgspec tagged union).

Every event has ``to``: None when both sides may see it, else the one side that may
(GB-5.7, GB-8.12): the rules compute it when they make the event, and an event some
side may see only in part is made twice (e.g. a shot from a unit the target's side
does not spot reaches that side without the shooter's name, ``shooter == ""``).
Every die is in an event: initiative and tie-breaks (to their owner, GB-5.6), to-hit
rolls, damage dice, failure checks, the pick of a failing system, scatter rolls.
``text_for(viewer, players)`` renders an event in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import N_, _, ngettext
from engine.ruleset import Event
from engine.rulesets.ballistic.catalog import EQUIPMENT, SYSTEM_NAMES, WEAPONS
from engine.rulesets.ballistic.refusal import Reason

__all__ = [
    "DIRECTION_WORDS",
    "EVENT_TYPES",
    "SECTOR_NAMES",
    "ActivationBegan",
    "ActivationEnded",
    "ArcFired",
    "BecameStuck",
    "Conceded",
    "Damaged",
    "Deployed",
    "Designated",
    "DesignationEnded",
    "Destroyed",
    "FailureCheck",
    "GameOver",
    "GuidanceBound",
    "Held",
    "InitiativeRolled",
    "MoveOpened",
    "OverwatchDeclared",
    "OverwatchExpired",
    "OverwatchTriggered",
    "PathStopped",
    "Pivoted",
    "ProjectileLanded",
    "ShotBlocked",
    "ShotResolved",
    "SmokeCleared",
    "SmokeLaid",
    "Stepped",
    "SystemFailed",
    "TieBroken",
    "TriggerPassed",
    "TurnBegan",
    "system_name",
]

#: Facing words by direction (GB-2.3), for the log.
DIRECTION_WORDS = (
    N_("north"),
    N_("north-east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("north-west"),
)
#: Sector names by first direction (GB-11.2); notation, not translated.
SECTOR_NAMES = ("N-NE", "NE-SE", "SE-S", "S-SW", "SW-NW", "NW-N")


def _side(side: int, players: Sequence[str] = ()) -> str:
    name = players[side].strip() if side < len(players) else ""
    if name and name != f"Player {side + 1}":
        return name
    return _("Player {n}").format(n=side + 1)


def system_name(key: str) -> str:
    """A system's name in the current language: a chassis system, weapon or item."""
    if key in SYSTEM_NAMES:
        return _(SYSTEM_NAMES[key])
    if key in WEAPONS:
        return _(WEAPONS[key].name)
    if key in EQUIPMENT:
        return _(EQUIPMENT[key].name)
    return key


def _weapon(key: str) -> str:
    return system_name(key)


def _unseen() -> str:
    return _("an unseen enemy unit")


class _Ev(Event):
    """An event of this ruleset: :meth:`text` is :meth:`text_for` with no viewer."""

    def text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:  # pragma: no cover
        raise NotImplementedError


class TurnBegan(_Ev, tag="gb.TurnBegan"):
    """Turn ``turn`` begins (GB-5.1)."""

    turn: int

    def text_for(self, viewer=None, players=()):
        return _("Turn {turn} begins.").format(turn=self.turn)


class InitiativeRolled(_Ev, tag="gb.InitiativeRolled"):
    """``unit`` of ``side`` rolled ``roll`` on a d20 for initiative (GB-5.2); its owner's only."""

    unit: str
    side: int
    roll: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} rolls {roll} on a d20 for initiative.").format(unit=self.unit, roll=self.roll)


class TieBroken(_Ev, tag="gb.TieBroken"):
    """``unit`` tied and rolled again (GB-5.3); what it tied with is not told (GB-5.6)."""

    unit: str
    side: int
    roll: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} ties and rolls again: {roll}.").format(unit=self.unit, roll=self.roll)


class Deployed(_Ev, tag="gb.Deployed"):
    """``unit`` was placed at ``hex`` facing ``facing`` (GB-4.6)."""

    unit: str
    side: int
    hex: str
    facing: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} is deployed at {hex}, facing {facing}.").format(
            unit=self.unit, hex=self.hex, facing=_(DIRECTION_WORDS[self.facing])
        )


class ActivationBegan(_Ev, tag="gb.ActivationBegan"):
    """``unit``'s activation begins (GB-5.4)."""

    unit: str
    side: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} acts.").format(unit=self.unit)


class ActivationEnded(_Ev, tag="gb.ActivationEnded"):
    """``unit``'s activation ended; ``why``: "" (its controller), ``"destroyed"``,
    ``"stuck"`` (GB-7.4), ``"no_exit"`` (stuck with no step out at its start)."""

    unit: str
    side: int
    why: str = ""

    def text_for(self, viewer=None, players=()):
        if self.why == "destroyed":
            return _("{unit}'s activation ends: it is destroyed.").format(unit=self.unit)
        if self.why == "stuck":
            return _("{unit}'s activation ends: it is stuck.").format(unit=self.unit)
        if self.why == "no_exit":
            return _("{unit} is stuck and has no step out: its activation ends.").format(unit=self.unit)
        return _("{unit} finishes its activation.").format(unit=self.unit)


class MoveOpened(_Ev, tag="gb.MoveOpened"):
    """``unit`` opened Move action ``number`` (its ``action``-th action): ``speed`` MP
    added, the pool is now ``pool`` (GB-7.1). Its owner's only."""

    unit: str
    side: int
    action: int
    speed: int
    pool: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} opens a Move action (action {n}): +{speed} MP, pool {pool} MP.").format(
            unit=self.unit, n=self.action, speed=self.speed, pool=self.pool
        )


class Stepped(_Ev, tag="gb.Stepped"):
    """``unit`` stepped from ``start`` to ``hex`` for ``cost`` MP (GB-7.2)."""

    unit: str
    side: int
    start: str
    hex: str
    cost: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} steps {start}–{hex} ({cost} MP).").format(
            unit=self.unit, start=self.start, hex=self.hex, cost=self.cost
        )


class Pivoted(_Ev, tag="gb.Pivoted"):
    """``unit`` pivoted to ``facing`` for ``cost`` MP (GB-7.6)."""

    unit: str
    side: int
    facing: int
    cost: int

    def text_for(self, viewer=None, players=()):
        if self.cost:
            return _("{unit} pivots to face {facing} (1 MP).").format(
                unit=self.unit, facing=_(DIRECTION_WORDS[self.facing])
            )
        return _("{unit} pivots to face {facing} (free).").format(
            unit=self.unit, facing=_(DIRECTION_WORDS[self.facing])
        )


class Held(_Ev, tag="gb.Held"):
    """``unit`` holds position for the rest of the turn (GB-6.6)."""

    unit: str
    side: int

    def text_for(self, viewer=None, players=()):
        return _("{unit} holds position.").format(unit=self.unit)


class PathStopped(_Ev, tag="gb.PathStopped"):
    """``unit``'s declared path stopped at ``hex``: ``why`` ``"blocked"`` (the next hex
    turned out to be impassable), ``"fired_on"`` (overwatch fire, GB-11.4)."""

    unit: str
    side: int
    hex: str
    why: str

    def text_for(self, viewer=None, players=()):
        if self.why == "fired_on":
            return _("{unit} stops at {hex} under fire.").format(unit=self.unit, hex=self.hex)
        return _("{unit} stops at {hex}: the way on is blocked.").format(unit=self.unit, hex=self.hex)


class BecameStuck(_Ev, tag="gb.BecameStuck"):
    """``unit`` can no longer leave the friend's hex ``hex`` it is passing: stuck (GB-7.4)."""

    unit: str
    side: int
    hex: str

    def text_for(self, viewer=None, players=()):
        return _("{unit} is stuck in {hex} with a friendly unit.").format(unit=self.unit, hex=self.hex)


class ShotResolved(_Ev, tag="gb.ShotResolved"):
    """One direct-fire shot (GB-9.13): ``shooter`` (``""`` when the reader does not spot
    it) of ``side`` with ``weapon`` at ``target`` of ``target_side`` at ``distance``;
    base grade ``d0``, final grade ``grade``, threshold ``threshold`` (all -1 when the
    reader may not know them); the d20 ``roll``; ``hit``; ``blind`` (GB-9.3);
    ``overwatch`` (GB-11.6)."""

    shooter: str
    side: int
    weapon: str
    target: str
    target_side: int
    distance: int
    d0: int
    grade: int
    threshold: int
    roll: int
    hit: bool
    blind: bool = False
    overwatch: bool = False

    def text_for(self, viewer=None, players=()):
        who = self.shooter or _unseen()
        result = _("hit") if self.hit else _("miss")
        if self.threshold < 0:
            return _("{shooter} fires a {weapon} at {target}: d20 {roll}, {result}.").format(
                shooter=who, weapon=_weapon(self.weapon), target=self.target, roll=self.roll, result=result
            )
        kind = ""
        if self.overwatch:
            kind = _(" (overwatch)")
        elif self.blind:
            kind = _(" (blind)")
        return _(
            "{shooter} fires the {weapon}{kind} at {target}, {distance} hexes: grade {grade}, "
            "needs {threshold}+; d20 {roll}, {result}."
        ).format(
            shooter=who,
            weapon=_weapon(self.weapon),
            kind=kind,
            target=self.target,
            distance=self.distance,
            grade=self.grade,
            threshold=self.threshold,
            roll=self.roll,
            result=result,
        )


class ShotBlocked(_Ev, tag="gb.ShotBlocked"):
    """A shot of ``unit`` at ``target`` was stopped by a mech unseen in the line of
    fire at ``hex`` (GB-9.2); the shot is spent, no roll is made."""

    unit: str
    side: int
    weapon: str
    target: str
    hex: str

    def text_for(self, viewer=None, players=()):
        return _("{unit}'s shot at {target} is stopped by a mech in the line of fire at {hex}.").format(
            unit=self.unit, target=self.target, hex=self.hex
        )


class Damaged(_Ev, tag="gb.Damaged"):
    """``unit`` took ``amount`` damage (the dice ``faces``), Health now ``health`` (GB-14.1)."""

    unit: str
    side: int
    amount: int
    faces: tuple[int, ...]
    health: int

    def text_for(self, viewer=None, players=()):
        dice = " + ".join(str(f) for f in self.faces)
        return _("{unit} takes {amount} damage ({dice}): Health {health}.").format(
            unit=self.unit, amount=self.amount, dice=dice, health=self.health
        )


class FailureCheck(_Ev, tag="gb.FailureCheck"):
    """A failure check of ``unit`` (GB-14.3): d20 ``roll``; ``failed`` on 1-4."""

    unit: str
    side: int
    roll: int
    failed: bool

    def text_for(self, viewer=None, players=()):
        if self.failed:
            return _("{unit} failure check: d20 {roll}, a system fails.").format(
                unit=self.unit, roll=self.roll
            )
        return _("{unit} failure check: d20 {roll}, nothing.").format(unit=self.unit, roll=self.roll)


class SystemFailed(_Ev, tag="gb.SystemFailed"):
    """``system`` (a key) of ``unit`` failed (GB-14.4): picked by ``roll`` on a d``of``
    (0 and 1 when it was the only working system; 0 and 0 when none was left)."""

    unit: str
    side: int
    system: str
    roll: int
    of: int

    def text_for(self, viewer=None, players=()):
        if not self.system:
            return _("{unit} has no working system left to fail.").format(unit=self.unit)
        if self.roll:
            return _("{unit}: d{n} {roll}, the {system} fails.").format(
                unit=self.unit, n=self.of, roll=self.roll, system=system_name(self.system)
            )
        return _("{unit}: the {system} fails.").format(unit=self.unit, system=system_name(self.system))


class Destroyed(_Ev, tag="gb.Destroyed"):
    """``unit`` was destroyed at ``hex`` (GB-15.1); ``wreck``: the hex became rubble
    (GB-15.3)."""

    unit: str
    side: int
    hex: str
    wreck: bool

    def text_for(self, viewer=None, players=()):
        if self.wreck:
            return _("{unit} is destroyed; its wreck turns {hex} into rubble.").format(
                unit=self.unit, hex=self.hex
            )
        return _("{unit} is destroyed at {hex}.").format(unit=self.unit, hex=self.hex)


class ArcFired(_Ev, tag="gb.ArcFired"):
    """``unit`` launched projectile ``seq`` with ``weapon`` at ``aim``, ``distance`` hexes
    away, landing in turn ``arrival`` (GB-12.2 to GB-12.5); ``target``: the guided
    target (GB-13.3) or ``""``. Its side's only."""

    unit: str
    side: int
    weapon: str
    aim: str
    distance: int
    arrival: int
    seq: int
    target: str = ""

    def text_for(self, viewer=None, players=()):
        if self.target:
            return _(
                "{unit} fires its {weapon}, guided, at {target} ({aim}, {distance} hexes): #{seq} lands in turn {turn}."
            ).format(
                unit=self.unit,
                weapon=_weapon(self.weapon),
                target=self.target,
                aim=self.aim,
                distance=self.distance,
                seq=self.seq,
                turn=self.arrival,
            )
        return _(
            "{unit} fires the {weapon} in an arc at {aim} ({distance} hexes): #{seq} lands in turn {turn}."
        ).format(
            unit=self.unit,
            weapon=_weapon(self.weapon),
            aim=self.aim,
            distance=self.distance,
            seq=self.seq,
            turn=self.arrival,
        )


class ProjectileLanded(_Ev, tag="gb.ProjectileLanded"):
    """A projectile of ``side`` (``seq``; -1 for a reader who did not know of it) with
    ``weapon`` aimed at ``aim`` landed at ``hex`` (``""``: off the map, lost); ``roll``
    on a d``of`` picked the hex (0: no roll, CEP 1 or guided); ``guided``: it homed on
    its designated target (GB-12.6 to GB-12.8, GB-13.4)."""

    side: int
    seq: int
    weapon: str
    aim: str
    hex: str
    roll: int = 0
    of: int = 0
    guided: bool = False

    def text_for(self, viewer=None, players=()):
        weapon = _weapon(self.weapon)
        if self.guided:
            return _("A guided {weapon} homes on its target at {hex}.").format(weapon=weapon, hex=self.hex)
        if not self.hex:
            return _("The {weapon}'s shell aimed at {aim} scatters off the map (d{n} {roll}).").format(
                weapon=weapon, aim=self.aim, n=self.of, roll=self.roll
            )
        if self.roll:
            return _("The {weapon}'s shell aimed at {aim} lands at {hex} (d{n} {roll}).").format(
                weapon=weapon, aim=self.aim, hex=self.hex, n=self.of, roll=self.roll
            )
        return _("The {weapon}'s shell lands at {hex}.").format(weapon=weapon, hex=self.hex)


class OverwatchDeclared(_Ev, tag="gb.OverwatchDeclared"):
    """``unit`` declared overwatch with ``weapon`` on sector ``sector`` (first direction)
    with ``shots`` reserved; ``per_trigger``: 0 to be asked at each trigger, else its
    standing order (GB-11.1, GB-11.2). Its side's only."""

    unit: str
    side: int
    weapon: str
    sector: int
    shots: int
    per_trigger: int = 0

    def text_for(self, viewer=None, players=()):
        return ngettext(
            "{unit} watches sector {sector} with the {weapon}: {n} shot reserved.",
            "{unit} watches sector {sector} with the {weapon}: {n} shots reserved.",
            self.shots,
        ).format(unit=self.unit, sector=SECTOR_NAMES[self.sector], weapon=_weapon(self.weapon), n=self.shots)


class OverwatchTriggered(_Ev, tag="gb.OverwatchTriggered"):
    """``target`` appeared in the sector of ``unit`` (GB-11.3). Its side's only."""

    unit: str
    side: int
    target: str
    hex: str

    def text_for(self, viewer=None, players=()):
        return _("{target} appears at {hex} in the sector {unit} watches.").format(
            target=self.target, hex=self.hex, unit=self.unit
        )


class TriggerPassed(_Ev, tag="gb.TriggerPassed"):
    """A trigger of ``unit`` at which no shot was legal passed unused (GB-11.4);
    ``reason``: why the shot was not legal, as its rule gave it (None in games saved
    before it was kept). Its side's only."""

    unit: str
    side: int
    target: str
    reason: Reason | None = None

    def text_for(self, viewer=None, players=()):
        text = _("{unit} cannot fire at {target}: the trigger passes.").format(
            unit=self.unit, target=self.target
        )
        if self.reason is None:
            return text
        return f"{text} {self.reason.text()} ({self.reason.rule})"


class OverwatchExpired(_Ev, tag="gb.OverwatchExpired"):
    """``unit``'s unfired overwatch shots expired (GB-11.7). Its side's only."""

    unit: str
    side: int
    shots: int

    def text_for(self, viewer=None, players=()):
        return ngettext(
            "{unit}'s overwatch ends with {n} shot unfired.",
            "{unit}'s overwatch ends with {n} shots unfired.",
            self.shots,
        ).format(unit=self.unit, n=self.shots)


class Designated(_Ev, tag="gb.Designated"):
    """``unit`` designated ``target`` with its laser (GB-13.1). Its side's only."""

    unit: str
    side: int
    target: str

    def text_for(self, viewer=None, players=()):
        return _("{unit} designates {target}.").format(unit=self.unit, target=self.target)


class DesignationEnded(_Ev, tag="gb.DesignationEnded"):
    """``unit``'s designation of ``target`` ended (GB-13.2). Its side's only."""

    unit: str
    side: int
    target: str

    def text_for(self, viewer=None, players=()):
        return _("{unit} no longer designates {target}.").format(unit=self.unit, target=self.target)


class GuidanceBound(_Ev, tag="gb.GuidanceBound"):
    """``unit`` guided a projectile onto ``target`` and is bound to keep it in sight
    until the End phase (GB-13.5). Its side's only."""

    unit: str
    side: int
    target: str

    def text_for(self, viewer=None, players=()):
        return _("{unit} guided the hit and must keep {target} in sight this turn.").format(
            unit=self.unit, target=self.target
        )


class SmokeLaid(_Ev, tag="gb.SmokeLaid"):
    """``unit`` (``""`` when the reader does not spot it) laid smoke on ``hex`` and its
    neighbours ``hexes`` until the End phase of turn ``until`` (GB-18.4)."""

    unit: str
    side: int
    hex: str
    hexes: tuple[str, ...]
    until: int

    def text_for(self, viewer=None, players=()):
        if not self.unit:
            return _("Smoke covers {hexes} until the end of turn {turn}.").format(
                hexes=" ".join(self.hexes), turn=self.until
            )
        return _("{unit} lays smoke on {hexes} until the end of turn {turn}.").format(
            unit=self.unit, hexes=" ".join(self.hexes), turn=self.until
        )


class SmokeCleared(_Ev, tag="gb.SmokeCleared"):
    """The smoke on ``hexes`` disappeared (GB-3.7)."""

    hexes: tuple[str, ...]

    def text_for(self, viewer=None, players=()):
        return _("The smoke clears from {hexes}.").format(hexes=" ".join(self.hexes))


class Conceded(_Ev, tag="gb.Conceded"):
    """``side`` conceded (GB-16.3)."""

    side: int

    def text_for(self, viewer=None, players=()):
        return _("{player} concedes.").format(player=_side(self.side, players))


class GameOver(_Ev, tag="gb.GameOver"):
    """The battle ended (GB-16): ``winner`` (None: a draw), ``reason`` (message ID),
    ``scores``: per side, the Max Health of the enemy units it destroyed."""

    winner: int | None
    reason: str
    scores: tuple[int, int] = (0, 0)

    def text_for(self, viewer=None, players=()):
        why = _(self.reason)
        if self.winner is None:
            return _("The battle is a draw: {why}.").format(why=why)
        return _("{player} wins: {why}.").format(player=_side(self.winner, players), why=why)


EVENT_TYPES = (
    TurnBegan
    | InitiativeRolled
    | TieBroken
    | Deployed
    | ActivationBegan
    | ActivationEnded
    | MoveOpened
    | Stepped
    | Pivoted
    | Held
    | PathStopped
    | BecameStuck
    | ShotResolved
    | ShotBlocked
    | Damaged
    | FailureCheck
    | SystemFailed
    | Destroyed
    | ArcFired
    | ProjectileLanded
    | OverwatchDeclared
    | OverwatchTriggered
    | TriggerPassed
    | OverwatchExpired
    | Designated
    | DesignationEnded
    | GuidanceBound
    | SmokeLaid
    | SmokeCleared
    | Conceded
    | GameOver
)
