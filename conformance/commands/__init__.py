"""Subcommands of ``unospec`` beyond the catalogue ones: each module here defines
``register(subparsers)``, which adds its parser and sets ``fn(args, catalogue) -> exit code``.
Modules are discovered automatically, so adding a command needs no edit elsewhere."""
