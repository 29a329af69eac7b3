//===- OnnxElementwise.cpp - Broadcasting and same-shape ONNX operators ---===//
//
// The ONNX operator docs' elementwise operators: those "supporting
// multidirectional (i.e., Numpy-style) broadcasting" (Broadcasting.md:
// trailing dims aligned, each pair equal or one of them 1), the variadic
// Max / Min / Sum / Mean, Where (three inputs), PRelu (unidirectional: the
// slope broadcasts to X), and the unary operators, whose output has the
// shape of their input. On integer tensors of known elements (shape
// computations: `Shape` then `Add`, `Mul`, ...), Add, Sub, Mul, Div, Max and
// Min also compute the elements, exactly (SPEC 2).
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "ops/rules/IntRules.h"

namespace symshape::frontend {

/// The binary operators before opset 7 (Add-6, Mul-6, ...): the output has
/// A's shape. Without `broadcast = 1` B has A's shape; with it, "the second
/// tensor can either be of element size 1 (including a scalar tensor and
/// any tensor with rank equal to or smaller than the first tensor), or
/// having its shape as a contiguous subset of the first tensor's shape. The
/// starting of the mutually equal shape is specified by the argument
/// `axis`, and if it is not set, suffix matching is assumed."
static void lowerLegacyBroadcast(OpContext &c) {
  std::optional<int64_t> flag = onnxInt(c, "broadcast");
  if (c.numOperands() != 2 || !flag || (*flag != 0 && *flag != 1))
    return c.opaque("the legacy `broadcast` attribute (before opset 7) is "
                    "not understood");
  std::optional<std::vector<TermId>> a = onnxDims(c, 0), b = onnxDims(c, 1);
  if (!a || !b)
    return c.opaque(std::string("input ") + (a ? "1" : "0") +
                    " has an unknown shape");
  if (b->size() > a->size() || (*flag == 0 && b->size() != a->size()))
    return c.error("B has rank " + std::to_string(b->size()) + ", A " +
                   std::to_string(a->size()) +
                   (*flag ? ": B's rank may not exceed A's (legacy broadcast)"
                          : ": they must be equal (no `broadcast`)"));
  if (*flag == 0) {
    for (size_t d = 0; d < a->size(); ++d)
      c.requireEqual((*a)[d], (*b)[d],
                     "the sizes " + c.dimName(0, d) + " and " +
                         c.dimName(1, d) + " (no `broadcast`)");
    return setOnnxResult(c, 0, *a);
  }
  int64_t axis = onnxInt(c, "axis").value_or(int64_t(a->size() - b->size()));
  if (axis < 0 || axis + int64_t(b->size()) > int64_t(a->size()))
    return c.opaque("legacy broadcast `axis` " + std::to_string(axis) +
                    " is outside A's dims for B");
  solver::FormulaStore &f = c.formulas();
  std::vector<FormulaId> match;
  for (size_t d = 0; d < b->size(); ++d)
    match.push_back(f.mkEq((*b)[d], (*a)[size_t(axis) + d]));
  FormulaId ok = f.mkOr({f.mkEq(c.product(*b), c.constant(1)), f.mkAnd(match)});
  std::string subject = "B's shape, of one element or A's dims from " +
                        std::to_string(axis) + " (legacy broadcast)";
  if (f.isFalse(ok)) { // static sizes that never fit
    c.staticError(solver::ObligationKind::Broadcast, subject,
                  "B's static dims are neither one element nor A's from "
                  "axis " +
                      std::to_string(axis));
    return setOnnxResult(c, 0, *a);
  }
  c.require(solver::ObligationKind::Broadcast, int(axis), f.mkNot(ok), subject);
  setOnnxResult(c, 0, *a);
}

/// The result of broadcasting the inputs `inputs` (an opaque op when one is
/// of unknown shape).
static bool broadcastInputs(OpContext &c, const std::vector<size_t> &inputs) {
  if (c.numResults() < 1)
    return c.opaque("no result"), false;
  // Before opset 7, `broadcast` (with `axis`) broadcast B onto A
  // unidirectionally from `axis`, not as NumPy does. No integer elements
  // are computed for it (false).
  if (onnxAttr(c, "broadcast"))
    return lowerLegacyBroadcast(c), false;
  std::vector<std::vector<TermId>> shapes;
  for (size_t i : inputs) {
    std::optional<std::vector<TermId>> dims = onnxDims(c, i);
    if (!dims)
      return c.opaque("input " + std::to_string(i) + " has an unknown shape"),
             false;
    shapes.push_back(std::move(*dims));
  }
  setOnnxResult(c, 0, broadcastShapes(c, shapes));
  return true;
}

static std::vector<size_t> allInputs(const OpContext &c) {
  std::vector<size_t> inputs;
  for (size_t i = 0; i < c.numOperands(); ++i)
    inputs.push_back(i);
  return inputs;
}

/// Add, Sub, Mul, Div, Max, Min: broadcast, then the integer elements when
/// the inputs' are known. Integer Div truncates towards zero, as the
/// reference implementation says ("Truncate toward zero for integer
/// division (C++-style)", onnx/reference/ops/op_div.py) and onnxruntime
/// divides; a quotient by a divisor not known to be positive or a
/// constant is left unknown.
template <IntOp Op> static void lowerArithmetic(OpContext &c) {
  if (!broadcastInputs(c, allInputs(c)) || c.failed() || c.numOperands() != 2)
    return;
  lowerIntPairs(c, Op);
}

/// Equal, Greater, GreaterOrEqual, Less, LessOrEqual: broadcast, then the
/// truth of each element when the integer inputs' elements are known (the
/// condition of an If on a computed size).
template <CmpPred Pred> static void lowerComparison(OpContext &c) {
  if (!broadcastInputs(c, allInputs(c)) || c.failed() || c.numOperands() != 2)
    return;
  lowerIntCompare(c, Pred);
}

/// Every other broadcasting operator: comparisons, logic, Pow, Mod,
/// BitShift, Where, variadic Sum / Mean, ...
static void lowerMultidirectional(OpContext &c) {
  broadcastInputs(c, allInputs(c));
}

/// PRelu(X, slope): the slope broadcasts to X (unidirectional): the output
/// has X's shape, and each slope dim must be 1 or X's.
static void lowerPRelu(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0), slope = onnxDims(c, 1);
  if (!x || !slope)
    return c.opaque("an input has an unknown shape");
  if (slope->size() > x->size())
    return c.error("the slope has rank " + std::to_string(slope->size()) +
                   ", more than X's " + std::to_string(x->size()) +
                   ": it does not broadcast to X (unidirectional)");
  size_t offset = x->size() - slope->size();
  for (size_t d = 0; d < slope->size(); ++d) {
    TermId s = (*slope)[d], target = (*x)[offset + d];
    FormulaId fits = c.formulas().mkOr(
        {c.formulas().mkEq(s, c.constant(1)), c.formulas().mkEq(s, target)});
    c.require(solver::ObligationKind::Broadcast, int(offset + d),
              c.formulas().mkNot(fits),
              "the slope size " + c.dimName(1, d) + " broadcast to X's " +
                  c.dimName(0, offset + d) + " (unidirectional)");
  }
  setOnnxResult(c, 0, *x);
}

/// The unary operators: every output has the shape of input 0.
static void lowerInputShape(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  for (size_t r = 0; r < c.numResults(); ++r)
    setOnnxResult(c, r, *x);
}

/// onnx.Neg-13: the input's shape; integer elements are negated (shape
/// computations negate constants: `Neg([-1])` then ConstantOfShape).
static void lowerNeg(OpContext &c) {
  lowerInputShape(c);
  std::optional<std::vector<TermId>> x =
      c.failed() ? std::nullopt : onnxElements(c, 0);
  if (!x)
    return;
  std::vector<TermId> out;
  for (TermId t : *x) {
    std::optional<int64_t> v = c.constantValue(t);
    if (v && *v == INT64_MIN)
      return; // wraps: left unknown
    out.push_back(c.sub(c.constant(0), t));
  }
  setOnnxElements(c, 0, std::move(out), onnxIsScalar(c, 0));
}

/// ai.onnx.ml Scaler-1: Y = (X - offset) * scale element-wise, so Y has
/// X's shape. `offset` and `scale` "can be length of features in an [N,F]
/// tensor or length 1": a length k other than 1 must be X's last size (the
/// ONNX reference broadcasts them against X's last axis). A rank-0 X, an
/// attribute that is not a list of floats, or an empty one is not modelled.
static void lowerScaler(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  if (x->empty())
    return c.opaque("a rank-0 X (no feature axis) is not modelled");
  for (std::string_view name : {"offset", "scale"}) {
    const Attribute *a = onnxAttr(c, name);
    if (!a)
      continue;
    if (a->kind != AttrKind::Array || a->elements.empty())
      return c.opaque("the `" + std::string(name) +
                      "` attribute is not a list of floats");
    size_t k = a->elements.size();
    if (k != 1)
      c.requireEqual(x->back(), c.constant(int64_t(k)),
                     "the features " + c.dimName(0, x->size() - 1) + " and " +
                         std::to_string(k) + " `" + std::string(name) +
                         "` values");
  }
  setOnnxResult(c, 0, *x);
}

/// EyeLike-22: the shape of the input, which must be 2-D ("Only 2D tensors
/// are supported").
static void lowerEyeLike(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  if (x->size() != 2)
    return c.error("the input has rank " + std::to_string(x->size()) +
                   ": EyeLike takes a 2-D tensor");
  setOnnxResult(c, 0, *x);
}

/// RandomUniform-22 / RandomNormal-22: an output of the `shape` attribute.
static void lowerShapeAttribute(OpContext &c) {
  std::optional<std::vector<int64_t>> shape = onnxInts(c, "shape");
  if (!shape)
    return c.opaque("the `shape` attribute is not understood");
  std::vector<TermId> dims;
  for (int64_t d : *shape) {
    if (d < 0)
      return c.error("the `shape` attribute has a negative size " +
                     std::to_string(d));
    dims.push_back(c.constant(d));
  }
  setOnnxResult(c, 0, std::move(dims));
}

#define ONNX_ARITH(NAME, OP)                                                   \
  {                                                                            \
    NAME, lowerArithmetic<IntOp::OP>,                                          \
        "inputs broadcast (multidirectional); integer elements computed"       \
  }
#define ONNX_BROADCAST(NAME)                                                   \
  { NAME, lowerMultidirectional, "inputs broadcast (multidirectional)" }
#define ONNX_UNARY(NAME)                                                       \
  { NAME, lowerInputShape, "the shape of the input" }

const std::vector<OnnxRule> &onnxElementwiseRules() {
  static const std::vector<OnnxRule> rules = {
      ONNX_ARITH("Add", Add),
      ONNX_ARITH("Sub", Sub),
      ONNX_ARITH("Mul", Mul),
      ONNX_ARITH("Div", DivTrunc),
      ONNX_ARITH("Max", Max),
      ONNX_ARITH("Min", Min),
      ONNX_BROADCAST("Pow"),
      ONNX_BROADCAST("Mod"),
      {"Equal", lowerComparison<CmpPred::Eq>,
       "inputs broadcast (multidirectional); integer comparisons computed"},
      {"Greater", lowerComparison<CmpPred::Gt>,
       "inputs broadcast (multidirectional); integer comparisons computed"},
      {"GreaterOrEqual", lowerComparison<CmpPred::Ge>,
       "inputs broadcast (multidirectional); integer comparisons computed"},
      {"Less", lowerComparison<CmpPred::Lt>,
       "inputs broadcast (multidirectional); integer comparisons computed"},
      {"LessOrEqual", lowerComparison<CmpPred::Le>,
       "inputs broadcast (multidirectional); integer comparisons computed"},
      ONNX_BROADCAST("And"),
      ONNX_BROADCAST("Or"),
      ONNX_BROADCAST("Xor"),
      ONNX_BROADCAST("BitShift"),
      ONNX_BROADCAST("BitwiseAnd"),
      ONNX_BROADCAST("BitwiseOr"),
      ONNX_BROADCAST("BitwiseXor"),
      ONNX_BROADCAST("Where"),
      ONNX_BROADCAST("Sum"),
      ONNX_BROADCAST("Mean"),
      {"PRelu", lowerPRelu,
       "the shape of X; the slope broadcasts to X "
       "(unidirectional)"},
      ONNX_UNARY("Abs"),
      {"Neg", lowerNeg, "the shape of the input; integer elements negated"},
      ONNX_UNARY("Relu"),
      ONNX_UNARY("Sigmoid"),
      ONNX_UNARY("Tanh"),
      ONNX_UNARY("Exp"),
      ONNX_UNARY("Log"),
      ONNX_UNARY("Sqrt"),
      ONNX_UNARY("Reciprocal"),
      ONNX_UNARY("Floor"),
      ONNX_UNARY("Ceil"),
      ONNX_UNARY("Round"),
      ONNX_UNARY("Erf"),
      ONNX_UNARY("Sin"),
      ONNX_UNARY("Cos"),
      ONNX_UNARY("Tan"),
      ONNX_UNARY("Asin"),
      ONNX_UNARY("Acos"),
      ONNX_UNARY("Atan"),
      ONNX_UNARY("Sinh"),
      ONNX_UNARY("Cosh"),
      ONNX_UNARY("Asinh"),
      ONNX_UNARY("Acosh"),
      ONNX_UNARY("Atanh"),
      ONNX_UNARY("Not"),
      ONNX_UNARY("Sign"),
      ONNX_UNARY("IsNaN"),
      ONNX_UNARY("IsInf"),
      ONNX_UNARY("BitwiseNot"),
      ONNX_UNARY("LeakyRelu"),
      ONNX_UNARY("Elu"),
      ONNX_UNARY("Selu"),
      ONNX_UNARY("Celu"),
      ONNX_UNARY("ThresholdedRelu"),
      ONNX_UNARY("HardSigmoid"),
      ONNX_UNARY("HardSwish"),
      ONNX_UNARY("Softplus"),
      ONNX_UNARY("Softsign"),
      ONNX_UNARY("Mish"),
      ONNX_UNARY("Gelu"),
      ONNX_UNARY("Shrink"),
      // Clip-13 (min and max inputs) and Clip-6 (onnx-mlir's ClipV6: min
      // and max attributes): the shape of the input.
      {"Clip", lowerInputShape, "the shape of the input", "6"},
      // RandomUniformLike-22, RandomNormalLike-22, Bernoulli-22: an output
      // of the input's shape.
      ONNX_UNARY("RandomUniformLike"),
      ONNX_UNARY("RandomNormalLike"),
      ONNX_UNARY("Bernoulli"),
      // ai.onnx.ml Binarizer-1 and CategoryMapper-1 map each element:
      // the output has the input's shape.
      ONNX_UNARY("Binarizer"),
      ONNX_UNARY("CategoryMapper"),
      {"Scaler", lowerScaler,
       "the shape of X; offset and scale of 1 or X's last size (ai.onnx.ml "
       "Scaler-1)"},
      {"EyeLike", lowerEyeLike, "the shape of the 2-D input (EyeLike-22)"},
      {"RandomUniform", lowerShapeAttribute,
       "the `shape` attribute's dims (RandomUniform-22)"},
      {"RandomNormal", lowerShapeAttribute,
       "the `shape` attribute's dims (RandomNormal-22)"},
  };
  return rules;
}

} // namespace symshape::frontend
