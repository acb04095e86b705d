"""The han, fu and limit buttons a ruleset offers a winner (worked out once per ruleset)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.display import limit_name
from scoring.engine import RecordError
from scoring.engine import Ruleset as Rules
from scoring.engine.points import VALID_FU, check_value, limit_units, remember
from scoring.engine.record import Win

# -- a hand --------------------------------------------------------------------------------

RESULTS = ("ron", "tsumo", "draw", "abortive", "nagashi", "chombo")
DORA_MAX = 20
DORA_CHOICES = 13  # the dora picker offers 0 to 12
AOTENJOU_HAN_MAX = 20


@dataclass(frozen=True)
class ValueChoice:
    """One value a winner can be given: ``h3`` (3 han) or ``y2`` (double yakuman).

    ``fu_ron``/``fu_tsumo``: the fu the engine accepts with it, ``None`` where fu is not asked.
    ``group``: the han that pay the same limit (満貫 5, 跳満 6-7 ...): one button for all.
    """

    code: str
    label: str
    sub: str = ""
    fu_ron: tuple[int, ...] | None = None
    fu_tsumo: tuple[int, ...] | None = None
    group: tuple[str, ...] = ()


def _accepted(rules: Rules, win: Win, tsumo: bool, honba: int) -> bool:
    try:
        check_value(rules, win, tsumo, honba, "result")
    except RecordError:
        return False
    return True


def _fu_for(rules: Rules, han: int, tsumo: bool, honba: int) -> tuple[int, ...] | None:
    if _accepted(rules, Win(0, han=han), tsumo, honba):
        return None
    return tuple(
        fu for fu in sorted(VALID_FU) if _accepted(rules, Win(0, han=han, fu=fu), tsumo, honba)
    )


def _han_max(rules: Rules) -> int:
    if rules.aotenjou is not None:
        return AOTENJOU_HAN_MAX
    last = rules.limits[-1][0]
    if rules.limits_beyond is not None:
        return last + 3 * rules.limits_beyond[0]
    return max(13, last)


def value_choices(rules: Rules, honba: int) -> list[ValueChoice]:
    """The han (with their fu) and yakuman the ruleset accepts at this honba, limits grouped.

    Worked out once per ruleset, minimum han and language (it probes the engine some 200 times),
    and kept in the ruleset's own memo.
    """
    key = ("value_choices", rules.min_han(honba), get_language())
    return list(remember(rules, key, lambda: _value_choices(rules, honba)))  # type: ignore[call-overload]


def _value_choices(rules: Rules, honba: int) -> tuple[ValueChoice, ...]:
    choices: list[ValueChoice] = []
    previous_units = 0.0
    for han in range(1, _han_max(rules) + 1):
        fu_ron, fu_tsumo = _fu_for(rules, han, False, honba), _fu_for(rules, han, True, honba)
        if fu_ron == () and fu_tsumo == ():
            continue  # below the minimum han here (二翻縛り ...)
        units = limit_units(rules, han) if rules.aotenjou is None else 0.0
        code = f"h{han}"
        if units and units == previous_units:
            last = choices[-1]
            choices[-1] = ValueChoice(
                last.code, last.label, last.sub, None, None, (*last.group, code)
            )
            continue
        previous_units = units
        if units:
            sub = _("%(han)s han") % {"han": han}
            choices.append(ValueChoice(code, limit_name(rules, han), sub, group=(code,)))
        else:
            choices.append(
                ValueChoice(code, _("%(han)s han") % {"han": han}, "", fu_ron, fu_tsumo, (code,))
            )
    return (*choices, *yakuman_choices(rules))


def yakuman_choices(rules: Rules) -> list[ValueChoice]:
    multiples = [1.0, 1.5, *range(2, int(rules.yakuman_max) + 1)]
    return [
        ValueChoice(
            f"y{multiple:g}",
            _("Yakuman") if multiple == 1 else _("%(n)s× yakuman") % {"n": f"{multiple:g}"},
            group=(f"y{multiple:g}",),
        )
        for multiple in multiples
        if multiple <= rules.yakuman_max
    ]
