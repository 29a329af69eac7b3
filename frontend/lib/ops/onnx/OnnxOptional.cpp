//===- OnnxOptional.cpp - ONNX optional values ----------------------------===//
//
// Optional, OptionalHasElement and OptionalGetElement, from the ONNX
// operator docs (onnx.Optional-15, onnx.OptionalHasElement-18,
// onnx.OptionalGetElement-18). An optional made by Optional is tracked as
// a list of its element (OnnxSequence.h), or of none when empty; one the
// program does not make (an argument) is not known to hold an element,
// and its element has the sizes its declared type gives.
// They impose no shape requirement but one: getting the element of an
// optional the program shows empty is undefined.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxSequence.h"

namespace symshape::frontend {

using ListItem = OpContext::ListItem;

/// onnx.Optional-15: "an optional-type value containing either an empty
/// optional of a certain type specified by the attribute, or a non-empty
/// value containing the input element".
static void lowerOptional(OpContext &c) {
  if (c.numResults() != 1 || c.resultType(0).isShaped())
    return c.opaque("the result is not an optional value");
  std::vector<ListItem> items;
  if (!onnxAbsent(c, 0))
    items.push_back(onnxItemOf(c, 0));
  c.setListResult(0, std::move(items));
}

/// onnx.OptionalHasElement-18: "true if (1) the input is an optional-type
/// and contains an element, or, (2) the input is a tensor or sequence
/// type. If the input is not provided or is an empty optional-type, this
/// op returns false." The output is "a scalar boolean tensor".
static void lowerOptionalHasElement(OpContext &c) {
  std::optional<bool> has;
  if (onnxAbsent(c, 0))
    has = false;
  else if (!isOnnxOptionalType(c.operandType(0)))
    has = true;
  else if (std::optional<std::vector<ListItem>> items = onnxItems(c, 0))
    has = !items->empty();
  setOnnxResult(c, 0, {});
  if (has && !c.failed())
    c.setBoolElements(0, {c.formulas().mkBool(*has)});
}

/// onnx.OptionalGetElement-18: "If the input is a tensor or sequence type,
/// it returns the input. If the input is an optional type, it outputs the
/// element in the input. It is an error if the input is an empty
/// optional-type ... and the behavior is undefined in this case."
static void lowerOptionalGetElement(OpContext &c) {
  if (c.numOperands() != 1 || c.numResults() != 1)
    return c.opaque("expects one input and one output");
  if (!isOnnxOptionalType(c.operandType(0)))
    return c.setResultAlias(0, 0);
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  std::string why = "the element of " + c.operandName(0) + " is not known";
  if (items && items->empty()) {
    c.requireInBounds(c.formulas().mkFalse(),
                      "an element in the optional " + c.operandName(0));
    return c.resultsFromTypes();
  }
  if (!c.resultType(0).isTensor()) // a sequence: not tracked through
    return;
  if (!items && setDeclaredOnnxElement(c, 0, 0))
    return;
  if (!items || !items->front().dims)
    return setUnknownOnnxTensor(c, 0, why);
  setOnnxResult(c, 0, *items->front().dims);
}

const std::vector<OnnxRule> &onnxOptionalRules() {
  static const std::vector<OnnxRule> rules = {
      {"Optional", lowerOptional,
       "an optional holding its input, or empty without one"},
      {"OptionalHasElement", lowerOptionalHasElement,
       "a scalar bool: whether a tracked optional holds an element"},
      {"OptionalGetElement", lowerOptionalGetElement,
       "the element of a tracked optional (of an empty one: UB), a tensor "
       "or sequence input itself; of an argument: its declared sizes"},
  };
  return rules;
}

} // namespace symshape::frontend
