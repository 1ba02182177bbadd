#!/usr/bin/env python3
"""Prints a short table of test counts per suite from xUnit/JUnit files (swift test --xunit-output,
pytest --junitxml), then one closing line: `N passed, N failed, N skipped`.

    scripts/test-summary.py reports/swift-swift-testing.xml reports/browser.xml
"""
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict


def suites(path):
    counts = OrderedDict()
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"  (no results in {path}: {error})")
        return counts
    for case in root.iter("testcase"):
        name = case.get("classname") or "?"
        row = counts.setdefault(name, [0, 0, 0])
        if case.find("failure") is not None or case.find("error") is not None:
            row[1] += 1
        elif case.find("skipped") is not None:
            row[2] += 1
        else:
            row[0] += 1
    return counts


def main(paths):
    total = [0, 0, 0]
    for path in paths:
        counts = suites(path)
        if not counts:
            continue
        print(f"{path}:")
        width = max(len(name) for name in counts)
        for name, (passed, failed, skipped) in sorted(counts.items()):
            mark = "FAILED " if failed else ""
            extra = f", {skipped} skipped" if skipped else ""
            print(f"  {name.ljust(width)}  {passed:4d} passed{f', {failed} failed' if failed else ''}{extra} {mark}".rstrip())
            total = [total[0] + passed, total[1] + failed, total[2] + skipped]
    print(f"{total[0]} passed, {total[1]} failed, {total[2]} skipped")


if __name__ == "__main__":
    main(sys.argv[1:])
