"""The vocabulary the title heuristics run on: word lists and cue patterns of academic prose.

Every set here is data, not logic: the well-known names an abstract never coins, the
function words, hedges and stock vocabulary that never enter a title, the words that end
or open a noun phrase, and the regex fragments of contribution cues ("we propose",
"this paper presents"). ``_strip_token``, ``_key`` and ``_word`` fold a single word for
comparison; they are cached because the same words recur across thousands of abstracts.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Acronyms and names of well-known methods, models and benchmarks. An abstract
# mentions them all the time but never *coins* them, so they are never its name.
COMMON_NAMES = frozenset(
    """ai ml dl nlp cv rl llm llms lm lms vlm vlms mllm mllms lvlm lvlms gnn gnns cnn cnns rnn rnns
    dnn dnns mlp mlps mae vae vaes gan gans gpu gpus cpu tpu sota iid ood ode odes pde pdes sde sdes
    sgd kl mdp mdps pomdp api apis qa vqa ssl fl nerf nerfs rgb rgbd lidar mri ct ecg eeg fmri
    3d 2d 4d 1d id ids url urls faq llama llama2 llama-2 llama-3 llama3 gpt gpt-2 gpt-3 gpt-3.5 gpt-4
    gpt-4o gpt-4v chatgpt bert roberta t5 palm claude gemini mistral vicuna alpaca clip dino dinov2
    simclr moco byol resnet resnets vit vits transformer transformers imagenet cifar cifar-10
    cifar-100 mnist coco glue superglue mmlu gsm8k humaneval mujoco d4rl atari adam adamw ppo dqn
    sac td3 maml ddpm ddim lora qlora rlhf dpo cot icl rag sam unet u-net svm pca mcmc em elbo
    nas mpc snn snns hmm crf bleu rouge fid auc roc mse mae rmse f1 ai2 openai hf pytorch jax
    github arxiv i.e e.g etc vs nlg nlu asr tts ocr seq2seq mlm sgld hmc gp gps bo rkhs ntk
    relu gelu sgd llava blip stable sdxl midjourney dall-e whisper wikipedia reddit twitter
    iclr neurips icml cvpr acl emnlp usa uk eu rna dna mrna pinn pinns svd peft xai mtl ope nvs ide esg
    mln mlns ner inr inrs moe vq vq-vae ssm ssms ctr cot ppi gcl ot sdf sdfs pii
    state-of-the-art out-of-distribution mixture-of-experts chain-of-thought tree-of-thoughts
    tree-of-thought product-of-experts end-to-end out-of-domain in-the-wild state-of-the-arts
    sim-to-real plug-and-play text-to-image image-to-image text-to-video text-to-speech
    follow-the-leader follow-the-regularized-leader follow-the-perturbed-leader vc-dimension pac pac-bayes
    pac-bayesian ptas fptas erm srm 3dgs 2dgs slam yolo sfm mvs bev detr""".split()
)

# Of those, the names of techniques, measures and components: a paper uses them, but is never
# "for" them, so they never stand as the field of "<contribution> for <field>" (not "... for
# Neural Tangent Kernel", "... for Stochastic Gradient Descent").
TECHNIQUE_NAMES = frozenset(
    """sgd ntk adam adamw relu gelu pca svd kl mse rmse mae elbo em mcmc hmc sgld lora qlora fid auc roc
    bleu rouge f1 svm crf hmm gp gps bo rkhs ot sdf sdfs vq vq-vae moe unet u-net ppo dqn sac td3 maml
    ddpm ddim mlp mlps cnn cnns rnn rnns mpc""".split()
)

# The last words of terms that name a field, a task or a family of models ("reinforcement
# learning", "diffusion models", "image generation"): a setting a title may place its subject
# "in", where other terms name a part of the method ("objective function", "training data").
FIELD_HEADS = frozenset(
    """learning models training modeling modelling generation transformers vision detection recognition
    segmentation retrieval classification forecasting reasoning optimization unlearning agents robotics
    llms lms vlms mllms disease diseases""".split()
)

# The last words of terms that name a part or a quantity of a method ("loss function",
# "neural network", "prior knowledge", "test error"): a title is not "for" them unless the
# abstract itself puts the term after a preposition.
PART_HEADS = frozenset(
    """error errors matrix size function functions knowledge reward rewards network loss losses rate rates
    value values parameter parameters weight weights layer layers gradient gradients space vector vectors
    score scores term terms step steps""".split()
)

# Words that begin a sentence or a title in capitals but are ordinary English.
_ORDINARY = frozenset(
    """we our this the a an in on to for of and or but however moreover furthermore finally
    first second third then thus these those it its they their here there while when where
    although despite recent existing specifically notably overall importantly additionally
    to with by from as at experiments extensive results code our""".split()
)

_STRONG_INTRO = r"(?:called|dubbed|named|termed|coined|nicknamed|abbreviated as|denoted(?: as| by)?|referred to as|namely|which we call|we call it|we name it|we term)"
_VERBS = (
    r"propos(?:e|es|ed)|introduc(?:e|es|ed)|present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?|"
    r"devis(?:e|es|ed)|buil(?:d|ds|t)|construct(?:s|ed)?|creat(?:e|es|ed)|offer(?:s|ed)?|"
    r"contribut(?:e|es|ed)|unveil(?:s|ed)?|releas(?:e|es|ed)|curat(?:e|es|ed)|establish(?:es|ed)?|"
    r"formulat(?:e|es|ed)|put(?:s)? forward|describ(?:e|es|ed)|provid(?:e|es|ed)"
)
_STUDY = (
    r"stud(?:y|ies|ied)|investigat(?:e|es|ed)|analy[sz](?:e|es|ed)|explor(?:e|es|ed)|examin(?:e|es|ed)|"
    r"consider(?:s|ed)?|address(?:es|ed)?|tackl(?:e|es|ed)|revisit(?:s|ed)?|focus(?:es|ed)? on|"
    r"aim(?:s)? to|seek(?:s)? to|characteri[sz](?:e|es|ed)|prov(?:e|es|ed)|show(?:s|ed)?|"
    r"demonstrat(?:e|es|ed)|identif(?:y|ies|ied)|find(?:s)?|argu(?:e|es|ed)|derive(?:s|d)?"
)
# Case-sensitive with explicit capitals: IGNORECASE makes these scans several times slower.
_PAPER = r"(?:paper|work|study|article|note|manuscript)\b"
# Every alternative opens on a plain letter, so the scan opens on the six letters they start
# with and a try fails on its second letter; the word boundary before the subject is checked
# only after that. (A pattern that opens with \b, or on a lookbehind, is tried at every position.)
_THIS = r"is " + _PAPER + r"|e present " + _PAPER + r"|is\b(?= (?:" + _VERBS + r")\b)"
_SUBJECT = (
    r"(?:we(?<!\w..)\b|We(?<!\w..)\b|th(?<!\w..)(?:" + _THIS + r")|Th(?<!\w..)(?:" + _THIS + r")"
    r"|our(?<!\w...) " + _PAPER + r"|Our(?<!\w...) " + _PAPER + r")"
)
_ADVERBS = r"(?:(?:also|further|first|then|therefore|thus|hence|now|instead|here|additionally|furthermore|finally|formally|empirically|theoretically|systematically|carefully|comprehensively|newly|next|subsequently),?\s+)*"

_TOKEN = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-+&*%.'\u0370-\u03ff]*[\w+*%\u0370-\u03ff]|[A-Z0-9]")

_TAIL_DROP = frozenset(
    """a an the of for in on to with by from at as and or via into over under than that this these
    our its their which whose both each either novel new using based such is are be can
    within between across toward towards through without while when whether how not""".split()
)
_SMALL = frozenset("a an the and or nor but of for in on to with via by at as from into onto vs per".split())


def _is_word_char(c: str) -> bool:
    """Tell whether a character is a regex word character (\\w)."""
    return c.isalnum() or c == "_"


@lru_cache(maxsize=1 << 14)
def _strip_token(tok: str) -> str:
    """Drop possessives and trailing dots from a candidate token."""
    for suffix in ("'s", "\u2019s", "'"):
        if tok.endswith(suffix):
            tok = tok[: -len(suffix)]
    return tok.rstrip(".-*_").lstrip("_")


# Capitalised words of mathematics, places and tools: proper nouns, but never a paper's name.
_PROPER_COMMON = frozenset(
    """bayesian gaussian fourier markov markovian wasserstein euclidean riemannian hessian lipschitz shapley
    langevin hamiltonian lagrangian laplacian boltzmann bernoulli poisson dirichlet hilbert banach sobolev
    newton jacobian kalman monte carlo english chinese french german spanish japanese korean arabic hindi
    python java rust transformer transformers minecraft wikipedia internet shannon turing hopfield hebbian
    kolmogorov stein nash pareto bellman brownian ising lyapunov koopman gumbel softmax huber jensen fisher
    gram kullback leibler stiefel grassmann schrodinger navier stokes darcy burgers lebesgue cauchy taylor
    chebyshev legendre hermite laguerre bregman mahalanobis frobenius kronecker tucker gibbs metropolis
    hastings thompson hoeffding bernstein chernoff rademacher vapnik chervonenkis europe africa asia america
    american european african asian google meta microsoft amazon nvidia apple android linux windows excel
    lean coq isabelle openreview kaggle youtube instagram facebook tiktok amazon mamba hyena llama mistral
    qwen gemma phi falcon diffusion adam unet resnet gauss poincare poincaré boolean procrustes granger gromov
    monge western eastern rawlsian signum rashomon goodhart occam zipf hebb bayes euler lagrange laplace cramer
    rao wiener volterra sinkhorn""".split()
)

# Words an abstract uses all the time but a title rarely does: the verbs, hedges and
# evaluative adjectives of academic prose. They never enter a topic phrase.
_FUNCTION = frozenset(
    """a an the and or nor but of for in on to with without via by from at as into onto over under is are be
    being been was were its it this that these those their our we us your his her toward towards through
    beyond between across within about against than not no can do does did how what when why which who
    whose all any more most less vs versus use using used also such both each either other another many
    much some several only very even well just so thus hence therefore then there here where while whereas
    if whether though although however moreover furthermore finally first second third one two three four
    five six may might must could would should will shall has have had having upon per e g i ie eg etc al
    et via often always still yet further way ways up down out off like unlike make makes made making
    drawn known shown given taken seen done written grown chosen built brought held kept left run
    reduce reduces synthesize synthesizes allow allows help helps lets let uses aims seeks fails tends
    remains becomes gets yields achieves""".split()
)
_GENERIC = frozenset(
    """ability able above absence accelerate access according account accuracy  accurately achieve
    achieved achieves achieving adapt adaptively addition additional additionally address addresses adjust
    adopt advance advanced advancement advancements affect aim aims align alleviate allow allowing allows
    almost along alternative among amount analyse analyze analyzed applicability applicable application
    applications applied apply applying approach approaches appropriate approximately area areas argue arise
    around art aspect aspects assess associated assume assumption assumptions attempt automatically available
    average avoid balance baseline baselines become becomes behavior behaviors benefit benefits best better
    broad budget build called capability capabilities capable capture capturing carefully central certain
    challenge challenges challenging change changes characteristic characteristics characterize choice
    classical close closely collected collection com combine combined come commonly community comparable
    compare compared comparison comparisons competitive complete component components comprising computation
    computational computationally compute concern concerns conduct conducted consequently consider
    considerable considered considering consist consistently constant construct constructing contain
    contrast contribute contribution contributions conventional converge core corresponding cost costly
    costs counterpart counterparts create criteria critical crucial current currently decrease define
    defined degradation degree demand demands demonstrate demonstrated demonstrates demonstrating depend
    dependent deployment derive derived designed desired despite detailed determine develop developed
    developing development different difficult difficulty direction directions directly distinct due
    during easily easy  effective effectively effectiveness efficacy   effort
    efforts element elements emerge emerged empirical empirically employ employed employing enable enables
    enabling encourage end enhance enhanced enhances  ensure ensuring entire especially essential
    establish established evaluate evaluated evaluation evaluations every evidence example examples excel
    exhibit exist existing expected expensive experience experiment experimental experimentally experiments
    explain explicitly exploit explore explored extend extended extensive extensively extent facilitate
    facilitating fact factor factors fail fails fall family far findings find finding form formal formulate
    found frame framework frameworks full fully future gain gains gained generalize generally generate
    generates github give given great greatly ground growing guide handle handling hard hold hope highlight
    highlighting highly http https idea identified identify identifying illustrate impact implement
    implementation importance important importantly impressive improve improved improvement improvements
    improves  include includes including incorporate incorporating increase increasing
    increasingly indicate individual infer informative inherent initial insight insights instead integrate
    integrating integration intensive interact interest intricate introduce introduced introduces
    introducing investigate investigation involve involving io issue issues iteratively key known lack
    largely lead leading leads led leverage leverages leveraging lie light like limitation limitations
    limited limiting line literature little lower magnitude main mainly maintain maintaining major manner
    match matches maximize meaningful measure method methods methodology minimal minimize mitigate
    modification modifications moreover motivated named namely naturally nature nearly necessary need
    needed needs new newly notable notably novel number numerous observe observed obtain obtained offer
    offering offers operate optimize optimized original outcome outcomes outperform outperforming
    outperforms overall overcome overhead overlook paper papers paradigm particular particularly perform
    percentage performance performing performs phenomenon poor popular possible potential potentially powerful
    practical practice precise present presents preserve prevalent previous previously primarily primary
    procedure produce producing progress promise promising promote property propose proposed proposes
    prove provide provided provides providing public publicly purpose quantify quantitative raise range
    rapid rather recent recently refer refine reflect regarding related release released relevant reliance
    rely relying remain remains remarkable represent representative represented require required
    requirement requirements requires requiring research resource resources respect respectively
    response result resulting results reveal reveals same scalability scenario scenarios scheme
    seamlessly seek seen select selecting serve set setting settings setup show showcase showing shown
    shows significant significantly similar simple simply simultaneously since solely solution solutions
    special specific specifically speed speedup stage standard state step steps strategies strategy
    strong strongly struggle studied studies study sub suboptimal subsequently substantial substantially
    success successful successfully suffer suggest suitable superior superiority support surpass
    surpasses surprisingly systematically tackle tailored take target technique techniques tend term
    termed theoretical theoretically throughout together top total traditional true type types typically
    uncover underlying understood unify unique unlike upper useful usually utilize utilizing validate
    valuable vanilla variant variants variation variety various verify version versions website wide
    widely widespread work works year years yield yields""".split()
)


def _key(word: str) -> str:
    """Fold a word for comparison: lower case, possessive and simple plural removed."""
    w = word.casefold()
    if w.endswith(("'s", "\u2019s")):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


@lru_cache(maxsize=1 << 16)
def _word(raw: str) -> tuple[str, str, bool]:
    """Return a raw token stripped, its comparison key, and whether it may stand in a topic phrase."""
    word = _strip_token(raw)
    key = _key(word)
    low = word.casefold()
    topic = (
        len(word) > 1
        and low not in _FUNCTION
        and key not in _GENERIC
        and low not in _GENERIC
        and not (low.endswith("ly") and not low.endswith(_NOT_ADVERB))  # adverbs, but not "anomaly"
        and any(c.isalpha() for c in word)
    )
    return word, key, topic


_NOT_ADVERB = ("aly", "oly", "ply", "mbly", "mily")


# Leading words a title drops: determiners and the evaluative fillers of abstracts.
_LEAD_DROP = frozenset(
    """a an the our this these its their novel new simple effective first straightforward innovative
    powerful elegant versatile generic principled yet and highly very more fundamentally entirely
    conceptually remarkably surprisingly simple, , own several various""".split()
) | {","}
# Vague "problem of" wrappers after a study verb: "we study the problem of X" -> "X".
_WRAPPERS = frozenset(
    """problem task question issue use setting challenge case notion instantiation formulation family class
    set suite collection series combination kind form generalization extension""".split()
)
# Heads that say nothing by themselves: "a framework that learns X" -> "Learning X".
_EMPTY_HEADS = frozenset(
    """framework frameworks method methods approach approaches algorithm algorithms technique techniques
    strategy strategies system pipeline paradigm procedure scheme tool way solution mechanism module
    recipe family class""".split()
)
# What a paper's method is, as a phrase names it before its name ("... Framework DTKG", "... Agent MADRec").
_KINDS = _EMPTY_HEADS | frozenset("model models agent agents benchmark dataset corpus architecture network library".split())
# Verbs of use: their object is how the method works, not what it is for ("which leverages large
# language models" -> "via Large Language Models"), and a name there is other people's.
_USE_VERBS = frozenset(
    """use uses used utilize utilizes utilizing utilise utilises utilising leverage leverages leveraged
    leveraging employ employs employing harness harnesses harnessing exploit exploits exploiting""".split()
)
# Verbs whose object the paper takes from elsewhere ("a metric that combines Dynamic Time Warping
# (DTW)", "our approach extends Linear Temporal Logic Modulo Theories (LTLfMT)"): a name there is a
# thing used, not made. Of the verbs of use only the finite forms: a participle may open the phrase
# that the paper's own name closes ("a method leveraging privacy-preserving two-party graph
# convolution networks (P4GCN)"), where "combining X (SMC)" names a part.
_TAKE_VERBS = frozenset(w for w in _USE_VERBS if not w.endswith(("ed", "ing"))) | frozenset(
    """adopt adopts combine combines combining integrate integrates integrating extend extends extending
    apply applies applying""".split()
)
# Words that end a noun phrase: clause openers, finite verbs, anaphora, hedges.
_STOP = frozenset(
    """that which who whom whose where whereby wherein when while whereas because since so thus hence as
    than if although though but by using based leveraging exploiting utilizing utilising through is are
    was were be been being can could will would may might should must has have had does do did not also
    then e.g i.e eg ie namely called dubbed named termed coined such including like especially it its
    their them they this these those here there we our us achieves outperforms enables allows improves
    yields provides shows demonstrates requires reduces leads consists combines uses employs relies
    remains makes offers achieve outperform enable allow improve yield provide show demonstrate require
    reduce lead consist combine use employ rely remain make offer significantly consistently respectively
    whilst via-a-vis without-any same whether how what why one""".split()
)
_VERB_AFTER_AND = frozenset(
    """show shows demonstrate demonstrates prove proves find finds evaluate evaluates apply applies use
    uses achieve achieves provide provides propose proposes introduce introduces analyze analyse analyzes
    validate validates conduct conducts develop develops derive derives establish establishes release
    releases extend extends theoretically empirically experimentally further then also study studies
    investigate investigates compare compares obtain obtains train trains test tests perform performs
    present presents design designs verify verifies instantiate instantiates implement implements
    discuss discusses highlight highlights reveal reveals leverage leverages a an the its their our""".split()
)
# Nouns after which "to" keeps the phrase going ("an approach to learning X", "a perspective to X").
_TO_NOUNS = frozenset(
    """approach approaches perspective solution solutions introduction extension extensions application
    applications answer path road alternative connection connections reduction transition generalization
    response attention adaptation""".split()
)
# Media a model turns one into another: "text to speech", "image to image", "sequence to sequence" are one noun.
_MEDIA = frozenset("text speech image images video audio sequence sequences".split())
# Nouns ending in -ing that head a noun phrase rather than open a participle clause.
_ING_NOUNS = frozenset(
    """learning clustering forecasting training tuning fine-tuning finetuning editing modeling modelling
    reasoning planning understanding processing answering encoding embedding embeddings merging pruning
    sampling rendering matching tracking captioning prompting scaling unlearning poisoning watermarking
    ranking labeling labelling pretraining pre-training smoothing hashing grounding coding decoding
    computing mining filtering routing scheduling solving forgetting denoising inpainting programming
    thinking reading writing hearing listening speaking spelling engineering testing monitoring
    pooling mapping setting settings meaning understanding warping morphing steering tokenizing
    tokenization parsing indexing retraining distilling distillation masking mixing shaping landing
    manufacturing imaging sensing driving trading teaming lending recommending bootstrapping boosting
    bagging scoring splatting deblurring dehazing deraining grasping""".split()
)
_PREPS = frozenset("for of with in on via from to under without across through over into towards toward beyond and".split())
_CUT_AT = frozenset("for of with in on via from to under without across through over into towards toward and".split())
_MODALS = frozenset("can could will would may might should must also jointly simultaneously effectively".split())
_MAX_SPAN = 16
_VERB_OBJECT_START = frozenset("a an the its their our this these that to how whether".split())
_ADJ_ENDS = ("ble", "ive", "ful", "ous", "ent", "ant", "ary", "ic", "ical")

_BAD_OPENERS = frozenset(
    "now often then also still already again thus hence therefore here there yet even just only never".split()
)
# Verbs that follow a plural subject ("networks train", "data affect"): never inside a noun phrase.
_VERBS_BASE = frozenset(
    """affect train produce generate learn capture exhibit suffer fail perform struggle rely require
    depend tend lack remain suggest indicate reveal play become emerge encode predict outperform achieve
    improve enable allow provide yield make use leverage exploit rely assume ignore neglect overlook
    obtain reach exceed match solve address handle degrade collapse converge diverge memorize forget
    generalize exist extend excel pose involve contain differ vary operate appear compress allocate assign
    aim promise seek strive attempt try hope evaluate accumulate underpin combine facilitate discover
    understand know seem""".split()
)
# Verbs that are nouns too ("Face Recognition", "Form Understanding"): a verb only after a plural subject.
_VERBS_BASE_MID = frozenset("hold form start need take offer face share".split())
_MID_ADVERBS = frozenset("often now usually always never sometimes still also already".split())
_OPENING_VERBS = frozenset(
    """develop learn study design propose build identify investigate explore analyze analyse examine introduce
    present serve apply estimate detect find show prove assess evaluate measure compare quantify extends consider
    give obtain establish derive""".split()
)
_VERBS_S_MID = frozenset(
    """learns trains produces affects captures generates encodes predicts reveals exhibits requires relies
    depends suffers fails achieves improves enables allows provides makes leverages exploits helps
    outperforms solve solves handles struggle struggles extends exist preserves disentangles enhances stacks
    orchestrates boosts reduces increases extracts excels forms starts offers faces involves contains
    shares differs varies operates takes needs aims seeks compresses allocates assigns modifies underpins
    combines facilitates discovers accumulates evaluates demonstrates introduces proposes became""".split()
)
# Verbs in -s that take "to" and a verb ("aims to", "seeks to"): before "to", a finite verb, not a plural.
_VERBS_S_TO = frozenset(
    """aims seeks intends tends fails attempts strives needs wants tries continues begins starts helps learns
    plans manages chooses appears seems proves serves remains wishes hopes struggles refuses promises
    decides expects allows enables requires ensures leads amounts""".split()
)
# Verbs in -s that take a "that" clause ("shows that"): before "that", a finite verb, not a plural.
_VERBS_S_THAT = frozenset(
    """shows suggests indicates reveals demonstrates proves finds argues claims assumes means implies ensures
    states says notes observes requires guarantees establishes confirms posits hypothesizes believes knows
    thinks predicts highlights illustrates verifies holds asserts stipulates dictates determines
    explains learns expects""".split()
)
_NOUNISH = frozenset("train match use lack play yield".split())
_PLURAL_NOUNS = frozenset("data people criteria phenomena media".split())
_VERBS_S = frozenset(
    """models learns trains produces affects captures generates encodes predicts maps links reveals
    exhibits requires relies depends suffers fails achieves improves enables allows provides yields
    makes uses leverages exploits""".split()
)


_BARE_HEADS = frozenset("method methods technique techniques scheme strategy".split())
