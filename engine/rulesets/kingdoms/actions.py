"""The actions of the Three Kingdoms battle system and their text notation.

The active side writes one order per regiment (TK-2.5), each an action of its
own that it may replace or cancel until it declares itself ``READY``; the phase
then resolves (TK-2.4). The reactions of TK-2.6 are actions of the seat asked.

Notation (keywords in either language, any letter case; ids of regiments and
bases as the scenario writes them; ``-`` or ``→`` between the bases of a path,
whose first base is where the regiment stands):

=============================================  =============================================
``S1 DEFEND``                                  hold (TK-2.5); infantry may add ``SCREEN S5``
                                               and ``RELEASE`` (default ``ABSORB``, TK-8)
``S3 MOVE B2-B4``                              move one step, or two for mounted cavalry
``S2 ATTACK W2``                               attack on the regiment's own base
``S3 ATTACK W2 B4-B6``                         move, then attack on the last base; ``THEN B2``
                                               rides through (TK-9.5a); ``SIMULTANEOUS``
                                               joins distance 1 cavalry (TK-6.4)
``S5 FIRE W2``                                 archers' fire at an adjacent base (TK-4.2)
``S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE     a duel (TK-11); the fallback order is
B4-B2``                                        optional (default DEFEND)
``W4 PROVOKE Guan Yu IF INVALID: DEFEND``      a provocation (TK-12)
``S1 MERGE S2``                                merge two regiments (TK-15)
``S2 BUILD RAM B10``, ``S3 CLIMB WALL B10``    siege (TK-14.4, TK-14.7)
``W2 STRATAGEM Fire in the Bamboo``            play a stratagem card (TK-17)
``S4 FLEE``                                    a panicking regiment's only order (TK-16.3)
``S3 DISMOUNT MOVE B2-B7``                     ``MOUNT`` or ``DISMOUNT`` before any order
                                               of cavalry (TK-3.5)
``CANCEL S3``                                  take back an order (the regiment defends)
``READY``                                      the orders are complete: resolve the phase
``ACCEPT``, ``REFUSE``                         answer a challenge (TK-11.3)
``RETREAT B8``                                 where a duel's loser retreats (TK-11.5)
``DEFENDER Cao Ren``                           who defends the wall (TK-14.7)
``KEEP S1``                                    who keeps command in a merge (TK-15.3)
=============================================  =============================================

Russian words (from the rules' glossary): ЗАЩИТА, ЗАСЛОН, ПОГЛОТИТЬ, ПРОПУСТИТЬ,
МАРШ, АТАКА, ОДНОВРЕМЕННО, ЗАТЕМ, ОБСТРЕЛ, ВЫЗОВ, ЕСЛИ ОТКАЗ:, ПРОВОКАЦИЯ,
ЕСЛИ НЕВОЗМОЖНО:, СЛИЯНИЕ, ТАРАН, СТЕНА, ХИТРОСТЬ, БЕГСТВО, ВЕРХОМ, СПЕШИТЬСЯ,
ОТМЕНА, ГОТОВО, ПРИНЯТЬ, ОТКАЗАТЬСЯ, ОТСТУПИТЬ, ЗАЩИТНИК, КОМАНДУЕТ.

:mod:`engine.rulesets.kingdoms.parsing` reads the notation (the syntax, then the
names of officers and cards against the state, then the legality check).
:func:`format_action` writes the canonical English form, whatever the interface
language, so a save replays the same notation everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from engine.i18n import N_, _

__all__ = [
    "Accept",
    "Action",
    "Attack",
    "BuildRam",
    "Cancel",
    "Challenge",
    "ClimbWall",
    "Defend",
    "Defender",
    "Fallback",
    "FALLBACK_TYPES",
    "Fire",
    "Flee",
    "Keep",
    "Merge",
    "Move",
    "NOTATION",
    "Order",
    "ORDER_TYPES",
    "Provoke",
    "Ready",
    "Refuse",
    "RetreatTo",
    "Stratagem",
    "format_action",
    "notation_help",
]

Mount = Literal["mount", "dismount"]


class Defend(msgspec.Struct, frozen=True, tag="defend", kw_only=True):
    """DEFEND (TK-2.5): hold; infantry may name an allied regiment ``screen`` on its
    base to screen in the next enemy phase, ``release`` letting archers' attacks
    through to it (TK-8.1, TK-8.5)."""

    regiment: str
    screen: str | None = None
    release: bool = False
    mount: Mount | None = None


class Move(msgspec.Struct, frozen=True, tag="move", kw_only=True):
    """MOVE (TK-3): ``path`` from the regiment's base (first) through one or two steps."""

    regiment: str
    path: tuple[str, ...]
    mount: Mount | None = None


class Attack(msgspec.Struct, frozen=True, tag="attack", kw_only=True):
    """ATTACK (TK-4): ``target`` regiment; ``path`` from the regiment's base (empty:
    distance 0); ``simultaneous`` (distance 2 cavalry joins distance 1, TK-6.4);
    ``then``: the ride-through's base after a pursuit (TK-9.5a)."""

    regiment: str
    target: str
    path: tuple[str, ...] = ()
    simultaneous: bool = False
    then: str | None = None
    mount: Mount | None = None


class Fire(msgspec.Struct, frozen=True, tag="fire", kw_only=True):
    """FIRE (TK-4.2): archers' ranged attack on ``target`` on an adjacent base."""

    regiment: str
    target: str
    mount: Mount | None = None


class BuildRam(msgspec.Struct, frozen=True, tag="ram", kw_only=True):
    """BUILD RAM at ``fortress`` (TK-14.4)."""

    regiment: str
    fortress: str
    mount: Mount | None = None


class ClimbWall(msgspec.Struct, frozen=True, tag="climb", kw_only=True):
    """CLIMB WALL of ``fortress`` (TK-14.7)."""

    regiment: str
    fortress: str
    mount: Mount | None = None


#: The orders a challenge or provocation may fall back on (TK-11.3).
Fallback = Defend | Move | Attack | Fire | BuildRam | ClimbWall
FALLBACK_TYPES = (Defend, Move, Attack, Fire, BuildRam, ClimbWall)


class Challenge(msgspec.Struct, frozen=True, tag="challenge", kw_only=True):
    """CHALLENGE the officer of regiment ``target`` (TK-11); ``fallback`` runs if the
    challenge is refused or lapses (None: DEFEND, TK-11.3)."""

    regiment: str
    target: str
    fallback: Fallback | None = None
    mount: Mount | None = None


class Provoke(msgspec.Struct, frozen=True, tag="provoke", kw_only=True):
    """PROVOKE the officer of regiment ``target`` (TK-12); ``fallback`` runs if the
    provocation lapses (None: DEFEND, TK-12.1)."""

    regiment: str
    target: str
    fallback: Fallback | None = None
    mount: Mount | None = None


class Merge(msgspec.Struct, frozen=True, tag="merge", kw_only=True):
    """MERGE with ``other`` (TK-15): the order of both regiments."""

    regiment: str
    other: str


class Stratagem(msgspec.Struct, frozen=True, tag="stratagem", kw_only=True):
    """Play the stratagem ``card`` (its id) as this regiment's action (TK-17)."""

    regiment: str
    card: str
    mount: Mount | None = None


class Flee(msgspec.Struct, frozen=True, tag="flee", kw_only=True):
    """FLEE: a panicking regiment's only order, given automatically (TK-16.3)."""

    regiment: str


Order = Defend | Move | Attack | Fire | Challenge | Provoke | Merge | BuildRam | ClimbWall | Stratagem | Flee
ORDER_TYPES = (Defend, Move, Attack, Fire, Challenge, Provoke, Merge, BuildRam, ClimbWall, Stratagem, Flee)


class Cancel(msgspec.Struct, frozen=True, tag="cancel", kw_only=True):
    """Take back the order of ``regiment`` (it defends, the default, TK-2.5)."""

    regiment: str


class Ready(msgspec.Struct, frozen=True, tag="ready"):
    """The orders are complete: validate them all (TK-2.8) and resolve the phase."""


class Accept(msgspec.Struct, frozen=True, tag="accept"):
    """Accept the challenge put to this side (TK-11.3)."""


class Refuse(msgspec.Struct, frozen=True, tag="refuse"):
    """Refuse the challenge put to this side (TK-11.3, M9)."""


class RetreatTo(msgspec.Struct, frozen=True, tag="retreat", kw_only=True):
    """The forced retreat's destination ``base`` (TK-11.5)."""

    base: str


class Defender(msgspec.Struct, frozen=True, tag="defender", kw_only=True):
    """The officer (his regiment's id) who defends the wall (TK-14.7)."""

    regiment: str


class Keep(msgspec.Struct, frozen=True, tag="keep", kw_only=True):
    """The regiment whose commander keeps command in a merge (TK-15.3)."""

    regiment: str


Action = (
    Defend
    | Move
    | Attack
    | Fire
    | Challenge
    | Provoke
    | Merge
    | BuildRam
    | ClimbWall
    | Stratagem
    | Flee
    | Cancel
    | Ready
    | Accept
    | Refuse
    | RetreatTo
    | Defender
    | Keep
)

#: The notation for the help: (how it is written, what it does, untranslated).
NOTATION: tuple[tuple[str, str], ...] = (
    ("S1 DEFEND", N_("Hold: no move, no attack; fight only by counter-attacking (TK-2.5).")),
    (
        "S2 DEFEND SCREEN S5 RELEASE",
        N_(
            "Infantry screens an allied regiment on its base in the next enemy phase; RELEASE lets archers through (TK-8)."
        ),
    ),
    (
        "S3 MOVE B2-B4-B6",
        N_("Move along a path from the regiment's base: one step, two for mounted cavalry (TK-3)."),
    ),
    ("S2 ATTACK W2", N_("Attack an enemy regiment on the same base (TK-4.1).")),
    ("S3 ATTACK W2 B4-B6", N_("Move, then attack an enemy regiment on the last base (TK-4.1).")),
    ("W3 ATTACK S2 B6-B4 THEN B2", N_("Mounted cavalry pursuing rides through to a base beyond (TK-9.5a).")),
    (
        "W4 ATTACK S2 B10-B9-B6 SIMULTANEOUS",
        N_("Cavalry at distance 2 strikes together with distance 1 (TK-6.4)."),
    ),
    (
        "S5 FIRE W2",
        N_("Archers fire at an adjacent base: from a tower, at a tower's crew, or in pursuit (TK-4.2)."),
    ),
    (
        "S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE B4-B2",
        N_("Challenge an enemy officer to a duel; the order after IF REFUSED: runs if he refuses (TK-11)."),
    ),
    ("W4 PROVOKE Guan Yu IF INVALID: DEFEND", N_("Provoke an enemy officer into a duel (TK-12).")),
    ("S1 MERGE S2", N_("Merge two regiments of the same type on one base (TK-15).")),
    ("S2 BUILD RAM B10", N_("Build a ram against the fortress's gates (TK-14.4).")),
    ("S3 CLIMB WALL B10", N_("The officer climbs the fortress wall (TK-14.7).")),
    ("W2 STRATAGEM Fire in the Bamboo", N_("Play a stratagem card (TK-17).")),
    ("S3 DISMOUNT MOVE B2-B7", N_("Cavalry mounts or dismounts before its order (TK-3.5).")),
    ("CANCEL S3", N_("Take back a regiment's order; it defends.")),
    ("READY", N_("The orders are complete: the phase resolves (TK-2.4).")),
    ("ACCEPT / REFUSE", N_("Answer a challenge (TK-11.3).")),
    ("RETREAT B8", N_("Where your officer's regiment retreats after losing a duel (TK-11.5).")),
    ("DEFENDER Cao Ren", N_("Which officer defends the wall (TK-14.7).")),
    ("KEEP S1", N_("Whose commander keeps command of a merged regiment (TK-15.3).")),
)


def notation_help() -> str:
    """The whole notation as translated text: a head line, then each form and what it does."""
    lines = [_("Orders are typed in notation (any letter case, English or Russian words):")]
    lines += [f"  {form}  {_(meaning)}" for form, meaning in NOTATION]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------
def _path(path: tuple[str, ...]) -> str:
    return "-".join(path)


def format_action(action: Any, officer: Callable[[str], str], card: Callable[[str], str]) -> str:
    """``action`` in canonical notation; ``officer(rid)`` gives the English name of the
    officer of regiment ``rid`` and ``card(cid)`` a card's English name. Never raises
    for an action of this system; anything else is shown as ``?`` and its repr."""
    if isinstance(action, Ready):
        return "READY"
    if isinstance(action, Accept):
        return "ACCEPT"
    if isinstance(action, Refuse):
        return "REFUSE"
    if isinstance(action, Cancel):
        return f"CANCEL {action.regiment}"
    if isinstance(action, RetreatTo):
        return f"RETREAT {action.base}"
    if isinstance(action, Defender):
        return f"DEFENDER {officer(action.regiment)}"
    if isinstance(action, Keep):
        return f"KEEP {action.regiment}"
    if isinstance(action, ORDER_TYPES):
        head = action.regiment
        mount = getattr(action, "mount", None)
        if mount:
            head += " " + mount.upper()
        return f"{head} {_body(action, officer, card)}"
    return f"?{action!r}"


def _body(order: Any, officer: Callable[[str], str], card: Callable[[str], str]) -> str:
    """An order's words after the regiment (and its MOUNT/DISMOUNT)."""
    if isinstance(order, Defend):
        text = "DEFEND"
        if order.screen:
            text += f" SCREEN {order.screen}" + (" RELEASE" if order.release else "")
        return text
    if isinstance(order, Move):
        return f"MOVE {_path(order.path)}"
    if isinstance(order, Attack):
        text = f"ATTACK {order.target}"
        if order.path:
            text += f" {_path(order.path)}"
        if order.simultaneous:
            text += " SIMULTANEOUS"
        if order.then:
            text += f" THEN {order.then}"
        return text
    if isinstance(order, Fire):
        return f"FIRE {order.target}"
    if isinstance(order, Challenge | Provoke):
        word, cond = (
            ("CHALLENGE", "IF REFUSED:") if isinstance(order, Challenge) else ("PROVOKE", "IF INVALID:")
        )
        text = f"{word} {officer(order.target)}"
        fb = order.fallback
        if fb is not None and not (isinstance(fb, Defend) and fb == Defend(regiment=fb.regiment)):
            text += f" {cond} {_body(fb, officer, card)}"
        return text
    if isinstance(order, Merge):
        return f"MERGE {order.other}"
    if isinstance(order, BuildRam):
        return f"BUILD RAM {order.fortress}"
    if isinstance(order, ClimbWall):
        return f"CLIMB WALL {order.fortress}"
    if isinstance(order, Stratagem):
        return f"STRATAGEM {card(order.card)}"
    if isinstance(order, Flee):
        return "FLEE"
    return f"?{order!r}"
