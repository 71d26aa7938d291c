"""The rules summaries the Rules screen shows, one Markdown file per system and language.

A system's summary lives in its ruleset package as
``engine/rulesets/<key>/help/<lang>.md``. It is read as a plain file: the
ruleset itself is not imported. Its first ``# `` heading is the system's title
in that language.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["help_path", "read_help", "system_title"]


def _rulesets_root() -> Path:
    import engine.rulesets

    return Path(engine.rulesets.__file__).resolve().parent


def help_path(key: str, lang: str) -> Path:
    """Where the summary of system ``key`` in language ``lang`` is kept (may not exist)."""
    return _rulesets_root() / key / "help" / f"{lang}.md"


def read_help(key: str, lang: str) -> tuple[str, str] | None:
    """The summary of ``key`` as Markdown and the language it is in: ``lang`` if that
    file exists, else English; None when there is no summary at all."""
    for code in dict.fromkeys((lang, "en")):
        try:
            return help_path(key, code).read_text(encoding="utf-8"), code
        except (OSError, UnicodeDecodeError):
            continue
    return None


def system_title(key: str, lang: str) -> str:
    """The system's title from its summary's first ``# `` heading; ``key`` if none."""
    found = read_help(key, lang)
    if found is not None:
        for line in found[0].splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return key
