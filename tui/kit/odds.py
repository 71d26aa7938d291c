"""Chances written one way on every screen of every system.

A chance (0-1, exact :class:`fractions.Fraction` or a float) is shown as a
percentage: whole when it is exactly whole (``50%``, ``100%``), else with one
decimal (``33.3%``, ``58.3%``); the decimal separator is the interface
language's (``33,3%`` in Russian). An expectation (an amount, not a chance) is
written the same way by :func:`format_amount`: whole when exact, else with one
decimal (``262.5`` men, ``262,5`` in Russian).
"""

from __future__ import annotations

from fractions import Fraction

from engine.i18n import current_language

__all__ = ["format_amount", "format_odds"]

#: The decimal separator of each shipped language that does not write a point.
_DECIMAL_COMMA = frozenset({"ru"})


def format_odds(p: Fraction | float) -> str:
    """``p`` (a chance, 0-1) as a percentage in the current language: ``50%``,
    ``33.3%`` (``33,3%`` in Russian). A value outside 0-1 is written as it is."""
    exact = Fraction(p) if not isinstance(p, Fraction) else p
    hundred = exact * 100
    if hundred.denominator == 1:
        text = f"{hundred.numerator}%"
    else:
        text = f"{float(hundred):.1f}%"
    if current_language() in _DECIMAL_COMMA:
        text = text.replace(".", ",")
    return text


def format_amount(x: Fraction | float | int) -> str:
    """``x`` (an expectation: men, points...) in the current language: whole when it is
    exactly whole (``250``), else with one decimal, rounded half away from zero on the
    exact value (``137.25`` → ``137.3``; ``262,5`` in Russian)."""
    exact = Fraction(x) if not isinstance(x, Fraction) else x
    if exact.denominator == 1:
        return str(exact.numerator)
    tenths = abs(exact) * 10
    rounded = int(tenths + Fraction(1, 2))  # half away from zero, on the exact value
    text = ("-" if exact < 0 else "") + f"{rounded // 10}.{rounded % 10}"
    if current_language() in _DECIMAL_COMMA:
        text = text.replace(".", ",")
    return text
