//===- TensorReshape.cpp - tensor.reshape, expand_shape, collapse_shape ---===//
//
// Reshapes keep the number of elements (kind `element-count`):
//
//   tensor.reshape %t(%s) : (tensor<?x4xf32>, tensor<2xindex>) ->
//   tensor<?x?xf32>
//       result dims = the elements of %s; %t[0] * 4 == %s[0] * %s[1]
//   tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4]
//       : tensor<?x4xf32> into tensor<?x2x4xf32>
//       result dims = output_shape; %t[0] == %n * 2 (each group's product)
//   tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x2x4xf32> into
//   tensor<?x4xf32>
//       result dim g = product of group g
//
// Without `output_shape` (MLIR 16), a group's one `?` result dim is the
// source dim divided by the group's static sizes, and the division must be
// exact.
//
//===----------------------------------------------------------------------===//

#include "TensorInternal.h"

namespace symshape::frontend {

void lowerReshape(OpContext &c) {
  if (c.numOperands() != 2 || c.numResults() != 1)
    return;
  std::optional<std::vector<TermId>> dims = c.elements(1);
  if (!dims) {
    c.opaque("the elements of the shape operand " + c.operandName(1) +
             " are not known");
    return;
  }
  if (!c.expectRanked())
    return;
  c.requireElementCount(c.product(c.dims(0)), c.product(*dims),
                        "the number of elements of " + c.operandName(0) +
                            " and of the shape " + c.operandName(1));
  c.setResult(0, *dims);
}

/// reassociation = [[0, 1], [2]]: groups of consecutive dims covering
/// `rank` dims in order; nullopt otherwise.
static std::optional<std::vector<std::vector<size_t>>> readGroups(OpContext &c,
                                                                  size_t rank) {
  const Attribute *attr = c.attr("reassociation");
  if (!attr || attr->kind != AttrKind::Array)
    return std::nullopt;
  std::vector<std::vector<size_t>> groups;
  size_t next = 0;
  for (const Attribute &group : attr->elements) {
    std::optional<std::vector<int64_t>> dims = Lowerer::intList(group);
    if (!dims || dims->empty())
      return std::nullopt;
    groups.emplace_back();
    for (int64_t d : *dims) {
      if (d != int64_t(next))
        return std::nullopt;
      groups.back().push_back(next++);
    }
  }
  if (next != rank)
    return std::nullopt;
  return groups;
}

static std::string groupName(const std::vector<size_t> &group) {
  std::string out = std::to_string(group.front());
  if (group.size() > 1)
    out += ".." + std::to_string(group.back());
  return out;
}

void lowerExpandShape(OpContext &c) {
  if (c.numOperands() < 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  const Type &result = c.resultType(0);
  std::optional<std::vector<std::vector<size_t>>> groups =
      readGroups(c, result.dims.size());
  if (!groups || groups->size() != c.rank(0)) {
    c.opaque("reassociation not understood");
    return;
  }
  std::vector<TermId> dims;
  if (c.attr("static_output_shape")) {
    std::optional<std::vector<TermId>> sizes =
        mixedSizes(c, "static_output_shape", 1, c.numOperands() - 1);
    if (!sizes || sizes->size() != result.dims.size()) {
      c.opaque("output_shape not understood");
      return;
    }
    dims = *sizes;
  } else {
    dims.resize(result.dims.size());
    for (size_t g = 0; g < groups->size(); ++g) {
      int64_t known = 1;
      std::optional<size_t> dynamic;
      for (size_t d : (*groups)[g]) {
        if (result.dims[d] != kDynamic) {
          known *= result.dims[d];
          dims[d] = c.constant(result.dims[d]);
        } else if (dynamic) {
          c.opaque("two dynamic result dims in group " +
                   groupName((*groups)[g]) + " without output_shape");
          return;
        } else {
          dynamic = d;
        }
      }
      if (dynamic) {
        if (known == 0) {
          c.opaque("a dynamic dim next to a 0 in group " +
                   groupName((*groups)[g]));
          return;
        }
        dims[*dynamic] = c.floorDiv(c.dim(0, g), c.constant(known));
      }
    }
  }
  for (size_t g = 0; g < groups->size(); ++g) {
    std::vector<TermId> parts;
    for (size_t d : (*groups)[g])
      parts.push_back(dims[d]);
    TermId product = c.product(parts);
    std::optional<int64_t> staticProduct = c.constantValue(product);
    std::optional<int64_t> source = c.staticDim(0, g);
    std::string subject = "the source size " + c.dimName(0, g) +
                          " and the product of result dims " +
                          groupName((*groups)[g]);
    if (staticProduct && source && *staticProduct != *source) {
      c.error("expands " + c.dimName(0, g) + " into dims of product " +
              std::to_string(*staticProduct));
      return;
    }
    c.requireElementCount(c.dim(0, g), product, subject);
  }
  c.setResult(0, dims);
}

void lowerCollapseShape(OpContext &c) {
  if (c.numOperands() != 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  const Type &result = c.resultType(0);
  if (!result.hasRank())
    return;
  if (result.dims.empty()) {
    // Collapsing to rank 0: one element.
    c.requireElementCount(c.product(c.dims(0)), c.constant(1),
                          "the number of elements of " + c.operandName(0) +
                              " and 1");
    c.setResult(0, {});
    return;
  }
  std::optional<std::vector<std::vector<size_t>>> groups =
      readGroups(c, c.rank(0));
  if (!groups || groups->size() != result.dims.size()) {
    c.opaque("reassociation not understood");
    return;
  }
  std::vector<TermId> source = c.dims(0), dims;
  for (const std::vector<size_t> &group : *groups) {
    std::vector<TermId> parts;
    for (size_t d : group)
      parts.push_back(source[d]);
    dims.push_back(c.product(parts));
  }
  c.setResult(0, dims);
}

} // namespace symshape::frontend
