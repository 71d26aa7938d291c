"""The actions of Six Chances Party and their text notation.

Notation (one action per line; keywords and labels are case-insensitive; the
canonical form is what :func:`format_action` writes):

============================================  ==========================================
``build 5/3/2 4/4/2 3/3/4 2/5/3``             the starting squads, Potential/Resilience/
                                              Support in tokens, in label order (SC-2.4);
                                              on the field each is followed by its cell,
                                              ``5/3/2@a1`` (SC-12.1.2)
``1A x 2B``                                   squad 1A attacks squad 2B (SC-5.1); ``x 2B``
                                              or ``1A x`` leave one squad to be inferred
``defend res``                                the defending stat: ``pot``, ``res`` or
                                              ``sup`` (SC-5.3); ``defend`` alone when only
                                              one stat can defend
``1A to c2``                                  move a squad to an adjacent cell (field
                                              variant, SC-12.1.4)
``pass``                                      neither attack nor move (field, SC-12.1.4)
``reinforce d12``                             roll that reinforcement die (SC-9.3);
                                              ``reinforce`` alone when one die is left
``regroup 3pot reserve>1B, 1res 1A>1E``       the rearrangement after the roll (SC-9.4):
                                              transfers of tokens between ``reserve`` and
                                              squads; a new squad takes the next label; on
                                              the field its cell follows, ``@c2``;
                                              ``regroup none`` moves nothing
``end``                                       end the turn without reinforcing (SC-9.2)
============================================  ==========================================

Syntax errors raise :class:`engine.ruleset.NotationError`; this module never
looks at the state (the rules resolve abbreviations and check legality).
``help`` (or ``?``) is answered with the whole notation (:func:`notation_help`),
also as a :class:`engine.ruleset.NotationError`, since it is not an action.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from engine.i18n import N_, _
from engine.ruleset import NotationError
from engine.rulesets.sixchances.catalog import Stat
from engine.rulesets.sixchances.state import SquadOrder

__all__ = [
    "RESERVE",
    "Action",
    "Attack",
    "Build",
    "Defend",
    "EndTurn",
    "MoveSquad",
    "Pass",
    "Regroup",
    "Reinforce",
    "NOTATION",
    "Transfer",
    "format_action",
    "notation_help",
    "parse_notation",
]

#: The place name of a player's reserve in transfers.
RESERVE = "reserve"


class Build(msgspec.Struct, frozen=True, tag="build"):
    """Seal the starting squads (SC-2.4, SC-2.5): ``squads`` in label order (``1A``,
    ``1B``, ...), each with its levels in tokens and, on the field, its cell."""

    squads: tuple[SquadOrder, ...]


class Attack(msgspec.Struct, frozen=True, tag="attack"):
    """Declare an attack (SC-5.1): the active player's squad ``attacker`` (label) on the
    opponent's squad ``target`` (label). The attack roll follows at once (SC-5.2)."""

    attacker: str
    target: str


class Defend(msgspec.Struct, frozen=True, tag="defend"):
    """Choose the target's defending stat after the attack roll (SC-5.3); the defence
    roll and the resolution follow at once (SC-5.4-SC-7)."""

    stat: Stat


class MoveSquad(msgspec.Struct, frozen=True, tag="move_squad"):
    """Field variant: move squad ``squad`` (label) to the adjacent empty cell ``cell``
    instead of attacking (SC-12.1.4)."""

    squad: str
    cell: str


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """Field variant: neither attack nor move this turn (SC-12.1.4)."""


class Reinforce(msgspec.Struct, frozen=True, tag="reinforce"):
    """Roll the unused reinforcement die of ``die`` faces in the Support step (SC-9.3);
    its result is the allowance for the following :class:`Regroup`."""

    die: int


class Transfer(msgspec.Struct, frozen=True, array_like=True):
    """``count`` tokens of ``stat``'s colour moved from place ``src`` to place ``dst``:
    ``"reserve"`` or a squad label (a new squad takes the owner's next label)."""

    count: int
    stat: Stat
    src: str
    dst: str


class Regroup(msgspec.Struct, frozen=True, tag="regroup"):
    """The rearrangement after a reinforcement roll (SC-9.4-SC-9.7): ``moves`` in any
    order (only the net change counts, SC-9.5); ``cell``: the new squad's cell in the
    field variant (SC-12.1.5), else None."""

    moves: tuple[Transfer, ...] = ()
    cell: str | None = None


class EndTurn(msgspec.Struct, frozen=True, tag="end"):
    """End the Support step without reinforcing (SC-9.2); the turn ends."""


#: Every action, as a msgspec tagged union (decode with ``type=Action``).
Action = Build | Attack | Defend | MoveSquad | Pass | Reinforce | Regroup | EndTurn


#: The whole notation for the help, one entry per form: (how it is written, what it
#: does, untranslated). The rules text (help/en.md) has the same list.
NOTATION: tuple[tuple[str, str], ...] = (
    (
        "build 4/3/3 4/3/3 3/4/3 3/3/4",
        N_(
            "Seal the starting squads: each squad's Potential/Resilience/Support in tokens, "
            "in label order; on the field each is followed by its cell, 4/3/3@a2 (SC-2.4, SC-12.1.2)."
        ),
    ),
    (
        "1A x 2B",
        N_("Squad 1A attacks squad 2B (SC-5.1); x 2B or 1A x when only one squad fits."),
    ),
    (
        "defend res",
        N_("Defend with pot, res or sup (SC-5.3); defend alone when only one stat can."),
    ),
    ("1A to c2", N_("Field variant: move squad 1A to the adjacent empty cell c2 (SC-12.1.4).")),
    ("pass", N_("Field variant: neither attack nor move this turn (SC-12.1.4).")),
    (
        "reinforce d8",
        N_("Roll that unused reinforcement die (SC-9.3); reinforce alone when one die is left."),
    ),
    (
        "regroup 2pot reserve>1A, 1res 1B>1E",
        N_(
            "After the roll, move tokens: how many, the colour (pot, res, sup), from>to, "
            "each place the reserve or a squad; a new squad takes your next label "
            "(SC-9.4-SC-9.7)."
        ),
    ),
    (
        "regroup 1pot reserve>1E @c2",
        N_("Field variant: a new squad's cell follows the transfers (SC-12.1.5)."),
    ),
    ("regroup none", N_("After the roll, move nothing; the die stays used (SC-9.3).")),
    ("end", N_("End the turn without reinforcing (SC-9.2).")),
)


def notation_help() -> str:
    """The whole notation as translated text: a head line, then each form and what it does."""
    lines = [_("Actions are typed in notation (any letter case):")]
    lines += [f"  {form}  {_(meaning)}" for form, meaning in NOTATION]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------
def _format_transfer(t: Transfer) -> str:
    return f"{t.count}{t.stat} {t.src}>{t.dst}"


def format_action(action: Any) -> str:
    """``action`` in canonical notation (see the module's table). Never raises: an object
    that is not an action of this system is shown as ``?`` and its repr."""
    if isinstance(action, Attack):
        return f"{action.attacker} x {action.target}"
    if isinstance(action, Defend):
        return f"defend {action.stat}"
    if isinstance(action, Reinforce):
        return f"reinforce d{action.die}"
    if isinstance(action, Regroup):
        if not action.moves:
            body = "none"
        else:
            body = ", ".join(_format_transfer(t) for t in action.moves)
        return f"regroup {body}" + (f" @{action.cell}" if action.cell else "")
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Build):
        parts = [f"{s.pot}/{s.res}/{s.sup}" + (f"@{s.cell}" if s.cell else "") for s in action.squads]
        return "build " + " ".join(parts)
    if isinstance(action, MoveSquad):
        return f"{action.squad} to {action.cell}"
    if isinstance(action, Pass):
        return "pass"
    return f"?{action!r}"  # not an action of this system: apply refuses it


# ---------------------------------------------------------------------------
# Parsing (syntax only)
# ---------------------------------------------------------------------------
_LABEL = r"[12][A-Za-z]+"
_CELL = r"[A-Fa-f][1-4]"
_RE_ATTACK = re.compile(rf"^(?:({_LABEL})\s*)?x(?:\s*({_LABEL}))?$", re.IGNORECASE)
_RE_MOVE = re.compile(rf"^({_LABEL})\s+to\s+({_CELL})$", re.IGNORECASE)
_RE_SQUAD = re.compile(rf"^(\d+)/(\d+)/(\d+)(?:@({_CELL}))?$", re.IGNORECASE)
_RE_TRANSFER = re.compile(
    rf"^(\d+)\s*(pot|res|sup)\s+(reserve|{_LABEL})\s*>\s*(reserve|{_LABEL})$", re.IGNORECASE
)
_RE_REINFORCE = re.compile(r"^reinforce(?:\s+d(\d+))?$", re.IGNORECASE)
_RE_DEFEND = re.compile(r"^defend(?:\s+(pot|res|sup))?$", re.IGNORECASE)


def _place(text: str) -> str:
    return RESERVE if text.lower() == RESERVE else text.upper()


def _syntax(text: str, hint: str) -> NotationError:
    return NotationError(_("Cannot read \u201c{text}\u201d: {hint}").format(text=text, hint=hint))


def parse_notation(text: str) -> tuple[type, dict[str, Any]]:
    """Read ``text`` as notation without looking at the state.

    Returns the action class and its fields; a field the notation leaves out (an
    abbreviation) is None, for the rules to infer. Raises
    :class:`engine.ruleset.NotationError` when the text is not notation.
    """
    src = " ".join(text.split())
    low = src.lower()
    if not src:
        raise _syntax(text, _("the text is empty"))
    if low in ("help", "?"):
        raise NotationError(notation_help())
    if low == "end":
        return EndTurn, {}
    if low == "pass":
        return Pass, {}
    if m := _RE_DEFEND.match(src):
        return Defend, {"stat": m.group(1).lower() if m.group(1) else None}
    if m := _RE_REINFORCE.match(src):
        return Reinforce, {"die": int(m.group(1)) if m.group(1) else None}
    if m := _RE_ATTACK.match(src):
        attacker, target = m.group(1), m.group(2)
        if attacker is None and target is None:
            raise _syntax(text, _("name the attacking squad, the target, or both"))
        return Attack, {
            "attacker": attacker.upper() if attacker else None,
            "target": target.upper() if target else None,
        }
    if m := _RE_MOVE.match(src):
        return MoveSquad, {"squad": m.group(1).upper(), "cell": m.group(2).lower()}
    head, _sep, rest = src.partition(" ")
    if head.lower() == "build":
        squads = []
        for part in rest.split():
            sm = _RE_SQUAD.match(part)
            if sm is None:
                raise _syntax(text, _("a squad is written Potential/Resilience/Support, e.g. 5/3/2"))
            cell = sm.group(4).lower() if sm.group(4) else None
            squads.append(SquadOrder(int(sm.group(1)), int(sm.group(2)), int(sm.group(3)), cell))
        if not squads:
            raise _syntax(text, _("list the starting squads, e.g. build 5/3/2 4/4/2 3/3/4 2/5/3"))
        return Build, {"squads": tuple(squads)}
    if head.lower() == "regroup":
        body = rest.strip()
        cell = None
        if "@" in body:
            body, _sep, cell_text = body.rpartition("@")
            body = body.strip()
            if not re.fullmatch(_CELL, cell_text.strip()):
                raise _syntax(text, _("a cell is a column a–f and a row 1–4, e.g. c2"))
            cell = cell_text.strip().lower()
        if body.lower() == "none":
            return Regroup, {"moves": (), "cell": cell}
        if not body:
            raise _syntax(text, _("list the transfers, or write \u201cregroup none\u201d"))
        moves = []
        for part in body.split(","):
            tm = _RE_TRANSFER.match(part.strip())
            if tm is None:
                raise _syntax(text, _("a transfer is written e.g. 3pot reserve>1B"))
            moves.append(
                Transfer(int(tm.group(1)), tm.group(2).lower(), _place(tm.group(3)), _place(tm.group(4)))
            )
        return Regroup, {"moves": tuple(moves), "cell": cell}
    raise _syntax(text, _("unknown action; type \u201chelp\u201d for the notation"))
