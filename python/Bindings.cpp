//===- Bindings.cpp - The public API's classes in Python ------------------===//

#include "Bindings.h"
#include "Signals.h"

#include "symshape/symshape.h"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace symshape::python {
namespace {

/// A Function with the Python session that owns what it points at.
struct PyFunction {
  py::object owner; ///< the Session
  Function function;
};

/// Raises symshape.Error (python/symshape/__init__.py) for a failure:
/// located at its first error, every diagnostic in `diagnostics`.
[[noreturn]] void raise(const std::vector<Diagnostic> &diagnostics,
                        const std::string &message) {
  py::object error = py::module_::import("symshape").attr("Error");
  auto first = std::find_if(
      diagnostics.begin(), diagnostics.end(),
      [](const Diagnostic &d) { return d.severity == Severity::Error; });
  Diagnostic where = first != diagnostics.end() ? *first : Diagnostic();
  std::string text = message;
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  py::object exception =
      error(py::bytes(text).attr("decode")("utf-8", "replace"), where.file,
            where.line, where.col);
  exception.attr("diagnostics") = py::cast(diagnostics);
  PyErr_SetObject(error.ptr(), exception.ptr());
  throw py::error_already_set();
}

void check(const Result<void> &result) {
  if (!result)
    raise(result.diagnostics(), result.message());
}

std::vector<PyFunction> functionsOf(const py::object &owner) {
  std::vector<PyFunction> out;
  for (const Function &function : owner.cast<const Session &>().functions())
    out.push_back({owner, function});
  return out;
}

void bindValues(py::module_ &m) {
  py::class_<Location>(m, "Location")
      .def_readonly("file", &Location::file)
      .def_readonly("line", &Location::line)
      .def_readonly("col", &Location::col)
      .def("__str__", &Location::str)
      .def("__repr__", [](const Location &loc) {
        return "<symshape.Location " + loc.str() + ">";
      });
  bindConditions(m);
  py::class_<Diagnostic>(m, "Diagnostic")
      .def_readonly("file", &Diagnostic::file)
      .def_readonly("line", &Diagnostic::line)
      .def_readonly("col", &Diagnostic::col)
      .def_property_readonly(
          "severity",
          [](const Diagnostic &d) { return severityName(d.severity); })
      .def_readonly("message", &Diagnostic::message)
      .def_readonly("rendered", &Diagnostic::rendered)
      .def_property_readonly("location", &Diagnostic::location)
      .def("__str__", [](const Diagnostic &d) { return d.rendered; });
  py::class_<Finding>(m, "Finding")
      .def_readonly("kind", &Finding::kind)
      .def_readonly("rule", &Finding::rule)
      .def_readonly("op", &Finding::op)
      .def_readonly("subject", &Finding::subject)
      .def_readonly("message", &Finding::message)
      .def_readonly("loc", &Finding::loc)
      .def_property_readonly("call_stack",
                             [](const Finding &f) {
                               py::list out;
                               for (const CallSite &call : f.callStack)
                                 out.append(
                                     py::make_tuple(call.caller, call.loc));
                               return out;
                             })
      .def_readonly("dim", &Finding::dim)
      .def_property_readonly(
          "verdict", [](const Finding &f) { return verdictName(f.verdict); })
      .def_property_readonly(
          "severity", [](const Finding &f) { return severityName(f.severity); })
      .def_readonly("condition", &Finding::condition)
      .def_readonly("has_witness", &Finding::hasWitness)
      .def_property_readonly("witness",
                             [](const Finding &f) {
                               py::dict out; // in symbol order
                               for (const auto &[name, value] : f.witness)
                                 out[py::str(name)] = value;
                               return out;
                             })
      .def_readonly("reason", &Finding::reason)
      .def_readonly("runtime_check", &Finding::runtimeCheck)
      .def_readonly("index", &Finding::index)
      .def_property_readonly("safe", &Finding::safe)
      .def("__repr__", [](const Finding &f) {
        return "<symshape.Finding " + f.loc.str() + " " + f.kind + " " +
               verdictName(f.verdict) + ">";
      });
  py::class_<Contract>(m, "Contract")
      .def_readonly("checked", &Contract::checked)
      .def_readonly("requires", &Contract::required)
      .def_readonly("checked_parts", &Contract::checkedParts)
      .def_readonly("requires_parts", &Contract::requiredParts)
      .def_readonly("exact", &Contract::exact)
      .def_readonly("reason", &Contract::reason);
}

void bindFunction(py::module_ &m) {
  py::class_<PyFunction>(m, "Function")
      .def_property_readonly(
          "name", [](const PyFunction &f) { return f.function.name(); })
      .def_property_readonly(
          "file", [](const PyFunction &f) { return f.function.file(); })
      .def_property_readonly(
          "loc", [](const PyFunction &f) { return f.function.loc(); })
      .def_property_readonly(
          "verdict",
          [](const PyFunction &f) { return verdictName(f.function.verdict()); })
      .def("findings",
           [](const PyFunction &f) { return f.function.findings(); })
      .def("unsafe_findings",
           [](const PyFunction &f) { return f.function.unsafeFindings(); })
      .def_property_readonly(
          "contract", [](const PyFunction &f) { return f.function.contract(); })
      .def("values",
           [](const PyFunction &f) {
             py::dict out; // name -> declared type, in order
             for (const Value &value : f.function.values())
               out[py::str(value.name)] = value.type;
             return out;
           })
      .def("shape_of",
           [](const PyFunction &f, const std::string &value) {
             return f.function.shapeOf(value);
           })
      .def("refined_type_of",
           [](const PyFunction &f, const std::string &value) {
             return f.function.refinedTypeOf(value);
           })
      .def("same_size",
           [](const PyFunction &f, const std::string &a, size_t dimA,
              const std::string &b,
              size_t dimB) { return f.function.sameSize(a, dimA, b, dimB); })
      .def("__repr__", [](const PyFunction &f) {
        return "<symshape.Function @" + f.function.name() + " " +
               verdictName(f.function.verdict()) + ">";
      });
}

void bindSession(py::module_ &m) {
  py::class_<Session>(m, "Session")
      .def(py::init([](std::vector<std::string> assume, int64_t minDim,
                       bool strict, std::vector<std::string> broadcastable,
                       unsigned timeoutMs, unsigned jobs, bool computeShapes,
                       bool explain, bool splitInput) {
             Options options;
             options.assumptions = std::move(assume);
             options.minDim = minDim;
             options.strict = strict;
             options.broadcastable = std::move(broadcastable);
             options.timeoutMs = timeoutMs;
             options.jobs = jobs;
             options.computeShapes = computeShapes;
             options.explain = explain;
             options.splitInput = splitInput;
             return Session(std::move(options));
           }),
           py::kw_only(), py::arg("assume") = std::vector<std::string>(),
           py::arg("min_dim") = 0, py::arg("strict") = false,
           py::arg("broadcastable") = std::vector<std::string>(),
           py::arg("timeout_ms") = 2000, py::arg("jobs") = 0,
           py::arg("compute_shapes") = true, py::arg("explain") = false,
           py::arg("split_input") = false)
      .def(
          "add_file",
          [](Session &session, std::string name, std::string text) {
            Result<void> result;
            withoutGil([&] {
              result = session.addFile(std::move(name), std::move(text));
            });
            check(result);
          },
          py::arg("name"), py::arg("text"))
      .def("add_assumption",
           [](Session &session, std::string text) {
             check(session.addAssumption(std::move(text)));
           })
      .def("analyze",
           [](Session &session) {
             Result<void> result;
             withoutGil([&] { result = session.analyze(); });
             check(result);
           })
      .def("functions", [](py::object self) { return functionsOf(self); })
      .def("function",
           [](py::object self, const std::string &name) -> py::object {
             std::optional<Function> function =
                 self.cast<const Session &>().function(name);
             if (!function)
               return py::none();
             return py::cast(PyFunction{self, *function});
           })
      .def("files", &Session::files)
      .def("diagnostics", &Session::diagnostics)
      .def(
          "refine",
          [](const Session &session, const std::string &func,
             bool dropRedundantChecks) {
            RefineOptions options;
            options.function = func;
            options.dropRedundantChecks = dropRedundantChecks;
            Result<std::string> text = session.refine(options);
            if (!text)
              raise(text.diagnostics(), text.message());
            return *text;
          },
          py::kw_only(), py::arg("func") = "",
          py::arg("drop_redundant_checks") = false)
      .def(
          "json",
          [](const Session &session, const std::string &func,
             bool requireCoverage) {
            ReportOptions options;
            options.function = func;
            options.requireCoverage = requireCoverage;
            return session.json(options);
          },
          py::kw_only(), py::arg("func") = "",
          py::arg("require_coverage") = false)
      .def(
          "text",
          [](const Session &session, const std::string &func) {
            ReportOptions options;
            options.function = func;
            return session.text(options);
          },
          py::kw_only(), py::arg("func") = "");
}

} // namespace

void bindApi(py::module_ &m) {
  bindValues(m);
  bindFunction(m);
  bindSession(m);
}

} // namespace symshape::python
