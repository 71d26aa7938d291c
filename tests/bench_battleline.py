"""Benchmark of the Battleline ruleset: turns resolved per second in random duels.

``bench()`` returns ``[{"name": "battleline.turns_per_s", "value": ..., "unit":
"turns/s"}]``; run as a script (``uv run python tests/bench_battleline.py``) it prints
one JSON object per line. Each battle is a duel of two of the sample mechs (BLC-7)
on the Open field or the Ruins, each turn two random orders (the seats' own random
order, :meth:`random_action`) sealed and resolved, driven through the ruleset
directly (no record, no autosave), until the battle ends (a turn limit of 80 at
most). Every roll comes from the game's seeded dice. The figure is the best of
eight runs of about half a second each in one process.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.ruleset import get  # noqa: E402


def play_turns(seconds: float, first: int = 0) -> tuple[int, int, float]:
    """Play random duels for about ``seconds``; returns (battles, turns, elapsed seconds)."""
    from engine.rulesets.battleline import scenario
    from engine.rulesets.battleline.roster import sample_mechs

    rs = get("battleline")
    mechs = list(sample_mechs().values())
    battles = turns = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        index = first + battles
        rng = random.Random(index)
        a, b = rng.sample(mechs, 2)
        setup = scenario.duel(a, b, rng.choice(("open", "ruins")), turn_limit=80)
        dice = Dice(hashlib.sha256(b"bench-battleline:%d" % index).digest())
        state, _ = rs.new_state(setup, dice)
        while sides := rs.to_act(state):
            side = rng.choice(sorted(sides))
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
        turns += len(state.history)
        battles += 1
    return battles, turns, time.perf_counter() - t0


def bench(seconds: float = 0.5, repeats: int = 8) -> list[dict]:
    """Turns resolved per second in random duels (best of ``repeats`` runs of ``seconds``)."""
    done, _, _ = play_turns(0.2)  # warm up imports
    best = 0.0
    for _ in range(repeats):
        battles, turns, elapsed = play_turns(seconds, first=done)  # every battle a new one
        done += battles
        best = max(best, turns / elapsed)
    return [{"name": "battleline.turns_per_s", "value": round(best, 1), "unit": "turns/s"}]


if __name__ == "__main__":
    for row in bench():
        print(json.dumps(row), flush=True)
