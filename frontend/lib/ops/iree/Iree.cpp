//===- Iree.cpp - Op entries: IREE's util, flow and hal input ops ---------===//
//
// The ops IREE's input programs and exported models are made of, with the
// semantics of their definitions (UtilOps.td, FlowOps.td, HALOps.td):
//
//   %t = flow.tensor.tie_shape %x : tensor<?x?xf32>{%h, %w}
//       result = %x; `equal`: %x[0] == %h, %x[1] == %w
//   %v = hal.tensor.import %b : !hal.buffer_view -> tensor<?x4xf32>{%n}
//       result dims [%n, 4]
//   %d = hal.buffer_view.dim<%b : !hal.buffer_view>[0] : index
//       the size %b[0] of the buffer view
//   %w = util.global.load.indirect %p : !util.ptr<tensor<4xf32>> -> T
//       the global's declared dims
//   %n = util.assume.int %m<umin = 1, umax = 64> : index
//       %n is %m, and from here on 1 <= %m <= 64
//
// util.func / util.call / util.return are read as func.func / func.call /
// func.return (ParseFunc.cpp, the call's `OpRole`).
//
// A dims list `{%h, %w}` of a shape-aware op (tie_shape, hal.tensor.export)
// states the runtime sizes of the tensor's `?` dims. IREE trusts it without
// a runtime check: tie_shape "only exists transiently in the IR as a witness
// to shape calculations", and `tensor.dim` of its result folds to the listed
// value. A list that differs from the sizes is therefore undefined
// behaviour, and each listed size is a requirement (`equal`), which later
// ops assume (SEMANTICS.md §2). util.assume.int is an assumption the author
// states: its bounds become facts from the op on (an `assume` finding), never a
// requirement.
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"
#include "ops/OpTable.h"
#include "ops/rules/IntLists.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/OpRules.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

size_t dynamicDims(const Type &type) {
  size_t n = 0;
  for (int64_t d : type.dims)
    n += d == kDynamic;
  return n;
}

/// util.optimization_barrier, hal.tensor.barrier: result r is operand r.
void lowerIdentity(OpContext &c) {
  for (size_t r = 0; r < c.numResults(); ++r)
    if (r >= c.numOperands() ||
        !sameTypeUpToDialectSpelling(c.operandType(r), c.resultType(r))) {
      c.error("result " + std::to_string(r) + " must have its operand's type");
      return;
    }
  for (size_t r = 0; r < c.numResults(); ++r)
    c.setResultAlias(r, r);
}

/// The dims list of a shape-aware op: operands [first, first + count) are
/// the sizes of the `?` dims of operand `tensor`, in order. Each must equal
/// the tensor's size (undefined behaviour otherwise, see above).
bool requireListedDims(OpContext &c, size_t tensor, size_t first,
                       size_t count) {
  const Type &type = c.operandType(tensor);
  if (!type.hasRank()) {
    c.opaque("unranked operand " + c.operandName(tensor) +
             ": its sizes are not checked");
    return false;
  }
  if (dynamicDims(type) != count) {
    c.error("expects one size per dynamic dim (" +
            std::to_string(dynamicDims(type)) + "), got " +
            std::to_string(count));
    return false;
  }
  size_t next = first;
  for (size_t d = 0; d < type.dims.size(); ++d)
    if (type.dims[d] == kDynamic) {
      c.requireEqual(c.dim(tensor, d), c.scalar(next),
                     "the size " + c.dimName(tensor, d) + " and its listed " +
                         "size " + c.operandName(next) + " (" + c.op().name +
                         " dims)");
      ++next;
    }
  return !c.failed();
}

/// flow.tensor.tie_shape %x : T{dims}: the result is %x.
void lowerTieShape(OpContext &c) {
  if (c.numOperands() < 1 || c.numResults() != 1 ||
      !sameTypeUpToDialectSpelling(c.operandType(0), c.resultType(0))) {
    c.error("expects one tensor and a result of its type");
    return;
  }
  if (requireListedDims(c, 0, 1, c.numOperands() - 1))
    c.setResult(0, c.dims(0));
}

/// hal.tensor.export %t : T{dims} -> !hal.buffer_view: the buffer view has
/// the tensor's shape (a hal.buffer_view.dim of it reads the tensor's).
void lowerTensorExport(OpContext &c) {
  if (c.numOperands() < 1 || c.numResults() != 1) {
    c.error("expects one tensor and one result");
    return;
  }
  if (requireListedDims(c, 0, 1, c.numOperands() - 1))
    c.defineResult(0, c.dims(0));
}

/// hal.tensor.import %b : ... -> T{dims}: the `?` dims of T are the listed
/// sizes. (IREE checks at runtime that the buffer view has this shape; a
/// failed check stops the program, so it adds no requirement here.)
void lowerTensorImport(OpContext &c) {
  std::optional<std::vector<int64_t>> segments = operandSegments(c, 4);
  if (!segments || (*segments)[0] != 1) {
    c.opaque("its operandSegmentSizes are not understood");
    return;
  }
  const Type &type = c.resultType(0);
  if (!type.hasRank()) {
    c.opaque("unranked result: its sizes are not checked");
    return;
  }
  size_t count = size_t((*segments)[1]);
  if (dynamicDims(type) != count) {
    c.error("expects one size per dynamic dim (" +
            std::to_string(dynamicDims(type)) + "), got " +
            std::to_string(count));
    return;
  }
  std::vector<TermId> dims;
  size_t next = segmentStart(*segments, 1);
  for (int64_t d : type.dims)
    dims.push_back(d == kDynamic ? c.scalar(next++) : c.constant(d));
  c.setResult(0, std::move(dims));
}

/// hal.buffer_view.dim<%b>[i]: the size %b[i]. A buffer view made by
/// hal.tensor.export has its tensor's dims; another (an argument) gets one
/// free size per dim read, kept with the view so that every read of one dim
/// is the same size and witnesses name it `%b[i]`.
void lowerBufferViewDim(OpContext &c) {
  std::optional<int64_t> index = c.integer("index");
  constexpr int64_t kMaxDim = 64;
  if (!index || *index < 0 || *index > kMaxDim || c.numOperands() != 1) {
    c.opaque("the dim index is not a constant in [0, 64]");
    return;
  }
  if (std::optional<std::vector<TermId>> dims = c.knownDims(0)) {
    if (size_t(*index) >= dims->size()) {
      c.opaque("dim " + std::to_string(*index) + " of a buffer view of rank " +
               std::to_string(dims->size()));
      return;
    }
    c.setScalarResult(0, (*dims)[size_t(*index)]);
    return;
  }
  c.setScalarResult(0, c.unrankedOperandDim(0, size_t(*index)));
}

/// flow.tensor.dynamic_constant V : T -> R: the `?` dims of R are T's.
void lowerDynamicConstant(OpContext &c) {
  const Attribute *value = c.attr("value");
  if (!value || !value->hasType || !value->type.hasRank()) {
    c.opaque("the value's shape is not known");
    return;
  }
  std::vector<TermId> dims;
  for (int64_t d : value->type.dims)
    dims.push_back(c.constant(d));
  c.setResult(0, std::move(dims));
}

/// The declared type of the global a load reads: resolved by the parser
/// (ParseModule's resolveGlobals), or for an indirect load through a
/// pointer of unknown origin, the pointer's `!util.ptr<T>`.
std::optional<Type> globalType(OpContext &c) {
  if (const Attribute *g = c.attr("symshape.global_type");
      g && g->kind == AttrKind::TypeAttr)
    return g->type;
  if (c.numOperands() != 1)
    return std::nullopt;
  std::string pointer = c.operandType(0).str();
  const std::string prefix = "!util.ptr<";
  if (pointer.rfind(prefix, 0) != 0 || pointer.back() != '>')
    return std::nullopt;
  return parseTypeText(std::string_view(pointer).substr(
      prefix.size(), pointer.size() - prefix.size() - 1));
}

/// util.global.load(.indirect): the global's declared static dims; a `?`
/// of the global is whatever was stored, a free size. A static dim of the
/// load where the global has `?` is a `result-cast`.
void lowerGlobalLoad(OpContext &c) {
  std::optional<Type> global = globalType(c);
  if (!global) {
    c.opaque("the declared type of the global it reads is not known (not "
             "declared in this file, or without a type)");
    return;
  }
  const Type &type = c.resultType(0);
  if (!type.isShaped() && !global->isShaped())
    return; // a scalar, a buffer view: from its type
  if (!type.hasRank()) {
    c.opaque("unranked result: its sizes are not checked");
    return;
  }
  bool compatible =
      global->kind == TypeKind::UnrankedTensor ||
      (global->hasRank() && global->dims.size() == type.dims.size());
  for (size_t d = 0; compatible && global->hasRank() && d < type.dims.size();
       ++d)
    compatible = global->dims[d] == kDynamic || type.dims[d] == kDynamic ||
                 global->dims[d] == type.dims[d];
  if (!compatible) {
    c.error("global type mismatch; the global is " + global->str() +
            " but the load is " + type.str());
    return;
  }
  std::vector<TermId> dims;
  for (size_t d = 0; d < type.dims.size(); ++d)
    dims.push_back(global->hasRank() && global->dims[d] != kDynamic
                       ? c.constant(global->dims[d])
                       : c.freshResultDim(0, d));
  c.setResult(0, std::move(dims));
}

} // namespace

void lowerAssumeInt(OpContext &c); // IreeAssume.cpp

namespace {

bool terminator(Parser &p, PendingOp &o) { return parseTerminatorForm(p, o); }

} // namespace

/// An access to a module global: the parser gives it the global's type.
static constexpr OpEntry globalOp(std::string_view name, ParseFn parse,
                                  LowerFn lower, GlobalAccess access,
                                  std::string_view summary) {
  OpEntry entry{name, parse, lower, kRefineNone, summary};
  entry.global = access;
  return entry;
}

static const OpEntry kIreeEntries[] = {
    // util: functions (util.func itself is read by the parser)
    {"util.return", terminator, nullptr, kRefineNone,
     "terminator of util.func: returns its operands", false, OpRole::Return},
    {"util.call", parseUtilCall, lowerFuncCall, kRefineNone,
     "the callee's result shapes in terms of the call's operands (as "
     "func.call)",
     false, OpRole::Call},
    // util: values
    {"util.optimization_barrier", parseOptimizationBarrier, lowerIdentity,
     kRefineNone, "each result is its operand"},
    {"util.unfoldable_constant", parseArithConstant, lowerArithConstant,
     kRefineNone, "its value's shape (an integer: that integer)"},
    {"util.assume.int", parseAssumeInt, lowerAssumeInt, kRefineNone,
     "each result is its operand; its unsigned bounds and divisor are facts "
     "from here on (`assume`)"},
    // util: globals
    {"util.global", parseGlobal, lowerResultsFromTypes, kRefineNone,
     "module level: its declared type is what its loads read", false,
     OpRole::Global},
    globalOp("util.global.load", parseGlobalLoad, lowerGlobalLoad,
             GlobalAccess::Named,
             "the global's declared static dims; a `?` of the global is "
             "free; a static dim of the load there is a `result-cast`"),
    globalOp("util.global.load.indirect", parseGlobalLoadIndirect,
             lowerGlobalLoad, GlobalAccess::PointerOperand0,
             "as util.global.load, for the global of the util.global.address "
             "(else the pointer's `!util.ptr<T>`)"),
    globalOp("util.global.address", parseGlobalLoad, lowerResultsFromTypes,
             GlobalAccess::Address, "a pointer to the global (no sizes)"),
    globalOp("util.global.store", parseGlobalStore, lowerResultsFromTypes,
             GlobalAccess::Named,
             "no sizes (loads read the global's declared type)"),
    globalOp("util.global.store.indirect", parseGlobalStoreIndirect,
             lowerResultsFromTypes, GlobalAccess::PointerOperand1,
             "no sizes (loads read the global's declared type)"),
    // flow
    {"flow.tensor.tie_shape", parseTieShape, lowerTieShape, kRefineNone,
     "result = operand; each `?` dim equals its listed size (`equal`)"},
    {"flow.tensor.dynamic_constant", parseDynamicConstant, lowerDynamicConstant,
     kRefineNone, "the value's static dims"},
    {"flow.tensor.constant", parseArithConstant, lowerArithConstant,
     kRefineNone, "the value's static dims"},
    // hal
    {"hal.tensor.import", parseTensorImport, lowerTensorImport, kRefineNone,
     "each `?` dim of the result is its listed size"},
    {"hal.tensor.export", parseTensorExport, lowerTensorExport, kRefineNone,
     "each `?` dim of the tensor equals its listed size (`equal`); the "
     "buffer view has the tensor's dims"},
    {"hal.tensor.barrier", parseTensorBarrier, lowerIdentity, kRefineNone,
     "each result is its tensor"},
    {"hal.buffer_view.dim", parseBufferViewDim, lowerBufferViewDim, kRefineNone,
     "the buffer view's size `%view[i]`"},
    // check: IREE's test assertions (IreeChecks.cpp)
    {"check.expect_eq", parseCheckExpectOf<false>, lowerCheckExpectOf<false>,
     kRefineNone, "a runtime check (`assert`) that the two shapes are equal"},
    {"check.expect_eq_const", parseCheckExpectOf<true>,
     lowerCheckExpectOf<true>, kRefineNone,
     "a runtime check (`assert`) that the shape is the constant's"},
    {"check.expect_almost_eq", parseCheckExpectOf<false>,
     lowerCheckExpectOf<false>, kRefineNone,
     "a runtime check (`assert`) that the two shapes are equal"},
    {"check.expect_almost_eq_const", parseCheckExpectOf<true>,
     lowerCheckExpectOf<true>, kRefineNone,
     "a runtime check (`assert`) that the shape is the constant's"},
    // the runtime plumbing of IREE's synchronous wrappers
    {"util.null", parseUtilNull, lowerResultsFromTypes, kRefineNone,
     "no sizes (a null reference)"},
    {"hal.devices.get", parseDevicesGet, lowerResultsFromTypes, kRefineNone,
     "no sizes (a device)"},
    {"hal.fence.create", parseFenceCreate, lowerResultsFromTypes, kRefineNone,
     "no sizes (a fence)"},
    {"hal.fence.await", parseFenceAwait, lowerResultsFromTypes, kRefineNone,
     "no sizes (a status)"},
};

OpFamily ireeFamily() {
  return {"iree", kIreeEntries, sizeof(kIreeEntries) / sizeof(kIreeEntries[0])};
}

} // namespace symshape::frontend
