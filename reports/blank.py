"""The blank score sheet of a ruleset: paper to keep score on when the tablet dies (白紙の点数表).

One A4 page: lines for the date, the table and each seat's name, a row per hand (round, honba,
sticks, result, value, each seat's change and running total), the settlement to fill in, and
the ruleset's key numbers as the ruleset page puts them in words (``clubs.ruleset_words``), with
a few common hands' payments from the editor's preview (``clubs.ruleset_preview``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

from clubs.models import Ruleset
from clubs.ruleset_fields import FIELDS, OptionFields
from clubs.ruleset_preview import hand_values, settlement
from clubs.ruleset_words import WINDS, Line, OptionWords, number_words, option_label, option_lines
from reports.qr import page_url
from reports.render import PORTRAIT, render_pdf
from scoring.engine import Ruleset as Rules
from scoring.engine import ruleset_from_spec

SEAT_WINDS = ("E", "S", "W", "N")
HAND_ROWS_PER_WIND = 10  # a hanchan (東南) gets 20 rows: its 8 hands and room for renchan

# The options printed on the sheet; for an object option, the keys of it that players need at
# the table (None: every key).
KEY_OPTIONS: dict[str, tuple[str, ...] | None] = {
    "start_points": None,
    "return_points": None,
    "uma": None,
    "rounding": ("mode",),
    "tobi": ("enabled", "bonus"),
    "honba": None,
    "riichi": ("deposit",),
    "chombo": ("payment", "amount"),
    "multiple_ron": None,
}


def blank_sheet_pdf(ruleset: Ruleset, language: str | None = None, site: str = "") -> bytes:
    """The ruleset's blank score sheet as PDF bytes; the ruleset must have a version. A game not
    begun has no page yet: the code opens the ruleset's on ``site``, the sheet's rules in full."""
    version = ruleset.current_version()
    if version is None:
        raise ValueError(f"Ruleset {ruleset.pk} has no version yet.")
    url = page_url(site, "clubs:ruleset", ruleset.club.slug, ruleset.pk)
    with translation.override(language or translation.get_language()):
        return render_pdf(
            "reports/blank_sheet.html",
            {
                **sheet_context(version.options),
                "page_url": url,
                "page_label": gettext("The rules in full"),
            },
            title=gettext("Blank score sheet: %(name)s") % {"name": ruleset.name},
            club_name=ruleset.club.name,
            orientation=PORTRAIT,
        )


def sheet_context(options: Mapping[str, Any]) -> dict[str, Any]:
    rules = ruleset_from_spec(dict(options))
    return {
        "winds": [str(WINDS[wind]) for wind in SEAT_WINDS[: rules.players]],
        "date_span": 2 * rules.players - 3,  # the date's line fills what the table's leaves
        "start_points": number_words(rules.start_points),
        "start_label": option_label(_fields("start_points").option),
        "hand_rows": range(1, HAND_ROWS_PER_WIND * len(rules.rounds) + 1),
        "settlement_rows": _settlement_rows(),
        "key_numbers": key_numbers(rules, options),
        "hands": hand_values(rules, options),
    }


def _settlement_rows() -> list[str]:
    return [
        gettext("Final score"),
        gettext("Rank"),
        gettext("Uma"),
        gettext("Oka"),
        gettext("Points"),
    ]


def key_numbers(rules: Rules, options: Mapping[str, Any]) -> list[OptionWords]:
    """The key options in the ruleset page's words, each with only the keys the table needs;
    the oka (not an option: it follows from the start and return points) after the uma."""
    found = [
        OptionWords(option_label(_fields(name).option), _key_lines(_fields(name), options, keys))
        for name, keys in KEY_OPTIONS.items()
    ]
    oka = gettext("Oka")
    found.insert(
        list(KEY_OPTIONS).index("uma") + 1,
        OptionWords(oka, [Line(oka, settlement(rules).oka_total)]),
    )
    return found


def _key_lines(
    fields: OptionFields, options: Mapping[str, Any], keys: tuple[str, ...] | None
) -> list[Line]:
    lines = option_lines(fields, options)
    if keys is None or len(lines) != len(fields.leaves):  # every key, or "Not used"
        return lines
    if fields.option.name == "chombo" and options["chombo"]["payment"] != "each":
        keys = ("payment",)  # the amount only counts when a fixed amount is paid
    return [line for line, leaf in zip(lines, fields.leaves, strict=True) if leaf.path[-1] in keys]


def _fields(name: str) -> OptionFields:
    return next(fields for fields in FIELDS if fields.option.name == name)
