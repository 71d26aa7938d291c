"""Battleline's part of the new game screen: how many mechs (2 to 4, BL-2.1), the
line (the duel's presets, BL-1.5, or the default layout for more, BL-1.6), an
optional turn limit (BL-2.7), and each seat's mech, from the shipped samples
(BLC-7) and the mech files of the saves folder (:mod:`tui.rulesets.battleline.mechs`).

Rows of ``setting: < value >``: the arrows left and right (or ``-``/``+``), Enter,
Space or a click change the highlighted one; on a seat's row ``b`` opens the mech
builder (:mod:`tui.rulesets.battleline.roster_builder`) and the mech it gives is that
seat's (a mech saved there is one of the files from then on; one not saved is
offered as built until the screen is left, which asks first). Under the rows, what the
highlighted one means (a mech's build, the line's cells); the problems come from
the engine (:func:`engine.rulesets.battleline.scenario.setup_problems`). The new
game screen shows one name field per mech (:meth:`BattlelineSetupWidget.seat_count`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from engine.rulesets.battleline import scenario
from engine.rulesets.battleline.roster import Mech, sample_mechs
from engine.rulesets.battleline.state import Setup
from engine.text import NAME_LIMIT
from tui.glyphs import UNICODE
from tui.rulesets.battleline.mechs import MechEntry, MechList, mech_list, sample_entries
from tui.rulesets.battleline.rows import ValueRows
from tui.rulesets.battleline.texts import build_lines
from tui.textfit import fit

__all__ = ["MAX_MECHS", "TURN_LIMITS", "BattlelineChoices", "BattlelineSetupWidget", "make_setup"]

#: The most mechs the new game screen offers (the rules allow more; a terminal shows four).
MAX_MECHS = 4
#: The turn limits offered (0: none, BL-2.7).
TURN_LIMITS = (0, 10, 15, 20, 30, 50)
#: The default mech of each seat: the samples in the order the rules list them (BLC-7).
DEFAULT_MECHS = ("Kestrel", "Bulwark", "Hornet", "Ram")


def _default_builds() -> tuple[Mech, ...]:
    samples = sample_mechs()
    return tuple(samples[name] for name in DEFAULT_MECHS)


@dataclass(frozen=True)
class BattlelineChoices:
    """What was chosen: ``count`` mechs (2 to :data:`MAX_MECHS`); ``map``: ``"open"`` or
    ``"ruins"`` for a duel (BL-1.5), ``"line"`` for the default layout (BL-1.6);
    ``turn_limit`` (0: none, BL-2.7); per seat (four kept, the first ``count`` used)
    the mech's ``keys`` in the mech list and its ``builds``."""

    count: int = 2
    map: str = "open"
    turn_limit: int = 0
    keys: tuple[str, ...] = tuple(f"sample:{name}" for name in DEFAULT_MECHS)
    builds: tuple[Mech, ...] = ()

    def mechs(self) -> list[Mech]:
        """The mechs of the seats in play, seat order."""
        builds = self.builds or _default_builds()
        return list(builds[: self.count])

    def setup(self) -> Setup:
        """The engine's set-up for these choices (not yet checked). Two seats with mechs
        of the same name are told apart by their seat number (``Kestrel 2``), so that the
        log and the notation can name each."""
        mechs: list[Mech] = []
        for seat, mech in enumerate(self.mechs()):
            if any(m.name == mech.name for m in mechs):
                mech = msgspec.structs.replace(mech, name=f"{mech.name[: NAME_LIMIT - 3]} {seat + 1}")
            mechs.append(mech)
        if len(mechs) == 2 and self.map in scenario.PRESETS:
            return scenario.duel(mechs[0], mechs[1], self.map, turn_limit=self.turn_limit)
        return scenario.battle(mechs, turn_limit=self.turn_limit)


def problems_of(choices: BattlelineChoices) -> list[str]:
    """Why ``choices`` cannot start a battle (translated, each with its rule ID)."""
    return [f"{p.text()} ({p.rule})" for p in scenario.setup_problems(choices.setup())]


def make_setup(choices: BattlelineChoices) -> Setup:
    """The :class:`engine.rulesets.battleline.state.Setup` of ``choices``. Raises
    ``ValueError`` with the translated reasons when it cannot be played."""
    problems = problems_of(choices)
    if problems:
        raise ValueError(" ".join(problems))
    return choices.setup()


def maps_for(count: int) -> tuple[str, ...]:
    """The lines offered for ``count`` mechs: the duel's presets, else the default layout."""
    return tuple(scenario.PRESETS) if count == 2 else ("line",)


def line_text(choices: BattlelineChoices) -> str:
    """The line of ``choices`` in a few words: its title, cells and cover."""
    setup = choices.setup()
    title = _(scenario.MAP_TITLES.get(setup.map, setup.map))
    cover = ", ".join(f"{a}\u2013{b}" if a != b else str(a) for a, b in setup.cover)
    cells = ngettext("{n} cell", "{n} cells", setup.length).format(n=setup.length)
    if cover:
        return _("{title}: {cells}, cover on {cover}").format(title=title, cells=cells, cover=cover)
    return _("{title}: {cells}, no cover").format(title=title, cells=cells)


#: The rows' labels (untranslated); the seats' rows are "Seat {n}".
ROW_LABELS = {"count": N_("Mechs"), "map": N_("Line"), "limit": N_("Turn limit")}


class BattlelineSetupWidget(Vertical):
    """The settings of a Battleline battle, for the new game screen.

    Provides :meth:`problems`, :meth:`choices` and :meth:`seat_count` (see
    :mod:`tui.rulesets`) and posts :class:`BattlelineSetupWidget.Changed` whenever a
    value changes.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b,и", "build_mech", N_("Build a mech")),
    ]

    class Changed(Message):
        """A value changed; ``choices`` is the new set."""

        def __init__(self, choices: BattlelineChoices) -> None:
            super().__init__()
            self.choices = choices

    def __init__(self, choices: BattlelineChoices | None = None, **kwargs: object) -> None:
        super().__init__(id="bl-setup", **kwargs)  # type: ignore[arg-type]
        self._choices = choices or BattlelineChoices(builds=_default_builds())
        if not self._choices.builds:
            self._choices = replace(self._choices, builds=_default_builds())
        self._row = "count"
        self._mechs = MechList(sample_entries())
        #: Mechs built here and not saved, by key (``built:1``…), offered to every seat.
        self._built: dict[str, Mech] = {}

    # -- the interface -------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the battle cannot start with these settings (translated, one line each)."""
        return problems_of(self._choices)

    def choices(self) -> BattlelineChoices:
        """The settings chosen."""
        return self._choices

    @property
    def mech_list(self) -> MechList:
        """The mechs on offer (the samples, then the saves folder's mech files)."""
        return self._mechs

    def unsaved(self) -> bool:
        """Whether a seat fields a mech built here and not saved (leaving would lose it)."""
        return any(key in self._built for key in self._choices.keys[: self._choices.count])

    def seat_count(self) -> int:
        """How many seats (mechs, one player each) the battle has."""
        return self._choices.count

    def help_rows(self) -> list[tuple[str, str]]:
        """What the rows mean, for the new game screen's help."""
        return [
            ("", ""),
            (_("Left, Right"), _("Change the highlighted setting")),
            (_("Mechs"), _("Two to four mechs, each fighting for itself (BL-2.1, BL-2.2).")),
            (_("Line"), _("The duel's Open field or Ruins; more mechs use the open line of BL-1.6.")),
            (_("Turn limit"), _("After that turn the mechs still fighting share a draw (BL-2.7).")),
            (
                _("Seat"),
                _("The seat's mech: a sample, or a mech file from the rosters folder of the saves."),
            ),
            ("b", _("On a seat: build a new mech in the mech builder (BLC-1 to BLC-5).")),
        ]

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The rows, what the highlighted one means, and the problems."""
        pointer = getattr(getattr(self.app, "glyphs", UNICODE), "pointer", ">")
        yield ValueRows(*self._options(), pointer=pointer, id="bl-setup-list")
        yield Static(id="bl-setup-explain", markup=False)
        yield Static(id="bl-setup-outcome", markup=False)

    def on_mount(self) -> None:
        """Read the mech files of the saves folder; cursor on the first row."""
        saves = getattr(self.app, "saves_folder", None)
        self._mechs = mech_list(saves)
        self._refresh_rows()
        self._show()

    def _rows(self) -> list[str]:
        return ["count", "map", "limit", *(f"seat-{s}" for s in range(self._choices.count))]

    def _label(self, row: str) -> str:
        if row.startswith("seat-"):
            return _("Seat {n}").format(n=int(row[5:]) + 1)
        return _(ROW_LABELS[row])

    def _entry_label(self, key: str, mech: Mech) -> str:
        entry = self._mechs.get(key)
        if entry is not None and not entry.sample:
            return f"{mech.name} ({entry.file})"
        if key in self._built:
            return _("{name} (built, not saved)").format(name=mech.name)
        return mech.name

    def _value(self, row: str) -> str:
        c = self._choices
        if row == "count":
            return str(c.count)
        if row == "map":
            return line_text(c)
        if row == "limit":
            return str(c.turn_limit) if c.turn_limit else _("none")
        seat = int(row[5:])
        return fit(self._entry_label(c.keys[seat], c.builds[seat]), 44)

    def _options(self) -> list[Option]:
        rows = self._rows()
        width = max(len(self._label(r)) for r in rows) + 2
        return [
            Option(Text.assemble((f"{self._label(r)}:".ljust(width), "bold"), f"< {self._value(r)} >"), id=r)
            for r in rows
        ]

    def _refresh_rows(self) -> None:
        self.query_one("#bl-setup-list", ValueRows).set_rows(self._options(), self._row)

    def _show(self) -> None:
        row = self._row
        c = self._choices
        explain = self.query_one("#bl-setup-explain", Static)
        if row == "count":
            text = _("Two to four mechs, each fighting for itself (BL-2.1, BL-2.2).")
        elif row == "map":
            setup = c.setup()
            starts = ", ".join(str(x) for x in setup.starts)
            text = line_text(c) + ". " + _("Start cells: {starts} (BL-1.5, BL-1.6).").format(starts=starts)
        elif row == "limit":
            text = _("After that turn the mechs still fighting share a draw (BL-2.7).")
        else:
            seat = int(row[5:])
            mech = c.builds[seat]
            entry = self._mechs.get(c.keys[seat])
            lines = [mech.name, *build_lines(mech)]
            if entry is not None and entry.file:
                lines[0] += "  " + _("(file {name})").format(name=entry.file)
            elif c.keys[seat] in self._built:
                lines[0] += "  " + _("(built here, not saved)")
            text = "\n".join(lines)
        if self._mechs.unreadable:
            text += "\n" + ngettext(
                "{n} file in the rosters folder could not be read.",
                "{n} files in the rosters folder could not be read.",
                self._mechs.unreadable,
            ).format(n=self._mechs.unreadable)
        explain.update(text)
        problems = self.problems()
        outcome = self.query_one("#bl-setup-outcome", Static)
        outcome.set_class(bool(problems), "-bad")
        outcome.update("\n".join(problems))

    # -- changing ------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#bl-setup-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id is not None:
            self._row = event.option.id
            self._show()
            self.refresh_bindings()  # b builds a mech on a seat's row only

    @on(OptionList.OptionSelected, "#bl-setup-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self._row = event.option.id
            self.change_value(1)

    @staticmethod
    def _cycle(values: list, current: object, step: int) -> object:
        if not values:
            return current
        index = values.index(current) if current in values else -step if step > 0 else 0
        return values[(index + step) % len(values)]

    def change_value(self, step: int = 1) -> None:
        """Move the highlighted setting to its next (``step`` 1) or previous (-1) value."""
        c = self._choices
        row = self._row
        if row == "count":
            count = min(MAX_MECHS, max(2, c.count + step))
            maps = maps_for(count)
            new = replace(c, count=count, map=c.map if c.map in maps else maps[0])
        elif row == "map":
            new = replace(c, map=self._cycle(list(maps_for(c.count)), c.map, step))  # type: ignore[arg-type]
        elif row == "limit":
            new = replace(c, turn_limit=self._cycle(list(TURN_LIMITS), c.turn_limit, step))  # type: ignore[arg-type]
        else:
            seat = int(row[5:])
            usable: list[MechEntry] = self._mechs.usable
            key = self._cycle([e.key for e in usable] + list(self._built), c.keys[seat], step)
            entry = self._mechs.get(key)  # type: ignore[arg-type]
            if entry is not None:
                new = self._with_mech(seat, entry.key, entry.mech)
            elif key in self._built:
                new = self._with_mech(seat, str(key), self._built[str(key)])
            else:
                return
        self._set(new)

    def _with_mech(self, seat: int, key: str, mech: Mech) -> BattlelineChoices:
        keys = list(self._choices.keys)
        builds = list(self._choices.builds)
        keys[seat], builds[seat] = key, mech
        return replace(self._choices, keys=tuple(keys), builds=tuple(builds))

    # -- building a mech -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``b`` builds a mech on a seat's row only."""
        if action == "build_mech":
            return True if self._row.startswith("seat-") else None
        return True

    def action_build_mech(self) -> None:
        """Open the mech builder for the highlighted seat (BLC-1 to BLC-5); the mech it
        gives is that seat's. A mech saved in the builder is taken as its file (the
        list of mechs is read again), one not saved as built here."""
        if not self._row.startswith("seat-"):
            return
        from tui.rulesets.battleline.roster_builder import RosterBuilderScreen

        seat = int(self._row[5:])
        builder = RosterBuilderScreen(pick=True)

        def built(mech: Mech | None) -> None:
            if mech is None:
                return
            self._mechs = mech_list(getattr(self.app, "saves_folder", None))
            saved = self._mechs.get(f"file:{builder.file_name}") if builder.file_name else None
            if saved is not None and saved.mech == mech and not builder.dirty:
                key = saved.key
            else:
                key = f"built:{len(self._built) + 1}"
                self._built[key] = mech
            self._set(self._with_mech(seat, key, mech))
            self.query_one("#bl-setup-list", ValueRows).focus()

        self.app.push_screen(builder, built)

    def _set(self, choices: BattlelineChoices) -> None:
        if choices == self._choices:
            return
        self._choices = choices
        self._refresh_rows()
        self._show()
        self.post_message(self.Changed(choices))
