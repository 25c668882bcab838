"""The engine's configuration: a site's mkdocs.yml merged over papersite's defaults, every path absolute."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from generator import yamlfile
from generator.config import load_settings
from generator.engine import compose


def _compose(folder: Path, text: str, offline: bool = False) -> dict:
    (folder / "mkdocs.yml").write_text(text, encoding="utf-8")
    return compose.compose(load_settings(folder / "mkdocs.yml"), "Name", "Description", offline)


def test_a_bare_site_gets_papersites_theme_hooks_and_paths(tmp_path: Path) -> None:
    config = _compose(tmp_path, "papersite:\n  inputs: [data]\n")
    assert "papersite" not in config  # papersite's own section never reaches the engine
    assert config["site_name"] == "Name" and config["site_description"] == "Description"
    assert config["theme"]["custom_dir"] == str(compose.THEME)
    assert (compose.THEME / "main.html").is_file()
    assert config["docs_dir"] == str(tmp_path / "site_src")
    assert config["site_dir"] == str(tmp_path / "site")
    assert all(Path(hook).is_file() and Path(hook).is_absolute() for hook in config["hooks"])
    snippets = next(e for e in config["markdown_extensions"] if compose._name(e) == "pymdownx.snippets")
    assert snippets["pymdownx.snippets"]["base_path"] == [str(tmp_path / "site_src")]


def test_a_sites_settings_are_merged_over_the_defaults(tmp_path: Path) -> None:
    (tmp_path / "overrides").mkdir()
    config = _compose(
        tmp_path,
        "site_name: Mine\n"
        "theme:\n  custom_dir: overrides\n  palette:\n    scheme: slate\n"
        "extra_css: [my.css]\n"
        "plugins:\n  - search:\n      lang: de\n"
        "markdown_extensions:\n  - abbr\n"
        "hooks: [my_hook.py]\n",
    )
    assert config["theme"]["name"] == "material"  # the rest of the theme's defaults stay
    assert config["theme"]["palette"] == {"scheme": "slate"}
    assert config["theme"]["custom_dir"] == str(tmp_path / "overrides")
    assert config["extra_css"][-1] == "my.css" and "assets/papersite.css" in config["extra_css"]
    assert {"search": {"lang": "de"}} in config["plugins"] and "search" not in config["plugins"]
    assert "tags" in config["plugins"]
    assert config["markdown_extensions"][-1] == "abbr" and "attr_list" in config["markdown_extensions"]
    assert config["hooks"][-1] == str(tmp_path / "my_hook.py")
    assert len(config["hooks"]) == len(list(compose.HOOKS.glob("[a-z]*.py"))) + 1


def test_the_offline_bundle_turns_the_offline_plugin_on(tmp_path: Path) -> None:
    def offline(config: dict) -> object:
        return next(p for p in config["plugins"] if compose._name(p) == "offline")["offline"]["enabled"]

    assert offline(_compose(tmp_path, "", offline=True)) is True
    assert offline(_compose(tmp_path, "", offline=False)) is False


def test_tags_only_mkdocs_resolves_are_written_back_as_they_were(tmp_path: Path) -> None:
    text = yamlfile.dump(_compose(tmp_path, "extra:\n  thing: !relative $config_dir\n"))
    assert "!!python/name:material.extensions.emoji.twemoji" in text
    assert "!relative '$config_dir'" in text or "!relative $config_dir" in text


def test_papersites_own_hooks_in_an_old_mkdocs_yml_are_not_run_twice(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="generator"):
        config = _compose(tmp_path, "hooks:\n  - hooks/redirects.py\n  - hooks/preview.py\n")
    assert not [hook for hook in config["hooks"] if hook.endswith("redirects.py")]  # papersite writes redirects itself
    assert [hook for hook in config["hooks"] if hook.endswith("preview.py")] == [str(compose.HOOKS / "preview.py")]
    assert "leave it out" in caplog.text


def test_site_url_is_the_sites_or_the_environments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERSITE_SITE_URL", "https://example.org/env/")
    assert _compose(tmp_path, "")["site_url"] == "https://example.org/env/"
    assert _compose(tmp_path, "site_url: https://example.org/mine/\n")["site_url"] == "https://example.org/mine/"
