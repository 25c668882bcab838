"""The package's layout: a folder per stage, imports that flow one way, modules of a readable size."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"
#: The stages in pipeline order: a stage may use what an earlier one gives, never a later one.
STAGES = ("read", "enrich", "plan", "render", "write", "engine")
#: What every stage may use: the record, the URL scheme, errors and notices, settings (and their file).
SHARED = ("model", "urls", "errors", "config", "yamlfile")
#: Beside the stages: makes a site folder (``papersite new``) from what the stages define.
BESIDE = ("scaffold",)
#: Runs the stages; only the command line may import it.
ON_TOP = ("pipeline", "cli", "__main__")


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Return (line, dotted name under the package) of every import of the package's own modules."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    package = parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = [*base, *(node.module.split(".") if node.module else [])]
            elif node.module and (node.module == "generator" or node.module.startswith("generator.")):
                module = node.module.split(".")[1:]
            else:
                continue
            if module:
                found.append((node.lineno, ".".join(module)))
            else:  # "from .. import urls": the names are modules
                found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name.split(".", 1)[1]) for a in node.names if a.name.startswith("generator.")]
    return found


def _room(dotted: str) -> str:
    return dotted.split(".")[0]


def test_the_top_of_the_package_is_the_stages_and_a_few_shared_modules() -> None:
    entries = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__")
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert folders == sorted([*STAGES, *BESIDE, "pipeline"])
    assert len(entries) <= 16, entries
    for folder in folders:
        assert (PACKAGE / folder / "__init__.py").is_file(), f"{folder}/ says what it takes and gives"
        assert ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_bytes()))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_flow_from_the_command_line_down_to_the_stages_and_the_model(path: Path) -> None:
    room = _room(".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    for line, target in _imports(path):
        where = f"{path.relative_to(PACKAGE)}:{line} imports {target}"
        other = _room(target)
        if room in SHARED:
            assert other in SHARED or other == "__init__", where
        elif room in STAGES:
            assert other not in ON_TOP and other not in BESIDE, where
            if other in STAGES:
                assert STAGES.index(other) <= STAGES.index(room), f"{where}: a later stage"
        elif room in BESIDE:
            assert other not in ON_TOP, where
        elif room == "pipeline":
            assert other != "cli", where


def test_every_package_is_installed() -> None:
    """pyproject.toml lists the packages by name (the theme is mapped in): a new one left out works
    from the clone and is missing from a wheel."""
    import tomllib

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {
        ".".join(("generator", *path.parent.relative_to(PACKAGE).parts)) for path in PACKAGE.rglob("__init__.py")
    }
    assert listed == found | {"generator.theme"}


def test_every_data_file_is_installed() -> None:
    """The templates, theme, defaults and site-folder starters are in a wheel: package-data names them all."""
    import glob
    import tomllib

    setuptools = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package, patterns in setuptools["package-data"].items():
        folder = PACKAGE.parent / setuptools.get("package-dir", {}).get(package, package.replace(".", "/"))
        named = {name for pattern in patterns for name in glob.glob(pattern, root_dir=folder)}
        present = {
            path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
            and not any(part in PACKAGE_OWNED for part in path.relative_to(folder).parts)
        }  # fmt: skip
        assert present - named == set(), f"{package}: files pyproject.toml does not install"


#: Sub-packages, with package-data of their own.
PACKAGE_OWNED = ("hooks",)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_grows_past_six_hundred_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600
