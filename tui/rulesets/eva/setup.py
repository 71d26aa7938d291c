"""The EVA part of the new game screen: each side's roster, the map with a preview,
and the optional round limit (EVA-5.1, EVA-5.10).

A roster is chosen from the player's saved rosters or the examples (only a
valid one, EVA-17.10), or built on the spot in the roster builder, which comes
back here with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, current_language, ngettext
from engine.rulesets.eva.roster import Roster, roster_cost, validate
from engine.rulesets.eva.scenario import EvaMap, MapError, bundled_maps, load_bundled
from engine.rulesets.eva.state import EvaSetup
from tui.kit.rowlist import RowList
from tui.rulesets import SetupChanged
from tui.rulesets.eva.terrain import MapPreview, legend, terrain_glyphs
from tui.textfit import fit

__all__ = ["EvaChoices", "EvaSetupWidget", "make_setup"]

#: Cells of a roster's name on its button.
ROSTER_CELLS = 26


@dataclass
class EvaChoices:
    """What the EVA part of the new game screen holds.

    ``map_key``: a bundled map's key (None: none chosen); ``rosters``: Player
    1's and Player 2's roster (None: not chosen yet); ``rounds``: the round
    limit as typed ("" for none).
    """

    map_key: str | None = None
    rosters: list[Roster | None] = field(default_factory=lambda: [None, None])
    rounds: str = ""


def round_limit(text: str) -> int | None:
    """The round limit typed as ``text``: None when empty. Raises ValueError with a
    translated reason when it is not a whole number from 1 to 999 (EVA-5.10)."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 999:
        raise ValueError(_("The round limit is a whole number from 1 to 999, or empty for none (EVA-5.10)."))
    return int(text)


def choice_problems(choices: EvaChoices) -> list[str]:
    """Why a game cannot start with ``choices`` (translated lines; empty when it can)."""
    out: list[str] = []
    for side, roster in enumerate(choices.rosters):
        if roster is None:
            out.append(_("Choose a roster for Player {n}.").format(n=side + 1))
        elif validate(roster):
            out.append(_("The roster of Player {n} breaks the rules (EVA-17.10).").format(n=side + 1))
    if choices.map_key is None:
        out.append(_("Choose a map."))
    try:
        round_limit(choices.rounds)
    except ValueError as exc:
        out.append(str(exc))
    return out


def make_setup(choices: EvaChoices) -> EvaSetup:
    """The game's :class:`EvaSetup` from ``choices``. Raises ValueError with a
    translated reason when something is missing or invalid."""
    problems = choice_problems(choices)
    if problems:
        raise ValueError(problems[0])
    assert choices.map_key is not None
    try:
        board = load_bundled(choices.map_key)
    except MapError as exc:
        raise ValueError(_("The map cannot be used: {reason}").format(reason=exc)) from None
    rosters = [r for r in choices.rosters if r is not None]
    return EvaSetup(map=board, rosters=rosters, round_limit=round_limit(choices.rounds))


class EvaSetupWidget(Horizontal):
    """Rosters, map list and round limit on the left; the map's preview on the right.

    Messages it handles itself: the roster buttons open the roster picker (and
    the builder for "build now"). The new game screen reads :meth:`choices`
    and :meth:`problems`, and is told of changes by :class:`tui.rulesets.SetupChanged`.
    Up and Down move between the fields, as between the rows of the other systems'
    set-ups (in the map list they choose the map).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "app.focus_next", N_("Next field"), show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    ]

    def __init__(self, choices: EvaChoices | None = None) -> None:
        super().__init__(id="eva-setup")
        self.state = choices if choices is not None else EvaChoices()
        #: Per side: the roster was built here and not saved in the rosters folder.
        self._unsaved = [False, False]
        self._labels: list[str] = ["", ""]
        self._maps: dict[str, EvaMap] = {}
        for key in bundled_maps():
            try:
                self._maps[key] = load_bundled(key)
            except MapError:
                continue
        if self.state.map_key not in self._maps:
            self.state.map_key = next(iter(self._maps), None)

    def compose(self) -> ComposeResult:
        """The fields and the preview."""
        glyph_set = getattr(self.app, "glyph_set", "unicode")
        with Vertical(id="eva-fields"):
            for side in (0, 1):
                with Horizontal(classes="ng-row"):
                    yield Label(_("Roster {n}").format(n=side + 1), classes="ng-label")
                    yield Button(self._roster_label(side), id=f"eva-roster-{side}", compact=True)
            with Horizontal(classes="ng-row"):
                yield Label(_("Round limit"), classes="ng-label")
                yield Input(
                    self.state.rounds,
                    placeholder=_("none"),
                    restrict=r"[0-9]*",
                    max_length=3,
                    compact=True,
                    id="eva-rounds",
                )
            with Horizontal(classes="ng-row ng-map-row"):
                yield Label(_("Map"), classes="ng-label")
                yield RowList(pointer=self.app.glyphs.pointer, id="eva-maps")
            yield Static(legend(terrain_glyphs(glyph_set)), id="eva-legend", markup=False)
        with Vertical(id="eva-preview-box"):
            yield MapPreview(None, glyph_set, id="eva-preview")

    def on_mount(self) -> None:
        """Fill the map list and draw the preview."""
        lang = current_language()
        rows = [Option(Text(fit(m.title_for(lang), 30)), id=key) for key, m in self._maps.items()]
        self.query_one("#eva-maps", RowList).set_rows(rows, self.state.map_key)
        self._show_map()

    # -- what the new game screen reads ---------------------------------------------------
    def choices(self) -> EvaChoices:
        """What is chosen now."""
        return self.state

    def problems(self) -> list[str]:
        """Why the game cannot start yet (translated lines)."""
        return choice_problems(self.state)

    def help_rows(self) -> list[tuple[str, str]]:
        """What the EVA part of the new game screen asks for, for the help dialog."""
        return [
            ("", ""),
            (_("Roster 1, 2"), _("Enter opens the list of rosters: yours, the examples, or build one now")),
            (_("Round limit"), _("digits, or empty for none; the game ends after that round (EVA-5.10)")),
            (_("Map"), _("up and down choose the map; the preview on the right shows it")),
        ]

    def unsaved(self) -> bool:
        """Whether a roster built here is not saved anywhere yet (leaving would lose it)."""
        return any(self._unsaved)

    # -- fields -----------------------------------------------------------------------
    def _roster_label(self, side: int) -> str:
        roster = self.state.rosters[side]
        if roster is None:
            return _("Choose a roster...")
        from tui.rulesets.eva.roster_files import roster_title

        name = roster_title(roster.name.strip()) or _("(no name)")
        cost = roster_cost(roster)
        return ngettext("{name}, {points} point", "{name}, {points} points", cost).format(
            name=fit(name, ROSTER_CELLS), points=cost
        )

    def set_roster(self, side: int, roster: Roster | None, *, unsaved: bool = False) -> None:
        """Use ``roster`` for ``side`` (0 or 1); ``unsaved``: it was built here and not saved."""
        self.state.rosters[side] = roster
        self._unsaved[side] = unsaved
        self.query_one(f"#eva-roster-{side}", Button).label = self._roster_label(side)
        self._changed()

    def _changed(self) -> None:
        self.post_message(SetupChanged())

    def _show_map(self) -> None:
        board = self._maps.get(self.state.map_key or "")
        preview = self.query_one("#eva-preview", MapPreview)
        preview.show(board)
        box = self.query_one("#eva-preview-box", Vertical)
        if board is None:
            box.border_title = ""
            return
        box.border_title = fit(board.title_for(current_language()), 16)

    @on(OptionList.OptionHighlighted, "#eva-maps")
    def _map_moved(self, event: OptionList.OptionHighlighted) -> None:
        self.state.map_key = event.option.id
        self._show_map()
        self._changed()

    @on(Input.Changed, "#eva-rounds")
    def _rounds(self, event: Input.Changed) -> None:
        self.state.rounds = event.value
        self._changed()

    @on(Button.Pressed, "#eva-roster-0")
    def _pick0(self) -> None:
        self.pick_roster(0)

    @on(Button.Pressed, "#eva-roster-1")
    def _pick1(self) -> None:
        self.pick_roster(1)

    def pick_roster(self, side: int) -> None:
        """Open the roster picker for ``side``; "build now" opens the roster builder."""
        from tui.rulesets.eva.roster_picker import PickResult, RosterPickerScreen

        saves = self.app.saves_folder

        def picked(result: PickResult | None) -> None:
            if result is None:
                return
            if result.kind == "build":
                self.build_roster(side)
            elif result.entry is not None and result.entry.roster is not None:
                self.set_roster(side, result.entry.roster)

        self.app.push_screen(
            RosterPickerScreen(
                saves,
                "play",
                title=_("Roster of Player {n}").format(n=side + 1),
                current=self.state.rosters[side],
            ),
            picked,
        )

    def build_roster(self, side: int) -> None:
        """Open the roster builder; the roster it gives back is used for ``side``."""
        from tui.rulesets.eva.roster_builder import RosterBuilderScreen

        builder = RosterBuilderScreen(pick=True)

        def built(roster: Roster | None) -> None:
            if roster is not None:
                self.set_roster(side, roster, unsaved=builder.dirty)

        self.app.push_screen(builder, built)
