"""papersite: turn collections of research-paper abstracts into a searchable static site.

One folder a stage, in the order the data flows (``pipeline`` runs them; ``cli`` runs it):

- ``read``: abstract files (plain layout, JSON Lines, CSV) -> ``model.Paper`` records;
- ``enrich``: each paper's text, HTML, links, title, summary, topics, id and slug;
- ``plan``: the corpus-wide steps (related papers, citations, trends, the report) and one
  ``PageSpec`` per page;
- ``render``: Markdown with front matter, the feed and the data files, in memory;
- ``write``: the files into ``docs_dir``, then MkDocs renders the site (as a command: this
  package never imports MkDocs, so a successor that reads the same ``mkdocs.yml`` can take
  its place).

A stage imports what earlier stages give and the shared modules (``model``, ``urls``,
``errors``, ``config``), never a later stage, the pipeline or the command line
(``tests/test_layout.py`` checks it).
"""

__version__ = "0.1.0"
