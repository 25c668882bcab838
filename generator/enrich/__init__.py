"""Stage 2, enrich: each paper gets what its page shows, derived from its input fields.

Takes the ``Paper`` records the readers made (``read``) and the taxonomy; gives them back
with the derived fields filled in (``model.Paper``): the abstract as text and as safe
HTML with MathML (``tex``), code and project links (``links``), title, coined name and
summary (``titles``), topics (``topics``), authors' keywords merged across the corpus
(``keywords``), and a stable id and slug. ``papers.enrich`` runs it all, from the cache
where it can; each paper is enriched on its own, so the caller may spread the work over
processes (``papers.PaperMap``).
"""

from .papers import PaperCache, PaperMap, enrich, enrich_one, paper_id

__all__ = ["PaperCache", "PaperMap", "enrich", "enrich_one", "paper_id"]
