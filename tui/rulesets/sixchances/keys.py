"""The keys of Six Chances Party's screens as the help dialog lists them.

Letter keys are bound twice, on the Latin letter and on the letter at the same
place of the Russian layout (``s`` and ``ы``), so that they work whichever
layout is on. The help shows the Russian letters only when the interface is in
Russian: an English player has no use for them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.i18n import _, current_language
from tui.screens.base import key_rows

__all__ = ["SixChancesHelp", "help_rows", "notation_rows", "notation_title"]


def _cyrillic(key: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in key)


def help_rows(screen: Any) -> list[tuple[str, str]]:
    """The rows of :func:`tui.screens.base.key_rows`, without the Russian layout's letters
    unless the interface is in Russian."""
    rows = key_rows(screen)
    if current_language() == "ru":
        return rows
    out = []
    for keys, text in rows:
        kept = [k for k in keys.split(", ") if not _cyrillic(k)]
        out.append((", ".join(kept) or keys, text))
    return out


def notation_rows() -> list[tuple[str, str]]:
    """The whole notation of actions for a help dialog: (form as typed, what it does), translated."""
    from engine.rulesets.sixchances.actions import NOTATION

    return [(form, _(meaning)) for form, meaning in NOTATION]


def notation_title() -> str:
    """The heading of the notation in a help dialog."""
    return _("Actions typed after ':' (any letter case):")


class SixChancesHelp:
    """Mixin for the screens of Six Chances Party: ``?`` lists the keys with
    :func:`help_rows`, and on a screen with the command line (``HELP_NOTATION``) the
    whole notation under them."""

    #: The screen has the command line (``:``): its help lists the notation too.
    HELP_NOTATION: ClassVar[bool] = False

    def action_help(self) -> None:
        """Show the keys of this screen in a dialog (and the notation, see ``HELP_NOTATION``)."""
        from tui.screens.help import HelpScreen

        screen: Any = self
        notes = notation_rows() if self.HELP_NOTATION else []
        screen.app.push_screen(HelpScreen(screen.screen_title(), help_rows(screen), notes, notation_title()))
