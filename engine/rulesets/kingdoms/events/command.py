"""The events of command actions: merges, stratagems, challenges, provocations,
duels, towers and sieges."""

from __future__ import annotations

from engine.i18n import _, current_language
from engine.rulesets.kingdoms.events.base import TKEvent, officer_label

__all__ = [
    "CardPlayed",
    "ChallengeAnswered",
    "ChallengeIssued",
    "CombatStopped",
    "CrewSet",
    "DuelRound",
    "Lapsed",
    "Merged",
    "Provocation",
    "SiegeEvent",
]


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
