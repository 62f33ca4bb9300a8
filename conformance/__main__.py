"""``python -m unospec``: the same command as ``unospec``."""

from unospec.cli import main

raise SystemExit(main())
