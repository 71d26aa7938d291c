"""Legality and resolution of Six Chances Party.

:func:`apply` checks an action against the state and, only when it is legal,
resolves it in place and returns the events; an illegal action raises
:class:`engine.ruleset.IllegalAction` naming the rule and leaves the state
untouched. Every random number comes from the game's dice (the split, the
roll-off, the attack, defence and reinforcement rolls: SC-2.2, SC-2.7, SC-5.2,
SC-5.4, SC-9.3), always rolled before the state changes.

Turn flow (SC-4.2): Attack step (``phase == "attack"``) -> Defence step
(``"defend"``, the opponent decides) -> Support step (``"support"``, then
``"regroup"`` after a reinforcement roll) -> end-of-turn check (SC-11.1) -> the
opponent's turn. Steps with nothing to decide are passed automatically.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.dice import Dice
from engine.i18n import N_, _
from engine.rosterfile import Problem
from engine.ruleset import AmbiguousAction, Event, IllegalAction, Result
from engine.rulesets.sixchances import odds
from engine.rulesets.sixchances.actions import (
    RESERVE,
    Attack,
    Build,
    Defend,
    EndTurn,
    MoveSquad,
    Pass,
    Regroup,
    Reinforce,
    Transfer,
    format_action,
    parse_notation,
)
from engine.rulesets.sixchances.board import CELLS, home_zone, is_cell, neighbours
from engine.rulesets.sixchances.catalog import (
    DIE_BY_LEVEL,
    ENDING_RULES,
    ENDING_WHY,
    ENDINGS,
    PROTECTION_CAP,
    REINFORCEMENT_DICE,
    SAVED_CAP,
    STAT_NAMES,
    STATS,
    die_for,
)
from engine.rulesets.sixchances.events import (
    AttackDeclared,
    AttackerWon,
    BagSplit,
    CannotAttack,
    DefenceRolled,
    DefenderWon,
    FirstPlayer,
    ForcedLapsed,
    GameOver,
    Passed,
    Regrouped,
    ReinforcementRolled,
    RollOff,
    SquadDestroyed,
    SquadMoved,
    SquadsOrdered,
    SquadsRevealed,
    SquadsSealed,
    TurnBegan,
    TurnEnded,
)
from engine.rulesets.sixchances.options import (
    AttackChoice,
    AttackOptions,
    BuildOptions,
    DefenceChoice,
    DefenceOptions,
    MoveChoice,
    RegroupCheck,
    RegroupOptions,
    StatOdds,
    SupportOptions,
    Waiting,
)
from engine.rulesets.sixchances.roster import build_problems, sample_builds, suggested_builds
from engine.rulesets.sixchances.state import (
    Pending,
    Player,
    Setup,
    Squad,
    State,
    Tokens,
    squad_label,
)

__all__ = [
    "able_to_attack",
    "apply",
    "check",
    "check_invariants",
    "check_regroup",
    "decide_first",
    "draw_split",
    "end_check",
    "label_index",
    "legal_actions",
    "new_squad_cells",
    "new_state",
    "options",
    "out_of_potential",
    "parse_action",
    "random_action",
    "result",
    "setup_problems",
    "summary",
    "to_act",
]

_SIDE = (frozenset({0}), frozenset({1}))
_BOTH = frozenset({0, 1})
_NOBODY: frozenset[int] = frozenset()
_STAT_INDEX = {"pot": 0, "res": 1, "sup": 2}


def _player_name(side: int) -> str:
    return _("Player {n}").format(n=side + 1)


# ---------------------------------------------------------------------------
# Setup (SC-2)
# ---------------------------------------------------------------------------
def setup_problems(setup: Setup) -> list[Problem]:
    """What is wrong with ``setup`` (empty when valid): N even and at least 2, K and M
    at least 1, K x M at most 3N / 2 (SC-12.2), K at most 12 on the field (SC-12.1.8),
    and an explicit split of 3N / 2 tokens with at most N of each colour (SC-2.2)."""
    out: list[Problem] = []
    n, k, m = setup.tokens_per_colour, setup.squads, setup.squad_size
    if n < 2 or n % 2:
        out.append(
            Problem("SC-12.2", N_("The tokens per colour must be an even number of at least 2."), {"n": n})
        )
    if k < 1 or m < 1:
        out.append(Problem("SC-12.2", N_("There must be at least one starting squad of at least one token.")))
    elif k * m > 3 * n // 2:
        out.append(
            Problem(
                "SC-12.2",
                N_("{k} squads of {m} tokens need {need} tokens; a reserve holds only {have}."),
                {"k": k, "m": m, "need": k * m, "have": 3 * n // 2},
            )
        )
    if setup.field and k > 12:
        out.append(
            Problem(
                "SC-12.1.8", N_("The field variant allows at most 12 starting squads, one per home cell.")
            )
        )
    if setup.split is not None:
        r, g, b = setup.split
        if r + g + b != 3 * n // 2 or not all(0 <= x <= n for x in (r, g, b)):
            out.append(
                Problem(
                    "SC-2.2",
                    N_("The split must give Player 1 {half} tokens with at most {n} of each colour."),
                    {"half": 3 * n // 2, "n": n},
                )
            )
    return out


def _uniform(dice: Dice, n: int) -> int:
    """A uniform integer 1..n from base-256 dice, by rejection (for bags over 256 tokens)."""
    k = 1
    while 256**k < n:
        k += 1
    span = 256**k
    limit = span - span % n
    while True:
        v = 0
        for f in dice.roll(k, 256).faces:
            v = v * 256 + f - 1
        if v < limit:
            return v % n + 1


def draw_split(n: int, dice: Dice) -> tuple[int, int, int]:
    """Player 1's reserve after the split, as (red, green, blue) tokens (SC-2.2).

    The 3N tokens are numbered 1..N red, N+1..2N green, 2N+1..3N blue. Player 1 draws
    blind: each face of a d(3N) roll names a token, a token already drawn is skipped,
    and the first 3N / 2 different tokens are Player 1's (a uniformly random subset,
    SC-AMB-1). The faces come in batches sized to the expected number of draws.
    """
    total = 3 * n
    take = total // 2
    drawn = bytearray(total + 1)
    counts = [0, 0, 0]
    got = 0
    while got < take:
        if total <= 256:
            batch = int(sum(total / (total - j) for j in range(got, take))) + 4
            faces: Sequence[int] = dice.roll(batch, total).faces
        else:
            faces = (_uniform(dice, total),)
        for f in faces:
            if not drawn[f]:
                drawn[f] = 1
                counts[(f - 1) // n] += 1
                got += 1
                if got == take:
                    break
    return counts[0], counts[1], counts[2]


def new_state(setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
    """The state at the start of the game: the bag split (SC-2.1-SC-2.3), every die
    unused (SC-2.6), both players to build (SC-2.4, SC-2.5).

    Rolls the split unless ``setup.split`` gives it. Raises ``ValueError`` (naming the
    rule) when the set-up breaks SC-2.2, SC-12.1.8 or SC-12.2.
    """
    problems = setup_problems(setup)
    if problems:
        raise ValueError("; ".join(f"{p.text()} ({p.rule})" for p in problems))
    n = setup.tokens_per_colour
    r, g, b = setup.split if setup.split is not None else draw_split(n, dice)
    p1, p2 = Tokens(r, g, b), Tokens(n - r, n - g, n - b)
    state = State(setup=setup, players=[Player(reserve=p1), Player(reserve=p2)], bag=Tokens(0, 0, 0))
    return state, [BagSplit(p1=Tokens(r, g, b), p2=Tokens(n - r, n - g, n - b))]


def decide_first(placed: tuple[int, int], dice: Dice) -> tuple[int, list[RollOff]]:
    """Who moves first (SC-2.7): the player who placed fewer tokens in their starting
    squads; on equal totals a d20 roll-off, Player 1 rolling first, rolled again while
    equal. Returns the side and the roll-off rounds (empty when the totals decided)."""
    if placed[0] != placed[1]:
        return (0 if placed[0] < placed[1] else 1), []
    rounds: list[RollOff] = []
    while True:
        a = dice.roll(1, 20).faces[0]
        b = dice.roll(1, 20).faces[0]
        rounds.append(RollOff(p1=a, p2=b))
        if a != b:
            return (0 if a > b else 1), rounds


# ---------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------
def to_act(state: State) -> frozenset[int]:
    """The sides that must decide now: both while neither has sealed its squads (SC-2.5),
    the defender while the defending stat is pending (SC-5.3), else the active player;
    empty once the game is over."""
    phase = state.phase
    if phase == "build":
        players = state.players
        if players[0].order is None:
            return _BOTH if players[1].order is None else _SIDE[0]
        return _SIDE[1] if players[1].order is None else _NOBODY
    if phase == "over":
        return _NOBODY
    if phase == "defend":
        return _SIDE[1 - state.active]
    return _SIDE[state.active]


def _may_act(state: State, side: int) -> bool:
    """``side in to_act(state)``, without building the set."""
    phase = state.phase
    if phase == "defend":
        return side != state.active
    if phase == "build":
        return state.players[side].order is None
    return phase != "over" and side == state.active


def label_index(label: str) -> int:
    """The 0-based creation index of a squad label (``"1A"`` -> 0, ``"2AB"`` -> 27)."""
    n = 0
    for ch in label[1:]:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _occupied(state: State) -> dict[str, str]:
    out = {}
    for p in state.players:
        for sq in p.squads:
            if sq.cell is not None:
                out[sq.cell] = sq.label
    return out


def _targets(state: State, side: int, attacker: Squad) -> list[Squad]:
    """Opposing squads ``attacker`` may target (SC-5.1; adjacent on the field, SC-12.1.4)."""
    opp = state.players[1 - side].squads
    if not state.setup.field:
        return list(opp)
    near = neighbours(attacker.cell) if attacker.cell else ()
    return [t for t in opp if t.cell in near]


def _has_potential(squads: list[Squad]) -> bool:
    """Some squad has Potential >= 1 (a plain loop: faster than ``any`` on a generator)."""
    for sq in squads:  # noqa: SIM110
        if sq.pot:
            return True
    return False


def able_to_attack(state: State, side: int) -> bool:
    """SC-4.3: ``side`` has a squad with Potential >= 1 and the opponent has a squad on the
    table (on the field, adjacent to such a squad, SC-12.1.4)."""
    me, opp = state.players[side], state.players[1 - side]
    if not opp.squads:
        return False
    if state.setup.field:
        return any(sq.pot >= 1 and _targets(state, side, sq) for sq in me.squads)
    return _has_potential(me.squads)


def out_of_potential(player: Player, rolling: bool = False) -> bool:
    """SC-10.1: no squad with Potential >= 1, and no way to bring a red token onto the
    table (no unused reinforcement die, or no red token in the reserve). ``rolling``: the
    player is in the middle of a reinforcement (its die already rolled), which can still
    bring red from the reserve."""
    if _has_potential(player.squads):
        return False
    return not (player.dice or rolling) or player.reserve.pot == 0


def new_squad_cells(state: State, side: int) -> tuple[str, ...]:
    """Field variant: the empty cells where ``side`` may place a new squad, judged when the
    reinforcement die is rolled: in its home zone or adjacent to one of its squads
    (SC-12.1.5). Empty tuple without the field variant."""
    if not state.setup.field:
        return ()
    occupied = _occupied(state)
    near: set[str] = set(home_zone(side))
    for sq in state.players[side].squads:
        if sq.cell:
            near.update(neighbours(sq.cell))
    return tuple(c for c in CELLS if c in near and c not in occupied)


def _moves(state: State, side: int) -> list[MoveChoice]:
    occupied = _occupied(state)
    out = []
    for sq in state.players[side].squads:
        if sq.cell:
            to = tuple(c for c in neighbours(sq.cell) if c not in occupied)
            if to:
                out.append(MoveChoice(squad=sq.label, cell=sq.cell, to=to))
    return out


def end_check(state: State) -> tuple[int | None, str] | None:
    """The end-of-game check (SC-11.1): SC-11.2 to SC-11.5 in that order.

    Returns (winner or None for a draw, condition ``"a"``-``"d"``), or None when play
    goes on. Remaining totals are squads plus reserve (SC-1.8).
    """
    p1, p2 = state.players
    ann1 = not p1.squads and not p1.dice
    ann2 = not p2.squads and not p2.dice
    if ann1 and ann2:
        return None, "a"
    if ann1:
        return 1, "a"
    if ann2:
        return 0, "a"
    out1, out2 = out_of_potential(p1), out_of_potential(p2)
    stalemate = state.idle >= state.setup.stalemate_turns
    if not (out1 or out2 or stalemate):
        return None
    t1, t2 = p1.remaining, p2.remaining
    if out1 and out2:
        return (0 if t1 > t2 else 1 if t2 > t1 else None), "b"
    if out1 and t2 > t1:
        return 1, "c"
    if out2 and t1 > t2:
        return 0, "c"
    if stalemate:
        return (0 if t1 > t2 else 1 if t2 > t1 else None), "d"
    return None


def result(state: State) -> Result | None:
    """The result once the game is over (SC-11.7), else None. ``reason`` is the end
    condition's untranslated name, ``rule`` its rule ID, ``scores`` the remaining totals."""
    if state.phase != "over":
        return None
    scores = (state.players[0].remaining, state.players[1].remaining)
    reason, rule = ENDINGS[state.ending], ENDING_RULES[state.ending]
    if state.winner is None:
        return Result.drawn((0, 1), reason, rule, scores)
    return Result.won(state.winner, reason, rule, scores)


# ---------------------------------------------------------------------------
# Legality
# ---------------------------------------------------------------------------
def _wrong_phase(state: State) -> IllegalAction:
    phase = state.phase
    if phase == "build":
        return IllegalAction(_("The starting squads must be built first."), "SC-2.4")
    if phase == "attack":
        if state.setup.field:
            return IllegalAction(_("This is the Attack step: attack, move a squad or pass."), "SC-12.1.4")
        return IllegalAction(
            _("You are able to attack, so you must: declare one attack this turn."), "SC-4.4"
        )
    if phase == "defend":
        assert state.pending is not None
        return IllegalAction(
            _("{target} is attacked: choose the defending stat.").format(target=state.pending.target),
            "SC-5.3",
        )
    if phase == "support":
        return IllegalAction(
            _("This is the Support step: roll an unused reinforcement die or end the turn."), "SC-9.1"
        )
    if phase == "regroup":
        return IllegalAction(
            _("Rearrange your tokens within the allowance of {n}.").format(n=state.allowance), "SC-9.4"
        )
    return IllegalAction(_("The game is over."), "SC-11.1")


def _own_squad(state: State, side: int, label: str, rule: str) -> Squad:
    sq = state.players[side].squad(label)
    if sq is None:
        raise IllegalAction(
            _("{player} has no squad {label} on the table.").format(player=_player_name(side), label=label),
            rule,
        )
    return sq


def _check_build(state: State, side: int, action: Build) -> None:
    if state.phase != "build":
        raise IllegalAction(_("The starting squads are already built and revealed."), "SC-2.5")
    problems = build_problems(state.setup, side, state.players[side].reserve, action.squads)
    if problems:
        raise IllegalAction(problems[0].text(), problems[0].rule)


def _check_attack(state: State, side: int, action: Attack) -> tuple[Squad, Squad]:
    if state.phase != "attack":
        raise _wrong_phase(state)
    att = _own_squad(state, side, action.attacker, "SC-5.1")
    if att.pot < 1:
        raise IllegalAction(
            _("{label} has no Potential and cannot attack.").format(label=att.label), "SC-5.1"
        )
    tgt = state.players[1 - side].squad(action.target)
    if tgt is None:
        raise IllegalAction(
            _("The opponent has no squad {label} on the table.").format(label=action.target), "SC-5.1"
        )
    if state.setup.field and not (att.cell and tgt.cell in neighbours(att.cell)):
        raise IllegalAction(
            _("{attacker} may attack only a squad on an adjacent cell; {target} is not adjacent.").format(
                attacker=att.label, target=tgt.label
            ),
            "SC-12.1.4",
        )
    return att, tgt


def _check_defend(state: State, side: int, action: Defend) -> Squad:
    if state.phase != "defend":
        raise _wrong_phase(state)
    pending = state.pending
    assert pending is not None
    tgt = state.players[side].squad(pending.target)
    assert tgt is not None
    if action.stat not in _STAT_INDEX:
        raise IllegalAction(_("A squad defends with Potential, Resilience or Support."), "SC-5.3")
    if tgt.level(action.stat) < 1:
        raise IllegalAction(
            _("{label} has no {stat} tokens; a stat at level 0 cannot defend.").format(
                label=tgt.label, stat=_(STAT_NAMES[action.stat])
            ),
            "SC-5.3",
        )
    return tgt


def _check_field_only(state: State) -> None:
    if not state.setup.field:
        raise IllegalAction(_("Squads move or pass only in the field variant."), "SC-12.1.4")
    if state.phase != "attack":
        raise _wrong_phase(state)


def _check_move(state: State, side: int, action: MoveSquad) -> Squad:
    _check_field_only(state)
    sq = _own_squad(state, side, action.squad, "SC-12.1.4")
    if not is_cell(action.cell) or sq.cell is None or action.cell not in neighbours(sq.cell):
        raise IllegalAction(
            _("{label} may move only to a cell adjacent to {cell}.").format(label=sq.label, cell=sq.cell),
            "SC-12.1.3",
        )
    if action.cell in _occupied(state):
        raise IllegalAction(_("Cell {cell} is not empty.").format(cell=action.cell), "SC-12.1.1")
    return sq


def _check_pass(state: State, side: int, action: Pass) -> None:
    _check_field_only(state)


def _check_reinforce(state: State, side: int, action: Reinforce) -> None:
    if state.phase != "support":
        if state.phase == "regroup":
            raise IllegalAction(_("Only one reinforcement die may be used per turn."), "SC-9.1")
        if state.phase in ("attack", "defend"):
            raise IllegalAction(_("Reinforcements come in the Support step, after the attack."), "SC-9.1")
        raise _wrong_phase(state)
    if action.die not in REINFORCEMENT_DICE:
        raise IllegalAction(
            _("There is no reinforcement d{die}; they are d4, d6, d8, d10, d12 and d20.").format(
                die=action.die
            ),
            "SC-1.9",
        )
    if action.die not in state.players[side].dice:
        raise IllegalAction(
            _("The reinforcement d{die} has already been used.").format(die=action.die), "SC-9.3"
        )


def _check_end(state: State, side: int, action: EndTurn) -> None:
    if state.phase != "support":
        raise _wrong_phase(state)
    if state.forced:
        raise IllegalAction(
            _(
                "You have no squad with Potential, an unused die and red tokens in reserve: "
                "you must reinforce and bring Potential onto the table."
            ),
            "SC-9.8",
        )


def _check_regroup(state: State, side: int, action: Regroup) -> _RegroupEval:
    if state.phase != "regroup":
        if state.phase == "support":
            raise IllegalAction(_("Roll a reinforcement die before moving tokens."), "SC-9.3")
        raise _wrong_phase(state)
    ev = _regroup_eval(state, side, action)
    if ev[0]:
        p = ev[0][0]
        raise IllegalAction(p.text(), p.rule)
    return ev


_CHECKS: dict[type, Any] = {
    Attack: _check_attack,
    Defend: _check_defend,
    Reinforce: _check_reinforce,
    EndTurn: _check_end,
    Regroup: _check_regroup,
    Build: _check_build,
    MoveSquad: _check_move,
    Pass: _check_pass,
}


def check(state: State, side: int, action: Any) -> Any:
    """Raise :class:`engine.ruleset.IllegalAction` (with the rule ID) unless ``side`` may
    play ``action`` now. Never changes the state. (Returns the evaluation of a
    rearrangement, for :func:`apply`; None otherwise.)"""
    phase = state.phase
    if phase == "defend":
        may = side != state.active
    elif phase == "build":
        may = state.players[side].order is None
    elif phase == "over":
        raise IllegalAction(_("The game is over."), "SC-11.1")
    else:
        may = side == state.active
    if not may:
        if phase == "build":
            raise IllegalAction(_("You have already sealed your starting squads."), "SC-2.5")
        who = 1 - state.active if phase == "defend" else state.active
        raise IllegalAction(_("It is {player}'s decision now.").format(player=_player_name(who)), "SC-4.2")
    fn = _CHECKS.get(type(action))
    if fn is None:
        raise IllegalAction(_("This is not an action of Six Chances Party."), "")
    return fn(state, side, action)


# ---------------------------------------------------------------------------
# Rearrangement (SC-9.4-SC-9.7)
# ---------------------------------------------------------------------------
def _unknown_place(state: State, side: int, place: str, new_label: str) -> Problem:
    if not place[:1].isdigit() or int(place[0]) != side + 1:
        return Problem(
            "SC-9.4",
            N_("Tokens never move to or from the opponent's squads or the bag ({place})."),
            {"place": place},
        )
    if label_index(place) < state.players[side].labels:
        return Problem(
            "SC-1.7", N_("Squad {place} has left the table; its label is not reused."), {"place": place}
        )
    return Problem(
        "SC-9.6",
        N_("At most one new squad may be formed per reinforcement; it takes the label {new}."),
        {"place": place, "new": new_label},
    )


def _would_be_new(state: State, side: int, place: str) -> bool:
    """Whether ``place`` names a squad label of ``side`` not issued yet (a squad this
    rearrangement would form, SC-1.7)."""
    label = place[1:]
    return (
        place[:1] == str(side + 1)
        and label.isalpha()
        and label.isupper()
        and label_index(place) >= state.players[side].labels
    )


#: "more tokens of a colour than the place holds", per colour (red, green, blue)
_RESERVE_SHORT = (
    N_("The reserve would give away {n} more red tokens than it holds."),
    N_("The reserve would give away {n} more green tokens than it holds."),
    N_("The reserve would give away {n} more blue tokens than it holds."),
)
_SQUAD_SHORT = (
    N_("Squad {place} would give away {n} more red tokens than it holds."),
    N_("Squad {place} would give away {n} more green tokens than it holds."),
    N_("Squad {place} would give away {n} more blue tokens than it holds."),
)

_RegroupEval = tuple[list[Problem], dict[str, list[int]], int, str, tuple[str, ...], int]


def _regroup_eval(state: State, side: int, action: Regroup) -> _RegroupEval:
    """(problems, layout after, cost, new squad label or "", disbanded labels, net red
    tokens out of the reserve)."""
    me = state.players[side]
    r = me.reserve
    squads = {sq.label: sq for sq in me.squads}
    new_label = squad_label(side, me.labels)
    # only the places a transfer touches can change
    after: dict[str, list[int]] = {}
    problems: list[Problem] = []
    for t in action.moves:
        if not isinstance(t.count, int) or t.count < 1:
            problems.append(Problem("SC-9.4", N_("Each transfer moves at least one token.")))
            continue
        if t.src == t.dst:
            problems.append(Problem("SC-9.4", N_("A transfer needs two different places.")))
            continue
        if t.stat not in _STAT_INDEX:
            problems.append(Problem("SC-9.4", N_("Tokens are red (pot), green (res) or blue (sup).")))
            continue
        ok = True
        for place in (t.src, t.dst):
            if place not in after:
                if place == RESERVE:
                    after[place] = [r.pot, r.res, r.sup]
                elif place in squads:
                    sq = squads[place]
                    after[place] = [sq.pot, sq.res, sq.sup]
                elif place == new_label:
                    after[place] = [0, 0, 0]
                else:
                    problems.append(_unknown_place(state, side, place, new_label))
                    if _would_be_new(state, side, place):
                        # a second new squad is refused (SC-9.6) but still priced: it
                        # counts as empty before (SC-9.5), so an overrun is reported too
                        after[place] = [0, 0, 0]
                    else:
                        ok = False
        if not ok:
            continue
        i = _STAT_INDEX[t.stat]
        after[t.src][i] -= t.count
        after[t.dst][i] += t.count
    cost = 0
    for place, lv in after.items():
        if place == RESERVE:
            before: Sequence[int] = (r.pot, r.res, r.sup)
        elif place in squads:
            sq = squads[place]
            before = (sq.pot, sq.res, sq.sup)
        else:
            before = (0, 0, 0)
        for i in range(3):
            if lv[i] < 0:
                problems.append(
                    Problem(
                        "SC-9.4",
                        (_RESERVE_SHORT if place == RESERVE else _SQUAD_SHORT)[i],
                        {"place": place, "n": -lv[i]},
                    )
                )
            elif lv[i] > before[i]:
                cost += lv[i] - before[i]
    if cost > state.allowance:
        problems.append(
            Problem(
                "SC-9.5",
                N_("This rearrangement moves {cost} tokens; the allowance is {allowance}."),
                {"cost": cost, "allowance": state.allowance},
            )
        )
    new = ""
    if new_label in after:
        if sum(after[new_label]) > 0:
            new = new_label
        else:
            problems.append(
                Problem(
                    "SC-9.6", N_("The new squad {label} must hold at least one token."), {"label": new_label}
                )
            )
    disbanded = tuple(label for label, lv in after.items() if label in squads and sum(lv) == 0)
    red_out = r.pot - after[RESERVE][0] if RESERVE in after else 0
    if state.forced and red_out < 1:
        problems.append(
            Problem(
                "SC-9.8",
                N_(
                    "Reinforcing is forced: at least one red (Potential) token must go from the reserve to a squad."
                ),
            )
        )
    if state.setup.field:
        if new:
            if action.cell is None:
                problems.append(
                    Problem("SC-12.1.5", N_("Place the new squad {label} on a cell."), {"label": new})
                )
            elif action.cell not in new_squad_cells(state, side):
                problems.append(
                    Problem(
                        "SC-12.1.5",
                        N_(
                            "A new squad goes on an empty cell of your home zone or next to one of your squads; "
                            "{cell} is not one."
                        ),
                        {"cell": action.cell},
                    )
                )
        elif action.cell is not None:
            problems.append(Problem("SC-12.1.5", N_("A cell is given but no new squad is formed.")))
    elif action.cell is not None:
        problems.append(Problem("SC-12.1.5", N_("Squads are placed on cells only in the field variant.")))
    return problems, after, cost, new, disbanded, red_out


def check_regroup(state: State, side: int, action: Regroup) -> RegroupCheck:
    """Price and check a proposed rearrangement without playing it (SC-9.4-SC-9.8,
    SC-12.1.5): cost in tokens (SC-9.5), the problems with their rule IDs, and the
    layout it would give with each squad's dice (SC-3.1). Usable in the ``regroup`` phase; never raises, never changes
    the state."""
    problems, after, cost, new, disbanded, red_out = _regroup_eval(state, side, action)
    me = state.players[side]
    squads = []
    for sq in me.squads:
        lv = after.get(sq.label, [sq.pot, sq.res, sq.sup])
        if sum(lv) > 0:
            squads.append(Squad(sq.label, max(lv[0], 0), max(lv[1], 0), max(lv[2], 0), sq.cell))
    if new:
        lv = after[new]
        squads.append(Squad(new, max(lv[0], 0), max(lv[1], 0), max(lv[2], 0), action.cell))
    r = me.reserve
    res = after.get(RESERVE, [r.pot, r.res, r.sup])
    return RegroupCheck(
        cost=cost,
        allowance=state.allowance,
        problems=tuple(problems),
        reserve=Tokens(max(res[0], 0), max(res[1], 0), max(res[2], 0)),
        squads=tuple(squads),
        new_squad=new,
        disbanded=disbanded,
        red_from_reserve=red_out,
        dice={sq.label: (die_for(sq.pot), die_for(sq.res), die_for(sq.sup)) for sq in squads},
    )


# ---------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------
def apply(state: State, side: int, action: Any, dice: Dice) -> list[Event]:
    """Check ``action`` of ``side`` and resolve it in place; returns the events.

    Raises :class:`engine.ruleset.IllegalAction` (state untouched) when the action is
    not legal now. Rolls: the attack roll on :class:`Attack` (SC-5.2), the defence roll
    on :class:`Defend` (SC-5.4), the reinforcement roll on :class:`Reinforce` (SC-9.3),
    the roll-off once both orders are sealed (SC-2.7).
    """
    ctx = check(state, side, action)
    events: list[Event] = []
    _RESOLVE[type(action)](state, side, action, ctx, dice, events)
    return events


def _do_reinforce(
    state: State, side: int, action: Reinforce, ctx: None, dice: Dice, events: list[Event]
) -> None:
    roll = dice.roll(1, action.die).faces[0]
    state.players[side].dice.remove(action.die)
    state.die, state.allowance, state.reinforced = action.die, roll, True
    state.phase = "regroup"
    events.append(ReinforcementRolled(side=side, die=action.die, allowance=roll, forced=state.forced))


def _do_end(state: State, side: int, action: EndTurn, ctx: None, dice: Dice, events: list[Event]) -> None:
    _advance(state, events, "end")


def _do_move(state: State, side: int, action: MoveSquad, sq: Squad, dice: Dice, events: list[Event]) -> None:
    assert sq.cell is not None
    events.append(SquadMoved(label=sq.label, src=sq.cell, dst=action.cell))
    sq.cell = action.cell
    state.acted = True
    _advance(state, events, "support")


def _do_pass(state: State, side: int, action: Pass, ctx: None, dice: Dice, events: list[Event]) -> None:
    events.append(Passed(side=side))
    _advance(state, events, "support")


def _do_build(state: State, side: int, action: Build, ctx: None, dice: Dice, events: list[Event]) -> None:
    me = state.players[side]
    labels = tuple(squad_label(side, i) for i in range(len(action.squads)))
    other = state.players[1 - side]
    if other.order is not None:
        # both orders are in: roll off before anything changes (SC-2.7)
        placed = (
            sum(s.total for s in (action.squads if side == 0 else other.order)),
            sum(s.total for s in (action.squads if side == 1 else other.order)),
        )
        first, rounds = decide_first(placed, dice)
    me.order = action.squads
    events.append(SquadsSealed(side=side))
    events.append(SquadsOrdered(to=(side,), side=side, labels=labels, squads=action.squads))
    if other.order is None:
        return
    for s, p in enumerate(state.players):
        order = p.order
        assert order is not None
        for i, o in enumerate(order):
            p.squads.append(Squad(squad_label(s, i), o.pot, o.res, o.sup, o.cell))
            p.reserve.pot -= o.pot
            p.reserve.res -= o.res
            p.reserve.sup -= o.sup
        p.labels = len(order)
        events.append(
            SquadsRevealed(side=s, labels=tuple(squad_label(s, i) for i in range(len(order))), squads=order)
        )
        p.order = None
    events.extend(rounds)
    events.append(FirstPlayer(side=first, placed=placed))
    state.first = state.active = first
    end = end_check(state)  # SC-2.8
    if end is not None:
        _finish(state, end, events)
        return
    _advance(state, events, "begin")


def _do_attack(
    state: State, side: int, action: Attack, ctx: tuple[Squad, Squad], dice: Dice, events: list[Event]
) -> None:
    att, tgt = ctx
    pot = att.pot
    die = 20 if pot >= 6 else DIE_BY_LEVEL[pot]
    roll = dice.roll(1, die).faces[0]
    # SC-11.6: productive if a win would deal damage or a failure would cost Potential
    sup = att.sup
    prot = tgt.res - sup
    prot = 0 if prot < 0 else PROTECTION_CAP if prot > PROTECTION_CAP else prot
    state.productive = pot > prot or pot > (sup if sup < SAVED_CAP else SAVED_CAP)
    state.acted = True
    state.pending = Pending(att.label, tgt.label, die, roll)
    state.phase = "defend"
    events.append(AttackDeclared(attacker=att.label, target=tgt.label, die=die, roll=roll))


def _remove_if_empty(player: Player, sq: Squad, events: list[Event]) -> None:
    if sq.pot + sq.res + sq.sup == 0:
        player.squads.remove(sq)
        events.append(SquadDestroyed(label=sq.label))


def _do_defend(state: State, side: int, action: Defend, tgt: Squad, dice: Dice, events: list[Event]) -> None:
    pending = state.pending
    assert pending is not None
    players = state.players
    attacker_player, defender_player = players[1 - side], players[side]
    att = attacker_player.squad(pending.attacker)
    assert att is not None
    stat = action.stat
    level = tgt.pot if stat == "pot" else tgt.res if stat == "res" else tgt.sup
    die = 20 if level >= 6 else DIE_BY_LEVEL[level]
    roll = dice.roll(1, die).faces[0]
    events.append(DefenceRolled(target=tgt.label, stat=stat, level=level, die=die, roll=roll))
    bag = state.bag
    if pending.roll >= roll:  # SC-5.5: ties go to the attacker
        prot = tgt.res - att.sup  # SC-6.1
        prot = 0 if prot < 0 else PROTECTION_CAP if prot > PROTECTION_CAP else prot
        dmg = att.pot - prot  # SC-6.2
        if dmg < 0:
            dmg = 0
        rem = dmg if dmg < level else level  # SC-6.3
        if rem:
            if stat == "pot":
                tgt.pot -= rem
                bag.pot += rem
            elif stat == "res":
                tgt.res -= rem
                bag.res += rem
            else:
                tgt.sup -= rem
                bag.sup += rem
        events.append(
            AttackerWon(
                attacker=att.label, target=tgt.label, stat=stat, protection=prot, damage=dmg, removed=rem
            )
        )
        if rem:
            _remove_if_empty(defender_player, tgt, events)
    else:
        sv = att.sup if att.sup < SAVED_CAP else SAVED_CAP  # SC-7.1
        ls = att.pot - sv  # SC-7.2
        if ls < 0:
            ls = 0
        if ls:
            att.pot -= ls
            bag.pot += ls
        events.append(DefenderWon(attacker=att.label, target=tgt.label, saved=sv, losses=ls))
        if ls:
            _remove_if_empty(attacker_player, att, events)
    state.pending = None
    _advance(state, events, "support")


def _do_regroup(
    state: State, side: int, action: Regroup, ev: _RegroupEval, dice: Dice, events: list[Event]
) -> None:
    _problems, after, cost, new, disbanded, _red = ev
    me = state.players[side]
    # the net change of each place, public like everything on the table (SC-1.11, SC-9.5)
    before = {RESERVE: [me.reserve.pot, me.reserve.res, me.reserve.sup]}
    before.update({sq.label: [sq.pot, sq.res, sq.sup] for sq in me.squads})
    order = [RESERVE, *(sq.label for sq in me.squads), *([new] if new else [])]
    changes = []
    for place in order:
        if place in after:
            was = before.get(place, [0, 0, 0])
            delta = (after[place][0] - was[0], after[place][1] - was[1], after[place][2] - was[2])
            if any(delta):
                changes.append((place, *delta))
    if RESERVE in after:
        lv = after[RESERVE]
        me.reserve = Tokens(lv[0], lv[1], lv[2])
    for sq in me.squads:
        lv = after.get(sq.label)
        if lv is not None:
            sq.pot, sq.res, sq.sup = lv
    if disbanded:
        me.squads = [sq for sq in me.squads if sq.label not in disbanded]
    if new:
        lv = after[new]
        me.squads.append(Squad(new, lv[0], lv[1], lv[2], action.cell))
        me.labels += 1
    events.append(
        Regrouped(
            side=side,
            cost=cost,
            allowance=state.allowance,
            new_squad=new,
            disbanded=disbanded,
            changes=tuple(changes),
        )
    )
    _advance(state, events, "end")


_RESOLVE: dict[type, Any] = {
    Attack: _do_attack,
    Defend: _do_defend,
    Reinforce: _do_reinforce,
    EndTurn: _do_end,
    Regroup: _do_regroup,
    Build: _do_build,
    MoveSquad: _do_move,
    Pass: _do_pass,
}


def _finish(state: State, end: tuple[int | None, str], events: list[Event]) -> None:
    winner, ending = end
    state.phase = "over"
    state.winner, state.ending = winner, ending
    state.pending = None
    state.forced = False
    events.append(
        GameOver(
            winner=winner, ending=ending, totals=(state.players[0].remaining, state.players[1].remaining)
        )
    )


def _field_has_choice(state: State, side: int) -> bool:
    """Field variant: something other than passing is possible (an attack or a move)."""
    if able_to_attack(state, side):
        return True
    occupied = _occupied(state)
    return any(
        sq.cell and any(c not in occupied for c in neighbours(sq.cell)) for sq in state.players[side].squads
    )


def _forced(state: State, side: int) -> tuple[bool, bool]:
    """(forced, lapsed) at the start of ``side``'s Support step (SC-9.8, SC-9.9, SC-12.1.9)."""
    me = state.players[side]
    if not me.dice or me.reserve.pot == 0 or _has_potential(me.squads):
        return False, False
    if state.setup.field and not me.squads and not new_squad_cells(state, side):
        return False, True
    return True, False


def _advance(state: State, events: list[Event], step: str) -> None:
    """Run the turn forward from ``step`` ("begin", "support" or "end") until a side has
    a decision to make or the game ends (SC-4.2, SC-4.5, SC-4.6, SC-11.1)."""
    setup = state.setup
    while True:
        side = state.active
        if step == "begin":
            state.turn += 1
            state.acted = state.productive = state.reinforced = state.forced = False
            state.pending = None
            state.die = state.allowance = 0
            events.append(TurnBegan(side=side, turn=state.turn))
            if setup.field:
                if _field_has_choice(state, side):
                    state.phase = "attack"
                    return
            elif able_to_attack(state, side):
                state.phase = "attack"
                return
            events.append(CannotAttack(side=side))
            step = "support"
        elif step == "support":
            if state.players[side].dice:
                forced, lapsed = _forced(state, side)
                if lapsed:
                    events.append(ForcedLapsed(side=side))
                state.forced = forced
                state.phase = "support"
                return
            step = "end"
        else:
            idle = not (state.productive or state.reinforced)
            state.idle = state.idle + 1 if idle else 0
            events.append(
                TurnEnded(
                    side=side,
                    skipped=not (state.acted or state.reinforced),
                    idle=state.idle,
                    limit=setup.stalemate_turns,
                )
            )
            state.forced = False
            state.die = state.allowance = 0
            end = end_check(state)
            if end is not None:
                _finish(state, end, events)
                return
            state.active = 1 - side
            step = "begin"


# ---------------------------------------------------------------------------
# Options and legal actions
# ---------------------------------------------------------------------------
def _attack_choice(att: Squad, tgt: Squad) -> AttackChoice:
    die_a = die_for(att.pot)
    prot = odds.protection(tgt.res, att.sup)
    dmg = max(0, att.pot - prot)
    ls = odds.losses(att.pot, att.sup)
    defences = []
    for stat in STATS:
        level = tgt.level(stat)
        if level < 1:
            continue
        die_d = die_for(level)
        p = odds.p_attack_wins(die_a, die_d)
        rem = min(dmg, level)
        defences.append(
            StatOdds(
                stat=stat,
                level=level,
                die=die_d,
                p_attacker_wins=p,
                removed_if_win=rem,
                losses_if_fail=ls,
                expected_removed=p * rem,
                expected_losses=(1 - p) * ls,
            )
        )
    return AttackChoice(
        attacker=att.label,
        target=tgt.label,
        die=die_a,
        productive=dmg > 0 or ls > 0,
        protection=prot,
        damage=dmg,
        defences=tuple(defences),
    )


def _why_not_attack(state: State, side: int, sq: Squad) -> Problem:
    """Why squad ``sq`` of ``side`` has no legal attack now: no Potential (SC-5.1, SC-3.3),
    else no enemy squad on an adjacent cell (field variant, SC-12.1.4), else no enemy
    squad on the table (SC-4.3)."""
    if sq.pot < 1:
        return Problem("SC-5.1", N_("{label} has no Potential and cannot attack."), {"label": sq.label})
    if not state.players[1 - side].squads:
        return Problem("SC-4.3", N_("The opponent has no squad on the table to attack."))
    return Problem("SC-12.1.4", N_("{label} has no enemy squad on an adjacent cell."), {"label": sq.label})


def options(state: State, side: int) -> Any:
    """The legal choices of ``side`` now, with every number a UI shows (one struct of
    :mod:`engine.rulesets.sixchances.options`; :class:`Waiting` when ``side`` has nothing
    to decide). Exact odds are fractions (section 5)."""
    phase = state.phase
    if phase == "build":
        me = state.players[side]
        r = me.reserve
        return BuildOptions(
            reserve=Tokens(r.pot, r.res, r.sup),
            squads=state.setup.squads,
            squad_size=state.setup.squad_size,
            cells=home_zone(side) if state.setup.field else (),
            sealed=me.order is not None,
            sealed_order=me.order or (),
            suggestions=suggested_builds(state.setup, side, (r.pot, r.res, r.sup))
            if me.order is None
            else (),
        )
    if side not in to_act(state):
        return Waiting(waiting_for=tuple(sorted(to_act(state))))
    me = state.players[side]
    if phase == "attack":
        attacks = tuple(
            _attack_choice(att, tgt)
            for att in me.squads
            if att.pot >= 1
            for tgt in _targets(state, side, att)
        )
        able = {a.attacker for a in attacks}
        why = {sq.label: _why_not_attack(state, side, sq) for sq in me.squads if sq.label not in able}
        if state.setup.field:
            return AttackOptions(
                attacks=attacks,
                must_attack=False,
                moves=tuple(_moves(state, side)),
                can_pass=True,
                cannot_attack=why,
            )
        return AttackOptions(attacks=attacks, must_attack=True, cannot_attack=why)
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        att = state.players[1 - side].squad(pending.attacker)
        tgt = me.squad(pending.target)
        assert att is not None and tgt is not None
        prot = odds.protection(tgt.res, att.sup)
        dmg = max(0, att.pot - prot)
        ls = odds.losses(att.pot, att.sup)
        choices = []
        for stat in STATS:
            level = tgt.level(stat)
            if level < 1:
                continue
            die_d = die_for(level)
            beat = odds.p_defence_beats(pending.roll, die_d)
            rem = min(dmg, level)
            choices.append(
                DefenceChoice(
                    stat=stat,
                    level=level,
                    die=die_d,
                    p_defence_beats=beat,
                    p_attacker_wins=1 - beat,
                    removed_if_attacker_wins=rem,
                    attacker_losses_if_defence_wins=ls,
                    expected_removed=(1 - beat) * rem,
                )
            )
        return DefenceOptions(
            attacker=att.label,
            target=tgt.label,
            attack_die=pending.die,
            attack_roll=pending.roll,
            protection=prot,
            damage=dmg,
            choices=tuple(choices),
        )
    if phase == "support":
        _forced_now, lapsed = _forced(state, side)
        return SupportOptions(
            dice=tuple(me.dice), forced=state.forced, can_end=not state.forced, lapsed=lapsed
        )
    # regroup
    r = me.reserve
    return RegroupOptions(
        die=state.die,
        allowance=state.allowance,
        forced=state.forced,
        reserve=Tokens(r.pot, r.res, r.sup),
        squads=tuple(Squad(sq.label, sq.pot, sq.res, sq.sup, sq.cell) for sq in me.squads),
        new_label=squad_label(side, me.labels),
        new_cells=new_squad_cells(state, side),
    )


_Moves = tuple[tuple[int, str, str, str], ...]


def _regroup_candidates(state: State, side: int) -> list[tuple[_Moves, str | None]]:
    """A representative set of rearrangements as plain (transfers, cell) tuples, each legal
    by construction: nothing; a new squad from the reserve (filled up to the allowance, or
    one red token); and, for two of the squads (which ones turns with the allowance), a
    fill from the reserve, one reserve colour, one stat back to the reserve, and merging it
    into another squad. When reinforcing is forced, only those bringing red out of the
    reserve (SC-9.8)."""
    me = state.players[side]
    a = state.allowance
    r = me.reserve
    have = (r.pot, r.res, r.sup)
    forced = state.forced
    out: list[tuple[_Moves, str | None]] = [] if forced else [((), None)]
    # the fill: colours in turn (red first) from the reserve, up to the allowance
    take = [0, 0, 0]
    n = 0
    avail = have[0] + have[1] + have[2]
    while n < a and n < avail:
        for i in range(3):
            if n < a and take[i] < have[i]:
                take[i] += 1
                n += 1
    fill = [(c, STATS[i]) for i, c in enumerate(take) if c]
    use_fill = bool(fill) and (take[0] > 0 or not forced)
    squads = me.squads
    count = len(squads)
    for k in range(min(2, count)):
        idx = (a + k * (count // 2 or 1)) % count
        sq = squads[idx]
        lab = sq.label
        if use_fill:
            out.append((tuple([(c, st, RESERVE, lab) for c, st in fill]), None))
        i = 0 if forced else (a + k) % 3
        if have[i]:
            out.append((((min(a, have[i]), STATS[i], RESERVE, lab),), None))
        other = squads[0] if idx else squads[1] if count > 1 else None
        levels = ((sq.pot, "pot"), (sq.res, "res"), (sq.sup, "sup"))
        if forced:
            if other is not None and have[0] and sq.total < a:
                merge = [(lv, st, lab, other.label) for lv, st in levels if lv]
                merge.append((1, "pot", RESERVE, other.label))
                out.append((tuple(merge), None))
            continue
        level, stat = levels[(a + k + 1) % 3]
        if level:
            out.append((((min(a, level), stat, lab, RESERVE),), None))
        if other is not None and sq.total <= a:
            out.append((tuple([(lv, st, lab, other.label) for lv, st in levels if lv]), None))
    cell = None
    if state.setup.field:
        cells = new_squad_cells(state, side)
        if not cells:
            return out
        cell = cells[(a + count) % len(cells)]
    new = squad_label(side, me.labels)
    if use_fill:
        out.append((tuple([(c, st, RESERVE, new) for c, st in fill]), cell))
    if have[0]:
        out.append((((1, "pot", RESERVE, new),), cell))
    return out


def _regroup(candidate: tuple[_Moves, str | None]) -> Regroup:
    moves, cell = candidate
    return Regroup(tuple([Transfer(*m) for m in moves]), cell)  # type: ignore[arg-type]


def _sample_regroups(state: State, side: int) -> list[Regroup]:
    """The rearrangements of :func:`_regroup_candidates`, as actions."""
    return [_regroup(c) for c in _regroup_candidates(state, side)]


def take_red(moves: tuple[Transfer, ...]) -> bool:
    """True when the transfers bring at least one red token out of the reserve."""
    return any(t.stat == "pot" and t.src == RESERVE for t in moves)


def legal_actions(state: State, side: int) -> list[Any]:
    """Every legal action of ``side`` now, except where the set is huge: starting orders
    (:func:`~engine.rulesets.sixchances.roster.sample_builds`) and rearrangements are a
    representative sample, each of them legal. Empty when ``side`` has nothing to decide."""
    if side not in to_act(state):
        return []
    phase = state.phase
    me = state.players[side]
    if phase == "attack":
        field = state.setup.field
        out: list[Any] = [
            Attack(att.label, tgt.label)
            for att in me.squads
            if att.pot >= 1
            for tgt in _targets(state, side, att)
        ]
        if field:
            for mv in _moves(state, side):
                out.extend(MoveSquad(mv.squad, c) for c in mv.to)
            out.append(Pass())
        return out
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        tgt = me.squad(pending.target)
        assert tgt is not None
        return [Defend(s) for s in STATS if tgt.level(s) >= 1]
    if phase == "support":
        out = [Reinforce(d) for d in me.dice]
        if not state.forced:
            out.append(EndTurn())
        return out
    if phase == "regroup":
        return list(_sample_regroups(state, side))
    # build
    r = me.reserve
    return [Build(b) for b in sample_builds(state.setup, side, (r.pot, r.res, r.sup))]


def random_action(state: State, side: int, rng: Any) -> Any:
    """One legal action of ``side`` picked at random with ``rng`` (a ``random.Random``), for
    bots and benchmarks; cheaper than choosing from :func:`legal_actions` (an attack is a
    random attacker with Potential on a random target; a rearrangement moves nothing or
    up to the allowance from the reserve into a random squad or a new one). None when
    ``side`` has nothing to decide."""
    if not _may_act(state, side):
        return None
    phase = state.phase
    me = state.players[side]
    if phase == "attack" and not state.setup.field:
        attackers = [sq for sq in me.squads if sq.pot]
        return Attack(rng.choice(attackers).label, rng.choice(state.players[1 - side].squads).label)
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        tgt = me.squad(pending.target)
        assert tgt is not None
        return _DEFEND[rng.choice([i for i, v in enumerate((tgt.pot, tgt.res, tgt.sup)) if v])]
    if phase == "support":
        k = rng.randrange(len(me.dice) + (0 if state.forced else 1))
        return Reinforce(me.dice[k]) if k < len(me.dice) else _END
    if phase == "regroup" and not state.setup.field:
        # nothing (unless forced), or up to the allowance from the reserve, red first,
        # into a random squad or a new one: legal by construction (SC-9.4-SC-9.8)
        squads = me.squads
        k = rng.randrange(len(squads) + 2)
        if k == 0 and not state.forced:
            return _NOTHING
        a, r = state.allowance, me.reserve
        red = r.pot if r.pot < a else a
        green = min(a - red, r.res)
        blue = min(a - red - green, r.sup)
        dst = squads[k - 2].label if k >= 2 else squad_label(side, me.labels)
        moves = [(n, stat) for n, stat in ((red, "pot"), (green, "res"), (blue, "sup")) if n]
        if not moves:
            return _NOTHING
        return Regroup(tuple([Transfer(n, stat, RESERVE, dst) for n, stat in moves]))  # type: ignore[arg-type]
    if phase == "build":
        r = me.reserve
        return Build(rng.choice(sample_builds(state.setup, side, (r.pot, r.res, r.sup))))
    return rng.choice(legal_actions(state, side))


_DEFEND = (Defend("pot"), Defend("res"), Defend("sup"))
_NOTHING = Regroup()
_END = EndTurn()


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------
def parse_action(state: State, side: int, text: str) -> Any:
    """Parse notation for ``side`` against ``state``, strictly.

    Raises :class:`engine.ruleset.NotationError` (not notation),
    :class:`engine.ruleset.IllegalAction` (well formed, but the rules forbid it now;
    the message names the rule) or :class:`engine.ruleset.AmbiguousAction` (an
    abbreviation that matches several legal actions; the message lists them).
    """
    kind, fields = parse_notation(text)
    if kind in (Attack, Defend, Reinforce) and None in fields.values():
        if kind is Attack:
            cands: list[Any] = [
                a
                for a in legal_actions(state, side)
                if isinstance(a, Attack)
                and fields["attacker"] in (None, a.attacker)
                and fields["target"] in (None, a.target)
            ]
            rule = "SC-5.1"
        elif kind is Defend:
            cands = [a for a in legal_actions(state, side) if isinstance(a, Defend)]
            rule = "SC-5.3"
        else:
            cands = [a for a in legal_actions(state, side) if isinstance(a, Reinforce)]
            rule = "SC-9.3"
        if len(cands) == 1:
            return cands[0]
        if not cands:
            expected = {Attack: "attack", Defend: "defend", Reinforce: "support"}[kind]
            if side in to_act(state) and state.phase == expected:
                if kind is Reinforce:
                    raise IllegalAction(_("No unused reinforcement die is left."), "SC-9.3")
                raise IllegalAction(
                    _("No legal action matches \u201c{text}\u201d.").format(text=text.strip()), rule
                )
            # not the time for this kind of action: the full check says why
            probe: Any = {Attack: Attack("", ""), Defend: Defend("pot"), Reinforce: Reinforce(4)}[kind]
            check(state, side, probe)
            raise IllegalAction(
                _("No legal action matches \u201c{text}\u201d.").format(text=text.strip()), rule
            )
        raise AmbiguousAction(
            _("\u201c{text}\u201d could mean: {candidates}.").format(
                text=text.strip(), candidates=", ".join(format_action(c) for c in cands)
            ),
            rule,
        )
    action = kind(**fields)
    check(state, side, action)
    return action


# ---------------------------------------------------------------------------
# Invariants and summary
# ---------------------------------------------------------------------------
def check_invariants(state: State) -> None:
    """Raise ``AssertionError`` when the state breaks an invariant: N tokens of each colour
    across the bag, both reserves and all squads (SC-1.3); no negative count; no squad on
    the table without tokens (SC-8.1); unique labels below each player's label counter
    (SC-1.7); unused dice a subset of the six (SC-1.9); distinct cells on the field
    (SC-12.1.1); the phase consistent with the pending attack and the result."""
    n = state.setup.tokens_per_colour
    totals = [state.bag.pot, state.bag.res, state.bag.sup]
    for side, p in enumerate(state.players):
        r = p.reserve
        assert min(r.pot, r.res, r.sup) >= 0, f"negative reserve for side {side}: {r}"
        totals[0] += r.pot
        totals[1] += r.res
        totals[2] += r.sup
        labels = set()
        for sq in p.squads:
            assert min(sq.pot, sq.res, sq.sup) >= 0, f"negative level in {sq}"
            assert sq.pot + sq.res + sq.sup > 0, f"empty squad {sq.label} on the table (SC-8.1)"
            assert sq.label not in labels, f"label {sq.label} twice (SC-1.7)"
            assert sq.label[0] == str(side + 1) and label_index(sq.label) < p.labels, f"bad label {sq.label}"
            labels.add(sq.label)
            totals[0] += sq.pot
            totals[1] += sq.res
            totals[2] += sq.sup
        assert set(p.dice) <= set(REINFORCEMENT_DICE) and len(set(p.dice)) == len(p.dice), p.dice
        if state.phase == "build":
            assert not p.squads, "squads on the table before the reveal"
        else:
            assert p.order is None, "a sealed order after the reveal"
    assert totals == [n, n, n], f"token invariant broken (SC-1.3): {totals} != {n} of each colour"
    if state.setup.field and state.phase != "build":
        cells = [sq.cell for p in state.players for sq in p.squads]
        assert None not in cells and len(set(cells)) == len(cells), f"cells {cells}"
        assert all(is_cell(c) for c in cells if c), cells
    assert (state.pending is not None) == (state.phase == "defend"), "pending attack out of the Defence step"
    assert (state.phase == "over") == bool(state.ending), "result out of the final phase"
    if state.phase == "regroup":
        assert 1 <= state.allowance <= state.die, (state.allowance, state.die)
    assert state.idle <= state.setup.stalemate_turns


_STEP_WORDS = {"attack": "Attack step", "support": "Support step", "regroup": "Support step"}


def summary(state: State) -> str:
    """One plain English line for a list of saves: the turn and who decides (or the
    result and how it came), then each player's remaining total (SC-1.8), squads and
    unused reinforcement dice, e.g. ``Turn 4: Player 2 defends. Player 1: 4 squads, 75
    tokens, 5 dice; Player 2: ...``."""
    if state.phase == "over":
        if state.winner is None or state.ending not in ENDING_WHY:
            head = f"Draw ({ENDINGS.get(state.ending, state.ending)}) after {state.turn} turns"
        else:
            w = state.winner
            why = ENDING_WHY[state.ending].format(winner=f"Player {w + 1}", loser=f"Player {2 - w}")
            head = f"Player {w + 1} wins: {why}, after {state.turn} turns"
    elif state.phase == "build":
        sealed = [f"Player {s + 1}" for s, p in enumerate(state.players) if p.order is not None]
        head = "Building the starting squads" + (f" ({sealed[0]} has sealed)" if sealed else "")
    elif state.phase == "defend":
        head = f"Turn {state.turn}: Player {2 - state.active} defends"
    else:
        head = f"Turn {state.turn}: Player {state.active + 1}, {_STEP_WORDS.get(state.phase, state.phase)}"
    if state.phase == "build":
        return head
    parts = []
    for side, p in enumerate(state.players):
        squads = "1 squad" if len(p.squads) == 1 else f"{len(p.squads)} squads"
        dice = "1 die" if len(p.dice) == 1 else f"{len(p.dice) or 'no'} dice"
        parts.append(f"Player {side + 1}: {p.remaining} tokens, {squads}, {dice}")
    return f"{head}. " + "; ".join(parts)
