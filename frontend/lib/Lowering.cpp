//===- Lowering.cpp - From parsed functions to solver problems ------------===//

#include "LoweringImpl.h"

namespace symshape::frontend {

using solver::Obligation;
using solver::ObligationKind;
using solver::SymbolOrigin;

Lowerer::Lowerer(const Function &function, const LoweringOptions &options,
                 DiagnosticEngine &diags, std::vector<bool> &assumptionUsed)
    : function(function), options(options), diags(diags),
      assumptionUsed(assumptionUsed), prob(std::make_unique<solver::Problem>()),
      states(function.values.size()) {
  for (ValueId id = 0; id < function.values.size(); ++id)
    byName.emplace(function.values[id].name, id);
}

const Type &Lowerer::operandType(const Operation &op, size_t i) const {
  if (i < op.operandTypes.size())
    return op.operandTypes[i];
  return value(op.operands[i]).type;
}

TermId Lowerer::freshDim(const std::string &name, SymbolOrigin origin) {
  TermId symbol = graph().symbol(name, origin);
  prob->addFact(formulas().mkLe(graph().constant(options.minDim), symbol));
  return symbol;
}

void Lowerer::defineDims(ValueId id, std::vector<TermId> dims) {
  ValueState &s = states[id];
  s.defined = true;
  s.ranked = true;
  for (size_t d = 0; d < dims.size(); ++d)
    graph().addLabel(dims[d], dimName(id, d));
  s.dims = std::move(dims);
}

void Lowerer::defineScalar(ValueId id, TermId scalar) {
  ValueState &s = states[id];
  s.defined = true;
  s.scalar = scalar;
  graph().addLabel(scalar, refName(id));
}

void Lowerer::defineFromType(ValueId id, SymbolOrigin origin) {
  const Value &v = value(id);
  const Type &type = v.type;
  if (!v.typeKnown) {
    states[id].defined = true;
    return;
  }
  if (type.hasRank()) {
    std::vector<TermId> dims;
    for (size_t d = 0; d < type.dims.size(); ++d)
      dims.push_back(type.dims[d] == kDynamic ? freshDim(dimName(id, d), origin)
                                              : graph().constant(type.dims[d]));
    defineDims(id, std::move(dims));
    return;
  }
  if (type.isSizeLike()) {
    TermId symbol = graph().symbol(refName(id), SymbolOrigin::Scalar);
    // A !shape.size is a non-negative integer (seed 004); an index is not.
    if (type.kind == TypeKind::Size)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    defineScalar(id, symbol);
    return;
  }
  states[id].defined = true; // unranked or not a size: nothing to track
}

void Lowerer::oblige(const Operation &op, ObligationKind kind, int dim,
                     FormulaId violation, std::string subject, bool staticError,
                     std::string staticNote) {
  Obligation ob;
  ob.kind = kind;
  ob.loc = toSolver(op.loc);
  ob.op = op.name;
  ob.dim = dim;
  ob.violation = violation;
  ob.staticError = staticError;
  ob.subject = std::move(subject);
  ob.staticNote = std::move(staticNote);
  ob.conditional = conditional;
  pending.push_back(std::move(ob));
}

bool Lowerer::isImplicitBroadcast(const Operation &op) const {
  static const char *const tosa[] = {"add",
                                     "sub",
                                     "mul",
                                     "pow",
                                     "maximum",
                                     "minimum",
                                     "logical_and",
                                     "logical_or",
                                     "logical_xor",
                                     "bitwise_and",
                                     "bitwise_or",
                                     "bitwise_xor",
                                     "logical_left_shift",
                                     "logical_right_shift",
                                     "arithmetic_right_shift",
                                     "equal",
                                     "greater",
                                     "greater_equal",
                                     "select"};
  const std::string &name = op.name;
  if (name == "test.broadcastable")
    return true;
  if (name.rfind("tosa.", 0) == 0)
    for (const char *suffix : tosa)
      if (name.compare(5, std::string::npos, suffix) == 0)
        return true;
  if (name.rfind("chlo.broadcast_", 0) == 0 &&
      !findAttr(op.attributes, "broadcast_dimensions"))
    return true;
  for (const std::string &extra : options.broadcastable)
    if (name == extra)
      return true;
  return false;
}

void Lowerer::lowerOpaque(const Operation &op) {
  for (ValueId result : op.results)
    defineFromType(result, SymbolOrigin::OpaqueDim);
}

void Lowerer::lowerOp(const Operation &op) {
  if (op.name == "func.return")
    return;
  if (isImplicitBroadcast(op)) {
    lowerImplicitBroadcast(op);
    return;
  }
  // An unknown op: its regions may run any number of times, or never.
  bool outer = conditional;
  conditional = true;
  for (const Region &region : op.regions)
    lowerRegion(region, true);
  conditional = outer;
  lowerOpaque(op);
}

void Lowerer::lowerRegion(const Region &region, bool isConditional) {
  bool outer = conditional;
  conditional = conditional || isConditional;
  for (const Block &block : region.blocks) {
    for (ValueId arg : block.arguments)
      if (!states[arg].defined)
        defineFromType(arg, SymbolOrigin::OpaqueDim);
    for (const Operation &op : block.operations)
      lowerOp(op);
  }
  conditional = outer;
}

void Lowerer::recordValues() {
  for (ValueId id = 0; id < function.values.size(); ++id) {
    const Value &v = function.values[id];
    const ValueState &s = states[id];
    solver::ValueInfo info;
    info.name = refName(id);
    info.type = v.typeKnown ? v.type.str() : "?";
    info.loc = toSolver(v.loc);
    info.element = v.type.element;
    using Kind = solver::ValueInfo::Kind;
    info.kind = v.type.isTensor()                 ? Kind::Tensor
                : v.type.kind == TypeKind::Vector ? Kind::Vector
                : v.type.kind == TypeKind::Shape  ? Kind::Shape
                : v.type.isSizeLike()             ? Kind::Size
                                                  : Kind::Other;
    info.ranked = s.ranked;
    info.dims = s.dims;
    info.scalar = s.scalar;
    prob->values.push_back(std::move(info));
  }
}

std::unique_ptr<solver::Problem> Lowerer::run() {
  prob->function = function.name;
  prob->loc = toSolver(function.loc);
  // Entry block arguments first: their `?` dims are the function's inputs.
  for (ValueId arg : function.arguments)
    defineFromType(arg, SymbolOrigin::ArgumentDim);
  lowerRegion(function.body, false);
  addAssumptions();
  if (failed)
    return nullptr;
  for (Obligation &ob : pending)
    prob->addObligation(std::move(ob));
  recordValues();
  return std::move(prob);
}

std::unique_ptr<solver::Problem>
lowerFunction(const Function &function, const LoweringOptions &options,
              DiagnosticEngine &diags, std::vector<bool> &assumptionUsed) {
  return Lowerer(function, options, diags, assumptionUsed).run();
}

} // namespace symshape::frontend
