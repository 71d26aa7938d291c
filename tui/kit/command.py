"""The command line of every game screen: an order typed in the system's notation.

Completion offers the seat's legal actions as the system writes them
(:meth:`engine.seat.Seat.notations`), plus any words the screen adds (e.g.
``concede``); it completes the first that starts with what is typed, ignoring
case. The screen submits the text through its seat, which parses it strictly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.suggester import Suggester
from textual.widgets import Input

__all__ = ["CommandLine", "NotationSuggester", "asks_help"]

#: What typed alone on the command line opens the notation help, in every language.
HELP_WORDS = frozenset({"help", "?", "помощь", "справка"})


def asks_help(text: str) -> bool:
    """Whether ``text`` asks for the notation help rather than an order."""
    return text.strip().casefold() in HELP_WORDS


class NotationSuggester(Suggester):
    """Completes an order from ``source()``: the texts that may be typed now, best first."""

    def __init__(self, source: Callable[[], Sequence[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.source = source

    def candidates(self, value: str) -> list[str]:
        """Every whole text that starts with ``value`` (ignoring case and repeated
        spaces), in the source's order."""
        folded = " ".join(value.split()).casefold()
        if value.endswith(" ") and folded:
            folded += " "
        return [text for text in self.source() if text.casefold().startswith(folded)]

    async def get_suggestion(self, value: str) -> str | None:
        """The first candidate longer than ``value``, written after what was typed."""
        if not value.strip():
            return None
        for cand in self.candidates(value):
            if len(cand) > len(value):
                return value + cand[len(value) :]
        return None


class CommandLine(Input):
    """The command line (an :class:`Input` with :class:`NotationSuggester`).
    ``source``: the completions; ``placeholder``: what to type, translated."""

    def __init__(self, source: Callable[[], Sequence[str]], *, placeholder: str = "", **kwargs) -> None:
        super().__init__(placeholder=placeholder, suggester=NotationSuggester(source), **kwargs)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """``:`` on an empty line is not typed: it is the key that opens the line, pressed
        again (after ``help``, say), and no order starts with it."""
        if character == ":" and not self.value:
            return False
        return super().check_consume_key(key, character)
