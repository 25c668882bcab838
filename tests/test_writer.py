"""The writer: atomic, skips identical bytes, prunes its own files, never a user's."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import OutputError
from generator.write import writer
from generator.write.spool import Spool


def _tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != writer.MANIFEST and not p.name.endswith(writer.STAGED_SUFFIX)
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


def test_a_write_killed_after_its_journal_is_completed_by_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer.write_files(tmp_path, {"a.md": "old a\n", "b.md": "old b\n", "gone.md": "old\n"})
    real_replace = writer.os.replace
    calls = 0

    def dies_after_one_rename(src: object, dst: object) -> None:
        nonlocal calls
        if str(src).endswith(writer.STAGED_SUFFIX):
            calls += 1
            if calls == 2:
                raise KeyboardInterrupt  # the process dies between two renames
        real_replace(src, dst)

    monkeypatch.setattr(writer.os, "replace", dies_after_one_rename)
    new = {"a.md": "new a\n", "b.md": "new b\n", "c.md": "new c\n"}
    with pytest.raises(KeyboardInterrupt):
        writer.write_files(tmp_path, new)
    monkeypatch.setattr(writer.os, "replace", real_replace)
    assert (tmp_path / writer.JOURNAL).exists()

    stats = writer.write_files(tmp_path, new)  # the next run rolls the journal forward
    assert _tree(tmp_path) == new
    assert (stats.written, stats.removed) == (0, 0)
    assert not (tmp_path / writer.JOURNAL).exists()
    assert not list(tmp_path.rglob(f"*{writer.STAGED_SUFFIX}"))


def test_a_write_killed_before_its_journal_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = {"a.md": "old a\n", "b.md": "old b\n"}
    writer.write_files(tmp_path, old)
    real_write = writer.atomic_write

    def dies_at_the_journal(path: Path, data: bytes) -> None:
        if path.name == writer.JOURNAL:
            raise KeyboardInterrupt
        real_write(path, data)

    monkeypatch.setattr(writer, "atomic_write", dies_at_the_journal)
    with pytest.raises(KeyboardInterrupt):
        writer.write_files(tmp_path, {"a.md": "new a\n", "c.md": "new c\n"})
    monkeypatch.setattr(writer, "atomic_write", real_write)
    assert _tree(tmp_path) == old  # staged files are hidden; the pages are all old
    writer.recover(tmp_path)
    assert not list(tmp_path.rglob(f"*{writer.STAGED_SUFFIX}"))
    assert _tree(tmp_path) == old


@given(st.lists(st.tuples(st.sampled_from(["a.md", "b/c.md", "d.json"]), st.binary(max_size=300)), max_size=12))
def test_spool_holds_what_a_dict_would(writes: list[tuple[str, bytes]]) -> None:
    """The run's files kept on disk read back as written, the last write of a path winning."""
    spool, model = Spool(), {}
    for path, data in writes:
        spool[path] = data
        model[path] = data
    assert spool == model
    assert sorted(spool) == sorted(model) and len(spool) == len(model)
    for path in list(model)[:1]:
        del spool[path], model[path]
    assert dict(spool.items()) == model


def test_spooled_files_are_written_as_given(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    spool = Spool(tmp_path)
    spool["papers/a.md"] = "# A é\n".encode()
    spool["papers.json"] = b"[]\n" * 100_000
    stats = writer.write_files(docs, spool)
    assert (stats.written, stats.unchanged) == (2, 0)
    assert (docs / "papers/a.md").read_text(encoding="utf-8") == "# A é\n"
    assert (docs / "papers.json").read_bytes() == b"[]\n" * 100_000
    assert writer.write_files(docs, spool).written == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # the spool's file has no name
