//===- Rewrite.h - Writing refined types back into the source ---*- C++ -*-===//
//
// `symshape refine` edits the input text in place: each op result whose
// most specific type is more precise than its declared one gets the refined
// type; uses in ops that accept it (the broadcast, shape, tensor and linalg
// ops symshape understands, in generic form) get the new operand type; any
// other use -- a `return` (signatures never change), an unknown op, a
// custom form -- reads a `tensor.cast` back to the declared type, inserted
// just before it:
//
//   %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
//   %cast0 = tensor.cast %0 : tensor<4xf32> to tensor<?xf32>
//   return %cast0 : tensor<?xf32>
//
// Nothing else in the text changes.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_REWRITE_H
#define SYMSHAPE_DRIVER_REWRITE_H

#include "symshape/driver/Session.h"

#include <string>
#include <vector>

namespace symshape::frontend {

struct RewriteStats {
  size_t refinedValues = 0; ///< results whose type became more precise
  size_t castsInserted = 0;
  size_t checksDropped = 0; ///< redundant runtime checks removed
};

/// One change `refine` makes, as data: what rewriteRefined writes into the
/// text, for a pass that changes IR in memory instead (plugin/). Steps come
/// in the order rewriteRefined makes them: per function, every `Result`,
/// then the uses in program order.
struct RefineStep {
  enum class Kind {
    /// Result `index` of `op` gets `type`.
    Result,
    /// Operand `index` of `op` (an op that accepts a more static operand
    /// type) reads `source` with its refined type `type`.
    InPlace,
    /// Operand `index` of `op` reads `tensor.cast %source : type to T`,
    /// inserted just before `op`, where T is the declared type of `value`.
    Cast,
    /// `op`, a tensor.cast whose source got its result's type, goes: the
    /// uses of its result read its source `source`.
    RemoveCast,
    /// Operand `index` of `op` reads `source` instead of `value` (a removed
    /// cast's result); its type does not change.
    Rename,
    /// `op` goes: a runtime check proved safe (it can never fail), or an op
    /// that only fed such a check's predicate (`--drop-redundant-checks`).
    RemoveOp,
    /// `op`, a `shape.cstr_*` proved safe whose witness something reads
    /// (a `shape.assuming`, `shape.assuming_all`), becomes
    /// `shape.const_witness true`, what canonicalization makes of a
    /// constraint known to hold (`--drop-redundant-checks`).
    PassWitness,
  };
  Kind kind = Kind::Result;
  const Function *function = nullptr;
  const Operation *op = nullptr;
  size_t index = 0;
  ValueId value = 0; ///< the operand read before (InPlace, Cast, Rename)
  ValueId source =
      0;     ///< what it reads after (InPlace, Cast, RemoveCast, Rename)
  Type type; ///< Result, InPlace, Cast: the refined type
};

/// The steps of rewriteRefined(session, file, nullptr, only).
std::vector<RefineStep> refineSteps(const Session &session,
                                    const FileAnalysis &file,
                                    const std::string &only = "");

/// The steps of `refine --drop-redundant-checks`: every runtime check
/// (cf.assert, stablehlo.custom_call @shape_assertion, shape.cstr_*)
/// proved safe wherever it is reached goes (RemoveOp; a cstr whose witness
/// is read becomes a passing witness, PassWitness), and so do the
/// side-effect-free ops whose results only such checks used, each alone on
/// its lines. Of function `only`, if given.
std::vector<RefineStep> redundantCheckSteps(const Session &session,
                                            const FileAnalysis &file,
                                            const std::string &only = "");

/// The text of `file` with refined types. Functions without a well-defined
/// execution, or analysed without shapes, are left as they are, and so is
/// every function but `only` when it is not empty. A tensor.cast is never
/// refined into an identity cast. With `dropRedundantChecks`, the checks
/// redundantCheckSteps names go too.
///
/// A session that kept no function bodies (SessionOptions::
/// keepFunctionBodies) has the file read again: each function's ops are
/// rewritten as they are parsed, then freed. Should that reading fail (the
/// file parsed before), the string version gives the text unchanged.
std::string rewriteRefined(const Session &session, const FileAnalysis &file,
                           RewriteStats *stats = nullptr,
                           const std::string &only = "",
                           bool dropRedundantChecks = false);
/// rewriteRefined, handed to `sink` in pieces rather than held whole;
/// false when the file could not be read again.
bool rewriteRefined(const Session &session, const FileAnalysis &file,
                    const solver::TextSink &sink, RewriteStats *stats = nullptr,
                    const std::string &only = "",
                    bool dropRedundantChecks = false);

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_REWRITE_H
