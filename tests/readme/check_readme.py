#!/usr/bin/env python3
"""The README's shown outputs are what the tool prints (issue 14).

Every fenced block of README.md that starts with `$ symshape ARGS` is run
from the repository root (stdout, then stderr) and compared line by line
with the rest of the block; a line `...` stands for any number of lines.

Usage: check_readme.py SYMSHAPE REPO_DIR
"""
import os
import re
import shlex
import subprocess
import sys


def blocks(text):
    """(line number, command, expected lines) of each `$ symshape` block."""
    out = []
    for m in re.finditer(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        lines = m.group(1).split("\n")[:-1]
        if lines and lines[0].startswith("$ symshape "):
            line = text.count("\n", 0, m.start()) + 1
            out.append((line, lines[0][2:], lines[1:]))
    return out


def matches(expected, actual):
    """Whether `actual` matches `expected`, where `...` is any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:])
                   for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and \
        matches(expected[1:], actual[1:])


def main():
    symshape, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        text = f.read()
    found = blocks(text)
    failures = 0
    for line, command, expected in found:
        args = shlex.split(command)
        proc = subprocess.run([symshape] + args[1:], cwd=repo,
                              capture_output=True, text=True)
        actual = (proc.stdout + proc.stderr).split("\n")
        if actual and actual[-1] == "":
            actual.pop()
        if not matches(expected, actual):
            failures += 1
            print(f"FAIL: README.md:{line}: `{command}` prints:")
            print("\n".join(actual[:60]))
            print("--- the README shows:")
            print("\n".join(expected))
    print(f"readme: {len(found) - failures} passed, {failures} failed")
    if not found:
        print("FAIL: no `$ symshape` block found in README.md")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
