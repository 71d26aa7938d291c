"""The questions the Eva rules put to one seat, in the shared decision shape
(:mod:`engine.decision`): the choice of a deployment zone by the roll-off's winner
(EVA-5.2), the trauma zone named by the winner of a critical melee exchange, who may
be the defender (EVA-11.9, EVA-12.7), and the weapon kept in hand after an arms
trauma (EVA-9.7).

Each choice is a legal action with its notation (in the interface language). No
choice here changes a roll's odds: the damage dice of a critical exchange are the
same whatever zone is named (EVA-12.7), and the chance that the trauma takes (the
loser keeping armour above 0) rests on the loser's armour and AT field, which the
deciding seat may not know (EVA-18); so ``odds`` is None, and a choice's ``detail``
says what it does instead.
"""

from __future__ import annotations

from engine.decision import Choice, Decision
from engine.i18n import N_, _
from engine.rulesets.eva.actions import ChooseZone, Keep, NameZone
from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS
from engine.rulesets.eva.eventtext import who
from engine.rulesets.eva.flow import to_act
from engine.rulesets.eva.marks import side_mark
from engine.rulesets.eva.notation import format_action
from engine.rulesets.eva.state import ZONE, EvaState

__all__ = ["ZONE_EFFECTS", "decision"]

#: What a trauma of each zone does (EVA-11.3 to EVA-11.6), as message IDs.
ZONE_EFFECTS = {
    "arms": N_("holds one one-handed weapon at most; a two-handed weapon shoots at TN +1"),
    "legs": N_("2 energy less at each activation"),
    "body": N_("an activation is skipped on a 1 on a d6"),
    "wings": N_("falls at once, takes a d6 of damage and cannot fly again"),
}
_ZONE_NAMES = {"arms": N_("arms"), "legs": N_("legs"), "body": N_("body"), "wings": N_("wings")}


def decision(state: EvaState, side: int) -> Decision | None:
    """The :class:`~engine.decision.Decision` waiting for ``side`` now, or None."""
    if state.over or side not in to_act(state):
        return None
    pend = state.pending
    if pend is not None:
        if pend.kind == "zone":
            return _trauma_zone(state, side)
        return _weapon_kept(state, side)
    if state.phase == ZONE:
        return _deployment_zone(state, side)
    return None


def _choices(state: EvaState, side: int, answers: list[tuple[object, str, str]]) -> tuple[Choice, ...]:
    return tuple(
        Choice(action=a, notation=format_action(state, side, a), label=label, detail=detail)
        for a, label, detail in answers
    )


def _trauma_zone(state: EvaState, side: int) -> Decision:
    """EVA-11.9: the winner of a critical exchange names the loser's trauma zone; wings
    only when the loser is airborne; legs when none is named."""
    pend = state.pending
    assert pend is not None and pend.melee is not None
    loser = state.units[pend.unit]
    winner = state.units[pend.melee.winner]
    answers = [(NameZone(z), _(_ZONE_NAMES[z]), _(ZONE_EFFECTS[z])) for z in pend.choices]
    return Decision(
        seat=side,
        prompt=_(
            "{winner} wins the exchange critically: name the zone of the trauma {loser} suffers."
        ).format(
            winner=who(winner.name, side_mark(state, winner)), loser=who(loser.name, side_mark(state, loser))
        ),
        choices=_choices(state, side, answers),
        default=list(pend.choices).index(pend.default) if pend.default in pend.choices else None,
        rule="EVA-11.9",
    )


def _weapon_kept(state: EvaState, side: int) -> Decision:
    """EVA-9.7: with a new arms trauma an Eva holding two one-handed weapons keeps one;
    the other is stowed. By default the costlier one."""
    pend = state.pending
    assert pend is not None
    u = state.units[pend.unit]
    held = [i for i in u.hands if u.items[i].label in pend.choices]
    answers = []
    for i in held:
        others = [_(_item_name(u.items[j].code)) for j in held if j != i]
        answers.append(
            (
                Keep(pend.unit, i),
                _(_item_name(u.items[i].code)),
                _("{item} is stowed").format(item=", ".join(others)),
            )
        )
    labels = [u.items[i].label for i in held]
    return Decision(
        seat=side,
        prompt=_("{unit} has an arms trauma and holds one one-handed weapon at most: keep which?").format(
            unit=who(u.name, side_mark(state, u))
        ),
        choices=_choices(state, side, answers),
        default=labels.index(pend.default) if pend.default in labels else None,
        rule="EVA-9.7",
    )


def _item_name(code: str) -> str:
    item = WEAPONS.get(code) or EQUIPMENT.get(code)
    return item.name if item is not None else code


def _deployment_zone(state: EvaState, side: int) -> Decision:
    """EVA-5.2: the roll-off's winner chooses a deployment zone; the other player takes
    the other and places an Eva first."""
    answers = [
        (ChooseZone("south"), _("South"), _("rows 1–3; the other player places an Eva first")),
        (ChooseZone("north"), _("North"), _("rows 28–30; the other player places an Eva first")),
    ]
    return Decision(
        seat=side,
        prompt=_("You won the roll-off: choose your deployment zone."),
        choices=_choices(state, side, answers),
        rule="EVA-5.2",
    )
