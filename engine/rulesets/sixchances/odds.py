"""The combat formulas and exact odds of Six Chances Party (pure functions).

All counts are in tokens; probabilities are exact :class:`fractions.Fraction`
values. Dice are given by their number of faces (4, 6, 8, 10, 12 or 20).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engine.rulesets.sixchances.catalog import PROTECTION_CAP, SAVED_CAP

__all__ = [
    "attack_productive",
    "attacker_wins",
    "damage",
    "losses",
    "p_attack_wins",
    "p_attack_wins_after",
    "p_defence_beats",
    "protection",
    "removed",
    "saved",
]


@cache
def attacker_wins(attack_roll: int, defence_roll: int) -> bool:
    """Does the attack roll win over the defence roll? Ties go to the attacker (SC-5.5)."""
    return attack_roll >= defence_roll


def p_attack_wins(attack_die: int, defence_die: int) -> Fraction:
    """Probability that a d``attack_die`` attack roll is >= a d``defence_die`` defence
    roll, ties going to the attacker (SC-5.5; the table of section 5).

    Closed form: (A + 1) / (2D) when A <= D, else 1 - (D - 1) / (2A).
    """
    a, d = attack_die, defence_die
    if a <= d:
        return Fraction(a + 1, 2 * d)
    return 1 - Fraction(d - 1, 2 * a)


def p_attack_wins_after(attack_roll: int, defence_die: int) -> Fraction:
    """Probability that the attacker wins once the attack roll is known: a d``defence_die``
    defence roll of at most ``attack_roll`` (min(r, D) / D, section 5; SC-5.5)."""
    return Fraction(min(attack_roll, defence_die), defence_die)


def p_defence_beats(attack_roll: int, defence_die: int) -> Fraction:
    """Probability that a d``defence_die`` defence roll beats ``attack_roll`` strictly
    (the defender wins, SC-5.5): max(0, D - r) / D."""
    return Fraction(max(0, defence_die - attack_roll), defence_die)


def protection(res_target: int, sup_attacker: int) -> int:
    """Protection = clamp(Res_T - Sup_A, 0, 6), in tokens (SC-6.1): the target's
    Resilience whichever stat defends, less the attacking squad's Support."""
    return min(PROTECTION_CAP, max(0, res_target - sup_attacker))


def damage(pot_attacker: int, res_target: int, sup_attacker: int) -> int:
    """Damage = max(0, Pot_A - Protection), in tokens (SC-6.2)."""
    return max(0, pot_attacker - protection(res_target, sup_attacker))


def removed(pot_attacker: int, res_target: int, sup_attacker: int, defending_level: int) -> int:
    """Tokens removed from the defending stat when the attacker wins:
    min(Damage, level of the defending stat) (SC-6.3)."""
    return min(damage(pot_attacker, res_target, sup_attacker), defending_level)


def saved(sup_attacker: int) -> int:
    """Saved tokens = min(Sup_A, 6) (SC-7.1)."""
    return min(sup_attacker, SAVED_CAP)


def losses(pot_attacker: int, sup_attacker: int) -> int:
    """Potential tokens the attacking squad loses when the defender wins:
    max(0, Pot_A - min(Sup_A, 6)) (SC-7.2)."""
    return max(0, pot_attacker - saved(sup_attacker))


def attack_productive(pot_attacker: int, sup_attacker: int, res_target: int) -> bool:
    """An attack is productive when at least one outcome would remove a token (SC-11.6):
    Damage > 0 or Losses > 0, with the levels at declaration."""
    return damage(pot_attacker, res_target, sup_attacker) > 0 or losses(pot_attacker, sup_attacker) > 0
