//===- OnnxIndexing.cpp - ONNX gathers, scatters, OneHot, Trilu, Resize ---===//
//
// From the ONNX operator docs (data of rank r, indices of rank q):
//   GatherElements-13: indices of rank r, output of indices' shape; on the
//     dims other than `axis` an index is the output position itself, so
//     each such indices dim is at most data's (unless nothing is read);
//   ScatterElements-18 (Scatter-9 in onnx-mlir): output of data's shape,
//     updates of indices' shape, indices of rank r bounded as above;
//   GatherND-13: m = indices[-1] (static, 1 <= m <= r - b), the first b =
//     batch_dims dims of data and indices equal; output indices[:-1] ++
//     data[b + m:];
//   ScatterND-18: output of data's shape, updates of shape indices[:-1] ++
//     data[m:];
//   OneHot-11: indices' shape with `depth` inserted at `axis` (in [-r-1, r]);
//     a float depth known only at runtime is a size of its own;
//   Compress-11: the slices (elements, without `axis`) where `condition`
//     holds: along `axis` (in [-r, r-1]) n of them, else a 1-D output of n
//     elements; n is a fresh size, 0 <= n <= the condition's length and
//     the axis' size (the element count);
//   ai.onnx.ml OneHotEncoder-1: X's shape and one more dim, the category
//     count (cats_strings for string X, else cats_int64s: "If the input is
//     a tensor of float, int32, or double, the data will be cast to
//     integers and the cats_int64s category list will be used");
//   Trilu-14: the input's shape (rank >= 2);
//   Det-11: X [*, M, M] (square matrices) gives [*];
//   TfIdfVectorizer-9: X [C] or [N, C]; "If input is 1-D of shape [C],
//     output is [max(ngram_indexes) + 1]", for [N, C] [N, max + 1];
//   Resize-19 (ResizeV10/11/13/18): output dims = `sizes` exactly on the
//     resized axes (`axes`, default all); from float `scales` the sizes are
//     floor(D * scale) (lowerResizeByScales, OnnxResample.cpp).
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace symshape::frontend {

/// Each dim of `indices` but `axis` is at most `data`'s, unless `indices`
/// is empty (then nothing is read).
static void requireIndexDims(OpContext &c, const std::vector<TermId> &data,
                             const std::vector<TermId> &indices, size_t axis) {
  std::vector<FormulaId> empty;
  for (TermId t : indices)
    empty.push_back(c.formulas().mkEq(t, c.constant(0)));
  FormulaId isEmpty = c.formulas().mkOr(empty);
  for (size_t d = 0; d < data.size(); ++d) {
    if (d == axis)
      continue;
    c.requireInBounds(
        c.formulas().mkOr({c.formulas().mkLe(indices[d], data[d]), isEmpty}),
        "the indices dim " + onnxDimName(c, 1, d) + " within data's " +
            onnxDimName(c, 0, d));
  }
}

/// onnx.GatherElements-13 / ScatterElements-18: the rank and index dims;
/// the axis, or nullopt.
static std::optional<size_t> elementsAxis(OpContext &c,
                                          const std::vector<TermId> &data,
                                          const std::vector<TermId> &indices) {
  if (indices.size() != data.size()) {
    c.error("indices have rank " + std::to_string(indices.size()) + ", data " +
            std::to_string(data.size()) + ": they must be equal");
    return std::nullopt;
  }
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(0), data.size(), "axis");
  if (axis)
    requireIndexDims(c, data, indices, *axis);
  return axis;
}

static void lowerGatherElements(OpContext &c) {
  std::optional<std::vector<TermId>> data = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> idx = data ? onnxInputDims(c, 1) : data;
  if (idx && elementsAxis(c, *data, *idx))
    setOnnxOutput(c, 0, *idx);
}

static void lowerScatterElements(OpContext &c) {
  std::optional<std::vector<TermId>> data = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> idx = data ? onnxInputDims(c, 1) : data;
  std::optional<std::vector<TermId>> upd = idx ? onnxInputDims(c, 2) : idx;
  if (!upd || !elementsAxis(c, *data, *idx))
    return;
  if (upd->size() != idx->size())
    return c.error("updates and indices differ in rank");
  for (size_t d = 0; d < idx->size(); ++d)
    if (!onnxRequireEqual(c, (*upd)[d], (*idx)[d],
                          "the sizes " + onnxDimName(c, 2, d) + " (updates) " +
                              "and " + onnxDimName(c, 1, d) + " (indices)"))
      return;
  setOnnxOutput(c, 0, *data);
}

/// The static m = indices[-1] of GatherND / ScatterND, checked against
/// data's rank r less `batch`.
static std::optional<size_t> indexDepth(OpContext &c,
                                        const std::vector<TermId> &data,
                                        const std::vector<TermId> &indices,
                                        size_t batch) {
  if (indices.empty()) {
    c.error("indices must be of rank >= 1");
    return std::nullopt;
  }
  std::optional<int64_t> m = c.constantValue(indices.back());
  if (!m) {
    c.opaque("the last dim of indices is not static");
    return std::nullopt;
  }
  if (*m < 1 || size_t(*m) + batch > data.size()) {
    c.error("the last dim of indices is " + std::to_string(*m) +
            ", not in [1, " + std::to_string(data.size() - batch) + "]");
    return std::nullopt;
  }
  return size_t(*m);
}

/// onnx.GatherND-13.
static void lowerGatherND(OpContext &c) {
  std::optional<std::vector<TermId>> data = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> idx = data ? onnxInputDims(c, 1) : data;
  if (!idx)
    return;
  int64_t b = onnxInt(c, "batch_dims").value_or(0);
  if (b < 0 || size_t(b) >= std::min(data->size(), idx->size()))
    return c.error("batch_dims " + std::to_string(b) +
                   " must be less than both ranks");
  std::optional<size_t> m = indexDepth(c, *data, *idx, size_t(b));
  if (!m)
    return;
  for (size_t d = 0; d < size_t(b); ++d)
    if (!onnxRequireEqual(c, (*data)[d], (*idx)[d],
                          "the batch sizes " + onnxDimName(c, 0, d) + " and " +
                              onnxDimName(c, 1, d)))
      return;
  std::vector<TermId> out(idx->begin(), idx->end() - 1);
  out.insert(out.end(), data->begin() + long(size_t(b) + *m), data->end());
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.ScatterND-18.
static void lowerScatterND(OpContext &c) {
  std::optional<std::vector<TermId>> data = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> idx = data ? onnxInputDims(c, 1) : data;
  std::optional<std::vector<TermId>> upd = idx ? onnxInputDims(c, 2) : idx;
  if (!upd)
    return;
  std::optional<size_t> m = indexDepth(c, *data, *idx, 0);
  if (!m)
    return;
  std::vector<TermId> want(idx->begin(), idx->end() - 1);
  want.insert(want.end(), data->begin() + long(*m), data->end());
  if (upd->size() != want.size())
    return c.error("updates have rank " + std::to_string(upd->size()) +
                   ", expected " + std::to_string(want.size()));
  for (size_t d = 0; d < want.size(); ++d)
    if (!onnxRequireEqual(c, (*upd)[d], want[d],
                          "the updates size " + onnxDimName(c, 2, d) +
                              " and the size indices and data give"))
      return;
  setOnnxOutput(c, 0, *data);
}

/// onnx.Compress-11: n selected slices along `axis` (elements of the
/// flattened input without it), n unknown but at most the condition's
/// length and the size it selects from.
static void lowerCompress(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0), cond = onnxDims(c, 1);
  if (!x || !cond)
    return c.opaque(std::string("input ") + (x ? "1" : "0") +
                    " has an unknown shape");
  if (cond->size() != 1)
    return c.error("the condition has rank " + std::to_string(cond->size()) +
                   ": it must be 1-D");
  std::optional<int64_t> axisAttr = onnxInt(c, "axis");
  std::optional<size_t> axis;
  if (axisAttr) {
    axis = onnxAxis(c, *axisAttr, x->size(), "'axis' value");
    if (!axis)
      return;
  }
  TermId n = c.freshResultDim(0, axis ? *axis : 0);
  TermId from = axis ? (*x)[*axis] : c.product(*x);
  c.addFact(c.formulas().mkLe(c.constant(0), n));
  c.addFact(c.formulas().mkLe(n, (*cond)[0]));
  c.addFact(c.formulas().mkLe(n, from));
  std::vector<TermId> out = {n};
  if (axis) {
    out = *x;
    out[*axis] = n;
  }
  setOnnxOutput(c, 0, std::move(out));
}

/// ai.onnx.ml OneHotEncoder-1: Y is X's shape with the category count
/// appended ("having one more dimension than X").
static void lowerOneHotEncoder(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  const std::string &element = c.operandType(0).element;
  bool strings = element == "!onnx.String";
  static const char *const numeric[] = {"f32",  "f64", "i32",
                                        "si32", "i64", "si64"};
  if (!strings && std::find(std::begin(numeric), std::end(numeric), element) ==
                      std::end(numeric))
    return c.opaque("element type '" + element + "' is not understood");
  std::string name = strings ? "cats_strings" : "cats_int64s";
  const Attribute *cats = onnxAttr(c, name);
  if (!cats)
    return c.error(std::string("the input is ") +
                   (strings ? "a string tensor" : "a numeric tensor") +
                   " but there is no " + name + " attribute");
  std::optional<std::vector<int64_t>> ints =
      strings ? std::nullopt : onnxInts(c, name);
  if (strings ? cats->kind != AttrKind::Array : !ints)
    return c.opaque("the " + name + " attribute is not understood");
  int64_t count =
      strings ? int64_t(cats->elements.size()) : int64_t(ints->size());
  std::vector<TermId> out = *x;
  out.push_back(c.constant(count));
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.OneHot-11: depth (a scalar or one-element input) is inserted at
/// `axis`: an integer depth the program tracks, or a float constant "casted
/// to int64" (truncated); else opaque.
static void lowerOneHot(OpContext &c) {
  std::optional<std::vector<TermId>> idx = onnxInputDims(c, 0);
  if (!idx)
    return;
  int64_t a = onnxInt(c, "axis").value_or(-1);
  int64_t r = int64_t(idx->size());
  if (a < -r - 1 || a > r)
    return c.error("axis " + std::to_string(a) + " is out of range for rank " +
                   std::to_string(r + 1));
  size_t axis = size_t(a < 0 ? a + r + 1 : a);
  std::optional<std::vector<TermId>> depth = onnxElements(c, 1);
  if (!depth) // a float depth "will be casted to int64": truncated
    if (std::optional<std::vector<double>> f = onnxFloatConstant(c, 1);
        f && f->size() == 1 && std::fabs((*f)[0]) < 1e15)
      depth = std::vector<TermId>{c.constant(int64_t(std::trunc((*f)[0])))};
  // A float depth computed at runtime (the backend tests' input): a size
  // of its own, as data symshape does not track.
  if (!depth && onnxFloatTensor(c, 1) && c.operandType(1).dims.size() <= 1)
    depth = std::vector<TermId>{c.freshResultDim(0, axis)};
  if (!depth || depth->size() != 1)
    return c.opaque("depth is not a known integer");
  TermId d = (*depth)[0];
  std::optional<int64_t> v = c.constantValue(d);
  if (v && *v < 1)
    return c.error("depth " + std::to_string(*v) + " is not positive");
  // onnx-mlir's shape helper: "OneHot depth must be greater than 1".
  if (!v)
    c.requireInBounds(c.formulas().mkLe(c.constant(1), d),
                      "the depth " + c.operandName(1) + " (>= 1)");
  std::vector<TermId> out = *idx;
  out.insert(out.begin() + long(axis), d);
  if (v)
    return setOnnxOutput(c, 0, std::move(out));
  setOnnxResultFromValues(c, 0, std::move(out));
}

/// onnx.Det-11: X [*, M, M] gives [*].
static void lowerDet(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  size_t r = x->size();
  if (r < 2)
    return c.error("Det needs an input of rank >= 2, not " + std::to_string(r));
  if (!onnxRequireEqual(c, (*x)[r - 2], (*x)[r - 1],
                        "the matrix dims " + onnxDimName(c, 0, r - 2) +
                            " and " + onnxDimName(c, 0, r - 1) +
                            " (square matrices)"))
    return;
  setOnnxOutput(c, 0, std::vector<TermId>(x->begin(), x->end() - 2));
}

/// ai.onnx TfIdfVectorizer-9: X [C] gives [max(ngram_indexes) + 1], X
/// [N, C] gives [N, max(ngram_indexes) + 1].
static void lowerTfIdfVectorizer(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() != 1 && x->size() != 2)
    return c.error("the input has rank " + std::to_string(x->size()) +
                   ", not 1 ([C]) or 2 ([N, C])");
  if (!onnxAttr(c, "ngram_indexes"))
    return c.error("the attribute ngram_indexes is required");
  std::optional<std::vector<int64_t>> indexes = onnxInts(c, "ngram_indexes");
  if (!indexes)
    return c.opaque("the `ngram_indexes` attribute is not an integer list");
  if (indexes->empty())
    return c.error("ngram_indexes is empty");
  int64_t last = *std::max_element(indexes->begin(), indexes->end());
  if (last < 0 || last >= INT64_MAX)
    return c.error("ngram_indexes has no valid largest index");
  std::vector<TermId> out;
  if (x->size() == 2)
    out.push_back((*x)[0]);
  out.push_back(c.constant(last + 1));
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.Trilu-14.
static void lowerTrilu(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() < 2)
    return c.error("Trilu needs an input of rank >= 2");
  setOnnxOutput(c, 0, *x);
}

/// onnx.Resize-19 and its versions: the output from `sizes` (input 3;
/// absent before opset 11).
static void lowerResize(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (onnxOpset(c) < 11 || onnxAbsent(c, 3))
    return lowerResizeByScales(c, *x);
  std::string policy =
      onnxString(c, "keep_aspect_ratio_policy").value_or("stretch");
  if (policy != "stretch")
    return c.opaque("keep_aspect_ratio_policy \"" + policy + "\"");
  std::vector<size_t> axes;
  if (std::optional<std::vector<int64_t>> given = onnxInts(c, "axes")) {
    for (int64_t a : *given) {
      std::optional<size_t> axis = onnxAxis(c, a, x->size(), "axis");
      if (!axis)
        return;
      if (std::find(axes.begin(), axes.end(), *axis) != axes.end())
        return c.opaque("a repeated axis (undefined behaviour, the docs say)");
      axes.push_back(*axis);
    }
  } else if (onnxAttr(c, "axes")) {
    return c.opaque("attribute 'axes' is not an integer list");
  } else {
    for (size_t d = 0; d < x->size(); ++d)
      axes.push_back(d);
  }
  std::optional<std::vector<TermId>> sizes = c.shapeOperand(3);
  if (!sizes)
    return c.opaque("the length of sizes is unknown");
  if (sizes->size() != axes.size())
    return c.error("sizes has " + std::to_string(sizes->size()) +
                   " elements, expected " + std::to_string(axes.size()));
  std::vector<TermId> out = *x;
  for (size_t k = 0; k < axes.size(); ++k)
    out[axes[k]] = (*sizes)[k];
  for (TermId s : *sizes)
    c.requireInBounds(c.formulas().mkLe(c.constant(0), s),
                      "a size of Resize (must not be negative)");
  if (onnxResultShapeUnknown(c, 0))
    return setOnnxOutput(c, 0, std::move(out));
  c.setResultFromValues(0, std::move(out));
}

const std::vector<OnnxRule> &onnxIndexingRules() {
  static const std::vector<OnnxRule> rules = {
      {"GatherElements", lowerGatherElements,
       "indices' shape; indices of data's rank"},
      {"ScatterElements", lowerScatterElements,
       "data's shape; updates of indices' shape"},
      {"Scatter", lowerScatterElements,
       "(opset 9-10) data's shape; updates of indices' shape"},
      {"GatherND", lowerGatherND, "indices[:-1] ++ data[batch_dims + m:]"},
      {"ScatterND", lowerScatterND,
       "data's shape; updates of indices[:-1] ++ data[m:]"},
      {"OneHot", lowerOneHot, "indices' shape with depth at `axis`"},
      {"Compress", lowerCompress,
       "n slices along `axis` (or n elements), 0 <= n <= the condition's "
       "length and the size selected from (n unknown)"},
      {"OneHotEncoder", lowerOneHotEncoder,
       "X's shape and the category count (ai.onnx.ml OneHotEncoder-1)"},
      {"Trilu", lowerTrilu, "the input's shape"},
      {"Det", lowerDet, "[*, M, M] to [*]"},
      {"TfIdfVectorizer", lowerTfIdfVectorizer,
       "[C] or [N, C] to [max(ngram_indexes) + 1] or [N, ...]"},
      {"Resize", lowerResize,
       "the input's shape with `sizes` on the resized axes, or floor(dim * "
       "scale) where exact",
       "10 11 13 18"},
  };
  return rules;
}

} // namespace symshape::frontend
