"""The documented pass plugin outputs are what mlir-opt-22 prints with it.

Every fenced block of the DOCUMENTS (docs/PLUGIN.md) that starts with
`$ mlir-opt-22 ` is run
from the repository root by bash, with `build/lib/SymshapePlugin.so` read
as the plugin given here, and compared line by line with the rest of the
block (stdout, then stderr); a line `...` stands for any number of lines.

And the README's build-and-test command is the one CI runs (.ci/run),
with the plugin required (-DSYMSHAPE_PLUGIN=ON), as is the quick start's
configure step.

Usage: check_readme_plugin.py PLUGIN REPO_DIR
"""
import os
import re
import subprocess
import sys

# The documents whose `$ mlir-opt-22` blocks are run; each must have one.
DOCUMENTS = ["docs/PLUGIN.md"]


def blocks(text):
    out = []
    for m in re.finditer(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        lines = m.group(1).split("\n")[:-1]
        if lines and lines[0].startswith("$ mlir-opt-22 "):
            out.append((text.count("\n", 0, m.start()) + 1, lines[0][2:],
                        lines[1:]))
    return out


def matches(expected, actual):
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:])
                   for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and \
        matches(expected[1:], actual[1:])


def check_ci_command(repo):
    """The README's commands configure as .ci/run does, plugin required."""
    with open(os.path.join(repo, ".ci", "run"), encoding="utf-8") as f:
        ci = [line for line in f.read().splitlines()
              if line.startswith("bash .ci/install-deps && cmake ")]
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        readme = [line for line in f.read().splitlines()
                  if line.startswith("bash .ci/install-deps && cmake ")]
    configure = "cmake -S . -B build -G Ninja -DSYMSHAPE_PLUGIN=ON &&"
    problems = []
    if len(ci) != 1 or ci[0] not in readme:
        problems.append("the README does not show .ci/run's command %s" % ci)
    problems += ["`%s` does not configure with `%s`" % (line, configure)
                 for line in ci + readme if configure not in line]
    for problem in problems:
        print("FAIL: " + problem)
    return len(problems)


def main():
    plugin, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    found = []
    failures = 0
    for document in DOCUMENTS:
        with open(os.path.join(repo, document), encoding="utf-8") as f:
            mine = blocks(f.read())
        if not mine:
            print("FAIL: no `$ mlir-opt-22` block in %s" % document)
            failures += 1
        found += [(document, line, command, expected)
                  for line, command, expected in mine]
    for document, line, command, expected in found:
        run = command.replace("build/lib/SymshapePlugin.so", plugin)
        proc = subprocess.run(["bash", "-c", run], cwd=repo,
                              capture_output=True, text=True, timeout=120)
        actual = (proc.stdout + proc.stderr).split("\n")
        while actual and actual[-1] == "":
            actual.pop()  # mlir-opt ends its print with an empty line
        if not matches(expected, actual):
            failures += 1
            print("FAIL: %s:%d: `%s` prints:" % (document, line, command))
            print("\n".join(actual[:60]))
            print("--- %s shows:" % document)
            print("\n".join(expected))
    failures += check_ci_command(repo)
    print("%d passed, %d failed" % (len(found) - min(failures, len(found)),
                                    failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
