"""symshape: prove that every broadcast in an MLIR function is safe for all
runtime sizes, or say exactly which sizes trigger undefined behaviour.

    import symshape
    doc = symshape.check(text, assume=["%arg0[0] >= 1"])
    doc["summary"]["ub-possible"]          # obligations that can fail
    symshape.refine(text)                  # the text with the most specific
                                           # result types written in

check() returns the document `symshape check --json` prints (SEMANTICS.md §7),
parsed with Python's json module; refine() returns what `symshape refine`
prints. Bad input (including text that is not MLIR, and MLIR bytecode)
raises symshape.Error, whose message is the compiler-style diagnostic
("x.mlir:3:8: error: ...", the source line and a caret) and whose file,
line and col attributes locate it.

symshape.Session is the C++ library's Session (symshape/symshape.h): its
functions give Finding objects, each with its obligation, verdict,
condition and witness together, the same values a C++ embedder reads:

    session = symshape.analyze(text, assume=["%arg0[0] >= 1"])
    for fn in session.functions():
        for f in fn.unsafe_findings():
            print(f.loc, f.verdict, f.kind, f.condition, f.witness)

All release the GIL while they work: threads check modules in parallel.
"""

import json as _json

from . import _symshape

__all__ = ["Error", "check", "refine", "graph", "analyze", "Session",
           "Function", "Finding", "Condition", "Term", "Contract", "Diagnostic",
           "Location", "__version__"]

Session = _symshape.Session
Function = _symshape.Function
Finding = _symshape.Finding
Condition = _symshape.Condition
Term = _symshape.Term
Contract = _symshape.Contract
Diagnostic = _symshape.Diagnostic
Location = _symshape.Location

#: The version of symshape (the same as `symshape --version` prints).
__version__ = _symshape.__version__


class Error(ValueError):
    """Bad input (a parse error, an assumption naming no value...).

    str(error) is every diagnostic as symshape prints it; error.file,
    error.line and error.col give the first error's position ("<string>", or
    the filename passed in, or "<command-line>" for an assumption);
    error.diagnostics lists them as Diagnostic objects (file, line, col,
    severity, message, rendered).
    """

    def __init__(self, message, file, line, col, diagnostics=()):
        super().__init__(message)
        self.file = file
        self.line = line
        self.col = col
        self.diagnostics = list(diagnostics)

    @property
    def location(self):
        """"file:line:col" of the first error."""
        return f"{self.file}:{self.line}:{self.col}"


def _check_arguments(text, filename, assume, broadcastable, func, min_dim,
                     timeout_ms, jobs):
    if not isinstance(text, (str, bytes)):
        raise TypeError("the module text must be a str (or bytes), not "
                        + type(text).__name__)
    if not isinstance(filename, str):
        raise TypeError("filename must be a str, not "
                        + type(filename).__name__)
    if isinstance(assume, str):
        raise TypeError("assume takes a list of expressions, not one string")
    if isinstance(broadcastable, str):
        raise TypeError("broadcastable takes a list of op names")
    if func is not None and not isinstance(func, str):
        raise TypeError("func must be a function name (str), not "
                        + type(func).__name__)
    if min_dim < 0:
        raise ValueError("min_dim must be >= 0")
    if timeout_ms < 0 or jobs < 0:
        raise ValueError("timeout_ms and jobs must be >= 0")


def _run(text, assume, min_dim, filename, strict, broadcastable, timeout_ms,
         jobs, mode, func=None, explain=False, require_coverage=False,
         drop_redundant_checks=False):
    _check_arguments(text, filename, assume, broadcastable, func, min_dim,
                     timeout_ms, jobs)
    result = _symshape.run(text, filename, list(assume), min_dim, strict,
                           list(broadcastable), timeout_ms, jobs, mode,
                           (func or "").lstrip("@"), bool(explain),
                           bool(require_coverage),
                           bool(drop_redundant_checks))
    if result[0]:
        return result[1]
    _, file, line, col, message, diagnostics = result
    raise Error(message.rstrip("\n"), file, line, col, diagnostics)


def check(text, assume=(), min_dim=0, *, filename="<string>", strict=False,
          broadcastable=(), timeout_ms=2000, jobs=0, func=None,
          explain=False, require_coverage=False):
    """Analyses the module `text`; returns `symshape check --json`'s document.

    assume: facts such as "%arg0[0] >= 1" (the --assume grammar);
    min_dim: every dynamic dim is at least this (--min-dim);
    filename: the name locations use; strict, broadcastable, timeout_ms:
    as the CLI's options; jobs: threads (0: one per hardware thread);
    func: only this function ("f" or "@f", --func); explain: every safe
    finding says what implies it (--explain); require_coverage: an op
    symshape cannot model is a finding of kind `coverage`
    (--require-coverage). Raises Error on bad input or an unknown func.
    """
    return _json.loads(_run(text, assume, min_dim, filename, strict,
                            broadcastable, timeout_ms, jobs, "check", func,
                            explain, require_coverage))


def refine(text, assume=(), min_dim=0, *, filename="<string>", strict=False,
           broadcastable=(), timeout_ms=2000, jobs=0, func=None,
           drop_redundant_checks=False):
    """Returns `text` with every op result type made as static as every
    well-defined execution allows (`symshape refine`). Same arguments as
    check(); func: refine only this function (--func);
    drop_redundant_checks: remove every runtime check proved safe, with the
    ops that only fed it (--drop-redundant-checks). Raises Error on bad
    input or an unknown func."""
    return _run(text, assume, min_dim, filename, strict, broadcastable,
                timeout_ms, jobs, "refine", func,
                drop_redundant_checks=drop_redundant_checks)


def graph(text, assume=(), min_dim=0, *, filename="<string>", strict=False,
          broadcastable=(), timeout_ms=2000, jobs=0, func=None):
    """Returns the dim graph as Graphviz DOT (`symshape graph`): dims with
    their source names and refined sizes, obligations coloured by verdict.
    Same arguments as check(); func: only this function (--func)."""
    return _run(text, assume, min_dim, filename, strict, broadcastable,
                timeout_ms, jobs, "graph", func)


def analyze(text, assume=(), min_dim=0, *, filename="<string>", strict=False,
            broadcastable=(), timeout_ms=2000, jobs=0, explain=False,
            split_input=False):
    """Parses and analyses the module `text`; returns the Session, whose
    functions() give Function objects (findings(), unsafe_findings(),
    contract, shape_of(), refined_type_of(), same_size()) and whose
    refine(), json() and text() give the CLI's outputs. Same arguments as
    check(). Raises Error on bad input."""
    _check_arguments(text, filename, assume, broadcastable, None, min_dim,
                     timeout_ms, jobs)
    session = Session(assume=list(assume), min_dim=min_dim, strict=strict,
                      broadcastable=list(broadcastable),
                      timeout_ms=timeout_ms, jobs=jobs, explain=bool(explain),
                      split_input=bool(split_input))
    session.add_file(filename, text)
    session.analyze()
    return session
