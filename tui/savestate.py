"""Telling the player about a game's autosave, the same way on every game screen.

A game is saved after every action. When that fails (a full disk, a permission
lost), :class:`engine.game.Game` keeps every action in memory, says why in
``game.save_error``, and writes everything again at the next action or at
:meth:`engine.game.Game.retry_save`. A screen calls :func:`tell_save_state` after
each action (and undo): the first failure, and each new reason, is shown once in
a notice; when the game is saved again, one line says so. The game stays
playable all along.
"""

from __future__ import annotations

import weakref
from typing import Any

from engine.i18n import _

__all__ = ["tell_save_state"]

#: The save problem last told for each open game (None: none, or all saved since).
_told: weakref.WeakKeyDictionary[Any, str | None] = weakref.WeakKeyDictionary()


def tell_save_state(app: Any, game: Any) -> None:
    """Tell the player what changed about ``game``'s autosave since it was last told:
    a notice when saving fails (once per reason: the notice says that playing on is
    safe and that the game is saved again as soon as it can be), a short line when
    it is saved again. ``app``: the running :class:`tui.app.WartableApp`."""
    error = getattr(game, "save_error", None)
    before = _told.get(game)
    if error == before:
        return
    _told[game] = error
    if error is not None:
        app.show_notice(
            _("The game could not be saved"),
            error
            + "\n\n"
            + _(
                "Play on: every action is kept, and the game is saved again with the next action "
                "once the disk allows it. Quitting before then loses the actions not saved."
            ),
        )
    else:
        app.notify(_("The game is saved again; nothing was lost."), markup=False)
