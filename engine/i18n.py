"""Translation of user-facing strings (GNU gettext catalogues, Python's ``gettext``).

Every user-facing string is written in English in the code and passed through
:func:`_` when it is shown. Catalogues live in ``engine/locale/<lang>/LC_MESSAGES/
wartable.po`` (edited) and ``wartable.mo`` (compiled with Babel's ``pybabel
compile``; a test checks the compiled file matches its source). Strings defined
at import time are marked with :func:`N_` and translated when shown.

The language is chosen by :func:`set_language` (``"en"`` or ``"ru"``); the
default comes from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext as _gettext

__all__ = ["LANGUAGES", "N_", "_", "current_language", "detect_language", "ngettext", "set_language"]

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
        import gettext

        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
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
