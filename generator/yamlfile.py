"""Read and write MkDocs configuration files without importing MkDocs.

``!ENV`` is resolved as MkDocs resolves it. Other tags (``!!python/name:...``, ``!relative``)
are kept as they were written, for MkDocs to resolve: a configuration read here and written
back gives MkDocs the same values.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import PapersiteError


@dataclass(frozen=True)
class Tagged:
    """A value whose tag only MkDocs resolves; written back as it was read."""

    node: yaml.Node


class _Loader(yaml.SafeLoader):
    """A safe loader that resolves ``!ENV`` and keeps every other tag for MkDocs."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> object:
    """Resolve ``!ENV NAME`` or ``!ENV [NAME, ..., default]`` as MkDocs does."""
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        items = loader.construct_sequence(node)  # type: ignore[arg-type]
        names, default = items[:-1], items[-1] if items else None
    for name in names:
        if str(name) in os.environ:
            return os.environ[str(name)]
    return default


_Loader.add_constructor("!ENV", _env)
_Loader.add_multi_constructor("", lambda loader, suffix, node: Tagged(node))


class _Dumper(yaml.SafeDumper):
    """A safe dumper that writes kept tags back."""


_Dumper.add_representer(Tagged, lambda dumper, value: value.node)


def load(path: Path) -> dict[str, Any]:
    """Return the mapping a configuration file holds; a PapersiteError names the file if it cannot."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506 - a safe loader
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise PapersiteError(f"{path}: cannot read the configuration: {error}") from error
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PapersiteError(f"{path}: expected a mapping of settings, found {type(data).__name__}")
    return data


def dump(data: dict[str, Any]) -> str:
    """Return ``data`` as a configuration file's text."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False)
