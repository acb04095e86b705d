"""Seatings from the literature that neither a construction nor our search reaches: whole rounds.

Each entry is ``(players, table size): (zero_repeat_rounds, alphabet, rounds)``, a round
written as its tables, a player as one character of ``alphabet`` (player ``i`` is its ``i``-th
character). The first ``zero_repeat_rounds`` rounds seat nobody with anyone twice; any rounds
after them are the fewest repeats counting allows past the bound.
``tests/tournaments/test_seating.py`` counts every pair of every round here, so a typo cannot
go unnoticed.

- 32 players at tables of four, 10 rounds without a repeat (the social golfer problem 8-4-10,
  CSPLib problem 10, solved by A. Aguado in 2004) and an 11th round that makes every pair meet
  at least once, with 32 repeated meetings: the fewest for 11 rounds, since each player then
  meets 33 opponents among 31. As published in the Wolfram Demonstrations Project, "Social
  Golfer Problem", and listed in the Dagstuhl-tables literature notes.
- 21 players at tables of three over 10 rounds, and 33 over 16: Kirkman triple systems (every
  pair meets exactly once), as published there too (21 in the Wolfram Demonstrations Project;
  33 in the survey of resolvable designs the notes cite).
"""

from __future__ import annotations

PUBLISHED_ROUNDS: dict[tuple[int, int], tuple[int, str, tuple[str, ...]]] = {
    (21, 3): (
        10,
        "ABCDEFGHIJKLMNOPQRSTU",
        (
            "ABF EGM DKR INP CJT HOU LQS",
            "DEJ HIK BNO AQR CLU FMS GPT",
            "AHL JKO EIQ CNR BGS DMT FPU",
            "BCD FHN ELP GOQ AKT IMU JRS",
            "EFK GIL CMO BPR AJU DNS HQT",
            "BIJ KLM FGR AOP CHS ENT DQU",
            "ACE DIO FJQ HMR BLT GNU KPS",
            "DFL GHJ AMN CPQ BKU EOS IRT",
            "CGK JLN DHP BMQ AIS FOT ERU",
            "STU ADG BEH CFI JMP KNQ LOR",
        ),
    ),
    (33, 3): (
        16,
        "0123456789ABCDEFGHIJKLMNOPQRSTUVW",
        (
            "0GW 1AF 2MN 359 4CT 67I 8RU BEO DKS HQV JLP",
            "1HW 2BG 3NO 46A 5DU 78J 9SV CFP ELT 0IR KMQ",
            "2IW 3CH 4OP 57B 6EV 89K 0AT DGQ FMU 1JS LNR",
            "3JW 4DI 5PQ 68C 07F 9AL 1BU EHR GNV 2KT MOS",
            "4KW 5EJ 6QR 79D 18G ABM 2CV FIS 0HO 3LU NPT",
            "5LW 6FK 7RS 8AE 29H BCN 03D GJT 1IP 4MV OQU",
            "6MW 7GL 8ST 9BF 3AI CDO 14E HKU 2JQ 05N PRV",
            "7NW 8HM 9TU ACG 4BJ DEP 25F ILV 3KR 16O 0QS",
            "8OW 9IN AUV BDH 5CK EFQ 36G 0JM 4LS 27P 1RT",
            "9PW AJO 0BV CEI 6DL FGR 47H 1KN 5MT 38Q 2SU",
            "AQW BKP 01C DFJ 7EM GHS 58I 2LO 6NU 49R 3TV",
            "BRW CLQ 12D EGK 8FN HIT 69J 3MP 7OV 5AS 04U",
            "CSW DMR 23E FHL 9GO IJU 7AK 4NQ 08P 6BT 15V",
            "DTW ENS 34F GIM AHP JKV 8BL 5OR 19Q 7CU 026",
            "EUW FOT 45G HJN BIQ 0KL 9CM 6PS 2AR 8DV 137",
            "FVW GPU 56H IKO CJR 1LM ADN 7QT 3BS 09E 248",
        ),
    ),
    (32, 4): (
        10,
        "ABCDEFGHIJKLMNOPabcdefghijklmnop",
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
    zero_repeat, alphabet, rows = entry
    number = {letter: i for i, letter in enumerate(alphabet)}
    return zero_repeat, [[[number[c] for c in table] for table in row.split()] for row in rows]
