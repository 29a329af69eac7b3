//===- LowerShape.cpp - The shape dialect (seed 004) ----------------------===//
//
// Shape values carry their extents when their rank is known. The dialect has
// no compile-time rule (SPEC 4): a failure is a runtime obligation --
// `broadcast` for shape.broadcast, `join` for shape.join / shape.meet, `cstr`
// for shape.cstr_*, `rank` for a rank clash -- and later ops are judged
// assuming it did not happen, so an invalid shape never reaches them.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

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

/// " (error \"...\")" for an op's `error` attribute, if it has one.
std::string errorNote(const Operation &op) {
  const Attribute *error = findAttr(op.attributes, "error");
  if (!error || error->kind != AttrKind::String)
    return "";
  return "; its error: \"" + error->str + "\"";
}

} // namespace

void Lowerer::lowerShapeReduce(const Operation &op) {
  std::optional<std::vector<TermId>> extents =
      op.operands.empty() ? std::nullopt : extentsOf(op.operands[0]);
  const Region *body = op.regions.empty() ? nullptr : &op.regions[0];
  // Only bodies of size arithmetic are interpreted; anything else (or an
  // unknown rank) leaves the results opaque.
  static const char *const interpreted[] = {
      "shape.add",           "shape.mul",        "shape.index_to_size",
      "shape.size_to_index", "shape.const_size", "shape.yield",
      "arith.constant",      "arith.addi",       "arith.muli",
      "arith.subi",          "arith.index_cast", "shape.get_extent"};
  bool simple = body && body->blocks.size() == 1 && extents &&
                extents->size() <= 64 &&
                body->blocks[0].arguments.size() == op.operands.size() + 1;
  if (simple)
    for (const Operation &inner : body->blocks[0].operations) {
      bool known = false;
      for (const char *name : interpreted)
        known |= inner.name == name;
      simple &= known;
    }
  if (!simple) {
    lowerOpaque(op);
    return;
  }
  const Block &block = body->blocks[0];
  std::vector<ValueState> acc;
  for (size_t k = 1; k < op.operands.size(); ++k)
    acc.push_back(state(op.operands[k]));
  for (size_t i = 0; i < extents->size(); ++i) {
    state(block.arguments[0]) = ValueState();
    defineScalar(block.arguments[0], graph().constant(int64_t(i)));
    state(block.arguments[1]) = ValueState();
    defineScalar(block.arguments[1], (*extents)[i]);
    for (size_t k = 0; k < acc.size(); ++k)
      state(block.arguments[2 + k]) = acc[k];
    std::vector<ValueId> yielded = lowerInline(*body);
    if (yielded.size() != acc.size()) {
      lowerOpaque(op);
      return;
    }
    for (size_t k = 0; k < acc.size(); ++k)
      acc[k] = state(yielded[k]);
  }
  for (size_t k = 0; k < op.results.size() && k < acc.size(); ++k) {
    state(op.results[k]) = acc[k];
    state(op.results[k]).defined = true;
  }
}

bool Lowerer::lowerShapeOp(const Operation &op) {
  const std::string &name = op.name;
  if (name.rfind("shape.", 0) != 0)
    return false;
  auto result = [&]() { return op.results.front(); };
  bool hasResult = !op.results.empty();

  if (name == "shape.shape_of" && hasResult && op.operands.size() == 1) {
    ValueState &s = state(op.operands[0]);
    if (s.ranked)
      defineShape(op, result(), s.dims);
    else
      defineShape(op, result(), std::nullopt);
    return true;
  }
  if ((name == "shape.const_shape" || name == "shape.constant") && hasResult) {
    const Attribute *attr = findAttr(op.attributes, "shape");
    if (!attr)
      attr = findAttr(op.attributes, "value");
    if (attr && attr->kind == AttrKind::Integer) { // a constant size
      defineScalar(result(), graph().constant(attr->intValue));
      return true;
    }
    std::optional<std::vector<TermId>> extents;
    if (attr && attr->kind == AttrKind::Array) {
      extents.emplace();
      for (size_t i = 0; i < attr->elements.size() && extents; ++i) {
        const Attribute &e = attr->elements[i];
        if (e.kind == AttrKind::Integer)
          extents->push_back(graph().constant(e.intValue));
        else if (e.kind == AttrKind::Dynamic) // `?`: an unknown extent
          extents->push_back(
              freshDim(dimName(result(), i), SymbolOrigin::OpaqueDim));
        else
          extents.reset(); // `*`: unranked
      }
    } else if (attr) {
      if (std::optional<std::vector<int64_t>> ints = intList(*attr)) {
        extents.emplace();
        for (int64_t v : *ints)
          extents->push_back(graph().constant(v));
      }
    }
    defineShape(op, result(), extents);
    return true;
  }
  if (name == "shape.const_size" && hasResult) {
    const Attribute *attr = findAttr(op.attributes, "value");
    if (attr && attr->kind == AttrKind::Integer)
      defineScalar(result(), graph().constant(attr->intValue));
    else
      scalarOf(result());
    return true;
  }
  if ((name == "shape.index_to_size" || name == "shape.size_to_index" ||
       name == "shape.debug_print") &&
      hasResult && op.operands.size() == 1) {
    if (value(op.operands[0]).type.isSizeLike())
      defineScalar(result(), scalarOf(op.operands[0]));
    else
      alias(result(), op.operands[0]);
    return true;
  }
  if ((name == "shape.add" || name == "shape.mul") && hasResult &&
      op.operands.size() == 2) {
    TermId a = scalarOf(op.operands[0]), b = scalarOf(op.operands[1]);
    defineScalar(result(),
                 name == "shape.add" ? graph().add(a, b) : graph().mul(a, b));
    return true;
  }
  if (name == "shape.rank" && hasResult && op.operands.size() == 1) {
    if (std::optional<std::vector<TermId>> e = extentsOf(op.operands[0]))
      defineScalar(result(), graph().constant(int64_t(e->size())));
    else
      scalarOf(result());
    return true;
  }
  if (name == "shape.num_elements" && hasResult && op.operands.size() == 1) {
    if (std::optional<std::vector<TermId>> e = extentsOf(op.operands[0])) {
      TermId product = graph().constant(1);
      for (TermId extent : *e)
        product = graph().mul(product, extent);
      defineScalar(result(), product);
    } else {
      scalarOf(result());
    }
    return true;
  }
  if (name == "shape.get_extent" && hasResult && op.operands.size() == 2) {
    std::optional<std::vector<TermId>> e = extentsOf(op.operands[0]);
    std::optional<int64_t> index = constantOf(op.operands[1]);
    if (e && index) {
      if (*index >= 0 && size_t(*index) < e->size()) {
        defineScalar(result(), (*e)[size_t(*index)]);
        return true;
      }
      oblige(op, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the extent " + std::to_string(*index) + " of a shape of rank " +
                 std::to_string(e->size()));
    }
    scalarOf(result());
    return true;
  }
  if (name == "shape.from_extents" && hasResult) {
    std::vector<TermId> extents;
    for (ValueId operand : op.operands)
      extents.push_back(scalarOf(operand));
    defineShape(op, result(), extents);
    return true;
  }
  if (name == "shape.to_extent_tensor" && hasResult &&
      op.operands.size() == 1) {
    defineShape(op, result(), extentsOf(op.operands[0]));
    return true;
  }
  if (name == "shape.create_shape" && hasResult && op.operands.size() == 1) {
    // Seed 004: the rank is the tensor's length, the extents its elements.
    std::optional<std::vector<TermId>> extents = extentsOf(op.operands[0]);
    const Type &type = value(op.operands[0]).type;
    if (!extents && type.hasRank() && type.dims.size() == 1 &&
        type.dims[0] != kDynamic) {
      extents.emplace();
      for (int64_t i = 0; i < type.dims[0]; ++i)
        extents->push_back(
            freshDim(dimName(result(), size_t(i)), SymbolOrigin::OpaqueDim));
    }
    defineShape(op, result(), extents);
    return true;
  }
  if ((name == "shape.broadcast" || name == "shape.cstr_broadcastable" ||
       name == "shape.is_broadcastable") &&
      !op.operands.empty()) {
    bool isCstr = name == "shape.cstr_broadcastable";
    std::vector<std::vector<TermId>> shapes;
    bool unranked = false;
    for (ValueId operand : op.operands) {
      std::optional<std::vector<TermId>> e = extentsOf(operand);
      if (!e)
        unranked = true;
      else
        shapes.push_back(*e);
    }
    if (unranked || name == "shape.is_broadcastable") {
      // Seed 004: any unranked input makes the result unranked.
      if (hasResult && name == "shape.broadcast")
        defineShape(op, result(), std::nullopt);
      return true;
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
          names.push_back(extentName(graph(), t, "?"));
        oblige(op, isCstr ? ObligationKind::Cstr : ObligationKind::Broadcast,
               int(j), formulas().mkConflict(columns[j]),
               (isCstr ? "the constraint that extents " + listText(names) +
                             " broadcast (extent "
                       : "the broadcast of extents " + listText(names) +
                             " (result extent ") +
                   std::to_string(j) + errorNote(op) + ")");
      }
      extents.push_back(graph().broadcast(columns[j]));
    }
    if (hasResult && !isCstr)
      defineShape(op, result(), extents);
    return true;
  }
  if ((name == "shape.join" || name == "shape.meet" ||
       name == "shape.cstr_eq") &&
      op.operands.size() >= 2) {
    ObligationKind kind =
        name == "shape.cstr_eq" ? ObligationKind::Cstr : ObligationKind::Join;
    const char *what =
        kind == ObligationKind::Cstr ? "the constraint that " : "the join of ";
    if (value(op.operands[0]).type.isSizeLike()) { // sizes
      TermId first = scalarOf(op.operands[0]);
      for (size_t k = 1; k < op.operands.size(); ++k) {
        TermId other = scalarOf(op.operands[k]);
        oblige(op, kind, -1, formulas().mkNe(first, other),
               std::string(what) + "sizes " + refName(op.operands[0]) +
                   " and " + refName(op.operands[k]) +
                   (kind == ObligationKind::Cstr ? " agree" : "") +
                   errorNote(op));
      }
      if (hasResult)
        defineScalar(result(), first);
      return true;
    }
    // Seed 004: [*] joins with anything; ranks must agree; each extent
    // must agree, else the invalid shape.
    std::optional<std::vector<TermId>> joined;
    ValueId joinedFrom = op.operands[0];
    for (ValueId operand : op.operands) {
      std::optional<std::vector<TermId>> e = extentsOf(operand);
      if (!e)
        continue;
      if (!joined) {
        joined = e;
        joinedFrom = operand;
        continue;
      }
      if (e->size() != joined->size()) {
        oblige(op, kind, -1, formulas().mkTrue(),
               std::string(what) + "shapes of rank " +
                   std::to_string(joined->size()) + " and " +
                   std::to_string(e->size()) +
                   (kind == ObligationKind::Cstr ? " agree" : "") +
                   errorNote(op));
        continue;
      }
      for (size_t i = 0; i < e->size(); ++i)
        oblige(op, kind, int(i), formulas().mkNe((*joined)[i], (*e)[i]),
               std::string(what) + "extent " + std::to_string(i) + " of " +
                   refName(joinedFrom) + " and " + refName(operand) +
                   (kind == ObligationKind::Cstr ? " agree" : "") +
                   errorNote(op));
    }
    if (hasResult && kind == ObligationKind::Join)
      defineShape(op, result(), joined);
    return true;
  }
  if (name == "shape.reduce") {
    lowerShapeReduce(op);
    return true;
  }
  if (name == "shape.assuming") {
    // The body runs when the witness holds, and its cstr obligations are
    // assumed for what follows, so the region is inlined.
    std::vector<ValueId> yielded;
    if (!op.regions.empty())
      yielded = lowerInline(op.regions[0]);
    for (size_t k = 0; k < op.results.size(); ++k) {
      if (k < yielded.size())
        alias(op.results[k], yielded[k]);
      else
        defineFromType(op.results[k], SymbolOrigin::OpaqueDim);
    }
    return true;
  }
  if (name == "shape.assuming_all" || name == "shape.const_witness" ||
      name == "shape.is_broadcastable")
    return true; // witnesses and flags: nothing to track
  return false;
}

} // namespace symshape::frontend
