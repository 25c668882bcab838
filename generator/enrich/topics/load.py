"""Read and validate a taxonomy file (topics.yml, or the user's) into a ``taxonomy.Taxonomy``.

Every problem is an ``InputError`` that names the file and line. ``taxonomy`` holds the
data classes and their compiled matcher, ``assign`` the matching; neither imports this
module.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import yaml

from ...errors import InputError
from .taxonomy import Taxonomy, Topic, normalize

log = logging.getLogger(__name__)

SHIPPED_TAXONOMY = Path(__file__).with_name("topics.yml")

_KEYS = {"name", "description", "terms", "subject_terms", "weak_terms", "exclude", "broad", "fallback", "parent"}

#: libyaml's loader where PyYAML was built with it: a tenth of the time, the same nodes and line marks.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """Read and validate a taxonomy file; None reads the one shipped with papersite."""
    path = SHIPPED_TAXONOMY if path is None else Path(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, f"cannot read the taxonomy file: {exc}") from exc
    try:
        root = yaml.compose(source, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        raise InputError(path, f"not valid YAML: {exc.problem}", line=line) from exc
    except yaml.YAMLError as exc:
        raise InputError(path, f"not valid YAML: {exc}") from exc
    if not isinstance(root, yaml.SequenceNode) or not root.value:
        line = root.start_mark.line + 1 if root is not None else None
        raise InputError(path, "expected a non-empty list of topics", line=line)
    topics: list[Topic] = []
    fallbacks: list[Topic] = []
    seen: dict[str, int] = {}
    for node in root.value:
        topic, is_fallback = _read_topic(path, node)
        line = node.start_mark.line + 1
        key = topic.name.casefold()
        if key in seen:
            raise InputError(path, f"topic {topic.name!r} is already defined on line {seen[key]}", line=line)
        seen[key] = line
        (fallbacks if is_fallback else topics).append(topic)
    if len(fallbacks) != 1:
        raise InputError(path, f"expected exactly one topic with 'fallback: true', found {len(fallbacks)}")
    if not topics:
        raise InputError(path, "expected at least one topic besides the fallback")
    topics = _check_parents(path, topics, fallbacks[0], seen)
    taxonomy = Taxonomy(tuple(topics), fallbacks[0], path)
    log.debug("loaded %d topics from %s", len(topics), path)
    return taxonomy


def _check_parents(path: Path, topics: list[Topic], fallback: Topic, lines: dict[str, int]) -> list[Topic]:
    """Check that each ``parent`` names another topic of the first level (one level of subtopics).

    Return the topics with each parent spelled as its topic's name is.
    """
    by_name = {topic.name.casefold(): topic for topic in topics}
    checked = []
    for topic in topics:
        if not topic.parent:
            checked.append(topic)
            continue
        line = lines[topic.name.casefold()]
        parent = by_name.get(topic.parent.casefold())
        if topic.parent.casefold() == fallback.name.casefold():
            raise InputError(path, f"topic {topic.name!r} cannot be a part of the fallback topic", line=line)
        if parent is None:
            raise InputError(path, f"topic {topic.name!r} names a parent {topic.parent!r} that is not a topic here", line=line)
        if parent is topic:
            raise InputError(path, f"topic {topic.name!r} names itself as its parent", line=line)
        if parent.parent:
            raise InputError(
                path, f"topic {topic.name!r} names {parent.name!r}, itself a part of {parent.parent!r}: "
                "subtopics have one level", line=line,
            )  # fmt: skip
        checked.append(replace(topic, parent=parent.name))
    return checked


def _read_topic(path: Path, node: yaml.Node) -> tuple[Topic, bool]:
    """Build one Topic from its YAML node, reporting the offending line on any problem."""
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise InputError(path, "expected a topic (a mapping with name, description, terms)", line=line)
    fields: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key not in _KEYS:
            expected = ", ".join(sorted(_KEYS))
            raise InputError(path, f"unknown key {key!r} (expected one of {expected})", line=key_node.start_mark.line + 1)
        if key in fields:
            raise InputError(path, f"key {key!r} given twice", line=key_node.start_mark.line + 1)
        fields[key] = value_node
    name = _text(path, fields, "name", line)
    description = _text(path, fields, "description", line)
    is_fallback = _flag(path, fields.get("fallback"), "fallback")
    terms = _phrases(path, fields.get("terms"), "terms")
    subject_terms = _phrases(path, fields.get("subject_terms"), "subject_terms")
    weak_terms = _phrases(path, fields.get("weak_terms"), "weak_terms")
    exclude = _phrases(path, fields.get("exclude"), "exclude")
    broad = _flag(path, fields.get("broad"), "broad")
    parent = _text(path, fields, "parent", line) if "parent" in fields else ""
    if is_fallback and parent:
        raise InputError(path, f"the fallback topic {name!r} cannot be a part of another", line=line)
    if is_fallback and (terms or subject_terms or weak_terms or exclude):
        raise InputError(path, f"the fallback topic {name!r} must not have terms", line=line)
    if not is_fallback and not terms:
        raise InputError(path, f"topic {name!r} needs a non-empty list of terms", line=line)
    clash = {normalize(t).lower() for t in terms + subject_terms + weak_terms} & {normalize(t).lower() for t in exclude}
    if clash:
        raise InputError(path, f"topic {name!r} both lists and excludes {sorted(clash)[0]!r}", line=line)
    return Topic(name, description, terms, subject_terms, weak_terms, exclude, broad, parent), is_fallback


def _text(path: Path, fields: dict[str, yaml.Node], key: str, line: int) -> str:
    """Return a required one-line string field."""
    node = fields.get(key)
    if node is None:
        raise InputError(path, f"topic is missing {key!r}", line=line)
    value = node.value if isinstance(node, yaml.ScalarNode) else None
    if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
        raise InputError(path, f"{key!r} must be a non-empty one-line string", line=node.start_mark.line + 1)
    return value.strip()


def _flag(path: Path, node: yaml.Node | None, key: str) -> bool:
    """Return the value of an optional true/false field, false when absent."""
    if node is None:
        return False
    if not isinstance(node, yaml.ScalarNode) or node.value.lower() not in {"true", "false"}:
        raise InputError(path, f"{key!r} must be true or false", line=node.start_mark.line + 1)
    return node.value.lower() == "true"


def _phrases(path: Path, node: yaml.Node | None, key: str) -> tuple[str, ...]:
    """Return an optional list of match phrases, each normalized, duplicates rejected."""
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode):
        raise InputError(path, f"{key!r} must be a list of phrases", line=node.start_mark.line + 1)
    phrases: list[str] = []
    for item in node.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
            raise InputError(path, f"each entry of {key!r} must be a non-empty phrase", line=line)
        phrase = normalize(item.value)
        if not phrase:
            raise InputError(path, f"phrase {item.value!r} in {key!r} has no letters or digits", line=line)
        if phrase in phrases:
            raise InputError(path, f"phrase {item.value!r} appears twice in {key!r}", line=line)
        phrases.append(phrase)
    return tuple(phrases)
