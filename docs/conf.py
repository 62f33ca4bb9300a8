"""Sphinx configuration of the unospec documentation (``make docs``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS / "_ext")]  # unospec itself is installed (make sets up .venv)
os.environ.setdefault("UNOSPEC_PURE", "1")  # document the engine's source, not its compiled build

from unospec import __version__  # noqa: E402

project = "unospec"
author = "the unospec developers"
copyright = "the unospec developers, MIT licence"
version = release = __version__

extensions = ["unodocs", "sphinx.ext.autodoc"]
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
nitpick_ignore_regex = [
    # type hints that name Python's own types or the engine's aliases, not documented objects
    ("py:class", r"(typing\.)?Any|Action|Event|Chooser|random\.Random|.*Iterable|.*Iterator"),
    ("py:class", r".*Config|.*Callable|'?(dict|list|tuple)\[.*"),
    ("py:mod", r"unospec\.spec\..*"),  # modules the API page does not document
]
templates_path: list[str] = []
html_static_path = ["_static"]
exclude_patterns = ["_build", "examples", ".gitignore"]
root_doc = "index"
language = "en"
highlight_language = "text"
nitpicky = True
smartquotes = False  # steps quote option values as JSON: "engine" must stay "engine"

html_theme = "alabaster"
html_title = f"unospec {release}"
html_theme_options = {
    "description": "The executable UNO rulebook",
    "fixed_sidebar": True,
    "page_width": "1240px",
    "sidebar_width": "240px",
}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_show_sourcelink = False
html_copy_source = False
html_use_index = False  # the rulebook index and the search page serve instead
