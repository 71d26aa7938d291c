"""Benchmark of the Going Ballistic ruleset.

``bench()`` returns rows ``{"name", "value", "unit"}``; run as a script
(``uv run python tests/bench_ballistic.py``) it prints one JSON object per line:

* ``ballistic.activations_per_s``: random selfplay through the ruleset directly
  (random set-ups on the shipped maps, random legal actions, every roll from the
  game's seeded dice): unit activations completed per second of this process's CPU
  time (other work on a shared machine does not count). Best of several runs.
* ``ballistic.los_us``: one line-of-sight check between two units (GB-8.5 to GB-8.9:
  failed sensors, adjacency, the shadow rule both ways, smoke) on a shipped map whose
  sight table was precomputed; random pairs timed in batches of 100, the median batch
  per check, in microseconds (the two units' hexes are set inside the timing).
* ``ballistic.los_cold_us``: the terrain part of that check (the shadow rule both
  ways) on fresh tables, each pair computed the first time it is asked: what a table
  filled lazily costs.
* ``ballistic.options_ms``: the options of one acting unit mid-game (reachable hexes
  with MP, every weapon's chart, targets with itemised odds, arc aims, overwatch
  sectors, equipment); median, in milliseconds.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.ruleset import get  # noqa: E402


def play(seconds: float, first: int = 0) -> tuple[int, float, int]:
    """Random games for about ``seconds``; returns (activations, elapsed, games)."""
    from engine.rulesets.ballistic.events import ActivationEnded

    rs = get("ballistic")
    activations = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        index = first + games
        rng = random.Random(index)
        dice = Dice(hashlib.sha256(b"bench-ballistic:%d" % index).digest())
        state, _ = rs.new_state(rs.random_setup(rng), dice)
        while sides := rs.to_act(state):
            side = min(sides)
            for e in rs.apply(state, side, rs.random_action(state, side, rng), dice):
                if type(e) is ActivationEnded:
                    activations += 1
        games += 1
    return activations, time.process_time() - t0, games


def activations_per_s(seconds: float = 1.0, repeats: int = 5) -> float:
    """Best of ``repeats`` runs of random selfplay."""
    _a, _t, done = play(0.5)  # warm up imports and the shipped maps' tables
    best = 0.0
    for _ in range(repeats):
        a, elapsed, games = play(seconds, first=done)
        done += games
        best = max(best, a / elapsed)
    return best


def _two_units_on(key: str):
    from engine.rulesets.ballistic.maps import load_bundled
    from engine.rulesets.ballistic.roster import entry_from_loadout
    from engine.rulesets.ballistic.state import State, make_unit

    m = load_bundled(key)
    units = [
        make_unit(entry_from_loadout("A", "Warden-M"), 0, 0),
        make_unit(entry_from_loadout("B", "Hare-G"), 1, 1),
    ]
    return State(map=m, units=units)


def los_us(n: int = 20000) -> float:
    """Median time of one unit-to-unit sight check (``rules.sight.sees``) on a map whose
    table was precomputed, microseconds."""
    from engine.rulesets.ballistic.maps import BUILDING
    from engine.rulesets.ballistic.rules.sight import sees

    state = _two_units_on("ridge-works")
    state.map.tables.precompute()
    t = state.map.tables
    rng = random.Random(1)
    ground = [i for i in range(t.count) if t.kind[i] != BUILDING]
    pairs = [(rng.choice(ground), rng.choice(ground)) for _ in range(n)]
    a, b = state.units
    times = []
    for start in range(0, n, 100):  # batches of 100 checks: the median batch, per check
        batch = pairs[start : start + 100]
        t0 = time.perf_counter_ns()
        for x, y in batch:
            a.hex = x
            b.hex = y
            sees(state, a, b)
        times.append((time.perf_counter_ns() - t0) / len(batch))
    return statistics.median(times) / 1000


def los_cold_us(n: int = 3000) -> float:
    """Median time of the terrain check of a pair asked for the first time, on fresh tables
    (lines already known), microseconds."""
    from engine.rulesets.ballistic.maps import load_bundled
    from engine.rulesets.ballistic.terrain import MapTables

    m = load_bundled("ridge-works")
    m.tables.precompute()  # the lines' shapes are cached once per process
    fresh = MapTables(m)
    rng = random.Random(2)
    e = fresh.elevation
    times = []
    for _ in range(n):
        x, y = rng.randrange(fresh.count), rng.randrange(fresh.count)
        t0 = time.perf_counter_ns()
        fresh.clear(x, e[x], y, e[y])
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1000


def _mid_game_states(n: int) -> list:
    rs = get("ballistic")
    out = []
    g = 0
    while len(out) < n:
        g += 1
        rng = random.Random(5000 + g)
        state, _ = rs.new_state(rs.random_setup(rng), Dice(b"mid%d" % g))
        dice = Dice(b"mid-play%d" % g)
        steps = 0
        while sides := rs.to_act(state):
            side = min(sides)
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
            steps += 1
            actor = state.actor()
            if (
                steps > 25
                and actor is not None
                and state.trigger is None
                and not actor.slots
                and rng.random() < 0.2
            ):
                out.append((state, actor.side))
                break
    return out


def options_ms(samples: int = 30, repeats: int = 5) -> float:
    """Median time of ``options`` for the acting unit of a mid-game state, milliseconds."""
    rs = get("ballistic")
    states = _mid_game_states(samples)
    for state, side in states:  # warm the sight tables of the positions measured
        rs.options(state, side)
    times = []
    for state, side in states:
        for _ in range(repeats):
            t0 = time.perf_counter()
            rs.options(state, side)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bench() -> list[dict]:
    """All figures (see the module's description)."""
    return [
        {
            "name": "ballistic.activations_per_s",
            "value": round(activations_per_s(), 1),
            "unit": "activations/s",
        },
        {"name": "ballistic.los_us", "value": round(los_us(), 2), "unit": "µs"},
        {"name": "ballistic.los_cold_us", "value": round(los_cold_us(), 2), "unit": "µs"},
        {"name": "ballistic.options_ms", "value": round(options_ms(), 3), "unit": "ms"},
    ]


if __name__ == "__main__":
    for row in bench():
        print(json.dumps(row, ensure_ascii=False), flush=True)
