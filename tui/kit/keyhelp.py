"""The help of a game screen: every key of the screen, those that apply now marked,
the system's notation and the board's legend.

:class:`KeyHelp` is a part of :class:`tui.kit.screen.GameScreen` (a mixin): it reads
the screen's bindings, its ``check_action`` (whether a key applies now), its seat
(whether the game has a concession) and its hooks ``screen_title``,
``notation_rows``, ``notation_title`` and ``legend_rows``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.binding import Binding

from engine.i18n import _, current_language
from tui.kit.dialogs import plain_text

__all__ = ["TEXTUAL_ACTIONS", "KeyHelp"]

#: Textual's own keys, left out of every game's help (copying text, moving the focus).
TEXTUAL_ACTIONS = frozenset({"screen.copy_text", "copy_text", "app.focus_next", "app.focus_previous"})


def _other_layout(key: str) -> bool:
    """Whether ``key`` is a letter of the Russian layout (bound beside the Latin letter on
    the same key, see :mod:`tui.kit.keys`) while the interface is not in Russian: the help
    then leaves it out, as a player of another language has no use for it."""
    return current_language() != "ru" and any("\u0400" <= ch <= "\u04ff" for ch in key)


class KeyHelp:
    """The help key of a game screen (``?``): :meth:`action_help` opens the help with
    :meth:`help_rows`."""

    # what the screen that inherits this provides (see tui.kit.screen.GameScreen)
    app: Any
    seat: Any
    ascii: bool
    _bindings: Any

    def action_help(self) -> None:
        """The keys of the game (those that apply now marked), the notation and the
        board's legend."""
        from tui.screens.help import HelpScreen

        self.app.push_screen(
            HelpScreen(
                self.screen_title(),
                self.help_rows(),
                notes=self.notation_rows(),
                notes_title=self.notation_title(),
            )
        )

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, meaning) rows: every key of the screen, ✓ on those that apply now, then
        the board's legend."""
        mark = "+" if self.ascii else "✓"
        rows: list[tuple[str, str]] = [("", _("{mark} marks the keys that apply now.").format(mark=mark))]
        seen: set[str] = set()
        no_concession = self.seat.result() is None and not self.seat.can_concede()
        for keys, text, action in self._key_table():
            if text in seen or (action == "concede" and no_concession):  # a system without one
                continue
            seen.add(text)
            now = bool(self.check_action(action.split("(")[0], ()))
            rows.append((keys, f"{mark} {text}" if now else f"  {text}"))
        legend = self.legend_rows()
        if legend:
            rows += [("", ""), ("", _("The board:")), *legend]
        return [(plain_text(k, self.ascii), plain_text(t, self.ascii)) for k, t in rows]  # type: ignore[misc]

    def _key_table(self) -> Iterable[tuple[str, str, str]]:
        """(keys shown, description, action) of every described binding: the screen's
        (its class's bindings, the shared ones among them, in the order of its
        ``BINDINGS``: the system's own keys first), then the app's. Textual's own keys
        (copying text, moving the focus) are left out, as in every help."""
        own = [b.action for b in type(self).BINDINGS if isinstance(b, Binding)]
        bindings = [b for b in self._bindings.key_to_bindings.values() for b in b]
        bindings.sort(key=lambda b: own.index(b.action) if b.action in own else len(own))
        by_action: dict[tuple[str, str], list[str]] = {}
        order: list[tuple[str, str]] = []
        for binding in bindings:
            if not isinstance(binding, Binding) or not binding.description or binding.system:
                continue
            if binding.action in TEXTUAL_ACTIONS:
                continue
            key = (binding.action, binding.description)
            if key not in by_action:
                by_action[key] = []
                order.append(key)
            shown = self.app.get_key_display(binding)
            keys = by_action[key]
            if _other_layout(shown):
                continue
            if shown not in keys and not (len(shown) == 1 and shown.isupper() and shown.lower() in keys):
                keys.append(shown)
        for action, description in order:
            if by_action[(action, description)]:
                yield ", ".join(by_action[(action, description)]), _(description), action
        for binding in getattr(self.app, "BINDINGS", []):
            if isinstance(binding, Binding) and binding.description:
                yield self.app.get_key_display(binding), _(binding.description), binding.action
