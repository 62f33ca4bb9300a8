"""The executable rulebook as Gherkin: one ``.feature`` file per rule area.

This package holds data only; :mod:`unospec.scenarios` reads the files through
:func:`importlib.resources.files`, so they are found the same way in a checkout and in an
installed wheel.
"""
