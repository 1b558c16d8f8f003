#!/usr/bin/env python3
"""Inline test modules that are a third or more of their file (issue 51: such tests move to a
`tests.rs` beside the file or to the crate's `tests/`). Prints each with its share; exits 1 if
any.    scripts/test-share.py [ROOT ...]   (default: crates)"""
import pathlib
import re
import sys


def inline_test_lines(text):
    """Lines of `#[cfg(test)] mod NAME { ... }` blocks written inline in `text`."""
    lines = text.split("\n")
    total, i = 0, 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]" and i + 1 < len(lines) and re.match(r"\s*(pub(\(crate\))? )?mod \w+ \{", lines[i + 1]):
            depth, j = 0, i + 1
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                j += 1
                if depth <= 0:
                    break
            total += j - i
            i = j
        else:
            i += 1
    return total, len(lines)


def main():
    roots = sys.argv[1:] or ["crates"]
    bad = 0
    for root in roots:
        for path in sorted(pathlib.Path(root).rglob("*.rs")):
            if "target" in path.parts or "tests" in path.parts:
                continue
            tests, lines = inline_test_lines(path.read_text())
            if tests and tests * 3 >= lines:
                bad += 1
                print(f"{path}: {tests} of {lines} lines are tests")
    sys.exit(1 if bad else 0)


main()
