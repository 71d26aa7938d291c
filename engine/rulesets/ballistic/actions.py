"""The actions of Going Ballistic and the syntax of their notation (GB-17.2).

Notation, one action per line, the unit's name first (the words are
case-insensitive; English and Russian words from the glossary are both accepted):

=========================================  ==============================================
``Hare-1 move 0307 0407 0508``             steps, one hex each (GB-7.2)
``Hare-1 pivot cw`` / ``pivot ccw``        one facing step clockwise / counter-clockwise
``Hare-1 hold``                            hold position (GB-6.6)
``Hare-1 fire gat20 Warden-2 x3``          direct fire, 3 shots (``x1`` may be left out)
``Bastion-1 arc gm120 1708``               an arc shot at a hex (GB-12.2)
``Warden-1 arc atgm @Bastion-2``           a guided arc shot at a unit (GB-13.3)
``Warden-1 overwatch ac40 NE-SE``          overwatch on a sector, asked at each trigger
``Warden-1 overwatch ac40 NE-SE x2``       the same with a standing order of 2 shots
``Warden-1 overwatch x2``                  at a trigger: fire 2 reserved shots (``x0``: none)
``Kestrel-1 designate Bastion-2``          laser designation (GB-13.1)
``Warden-1 smoke 1006``                    lay smoke (GB-18.4)
``Hare-1 end``                             end the activation (GB-6.5)
``Hare-1 deploy 0102 S``                   place a unit before turn 1 (GB-4.6)
``concede``                                concede the battle (GB-16.3)
=========================================  ==============================================

A weapon is its catalogue key (``gat20``); when a unit mounts two of one kind, the
second is ``gat20:2``. Hexes are ``CCRR`` (GB-2.4), directions ``N NE SE S SW NW``
(Russian ``С СВ ЮВ Ю ЮЗ СЗ``). This module only reads and writes text; the rules
resolve names and check legality (``rules/notation.py``).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import msgspec

from engine.i18n import N_, _, current_language
from engine.ruleset import NotationError

__all__ = [
    "ACTION_TYPES",
    "DIRECTIONS_EN",
    "NOTATION",
    "Arc",
    "Concede",
    "Deploy",
    "Designate",
    "End",
    "Fire",
    "Hold",
    "Move",
    "Overwatch",
    "Pivot",
    "React",
    "Smoke",
    "notation_help",
    "parse_direction",
    "parse_sector",
    "parse_text",
]


class Deploy(msgspec.Struct, frozen=True, tag="deploy"):
    """Place ``unit`` at ``hex`` (``CCRR``) facing ``facing`` (0-5) before turn 1 (GB-4.6)."""

    unit: str
    hex: str
    facing: int


class Move(msgspec.Struct, frozen=True, tag="move"):
    """``unit`` steps along ``path`` (``CCRR`` hexes, one step each, GB-7.2)."""

    unit: str
    path: tuple[str, ...]


class Pivot(msgspec.Struct, frozen=True, tag="pivot"):
    """``unit`` turns one facing step, ``clockwise`` or not (GB-7.6)."""

    unit: str
    clockwise: bool


class Hold(msgspec.Struct, frozen=True, tag="hold"):
    """``unit`` holds position for the rest of the turn (GB-6.6)."""

    unit: str


class Fire(msgspec.Struct, frozen=True, tag="fire"):
    """``unit`` fires ``shots`` direct shots with its weapon ``weapon`` (system index)
    at the enemy unit ``target`` (GB-9, GB-10)."""

    unit: str
    weapon: int
    target: str
    shots: int = 1


class Arc(msgspec.Struct, frozen=True, tag="arc"):
    """``unit`` fires one arc shot with ``weapon`` (system index) at the hex ``aim``, or,
    when ``target`` is given, a guided shot at that enemy unit (GB-12.2, GB-13.3)."""

    unit: str
    weapon: int
    aim: str = ""
    target: str = ""


class Overwatch(msgspec.Struct, frozen=True, tag="overwatch"):
    """``unit`` declares overwatch with ``weapon`` (system index) on the sector whose first
    direction is ``sector`` (GB-11.1, GB-11.2); ``per_trigger``: 0 to be asked at each
    trigger, else a standing order of up to that many shots per trigger."""

    unit: str
    weapon: int
    sector: int
    per_trigger: int = 0


class React(msgspec.Struct, frozen=True, tag="react"):
    """At an overwatch trigger, ``unit`` fires ``shots`` of its reserved shots at the
    unit that appeared (0: none) (GB-11.4)."""

    unit: str
    shots: int


class Designate(msgspec.Struct, frozen=True, tag="designate"):
    """``unit`` designates the enemy unit ``target`` with its laser designator (GB-13.1)."""

    unit: str
    target: str


class Smoke(msgspec.Struct, frozen=True, tag="smoke"):
    """``unit`` fires its smoke launcher at ``hex`` (GB-18.4)."""

    unit: str
    hex: str


class End(msgspec.Struct, frozen=True, tag="end"):
    """``unit`` ends its activation (GB-6.5)."""

    unit: str


class Concede(msgspec.Struct, frozen=True, tag="concede"):
    """The side concedes; the other side wins (GB-16.3). Allowed out of turn."""

    out_of_turn: ClassVar[bool] = True


ACTION_TYPES = (
    Deploy | Move | Pivot | Hold | Fire | Arc | Overwatch | React | Designate | Smoke | End | Concede
)

#: Direction letters in notation, by direction (GB-2.3).
DIRECTIONS_EN = ("N", "NE", "SE", "S", "SW", "NW")
_DIRECTIONS_RU = ("С", "СВ", "ЮВ", "Ю", "ЮЗ", "СЗ")

#: Words of each verb (English, then Russian from the glossary).
_VERBS: dict[str, tuple[str, ...]] = {
    "move": ("move", "переместиться", "перемещение"),
    "pivot": ("pivot", "поворот", "повернуться"),
    "hold": ("hold", "стоять"),
    "fire": ("fire", "attack", "атаковать", "атака", "стрельба"),
    "arc": ("arc", "навесом", "навес"),
    "overwatch": ("overwatch", "сектор"),
    "designate": ("designate", "целеуказание"),
    "smoke": ("smoke", "дым"),
    "end": ("end", "конец"),
    "deploy": ("deploy", "расстановка"),
}
_WORD_TO_VERB = {w: verb for verb, words in _VERBS.items() for w in words}
_CLOCKWISE = {"cw": True, "вправо": True, "ccw": False, "влево": False}
_COUNT = re.compile(r"^[xх×](\d{1,3})$")
_WEAPON = re.compile(r"^([a-z][a-z0-9]*)(?::(\d{1,2}))?$")
_HEX = re.compile(r"^\d{4}$")

#: The notation for the help: (form, meaning).
NOTATION: tuple[tuple[str, str], ...] = (
    ("Hare-1 move 0307 0407 0508", N_("Step through these hexes, one step each (GB-7.2).")),
    ("Hare-1 pivot cw", N_("Turn one facing step clockwise (ccw: counter-clockwise) (GB-7.6).")),
    ("Hare-1 hold", N_("Hold position for the rest of the turn (GB-6.6).")),
    ("Hare-1 fire gat20 Warden-2 x3", N_("Fire three direct shots at an enemy unit (GB-9).")),
    ("Bastion-1 arc gm120 1708", N_("Fire one arc shot at a hex (GB-12).")),
    ("Warden-1 arc atgm @Bastion-2", N_("Fire a guided arc shot at an enemy unit (GB-13.3).")),
    ("Warden-1 overwatch ac40 NE-SE", N_("Overwatch a sector; you are asked at each trigger (GB-11).")),
    ("Warden-1 overwatch ac40 NE-SE x2", N_("Overwatch with a standing order of two shots per trigger.")),
    ("Warden-1 overwatch x2", N_("At a trigger: fire two reserved shots (x0: hold fire) (GB-11.4).")),
    ("Kestrel-1 designate Bastion-2", N_("Designate an enemy unit with the laser (GB-13.1).")),
    ("Warden-1 smoke 1006", N_("Lay smoke on a hex and its neighbours (GB-18.4).")),
    ("Hare-1 end", N_("End the unit's activation (GB-6.5).")),
    ("Hare-1 deploy 0102 S", N_("Place a unit in your zone before the battle (GB-4.6).")),
    ("concede", N_("Concede the battle (GB-16.3).")),
)


def notation_help() -> str:
    """The whole notation, translated: a head line, then each form and its meaning."""
    lines = [_("Actions are typed in notation, the unit's name first:")]
    lines += [f"  {form}  {_(meaning)}" for form, meaning in NOTATION]
    return "\n".join(lines)


def _syntax(text: str, hint: str) -> NotationError:
    return NotationError(_("Cannot read \u201c{text}\u201d: {hint}").format(text=text[:80], hint=hint))


def parse_direction(word: str) -> int | None:
    """A direction letter (``N``... or ``С``...) → 0-5, or None."""
    w = word.upper()
    if w in DIRECTIONS_EN:
        return DIRECTIONS_EN.index(w)
    if w in _DIRECTIONS_RU:
        return _DIRECTIONS_RU.index(w)
    return None


def parse_sector(word: str) -> int | None:
    """A sector name ``NE-SE`` (or ``СВ-ЮВ``) → its first direction 0-5, or None when the
    two directions are not neighbours in clockwise order (GB-11.2)."""
    parts = word.replace("–", "-").split("-")
    if len(parts) != 2:
        return None
    a, b = parse_direction(parts[0]), parse_direction(parts[1])
    if a is None or b is None or (a + 1) % 6 != b:
        return None
    return a


def parse_text(text: str) -> tuple[str, str, dict[str, Any]]:
    """Read ``text`` without looking at the state: returns ``(verb, unit name, fields)``
    where the verb is ``move``, ``pivot``... (``concede`` has no unit) and the fields
    are as written (names and weapon words unresolved: ``weapon`` is ``(key, copy)``
    with copy 0 when not given). Raises :class:`engine.ruleset.NotationError`."""
    words = text.split()
    if not words:
        raise _syntax(text, _("the text is empty"))
    if len(words) == 1 and words[0].lower() in ("help", "?"):
        raise NotationError(notation_help())
    if len(words) == 1 and words[0].lower() in ("concede", "сдаться"):
        return "concede", "", {}
    if len(words) < 2:
        raise _syntax(
            text, _("write the unit's name, then what it does; type \u201chelp\u201d for the notation")
        )
    unit, verb_word, rest = words[0], words[1].lower(), words[2:]
    verb = _WORD_TO_VERB.get(verb_word)
    if verb is None:
        raise _syntax(text, _("unknown action; type \u201chelp\u201d for the notation"))
    if verb in ("hold", "end"):
        if rest:
            raise _syntax(text, _("nothing follows this word"))
        return verb, unit, {}
    if verb == "move":
        if not rest or not all(_HEX.match(w) for w in rest):
            raise _syntax(text, _("list the hexes to step through as CCRR, e.g. move 0307 0407"))
        return verb, unit, {"path": tuple(rest)}
    if verb == "pivot":
        if len(rest) != 1 or rest[0].lower() not in _CLOCKWISE:
            raise _syntax(text, _("write pivot cw or pivot ccw"))
        return verb, unit, {"clockwise": _CLOCKWISE[rest[0].lower()]}
    if verb == "deploy":
        if len(rest) != 2 or not _HEX.match(rest[0]) or parse_direction(rest[1]) is None:
            facings = _DIRECTIONS_RU if current_language() == "ru" else DIRECTIONS_EN
            raise _syntax(
                text,
                _("write deploy, a hex CCRR and a facing ({facings}), e.g. deploy 0102 S").format(
                    facings=", ".join(facings)
                ),
            )
        return verb, unit, {"hex": rest[0], "facing": parse_direction(rest[1])}
    if verb in ("designate", "smoke"):
        if len(rest) != 1:
            raise _syntax(text, _("name one target"))
        if verb == "smoke":
            if not _HEX.match(rest[0]):
                raise _syntax(text, _("write the hex as CCRR, e.g. smoke 1006"))
            return verb, unit, {"hex": rest[0]}
        return verb, unit, {"target": rest[0]}
    if verb == "overwatch" and len(rest) == 1 and _COUNT.match(rest[0].lower()):
        return "react", unit, {"shots": int(_COUNT.match(rest[0].lower()).group(1))}  # type: ignore[union-attr]
    if not rest:
        raise _syntax(text, _("name the weapon"))
    wm = _WEAPON.match(rest[0].lower())
    if wm is None:
        raise _syntax(text, _("a weapon is its key, e.g. gat20, or gat20:2 for a second one"))
    weapon = (wm.group(1), int(wm.group(2) or 0))
    rest = rest[1:]
    count = None
    if rest and _COUNT.match(rest[-1].lower()):
        count = int(_COUNT.match(rest[-1].lower()).group(1))  # type: ignore[union-attr]
        rest = rest[:-1]
    if verb == "fire":
        if len(rest) != 1:
            raise _syntax(text, _("write fire, the weapon, the target and optionally x and a count"))
        return verb, unit, {"weapon": weapon, "target": rest[0], "shots": 1 if count is None else count}
    if verb == "arc":
        if len(rest) != 1 or count is not None:
            raise _syntax(text, _("write arc, the weapon and a hex CCRR or @ and a unit"))
        if rest[0].startswith("@") and len(rest[0]) > 1:
            return verb, unit, {"weapon": weapon, "target": rest[0][1:]}
        if not _HEX.match(rest[0]):
            raise _syntax(text, _("write arc, the weapon and a hex CCRR or @ and a unit"))
        return verb, unit, {"weapon": weapon, "aim": rest[0]}
    # overwatch declaration
    if len(rest) != 1 or parse_sector(rest[0]) is None:
        raise _syntax(text, _("name a sector by its two directions clockwise, e.g. NE-SE"))
    return verb, unit, {"weapon": weapon, "sector": parse_sector(rest[0]), "per_trigger": count or 0}
