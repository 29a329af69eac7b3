//===- Bindings.h - The public API's classes in Python ----------*- C++ -*-===//
//
// symshape._symshape.Session and the values it gives: Function, Finding,
// Condition, Location, Diagnostic, the C++ public API's own types
// (symshape/symshape.h) with Python names (snake case; a verdict or a
// severity is its name, as the JSON report writes it):
//
//   session = symshape.Session(assume=["%x[0] == 8"])
//   session.add_file("x.mlir", text)      # raises symshape.Error
//   session.analyze()
//   for fn in session.functions():
//       for f in fn.findings():
//           if f.verdict != "safe":
//               print(f.loc, f.verdict, f.condition, f.witness)
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PYTHON_BINDINGS_H
#define SYMSHAPE_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

namespace symshape::python {

/// Adds the classes above to module `m`.
void bindApi(pybind11::module_ &m);
/// Adds Condition and Term (ConditionBindings.cpp).
void bindConditions(pybind11::module_ &m);

} // namespace symshape::python

#endif // SYMSHAPE_PYTHON_BINDINGS_H
