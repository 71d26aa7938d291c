"""The Three Kingdoms part of the new game screen: the scenario, and each side's
army: the one the scenario fields, or an army file of the saves folder's
``rosters/`` (format ``wartable-roster``, read through
:mod:`engine.rosterfile`) made for that scenario and side (section 3.7).

Three rows, each a choice and its value (``< … >``): Left and Right (Enter, a
click) change the highlighted one. Under them the scenario's briefing (the war
council, TK-AMB-65) and what the battle will field, or why it cannot start (every
problem with its rule, from the engine's :func:`field_problems`).

On an army row, ``b`` opens the army builder
(:class:`tui.rulesets.kingdoms.roster_builder.RosterBuilderScreen`, picking) for
that scenario and side; the army it gives back is that side's. Saved there, it is
an army file like any other; not saved, it stays among the row's values until the
screen is left (the screen asks first).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static

from engine.i18n import N_, _, current_language, ngettext
from engine.rosterfile import RosterFileError, check_roster_file, read_roster_file
from engine.rulesets.kingdoms.roster import Roster, army_men, field_problems
from engine.rulesets.kingdoms.roster import field as field_armies
from engine.rulesets.kingdoms.scenario import (
    Scenario,
    ScenarioError,
    bundled_scenarios,
    load_bundled,
    scenario_problems,
)
from engine.rulesets.kingdoms.state import Setup
from engine.text import NAME_LIMIT, shown
from tui.glyphs import UNICODE
from tui.rulesets.kingdoms.sheet import Rows

__all__ = ["ArmyFile", "KingdomsChoices", "KingdomsSetupWidget", "army_files", "make_setup"]

#: Army files read at most from the rosters folder (the newest first).
MAX_FILES = 200


@dataclass(frozen=True)
class ArmyFile:
    """An army file: its ``label`` (the army's name, else the file's), ``path``, the
    ``roster`` (None when it cannot be read, with ``reason``)."""

    label: str
    path: Path | None
    roster: Roster | None = None
    reason: str = ""


@dataclass(frozen=True)
class KingdomsChoices:
    """What the new game screen holds: the ``scenario`` (a shipped scenario's key) and
    each side's army: None for the scenario's own, else an army file's roster."""

    scenario: str = "fan_river"
    armies: tuple[Roster | None, Roster | None] = (None, None)
    labels: tuple[str, str] = field(default=("", ""))


class _Wrapper(msgspec.Struct):
    roster: Roster


def read_army(path: Path) -> ArmyFile:
    """The army file at ``path``; never raises (a file that cannot be read or is not a
    Three Kingdoms army gets a one-line reason)."""
    label = shown(path.name, NAME_LIMIT)
    try:
        data = read_roster_file(path)
        key, _problems = check_roster_file(data)
    except RosterFileError as exc:
        return ArmyFile(label, path, reason=str(exc))
    except Exception as exc:  # noqa: BLE001 - a file from outside never stops the screen
        return ArmyFile(label, path, reason=_("the file is damaged: {reason}").format(reason=exc))
    if key != "kingdoms":
        return ArmyFile(label, path, reason=_("this roster is for another system ({key})").format(key=key))
    try:
        roster = msgspec.json.decode(data, type=_Wrapper).roster
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        return ArmyFile(label, path, reason=_("the file is damaged: {reason}").format(reason=exc))
    return ArmyFile(shown(roster.name, NAME_LIMIT) if roster.name else label, path, roster)


def army_files(folder: Path) -> list[ArmyFile]:
    """The Three Kingdoms armies in ``folder`` (``<saves>/rosters``), by file name; a
    file of another system is left out, one that cannot be read is listed with why."""
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError:
        return []
    out = []
    for path in paths[:MAX_FILES]:
        entry = read_army(path)
        if entry.roster is None and "another system" in entry.reason:
            continue
        out.append(entry)
    return out


def scenario_title(sc: Scenario) -> str:
    """A scenario's title in the interface's language."""
    return sc.title_for(current_language())


def side_label(sc: Scenario, side: int) -> str:
    """A side's name in the interface's language."""
    return sc.sides[side].label()


def forces(sc: Scenario, side: int) -> str:
    """``6 regiments, 3800 men`` of ``side`` in ``sc``."""
    regs = [r for r in sc.regiments if r.side == side]
    return _("{regiments}, {men} men").format(
        regiments=ngettext("{n} regiment", "{n} regiments", len(regs)).format(n=len(regs)),
        men=sum(r.men for r in regs),
    )


def choice_problems(choices: KingdomsChoices) -> list[str]:
    """Why the battle cannot start with ``choices``, translated, a line each."""
    try:
        sc = load_bundled(choices.scenario)
    except ScenarioError as exc:
        return [str(exc)]
    out = [f"{p.text()} ({p.rule})" for p in field_problems(sc, choices.armies)]
    if not out:
        out += scenario_problems(field_armies(sc, choices.armies))
    return out


def make_setup(choices: KingdomsChoices) -> Setup:
    """The battle's :class:`Setup`: the scenario with each side's army fielded. Raises
    ValueError with the translated reasons when it cannot be fielded."""
    problems = choice_problems(choices)
    if problems:
        raise ValueError(" ".join(problems))
    return Setup(scenario=field_armies(load_bundled(choices.scenario), choices.armies))


#: The rows: (id, English label; a side's label names the side).
ROWS: tuple[str, ...] = ("scenario", "army-0", "army-1")


class _ValueRows(Rows):
    """The choices: Left/Right (and -/+) change the highlighted one; ``b`` builds an
    army for the highlighted side."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus", "change(1)", N_("Next value"), show=False),
        Binding("left,minus", "change(-1)", N_("Previous value"), show=False),
        Binding("b,и", "build", N_("Build an army")),
    ]

    def action_change(self, step: int) -> None:
        """Change the highlighted choice (see :meth:`KingdomsSetupWidget.change`)."""
        parent = self.parent
        if isinstance(parent, KingdomsSetupWidget):
            parent.change(step)

    def action_build(self) -> None:
        """Build an army for the highlighted side (see :meth:`KingdomsSetupWidget.build`)."""
        parent = self.parent
        if isinstance(parent, KingdomsSetupWidget):
            parent.build()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``b`` only on an army row."""
        if action == "build":
            return True if (self.chosen or "").startswith("army-") else None
        return True


class KingdomsSetupWidget(Vertical):
    """The scenario and the armies of a Three Kingdoms battle, for the new game screen
    (see the module). Provides :meth:`problems` and :meth:`choices` and posts
    :class:`KingdomsSetupWidget.Changed` when a choice changes."""

    class Changed(Message):
        """A choice changed; ``choices`` is the new set."""

        def __init__(self, choices: KingdomsChoices) -> None:
            super().__init__()
            self.choices = choices

    def __init__(self, choices: KingdomsChoices | None = None, **kwargs: Any) -> None:
        super().__init__(classes="tk-setup", **kwargs)
        self._choices = choices or KingdomsChoices()
        self._files: list[ArmyFile] = []
        self._row = "scenario"
        #: Per side: an army built here and not saved to a file.
        self._built: list[Roster | None] = [None, None]

    # -- the interface -------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the battle cannot start (translated, one line each)."""
        return choice_problems(self._choices)

    def choices(self) -> KingdomsChoices:
        """What was chosen."""
        return self._choices

    def help_rows(self) -> list[tuple[str, str]]:
        """What the new game screen's help says of this part."""
        return [
            ("", ""),
            (_("Left, Right"), _("change the scenario or a side's army")),
            ("b", _("on a side's army: build a new army for it in the army builder")),
            ("", _("Armies come from the scenario, or from army files in the rosters folder (section 3.7).")),
        ]

    def unsaved(self) -> bool:
        """Whether an army built here and chosen is saved nowhere (leaving loses it)."""
        return any(b is not None and b is self._choices.armies[s] for s, b in enumerate(self._built))

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The choices, the briefing, and what the battle fields or why it cannot start."""
        pointer = getattr(getattr(self.app, "glyphs", UNICODE), "pointer", ">")
        yield _ValueRows(pointer=pointer, id="tk-setup-list")
        yield Static(id="tk-setup-briefing", markup=False)
        yield Static(id="tk-setup-outcome", markup=False)

    def on_mount(self) -> None:
        """Read the army files; show the choices."""
        self._read_files()
        self._show()

    def _read_files(self) -> None:
        folder = getattr(self.app, "saves_folder", None)
        self._files = army_files(Path(folder) / "rosters") if folder is not None else []

    def _scenario(self) -> Scenario:
        return load_bundled(self._choices.scenario)

    def _values(self, row: str) -> list[tuple[Roster | None, str]]:
        """The values of an army row: the scenario's army, then every usable file made
        for this scenario and side."""
        side = int(row[-1])
        sc = self._scenario()
        out: list[tuple[Roster | None, str]] = [
            (None, _("the scenario's: {forces}").format(forces=forces(sc, side)))
        ]
        for entry in self._files:
            r = entry.roster
            if r is not None and r.scenario == sc.key and r.side == side:
                men = army_men(r)
                out.append(
                    (
                        r,
                        _("{name}: {regiments}, {men} men").format(
                            name=entry.label,
                            regiments=ngettext("{n} regiment", "{n} regiments", len(r.regiments)).format(
                                n=len(r.regiments)
                            ),
                            men=men,
                        ),
                    )
                )
        built = self._built[side]
        if built is not None and built.scenario == sc.key and all(r != built for r, _l in out):
            name = shown(built.name, NAME_LIMIT) or _("(no name)")
            regiments = ngettext("{n} regiment", "{n} regiments", len(built.regiments)).format(
                n=len(built.regiments)
            )
            out.append(
                (
                    built,
                    _("{name} (not saved): {regiments}, {men} men").format(
                        name=name, regiments=regiments, men=army_men(built)
                    ),
                )
            )
        return out

    def _value(self, row: str) -> str:
        if row == "scenario":
            return scenario_title(self._scenario())
        side = int(row[-1])
        army = self._choices.armies[side]
        for roster, label in self._values(row):
            if roster is army or roster == army:
                return label
        return self._choices.labels[side] or "?"

    def _label(self, row: str) -> str:
        if row == "scenario":
            return _("Scenario")
        side = int(row[-1])
        return _("{side} (Player {n})").format(side=side_label(self._scenario(), side), n=side + 1)

    def _rows(self) -> list[tuple[str, Text]]:
        width = max(len(self._label(r)) for r in ROWS) + 2
        return [
            (row, Text.assemble((f"{self._label(row)}:".ljust(width), "bold"), f"< {self._value(row)} >"))
            for row in ROWS
        ]

    def _show(self) -> None:
        rows = self.query_one("#tk-setup-list", _ValueRows)
        rows.set_rows(self._rows(), self._row)
        sc = self._scenario()
        briefing = sc.briefing_ru if current_language() == "ru" and sc.briefing_ru else sc.briefing
        self.query_one("#tk-setup-briefing", Static).update("\n".join(briefing))
        problems = self.problems()
        outcome = self.query_one("#tk-setup-outcome", Static)
        outcome.set_class(bool(problems), "-bad")
        if problems:
            outcome.update("\n".join(problems))
            return
        fielded = field_armies(sc, self._choices.armies)
        lines = [
            _("{side}: {forces}").format(side=side_label(fielded, s), forces=forces(fielded, s))
            for s in (0, 1)
        ]
        lines.append(
            ngettext(
                "The battle lasts {n} turn at most (TK-18.2).",
                "The battle lasts {n} turns at most (TK-18.2).",
                sc.turns,
            ).format(n=sc.turns)
        )
        unread = [f for f in self._files if f.roster is None]
        if unread:
            lines.append(
                _("{n} army files could not be read; the first: {name}: {reason}").format(
                    n=len(unread), name=unread[0].label, reason=unread[0].reason
                )
            )
        outcome.update("\n".join(lines))

    # -- changing ------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#tk-setup-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        rows = self.query_one("#tk-setup-list", _ValueRows)
        if rows.chosen is not None:
            self._row = rows.chosen
        rows.refresh_bindings()  # b builds an army on an army row only

    @on(OptionList.OptionSelected, "#tk-setup-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.change(1)

    def change(self, step: int = 1) -> None:
        """Move the highlighted choice to its next (``step`` 1) or previous (-1) value."""
        c = self._choices
        if self._row == "scenario":
            keys = bundled_scenarios()
            key = keys[(keys.index(c.scenario) + step) % len(keys)] if c.scenario in keys else keys[0]
            self._set(KingdomsChoices(scenario=key))
            return
        side = int(self._row[-1])
        values = self._values(self._row)
        now = next((i for i, (r, _l) in enumerate(values) if r == c.armies[side]), 0)
        roster, label = values[(now + step) % len(values)]
        armies = list(c.armies)
        labels = list(c.labels)
        armies[side], labels[side] = roster, label
        self._set(replace(c, armies=(armies[0], armies[1]), labels=(labels[0], labels[1])))

    def build(self) -> None:
        """Open the army builder for the highlighted side of the scenario chosen; the
        army it gives back becomes that side's (section 3.7)."""
        if not self._row.startswith("army-"):
            return
        from tui.rulesets.kingdoms.roster_builder import RosterBuilderScreen

        side = int(self._row[-1])
        builder = RosterBuilderScreen(pick=True, battle=(self._choices.scenario, side))

        def built(roster: Roster | None) -> None:
            if roster is None:
                return
            self._read_files()
            self._built[side] = roster if builder.dirty else None
            armies = list(self._choices.armies)
            labels = list(self._choices.labels)
            armies[side] = roster
            labels[side] = shown(roster.name, NAME_LIMIT)
            self._set(replace(self._choices, armies=(armies[0], armies[1]), labels=(labels[0], labels[1])))
            self._show()

        self.app.push_screen(builder, built)

    def _set(self, choices: KingdomsChoices) -> None:
        if choices == self._choices:
            return
        self._choices = choices
        self._show()
        self.post_message(self.Changed(choices))
