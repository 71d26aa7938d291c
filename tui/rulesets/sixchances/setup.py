"""Six Chances Party's part of the new game screen: the standard game or the field
variant (SC-12.1), and the custom starting values (SC-12.2).

Four rows, each a setting and its value (``< 50 >``): the arrows left and
right, Enter, Space or a click change the highlighted one; ``d`` restores the
defaults. The line below says what each player will build and keep in reserve
(the set-up's ``reserve_size`` and ``reserve_left``); the problems come from the
ruleset (:meth:`engine.rulesets.sixchances.SixChances.setup_problems`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.catalog import (
    DEFAULT_SQUAD_SIZE,
    DEFAULT_SQUADS,
    DEFAULT_TOKENS_PER_COLOUR,
    FIELD_MAX_SQUADS,
)
from engine.rulesets.sixchances.state import Setup
from tui.glyphs import UNICODE
from tui.rulesets.sixchances.rows import Rows

__all__ = ["SixChancesChoices", "SixChancesSetupWidget", "make_setup"]

#: Largest values offered (the rules set no upper limit; these keep a game playable).
MAX_TOKENS_PER_COLOUR = 200
MAX_SQUADS = 20
MAX_SQUAD_SIZE = 60


@dataclass(frozen=True)
class SixChancesChoices:
    """What was chosen on the new game screen: ``field`` (SC-12.1) and the custom values
    N ``tokens_per_colour``, K ``squads``, M ``squad_size`` in tokens (SC-12.2)."""

    field: bool = False
    tokens_per_colour: int = DEFAULT_TOKENS_PER_COLOUR
    squads: int = DEFAULT_SQUADS
    squad_size: int = DEFAULT_SQUAD_SIZE

    def setup(self) -> Setup:
        """The engine's set-up for these choices (not yet checked)."""
        return Setup(
            field=self.field,
            tokens_per_colour=self.tokens_per_colour,
            squads=self.squads,
            squad_size=self.squad_size,
        )


def problems_of(choices: SixChancesChoices) -> list[str]:
    """Why ``choices`` cannot start a game, translated, with the rule IDs; empty when it can."""
    return [f"{p.text()} ({p.rule})" for p in RULESET.setup_problems(choices.setup())]


def make_setup(choices: SixChancesChoices) -> Setup:
    """The :class:`engine.rulesets.sixchances.state.Setup` of ``choices``. Raises
    ``ValueError`` with the translated reasons when the values break SC-12.1.8 or SC-12.2."""
    problems = problems_of(choices)
    if problems:
        raise ValueError(" ".join(problems))
    return choices.setup()


#: The rows: (id, English label).
ROWS: tuple[tuple[str, str], ...] = (
    ("field", N_("Game")),
    ("tokens_per_colour", N_("Tokens per colour")),
    ("squads", N_("Starting squads")),
    ("squad_size", N_("Tokens per squad")),
)

#: (step, smallest, largest) of each number.
_LIMITS: dict[str, tuple[int, int, int]] = {
    "tokens_per_colour": (2, 2, MAX_TOKENS_PER_COLOUR),
    "squads": (1, 1, MAX_SQUADS),
    "squad_size": (1, 1, MAX_SQUAD_SIZE),
}

_EXPLAIN: dict[str, str] = {
    "field": N_(
        "Standard: any squad may attack any enemy squad. Field: squads stand on a 6 x 4 grid "
        "and attack only a neighbouring cell; a turn is an attack, a move or a pass (SC-12.1)."
    ),
    "tokens_per_colour": N_(
        "How many tokens of each colour are in the bag; half of all go to each player (SC-12.2)."
    ),
    "squads": N_("How many squads each player builds at the start (SC-12.2)."),
    "squad_size": N_("How many tokens each starting squad holds (SC-12.2)."),
}


class _ValueRows(Rows):
    """The list of options: Left/Right (and -/+) change the highlighted value. Bound on
    the list itself, so the help lists the arrows beside -/+ (the list's own scrolling
    would otherwise claim them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus", "change(1)", N_("Next value"), show=False),
        Binding("left,minus", "change(-1)", N_("Previous value"), show=False),
    ]

    def action_change(self, step: int) -> None:
        """Change the highlighted value (see :meth:`SixChancesSetupWidget.action_change`)."""
        parent = self.parent
        if isinstance(parent, SixChancesSetupWidget):
            parent.action_change(step)


class SixChancesSetupWidget(Vertical):
    """The options of a Six Chances Party game, for the new game screen.

    Provides :meth:`problems` and :meth:`choices` (see :mod:`tui.rulesets`) and posts
    :class:`SixChancesSetupWidget.Changed` whenever a value changes.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d,в", "defaults", N_("Default values")),
    ]

    class Changed(Message):
        """A value changed; ``choices`` is the new set."""

        def __init__(self, choices: SixChancesChoices) -> None:
            super().__init__()
            self.choices = choices

    def __init__(self, choices: SixChancesChoices | None = None, **kwargs: object) -> None:
        super().__init__(classes="sc-setup", **kwargs)  # type: ignore[arg-type]
        self._choices = choices or SixChancesChoices()
        self._row = 0

    # -- the interface -------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the game cannot start with these values (translated, one line each)."""
        return problems_of(self._choices)

    def choices(self) -> SixChancesChoices:
        """The values chosen."""
        return self._choices

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The list of options, an explanation, and the outcome or the problems."""
        pointer = getattr(getattr(self.app, "glyphs", UNICODE), "pointer", ">")
        yield _ValueRows(*self._options(), pointer=pointer, id="sc-setup-list")
        yield Static(id="sc-setup-explain", markup=False)
        yield Static(id="sc-setup-outcome", markup=False)

    def _value(self, row: str) -> str:
        if row == "field":
            return _("Field variant (6 x 4)") if self._choices.field else _("Standard")
        return str(getattr(self._choices, row))

    def _options(self) -> list[Option]:
        width = max(len(_(label)) for _row, label in ROWS) + 2
        return [
            Option(Text.assemble((f"{_(label)}:".ljust(width), "bold"), f"< {self._value(row)} >"), id=row)
            for row, label in ROWS
        ]

    def on_mount(self) -> None:
        """Cursor on the first row; explain it; show the outcome."""
        self.query_one("#sc-setup-list", OptionList).highlighted = self._row
        self._show()

    def _show(self) -> None:
        self.query_one("#sc-setup-explain", Static).update(_(_EXPLAIN[ROWS[self._row][0]]))
        c = self._choices
        problems = self.problems()
        outcome = self.query_one("#sc-setup-outcome", Static)
        outcome.set_class(bool(problems), "-bad")
        if problems:
            outcome.update("\n".join(problems))
            return
        setup = c.setup()
        half, left = setup.reserve_size, setup.reserve_left
        squads = ngettext("{k} squad of {m} tokens", "{k} squads of {m} tokens", c.squads).format(
            k=c.squads, m=c.squad_size
        )
        outcome.update(
            _(
                "Each player draws {half} tokens from the bag and builds {squads}; {left} stay in reserve."
            ).format(half=half, squads=squads, left=left)
        )

    # -- changing ------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#sc-setup-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._row = event.option_index
        self._show()

    @on(OptionList.OptionSelected, "#sc-setup-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._row = event.option_index
        self.action_change(1)

    def action_change(self, step: int = 1) -> None:
        """Move the highlighted value to the next (``step`` 1) or previous (-1) one."""
        row = ROWS[self._row][0]
        c = self._choices
        if row == "field":
            new = replace(c, field=not c.field)
            if new.field and new.squads > FIELD_MAX_SQUADS:
                new = replace(new, squads=FIELD_MAX_SQUADS)
        else:
            size, low, high = _LIMITS[row]
            value = min(high, max(low, getattr(c, row) + step * size))
            new = replace(c, **{row: value})
        self._set(new)

    def action_defaults(self) -> None:
        """The standard values: 50 tokens per colour, 4 squads of 10 (the variant is kept)."""
        self._set(SixChancesChoices(field=self._choices.field))

    def _set(self, choices: SixChancesChoices) -> None:
        if choices == self._choices:
            return
        self._choices = choices
        self.query_one("#sc-setup-list", Rows).set_rows(self._options())
        self._show()
        self.post_message(self.Changed(choices))
