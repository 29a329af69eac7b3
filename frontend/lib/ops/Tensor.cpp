//===- Tensor.cpp - Op entries: tensor, arith, math and func --------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). The shape functions follow the verifiers of
// MLIR's TensorOps.cpp / ArithOps.cpp; their runtime requirements (equal
// elementwise sizes, element counts of reshapes, slices in bounds) are
// obligations. This file holds the entry list and the small glue ops that
// move sizes between tensors and index values:
//
//   %c0 = arith.constant 0 : index            the integer 0
//   %n  = tensor.dim %a, %c0 : tensor<?x4xf32> %a[0]
//   %e  = tensor.empty(%n) : tensor<?xf32>     dims {%a[0]}
//   %t  = tensor.cast %a : tensor<?x4xf32> to tensor<8x4xf32>
//                                              `cast`: %a[0] == 8
//
//===----------------------------------------------------------------------===//

#include "IntRules.h"
#include "LinalgRules.h"
#include "OpRules.h"
#include "OpTable.h"
#include "TensorForms.h"
#include "TensorRules.h"

namespace symshape::frontend {

using solver::ObligationKind;

std::optional<std::vector<int64_t>> operandSegments(OpContext &c,
                                                    size_t count) {
  std::optional<std::vector<int64_t>> sizes = c.ints("operandSegmentSizes");
  if (!sizes)
    sizes = c.ints("operand_segment_sizes");
  if (!sizes || sizes->size() != count)
    return std::nullopt;
  int64_t total = 0;
  for (int64_t s : *sizes) {
    if (s < 0)
      return std::nullopt;
    total += s;
  }
  if (total != int64_t(c.numOperands()))
    return std::nullopt;
  return sizes;
}

size_t segmentStart(const std::vector<int64_t> &segments, size_t s) {
  size_t start = 0;
  for (size_t i = 0; i < s; ++i)
    start += size_t(segments[i]);
  return start;
}

std::optional<std::vector<TermId>>
mixedSizes(OpContext &c, std::string_view name, size_t first, size_t count) {
  std::optional<std::vector<int64_t>> statics = c.ints(name);
  if (!statics)
    return std::nullopt;
  std::vector<TermId> out;
  size_t next = first;
  for (int64_t s : *statics) {
    if (s != kDynamicIndex) {
      out.push_back(c.constant(s));
      continue;
    }
    if (next >= first + count)
      return std::nullopt;
    out.push_back(c.scalar(next++));
  }
  if (next != first + count)
    return std::nullopt;
  return out;
}

void setExtents(OpContext &c, size_t r, std::vector<TermId> extents) {
  Lowerer &low = c.lowerer();
  ValueId id = c.op().results[r];
  for (size_t i = 0; i < extents.size(); ++i)
    low.label(extents[i], low.dimName(id, i));
  ValueState &s = low.state(id);
  s.hasExtents = true;
  s.extents = std::move(extents);
}

/// Result 0's type with each `?` taken from the next index operand from
/// `first` on (tensor.empty, tensor.splat, tensor.generate).
static void lowerDynamicSizes(OpContext &c, size_t first) {
  const Type &type = c.resultType(0);
  if (!type.hasRank()) {
    c.opaque("unranked result: its sizes are not checked");
    return;
  }
  size_t dynamic = 0;
  for (int64_t d : type.dims)
    dynamic += d == kDynamic;
  if (dynamic != c.numOperands() - first) {
    c.error("expects one size per dynamic dim (" + std::to_string(dynamic) +
            "), got " + std::to_string(c.numOperands() - first));
    return;
  }
  std::vector<TermId> dims;
  size_t next = first;
  for (size_t i = 0; i < type.dims.size(); ++i) {
    if (type.dims[i] != kDynamic) {
      dims.push_back(c.constant(type.dims[i]));
      continue;
    }
    // SEMANTICS.md §2: a dim is never negative; an index operand can be.
    TermId size = c.scalar(next);
    if (!c.graph().provablyNonNegative(size))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                        "the size " + c.operandName(next) + " of dim " +
                            std::to_string(i) + " (not negative)");
    dims.push_back(size);
    ++next;
  }
  c.setResult(0, std::move(dims));
}

void lowerTensorEmpty(OpContext &c) { lowerDynamicSizes(c, 0); }
void lowerSplat(OpContext &c) { lowerDynamicSizes(c, 1); }

/// tensor.dim %t, %i: dim i of %t, for a constant i.
void lowerTensorDim(OpContext &c) {
  Lowerer &low = c.lowerer();
  const Operation &op = c.op();
  if (c.numOperands() != 2 || c.numResults() != 1) {
    c.opaque("expects a tensor and an index");
    return;
  }
  const ValueState &source = low.state(op.operands[0]);
  std::optional<int64_t> index = low.constantOf(op.operands[1]);
  if (!source.ranked) {
    c.opaque("unranked operand " + c.operandName(0) +
             ": its sizes are not checked");
    return;
  }
  if (!index) {
    c.opaque("the dim index " + c.operandName(1) + " is not a constant");
    return;
  }
  if (*index >= 0 && size_t(*index) < source.dims.size()) {
    c.setScalarResult(0, source.dims[size_t(*index)]);
    return;
  }
  // An index past a ranked type's rank is a verifier error in mlir-opt; a
  // negative one, or a rank only known at runtime, is UB.
  bool tooLarge = *index >= 0 && c.operandType(0).hasRank();
  low.oblige(op, ObligationKind::Rank, -1, c.formulas().mkTrue(),
             "the dim " + std::to_string(*index) + " of a tensor of rank " +
                 std::to_string(source.dims.size()),
             tooLarge, tooLarge ? "the index is out of range" : "");
}

/// tensor.cast: each static target dim is a `cast` obligation (an error
/// when the source dim is static and different).
void lowerTensorCast(OpContext &c) {
  Lowerer &low = c.lowerer();
  const Operation &op = c.op();
  if (c.numOperands() != 1 || c.numResults() != 1) {
    c.opaque("expects one operand");
    return;
  }
  const Type &from = c.operandType(0), &to = c.resultType(0);
  if (!to.hasRank()) { // to unranked: the dims are unchanged
    low.alias(op.results[0], op.operands[0]);
    return;
  }
  if (!c.expectRanked())
    return;
  if (from.dims.size() != to.dims.size()) {
    low.oblige(op, ObligationKind::Cast, -1, c.formulas().mkTrue(),
               "the cast of " + from.str() + " to " + to.str(), true,
               "the ranks differ");
    return;
  }
  std::vector<TermId> source = c.dims(0), dims;
  bool erroneous = false;
  for (size_t d = 0; d < to.dims.size(); ++d) {
    if (to.dims[d] == kDynamic) {
      dims.push_back(source[d]);
      continue;
    }
    TermId target = c.constant(to.dims[d]);
    // Both static and different: mlir-opt rejects the cast.
    bool error = from.dims[d] != kDynamic && from.dims[d] != to.dims[d];
    erroneous |= error;
    low.oblige(
        op, ObligationKind::Cast, int(d), c.formulas().mkNe(source[d], target),
        "the cast of " + c.dimName(0, d) + " to " + std::to_string(to.dims[d]) +
            " (dim " + std::to_string(d) + ")",
        error);
    dims.push_back(target);
  }
  if (!erroneous)
    c.setResult(0, std::move(dims));
}

/// arith.constant: an integer, or a 1-D integer tensor's elements.
void lowerArithConstant(OpContext &c) {
  const Attribute *value = c.attr("value");
  const Type &type = c.resultType(0);
  if (!value || c.numResults() != 1)
    return;
  std::optional<IntType> integer = resultIntType(c, 0);
  if (integer && integer->isBool() && !type.isShaped()) {
    // `true`, `false`, or `1 : i1`
    if (value->kind == AttrKind::Bool || value->kind == AttrKind::Integer)
      setBoolResult(c, 0,
                    {c.formulas().mkBool(value->kind == AttrKind::Bool
                                             ? value->boolValue
                                             : value->intValue != 0)});
    return;
  }
  if (value->kind == AttrKind::Integer &&
      (type.isSizeLike() || type.kind == TypeKind::Integer)) {
    c.setScalarResult(0, c.constant(value->intValue));
    return;
  }
  c.setResultFromType(0);
  if (value->kind == AttrKind::DenseInt && type.hasRank() &&
      type.dims.size() <= 1 && integer && integer->isBool()) {
    std::optional<std::vector<int64_t>> ints = Lowerer::intList(*value);
    std::vector<FormulaId> bits;
    for (int64_t v : ints ? *ints : std::vector<int64_t>())
      bits.push_back(c.formulas().mkBool(v != 0));
    c.lowerer().setBoolElements(c.op().results[0], std::move(bits));
    return;
  }
  if (value->kind == AttrKind::DenseInt && type.hasRank() &&
      type.dims.size() == 1)
    if (std::optional<std::vector<int64_t>> ints = Lowerer::intList(*value)) {
      std::vector<TermId> extents;
      for (int64_t v : *ints)
        extents.push_back(c.constant(v));
      setExtents(c, 0, std::move(extents));
    }
}

/// tensor.from_elements: a static tensor; a 1-D one carries its elements.
void lowerFromElements(OpContext &c) {
  const Type &type = c.resultType(0);
  if (!type.hasRank())
    return;
  if (type.dims.size() != 1) {
    c.setResultFromType(0);
    return;
  }
  c.setResult(0, {c.constant(int64_t(c.numOperands()))});
  std::vector<TermId> elements;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    std::optional<std::vector<TermId>> element = intOperand(c, i);
    if (!element || element->size() != 1)
      return; // an integer nobody computed: elements unknown
    elements.push_back((*element)[0]);
  }
  setExtents(c, 0, std::move(elements));
}

/// tensor.extract %t[%i]: a scalar; an element of a known integer or i1
/// tensor (a shape, a 0-d JAX size) when the index is a constant.
void lowerExtract(OpContext &c) {
  Lowerer &low = c.lowerer();
  const Operation &op = c.op();
  if (c.numOperands() < 1 || c.numOperands() > 2 || !c.ranked(0) ||
      c.rank(0) != c.numOperands() - 1)
    return;
  size_t at = 0;
  if (c.numOperands() == 2) {
    std::optional<int64_t> index = low.constantOf(op.operands[1]);
    if (!index || *index < 0)
      return;
    at = size_t(*index);
  }
  if (std::optional<std::vector<FormulaId>> bits = boolOperand(c, 0)) {
    if (at < bits->size())
      setBoolResult(c, 0, {(*bits)[at]});
    return;
  }
  std::optional<std::vector<TermId>> values = intOperand(c, 0);
  if (values && at < values->size())
    setIntResult(c, 0, {(*values)[at]});
}

/// tensor.insert %s into %t[..]: the shape of %t.
void lowerInsert(OpContext &c) {
  if (c.numOperands() < 2 || !c.ranked(1))
    return;
  c.setResult(0, c.dims(1));
}

/// func.call @g(..): the callee's shape semantics (LowerCall.cpp).
void lowerFuncCall(OpContext &c) {
  const Attribute *callee = c.attr("callee");
  if (!callee || callee->kind != AttrKind::SymbolRef) {
    c.opaque("the callee is not a symbol");
    return;
  }
  Lowerer &low = c.lowerer();
  const Function *function = low.findFunction(callee->str);
  if (!function) {
    c.opaque("@" + callee->str + " is not defined in this module");
    return;
  }
  std::string whyNot;
  std::optional<std::vector<ValueState>> returned =
      low.inlineCall(c.op(), *function, whyNot);
  if (!returned) {
    c.opaque(whyNot);
    return;
  }
  for (size_t r = 0; r < c.numResults() && r < returned->size(); ++r) {
    const ValueState &s = (*returned)[r];
    const Type &type = c.resultType(r);
    ValueId result = c.op().results[r];
    if (s.ranked && type.hasRank() && s.dims.size() == type.dims.size()) {
      c.setResult(r, s.dims);
      // The values a helper returns (JAX's `remainder`, `_where`, `clip`
      // on 0-d integer tensors): a 0-d integer's scalar, a vector's
      // elements, i1 predicates.
      if (s.hasExtents)
        setExtents(c, r, s.extents);
      else if (s.scalar != solver::kNoTerm && type.dims.empty() && !c.failed())
        c.lowerer().setIntElements(result, {s.scalar});
      if (s.hasBools && !c.failed())
        c.lowerer().setBoolElements(result, s.bools);
    } else if (s.scalar != solver::kNoTerm &&
               (type.isSizeLike() || type.kind == TypeKind::Integer)) {
      c.setScalarResult(r, s.scalar);
    } else if (s.hasBools && type.kind == TypeKind::Integer) {
      c.lowerer().setBoolElements(result, s.bools);
    } else if (s.hasExtents && type.kind == TypeKind::Shape) {
      c.setElementsResult(r, s.extents);
    }
  }
}

static void lowerNothing(OpContext &) {}

/// Integer arithmetic: computes index values, elementwise on tensors.
static constexpr OpEntry indexOp(std::string_view name) {
  return {name, parseSameTypeForm, lowerIndexBinary, kRefineNone,
          "index arithmetic; elementwise on tensors"};
}
/// `%a : T1 to T2` casts of the elements: the shape is kept.
static constexpr OpEntry castOp(std::string_view name) {
  return {name, parseCastForm, lowerElementCast, kRefineBoth, "same shape"};
}
/// Integer casts: the same integers on scalars, the same shape on tensors.
static constexpr OpEntry intCastOp(std::string_view name) {
  return {name, parseCastForm, lowerIndexCast, kRefineBoth,
          "same integer / same shape"};
}
static constexpr OpEntry elementwiseOp(std::string_view name) {
  return {name, parseSameTypeForm, lowerElementwise, kRefineNone,
          "elementwise: operands and result of one shape"};
}

static const OpEntry kEntries[] = {
    // tensor
    {"tensor.dim", parseTensorDim, lowerTensorDim, kRefineOperands,
     "index = dim i of the operand (i constant)"},
    {"tensor.empty", parseTensorEmpty, lowerTensorEmpty, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    {"tensor.cast", parseCastForm, lowerTensorCast, kRefineBoth,
     "same dims; a static target dim is a `cast` obligation"},
    {"tensor.bitcast", parseCastForm, lowerElementCast, kRefineBoth,
     "same shape"},
    {"tensor.from_elements", parseFromElements, lowerFromElements, kRefineNone,
     "static; a 1-D result holds its operands as elements"},
    {"tensor.splat", parseSplat, lowerSplat, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    {"tensor.generate", parseGenerate, lowerTensorEmpty, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    {"tensor.extract", parseExtract, lowerExtract, kRefineNone,
     "scalar; a constant index into a known shape gives its extent"},
    {"tensor.insert", parseInsert, lowerInsert, kRefineNone, "result = dest"},
    {"tensor.yield", nullptr, lowerNothing, kRefineNone,
     "terminator of pad / generate bodies"},
    {"tensor.reshape", parseReshape, lowerReshape, kRefineNone,
     "result dims = the shape operand's elements; element count kept"},
    {"tensor.expand_shape", parseReassociative, lowerExpandShape, kRefineNone,
     "each source dim = product of its group of result dims"},
    {"tensor.collapse_shape", parseReassociative, lowerCollapseShape,
     kRefineNone, "each result dim = product of its group of source dims"},
    {"tensor.extract_slice", parseExtractSlice, lowerExtractSlice, kRefineNone,
     "result = sizes (unit dims dropped); slice in bounds"},
    {"tensor.insert_slice", parseInsertSlice, lowerInsertSlice, kRefineNone,
     "result = dest; source = sizes; slice in bounds"},
    {"tensor.pad", parsePad, lowerPad, kRefineNone,
     "result = source + low + high"},
    {"tensor.concat", parseConcat, lowerConcat, kRefineNone,
     "dim d = sum of the operands' dim d; other dims equal"},
    // MLIR 16-19 spellings of linalg.pack / unpack (LinalgRelayout.cpp)
    {"tensor.pack", parseRelayoutOp, lowerPack, kRefineNone,
     "as linalg.pack, but dest outer dim >= source dim ceildiv tile (MLIR "
     "16-19 allow extra padding)"},
    {"tensor.unpack", parseRelayoutOp, lowerUnpack, kRefineNone,
     "as linalg.unpack, but source outer dim >= dest dim ceildiv tile"},
    // arith, math
    {"arith.constant", parseArithConstant, lowerArithConstant, kRefineNone,
     "an integer, or a 1-D integer tensor's elements"},
    {"arith.index_cast", parseCastForm, lowerIndexCast, kRefineBoth,
     "same integer / same shape"},
    {"arith.index_castui", parseCastForm, lowerIndexCast, kRefineBoth,
     "same integer / same shape"},
    {"arith.cmpf", parseCompare, lowerElementwise, kRefineNone,
     "elementwise: operands and result of one shape"},
    {"arith.cmpi", parseCompare, lowerIntCompareOp, kRefineNone,
     "elementwise on tensors; on integers, the comparison (a predicate)"},
    {"arith.select", parseSelect, lowerArithSelect, kRefineNone,
     "elementwise (an i1 condition applies to all); on integers, the pick"},
    indexOp("arith.addi"),
    indexOp("arith.subi"),
    indexOp("arith.muli"),
    indexOp("arith.floordivsi"),
    indexOp("arith.ceildivsi"),
    indexOp("arith.ceildivui"),
    indexOp("arith.divsi"),
    indexOp("arith.divui"),
    indexOp("arith.remsi"),
    indexOp("arith.remui"),
    indexOp("arith.maxsi"),
    indexOp("arith.minsi"),
    indexOp("arith.maxui"),
    indexOp("arith.minui"),
    indexOp("arith.andi"),
    indexOp("arith.ori"),
    indexOp("arith.xori"),
    indexOp("arith.shli"),
    indexOp("arith.shrsi"),
    indexOp("arith.shrui"),
    castOp("arith.extf"),
    castOp("arith.truncf"),
    intCastOp("arith.extsi"),
    intCastOp("arith.extui"),
    intCastOp("arith.trunci"),
    castOp("arith.sitofp"),
    castOp("arith.uitofp"),
    castOp("arith.fptosi"),
    castOp("arith.fptoui"),
    castOp("arith.bitcast"),
    elementwiseOp("arith.addf"),
    elementwiseOp("arith.subf"),
    elementwiseOp("arith.mulf"),
    elementwiseOp("arith.divf"),
    elementwiseOp("arith.remf"),
    elementwiseOp("arith.negf"),
    elementwiseOp("arith.maxf"),
    elementwiseOp("arith.minf"),
    elementwiseOp("arith.maximumf"),
    elementwiseOp("arith.minimumf"),
    elementwiseOp("arith.maxnumf"),
    elementwiseOp("arith.minnumf"),
    elementwiseOp("math.exp"),
    elementwiseOp("math.exp2"),
    elementwiseOp("math.expm1"),
    elementwiseOp("math.log"),
    elementwiseOp("math.log2"),
    elementwiseOp("math.log10"),
    elementwiseOp("math.log1p"),
    elementwiseOp("math.tanh"),
    elementwiseOp("math.sqrt"),
    elementwiseOp("math.rsqrt"),
    elementwiseOp("math.absf"),
    elementwiseOp("math.absi"),
    elementwiseOp("math.sin"),
    elementwiseOp("math.cos"),
    elementwiseOp("math.tan"),
    elementwiseOp("math.atan"),
    elementwiseOp("math.erf"),
    elementwiseOp("math.floor"),
    elementwiseOp("math.ceil"),
    elementwiseOp("math.round"),
    elementwiseOp("math.roundeven"),
    elementwiseOp("math.trunc"),
    elementwiseOp("math.powf"),
    elementwiseOp("math.atan2"),
    elementwiseOp("math.copysign"),
    elementwiseOp("math.fma"),
    elementwiseOp("math.ipowi"),
    // func
    {"func.return",
     [](Parser &p, PendingOp &o) { return p.parseTerminator(o); }, nullptr,
     kRefineNone, "terminator: read by the op that owns the region", true,
     OpRole::Return},
    {"func.call", parseFuncCall, lowerFuncCall, kRefineNone,
     "the callee's result shapes in terms of the call's operands", false,
     OpRole::Call},
};

OpFamily tensorFamily() {
  return {"tensor", kEntries, sizeof(kEntries) / sizeof(kEntries[0])};
}

} // namespace symshape::frontend
