"""The words of the Eva notation in each language (EVA-EX-1; the Russian ones from
the glossary of the rules, section 6).

Every order, option, zone, deployment zone and item has a *key* (the English word,
which is also how actions and events store it) and a word in each shipped language.
Parsing reads the words of every language, whatever the interface language, so an
order typed in English or in Russian means the same; formatting writes the words of
the interface language (:func:`word`), the same every time for a given language.
Eva names are matched in either script (:func:`fold_name`), and a square's letter
may be typed with the Cyrillic letter that looks like it (:func:`latin_square`).
"""

from __future__ import annotations

from engine.i18n import current_language
from engine.rulesets.eva.catalog import WEAPONS

__all__ = [
    "ITEMS",
    "OPTIONS",
    "SIDES",
    "VERBS",
    "WORDS",
    "ZONES",
    "fold_name",
    "item_word",
    "latin_square",
    "read",
    "read_item",
    "word",
]

#: The orders a player types (after an Eva's name, but ``activate``, ``choose``,
#: ``trauma`` and ``concede``, which come first).
VERBS = (
    "deploy",
    "activate",
    "kneel",
    "stand",
    "swap",
    "discard",
    "fire",
    "melee",
    "disengage",
    "neutralise",
    "jump",
    "takeoff",
    "land",
    "detonate",
    "accelerate",
    "end",
    "keep",
    "trauma",
    "choose",
    "concede",
)
#: What may follow an order: a Berserk roll (EVA-16.7), a burst (EVA-10.10), an aimed shot (EVA-11.1).
OPTIONS = ("berserk", "burst", "aimed")
#: The hit zones (EVA-11.1).
ZONES = ("arms", "legs", "body", "wings")
#: The deployment zones (EVA-5.2).
SIDES = ("south", "north")
#: The items an Eva carries, by catalogue code.
ITEMS = (*WEAPONS, "shield")

#: key -> word, by language. English words are the keys themselves.
WORDS: dict[str, dict[str, str]] = {
    "en": {key: key for key in (*VERBS, *OPTIONS, *ZONES, *SIDES, *ITEMS)},
    "ru": {
        "deploy": "расставить",
        "activate": "ход",
        "kneel": "колено",
        "stand": "подняться",
        "swap": "сменить",
        "discard": "сбросить",
        "fire": "огонь",
        "melee": "рукопашная",
        "disengage": "выйти",
        "neutralise": "обнулить",
        "jump": "прыжок",
        "takeoff": "взлететь",
        "land": "сесть",
        "detonate": "самоуничтожение",
        "accelerate": "ускорение",
        "end": "конец",
        "keep": "оставить",
        "trauma": "травма",
        "choose": "выбрать",
        "concede": "сдаться",
        "berserk": "берсерк",
        "burst": "очередь",
        "aimed": "прицельно",
        "arms": "руки",
        "legs": "ноги",
        "body": "корпус",
        "wings": "крылья",
        "south": "юг",
        "north": "север",
        "knife": "нож",
        "hknife": "тяжёлый-нож",
        "pistol": "пистолет",
        "rifle": "винтовка",
        "rocket": "гранатомёт",
        "hrifle": "тяжёлая-винтовка",
        "n2": "бомба",
        "qspear": "квантовое-копьё",
        "sniper": "снайперская",
        "replica": "реплика",
        "lance": "лонгин",
        "positron": "пушка",
        "shield": "щит",
    },
}

#: Other spellings read as a key: American English, and Russian with ё.
_ALIASES = {"neutralize": "neutralise"}


def word(key: str, language: str | None = None) -> str:
    """The word for ``key`` in ``language`` (default: the interface language)."""
    table = WORDS.get(language or current_language()) or WORDS["en"]
    return table.get(key, key)


def item_word(label: str, language: str | None = None) -> str:
    """An item's label (a catalogue code, with ``#2`` etc. for a second one) in the
    words of ``language``: ``rifle#2`` is ``винтовка#2`` in Russian."""
    code, sep, number = label.partition("#")
    return word(code, language) + sep + number


def _folded(text: str) -> str:
    return text.casefold().replace("ё", "е")


def _reader(keys: tuple[str, ...]) -> dict[str, str]:
    table = {_folded(w): key for words in WORDS.values() for key, w in words.items() if key in keys}
    table.update({a: k for a, k in _ALIASES.items() if k in keys})
    return table


_READERS = {
    "verb": _reader(VERBS),
    "option": _reader(OPTIONS),
    "zone": _reader(ZONES),
    "side": _reader(SIDES),
    "item": _reader(ITEMS),
}


def read(kind: str, text: str) -> str | None:
    """The key of ``text`` as a word of ``kind`` ("verb", "option", "zone", "side" or
    "item") in any language, or None when it is none."""
    return _READERS[kind].get(_folded(text))


def read_item(text: str) -> str:
    """An item label as typed (a word or code of any language, with an optional ``#n``)
    as the label the engine stores (``винтовка#2`` -> ``rifle#2``); an unknown word is
    returned folded, as typed."""
    base, sep, number = _folded(text).partition("#")
    code = read("item", base)
    return (code if code is not None else base) + sep + number


#: Cyrillic letters -> Latin, for matching an Eva's name typed in the other script.
_TRANSLIT = dict(
    zip(
        "абвгдезийклмнопрстуфхцыэ",
        [
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "z",
            "i",
            "i",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "h",
            "c",
            "y",
            "e",
        ],
        strict=True,
    )
)
_TRANSLIT.update(
    {"ё": "e", "ж": "zh", "ч": "ch", "ш": "sh", "щ": "sch", "ю": "yu", "я": "ya", "ъ": "", "ь": ""}
)
_TRANSLIT_TABLE = str.maketrans(_TRANSLIT)


def fold_name(name: str) -> str:
    """An Eva's name folded for matching across scripts: case ignored and Cyrillic
    letters written in Latin ones, so ``Ева-01`` and ``eva-01`` match."""
    return name.casefold().translate(_TRANSLIT_TABLE)


#: Cyrillic capitals that look like the Latin letters of the board's columns (A-T).
_SQUARE_LETTERS = str.maketrans("АВСЕНКМОРТавсенкморт", "ABCEHKMOPTabcehkmopt")


def latin_square(text: str) -> str:
    """A square name with a Cyrillic look-alike letter (``Е4`` typed on a Russian
    keyboard) written in Latin (EVA-2.2)."""
    return text.translate(_SQUARE_LETTERS)
