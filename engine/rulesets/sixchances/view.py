"""What one side may see of a Six Chances Party game.

Everything is open (SC-1.11) except the starting squads before the reveal
(SC-2.5): while building, the opponent's sealed order is not in the view at
all, only the fact that it exists (``sealed``). Events are filtered by
``Event.visible_to`` (the sealed order's event is private to its side).
"""

from __future__ import annotations

import msgspec

from engine.rulesets.sixchances.board import home_zone
from engine.rulesets.sixchances.catalog import REINFORCEMENT_DICE, die_for
from engine.rulesets.sixchances.rules.common import able_to_attack, out_of_potential, to_act
from engine.rulesets.sixchances.state import Setup, SquadOrder, State, Tokens

__all__ = ["PendingView", "PlayerView", "SquadView", "View", "view"]


class SquadView(msgspec.Struct, frozen=True, kw_only=True):
    """A squad on the table: label, levels in tokens, the die each stat rolls (0: none,
    SC-3.1, SC-3.3), whether it can attack (Potential >= 1, SC-5.1) and its cell (field)."""

    label: str
    pot: int
    res: int
    sup: int
    dice: tuple[int, int, int]
    can_attack: bool
    cell: str | None = None

    @property
    def total(self) -> int:
        """Tokens in the squad."""
        return self.pot + self.res + self.sup


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One player as seen by the viewer.

    ``reserve`` (SC-1.5, open: SC-1.11); ``squads``; ``dice_unused``/``dice_used``:
    reinforcement dice by faces (SC-1.9); ``on_table`` and ``remaining`` in tokens
    (SC-1.8); ``out_of_potential`` (SC-10.1); ``sealed``: the starting order is in
    (building only); ``order``: the sealed starting squads, present only in the
    viewer's own view before the reveal (SC-2.5), else None; ``home``: the cells of
    the player's home zone in the field variant (SC-12.1.1), else empty.
    """

    reserve: Tokens
    squads: tuple[SquadView, ...]
    dice_unused: tuple[int, ...]
    dice_used: tuple[int, ...]
    on_table: int
    remaining: int
    out_of_potential: bool
    sealed: bool = False
    order: tuple[SquadOrder, ...] | None = None
    home: tuple[str, ...] = ()


class PendingView(msgspec.Struct, frozen=True, kw_only=True):
    """A declared attack awaiting the defending stat: squads by label, the attack die and roll."""

    attacker: str
    target: str
    die: int
    roll: int


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The game as ``viewer`` may know it (None: everything, for replays).

    ``phase``, ``active`` (whose turn), ``to_act`` (who must decide now), ``turn``,
    ``first``; ``players`` (index = side); ``bag`` (tokens out of the game, SC-1.4);
    ``pending``; ``die``/``allowance``/``forced`` of the current reinforcement (SC-9);
    ``can_attack``: the active player is able to attack (SC-4.3); ``idle`` consecutive
    idle turns of ``stalemate_turns`` (SC-11.5, SC-11.6); ``winner``/``ending`` once over.
    """

    viewer: int | None
    setup: Setup
    phase: str
    active: int
    to_act: tuple[int, ...]
    turn: int
    first: int | None
    players: tuple[PlayerView, PlayerView]
    bag: Tokens
    pending: PendingView | None
    die: int
    allowance: int
    forced: bool
    can_attack: bool
    idle: int
    stalemate_turns: int
    over: bool
    winner: int | None
    ending: str


def view(state: State, side: int | None) -> View:
    """What ``side`` may know of ``state`` (None: everything). The opponent's sealed
    starting squads are left out entirely (SC-2.5); all else is open (SC-1.11)."""
    players = []
    for s, p in enumerate(state.players):
        squads = tuple(
            SquadView(
                label=sq.label,
                pot=sq.pot,
                res=sq.res,
                sup=sq.sup,
                dice=(die_for(sq.pot), die_for(sq.res), die_for(sq.sup)),
                can_attack=sq.pot >= 1,
                cell=sq.cell,
            )
            for sq in p.squads
        )
        own = side is None or side == s
        r = p.reserve
        players.append(
            PlayerView(
                reserve=Tokens(r.pot, r.res, r.sup),
                squads=squads,
                dice_unused=tuple(p.dice),
                dice_used=tuple(d for d in REINFORCEMENT_DICE if d not in p.dice),
                on_table=p.on_table,
                remaining=p.remaining,
                out_of_potential=state.phase != "build"
                and out_of_potential(p, rolling=state.phase == "regroup" and state.active == s),
                sealed=p.order is not None,
                order=p.order if own else None,
                home=home_zone(s) if state.setup.field else (),
            )
        )
    pending = state.pending
    playing = state.phase not in ("build", "over")
    return View(
        viewer=side,
        setup=state.setup,
        phase=state.phase,
        active=state.active,
        to_act=tuple(sorted(to_act(state))),
        turn=state.turn,
        first=state.first,
        players=(players[0], players[1]),
        bag=Tokens(state.bag.pot, state.bag.res, state.bag.sup),
        pending=None
        if pending is None
        else PendingView(
            attacker=pending.attacker, target=pending.target, die=pending.die, roll=pending.roll
        ),
        die=state.die,
        allowance=state.allowance,
        forced=state.forced,
        can_attack=playing and able_to_attack(state, state.active),
        idle=state.idle,
        stalemate_turns=state.setup.stalemate_turns,
        over=state.phase == "over",
        winner=state.winner,
        ending=state.ending,
    )
