"""Tenhou (天鳳) game logs to ``tenbou-game/1`` records.

Two formats, four or three players: Tenhou's own mjlog XML (``mjlog``) and the tenhou.net/6
JSON of its web log viewer and most log tools (``tenhou6``). ``log_to_record`` tells them
apart by their first character; ``log_text`` turns an uploaded file (gzipped as Tenhou serves
``.mjlog`` files, or not) into that text. The record keeps only what the table would have
written down: who paid a riichi stick, and how each hand ended, with each win's value. Amounts
are never copied from the log: the engine recomputes them under the ``tenhou`` or
``tenhou_sanma`` preset, and the oracle tests compare its scores with the log's.
"""

from __future__ import annotations

import datetime
import gzip
import io
import re
import zlib

from .common import Game, Record, TenhouLogError, game_record, replay_difference
from .mjlog import mjlog_to_record, read_mjlog
from .tenhou6 import read_tenhou6, tenhou6_to_record

__all__ = [
    "Game",
    "TenhouLogError",
    "game_record",
    "log_date",
    "log_text",
    "log_to_record",
    "mjlog_to_record",
    "read_log",
    "replay_difference",
    "tenhou6_to_record",
]

GZIP_MAGIC = b"\x1f\x8b"
LOG_LINK = re.compile(r"(https?://)?(www\.)?tenhou\.net/\S*log=", re.IGNORECASE)
# A Tenhou game's id starts with when it began (Japan time): 2024010120gm-00b9-0000-e324b88a.
GAME_ID_DATE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})\d{2}gm-[0-9a-f]{4}-")
MAX_TEXT_BYTES = 20_000_000  # a whole game is some 100 KB; more is no log (or a zip bomb)


def log_to_record(text: str) -> Record:
    """The record of a Tenhou log in either format, told by its first character."""
    return game_record(read_log(text))


def read_log(text: str) -> Game:
    """The facts of a Tenhou log in either format (``game_record`` makes its record, and
    ``replay_difference`` checks a replay against the log's own figures)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    start = stripped[:1]
    if start == "{":
        return read_tenhou6(text)
    if start == "<":
        return read_mjlog(text)
    if LOG_LINK.match(stripped):
        raise TenhouLogError(
            "a link to a Tenhou log, not the log: Tenbou does not fetch it (clubs are often "
            "offline); download the log and upload the file",
            code="log_link",
            params={},
        )
    raise TenhouLogError(
        "not a Tenhou log: neither mjlog XML (<mjloggm>) nor tenhou.net/6 JSON ({...})",
        code="log_format",
        params={},
    )


def log_text(data: bytes) -> str:
    """An uploaded log's text: gunzipped where it is gzip (Tenhou's ``.mjlog``), UTF-8."""
    if data.startswith(GZIP_MAGIC):
        try:
            data = _gunzip(data)
        except (OSError, EOFError, zlib.error):
            raise TenhouLogError(
                "the gzip file is damaged or cut short",
                code="log_damaged",
                params={"line": 1, "column": 1},
            ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TenhouLogError(
            "not a Tenhou log: the file is not UTF-8 text", code="log_format", params={}
        ) from None


def _gunzip(data: bytes) -> bytes:
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        text = stream.read(MAX_TEXT_BYTES + 1)
    if len(text) > MAX_TEXT_BYTES:
        raise TenhouLogError(
            f"the unpacked file is larger than {MAX_TEXT_BYTES} bytes: no game log"
        )
    return text


def log_date(text: str, file_name: str = "") -> datetime.date | None:
    """The day the game was played, from its Tenhou id: in a JSON log's ``ref``, else in the
    file's name (Tenhou names its logs by the id); None where neither carries one."""
    for place in (text[:4000] if text.lstrip()[:1] == "{" else "", file_name):
        found = GAME_ID_DATE.search(place)
        if found is not None:
            try:
                return datetime.date(*(int(part) for part in found.groups()))
            except ValueError:
                continue
    return None
