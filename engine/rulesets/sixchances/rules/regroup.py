"""Rearrangement after a reinforcement roll (SC-9.4-SC-9.8, SC-12.1.5): pricing a set of
transfers against the allowance, the problems with their rule IDs, and the layout it
would give. :func:`regroup_eval` is the one statement of these rules; :func:`check_regroup`
shows it to a player, and the legality check and the resolution consume it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.sixchances.actions import RESERVE, Regroup
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.options import RegroupCheck
from engine.rulesets.sixchances.rules.common import STAT_INDEX, label_index, new_squad_cells
from engine.rulesets.sixchances.state import Squad, State, Tokens, squad_label

__all__ = ["RegroupEval", "check_regroup", "regroup_eval"]


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

#: What :func:`regroup_eval` returns: (problems, layout after as place -> [red, green,
#: blue] tokens for the places a transfer touches, cost in tokens, new squad label or
#: "", disbanded labels, net red tokens out of the reserve).
RegroupEval = tuple[list[Problem], dict[str, list[int]], int, str, tuple[str, ...], int]


def regroup_eval(state: State, side: int, action: Regroup) -> RegroupEval:
    """Evaluate a rearrangement of ``side`` (SC-9.4-SC-9.8, SC-12.1.5) as a
    :data:`RegroupEval`: (problems, layout after, cost, new squad label or "", disbanded
    labels, net red tokens out of the reserve). Never raises, never changes the state."""
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
        if t.stat not in STAT_INDEX:
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
        i = STAT_INDEX[t.stat]
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
    problems, after, cost, new, disbanded, red_out = regroup_eval(state, side, action)
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
