"""unospec: the executable UNO rulebook and rules-conformance suite.

The distribution holds one import namespace:

* :mod:`unospec.spec` — the rule catalogue, the card notation, the protocol schemas, the
  arithmetic shared by engine and prover, and the Z3 prover (:mod:`unospec.spec.prover`);
* :mod:`unospec.reference` — the reference engine (standard library only);
* :mod:`unospec.features` — the rulebook as Gherkin scenarios (data);
* this package — the ``unospec`` command: certification, trace validation, the live
  protocol, perft and reports (``python -m unospec`` runs it too).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("unospec")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"
