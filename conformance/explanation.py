"""Naming the rule a program breaks by what explains its behaviour.

When a program does something else than the reference at a step, the harness asks which
single change of the rules makes the reference do what the program did (a
counterfactual):

* every **catalogue option** the certified profile does not play — each variant turned
  on (with its default parameters, and with each other value of an enumerated
  parameter), each variant it plays turned off, each other value of a rule's parameter;
  a program that plays one behaves as that option (``behaves as V-NO-WD4-CHALLENGE``) and
  breaks the rules the option replaces or modifies;
* every **named deviation** of :mod:`unospec.deviations` (common deviations of real
  engines that no option describes), each with the rule it breaks.

A change explains a step when the reference, with the change, reaches the program's
observed position (the observed fields, compared as :mod:`unospec.compare` does), or
offers the actions the program offers instead of its own. What no change explains is
*unexplained*: reported with the field that differed as a hint, never under a guessed rule.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from unospec.chance_feed import Stepped, advance
from unospec.compare import canonical_action, diff_positions
from unospec.deviations import ENABLE, LEGAL, STATE, StepContext, deviations
from unospec.reference import IllegalAction, dump, legal_actions
from unospec.reference.config import Config, config
from unospec.reference.position import Position
from unospec.spec.catalogue import load as load_catalogue

Json = dict[str, Any]

#: match targets tried for V-EXT-TARGET-SCORE (a program's target is one of the usual ones)
TARGETS = (100, 150, 200, 250, 300, 400, 750, 1000, 1500, 2000)


@dataclass(frozen=True)
class Change:
    """One change of the rules: a catalogue option, or a named deviation."""

    id: str  # the option as KEY=VALUE, or the deviation's ID
    kind: str  # "option" or "deviation"
    rules: tuple[str, ...]  # the rules it breaks
    what: str
    options: tuple[tuple[str, Any], ...] = ()  # an option's overrides
    rank: int = 0  # among changes that explain as much, the smaller is the likelier

    @property
    def option(self) -> str | None:
        """The catalogue option it plays (``V-NO-WD4-CHALLENGE``,
        ``P-NEXT-DEALER.next_dealer=previous_round_winner``), for an option."""
        return self.id if self.kind == "option" else None

    def blame(self, cited: Iterable[str]) -> str:
        """The rule to blame at a step whose reference outcome cites ``cited``: the first
        of the rules it breaks that the step involves, else its first."""
        cited = set(cited)
        return next((r for r in self.rules if r in cited), self.rules[0])

    def to_json(self) -> Json:
        return {"id": self.id, "kind": self.kind, "rules": list(self.rules), "what": self.what}


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def option_changes(profile: str, options: Json) -> list[Change]:
    """Every option change of the catalogue relative to ``profile`` plus ``options``."""
    cat = load_catalogue()
    table = cat.effective_options(profile, options or None)
    out: list[Change] = []
    for rule in cat.rules.values():
        if rule.kind == "variant":
            broken = (*rule.replaces, *rule.modifies) or (rule.id,)
            if table.get(rule.id, False) is not False:
                # a program that does not play a variant of its profile breaks the variant
                out.append(
                    Change(
                        rule.id + "=off",
                        "option",
                        (rule.id,),
                        f"without {rule.id}",
                        ((rule.id, False),),
                    )
                )
                continue
            out.append(Change(rule.id, "option", broken, rule.title, ((rule.id, True),)))
            for p in rule.params:
                if rule.id == "V-EXT-TARGET-SCORE" and p.name == "target":
                    for t in TARGETS:
                        out.append(
                            Change(
                                f"{rule.id}.target={t}",
                                "option",
                                broken,
                                f"{rule.title} ({t})",
                                ((rule.id, {"target": t}),),
                                rank=abs(t - 500),
                            )
                        )
                    continue
                for v in _others(p):
                    out.append(
                        Change(
                            f"{rule.id}.{p.name}={_value(v)}",
                            "option",
                            broken,
                            f"{rule.title} ({p.name} {_value(v)})",
                            ((rule.id, {p.name: v}),),
                        )
                    )
        else:
            for p in rule.params:
                key = f"{rule.id}.{p.name}"
                for v in _others(p, table.get(key, p.default)):
                    out.append(
                        Change(
                            f"{key}={_value(v)}",
                            "option",
                            (rule.id,),
                            f"{rule.title}: {p.name} {_value(v)}",
                            ((key, v),),
                        )
                    )
    return out


def _others(p: Any, current: Any = None) -> list[Any]:
    """The values of a parameter other than ``current`` (its default) worth trying."""
    current = p.default if current is None else current
    if p.type == "bool":
        return [not current]
    if p.values:
        return [v for v in p.values if v != current]
    if p.type == "int" and isinstance(current, int):
        low = p.minimum if p.minimum is not None else 0
        return [v for v in (current - 1, current + 1, current * 2) if v >= low and v != current]
    return []


def deviation_changes() -> list[Change]:
    return [Change(d.id, "deviation", d.rules, d.what, rank=d.rank) for d in deviations()]


@dataclass
class Explained:
    """A change that explains a step, what the reference reaches with it, and the rule blamed."""

    change: Change
    rule: str
    after: Position | None = None
    notes: list[Any] = field(default_factory=list)  # chance problems it leaves standing
    also: list[Explained] = field(default_factory=list)  # patches it needs on top


@dataclass
class LegalGroup:
    """Actions the program offers differently, explained together (or not at all), with
    every change that explains them all (``alternatives``: change ID and rule blamed)."""

    rule: str
    change: Change | None
    missing: list[Json] = field(default_factory=list)
    extra: list[Json] = field(default_factory=list)
    alternatives: list[tuple[str, str]] = field(default_factory=list)


#: a change that explained this many steps is taken without trying the others
TRUSTED = 3


class Explainer:
    """The changes to try for one certification, and the configurations they compile to."""

    def __init__(self, profile: str, options: Json | None = None):
        self.profile, self.options = profile, dict(options or {})
        self.base = config(profile, self.options)
        self.changes: list[Change] = []
        self.configs: dict[str, Config] = {}
        for ch in option_changes(profile, self.options):
            try:
                self.configs[ch.id] = config(profile, {**self.options, **dict(ch.options)})
            except Exception:  # noqa: BLE001 - a combination the catalogue refuses is no candidate
                continue
            self.changes.append(ch)
        self.changes += deviation_changes()
        self.by_id = {c.id: c for c in self.changes}
        # draw piles compared in order (not for a program that owns its chance: the
        # order is its own; the games set it)
        self.pile_order = True
        # changes that explained an earlier step come first (a program deviates consistently)
        self.used: dict[str, int] = {}
        # steps where the program did what the rules say although a change would have made
        # it do otherwise: evidence against that change (see :meth:`contradicts`)
        self.contradicted: dict[str, int] = {}
        # changes that explained a step another change explained as well
        self.suspects: set[str] = set()

    def _differs(self, after: Position, observed: Json) -> bool:
        return _differs(after, observed, self.pile_order)

    def watched(self) -> set[str]:
        """The changes to check at steps where the program did what the rules say: every
        change that explained a step (:meth:`contradicts`)."""
        return set(self.used) | self.suspects

    def _trusted(self, cid: str) -> bool:
        """Explained enough steps, and never one that another change explains as well:
        the others need not be tried."""
        return self.used.get(cid, 0) >= TRUSTED and cid not in self.suspects

    def _ordered(self) -> list[Change]:
        return sorted(self.changes, key=lambda c: (-self.used.get(c.id, 0), c.rank))

    def credit(self, change: Change) -> None:
        self.used[change.id] = self.used.get(change.id, 0) + 1

    # -- what happened -------------------------------------------------------------------------
    def state(self, ctx: StepContext, accepted: bool = True) -> list[Explained]:
        """The changes under which the reference reaches the program's observed position
        (and accepts the action, when the program did) with no more chance problems than
        the certified rules find, and with fewer where the positions already agree. The
        changes that explained earlier steps are tried first. Where no single change
        does, a change followed by a *patch* (a deviation that only touches what the
        program shows of UNO states or scores, such as a late catch) may: two deviations
        of one program can show in the same step."""
        out: list[Explained] = []
        near: list[Explained] = []  # what each change reaches where it is not enough
        cited = _cited(ctx.official)
        notes = {n.rule for n in ctx.official.notes}
        agrees = not self._differs(ctx.official.after, ctx.observed)
        for ch in self._ordered():
            if ch.kind == "option":
                got = self._under_option(ctx, ch)
                if got is None or not accepted:
                    continue
                theirs = {n.rule for n in got.notes}
                fewer = theirs < notes
                found = Explained(ch, ch.blame(cited | (notes - theirs)), got.after, got.notes)
                if theirs <= notes and (fewer or not agrees):
                    if not self._differs(got.after, ctx.observed):
                        out.append(found)
                    else:
                        near.append(found)
            elif not agrees and (fn := STATE.get(ch.id)) is not None:
                for after, rule in _transformed(fn, ctx):
                    found = Explained(ch, rule, after, list(ctx.official.notes))
                    if not self._differs(after, ctx.observed):
                        out.append(found)
                        break
                    near.append(found)
            if out and self._trusted(out[0].change.id):
                break  # a change this program is known to play explains it
        if not out and not agrees:
            out = self._enabled(ctx)
        if not out and not agrees:
            out = self._patched(ctx, near)
        return out

    def _enabled(self, ctx: StepContext) -> list[Explained]:
        """An action the rules forbid that the program took: a legal deviation that adds
        it, taken where the deviation allows it (a card after a draw, a late catch)."""
        a = ctx.action
        if a is None or a.get("seat") is None:
            return []
        try:
            legal_actions(ctx.before)
            if a in legal_actions(ctx.before):
                return []
        except (KeyError, ValueError, TypeError):
            return []
        out = []
        for did, enable in ENABLE.items():
            pos = enable(ctx.before, a)
            if pos is None:
                continue
            try:
                got = advance(pos, a, ctx.feed)
            except (IllegalAction, KeyError, ValueError, TypeError, RuntimeError):
                continue
            if not self._differs(got.after, ctx.observed):
                ch = self.by_id[did]
                out.append(Explained(ch, ch.rules[0], got.after, got.notes))
        return out

    def _patched(self, ctx: StepContext, near: list[Explained]) -> list[Explained]:
        """A change followed by a patch deviation that together reach the program's
        position (the patch recorded in ``also``)."""
        patches = [d for d in deviations() if d.patch and d.id in STATE]
        out = []
        for first in near:
            if first.after is None:
                continue
            on_top = Stepped(first.after, ctx.official.events, [])
            ctx2 = StepContext(
                ctx.before, ctx.action, ctx.feed, on_top, ctx.observed, ctx.ended_direction
            )
            for d in patches:
                if d.id == first.change.id:
                    continue
                for after, rule in _transformed(STATE[d.id], ctx2):
                    if not self._differs(after, ctx.observed):
                        patch = Explained(self.by_id[d.id], rule, after)
                        out.append(Explained(first.change, first.rule, after, first.notes, [patch]))
                        break
        return out

    def contradicts(self, ctx: StepContext, suspects: Iterable[str]) -> None:
        """At a step where the program did what the rules say, count each suspect change
        (one of several that explained an earlier step) that would have made it do
        otherwise: a program that plays it would have differed here."""
        for cid in suspects:
            ch = self.by_id.get(cid)
            if ch is None:
                continue
            if ch.kind == "option":
                got = self._under_option(ctx, ch)
                differs = got is not None and self._differs(got.after, ctx.observed)
            elif (fn := STATE.get(ch.id)) is not None:
                differs = any(
                    self._differs(after, ctx.observed) for after, _ in _transformed(fn, ctx)
                )
            else:
                continue
            if differs:
                self.contradicted[cid] = self.contradicted.get(cid, 0) + 1

    def legal_contradicts(
        self, before: Position, official: list[Json], suspects: Iterable[str]
    ) -> None:
        """The same at a step where the program offered exactly the legal actions."""
        exp = {canonical_action(a): a for a in official}
        for cid in suspects:
            ch = self.by_id.get(cid)
            if ch is None or (ch.kind == "deviation" and ch.id not in LEGAL):
                continue
            if any(
                add or remove for add, remove, _ in self._legal_changes(ch, before, official, exp)
            ):
                self.contradicted[cid] = self.contradicted.get(cid, 0) + 1

    def _under_option(self, ctx: StepContext, ch: Change) -> Stepped | None:
        cfg = self.configs[ch.id]
        try:
            return advance(ctx.before, ctx.action, ctx.feed, cfg)
        except (IllegalAction, KeyError, ValueError, TypeError, RuntimeError, IndexError):
            return None

    # -- what is offered -----------------------------------------------------------------------
    def legal(
        self, before: Position, official: list[Json], offered: list[Json]
    ) -> list[LegalGroup]:
        """The program's missing and extra actions in groups: each group is the whole
        change of the legal set one change makes, where the program shows all of it
        (and the program may show more); what no change explains, one action at a time
        under the rule that allows (missing) or forbids (extra) it."""
        exp = {canonical_action(a): a for a in official}
        got = {canonical_action(a): a for a in offered}
        missing = {k: exp[k] for k in exp if k not in got}
        extra = {k: got[k] for k in got if k not in exp}
        fits: list[tuple[Change, set[Hashable], set[Hashable], str]] = []
        watched = self.watched()
        for ch in self._ordered():
            for add, remove, rule in self._legal_changes(ch, before, official, exp):
                if (add or remove) and add <= extra.keys() and remove <= missing.keys():
                    fits.append((ch, add, remove, rule))
                elif ch.id in watched and (add - extra.keys() or remove - missing.keys()):
                    # a change that explained a step before would make the program offer
                    # otherwise here than it does: evidence against it
                    self.contradicted[ch.id] = self.contradicted.get(ch.id, 0) + 1
            if (
                fits
                and self._trusted(fits[0][0].id)
                and (fits[0][1] == extra.keys() and fits[0][2] == missing.keys())
            ):
                break  # a change this program is known to play explains all of it
        groups: list[LegalGroup] = []
        while fits:
            fits.sort(key=lambda f: (-len(f[1] | f[2]), -self.used.get(f[0].id, 0)))
            ch, add, remove, rule = fits[0]
            keys = add | remove
            alternatives = [(c.id, r3) for c, a2, r2, r3 in fits if keys <= (a2 | r2)]
            groups.append(
                LegalGroup(
                    rule,
                    ch,
                    [missing.pop(k) for k in sorted(remove, key=repr)],
                    [extra.pop(k) for k in sorted(add, key=repr)],
                    alternatives,
                )
            )
            fits = [
                (c, a2 - keys, r2 - keys, r)
                for c, a2, r2, r in fits[1:]
                if (a2 - keys or r2 - keys)
                and (a2 - keys) <= extra.keys()
                and (r2 - keys) <= missing.keys()
            ]
        return groups + _one_by_one(before, list(missing.values()), list(extra.values()))

    def _legal_changes(
        self, ch: Change, before: Position, official: list[Json], exp: dict[Hashable, Json]
    ) -> list[tuple[set[Hashable], set[Hashable], str]]:
        if ch.kind == "deviation":
            fn = LEGAL.get(ch.id)
            if fn is None:
                return []
            return [
                (
                    {canonical_action(a) for a in g.add},
                    {canonical_action(a) for a in g.remove},
                    g.rule,
                )
                for g in fn(before, official)
            ]
        pos = before.copy()
        pos.cfg = self.configs[ch.id]
        try:
            theirs = {canonical_action(a): a for a in legal_actions(pos)}
        except (KeyError, ValueError, TypeError, RuntimeError, IndexError, IllegalAction):
            return []
        add = set(theirs) - set(exp)
        remove = set(exp) - set(theirs)
        return [(add, remove, ch.blame(_rules_of(add | remove, theirs, exp, before)))]


def _transformed(fn: Any, ctx: StepContext) -> list[tuple[Position, str]]:
    """What a named deviation makes of the step; nothing where it cannot follow the
    step (a deviation that does not fit is no explanation, never a harness error)."""
    try:
        return list(fn(ctx))
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, IllegalAction):
        return []


def _cited(stepped: Stepped) -> set[str]:
    return {e["rule"] for e in stepped.events}


def _rules_of(keys: set[Hashable], theirs: dict, exp: dict, before: Position) -> set[str]:
    """The rules behind a change of legal actions: those that allow or forbid them."""
    from unospec.attribution import rule_for_extra, rule_for_missing

    out = set()
    for k in keys:
        if k in exp:
            out.add(rule_for_missing(before, exp[k]))
        else:
            out.add(rule_for_extra(before, theirs[k]))
    return out


def _differs(after: Position, observed: Json, pile_order: bool = True) -> bool:
    return bool(diff_positions(dump(after, share=True), observed, pile_order))


def _one_by_one(before: Position, missing: list[Json], extra: list[Json]) -> list[LegalGroup]:
    """Actions no change explains: each under the rule that allows a missing action or
    forbids an extra one (the rule the reference itself names)."""
    from unospec.attribution import rule_for_extra, rule_for_missing

    out = [LegalGroup(rule_for_missing(before, a), None, missing=[a]) for a in missing]
    out += [LegalGroup(rule_for_extra(before, a), None, extra=[a]) for a in extra]
    return out
