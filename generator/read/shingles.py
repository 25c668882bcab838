"""An abstract's wording as its runs of three words (shingles), and when two abstracts are near copies.

Shared by the reader, which names near-duplicate abstracts (``duplicates``), and the ledger of
addresses, which knows an edited abstract for its paper's (``plan.permalinks``): both call two
abstracts near copies at the same share of shingles, ``NEAR_COPY``.
"""

from __future__ import annotations

import re

#: The share of three-word shingles two abstracts have in common from which they are near copies:
#: an edit of a few words keeps at least 0.66; two papers that open alike share at most 0.47
#: (bench/near_copy.py, README).
NEAR_COPY = 0.6

#: Words per shingle.
SHINGLE = 3
# Words are what ``\w+`` finds in the case-folded text, read as UTF-8 bytes: splitting bytes
# on a table of the ASCII bytes that are not word characters takes half the time of the
# regular expression, which matters to ``read.duplicates`` (two million words at 10,000
# papers). Non-ASCII characters that are not word characters are made spaces first.
_NOT_WORD = re.compile(r"[^\w\x00-\x7f]+")
_SPACES = bytes(byte if chr(byte).isalnum() or byte == ord("_") or byte > 0x7F else 0x20 for byte in range(256))


def words(text: str) -> list[bytes]:
    """Return the words shingles are made of, in UTF-8: runs of word characters (``\\w``), case-folded."""
    text = text.casefold()
    if not text.isascii():
        text = _NOT_WORD.sub(" ", text)
    return text.encode().translate(_SPACES).split()
