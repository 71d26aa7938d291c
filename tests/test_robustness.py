"""Nothing lost, nothing leaked: malformed files, versions, generations, locks, crashes.

The files in tests/data/bad-saves and tests/data/bad-rosters are each broken in
one way (their names say how); each must be refused with one readable line,
never a traceback, and be left byte-for-byte unchanged.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from engine.game import Game
from engine.record import SaveError, SaveLock, SaveLocked, decode_save
from engine.rosterfile import RosterFileError, check_roster_file
from tui.cli import main

DATA = Path(__file__).resolve().parent / "data"
BAD_SAVES = sorted((DATA / "bad-saves").glob("*.json"))
BAD_ROSTERS = sorted((DATA / "bad-rosters").glob("*.json"))
ROOT = Path(__file__).resolve().parent.parent


def test_there_are_at_least_thirty_of_each():
    assert len(BAD_SAVES) >= 30 and len(BAD_ROSTERS) >= 30


@pytest.mark.parametrize("path", BAD_SAVES, ids=lambda p: p.name)
def test_a_malformed_save_is_refused_in_one_line_and_left_unchanged(path: Path, capsys):
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        Game.load(path)
    msg = str(e.value)
    assert msg and "\n" not in msg and "Traceback" not in msg
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", BAD_ROSTERS, ids=lambda p: p.name)
def test_an_invalid_roster_file_is_refused_with_reasons_and_left_unchanged(path: Path, capsys):
    before = path.read_bytes()
    try:
        _key, problems = check_roster_file(before)
    except RosterFileError as e:
        assert "\n" not in str(e)
    else:
        assert problems, "an invalid roster must have at least one problem"
        assert all(p.rule.startswith("EVA-") for p in problems)
    assert main(["roster", "check", str(path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert path.read_bytes() == before


def test_every_released_version_keeps_loading():
    """Fixtures of each released format version (save v1 and v2, roster v1)."""
    game = Game.load(DATA / "save-v1.json")
    assert len(game.records) == 60 and game.players == ["Asuka", "Рэй"]
    game = Game.load(DATA / "save-v2.json")
    assert len(game.records) == 95 and game.players == ["Asuka", "Rei"]
    key, problems = check_roster_file((DATA / "roster-v1.json").read_bytes())
    assert key == "eva" and problems == []


def test_an_absurdly_large_save_is_refused_before_parsing(tmp_path: Path):
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(65 * 1024 * 1024)
    with pytest.raises(SaveError, match="too large"):
        decode_save(big.read_bytes())


def _short_game(path: Path) -> Game:
    from engine.ruleset import get

    rs = get("eva")
    rng = random.Random(3)
    game = Game(rs, rs.random_setup(rng), seed=b"gen", path=path)
    return game


def test_the_last_three_generations_are_kept(tmp_path: Path):
    path = tmp_path / "g.json"
    game = _short_game(path)
    versions = []
    for _ in range(4):
        side = min(game.to_act())
        game.submit(side, game.ruleset.random_action(game.state, side, random.Random(1)))
        versions.append(path.read_bytes())
    assert (tmp_path / "g.json.1").read_bytes() == versions[-2]
    assert (tmp_path / "g.json.2").read_bytes() == versions[-3]
    assert not (tmp_path / "g.json.3").exists()


def test_a_save_that_cannot_be_encoded_keeps_the_previous_file(tmp_path: Path):
    path = tmp_path / "g.json"
    game = _short_game(path)
    game.save()
    before = path.read_bytes()
    game.players = [object(), "x"]  # not encodable
    with pytest.raises(SaveError):
        game.save()
    assert path.read_bytes() == before


def test_one_game_one_writer(tmp_path: Path):
    """A second opener is told the game is open elsewhere; a killed holder frees it."""
    path = tmp_path / "g.json"
    path.write_text("{}")
    first = SaveLock(path).acquire()
    with pytest.raises(SaveLocked):
        SaveLock(path).acquire()
    first.release()
    SaveLock(path).acquire().release()
    code = textwrap.dedent(
        f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from engine.record import SaveLock
        held = SaveLock({str(path)!r}).acquire()
        print("locked", flush=True)
        time.sleep(60)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        with pytest.raises(SaveLocked):
            SaveLock(path).acquire()
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        SaveLock(path).acquire().release()  # not stuck after a crash
    finally:
        if child.poll() is None:
            child.kill()


CHILD = textwrap.dedent(
    """
    import random, sys
    sys.path.insert(0, {root!r})
    from engine.game import Game
    from engine.ruleset import get
    rs = get("eva")
    rng = random.Random({seed})
    setup = rs.random_setup(rng)
    setup.round_limit = 100
    game = Game(rs, setup, seed=b"crash", path={path!r})
    game.save()
    n = 0
    while game.to_act():
        side = min(game.to_act())
        game.submit(side, rs.random_action(game.state, side, rng))
        n += 1
        print(n, flush=True)
    """
)


def _crash_round(tmp_path: Path, seed: int, delay: float) -> tuple[int, int]:
    """Start a child that autosaves after each action and prints its count, kill it
    after ``delay`` seconds; return (last acknowledged count, actions in the save)."""
    path = tmp_path / f"crash{seed}.json"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), seed=seed, path=str(path))],
        stdout=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []

    def reader() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            lines.append(line.strip())

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    time.sleep(delay)
    acked_before_kill = int(lines[-1]) if lines else 0
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    t.join(10)
    if not path.exists():  # killed before its first save: nothing was acknowledged
        assert acked_before_kill == 0
        return 0, 0
    game = Game.load(path)  # must load after any kill
    return acked_before_kill, len(game.records)


def _crash_test(tmp_path: Path, kills: int) -> None:
    rng = random.Random(kills)
    for k in range(kills):
        acked, saved = _crash_round(tmp_path, k, rng.uniform(0.3, 1.2))
        assert saved >= acked, f"kill {k}: {acked} actions acknowledged, {saved} in the save"


def test_killed_mid_game_the_save_holds_every_acknowledged_action(tmp_path: Path):
    """SIGKILL at random moments (a short run here; 200 kills with -m slow)."""
    _crash_test(tmp_path, 8)


@pytest.mark.slow
def test_two_hundred_kills(tmp_path: Path):
    _crash_test(tmp_path, 200)


# ---------------------------------------------------------------------------
# Lock files, previous versions, plain reasons
# ---------------------------------------------------------------------------
def test_a_released_lock_leaves_no_lock_file(tmp_path: Path):
    path = tmp_path / "g.json"
    path.write_text("{}")
    with SaveLock(path) as lock:
        assert lock.lock_path.exists()
    assert not (tmp_path / "g.json.lock").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_a_lock_file_is_removed_only_by_its_holder(tmp_path: Path):
    """A second opener is refused and removes nothing; once the holder releases, the
    next opener takes a fresh lock, and a third one is refused again."""
    path = tmp_path / "g.json"
    first = SaveLock(path).acquire()
    second = SaveLock(path)
    with pytest.raises(SaveLocked):
        second.acquire()
    assert second.lock_path.exists()  # the refused opener left the holder's file alone
    first.release()
    assert not second.lock_path.exists()
    second.acquire()
    with pytest.raises(SaveLocked):
        SaveLock(path).acquire()
    second.release()
    assert not second.lock_path.exists()


def test_an_opener_that_found_the_old_lock_file_takes_the_new_one(tmp_path: Path):
    """The holder removes the lock file just as another process had opened it: that
    process gets the lock on an unlinked file, which filelock refuses (a timeout). It
    is not told the game is open elsewhere: it tries again, on a new file."""
    from filelock import Timeout

    path = tmp_path / "g.json"
    late = SaveLock(path)
    real = late._lock.acquire
    calls = []

    def first_on_a_vanished_file(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise Timeout(str(late.lock_path))
        return real(*args, **kwargs)

    late._lock.acquire = first_on_a_vanished_file
    late.acquire()
    assert len(calls) == 2
    with pytest.raises(SaveLocked):
        SaveLock(path).acquire()
    late.release()
    assert not late.lock_path.exists()


def _damaged(path: Path) -> None:
    path.write_text(path.read_text().replace('"format": "wartable-save"', '"format": 7'))


def test_save_errors_say_what_kind_of_problem(tmp_path: Path):
    path = tmp_path / "g.json"
    game = _short_game(path)
    game.save()
    text = path.read_text()
    _damaged(path)
    with pytest.raises(SaveError) as damaged:
        Game.load(path)
    assert damaged.value.kind == "damaged" and "Expected `str`, got `int`" in str(damaged.value)
    path.write_text(text.replace('"checksum": "', '"checksum": "0'))
    with pytest.raises(SaveError) as tampered:
        Game.load(path)
    assert tampered.value.kind == "replay"
    path.write_text(text.replace('"version": 2', '"version": 9', 1))
    with pytest.raises(SaveError) as newer:
        Game.load(path)
    assert newer.value.kind == "newer"
    path.write_text(text.replace('"ruleset": "eva"', '"ruleset": "chess"'))
    with pytest.raises(SaveError) as unknown:
        Game.load(path)
    assert unknown.value.kind == "system"


def test_a_previous_version_is_put_back_and_the_damaged_file_kept_aside(tmp_path: Path):
    from engine.record import damaged_path, previous_versions, restore_previous

    path = tmp_path / "g.json"
    game = _short_game(path)
    for _ in range(3):
        side = min(game.to_act())
        game.submit(side, game.ruleset.random_action(game.state, side, random.Random(1)))
    older = previous_versions(path)
    assert older == [tmp_path / "g.json.1", tmp_path / "g.json.2"]
    kept = {p.name: p.read_bytes() for p in older}
    _damaged(path)
    damaged = path.read_bytes()
    assert damaged_path(path).name == "g.json.damaged"
    aside = restore_previous(path, older[0])
    assert aside.name == "g.json.damaged" and aside.read_bytes() == damaged
    assert path.read_bytes() == kept["g.json.1"]
    assert {p.name: p.read_bytes() for p in older} == kept  # the previous versions stay
    Game.load(path)  # the game goes on from there
    _damaged(path)
    assert restore_previous(path, older[1]).name == "g.json.damaged-2"  # nothing overwritten
    assert (tmp_path / "g.json.damaged").read_bytes() == damaged
