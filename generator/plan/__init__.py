"""Stage 3, plan: the corpus-wide steps, and what pages the site has.

Takes the enriched papers and the taxonomy; gives the related papers of each paper
(``related``), BibTeX keys and entries and Scholar tags (``cite``), counts and charts per
topic and year (``trends``), the quality report (``report``), and the page plan: one
``spec.PageSpec`` per page, for the paper pages, topic and year lists (``listings``),
indexes, trends, home and report (``pages``); and each paper's permanent address, BibTeX
key and feed id, from the ledger of addresses it keeps with the input (``permalinks``).
Nothing here renders or writes pages.

Its modules are imported one by one, not from here: related papers need numpy and scipy
(a quarter of a second to import), which a rerun with nothing to do never loads.
"""

__all__ = ["cite", "listings", "pages", "permalinks", "related", "report", "spec", "trends"]
