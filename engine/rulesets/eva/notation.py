"""The text notation of Eva actions (EVA-EX-1): format and strict parsing.

The notation follows the forum's own style: a unit's name, then what it does, with
squares as in EVA-2.2. Words are case-insensitive, and those of every language are
read whatever the interface language (:mod:`engine.rulesets.eva.words`: ``Ева-01
огонь B12 винтовка`` is ``Eva-01 fire B12 rifle``); an action is written in the
words of the interface language. The English forms:

=====================================  =========================================
``choose south`` / ``choose north``     take a deployment zone (EVA-5.2)
``Eva-01 deploy C2 rifle+knife``        place an Eva with what it holds
``Eva-01 deploy C2`` / ``deploy C2 -``  ... with the default hands / empty hands
``activate Eva-01`` [``berserk``]       start an activation (roll for Berserk)
``Eva-01 E4-D5-C6-B6``                  move along a path (EVA-8.2)
``Eva-01 E4-B6``                        move to B6 by the cheapest path
``Eva-01 kneel`` / ``Eva-01 stand``     change stance (EVA-8.6)
``Eva-01 swap pistol+knife`` / ``swap -``  change what is held (EVA-9.3)
``Eva-01 discard``                      throw the Shield aside (EVA-9.4)
``Eva-01 fire B12`` [``rifle``] [``burst`` | ``aimed legs``]  ranged attack
``Eva-01 melee F11``                    melee attack (EVA-12.3)
``Eva-01 disengage``                    try to leave melee (EVA-12.11)
``Eva-01 neutralise D17``               AT-field neutralisation (EVA-14)
``Eva-01 jump K2``                      Jumpjet (EVA-16.9)
``Eva-01 takeoff`` / ``Eva-01 land``    Wings (EVA-16.10)
``Eva-01 detonate``                     D-Module (EVA-16.3)
``Eva-01 accelerate``                   Acceleration (EVA-16.11)
``Eva-01 end``                          end the activation
``trauma legs``                         name a trauma zone (EVA-11.9)
``Eva-01 keep rifle``                   keep one weapon after an arms trauma (EVA-9.7)
``concede``                             give up (EVA-5.11)
=====================================  =========================================

Without a weapons part, ``deploy`` uses the default hand configuration
(:func:`engine.rulesets.eva.hands.default_hands`, as the deployment screen does);
empty hands are written ``-``, so a deployment is always formatted with its hands
and reads back the same.

Parsing is strict: :class:`~engine.ruleset.NotationError` for bad syntax,
:class:`~engine.ruleset.IllegalAction` for a well-formed action the rules
forbid now, :class:`~engine.ruleset.AmbiguousAction` when the text fits more
than one legal action (``fire B12`` with two guns that could fire).
"""

from __future__ import annotations

from engine.geometry.square import BadSquare, parse_square
from engine.i18n import N_, _
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.eva.actions import (
    Accelerate,
    Activate,
    ChooseZone,
    Concede,
    Deploy,
    Detonate,
    Discard,
    Disengage,
    End,
    Fire,
    Jump,
    Keep,
    Kneel,
    Land,
    Melee,
    Move,
    NameZone,
    Neutralise,
    Stand,
    Swap,
    TakeOff,
    sq,
)
from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS
from engine.rulesets.eva.hands import default_hands
from engine.rulesets.eva.legality import check
from engine.rulesets.eva.movement import cheapest_path
from engine.rulesets.eva.state import DEPLOY, EvaState, Unit
from engine.rulesets.eva.words import fold_name, item_word, latin_square, read, read_item, word

__all__ = ["form", "format_action", "item_name", "order_verbs", "parse_action"]

W = 20


def item_name(state: EvaState, unit: int, i: int, among: list[int] | None = None) -> str:
    """The name of item ``i`` in notation: its catalogue code when no other item
    ``among`` the given ones (default: every item still carried) has that code, else
    its numbered label. A stowed twin is thus never named in a public action."""
    u = state.units[unit]
    pool = [j for j, it in enumerate(u.items) if not it.gone] if among is None else among
    code = u.items[i].code
    if sum(1 for j in pool if u.items[j].code == code) <= 1:
        return item_word(code)
    return item_word(u.items[i].label)


def _hands(state: EvaState, unit: int, hands: tuple[int, ...]) -> str:
    if not hands:
        return "-"
    u = state.units[unit]
    names = []
    for i in hands:
        code = u.items[i].code
        twins = [j for j, it in enumerate(u.items) if it.code == code and not it.gone]
        # a code names the first carried item of that code; others need their label
        names.append(
            item_word(code)
            if twins and twins[0] == i and sum(1 for j in hands if u.items[j].code == code) == 1
            else item_word(u.items[i].label)
        )
    return "+".join(names)


def format_action(state: EvaState, side: int, a: object) -> str:
    """The action in notation (see the module docstring)."""
    units = state.units

    def n(i: int) -> str:
        return units[i].name

    w = word
    match a:
        case ChooseZone(zone=z):
            return f"{w('choose')} {w(z)}"
        case Deploy(unit=u, square=s, hands=h):
            return f"{n(u)} {w('deploy')} {sq(s)} {_hands(state, u, h)}"
        case Activate(unit=u, berserk=b):
            return f"{w('activate')} {n(u)}" + (f" {w('berserk')}" if b else "")
        case Move(unit=u, path=p):
            return f"{n(u)} " + "-".join(sq(s) for s in p)
        case Kneel(unit=u):
            return f"{n(u)} {w('kneel')}"
        case Stand(unit=u):
            return f"{n(u)} {w('stand')}"
        case Swap(unit=u, hands=h):
            return f"{n(u)} {w('swap')} {_hands(state, u, h)}"
        case Discard(unit=u):
            return f"{n(u)} {w('discard')}"
        case Fire(unit=u, target=t, item=i, burst=b, aimed=z):
            text = f"{n(u)} {w('fire')} {sq(units[t].square)} {item_name(state, u, i, units[u].hands)}"
            if b:
                text += f" {w('burst')}"
            if z:
                text += f" {w('aimed')} {w(z)}"
            return text
        case Melee(unit=u, target=t):
            return f"{n(u)} {w('melee')} {sq(units[t].square)}"
        case Disengage(unit=u):
            return f"{n(u)} {w('disengage')}"
        case Neutralise(unit=u, target=t):
            return f"{n(u)} {w('neutralise')} {sq(units[t].square)}"
        case Jump(unit=u, square=s):
            return f"{n(u)} {w('jump')} {sq(s)}"
        case TakeOff(unit=u):
            return f"{n(u)} {w('takeoff')}"
        case Land(unit=u):
            return f"{n(u)} {w('land')}"
        case Detonate(unit=u):
            return f"{n(u)} {w('detonate')}"
        case Accelerate(unit=u):
            return f"{n(u)} {w('accelerate')}"
        case End(unit=u):
            return f"{n(u)} {w('end')}"
        case NameZone(zone=z):
            return f"{w('trauma')} {w(z)}"
        case Keep(unit=u, item=i):
            return f"{n(u)} {w('keep')} {item_name(state, u, i, units[u].hands)}"
        case Concede():
            return w("concede")
    raise TypeError(f"not an Eva action: {a!r}")


# ---------------------------------------------------------------------------
# parsing
# ---------------------------------------------------------------------------
#: The written form of each order, in English; :func:`form` writes it in the words of
#: the interface language.
_FORMS: dict[str, str] = {
    "choose": "choose south | choose north",
    "deploy": "<Eva> deploy <square> [weapons]",
    "activate": "activate <Eva> [berserk]",
    "move": "<Eva> <square>-<square>",
    "kneel": "<Eva> kneel",
    "stand": "<Eva> stand",
    "swap": "<Eva> swap <weapon>+<weapon> | <Eva> swap -",
    "discard": "<Eva> discard",
    "fire": "<Eva> fire <square> [weapon] [burst | aimed <zone>]",
    "melee": "<Eva> melee <square>",
    "disengage": "<Eva> disengage",
    "neutralise": "<Eva> neutralise <square>",
    "jump": "<Eva> jump <square>",
    "takeoff": "<Eva> takeoff",
    "land": "<Eva> land",
    "detonate": "<Eva> detonate",
    "accelerate": "<Eva> accelerate",
    "end": "<Eva> end",
    "keep": "<Eva> keep <weapon>",
    "trauma": "trauma arms | legs | body | wings",
    "concede": "concede",
}
#: The placeholders of the forms (message IDs).
_PLACEHOLDERS = {
    "<Eva>": N_("<Eva>"),
    "<square>": N_("<square>"),
    "<weapon>": N_("<weapon>"),
    "[weapons]": N_("[weapons]"),
    "[weapon]": N_("[weapon]"),
    "<zone>": N_("<zone>"),
}


def form(verb: str) -> str:
    """How the order ``verb`` (a key of :data:`engine.rulesets.eva.words.VERBS`, or
    ``move``) is written, in the words of the interface language, e.g. ``<Eva> fire
    <square> [weapon] [burst | aimed <zone>]``."""
    return " ".join(_form_token(token) for token in _FORMS[verb].split(" "))


def _form_token(token: str) -> str:
    """One token of a form in the interface language: brackets kept, placeholders
    translated, parts joined by ``-`` or ``+`` each written, words in notation words."""
    head = "[" if token.startswith("[") else ""
    tail = "]" if token.endswith("]") and not token.startswith("[") or token.endswith("]") and head else ""
    core = token[len(head) : len(token) - len(tail)]
    if core in _PLACEHOLDERS or (head and token in _PLACEHOLDERS):
        return _(_PLACEHOLDERS[token]) if token in _PLACEHOLDERS else head + _(_PLACEHOLDERS[core]) + tail
    for sep in ("-", "+"):
        if sep in core and core != sep:
            return head + sep.join(_form_token(part) for part in core.split(sep)) + tail
    return head + (word(core) if core not in ("|", "-") else core) + tail


def order_verbs() -> list[str]:
    """The order words a player types after an Eva's name, in the words of the interface
    language, for completion: every order but those written before a name or alone
    (choose, activate, trauma, concede); a move is written as squares."""
    return [word(v) for v in _FORMS if v not in ("choose", "activate", "move", "trauma", "concede")]


def _ranged(code: str) -> bool:
    w = WEAPONS.get(code)
    return w is not None and w.damage is not None


def _write(form: str) -> str:
    return _("Write: {form}").format(form=form)


def _is_square(text: str) -> bool:
    try:
        parse_square(latin_square(text))
    except BadSquare:
        return False
    return True


#: The orders written after an Eva's name.
_UNIT_VERBS = frozenset(_FORMS) - {"choose", "activate", "move", "trauma", "concede"}


def _square(text: str) -> int:
    try:
        x, y = parse_square(latin_square(text))
    except BadSquare:
        raise NotationError(_("{text!r} is not a square (A1 to T30).").format(text=text), "EVA-2.2") from None
    return (y - 1) * W + (x - 1)


def _find_unit(state: EvaState, side: int, text: str) -> tuple[int, str]:
    """The unit of ``side`` whose name starts ``text`` (longest name wins); returns
    (unit index, rest of the text)."""
    best = -1
    best_len = -1
    for fold in (str.casefold, fold_name):  # as written, else across scripts (Ева-01 / Eva-01)
        folded = fold(text)
        for i, u in enumerate(state.units):
            if u.side != side:
                continue
            name = fold(u.name.strip())
            fits = folded.startswith(name) and (len(folded) == len(name) or folded[len(name)].isspace())
            if fits and len(name) > best_len:
                best, best_len = i, len(name)
        if best >= 0:
            # the rest of the text keeps its own letters: the name folds letter by letter
            # into as many letters or more, so its length is found again in the text
            best_len = _name_length(text, state.units[best].name.strip(), fold)
            break
    if best < 0:
        words = text.split()
        first = words[0] if words else text
        verb = read("verb", first)
        if verb in _UNIT_VERBS and len(words) > 1:
            # the order first, e.g. "deploy Sniper C29": show the right order of words
            try:
                unit, rest = _find_unit(state, side, " ".join(words[1:]))
            except IllegalAction:
                example = ""
            else:
                example = " " + _("e.g. {text!r}").format(
                    text=" ".join([state.units[unit].name, word(verb), rest]).strip()
                )
            raise NotationError(
                _("The Eva's name comes first.") + " " + _write(form(verb)) + example, "EVA-1.1"
            )
        names = ", ".join(u.name for u in state.units if u.side == side)
        raise IllegalAction(
            _("You have no Eva named {name!r}. Your Evas: {names}.").format(name=first, names=names),
            "EVA-1.1",
        )
    return best, text[best_len:].strip()


def _name_length(text: str, name: str, fold) -> int:  # noqa: ANN001
    """How many characters of ``text`` the Eva's ``name`` takes, matched under ``fold``."""
    want = fold(name)
    for k in range(len(text) + 1):
        if fold(text[:k]) == want:
            return k
    return len(name)


def _unit_at(state: EvaState, square: int, side: int | None = None) -> int:
    for i, u in enumerate(state.units):
        if u.on_board and u.square == square and (side is None or u.side == side):
            return i
    raise IllegalAction(_("There is no enemy Eva on {square}.").format(square=sq(square)), "EVA-10.2")


def _item(state: EvaState, unit: int, label: str, held_first: bool = False) -> int:
    """The item named ``label``: its numbered label, or its code (the held one when
    ``held_first`` and exactly one held item has it, else the first carried)."""
    u = state.units[unit]
    want = read_item(label)
    for i, it in enumerate(u.items):
        if it.label.casefold() == want and not it.gone:
            if held_first and i not in u.hands:
                held = [j for j in u.hands if u.items[j].code.casefold() == want]
                if len(held) == 1:
                    return held[0]
            return i
    raise IllegalAction(
        _("{unit} carries no {item!r}; its items: {items}.").format(
            unit=u.name, item=label, items=_item_words(u)
        )
        if any(not it.gone for it in u.items)
        else _("{unit} carries no {item!r} and has no items left.").format(unit=u.name, item=label),
        "EVA-9.2",
    )


def _item_words(u: Unit) -> str:
    """The words the Eva's items are named by in notation, each with its catalogue name
    (``hrifle (Heavy Pallet Rifle), knife (Quantum Knife)``)."""
    words = []
    for it in u.items:
        if it.gone:
            continue
        item = WEAPONS.get(it.code) or EQUIPMENT.get(it.code)
        label = item_word(it.label)
        words.append(f"{label} ({_(item.name)})" if item is not None else label)
    return ", ".join(words)


def _hands_list(state: EvaState, unit: int, text: str) -> list[int]:
    if text in ("-", ""):
        return []
    return sorted(_item(state, unit, part) for part in text.split("+"))


def parse_action(state: EvaState, side: int, text: str) -> object:
    """Parse ``text`` as an action of ``side`` and check it is legal now.

    Raises NotationError (syntax), IllegalAction (well formed, not allowed) or
    AmbiguousAction (several legal readings).
    """
    raw = " ".join(text.split())
    if not raw:
        raise NotationError(_("Type an action, e.g. 'Eva-01 E4-B6'."))
    words = raw.split(" ")
    first = read("verb", words[0])
    action: object
    if first == "concede" and len(words) == 1:
        action = Concede()
    elif first == "choose":
        side_key = read("side", words[1]) if len(words) == 2 else None
        if side_key is None:
            raise NotationError(
                _("Write {south!r} or {north!r}.").format(
                    south=f"{word('choose')} {word('south')}", north=f"{word('choose')} {word('north')}"
                ),
                "EVA-5.2",
            )
        action = ChooseZone(side_key)
    elif first == "trauma":
        zone = read("zone", words[1]) if len(words) == 2 else None
        if zone is None:
            raise NotationError(
                _("Write {trauma!r} and a zone: {zones}.").format(trauma=word("trauma"), zones=_zone_words()),
                "EVA-11.9",
            )
        action = NameZone(zone)
    elif first == "activate":
        rest = raw[len(words[0]) :].strip()
        berserk = False
        last = rest.rsplit(" ", 1)
        if len(last) == 2 and read("option", last[1]) == "berserk":
            try:
                unit, tail = _find_unit(state, side, rest)
            except IllegalAction:
                rest = last[0]
                berserk = True
                unit, tail = _find_unit(state, side, rest)
            else:
                if read("option", tail) == "berserk":
                    berserk = True
                    tail = ""
        else:
            unit, tail = _find_unit(state, side, rest)
        if tail:
            raise NotationError(_("Unexpected {text!r} after the unit's name.").format(text=tail))
        action = Activate(unit, berserk)
    else:
        unit, rest = _find_unit(state, side, raw)
        action = _parse_unit_command(state, side, unit, rest)
    check(state, side, action)
    return action


def _unknown_order(state: EvaState, unit: int, words: list[str]) -> str:
    """Why ``words`` after an Eva's name are no order, with the form to write."""
    name = state.units[unit].name
    first = words[0]
    text = _("Unknown order {word!r}.").format(word=first)
    if state.phase == DEPLOY:
        square = latin_square(first).upper() if _is_square(first) else "C2"
        return " ".join(
            [
                text,
                _write(form("deploy")),
                _("e.g. {text!r}").format(text=f"{name} {word('deploy')} {square}"),
            ]
        )
    if _is_square(first):
        here = state.units[unit].square
        start = sq(here) if here >= 0 else "E4"
        return " ".join(
            [
                text,
                _("A move is written from square to square:"),
                repr(f"{name} {start}-{latin_square(first).upper()}") + ".",
            ]
        )
    orders = ", ".join(["E4-B6", *order_verbs()])
    return " ".join([text, _("Orders: {orders}.").format(orders=orders)])


def _parse_unit_command(state: EvaState, side: int, unit: int, rest: str) -> object:
    if not rest:
        raise NotationError(
            _("What should the Eva do? e.g. {examples}.").format(
                examples=", ".join(repr(t) for t in ("E4-B6", f"{word('fire')} B12", word("end")))
            )
        )
    words = rest.split(" ")
    verb = read("verb", words[0])
    args = words[1:]
    if verb not in _UNIT_VERBS:
        # a path: squares joined by '-'
        if len(words) != 1 or "-" not in rest:
            raise NotationError(_unknown_order(state, unit, words))
        squares = [_square(p) for p in rest.split("-")]
        if (
            len(squares) == 2
            and max(abs(squares[0] % W - squares[1] % W), abs(squares[0] // W - squares[1] // W)) > 1
        ):
            path = cheapest_path(state, unit, squares[0], squares[1])
            if path is None:
                raise IllegalAction(
                    _("{unit} cannot reach {square} this activation.").format(
                        unit=state.units[unit].name, square=sq(squares[1])
                    ),
                    "EVA-8.2",
                )
            return Move(unit, path)
        return Move(unit, squares)
    simple = {
        "kneel": Kneel,
        "stand": Stand,
        "discard": Discard,
        "disengage": Disengage,
        "takeoff": TakeOff,
        "land": Land,
        "detonate": Detonate,
        "accelerate": Accelerate,
        "end": End,
    }
    if verb in simple:
        if args:
            raise NotationError(_("'{verb}' takes nothing after it.").format(verb=words[0]))
        return simple[verb](unit)
    if verb == "deploy":
        if not 1 <= len(args) <= 2:
            example = f"{state.units[unit].name} {word('deploy')} C2 {word('rifle')}+{word('knife')}"
            raise NotationError(
                _write(form("deploy")) + " " + _("e.g. {text!r}").format(text=example), "EVA-5.2"
            )
        if len(args) == 2:
            hands = _hands_list(state, unit, args[1])
        else:
            hands = default_hands(state.units[unit])
        return Deploy(unit, _square(args[0]), hands)
    if verb == "swap":
        if len(args) != 1:
            raise NotationError(_write(form("swap")), "EVA-9.3")
        return Swap(unit, _hands_list(state, unit, args[0]))
    if verb == "keep":
        if len(args) != 1:
            raise NotationError(_write(form("keep")), "EVA-9.7")
        return Keep(unit, _item(state, unit, args[0], held_first=True))
    if verb in ("melee", "neutralise", "jump"):
        if len(args) != 1:
            raise NotationError(_write(form(verb)))
        square = _square(args[0])
        if verb == "jump":
            return Jump(unit, square)
        target = _unit_at(state, square, 1 - side)
        return Melee(unit, target) if verb == "melee" else Neutralise(unit, target)
    # fire
    if not args:
        raise NotationError(_write(form("fire")), "EVA-10.1")
    target = _unit_at(state, _square(args[0]), 1 - side)
    rest_args = args[1:]
    burst = False
    aimed = ""
    label = ""
    i = 0
    while i < len(rest_args):
        option = read("option", rest_args[i])
        if option == "burst":
            burst = True
        elif option == "aimed":
            zone = read("zone", rest_args[i + 1]) if i + 1 < len(rest_args) else None
            if zone is None:
                raise NotationError(
                    _("{aimed!r} needs a zone: {zones}.").format(aimed=word("aimed"), zones=_zone_words()),
                    "EVA-11.1",
                )
            aimed = zone
            i += 1
        elif not label:
            label = rest_args[i]
        else:  # e.g. an item's full name: refused with the words of the Eva's items
            label += " " + rest_args[i]
        i += 1
    if label:
        return Fire(unit, target, _item(state, unit, label, held_first=True), burst, aimed)
    candidates = []
    refusal: IllegalAction | None = None
    for idx in state.units[unit].hands:
        f = Fire(unit, target, idx, burst, aimed)
        try:
            check(state, side, f)
        except IllegalAction as error:
            # the first ranged weapon's refusal is the reason given (not activated, energy...)
            if refusal is None and _ranged(state.units[unit].items[idx].code):
                refusal = error
            continue
        candidates.append(f)
    if not candidates and refusal is not None:
        raise refusal
    if not candidates:
        raise IllegalAction(
            _("{unit} holds no weapon that can make this attack now.").format(unit=state.units[unit].name),
            "EVA-10.2",
        )
    if len(candidates) > 1:
        labels = ", ".join(item_word(state.units[unit].items[c.item].label) for c in candidates)
        raise AmbiguousAction(_("Which weapon? {labels}.").format(labels=labels))
    return candidates[0]


def _zone_words() -> str:
    """The hit zones in the words of the interface language (EVA-11.1)."""
    return ", ".join(word(z) for z in ("arms", "legs", "body", "wings"))
