"""Stage 5, write: the files of a run land on disk.

Takes the rendered files by path; ``writer`` is the only code that writes into
``docs_dir`` (all or nothing, with a manifest, never over a file the user wrote);
``cache`` keeps what enrichment and related papers derived, and what the last run was
made from, so that a rerun does only what changed; ``lock`` lets one run at a time
write a project. The engine (``generator.engine``) renders the site from what is written.
"""

__all__ = ["cache", "lock", "writer"]
