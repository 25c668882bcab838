"""Topics: each paper gets one to four topics of a person-editable taxonomy.

Takes the taxonomy file (``topics.yml`` here, or the user's ``--taxonomy``), read and
checked by ``load`` into a ``Taxonomy`` (``taxonomy``: topics compiled for matching), and
a paper's title, plain text and keywords; gives its topic names, most relevant first
(``assign``). Then the corpus adds what a paper's nearest papers agree on (``corpus``).
"""

from .assign import assign_topics, score_topics, topic_evidence
from .corpus import corpus_topics
from .load import SHIPPED_TAXONOMY, load_taxonomy
from .taxonomy import Taxonomy, Topic, normalize

__all__ = [
    "SHIPPED_TAXONOMY", "Taxonomy", "Topic", "assign_topics", "corpus_topics", "load_taxonomy", "normalize",
    "score_topics", "topic_evidence",
]  # fmt: skip
