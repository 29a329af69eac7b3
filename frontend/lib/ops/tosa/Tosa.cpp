//===- Tosa.cpp - Op entries: the tosa dialect ----------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). Shapes follow the TOSA specification and
// MLIR's TosaOps.cpp verifiers / inferReturnTypeComponents; the shape
// functions of the bigger ops live in TosaShape.cpp and TosaConv.cpp
// (TosaInternal.h).
//
// tosa ops print in generic form in MLIR 16 and as
// `tosa.op %a, %b {attrs} : (T1, T2) -> R` in current MLIR; both are read.
//
//===----------------------------------------------------------------------===//

#include "TosaInternal.h"
#include "ops/OpTable.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {
namespace tosa {

bool expectRankedOperands(OpContext &c) {
  for (size_t i = 0; i < c.numOperands(); ++i)
    if (c.operandType(i).kind == TypeKind::UnrankedTensor) {
      c.opaque("unranked operand " + c.operandName(i) +
               ": its sizes are not checked");
      return false;
    }
  return !c.failed();
}

bool expectOperandRanks(OpContext &c, std::initializer_list<int> ranks) {
  if (!expectRankedOperands(c))
    return false;
  if (ranks.size() > c.numOperands()) {
    c.error("expects " + std::to_string(ranks.size()) + " operands, got " +
            std::to_string(c.numOperands()));
    return false;
  }
  size_t i = 0;
  for (int expected : ranks) {
    if (expected >= 0 && (!c.ranked(i) || c.rank(i) != size_t(expected))) {
      c.error("expects operand " + std::to_string(i) + " of rank " +
              std::to_string(expected) + ", got '" + c.operandType(i).str() +
              "'");
      return false;
    }
    ++i;
  }
  return true;
}

std::optional<std::vector<int64_t>> listOf(OpContext &c, std::string_view name,
                                           size_t operand) {
  if (c.attr(name))
    return c.ints(name);
  if (operand < c.numOperands())
    return c.constantElements(operand);
  return std::nullopt;
}

std::optional<std::vector<int64_t>> listOfLength(OpContext &c,
                                                 std::string_view name,
                                                 size_t operand,
                                                 size_t length) {
  std::optional<std::vector<int64_t>> values = listOf(c, name, operand);
  if (!values) {
    c.opaque(std::string(name) + " is not a constant integer list");
    return std::nullopt;
  }
  if (values->size() != length) {
    c.error("expects " + std::string(name) + " of length " +
            std::to_string(length) + ", got " + listText(*values));
    return std::nullopt;
  }
  return values;
}

std::optional<std::vector<TermId>> termsOf(OpContext &c, std::string_view name,
                                           size_t operand) {
  if (c.attr(name)) {
    std::optional<std::vector<int64_t>> values = c.ints(name);
    if (!values)
      return std::nullopt;
    std::vector<TermId> terms;
    for (int64_t v : *values)
      terms.push_back(c.constant(v));
    return terms;
  }
  if (operand < c.numOperands())
    return c.elements(operand);
  return std::nullopt;
}

std::optional<std::vector<TermId>> termsOfLength(OpContext &c,
                                                 std::string_view name,
                                                 size_t operand,
                                                 size_t length) {
  std::optional<std::vector<TermId>> terms = termsOf(c, name, operand);
  if (!terms) {
    c.opaque(std::string(name) + " is not a known integer list");
    return std::nullopt;
  }
  if (terms->size() != length) {
    c.error("expects " + std::string(name) + " of length " +
            std::to_string(length) + ", got " + termsText(c, *terms));
    return std::nullopt;
  }
  return terms;
}

std::string termsText(OpContext &c, const std::vector<TermId> &terms) {
  std::string out = "[";
  for (size_t i = 0; i < terms.size(); ++i) {
    std::optional<int64_t> v = c.constantValue(terms[i]);
    out += (i ? ", " : "") + (v ? std::to_string(*v) : std::string("?"));
  }
  return out + "]";
}

void requireSizes(OpContext &c, const std::vector<TermId> &terms,
                  const std::string &what) {
  for (size_t i = 0; i < terms.size(); ++i)
    if (!c.constantValue(terms[i]))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), terms[i]),
                        "entry " + std::to_string(i) + " of " + what +
                            " (a size: not negative)");
}

void requireBias(OpContext &c, size_t bias, TermId channels,
                 const std::string &channelsName) {
  if (c.failed())
    return;
  if (!c.ranked(bias) || c.rank(bias) != 1) {
    c.error("expects a bias of rank 1, got '" + c.operandType(bias).str() +
            "'");
    return;
  }
  TermId size = c.dim(bias, 0);
  std::optional<int64_t> biasSize = c.staticDim(bias, 0);
  std::optional<int64_t> outSize = c.constantValue(channels);
  if (biasSize && outSize && *biasSize != *outSize && *biasSize != 1) {
    c.error("expects a bias of size " + std::to_string(*outSize) +
            " (the output channels) or 1, got " + std::to_string(*biasSize));
    return;
  }
  solver::FormulaStore &f = c.formulas();
  c.require(solver::ObligationKind::Equal, -1,
            f.mkAnd({f.mkNe(size, channels), f.mkNe(size, c.constant(1))}),
            "the bias size " + c.dimName(bias, 0) +
                " and the output channels " + channelsName +
                " (the bias may also be 1)");
}

namespace {

/// Elementwise ops of one tensor operand (and clamp, cast, rescale, table,
/// negate, ...): the result has operand 0's shape. Extra operands (current
/// MLIR's zero points, rescale's multiplier and shift, table's table) do
/// not take part.
void lowerUnary(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  if (c.numOperands() == 0 || !c.ranked(0)) {
    c.error("expects a tensor operand");
    return;
  }
  c.setResult(0, c.dims(0));
}

/// tosa.rescale: elementwise; per channel, the multiplier and shift hold
/// one value per element of the last dim (current MLIR: operands 1 and 2;
/// MLIR 16: the `multiplier` / `shift` attributes).
void lowerRescale(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  const Attribute *perChannel = c.attr("per_channel");
  bool channels =
      perChannel && perChannel->kind == AttrKind::Bool && perChannel->boolValue;
  if (c.numOperands() >= 1 && c.ranked(0) && c.rank(0) >= 1) {
    size_t last = c.rank(0) - 1;
    TermId expected = channels ? c.dim(0, last) : c.constant(1);
    std::string expectedName = channels ? c.dimName(0, last) : "1";
    auto requireChannels = [&](TermId size, const std::string &what) {
      std::optional<int64_t> a = c.constantValue(size);
      std::optional<int64_t> b = c.constantValue(expected);
      if (a && b && *a != *b)
        c.error("expects " + what + " of " + std::to_string(*b) +
                " values, got " + std::to_string(*a));
      else
        c.requireEqual(size, expected,
                       "the sizes of " + what + " and " + expectedName);
    };
    for (size_t i = 1; i <= 2 && i < c.numOperands(); ++i)
      if (c.ranked(i) && c.rank(i) == 1)
        requireChannels(c.dim(i, 0),
                        std::string(i == 1 ? "the multiplier " : "the shift ") +
                            c.operandName(i));
    for (const char *name : {"multiplier", "shift"})
      if (std::optional<std::vector<int64_t>> values = c.ints(name))
        requireChannels(c.constant(int64_t(values->size())),
                        std::string("`") + name + "`");
  }
  lowerUnary(c);
}

/// Binary elementwise ops broadcast per the Broadcastable trait (SEMANTICS.md
/// §3).
void lowerBroadcast(OpContext &c) { lowerImplicitBroadcastRule(c); }

/// tosa.mul: MLIR 16 has two operands and a `shift` attribute; current
/// MLIR a third operand, the one-element `shift` tensor, which takes no
/// part in the broadcast.
void lowerMul(OpContext &c) {
  if (c.numOperands() != 3) {
    lowerImplicitBroadcastRule(c);
    return;
  }
  const Type &shift = c.operandType(2);
  if (shift.hasRank() && (shift.dims.size() > 1 ||
                          (shift.dims.size() == 1 &&
                           shift.dims[0] != kDynamic && shift.dims[0] != 1))) {
    c.error("expects a one-element shift, got '" + shift.str() + "'");
    return;
  }
  lowerImplicitBroadcast(c, /*inputs=*/2);
}

/// Integer constants of at most this many elements keep their values (for
/// transpose perms, pad paddings); larger ones are weights.
constexpr int64_t kMaxKnownElements = 64;

/// tosa.const: a source of static facts. A small integer constant of rank
/// 1 or 2 also carries its elements, row-major, for the ops that read a
/// constant operand (MLIR 16's perms [N] and paddings [N, 2]).
void lowerConst(OpContext &c) {
  if (c.numResults() != 1)
    return;
  c.setResultFromType(0);
  const Attribute *value =
      c.attr("values") ? c.attr("values") : c.attr("value");
  const Type &type = c.resultType(0);
  if (!value || value->kind != AttrKind::DenseInt || !type.hasRank() ||
      type.dims.empty() || type.dims.size() > 2 || value->ints.empty())
    return;
  int64_t count = 1;
  for (int64_t d : type.dims) {
    if (d == kDynamic)
      return;
    count *= d;
  }
  if (count > kMaxKnownElements)
    return;
  std::vector<int64_t> ints =
      value->splat ? std::vector<int64_t>(size_t(count), value->ints.front())
                   : value->ints;
  if (int64_t(ints.size()) != count)
    return;
  std::vector<TermId> elements;
  for (int64_t v : ints)
    elements.push_back(c.constant(v));
  c.setResultExtents(0, std::move(elements), /*label=*/false);
}

} // namespace
} // namespace tosa

using namespace tosa;

namespace {

/// An elementwise op of one tensor operand.
constexpr OpEntry unary(std::string_view name) {
  return {name, parseFunctionTypedForm, lowerUnary, kRefineBoth,
          "elementwise: result shape = operand shape"};
}

/// An elementwise op with implicit broadcasting.
constexpr OpEntry binary(std::string_view name) {
  return {name, parseFunctionTypedForm, lowerBroadcast, kRefineBoth,
          "elementwise with implicit broadcast (the Broadcastable trait)"};
}

/// tosa.select: an implicit broadcast whose shapes mlir-opt 16's verifier
/// does not check.
constexpr OpEntry unverifiedBinary(std::string_view name) {
  OpEntry entry = binary(name);
  entry.shapesUnverified = true;
  return entry;
}

} // namespace

static const OpEntry kTosaEntries[] = {
    // Elementwise, one tensor operand.
    unary("tosa.abs"),
    unary("tosa.bitwise_not"),
    unary("tosa.cast"),
    unary("tosa.ceil"),
    unary("tosa.clamp"),
    unary("tosa.clz"),
    unary("tosa.cos"),
    unary("tosa.erf"),
    unary("tosa.exp"),
    unary("tosa.floor"),
    unary("tosa.identity"),
    unary("tosa.log"),
    unary("tosa.logical_not"),
    unary("tosa.negate"),
    unary("tosa.reciprocal"),
    unary("tosa.rsqrt"),
    unary("tosa.sigmoid"),
    unary("tosa.sin"),
    unary("tosa.table"),
    unary("tosa.tanh"),
    {"tosa.rescale", parseFunctionTypedForm, lowerRescale, kRefineBoth,
     "elementwise; per-channel multiplier and shift match the last dim"},
    // Elementwise with implicit broadcasting.
    binary("tosa.add"),
    binary("tosa.arithmetic_right_shift"),
    binary("tosa.bitwise_and"),
    binary("tosa.bitwise_or"),
    binary("tosa.bitwise_xor"),
    binary("tosa.div"), // MLIR 16's name of int_div
    binary("tosa.equal"),
    binary("tosa.greater"),
    binary("tosa.greater_equal"),
    binary("tosa.int_div"),
    binary("tosa.intdiv"),
    binary("tosa.logical_and"),
    binary("tosa.logical_left_shift"),
    binary("tosa.logical_or"),
    binary("tosa.logical_right_shift"),
    binary("tosa.logical_xor"),
    binary("tosa.maximum"),
    binary("tosa.minimum"),
    binary("tosa.pow"),
    unverifiedBinary("tosa.select"),
    binary("tosa.sub"),
    {"tosa.mul", parseFunctionTypedForm, lowerMul, kRefineBoth,
     "elementwise with implicit broadcast of the two inputs (not the shift)"},
    // Constants.
    {"tosa.const", parseFunctionTypedForm, lowerConst, kRefineNone,
     "static facts; small integer constants keep their values"},
    // `!tosa.shape` values (TosaShapeValues.cpp).
    {"tosa.const_shape", parseFunctionTypedForm, lowerConstShape, kRefineNone,
     "a !tosa.shape of known values"},
    {"tosa.dim", parseFunctionTypedForm, lowerDim, kRefineNone,
     "the shape [input[axis]]"},
    {"tosa.concat_shape", parseFunctionTypedForm, lowerConcatShape, kRefineNone,
     "the operands' elements one after the other"},
    {"tosa.add_shape", parseFunctionTypedForm, lowerAddShape, kRefineNone,
     "elementwise sum of two shapes"},
    {"tosa.sub_shape", parseFunctionTypedForm, lowerSubShape, kRefineNone,
     "elementwise difference of two shapes"},
    {"tosa.mul_shape", parseFunctionTypedForm, lowerMulShape, kRefineNone,
     "elementwise product of two shapes"},
    {"tosa.div_floor_shape", parseFunctionTypedForm, lowerDivFloorShape,
     kRefineNone, "elementwise floor division of two shapes; no 0 divisor"},
    // Data layout (TosaShape.cpp).
    {"tosa.reshape", parseFunctionTypedForm, lowerReshape, kRefineBoth,
     "result = new_shape (one -1 inferred); element count preserved"},
    {"tosa.transpose", parseFunctionTypedForm, lowerTranspose, kRefineBoth,
     "result[i] = input[perms[i]]; perms a constant permutation"},
    {"tosa.concat", parseFunctionTypedForm, lowerConcat, kRefineBoth,
     "non-axis dims equal; axis dim = sum"},
    {"tosa.slice", parseFunctionTypedForm, lowerSlice, kRefineBoth,
     "result = size (-1: rest); start + size within the input"},
    {"tosa.pad", parseFunctionTypedForm, lowerPad, kRefineBoth,
     "result = input + low + high (constant paddings)"},
    {"tosa.tile", parseFunctionTypedForm, lowerTile, kRefineBoth,
     "result = input * multiples"},
    {"tosa.reverse", parseFunctionTypedForm, lowerReverse, kRefineBoth,
     "result shape = operand shape; axis within the rank"},
    {"tosa.reduce_all", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_any", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_max", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_min", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_prod", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_product", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.reduce_sum", parseFunctionTypedForm, lowerReduce, kRefineBoth,
     "the axis dim becomes 1"},
    {"tosa.argmax", parseFunctionTypedForm, lowerArgmax, kRefineBoth,
     "the axis dim is removed"},
    {"tosa.gather", parseFunctionTypedForm, lowerGather, kRefineBoth,
     "[N,K,C] x [N,W] -> [N,W,C]; N equal"},
    {"tosa.scatter", parseFunctionTypedForm, lowerScatter, kRefineBoth,
     "[N,K,C] x [N,W] x [N,W,C] -> [N,K,C]; N, W, C equal"},
    {"tosa.fft2d", parseFunctionTypedForm, lowerFft, kRefineBoth,
     "[N,H,W] x2 -> [N,H,W] x2; the two inputs equal"},
    {"tosa.rfft2d", parseFunctionTypedForm, lowerRfft, kRefineBoth,
     "[N,H,W] -> [N,H,W/2+1] x2"},
    // Contractions, convolutions and pooling (TosaConv.cpp).
    {"tosa.matmul", parseFunctionTypedForm, lowerMatmul, kRefineBoth,
     "[N,H,C] x [N,C,W] -> [N,H,W]; N and C equal"},
    {"tosa.fully_connected", parseFunctionTypedForm, lowerFullyConnected,
     kRefineBoth, "[N,IC] x [OC,IC] + bias[OC] -> [N,OC]; IC equal"},
    {"tosa.conv2d", parseFunctionTypedForm, lowerConv2d, kRefineBoth,
     "NHWC x [OC,KH,KW,IC] -> [N,OH,OW,OC]; IC equal; window arithmetic"},
    {"tosa.conv3d", parseFunctionTypedForm, lowerConv3d, kRefineBoth,
     "NDHWC x [OC,KD,KH,KW,IC] -> [N,OD,OH,OW,OC]; IC equal"},
    {"tosa.depthwise_conv2d", parseFunctionTypedForm, lowerDepthwiseConv2d,
     kRefineBoth, "NHWC x [KH,KW,C,M] -> [N,OH,OW,C*M]; C equal"},
    {"tosa.transpose_conv2d", parseFunctionTypedForm, lowerTransposeConv2d,
     kRefineBoth, "out = (in - 1) * stride + out_pad_lo + out_pad_hi + k"},
    {"tosa.avg_pool2d", parseFunctionTypedForm, lowerPool2d, kRefineBoth,
     "NHWC -> [N,OH,OW,C]; window arithmetic"},
    {"tosa.max_pool2d", parseFunctionTypedForm, lowerPool2d, kRefineBoth,
     "NHWC -> [N,OH,OW,C]; window arithmetic"},
    {"tosa.resize", parseFunctionTypedForm, lowerResize, kRefineBoth,
     "out = ((in - 1) * scale_n - offset + border) / scale_d + 1"},
};

OpFamily tosaFamily() {
  return {"tosa", kTosaEntries, sizeof(kTosaEntries) / sizeof(kTosaEntries[0])};
}

} // namespace symshape::frontend
