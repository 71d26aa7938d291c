"""The translation catalogues: the compiled .mo matches its .po, and the app's strings are translated."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.i18n import translations

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _tool()


def test_compiled_catalogues_match_their_sources(tool) -> None:
    files = tool.po_files()
    assert files, "no catalogue"
    for po in files:
        mo = po.with_suffix(".mo")
        assert mo.exists(), f"{mo} is missing"
        expected = tool.compiled_messages(tool.mo_bytes(tool.read_catalog(po)))
        assert tool.compiled_messages(mo.read_bytes()) == expected, f"{mo.name} is behind {po.name}"


def test_russian_has_three_plural_forms(tool) -> None:
    for catalog in _catalogues(tool):
        assert catalog.num_plurals == 3, catalog.domain
    t = translations("ru")
    forms = [
        t.ngettext("{n} saved game in {folder}", "{n} saved games in {folder}", n) for n in (1, 3, 5, 21, 11)
    ]
    assert forms == [
        "{n} сохранённая игра в {folder}",
        "{n} сохранённые игры в {folder}",
        "{n} сохранённых игр в {folder}",
        "{n} сохранённая игра в {folder}",
        "{n} сохранённых игр в {folder}",
    ]


def _catalogues(tool) -> list:
    """Every Russian catalogue (the core's and each system's), read."""
    return [tool.read_catalog(tool.po_path(domain, "ru")) for domain in tool.domains()]


def test_every_system_has_its_own_catalogue(tool) -> None:
    """The core's messages are in wartable.po and each system's in its own package
    (engine/rulesets/<key>/locale), so a system is added with its folder alone."""
    assert tool.domains()[0] == "wartable"
    assert {"eva", "sixchances"} <= set(tool.domains())
    for domain in tool.domains():
        assert tool.po_path(domain, "ru").exists(), domain
    core = {m.id for m in tool.extract("wartable") if m.id}
    eva = {m.id for m in tool.extract("eva") if m.id}
    assert "Kneel/stand" in eva and "Kneel/stand" not in core
    assert "Player {n}" in core


def test_every_message_is_translated_into_russian(tool) -> None:
    """Every message the extraction finds in engine/ and tui/ (every system's events,
    refusals, roster problems, catalogue names, save and roster-file errors, and the
    interface) has a Russian translation in its domain's .po."""
    missing = []
    for domain in tool.domains():
        template = tool.extract(domain)
        catalog = tool.read_catalog(tool.po_path(domain, "ru"))
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id)
            strings = (
                ()
                if found is None
                else (found.string if isinstance(found.string, tuple) else (found.string,))
            )
            if found is None or found.fuzzy or not strings or not all(strings):
                missing.append((domain, message.id))
    assert missing == []


def test_a_message_in_two_catalogues_reads_the_same(tool) -> None:
    """A message that the core and a system both use has one translation: the core's
    is found first, so a different one in the system's would never be shown."""
    seen: dict = {}
    differ = []
    for catalog in _catalogues(tool):
        for message in catalog:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else tuple(message.id)
            string = message.string if isinstance(message.string, str) else tuple(message.string)
            if key in seen and seen[key] != string:
                differ.append(key)
            seen.setdefault(key, string)
    assert differ == []


def test_translations_keep_the_placeholders(tool) -> None:
    """A translation names exactly the placeholders of its message (a plural form may
    leave out the count), so formatting never fails in Russian."""
    import string

    def fields(text: str) -> set[str]:
        return {f for _t, f, _s, _c in string.Formatter().parse(text) if f is not None}

    bad = []
    for message in (m for catalog in _catalogues(tool) for m in catalog):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = fields(ids[-1])
        for text in strings:
            got = fields(text)
            if got != expected and not (len(ids) > 1 and got <= expected):
                bad.append(ids[0])
    assert bad == []


def _russian_texts(tool) -> list[str]:
    """Every Russian text: the catalogue's translations and the help files."""
    texts = []
    for message in (m for catalog in _catalogues(tool) for m in catalog):
        if message.id:
            texts += message.string if isinstance(message.string, tuple) else [message.string]
    texts += [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("engine/rulesets/*/help/ru.md"))]
    return texts


def test_russian_writes_yo_in_every_word_that_has_it(tool) -> None:
    """No Russian word is written both with ё and with е (жёлтое, зелёное, Копьё
    everywhere); все and всё are two words."""
    import re

    words = {w.lower() for text in _russian_texts(tool) for w in re.findall(r"[а-яёА-ЯЁ]+", text)}
    both = sorted(w for w in words if "ё" in w and w.replace("ё", "е") in words and w != "всё")
    assert both == []
    assert {"жёлтое", "зелёное", "копьё"} <= words


def test_ranges_are_written_with_an_en_dash(tool) -> None:
    """A range of numbers or columns is written 1–3, A–T in English and Russian
    texts (messages and help); a hyphen stays in notation such as E4-B6."""
    import re

    texts = _russian_texts(tool) + [
        m.id if isinstance(m.id, str) else m.id[0] for catalog in _catalogues(tool) for m in catalog if m.id
    ]
    texts += [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("engine/rulesets/*/help/en.md"))]
    hyphen = re.compile(r"(?<![\w.-])(\d+-\d+|[A-Ta-t]-[A-Ta-t])(?![\w.-])")
    assert [m.group(0) for text in texts for m in hyphen.finditer(text)] == []


def test_russian_kneel_and_empty_hands_wording() -> None:
    """The kneel key reads «Колено/встать» (short enough for the footer at 80 columns; the texts use the glossary's «подняться с колена»); an Eva with nothing in hand «В руках: ничего»."""
    t = translations("ru")
    assert t.gettext("Kneel/stand") == "Колено/встать"
    assert t.gettext("Holds: empty hands") == "В руках: ничего"
    assert t.gettext("{unit} stands up.") == "{unit} поднимается с колена."
