//===- OnnxSequence.cpp - ONNX sequence operators -------------------------===//
//
// SequenceEmpty, SequenceConstruct, SequenceInsert, SequenceErase,
// SequenceAt, SequenceLength, SplitToSequence and ConcatFromSequence, from
// the ONNX operator docs (cited as `onnx.<Op>-11`, the opset that defines
// them all). A sequence is tracked tensor by tensor (OnnxSequence.h) when
// its length is a constant and the positions it is built from are known.
// A position is required in its range whenever the length is known ("It
// is an error if any of the index values are out of bounds").
//
//===----------------------------------------------------------------------===//

#include "OnnxSequence.h"
#include "OnnxIntValues.h"
#include "parser/ParserImpl.h"

#include <algorithm>

namespace symshape::frontend {

using ListItem = OpContext::ListItem;

static bool startsWith(const std::string &s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool isOnnxSequenceType(const Type &type) {
  return type.kind == TypeKind::Other &&
         (startsWith(type.spelling, "!onnx.Seq<") ||
          startsWith(type.spelling, "!torch.list<"));
}

bool isOnnxOptionalType(const Type &type) {
  return type.kind == TypeKind::Other &&
         (startsWith(type.spelling, "!onnx.Opt<") ||
          startsWith(type.spelling, "!torch.optional<"));
}

std::optional<std::vector<ListItem>> onnxItems(OpContext &c, size_t i) {
  if (onnxAbsent(c, i))
    return std::nullopt;
  const Type &type = c.operandType(i);
  if (!isOnnxSequenceType(type) && !isOnnxOptionalType(type))
    return std::nullopt;
  return c.listItems(i);
}

ListItem onnxItemOf(OpContext &c, size_t i) {
  ListItem item;
  if (c.operandType(i).isTensor())
    item.dims = onnxDims(c, i);
  return item;
}

void setUnknownOnnxTensor(OpContext &c, size_t r, const std::string &why) {
  const Type &type = c.resultType(r);
  bool fresh =
      type.kind == TypeKind::UnrankedTensor ||
      (type.kind == TypeKind::RankedTensor && !onnxResultShapeUnknown(c, r) &&
       std::all_of(type.dims.begin(), type.dims.end(),
                   [](int64_t d) { return d == kDynamic; }));
  if (!fresh)
    return c.opaque(why + ": its declared sizes are not checked");
  c.setResultFromType(r);
}

/// The tensor type the declared type of sequence or optional input `i`
/// gives its element (`!onnx.Seq<tensor<5x5xf32>>`: `tensor<5x5xf32>`);
/// nullopt when it gives no shape (an unranked element, `[]` in the torch
/// spelling: an unknown shape, or a sequence in an optional).
static std::optional<Type> declaredElement(OpContext &c, size_t i) {
  const std::string &s = c.operandType(i).spelling;
  std::string inner;
  for (std::string_view prefix : {"!onnx.Seq<", "!onnx.Opt<"})
    if (startsWith(s, prefix))
      inner = s.substr(prefix.size(), s.size() - prefix.size() - 1);
  for (std::string_view prefix : {"!torch.list<", "!torch.optional<"})
    if (startsWith(s, std::string(prefix) + "vtensor<"))
      inner = "!torch." + s.substr(prefix.size(), s.size() - prefix.size() - 1);
  std::optional<Type> element =
      inner.empty() ? std::nullopt : parseTypeText(inner);
  if (!element || element->kind != TypeKind::RankedTensor ||
      (isTorchSpelling(c) && element->dims.empty()))
    return std::nullopt;
  return element;
}

std::optional<size_t> onnxDeclaredElementRank(OpContext &c, size_t i) {
  std::optional<Type> element = declaredElement(c, i);
  return element ? std::optional<size_t>(element->dims.size()) : std::nullopt;
}

bool setDeclaredOnnxElement(OpContext &c, size_t i, size_t r) {
  if (!c.operandIsArgument(i) && !c.operandOpaque(i))
    return false;
  std::optional<Type> element = declaredElement(c, i);
  if (!element)
    return false;
  std::vector<TermId> dims;
  for (size_t d = 0; d < element->dims.size(); ++d)
    dims.push_back(element->dims[d] == kDynamic ? c.freshResultDim(r, d)
                                                : c.constant(element->dims[d]));
  setOnnxResult(c, r, std::move(dims));
  return true;
}

/// The position input `i` of SequenceAt / Erase / Insert ("It must be a
/// scalar (tensor of empty shape)"): its value, or nullopt after making
/// the op opaque when it is not a known integer scalar.
static std::optional<TermId> positionInput(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> dims = onnxDims(c, i);
  if (dims && !dims->empty()) {
    c.opaque("the position " + c.operandName(i) +
             " is not a scalar (tensor of empty shape)");
    return std::nullopt;
  }
  std::optional<std::vector<TermId>> value = onnxElements(c, i);
  if (!dims || !value || value->size() != 1) {
    c.opaque("the position " + c.operandName(i) + " is not a known integer");
    return std::nullopt;
  }
  return (*value)[0];
}

/// "Accepted range for 'position' is in [-n, n - 1]" (SequenceAt,
/// SequenceErase; SequenceInsert: [-n, n]), n the length of sequence
/// input 0. Returns the index the position names when it is a constant
/// in range.
static std::optional<size_t> requirePosition(OpContext &c, size_t input,
                                             TermId p, int64_t n, bool insert) {
  int64_t hi = insert ? n : n - 1;
  solver::FormulaStore &f = c.formulas();
  c.requireInBounds(
      f.mkAnd({f.mkLe(c.constant(-n), p), f.mkLe(p, c.constant(hi))}),
      "the position " + c.operandName(input) + " in [" + std::to_string(-n) +
          ", " + std::to_string(hi) + "] (" + c.operandName(0) + " has " +
          std::to_string(n) + (n == 1 ? " tensor)" : " tensors)"));
  std::optional<int64_t> v = c.constantValue(p);
  if (!v || *v < -n || *v > hi)
    return std::nullopt;
  return size_t(*v < 0 ? *v + n : *v);
}

/// Every item has known dims, the same as `like`'s.
static bool allLike(const std::vector<ListItem> &items, const ListItem &like) {
  return like.dims &&
         std::all_of(items.begin(), items.end(), [&](const ListItem &item) {
           return item.dims == like.dims;
         });
}

/// onnx.SequenceEmpty-11: "an empty tensor sequence".
static void lowerSequenceEmpty(OpContext &c) { c.setListResult(0, {}); }

/// onnx.SequenceConstruct-11: "a tensor sequence containing 'inputs'
/// tensors".
static void lowerSequenceConstruct(OpContext &c) {
  std::vector<ListItem> items;
  for (size_t i = 0; i < c.numOperands(); ++i)
    items.push_back(onnxItemOf(c, i));
  c.setListResult(0, std::move(items));
}

/// onnx.SequenceLength-11: "a scalar (tensor of empty shape) containing
/// the number of tensors".
static void lowerSequenceLength(OpContext &c) {
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  if (!items)
    return setOnnxResult(c, 0, {});
  setOnnxElements(c, 0, {c.constant(int64_t(items->size()))},
                  /*scalar=*/true);
}

/// onnx.SequenceAt-11: "a tensor copy from the tensor at 'position'",
/// which must be in [-n, n - 1]. A position that is not a constant selects
/// among the tensors' sizes.
static void lowerSequenceAt(OpContext &c) {
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  std::string why =
      "the tensors of the sequence " + c.operandName(0) + " are not known";
  if (!items && setDeclaredOnnxElement(c, 0, 0))
    return;
  if (!items)
    return setUnknownOnnxTensor(c, 0, why);
  std::optional<TermId> p = positionInput(c, 1);
  if (!p)
    return;
  int64_t n = int64_t(items->size());
  std::optional<size_t> at = requirePosition(c, 1, *p, n, false);
  if (at) {
    const ListItem &item = (*items)[*at];
    if (!item.dims)
      return setUnknownOnnxTensor(c, 0,
                                  "tensor " + std::to_string(*at) + " of " +
                                      c.operandName(0) + " is not known");
    return setOnnxResult(c, 0, *item.dims);
  }
  if (n == 0 || c.constantValue(*p))
    return c.resultsFromTypes(); // out of range: the op always fails
  if (allLike(*items, items->front()))
    return setOnnxResult(c, 0, *items->front().dims);
  // Each size is the one at the position: k = p < 0 ? p + n : p.
  size_t rank = items->front().dims ? items->front().dims->size() : 0;
  for (const ListItem &item : *items)
    if (!item.dims || item.dims->size() != rank)
      return setUnknownOnnxTensor(c, 0, why);
  TermId k = c.selectLe(c.constant(0), *p, *p, c.add(*p, c.constant(n)));
  std::vector<TermId> dims = *items->back().dims;
  for (size_t d = 0; d < rank; ++d)
    for (int64_t j = n - 2; j >= 0; --j)
      dims[d] =
          c.selectEq(k, c.constant(j), (*(*items)[size_t(j)].dims)[d], dims[d]);
  setOnnxResult(c, 0, std::move(dims));
}

/// onnx.SequenceInsert-11: `tensor` inserted at `position` ("Accepted
/// range for 'position' is in [-n, n]"; by default at the back).
static void lowerSequenceInsert(OpContext &c) {
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  if (!items)
    return;
  ListItem tensor = onnxItemOf(c, 1);
  if (onnxAbsent(c, 2)) {
    items->push_back(tensor);
    return c.setListResult(0, std::move(*items));
  }
  std::optional<TermId> p = positionInput(c, 2);
  if (!p)
    return;
  int64_t n = int64_t(items->size());
  std::optional<size_t> at = requirePosition(c, 2, *p, n, true);
  if (!at && !(!c.constantValue(*p) && allLike(*items, tensor)))
    return; // a position out of range, or one that decides the sizes
  items->insert(items->begin() + (at ? std::ptrdiff_t(*at) : 0), tensor);
  c.setListResult(0, std::move(*items));
}

/// onnx.SequenceErase-11: the tensor at `position` removed ("Accepted
/// range for 'position' is in [-n, n - 1]"; by default the last one).
static void lowerSequenceErase(OpContext &c) {
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  if (!items)
    return;
  int64_t n = int64_t(items->size());
  std::optional<size_t> at;
  if (onnxAbsent(c, 1)) {
    c.requireInBounds(c.formulas().mkBool(n > 0),
                      "erasing the last tensor of " + c.operandName(0) +
                          " (it must have one)");
    if (n > 0)
      at = size_t(n - 1);
  } else {
    std::optional<TermId> p = positionInput(c, 1);
    if (!p)
      return;
    at = requirePosition(c, 1, *p, n, false);
    if (!at && n > 0 && !c.constantValue(*p) && allLike(*items, items->front()))
      at = 0; // the tensors are alike: which one goes does not matter
  }
  if (!at)
    return;
  items->erase(items->begin() + std::ptrdiff_t(*at));
  c.setListResult(0, std::move(*items));
}

const std::vector<OnnxRule> &onnxSequenceRules() {
  static const std::vector<OnnxRule> rules = [] {
    std::vector<OnnxRule> all = {
        {"SequenceEmpty", lowerSequenceEmpty, "a sequence of no tensors"},
        {"SequenceConstruct", lowerSequenceConstruct,
         "the sequence of its inputs, tensor by tensor"},
        {"SequenceLength", lowerSequenceLength,
         "a scalar: the number of tensors of a tracked sequence"},
        {"SequenceAt", lowerSequenceAt,
         "the tensor at `position`, in [-n, n-1]; of an argument: its "
         "declared sizes; else fresh ones"},
        {"SequenceInsert", lowerSequenceInsert,
         "the sequence with `tensor` at `position`, in [-n, n]"},
        {"SequenceErase", lowerSequenceErase,
         "the sequence without the tensor at `position`, in [-n, n-1]"},
    };
    const std::vector<OnnxRule> &split = onnxSplitConcatSequenceRules();
    all.insert(all.end(), split.begin(), split.end());
    const std::vector<OnnxRule> &optional = onnxOptionalRules();
    all.insert(all.end(), optional.begin(), optional.end());
    return all;
  }();
  return rules;
}

} // namespace symshape::frontend
