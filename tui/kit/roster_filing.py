"""Saving, opening and leaving in the roster builder (:class:`RosterFiling`, part of
:class:`tui.kit.roster_builder.RosterBuilder`): a roster is saved as a roster file
(a roster that breaks a rule only as a draft, after a warning; a file is replaced
only after asking), a saved roster or an example is opened (after asking about
unsaved changes), and the builder is left (after asking too), or, picked from the
new game screen, gives its roster (refused while it breaks a rule)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.i18n import _, ngettext
from tui.kit.roster_files import (
    PickResult,
    RosterEntry,
    RosterPickerScreen,
    clean_file_name,
    file_name_for,
    rosters_folder,
    save_roster,
)
from tui.kit.rowlist import RowList

if TYPE_CHECKING:
    from tui.kit.roster_builder import RosterBuilder

__all__ = ["RosterFiling"]


class RosterFiling:
    """The files of the roster builder (see the module's docstring)."""

    @property
    def _saves(self: RosterBuilder) -> Path:
        return self.wapp.saves_folder

    def action_save(self: RosterBuilder) -> None:
        """Save the roster in the rosters folder; a roster that breaks a rule only as a
        draft, after a warning."""
        from tui.screens.dialogs import ConfirmScreen

        if self._problems:

            def go(yes: bool | None) -> None:
                if yes:
                    self._ask_file_name(draft=True)

            self.app.push_screen(
                ConfirmScreen(
                    _("Save as a draft?"),
                    ngettext(
                        "This roster breaks {n} rule of army building.",
                        "This roster breaks {n} rules of army building.",
                        len(self._problems),
                    ).format(n=len(self._problems))
                    + " "
                    + _(
                        "It can be saved as a draft, but a draft cannot be chosen for a game until it is fixed."
                    ),
                    confirm=_("Save draft"),
                    cancel=_("Keep editing"),
                ),
                go,
            )
            return
        self._ask_file_name(draft=False)

    def _ask_file_name(self: RosterBuilder, draft: bool) -> None:
        from tui.paths import display_path
        from tui.screens.prompts import TextPromptScreen

        folder = rosters_folder(self._saves)
        default = self.file_name or file_name_for(self.model.roster_name(self.roster))

        def check(text: str) -> str | None:
            return None if clean_file_name(text) else _("Give a file name (letters, digits, - or _).")

        def named(text: str | None) -> None:
            name = clean_file_name(text) if text is not None else None
            if name is None:
                return
            if name != self.file_name and (folder / name).exists():
                self._confirm_replace(name, draft)
            else:
                self._write(name, draft)

        self.app.push_screen(
            TextPromptScreen(
                _("Save roster"),
                _("File name in {folder}:").format(folder=display_path(folder)),
                default,
                check=check,
            ),
            named,
        )

    def _confirm_replace(self: RosterBuilder, name: str, draft: bool) -> None:
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self._write(name, draft)

        self.app.push_screen(
            ConfirmScreen(
                _("Replace roster file"),
                _("{name} already exists. Replace it?").format(name=name)
                + "\n"
                + _("This cannot be undone."),
                confirm=_("Replace"),
                cancel=_("Keep"),
            ),
            done,
        )

    def _write(self: RosterBuilder, name: str, draft: bool) -> None:
        try:
            path = save_roster(self._saves, name, self.roster, self.model)
        except OSError as exc:
            self.notify(
                _("The roster could not be saved: {reason}").format(reason=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            return
        self.file_name = name
        self._clean = self.model.encode(self.roster)
        message = (
            _("Saved as a draft: {file}").format(file=path.name)
            if draft
            else _("Saved: {file}").format(file=path.name)
        )
        self.notify(message, severity="warning" if draft else "information", markup=False)
        self._show_head()

    def action_open(self: RosterBuilder) -> None:
        """Open a saved roster or an example (after asking about unsaved changes)."""
        self._unless_unsaved(self._pick_file)

    def _pick_file(self: RosterBuilder) -> None:
        def picked(result: PickResult | None) -> None:
            if result is None:
                return
            if result.kind == "new":
                self.load(None)
            elif result.entry is not None:
                self.load(result.entry)

        self.app.push_screen(self.picker(), picked)

    def picker(self: RosterBuilder) -> RosterPickerScreen:
        """The window of roster files that Open shows (a system may give its own)."""
        return RosterPickerScreen(self._saves, self.model, "open")

    def load(self: RosterBuilder, entry: RosterEntry | None) -> None:
        """Edit ``entry``'s roster (a copy; an example is saved under a new name), or a
        new roster when ``entry`` is None."""
        if entry is None or entry.roster is None:
            self.roster = self.model.new_roster()
            self.file_name = None
        else:
            self.roster = self.model.copy(entry.roster)
            self.file_name = None if entry.example else entry.label
            if entry.example:
                # a copy to save under a new name: in the interface's language
                self.model.rename_roster(self.roster, self.model.title(self.model.roster_name(self.roster)))
        self._clean = self.model.encode(self.roster)
        rows = self._rows()
        first = next((r for r in rows if r.depth == 0 and not r.note), None)
        self._current = first.unit if first is not None else None
        self._refresh(first.id if first is not None else "new")
        self._fill_catalogue()
        self.query_one("#rb-roster", RowList).focus()

    # -- leaving ------------------------------------------------------------------------
    def _unless_unsaved(self: RosterBuilder, then: Any) -> None:
        """Run ``then()`` now, or after the player agrees to lose unsaved changes."""
        if not self.dirty:
            then()
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(
            ConfirmScreen(
                _("Unsaved changes"),
                _("The roster has changes that are not saved. Discard them?"),
                confirm=_("Discard"),
                cancel=_("Keep editing"),
            ),
            done,
        )

    def action_back(self: RosterBuilder) -> None:
        """Leave the builder (asks first when there are unsaved changes); in pick mode,
        without choosing a roster."""
        if self.pick:
            self._unless_unsaved(lambda: self._leave(None))
        else:
            self._unless_unsaved(lambda: self._leave(None, pop=True))

    def _leave(self: RosterBuilder, roster: Any, pop: bool = False) -> None:
        """Close the builder; its notices ("Saved: ...") go with it rather than cover
        the screen underneath (the new game screen's map preview)."""
        self.app.clear_notifications()
        if pop:
            self.app.pop_screen()
        else:
            self.dismiss(roster)

    def action_use(self: RosterBuilder) -> None:
        """Pick mode: use this roster for the game; refused while it breaks a rule."""
        if not self.pick:
            return
        if self._problems:
            from tui.screens.dialogs import NoticeScreen

            g = self.glyphs
            lines = "\n".join(
                f"{g.bad} {p.rule}  {self.model.problem_text(p, 24, self.ell)}" for p in self._problems[:8]
            )
            self.app.push_screen(
                NoticeScreen(
                    _("This roster breaks the rules"), _(self.model.texts.must_follow) + "\n\n" + lines
                )
            )
            return
        self._leave(self.model.copy(self.roster))
