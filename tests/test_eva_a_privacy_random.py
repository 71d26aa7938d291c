"""Hidden information under random legal play (eva.md EVA-18.3, EVA-18.5, EVA-AMB-61).

In 40 random games played to the end, every event carrying a private fact goes only to the owner of
the Eva it is about, public wings traumas carry no duration, private rolls never use the public
stream, and neither side's view ever holds a private field of an enemy Eva.
"""

import random

import msgspec

from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.view import EnemyUnit, OwnUnit

RS = get("eva")

#: event types that carry private facts of one Eva (EVA-18.3), by the field naming that Eva
PRIVATE = {
    ev.DamageTaken: "unit",  # armour lost, armour left, Shield points
    ev.EnergyNow: "unit",  # energy
    ev.AttackOdds: "unit",  # the attacker's TN
    ev.EnergyPenalty: "unit",  # a Spear hit's energy loss
    ev.Regenerated: "unit",  # armour after S2 regeneration
    ev.PrivateRoll: "unit",  # body-trauma and Berserk rolls
    ev.LanceReplaced: "unit",
}
ENEMY_PRIVATE = set(OwnUnit.__struct_fields__) - set(EnemyUnit.__struct_fields__)


def test_eva_18_3_private_facts_reach_only_their_owner_in_random_games():
    """EVA-18.3, EVA-18.5, EVA-AMB-61: see the module docstring."""
    seen_kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        state, opening = RS.new_state(RS.random_setup(rng), Dice(b"open %d" % seed))
        owner = {u.name: u.side for u in state.units}
        dice = Dice(b"play %d" % seed)
        events = list(opening)
        steps = 0
        while sides := RS.to_act(state):
            side = min(sides)
            events += RS.apply(state, side, RS.random_action(state, side, rng), dice)
            steps += 1
            if steps % 5:
                continue
            for s in (0, 1):
                for u in RS.view(state, s).units:
                    if u.side != s:
                        assert type(u) is EnemyUnit
                        assert not set(msgspec.to_builtins(u)) & ENEMY_PRIVATE
        for e in events:
            kind = type(e)
            seen_kinds.add(kind)
            if kind in PRIVATE:
                assert e.to == (owner[getattr(e, PRIVATE[kind])],), e
            elif kind is ev.TraumaInflicted:
                if e.zone == "wings":
                    assert e.to is None and e.lasting is None, e
                else:
                    assert e.to == (owner[e.unit],), e
                    seen_kinds.add((kind, "lasting" if e.lasting else "passing"))
            elif kind is not ev.GameEnded:
                assert e.to is None, e  # everything else is public
        private_rolls = [r for r in dice.log if r.stream]
        assert len(private_rolls) == sum(1 for e in events if isinstance(e, ev.PrivateRoll))
        public = [r.seq for r in dice.log if not r.stream]
        assert public == list(range(1, len(public) + 1))
    # the check is not vacuous
    assert {ev.DamageTaken, ev.EnergyNow, ev.AttackOdds, ev.ShotRolled, ev.Destroyed} <= seen_kinds
    assert (ev.TraumaInflicted, "lasting") in seen_kinds or (ev.TraumaInflicted, "passing") in seen_kinds
