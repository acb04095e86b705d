"""System checks for what the score sheets need from the machine."""

from __future__ import annotations

import subprocess

from django.core.checks import Warning, register

FONT_PACKAGES = "fonts-ipaexfont-gothic (or fonts-noto-cjk)"


def japanese_fonts() -> list[str]:
    """Fonts that fontconfig (and so WeasyPrint) can use for Japanese; none if it is missing."""
    try:
        found = subprocess.run(
            ["fc-list", ":lang=ja", "family"], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [line for line in found.stdout.splitlines() if line.strip()]


@register
def check_japanese_font(app_configs: object = None, **kwargs: object) -> list[Warning]:
    """Without a Japanese font, PDF score sheets print names and terms as empty boxes (tofu)."""
    if japanese_fonts():
        return []
    return [
        Warning(
            "No Japanese font is available to WeasyPrint: PDF score sheets would show "
            "Japanese text as empty boxes.",
            hint=f"Install a Japanese font: apt-get install {FONT_PACKAGES}.",
            id="tenbou.W001",
        )
    ]
