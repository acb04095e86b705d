"""PDF score sheets need a Japanese font: `manage.py check` warns when WeasyPrint has none."""

from __future__ import annotations

import subprocess

import pytest
from django.core.checks import run_checks

from scoring import checks


def font_warnings() -> list[str]:
    return [m.id for m in run_checks() if m.id == "tenbou.W001"]


def test_no_warning_when_a_japanese_font_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "japanese_fonts", lambda: ["IPAexGothic"])
    assert font_warnings() == []


def test_warns_and_names_the_packages_when_no_japanese_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(checks, "japanese_fonts", lambda: [])
    assert font_warnings() == ["tenbou.W001"]
    (warning,) = checks.check_japanese_font()
    assert "fonts-ipaexfont-gothic" in warning.hint
    assert "fonts-noto-cjk" in warning.hint


def test_without_fontconfig_there_is_no_font(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError("fc-list")

    monkeypatch.setattr(subprocess, "run", missing)
    assert checks.japanese_fonts() == []


def test_fc_list_output_is_read_as_font_families(monkeypatch: pytest.MonkeyPatch) -> None:
    def fc_list(*args: object, **kwargs: object) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(args, 0, stdout="IPAexGothic,IPAexゴシック\n\n")

    monkeypatch.setattr(subprocess, "run", fc_list)
    assert checks.japanese_fonts() == ["IPAexGothic,IPAexゴシック"]
