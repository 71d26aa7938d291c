"""The events of Six Chances Party, for the log (a msgspec tagged union).

Every event has ``to``: None when both players may see it, else the only side
that may (the sealed starting squads before the reveal, SC-2.5). ``text()``
renders the event in the current language through :func:`engine.i18n._`;
``text_for(viewer, players)`` renders it as ``viewer`` reads it (None: no side, e.g.
a replay), naming the players by ``players`` (their names, by seat) where given.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import _, ngettext
from engine.ruleset import Event
from engine.rulesets.sixchances.catalog import ENDING_WHY, ENDINGS, STAT_NAMES, STAT_SHORT, STATS
from engine.rulesets.sixchances.state import SquadOrder, Tokens

__all__ = [
    "AttackDeclared",
    "ending_why",
    "outcome_text",
    "AttackerWon",
    "BagSplit",
    "CannotAttack",
    "DefenceRolled",
    "DefenderWon",
    "FirstPlayer",
    "ForcedLapsed",
    "GameOver",
    "Passed",
    "Regrouped",
    "ReinforcementRolled",
    "RollOff",
    "SCEvent",
    "SquadDestroyed",
    "SquadMoved",
    "SquadsOrdered",
    "SquadsRevealed",
    "SquadsSealed",
    "TurnBegan",
    "TurnEnded",
]


def _player(side: int, players: Sequence[str] = ()) -> str:
    """The player's name when the game knows one, else the seat ("Player 2")."""
    name = players[side].strip() if side < len(players) else ""
    seat = _("Player {n}").format(n=side + 1)
    if not name or name == f"Player {side + 1}" or name == seat:
        return seat
    return name


def outcome_text(winner: int | None, ending: str, players: Sequence[str] = ()) -> str:
    """How the game ended, in a sentence (SC-11.7): ``Bob wins: Alice is out of Potential
    and behind on tokens``; ``Draw (stalemate)``."""
    if winner is None:
        return _("Draw ({condition})").format(condition=_(ENDINGS.get(ending, ending)))
    why = ending_why(winner, ending, players)
    return _("{player} wins: {why}").format(player=_player(winner, players), why=why)


def ending_why(winner: int | None, ending: str, players: Sequence[str] = ()) -> str:
    """The end condition won by ``winner``, saying who ran out and who was ahead
    (``Alice is out of Potential and behind on tokens``); "" for a draw."""
    if winner is None or ending not in ENDING_WHY:
        return ""
    return _(ENDING_WHY[ending]).format(winner=_player(winner, players), loser=_player(1 - winner, players))


class _Text(Event):
    """An event of this ruleset: :meth:`text` is :meth:`text_for` with no viewer and no names."""

    def text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:  # pragma: no cover
        raise NotImplementedError


def _stat(stat: str) -> str:
    return _(STAT_NAMES[stat])


def _tokens(n: int) -> str:
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def _up_to(n: int) -> str:
    """``up to 3 tokens``: its own message, as some languages decline the count after "up to"."""
    return ngettext("up to {n} token", "up to {n} tokens", n).format(n=n)


def _levels(pot: int, res: int, sup: int) -> str:
    return _("Pot {pot} / Res {res} / Sup {sup}").format(pot=pot, res=res, sup=sup)


def _squad_list(labels: tuple[str, ...], squads: tuple[SquadOrder, ...]) -> str:
    parts = []
    for label, s in zip(labels, squads, strict=True):
        text = f"{label} {_levels(s.pot, s.res, s.sup)}"
        if s.cell:
            text += " " + _("on {cell}").format(cell=s.cell)
        parts.append(text)
    return "; ".join(parts)


class BagSplit(_Text, tag="sc.BagSplit"):
    """The bag was split into the two reserves (SC-2.2): each player's tokens by colour."""

    p1: Tokens
    p2: Tokens

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _(
            "The bag is split. {p1}'s reserve: {r1} red, {g1} green, {b1} blue; "
            "{p2}'s reserve: {r2} red, {g2} green, {b2} blue."
        ).format(
            p1=_player(0, players),
            p2=_player(1, players),
            r1=self.p1.pot,
            g1=self.p1.res,
            b1=self.p1.sup,
            r2=self.p2.pot,
            g2=self.p2.res,
            b2=self.p2.sup,
        )


class SquadsSealed(_Text, tag="sc.SquadsSealed"):
    """``side`` has sealed its starting squads; what they are stays hidden (SC-2.5)."""

    side: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{player} has sealed their starting squads.").format(player=_player(self.side, players))


class SquadsOrdered(_Text, tag="sc.SquadsOrdered"):
    """Private to ``side`` (``to``): the starting squads it sealed, with their future labels."""

    side: int
    labels: tuple[str, ...]
    squads: tuple[SquadOrder, ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        squads = _squad_list(self.labels, self.squads)
        if viewer == self.side:
            return _("Your sealed starting squads: {squads}.").format(squads=squads)
        return _("{player}'s sealed starting squads: {squads}.").format(
            player=_player(self.side, players), squads=squads
        )


class SquadsRevealed(_Text, tag="sc.SquadsRevealed"):
    """Both orders are in: ``side``'s starting squads are revealed (SC-2.5)."""

    side: int
    labels: tuple[str, ...]
    squads: tuple[SquadOrder, ...]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{player} reveals: {squads}.").format(
            player=_player(self.side, players), squads=_squad_list(self.labels, self.squads)
        )


class RollOff(_Text, tag="sc.RollOff"):
    """One round of the roll-off for the first turn: each player's d20 (SC-2.7)."""

    p1: int
    p2: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.p1 == self.p2:
            return _("Roll-off for the first turn: {p1} rolls {a}, {p2} rolls {b}; roll again.").format(
                p1=_player(0, players), p2=_player(1, players), a=self.p1, b=self.p2
            )
        return _("Roll-off for the first turn: {p1} rolls {a}, {p2} rolls {b}.").format(
            p1=_player(0, players), p2=_player(1, players), a=self.p1, b=self.p2
        )


class FirstPlayer(_Text, tag="sc.FirstPlayer"):
    """``side`` moves first; ``placed``: tokens each player placed in its starting squads (SC-2.7)."""

    side: int
    placed: tuple[int, int]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{player} moves first.").format(player=_player(self.side, players))


class TurnBegan(_Text, tag="sc.TurnBegan"):
    """Turn number ``turn`` of ``side`` begins (SC-4.1)."""

    side: int
    turn: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("Turn {turn}: {player}.").format(turn=self.turn, player=_player(self.side, players))


class CannotAttack(_Text, tag="sc.CannotAttack"):
    """``side`` is not able to attack: the Attack and Defence steps are skipped (SC-4.5)."""

    side: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{player} cannot attack; the turn goes to the Support step.").format(
            player=_player(self.side, players)
        )


class AttackDeclared(_Text, tag="sc.AttackDeclared"):
    """``attacker`` attacks ``target``; the attack roll on a d``die`` gave ``roll`` (SC-5.1, SC-5.2)."""

    attacker: str
    target: str
    die: int
    roll: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{attacker} attacks {target}: the d{die} attack roll is {roll}.").format(
            attacker=self.attacker, target=self.target, die=self.die, roll=self.roll
        )


class DefenceRolled(_Text, tag="sc.DefenceRolled"):
    """``target`` defends with ``stat`` (level ``level``); the defence roll on a d``die``
    gave ``roll`` (SC-5.3, SC-5.4)."""

    target: str
    stat: str
    level: int
    die: int
    roll: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{target} defends with {stat} ({level}): the d{die} defence roll is {roll}.").format(
            target=self.target, stat=_stat(self.stat), level=self.level, die=self.die, roll=self.roll
        )


class AttackerWon(_Text, tag="sc.AttackerWon"):
    """The attacker won the roll (SC-5.5, SC-6): Protection, Damage and the tokens of
    ``stat``'s colour removed from ``target`` into the bag."""

    attacker: str
    target: str
    stat: str
    protection: int
    damage: int
    removed: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _(
            "The attacker wins. Protection {protection}, damage {damage}: {target} loses {tokens} of {stat}."
        ).format(
            protection=self.protection,
            damage=self.damage,
            target=self.target,
            tokens=_tokens(self.removed),
            stat=_stat(self.stat),
        )


class DefenderWon(_Text, tag="sc.DefenderWon"):
    """The defender won the roll (SC-5.5, SC-7): saved tokens and the Potential tokens
    ``attacker`` loses into the bag."""

    attacker: str
    target: str
    saved: int
    losses: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("The defender wins. Saved {saved}: {attacker} loses {tokens} of Potential.").format(
            saved=self.saved, attacker=self.attacker, tokens=_tokens(self.losses)
        )


class SquadDestroyed(_Text, tag="sc.SquadDestroyed"):
    """Squad ``label`` has no tokens left and leaves the table (SC-8.1, SC-9.7)."""

    label: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{label} has no tokens left and leaves the table.").format(label=self.label)


class SquadMoved(_Text, tag="sc.SquadMoved"):
    """Field variant: squad ``label`` moved from cell ``src`` to cell ``dst`` (SC-12.1.4)."""

    label: str
    src: str
    dst: str

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{label} moves from {src} to {dst}.").format(label=self.label, src=self.src, dst=self.dst)


class Passed(_Text, tag="sc.Passed"):
    """Field variant: ``side`` neither attacked nor moved (SC-12.1.4)."""

    side: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{player} passes.").format(player=_player(self.side, players))


class ReinforcementRolled(_Text, tag="sc.ReinforcementRolled"):
    """``side`` rolled its reinforcement d``die`` for an allowance of ``allowance``
    tokens; ``forced``: the roll had to bring Potential onto the table (SC-9.3, SC-9.8)."""

    side: int
    die: int
    allowance: int
    forced: bool

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.forced:
            return _(
                "{player} must reinforce and rolls the d{die}: {up_to} may move, "
                "at least one of them Potential from the reserve."
            ).format(player=_player(self.side, players), die=self.die, up_to=_up_to(self.allowance))
        return _("{player} reinforces with the d{die}: {up_to} may move.").format(
            player=_player(self.side, players), die=self.die, up_to=_up_to(self.allowance)
        )


class Regrouped(_Text, tag="sc.Regrouped"):
    """``side``'s rearrangement (SC-9.4-SC-9.7): ``cost`` of ``allowance`` tokens; the
    new squad's label (or ""); the squads disbanded; ``changes``: the net change of each
    place that changed, as (place, Potential, Resilience, Support), the place a squad's
    label or ``"reserve"`` (SC-9.5; public, SC-1.11)."""

    side: int
    cost: int
    allowance: int
    new_squad: str
    disbanded: tuple[str, ...]
    changes: tuple[tuple[str, int, int, int], ...] = ()

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        player, tokens = _player(self.side, players), _tokens(self.cost)
        if self.changes:
            out = _("{player} moves {tokens} (allowance {allowance}): {changes}.").format(
                player=player,
                tokens=tokens,
                allowance=self.allowance,
                changes="; ".join(_change(c) for c in self.changes),
            )
        else:
            out = _("{player} moves {tokens} (allowance {allowance}).").format(
                player=player, tokens=tokens, allowance=self.allowance
            )
        if self.new_squad:
            out += " " + _("New squad {label}.").format(label=self.new_squad)
        if self.disbanded:
            out += " " + _("Disbanded: {labels}.").format(labels=", ".join(self.disbanded))
        return out


def _change(change: tuple[str, int, int, int]) -> str:
    """One place's net change, ``1A +2 Pot -1 Sup``; ``reserve -2 Pot``."""
    place, *delta = change
    name = _("reserve") if place == "reserve" else place
    parts = [f"{d:+d} {_(STAT_SHORT[stat])}" for stat, d in zip(STATS, delta, strict=True) if d]
    return " ".join([name, *parts])


class ForcedLapsed(_Text, tag="sc.ForcedLapsed"):
    """Field variant: the forced reinforcement lapses this turn, having no squad and no
    free cell to receive Potential (SC-12.1.9)."""

    side: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _(
            "{player} has no squad and no free cell for a new one: the forced reinforcement lapses this turn."
        ).format(player=_player(self.side, players))


class TurnEnded(_Text, tag="sc.TurnEnded"):
    """``side``'s turn ended; ``skipped``: it neither attacked nor reinforced (SC-4.6);
    ``idle``: consecutive idle turns now (SC-11.6) of ``limit`` (SC-11.5)."""

    side: int
    skipped: bool
    idle: int
    limit: int

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        if self.skipped:
            out = _("{player}'s turn is skipped.").format(player=_player(self.side, players))
        else:
            out = _("{player}'s turn ends.").format(player=_player(self.side, players))
        if self.idle:
            out += " " + _("Idle turns in a row: {n} of {limit}.").format(n=self.idle, limit=self.limit)
        return out


class GameOver(_Text, tag="sc.GameOver"):
    """The game ended (SC-11.7): ``winner`` (None: a draw), the condition ``ending``
    (``"a"``-``"d"``) and each player's remaining total in tokens (SC-1.8)."""

    winner: int | None
    ending: str
    totals: tuple[int, int]

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        return _("{outcome}. Remaining totals: {t1} to {t2}.").format(
            outcome=outcome_text(self.winner, self.ending, players), t1=self.totals[0], t2=self.totals[1]
        )


#: Every event of this ruleset, as a msgspec tagged union.
SCEvent = (
    BagSplit
    | SquadsSealed
    | SquadsOrdered
    | SquadsRevealed
    | RollOff
    | FirstPlayer
    | TurnBegan
    | CannotAttack
    | AttackDeclared
    | DefenceRolled
    | AttackerWon
    | DefenderWon
    | SquadDestroyed
    | SquadMoved
    | Passed
    | ReinforcementRolled
    | Regrouped
    | ForcedLapsed
    | TurnEnded
    | GameOver
)
