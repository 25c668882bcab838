"""Rendering helpers: whatever a title holds, Markdown shows it literally."""

import html

import jinja2
import markdown
import pytest
import yaml

from generator.render import markdown as render


def _html(text: str) -> str:
    return markdown.markdown(text, extensions=["attr_list"])


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "**not bold** and _not em_",
        "[not a link](https://example.com)",
        "a {: .cls } b",
        "x & y < z",
        "back\\slash",
        "`code`",
    ],
)
def test_md_text_shows_text_literally(text: str) -> None:
    html = _html(render.md_text(text))
    assert "<script" not in html and "<strong>" not in html and "<em>" not in html
    assert "<a " not in html and "<code>" not in html and 'class="cls"' not in html


def test_md_text_breaks_emoji_shortcodes() -> None:
    assert ":100:" not in render.md_text("scores 1:100: fine")


def test_front_matter_survives_hostile_titles() -> None:
    data = {"title": "Foo: #bar --- 'baz' \"q\" {{ x }}", "tags": ["a: b", "- c"]}
    block = render.dump_front_matter(data)
    assert block.startswith("---\n") and block.endswith("---\n")
    assert yaml.safe_load(block.strip("-\n")) == data


@pytest.mark.parametrize("url", ["javascript:alert(1)", "data:text/html,x", "ftp://x"])
def test_safe_url_refuses_non_http(url: str) -> None:
    with pytest.raises(ValueError):
        render.safe_url(url)


def test_safe_url_escapes_what_breaks_a_markdown_link() -> None:
    url = render.safe_url('https://example.com/a b(c)"d')
    assert " " not in url and "(" not in url and ")" not in url and '"' not in url


def test_plural() -> None:
    assert render.plural(1, "paper") == "1 paper"
    assert render.plural(1200, "paper") == "1,200 papers"


def test_two_specs_for_one_path_is_an_error() -> None:
    spec = render.PageSpec("a.md", "years_index.md.j2", {"years": []}, {"title": "Years"})
    with pytest.raises(ValueError, match="a.md"):
        render.render_pages([spec, spec])
    # Pages rendered in another process join the rest under the same rule.
    pages = render.render_pages([spec])
    with pytest.raises(ValueError, match="a.md"):
        render.merge_pages(pages, render.render_pages([spec]).items())


def test_an_ascii_page_writes_characters_beyond_ascii_as_references(monkeypatch: pytest.MonkeyPatch) -> None:
    env = render.environment()
    env.loader = jinja2.DictLoader({"t.md.j2": "{{ front_matter }}# {{ name | md }}\n\n<details>{{ name | e }}</details>\n"})
    monkeypatch.setattr(render, "environment", lambda: env)
    name = "Zoë’s α-Net 🙂 & <b>"
    specs = [render.PageSpec(f"{n}.md", "t.md.j2", {"name": name}, {"title": name}, ascii=n == "a") for n in "ab"]
    pages = {path: data.decode("utf-8") for path, data in render.render_pages(specs).items()}
    front, body = pages["a.md"].split("---\n")[1], pages["a.md"].split("---\n", 2)[2]
    assert yaml.safe_load(front)["title"] == name  # front matter stays as written
    assert body.isascii() and "&#945;" in body and "&#128578;" in body
    assert not pages["b.md"].split("---\n", 2)[2].isascii()
    # Markdown passes the references through: a browser shows the same text on both pages.
    shown = [html.unescape(_html(page.split("---\n", 2)[2])) for page in (pages["a.md"], pages["b.md"])]
    assert shown[0] == shown[1] and name in shown[0]
