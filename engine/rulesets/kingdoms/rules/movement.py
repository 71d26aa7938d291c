"""Movement (TK-3), retreats (TK-9.1, TK-9.6, TK-9.7) and panic flight (TK-16.4).

Each condition on entering a base is stated once, in :func:`entry_problem`
(capacity TK-3.2, terrain TK-3.5, gates TK-3.6); the first step of a retreat in
:func:`retreat_problem` (TK-9.1). :func:`step` carries out one completed step
(its ``arrived_from``, TK-3.8; a tower crew leaving its tower, TK-13.1; an
automatic stratagem it triggers, TK-17.1).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.ruleset import Event
from engine.rulesets.kingdoms.events import CardPlayed, Moved
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.common import problem
from engine.rulesets.kingdoms.rules.morale import immediate
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "entry_problem",
    "flight_destination",
    "mark_retreat",
    "path_problem",
    "retreat_destinations",
    "retreat_problem",
    "step",
]


def entry_problem(state: State, bd: Board, reg: Regiment, frm: str, to: str, mounted: bool) -> Problem | None:
    """Why ``reg`` (mounted or not, as given) may not step from ``frm`` into ``to``,
    or None: the link must exist (TK-3.1); its side must have room there, not
    counting ``reg`` itself (TK-3.2); mounted cavalry crosses no mountain link and
    enters no building (TK-3.5); standing gates bar the side that does not control
    the fortress (TK-3.6). Enemy regiments are the caller's concern (TK-3.3)."""
    if not bd.adjacent(frm, to):
        return problem("TK-3.1", N_("{frm} and {to} are not adjacent."), frm=frm, to=to)
    own = 0
    for r in state.regiments:
        if r.on_map and r.base == to and r.side == reg.side and r is not reg:
            own += 1
    if not bd.graph.has_room(to, own):
        return problem(
            "TK-3.2", N_("{to} is full: this side already has {n} there, its capacity."), to=to, n=own
        )
    if mounted:
        if bd.mountain(frm, to):
            return problem(
                "TK-3.5", N_("Mounted cavalry cannot cross the mountain link {frm}-{to}."), frm=frm, to=to
            )
        if bd.bases[to].building:
            return problem("TK-3.5", N_("Mounted cavalry cannot enter the building {to}."), to=to)
    fort = state.fortresses.get(to)
    if fort is not None and fort.standing and state.control.get(to) != reg.side:
        return problem("TK-3.6", N_("The gates of {to} stand: the enemy cannot enter."), to=to)
    return None


def retreat_problem(state: State, reg: Regiment, frm: str, to: str) -> Problem | None:
    """Why the first step ``frm`` → ``to`` of ``reg``'s retreat is not allowed, beyond
    :func:`entry_problem`, or None (TK-9.1): ``to`` holds no enemy (a) and is not the
    ``arrived_from`` of an enemy regiment now on ``frm`` (b)."""
    if state.enemy_on(to, reg.side):
        return problem("TK-9.1", N_("A retreat cannot go to {to}: the enemy holds it."), to=to)
    for r in state.regiments:
        if r.on_map and r.base == frm and r.side != reg.side and r.arrived_from == to:
            return problem(
                "TK-9.1", N_("A retreat cannot go to {to}: {enemy} came from there."), to=to, enemy=r.id
            )
    return None


def path_problem(
    state: State, bd: Board, reg: Regiment, path: tuple[str, ...], mounted: bool, attack: bool
) -> Problem | None:
    """Why ``reg`` may not take ``path`` (its base first, then one step, or two for
    mounted cavalry), or None. Each step must be allowed (:func:`entry_problem`);
    no step may enter an enemy-occupied base except an attack's last (TK-3.3, TK-3.4);
    a retreat's first step must be a legal retreat step (TK-9.1); a regiment that
    retreats may attack only as mounted cavalry taking two steps (TK-9.2, TK-9.4a)."""
    if not path or path[0] != reg.base:
        return problem(
            "TK-3.1", N_("The path must start at {base}, where {id} stands."), base=reg.base, id=reg.id
        )
    steps = len(path) - 1
    if steps < 1:
        return problem("TK-3.1", N_("A path needs at least one step."))
    if steps > (2 if mounted else 1):
        if mounted:
            return problem("TK-3.4", N_("Mounted cavalry moves at most two steps."))
        return problem("TK-3.1", N_("{id} moves only one step."), id=reg.id)
    retreat = state.enemy_on(reg.base, reg.side)
    if retreat and attack and not (mounted and steps == 2):
        return problem(
            "TK-9.2",
            N_("{id} would retreat from {base}: only mounted cavalry taking two steps may still attack."),
            id=reg.id,
            base=reg.base,
        )
    for i in range(steps):
        a, b = path[i], path[i + 1]
        p = entry_problem(state, bd, reg, a, b, mounted)
        if p is not None:
            return p
        if i == 0 and retreat:
            p = retreat_problem(state, reg, a, b)
            if p is not None:
                return p
        last = i == steps - 1
        if state.enemy_on(b, reg.side) and not (attack and last):
            return problem(
                "TK-3.3",
                N_(
                    "{base} holds the enemy: a move may end there only as an attack, and cannot pass through."
                ),
                base=b,
            )
    return None


def retreat_destinations(state: State, bd: Board, reg: Regiment) -> list[str]:
    """The legal destinations of a forced single-step retreat of ``reg`` from its
    base, in base order (TK-9.7, TK-9.1; mounted cavalry too takes one step)."""
    out = []
    for to in bd.neighbours(reg.base):
        mounted = reg.mounted and reg.cavalry
        if (
            entry_problem(state, bd, reg, reg.base, to, mounted) is None
            and retreat_problem(state, reg, reg.base, to) is None
        ):
            out.append(to)
    return out


def flight_destination(state: State, bd: Board, reg: Regiment) -> str | None:
    """Where a panicking ``reg`` flees (TK-16.4): among the adjacent bases it may
    enter that hold no enemy (and, from a contested base, that a retreat may reach),
    the one farthest from the nearest enemy regiment (TK-1.6 distance); ties go to
    base order. None when there is none."""
    contested = state.enemy_on(reg.base, reg.side)
    enemy_bases = {r.base for r in state.regiments if r.on_map and r.side != reg.side}
    best: str | None = None
    best_d = -1
    for to in bd.neighbours(reg.base):
        if state.enemy_on(to, reg.side):
            continue
        if entry_problem(state, bd, reg, reg.base, to, reg.mounted and reg.cavalry) is not None:
            continue
        if contested and retreat_problem(state, reg, reg.base, to) is not None:
            continue
        d = bd.graph.nearest(to, enemy_bases)
        score = 10**6 if d is None else d
        if score > best_d:
            best, best_d = to, score
    return best


def mark_retreat(state: State, reg: Regiment) -> None:
    """``reg`` retreated in this phase: it is retreating until the end of the first
    phase at or after this one in which its side is passive (TK-2.7, TK-9.3)."""
    state_phase = state.phase
    reg.retreat_until = state_phase + 1 if reg.side == state.active else state_phase


def step(state: State, bd: Board, reg: Regiment, to: str, kind: str, dice: Dice, events: list[Event]) -> None:
    """``reg`` completes a step into ``to`` (``kind`` as in :class:`events.Moved`):
    its ``arrived_from`` becomes the base it left (TK-3.8); it stops being a tower
    crew if it leaves its tower (TK-13.1); an automatic stratagem card that this
    step fires is played at once (TK-17.1)."""
    frm = reg.base
    reg.arrived_from = frm
    reg.base = to
    if state.crews.get(frm) == reg.id:
        del state.crews[frm]
    fort = state.fortresses.get(frm)
    if fort is not None and fort.crew == reg.id:
        fort.crew = None
    events.append(Moved(regiment=reg.id, frm=frm, dest=to, kind=kind))
    for card in state.scenario.cards:
        if (
            card.trigger == "auto"
            and card.enter == to
            and card.side != reg.side
            and state.uses.get(card.id, 0) > 0
        ):
            play_card(state, card.id, "", dice, events)


def play_card(state: State, card_id: str, by: str, dice: Dice, events: list[Event]) -> None:
    """Play stratagem ``card_id`` (by regiment ``by``, or "" when it fires by
    itself): each enemy regiment on its target base loses 2d10 morale at once, in
    roster order (M1, TK-17.1, TK-10.3); one use is spent."""
    card = next(c for c in state.scenario.cards if c.id == card_id)
    state.uses[card_id] = state.uses.get(card_id, 0) - 1
    targets = [r for r in state.regiments if r.on_map and r.base == card.targets and r.side != card.side]
    events.append(
        CardPlayed(card=card.name, card_ru=card.name_ru, by=by, targets=tuple(r.id for r in targets))
    )
    for r in targets:
        immediate(state, r, "M1", dice, events)
