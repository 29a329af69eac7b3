//===- ShapeRules.cpp - Shape functions of the shape dialect --------------===//
//
// Shape values carry their extents when their rank is known. The dialect has
// no compile-time rule (SEMANTICS.md §4): a failure is a runtime obligation --
// `broadcast` for shape.broadcast, `join` for shape.join / shape.meet, `cstr`
// for shape.cstr_*, `rank` for a rank clash -- and later ops are judged
// assuming it did not happen, so an invalid shape never reaches them.
//
//===----------------------------------------------------------------------===//

#include "ShapeInternal.h"

#include "ops/rules/IntRules.h"

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

std::string extentName(const solver::DimGraph &graph, TermId t,
                       const std::string &fallback) {
  if (std::optional<int64_t> c = graph.constantValue(t))
    return std::to_string(*c);
  const std::vector<std::string> &labels = graph.labels(t);
  return labels.empty() ? fallback : labels.front();
}

std::string listText(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i ? (i + 1 == names.size() ? " and " : ", ") : "") + names[i];
  return out;
}

/// "; its error: \"...\"" for an op's `error` attribute, if it has one.
std::string errorNote(const Operation &op) {
  const Attribute *error = findAttr(op.attributes, "error");
  if (!error || error->kind != AttrKind::String)
    return "";
  return "; its error: \"" + error->str + "\"";
}

/// The op has a result and `operands` operands (any number when -1).
bool expectArity(OpContext &c, int operands) {
  if (c.numResults() >= 1 &&
      (operands < 0 || c.numOperands() == size_t(operands)))
    return true;
  c.opaque("expects one result and " +
           (operands < 0 ? std::string("some") : std::to_string(operands)) +
           " operands");
  return false;
}

} // namespace

void lowerShapeOf(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  c.setShapeResult(0, c.knownDims(0));
}

void lowerConstShape(OpContext &c) {
  if (!expectArity(c, -1))
    return;
  const char *name = c.attr("shape") ? "shape" : "value";
  const Attribute *attr = c.attr(name);
  if (attr && attr->kind == AttrKind::Integer) { // a constant size
    c.setScalarResult(0, c.constant(attr->intValue));
    return;
  }
  std::optional<std::vector<TermId>> extents;
  if (attr && attr->kind == AttrKind::Array) {
    extents.emplace();
    for (size_t i = 0; i < attr->elements.size() && extents; ++i) {
      const Attribute &e = attr->elements[i];
      if (e.kind == AttrKind::Integer)
        extents->push_back(c.constant(e.intValue));
      else if (e.kind == AttrKind::Dynamic) // `?`: an unknown extent
        extents->push_back(c.freshResultDim(0, i));
      else
        extents.reset(); // `*`: unranked
    }
  } else if (attr) {
    if (std::optional<std::vector<int64_t>> ints = c.ints(name)) {
      extents.emplace();
      for (int64_t v : *ints)
        extents->push_back(c.constant(v));
    }
  }
  c.setShapeResult(0, extents);
}

void lowerConstSize(OpContext &c) {
  if (!expectArity(c, -1))
    return;
  const Attribute *attr = c.attr("value");
  if (attr && attr->kind == AttrKind::Integer)
    c.setScalarResult(0, c.constant(attr->intValue));
  else
    c.setUnknownScalarResult(0);
}

void lowerSizeCast(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  if (c.operandValueType(0).isSizeLike())
    c.setScalarResult(0, c.scalar(0));
  else
    c.setResultAlias(0, 0);
}

namespace {

enum class SizeArith { Add, Mul };

void lowerSizeArith(OpContext &c, SizeArith arith) {
  if (!expectArity(c, 2))
    return;
  TermId a = c.scalar(0), b = c.scalar(1);
  c.setScalarResult(0, arith == SizeArith::Add ? c.add(a, b) : c.mul(a, b));
}

} // namespace

void lowerShapeAdd(OpContext &c) { lowerSizeArith(c, SizeArith::Add); }
void lowerShapeMul(OpContext &c) { lowerSizeArith(c, SizeArith::Mul); }

void lowerRank(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  if (std::optional<std::vector<TermId>> e = c.elements(0))
    c.setScalarResult(0, c.constant(int64_t(e->size())));
  else
    c.setUnknownScalarResult(0);
}

void lowerNumElements(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  if (std::optional<std::vector<TermId>> e = c.elements(0))
    c.setScalarResult(0, c.product(*e));
  else
    c.setUnknownScalarResult(0);
}

void lowerGetExtent(OpContext &c) {
  if (!expectArity(c, 2))
    return;
  std::optional<std::vector<TermId>> e = c.elements(0);
  std::optional<int64_t> index = c.constantScalar(1);
  if (e && index) {
    if (*index >= 0 && size_t(*index) < e->size()) {
      c.setScalarResult(0, (*e)[size_t(*index)]);
      return;
    }
    c.requireAlways(ObligationKind::Rank, -1, c.formulas().mkTrue(),
                    "the extent " + std::to_string(*index) +
                        " of a shape of rank " + std::to_string(e->size()));
  }
  c.setUnknownScalarResult(0);
}

void lowerShapeDim(OpContext &c) {
  if (!expectArity(c, 2))
    return;
  const Type &type = c.operandType(0);
  std::optional<int64_t> index = c.constantScalar(1);
  if (!type.isShaped() || !type.hasRank() || !index) {
    c.opaque(!index ? "the dim index is not a constant"
                    : "expects a ranked tensor operand");
    return;
  }
  std::vector<TermId> dims = c.dims(0);
  if (*index >= 0 && size_t(*index) < dims.size()) {
    c.setScalarResult(0, dims[size_t(*index)]);
    return;
  }
  // The verifier rejects a constant index past a ranked operand's rank.
  c.staticError(ObligationKind::Rank,
                "the dim " + std::to_string(*index) + " of " +
                    c.operandName(0) + " of rank " +
                    std::to_string(dims.size()),
                "index is out of range");
  c.setUnknownScalarResult(0);
}

void lowerSizeDiv(OpContext &c) {
  if (!expectArity(c, 2))
    return;
  TermId a = c.scalar(0), b = c.scalar(1);
  std::optional<int64_t> divisor = c.graph().constantValue(b);
  if (!divisor || *divisor <= 0) {
    // By 0 the result is an error size (or undefined for indices).
    c.opaque("a divisor that is not a positive constant");
    return;
  }
  c.setScalarResult(0, c.floorDiv(a, b)); // rounds towards minus infinity
}

namespace {

void lowerShapeMaxMin(OpContext &c, bool isMax) {
  if (!expectArity(c, 2))
    return;
  auto pick = [&](TermId a, TermId b) {
    return isMax ? c.graph().max(a, b) : c.graph().min(a, b);
  };
  if (c.operandValueType(0).isSizeLike() &&
      c.operandValueType(1).isSizeLike()) {
    c.setScalarResult(0, pick(c.scalar(0), c.scalar(1)));
    return;
  }
  std::optional<std::vector<TermId>> a = c.elements(0), b = c.elements(1);
  if (!a || !b || a->size() != b->size()) {
    // Ranks that differ give an error shape (and unranked ones any shape).
    c.opaque("shapes of unknown or different ranks");
    return;
  }
  std::vector<TermId> out;
  for (size_t i = 0; i < a->size(); ++i)
    out.push_back(pick((*a)[i], (*b)[i]));
  c.setElementsResult(0, std::move(out));
}

} // namespace

void lowerShapeMax(OpContext &c) { lowerShapeMaxMin(c, /*isMax=*/true); }
void lowerShapeMin(OpContext &c) { lowerShapeMaxMin(c, /*isMax=*/false); }

void lowerShapeConcat(OpContext &c) {
  if (!expectArity(c, 2))
    return;
  std::optional<std::vector<TermId>> a = c.elements(0), b = c.elements(1);
  if (!a || !b) { // an unranked shape: the result is unranked too
    c.setShapeResult(0, std::nullopt);
    return;
  }
  a->insert(a->end(), b->begin(), b->end());
  c.setElementsResult(0, std::move(*a));
}

void lowerFromExtents(OpContext &c) {
  if (!expectArity(c, -1))
    return;
  std::vector<TermId> extents;
  for (size_t i = 0; i < c.numOperands(); ++i)
    extents.push_back(c.scalar(i));
  c.setElementsResult(0, extents);
}

void lowerToExtentTensor(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  c.setShapeResult(0, c.elements(0));
}

void lowerCreateShape(OpContext &c) {
  if (!expectArity(c, 1))
    return;
  // The shape dialect: the rank is the tensor's length, the extents its
  // elements.
  std::optional<std::vector<TermId>> extents = c.elements(0);
  const Type &type = c.operandValueType(0);
  if (!extents && type.hasRank() && type.dims.size() == 1 &&
      type.dims[0] != kDynamic) {
    extents.emplace();
    for (int64_t i = 0; i < type.dims[0]; ++i)
      extents->push_back(c.freshResultDim(0, size_t(i)));
  }
  c.setShapeResult(0, extents);
}

namespace {

/// What a broadcast of shapes yields: the shape (shape.broadcast), a
/// witness (shape.cstr_broadcastable) or a flag (shape.is_broadcastable).
enum class BroadcastOp { Broadcast, Cstr, IsBroadcastable };

void lowerBroadcastShapes(OpContext &c, BroadcastOp kind) {
  const Operation &op = c.op();
  if (op.operands.empty()) {
    c.opaque("expects operands");
    return;
  }
  bool isCstr = kind == BroadcastOp::Cstr;
  bool hasResult = !op.results.empty();
  std::vector<std::vector<TermId>> shapes;
  bool unranked = false;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    std::optional<std::vector<TermId>> e = c.elements(i);
    if (!e)
      unranked = true;
    else
      shapes.push_back(*e);
  }
  if (unranked || kind == BroadcastOp::IsBroadcastable) {
    // The shape dialect: any unranked input makes the result unranked.
    if (hasResult && kind == BroadcastOp::Broadcast)
      c.setShapeResult(0, std::nullopt);
    return;
  }
  size_t rank = 0;
  for (const std::vector<TermId> &s : shapes)
    rank = std::max(rank, s.size());
  std::vector<std::vector<TermId>> columns(rank);
  for (const std::vector<TermId> &s : shapes)
    for (size_t i = 0; i < s.size(); ++i)
      columns[rank - s.size() + i].push_back(s[i]);
  std::vector<TermId> extents;
  for (size_t j = 0; j < rank; ++j) {
    if (columns[j].size() >= 2) {
      std::vector<std::string> names;
      for (TermId t : columns[j])
        names.push_back(extentName(c.graph(), t, "?"));
      c.requireAlways(isCstr ? ObligationKind::Cstr : ObligationKind::Broadcast,
                      int(j), c.formulas().mkConflict(columns[j]),
                      (isCstr ? "the constraint that extents " +
                                    listText(names) + " broadcast (extent "
                              : "the broadcast of extents " + listText(names) +
                                    " (result extent ") +
                          std::to_string(j) + errorNote(op) + ")");
    }
    extents.push_back(c.graph().broadcast(columns[j]));
  }
  if (hasResult && !isCstr)
    c.setShapeResult(0, extents);
}

} // namespace

void lowerShapeBroadcast(OpContext &c) {
  lowerBroadcastShapes(c, BroadcastOp::Broadcast);
}
void lowerCstrBroadcastable(OpContext &c) {
  lowerBroadcastShapes(c, BroadcastOp::Cstr);
}
void lowerIsBroadcastable(OpContext &c) {
  lowerBroadcastShapes(c, BroadcastOp::IsBroadcastable);
}

namespace {

/// `kind`: Join for shape.join / shape.meet, Cstr for shape.cstr_eq.
void lowerJoinShapes(OpContext &c, ObligationKind kind) {
  const Operation &op = c.op();
  if (op.operands.size() < 2) {
    c.opaque("expects two or more operands");
    return;
  }
  bool hasResult = !op.results.empty();
  bool cstr = kind == ObligationKind::Cstr;
  const char *what = cstr ? "the constraint that " : "the join of ";
  const char *agree = cstr ? " agree" : "";
  if (c.operandValueType(0).isSizeLike()) { // sizes
    TermId first = c.scalar(0);
    for (size_t k = 1; k < op.operands.size(); ++k)
      c.requireAlways(kind, -1, c.formulas().mkNe(first, c.scalar(k)),
                      std::string(what) + "sizes " + c.operandName(0) +
                          " and " + c.operandName(k) + agree + errorNote(op));
    if (hasResult)
      c.setScalarResult(0, first);
    return;
  }
  // The shape dialect: [*] joins with anything; ranks must agree; each extent
  // must agree, else the invalid shape.
  std::optional<std::vector<TermId>> joined;
  size_t joinedFrom = 0;
  for (size_t k = 0; k < op.operands.size(); ++k) {
    std::optional<std::vector<TermId>> e = c.elements(k);
    if (!e)
      continue;
    if (!joined) {
      joined = e;
      joinedFrom = k;
      continue;
    }
    if (e->size() != joined->size()) {
      c.requireAlways(kind, -1, c.formulas().mkTrue(),
                      std::string(what) + "shapes of rank " +
                          std::to_string(joined->size()) + " and " +
                          std::to_string(e->size()) + agree + errorNote(op));
      continue;
    }
    for (size_t i = 0; i < e->size(); ++i)
      c.requireAlways(kind, int(i), c.formulas().mkNe((*joined)[i], (*e)[i]),
                      std::string(what) + "extent " + std::to_string(i) +
                          " of " + c.operandName(joinedFrom) + " and " +
                          c.operandName(k) + agree + errorNote(op));
  }
  if (hasResult && kind == ObligationKind::Join)
    c.setShapeResult(0, joined);
}

} // namespace

void lowerShapeJoin(OpContext &c) { lowerJoinShapes(c, ObligationKind::Join); }
void lowerCstrEq(OpContext &c) { lowerJoinShapes(c, ObligationKind::Cstr); }

void lowerCstrRequire(OpContext &c) {
  // A runtime check like cf.assert (its predicate read the same way), of
  // kind `cstr`; the witness it gives only gates shape.assuming, whose
  // region is judged under the checks before it.
  const Attribute *msg = c.attr("msg");
  lowerRuntimeCheck(c, 0, msg && msg->kind == AttrKind::String ? msg->str : "",
                    ObligationKind::Cstr);
}

void lowerShapeReduceOp(OpContext &c) {
  std::optional<std::vector<TermId>> extents =
      c.numOperands() == 0 ? std::nullopt : c.elements(0);
  const Region *body = c.numRegions() == 0 ? nullptr : &c.op().regions[0];
  // Only bodies of exact size arithmetic (OpEntry::exactIntArith) are
  // interpreted; anything else (or an unknown rank) leaves the results
  // opaque.
  bool simple = body && body->blocks.size() == 1 && extents &&
                extents->size() <= 64 &&
                body->blocks[0].arguments.size() == c.numOperands() + 1;
  if (simple)
    for (const Operation &inner : body->blocks[0].operations)
      simple &= isExactIntArith(inner.name);
  if (!simple || !c.foldRegion(0, *extents))
    c.resultsFromTypes();
}

void lowerAssuming(OpContext &c) {
  // The body runs when the witness holds, and its cstr obligations are
  // assumed for what follows, so the region is inlined.
  std::vector<ValueId> yielded;
  if (c.numRegions() > 0)
    yielded = c.lowerRegionInline(0);
  for (size_t k = 0; k < c.numResults(); ++k) {
    if (k < yielded.size())
      c.setResultFromValue(k, yielded[k]);
    else
      c.setResultFromType(k);
  }
}

void lowerWitness(OpContext &) {} // witnesses and flags: nothing to track

} // namespace symshape::frontend
