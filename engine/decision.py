"""A decision put to one seat: a prompt with its choices.

Some systems stop in the middle of an action and ask one seat to choose, often
the seat that is *not* active: the Six Chances defender picks the defending stat
after the attack roll (SC-5.3), an EVA player names a trauma zone or the weapon to
keep (EVA-11.9, EVA-9.7), a Three Kingdoms officer accepts or refuses a duel. A
ruleset with such moments declares :class:`engine.ruleset.Decisions` and returns
a :class:`Decision` while one is waiting; the interface shows it in one dialog
for every system and submits the chosen :attr:`Choice.action`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

__all__ = ["Choice", "Decision"]


class Choice(msgspec.Struct, frozen=True, kw_only=True):
    """One answer to a decision.

    ``action``: the ruleset action that gives this answer (submit it as it is);
    ``notation``: that action in the system's notation (also accepted typed);
    ``label``: the answer in a few words, in the current language; ``detail``: one
    more line about its consequence (may be empty); ``odds``: the exact chance (0-1)
    of the outcome ``odds_of`` names, when the answer leads to a roll, else None;
    ``odds_of``: what ``odds`` is the chance of, in the current language.
    """

    action: Any
    notation: str
    label: str
    detail: str = ""
    odds: Fraction | None = None
    odds_of: str = ""


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """A question the rules put to ``seat`` now.

    ``prompt``: the question, in the current language; ``choices``: the legal
    answers, in the order to offer them; ``default``: the index of the answer the
    rules give when none is made (used by automated play), or None; ``rule``: the
    rule ID of the decision.
    """

    seat: int
    prompt: str
    choices: tuple[Choice, ...]
    default: int | None = None
    rule: str = ""

    def choice_for(self, notation: str) -> Choice | None:
        """The choice whose notation is ``notation`` (case and spaces ignored), or None."""
        want = " ".join(notation.split()).casefold()
        for choice in self.choices:
            if " ".join(choice.notation.split()).casefold() == want:
                return choice
        return None
