"""The fixed split of a corpus in two: a half to tune heuristics on, and a half to judge them on.

Heuristics grown by reading papers fit those papers. Each record goes to a half by a hash of its
OpenReview id (of its abstract, for a record without one), so the split never changes with the
order of the file, the version of the code or the machine: tune titles and topics on ``tune``
only, and judge them on ``held-out``. ``python bench/split.py FILE.jsonl...`` prints how many
records each half holds, and the hash's first ids, for checking that two machines agree.

The term lists of ``generator/enrich/topics/topics.yml`` and the title rules were grown on all the
dev papers before this split was made (stop 26): the held-out half is unseen only for what was
tuned after it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TypeVar

TUNE = "tune"
HELD_OUT = "held-out"
HALVES = (TUNE, HELD_OUT)

# Changing the salt makes another split: never do it once figures are published with this one.
_SALT = "papersite split 2026-12"

Record = TypeVar("Record", bound=Mapping)


def half(record: Mapping) -> str:
    """Return the half a record belongs to: ``TUNE`` or ``HELD_OUT``."""
    key = record.get("openreview_id") or " ".join(str(record["abstract"]).split())
    digest = hashlib.sha256(f"{_SALT}\n{key}".encode()).digest()
    return TUNE if digest[0] % 2 == 0 else HELD_OUT


def halves(records: Iterable[Record]) -> dict[str, list[Record]]:
    """Return the records of each half, in their order."""
    out: dict[str, list[Record]] = {name: [] for name in HALVES}
    for record in records:
        out[half(record)].append(record)
    return out


def main(paths: list[str]) -> int:
    for name in paths:
        with Path(name).open(encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
        parts = halves(records)
        first = ", ".join(r.get("openreview_id", "?") for r in parts[TUNE][:3])
        print(f"{Path(name).name}: {len(parts[TUNE])} tune, {len(parts[HELD_OUT])} held-out (tune starts {first})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
