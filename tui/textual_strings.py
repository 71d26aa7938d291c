"""Key descriptions of Textual's own widgets, marked for translation.

The footer and the help dialog show these through ``_``; listing them here
puts them in the translation catalogue. Nothing imports this module.
"""

from engine.i18n import N_

TEXTUAL_KEY_DESCRIPTIONS = (
    # Screen
    N_("Focus Next"),
    N_("Focus Previous"),
    # OptionList
    N_("Down"),
    N_("Last"),
    N_("Select"),
    N_("First"),
    N_("Page Down"),
    N_("Page Up"),
    N_("Up"),
    # Scrolling containers
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Home"),
    N_("Scroll End"),
    # Button
    N_("Press button"),
    # Select and its list
    N_("Show menu"),
    N_("Dismiss menu"),
)
