"""The text notation of a Battleline order: one line a player can type.

An order is clauses separated by ``;``, in any order (the canonical form, written by
:func:`format_action`, keeps the order below). Words are case-insensitive, and the
Russian words of the glossary are accepted beside the English ones, whatever the
interface language; weapon codes may be typed with Cyrillic letters (``А-10``).

====================================  ===============================================
``speed 6``                           move 6 cells toward the opponent (BL-5)
``speed 4 to 2``                      with several opponents, toward seat 2 (BL-6.1);
                                      a mech's name may stand for its seat
``speed 3 to 2 -1``                   starting on the heading's cell: the direction,
                                      +1 or -1 (BL-5.2)
``cover``                             take cover (BL-7)
``def LA``                            defence: LA, RA, LT, RT, ``shield`` (or
                                      ``shield@LA`` with two shields), ``none`` (BL-8)
``melee Sword 2 LT``                  melee with the Sword on seat 2's left torso; in a
                                      duel the seat may be left out (BL-9)
``A-10 13 14 15``                     a cannon's marked cells (BL-12)
``M-10 9 10 11 12 13 14 15x4``        an MG's cells, ``x4`` for 4 salvos on a cell;
                                      ``9..14`` marks each cell of a run once (BL-13)
``R-4 20 21x2 22``                    a launch: missiles per cell (BL-14)
``L-3 charge`` / ``hold`` / ``vent``  a laser's action (BL-15.3)
``L-3 fire 2``                        a laser shot at seat 2 (the seat left out in a duel)
``concede``                           concede the battle (BL-2.6)
====================================  ===============================================

A weapon is named by its code (``A-10``, ``Sword``, ``SW``); a mech with two of the
same writes the mount after ``@`` (``A-10@LT``, ``A-10@LT2``). Syntax errors raise
:class:`engine.ruleset.NotationError`; a weapon or mech that does not exist, or an
order the rules refuse, :class:`engine.ruleset.IllegalAction`; a name that fits two,
:class:`engine.ruleset.AmbiguousAction`.
"""

from __future__ import annotations

import re
from typing import Any

from engine.i18n import N_, _
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.battleline.actions import Concede, Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.catalog import ITEMS
from engine.rulesets.battleline.facts import NOTATION_WORDS, MechFacts
from engine.rulesets.battleline.rules.movement import opponents
from engine.rulesets.battleline.state import State, facts_of

__all__ = ["NOTATION", "format_action", "notation_help", "parse_order_text", "public_text"]

#: The whole notation for the help: (how it is written, what it does, untranslated).
NOTATION: tuple[tuple[str, str], ...] = (
    ("speed 6", N_("Move 6 cells toward the opponent (BL-5).")),
    ("speed 4 to 2", N_("With several opponents, move toward seat 2 (or its mech's name) (BL-6.1).")),
    ("speed 3 to 2 -1", N_("Starting on the cell of the mech headed for: the direction, +1 or -1 (BL-5.2).")),
    ("cover", N_("Take cover (BL-7).")),
    ("def LA", N_("Defence: LA, RA, LT, RT, shield or none (BL-8).")),
    (
        "melee Sword 2 LT",
        N_("Melee with the Sword on seat 2's LT; in a duel the seat may be left out (BL-9)."),
    ),
    ("A-10 13 14 15", N_("A cannon's marked cells (BL-12).")),
    ("M-10 9..14 15x4", N_("An MG's cells; 15x4 puts 4 salvos on cell 15 (BL-13).")),
    ("R-4 20 21x2 22", N_("A missile launch: missiles per cell (BL-14).")),
    ("L-3 charge", N_("A laser's action: charge, hold, vent, or fire 2 (BL-15.3).")),
    ("concede", N_("Concede the battle (BL-2.6).")),
)

#: Words by meaning: English and the glossary's Russian.
_SPEED = {"speed", "s", "скорость", "ск"}
_TO = {"to", "toward", "towards", "к", "на"}
_COVER = {"cover", "укрытие", "укрыться"}
_DEF = {"def", "defence", "defense", "защита"}
_NONE = {"none", "нет", "-"}
_MELEE = {"melee", "ближний", "бб", "рукопашная"}
_CONCEDE = {"concede", "сдаться", "сдаюсь"}
_SHIELD = {"shield", "sh", "щит"}
_LASER = {
    "charge": "charge",
    "зарядка": "charge",
    "зарядить": "charge",
    "hold": "hold",
    "удерживать": "hold",
    "держать": "hold",
    "fire": "fire",
    "огонь": "fire",
    "выстрел": "fire",
    "vent": "vent",
    "сбросить": "vent",
    "сброс": "vent",
}
#: Part codes, Russian abbreviations and words -> the code.
_PARTS = {
    "h": "H",
    "ct": "CT",
    "lt": "LT",
    "rt": "RT",
    "la": "LA",
    "ra": "RA",
    "ll": "LL",
    "rl": "RL",
    "г": "H",
    "голова": "H",
    "цт": "CT",
    "лт": "LT",
    "пт": "RT",
    "лр": "LA",
    "пр": "RA",
    "лн": "LL",
    "пн": "RL",
}
#: Item words -> catalogue code (codes themselves are matched after normalising).
_ITEM_WORDS = {"sword": "SW", "меч": "SW", "hammer": "HM", "молот": "HM", "щит": "SH", "shield": "SH"}
#: Cyrillic letters that look like or stand for the Latin ones of the codes.
_CYR = str.maketrans({"а": "a", "м": "m", "р": "r", "л": "l", "с": "c", "т": "t", "н": "n", "в": "b"})
#: Every weapon word of the catalogue, reduced (see :func:`_norm`).
_KNOWN = frozenset(
    {"".join(c.casefold() for c in code if c != "-") for code in ITEMS}
    | {w.casefold() for w in NOTATION_WORDS.values()}
)
_CELL = re.compile(r"^(\d+)(?:[x\u00d7х\*](\d+))?$")
_RUN = re.compile(r"^(\d+)\.\.(\d+)$")


def _norm(word: str) -> str:
    """A weapon word reduced for matching: lower case, Cyrillic look-alikes as Latin, no hyphen."""
    return word.casefold().translate(_CYR).replace("-", "").replace("\u2013", "")


def _syntax(text: str, hint: str) -> NotationError:
    return NotationError(_("Cannot read \u201c{text}\u201d: {hint}").format(text=text, hint=hint))


def notation_help() -> str:
    """The whole notation as translated text: a head line, then each form."""
    lines = [_("An order is written as clauses separated by semicolons, for example:")]
    lines += [f"  {form}  {_(meaning)}" for form, meaning in NOTATION]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------
def _seat_text(state: State, side: int, seat: int) -> str | None:
    """A target seat as written: None when it may be left out (the only opponent)."""
    opps = opponents(state, side)
    if opps == [seat]:
        return None
    return str(seat + 1)


def _label(facts: MechFacts, item: int) -> str:
    return facts.items[item].label if 0 <= item < len(facts.items) else f"#{item}"


def _defence_text(facts: MechFacts, defence: str) -> str:
    if defence.startswith("SH@"):
        return "shield" if len(facts.shields) == 1 else f"shield@{defence[3:]}"
    return defence


def format_action(state: State, side: int, action: Any) -> str:
    """``action`` of ``side`` in canonical notation (see the module's table). Never
    raises: an object that is not an action of this system is shown as ``?`` and its
    repr."""
    if isinstance(action, Concede):
        return "concede"
    if not isinstance(action, Order) or not 0 <= side < len(state.mechs):
        return f"?{action!r}"
    facts = facts_of(state, side)
    head = f"speed {action.speed}"
    if action.heading is not None:
        head += f" to {action.heading + 1}"
    if action.direction:
        head += f" {action.direction:+d}"
    out = [head]
    if action.cover:
        out.append("cover")
    if action.defence:
        out.append(f"def {_defence_text(facts, action.defence)}")
    m = action.melee
    if m is not None:
        target = _seat_text(state, side, m.target)
        out.append(" ".join(x for x in ("melee", _label(facts, m.item), target, m.part) if x))
    for f in action.fire:
        cells = " ".join(f"{c}x{k}" if k != 1 else f"{c}" for c, k in f.cells)
        out.append(f"{_label(facts, f.item)} {cells}".rstrip())
    for lo in action.lasers:
        text = f"{_label(facts, lo.item)} {lo.act}"
        if lo.act == "fire" and lo.target >= 0:
            target = _seat_text(state, side, lo.target)
            if target is not None:
                text += f" {target}"
        out.append(text)
    return "; ".join(out)


def public_text(state: State, side: int, action: Any) -> str:
    """What the other seats read of an action: an order, or a concession, is sealed
    until the turn is resolved (BL-4.1), so both read ``order``."""
    return "order"


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------
def _seat(state: State, words: list[str], text: str) -> int:
    """A seat named by its number (``2``, ``#2``) or its mech's name (any case)."""
    joined = " ".join(words)
    number = joined[1:] if joined.startswith("#") else joined
    if number.isdigit():
        seat = int(number) - 1
        if not 0 <= seat < len(state.mechs):
            raise IllegalAction(_("There is no seat {n} in this battle.").format(n=number))
        return seat
    found = [s for s, m in enumerate(state.setup.mechs) if m.name.casefold() == joined.casefold()]
    if not found:
        raise _syntax(text, _("{name!r} is neither a seat number nor a mech's name").format(name=joined))
    if len(found) > 1:
        raise AmbiguousAction(
            _("{name!r} names seats {seats}; write the seat's number.").format(
                name=joined, seats=", ".join(str(s + 1) for s in found)
            )
        )
    return found[0]


def _target(state: State, side: int, words: list[str], text: str) -> int:
    """A target seat; left out in a duel, it is the only opponent; else -1 (refused later)."""
    if words:
        return _seat(state, words, text)
    opps = opponents(state, side)
    return opps[0] if len(opps) == 1 else -1


def _item(facts: MechFacts, word: str, text: str) -> int:
    """The item a word names: code or name, with ``@mount`` when needed."""
    base, _sep, mount = word.partition("@")
    key = _norm(base)
    code = _ITEM_WORDS.get(base.casefold())
    if code is None and key not in _KNOWN:
        raise _syntax(text, _("{word!r} is neither a clause nor a weapon").format(word=base))
    matches = [
        f for f in facts.items if key in (_norm(f.code), _norm(f.label.partition("@")[0])) or f.code == code
    ]
    if not matches:
        raise IllegalAction(_("This mech has no {item}.").format(item=base), "BL-10.1")
    if mount:
        mm = re.fullmatch(r"([^\d]+)(\d*)", mount.casefold())
        part = _PARTS.get(mm.group(1)) if mm else None
        if mm and mm.group(1) in ("legs", "ноги"):
            part = "legs"
        slot = int(mm.group(2)) if mm and mm.group(2) else None
        matches = [f for f in matches if f.mount == part and (slot is None or f.slot == slot)]
        if not matches:
            raise IllegalAction(_("This mech has no {item}.").format(item=word), "BL-10.1")
    if len(matches) > 1:
        raise AmbiguousAction(
            _("{item} is ambiguous: {labels}.").format(item=word, labels=", ".join(f.label for f in matches))
        )
    return matches[0].index


def _cells(words: list[str], text: str) -> tuple[tuple[int, int], ...]:
    """Marked cells: ``13``, ``15x4`` (4 salvos or missiles), ``9..14`` (each once)."""
    out: list[tuple[int, int]] = []
    for w in words:
        if m := _CELL.match(w):
            out.append((int(m.group(1)), int(m.group(2)) if m.group(2) else 1))
        elif m := _RUN.match(w):
            a, b = int(m.group(1)), int(m.group(2))
            out.extend((c, 1) for c in range(min(a, b), max(a, b) + 1))
        else:
            raise _syntax(text, _("{word!r} is not a cell (13, 15x4 or 9..14)").format(word=w))
    return tuple(out)


def _defence(facts: MechFacts, words: list[str], text: str) -> str:
    word = " ".join(words).casefold().replace(" ", "")
    if word in _NONE or not word:
        return ""
    if word in _PARTS and _PARTS[word] in ("LA", "RA", "LT", "RT"):
        return _PARTS[word]
    base, _sep, arm = word.partition("@")
    if base in _SHIELD:
        if arm:
            code = _PARTS.get(arm, arm.upper())
            if code not in ("LA", "RA"):
                raise _syntax(text, _("a shield is named by its arm, shield@LA or shield@RA"))
            return f"SH@{code}"
        arms = [facts.items[i].mount for i in facts.shields]
        if not arms:
            raise IllegalAction(_("This mech has no shield."), "BL-8.1")
        if len(arms) > 1:
            raise AmbiguousAction(_("Two shields: write shield@LA or shield@RA."))
        return f"SH@{arms[0]}"
    raise _syntax(text, _("a defence is LA, RA, LT, RT, shield or none"))


def parse_order_text(state: State, side: int, text: str) -> Order | Concede:
    """``text`` read as ``side``'s order, without checking it against the rules (a
    draft for :func:`preview`). Raises NotationError, IllegalAction (no such weapon,
    shield or seat) or AmbiguousAction."""
    src = " ".join(text.split())
    low = src.casefold()
    if not src:
        raise _syntax(text, _("the text is empty"))
    if low in ("help", "?", "помощь"):
        raise NotationError(notation_help())
    if low in _CONCEDE:
        return Concede()
    if not 0 <= side < len(state.mechs):
        raise IllegalAction(_("There is no such seat."))
    facts = facts_of(state, side)
    fields: dict[str, Any] = {}
    fire: list[Fire] = []
    lasers: list[LaserOrder] = []
    for clause in (c.strip() for c in src.split(";")):
        words = [w for w in re.split(r"[\s,]+", clause) if w]
        if not words:
            continue
        head = words[0].casefold()
        if head in _CONCEDE:
            raise _syntax(text, _("a concession is written alone: concede"))
        if m := re.fullmatch(r"(?:s|speed|ск|скорость)(-?\d+)", head):
            words = [head[: m.start(1)], m.group(1), *words[1:]]
            head = words[0]
        if head in _SPEED:
            _once(fields, "speed", text)
            _speed_clause(state, words[1:], fields, text)
        elif (head in _COVER and len(words) == 1) or clause.casefold() == "в укрытие":
            _once(fields, "cover", text)
            fields["cover"] = True
        elif head in _DEF:
            _once(fields, "defence", text)
            fields["defence"] = _defence(facts, words[1:], text)
        elif head in _MELEE:
            _once(fields, "melee", text)
            if len(words) < 3:
                raise _syntax(text, _("melee is written: melee WEAPON [SEAT] PART"))
            part = _PARTS.get(words[-1].casefold())
            if part is None:
                raise _syntax(
                    text, _("{word!r} is not a part (H, CT, LT, RT, LA, RA, LL, RL)").format(word=words[-1])
                )
            item = _item(facts, words[1], text)
            fields["melee"] = Melee(item, _target(state, side, words[2:-1], text), part)
        else:
            item = _item(facts, words[0], text)
            rest = words[1:]
            kind = facts.items[item].item.kind
            verb = _LASER.get(rest[0].casefold()) if rest else None
            if kind == "laser":
                if verb is None:
                    raise _syntax(text, _("a laser is given charge, hold, vent or fire"))
                if verb == "fire":
                    lasers.append(LaserOrder(item, "fire", _target(state, side, rest[1:], text)))
                elif len(rest) > 1:
                    raise _syntax(text, _("only fire names a target"))
                else:
                    lasers.append(LaserOrder(item, verb))
            elif kind in ("cannon", "mg", "missiles"):
                if not rest:
                    raise _syntax(text, _("list the cells the weapon marks"))
                fire.append(Fire(item, _cells(rest, text)))
            else:
                raise _syntax(
                    text,
                    _("{item} is not fired this way (melee weapons: melee WEAPON PART)").format(
                        item=words[0]
                    ),
                )
    if fire:
        fields["fire"] = tuple(fire)
    if lasers:
        fields["lasers"] = tuple(lasers)
    return Order(**fields)


def _once(fields: dict[str, Any], key: str, text: str) -> None:
    if key in fields:
        raise _syntax(text, _("a clause is given twice"))


def _speed_clause(state: State, words: list[str], fields: dict[str, Any], text: str) -> None:
    """``N [to SEAT] [+1|-1]``: speed, heading and direction."""
    if not words or not re.fullmatch(r"-?\d+", words[0]):
        raise _syntax(text, _("speed is a number of cells, e.g. speed 6"))
    fields["speed"] = int(words[0])
    rest = words[1:]
    if rest and re.fullmatch(r"[+-]\d*", rest[-1]):
        sign = rest.pop()
        fields["direction"] = int(sign) if len(sign) > 1 else (1 if sign == "+" else -1)
    if rest:
        if rest[0].casefold() not in _TO or len(rest) < 2:
            raise _syntax(text, _("a heading is written: speed 4 to 2"))
        fields["heading"] = _seat(state, rest[1:], text)
