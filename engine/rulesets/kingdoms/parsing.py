"""Reading the notation (see :mod:`engine.rulesets.kingdoms.actions` for the forms):
first the syntax alone (:func:`parse_notation`), then against the state: officers
and cards by name (either language) or id, an attack's path inferred when only one
fits, then the legality check. Three distinct errors, as python-chess: :class:`NotationError` (not
notation), :class:`IllegalAction` (the rules forbid it now),
:class:`AmbiguousAction` (several legal actions fit; the message lists them)."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from engine.i18n import LANGUAGES, _, translations
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.kingdoms.actions import (
    FALLBACK_TYPES,
    Accept,
    Attack,
    BuildRam,
    Cancel,
    Challenge,
    ClimbWall,
    Defend,
    Defender,
    Fire,
    Flee,
    Keep,
    Merge,
    Move,
    Provoke,
    Ready,
    Refuse,
    RetreatTo,
    Stratagem,
    notation_help,
)
from engine.rulesets.kingdoms.options import candidates
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.common import notation
from engine.rulesets.kingdoms.rules.phase import check_action
from engine.rulesets.kingdoms.state import State

__all__ = ["PAIRS", "Parsed", "WORDS", "parse_action", "parse_notation", "tokens"]

#: Single words of the notation, both languages, by canonical keyword.
WORDS: dict[str, str] = {
    "DEFEND": "DEFEND",
    "ЗАЩИТА": "DEFEND",
    "ОБОРОНА": "DEFEND",
    "SCREEN": "SCREEN",
    "ЗАСЛОН": "SCREEN",
    "ЗАСЛОНИТЬ": "SCREEN",
    "ABSORB": "ABSORB",
    "ПОГЛОТИТЬ": "ABSORB",
    "RELEASE": "RELEASE",
    "ПРОПУСТИТЬ": "RELEASE",
    "MOVE": "MOVE",
    "МАРШ": "MOVE",
    "ДВИЖЕНИЕ": "MOVE",
    "ATTACK": "ATTACK",
    "АТАКА": "ATTACK",
    "АТАКОВАТЬ": "ATTACK",
    "SIMULTANEOUS": "SIMULTANEOUS",
    "ОДНОВРЕМЕННО": "SIMULTANEOUS",
    "THEN": "THEN",
    "ЗАТЕМ": "THEN",
    "FIRE": "FIRE",
    "ОБСТРЕЛ": "FIRE",
    "CHALLENGE": "CHALLENGE",
    "ВЫЗОВ": "CHALLENGE",
    "PROVOKE": "PROVOKE",
    "ПРОВОКАЦИЯ": "PROVOKE",
    "MERGE": "MERGE",
    "СЛИЯНИЕ": "MERGE",
    "RAM": "RAM",
    "ТАРАН": "RAM",
    "WALL": "CLIMB",
    "СТЕНА": "CLIMB",
    "STRATAGEM": "STRATAGEM",
    "ХИТРОСТЬ": "STRATAGEM",
    "FLEE": "FLEE",
    "БЕГСТВО": "FLEE",
    "БЕЖАТЬ": "FLEE",
    "MOUNT": "MOUNT",
    "ВЕРХОМ": "MOUNT",
    "DISMOUNT": "DISMOUNT",
    "СПЕШИТЬСЯ": "DISMOUNT",
    "CANCEL": "CANCEL",
    "ОТМЕНА": "CANCEL",
    "READY": "READY",
    "ГОТОВО": "READY",
    "ACCEPT": "ACCEPT",
    "ПРИНЯТЬ": "ACCEPT",
    "REFUSE": "REFUSE",
    "ОТКАЗАТЬСЯ": "REFUSE",
    "RETREAT": "RETREAT",
    "ОТСТУПИТЬ": "RETREAT",
    "DEFENDER": "DEFENDER",
    "ЗАЩИТНИК": "DEFENDER",
    "KEEP": "KEEP",
    "КОМАНДУЕТ": "KEEP",
}
#: Two-word forms, both languages.
PAIRS: dict[tuple[str, str], str] = {
    ("BUILD", "RAM"): "RAM",
    ("ПОСТРОИТЬ", "ТАРАН"): "RAM",
    ("CLIMB", "WALL"): "CLIMB",
    ("НА", "СТЕНУ"): "CLIMB",
    ("IF", "REFUSED"): "IFREFUSED",
    ("ЕСЛИ", "ОТКАЗ"): "IFREFUSED",
    ("IF", "INVALID"): "IFINVALID",
    ("ЕСЛИ", "НЕВОЗМОЖНО"): "IFINVALID",
    ("ПО", "КОНЯМ"): "MOUNT",
}
#: Filler words allowed after a keyword: MERGE WITH, BUILD RAM AT, CLIMB WALL OF.
FILLERS = {"MERGE": {"WITH", "С"}, "RAM": {"AT", "У"}, "CLIMB": {"OF"}}

_ID = re.compile(r"^[A-Z]{1,3}\d{1,3}$")
_PATH = re.compile(r"^[A-Z]{1,3}\d{1,3}(?:-[A-Z]{1,3}\d{1,3})+$")


class Parsed(msgspec.Struct, frozen=True, kw_only=True):
    """Notation read without the state: the action's class ``kind``, its ``fields``,
    and the texts the rules must still resolve: ``officer`` (an officer's name or a
    regiment id) and ``card`` (a card's name or id); ``fallback`` for a challenge's
    or provocation's fallback order."""

    kind: type
    fields: dict[str, Any]
    officer: str | None = None
    card: str | None = None
    fallback: Parsed | None = None


def _syntax(text: str, hint: str) -> NotationError:
    return NotationError(_("Cannot read \u201c{text}\u201d: {hint}").format(text=text, hint=hint))


def tokens(text: str) -> list[str]:
    """``text`` split into notation tokens: arrows and dashes between bases become
    ``-``, colons and commas spaces."""
    clean = text.replace("\u2192", "-").replace("\u2013", "-").replace("\u2014", "-")
    clean = clean.replace(":", " ").replace(",", " ")
    clean = re.sub(r"\s*-\s*", "-", clean)
    return clean.split()


def _keyword(tokens: list[str], i: int) -> tuple[str | None, int]:
    """The keyword starting at token ``i`` and how many tokens it takes."""
    if i + 1 < len(tokens):
        pair = PAIRS.get((tokens[i].upper(), tokens[i + 1].upper()))
        if pair:
            return pair, 2
    if i < len(tokens):
        word = WORDS.get(tokens[i].upper())
        if word:
            return word, 1
    return None, 0


def parse_notation(text: str) -> Parsed:
    """Read ``text`` as notation without looking at the state. Raises
    :class:`engine.ruleset.NotationError` when the text is not notation (``help`` or
    ``?`` is answered with the whole notation, as an error, since it is no action)."""
    src = " ".join(text.split())
    if not src:
        raise _syntax(text, _("the text is empty"))
    if src.lower() in ("help", "?", "помощь"):
        raise NotationError(notation_help())
    words = tokens(src)
    if not words:
        raise _syntax(src, _("unknown action; type \u201chelp\u201d for the notation"))
    key, n = _keyword(words, 0)
    rest = words[n:]
    if key in ("READY", "ACCEPT", "REFUSE"):
        if rest:
            raise _syntax(src, _("{word} stands alone").format(word=key))
        return Parsed(kind={"READY": Ready, "ACCEPT": Accept, "REFUSE": Refuse}[key], fields={})
    if key == "CANCEL":
        return Parsed(kind=Cancel, fields={"regiment": _one_id(rest, src, _("a regiment"))})
    if key == "RETREAT":
        return Parsed(kind=RetreatTo, fields={"base": _one_id(rest, src, _("a base"))})
    if key == "KEEP":
        return Parsed(kind=Keep, fields={"regiment": _one_id(rest, src, _("a regiment"))})
    if key == "DEFENDER":
        if not rest:
            raise _syntax(src, _("name the officer who defends the wall"))
        return Parsed(kind=Defender, fields={}, officer=" ".join(rest))
    if key is not None:
        raise _syntax(src, _("an order starts with the regiment's id, e.g. S3 MOVE B2-B4"))
    rid = words[0].upper()
    if not _ID.match(rid):
        raise _syntax(src, _("unknown action; type \u201chelp\u201d for the notation"))
    return _order(words, 1, rid, src, allow_fallback=True)


def _one_id(rest: list[str], src: str, what: str) -> str:
    if len(rest) != 1 or not _ID.match(rest[0].upper()):
        raise _syntax(src, _("name {what} by its id").format(what=what))
    return rest[0].upper()


def _order(tokens: list[str], i: int, rid: str, src: str, allow_fallback: bool) -> Parsed:
    """An order of regiment ``rid`` from token ``i``."""
    fields: dict[str, Any] = {"regiment": rid}
    key, n = _keyword(tokens, i)
    if key == "CANCEL" and i + n == len(tokens):
        return Parsed(kind=Cancel, fields=fields)
    if key in ("MOUNT", "DISMOUNT"):
        fields["mount"] = key.lower()
        i += n
        key, n = _keyword(tokens, i)
    if key is None:
        raise _syntax(
            src, _("expected an order word (DEFEND, MOVE, ATTACK, FIRE...) after {id}").format(id=rid)
        )
    i += n
    if key in FILLERS and i < len(tokens) and tokens[i].upper() in FILLERS[key]:
        i += 1
    rest = tokens[i:]
    if key == "DEFEND":
        return _defend(rest, fields, src)
    if key == "MOVE":
        if len(rest) != 1 or not _PATH.match(rest[0].upper()):
            raise _syntax(src, _("write the path from the regiment's base, e.g. MOVE B2-B4"))
        fields["path"] = tuple(rest[0].upper().split("-"))
        return Parsed(kind=Move, fields=fields)
    if key == "ATTACK":
        return _attack(rest, fields, src)
    if key == "FIRE":
        fields["target"] = _one_id(rest, src, _("the target"))
        return Parsed(kind=Fire, fields=fields)
    if key in ("CHALLENGE", "PROVOKE"):
        return _duel(tokens, i, key, fields, src, allow_fallback)
    if key == "MERGE":
        if "mount" in fields:
            raise _syntax(src, _("a merge takes no MOUNT or DISMOUNT"))
        fields["other"] = _one_id(rest, src, _("the regiment to merge with"))
        return Parsed(kind=Merge, fields=fields)
    if key in ("RAM", "CLIMB"):
        fields["fortress"] = _one_id(rest, src, _("the fortress"))
        return Parsed(kind=BuildRam if key == "RAM" else ClimbWall, fields=fields)
    if key == "STRATAGEM":
        if not rest:
            raise _syntax(src, _("name the stratagem card"))
        return Parsed(kind=Stratagem, fields=fields, card=" ".join(rest))
    if key == "FLEE":
        if rest or "mount" in fields:
            raise _syntax(src, _("FLEE stands alone"))
        return Parsed(kind=Flee, fields=fields)
    raise _syntax(src, _("{word} is not an order").format(word=key))


def _defend(rest: list[str], fields: dict[str, Any], src: str) -> Parsed:
    if rest:
        if _keyword(rest, 0)[0] != "SCREEN" or len(rest) < 2 or not _ID.match(rest[1].upper()):
            raise _syntax(src, _("write a screen as DEFEND SCREEN S5 [ABSORB|RELEASE]"))
        fields["screen"] = rest[1].upper()
        if len(rest) > 3:
            raise _syntax(src, _("write a screen as DEFEND SCREEN S5 [ABSORB|RELEASE]"))
        if len(rest) == 3:
            mode = _keyword(rest, 2)[0]
            if mode not in ("ABSORB", "RELEASE"):
                raise _syntax(src, _("a screen either ABSORBs or RELEASEs archers' attacks"))
            fields["release"] = mode == "RELEASE"
    return Parsed(kind=Defend, fields=fields)


def _attack(rest: list[str], fields: dict[str, Any], src: str) -> Parsed:
    if not rest or not _ID.match(rest[0].upper()):
        raise _syntax(src, _("name the target after ATTACK, e.g. ATTACK W2 B4-B6"))
    fields["target"] = rest[0].upper()
    j = 1
    if j < len(rest) and _PATH.match(rest[j].upper()):
        fields["path"] = tuple(rest[j].upper().split("-"))
        j += 1
    while j < len(rest):
        word, n = _keyword(rest, j)
        if word == "SIMULTANEOUS" and "simultaneous" not in fields:
            fields["simultaneous"] = True
            j += n
        elif word == "THEN" and "then" not in fields and j + 1 < len(rest) and _ID.match(rest[j + 1].upper()):
            fields["then"] = rest[j + 1].upper()
            j += 2
        else:
            raise _syntax(src, _("after the target come the path, SIMULTANEOUS and THEN B2, in that order"))
    return Parsed(kind=Attack, fields=fields)


def _duel(
    tokens: list[str], i: int, key: str, fields: dict[str, Any], src: str, allow_fallback: bool
) -> Parsed:
    cond = "IFREFUSED" if key == "CHALLENGE" else "IFINVALID"
    name: list[str] = []
    j = i
    fallback = None
    while j < len(tokens):
        word, n = _keyword(tokens, j)
        if word in ("IFREFUSED", "IFINVALID"):
            if word != cond or not allow_fallback:
                raise _syntax(
                    src,
                    _("a challenge takes IF REFUSED:, a provocation IF INVALID:, once"),
                )
            fallback = _order(tokens, j + n, fields["regiment"], src, allow_fallback=False)
            if fallback.kind not in FALLBACK_TYPES or "mount" in fallback.fields:
                raise _syntax(
                    src,
                    _("the fallback order is DEFEND, MOVE, ATTACK, FIRE, BUILD RAM or CLIMB WALL (TK-11.3)"),
                )
            break
        name.append(tokens[j])
        j += 1
    if not name:
        raise _syntax(src, _("name the officer after {word}").format(word=key))
    return Parsed(
        kind=Challenge if key == "CHALLENGE" else Provoke,
        fields=fields,
        officer=" ".join(name),
        fallback=fallback,
    )


# ---------------------------------------------------------------------------
# Against the state
# ---------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(tokens(text)).casefold()


def _officer(state: State, text: str, pool: list[str] | None = None) -> str:
    """The regiment whose officer ``text`` names (English or Russian name, or the
    regiment's id), among ``pool`` (ids) or every regiment on the map."""
    want = _norm(text)
    found = []
    for r in state.regiments:
        if not r.on_map or (pool is not None and r.id not in pool):
            continue
        names = {r.id.casefold()}
        if r.officer:
            names.add(_norm(r.officer))
            for code in LANGUAGES:  # his name in every language that ships
                if code != "en":
                    names.add(_norm(translations(code).gettext(r.officer)))
        if want in names:
            found.append(r.id)
    if not found:
        raise IllegalAction(_("No officer named \u201c{name}\u201d is on the map.").format(name=text))
    return found[0]


def _card(state: State, text: str) -> str:
    want = _norm(text)
    for c in state.scenario.cards:
        if want in {c.id.casefold(), _norm(c.name), _norm(c.name_ru or c.name)}:
            return c.id
    raise IllegalAction(_("No stratagem card is called \u201c{name}\u201d.").format(name=text))


def _build(state: State, parsed: Parsed) -> Any:
    fields = dict(parsed.fields)
    if parsed.kind is Defender:
        pool = state.pending.choices if state.pending is not None else None
        return Defender(regiment=_officer(state, parsed.officer or "", pool))
    if parsed.kind in (Challenge, Provoke):
        fields["target"] = _officer(state, parsed.officer or "")
        if parsed.fallback is not None:
            fields["fallback"] = _build(state, parsed.fallback)
    if parsed.kind is Stratagem:
        fields["card"] = _card(state, parsed.card or "")
    return parsed.kind(**fields)


def parse_action(state: State, side: int, text: str) -> Any:
    """Parse ``text`` strictly into an action of ``side`` that is legal now."""
    parsed = parse_notation(text)
    action = _build(state, parsed)
    if isinstance(action, Attack) and not action.path:
        reg = state.regiment(action.regiment)
        target = state.regiment(action.target)
        if (
            reg is not None
            and target is not None
            and reg.on_map
            and target.on_map
            and target.base != reg.base
        ):
            if reg.side != side:
                check_action(state, side, action)
            fits = [
                o
                for o in candidates(state, board(state), reg)
                if isinstance(o, Attack)
                and o.target == action.target
                and o.mount == action.mount
                and o.simultaneous == action.simultaneous
                and o.then == action.then
            ]
            if len(fits) > 1:
                raise AmbiguousAction(
                    _("Several paths lead to {target}: {choices}.").format(
                        target=target.id, choices="; ".join(notation(state, o) for o in fits)
                    )
                )
            if len(fits) == 1:
                action = fits[0]
    check_action(state, side, action)
    return action
