"""The pass plugin against the CLI, on every input mlir-opt-22 reads.

    python3 compare_plugin.py --symshape S --plugin P [--mlir-opt M]
        [--bytecode] [--min-files N] [--known-gap FILE=WHY]... FILE...

For each FILE that `mlir-opt-22 --allow-unregistered-dialect` accepts:

  check   `symshape-check`'s diagnostics equal `symshape check`'s findings:
          - on mlir-opt-22's print of FILE (the text the pass hands to the
            library), the pass run on that print as a file: the same
            lines, in order, with the same severity and text (a runtime
            check that can fail is a note in the pass, a warning in the
            CLI: the brief of the pass), and the coverage and summary
            lines as remarks; there the source's names are mlir-opt's, so
            the pass's renaming must give each back unchanged;
          - on FILE itself: the same lines at the same line:col (the pass
            reports at the ops' own locations, the CLI with --loc=source:
            the exporter's positions when ops carry them, with their
            callers as "called from" notes), with the same severity and
            the same `[kind, verdict]` tag; and the same text wherever the
            pass names every value (it names them as the source does, so
            as the CLI on FILE; where a value's location does not show its
            name it describes it, "operand 1 of 'tosa.add'", and that
            line is not compared).
          The pass fails (exit 1) exactly when it reports a static error
          (an error diagnostic).
          When `symshape check -` cannot read mlir-opt's print (exit 2),
          the pass warns with the CLI's first error and succeeds.
  refine  `symshape-refine`'s module equals `symshape refine` of
          mlir-opt-22's print, both printed by mlir-opt-22; when the CLI
          cannot read the print, the pass leaves the module as it is.
  bytecode (with --bytecode) FILE as MLIR bytecode: the pass and
          `mlir-opt-22 FILE.mlirbc | symshape check -` give the same
          diagnostics as on the text. With --bytecode-every N, only every
          Nth compared file with findings (the first, the N+1st, ...):
          the bytecode reader is MLIR's, the same for every file, and its
          four extra processes per file were a third of the test's time.

Prints one line per file (`skip` for a file mlir-opt-22 does not read,
with its first error) and a closing 'N passed, N failed' line; exits 1
on any difference, or when fewer than --min-files inputs were compared (a
test that compares nothing must not pass). A file named by --known-gap
differs for the reason given (a gap of symshape's reader that the pass
meets in mlir-opt's print, not of the plugin): its differences are shown
as `gap` (only the places on the source: every other check still holds),
and it fails once it no longer differs, so that the gap is not kept
after its fix.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

# mlir-opt prints a diagnostic at an unknown location (a module whose
# loc(...) is `unknown`) as "<unknown>:0: remark: ...", without a column.
DIAG = re.compile(
    r"^(.*?):(\d+)(?::(\d+))?: (error|warning|note|remark): (.*)$")
# A finding's tag: [kind, verdict, rule] (the rule id: SPEC 3).
TAG = re.compile(r"\[([a-z-]+), ([a-z-]+), ([^\]\s]+)\]$")


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, timeout=300)
    return proc.returncode, proc.stdout.decode(errors="replace"), \
        proc.stderr.decode(errors="replace")


def diagnostics(text):
    """(line, col, severity, message) of each diagnostic line."""
    out = []
    for line in text.splitlines():
        m = DIAG.match(line)
        if m:
            out.append((int(m.group(2)), int(m.group(3) or 0), m.group(4),
                        m.group(5)))
    return out


# The CLI adds to a contract's reason the position of the op it names, in
# the text it read (here mlir-opt's print on stdin); the pass has no such
# text to point into, and gives the reason alone.
STDIN_POSITION = re.compile(r" \(at <stdin>:\d+:\d+\)")


def cli_findings(stdout):
    """The CLI's findings with the pass's severities, and its closing lines
    ("symshape: ...") as remarks."""
    out = []
    for line, col, severity, text in diagnostics(stdout):
        text = STDIN_POSITION.sub("", text)
        tag = TAG.search(text)
        if (severity == "warning" and tag and tag.group(1) in
                ("assert", "cstr") and tag.group(2) == "ub-possible"):
            severity = "note"
        out.append((line, col, severity, text))
    closing = [("remark", line) for line in stdout.splitlines()
               if line.startswith("symshape: ")]
    return out, closing


# mlir-opt 22 adds these when an input with `expected-*` comments (symshape's
# goldens use them) gets an error diagnostic without --verify-diagnostics.
NOT_PRODUCED = re.compile(r'^expected [a-z]+ ".*" was not produced$')
# The pass's notes the CLI does not print: on a finding in a private callee
# judged through a call (whose values its lines name), and the op of a
# diagnostic whose location names no file (as mlir-opt shows an op).
PASS_ONLY_NOTE = re.compile(r"^see current operation: ")
# A value the pass describes instead of naming (its location does not show
# the source's name): SourceNames.cpp's descriptions.
DESCRIBED = re.compile(r"\((operand|argument|result) \d+ of |"
                       r"\(the result of a '|\(a block argument in |"
                       r"\(a value of @|(operand|argument) \d+ of ")


def pass_findings(stderr, call_notes=True):
    """The pass's findings and closing remarks, less its own notes;
    without `call_notes`, less the "called from" notes mlir-opt adds at the
    callers of an op whose loc(...) is a call site (a text without
    locations has none)."""
    found = [d for d in diagnostics(stderr) if not NOT_PRODUCED.match(d[3])
             and not PASS_ONLY_NOTE.match(d[3])
             and (call_notes or d[3] != "called from")]
    findings = [d for d in found if d[2] != "remark"]
    closing = [("remark", d[3]) for d in found if d[2] == "remark"]
    return findings, closing


def tag_of(text):
    m = TAG.search(text)
    return m.group(0) if m else ""


class Comparison:
    def __init__(self, args):
        self.args = args
        self.mlir = [args.mlir_opt, "--allow-unregistered-dialect"]
        self.plugin = self.mlir + ["--load-pass-plugin=" + args.plugin]

    def plugin_check(self, path):
        return run(self.plugin + ["--pass-pipeline=builtin.module("
                                  "symshape-check)", path, "-o", os.devnull])

    def check(self, path, printed):
        problems = []
        status, _, stderr = self.plugin_check(path)
        # The pass on the print itself, whose names are mlir-opt's.
        with tempfile.TemporaryDirectory() as tmp:
            print_path = os.path.join(tmp, "print.mlir")
            with open(print_path, "w") as out:
                out.write(printed)
            _, _, print_err = self.plugin_check(print_path)
        on_print, _ = pass_findings(print_err, call_notes=False)
        # Same text as the pass saw: same names, same messages.
        cli_status, cli_out, cli_err = run([self.args.symshape, "check", "-"],
                                           printed.encode())
        if cli_status == 2:
            return self.unreadable(status, stderr, cli_err, "check"), [], \
                [], []
        got, got_closing = pass_findings(stderr)
        static_error = any(s == "error" for _, _, s, _ in got)
        if status != int(static_error):
            return ["symshape-check exits %d with %s static error: %s" %
                    (status, "a" if static_error else "no",
                     stderr[-2000:])], [], [], []
        want, want_closing = cli_findings(cli_out)
        if [(s, t) for _, _, s, t in on_print] != \
                [(s, t) for _, _, s, t in want]:
            problems.append("diagnostics differ from `symshape check` of "
                            "mlir-opt's print:\n  pass: %s\n  cli:  %s" %
                            (on_print, want))
        if got_closing != want_closing:
            problems.append("closing lines differ: pass %s, cli %s" %
                            (got_closing, want_closing))
        # The source itself: same places, same severities and tags. (The
        # contract notes aside: whether a contract is short enough to print
        # as one formula depends on the value names' lengths.) The pass
        # reports at the ops' own locations, which are the exporter's
        # positions when the ops carry loc(...): `--loc=source` places the
        # CLI's findings there too.
        _, src_out, _ = run([self.args.symshape, "check", "--loc=source",
                             path])
        source, _ = cli_findings(src_out)
        key = [(l, c, s, tag_of(t)) for l, c, s, t in got
               if not t.startswith("input contract of @")]
        want_key = [(l, c, s, tag_of(t)) for l, c, s, t in source
                    if not t.startswith("input contract of @")]
        if key != want_key:
            problems.append("places differ from `symshape check %s`:\n"
                            "  pass: %s\n  cli:  %s" % (path, key, want_key))
        else:
            # The source's names: what the CLI says on FILE, wherever the
            # pass named every value.
            def compared(t):
                return not t.startswith("input contract of @") and \
                    not t.startswith("called from")
            texts = [t for _, _, _, t in got if compared(t)]
            want_texts = [t for _, _, _, t in source if compared(t)]
            if len(texts) == len(want_texts):
                named = [(a, b) for a, b in zip(texts, want_texts)
                         if not DESCRIBED.search(a)]
                wrong = [(a, b) for a, b in named if a != b]
                if wrong:
                    problems.append("names differ from `symshape check %s`:"
                                    "\n  pass: %s\n  cli:  %s" %
                                    (path, [a for a, _ in wrong],
                                     [b for _, b in wrong]))
        return problems, got, got_closing, on_print

    @staticmethod
    def unreadable(status, stderr, cli_err, what):
        """The library cannot read mlir-opt's print (a form its parser does
        not take, an assumption naming a source name mlir-opt did not
        keep): the pass warns with the CLI's first error and succeeds."""
        want = [t for _, _, s, t in diagnostics(cli_err) if s == "error"]
        got = [t for _, _, s, t in diagnostics(stderr) if s == "warning"
               and t.startswith("symshape cannot read this module, so ")]
        if status != 0 or not want or not got or \
                not got[0].endswith(": " + want[0]):
            return ["`symshape %s -` rejects mlir-opt's print with %s, the "
                    "pass gives %s (exit %d)" % (what, want[:1], got[:1],
                                                 status)]
        return []

    def refine(self, path, printed):
        status, got, err = run(self.plugin + [
            "--pass-pipeline=builtin.module(symshape-refine)", path])
        cli_status, refined, cli_err = run([self.args.symshape, "refine", "-"],
                                           printed.encode())
        if cli_status == 2:
            problems = self.unreadable(status, err, cli_err, "refine")
            if not problems and got != printed:
                problems = ["symshape-refine changed a module symshape "
                            "cannot read"]
            return problems, False
        if status != 0:
            return ["symshape-refine failed: " + err[-2000:]], False
        if cli_status != 0:
            return ["symshape refine failed: " + cli_err[-2000:]], False
        status, want, err = run(self.mlir + ["-"], refined.encode())
        if status != 0:
            return ["mlir-opt-22 rejects `symshape refine`'s output: " +
                    err[-2000:]], False
        if got != want:
            return ["symshape-refine differs from `symshape refine`:\n"
                    "--- pass\n" + got + "--- cli\n" + want], False
        return [], got != printed

    def bytecode(self, path, got, got_closing, on_print):
        with tempfile.TemporaryDirectory() as tmp:
            bc = os.path.join(tmp, "input.mlirbc")
            status, _, err = run(self.mlir + ["--emit-bytecode", path, "-o",
                                              bc])
            if status != 0:
                return ["cannot write bytecode: " + err]
            problems = []
            status, _, stderr = self.plugin_check(bc)
            found, closing = pass_findings(stderr)
            if status != int(any(s == "error" for _, _, s, _ in found)):
                return ["symshape-check on bytecode exits %d: %s" %
                        (status, stderr)]
            # Bytecode keeps the ops' locations: same places and text.
            if found != got or closing != got_closing:
                problems.append("the pass on bytecode differs:\n  %s\n  %s"
                                % (found, got))
            status, printed, err = run(self.mlir + [bc])
            _, cli_out, _ = run([self.args.symshape, "check", "-"],
                                printed.encode())
            want, want_closing = cli_findings(cli_out)
            # (mlir-opt's names: as the pass gives them on the print.)
            if [(s, t) for _, _, s, t in want] != \
                    [(s, t) for _, _, s, t in on_print] or \
                    want_closing != got_closing:
                problems.append("`mlir-opt-22 x.mlirbc | symshape check -` "
                                "differs:\n  %s\n  %s" % (want, on_print))
            return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--symshape", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--mlir-opt", default="mlir-opt-22")
    parser.add_argument("--bytecode", action="store_true")
    parser.add_argument("--bytecode-every", type=int, default=1, metavar="N")
    parser.add_argument("--min-files", type=int, default=1)
    parser.add_argument("--known-gap", action="append", default=[],
                        metavar="FILE=WHY")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    comparison = Comparison(args)
    gaps = dict(g.split("=", 1) for g in args.known_gap)
    passed = failed = skipped = findings = refined = 0
    with_closing = bytecode_compared = 0
    for path in args.files:
        status, printed, err = run(comparison.mlir + [path])
        if status != 0:
            # Not current MLIR (older forms, errors on purpose): named, with
            # why, so that a file left out is never silent.
            skipped += 1
            first = next((t for _, _, s, t in diagnostics(err)
                          if s == "error"), err.strip()[:120])
            print("skip %s (mlir-opt-22: %s)" % (path, first))
            continue
        problems, got, closing, on_print = comparison.check(path, printed)
        more, changed = comparison.refine(path, printed)
        problems += more
        # (No closing lines: the library rejected the print, as the CLI.)
        if args.bytecode and not problems and closing:
            if with_closing % args.bytecode_every == 0:
                problems += comparison.bytecode(path, got, closing, on_print)
                bytecode_compared += 1
            with_closing += 1
        findings += len([d for d in got if TAG.search(d[3])])
        refined += changed
        # A known gap excuses only the places of the findings on the source
        # (what the CLI reads there and the pass, in mlir-opt's print, not).
        gap = [p for p in problems if p.startswith("places differ")] \
            if path in gaps else []
        problems = [p for p in problems if p not in gap]
        if path in gaps and not gap and not problems:
            problems = ["the known gap (%s) is gone: drop its --known-gap" %
                        gaps[path]]
        if gap and not problems:
            passed += 1
            print("gap  %s (known: %s)" % (path, gaps[path]))
            for problem in gap:
                print("  " + problem.replace("\n", "\n  "))
        elif problems:
            failed += 1
            print("FAIL %s" % path)
            for problem in problems:
                print("  " + problem.replace("\n", "\n  "))
        else:
            passed += 1
            print("ok   %s (%d findings%s)" %
                  (path, len([d for d in got if TAG.search(d[3])]),
                   ", refined" if changed else ""))
    print("plugin: %d inputs compared (%d findings, %d refined), %d not "
          "read by %s" % (passed + failed, findings, refined, skipped,
                          args.mlir_opt))
    if args.bytecode:
        print("bytecode: %d of them compared again as MLIR bytecode" %
              bytecode_compared)
        if bytecode_compared == 0:
            print("no input compared as bytecode")
            failed += 1
    if passed + failed < args.min_files:
        print("too few inputs compared: %d < %d" %
              (passed + failed, args.min_files))
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
