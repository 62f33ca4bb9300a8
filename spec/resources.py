"""Where unospec's data files are: found through :mod:`importlib.resources`, so the same
names work in a checkout, in an editable install and in an installed wheel.

>>> (DATA / "rules.toml").is_file(), (FEATURES / "wilds.feature").is_file()
(True, True)
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def package_dir(package: str) -> Path:
    """The directory of an installed package of unospec, as a path on disk.

    unospec is installed unpacked (wheels are never imported from a zip file), so the
    resource root of each package is a directory."""
    path = Path(str(files(package)))
    if not path.is_dir():
        raise FileNotFoundError(f"the data of {package} is not a directory on disk: {path}")
    return path


SPEC = package_dir("unospec.spec")
DATA = SPEC / "data"  # the catalogue (TOML), the profiles and the source shingles
PROTOCOL = SPEC / "protocol"  # the JSON Schemas of the live protocol and of traces
PERFT_CORPUS = SPEC / "perft" / "corpus.jsonl"
CATALOGUE_SCHEMA = SPEC / "schema" / "catalogue.schema.json"
FEATURES = package_dir("unospec.features")  # the Gherkin scenarios
