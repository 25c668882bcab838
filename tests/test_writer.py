"""The writer: atomic, skips identical bytes, prunes its own files, never a user's."""

from pathlib import Path

import pytest

from generator import writer
from generator.errors import OutputError


def _tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != writer.MANIFEST
    }


def test_first_write_then_unchanged(tmp_path: Path) -> None:
    files = {"papers/2024/a.md": "A\n", "topics/x.md": "X\n"}
    first = writer.write_files(tmp_path, files)
    assert (first.written, first.unchanged, first.removed) == (2, 0, 0)
    mtime = (tmp_path / "papers/2024/a.md").stat().st_mtime_ns
    second = writer.write_files(tmp_path, files)
    assert (second.written, second.unchanged, second.removed) == (0, 2, 0)
    assert (tmp_path / "papers/2024/a.md").stat().st_mtime_ns == mtime
    assert _tree(tmp_path) == files


def test_stale_pages_are_removed_with_their_empty_folders(tmp_path: Path) -> None:
    writer.write_files(tmp_path, {"papers/2023/old.md": "old\n", "papers/2024/a.md": "A\n"})
    stats = writer.write_files(tmp_path, {"papers/2024/a.md": "A\n"})
    assert stats.removed == 1
    assert not (tmp_path / "papers/2023").exists()
    assert _tree(tmp_path) == {"papers/2024/a.md": "A\n"}


def test_user_files_beside_generated_ones_are_never_touched(tmp_path: Path) -> None:
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers/notes.md").write_text("mine\n", encoding="utf-8")
    (tmp_path / "index.md").write_text("home\n", encoding="utf-8")
    writer.write_files(tmp_path, {"papers/2024/a.md": "A\n"})
    writer.write_files(tmp_path, {})
    assert _tree(tmp_path) == {"papers/notes.md": "mine\n", "index.md": "home\n"}


def test_a_user_file_in_the_way_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "topics").mkdir()
    (tmp_path / "topics/x.md").write_text("mine\n", encoding="utf-8")
    with pytest.raises(OutputError, match="topics/x.md"):
        writer.write_files(tmp_path, {"papers/2024/a.md": "A\n", "topics/x.md": "X\n"})
    assert _tree(tmp_path) == {"topics/x.md": "mine\n"}


def test_a_generated_page_edited_by_hand_is_kept(tmp_path: Path) -> None:
    writer.write_files(tmp_path, {"papers/2024/a.md": "A\n"})
    (tmp_path / "papers/2024/a.md").write_text("A, with my notes\n", encoding="utf-8")
    with pytest.raises(OutputError, match="changed by hand"):
        writer.write_files(tmp_path, {"papers/2024/a.md": "A2\n"})
    writer.write_files(tmp_path, {})  # pruning keeps it too
    assert _tree(tmp_path) == {"papers/2024/a.md": "A, with my notes\n"}


def test_no_temporary_files_are_left(tmp_path: Path) -> None:
    writer.write_files(tmp_path, {"a/b.md": "x\n"})
    assert [p.name for p in tmp_path.rglob("*.tmp")] == []
