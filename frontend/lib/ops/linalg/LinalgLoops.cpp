//===- LinalgLoops.cpp - The loop rule of structured ops ------------------===//
//
// linalg.generic and every named op reduce to one rule (LinalgInternal.h):
// operand dims bound to one loop are equal at runtime, results are the tensor
// outs. Indexing maps are the parser's (AffineMapValue, read once):
//
//   affine_map<(d0, d1) -> (d0, 0, d1)>   operand dims bound to d0, -, d1
//   affine_map<(d0, d1) -> (d0 + d1)>     not a projected permutation:
//                                         the op goes opaque
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"
#include "ops/rules/IntLists.h"

#include <algorithm>

namespace symshape::frontend {

std::optional<OperandMap> operandMap(const AffineMapValue &map) {
  OperandMap out;
  for (const AffineResult &result : map.results) {
    if (result.kind == AffineResult::Kind::Constant && result.value == 0)
      out.push_back(kConstantIndex);
    else if (result.kind == AffineResult::Kind::Dim)
      out.push_back(int(result.value));
    else
      return std::nullopt;
  }
  return out;
}

std::optional<InsOuts> insOuts(OpContext &c, size_t fixedOuts) {
  if (std::optional<std::vector<int64_t>> segments = operandSegments(c, 2))
    return InsOuts{size_t((*segments)[0]), size_t((*segments)[1])};
  size_t n = c.numOperands();
  if (fixedOuts == 0) // half and half (linalg.reduce)
    return n % 2 == 0 ? std::optional<InsOuts>(InsOuts{n / 2, n / 2})
                      : std::nullopt;
  if (n < fixedOuts)
    return std::nullopt;
  return InsOuts{n - fixedOuts, fixedOuts};
}

bool expectTensorOperands(OpContext &c) {
  if (!c.expectRanked())
    return false;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    const Type &type = c.operandType(i);
    if (type.kind == TypeKind::RankedTensor || type.kind == TypeKind::Index ||
        type.kind == TypeKind::Integer || type.kind == TypeKind::Float)
      continue;
    c.opaque("operand " + c.operandName(i) + " of type '" + type.str() +
             "': only tensor operands are modelled");
    return false;
  }
  return true;
}

bool expectKnownAttrs(OpContext &c, std::initializer_list<const char *> known) {
  for (const NamedAttribute &attr : c.op().attributes) {
    if (attr.name == "operandSegmentSizes" ||
        attr.name == "operand_segment_sizes")
      continue;
    if (std::find_if(known.begin(), known.end(), [&](const char *k) {
          return attr.name == k;
        }) != known.end())
      continue;
    c.opaque("attribute '" + attr.name + "' not understood");
    return false;
  }
  return true;
}

void lowerLoops(OpContext &c, size_t numLoops,
                const std::vector<std::optional<OperandMap>> &maps,
                const std::vector<std::string> &roles, size_t numIns) {
  // The first operand dim bound to each loop gives its size.
  std::vector<std::optional<std::pair<size_t, size_t>>> size(numLoops);
  for (size_t i = 0; i < maps.size(); ++i) {
    if (!maps[i] || !c.operandType(i).hasRank())
      continue;
    const OperandMap &map = *maps[i];
    if (map.size() != c.rank(i)) {
      c.error("operand " + c.operandName(i) + " of type '" +
              c.operandType(i).str() + "' does not match its indexing map (" +
              std::to_string(map.size()) + " results)");
      return;
    }
    for (size_t d = 0; d < map.size(); ++d) {
      int loop = map[d];
      if (loop == kConstantIndex)
        continue;
      if (size[size_t(loop)])
        c.requireSameDim(size[size_t(loop)]->first, size[size_t(loop)]->second,
                         i, d, roles[size_t(loop)]);
      else
        size[size_t(loop)] = std::make_pair(i, d);
    }
  }
  for (size_t l = 0; l < numLoops; ++l)
    if (!size[l]) {
      c.opaque("loop d" + std::to_string(l) + " is bound by no operand");
      return;
    }
  size_t r = 0;
  for (size_t i = numIns; i < c.numOperands() && r < c.numResults(); ++i)
    if (c.operandType(i).isTensor())
      c.setResult(r++, c.dims(i));
}

void lowerIndexingMaps(OpContext &c) {
  const Attribute *maps = c.attr("indexing_maps");
  std::optional<InsOuts> io = insOuts(c, 1);
  if (!maps || maps->kind != AttrKind::Array ||
      maps->elements.size() != c.numOperands() || !io) {
    c.opaque("indexing_maps not understood");
    return;
  }
  std::vector<std::optional<OperandMap>> operandMaps;
  size_t numLoops = 0;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    const Attribute &element = maps->elements[i];
    const AffineMapValue *affine = element.affineMap.get();
    std::optional<OperandMap> map = affine ? operandMap(*affine) : std::nullopt;
    size_t loops = affine ? affine->numDims : 0;
    if (!map || (i > 0 && loops != numLoops)) {
      c.opaque("indexing map '" + element.text +
               "' is not a projected permutation (with zeros)");
      return;
    }
    numLoops = loops;
    operandMaps.push_back(c.operandType(i).isShaped() ? map : std::nullopt);
  }
  std::vector<std::string> roles;
  for (size_t l = 0; l < numLoops; ++l)
    roles.push_back("loop d" + std::to_string(l));
  lowerLoops(c, numLoops, operandMaps, roles, io->ins);
}

void lowerGeneric(OpContext &c) {
  if (!expectTensorOperands(c) ||
      !expectKnownAttrs(
          c, {"indexing_maps", "iterator_types", "doc", "library_call"}))
    return;
  lowerIndexingMaps(c);
}

/// Identity maps over the rank of the first out.
void lowerIdentityLoops(OpContext &c) {
  if (!expectTensorOperands(c) ||
      !expectKnownAttrs(c, {"body", "fun", "cast", "kind", "fastmath"}))
    return;
  std::optional<InsOuts> io = insOuts(c, 1);
  if (!io || io->outs == 0) {
    c.opaque("operand segments not understood");
    return;
  }
  size_t rank = c.rank(io->ins);
  std::vector<std::optional<OperandMap>> maps;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!c.operandType(i).isShaped()) {
      maps.push_back(std::nullopt);
      continue;
    }
    if (c.rank(i) != rank) {
      c.error("expects operands of rank " + std::to_string(rank) + ", got '" +
              c.operandType(i).str() + "'");
      return;
    }
    OperandMap map(rank);
    for (size_t d = 0; d < rank; ++d)
      map[d] = int(d);
    maps.push_back(map);
  }
  lowerLoops(c, rank, maps, std::vector<std::string>(rank, "elementwise"),
             io->ins);
}

void lowerReduce(OpContext &c) {
  if (!expectTensorOperands(c) || !expectKnownAttrs(c, {"dimensions", "body"}))
    return;
  std::optional<InsOuts> io = insOuts(c, 0);
  std::optional<std::vector<int64_t>> dims = c.ints("dimensions");
  if (!io || io->ins == 0 || !dims) {
    c.opaque("operands or dimensions not understood");
    return;
  }
  size_t rank = c.rank(0);
  std::vector<bool> reduced(rank, false);
  for (int64_t d : *dims) {
    if (d < 0 || size_t(d) >= rank || reduced[size_t(d)]) {
      c.error("dimensions must be distinct dims of the input");
      return;
    }
    reduced[size_t(d)] = true;
  }
  OperandMap input, init;
  std::vector<std::string> roles;
  for (size_t d = 0; d < rank; ++d) {
    input.push_back(int(d));
    if (!reduced[d])
      init.push_back(int(d));
    roles.push_back(reduced[d] ? "reduced" : "kept");
  }
  std::vector<std::optional<OperandMap>> maps(io->ins, input);
  maps.resize(io->ins + io->outs, init);
  lowerLoops(c, rank, maps, roles, io->ins);
}

void lowerTranspose(OpContext &c) {
  if (!expectTensorOperands(c) || !expectKnownAttrs(c, {"permutation"}))
    return;
  std::optional<std::vector<int64_t>> perm = c.ints("permutation");
  if (c.numOperands() != 2 || !perm) {
    c.opaque("operands or permutation not understood");
    return;
  }
  size_t rank = c.rank(1);
  std::vector<int64_t> sorted = *perm;
  std::sort(sorted.begin(), sorted.end());
  bool isPermutation = sorted.size() == rank;
  for (size_t i = 0; isPermutation && i < rank; ++i)
    isPermutation = sorted[i] == int64_t(i);
  if (!isPermutation || c.rank(0) != rank) {
    c.error("permutation is not a permutation of the init's " +
            std::to_string(rank) + " dims");
    return;
  }
  // init dim l = input dim perm[l].
  OperandMap input(rank), init(rank);
  for (size_t l = 0; l < rank; ++l) {
    input[size_t((*perm)[l])] = int(l);
    init[l] = int(l);
  }
  lowerLoops(c, rank, {input, init},
             std::vector<std::string>(rank, "transposed"), 1);
}

void lowerContraction(OpContext &c, const Contraction &shape) {
  if (!expectTensorOperands(c))
    return;
  if (c.attr("indexing_maps")) {
    if (expectKnownAttrs(c, {"indexing_maps", "cast"}))
      lowerIndexingMaps(c);
    return;
  }
  if (!expectKnownAttrs(c, {"cast", "linalg.memoized_indexing_maps"}))
    return;
  std::optional<InsOuts> io = insOuts(c, 1);
  if (!io || io->ins != 2 || io->outs != 1) {
    c.opaque("expects two ins and one out");
    return;
  }
  std::string letters;
  std::vector<std::optional<OperandMap>> maps;
  for (const char *dims : {shape.lhs, shape.rhs, shape.out}) {
    OperandMap map;
    for (const char *p = dims; *p; ++p) {
      size_t at = letters.find(*p);
      if (at == std::string::npos) {
        at = letters.size();
        letters += *p;
      }
      map.push_back(int(at));
    }
    maps.push_back(map);
  }
  std::vector<std::string> roles;
  for (char l : letters)
    roles.push_back(l == 'b'   ? "batch"
                    : l == 'k' ? "contracted"
                    : l == 'm' ? "row"
                               : "column");
  lowerLoops(c, letters.size(), maps, roles, 2);
}

} // namespace symshape::frontend
