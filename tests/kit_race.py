"""A tiny system that lives only in the tests: two runners race along a track of ten
cells. It proves that the kit (tui/kit) knows no system: its whole interface is
the few lines at the end, on the kit's game screen and board base.

Rules: seats take turns; on your turn you ``step`` (one cell, no die: it can be
undone) or ``roll`` (a d3, public). A move that lands on the other runner's cell
puts a decision to the *other* seat: ``give way`` (it steps back one cell) or
``stand`` (the roller steps back one cell). A roll also tells the roller alone how
lucky it felt (a private event). The first runner on cell 9 wins; either seat may
concede at any time.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from rich.style import Style
from textual.app import ComposeResult
from textual.widgets import Static

from engine.decision import Choice, Decision
from engine.dice import Dice
from engine.ruleset import (
    Concessions,
    Decisions,
    Event,
    IllegalAction,
    NotationError,
    Result,
)
from tui.kit.board import BoardView, SquareLayout
from tui.kit.screen import GameScreen
from tui.rulesets import SetupChanged

TRACK = 10
GOAL = TRACK - 1


class RaceSetup(msgspec.Struct, forbid_unknown_fields=True):
    track: int = TRACK


class RaceState(msgspec.Struct):
    cells: list[int]
    turn: int = 0
    #: The seat that must decide whether to give way, or -1.
    pending: int = -1
    roller: int = -1
    winner: int = -1
    conceded: int = -1


class Step(msgspec.Struct, frozen=True, tag=True):
    pass


class Roll(msgspec.Struct, frozen=True, tag=True):
    pass


class GiveWay(msgspec.Struct, frozen=True, tag=True):
    give: bool = True


class Concede(msgspec.Struct, frozen=True, tag=True):
    out_of_turn: ClassVar[bool] = True


Action = Step | Roll | GiveWay | Concede


class Moved(Event, tag=True):
    seat: int
    to_cell: int
    roll: int = 0

    def text(self) -> str:
        how = f"rolls {self.roll} and " if self.roll else ""
        return f"Runner {self.seat + 1} {how}moves to cell {self.to_cell}."


class Feeling(Event, tag=True):
    lucky: bool = False

    def text(self) -> str:
        return "You felt lucky." if self.lucky else "You felt nothing special."


class Gave(Event, tag=True):
    seat: int
    gave: bool

    def text(self) -> str:
        return f"Runner {self.seat + 1} " + ("gives way." if self.gave else "stands firm.")


class RaceRuleset(Decisions, Concessions):
    key = "race"
    version = 1
    title = "Race"
    Setup = RaceSetup
    State = RaceState
    Action = Action
    Event = Moved | Feeling | Gave

    def seat_count(self, setup: RaceSetup) -> int:
        return 2

    def new_state(self, setup: RaceSetup, dice: Dice) -> tuple[RaceState, list[Event]]:
        return RaceState(cells=[0, 0]), []

    def copy_state(self, state: RaceState) -> RaceState:
        return RaceState(
            list(state.cells), state.turn, state.pending, state.roller, state.winner, state.conceded
        )

    def to_act(self, state: RaceState) -> frozenset[int]:
        if state.winner >= 0:
            return frozenset()
        return frozenset({state.pending if state.pending >= 0 else state.turn})

    def legal_actions(self, state: RaceState, side: int) -> list[Any]:
        if side not in self.to_act(state):
            return []
        return [GiveWay(True), GiveWay(False)] if state.pending >= 0 else [Step(), Roll()]

    def options(self, state: RaceState, side: int) -> list[Any]:
        return self.legal_actions(state, side)

    def apply(self, state: RaceState, side: int, action: Any, dice: Dice) -> list[Event]:
        if isinstance(action, Concede):
            state.winner, state.conceded = 1 - side, side
            return []
        if action not in self.legal_actions(state, side):
            raise IllegalAction("That is not possible now.", rule="RACE-1")
        if isinstance(action, GiveWay):
            loser = side if action.give else state.roller
            state.cells[loser] = max(0, state.cells[loser] - 1)
            state.pending = state.roller = -1
            state.turn = 1 - state.turn
            return [Gave(seat=side, gave=action.give)]
        roll = dice.roll(1, 3).total if isinstance(action, Roll) else 0
        state.cells[side] = min(GOAL, state.cells[side] + (roll or 1))
        out: list[Event] = [Moved(seat=side, to_cell=state.cells[side], roll=roll)]
        if roll:
            out.append(Feeling(lucky=roll == 3, to=(side,)))
        if state.cells[side] == GOAL:
            state.winner = side
        elif state.cells[side] == state.cells[1 - side]:
            state.pending, state.roller = 1 - side, side
        else:
            state.turn = 1 - side
        return out

    def view(self, state: RaceState, side: int | None) -> RaceState:
        return self.copy_state(state)

    def result(self, state: RaceState) -> Result | None:
        if state.winner < 0:
            return None
        if state.conceded >= 0:
            return Result.won(state.winner, "the other runner conceded", "RACE-3")
        return Result.won(state.winner, "first to the last cell", "RACE-2")

    def format_action(self, state: RaceState, side: int, action: Any) -> str:
        if isinstance(action, GiveWay):
            return "give way" if action.give else "stand"
        return {Step: "step", Roll: "roll", Concede: "concede"}[type(action)]

    def parse_action(self, state: RaceState, side: int, text: str) -> Any:
        words = {"step": Step(), "шаг": Step(), "roll": Roll(), "бросок": Roll(), "concede": Concede()}
        words |= {"give way": GiveWay(True), "stand": GiveWay(False)}
        action = words.get(" ".join(text.split()).casefold())
        if action is None:
            raise NotationError(f"'{text}' is not an order of the race.")
        return action

    def random_setup(self, rng: Any) -> RaceSetup:
        return RaceSetup()

    def summary(self, state: RaceState) -> str:
        return f"Runners on cells {state.cells[0]} and {state.cells[1]}"

    def decision(self, state: RaceState, side: int) -> Decision | None:
        if state.pending != side:
            return None
        choices = tuple(
            Choice(action=GiveWay(give), notation=self.format_action(state, side, GiveWay(give)), label=label)
            for give, label in ((True, "Give way: step back"), (False, "Stand: the roller steps back"))
        )
        return Decision(seat=side, prompt="The other runner landed on your cell.", choices=choices, default=0)

    def concession(self, state: RaceState, side: int) -> Any:
        return Concede()


RULESET = RaceRuleset()


# -- its interface, on the kit ---------------------------------------------------------
has_rosters = False


class RaceSetupWidget(Static):
    """Nothing to choose: the track is always ten cells."""

    def __init__(self, choices: Any = None) -> None:
        super().__init__("A track of ten cells.")

    def on_mount(self) -> None:
        self.post_message(SetupChanged())

    def problems(self) -> list[str]:
        return []

    def choices(self) -> object:
        return None


def setup_widget(choices: Any = None) -> RaceSetupWidget:
    return RaceSetupWidget(choices)


def make_setup(choices: Any) -> RaceSetup:
    return RaceSetup()


class Track(BoardView):
    """The track: one square per cell, the runners as 1 and 2."""

    def __init__(self) -> None:
        super().__init__(SquareLayout(TRACK, 1, cell_width=3), id="race-track")
        self.cells: list[int] = [0, 0]

    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        here = [str(s + 1) for s, c in enumerate(self.cells) if c == cell]
        return ("".join(here) or ".").center(3), Style(bold=bool(here))


class RaceScreen(GameScreen):
    def compose_table(self) -> ComposeResult:
        yield Track()

    def table_focus(self) -> Track:
        return self.query_one(Track)

    def refresh_table(self) -> None:
        track = self.query_one(Track)
        cells = list(self.seat.view().cells)
        changed = {c for c in (*track.cells, *cells)}
        track.cells = cells
        track.refresh_cells(changed)

    def notation_rows(self) -> list[tuple[str, str]]:
        return [("step", "one cell"), ("roll", "a d3"), ("give way | stand", "the decision")]


def game_screen(game: Any, app: Any) -> RaceScreen:
    return RaceScreen(game.seats())
