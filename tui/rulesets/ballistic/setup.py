"""Going Ballistic's part of the new game screen: the map, each side's army, how the
units are placed, and the turn limit (GB-4.6, GB-16.2, GB-18.5).

Five rows, each a setting and its value (``< Knoll Town >``): Left and Right (or a
click, Enter, Space) change the highlighted one. An army is a random valid army
from the engine (Enter or ``r`` on its row draws another), an army file of the
saves folder's ``rosters/``, or an army built now: ``b`` (or Enter on "Build an
army") opens the army builder (:class:`tui.rulesets.ballistic.roster_builder.RosterBuilderScreen`
with ``pick=True``), whose army is used when it is given back; an army it saved is
then one of the army files. The map's preview and the highlighted army's units are
shown beside and below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, current_language
from engine.rulesets.ballistic.catalog import DEFAULT_MASS_LIMIT
from engine.rulesets.ballistic.maps import BUILDING, RUBBLE, HexMap, MapError, bundled_maps, load_bundled
from engine.rulesets.ballistic.roster import Roster, validate
from engine.rulesets.ballistic.scenario import random_placements
from engine.rulesets.ballistic.state import Setup
from tui.glyphs import UNICODE
from tui.rulesets import SetupChanged
from tui.rulesets.ballistic.armies import ArmyEntry, army_summary, new_random_army, saved_armies
from tui.rulesets.ballistic.glyphs import board_glyphs
from tui.textfit import fit
from tui.widgets.pointer_list import PointerList

__all__ = ["ARMY_SOURCES", "BallisticChoices", "BallisticSetupWidget", "make_setup", "new_rng"]

#: Where an army comes from: a random valid army, a file, or the army builder.
ARMY_SOURCES = ("random", "file", "build")
#: The source of an army built in the army builder and not saved (a file's label
#: always ends with ``.json``, so it never reads so).
BUILT = ":build"
#: Turn limits offered (None: none, GB-16.2).
TURN_LIMITS: tuple[int | None, ...] = (None, 4, 5, 6, 8, 10, 12, 15, 20)
#: The rows: (id, English label).
ROWS: tuple[tuple[str, str], ...] = (
    ("map", N_("Map")),
    ("army0", N_("Army of Player 1")),
    ("army1", N_("Army of Player 2")),
    ("deploy", N_("Placement")),
    ("turns", N_("Turn limit")),
)


def new_rng() -> random.Random:
    """The generator random armies and placements are drawn with (a test fixes it)."""
    return random.Random()


@dataclass
class BallisticChoices:
    """What the Going Ballistic part of the new game screen holds: ``map_key`` (a shipped
    map); per side its ``armies`` (the roster, or None) and their ``sources`` (``""``:
    a random army; :data:`BUILT`: the army built in the army builder, None until one
    is; else the army file's label); ``deploy``: the players place their
    units in their zones (GB-4.6), else they start on random hexes of them;
    ``turn_limit`` (None: none)."""

    map_key: str = ""
    armies: list[Roster | None] = field(default_factory=lambda: [None, None])
    sources: list[str] = field(default_factory=lambda: ["", ""])
    deploy: bool = True
    turn_limit: int | None = None


def choice_problems(choices: BallisticChoices) -> list[str]:
    """Why a battle cannot start with ``choices`` (translated lines; empty when it can)."""
    out = []
    if not choices.map_key:
        out.append(_("Choose a map."))
    for side, roster in enumerate(choices.armies):
        if roster is None:
            out.append(_("Choose an army for Player {n}.").format(n=side + 1))
            continue
        problems = validate(roster, DEFAULT_MASS_LIMIT)
        if problems:
            out.append(
                _("The army of Player {n} breaks the rules: {problem} ({rule}).").format(
                    n=side + 1, problem=problems[0].text(), rule=problems[0].rule
                )
            )
    return out


def make_setup(choices: BallisticChoices, rng: random.Random | None = None) -> Setup:
    """The battle's :class:`engine.rulesets.ballistic.state.Setup` from ``choices``
    (random places drawn with ``rng`` when the players do not deploy). Raises
    ValueError with a translated reason when something is missing or invalid."""
    problems = choice_problems(choices)
    if problems:
        raise ValueError(problems[0])
    try:
        hex_map = load_bundled(choices.map_key)
    except MapError as exc:
        raise ValueError(_("The map cannot be used: {reason}").format(reason=exc)) from None
    rosters = [r for r in choices.armies if r is not None]
    placements = None
    if not choices.deploy:
        try:
            placements = random_placements(rng or new_rng(), hex_map, rosters)
        except IndexError:
            raise ValueError(_("The deployment zones of this map are too small for these armies.")) from None
    return Setup(
        map=hex_map,
        rosters=rosters,
        placements=placements,
        turn_limit=choices.turn_limit,
        mass_limit=DEFAULT_MASS_LIMIT,
    )


def preview_lines(hex_map: HexMap, glyph_set: str) -> list[Text]:
    """The map in small, one character per hex and one line per row (the columns' half
    offsets left out): elevation digits, rubble, buildings, the two deployment zones."""
    g = board_glyphs(glyph_set)
    t = hex_map.tables
    out = []
    for row in range(t.height_rows):
        line = Text()
        for col in range(t.width):
            i = row * t.width + col
            zone = t.zone[i]
            if t.kind[i] == BUILDING:
                line.append(g.building, style="bold")
            elif t.kind[i] == RUBBLE:
                line.append(g.rubble, style="dim")
            elif t.elevation[i]:
                line.append(str(t.elevation[i]), style="bold" if zone else "")
            else:
                line.append(("a", "b")[zone - 1] if zone else ".", style="reverse" if zone else "dim")
        out.append(line)
    return out


class _Rows(PointerList):
    """The settings: Left/Right change the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus", "change(1)", N_("Next value"), show=False),
        Binding("left,minus", "change(-1)", N_("Previous value"), show=False),
    ]

    def set_row(self, index: int, text: Text) -> None:
        """Show ``text`` as row ``index``."""
        self._plain[index] = text
        self.replace_option_prompt_at_index(index, self._decorate(text, index == self.highlighted))

    def action_change(self, step: int) -> None:
        """Change the highlighted setting (see :meth:`BallisticSetupWidget.action_change`)."""
        for widget in self.ancestors:
            if isinstance(widget, BallisticSetupWidget):
                widget.action_change(step)
                return


class BallisticSetupWidget(Horizontal):
    """The settings of a Going Ballistic battle, for the new game screen (see the
    module's description). Provides :meth:`problems`, :meth:`choices`, :meth:`help_rows`
    and posts :class:`tui.rulesets.SetupChanged` when a setting changes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,R,к,К", "reroll", N_("Another random army")),
        Binding("b,и", "build", N_("Build an army")),
    ]

    def __init__(self, choices: BallisticChoices | None = None) -> None:
        super().__init__(id="gb-setup")
        self._rng = new_rng()
        self.state = replace(choices) if choices is not None else BallisticChoices()
        self.state.armies = list(self.state.armies)
        self.state.sources = list(self.state.sources)
        self._maps: dict[str, HexMap] = {}
        for key in bundled_maps():
            try:
                self._maps[key] = load_bundled(key)
            except MapError:
                continue
        if self.state.map_key not in self._maps:
            self.state.map_key = next(iter(self._maps), "")
        self._files: list[ArmyEntry] = []
        self._random: list[Roster | None] = [None, None]
        #: The army each side last had from the army builder (kept while another is shown).
        self._built: list[Roster | None] = [None, None]
        for side in (0, 1):
            if self.state.sources[side] == BUILT:
                self._built[side] = self.state.armies[side]
            elif self.state.armies[side] is None or not self.state.sources[side]:
                army = self.state.armies[side] or new_random_army(self._rng, side)
                self.state.armies[side] = army
                self.state.sources[side] = ""
                self._random[side] = army
        self._row = 0

    # -- the interface -----------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the battle cannot start yet (translated lines)."""
        return choice_problems(self.state)

    def choices(self) -> BallisticChoices:
        """What is chosen now."""
        return self.state

    def help_rows(self) -> list[tuple[str, str]]:
        """What the settings are, for the help dialog."""
        return [
            ("", ""),
            (_("Map"), _("Left and Right choose one of the maps; the preview shows it")),
            (
                _("Army of Player 1, 2"),
                _("a random army (Enter or r draws another), an army file of rosters/, or b: build one"),
            ),
            (
                _("Placement"),
                _("the players deploy in their zones, or the units start on random hexes of them"),
            ),
            (_("Turn limit"), _("none, or the last turn: then the side that destroyed more Max Health wins")),
        ]

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The settings and the army shown on the left, the map's preview on the right."""
        pointer = getattr(getattr(self.app, "glyphs", UNICODE), "pointer", ">")
        with Vertical(id="gb-setup-fields"):
            yield _Rows(
                *[Option(self._row_text(r), id=r) for r, _l in ROWS], pointer=pointer, id="gb-setup-list"
            )
            yield Static("", id="gb-setup-army", markup=False)
        with Vertical(id="gb-setup-preview-box"):
            yield Static("", id="gb-setup-preview", markup=False)

    def on_mount(self) -> None:
        """Read the army files, fill the rows and the preview."""
        self._files = saved_armies(self.app.saves_folder) if hasattr(self.app, "saves_folder") else []
        self.query_one("#gb-setup-list", OptionList).highlighted = self._row
        self._show_all()

    def _label_width(self) -> int:
        return max(len(_(label)) for _r, label in ROWS) + 2

    def _value(self, row: str) -> str:
        s = self.state
        if row == "map":
            m = self._maps.get(s.map_key)
            return f"{m.title_for(current_language())} ({m.width} x {m.height})" if m else "-"
        if row.startswith("army"):
            side = int(row[-1])
            if not s.sources[side]:
                return _("Random army")
            if s.sources[side] == BUILT:
                roster = s.armies[side]
                if roster is None:
                    return _("Build an army (Enter)")
                return _("Built: {name}").format(name=fit(roster.name.strip() or _("(no name)"), 22))
            return fit(s.sources[side], 30)
        if row == "deploy":
            return _("The players deploy") if s.deploy else _("Random places in the zones")
        return _("none") if s.turn_limit is None else str(s.turn_limit)

    def _row_text(self, row: str) -> Text:
        label = dict(ROWS)[row]
        return Text.assemble((f"{_(label)}:".ljust(self._label_width()), "bold"), f"< {self._value(row)} >")

    def _show_all(self) -> None:
        rows = self.query_one("#gb-setup-list", _Rows)
        for n, (row, _label) in enumerate(ROWS):
            rows.set_row(n, self._row_text(row))
        self._show_detail()
        m = self._maps.get(self.state.map_key)
        box = self.query_one("#gb-setup-preview-box", Vertical)
        preview = self.query_one("#gb-setup-preview", Static)
        if m is None:
            preview.update("")
            return
        box.border_title = fit(m.title_for(current_language()), 22)
        preview.update(Text("\n").join(preview_lines(m, getattr(self.app, "glyph_set", "unicode"))))

    def _show_detail(self) -> None:
        """Under the rows: the highlighted army (or Player 1's), else what the row is."""
        row = ROWS[self._row][0]
        side = int(row[-1]) if row.startswith("army") else 0
        roster = self.state.armies[side]
        text = Text()
        source = self.state.sources[side]
        entry = next((e for e in self._files if e.label == source), None) if source else None
        if entry is not None and entry.roster is None:
            text.append(entry.reason)
        elif roster is not None:
            text.append(_("Player {n}: ").format(n=side + 1), style="bold")
            text.append(army_summary(roster))
            problems = validate(roster, DEFAULT_MASS_LIMIT)
            if problems:
                text.append("\n" + problems[0].text(), style="bold")
        if row.startswith("army"):
            files = len(self._files)
            text.append(
                "\n"
                + (
                    _(
                        "Enter or r: another random army; b: build one; "
                        "Left, Right: the army files in rosters/ ({n})."
                    ).format(n=files)
                )
            )
        elif row == "deploy":
            text.append(
                "\n"
                + _("Deploying, each player places every unit in a zone of the map before turn 1 (GB-4.6).")
            )
        elif row == "turns":
            text.append(
                "\n" + _("After the last turn the side that destroyed more enemy Max Health wins (GB-16.2).")
            )
        self.query_one("#gb-setup-army", Static).update(text)

    # -- changing ---------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#gb-setup-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._row = event.option_index
        self._show_detail()

    @on(OptionList.OptionSelected, "#gb-setup-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._row = event.option_index
        row = ROWS[self._row][0]
        source = self.state.sources[int(row[-1])] if row.startswith("army") else None
        if source == "":
            self.action_reroll()
        elif source == BUILT:
            self.action_build()
        else:
            self.action_change(1)

    def action_change(self, step: int = 1) -> None:
        """Move the highlighted setting to its next (``step`` 1) or previous (-1) value."""
        row = ROWS[self._row][0]
        s = self.state
        if row == "map":
            keys = list(self._maps)
            if keys:
                at = keys.index(s.map_key) if s.map_key in keys else 0
                s.map_key = keys[(at + step) % len(keys)]
        elif row.startswith("army"):
            side = int(row[-1])
            values = ["", *(e.label for e in self._files), BUILT]
            at = values.index(s.sources[side]) if s.sources[side] in values else 0
            source = values[(at + step) % len(values)]
            s.sources[side] = source
            if not source:
                s.armies[side] = self._random[side] or new_random_army(self._rng, side)
                self._random[side] = s.armies[side]
            elif source == BUILT:
                s.armies[side] = self._built[side]
            else:
                entry = next(e for e in self._files if e.label == source)
                s.armies[side] = entry.roster
        elif row == "deploy":
            s.deploy = not s.deploy
        else:
            at = TURN_LIMITS.index(s.turn_limit) if s.turn_limit in TURN_LIMITS else 0
            s.turn_limit = TURN_LIMITS[(at + step) % len(TURN_LIMITS)]
        self._changed()

    def action_reroll(self) -> None:
        """r: another random army for the highlighted army row (Player 1's elsewhere)."""
        row = ROWS[self._row][0]
        side = int(row[-1]) if row.startswith("army") else 0
        army = new_random_army(self._rng, side)
        self._random[side] = army
        self.state.armies[side] = army
        self.state.sources[side] = ""
        self._changed()

    def _side(self) -> int:
        """The side of the highlighted army row (Player 1's on another row)."""
        row = ROWS[self._row][0]
        return int(row[-1]) if row.startswith("army") else 0

    def action_build(self) -> None:
        """b: open the army builder for the highlighted army row's side (Player 1's on
        another row), starting from that side's built or filed army; the army it gives
        back is used (GB-18.5: it gives back only a valid one)."""
        from tui.rulesets.ballistic.roster_builder import RosterBuilderScreen

        side = self._side()
        start = self.state.armies[side] if self.state.sources[side] else None
        builder = RosterBuilderScreen(pick=True, roster=start)

        def built(roster: Roster | None) -> None:
            self.use_built(side, roster, None if builder.dirty else builder.file_name)

        self.app.push_screen(builder, built)

    def use_built(self, side: int, roster: Roster | None, file_name: str | None = None) -> None:
        """Use ``roster`` from the army builder for ``side`` (nothing when None). The
        army files are read again, so that one the builder saved is listed; when the
        army is that file as saved (``file_name``), the file is its source."""
        if hasattr(self.app, "saves_folder"):
            self._files = saved_armies(self.app.saves_folder)
        if roster is None:
            self._changed()
            return
        entry = next((e for e in self._files if e.label == file_name), None) if file_name else None
        if entry is not None and entry.roster == roster:
            self.state.sources[side] = entry.label
        else:
            self.state.sources[side] = BUILT
            self._built[side] = roster
        self.state.armies[side] = roster
        self._changed()

    def _changed(self) -> None:
        self._show_all()
        self.post_message(SetupChanged())
