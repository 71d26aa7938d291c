"""What the snapshot test files share: the ids of their cases (``name-lang-WxH``) and the
terminal's colour for a case (``{"no_color": True}`` among its options)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

__all__ = ["case_ids", "colour", "scene_of"]


def case_ids(cases: Sequence[Sequence[Any]]) -> list[str]:
    """``name-lang-WxH`` for each case ``(name, lang, (columns, rows), ...)``."""
    return [f"{c[0]}-{c[1]}-{c[2][0]}x{c[2][1]}" for c in cases]


def colour(monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]) -> dict[str, Any]:
    """Set ``NO_COLOR`` when the case's options ask for no colour, clear it otherwise;
    returns the other options (for the app)."""
    options = dict(options)
    if options.pop("no_color", False):
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    return options


def scene_of(name: str) -> str:
    """The scene a case shows: its name without the ``_ascii`` or ``_nocolor`` variant."""
    return name.removesuffix("_ascii").removesuffix("_nocolor")
