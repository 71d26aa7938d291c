"""The fixed facts of Six Chances Party, as data.

Tokens come in three colours, each giving one stat of a squad: red tokens give
Potential, green give Resilience, blue give Support (SC-1.2). A stat's level is
its number of tokens; the level picks the die the stat rolls (SC-3.1). Each
player owns six one-shot reinforcement dice (SC-1.9).
"""

from __future__ import annotations

from typing import Literal

from engine.i18n import N_

__all__ = [
    "BOARD_COLUMNS",
    "BOARD_ROWS",
    "DEFAULT_SQUADS",
    "DEFAULT_SQUAD_SIZE",
    "DEFAULT_TOKENS_PER_COLOUR",
    "DIE_BY_LEVEL",
    "ENDINGS",
    "ENDING_WHY",
    "ENDING_RULES",
    "FIELD_MAX_SQUADS",
    "PROTECTION_CAP",
    "REINFORCEMENT_DICE",
    "SAVED_CAP",
    "STALEMATE_TURNS",
    "STALEMATE_TURNS_FIELD",
    "STATS",
    "STAT_COLOURS",
    "STAT_NAMES",
    "STAT_SHORT",
    "Stat",
    "die_for",
]

#: The three stats, in the order used everywhere (Potential, Resilience, Support).
Stat = Literal["pot", "res", "sup"]
STATS: tuple[Stat, Stat, Stat] = ("pot", "res", "sup")

#: Untranslated names of the stats (SC-1.2); show them through ``_()``.
STAT_NAMES: dict[str, str] = {
    "pot": N_("Potential"),
    "res": N_("Resilience"),
    "sup": N_("Support"),
}

#: Untranslated short names of the stats, for compact lines (Pot, Res, Sup).
STAT_SHORT: dict[str, str] = {"pot": N_("Pot"), "res": N_("Res"), "sup": N_("Sup")}

#: Untranslated token colour of each stat (SC-1.2).
STAT_COLOURS: dict[str, str] = {"pot": N_("red"), "res": N_("green"), "sup": N_("blue")}

#: Die (number of faces) rolled by a stat of each level 0..6; 0 means "no die" (SC-3.1, SC-3.3).
DIE_BY_LEVEL: tuple[int, ...] = (0, 4, 6, 8, 10, 12, 20)

#: The six reinforcement dice every player owns, by number of faces (SC-1.9, SC-2.6).
REINFORCEMENT_DICE: tuple[int, ...] = (4, 6, 8, 10, 12, 20)

#: Protection is clamped to 0..6 (SC-6.1); saved tokens are capped at 6 (SC-7.1).
PROTECTION_CAP = 6
SAVED_CAP = 6

#: Consecutive idle turns that end the game (SC-11.5), and in the field variant (SC-12.1.6).
STALEMATE_TURNS = 6
STALEMATE_TURNS_FIELD = 12

#: Untranslated names of the four end conditions (SC-11.2-SC-11.5), by letter (SC-11.7).
ENDINGS: dict[str, str] = {
    "a": N_("annihilation"),
    "b": N_("both out of Potential"),
    "c": N_("out of Potential and behind"),
    "d": N_("stalemate"),
}
#: Untranslated explanation of each end condition won by ``{winner}`` over ``{loser}``
#: (players' names), saying who ran out and who was ahead.
ENDING_WHY: dict[str, str] = {
    "a": N_("{loser} has no squads and no reinforcement dice left"),
    "b": N_("both are out of Potential and {winner} is ahead on tokens"),
    "c": N_("{loser} is out of Potential and behind on tokens"),
    "d": N_("stalemate, and {winner} is ahead on tokens"),
}
#: The rule of each end condition.
ENDING_RULES: dict[str, str] = {"a": "SC-11.2", "b": "SC-11.3", "c": "SC-11.4", "d": "SC-11.5"}

#: Default custom values N, K, M (SC-12.2): tokens per colour, starting squads, tokens per squad.
DEFAULT_TOKENS_PER_COLOUR = 50
DEFAULT_SQUADS = 4
DEFAULT_SQUAD_SIZE = 10

#: The field of the optional variant: columns a..f, rows 1..4 (SC-12.1.1).
BOARD_COLUMNS = "abcdef"
BOARD_ROWS = 4
#: At most this many starting squads with the field variant: the cells of a home zone (SC-12.1.8).
FIELD_MAX_SQUADS = 12


def die_for(level: int) -> int:
    """Faces of the die a stat of ``level`` tokens rolls: 0 (no die), 4, 6, 8, 10, 12 or 20.

    Levels of 6 or more roll a d20 (SC-3.1, SC-3.2); level 0 has no die (SC-3.3).
    """
    return 20 if level >= 6 else DIE_BY_LEVEL[level] if level > 0 else 0
