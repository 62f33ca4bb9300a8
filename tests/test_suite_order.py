"""The order ``make test`` hands test modules out in (see ``LONGEST_FIRST`` in conftest)."""

from pathlib import Path

from conftest import LONGEST_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_module_handed_out_first_exists():
    missing = [p for p in LONGEST_FIRST if not (ROOT / p).is_file()]
    assert not missing, f"LONGEST_FIRST names modules that are gone: {missing}"


def test_the_longest_modules_are_collected_first(request):
    order = []
    for item in request.session.items:
        path = item.nodeid.split("::", 1)[0]
        if not order or order[-1] != path:
            order.append(path)
    present = [p for p in LONGEST_FIRST if p in order]
    assert order[: len(present)] == present
