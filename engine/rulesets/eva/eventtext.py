"""How the Eva events write their parts: dice, zones, bands, items, players and
whose Eva a name is (see :mod:`engine.rulesets.eva.events`)."""

from __future__ import annotations

from engine.i18n import _

__all__ = ["band_text", "dice_text", "held_text", "item_text", "player_text", "who", "zone_text"]


def dice_text(faces: list[int] | tuple[int, ...]) -> str:
    """Die faces as a list: ``6, 3``."""
    return ", ".join(str(f) for f in faces)


def zone_text(z: str) -> str:
    """A hit zone's name, translated."""
    return {"arms": _("arms"), "legs": _("legs"), "body": _("body"), "wings": _("wings")}.get(z, z)


def band_text(b: int) -> str:
    """A range band's name (0 close, 1 medium, 2 long), translated."""
    return (_("close"), _("medium"), _("long"))[b]


def item_text(code: str) -> str:
    """A held item's catalogue name, translated (codes are what the events carry)."""
    from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS

    base = code.split("#")[0]
    item = WEAPONS.get(base) or EQUIPMENT.get(base)
    return _(item.name) if item is not None else code


def held_text(codes: list[str]) -> str:
    """The items in hand by their names, or empty hands."""
    return ", ".join(item_text(c) for c in codes) or _("empty hands")


def player_text(side: int) -> str:
    """``Player 1`` or ``Player 2``, translated."""
    return _("Player {n}").format(n=side + 1)


def who(name: str, side: int) -> str:
    """An Eva's name, with its player's when the other side has an Eva of that name
    (``side`` -1 otherwise, see the ``<field>_side`` of an event)."""
    return name if side < 0 else _("{unit} ({player})").format(unit=name, player=player_text(side))
