"""Find the catalogue entries a question is about, as a player would type the question.

``unospec explain`` takes an ID or alias, else free text: "7-0", "jumping in", "can I play
a wild draw four when I have the colour". The text and every entry are reduced to word
stems (spelling variants such as color/colour, +4/WD4/draw 4 and 7/seven made one, common
words dropped), and entries are ranked by the weight of the stems they share with the
question (rare stems weigh more, as in BM25), plus a bonus for each of the entry's own
phrasings (an ambiguity's ``keywords`` and ``asks``) that the question contains whole.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

# Spellings made one before the text is split into words.
SPELLINGS = [
    # a Wild Draw Four is neither a wild nor a draw, and a Draw Two is no draw: one word each
    (
        re.compile(
            r"\bwild\s*draw\s*(?:4|four)s?\b|\+\s*4\b|\bwd4s?\b|\bdraw[\s-]*(?:4|four)s?\b"
            r"|\bwild[\s-]*(?:4|four)s?\b"
        ),
        " wilddrawfour ",
    ),
    (re.compile(r"\bdraw[\s-]*(?:2|two)s?\b|\+\s*2\b|\bd2s?\b"), " drawtwo "),
    # "uno" names the game as often as the call
    (re.compile(r"\buno\s+(deck|game|cards?)\b"), r" \1 "),
    (re.compile(r"\b(play|playing|in|of)\s+uno\b"), r" \1 "),
    (re.compile(r"\bgo(?:es)?\s+first\b|\bstarts?\s+first\b"), " start "),
    (re.compile(r"\bany\s*time\b|\bwhenever\b|\bat\s+all\s+times\b"), " anytime "),
    (re.compile(r"\b(?:starting|starter|first|opening|initial)\s+card\b"), " starter card "),
    (re.compile(r"\bhow\s+much\b.*\bworth\b|\bpoints?\s+(?:is|are)\b.*\bworth\b"), " value worth "),
]
WORDS = {
    "0": "zero",
    "o": "zero",
    "1": "one",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "color": "colour",
    "colors": "colour",
    "colored": "colour",
    "coloured": "colour",
    "caught": "catch",
    "lost": "lose",
    "losing": "lose",
    "said": "call",
    "forgot": "forget",
    "forgotten": "forget",
    "forgetting": "forget",
    "drew": "draw",
    "laid": "play",
    "lay": "play",
    "lays": "play",
    "laying": "play",
    "put": "play",
    "throw": "play",
    "chose": "choose",
    "chosen": "choose",
    "won": "win",
    "winning": "win",
    "went": "go",
    "dealt": "deal",
    "began": "begin",
    "begun": "begin",
    "twos": "two",
    "fours": "four",
    "sevens": "seven",
    "zeros": "zero",
    "zeroes": "zero",
    "playable": "play",
    "ran": "run",
    "must": "mandatory",
    "people": "player",
    "person": "player",
    "persons": "player",
    "2p": "two player",
    "doubles": "double",
    "goes": "go",
    "bluffing": "bluff",
    "bluffed": "bluff",
    "values": "value",
    "shout": "call",
    "shouting": "call",
    "yell": "call",
    "say": "call",
    "saying": "call",
    "says": "call",
    "required": "mandatory",
    "compulsory": "mandatory",
    "obligatory": "mandatory",
    "miss": "lose",
    "missed": "lose",
    "misses": "lose",
    "challenger": "challenge",
    "challengers": "challenge",
}
STOP = frozenset(
    re.findall(
        r"\S+",
        """a an the i me my mine we us our you your he him his she her they them their it its
    is are was were be been being am do does did doing done can could may might should
    would will shall have has had having what which who whom whose when where why how if
    then than that this these those there here of to in on at by for with about as into onto
    from up so and or but not no nor don't dont doesn't cant can't isn't won't only just
    also still ever any anyone someone somebody everyone game games rule
    rules happen happens happened get gets got allowed allow ok okay really else let lets
    let's one's it's i'm much many nobody anybody anymore down""",
    )
)


def stem(word: str) -> str:
    """A crude stem: enough that stacking/stacked/stacks, jumping/jump and
    challenge/challenged/challenging meet."""
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    elif len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 4 and word[-1] == word[-2] and word[-1] not in "flsz":
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def stems(text: str) -> list[str]:
    """The stems of ``text``, in order, common words left out."""
    text = text.lower().replace("’", "'")
    for pattern, replacement in SPELLINGS:
        text = pattern.sub(replacement, text)
    out = []
    for raw in re.findall(r"[a-z0-9åäöéü']+", text):
        raw = raw.strip("'")
        if raw in STOP or not raw:
            continue
        for w in WORDS.get(raw, raw).split():
            if w not in STOP:
                out.append(stem(w))
    return out


@dataclass
class Entry:
    id: str
    kind: str  # "ambiguity" or "rule"
    bag: Counter[str] = field(default_factory=Counter)  # weighted stem counts
    phrases: set[frozenset[str]] = field(default_factory=set)  # keywords and asks
    asks: set[frozenset[str]] = field(default_factory=set)

    @property
    def length(self) -> float:
        return sum(self.bag.values())


def _entry(item: Any, kind: str) -> Entry:
    e = Entry(item.id, kind)
    parts: list[tuple[str, float]] = [(item.id.replace("-", " "), 1.0), (item.title, 2.0)]
    parts += [(a.replace("-", " "), 1.0) for a in item.aliases]
    if kind == "ambiguity":
        parts.append((item.question, 1.0))
        phrasings = [*item.keywords, *item.asks]
    else:
        parts.append((item.statement, 0.5))
        phrasings = [item.title, *item.asks]
    parts += [(p, 1.5) for p in phrasings]
    for text, weight in parts:
        for s in stems(text):
            e.bag[s] += weight
    e.phrases = {frozenset(stems(p)) for p in phrasings} - {frozenset()}
    e.asks = {frozenset(stems(p)) for p in item.asks} - {frozenset()}
    return e


class Index:
    """Every ambiguity and rule of a catalogue, ready to be searched."""

    def __init__(self, cat: Any):
        self.entries = [_entry(a, "ambiguity") for a in cat.ambiguities.values()]
        self.entries += [_entry(r, "rule") for r in cat.rules.values()]
        n = len(self.entries)
        df: Counter[str] = Counter()
        for e in self.entries:
            df.update(set(e.bag))
        self.idf = {s: math.log(1 + (n - d + 0.5) / (d + 0.5)) for s, d in df.items()}
        self.unknown_idf = math.log(1 + (n + 0.5) / 0.5)
        self.mean_length = sum(e.length for e in self.entries) / max(n, 1)
        self.rules_of = set(cat.rules)
        self.concerns = {a.id: set(a.rules) for a in cat.ambiguities.values()}

    def score(self, e: Entry, query: set[str]) -> float:
        k1, b = 1.2, 0.5
        norm = k1 * (1 - b + b * e.length / self.mean_length)
        total = 0.0
        for s in query:
            tf = e.bag.get(s, 0.0)
            if tf:
                total += self.idf[s] * tf * (k1 + 1) / (tf + norm)
        for phrase in e.phrases:
            if phrase <= query:  # one of the entry's phrasings, whole
                weight = 1.5 if phrase in e.asks else 1.0
                total += weight * sum(self.idf.get(s, 0.0) for s in phrase)
        if query in e.asks:  # the question as the entry records it
            total += sum(self.idf.get(s, 0.0) for s in query)
        return total

    def search(self, text: str, limit: int = 6) -> list[str]:
        """The IDs ``text`` is most about, best first; empty when the words of ``text`` the
        catalogue knows weigh less than half of all of them (nothing in it is meant)."""
        query = set(stems(text))
        if not query:
            return []
        known = sum(self.idf.get(s, 0.0) for s in query)
        if known < 0.5 * sum(self.idf.get(s, self.unknown_idf) for s in query):
            return []
        ranked = sorted(
            ((self.score(e, query), e.kind == "ambiguity", e.id) for e in self.entries),
            key=lambda t: (-t[0], not t[1]),
        )
        best = ranked[0][0]
        if best <= 0:
            return []
        ids = [i for s, _, i in ranked[:limit] if s >= 0.5 * best]
        return self._question_first(ids, {i: s for s, _, i in ranked})

    def _question_first(self, ids: list[str], scores: dict[str, float]) -> list[str]:
        """An ambiguity is the question a rule answers: when a rule comes first and an
        ambiguity about that rule comes close behind (80 %), the ambiguity leads."""
        if not ids or ids[0] not in self.rules_of:
            return ids
        for i in ids[1:]:
            if ids[0] in self.concerns.get(i, ()) and scores[i] >= 0.8 * scores[ids[0]]:
                return [i, *(j for j in ids if j != i)]
        return ids


_INDEXES: dict[int, tuple[Any, Index]] = {}


def search(cat: Any, text: str, limit: int = 6) -> list[str]:
    """The catalogue IDs a question is about, best first (see :class:`Index`)."""
    held = _INDEXES.get(id(cat))
    if held is None or held[0] is not cat:
        held = _INDEXES[id(cat)] = (cat, Index(cat))
    return held[1].search(text, limit)
