"""The events of the Three Kingdoms battle system, for the log (a msgspec tagged union).

Every die appears in the event that used it, with its purpose (TK-1.9, TK-19.2):
a :class:`Damage` carries every factor of the losses formula (TK-5.1), a
:class:`MoraleRoll` each morale die, :class:`DuelRound` the officers' rolls and
scores. ``to`` is None (both sides see the event) except while the active side
writes its orders: those events are its own (``to = (side,)``), since the other
side learns an order only when it resolves (TK-2.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import _, current_language, ngettext
from engine.ruleset import Event
from engine.rulesets.kingdoms.catalog import MORALE_NAMES, OFFICER_NAMES_RU

__all__ = [
    "BattleBegan",
    "CardPlayed",
    "ChallengeAnswered",
    "ChallengeIssued",
    "CombatStopped",
    "ControlChanged",
    "CrewSet",
    "Damage",
    "Destroyed",
    "DuelRound",
    "EVENT_TYPES",
    "GameOver",
    "Lapsed",
    "Merged",
    "MoraleApplied",
    "MoraleRecorded",
    "MoraleRoll",
    "Mounted",
    "Moved",
    "OrderFailed",
    "OrderNoted",
    "OrderRevealed",
    "OrdersGiven",
    "Panic",
    "PhaseBegan",
    "Provocation",
    "Redirected",
    "SiegeEvent",
    "Step",
    "TKEvent",
    "TargetSwitched",
    "Threshold",
    "officer_label",
]


def officer_label(name: str | None) -> str:
    """An officer's name in the current language (an unnamed commander: a phrase)."""
    if not name:
        return _("an unnamed commander")
    if current_language() == "ru":
        return OFFICER_NAMES_RU.get(name, name)
    return name


class TKEvent(Event):
    """An event of this system: :meth:`text` is :meth:`text_for` with no viewer."""

    def text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:  # pragma: no cover
        raise NotImplementedError


class BattleBegan(TKEvent, tag="tk.BattleBegan", kw_only=True):
    """The battle begins: the scenario's title (English and Russian) and turn limit."""

    title: str
    title_ru: str = ""
    turns: int

    def text_for(self, viewer=None, players=()):
        title = self.title_ru if current_language() == "ru" and self.title_ru else self.title
        return ngettext(
            "The battle {title} begins ({turns} turn at most).",
            "The battle {title} begins ({turns} turns at most).",
            self.turns,
        ).format(title=title, turns=self.turns)


class PhaseBegan(TKEvent, tag="tk.PhaseBegan", kw_only=True):
    """Phase ``phase`` of turn ``turn`` begins; ``side`` (its name) is active (TK-2.1)."""

    phase: int
    turn: int
    side: str

    def text_for(self, viewer=None, players=()):
        return _("Turn {turn}, phase {phase}: {side} attacks, the other side defends.").format(
            turn=self.turn, phase=self.phase, side=self.side
        )


def _step_name(step: str) -> str:
    names = {
        "0": _("Start"),
        "1": _("Continuing duels"),
        "2": _("Orders"),
        "3a": _("Mounting and dismounting"),
        "3b": _("Merges"),
        "3c": _("Stratagems"),
        "3d": _("Challenges and provocations"),
        "3e": _("Wall climbs"),
        "4": _("Siege engines"),
        "5a": _("Panic flight"),
        "5b": _("Movement and combat"),
        "5c": _("Counter-attacks"),
        "6": _("Rams completed"),
        "7a": _("Control"),
        "7b": _("Morale"),
        "7c": _("Panic"),
        "7d": _("Victory"),
    }
    return names.get(step, step)


class Step(TKEvent, tag="tk.Step", kw_only=True):
    """Step ``step`` of the phase procedure begins (TK-2.4, TK-19.2)."""

    step: str

    def text_for(self, viewer=None, players=()):
        return _("Step {step}: {name}.").format(step=self.step, name=_step_name(self.step))


class OrderNoted(TKEvent, tag="tk.OrderNoted", kw_only=True):
    """An order written (``order``, its notation) or taken back (``order`` empty) for
    ``regiment``; seen by the side writing it only."""

    regiment: str
    order: str

    def text_for(self, viewer=None, players=()):
        if not self.order:
            return _("Order of {regiment} taken back: it defends.").format(regiment=self.regiment)
        return _("Order noted: {order}.").format(order=self.order)


class OrdersGiven(TKEvent, tag="tk.OrdersGiven", kw_only=True):
    """The active side (``side``, its name) has given its orders (TK-2.4 step 2)."""

    side: str

    def text_for(self, viewer=None, players=()):
        return _("{side} has given its orders.").format(side=self.side)


class OrderRevealed(TKEvent, tag="tk.OrderRevealed", kw_only=True):
    """An order as it resolves, in notation (``order``): the other side learns it now."""

    regiment: str
    order: str

    def text_for(self, viewer=None, players=()):
        return _("Order: {order}.").format(order=self.order)


class OrderFailed(TKEvent, tag="tk.OrderFailed", kw_only=True):
    """An order that could no longer be carried out as given (TK-2.8): ``why`` is an
    untranslated message with ``{regiment}``, ``rule`` its rule ID."""

    regiment: str
    why: str
    rule: str

    def text_for(self, viewer=None, players=()):
        return _(self.why).format(regiment=self.regiment) + f" ({self.rule})"


class TargetSwitched(TKEvent, tag="tk.TargetSwitched", kw_only=True):
    """The attack of ``regiment`` switched from ``old`` to ``new`` (TK-2.8a)."""

    regiment: str
    old: str
    new: str

    def text_for(self, viewer=None, players=()):
        return _("{old} is gone: {regiment} attacks {new} instead (TK-2.8a).").format(
            regiment=self.regiment, old=self.old, new=self.new
        )


class Redirected(TKEvent, tag="tk.Redirected", kw_only=True):
    """The attack of ``attacker`` on ``declared`` is taken by the screening infantry
    ``screen`` (TK-8.2)."""

    attacker: str
    declared: str
    screen: str

    def text_for(self, viewer=None, players=()):
        return _("{screen} screens {declared}: the attack of {attacker} falls on {screen} (TK-8.2).").format(
            screen=self.screen, declared=self.declared, attacker=self.attacker
        )


class Moved(TKEvent, tag="tk.Moved", kw_only=True):
    """``regiment`` completed a step ``frm`` → ``dest``; ``kind``: move, retreat,
    forced (a duel's loser), flee, ride (ride-through), duel (the challenger),
    provoked."""

    regiment: str
    frm: str
    dest: str
    kind: str

    def text_for(self, viewer=None, players=()):
        texts = {
            "move": _("{regiment} moves {frm} → {to}."),
            "retreat": _("{regiment} retreats {frm} → {to} (TK-9.1)."),
            "forced": _("{regiment} is forced to retreat {frm} → {to} (TK-9.7)."),
            "flee": _("{regiment} flees in panic {frm} → {to} (TK-16.4)."),
            "ride": _("{regiment} rides through {frm} → {to} (TK-9.5a)."),
            "duel": _("{regiment} moves to the duel {frm} → {to} (TK-11.4)."),
            "provoked": _("{regiment} is provoked and moves {frm} → {to} (TK-12.3)."),
        }
        return texts.get(self.kind, texts["move"]).format(regiment=self.regiment, frm=self.frm, to=self.dest)


class Mounted(TKEvent, tag="tk.Mounted", kw_only=True):
    """``regiment`` mounted (``mounted`` true) or dismounted (TK-3.5)."""

    regiment: str
    mounted: bool

    def text_for(self, viewer=None, players=()):
        if self.mounted:
            return _("{regiment} mounts (TK-3.5).").format(regiment=self.regiment)
        return _("{regiment} dismounts (TK-3.5).").format(regiment=self.regiment)


def _variant(v: str) -> str:
    return {
        "a": _("simultaneous"),
        "b": _("first strike"),
        "c": _("no counter-attack"),
        "d": _("defender first"),
    }.get(v, v)


def _kind(k: str) -> str:
    return {
        "attack": _("attacks"),
        "fire": _("fires at"),
        "tower": _("fires from the tower at"),
        "counter": _("counter-attacks"),
        "extra": _("counter-attacks (screened archers)"),
        "crew": _("the tower crew shoots first at"),
    }.get(k, k)


class Damage(TKEvent, tag="tk.Damage", kw_only=True):
    """One damage computation (TK-5.1), every factor shown: ``dealer`` hits
    ``victim``; ``kind`` (attack, fire, tower, counter, extra, crew); ``variant``
    (TK-4.4, for attacks); ``n`` men, ``faces`` (the 2d10), ``m`` effective morale
    (%), ``mods`` (the codes P1, P2, P3, B1, X1), ``mt`` (tenths), ``k`` (the
    counter-attack number, 0 for attacks), ``f`` fatigue, ``t`` tower divisor,
    ``raw`` = floor(n·R·m·Mt / (40000·F·T)), ``losses`` (capped at ``before``),
    the victim's ``before`` and ``after``."""

    dealer: str
    victim: str
    kind: str
    variant: str = ""
    n: int
    faces: tuple[int, ...]
    m: int
    mods: tuple[str, ...] = ()
    mt: int
    k: int = 0
    f: int = 1
    t: int = 1
    raw: int
    losses: int
    before: int
    after: int

    def text_for(self, viewer=None, players=()):
        r = sum(self.faces)
        dice = "+".join(str(x) for x in self.faces)
        formula = f"⌊{self.n}·{r}·{self.m}·{self.mt}/(40000·{self.f}·{self.t})⌋ = {self.raw}"
        head = _("{dealer} {verb} {victim}").format(
            dealer=self.dealer, verb=_kind(self.kind), victim=self.victim
        )
        extra = []
        if self.variant:
            extra.append(_variant(self.variant))
        if self.k:
            extra.append(_("counter-attack {k}").format(k=self.k))
        if self.mods:
            extra.append(" ".join(self.mods))
        tail = f" ({', '.join(extra)})" if extra else ""
        return _("{head}{tail}: 2d10 = {dice} = {r}; {formula}; {victim} {before} → {after}.").format(
            head=head,
            tail=tail,
            dice=dice,
            r=r,
            formula=formula,
            victim=self.victim,
            before=self.before,
            after=self.after,
        )


class Destroyed(TKEvent, tag="tk.Destroyed", kw_only=True):
    """``regiment`` was destroyed (TK-4.8) by ``by`` (who personally destroyed it, M5)."""

    regiment: str
    by: str

    def text_for(self, viewer=None, players=()):
        return _("{regiment} is destroyed by {by} (TK-4.8).").format(regiment=self.regiment, by=self.by)


class Threshold(TKEvent, tag="tk.Threshold", kw_only=True):
    """``regiment`` crossed a loss threshold: ``code`` M6 (half) or M7 (three quarters)."""

    regiment: str
    code: str

    def text_for(self, viewer=None, players=()):
        if self.code == "M6":
            return _("{regiment} has lost half of its men (M6, TK-10.5).").format(regiment=self.regiment)
        return _("{regiment} has lost three quarters of its men (M7, TK-10.5).").format(
            regiment=self.regiment
        )


class MoraleRecorded(TKEvent, tag="tk.MoraleRecorded", kw_only=True):
    """A deferred morale event recorded (TK-10.3): ``code`` and its ``recipients``."""

    code: str
    recipients: tuple[str, ...]

    def text_for(self, viewer=None, players=()):
        base = self.code.rstrip("+-").replace("M8a", "M8")
        return _("{code} ({what}) recorded for {who}; rolled at the end of the phase.").format(
            code=base, what=_(MORALE_NAMES.get(base, base)), who=", ".join(self.recipients) or "—"
        )


class MoraleRoll(TKEvent, tag="tk.MoraleRoll", kw_only=True):
    """A morale change rolled for ``regiment``: ``code``, the d10 ``faces``, the
    ``constant`` added, the signed ``delta``; ``immediate`` changes (M1, M11) are
    applied and clamped at once, with ``after`` the morale then (TK-10.3)."""

    regiment: str
    code: str
    faces: tuple[int, ...]
    constant: int
    delta: int
    immediate: bool = False
    after: int = 0

    def text_for(self, viewer=None, players=()):
        base = self.code.rstrip("+-").replace("M8a", "M8")
        roll = "+".join(str(f) for f in self.faces) + (f"+{self.constant}" if self.constant else "")
        sign = "+" if self.delta >= 0 else "−"
        text = _("{regiment}: {code} ({what}), {roll} → morale {sign}{amount}").format(
            regiment=self.regiment,
            code=base,
            what=_(MORALE_NAMES.get(base, base)),
            roll=roll,
            sign=sign,
            amount=abs(self.delta),
        )
        if self.immediate:
            text += " " + _("at once, now {morale}").format(morale=self.after)
        return text + "."


class MoraleApplied(TKEvent, tag="tk.MoraleApplied", kw_only=True):
    """The phase's morale changes of ``regiment`` summed (``total``) and applied
    once, clamped to 0-200: ``before`` → ``after`` (TK-10.7)."""

    regiment: str
    before: int
    total: int
    after: int

    def text_for(self, viewer=None, players=()):
        return _("{regiment}: morale {before} {sign}{amount} → {after} (TK-10.7).").format(
            regiment=self.regiment,
            before=self.before,
            sign="+" if self.total >= 0 else "−",
            amount=abs(self.total),
            after=self.after,
        )


class Panic(TKEvent, tag="tk.Panic", kw_only=True):
    """Panic of ``regiment``: ``what`` is ``"detected"`` (TK-16.1, panicking in
    phases ``first``..``last``), ``"begins"`` (TK-16.2) or ``"ends"`` (TK-16.5)."""

    regiment: str
    what: str
    first: int = 0
    last: int = 0

    def text_for(self, viewer=None, players=()):
        if self.what == "detected":
            return _(
                "{regiment} inflicted no losses: it will panic in phases {first} and {last} (TK-16.1)."
            ).format(regiment=self.regiment, first=self.first, last=self.last)
        if self.what == "begins":
            return _("{regiment} panics (TK-16.2).").format(regiment=self.regiment)
        return _("{regiment} is no longer panicking (TK-16.5).").format(regiment=self.regiment)


class Merged(TKEvent, tag="tk.Merged", kw_only=True):
    """``keeper`` absorbed ``absorbed`` (TK-15): ``strength`` men (``dismissed`` above
    the cap), morale ``morale``."""

    keeper: str
    absorbed: str
    strength: int
    dismissed: int
    morale: int

    def text_for(self, viewer=None, players=()):
        return _(
            "{absorbed} merges into {keeper}: {strength} men ({dismissed} dismissed), morale {morale} (TK-15.2)."
        ).format(
            absorbed=self.absorbed,
            keeper=self.keeper,
            strength=self.strength,
            dismissed=self.dismissed,
            morale=self.morale,
        )


class CardPlayed(TKEvent, tag="tk.CardPlayed", kw_only=True):
    """The stratagem ``card`` (English and Russian names) was played by ``by`` (or
    fired by itself, ``by`` empty) against ``targets`` (TK-17.1)."""

    card: str
    card_ru: str = ""
    by: str = ""
    targets: tuple[str, ...] = ()

    def text_for(self, viewer=None, players=()):
        name = self.card_ru if current_language() == "ru" and self.card_ru else self.card
        who = ", ".join(self.targets) or "—"
        if self.by:
            return _("{by} plays the stratagem \u201c{card}\u201d against {who} (TK-17).").format(
                by=self.by, card=name, who=who
            )
        return _("The stratagem \u201c{card}\u201d springs against {who} (TK-17).").format(card=name, who=who)


class ChallengeIssued(TKEvent, tag="tk.ChallengeIssued", kw_only=True):
    """``challenger`` (officer ``name``) challenges ``target`` (officer ``target_name``)
    to a duel (TK-11.1); ``provocation`` for an insult (TK-12)."""

    challenger: str
    name: str
    target: str
    target_name: str
    provocation: bool = False

    def text_for(self, viewer=None, players=()):
        args = {
            "name": officer_label(self.name),
            "challenger": self.challenger,
            "target_name": officer_label(self.target_name),
            "target": self.target,
        }
        if self.provocation:
            return _("{name} ({challenger}) insults {target_name} ({target}) (TK-12).").format(**args)
        return _("{name} ({challenger}) challenges {target_name} ({target}) to a duel (TK-11).").format(
            **args
        )


class ChallengeAnswered(TKEvent, tag="tk.ChallengeAnswered", kw_only=True):
    """The challenged ``target`` accepted or refused (TK-11.3)."""

    target: str
    accepted: bool

    def text_for(self, viewer=None, players=()):
        if self.accepted:
            return _("{target} accepts the challenge.").format(target=self.target)
        return _("{target} refuses the challenge (M9).").format(target=self.target)


class Provocation(TKEvent, tag="tk.Provocation", kw_only=True):
    """The provocation of ``target`` by ``provoker``: his effective ``morale``, the
    d100 ``roll`` (0: none, automatic above 100) and whether it ``succeeded`` (TK-12.2)."""

    provoker: str
    target: str
    morale: int
    roll: int
    succeeded: bool

    def text_for(self, viewer=None, players=()):
        if not self.roll:
            return _("{target}'s morale {morale} is above 100: provoked at once (TK-12.2).").format(
                target=self.target, morale=self.morale
            )
        if self.succeeded:
            return _("d100 = {roll} < morale {morale}: {target} is provoked (TK-12.2).").format(
                roll=self.roll, morale=self.morale, target=self.target
            )
        return _("d100 = {roll} ≥ morale {morale}: the provocation of {target} fails (M10, TK-12.4).").format(
            roll=self.roll, morale=self.morale, target=self.target
        )


class Lapsed(TKEvent, tag="tk.Lapsed", kw_only=True):
    """A challenge, provocation or wall climb of ``regiment`` lapsed (TK-2.8e): no
    dice; ``fallback`` is the order it carries out instead (notation, may be empty)."""

    regiment: str
    fallback: str = ""

    def text_for(self, viewer=None, players=()):
        text = _("The order of {regiment} is no longer valid and lapses (TK-2.8e).").format(
            regiment=self.regiment
        )
        if self.fallback:
            text += " " + _("It carries out {order} instead.").format(order=self.fallback)
        return text


class DuelRound(TKEvent, tag="tk.DuelRound", kw_only=True):
    """A duel round (TK-11.4): the ``first`` officer (challenger or climber) and the
    ``second``, their regiments, d10 ``rolls`` and ``scores``; ``winner``: the
    winning regiment, or empty for a tie; ``wall``: a wall duel (TK-14.7)."""

    first: str
    first_name: str
    second: str
    second_name: str
    rolls: tuple[int, int]
    scores: tuple[int, int]
    winner: str = ""
    wall: bool = False

    def text_for(self, viewer=None, players=()):
        a, b = officer_label(self.first_name), officer_label(self.second_name)
        text = _("Duel: {a} rolls {ra} (score {sa}), {b} rolls {rb} (score {sb}).").format(
            a=a, ra=self.rolls[0], sa=self.scores[0], b=b, rb=self.rolls[1], sb=self.scores[1]
        )
        if not self.winner:
            if self.wall:
                return text + " " + _("A tie: nothing happens on the wall (TK-14.7).")
            return text + " " + _("A tie: the duel continues in the next phase (TK-11.6).")
        name = a if self.winner == self.first else b
        return text + " " + _("{name} wins.").format(name=name)


class CombatStopped(TKEvent, tag="tk.CombatStopped", kw_only=True):
    """Combat stops on ``base`` for this phase because of a duel (TK-11.7)."""

    base: str

    def text_for(self, viewer=None, players=()):
        return _("Combat stops on {base} for this phase (TK-11.7).").format(base=self.base)


class CrewSet(TKEvent, tag="tk.CrewSet", kw_only=True):
    """``regiment`` is now the crew of the tower on ``base`` (TK-13.1)."""

    base: str
    regiment: str

    def text_for(self, viewer=None, players=()):
        return _("{regiment} is now the tower crew of {base} (TK-13.1).").format(
            regiment=self.regiment, base=self.base
        )


class SiegeEvent(TKEvent, tag="tk.SiegeEvent", kw_only=True):
    """A siege event at ``fortress`` (TK-14): ``what`` is ``ram-ordered``,
    ``ram-ready``, ``ram-strike`` (``face`` of the d6, ``before``/``after`` gates),
    ``ballista`` (``name``, ``face``, ram ``before``/``after``), ``ram-destroyed``,
    ``gates-destroyed``, ``ballista-destroyed`` (``name``), ``ram-removed``,
    ``siege-ended``, ``siege-lifted``, ``ram-abandoned``; ``by``: the regiment
    concerned."""

    fortress: str
    what: str
    by: str = ""
    name: str = ""
    face: int = 0
    before: int = 0
    after: int = 0

    def text_for(self, viewer=None, players=()):
        args = {
            "fortress": self.fortress,
            "by": self.by,
            "name": self.name,
            "face": self.face,
            "before": self.before,
            "after": self.after,
        }
        texts = {
            "ram-ordered": _("{by} builds a ram against the gates of {fortress} (TK-14.4)."),
            "ram-ready": _("The ram at {fortress} is ready, 6 hit points (TK-14.4)."),
            "ram-abandoned": _("The ram ordered by {by} at {fortress} is not finished (TK-14.4)."),
            "ram-strike": _(
                "The ram strikes the gates of {fortress}: d6 = {face}, gates {before} → {after} (TK-14.4)."
            ),
            "ballista": _(
                "{name} of {fortress} shoots at the ram: d6 = {face}, ram {before} → {after} (TK-14.5)."
            ),
            "ram-destroyed": _("The ram at {fortress} is destroyed (M13, TK-14.5)."),
            "gates-destroyed": _("The gates of {fortress} are destroyed; the siege ends (M14, TK-14.6)."),
            "ballista-destroyed": _("{name} of {fortress} is destroyed (M12, TK-14.7)."),
            "ram-removed": _("The ram at {fortress} is removed (TK-14.9)."),
            "siege-ended": _("The siege of {fortress} ends (TK-14.9)."),
            "siege-lifted": _("The besiegers left {fortress}: the siege is lifted (M15, TK-14.9)."),
        }
        return texts.get(self.what, self.what).format(**args)


class ControlChanged(TKEvent, tag="tk.ControlChanged", kw_only=True):
    """``base`` passed from ``old`` to ``new`` (side names; empty: neutral) (TK-18.1)."""

    base: str
    old: str
    new: str

    def text_for(self, viewer=None, players=()):
        if not self.old:
            return _("{new} captures the neutral base {base} (TK-18.1).").format(new=self.new, base=self.base)
        return _("{base} passes from {old} to {new} (TK-18.1).").format(
            base=self.base, old=self.old, new=self.new
        )


class GameOver(TKEvent, tag="tk.GameOver", kw_only=True):
    """The battle is over: ``winner`` (side name, empty for a draw) and ``ending``:
    ``hq`` (the enemy HQ captured), ``wiped`` (no regiments left), ``limit`` (the
    turn limit), TK-18.2."""

    winner: str
    ending: str

    def text_for(self, viewer=None, players=()):
        if not self.winner:
            if self.ending == "wiped":
                return _("Neither side has a regiment left: a draw (TK-18.2).")
            return _("The turn limit is reached: a draw (TK-18.2).")
        if self.ending == "hq":
            return _("{side} holds the enemy headquarters and wins the battle (TK-18.2).").format(
                side=self.winner
            )
        return _("The enemy has no regiment left: {side} wins the battle (TK-18.2).").format(side=self.winner)


EVENT_TYPES = (
    BattleBegan
    | PhaseBegan
    | Step
    | OrderNoted
    | OrdersGiven
    | OrderRevealed
    | OrderFailed
    | TargetSwitched
    | Redirected
    | Moved
    | Mounted
    | Damage
    | Destroyed
    | Threshold
    | MoraleRecorded
    | MoraleRoll
    | MoraleApplied
    | Panic
    | Merged
    | CardPlayed
    | ChallengeIssued
    | ChallengeAnswered
    | Provocation
    | Lapsed
    | DuelRound
    | CombatStopped
    | CrewSet
    | SiegeEvent
    | ControlChanged
    | GameOver
)
