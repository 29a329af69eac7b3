//===- SymshapeModule.cpp - The native half of the Python package --------===//
//
// symshape._symshape.run analyses one module text as `symshape check --json`
// does (mode "check"; "refine": `symshape refine`; "graph": `symshape
// graph`), for one function `func` when it is not empty, and returns
//
//   (True, output)                          the JSON document or the text
//   (False, file, line, col, diagnostics)   bad input: the first error's
//                                           position and every diagnostic,
//                                           rendered with carets
//
// symshape/__init__.py turns the JSON into a dict and a failure into
// symshape.Error. The GIL is released while symshape parses, analyses and
// renders, so Python threads check several modules in parallel (each call
// has a session of its own; sessions share no state).
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <csignal>
#include <memory>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

#ifndef SYMSHAPE_VERSION
#define SYMSHAPE_VERSION "unknown"
#endif

namespace py = pybind11;
using namespace symshape;

namespace {

/// What the Python call asks besides the session's options.
struct Request {
  std::string mode; ///< "check", "refine" or "graph"
  std::string func; ///< only this function, when not empty
  bool explain = false;
  bool requireCoverage = false;
  bool dropRedundantChecks = false;
};

/// The output of `request` from an analysed session, or an error message
/// (`func` names no function with a body).
bool render(const frontend::Session &session, const Request &request,
            std::string &output) {
  if (!request.func.empty() && !session.function(request.func)) {
    output = "error: no function named '@" + request.func + "' with a body";
    return false;
  }
  if (request.mode == "refine") {
    output =
        frontend::rewriteRefined(session, *session.files().front(), nullptr,
                                 request.func, request.dropRedundantChecks);
  } else if (request.mode == "graph") {
    output = session.dot(request.func);
  } else {
    solver::ReportOptions report;
    report.explain = request.explain;
    report.requireCoverage = request.requireCoverage;
    output = session.json(report, request.func);
  }
  return true;
}

py::tuple run(const std::string &text, const std::string &filename,
              const std::vector<std::string> &assume, int64_t minDim,
              bool strict, const std::vector<std::string> &broadcastable,
              unsigned timeoutMs, unsigned jobs, const std::string &mode,
              const std::string &func, bool explain, bool requireCoverage,
              bool dropRedundantChecks) {
  Request request{mode, func, explain, requireCoverage, dropRedundantChecks};
  frontend::SessionOptions options;
  options.computeShapes = true; // the document lists most specific shapes
  options.lowering.minDim = minDim;
  options.lowering.strict = strict;
  options.lowering.broadcastable = broadcastable;
  options.judge.limits.timeoutMs = timeoutMs;
  // Only the DOT graph draws the names of static sizes (as the CLI).
  options.lowering.labelConstants = mode == "graph";
  // What implies every safe obligation, not only the runtime checks.
  options.explainAll = explain;
  options.jobs =
      jobs ? jobs : std::max(1u, std::thread::hardware_concurrency());
  auto session = std::make_unique<frontend::Session>(options);
  bool ok = true, rendered = true;
  std::string output;
  // SIGINT stays pending while symshape runs, in this thread and the
  // ones it starts: Z3 puts a SIGINT handler of its own in place while it
  // solves, which would take a Ctrl-C from Python (the check cancelled,
  // the run going on, no KeyboardInterrupt). Python then gets it below.
  sigset_t interrupt, previous;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, &previous);
  // Z3 swaps the process's SIGINT handler in and out while it solves, from
  // whichever thread solves; with several threads the last one out may
  // leave its own handler behind. Python's is put back before the signal
  // is let through.
  struct sigaction pythonHandler;
  sigaction(SIGINT, nullptr, &pythonHandler);
  {
    py::gil_scoped_release release;
    for (const std::string &assumption : assume)
      ok = ok && session->addAssumption(assumption);
    ok = ok && session->addFile(filename, text) && session->analyze();
    if (ok)
      rendered = render(*session, request, output);
  }
  sigaction(SIGINT, &pythonHandler, nullptr);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  // A Ctrl-C during the run: KeyboardInterrupt now.
  if (PyErr_CheckSignals() != 0)
    throw py::error_already_set();
  if (ok && !rendered)
    return py::make_tuple(false, filename, 0, 0, output);
  if (ok)
    return py::make_tuple(true,
                          py::bytes(output).attr("decode")("utf-8", "replace"));
  const std::vector<frontend::Diagnostic> &diags =
      session->diagnostics().diagnostics();
  auto error = std::find_if(diags.begin(), diags.end(),
                            [](const frontend::Diagnostic &d) {
                              return d.severity == frontend::Severity::Error;
                            });
  // Every failure comes with a positioned error; be safe if not.
  frontend::SourceLoc loc =
      error != diags.end() ? error->loc : frontend::SourceLoc{};
  frontend::LineCol lineCol = session->sources().lineCol(loc);
  std::string diagnostics = session->diagnostics().renderAll();
  return py::make_tuple(
      false, session->sources().name(loc.buffer), lineCol.line, lineCol.col,
      py::bytes(diagnostics).attr("decode")("utf-8", "replace"));
}

} // namespace

PYBIND11_MODULE(_symshape, m) {
  m.doc() = "symshape's native half; use the symshape package instead";
  m.attr("__version__") = SYMSHAPE_VERSION;
  m.def("run", &run, py::arg("text"), py::arg("filename"), py::arg("assume"),
        py::arg("min_dim"), py::arg("strict"), py::arg("broadcastable"),
        py::arg("timeout_ms"), py::arg("jobs"), py::arg("mode"),
        py::arg("func"), py::arg("explain"), py::arg("require_coverage"),
        py::arg("drop_redundant_checks"));
}
