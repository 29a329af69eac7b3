#!/usr/bin/env python3
"""What the documentation shows is what the tool prints (issues 14, 23).

    check_readme.py outputs  SYMSHAPE REPO_DIR
        Every fenced block of the DOCUMENTS (README.md, docs/USAGE.md,
        docs/KINDS.md, docs/PYTORCH.md) that starts with `$ symshape ARGS` is run from the repository root (stdout, then
        stderr) and compared line by line with the rest of the block; a
        line `...` stands for any number of lines.
    check_readme.py examples SYMSHAPE REPO_DIR
        Each row of README.md's Examples table that names an `.mlir` file
        states what `symshape check` prints for it: the summary ("8
        obligations: 6 safe, 2 ub-possible", counts that are not 0) and,
        in order, each finding that can fail with its kind and exact
        condition ("`broadcast` ... UB exactly when `COND`").
    check_readme.py kinds    SYMSHAPE REPO_DIR
        docs/KINDS.md has a section per obligation kind: every kind of SPEC
        section 4 and every kind the tool can report (the names in
        solver/lib/Problem.cpp's obligationKindName, and `coverage`), each
        with its example docs/kinds/KIND.mlir; for a kind the tool reports,
        a `$ symshape` block (checked by `outputs`) shows the kind.
    check_readme.py links    SYMSHAPE REPO_DIR
        Every relative link of README.md and docs/*.md (outside fenced
        blocks) names a file that exists, and a `#heading` in a Markdown
        file that exists there (GitHub's anchors); README.md links every
        docs/*.md, so no document is left unreachable.
"""
import os
import re
import shlex
import subprocess
import sys

# The documents whose `$ symshape` blocks are run; each must have one.
DOCUMENTS = ["README.md", "docs/USAGE.md", "docs/KINDS.md",
             "docs/PYTORCH.md"]

# SPEC section 4's kinds, and the one --require-coverage adds.
SPEC_KINDS = ["broadcast", "result-cast", "rank", "mapped-dim", "cast",
              "join", "cstr", "assert", "bind", "assume", "overflow", "equal",
              "element-count", "in-bounds", "coverage"]


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


def run(symshape, repo, args):
    proc = subprocess.run([symshape] + args, cwd=repo, capture_output=True,
                          text=True)
    lines = (proc.stdout + proc.stderr).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read(repo, name):
    with open(os.path.join(repo, name), encoding="utf-8") as f:
        return f.read()


def check_outputs(symshape, repo):
    failures = total = 0
    for document in DOCUMENTS:
        found = blocks(read(repo, document))
        if not found:
            print(f"FAIL: no `$ symshape` block found in {document}")
            failures += 1
        for line, command, expected in found:
            total += 1
            actual = run(symshape, repo, shlex.split(command)[1:])
            if not matches(expected, actual):
                failures += 1
                print(f"FAIL: {document}:{line}: `{command}` prints:")
                print("\n".join(actual[:60]))
                print(f"--- {document} shows:")
                print("\n".join(expected))
    print(f"outputs: {total - failures} passed, {failures} failed")
    return failures


def summary_counts(line):
    """{"safe": 6, ...} of the counts that are not 0 in a summary."""
    m = re.search(r"(\d+) obligations?: (.*)", line)
    if not m:
        return None
    counts = {"obligations": int(m.group(1))}
    rest = m.group(2)
    checks = re.search(r"\((\d+) runtime checks? that can fail\)", rest)
    if checks:
        counts["checks that can fail"] = int(checks.group(1))
        rest = rest.replace(checks.group(0), "")
    for count, verdict in re.findall(r"(\d+) ([a-z-]+)", rest):
        if int(count):
            counts[verdict] = int(count)
    return counts


def check_examples(symshape, repo):
    text = read(repo, "README.md")
    section = re.search(r"^## Examples\n(.*?)^## ", text, re.S | re.M)
    rows = [row for row in section.group(1).split("\n")
            if re.match(r"\| `[^`]+\.mlir` \|", row)]
    failures = 0
    for row in rows:
        name = re.match(r"\| `([^`]+)`", row).group(1)
        claim = row.rstrip(" |").split(" | ")[-1]
        actual = run(symshape, repo, ["check", "examples/" + name])
        said = {"summary": summary_counts(claim),
                "findings": re.findall(r"`([a-z-]+)`[^`]*? "
                                       r"(?:UB|fails) exactly when "
                                       r"`([^`]+)`", claim)}
        findings = []
        for k, line in enumerate(actual):
            kind = re.search(r": (?:warning|error|note): .*\[([a-z-]+), "
                             r"(?!safe)[a-z-]+, [^]]+\]$", line)
            if not kind:
                continue
            for later in actual[k + 1:]:
                cond = re.search(r": note: (?:UB|fails) exactly when (.*)$",
                                 later)
                if cond:
                    findings.append((kind.group(1), cond.group(1)))
                    break
                if re.search(r": (?:warning|error): |\[[a-z-]+, [a-z-]+\]$",
                             later):
                    break
        printed = {"summary": summary_counts(actual[-1]),
                   "findings": findings}
        if said != printed:
            failures += 1
            print(f"FAIL: README.md's Examples row for {name} says\n"
                  f"  {said}\nbut symshape check prints\n  {printed}")
    if not rows:
        print("FAIL: no example rows in README.md's Examples table")
        failures += 1
    print(f"examples: {len(rows) - failures} rows match, {failures} do not")
    return failures


def check_kinds(symshape, repo):
    problem = read(repo, "solver/lib/Problem.cpp")
    body = re.search(r"obligationKindName\(ObligationKind kind\) \{(.*?)\n\}",
                     problem, re.S)
    reported = set(re.findall(r'return "([a-z-]+)";', body.group(1)))
    reported.add("coverage")
    text = read(repo, "docs/KINDS.md")
    sections = dict(re.findall(r"^## `([a-z-]+)`\n(.*?)(?=^## |\Z)", text,
                               re.S | re.M))
    failures = 0
    for kind in sorted(set(SPEC_KINDS) | reported):
        section = sections.get(kind)
        example = f"docs/kinds/{kind}.mlir"
        if section is None:
            print(f"FAIL: docs/KINDS.md has no section for `{kind}`")
            failures += 1
            continue
        if f"<!-- snippet: {example} -->" not in section:
            print(f"FAIL: the section of `{kind}` does not show {example}")
            failures += 1
            continue
        shown = [b for b in blocks(section) if example in b[1]]
        if kind in reported:
            if not any(f"[{kind}, " in line for b in shown for line in b[2]):
                print(f"FAIL: the section of `{kind}` shows no output of "
                      f"`symshape check {example}` naming [{kind}, ...]")
                failures += 1
        else:
            # Documented from SPEC before the tool reports it: the example
            # is still read (never bad input).
            status = subprocess.run([symshape, "check", example], cwd=repo,
                                    capture_output=True).returncode
            print(f"note: `{kind}` is not reported by this build yet; its "
                  f"example is read (exit {status})")
            if status == 2:
                print(f"FAIL: {example} is bad input")
                failures += 1
    print(f"kinds: {len(sections)} documented, {failures} failures")
    return failures


def anchors(text):
    """GitHub's anchors of the headings of a Markdown text."""
    out = set()
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for heading in re.findall(r"^#+ +(.*?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        base, n = slug, 1
        while slug in out:
            slug = f"{base}-{n}"
            n += 1
        out.add(slug)
    return out


def check_links(symshape, repo):
    del symshape  # links need no tool
    names = ["README.md"] + sorted(
        "docs/" + name for name in os.listdir(os.path.join(repo, "docs"))
        if name.endswith(".md"))
    failures = total = 0
    for document in names:
        text = re.sub(r"^```.*?^```", "", read(repo, document),
                      flags=re.S | re.M)
        for target in re.findall(r"\]\(([^()\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            total += 1
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(
                os.path.dirname(document), path)) if path else document
            problem = None
            if resolved.startswith("..") or os.path.isabs(path):
                problem = "leaves the repository"
            elif not os.path.exists(os.path.join(repo, resolved)):
                problem = f"names {resolved}, which does not exist"
            elif anchor and resolved.endswith(".md") and \
                    anchor not in anchors(read(repo, resolved)):
                problem = f"names no heading #{anchor} of {resolved}"
            if problem:
                failures += 1
                print(f"FAIL: {document}: the link ({target}) {problem}")
    readme = read(repo, "README.md")
    for document in names[1:]:
        if f"]({document})" not in readme:
            failures += 1
            print(f"FAIL: README.md does not link {document}")
    print(f"links: {total} relative links, {failures} failures")
    return failures


def main():
    mode, symshape, repo = sys.argv[1], os.path.abspath(sys.argv[2]), \
        sys.argv[3]
    check = {"outputs": check_outputs, "examples": check_examples,
             "kinds": check_kinds, "links": check_links}[mode]
    return 1 if check(symshape, repo) else 0


if __name__ == "__main__":
    sys.exit(main())
