"""The state's invariants, checked after every action by selfplay and the fuzzers."""

from __future__ import annotations

from engine.rulesets.ballistic.catalog import WEAPONS
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.rules.common import friends_in
from engine.rulesets.ballistic.state import KIND_CHASSIS, State

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raise AssertionError when ``state`` breaks an invariant of the rules: units on the
    map stand on hexes they may stand in (ground units never on buildings, air units
    above the hex height, GB-3.5, GB-7.8), at most one unit of a layer per hex except a
    unit stuck in or passing through a friend's hex (GB-4.5, GB-7.4); a stuck unit
    shares its hex with a friend; MP and Health within bounds; at most two actions
    (GB-6.1); overwatch shots within the rate of fire; the chassis flags agree with
    the failed systems (GB-14.6); the destroyed are off the map (GB-15.1)."""
    t = state.map.tables
    occupied: dict[tuple[int, bool], list[int]] = {}
    for u in state.units:
        assert u.health <= u.max_health, u.name
        if not u.alive:
            assert u.hex < 0 and u.health <= 0, f"{u.name} destroyed but on the map"
            continue
        assert u.health > 0, f"{u.name} at Health {u.health} is still on the map"
        if u.hex < 0:
            assert state.phase == "deploy", f"{u.name} is off the map"
            continue
        assert 0 <= u.hex < t.count, f"{u.name} outside the map"
        if u.altitude:
            assert t.height[u.hex] < u.altitude, f"{u.name} inside {t.name[u.hex]}"
        else:
            assert t.kind[u.hex] != BUILDING, f"{u.name} in the building {t.name[u.hex]}"
        occupied.setdefault((u.hex, u.air), []).append(u.number)
        assert u.pool >= 0 and u.mp_spent >= 0, f"{u.name} has MP {u.pool}"
        assert len(u.slots) <= 2, f"{u.name} has {len(u.slots)} actions"
        assert 0 <= u.facing <= 5
        if u.stuck:
            assert friends_in(state, u, u.hex), f"{u.name} is stuck alone"
        if u.overwatch is not None:
            key = u.systems[u.overwatch.system].key
            assert 0 <= u.overwatch.shots <= WEAPONS[key].rof
        for s in u.systems:
            if s.kind == KIND_CHASSIS:
                flag = {
                    "locomotion": u.locomotion_ok,
                    "engine": u.locomotion_ok,
                    "sensors": u.sensors_ok,
                    "fire_control": u.fire_control_ok,
                    "stabilizer": u.stabilizer_ok,
                }[s.key]
                assert flag == (not s.failed), f"{u.name}: {s.key} flag"
        for slot in u.slots:
            assert slot.shots >= 0
    for (i, _air), numbers in occupied.items():
        if len(numbers) > 1:
            sharing = [state.units[n] for n in numbers]
            assert len({u.side for u in sharing}) == 1, f"enemies share {t.name[i]}"
            assert sum(1 for u in sharing if not (u.stuck or u.passing)) <= 1, f"units share {t.name[i]}"
    if state.phase == "activation":
        assert state.trigger is None or state.trigger.queue, "an empty trigger waits"
