"""Stage 6, the engine: the written Markdown rendered into a site by MkDocs with Material.

The generator writes plain Markdown and knows nothing of the engine; this package is the thin
layer between them. Takes the settings and the site's name; gives ``site/`` or the offline
bundle. ``base.yml`` holds papersite's defaults for the engine's configuration, ``compose``
merges a site's own ``mkdocs.yml`` over them (every path absolute, the theme and hooks the
installed package's), ``site`` runs the engine and swaps the new site in, and ``hooks/`` holds
what must run inside MkDocs. The theme itself is ``generator.theme`` (the repository's
``theme/``).
"""
