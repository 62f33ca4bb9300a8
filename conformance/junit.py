"""``junit.xml``: the certification as JUnit XML, valid against the Jenkins xUnit schema
``junit-10.xsd`` (the one pytest's own JUnit output is checked against).

One ``<testsuite>`` per feature file (and one for the differential games, one for the
harness's own checks); each test case's ``classname`` is ``FEATURE.RULE`` (``games.RULE``
for a game), so CI tools group results by feature and rule. A failure's text says where
(the scenario's file and line), which rule with its citation, what differed and how to
reproduce it. Properties sit on the suites only (the schema allows none in a test case),
and every character XML cannot carry is written as a visible ``\\uXXXX``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from unospec.certify import Certification
from unospec.report_data import clean, overall, result_lines, to_json

MESSAGE_MAX = 500  # characters of the one-line message attribute


def classname(r: dict[str, Any]) -> str:
    """``FEATURE.RULE`` for a scenario, ``games.RULE`` for a game, else the kind."""
    rule = (r.get("rules") or [""])[0]
    if r["kind"] == "scenario" and r.get("file"):
        package = r["file"].rsplit("/", 1)[-1].removesuffix(".feature")
    elif r["kind"] in ("differential", "game", "deviation"):
        package = "games"
    else:
        package = r["kind"]
    return f"{package}.{rule}" if rule else package


def suite_of(r: dict[str, Any]) -> str:
    if r["kind"] == "scenario":
        return r.get("file") or "scenarios"
    return "differential games" if r["kind"] in ("differential", "game", "deviation") else "harness"


def _case(r: dict[str, Any], index: int) -> ET.Element:
    case = ET.Element(
        "testcase",
        name=clean(r["id"]),
        classname=clean(classname(r)),
        time=f"{r.get('seconds') or 0:.3f}",
    )
    outcome = r["outcome"]
    message = clean(next(iter((r.get("message") or "").splitlines()), "") or outcome)
    if outcome == "fail":
        tag, kind = (
            "failure",
            (r.get("rules") or ["unexplained" if r["kind"] == "deviation" else "fail"])[0],
        )
    elif outcome in ("errored", "timeout"):
        tag, kind = "error", outcome
    elif outcome in ("skipped", "not_applicable"):
        tag, kind = "skipped", outcome
    else:
        return case
    child = ET.SubElement(case, tag, message=message[:MESSAGE_MAX], type=clean(kind))
    if tag != "skipped":
        child.text = "\n".join(result_lines(r, index))
    return case


def _suite(name: str, cases: list[ET.Element], props: dict[str, str], started: str) -> ET.Element:
    def count(tag: str) -> int:
        return sum(1 for c in cases if c.find(tag) is not None)

    suite = ET.Element(
        "testsuite",
        name=clean(name),
        tests=str(len(cases)),
        failures=str(count("failure")),
        errors=str(count("error")),
        skipped=str(count("skipped")),
        time=f"{sum(float(c.get('time') or 0) for c in cases):.3f}",
        timestamp=started,
    )
    properties = ET.SubElement(suite, "properties")
    for k, v in props.items():
        ET.SubElement(properties, "property", name=k, value=clean(v))
    suite.extend(cases)
    return suite


def _could_not_run(cert: Certification) -> ET.Element:
    """A test case in error, so that CI never reads an unrunnable program as no tests."""
    case = ET.Element("testcase", name="could-not-run", classname="harness", time="0.000")
    reason = clean(cert.could_not_run or "")
    error = ET.SubElement(case, "error", message=reason[:MESSAGE_MAX], type="could_not_run")
    error.text = clean(f"{reason}\n\nthe end of the program's stderr:\n{cert.stderr[-2000:]}")
    return case


def junit(cert: Certification) -> str:
    """The JUnit XML document (a string, UTF-8 declared)."""
    data = to_json(cert)
    h = data["header"]
    props = {
        "profile": str(h["profile"]),
        "program": " ".join(map(str, h["program"].get("argv") or [])),
        "implementation": f"{h['program'].get('name', '')} {h['program'].get('version', '')}".strip(),
        "unospec": str(h["suite"]["version"]),
        "verdict": overall(cert),
    }
    suites: dict[str, list[ET.Element]] = {}
    for i, r in enumerate(data["results"]):
        suites.setdefault(suite_of(r), []).append(_case(r, i))
    if cert.could_not_run:
        suites.setdefault("harness", []).append(_could_not_run(cert))
    prefix = f"unospec {h['profile']}"
    root = ET.Element("testsuites", name=clean(prefix), time=f"{cert.seconds:.3f}")
    for name, cases in suites.items():
        root.append(_suite(f"{prefix}: {name}", cases, props, h["started"]))
    for attr in ("tests", "failures", "errors"):
        root.set(attr, str(sum(int(s.get(attr) or 0) for s in root)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
