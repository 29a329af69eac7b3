//===- Lowering.cpp - From parsed functions to solver problems ------------===//
//
// The Lowerer's values: display names, fresh symbols, what is known of each
// value (dims, extents, scalars), opaque ops, and the problem it hands to
// the solver (run). The walk over the ops is in LowerRegion.cpp, the queue
// of obligations in LowerObligation.cpp.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <atomic>
#include <exception>
#include <system_error>
#include <thread>
#include <unordered_map>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {
std::atomic<void (*)()> beforeBigRecord{nullptr};
} // namespace

void setBeforeBigRecord(void (*hook)()) { beforeBigRecord = hook; }

Lowerer::Lowerer(const Function &function, const LoweringOptions &options,
                 DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
                 const Module *module, Function *release, OpFeed *feed,
                 bool releaseValues)
    : function(function), options(options), module(module), release(release),
      releaseValues(release && releaseValues), feed(feed), frame(&function),
      diags(diags), assumptionUsed(assumptionUsed),
      prob(std::make_unique<solver::Problem>()),
      states(feed ? 0 : function.values.size()) {
  if (feed)
    return; // the values are being parsed: extendValues indexes them
  byName.reserve(function.values.size());
  bool distinct = true;
  for (ValueId id = 0; id < function.values.size(); ++id)
    distinct &= byName.insert(function.values, id);
  displayNames.resize(function.values.size());
  if (distinct) { // the usual case: every value shown by its own name
    for (ValueId id = 0; id < function.values.size(); ++id)
      displayNames[id] = "%" + function.values[id].name;
    return;
  }
  std::unordered_map<std::string, unsigned> seen;
  for (ValueId id = 0; id < function.values.size(); ++id) {
    const std::string &name = function.values[id].name;
    unsigned &count = seen[name];
    std::string shown = name;
    if (count++ > 0 && !name.empty()) {
      unsigned k = count;
      do
        shown = name + "_" + std::to_string(k++);
      while (byName.contains(function.values, shown) || seen.count(shown));
      seen[shown] = 1;
    }
    displayNames[id] = "%" + shown;
  }
}

const Type &Lowerer::operandType(const Operation &op, size_t i) const {
  return frame->operandType(op, i); // op is an op of the current frame
}

TermId Lowerer::newSymbol(const std::string &name, SymbolOrigin origin) {
  if (callStack.empty() || inPublicCallee() || name.empty())
    return graph().symbol(name, origin);
  return graph().symbol("%" + frame->name + "." + name.substr(1), origin);
}

TermId Lowerer::freshDim(const std::string &name, SymbolOrigin origin) {
  TermId symbol = newSymbol(name, origin);
  prob->addFact(formulas().mkLe(graph().constant(options.minDim), symbol));
  return symbol;
}

void Lowerer::defineDims(ValueId id, std::vector<TermId> dims) {
  ValueState &s = states[id];
  s.defined = true;
  s.ranked = true;
  for (size_t d = 0; d < dims.size(); ++d)
    labelDim(dims[d], id, d);
  s.dims = std::move(dims);
}

void Lowerer::defineScalar(ValueId id, TermId scalar) {
  ValueState &s = states[id];
  s.defined = true;
  s.scalar = scalar;
  label(scalar, refName(id));
}

void Lowerer::defineFromType(ValueId id, SymbolOrigin origin) {
  const Value &v = value(id);
  const Type &type = v.type;
  if (!v.typeKnown) {
    states[id].defined = true;
    return;
  }
  if (type.isExtentTensor() && type.dims[0] != kDynamic) {
    // An extent tensor of known length: each element a free extent.
    std::vector<TermId> extents;
    for (int64_t i = 0; i < type.dims[0]; ++i)
      extents.push_back(freshDim(dimName(id, size_t(i)), origin));
    defineDims(id, {graph().constant(type.dims[0])});
    states[id].hasExtents = true;
    states[id].extents = std::move(extents);
    return;
  }
  if (type.hasRank()) {
    std::vector<TermId> dims;
    for (size_t d = 0; d < type.dims.size(); ++d)
      dims.push_back(type.dims[d] == kDynamic ? freshDim(dimName(id, d), origin)
                                              : graph().constant(type.dims[d]));
    defineDims(id, std::move(dims));
    addBoundFacts(id);
    return;
  }
  if (type.isSizeLike()) {
    TermId symbol = newSymbol(refName(id), SymbolOrigin::Scalar);
    // A !shape.size is a non-negative integer (shape dialect); an index is not.
    if (type.kind == TypeKind::Size)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    defineScalar(id, symbol);
    return;
  }
  states[id].defined = true; // unranked or not a size: nothing to track
}

TermId Lowerer::scalarOf(ValueId id) {
  ValueState &s = states[id];
  if (s.scalar == solver::kNoTerm) {
    TermId symbol = newSymbol(refName(id), SymbolOrigin::Scalar);
    if (value(id).type->kind == TypeKind::Size)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    defineScalar(id, symbol);
  }
  return s.scalar;
}

std::optional<int64_t> Lowerer::constantOf(ValueId id) {
  const ValueState &s = states[id];
  if (s.scalar == solver::kNoTerm)
    return std::nullopt;
  return graph().constantValue(s.scalar);
}

std::optional<std::vector<TermId>> Lowerer::extentsOf(ValueId id) {
  const ValueState &s = states[id];
  if (!s.hasExtents)
    return std::nullopt;
  return s.extents;
}

namespace {

/// index, i32, si64, ui8: an element type whose values can be sizes.
bool isIntegerElement(const std::string &element) {
  if (element == "index")
    return true;
  size_t p = element.rfind("si", 0) == 0 || element.rfind("ui", 0) == 0 ? 2
             : element.rfind("i", 0) == 0                               ? 1
                                                                        : 0;
  if (p == 0 || p >= element.size())
    return false;
  for (; p < element.size(); ++p)
    if (element[p] < '0' || element[p] > '9')
      return false;
  return true;
}

} // namespace

std::optional<std::vector<TermId>> Lowerer::shapeExtents(ValueId id) {
  if (std::optional<std::vector<TermId>> known = extentsOf(id))
    return known;
  // A 1-D integer tensor of static length read as a shape: one size per
  // element, kept with the value so that every use sees the same sizes.
  const Type &type = value(id).type;
  if (!value(id).typeKnown || type.kind != TypeKind::RankedTensor ||
      type.dims.size() != 1 || type.dims[0] == kDynamic ||
      !isIntegerElement(type.element))
    return std::nullopt;
  ValueState &s = states[id];
  s.hasExtents = true;
  s.extents.clear();
  for (int64_t i = 0; i < type.dims[0]; ++i)
    s.extents.push_back(
        freshDim(dimName(id, size_t(i)), SymbolOrigin::OpaqueDim));
  return s.extents;
}

void Lowerer::alias(ValueId to, ValueId from) {
  ValueState copy = states[from];
  states[to] = copy;
  states[to].defined = true;
  if (copy.scalar != solver::kNoTerm)
    label(copy.scalar, refName(to));
}

void Lowerer::defineShape(const Operation &op, ValueId id,
                          std::optional<std::vector<TermId>> extents) {
  const Type &type = value(id).type;
  ValueState &s = states[id];
  s.defined = true;
  if (type.isExtentTensor()) {
    int64_t length = type.dims[0];
    if (extents && length != kDynamic && size_t(length) != extents->size()) {
      // The shape dialect has no compile-time rule: a runtime verdict.
      oblige(op, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the extent tensor " + type.str() + " holding a shape of rank " +
                 std::to_string(extents->size()));
      extents.reset();
    }
    if (!extents) {
      defineFromType(id, SymbolOrigin::OpaqueDim);
      return;
    }
    defineDims(id, {graph().constant(int64_t(extents->size()))});
  }
  if (!extents)
    return;
  for (size_t i = 0; i < extents->size(); ++i)
    labelDim((*extents)[i], id, i);
  s.hasExtents = true;
  s.extents = std::move(*extents);
}

std::optional<std::vector<int64_t>> Lowerer::intList(const Attribute &attr) {
  return frontend::intList(attr);
}

void Lowerer::markOpaque(const Operation &op, std::string reason, bool always,
                         bool check) {
  // An op with no shaped operands and only static results (a constant, a
  // global load) is a plain source of static facts (SEMANTICS.md §1), not
  // opaque. Tensors of other dialects (`!torch.vtensor<[?,3],f32>`) and memrefs
  // are shaped too: a program made of them is not "nothing to check".
  auto foreignShaped = [](const Type &type) {
    return type.kind == TypeKind::Other &&
           (type.spelling.find("tensor") != std::string::npos ||
            type.spelling.rfind("memref<", 0) == 0);
  };
  auto foreignDynamic = [&](const Type &type) {
    return foreignShaped(type) &&
           (type.spelling.find('?') != std::string::npos ||
            type.spelling.find('*') != std::string::npos ||
            type.spelling.find('<') == std::string::npos);
  };
  bool shapedOperand = false;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type &type = operandType(op, i);
    shapedOperand |= type.isTensor() || type.kind == TypeKind::Vector ||
                     type.kind == TypeKind::Shape || type.isSizeLike() ||
                     foreignShaped(type);
  }
  bool dynamicResult = false;
  for (ValueId result : op.results) {
    const Value &v = value(result);
    if (!v.typeKnown || !v.type->hasRank()) {
      dynamicResult |= v.type->isTensor() || !v.typeKnown ||
                       v.type->kind == TypeKind::Shape ||
                       v.type->isSizeLike() || foreignDynamic(v.type);
      continue;
    }
    for (int64_t d : v.type->dims)
      dynamicResult |= d == kDynamic;
  }
  if (!shapedOperand && !dynamicResult && !always)
    return;
  if (inPublicCallee())
    return; // listed in the callee's own report
  // A private callee called twice lists its op once.
  if (privateChain != 0)
    for (const solver::OpaqueOp &seen : prob->opaque)
      if (seen.loc.buffer == op.loc.buffer && seen.loc.offset == op.loc.offset)
        return;
  // An op that never runs (lowerDeadRegion) has no result sizes to
  // relate: not opaque, and not listed.
  if (dead)
    return;
  prob->opaque.push_back({toSolver(op.loc, op.sourceLoc), op.name,
                          std::move(reason), privateChain, check});
}

std::vector<TermId> Lowerer::operandDims(const Operation &op, size_t i) {
  const Type &type = operandType(op, i);
  ValueState &s = state(op.operands[i]);
  if (s.ranked && s.dims.size() == type.dims.size())
    return s.dims;
  // Not tracked (a value typed only by its uses): its type's facts, kept
  // so that later uses share the same symbols.
  std::vector<TermId> dims;
  for (size_t d = 0; d < type.dims.size(); ++d)
    dims.push_back(
        type.dims[d] == kDynamic
            ? freshDim(dimName(op.operands[i], d), SymbolOrigin::OpaqueDim)
            : graph().constant(type.dims[d]));
  defineDims(op.operands[i], dims);
  return dims;
}

solver::DimRef Lowerer::operandDimRef(const Operation &op, size_t i,
                                      size_t dim) const {
  int64_t size = operandType(op, i).dims[dim];
  return {op.operands[i], uint32_t(dim), size == kDynamic ? -1 : size};
}

std::string Lowerer::operandDimName(const Operation &op, size_t i,
                                    size_t dim) const {
  int64_t size = operandType(op, i).dims[dim];
  return size == kDynamic ? dimName(op.operands[i], dim) : std::to_string(size);
}

void Lowerer::lowerOpaque(const Operation &op) {
  for (ValueId result : op.results) {
    defineFromType(result, SymbolOrigin::OpaqueDim);
    states[result].opaque = true;
  }
}

namespace {
/// Hashes the fields of a Type, for the table of type texts.
} // namespace

void Lowerer::recordValues(size_t from, size_t to) {
  // The last step of the lowering: the values' dims move into the problem
  // (sized by finish()). Values of one type share the text of that type.
  std::unordered_map<Type, solver::Text, TypeHash> typeTexts;
  const solver::Text unknown("?");
  // The values' types, read from the values or, once finish() dropped
  // them, from what Function::dropValues kept.
  const bool dropped = function.values.empty();
  for (ValueId id = ValueId(from); id < to; ++id) {
    const TypeRef &type =
        dropped ? function.valueTypes[id] : function.values[id].type;
    const bool typeKnown = dropped ? bool(function.valueTypeKnown[id])
                                   : function.values[id].typeKnown;
    ValueState &s = states[id];
    solver::ValueInfo info;
    info.name = refName(id);
    if (typeKnown) {
      auto [at, fresh] = typeTexts.try_emplace(type);
      if (fresh)
        at->second = type.str();
      info.type = at->second;
    } else {
      info.type = unknown;
    }
    using Kind = solver::ValueInfo::Kind;
    info.kind = type->isTensor()                 ? Kind::Tensor
                : type->kind == TypeKind::Vector ? Kind::Vector
                : type->kind == TypeKind::Shape  ? Kind::Shape
                : type->isSizeLike()             ? Kind::Size
                                                 : Kind::Other;
    info.ranked = s.ranked;
    info.typeRanked = typeKnown && type->hasRank();
    if (info.kind == solver::ValueInfo::Kind::Shape) {
      // A shape value's "shape" is its extents.
      info.ranked = s.hasExtents;
      info.dims = s.extents.release();
    } else {
      info.dims = std::move(s.dims);
    }
    // The type's dims are what reports show of a value not followed.
    if (info.typeRanked && !info.ranked)
      info.typeDims = std::vector<int64_t>(type->dims);
    info.scalar = s.scalar;
    prob->values[id] = std::move(info);
  }
}

std::unique_ptr<solver::Problem> Lowerer::run() {
  prob->function = function.qualifiedName();
  prob->loc = toSolver(function.range.begin, function.sourceLoc);
  // Entry block arguments first: their `?` dims are the function's inputs.
  for (ValueId arg : function.arguments)
    defineFromType(arg, SymbolOrigin::ArgumentDim);
  addDimParamFacts();
  lowerRegion(function.body, false);
  return finish();
}

std::unique_ptr<solver::Problem> Lowerer::finish() {
  addAssumptions();
  if (failed)
    return nullptr;
  // Nothing looks a value up by name any more: its index goes before the
  // values' records come (4 MB at 200k values, on this thread's heap).
  byName = ValueNames();
  size_t n = function.values.size();
  // A caller that reads only their declared types from now on: the values
  // go before their records come (recordValues reads the types kept).
  if (releaseValues && n > 0)
    release->dropValues();
  if (n >= kBigFunctionValues)
    if (void (*hook)() = beforeBigRecord.load())
      hook();
  prob->values.resize(n);
  prob->uniqueValueNames = true; // displayNames: see the constructor
  // A function lowered as it was parsed has the parser's thread waiting
  // for it: a second thread records most values meanwhile (they read the
  // states, the obligations the graph; the type texts are shared per
  // thread).
  // Without a thread to spare (under a memory limit), this one does all.
  size_t split = n;
  std::exception_ptr failure;
  std::thread helper;
  if (feed && n >= 4096) {
    try {
      helper = std::thread([&, from = n * 3 / 10] {
        try {
          recordValues(from, n);
        } catch (...) {
          failure = std::current_exception();
        }
      });
      split = n * 3 / 10;
    } catch (const std::system_error &) {
    }
  }
  try {
    prob->addObligations(std::move(pending));
    recordValues(0, split);
  } catch (...) {
    if (helper.joinable())
      helper.join();
    throw;
  }
  if (helper.joinable())
    helper.join();
  if (failure)
    std::rethrow_exception(failure);
  // Every problem is held until the end of the judging: none keeps the
  // spare capacity its growth left (up to a block of obligations each).
  prob->obligations.shrinkToFit();
  prob->sites.shrinkToFit();
  prob->dimRefs.shrink_to_fit();
  return std::move(prob);
}

std::unique_ptr<solver::Problem>
lowerFunction(const Function &function, const LoweringOptions &options,
              DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
              const Module *module, Function *release, bool releaseValues) {
  return Lowerer(function, options, diags, assumptionUsed, module, release,
                 nullptr, releaseValues)
      .run();
}

} // namespace symshape::frontend
