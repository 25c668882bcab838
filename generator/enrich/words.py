"""Words that say nothing about what a paper is about: English function words, and research prose's own.

Related papers (``plan.related``) and learned subtopics (``topics.subtopics``) leave them out.
"""

from __future__ import annotations

#: English function words: they say nothing about what a paper is about.
ENGLISH_STOP_WORDS = frozenset(
    """
    a about above after again against all almost along already also although always am among an
    and another any anyone anything are around as at be became because become becomes been before
    being below between beyond both but by can cannot could did do does doing done down due during
    each either else enough even ever every few for from further had has have having he her here
    hers herself him himself his how however i if in into is it its itself just least less many
    may me might more moreover most much must my myself neither never no nor not now of off often
    on once one only onto or other others otherwise our ours ourselves out over own per perhaps
    rather same several she should since so some still such than that the their theirs them
    themselves then there thereby therefore these they this those though through thus to too
    toward towards under until up upon us very via was we well were what whatever when where
    whereas whether which while who whom whose why will with within without would yet you your
    yours yourself
    """.split()
)

#: Words every abstract uses to describe itself: they say nothing about the subject.
GENERIC_WORDS = frozenset(
    """
    abstract achieve achieved achieves achieving address addresses additionally allow allows
    approach approaches based benchmark benchmarks better code compared comparison
    competitive conduct conducted consistently demonstrate demonstrated demonstrates
    design designed develop developed effective effectively efficient empirical
    empirically enable enables evaluate evaluated evaluation experiment experimental experiments
    extensive framework furthermore github given gives https improve improved improvement improvements
    improves including introduce introduced introduces key leverage leverages leveraging
    method methods novel new outperform outperforming outperforms paper particular perform
    performance performs present presents previous prior problem problems propose proposed
    proposes provide provides recent recently remarkable result results significant
    significantly simple specifically state study studies superior surpasses task tasks
    technique techniques theoretical theoretically toward towards use used uses using various
    wide widely work works
    """.split()
)

STOP_WORDS = ENGLISH_STOP_WORDS | GENERIC_WORDS
