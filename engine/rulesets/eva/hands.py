"""What an Eva carries and holds (EVA-9): legal hand configurations, the price of a
swap, reach, and the facts the options and the random player read of them.

Every fact here is a pure function of an Eva's items, hands, traumas and equipment,
so it is memoised by that content (:func:`loadout`, :func:`held_facts`): a copied
state finds the entries its original made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from msgspec.structs import replace

from engine.i18n import N_
from engine.rulesets.eva.catalog import WEAPONS, Weapon
from engine.rulesets.eva.roster import EvaEntry, WeaponEntry, weapon_cost
from engine.rulesets.eva.state import Item, Unit

__all__ = [
    "Held",
    "Loadout",
    "default_hands",
    "default_hands_of_entry",
    "items_for",
    "default_keep",
    "drop_shield",
    "fills_both",
    "fills_both_hands",
    "hand_configs",
    "hands_legal",
    "held_facts",
    "held_labels",
    "held_shield",
    "loadout",
    "lose_item",
    "reach",
    "rules_hands_ok",
    "swap_cost",
    "swap_price",
    "weapon",
]


def held_shield(u: Unit) -> bool:
    """Is the Eva holding its Shield (EVA-9.1 d)?"""
    items = u.items
    for i in u.hands:  # noqa: SIM110 - a loop costs less than any() over a generator
        if items[i].code == "shield":
            return True
    return False


def weapon(u: Unit, i: int) -> Weapon | None:
    """Catalogue weapon of item i (None for the Shield)."""
    return WEAPONS.get(u.items[i].code)


def held_labels(u: Unit) -> list[str]:
    """Public names of the items in hand: catalogue codes, so that a second weapon of
    the same kind kept stowed is not betrayed by a numbered label (EVA-18.3)."""
    return [it.code for it in map(u.items.__getitem__, u.hands)]


def fills_both_hands(u: Unit, i: int) -> bool:
    """Does item ``i`` of ``u`` fill both hands (:func:`fills_both`, EVA-9.1)?"""
    return fills_both(u.items[i])


def fills_both(item: Item) -> bool:
    """Does ``item`` fill both hands: the Shield or a two-handed weapon (EVA-9.1)?"""
    code = item.code
    return code == "shield" or WEAPONS[code].hands == 2


def hands_legal(u: Unit, hands: list[int] | tuple[int, ...]) -> str | None:
    """None if ``hands`` (item indices) is a legal hand configuration for ``u``
    (EVA-9.1, EVA-9.7), else the reason (a message ID)."""
    if len(set(hands)) != len(hands):
        return N_("An item can be held only once.")
    for i in hands:
        if not 0 <= i < len(u.items) or u.items[i].gone:
            return N_("That item is not carried any more.")
    if not hands:
        return None
    if any(fills_both_hands(u, i) for i in hands):
        return None if len(hands) == 1 else N_("A two-handed weapon or the Shield fills both hands.")
    if len(hands) > 2:
        return N_("An Eva has two hands.")
    if len(hands) == 2 and u.trauma("arms"):
        return N_("With an arms trauma an Eva holds at most one one-handed weapon.")
    return None


def rules_hands_ok(u: Unit) -> bool:
    """Are the Eva's hands legal, or the two one-handed weapons an arms trauma has just
    made it choose between (EVA-9.7)?"""
    return hands_legal(u, u.hands) is None or (u.trauma("arms") and len(u.hands) <= 2)


def swap_cost(u: Unit, new: list[int] | tuple[int, ...]) -> int:
    """Energy of a swap of ``u`` from its hands to ``new`` (:func:`swap_price`, EVA-9.3)."""
    return swap_price(u.items, u.hands, new)


def swap_price(items: Sequence[Item], hands: Iterable[int], new: list[int] | tuple[int, ...]) -> int:
    """Energy of a swap from ``hands`` to ``new`` (indices of ``items``, EVA-9.3): 2 when
    an item that fills both hands goes or comes, else the larger of the numbers going
    and coming."""
    old = set(hands)
    nw = set(new)
    if any([fills_both(items[i]) for i in old ^ nw]):
        return 2
    return max(len(old - nw), len(nw - old))


def reach(u: Unit) -> int:
    """Reach in squares (EVA-3.6): 1, 2 with a Spear in hand, one more with Extended Arms."""
    r = 2 if any((w := WEAPONS.get(u.items[i].code)) is not None and w.spear for i in u.hands) else 1
    return r + (1 if u.has("arms") else 0)


def hand_configs(u: Unit) -> list[list[int]]:
    """Every legal hand configuration of ``u`` (sorted item indices; :func:`hands_legal`):
    empty hands, then for each item in order, the item alone and then its pairs with a
    later item. Shared lists (memoised): read them, never change them."""
    return loadout(u).configs


class Loadout:
    """What an Eva carries, a pure function of its items and of whether it has an arms
    trauma (memoised by :func:`loadout`): ``configs``, its legal hand configurations
    (:func:`hand_configs`), also as tuples in ``tuples``; ``default``, the first of them
    that holds the most items (:func:`default_hands`)."""

    __slots__ = ("configs", "default", "tuples")

    def __init__(self, u: Unit) -> None:
        n = len(u.items)
        candidates = [[]] + [h for a in range(n) for h in ([a], *([a, b] for b in range(a + 1, n)))]
        self.configs = [h for h in candidates if hands_legal(u, h) is None]
        self.tuples = [tuple(h) for h in self.configs]
        self.default = max(self.tuples, key=len) if self.tuples else ()


#: (items, arms trauma) -> :class:`Loadout`. Emptied when it reaches 1024 entries.
_LOADOUTS: dict[tuple[tuple, bool], Loadout] = {}


def loadout(u: Unit) -> Loadout:
    """:class:`Loadout` of an Eva, memoised by its items (frozen values) and whether it
    has an arms trauma."""
    key = (tuple(u.items), bool(u.traumas) and u.trauma("arms"))
    got = _LOADOUTS.get(key)
    if got is None:
        if len(_LOADOUTS) >= 1024:
            _LOADOUTS.clear()
        got = _LOADOUTS[key] = Loadout(u)
    return got


class Held:
    """What an Eva may do with what it carries and holds, a pure function of its items,
    hands, arms trauma and Extended Arms (memoised by :func:`held_facts`).

    ``swap_hands``: every other hand configuration (a tuple), in the order of
    :func:`hand_configs`; :meth:`price`: :func:`swap_cost` of a swap to one of them;
    ``cheap_swap_hands``: those of them a swap reaches for at most 1 energy;
    ``shield``: :func:`held_shield`; ``reach``: :func:`reach` in squares; ``ranged``:
    the ranged weapons in hand, as (item index, weapon). The prices are worked out
    when first asked (from the items and hands kept here), one configuration at a time."""

    __slots__ = ("_cheap", "_costs", "_hands", "_items", "ranged", "reach", "shield", "swap_hands")

    def __init__(self, u: Unit) -> None:
        hands = u.hands
        now = self._hands = tuple(hands)
        self.swap_hands = [h for h in loadout(u).tuples if h != now]
        self._items = tuple(u.items)
        #: configuration -> its price, or None until it is worked out
        self._costs: dict[tuple[int, ...], int | None] = dict.fromkeys(self.swap_hands)
        self._cheap: list[tuple[int, ...]] | None = None
        self.shield = held_shield(u)
        self.reach = reach(u)
        self.ranged = [
            (i, w) for i in hands if (w := WEAPONS.get(u.items[i].code)) is not None and w.damage is not None
        ]

    def price(self, hands: tuple[int, ...]) -> int | None:
        """The energy of a swap to ``hands`` (:func:`swap_price`, EVA-9.3) when they are
        one of ``swap_hands`` (as a tuple, in its order), else None."""
        costs = self._costs
        cost = costs.get(hands, -1)
        if cost is None:
            cost = costs[hands] = swap_price(self._items, self._hands, hands)
        return None if cost < 0 else cost

    @property
    def cheap_swap_hands(self) -> list[tuple[int, ...]]:
        """The configurations of ``swap_hands`` a swap reaches for at most 1 energy."""
        cheap = self._cheap
        if cheap is None:
            price = self.price
            cheap = self._cheap = [h for h in self.swap_hands if price(h) <= 1]  # type: ignore[operator]
        return cheap


#: (items, hands, arms trauma, Extended Arms) -> :class:`Held`. Emptied at 4096 entries.
_HELD: dict[tuple, Held] = {}


def held_facts(u: Unit) -> Held:
    """:class:`Held` of an Eva, memoised by the content it depends on."""
    key = (tuple(u.items), tuple(u.hands), bool(u.traumas) and u.trauma("arms"), "arms" in u.equipment)
    got = _HELD.get(key)
    if got is None:
        if len(_HELD) >= 4096:
            _HELD.clear()
        got = _HELD[key] = Held(u)
    return got


def default_hands(u: Unit) -> list[int]:
    """What an Eva holds when it is deployed without a choice of hands: the first legal
    hand configuration (EVA-9.1) that holds the most items. The deployment screen
    starts with it, and ``<Eva> deploy <square>`` without a weapons part uses it."""
    return list(loadout(u).default)


def default_keep(t: Unit, one: list[int]) -> int:
    """EVA-9.7 default: of the one-handed weapons in hand ``one``, the costlier one
    (automatic fire included), else the first listed."""
    return min(one, key=lambda i: (-weapon_cost(WeaponEntry(t.items[i].code, t.items[i].auto)), i))


def lose_item(u: Unit, i: int) -> None:
    """Item ``i`` is gone: thrown, discarded or destroyed (EVA-9.5); it leaves the hands."""
    u.items[i] = replace(u.items[i], gone=True)
    if i in u.hands:
        u.hands = [j for j in u.hands if j != i]


def drop_shield(u: Unit) -> None:
    """The Shield in hand is gone, discarded (EVA-9.4) or destroyed (EVA-13.3), and the
    hands are empty."""
    for i in u.hands:
        if u.items[i].code == "shield":
            u.items[i] = replace(u.items[i], gone=True)
    u.hands = []


def items_for(entry: EvaEntry) -> list[Item]:
    """The items an Eva of roster entry ``entry`` carries: its weapons in order (a second
    of a kind labelled ``code#2``), then the Shield (EVA-9.2)."""
    items: list[Item] = []
    counts: dict[str, int] = {}
    for w in entry.weapons:
        counts[w.code] = counts.get(w.code, 0) + 1
        n = counts[w.code]
        items.append(Item(w.code, w.code if n == 1 else f"{w.code}#{n}", w.auto))
    if "shield" in entry.equipment:
        items.append(Item("shield", "shield"))
    return items


def default_hands_of_entry(entry: EvaEntry) -> list[str]:
    """:func:`default_hands` of a roster's Eva, as the labels of its items (see
    :func:`items_for`): what it holds when deployed without a choice (EVA-9.1)."""
    items = items_for(entry)
    u = Unit(
        side=0,
        name=entry.name,
        cost=0,
        items=items,
        equipment=list(entry.equipment),
        at=0,
        max_armour=0,
        armour=0,
    )
    return [items[i].label for i in default_hands(u)]
