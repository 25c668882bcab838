"""The names a paper's code and project links bear, and whether such a name only describes the work.

"HiGen" in github.com/x/HiGen_main is the paper's coined name, most of the time; a repository
named "PhysicsInformedDiffusionModels" strings together words of the abstract and names nothing.
"""

from __future__ import annotations

import re


_REPO = re.compile(r"github\.com/[\w.-]+/([\w.-]+)|\.github\.io/(?:[\w.-]+/)*?([\w.-]+)/?(?=[\s)\]]|$)")
_REPO_TAIL = re.compile(r"(?:[-_.](?:main|master|official|code|pytorch|release|public|repo|dev|iclr\d*|\d{4}))+$", re.IGNORECASE)


def repo_names(text: str) -> tuple[str, ...]:
    """Return the names a text's code and project links bear ("HiGen" in github.com/x/HiGen_main)."""
    names = []
    for m in _REPO.finditer(text):
        raw = _REPO_TAIL.sub("", (m.group(1) or m.group(2) or "").removesuffix(".git"))
        if 2 <= len(raw) <= 30 and "_" not in raw and "." not in raw:
            names.append(raw)
    return tuple(names)


def _describes(repo: str, prose: str) -> bool:
    """Tell whether a repository name strings together words of the abstract ("PhysicsInformedDiffusionModels").

    Such a name describes the work in the abstract's own words; a coined one has a part of
    its own ("HiGen", "ParaKnowTransfer").
    """
    parts = _REPO_PART.findall(repo)
    if len(parts) < 3:
        return False
    words = set(_ALNUM_RUN.findall(prose.lower().replace(repo.lower(), " ")))  # written apart, not as the name
    return all(part.lower() in words for part in parts)


_REPO_PART = re.compile(r"[A-Z]+s?(?![a-z])|[A-Z]?[a-z]+|\d+")  # "LLMs", "Physics", "informed", "2"
_ALNUM_RUN = re.compile(r"[a-z0-9]+")
