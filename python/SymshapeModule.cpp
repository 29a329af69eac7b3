//===- SymshapeModule.cpp - The native half of the Python package --------===//
//
// Built on the public API alone (symshape/symshape.h). Two faces:
//
//  - symshape._symshape.run analyses one module text as `symshape check
//    --json` does (mode "check"; "refine": `symshape refine`; "graph":
//    `symshape graph`), for one function `func` when it is not empty, and
//    returns
//
//      (True, output)                        the JSON document or the text
//      (False, file, line, col, text, diags) bad input: the first error's
//                                            position, every diagnostic
//                                            rendered with carets, and the
//                                            Diagnostic objects
//
//    symshape/__init__.py turns the JSON into a dict and a failure into
//    symshape.Error.
//  - symshape._symshape.Session, the C++ Session: its functions give the
//    public Finding, Condition and Diagnostic values as Python objects
//    (Bindings.cpp).
//
// The GIL is released while symshape parses, analyses and renders, so
// Python threads check several modules in parallel (each call has a
// session of its own; sessions share no state). Signals.h keeps a Ctrl-C
// from being lost meanwhile.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Signals.h"

#include "symshape/symshape.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#ifndef SYMSHAPE_VERSION
#define SYMSHAPE_VERSION "unknown"
#endif

namespace py = pybind11;

namespace symshape::python {
namespace {

/// What the Python call asks besides the session's options.
struct Request {
  std::string mode; ///< "check", "refine" or "graph"
  std::string func; ///< only this function, when not empty
  bool requireCoverage = false;
  bool dropRedundantChecks = false;
};

/// The output of `request` from an analysed session, or an error message
/// (`func` names no function with a body).
bool render(const Session &session, const Request &request,
            std::string &output) {
  if (!request.func.empty() && !session.function(request.func)) {
    output = "error: no function named '@" + request.func + "' with a body";
    return false;
  }
  if (request.mode == "refine") {
    RefineOptions refine;
    refine.function = request.func;
    refine.dropRedundantChecks = request.dropRedundantChecks;
    Result<std::string> text = session.refine(refine);
    output = text ? *text : text.message();
    return text.ok();
  }
  if (request.mode == "graph") {
    output = session.dot(request.func);
    return true;
  }
  ReportOptions report;
  report.function = request.func;
  report.requireCoverage = request.requireCoverage;
  output = session.json(report);
  return true;
}

py::tuple run(const std::string &text, const std::string &filename,
              const std::vector<std::string> &assume, int64_t minDim,
              bool strict, const std::vector<std::string> &broadcastable,
              unsigned timeoutMs, unsigned jobs, const std::string &mode,
              const std::string &func, bool explain, bool requireCoverage,
              bool dropRedundantChecks) {
  Request request{mode, func, requireCoverage, dropRedundantChecks};
  Options options;
  options.computeShapes = true; // the document lists most specific shapes
  options.assumptions = assume;
  options.minDim = minDim;
  options.strict = strict;
  options.broadcastable = broadcastable;
  options.timeoutMs = timeoutMs;
  // Only the DOT graph draws the names of static sizes (as the CLI).
  options.graphLabels = mode == "graph";
  // What implies every safe obligation, not only the runtime checks.
  options.explain = explain;
  options.jobs = jobs; // 0: one per hardware thread
  Session session(options);
  Result<void> ok;
  bool rendered = true;
  std::string output;
  withoutGil([&] {
    ok = session.addFile(filename, text);
    if (ok)
      ok = session.analyze();
    if (ok)
      rendered = render(session, request, output);
  });
  if (ok && !rendered)
    return py::make_tuple(false, filename, 0, 0, output,
                          std::vector<Diagnostic>());
  if (ok)
    return py::make_tuple(true,
                          py::bytes(output).attr("decode")("utf-8", "replace"));
  const std::vector<Diagnostic> &diags = ok.diagnostics();
  // A failure holds an error (Result's promise).
  auto error =
      std::find_if(diags.begin(), diags.end(), [](const Diagnostic &d) {
        return d.severity == Severity::Error;
      });
  return py::make_tuple(
      false, error->file, error->line, error->col,
      py::bytes(ok.message()).attr("decode")("utf-8", "replace"), diags);
}

} // namespace
} // namespace symshape::python

PYBIND11_MODULE(_symshape, m) {
  using namespace symshape::python;
  m.doc() = "symshape's native half; use the symshape package instead";
  m.attr("__version__") = SYMSHAPE_VERSION;
  m.def("run", &run, py::arg("text"), py::arg("filename"), py::arg("assume"),
        py::arg("min_dim"), py::arg("strict"), py::arg("broadcastable"),
        py::arg("timeout_ms"), py::arg("jobs"), py::arg("mode"),
        py::arg("func"), py::arg("explain"), py::arg("require_coverage"),
        py::arg("drop_redundant_checks"));
  bindApi(m);
}
