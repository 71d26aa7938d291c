"""An order being written on the order sheet: the seat's choices, turned into the
engine's :class:`engine.rulesets.battleline.actions.Order` at every change.

A :class:`Draft` offers only what the seat's :class:`OrderSheet` (the engine's
options) lists: the moves with their speeds and headings, the defences, the melee
weapons and parts, each weapon with its cells to mark and each laser with its
actions. It decides no rule: whether the order may be sealed, what it would do
and what is wrong with it come from the engine's preview of :meth:`Draft.order`
(BL-4.3).
"""

from __future__ import annotations

from engine.rulesets.battleline.actions import Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.options import MoveChoice, OrderSheet, WeaponChoice

__all__ = ["Draft", "LaserChoice"]

#: A laser's action in a draft: (act, target seat or -1); None for no action.
LaserChoice = tuple[str, int] | None


def _cycle(values: list, current: object, step: int) -> object:
    """The value ``step`` places after ``current`` in ``values``, round."""
    if not values:
        return current
    if current not in values:
        return values[0] if step > 0 else values[-1]
    return values[(values.index(current) + step) % len(values)]


class Draft:
    """``seat``'s order for one turn as it is being written, from ``sheet``.

    ``speed`` (cells), ``heading`` (the seat moved toward when the sheet needs one,
    kept while the speed is 0), ``direction`` (+1/-1 where the sheet's moves state
    one), ``cover``, ``defence`` (a code of the sheet's defences), ``melee`` ((weapon,
    target seat) or None) with its ``part``, ``marks`` (weapon -> cell -> salvos,
    missiles, or 1 for a cannon's cell) and ``lasers`` (weapon -> action).
    """

    def __init__(self, sheet: OrderSheet) -> None:
        self.sheet = sheet
        self.speed = 0
        opponents = self.opponents()
        self.heading: int | None = opponents[0] if sheet.heading_needed and opponents else None
        self.direction = 1
        self.cover = False
        self.defence = ""
        self.melee: tuple[int, int] | None = None
        self.part = "CT" if "CT" in sheet.parts else (sheet.parts[0] if sheet.parts else "")
        self.marks: dict[int, dict[int, int]] = {}
        self.lasers: dict[int, LaserChoice] = {}

    # -- what the sheet offers --------------------------------------------------------
    def opponents(self) -> list[int]:
        """The opponents' seats, as the sheet lists them."""
        return [r.seat for r in self.sheet.opponents]

    def moves(self) -> list[MoveChoice]:
        """The sheet's moves toward the current heading (standing still included)."""
        heading = self.heading if self.sheet.heading_needed else None
        return [m for m in self.sheet.moves if m.speed == 0 or m.heading == heading]

    def directed(self) -> bool:
        """Whether the moves toward the heading state a direction (the mech starts on its
        heading's cell, BL-5.2, BL-6.1)."""
        return any(m.direction for m in self.moves())

    def move(self) -> MoveChoice | None:
        """The sheet's move of this speed, heading and direction; None when it lists none
        (the speed is more than the mech may move, or leaves the line)."""
        for m in self.moves():
            if m.speed == self.speed and (m.speed == 0 or not m.direction or m.direction == self.direction):
                return m
        return None

    def top_speed(self) -> int:
        """The highest speed the sheet lists toward the heading."""
        return max((m.speed for m in self.moves()), default=0)

    def weapon(self, item: int) -> WeaponChoice | None:
        """The sheet's weapon ``item``."""
        return next((w for w in self.sheet.weapons if w.item == item), None)

    def laser_choices(self, item: int) -> list[LaserChoice]:
        """A laser's actions: none, the sheet's actions, and a shot at each opponent."""
        weapon = self.weapon(item)
        if weapon is None:
            return [None]
        out: list[LaserChoice] = [None]
        for act in weapon.actions:
            if act == "fire":
                out += [("fire", o) for o in self.opponents()]
            else:
                out.append((act, -1))
        return out

    def melee_choices(self) -> list[tuple[int, int] | None]:
        """No melee, or each melee weapon against each opponent."""
        return [None] + [(w, o) for w in self.sheet.melee for o in self.opponents()]

    # -- changing -------------------------------------------------------------------------
    def change_speed(self, step: int) -> None:
        """The next or previous speed toward the heading (0 up to the sheet's highest)."""
        self.speed = min(self.top_speed(), max(0, self.speed + step))

    def change_heading(self, step: int) -> None:
        """Head for the next or previous opponent (with two or more, BL-6.1)."""
        heading = _cycle(self.opponents(), self.heading, step)
        self.heading = heading if isinstance(heading, int) else None
        self.speed = min(self.speed, self.top_speed())

    def change_direction(self, step: int = 1) -> None:
        """The other direction (+1 or -1), where one is stated (BL-5.2)."""
        self.direction = -self.direction

    def toggle_cover(self) -> None:
        """Take cover, or not (BL-7)."""
        self.cover = not self.cover

    def change_defence(self, step: int) -> None:
        """The next or previous defence the sheet lists (BL-8)."""
        codes = [d.defence for d in self.sheet.defences]
        value = _cycle(codes, self.defence, step)
        self.defence = value if isinstance(value, str) else ""

    def change_melee(self, step: int) -> None:
        """No melee attack, or the next weapon and target (BL-9)."""
        value = _cycle(self.melee_choices(), self.melee, step)
        self.melee = value if isinstance(value, tuple) else None

    def change_part(self, step: int) -> None:
        """The next or previous part to aim the melee attack at (BL-9.1)."""
        value = _cycle(list(self.sheet.parts), self.part, step)
        self.part = value if isinstance(value, str) else self.part

    def change_laser(self, item: int, step: int) -> None:
        """The next or previous action of laser ``item`` (BL-15.3)."""
        value = _cycle(self.laser_choices(item), self.lasers.get(item), step)
        self.lasers[item] = value if isinstance(value, tuple) else None

    def count(self, item: int) -> int:
        """How many salvos, missiles or cannon cells weapon ``item`` has placed."""
        return sum(self.marks.get(item, {}).values())

    def add_mark(self, item: int, cell: int) -> None:
        """One more salvo or missile on ``cell``; a cannon's cell marked (or unmarked)."""
        weapon = self.weapon(item)
        cells = self.marks.setdefault(item, {})
        if weapon is not None and weapon.kind == "cannon":
            if cell in cells:
                del cells[cell]
            else:
                cells[cell] = 1
            return
        cells[cell] = cells.get(cell, 0) + 1

    def remove_mark(self, item: int, cell: int) -> None:
        """One salvo or missile fewer on ``cell`` (a cannon's cell unmarked)."""
        cells = self.marks.get(item, {})
        if cell in cells:
            cells[cell] -= 1
            if cells[cell] <= 0:
                del cells[cell]

    def clear(self, item: int) -> None:
        """Weapon ``item`` marks nothing (it does not fire)."""
        self.marks.pop(item, None)

    def edit(self, row: str, step: int) -> str:
        """Change the field of sheet row ``row`` by ``step`` (+1/-1; 0: chosen with Enter,
        a step on). Returns what the screen is to do besides: ``"mark"`` (a cannon, MG or
        rack's cells are marked on the line), ``"seal"``, or ``""``."""
        forward = step or 1
        changes = {
            "speed": lambda: self.change_speed(forward),
            "heading": lambda: self.change_heading(forward),
            "direction": self.change_direction,
            "cover": self.toggle_cover,
            "defence": lambda: self.change_defence(forward),
            "melee": lambda: self.change_melee(forward),
            "part": lambda: self.change_part(forward),
        }
        if row in changes:
            changes[row]()
            return ""
        if row == "seal":
            return "seal" if step == 0 else ""
        weapon = self.weapon(int(row[1:])) if row.startswith("w") and row[1:].isdigit() else None
        if weapon is None:
            return ""
        if weapon.kind == "laser":
            self.change_laser(weapon.item, forward)
            return ""
        return "mark"

    # -- the order -------------------------------------------------------------------------
    def order(self) -> Order:
        """The draft as the engine's order (BL-4.2): empty fields left out."""
        moving = self.speed > 0
        heading = self.heading if moving and self.sheet.heading_needed else None
        direction = self.direction if moving and self.directed() else 0
        fire = tuple(
            Fire(item, tuple(sorted(cells.items()))) for item, cells in sorted(self.marks.items()) if cells
        )
        lasers = tuple(
            LaserOrder(item, choice[0], choice[1])  # type: ignore[arg-type]
            for item, choice in sorted(self.lasers.items())
            if choice is not None
        )
        melee = Melee(self.melee[0], self.melee[1], self.part) if self.melee is not None else None
        return Order(
            speed=self.speed,
            heading=heading,
            direction=direction,
            cover=self.cover,
            defence=self.defence,
            melee=melee,
            fire=fire,
            lasers=lasers,
        )
