"""papersite: turn collections of research-paper abstracts into a searchable static site.

The package reads abstract collections, enriches each paper (title, text, links,
topics) and writes plain Markdown with front matter for MkDocs to render. It never
imports MkDocs: rendering is a separate, swappable step.
"""

__version__ = "0.1.0"
