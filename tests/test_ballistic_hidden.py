"""Hidden information (GB-5.6, GB-5.7, GB-8.10, GB-8.12, GB-AMB-43, GB-AMB-48) tested by
construction across selfplay games.

1. Non-interference: change what a side may not know (unspotted enemy units' hex,
   facing, Health, systems and initiative; every enemy unit's overwatch, designation,
   guidance obligation and MP pool; enemy projectiles) and nothing the side is given
   changes: its view, options, legal actions in notation and decision, byte for byte.
2. Events: an event a side may see names an enemy unit only when the side spots it
   (before or after the step, shot or action that made the event), or observes the hex
   where it was destroyed; private kinds reach their owner only.
3. Public notation: an unseen unit's action reads ``?`` to the other side.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.ballistic import events as ev
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.rules.sight import observes, sight, spotted
from engine.rulesets.ballistic.state import Designation, Overwatch

RS = get("ballistic")

OWNER_ONLY = (
    ev.InitiativeRolled,
    ev.TieBroken,
    ev.MoveOpened,
    ev.ArcFired,
    ev.OverwatchDeclared,
    ev.OverwatchTriggered,
    ev.TriggerPassed,
    ev.OverwatchExpired,
    ev.Designated,
    ev.DesignationEnded,
    ev.GuidanceBound,
    ev.PathStopped,
    ev.ShotBlocked,
)


def perturb(state, side: int, rng: random.Random):
    """A copy of ``state`` in which what ``side`` may not know is changed."""
    s = RS.copy_state(state)
    t = s.map.tables
    other = 1 - side
    seen = {u.number for u in s.units if u.side == other and u.alive and u.hex >= 0 and spotted(s, side, u)}
    taken = {(u.hex, u.air) for u in s.units if u.alive and u.hex >= 0}
    for u in s.units:
        if u.side != other or not u.alive:
            continue
        u.pool = rng.randint(0, 9)
        u.bound = -1 if rng.random() < 0.5 else rng.randrange(len(s.units))
        if s.trigger is None:
            weapons = [i for i, x in enumerate(u.systems) if x.kind == "weapon"]
            u.overwatch = (
                Overwatch(rng.choice(weapons), rng.randrange(6), 1, 0)
                if weapons and rng.random() < 0.5
                else None
            )
        enemies = [v.number for v in s.units if v.side == side]
        u.designation = Designation(rng.choice(enemies), 0) if rng.random() < 0.5 else None
        if u.number in seen or u.hex < 0:
            continue
        u.health = rng.randint(1, u.max_health)
        u.facing = rng.randrange(6)
        u.initiative = rng.randint(1, 20)
        u.tiebreaks = [rng.randint(1, 20)]
        free = [
            i
            for i in range(t.count)
            if (i, u.air) not in taken
            and (t.height[i] < u.altitude if u.altitude else t.kind[i] != BUILDING)
            and not spotted(s, side, u, i)
        ]
        if free:
            taken.discard((u.hex, u.air))
            u.hex = rng.choice(free)
            taken.add((u.hex, u.air))
    for p in s.projectiles:
        if p.side == other:
            p.aim = rng.randrange(t.count)
            p.arrival += rng.randint(0, 3)
    return s


def given(state, side: int) -> bytes:
    acts = RS.legal_actions(state, side) if side in RS.to_act(state) else []
    decision = RS.decision(state, side)
    return msgspec.json.encode(
        [
            RS.view(state, side),
            RS.options(state, side),
            [RS.format_action(state, side, a) for a in acts],
            None
            if decision is None
            else [decision.prompt, [(c.notation, c.label, str(c.odds)) for c in decision.choices]],
        ],
        enc_hook=str,
    )


def _unit(state, side: int, name: str):
    return next(u for u in state.units if u.side == side and u.name == name)


def _check_events(before, after, events, counts) -> None:
    """Each event a side may see names an enemy unit only when that side spots it (see the
    module's description)."""
    t = after.map.tables
    destroyed_at = {(e.side, e.unit): t.index[e.hex] for e in events if isinstance(e, ev.Destroyed)}
    for e in events:
        counts["events"] += 1
        if isinstance(e, OWNER_ONLY):
            assert e.to == (e.side,), e
        for viewer in (0, 1):
            if not e.visible_to(viewer):
                continue
            named: list[tuple[int, str, tuple[int, ...]]] = []
            if isinstance(e, ev.ShotResolved):
                if e.shooter:
                    named.append((e.side, e.shooter, ()))
            elif isinstance(e, ev.Stepped):
                named.append((e.side, e.unit, (t.index[e.start], t.index[e.hex])))
            elif isinstance(e, ev.SmokeLaid):
                if e.unit:
                    named.append((e.side, e.unit, ()))
            elif hasattr(e, "unit") and hasattr(e, "side") and not isinstance(e, OWNER_ONLY):
                named.append((e.side, e.unit, ()))
            for side, name, hexes in named:
                if side == viewer:
                    continue
                counts["named"] += 1
                u_before, u_after = _unit(before, side, name), _unit(after, side, name)
                ok = (u_before.hex >= 0 and spotted(before, viewer, u_before)) or (
                    u_after.alive and u_after.hex >= 0 and spotted(after, viewer, u_after)
                )
                ok = ok or any(spotted(after, viewer, u_after, h) for h in hexes)
                if not ok and (side, name) in destroyed_at:
                    ok = observes(after, viewer, destroyed_at[(side, name)])
                if not ok and isinstance(e, ev.ShotResolved):  # the target, destroyed, saw the shooter
                    target = _unit(after, e.target_side, e.target)
                    if (e.target_side, e.target) in destroyed_at:
                        at = destroyed_at[(e.target_side, e.target)]
                        ok = sight(
                            after, target, at, u_after.hex, u_after.altitude or t.elevation[u_after.hex]
                        )
                assert ok, f"{type(e).__name__} names {name}, unseen by side {viewer}: {e}"


def _games(n: int, seed: int, perturb_every: float, counts) -> None:
    for g in range(n):
        rng = random.Random(seed * 100_000 + g)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"hid%d" % g))
        dice = Dice(b"hidden%d" % g)
        while sides := RS.to_act(state):
            if rng.random() < perturb_every:
                for side in (0, 1):
                    assert given(perturb(state, side, random.Random(rng.random())), side) == given(
                        state, side
                    ), "something a side may not know reached what it is given"
                    counts["perturbed"] += 1
            side = min(sides)
            action = RS.random_action(state, side, rng)
            if state.phase == "activation" and getattr(action, "unit", ""):
                actor = _unit(state, side, action.unit)
                if actor.hex >= 0 and not spotted(state, 1 - side, actor):
                    assert RS.public_text(state, side, action) == "?"
            before = RS.copy_state(state)
            events = RS.apply(state, side, action, dice)
            _check_events(before, state, events, counts)


def test_gb_5_7_nothing_hidden_reaches_a_side_across_selfplay_games():
    """GB-5.7, GB-5.6, GB-AMB-43 over 40 random games (500 with -m slow)."""
    counts = {"events": 0, "named": 0, "perturbed": 0}
    _games(40, 1, 0.08, counts)
    assert counts["perturbed"] > 300 and counts["named"] > 1000


@pytest.mark.slow
def test_gb_5_7_nothing_hidden_reaches_a_side_across_500_games():
    """GB-5.7 over 500 random games."""
    counts = {"events": 0, "named": 0, "perturbed": 0}
    _games(500, 2, 0.05, counts)
    assert counts["perturbed"] > 3000


def test_gb_5_7_a_spotted_enemy_shows_its_status_and_hides_its_plans():
    """GB-5.7: a spotted enemy unit is shown with hex, facing, profile, Health, failed systems
    and movement status; not its MP pool, actions, overwatch or designation."""
    from ballistic_support import play, position

    s = position([(0, "Warden-M", "Blue", "0306", "SE"), (1, "Hare-G", "Red", "0807", "N")])
    play(s, 0, "Blue overwatch ac40 NE-SE")
    play(s, 0, "Blue designate Red")
    red_view = RS.view(s, 1)
    (blue,) = [u for u in red_view.units if u.name == "Blue"]
    assert not blue.own and blue.overwatch is None and blue.designation == "" and blue.pool == 0
    assert blue.actions == () and blue.hex == "0306" and blue.health == 60
    own = next(u for u in RS.view(s, 0).units if u.name == "Blue")
    assert own.overwatch == (4, "NE-SE", 3, 0) and own.designation == "Red"
