"""Maintain the translation catalogues: extract, update, compile, check.

Usage (from the repository root)::

    uv run python tools/i18n.py            # update every .po from the code, then compile the .mo files
    uv run python tools/i18n.py update     # only update the .po files
    uv run python tools/i18n.py compile    # only compile the .mo files
    uv run python tools/i18n.py check      # exit 1 if a .po is behind the code or a .mo behind its .po
    uv run python tools/i18n.py missing    # list the messages still untranslated (or fuzzy)

Messages are extracted with Babel, keywords ``_``, ``N_`` and ``ngettext``, into
one catalogue per *domain* (see :mod:`engine.i18n`):

* ``wartable`` (the core): ``engine/`` and ``tui/`` outside the systems' packages;
  ``engine/locale/<lang>/LC_MESSAGES/wartable.po``;
* ``<key>`` (one per system under ``engine/rulesets/``): ``engine/rulesets/<key>/``
  and ``tui/rulesets/<key>/``; ``engine/rulesets/<key>/locale/<lang>/LC_MESSAGES/<key>.po``.

Each ``.po`` has its compiled ``.mo`` beside it. Obsolete messages are dropped.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "engine" / "locale"
DOMAIN = "wartable"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
COMMENT_TAGS = ("TRANSLATORS:",)


def systems() -> list[str]:
    """The keys of the systems (packages under ``engine/rulesets/``), sorted."""
    base = ROOT / "engine" / "rulesets"
    return sorted(
        p.name
        for p in base.iterdir()
        if p.is_dir() and not p.name.startswith(("_", ".")) and (p / "__init__.py").exists()
    )


def domains() -> list[str]:
    """Every catalogue's domain: the core's, then one per system."""
    return [DOMAIN, *systems()]


def _sources(domain: str) -> Iterator[tuple[Path, str, list[tuple[str, str]]]]:
    """(folder, its path from the root, Babel method map) of each source of ``domain``."""
    if domain == DOMAIN:
        skip = [("rulesets/*/**", "ignore"), ("**.py", "python")]
        for source in ("engine", "tui"):
            yield ROOT / source, source, skip
    else:
        for source in (f"engine/rulesets/{domain}", f"tui/rulesets/{domain}"):
            if (ROOT / source).is_dir():
                yield ROOT / source, source, [("**.py", "python")]


def extract(domain: str = DOMAIN) -> Catalog:
    """Every message of ``domain``'s code, as a template catalogue (locations
    relative to the root)."""
    template = Catalog(project="Wartable", domain=domain, charset="utf-8")
    for folder, prefix, method_map in _sources(domain):
        for filename, lineno, message, comments, context in extract_from_dir(
            folder, method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS
        ):
            template.add(
                message,
                None,
                [(f"{prefix}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return template


def locale_dir(domain: str) -> Path:
    """The locale folder of ``domain``'s catalogues."""
    return LOCALE_DIR if domain == DOMAIN else ROOT / "engine" / "rulesets" / domain / "locale"


def languages() -> list[str]:
    """The shipped languages other than English (:data:`engine.i18n.LANGUAGES`)."""
    sys.path.insert(0, str(ROOT))
    from engine.i18n import LANGUAGES

    return [code for code in sorted(LANGUAGES) if code != "en"]


def po_path(domain: str, code: str) -> Path:
    """The ``.po`` of ``domain`` in language ``code`` (it may not exist yet)."""
    return locale_dir(domain) / code / "LC_MESSAGES" / f"{domain}.po"


def po_files() -> list[Path]:
    """Every ``.po`` catalogue: each domain in each shipped language other than
    English; they may not exist yet."""
    return [po_path(domain, code) for domain in domains() for code in languages()]


def domain_of(path: Path) -> str:
    """The domain of the catalogue at ``path``."""
    return path.stem


def read_catalog(path: Path) -> Catalog:
    """Read a ``.po`` file."""
    with path.open("rb") as fh:
        return read_po(fh, locale=path.parent.parent.name, domain=domain_of(path))


def po_bytes(catalog: Catalog) -> bytes:
    """The catalogue as ``.po`` bytes (sorted by message, without obsolete entries)."""
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
        include_lineno=False,
    )
    return out.getvalue()


def updated(path: Path, template: Catalog) -> Catalog:
    """The catalogue at ``path`` (new if missing) updated to ``template``."""
    lang = path.parent.parent.name
    catalog = (
        read_catalog(path)
        if path.exists()
        else Catalog(locale=lang, domain=domain_of(path), project="Wartable")
    )
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.header_comment = f"# {Locale.parse(lang).english_name} translation of Wartable.\n#"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Wartable"
    catalog.language_team = Locale.parse(lang).english_name
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled ``.mo`` of ``catalog`` (fuzzy entries left out, as gettext expects)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compiled_messages(data: bytes) -> dict[object, object]:
    """The (msgid -> msgstr) pairs of a ``.mo`` file, for comparing catalogues."""
    catalog = read_mo(io.BytesIO(data))
    return {_hashable(m.id): _hashable(m.string) for m in catalog if m.id}


def _hashable(value: object) -> object:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def cmd_update() -> None:
    templates = {domain: extract(domain) for domain in domains()}
    for path in po_files():
        template = templates[domain_of(path)]
        data = po_bytes(updated(path, template))
        if not path.exists() or _strip_date(path.read_bytes()) != _strip_date(data):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"updated {path.relative_to(ROOT)}")


def cmd_compile() -> None:
    for path in po_files():
        mo = path.with_suffix(".mo")
        data = mo_bytes(read_catalog(path))
        if not mo.exists() or compiled_messages(mo.read_bytes()) != compiled_messages(data):
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(ROOT)}")


def cmd_check() -> int:
    templates = {domain: extract(domain) for domain in domains()}
    bad = 0
    for path in po_files():
        template = templates[domain_of(path)]
        if not path.exists():
            print(f"{path.relative_to(ROOT)} is missing: run tools/i18n.py")
            bad += 1
            continue
        if _strip_date(path.read_bytes()) != _strip_date(po_bytes(updated(path, template))):
            print(f"{path.relative_to(ROOT)} is behind the code: run tools/i18n.py")
            bad += 1
        mo = path.with_suffix(".mo")
        if not mo.exists() or compiled_messages(mo.read_bytes()) != compiled_messages(
            mo_bytes(read_catalog(path))
        ):
            print(f"{mo.relative_to(ROOT)} is behind its .po: run tools/i18n.py compile")
            bad += 1
    return 1 if bad else 0


def cmd_missing() -> int:
    count = 0
    for path in po_files():
        for message in read_catalog(path):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                count += 1
                print(f"{path.parent.parent.name} {domain_of(path)}: {message.id!r}")
    return 1 if count else 0


def _strip_date(data: bytes) -> bytes:
    """A .po without its creation/revision dates, which change on every write."""
    return b"\n".join(
        line
        for line in data.splitlines()
        if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))
    )


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command == "update":
        cmd_update()
    elif command == "compile":
        cmd_compile()
    elif command == "check":
        return cmd_check()
    elif command == "missing":
        return cmd_missing()
    elif command == "all":
        cmd_update()
        cmd_compile()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
