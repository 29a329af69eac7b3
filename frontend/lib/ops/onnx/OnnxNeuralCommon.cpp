//===- OnnxNeuralCommon.cpp - Helpers of the ONNX neural-network rules ----===//

#include "OnnxNeuralCommon.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

std::optional<std::vector<TermId>> onnxInputDims(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> dims = onnxDims(c, i);
  if (!dims)
    c.opaque("input " + std::to_string(i) + " has an unknown shape");
  return dims;
}

std::string onnxDimName(const OpContext &c, size_t i, size_t d) {
  const Type &type = c.operandType(i);
  if (type.hasRank() && d < type.dims.size())
    return c.dimName(i, d);
  return c.operandName(i) + "[" + std::to_string(d) + "]";
}

bool onnxRequireEqual(OpContext &c, TermId a, TermId b,
                      const std::string &subject) {
  return requireSizesEqual(c, a, b, subject);
}

bool onnxRequireUnidirectional(OpContext &c, size_t i,
                               const std::vector<TermId> &dims,
                               const std::vector<TermId> &target,
                               const std::string &what) {
  if (dims.size() > target.size()) {
    c.error(what + " has rank " + std::to_string(dims.size()) +
            ", more than the " + std::to_string(target.size()) +
            " it broadcasts to (unidirectional)");
    return false;
  }
  size_t offset = target.size() - dims.size();
  for (size_t d = 0; d < dims.size(); ++d) {
    TermId s = dims[d], t = target[offset + d];
    std::optional<int64_t> cs = c.constantValue(s), ct = c.constantValue(t);
    if (cs && ct && *cs != 1 && *cs != *ct) {
      c.error(what + " size " + std::to_string(*cs) +
              " does not broadcast to " + std::to_string(*ct) +
              " (unidirectional)");
      return false;
    }
    FormulaId fits = c.formulas().mkOr(
        {c.formulas().mkEq(s, c.constant(1)), c.formulas().mkEq(s, t)});
    c.require(solver::ObligationKind::Broadcast, int(offset + d),
              c.formulas().mkNot(fits),
              what + " size " + onnxDimName(c, i, d) +
                  " broadcast to the target's (unidirectional)");
  }
  return true;
}

void setOnnxOutput(OpContext &c, size_t r, std::vector<TermId> dims) {
  const Type &type = c.resultType(r);
  if (type.kind == TypeKind::Other &&
      (type.spelling == "none" || type.spelling == "!torch.none"))
    return c.setResultFromType(r);
  setOnnxResult(c, r, std::move(dims));
}

std::optional<std::vector<int64_t>> onnxIntsOr(OpContext &c,
                                               std::string_view name,
                                               size_t length, int64_t least,
                                               int64_t fallback) {
  if (!onnxAttr(c, name))
    return std::vector<int64_t>(length, fallback);
  std::optional<std::vector<int64_t>> values = onnxInts(c, name);
  if (!values) {
    c.opaque("attribute '" + std::string(name) + "' is not an integer list");
    return std::nullopt;
  }
  if (values->size() != length) {
    c.error("attribute '" + std::string(name) + "' has " +
            std::to_string(values->size()) + " values, expected " +
            std::to_string(length));
    return std::nullopt;
  }
  for (int64_t v : *values)
    if (v < least) {
      c.error("attribute '" + std::string(name) + "' has the value " +
              std::to_string(v) + ", expected at least " +
              std::to_string(least));
      return std::nullopt;
    }
  return values;
}

} // namespace symshape::frontend
