"""unospec's rule catalogue: sources, rules, variants, ambiguities, profiles and the card notation.

Standard library only (the reference engine imports it). The catalogue is data in
``spec/data``; :mod:`unospec.spec.catalogue` loads and validates it.
"""
