"""Hidden information (EVA-18) tested by construction across many selfplay games.

1. Non-interference: changing any of the opponent's private values (armour, AT,
   energy, Shield points, unrevealed equipment, stowed weapons, traumas other
   than wings, Spear hits) never changes a side's view, byte for byte.
2. Every event a side may see is either of a public type, or addressed to it;
   private event types are always addressed to their owner.
3. No event a side may see names the opponent's unrevealed equipment.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.catalog import EQUIPMENT, WEAPONS
from engine.rulesets.eva.state import Trauma
from engine.rulesets.eva.view import EnemyUnit, OwnUnit, view

RS = get("eva")

PRIVATE_TYPES = (
    ev.DamageTaken,
    ev.AttackOdds,
    ev.EnergyNow,
    ev.PrivateRoll,
    ev.Regenerated,
    ev.EnergyPenalty,
    ev.LanceReplaced,
)


def _perturb(state, side: int, rng: random.Random):
    """A copy of ``state`` whose opponent-of-``side`` private values are changed."""
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=RS.State)
    for u in s.units:
        if u.side == side:
            continue
        if u.armour > 1:
            u.armour = rng.randint(1, u.armour)
        u.max_armour = 40 if u.max_armour == 35 else 35
        u.at = rng.randint(0, 6)
        u.energy = rng.randint(0, 15)
        u.shield_points = rng.randint(0, 15)
        u.replica_hits += 1
        u.lance_hits += rng.randint(0, 1)
        for code in ("s2", "sync", "jaws", "pseudo", "anatomy"):
            if code not in u.revealed and rng.random() < 0.5:
                if code in u.equipment:
                    u.equipment.remove(code)
                else:
                    u.equipment.append(code)
        for i, item in enumerate(u.items):
            if i not in u.hands and item.code != "shield":
                u.items[i] = msgspec.structs.replace(item, code=rng.choice(list(WEAPONS)), auto=not item.auto)
        u.traumas = [t for t in u.traumas if t.zone == "wings"] + [Trauma("legs"), Trauma("body", 3)]
        u.cost += 5
    return s


def _games(n: int, seed: int):
    """Yield (state, events of the last action) along ``n`` random games."""
    for g in range(n):
        rng = random.Random(seed * 100_000 + g)
        state, opening = RS.new_state(RS.random_setup(rng), Dice(b"h%d" % g))
        dice = Dice(b"hid%d" % g)
        yield state, opening, rng
        while sides := RS.to_act(state):
            side = min(sides)
            evs = RS.apply(state, side, RS.random_action(state, side, rng), dice)
            yield state, evs, rng


def _owner(state, name: str) -> int:
    sides = {u.side for u in state.units if u.name == name}
    assert len(sides) == 1
    return sides.pop()


def _check(state, evs, rng, counts):
    for side in (0, 1):
        v = view(state, side)
        for u in v.units:
            assert isinstance(u, OwnUnit) == (u.side == side)
            if u.side != side:
                assert type(u) is EnemyUnit
        if rng.random() < 0.2:
            counts["views"] += 1
            same = view(_perturb(state, side, rng), side)
            assert msgspec.json.encode(same) == msgspec.json.encode(v), "a private value leaked into the view"
    hidden = {u.name: {EQUIPMENT[c].name for c in u.equipment if c not in u.revealed} for u in state.units}
    for e in evs:
        counts["events"] += 1
        if isinstance(e, PRIVATE_TYPES):
            assert e.to is not None
            assert e.to == (_owner(state, e.unit),)
        if isinstance(e, ev.TraumaInflicted):
            assert (e.to is None) == (e.zone == "wings")
        for side in (0, 1):
            if not e.visible_to(side):
                continue
            text = e.text()
            for u in state.units:
                if u.side == side:
                    continue
                for name in hidden[u.name]:
                    if u.name in text:
                        assert name not in text, f"{text!r} reveals {name}"


@pytest.mark.parametrize("seed", [1])
def test_views_and_logs_leak_nothing_across_selfplay_games(seed):
    """EVA-18.1 to EVA-18.5 over 120 random games (500 with -m slow)."""
    counts = {"views": 0, "events": 0}
    for state, evs, rng in _games(120, seed):
        _check(state, evs, rng, counts)
    assert counts["views"] > 1000 and counts["events"] > 10000


@pytest.mark.slow
def test_views_and_logs_leak_nothing_across_500_games():
    counts = {"views": 0, "events": 0}
    for state, evs, rng in _games(500, 2):
        _check(state, evs, rng, counts)
    assert counts["events"] > 50000


def test_a_stowed_twin_weapon_is_not_betrayed_by_the_notation_or_the_view():
    """EVA-18.3 (stowed weapons are private): an Eva holding its second pistol, the
    first stowed, fires with "pistol" in the public record and shows "pistol" held."""
    from tests.eva_support import make_state, play, start

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["pistol", "pistol"], "hands": ["pistol#2"]},
            {"name": "B", "side": 1, "square": "E8"},
        ]
    )
    start(st, "A")
    action = RS.parse_action(st, 0, "A fire E8 pistol")
    assert action.item == 1
    assert RS.format_action(st, 0, action) == "A fire E8 pistol"
    assert [u.held for u in view(st, 1).units if u.name == "A"] == [["pistol"]]
    evs = play(st, 0, "A fire E8 pistol", [2])
    assert all("#2" not in e.text() for e in evs if e.visible_to(1))


def test_the_record_hides_a_private_choice_from_the_other_side(tmp_path, capsys):
    """EVA-18.3: whether the owner rolled for Berserk is private, even in the record;
    a sealed starting order of Six Chances Party (SC-2.5) too."""
    from engine.game import Game
    from engine.rulesets.eva.actions import Activate
    from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry
    from engine.rulesets.eva.scenario import load_bundled
    from engine.rulesets.eva.state import EvaSetup
    from tui.cli import main

    setup = EvaSetup(
        map=load_bundled("crossroads"),
        rosters=[
            Roster(evas=[EvaEntry("Z", [WeaponEntry("knife")], equipment=["berserk"])]),
            Roster(evas=[EvaEntry("Y", [WeaponEntry("knife")])]),
        ],
    )
    g = Game(RS, setup, seed=b"b")
    rng = random.Random(2)
    while g.state.phase != "battle":
        side = min(g.to_act())
        g.submit(side, RS.random_action(g.state, side, rng))
    g.state.units[0].armour = 5  # low enough to roll for Berserk (EVA-16.7)
    g.state.turn = 0
    g.submit(0, Activate(0, True))
    rec = g.records[-1]
    assert rec.text == "activate Z berserk"
    assert rec.text_for(1) == "activate Z" and rec.text_for(0) == "activate Z berserk"
    # Six Chances Party: the sealed starting order
    sc = get("sixchances")
    g2 = Game(sc, sc.Setup(), seed=b"s")
    rng = random.Random(1)
    while len(g2.records) < 2:
        side = min(g2.to_act())
        g2.submit(side, sc.random_action(g2.state, side, rng))
    first = g2.records[0]
    assert first.text.startswith("build ") and first.text_for(1 - first.side) == "build"
    path = g2.save(tmp_path / "sc.json")
    capsys.readouterr()
    assert main(["replay", str(path), "--side", str(2 - first.side)]) == 0
    assert first.text not in capsys.readouterr().out
