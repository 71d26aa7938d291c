"""The Textual application: screens, settings, language, saves folder and error handling.

:class:`WartableApp` owns what every screen shares: the settings (language and
glyph set), the saves folder, the list of installed systems, and the error
log. An unexpected exception anywhere in the app (an action, a message
handler, a worker) never reaches the screen as a traceback: it is written to
the log file and the player sees a one-line notification naming the file.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.filter import Monochrome, NoColor
from textual.geometry import Size
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.worker import WorkerFailed

from engine import i18n
from engine.i18n import N_, _
from tui import paths
from tui.errors import ErrorLog
from tui.glyphs import Glyphs, glyphs_for
from tui.screens.base import MIN_SIZE, SafeMessages, WartableModal, WartableScreen
from tui.screens.title import TitleScreen
from tui.settings import load_settings, save_settings
from tui.styles import STYLESHEET, split_stylesheet
from tui.widgets.bars import PlainScrollBar

if TYPE_CHECKING:
    from tui.saves import SaveEntry

__all__ = ["WartableApp", "run_app"]

# Every scroll bar is drawn with spaces and reverse video: Textual's default thumb ends
# in block elements of "ambiguous" width, which misalign on some terminals.
ScrollBar.renderer = PlainScrollBar

#: More errors than this within :data:`_ERROR_WINDOW` seconds end the app (with a message).
_ERROR_BURST = 20
_ERROR_WINDOW = 10.0


class WartableApp(SafeMessages, App[int]):
    """Wartable's terminal app.

    Arguments (all optional; the defaults are the per-user folders of
    :mod:`tui.paths`): ``settings_file``; ``saves`` (the saves folder, created);
    ``log_file`` (the error log); ``language`` (``--lang``: overrides the stored
    language for this run); ``ascii_glyphs`` (``--ascii``: overrides the stored
    glyph set for this run); ``systems`` (a function listing the installed
    ruleset keys; default :func:`engine.ruleset.available`).
    """

    #: The shell's part of the one stylesheet; the rest comes with the first other screen.
    CSS = split_stylesheet(STYLESHEET.read_text(encoding="utf-8"))[0]
    TITLE = "Wartable"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+c", "ctrl_c", show=False, system=True),
    ]

    def __init__(
        self,
        *,
        settings_file: Path | None = None,
        saves: Path | None = None,
        log_file: Path | None = None,
        language: str | None = None,
        ascii_glyphs: bool = False,
        systems: Callable[[], list[str]] | None = None,
    ) -> None:
        super().__init__()
        self.settings_file = Path(settings_file) if settings_file is not None else paths.settings_path()
        self.settings, self._settings_problem = load_settings(self.settings_file)
        self.saves_folder = Path(saves) if saves is not None else paths.saves_dir()
        self._all_styles = False
        self.error_log = ErrorLog(Path(log_file) if log_file is not None else paths.log_path())
        #: Every error reported while the app ran (tests check it stays empty).
        self.errors: list[BaseException] = []
        self._error_times: list[float] = []
        self._last_error: tuple[str, float] = ("", -1e9)
        self._systems = systems
        #: Command-line options that override the settings for this run (for the settings screen).
        self.overrides: list[str] = []
        if language:
            self.overrides.append(f"--lang {language}")
        if ascii_glyphs:
            self.overrides.append("--ascii")
        i18n.set_language(language or self.settings.language or i18n.detect_language())
        self.glyph_set: str = "ascii" if ascii_glyphs else self.settings.glyphs
        #: Every open game: (the screen that plays it, its save lock or None, the game);
        #: a lock is released when its screen leaves the screen stack.
        self._game_locks: list[tuple[Screen[Any], Any, Any]] = []
        if self.no_color:
            # NO_COLOR means no colour codes at all: Textual's monochrome filter still sends
            # shades of grey, so every colour is dropped instead (the terminal's own
            # foreground and background); reverse video, bold, italics and underline stay.
            self._filters = [NoColor() if isinstance(f, Monochrome) else f for f in self._filters]

    # -- shared facts ---------------------------------------------------------------
    @property
    def glyphs(self) -> Glyphs:
        """The glyph set in effect."""
        return glyphs_for(self.glyph_set)

    def systems(self) -> list[str]:
        """Keys of the installed systems (rulesets), sorted; nothing is imported."""
        if self._systems is not None:
            return list(self._systems())
        from engine import ruleset

        return ruleset.available()

    def system_title(self, key: str) -> str:
        """The title of system ``key`` in the current language: its ruleset's ``title``
        translated; for a system that cannot be imported, the heading of its rules
        summary (or the key)."""
        from engine import ruleset as registry

        try:
            title = registry.get(key).title
        except Exception:  # noqa: BLE001 - unknown or broken system: named as its summary names it
            from tui.rulebook import system_title

            return system_title(key, i18n.current_language())
        return _(title)

    def has_save_files(self) -> bool:
        """Whether the saves folder has any ``*.json`` file (a cheap look, nothing read)."""
        try:
            return any(
                p.suffix == ".json" and not p.name.startswith(".") for p in self.saves_folder.iterdir()
            )
        except OSError:
            return False

    def scan_saves(self) -> list[SaveEntry]:
        """The saves folder's files (see :func:`tui.saves.list_saves`)."""
        from tui.saves import list_saves

        return list_saves(self.saves_folder, self.systems())

    def get_key_display(self, binding: Binding) -> str:
        """Key names as shown in the footer and the help; ASCII names in the ASCII set."""
        if binding.key_display:
            return binding.key_display
        plain = self.glyphs.keys.get(binding.key)
        return plain if plain is not None else super().get_key_display(binding)

    # -- start --------------------------------------------------------------------
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push a screen, first adding the rest of the stylesheet if it is the first
        screen beyond the shell (see :mod:`tui.styles`)."""
        self.ensure_styles(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        """Switch to a screen (the rest of the stylesheet first, as in push_screen)."""
        self.ensure_styles(screen)
        return super().switch_screen(screen)

    def ensure_styles(self, screen: Any = None) -> None:
        """Add the sections of the stylesheet beyond the shell, once, unless ``screen``
        is a shell screen (its class has a true ``SHELL_STYLES``)."""
        if self._all_styles or getattr(screen, "SHELL_STYLES", False):
            return
        self._all_styles = True
        rest = split_stylesheet(STYLESHEET.read_text(encoding="utf-8"))[1]
        if rest.strip():
            self.stylesheet.add_source(rest, read_from=(str(STYLESHEET), ""))
            self.refresh_css(animate=False)

    def get_default_screen(self) -> Screen[Any]:
        """The title screen is the bottom of the screen stack."""
        return TitleScreen()

    def on_mount(self) -> None:
        """Apply the glyph set, report a bad settings file, check the terminal size."""
        self.set_class(self.glyph_set == "ascii", "-ascii")
        self.set_class(self.no_color, "-nocolor")
        self.screen_change_signal.subscribe(self, self._release_game_locks)
        if self._settings_problem:
            self.notify(
                _("The settings file could not be read; the defaults are used."),
                severity="warning",
                markup=False,
            )
        self.check_size()

    def on_resize(self, event: events.Resize) -> None:
        """Ask for a larger terminal below the minimum size, and stop asking above it."""
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        """Show or remove the "please enlarge the terminal" screen (``size``: the
        terminal's new size, default the current one)."""
        width, height = size if size is not None else self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen_stack[-1] if self.screen_stack else None
        notice = getattr(top, "SIZE_NOTICE", False)  # a TooSmallScreen (loaded only when needed)
        if small and not notice:
            from tui.screens.too_small import TooSmallScreen

            self.push_screen(TooSmallScreen())
        elif not small and notice:
            self.pop_screen()

    # -- settings -----------------------------------------------------------------
    async def change_language(self, code: str) -> None:
        """Switch the interface to ``code`` (see :data:`engine.i18n.LANGUAGES`), save it,
        and re-render every screen."""
        self.settings = self.settings._replace(language=i18n.set_language(code))
        self._save_settings()
        await self._refresh_screens()

    async def change_glyphs(self, name: str) -> None:
        """Switch to glyph set ``name`` ("unicode" or "ascii"), save it, re-render."""
        self.glyph_set = "ascii" if name == "ascii" else "unicode"
        self.settings = self.settings._replace(glyphs=self.glyph_set)
        self.set_class(self.glyph_set == "ascii", "-ascii")
        self._save_settings()
        await self._refresh_screens()

    def _save_settings(self) -> None:
        try:
            save_settings(self.settings_file, self.settings)
        except OSError as exc:
            self.notify(
                _("The settings could not be saved: {reason}").format(reason=exc.strerror or exc),
                severity="warning",
                markup=False,
            )

    async def _refresh_screens(self) -> None:
        for screen in list(self.screen_stack):
            if isinstance(screen, (WartableScreen, WartableModal)) or getattr(screen, "SIZE_NOTICE", False):
                await screen.refresh_language()
        self.refresh_bindings()

    # -- shared actions -------------------------------------------------------------
    def show_notice(self, title: str, message: str) -> None:
        """A dialog with ``message`` (plain text, translated) and an OK button."""
        from tui.screens.dialogs import NoticeScreen

        self._loaded()
        self.push_screen(NoticeScreen(title, message))

    def not_yet(self, what: str, when: str) -> None:
        """The notice for a part of the app that a later build brings."""
        self.show_notice(what, _("Coming in a later build: not available yet.") + "\n\n" + when)

    def open_save(self, path: Path) -> None:
        """Load the save at ``path`` (verified by replaying it, in a worker thread), then
        show it; a save that cannot be used, or that another Wartable has open, is
        explained in a notice (a plain sentence, then the detail). When it cannot be
        used but a previous version kept beside it can, the player is offered that
        version. The save's lock is held while the game is shown."""
        from engine.record import SaveLock, SaveLocked
        from engine.text import NAME_LIMIT, shown
        from tui.saves import explain_save_error

        name = shown(path.name, NAME_LIMIT)
        lock = SaveLock(path)
        try:
            lock.acquire()
        except SaveLocked as exc:
            self.show_notice(_("This game is open in another window"), explain_save_error(name, exc))
            return
        except OSError as exc:
            self.show_notice(_("This save cannot be used"), f"{name}:\n{shown(exc.strerror or exc)}")
            return
        # Say "loading" only if it takes a while (a long record replays slowly).
        self._loading_timer = self.set_timer(
            0.5, lambda: self.notify(_("Loading {name}...").format(name=name), timeout=2, markup=False)
        )
        self._load_save(path, lock)

    @work(thread=True, exclusive=True, group="load", exit_on_error=False)
    def _load_save(self, path: Path, lock: Any) -> None:
        from engine.game import Game
        from engine.record import SaveError
        from engine.text import NAME_LIMIT, shown
        from tui.saves import explain_save_error

        name = shown(path.name, NAME_LIMIT)
        try:
            game = Game.load(path)
        except SaveError as exc:
            previous = self._usable_previous(path) if exc.kind not in ("read", "locked", "system") else None
            if previous is not None:
                self.call_from_thread(self._offer_previous, path, lock, exc, *previous)
                return
            self.call_from_thread(lock.release)
            self.call_from_thread(
                self.show_notice, _("This save cannot be used"), explain_save_error(name, exc)
            )
            return
        except Exception as exc:  # noqa: BLE001 - a ruleset's bug: reported, never shown as a traceback
            self.call_from_thread(lock.release)
            self.call_from_thread(self._loaded)
            self.call_from_thread(self.report_error, exc, f"loading {name}")
            return
        self.call_from_thread(self._show_game, game, name, lock)

    @staticmethod
    def _usable_previous(path: Path) -> tuple[Path, Any, Any] | None:
        """The newest previous version of ``path`` (``.1``, then ``.2``) that loads, as
        (its file, the game replayed from it, its save record); None when none does.
        Nothing is written."""
        from engine.game import Game
        from engine.record import SaveError, decode_save, previous_versions, read_file

        for older in previous_versions(path):
            try:
                save = decode_save(read_file(older))
                return older, Game.from_save(save, path=path), save
            except (SaveError, OSError):
                continue
            except Exception:  # noqa: BLE001 - a version that breaks the rules' code is not offered
                continue
        return None

    def _offer_previous(
        self, path: Path, lock: Any, error: Exception, older: Path, game: Any, save: Any
    ) -> None:
        """Explain why ``path`` cannot be used and offer its previous version ``older``;
        only if the player says so is it put back (the damaged file kept aside) and played."""
        from engine.record import damaged_path
        from engine.text import NAME_LIMIT, shown
        from tui.saves import explain_save_error, format_when, render_summary
        from tui.screens.dialogs import ConfirmScreen

        self._loaded()
        name = shown(path.name, NAME_LIMIT)
        when = format_when(save.updated)
        summary = render_summary(save.summary, save.summary_message, save.players)
        offer = (
            _("A previous version of this game, saved {when} ({summary}), can be opened instead.").format(
                when=when or "-", summary=summary or "-"
            )
            + "\n"
            + _("The damaged file is then kept as {aside}, and the game goes on in {name}.").format(
                aside=shown(damaged_path(path).name, NAME_LIMIT), name=name
            )
        )
        message = explain_save_error(name, error, left_alone=False)

        def answer(yes: bool | None) -> None:
            if not yes:
                lock.release()
                return
            from engine.record import restore_previous

            try:
                aside = restore_previous(path, older)
            except OSError as exc:
                lock.release()
                self.show_notice(
                    _("This save cannot be used"),
                    _("The previous version could not be put back: {reason}").format(
                        reason=exc.strerror or exc
                    )
                    + "\n"
                    + _("The file is left as it is."),
                )
                return
            self.notify(
                _("The previous version is back in {name}; the damaged file is kept as {aside}.").format(
                    name=name, aside=shown(aside.name, NAME_LIMIT)
                ),
                markup=False,
                timeout=8,
            )
            self.open_game(game, lock)

        self.push_screen(
            ConfirmScreen(
                _("This save cannot be used"),
                message + "\n\n" + offer,
                confirm=_("Open the previous version"),
                cancel=_("Leave it"),
            ),
            answer,
        )

    def _loaded(self) -> None:
        timer = getattr(self, "_loading_timer", None)
        if timer is not None:
            timer.stop()

    def _show_game(self, game: Any, name: str, lock: Any = None) -> None:
        self._loaded()
        self.open_game(game, lock)

    def open_game(self, game: Any, lock: Any = None, *, replace: bool = False) -> None:
        """Show the screen that plays ``game`` (an :class:`engine.game.Game`): its
        system's game screen (:func:`tui.rulesets.game_screen_for`). ``lock``: the
        save's :class:`engine.record.SaveLock`, released when that screen is closed.
        ``replace``: in place of the current screen (the new game screen)."""
        from tui.rulesets import game_screen_for

        try:
            screen = game_screen_for(game, self)
        except Exception:
            if lock is not None:
                lock.release()
            raise
        self._game_locks.append((screen, lock, game))
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def return_to_title(self) -> None:
        """Close every screen above the title screen. The title (and any list passed on
        the way) reads the saves folder again as it comes back, so it shows the game
        just left as it is now."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def on_unmount(self) -> None:
        """Release every save lock when the app ends."""
        self._release_game_locks(everything=True)

    def _release_game_locks(self, _screen: Screen[Any] | None = None, *, everything: bool = False) -> None:
        """Release the lock of every game whose screen has left the stack (``everything``:
        of every game)."""
        keep = []
        for screen, lock, game in self._game_locks:
            if not everything and screen in self.screen_stack:
                keep.append((screen, lock, game))
            elif lock is not None:
                try:
                    lock.release()
                except Exception as exc:  # noqa: BLE001 - the OS frees it at exit anyway
                    self.error_log.write(exc, "releasing a save lock")
        self._game_locks = keep

    def open_games(self) -> list[Any]:
        """The games whose screens are open (:class:`engine.game.Game`), oldest first."""
        return [game for screen, _lock, game in self._game_locks if screen in self.screen_stack]

    async def action_quit(self) -> None:
        """Ctrl+Q: quit. While a game is open it asks first, as leaving a game asks
        (every game is saved after every action, so nothing is lost; when a save
        failed, the question says what quitting would lose)."""
        games = self.open_games()
        if not games:
            self.exit(0)
            return
        from tui.screens.dialogs import ConfirmScreen

        if any(
            isinstance(s, ConfirmScreen) and getattr(s, "quit_question", False) for s in self.screen_stack
        ):
            return  # already asking
        unsaved = [g for g in games if getattr(g, "save_error", None) is not None]
        if unsaved:
            message = _("The last actions could not be saved: {reason}").format(reason=unsaved[0].save_error)
            message += "\n" + _(
                "Quitting now loses them; stay, and they are saved as soon as the disk allows."
            )
        elif any(getattr(g, "path", None) is None for g in games):
            message = _("This game has no save file; quitting loses it.")
        else:
            message = _("The game is saved after every action: Continue or Load game brings it back.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        question = ConfirmScreen(_("Quit Wartable"), message, _("Quit"), _("Stay"))
        question.quit_question = True  # type: ignore[attr-defined]
        self.push_screen(question, answered)

    def action_ctrl_c(self) -> None:
        """Ctrl+C does not quit (it is too easy to press by habit): say which key does."""
        self.notify(_("Press Ctrl+Q to quit."), markup=False)

    # -- errors -------------------------------------------------------------------
    def report_error(self, error: BaseException, context: str = "") -> None:
        """Write ``error``'s traceback to the log and tell the player where, in one line.

        The same error repeated within 2 s is logged but not notified again; more
        than 20 errors within 10 s end the app with a one-line message.
        """
        from engine.text import shown

        self.errors.append(error)
        path = self.error_log.write(error, context)
        where = shown(path, 400) if path is not None else _("nowhere (the log file could not be written)")
        now = time.monotonic()
        self._error_times = [t for t in self._error_times if now - t < _ERROR_WINDOW] + [now]
        if len(self._error_times) > _ERROR_BURST:
            self.exit(
                1,
                message=_("Wartable stopped after repeated errors; details were written to {path}").format(
                    path=where
                ),
            )
            return
        key = f"{type(error).__name__}: {error}"
        if key == self._last_error[0] and now - self._last_error[1] < 2.0:
            return
        self._last_error = (key, now)
        self.notify(
            _("Something went wrong; details were written to {path}").format(path=where),
            title=_("Error"),
            severity="error",
            timeout=10,
            markup=False,
        )

    async def run_action(
        self,
        action: Any,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Run an action (key, click, or code); an exception in it is reported, not raised."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            self.report_error(error, f"action {action!r}")
            return True

    def _handle_exception(self, error: Exception) -> None:
        """Textual's last resort for unhandled exceptions (workers, timers, compose,
        rendering): report instead of exiting with a traceback."""
        if self._exit:
            return
        from engine.text import shown

        inner = error.error if isinstance(error, WorkerFailed) else error
        if not self.screen_stack:
            # Not started yet: there is nowhere to notify; leave with one line.
            path = self.error_log.write(inner, "start-up")
            self.errors.append(inner)
            self._return_code = 1
            self._exit_renderables.append(
                _("Wartable could not start; details were written to {path}").format(path=shown(path, 400))
            )
            self._close_messages_no_wait()
            return
        try:
            self.report_error(inner)
        except Exception:  # noqa: BLE001 - the report itself failed: leave quietly
            self.exit(1, message=_("Wartable stopped after an unexpected error."))


def run_app(*, language: str | None = None, ascii_glyphs: bool = False, saves: Path | None = None) -> int:
    """Run the app until the player quits; returns the exit status.

    ``saves``: the ``--saves`` folder (else :func:`tui.paths.saves_dir` decides).
    Errors before or after the app's own loop are logged and told in one line.
    """
    from engine.text import shown

    try:
        folder = paths.saves_dir(saves)
    except OSError as exc:
        print(
            "wartable: "
            + _("cannot use the saves folder {path}: {reason}").format(
                path=shown(saves, 400), reason=exc.strerror
            ),
            file=sys.stderr,
        )
        return 2
    app = WartableApp(language=language, ascii_glyphs=ascii_glyphs, saves=folder)
    try:
        app.run()
    except Exception as error:  # noqa: BLE001 - the terminal driver failed: one line, no traceback
        where = app.error_log.write(error, "terminal")
        print(
            "wartable: "
            + _("Something went wrong; details were written to {path}").format(path=shown(where, 400)),
            file=sys.stderr,
        )
        return 1
    return app.return_code or 0
