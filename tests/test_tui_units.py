"""The app's plain helpers: folders, settings file, save listing, rules summaries, error log."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_tui_app import bad_files, fake_save

from engine.record import SaveError, decode_save
from tui import paths
from tui.cli import _build_parser
from tui.errors import ErrorLog
from tui.glyphs import ASCII, UNICODE
from tui.rulebook import help_path, read_help, system_title
from tui.saves import format_when, latest_save, list_saves, read_entry
from tui.settings import Settings, load_settings, save_settings


# -- folders -------------------------------------------------------------------
def test_saves_dir_prefers_the_option_then_local_saves_then_user_data(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    work = tmp_path / "work"
    work.mkdir()
    assert paths.saves_dir(cwd=work) == tmp_path / "data" / "wartable" / "saves"
    assert (tmp_path / "data" / "wartable" / "saves").is_dir()
    (work / "saves").mkdir()
    assert paths.saves_dir(cwd=work) == work / "saves"
    assert paths.saves_dir(tmp_path / "mine", cwd=work) == tmp_path / "mine"
    assert (tmp_path / "mine").is_dir()


def test_user_folders_follow_platformdirs(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert paths.settings_path() == tmp_path / "cfg" / "wartable" / "settings.json"
    assert paths.log_path().is_relative_to(tmp_path / "state")


def test_display_path_is_relative_inside_the_current_folder(tmp_path: Path) -> None:
    assert paths.display_path(tmp_path / "saves", cwd=tmp_path) == "saves"
    assert paths.display_path(Path("/"), cwd=tmp_path) == "/"


def test_cli_has_saves_lang_and_ascii_options() -> None:
    args = _build_parser().parse_args(["--saves", "games", "--lang", "ru", "--ascii"])
    assert args.saves == Path("games") and args.lang == "ru" and args.ascii


# -- settings ------------------------------------------------------------------
def test_settings_round_trip_and_defaults(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    assert load_settings(path) == (Settings(), None)
    save_settings(path, Settings(language="ru", glyphs="ascii"))
    assert load_settings(path) == (Settings(language="ru", glyphs="ascii"), None)


@pytest.mark.parametrize(
    "text", ["{not json", "[1, 2]", '{"language": "xx", "glyphs": "emoji"}', '{"language": 5}']
)
def test_bad_settings_give_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, _problem = load_settings(path)
    assert settings == Settings()
    assert path.read_text() == text


# -- saves ---------------------------------------------------------------------
def test_listing_marks_unusable_files_with_the_engine_reason(tmp_path: Path) -> None:
    fake_save(tmp_path / "a.json", updated="2025-01-01T10:00:00+00:00")
    fake_save(tmp_path / "b.json", updated="2025-02-01T10:00:00+00:00", finished=True)
    fake_save(tmp_path / "c.json", ruleset="ballistic")
    files = bad_files(tmp_path)
    (tmp_path / ".hidden.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("not a save")
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
    entries = list_saves(tmp_path, ["eva"])
    assert [e.name for e in entries] == [
        "b.json",
        "a.json",
        "c.json",
        "damaged.json",
        "empty.json",
        "foreign.json",
        "newer.json",
    ]
    for e in entries:
        if e.name in files:
            with pytest.raises(SaveError) as err:
                decode_save(files[e.name])
            assert e.reason == str(err.value) and not e.usable
    assert "ballistic" in entries[2].reason
    assert latest_save(entries).name == "a.json"  # b is finished: the running game comes first
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()} == before


def test_listing_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nope", ["eva"]) == []
    assert latest_save([]) is None


def test_reading_a_save_header_is_fast(tmp_path: Path) -> None:
    path = fake_save(tmp_path / "a.json")
    t0 = time.perf_counter()
    for _ in range(200):
        read_entry(path, ["eva"])
    assert (time.perf_counter() - t0) / 200 < 0.005


def test_format_when_uses_local_time(monkeypatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        assert format_when("2025-03-01T14:30:00+00:00") == "2025-03-01 14:30"
        assert format_when("", 0.0) == ""
        assert format_when("garbage", 86400.0) == "1970-01-02 00:00"
    finally:
        monkeypatch.undo()
        time.tzset()


# -- rules summaries -------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_eva_summary_exists_cites_rule_ids_and_has_a_title(lang: str) -> None:
    text, used = read_help("eva", lang)
    assert used == lang
    for rule in ("EVA-3.2", "EVA-6.4", "EVA-10.5", "EVA-12.7", "EVA-13.3", "EVA-18", "EVA-5.9"):
        assert rule in text
    assert system_title("eva", lang) == ("EVA skirmish" if lang == "en" else "Поигрушка по Еве")


def test_a_system_without_summary_falls_back() -> None:
    assert read_help("no-such-system", "ru") is None
    assert system_title("no-such-system", "en") == "no-such-system"
    assert help_path("eva", "en").name == "en.md"


# -- glyphs, error log -------------------------------------------------------------
def test_glyph_sets_are_single_cell_and_ascii_is_ascii() -> None:
    import unicodedata

    for g in (UNICODE, ASCII):
        for ch in (g.pointer, g.ok, g.bad, g.bullet):
            assert len(ch) == 1 and unicodedata.east_asian_width(ch) not in ("A", "W", "F")
    assert all(ord(c) < 128 for c in ASCII.pointer + ASCII.ok + ASCII.bad + ASCII.bullet)


def test_error_log_appends_tracebacks_and_falls_back(tmp_path: Path, monkeypatch) -> None:
    log = ErrorLog(tmp_path / "logs" / "wartable.log")
    try:
        raise RuntimeError("first")
    except RuntimeError as exc:
        assert log.write(exc, "testing") == tmp_path / "logs" / "wartable.log"
    text = (tmp_path / "logs" / "wartable.log").read_text()
    assert "Traceback" in text and "RuntimeError: first" in text and "testing" in text
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    os.makedirs(tmp_path / "tmp")
    assert ErrorLog(blocked / "x.log").write(ValueError("second")) == tmp_path / "tmp" / "wartable-errors.log"
