"""The generate command end to end: read, enrich, plan, render, write, in that order.

``run.generate`` runs the stages (or stops at once when input, settings and code are
those of the last run); ``background`` spreads their work over forked processes. The
command line calls here; no stage imports this package.
"""

from .run import Generated, Prepared, find_inputs, generate, prepare

__all__ = ["Generated", "Prepared", "find_inputs", "generate", "prepare"]
