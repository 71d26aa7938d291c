"""Widgets shared by the screens."""

from tui.widgets.bars import KeyLine, PlainScrollBar, TitleBar

__all__ = ["KeyLine", "PlainScrollBar", "TitleBar"]
