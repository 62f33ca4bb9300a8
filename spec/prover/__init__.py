"""The formal model: Z3 proves the invariants of the rules the engine runs.

The model's steps (:mod:`unospec.spec.prover.model`) are built from :mod:`unospec.spec.arithmetic`, the
functions the reference engine calls, evaluated on Z3 terms. :mod:`unospec.spec.prover.proofs`
proves every invariant (:mod:`unospec.spec.prover.invariants`) inductive for every step kind,
player count and profile group; :mod:`unospec.spec.prover.lemmas` proves facts about the
arithmetic alone; :mod:`unospec.spec.prover.policies` shows what the deadlock policies are for;
:mod:`unospec.spec.prover.distinguish` finds positions that tell two profiles apart;
:mod:`unospec.spec.prover.hidden` checks traces whose cards are partly hidden (line by
line: :mod:`unospec.spec.prover.trace_model`, over the facts of
:mod:`unospec.spec.prover.trace_facts`). The refinement
tests run the same model on integers (:mod:`unospec.spec.prover.steps`) against the engine.

This package is the only place that imports Z3; nothing the engine imports imports it.
"""
