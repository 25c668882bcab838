"""Stage 5, write: the files of a run land on disk, and MkDocs renders the site.

Takes the rendered files by path; ``writer`` is the only code that writes into
``docs_dir`` (all or nothing, with a manifest, never over a file the user wrote);
``site`` runs MkDocs in its own process and swaps the new site in, or writes the
offline bundle; ``cache`` keeps what enrichment and related papers derived, and what
the last run was made from, so that a rerun does only what changed; ``lock`` lets one
run at a time write a project.
"""

__all__ = ["cache", "lock", "site", "writer"]
