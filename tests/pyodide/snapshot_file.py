"""Take a snapshot.bin apart and put it back together (the layout is in widgets/engine/snapshot.js), to
make the damaged and mismatched snapshots the tests feed to the Node runner and the browser."""

from __future__ import annotations

import json
from typing import Any

import zstandard

MAGIC = b"SOMERSET-SNAPSHOT-3\n"


def _pad16(n: int) -> int:
    return -(-n // 16) * 16


def layout(raw: bytes | bytearray) -> dict[str, Any]:
    """The key, and where the page table, the list of the runtime's pages and the pages begin, in a
    decompressed snapshot.bin."""
    assert raw.startswith(MAGIC), "not a snapshot.bin"
    n = int.from_bytes(raw[len(MAGIC):len(MAGIC) + 4], "little")
    table_at = _pad16(len(MAGIC) + 4 + n)
    count = int.from_bytes(raw[table_at + 8:table_at + 12], "little")
    runtime_at = table_at + 12 + 4 * count
    runtime_count = int.from_bytes(raw[runtime_at + 4:runtime_at + 8], "little")
    return {"key": json.loads(raw[len(MAGIC) + 4:len(MAGIC) + 4 + n]), "table_at": table_at,
            "runtime_at": runtime_at, "runtime_count": runtime_count,
            "data_at": _pad16(runtime_at + 8 + 4 * runtime_count)}


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


def unpacked(packed: bytes) -> bytes:
    """A snapshot.bin (Zstandard-compressed, as the site serves it) decompressed."""
    return zstandard.ZstdDecompressor().decompress(packed)


def changed(packed: bytes, change: Any) -> bytes:
    """snapshot.bin (Zstandard-compressed) after change(decompressed bytes) -> bytes."""
    return zstandard.ZstdCompressor(level=1).compress(change(unpacked(packed)))


def other_runtime_page(raw: bytes) -> bytes:
    """The same snapshot, whose list of the pages taken from the runtime names the page after its
    last one instead of that one (still in order): the runtime fills a page it should not, which
    the runtime pages' hash in the key catches."""
    where = layout(raw)
    assert where["runtime_count"] >= 1, "the snapshot takes no page from the runtime"
    at = where["runtime_at"] + 8 + 4 * (where["runtime_count"] - 1)
    last = int.from_bytes(raw[at:at + 4], "little")
    return bytes(raw[:at]) + (last + 1).to_bytes(4, "little") + bytes(raw[at + 4:])
