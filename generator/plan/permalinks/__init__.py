"""Permanent addresses: the ledger of where each paper's page is (``permalinks.json``).

``ledger`` reads and writes the file; ``place`` gives each paper of a run its entry (its
permanent id, address, BibTeX key and feed id) and retires the entries of papers that left;
``sketch`` tells an edited abstract from another paper's.
"""

from .ledger import Entry, Ledger, load, save
from .place import NEAR_COPY, Placed, Previous, check_retirement, place

__all__ = ["NEAR_COPY", "Entry", "Ledger", "Placed", "Previous", "check_retirement", "load", "place", "save"]
