//===- NameLegend.h - What the names of a finding's notes stand for -*- C++
//-*-===//
//
// A condition, a witness and a contract name sizes as SEMANTICS.md §6
// does (`%arg0[0]`), which `--assume` reads back. Two things the names
// alone do not say are added beside them, never inside the expression:
// whose values they are when the finding's op is in a private callee
// judged through its calls (the first line names the callee's values, the
// condition the caller's, and both may have an `%arg0`), and the name the
// exporter gives an argument (JAX's `jax.arg_info = "x"`).
//
//   %arg0[0] != %arg1[0]  ->  "%arg0 is x, %arg1 is y"
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_REPORTS_NAMELEGEND_H
#define SYMSHAPE_REPORTS_NAMELEGEND_H

#include "symshape/reports/Report.h"

#include <string>
#include <string_view>
#include <vector>

namespace symshape::solver {

/// The value names an expression mentions (`%arg0` of `%arg0[0]`, `%g.u`
/// of `%g.u[1]`, `%n`), appended to `names` when not there yet.
void collectValueNames(std::string_view text, std::vector<std::string> &names);

/// "%arg0 is x, %arg1 is y": the exporter's names of the arguments among
/// `names`, in the function's argument order; empty when it names none.
std::string argumentLegend(const FunctionReport &function,
                           const std::vector<std::string> &names);

/// The note after a finding's condition and example that says what their
/// names are: "the condition and the example name @main's values: %arg0
/// is x" for a finding judged through calls (`throughCalls`), "in the
/// condition, %arg0 is x" otherwise; empty when there is nothing to say.
/// `condition` and `witnessNames` are what the notes show (empty: none).
std::string judgementLegend(const FunctionReport &function, bool throughCalls,
                            std::string_view condition,
                            const std::vector<std::string> &witnessNames);

} // namespace symshape::solver

#endif // SYMSHAPE_REPORTS_NAMELEGEND_H
