"""Take a snapshot.bin apart and put it back together (the layout is in widgets/startup.js), to
make the damaged and mismatched snapshots the tests feed to the Node runner and the browser."""

from __future__ import annotations

import gzip
import json
from typing import Any

MAGIC = b"SOMERSET-SNAPSHOT-2\n"


def _pad16(n: int) -> int:
    return -(-n // 16) * 16


def layout(raw: bytes | bytearray) -> dict[str, Any]:
    """The key, and where the page table and the pages begin, in a decompressed snapshot.bin."""
    assert raw.startswith(MAGIC), "not a snapshot.bin"
    n = int.from_bytes(raw[len(MAGIC):len(MAGIC) + 4], "little")
    table_at = _pad16(len(MAGIC) + 4 + n)
    count = int.from_bytes(raw[table_at + 8:table_at + 12], "little")
    return {"key": json.loads(raw[len(MAGIC) + 4:len(MAGIC) + 4 + n]), "table_at": table_at,
            "data_at": _pad16(table_at + 12 + 4 * count)}


def rekey(raw: bytes, **changes: Any) -> bytes:
    """The same snapshot with some fields of its key changed."""
    where = layout(raw)
    text = json.dumps({**where["key"], **changes}).encode()
    head = MAGIC + len(text).to_bytes(4, "little") + text
    return head + bytes(_pad16(len(head)) - len(head)) + bytes(raw[where["table_at"]:])


def other_build(raw: bytes) -> bytes:
    """The same snapshot, its key intact, but with another Pyodide build id in Pyodide's own header
    (bytes 16 to 48 of the memory, the first page), which Pyodide itself refuses."""
    at = layout(raw)["data_at"] + 20
    return bytes(raw[:at]) + bytes([raw[at] ^ 0xFF]) + bytes(raw[at + 1:])


def changed(packed: bytes, change: Any) -> bytes:
    """snapshot.bin (gzip-compressed) after change(decompressed bytes) -> bytes."""
    return gzip.compress(change(gzip.decompress(packed)), compresslevel=1)
