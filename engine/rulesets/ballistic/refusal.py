"""A refusal kept as data: an untranslated message, its arguments and the rule ID it
rests on, so that an event can carry the reason a rule gave and render it in the
language of the moment (a saved game read in another language reads in that one).

``weapon`` in the arguments is a weapon's key and is shown by its name.
"""

from __future__ import annotations

import msgspec

from engine.i18n import _
from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.catalog import WEAPONS

__all__ = ["Reason", "Refused", "refuse"]


class Reason(msgspec.Struct, frozen=True):
    """Why a rule refused: ``message`` (an English message ID, marked with ``N_``),
    ``args`` (name, value) pairs, ``rule`` the rule ID (e.g. ``"GB-9.6"``)."""

    message: str
    rule: str
    args: tuple[tuple[str, str | int], ...] = ()

    def text(self) -> str:
        """The reason in the current language, without its rule ID."""
        args = {k: _(WEAPONS[v].name) if k == "weapon" and v in WEAPONS else v for k, v in self.args}
        return _(self.message).format(**args)


class Refused(IllegalAction):
    """An :class:`IllegalAction` that keeps its :class:`Reason` (``reason``)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text(), rule=reason.rule)
        self.reason = reason


def refuse(message: str, rule: str, **args: str | int) -> Refused:
    """The refusal of ``rule`` with the untranslated ``message`` filled with ``args``
    (``weapon``: a weapon's key)."""
    return Refused(Reason(message, rule, tuple(args.items())))
