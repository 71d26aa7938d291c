"""Unsealed starting squads kept on disk while they are built (SC-2.4, SC-2.5).

A player who leaves the squad builder, quits or loses the connection before
sealing finds their squads as they left them. The draft is private, so it is
never written into the game's record (whose log both players read): it lives in
the per-user state folder, one small file per game, named after the hash the
game publishes of its seed (``<state dir>/wartable/sixchances-drafts/``). It is
removed once both orders are sealed. A game without a save file keeps its
drafts in memory only (it cannot be resumed anyway).

:class:`DraftStore` is made once per game (by the UI package's ``game_screen``,
which knows the game's file and seed); the game screen then asks it only with
what the seats say (is the game still being built, has a side sealed).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from engine.dice import seed_hash
from tui.paths import APP_NAME

__all__ = ["Draft", "DraftStore", "draft_path"]

#: A squad in progress: (red, green, blue) and its cell (field variant) or None.
Draft = list[tuple[tuple[int, int, int], str | None]]


def draft_path(game: Any) -> Path | None:
    """The file of ``game``'s drafts (from its save file and seed); None for a game
    without a save file."""
    if getattr(game, "path", None) is None:
        return None
    folder = Path(platformdirs.user_state_dir(APP_NAME)) / "sixchances-drafts"
    return folder / f"{seed_hash(game.seed)[:40]}.json"


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _draft(value: Any) -> Draft | None:
    """A draft read back, or None when the file holds something else."""
    if not isinstance(value, list):
        return None
    out: Draft = []
    for item in value:
        try:
            counts, cell = item
            p, r, s = (int(x) for x in counts)
        except (TypeError, ValueError):
            return None
        if min(p, r, s) < 0 or not (cell is None or isinstance(cell, str)):
            return None
        out.append(((p, r, s), cell))
    return out


class DraftStore:
    """Where one game's unsealed drafts are kept: ``path`` (None: in memory only)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path

    @classmethod
    def for_game(cls, game: Any) -> DraftStore:
        """The store of ``game`` (see :func:`draft_path`)."""
        return cls(draft_path(game))

    def load(self, unsealed: list[int], building: bool) -> dict[int, Draft]:
        """The kept drafts of the seats in ``unsealed`` (those that have not sealed yet);
        none once the squads are built (``building`` false: the file is then removed)."""
        if self.path is None:
            return {}
        if not building:
            self.clear()
            return {}
        data = _read(self.path)
        out = {}
        for side in unsealed:
            draft = _draft(data.get(str(side)))
            if draft is not None:
                out[side] = draft
        return out

    def save(self, side: int, draft: Draft | None, building: bool = True) -> None:
        """Keep ``side``'s draft (None: forget it; the file goes when no draft is left, or
        once the squads are built). Raises OSError when the disk refuses."""
        path = self.path
        if path is None:
            return
        data = _read(path)
        if draft is None:
            data.pop(str(side), None)
        else:
            data[str(side)] = [[list(counts), cell] for counts, cell in draft]
        if not data or not building:
            self.clear()
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def clear(self) -> None:
        """Remove the file (nothing is left to keep)."""
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
