"""The events of movement, combat and morale: every die of every losses
computation (TK-5.1) and every morale roll (TK-10)."""

from __future__ import annotations

from engine.i18n import _
from engine.rulesets.kingdoms.catalog import MORALE_NAMES
from engine.rulesets.kingdoms.events.base import TKEvent

__all__ = [
    "Damage",
    "Destroyed",
    "MoraleApplied",
    "MoraleRecorded",
    "MoraleRoll",
    "Mounted",
    "Moved",
    "Panic",
    "Redirected",
    "TargetSwitched",
    "Threshold",
]


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
