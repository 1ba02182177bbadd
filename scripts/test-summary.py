#!/usr/bin/env python3
"""Prints one line per test suite (a Swift test target, the browser tests) from the xUnit/JUnit files
(swift test --xunit-output, pytest --junitxml): its counts, and the failed tests by name; then how long
each phase took (`--took NAME SECONDS`, measured by run-tests) and one closing line:
`N passed, N failed, N skipped`. The files' per-test times are not summed: Swift Testing times a test
from when it is queued, so with two at a time they count the wait.

    scripts/test-summary.py --took "swift test" 110 reports/swift-swift-testing.xml reports/browser.xml
"""
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict


def suite_of(classname):
    """`BuzzerAppTests.BuzzFairnessLiveTests` → `BuzzerAppTests`; `Tests.Browser.test_game` → `browser`."""
    if classname.startswith("Tests.Browser") or classname.startswith("test_"):
        return "browser"
    return classname.split(".", 1)[0] or "?"


def read(path, suites):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"  (no results in {path}: {error})")
        return
    for case in root.iter("testcase"):
        row = suites.setdefault(suite_of(case.get("classname") or "?"), {"passed": 0, "failed": [], "skipped": 0})
        if case.find("failure") is not None or case.find("error") is not None:
            row["failed"].append(f"{case.get('classname')}.{case.get('name')}")
        elif case.find("skipped") is not None:
            row["skipped"] += 1
        else:
            row["passed"] += 1


def main(arguments):
    took, paths = [], []
    while arguments:
        if arguments[0] == "--took" and len(arguments) >= 3:
            took.append((arguments[1], int(arguments[2])))
            arguments = arguments[3:]
        else:
            paths.append(arguments[0])
            arguments = arguments[1:]
    suites = OrderedDict()
    for path in paths:
        read(path, suites)
    width = max((len(name) for name in suites), default=0)
    total = [0, 0, 0]
    for name, row in suites.items():
        failed = len(row["failed"])
        extra = (f", {failed} FAILED" if failed else "") + (f", {row['skipped']} skipped" if row["skipped"] else "")
        print(f"  {name.ljust(width)}  {row['passed']:4d} passed{extra}")
        for test in row["failed"]:
            print(f"      failed: {test}")
        total = [total[0] + row["passed"], total[1] + failed, total[2] + row["skipped"]]
    if took:
        print("  took: " + ", ".join(f"{name} {seconds // 60} min {seconds % 60} s" for name, seconds in took))
    print(f"{total[0]} passed, {total[1]} failed, {total[2]} skipped")


if __name__ == "__main__":
    main(sys.argv[1:])
