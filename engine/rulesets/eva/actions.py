"""Eva actions: frozen, hashable values (a msgspec tagged union; sequences are
tuples, which encode as JSON arrays as the lists of earlier saves did). Their text
notation is :mod:`engine.rulesets.eva.notation`."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from msgspec.structs import force_setattr

from engine.geometry.square import square_name

__all__ = [
    "ACTION_TYPES",
    "SQUARE_NAMES",
    "Accelerate",
    "Activate",
    "ChooseZone",
    "Concede",
    "Deploy",
    "Detonate",
    "Discard",
    "Disengage",
    "End",
    "Fire",
    "Jump",
    "Keep",
    "Kneel",
    "Land",
    "Melee",
    "Move",
    "NameZone",
    "Neutralise",
    "Stand",
    "Swap",
    "TakeOff",
    "sq",
]

W = 20

# An action holds numbers, strings and tuples of them, never another object that could
# lead back to it, so it cannot be part of a reference cycle: the garbage collector does
# not track actions (frozen=True, gc=False), which makes them cheaper to make and to free.


def _tupled(action: Any, field: str) -> None:
    """Make ``field`` of a frozen action a tuple when it was given as another sequence
    (a list, as earlier code and tests write them), so that the action stays hashable."""
    value = getattr(action, field)
    if type(value) is not tuple:
        force_setattr(action, field, tuple(value))


class ChooseZone(msgspec.Struct, tag="choose", frozen=True, gc=False):
    zone: str  # "south" | "north"


class Deploy(msgspec.Struct, tag="deploy", frozen=True, gc=False):
    """Place Eva ``unit`` on ``square`` holding the items ``hands`` (EVA-5.2, EVA-9.1)."""

    unit: int
    square: int
    hands: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.hands) is not tuple:
            _tupled(self, "hands")


class Activate(msgspec.Struct, tag="activate", frozen=True, gc=False):
    unit: int
    berserk: bool = False


class Move(msgspec.Struct, tag="move", frozen=True, gc=False):
    """Move Eva ``unit`` along ``path`` (flat indices from its square, EVA-8.2)."""

    unit: int
    path: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.path) is not tuple:
            _tupled(self, "path")


class Kneel(msgspec.Struct, tag="kneel", frozen=True, gc=False):
    unit: int


class Stand(msgspec.Struct, tag="stand", frozen=True, gc=False):
    unit: int


class Swap(msgspec.Struct, tag="swap", frozen=True, gc=False):
    """Eva ``unit`` swaps to holding the items ``hands`` (EVA-9.3)."""

    unit: int
    hands: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.hands) is not tuple:
            _tupled(self, "hands")


class Discard(msgspec.Struct, tag="discard", frozen=True, gc=False):
    unit: int


class Fire(msgspec.Struct, tag="fire", frozen=True, gc=False):
    unit: int
    target: int
    item: int
    burst: bool = False
    aimed: str = ""


class Melee(msgspec.Struct, tag="melee", frozen=True, gc=False):
    unit: int
    target: int


class Disengage(msgspec.Struct, tag="disengage", frozen=True, gc=False):
    unit: int


class Neutralise(msgspec.Struct, tag="neutralise", frozen=True, gc=False):
    unit: int
    target: int


class Jump(msgspec.Struct, tag="jump", frozen=True, gc=False):
    unit: int
    square: int


class TakeOff(msgspec.Struct, tag="takeoff", frozen=True, gc=False):
    unit: int


class Land(msgspec.Struct, tag="land", frozen=True, gc=False):
    unit: int


class Detonate(msgspec.Struct, tag="detonate", frozen=True, gc=False):
    unit: int


class Accelerate(msgspec.Struct, tag="accelerate", frozen=True, gc=False):
    unit: int


class End(msgspec.Struct, tag="end", frozen=True, gc=False):
    unit: int


class NameZone(msgspec.Struct, tag="zone", frozen=True, gc=False):
    zone: str


class Keep(msgspec.Struct, tag="keep", frozen=True, gc=False):
    unit: int
    item: int


class Concede(msgspec.Struct, tag="concede", frozen=True, gc=False):
    #: a concession may be made at any time, out of turn (EVA-5.11)
    out_of_turn: ClassVar[bool] = True


ACTION_TYPES = (
    ChooseZone
    | Deploy
    | Activate
    | Move
    | Kneel
    | Stand
    | Swap
    | Discard
    | Fire
    | Melee
    | Disengage
    | Neutralise
    | Jump
    | TakeOff
    | Land
    | Detonate
    | Accelerate
    | End
    | NameZone
    | Keep
    | Concede
)


def sq(i: int) -> str:
    """Flat index → square name (EVA-2.2)."""
    if 0 <= i < len(SQUARE_NAMES):
        return SQUARE_NAMES[i]
    return square_name(i % W + 1, i // W + 1)


#: The names of the board's squares by flat index.
SQUARE_NAMES = [square_name(i % W + 1, i // W + 1) for i in range(W * 30)]
