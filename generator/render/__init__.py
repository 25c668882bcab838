"""Stage 4, render: page specs and papers to the bytes of every generated file.

Takes the plan's ``PageSpec``s and the enriched papers; gives Markdown with YAML front
matter through the Jinja2 templates in ``templates/`` (``markdown``), the Atom feed
(``feeds``), and the data files: ``papers.json`` with its schema (``schema/``), per-topic
JSON and ``papers.bib`` (``export``), and the search index (``search``, its postings
weighed and encoded by ``postings``). Everything is rendered in memory; ``write`` writes it.
"""

from .markdown import Renderer, merge_pages, render_pages

__all__ = ["Renderer", "merge_pages", "render_pages"]
