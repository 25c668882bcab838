"""``python -m generator``: the same as the ``papersite`` command."""

import sys

from .cli import main

sys.exit(main())
