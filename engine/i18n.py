"""Translation of user-facing strings (GNU gettext catalogues, Python's ``gettext``).

Every user-facing string is written in English in the code and passed through
:func:`_` when it is shown. Strings defined at import time are marked with
:func:`N_` and translated when shown.

Catalogues (``.po`` edited, ``.mo`` compiled by ``tools/i18n.py``; a test checks
each compiled file matches its source) come in two kinds, so that a system is
added with its own folder and no shared file changes:

* the core's, ``engine/locale/<lang>/LC_MESSAGES/wartable.po``: the messages of
  ``engine/`` and ``tui/`` outside the systems' packages;
* one per system, ``engine/rulesets/<key>/locale/<lang>/LC_MESSAGES/<key>.po``:
  the messages of ``engine/rulesets/<key>/`` and ``tui/rulesets/<key>/``.

:func:`translations` chains them: the core's first, then each system's.

The language is chosen by :func:`set_language` (``"en"`` or ``"ru"``); the
default comes from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext as _gettext

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "current_language",
    "detect_language",
    "ngettext",
    "set_language",
    "translations",
]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "wartable"
#: Languages that ship: code -> name in that language.
LANGUAGES = {"en": "English", "ru": "Русский"}


class _English:
    """The messages as written (what ``gettext.NullTranslations`` does), so that an
    English start does not import :mod:`gettext`."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_translation: _gettext.NullTranslations | _English = _English()
_language = "en"


def detect_language(environ: dict[str, str] | None = None) -> str:
    """The shipped language the environment asks for (``"en"`` if none matches)."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def _system_catalogues() -> list[tuple[str, Path]]:
    """(domain, locale folder) of every system that ships a catalogue, by key."""
    rulesets = Path(__file__).resolve().parent / "rulesets"
    try:
        names = sorted(os.listdir(rulesets))
    except OSError:
        return []
    return [
        (name, rulesets / name / "locale")
        for name in names
        if not name.startswith(("_", ".")) and (rulesets / name / "locale").is_dir()
    ]


@functools.cache
def translations(code: str) -> _gettext.NullTranslations:
    """The translations into ``code`` (a shipped language other than English): the
    core's catalogue, falling back to each system's (:data:`DOMAIN` first, then the
    systems by key); a message found nowhere stays as written. Made once per
    language, so switching languages costs nothing after the first time."""
    import gettext

    chain = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    for domain, folder in _system_catalogues():
        chain.add_fallback(gettext.translation(domain, folder, languages=[code], fallback=True))
    return chain


def set_language(code: str) -> str:
    """Switch every later translation to ``code``; returns the language in effect.

    An unknown code falls back to English.
    """
    global _translation, _language
    if code not in LANGUAGES:
        code = "en"
    if code == "en":
        _translation = _English()
    else:
        _translation = translations(code)
    _language = code
    return code


def current_language() -> str:
    """The code of the language in effect."""
    return _language


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with the plural form for ``n`` (Russian has three)."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


set_language(detect_language())
