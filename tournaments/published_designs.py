"""Seatings from the literature that neither a construction nor our search reaches: whole rounds.

Each entry is ``(players, table size): (zero_repeat_rounds, rounds)``, a round written as its
tables, a player as one character (``A``-``P`` then ``a``-``p`` for 32 players). The first
``zero_repeat_rounds`` rounds seat nobody with anyone twice; any rounds after them are the
fewest repeats counting allows past the bound. ``tests/tournaments/test_seating.py`` counts every
pair of every round here, so a typo cannot go unnoticed.

- 32 players at tables of four, 10 rounds without a repeat (the social golfer problem 8-4-10,
  CSPLib problem 10, solved by A. Aguado in 2004) and an 11th round that makes every pair meet
  at least once, with 32 repeated meetings: the fewest for 11 rounds, since each player then
  meets 33 opponents among 31. As published in the Wolfram Demonstrations Project, "Social
  Golfer Problem", and listed in the Dagstuhl-tables literature notes.
"""

from __future__ import annotations

PLAYER_LETTERS = "ABCDEFGHIJKLMNOPabcdefghijklmnop"

PUBLISHED_ROUNDS: dict[tuple[int, int], tuple[int, tuple[str, ...]]] = {
    (32, 4): (
        10,
        (
            "ABCD EFGH IJKL MNOP abcd efgh ijkl mnop",
            "AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO",
            "Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn",
            "AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN",
            "AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn",
            "AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP",
            "AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp",
            "AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm",
            "AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp",
            "AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo",
            "aAbB cCdD eEfF gGhH iIjJ kKlL mMnN oOpP",
        ),
    ),
}


def published_rounds(players: int, size: int) -> tuple[int, list[list[list[int]]]]:
    """(zero-repeat rounds, every round) of the published seating for this field, players
    numbered ``0 .. players - 1``; ``(0, [])`` when none is published."""
    entry = PUBLISHED_ROUNDS.get((players, size))
    if entry is None:
        return 0, []
    zero_repeat, rows = entry
    number = {letter: i for i, letter in enumerate(PLAYER_LETTERS)}
    return zero_repeat, [[[number[c] for c in table] for table in row.split()] for row in rows]
