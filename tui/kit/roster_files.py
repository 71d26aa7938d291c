"""Roster files for every system with rosters: the player's saved rosters, the shipped
examples, and the window that lists them (open, new, delete, rename).

Saved rosters live in ``<saves folder>/rosters/*.json`` (format ``wartable-roster``,
:mod:`engine.rosterfile`), one folder for every system: a file of another system is
listed as such and never opened. Every file is read through
:func:`engine.rosterfile.check_roster_file` (size first, the header, each text of the
roster, the ruleset's decoding and validation), so a damaged or foreign file becomes
an entry with a one-line reason, never an exception, and is never modified. A roster
is written atomically, and only when each of its texts can be read back.

What a system gives is its :class:`tui.kit.roster.RosterModel` (its key, how to
decode and encode its roster, its problems, its examples, how it describes a roster
in a line); nothing here knows a system.
"""

from __future__ import annotations

import errno
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from engine.record import write_atomic
from engine.rosterfile import MAX_ROSTER_BYTES, Problem, RosterFileError, check_roster_file, read_roster_file
from engine.text import NAME_LIMIT, shown, tree_problem
from tui.kit.rowlist import RowList
from tui.screens.base import WartableModal
from tui.textfit import fit, slug

if TYPE_CHECKING:
    from tui.kit.roster import RosterModel

__all__ = [
    "MAX_ROSTER_BYTES",
    "PickResult",
    "RosterEntry",
    "RosterPickerScreen",
    "clean_file_name",
    "example_rosters",
    "file_name_for",
    "problem_lines",
    "read_roster",
    "read_roster_path",
    "rosters_folder",
    "save_roster",
    "saved_rosters",
]

#: Width of names in the list (cells); longer names end with an ellipsis.
NAME_CELLS = 40


@dataclass(frozen=True)
class RosterEntry:
    """One roster file.

    ``label``: the file name; ``path``: where it is (None for an example);
    ``example``: a shipped example (read only); ``roster``: the system's roster, or
    None when the file cannot be read, with ``reason`` (one line); ``problems``: its
    problems with their rule IDs (empty when it may be fielded).
    """

    label: str
    path: Path | None
    example: bool = False
    roster: Any = None
    reason: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def usable(self) -> bool:
        """The file holds a roster (valid or not)."""
        return self.roster is not None

    @property
    def valid(self) -> bool:
        """The roster breaks no rule of army building."""
        return self.roster is not None and not self.problems


class _AnyRosterFile(msgspec.Struct):
    roster: msgspec.Raw


def read_roster(
    data: bytes, label: str, model: RosterModel, path: Path | None = None, *, example: bool = False
) -> RosterEntry:
    """A :class:`RosterEntry` from a roster file's bytes, for ``model``'s system; never
    raises."""
    try:
        key, problems = check_roster_file(data)
    except RosterFileError as exc:
        return RosterEntry(label, path, example, reason=str(exc))
    except Exception as exc:  # noqa: BLE001 - an untrusted file must never crash the screen
        return RosterEntry(label, path, example, reason=_("the file is damaged: {reason}").format(reason=exc))
    if key != model.key:
        return RosterEntry(
            label, path, example, reason=_("this roster is for another system ({key})").format(key=key)
        )
    try:
        roster = model.decode(bytes(msgspec.json.decode(data, type=_AnyRosterFile).roster))
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        return RosterEntry(label, path, example, reason=_("the file is damaged: {reason}").format(reason=exc))
    return RosterEntry(label, path, example, roster=roster, problems=list(problems))


def read_roster_path(path: Path, model: RosterModel) -> RosterEntry:
    """The roster file at ``path`` (a file that is too large, not a regular file or
    cannot be read gets a reason; see :func:`engine.rosterfile.read_roster_file`)."""
    try:
        data = read_roster_file(path)
    except RosterFileError as exc:
        return RosterEntry(shown(path.name, NAME_LIMIT), path, reason=str(exc))
    return read_roster(data, shown(path.name, NAME_LIMIT), model, path)


def rosters_folder(saves: Path) -> Path:
    """The folder of the player's rosters: ``<saves>/rosters`` (not created here)."""
    return Path(saves) / "rosters"


def saved_rosters(saves: Path, model: RosterModel) -> list[RosterEntry]:
    """Every ``*.json`` file of ``<saves>/rosters`` (hidden files left out), by file
    name, read for ``model``'s system; a missing folder gives an empty list."""
    folder = rosters_folder(saves)
    try:
        paths = sorted(
            (p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file()),
            key=lambda p: p.name.casefold(),
        )
    except OSError:
        return []
    return [read_roster_path(p, model) for p in paths]


def example_rosters(model: RosterModel) -> list[RosterEntry]:
    """The rosters ``model``'s system ships (read only), by file name."""
    return [read_roster(data, name, model, example=True) for name, data in sorted(model.examples())]


def file_name_for(name: str) -> str:
    """A file name for a roster called ``name`` (see :func:`tui.textfit.slug`);
    ``roster.json`` when nothing is left."""
    return f"{slug(name) or 'roster'}.json"


def clean_file_name(text: str) -> str | None:
    """The file name a player typed, made safe: no folders, ``.json`` added; None
    when nothing usable is left (empty, only dots, hidden)."""
    name = text.strip().replace("/", "-").replace("\\", "-")
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    if not name.lower().endswith(".json"):
        name += ".json"
    stem = name[:-5]
    if not stem.strip(". ") or name.startswith("."):
        return None
    if len(name.encode("utf-8")) > 200:
        return None
    return name


def save_roster(saves: Path, file_name: str, roster: Any, model: RosterModel) -> Path:
    """Write ``roster`` to ``<saves>/rosters/<file_name>`` atomically (the folder is
    created); returns the path. Raises OSError when the disk refuses, or (EINVAL,
    with the reason) when a text of the roster could not be read back from the file
    (:func:`engine.text.tree_problem`: too long, or holding control characters)."""
    found = tree_problem(msgspec.to_builtins(roster), NAME_LIMIT, "roster")
    if found is not None:
        raise OSError(
            errno.EINVAL,
            _("the text at {where} is refused: {why}").format(
                where=found[0], why=_(found[1]).format(limit=NAME_LIMIT)
            ),
        )
    path = rosters_folder(saves) / file_name
    write_atomic(path, model.encode(roster))
    return path


def problem_lines(entry: RosterEntry, model: RosterModel, ascii_set: bool = False, limit: int = 8) -> str:
    """The problems of ``entry``'s roster, one per line with its rule ID (at most ``limit``)."""
    bad, ell = ("x", "...") if ascii_set else ("✗", "…")
    lines = [f"{bad} {p.rule}  {model.problem_text(p, 24, ell)}" for p in entry.problems[:limit]]
    more = len(entry.problems) - limit
    if more > 0:
        lines.append(ngettext("and {n} more problem", "and {n} more problems", more).format(n=more))
    return "\n".join(lines)


@dataclass(frozen=True)
class PickResult:
    """What was picked: ``kind`` "entry" (``entry`` is set), "build" (build a roster
    now) or "new" (start an empty roster)."""

    kind: Literal["entry", "build", "new"]
    entry: RosterEntry | None = None


class RosterPickerScreen(WartableModal):
    """Lists ``model``'s rosters, saved and shipped; dismisses with a :class:`PickResult`
    or None.

    ``saves``: the saves folder (rosters are in its ``rosters`` folder). ``purpose``:
    "open" (for the builder: drafts may be opened, and the first row starts an empty
    roster) or "play" (for a game: only valid rosters may be chosen, and the first row
    builds one now). ``current``: the roster chosen so far (its row is marked "chosen"
    and has the cursor). ``d`` deletes and ``r`` renames a saved roster file, each
    after asking.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", N_("Choose"), priority=True),
        Binding("d,delete,в", "delete", N_("Delete")),
        Binding("r,к", "rename", N_("Rename")),
        Binding("escape", "close", N_("Cancel")),
    ]

    def __init__(
        self,
        saves: Path,
        model: RosterModel,
        purpose: Literal["open", "play"] = "open",
        title: str = "",
        current: Any = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.current = current
        self.saves = Path(saves)
        self.purpose = purpose
        self.picker_title = title or (_("Open a roster") if purpose == "open" else _("Choose a roster"))
        self._entries: dict[str, RosterEntry] = {}
        self._width = 0

    def compose_dialog(self) -> ComposeResult:
        """The framed list and a line about the folder."""
        from tui.paths import display_path

        with Vertical(classes="dialog picker-dialog") as box:
            box.border_title = self.picker_title
            box.border_subtitle = _("Escape closes this window.")
            yield Static(
                _("Saved rosters are in {folder}.").format(folder=display_path(rosters_folder(self.saves))),
                classes="picker-folder",
                markup=False,
            )
            yield RowList(pointer=self.glyphs.pointer, id="picker-list")

    def on_mount(self) -> None:
        """Read the files and focus the list (filled again once its width is known)."""
        self._fill()
        self.query_one("#picker-list", RowList).focus()
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self._cells() != self._width:
            self._fill(self.query_one("#picker-list", RowList).row_id)

    def _cells(self) -> int:
        """Cells for a row's text: the list's width less the pointer. Before the first
        layout, the width the stylesheet will give it (the dialog is 72 columns, at
        most 90% of the screen, less its frame, padding and scroll bar)."""
        width = self.query_one("#picker-list", RowList).scrollable_content_region.width
        if not width:
            width = min(72, int(self.app.size.width * 0.9)) - 8
        return max(20, width - 3)

    async def refresh_language(self) -> None:
        """Re-compose in the new language."""
        await self.recompose()
        self.on_mount()

    def _fill(self, highlight: str | None = None) -> None:
        g = self.glyphs
        ell = "..." if g.name == "ascii" else "…"
        rows: list[Option] = []
        self._entries = {}
        self._width = self._cells()
        if self.purpose == "play":
            rows.append(Option(Text(_("Build a new roster now"), style="bold"), id="build"))
        else:
            rows.append(Option(Text(_("New empty roster"), style="bold"), id="new"))
        saved = saved_rosters(self.saves, self.model)
        rows.append(Option(Text(_("Your rosters"), style="bold underline"), id="h-saved", disabled=True))
        if not saved:
            rows.append(Option(Text(_("(none saved yet)"), style="italic"), id="h-none", disabled=True))
        for n, entry in enumerate(saved):
            key = f"s{n}"
            self._entries[key] = entry
            rows.append(Option(self._row(entry, ell), id=key))
        rows.append(Option(Text(_("Examples"), style="bold underline"), id="h-examples", disabled=True))
        for n, entry in enumerate(example_rosters(self.model)):
            key = f"e{n}"
            self._entries[key] = entry
            rows.append(Option(self._row(entry, ell), id=key))
        default = highlight
        if default is None and self.current is not None:
            default = next((k for k, e in self._entries.items() if e.roster == self.current), None)
        if default is None and self.purpose == "play":
            default = next((k for k, e in self._entries.items() if e.valid), None)
        self.query_one("#picker-list", RowList).set_rows(rows, default)

    def _row(self, entry: RosterEntry, ell: str) -> Text:
        g = self.glyphs
        cells = self._width
        if entry.roster is None:
            tail = ": " + _("cannot be used")
            head = Text.assemble(
                (f"{g.bad} ", "bold"), (fit(entry.label, min(NAME_CELLS, cells - len(tail) - 2), ell), "bold")
            )
            head.append(tail)
            body = Text("  " + fit(entry.reason, cells - 2, ell), style="italic")
            return Text("\n").join([head, body])
        roster = entry.roster
        name = self.model.title(self.model.roster_name(roster).strip()) or _("(no name)")
        head = Text.assemble(
            (f"{g.ok if entry.valid else g.bad} ", "bold"),
            (fit(name, min(NAME_CELLS, cells - 2), ell), "bold"),
        )
        if self.current is not None and roster == self.current:
            head.append("  " + _("(chosen)"), style="bold italic")
        details = [*self.model.details(roster), _("example") if entry.example else entry.label]
        if not entry.valid:
            details.append(
                ngettext(
                    "draft: breaks {n} rule ({rules})",
                    "draft: breaks {n} rules ({rules})",
                    len(entry.problems),
                ).format(n=len(entry.problems), rules=", ".join(sorted({p.rule for p in entry.problems})))
            )
        return Text("\n").join([head, Text("  " + fit("; ".join(details), cells - 2, ell))])

    def _current(self) -> tuple[str | None, RosterEntry | None]:
        row = self.query_one("#picker-list", RowList).row_id
        return row, self._entries.get(row or "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Delete and rename only a saved roster file."""
        if action in ("delete", "rename"):
            _row, entry = self._current()
            return None if entry is None or entry.example or entry.path is None else True
        return True

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self) -> None:
        self.action_choose()

    def action_choose(self) -> None:
        """Choose the highlighted row (a roster that cannot be used is explained)."""
        from tui.screens.dialogs import NoticeScreen

        row, entry = self._current()
        if row == "build":
            self.dismiss(PickResult("build"))
            return
        if row == "new":
            self.dismiss(PickResult("new"))
            return
        if entry is None:
            return
        ascii_set = self.glyphs.name == "ascii"
        if entry.roster is None:
            self.app.push_screen(
                NoticeScreen(
                    _("This roster cannot be used"),
                    f"{fit(entry.label, 60, '...' if ascii_set else '…')}:\n{entry.reason}\n\n"
                    + _("The file is left as it is."),
                )
            )
            return
        if self.purpose == "play" and not entry.valid:
            self.app.push_screen(
                NoticeScreen(
                    _("This roster breaks the rules"),
                    _(self.model.texts.must_follow)
                    + "\n\n"
                    + problem_lines(entry, self.model, ascii_set)
                    + "\n\n"
                    + _("Open it in the roster builder to fix it."),
                )
            )
            return
        self.dismiss(PickResult("entry", entry))

    def action_delete(self) -> None:
        """Ask, then delete the highlighted saved roster file."""
        from tui.screens.dialogs import ConfirmScreen

        row, entry = self._current()
        if entry is None or entry.example or entry.path is None:
            return
        path = entry.path

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.notify(
                    _("Could not delete {name}: {reason}").format(name=path.name, reason=exc.strerror),
                    severity="error",
                    markup=False,
                )
                return
            self.notify(_("Deleted {name}.").format(name=path.name), markup=False)
            self._fill(row)

        self.app.push_screen(
            ConfirmScreen(
                _("Delete roster"),
                _("Delete {name}?").format(name=fit(path.name, 60)) + "\n" + _("This cannot be undone."),
                confirm=_("Delete"),
                cancel=_("Keep"),
            ),
            done,
        )

    def action_rename(self) -> None:
        """Give the highlighted saved roster file another name (a file of that name is
        never replaced: another name is asked for)."""
        from tui.screens.prompts import TextPromptScreen

        row, entry = self._current()
        if entry is None or entry.example or entry.path is None:
            return
        path = entry.path

        def check(text: str) -> str | None:
            name = clean_file_name(text)
            if name is None:
                return _("Give a file name (letters, digits, - or _).")
            if name != path.name and (path.parent / name).exists():
                return _("{name} already exists.").format(name=name)
            return None

        def named(text: str | None) -> None:
            name = clean_file_name(text) if text is not None else None
            if name is None or name == path.name:
                return
            target = path.parent / name
            try:
                if target.exists():
                    raise FileExistsError(errno.EEXIST, name)
                path.rename(target)
            except OSError as exc:
                self.notify(
                    _("Could not rename {name}: {reason}").format(name=path.name, reason=exc.strerror or exc),
                    severity="error",
                    markup=False,
                )
                return
            self.notify(_("Renamed {old} to {new}.").format(old=path.name, new=name), markup=False)
            self._fill(row)

        self.app.push_screen(
            TextPromptScreen(_("Rename roster file"), _("The file's new name:"), path.name, check=check),
            named,
        )
