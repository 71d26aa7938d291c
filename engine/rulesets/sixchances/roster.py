"""Building the starting squads (SC-2.4, SC-2.5, SC-12.1.2).

Each player forms exactly K squads (default 4) of exactly M tokens (default 10)
from their own reserve, with any colour mix. :func:`build_problems` lists what
is wrong with an order (never raises); :func:`sample_builds` proposes a varied,
deterministic set of valid orders for bots and selfplay, and
:func:`suggested_builds` the same orders with the sensible ones first (for a
player who asks for a suggestion).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.sixchances.board import home_zone
from engine.rulesets.sixchances.catalog import die_for
from engine.rulesets.sixchances.options import BuildCheck, DraftSquad
from engine.rulesets.sixchances.state import Setup, SquadOrder, Tokens, squad_label

__all__ = ["build_check", "build_problems", "sample_builds", "suggested_builds"]


#: "the reserve lacks tokens of a colour", per colour (red, green, blue)
_SHORT = (
    N_("The squads need {need} red tokens; the reserve holds {have}."),
    N_("The squads need {need} green tokens; the reserve holds {have}."),
    N_("The squads need {need} blue tokens; the reserve holds {have}."),
)


def build_problems(setup: Setup, side: int, reserve: Tokens, squads: Sequence[SquadOrder]) -> list[Problem]:
    """What is wrong with ``side``'s starting squads ``squads`` built from ``reserve``.

    Returns a list of :class:`engine.rosterfile.Problem` (rule ID, message ID, arguments),
    empty when the order is valid: K squads (SC-2.4) of M tokens each (SC-2.4), no
    negative level, no more tokens of a colour than the reserve holds (SC-1.5, SC-2.4),
    and on the field one distinct home-zone cell per squad (SC-12.1.2).
    """
    out: list[Problem] = []
    k, m = setup.squads, setup.squad_size
    if len(squads) != k:
        out.append(
            Problem(
                "SC-2.4",
                N_("Build exactly {k} starting squads; this order has {n}."),
                {"k": k, "n": len(squads)},
            )
        )
    need = [0, 0, 0]
    cells: set[str] = set()
    home = home_zone(side)
    for i, sq in enumerate(squads):
        label = squad_label(side, i)
        if min(sq.pot, sq.res, sq.sup) < 0:
            out.append(
                Problem("SC-2.4", N_("Squad {label}: a stat level cannot be negative."), {"label": label})
            )
        elif sq.total != m:
            out.append(
                Problem(
                    "SC-2.4",
                    N_("Squad {label} has {n} tokens; each starting squad has exactly {m}."),
                    {"label": label, "n": sq.total, "m": m},
                )
            )
        need[0] += sq.pot
        need[1] += sq.res
        need[2] += sq.sup
        if setup.field:
            if sq.cell is None:
                out.append(
                    Problem(
                        "SC-12.1.2", N_("Squad {label} needs a cell of your home zone."), {"label": label}
                    )
                )
            elif sq.cell not in home:
                out.append(
                    Problem(
                        "SC-12.1.2",
                        N_("Squad {label}: cell {cell} is not in your home zone."),
                        {"label": label, "cell": sq.cell},
                    )
                )
            elif sq.cell in cells:
                out.append(
                    Problem(
                        "SC-12.1.2",
                        N_("Squad {label}: cell {cell} already holds another starting squad."),
                        {"label": label, "cell": sq.cell},
                    )
                )
            else:
                cells.add(sq.cell)
        elif sq.cell is not None:
            out.append(
                Problem(
                    "SC-12.1.2", N_("Squads are placed on cells only in the field variant."), {"label": label}
                )
            )
    have = (reserve.pot, reserve.res, reserve.sup)
    for i, (n, h) in enumerate(zip(need, have, strict=True)):
        if n > h:
            out.append(Problem("SC-2.4", _SHORT[i], {"need": n, "have": h}))
    return out


def build_check(setup: Setup, side: int, reserve: Tokens, squads: Sequence[SquadOrder]) -> BuildCheck:
    """``side``'s starting order ``squads`` judged for a live display (SC-2.4,
    SC-12.1.2): the problems of :func:`build_problems`, each squad's size verdict and
    dice (SC-3.1), and what the reserve keeps of each colour (at least 0)."""
    m = setup.squad_size
    drafts = tuple(
        DraftSquad(
            label=squad_label(side, i),
            total=sq.total,
            size_ok=sq.total == m and min(sq.pot, sq.res, sq.sup) >= 0,
            dice=(die_for(sq.pot), die_for(sq.res), die_for(sq.sup)),
        )
        for i, sq in enumerate(squads)
    )
    left = Tokens(
        max(0, reserve.pot - sum(sq.pot for sq in squads)),
        max(0, reserve.res - sum(sq.res for sq in squads)),
        max(0, reserve.sup - sum(sq.sup for sq in squads)),
    )
    return BuildCheck(
        problems=tuple(build_problems(setup, side, reserve, squads)), squads=drafts, reserve_left=left
    )


def _compositions(m: int) -> list[tuple[int, int, int]]:
    """Colour mixes of ``m`` tokens, from the 66 mixes of 10 scaled to ``m``."""
    seen: dict[tuple[int, int, int], None] = {}
    for a in range(11):
        for b in range(11 - a):
            p, r = m * a // 10, m * b // 10
            seen.setdefault((p, r, m - p - r), None)
    return list(seen)


def _cell_patterns(side: int, k: int) -> list[tuple[str, ...]]:
    home = home_zone(side)
    # rows nearest the middle of the field first, or farthest first, or spread out
    front = [c for c in home if c[1] in ("2", "3")] + [c for c in home if c[1] in ("1", "4")]
    back = front[6:] + front[:6]
    spread = front[0::2] + front[1::2]
    return [tuple(p[:k]) for p in (front, back, spread)]


@lru_cache(maxsize=64)
def _candidates(setup: Setup, side: int) -> tuple[tuple[tuple[int, int, int], tuple[SquadOrder, ...]], ...]:
    """Every candidate order with the red, green and blue tokens it needs (reserve-free)."""
    k, m = setup.squads, setup.squad_size
    patterns = _cell_patterns(side, k) if setup.field else [(None,) * k]
    out: dict[tuple[SquadOrder, ...], tuple[int, int, int]] = {}
    for i, (p, r, s) in enumerate(_compositions(m)):
        cells = patterns[i % len(patterns)]
        for rotate in (False, True):
            mixes = [(p, r, s)] * k
            if rotate:
                mixes = [((p, r, s), (s, p, r), (r, s, p))[j % 3] for j in range(k)]
            order = tuple(SquadOrder(a, b, c, cells[j]) for j, (a, b, c) in enumerate(mixes))
            out.setdefault(
                order, (sum(o.pot for o in order), sum(o.res for o in order), sum(o.sup for o in order))
            )
    return tuple((need, order) for order, need in out.items())


@lru_cache(maxsize=4096)
def sample_builds(
    setup: Setup, side: int, reserve: tuple[int, int, int]
) -> tuple[tuple[SquadOrder, ...], ...]:
    """A varied, deterministic set of valid starting orders for ``side`` from a reserve
    of (red, green, blue) tokens: for each colour mix, four equal squads and four
    squads with the mix rotated; at least one order always (SC-2.4 guarantees one exists).
    """
    r, g, b = reserve
    out = [
        order for need, order in _candidates(setup, side) if need[0] <= r and need[1] <= g and need[2] <= b
    ]
    if out:
        return out
    # a lopsided reserve: fill each squad greedily from what is left
    k, m = setup.squads, setup.squad_size
    cells = _cell_patterns(side, k)[0] if setup.field else (None,) * k
    left = [r, g, b]
    order_list = []
    for j in range(k):
        take = [0, 0, 0]
        need = m
        for c in range(3):
            t = min(need, left[c])
            take[c] += t
            left[c] -= t
            need -= t
        order_list.append(SquadOrder(take[0], take[1], take[2], cells[j]))
    return (tuple(order_list),)


def _sense(order: tuple[SquadOrder, ...]) -> tuple[int, int, int, int]:
    """How sensible a starting order looks (smaller first): squads that can never attack
    (Potential 0, SC-3.3), then squads missing a stat (no defence die of that colour, no
    Support to pierce Resilience or save Potential), then how far the squads are from an
    even mix of colours, then more Potential first."""
    no_attack = missing = spread = pot = 0
    for sq in order:
        levels = (sq.pot, sq.res, sq.sup)
        no_attack += sq.pot == 0
        missing += sum(1 for v in levels if v == 0)
        spread += max(levels) - min(levels)
        pot += sq.pot
    return no_attack, missing, spread, -pot


@lru_cache(maxsize=1024)
def suggested_builds(
    setup: Setup, side: int, reserve: tuple[int, int, int]
) -> tuple[tuple[SquadOrder, ...], ...]:
    """The orders of :func:`sample_builds`, sensible ones first: every squad able to
    attack and holding every colour, close to an even mix (e.g. four squads of 4/3/3),
    before lopsided or mechanical ones (a squad all Support, a squad without Potential).
    The order among equals is that of :func:`sample_builds`."""
    orders = sample_builds(setup, side, reserve)
    ranked = sorted(range(len(orders)), key=lambda i: (_sense(orders[i]), i))
    return tuple(orders[i] for i in ranked)
