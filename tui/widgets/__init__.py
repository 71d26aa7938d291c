"""Widgets shared by the screens."""

from tui.widgets.bars import KeyFooter, TitleBar

__all__ = ["KeyFooter", "TitleBar"]
