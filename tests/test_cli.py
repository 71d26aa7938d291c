"""The headless commands: selfplay, replay, roster check (exit codes and output)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, encode_roster_file
from tui.cli import main

ROSTERS = Path(__file__).resolve().parent.parent / "engine" / "rulesets" / "eva" / "rosters"


def test_selfplay_prints_a_line_per_game_and_a_total(capsys):
    assert main(["selfplay", "--ruleset", "eva", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 4
    assert all(line.startswith(f"game {i + 1}: ") for i, line in enumerate(out[:3]))
    assert re.fullmatch(r"3 games, \d+ actions, 0 errors", out[-1])
    # deterministic in its seed
    assert main(["selfplay", "--ruleset", "eva", "--games", "3", "--seed", "1"]) == 0
    assert capsys.readouterr().out.strip().splitlines() == out


def test_selfplay_keeps_saves_that_replay(tmp_path: Path, capsys):
    assert main(["selfplay", "--games", "2", "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    capsys.readouterr()
    assert main(["replay", str(saves[0])]) == 0
    out = capsys.readouterr().out
    assert "verified:" in out and "Round 1 begins" in out


def test_replay_into_a_reader_that_stops_early_ends_quietly(tmp_path: Path):
    """``wartable replay SAVE | head -1``: no traceback, status 0."""
    assert main(["selfplay", "--games", "1", "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    save = next(tmp_path.glob("*.json"))
    code = "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "replay", str(save)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()  # the first line, then the reader goes away
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_selfplay_unknown_ruleset_is_an_error(capsys):
    assert main(["selfplay", "--ruleset", "nosuch"]) == 2
    assert "unknown ruleset" in capsys.readouterr().err


def test_replay_of_a_damaged_file_is_one_line_and_exit_1(tmp_path: Path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wartable-save", "version": 1, "ruleset"', encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "damaged" in err[0]


def test_replay_for_one_side_hides_the_other_sides_private_events(tmp_path: Path, capsys):
    main(["selfplay", "--games", "1", "--seed", "9", "--save-dir", str(tmp_path)])
    save = next(tmp_path.glob("*.json"))
    capsys.readouterr()
    main(["replay", str(save)])
    full = capsys.readouterr().out
    main(["replay", str(save), "--side", "1"])
    p1 = capsys.readouterr().out
    assert len(p1) < len(full)


def test_roster_check_accepts_the_legal_example_roster(capsys):
    """EVA-EX-16: the 985-point roster is legal."""
    assert main(["roster", "check", str(ROSTERS / "nerv-first-squad.json")]) == 0
    assert "valid eva roster" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ("n2", "EVA-17.1"),
        ("berserk", "EVA-17.8"),
        ("five", "EVA-17.4"),
        ("lance", "EVA-17.5"),
        ("pseudo", "EVA-17.8"),
    ],
)
def test_roster_check_reports_each_illegal_change_of_ex_16(tmp_path: Path, capsys, change, rule):
    """EVA-EX-16 illegal changes, each printed with its rule ID, exit 1."""
    data = json.loads((ROSTERS / "nerv-first-squad.json").read_text(encoding="utf-8"))
    evas = data["roster"]["evas"]
    e01, e00, e02 = evas
    if change == "n2":
        e02["weapons"].append({"code": "n2"})
    elif change == "berserk":
        e01["equipment"] = ["s2", "berserk"]
    elif change == "five":
        e02["weapons"] += [{"code": "knife"}, {"code": "pistol"}]
        e02["equipment"] = ["berserk"]
    elif change == "lance":
        e01["weapons"] = [{"code": "replica"}, {"code": "lance"}]
    elif change == "pseudo":
        e00["equipment"] = ["shield", "pseudo", "sync"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["roster", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{rule}:" in out


def test_roster_check_refuses_a_file_that_is_not_a_roster(tmp_path: Path, capsys):
    path = tmp_path / "x.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert main(["roster", "check", str(path)]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_roster_files_round_trip(tmp_path: Path, capsys):
    r = Roster(name="Тест 🚀", evas=[EvaEntry("Ева-1", [WeaponEntry("rifle", True)], 2, ["wings"])])
    path = tmp_path / "r.json"
    path.write_bytes(encode_roster_file(r))
    assert main(["roster", "check", str(path)]) == 0


@pytest.fixture
def restore_language():
    """``--lang`` switches the language of the whole process: back to English after."""
    from engine import i18n

    yield
    i18n.set_language("en")


def test_headless_commands_speak_the_language_of_lang(tmp_path: Path, capsys, restore_language):
    """``--lang ru``: the help, replay's header and last line, and roster check's verdict in
    Russian (plural forms for the counts); selfplay's lines stay a fixed format."""
    assert main(["--lang", "ru", "selfplay", "--games", "1", "--seed", "2", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("1 games, ") and out.splitlines()[-1].endswith(
        " actions, 0 errors"
    )
    save = next(tmp_path.glob("*.json"))
    assert main(["--lang", "ru", "replay", str(save)]) == 0
    lines = capsys.readouterr().out.splitlines()
    n = int(re.search(r"(\d+) действ", lines[0]).group(1))
    forms = ("действие", "действия", "действий")
    form = (
        forms[0]
        if n % 10 == 1 and n % 100 != 11
        else forms[1]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
        else forms[2]
    )
    assert lines[0] == f"Поигрушка по Еве: Игрок 1 — Игрок 2, {n} {form}"
    assert (
        lines[-1]
        == f"проверено: {n} {form}; нотация, все броски, снимок и итоговая контрольная сумма сходятся"
    )
    assert main(["--lang", "ru", "roster", "check", str(ROSTERS / "nerv-first-squad.json")]) == 0
    assert capsys.readouterr().out.strip().endswith(": ростер eva верен")
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "--help"])
    assert "язык интерфейса: en или ru" in capsys.readouterr().out


def test_replay_header_names_the_system_players_and_count(tmp_path: Path, capsys):
    """The first line of ``wartable replay``: system, players, number of actions."""
    assert main(["selfplay", "--games", "1", "--seed", "2", "--save-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(next(tmp_path.glob("*.json")))]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(r"EVA skirmish: Player 1 v Player 2, \d+ actions", first), first
