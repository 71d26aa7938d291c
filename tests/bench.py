"""Benchmarks: ``uv run python tests/bench.py`` prints one JSON object per line
(``name``, ``value``, ``unit``). Figures, not pass/fail: targets are in the
project's notes, and no timed test can flake the suite.

Measured in one process on this machine; each figure is the median of repeats
where that makes sense.
"""

from __future__ import annotations

import importlib.util
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dice import Dice, fixed_entropy  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.ruleset import RandomSteps, get  # noqa: E402


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def _selfplay_activations(seconds: float, copy_each_activation: bool) -> float:
    """Random selfplay through the ruleset for about ``seconds``: activations completed
    per second. Each action is drawn and played by ``random_step`` (the draw of
    ``random_action``, checked once and resolved by the plan of that check), as a bot's
    random playouts play. With ``copy_each_activation``, play carries on from a fresh
    ``copy_state`` of the state at the start of every activation, as a search bot's
    playouts do (so the rules' memos must serve copies)."""
    from engine.rulesets.eva.actions import Activate

    rs = get("eva")
    assert isinstance(rs, RandomSteps)
    activations = 0
    t0 = time.perf_counter()
    game = 0
    while time.perf_counter() - t0 < seconds:
        game += 1
        rng = random.Random(game)
        state, _ = rs.new_state(rs.random_setup(rng), Dice(game.to_bytes(4, "big")))
        dice = Dice(b"bench%d" % game)
        while sides := rs.to_act(state):
            side = min(sides)
            starting = state.activation is None and state.pending is None and state.phase == "battle"
            if copy_each_activation and starting:
                state = rs.copy_state(state)
            step = rs.random_step(state, side, rng, dice)
            assert step is not None
            if isinstance(step[0], Activate):
                activations += 1
    return activations / (time.perf_counter() - t0)


def eva_activations_per_s(seconds: float = 5.0) -> float:
    """Random selfplay through the ruleset: activations completed per second."""
    return _selfplay_activations(seconds, copy_each_activation=False)


def eva_copied_activations_per_s(seconds: float = 5.0) -> float:
    """Random selfplay carrying on from a fresh ``copy_state`` at the start of every
    activation: activations completed per second."""
    return _selfplay_activations(seconds, copy_each_activation=True)


def eva_copy_us() -> float:
    """Median time of one ``copy_state`` of a mid-game state (an Eva being activated)."""
    rs = get("eva")
    states = [state for state, _side in _mid_game_states(40)]
    reps = []
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(50):
            for state in states:
                rs.copy_state(state)
        reps.append((time.perf_counter() - t) / (50 * len(states)))
    return statistics.median(reps) * 1e6


def _mid_game_states(n: int) -> list:
    """States in the middle of random games with an Eva being activated."""
    from engine.rulesets.eva.actions import Activate

    rs = get("eva")
    out = []
    g = 0
    while len(out) < n:
        g += 1
        rng = random.Random(1000 + g)
        state, _ = rs.new_state(rs.random_setup(rng), Dice(b"m%d" % g))
        dice = Dice(b"mid%d" % g)
        steps = 0
        while sides := rs.to_act(state):
            side = min(sides)
            action = rng.choice(rs.legal_actions(state, side))
            rs.apply(state, side, action, dice)
            steps += 1
            if isinstance(action, Activate) and state.activation is not None and steps > 60:
                out.append((state, side))
                break
    return out


def eva_options_ms() -> float:
    """Median time of options() for one active Eva (reachable squares, targets, odds)."""
    rs = get("eva")
    times = []
    for state, side in _mid_game_states(40):
        rs.options(rs.copy_state(state), side)  # warm the sight-line cache of the map, as in play
        for _ in range(5):
            t = time.perf_counter()
            rs.options(state, side)
            times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def eva_los_us() -> float:
    """Median cost of one mutual line-of-sight check between two Evas (warm tables)."""
    from engine.rulesets.eva import rules

    states = _mid_game_states(10)
    pairs = []
    for state, _side in states:
        units = [u for u in state.units if u.on_board]
        for a in units:
            for b in units:
                if a is not b:
                    pairs.append((state, a, b))
    for s, a, b in pairs:
        rules.sees(s, a, b)
    reps = []
    for _ in range(7):
        t = time.perf_counter()
        for s, a, b in pairs:
            rules.sees(s, a, b)
        reps.append((time.perf_counter() - t) / len(pairs))
    return statistics.median(reps) * 1e6


def save_load_2000_ms() -> float:
    """Save then load (replaying and checking every roll) a game of 2,000 actions."""
    rs = get("eva")
    rng = random.Random(5)
    game = None
    while game is None or len(game.records) < 2000:
        setup = rs.random_setup(rng)
        setup.round_limit = 200
        game = Game(rs, setup, seed=b"save-bench", entropy=fixed_entropy(b"save-bench"))
        while game.to_act() and len(game.records) < 2000:
            side = min(game.to_act())
            game.submit(side, rng.choice(rs.legal_actions(game.state, side)))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench.json"
        times = []
        for _ in range(5):
            t = time.perf_counter()
            game.save(path)
            back = Game.load(path)
            times.append(time.perf_counter() - t)
            assert back.state == game.state
    return statistics.median(times) * 1000


def huge_name_refusal_ms() -> float:
    """A save whose player name is 20 MB (hostile): the time to refuse it, through the
    Load list's reading of it and then ``Game.load`` (median of 5)."""
    from engine.record import SaveError
    from tui.saves import read_entry

    data = json.loads((ROOT / "tests" / "data" / "save-v2.json").read_text(encoding="utf-8"))
    data["players"][0] = "A" * (20 * 1024 * 1024)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "huge.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        times = []
        for _ in range(5):
            t = time.perf_counter()
            assert not read_entry(path, ["eva"]).usable
            try:
                Game.load(path)
            except SaveError:
                pass
            else:
                raise AssertionError("a 20 MB name was accepted")
            times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def extra_benches() -> None:
    """Benchmarks of other systems, from tests/bench_<key>.py modules."""
    for f in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(f.stem, f)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for row in mod.bench():
            emit(row["name"], row["value"], row["unit"])


def main() -> None:
    emit("eva.activations_per_s", eva_activations_per_s(), "activations/s")
    emit("eva.copied_activations_per_s", eva_copied_activations_per_s(), "activations/s")
    emit("eva.copy_us", eva_copy_us(), "us")
    emit("eva.options_ms", eva_options_ms(), "ms")
    emit("eva.los_us", eva_los_us(), "us")
    emit("save_load_2000_ms", save_load_2000_ms(), "ms")
    emit("files.huge_name_refusal_ms", huge_name_refusal_ms(), "ms")
    extra_benches()


if __name__ == "__main__":
    main()
