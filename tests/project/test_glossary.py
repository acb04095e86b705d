"""One word for each thing: no Japanese translation or template uses a word that
``docs/glossary.md`` sets aside for another (ペナルティ where Tenbou says 罰則, 選手 where it says
プレイヤー ...), so the same thing reads the same on every page and in every PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "scoring", "standings", "reports", "tournaments", "backups", "templates")
# The word not used -> the glossary's word for the same thing.
NOT_USED = {
    "選手": "プレイヤー (or 参加者 in a tournament)",
    "ペナルティ": "罰則",
    "飛び": "トビ",
    "リーチ": "立直",
    "アガリ": "和了",
    "振り込み": "放銃",
    "テンパイ": "聴牌",
    "ゲーム": "対局",
    "最終持ち点": "素点",
    "精算ポイント": "ポイント",
    "ルールセット": "ルール",
    "順位表": "成績表",
    "トーナメント": "大会",
    "ラウンド": "回戦",
    "テーブル": "卓",
    "ふりがな": "よみがな",
    "ログ(?!イン|アウト)": "変更履歴",
}
PATTERN = re.compile("|".join(f"(?:{word})" for word in NOT_USED))


def translations() -> list[Path]:
    apps = sorted(ROOT.glob("*/locale/ja/LC_MESSAGES/django.po"))
    return [*apps, ROOT / "locale/ja/LC_MESSAGES/django.po"]


def templates() -> list[Path]:
    return sorted(
        path for app in APPS for path in (ROOT / app).rglob("*") if path.suffix in (".html", ".txt")
    )


def japanese_strings(path: Path) -> list[str]:
    """The Japanese a reader sees: a catalogue's msgstr, or a template's text as written."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".po":
        return [re.sub(r"\{#.*?#\}", "", text)]
    return re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', text, flags=re.MULTILINE)


def test_the_glossary_lists_every_word_this_test_refuses() -> None:
    glossary = (ROOT / "docs/glossary.md").read_text(encoding="utf-8")
    for word, instead in NOT_USED.items():
        assert re.search(word, glossary), word
        assert instead.split()[0] in glossary, instead


def instead(found: str) -> str:
    return next(word for pattern, word in NOT_USED.items() if re.fullmatch(pattern, found))


@pytest.mark.parametrize(
    "path", translations() + templates(), ids=lambda path: str(path.relative_to(ROOT))
)
def test_no_page_uses_a_word_the_glossary_sets_aside(path: Path) -> None:
    found = [
        f"{match.group(0)} (say {instead(match.group(0))}) in {text.strip()[:80]!r}"
        for text in japanese_strings(path)
        for match in PATTERN.finditer(text)
    ]
    assert not found, "\n".join(found)
