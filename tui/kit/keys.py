"""The keys every game screen shares, the same in every system.

A system's game screen adds its own keys (fire, attack, end the turn…) to these;
it never rebinds them. Letters are bound in both cases where a capital could be
typed by Caps Lock, and in the Russian layout's letter on the same key (``u`` /
``г``), so a player never has to switch the keyboard to play.
"""

from __future__ import annotations

from textual.binding import Binding

from engine.i18n import N_

__all__ = ["GAME_BINDINGS", "GAME_KEYS"]

#: Action name → (keys, description): what each shared key does.
GAME_KEYS: dict[str, tuple[str, str]] = {
    "command": ("colon", N_("Type an order")),
    "undo": ("u,U,г,Г,ctrl+z", N_("Undo")),
    "full_log": ("l,L,д,Д", N_("Log")),
    "concede": ("C,С", N_("Concede")),
    "leave": ("escape", N_("Back")),
    "show_result": ("enter", N_("Result")),
}

#: The shared bindings, in the order the footer shows them. ``:`` has priority, so it
#: opens the command line whatever has the focus (the command line itself lets it
#: through as text: see :meth:`tui.kit.screen.GameScreen.check_action`).
GAME_BINDINGS: list[Binding] = [
    Binding(GAME_KEYS["command"][0], "command", GAME_KEYS["command"][1], show=False, priority=True),
    Binding(GAME_KEYS["undo"][0], "undo", GAME_KEYS["undo"][1]),
    Binding(GAME_KEYS["full_log"][0], "full_log", GAME_KEYS["full_log"][1]),
    Binding("pageup", "log_page(-1)", N_("Scroll the log back"), show=False),
    Binding("pagedown", "log_page(1)", N_("Scroll the log on"), show=False),
    Binding(GAME_KEYS["concede"][0], "concede", GAME_KEYS["concede"][1], show=False),
    # Escape leaves in every screen: the help lists it, the footer keeps its room for orders
    Binding(GAME_KEYS["leave"][0], "leave", GAME_KEYS["leave"][1], show=False),
    # once the game is over, Enter opens the result again, whatever has the focus
    Binding(GAME_KEYS["show_result"][0], "show_result", GAME_KEYS["show_result"][1], priority=True),
]
