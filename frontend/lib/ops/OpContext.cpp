//===- OpContext.cpp - The adaptor an op entry reads and writes through ---===//

#include "OpContext.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

OpContext::OpContext(Lowerer &lowerer, const Operation &op)
    : low(lowerer), operation(op), outerRule(lowerer.rule()),
      resultSet(op.results.size(), false) {
  low.setRule(solver::Text());
}

OpContext::~OpContext() {
  flush();
  low.setRule(std::move(outerRule));
}

void OpContext::setRule(std::string_view id) { low.setRule(low.ruleText(id)); }

const Type &OpContext::operandType(size_t i) const {
  return low.operandType(operation, i);
}

const Type &OpContext::resultType(size_t r) const {
  return low.value(operation.results[r]).type;
}

TermId OpContext::dim(size_t i, size_t d) { return dims(i)[d]; }

std::vector<TermId> OpContext::dims(size_t i) {
  return low.operandDims(operation, i);
}

std::optional<int64_t> OpContext::staticDim(size_t i, size_t d) const {
  int64_t size = operandType(i).dims[d];
  if (size == kDynamic)
    return std::nullopt;
  return size;
}

std::string OpContext::dimName(size_t i, size_t d) const {
  return low.operandDimName(operation, i, d);
}

std::string OpContext::operandName(size_t i) const {
  return low.refName(operation.operands[i]);
}

TermId OpContext::scalar(size_t i) {
  return low.scalarOf(operation.operands[i]);
}

std::optional<std::vector<TermId>> OpContext::elements(size_t i) {
  return low.extentsOf(operation.operands[i]);
}

const Type &OpContext::operandValueType(size_t i) const {
  return low.value(operation.operands[i]).type;
}

std::optional<std::vector<TermId>> OpContext::knownDims(size_t i) {
  const ValueState &s = low.state(operation.operands[i]);
  if (!s.ranked)
    return std::nullopt;
  return s.dims;
}

bool OpContext::operandOpaque(size_t i) const {
  return low.state(operation.operands[i]).opaque;
}

bool OpContext::operandIsArgument(size_t i) const {
  return low.value(operation.operands[i]).isBlockArgument;
}

std::optional<std::vector<TermId>> OpContext::intElements(size_t i) {
  return low.intElements(operation.operands[i]);
}

std::optional<std::vector<FormulaId>> OpContext::boolElements(size_t i) {
  return low.boolElements(operation.operands[i]);
}

std::optional<std::vector<TermId>> OpContext::matrixElements(size_t i) {
  return low.matrixElements(operation.operands[i]);
}

bool OpContext::operandHasContents(size_t i) const {
  const ValueState &s = low.state(operation.operands[i]);
  return s.hasExtents || s.hasBools;
}

void OpContext::setIntElements(size_t r, std::vector<TermId> elements) {
  low.setIntElements(operation.results[r], std::move(elements));
}

void OpContext::setBoolElements(size_t r, std::vector<FormulaId> elements) {
  low.setBoolElements(operation.results[r], std::move(elements));
}

void OpContext::setMatrixElements(size_t r, std::vector<TermId> elements) {
  low.setMatrixElements(operation.results[r], std::move(elements));
}

std::vector<TermId> OpContext::freshOperandElements(size_t i, size_t n,
                                                    bool nonNegative) {
  ValueId id = operation.operands[i];
  bool scalar = operandType(i).dims.empty();
  std::vector<TermId> elements;
  for (size_t k = 0; k < n; ++k) {
    TermId symbol =
        low.newSymbol(scalar ? low.refName(id).str() : low.dimName(id, k),
                      SymbolOrigin::Scalar);
    if (nonNegative)
      low.problem().addFact(formulas().mkLe(constant(0), symbol));
    elements.push_back(symbol);
  }
  low.setIntElements(id, elements);
  return elements;
}

// A list / tuple value's elements are kept in its state's `matrix` (unused
// for values that are not rank-2 integer tensors) as constants and terms:
// the count, then per element a tag (its rank when a tensor, followed by
// its dims; -1 followed by the integer; -2 for neither).
std::optional<std::vector<OpContext::ListItem>> OpContext::listItems(size_t i) {
  if (operandValueType(i).isShaped())
    return std::nullopt;
  const std::vector<TermId> &code = low.state(operation.operands[i]).matrix;
  auto number = [&](size_t at) -> std::optional<int64_t> {
    return at < code.size() ? constantValue(code[at]) : std::nullopt;
  };
  std::optional<int64_t> count = number(0);
  if (!count)
    return std::nullopt;
  std::vector<ListItem> items;
  size_t at = 1;
  for (int64_t k = 0; k < *count; ++k) {
    std::optional<int64_t> tag = number(at++);
    if (!tag || at + size_t(std::max<int64_t>(*tag, 0)) > code.size())
      return std::nullopt;
    ListItem item;
    if (*tag >= 0) {
      item.dims.emplace(code.begin() + at, code.begin() + at + *tag);
      at += size_t(*tag);
    } else if (*tag == -1) {
      if (at >= code.size())
        return std::nullopt;
      item.scalar = code[at++];
    }
    items.push_back(std::move(item));
  }
  return items;
}

void OpContext::setListResult(size_t r, std::vector<ListItem> items) {
  if (r >= numResults() || resultSet[r] || resultType(r).isShaped())
    return;
  resultSet[r] = true;
  std::vector<TermId> code = {constant(int64_t(items.size()))};
  for (const ListItem &item : items) {
    if (item.dims) {
      code.push_back(constant(int64_t(item.dims->size())));
      code.insert(code.end(), item.dims->begin(), item.dims->end());
    } else if (item.scalar) {
      code.push_back(constant(-1));
      code.push_back(*item.scalar);
    } else {
      code.push_back(constant(-2));
    }
  }
  ValueState &s = low.state(operation.results[r]);
  s.defined = true;
  s.matrix = std::move(code);
}

TermId OpContext::resultScalar(size_t r) {
  return low.scalarOf(operation.results[r]);
}

std::optional<std::vector<TermId>> OpContext::resultDims(size_t r) const {
  const ValueState &s = low.state(operation.results[r]);
  if (!s.ranked)
    return std::nullopt;
  return s.dims;
}

TermId OpContext::unrankedOperandDim(size_t i, size_t d) {
  ValueId id = operation.operands[i];
  // The rank stays unknown (`ranked` false); `dims` holds the dims read.
  SymbolOrigin origin = low.value(id).isBlockArgument
                            ? SymbolOrigin::ArgumentDim
                            : SymbolOrigin::OpaqueDim;
  low.state(id).defined = true;
  while (low.state(id).dims.size() <= d) {
    TermId size =
        low.freshDim(low.dimName(id, low.state(id).dims.size()), origin);
    low.state(id).dims.push_back(size);
  }
  return low.state(id).dims[d];
}

const Type &OpContext::valueType(ValueId id) const {
  return low.value(id).type;
}

const Type &OpContext::useType(const Operation &op, size_t i) const {
  return low.operandType(op, i);
}

std::optional<std::vector<TermId>> OpContext::valueDims(ValueId id) const {
  const ValueState &s = low.state(id);
  if (!s.defined || !s.ranked)
    return std::nullopt;
  return s.dims;
}

bool OpContext::valueOpaque(ValueId id) const { return low.state(id).opaque; }

std::optional<std::vector<TermId>> OpContext::valueIntElements(ValueId id) {
  return low.intElements(id);
}

void OpContext::defineValueDims(ValueId id, std::vector<TermId> dims) {
  low.defineDims(id, std::move(dims));
}

void OpContext::forgetValue(ValueId id) { low.state(id) = ValueState(); }

void OpContext::lowerRegion(size_t k, bool dead) {
  if (dead)
    low.lowerDeadRegion(operation.regions[k]);
  else
    low.lowerNestedRegion(operation.regions[k], /*conditional=*/true);
}

void OpContext::lowerRegionUnder(size_t k, FormulaId premise) {
  low.lowerRegionUnder(operation.regions[k], premise);
}

void OpContext::lowerRegionsConditionally() {
  for (const Region &region : operation.regions)
    low.lowerNestedRegion(region, /*conditional=*/true);
}

bool OpContext::inConditionalCode() const { return low.inConditionalCode(); }

const std::vector<MeshAxis> *
OpContext::findMesh(const std::string &name) const {
  return low.findMesh(name);
}

const Attribute *OpContext::operandSharding(size_t i) const {
  ValueId id = operation.operands[i];
  if (const Attribute *stated = low.valueSharding(id))
    return stated;
  const Function &f = low.currentFunction();
  const Value &v = low.value(id);
  if (!v.isBlockArgument || v.index >= f.arguments.size() ||
      f.arguments[v.index] != id || v.index >= f.argumentAttributes.size())
    return nullptr;
  for (const NamedAttribute &a : f.argumentAttributes[v.index])
    if (a.name == "mhlo.sharding" && a.value.kind == AttrKind::String)
      return &a.value;
  return nullptr;
}

void OpContext::setResultSharding(size_t r, const Attribute &sharding) {
  low.setValueSharding(operation.results[r], sharding);
}

const Attribute *OpContext::operandConstant(size_t i) const {
  return low.valueConstant(operation.operands[i]);
}

void OpContext::setResultConstant(size_t r, const Attribute &value) {
  low.setValueConstant(operation.results[r], value);
}

std::optional<int64_t> OpContext::constantScalar(size_t i) {
  return low.constantOf(operation.operands[i]);
}

std::optional<std::vector<int64_t>> OpContext::constantElements(size_t i) {
  std::optional<std::vector<TermId>> terms = elements(i);
  if (!terms)
    return std::nullopt;
  std::vector<int64_t> out;
  for (TermId t : *terms) {
    std::optional<int64_t> v = graph().constantValue(t);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

const Attribute *OpContext::attr(std::string_view name) const {
  return findAttr(operation.attributes, std::string(name));
}

const Attribute *OpContext::functionAttr(std::string_view name) const {
  return findAttr(low.currentFunction().attributes, std::string(name));
}

const Attribute *OpContext::judgedFunctionAttr(std::string_view name) const {
  return findAttr(low.judgedFunction().attributes, std::string(name));
}

std::optional<std::vector<int64_t>> OpContext::ints(std::string_view name,
                                                    bool flattenRows) const {
  const Attribute *a = attr(name);
  if (!a)
    return std::nullopt;
  return intList(*a, flattenRows);
}

const Attribute *OpContext::structAttr(std::string_view name) const {
  const Attribute *a = attr(name);
  return a && a->structured ? a : nullptr;
}

const ShardyValue *OpContext::shardyAttr(std::string_view name,
                                         ShardyValue::Kind kind) const {
  const Attribute *a = attr(name);
  return a && a->shardy && a->shardy->kind == kind ? a->shardy.get() : nullptr;
}

std::optional<int64_t> OpContext::integer(std::string_view name) const {
  const Attribute *a = attr(name);
  if (!a || a->kind != AttrKind::Integer)
    return std::nullopt;
  return a->intValue;
}

TermId OpContext::product(const std::vector<TermId> &terms) {
  TermId out = constant(1);
  for (TermId t : terms)
    out = mul(out, t);
  return out;
}

void OpContext::requireSameDim(size_t i, size_t di, size_t j, size_t dj,
                               std::string_view role) {
  if (failed())
    return;
  std::string subject = "the " + std::string(role) + " sizes " +
                        dimName(i, di) + " and " + dimName(j, dj);
  std::optional<int64_t> a = staticDim(i, di), b = staticDim(j, dj);
  if (a && b && *a != *b) {
    // The op's verifier rejects it: an error, not a runtime verdict.
    low.oblige(operation, ObligationKind::Equal, -1, formulas().mkTrue(),
               subject, /*staticError=*/true);
    return;
  }
  require(ObligationKind::Equal, -1, formulas().mkNe(dim(i, di), dim(j, dj)),
          std::move(subject));
}

void OpContext::requireEqual(TermId a, TermId b, std::string subject) {
  require(ObligationKind::Equal, -1, formulas().mkNe(a, b), std::move(subject));
}

void OpContext::requireElementCount(TermId before, TermId after,
                                    std::string subject) {
  require(ObligationKind::ElementCount, -1, formulas().mkNe(before, after),
          std::move(subject));
}

void OpContext::requireInBounds(FormulaId holds, std::string subject) {
  require(ObligationKind::InBounds, -1, formulas().mkNot(holds),
          std::move(subject));
}

void OpContext::require(ObligationKind kind, int dim, FormulaId violation,
                        std::string subject) {
  if (failed())
    return;
  // A requirement that holds by construction is not worth a finding.
  if (formulas().isFalse(violation))
    return;
  low.oblige(operation, kind, dim, violation, std::move(subject));
}

solver::DimRef OpContext::dimRef(size_t i, size_t d) const {
  return low.operandDimRef(operation, i, d);
}

void OpContext::requireBroadcastable(int resultDim,
                                     const std::vector<TermId> &sizes,
                                     const std::vector<solver::DimRef> &names,
                                     bool staticError, std::string note) {
  low.oblige(operation, ObligationKind::Broadcast, resultDim,
             formulas().mkConflict(sizes), solver::SubjectForm::Broadcast,
             names, 0, 0, staticError, std::move(note));
}

void OpContext::requireResultRank(int64_t declared, int64_t inferred,
                                  bool staticError, std::string note) {
  low.oblige(operation, ObligationKind::Rank, -1,
             formulas().mkBool(staticError), solver::SubjectForm::Rank, {},
             declared, inferred, staticError, std::move(note));
}

void OpContext::requireBroadcastCast(int d, FormulaId violation,
                                     const std::vector<solver::DimRef> &names,
                                     int64_t declared, bool staticError,
                                     std::string note) {
  low.oblige(operation, ObligationKind::ResultCast, d, violation,
             solver::SubjectForm::ResultCast, names, declared, 0, staticError,
             std::move(note));
}

void OpContext::requireMappedDim(int resultDim, FormulaId violation,
                                 std::string subject, bool staticError,
                                 std::string note) {
  low.oblige(operation, ObligationKind::MappedDim, resultDim, violation,
             std::move(subject), staticError, std::move(note));
}

void OpContext::requireCast(int d, FormulaId violation, std::string subject,
                            bool staticError) {
  low.oblige(operation, ObligationKind::Cast, d, violation, std::move(subject),
             staticError);
}

void OpContext::requireRuntimeCast(int d, FormulaId violation,
                                   std::string subject) {
  low.oblige(operation, ObligationKind::ResultCast, d, violation,
             std::move(subject));
}

void OpContext::staticError(ObligationKind kind, std::string subject,
                            std::string note) {
  low.oblige(operation, kind, -1, formulas().mkTrue(), std::move(subject),
             /*staticError=*/true, std::move(note));
}

void OpContext::requireAlways(ObligationKind kind, int dim, FormulaId violation,
                              std::string subject) {
  low.oblige(operation, kind, dim, violation, std::move(subject));
}

void OpContext::check(FormulaId holds, std::string subject,
                      ObligationKind kind) {
  if (failed())
    return;
  low.oblige(operation, kind, -1, formulas().mkNot(holds), std::move(subject));
}

void OpContext::fact(FormulaId holds) {
  // A fact stated in code that may not run holds only there: dropped.
  if (!failed() && !low.inConditionalCode())
    low.problem().addFact(holds);
}

void OpContext::overflow(std::string message) {
  if (failed())
    return;
  hadError = true;
  low.oblige(operation, ObligationKind::Overflow, -1, formulas().mkTrue(),
             "the size arithmetic", /*staticError=*/true,
             "'" + operation.name + "' " + message);
}

void OpContext::error(std::string message) {
  if (failed())
    return;
  hadError = true;
  low.oblige(operation, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the op's signature", /*staticError=*/true,
             "'" + operation.name + "' " + message);
}

bool OpContext::expectRanked() {
  for (size_t i = 0; i < numOperands(); ++i) {
    const Type &type = operandType(i);
    if (type.kind == TypeKind::UnrankedTensor) {
      opaque("unranked operand " + operandName(i) +
             ": its sizes are not checked");
      return false;
    }
  }
  for (size_t r = 0; r < numResults(); ++r)
    if (resultType(r).kind == TypeKind::UnrankedTensor) {
      opaque("unranked result: its sizes are not checked");
      return false;
    }
  return !failed();
}

bool OpContext::expectRanks(std::initializer_list<int> ranks) {
  if (!expectRanked())
    return false;
  if (ranks.size() > numOperands()) {
    error("expects " + std::to_string(ranks.size()) + " operands, got " +
          std::to_string(numOperands()));
    return false;
  }
  size_t i = 0;
  for (int expected : ranks) {
    if (expected >= 0 && (!ranked(i) || rank(i) != size_t(expected))) {
      error("expects operand " + std::to_string(i) + " of rank " +
            std::to_string(expected) + ", got '" + operandType(i).str() + "'");
      return false;
    }
    ++i;
  }
  return true;
}

void OpContext::setResult(size_t r, std::vector<TermId> dims) {
  if (r >= numResults() || resultSet[r])
    return;
  const Type &declared = resultType(r);
  ValueId id = operation.results[r];
  if (failed()) {
    setResultFromType(r);
    return;
  }
  if (declared.kind == TypeKind::UnrankedTensor) {
    resultSet[r] = true;
    low.defineDims(id, std::move(dims)); // most specific: the rank is known
    return;
  }
  if (!declared.hasRank() || declared.dims.size() != dims.size()) {
    error("result " + std::to_string(r) + " has type '" + declared.str() +
          "' but the op computes rank " + std::to_string(dims.size()));
    setResultFromType(r);
    return;
  }
  resultSet[r] = true;
  // With every operand type static, the verifier itself computes the
  // result: a different declared size is a static error.
  bool staticOperands = true;
  for (size_t i = 0; i < numOperands(); ++i) {
    const Type &type = operandType(i);
    if (type.isShaped() &&
        (!type.hasRank() || std::find(type.dims.begin(), type.dims.end(),
                                      kDynamic) != type.dims.end()))
      staticOperands = false;
    if (type.isSizeLike())
      staticOperands = false;
  }
  for (size_t d = 0; d < dims.size(); ++d) {
    int64_t size = declared.dims[d];
    std::optional<int64_t> computed = graph().constantValue(dims[d]);
    if (size == kDynamic || computed == size)
      continue;
    if (computed && staticOperands && !valueCasts) {
      hadError = true;
      low.oblige(operation, ObligationKind::ResultCast, int(d),
                 formulas().mkTrue(),
                 "the size computed for " + low.dimName(id, d) +
                     ", cast to the declared " + std::to_string(size),
                 /*staticError=*/true,
                 "'" + operation.name + "' computes " +
                     std::to_string(*computed) + " from its operand types");
      casts.clear(); // the op has a static error: no runtime casts
      resultSet[r] = false;
      setResultFromType(r);
      return;
    }
    casts.push_back({r, d, dims[d], size, valueCasts});
    dims[d] = constant(size);
  }
  low.defineDims(id, std::move(dims));
}

void OpContext::setResultFromValues(size_t r, std::vector<TermId> dims) {
  valueCasts = true;
  setResult(r, std::move(dims));
  valueCasts = false;
}

void OpContext::setScalarResult(size_t r, TermId value) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.defineScalar(operation.results[r], value);
}

void OpContext::setElementsResult(size_t r, std::vector<TermId> elements) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.defineShape(operation, operation.results[r], std::move(elements));
}

void OpContext::setShapeResult(size_t r,
                               std::optional<std::vector<TermId>> extents) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.defineShape(operation, operation.results[r], std::move(extents));
}

void OpContext::setResultExtents(size_t r, std::vector<TermId> extents,
                                 bool label) {
  ValueId id = operation.results[r];
  if (label)
    for (size_t i = 0; i < extents.size(); ++i)
      low.labelDim(extents[i], id, i);
  ValueState &s = low.state(id);
  s.hasExtents = true;
  s.extents = std::move(extents);
}

void OpContext::setUnknownScalarResult(size_t r) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.scalarOf(operation.results[r]);
}

void OpContext::setResultAlias(size_t r, size_t i) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.alias(operation.results[r], operation.operands[i]);
}

std::vector<ValueId> OpContext::lowerRegionInline(size_t k) {
  return low.lowerInline(operation.regions[k]);
}

bool OpContext::setResultsFromCall(const std::string &callee,
                                   std::string &whyNot) {
  const Function *function = low.findFunction(callee);
  if (!function) {
    whyNot = "@" + callee + " is not defined in this module";
    return false;
  }
  std::optional<std::vector<ValueState>> returned =
      low.inlineCall(operation, *function, whyNot);
  if (!returned)
    return false;
  for (size_t r = 0; r < numResults() && r < returned->size(); ++r) {
    const ValueState &s = (*returned)[r];
    const Type &type = resultType(r);
    ValueId result = operation.results[r];
    if (s.ranked && type.hasRank() && s.dims.size() == type.dims.size()) {
      setResult(r, s.dims);
      // The values a helper returns (JAX's `remainder`, `_where`, `clip`
      // on 0-d integer tensors): a 0-d integer's scalar, a vector's
      // elements, i1 predicates.
      if (s.hasExtents)
        setResultExtents(r, s.extents);
      else if (s.scalar != solver::kNoTerm && type.dims.empty() && !failed())
        low.setIntElements(result, {s.scalar});
      if (s.hasBools && !failed())
        low.setBoolElements(result, s.bools);
    } else if (s.scalar != solver::kNoTerm &&
               (type.isSizeLike() || type.kind == TypeKind::Integer)) {
      setScalarResult(r, s.scalar);
    } else if (s.hasBools && type.kind == TypeKind::Integer) {
      low.setBoolElements(result, s.bools);
    } else if (s.hasExtents && type.kind == TypeKind::Shape) {
      setElementsResult(r, s.extents);
    }
  }
  return true;
}

bool OpContext::foldRegion(size_t k, const std::vector<TermId> &elements) {
  // The results it defines are skipped by flush(), the others follow their
  // types.
  return low.foldRegion(operation, operation.regions[k], elements);
}

void OpContext::setResultFromValue(size_t r, ValueId value) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.alias(operation.results[r], value);
}

void OpContext::defineResult(size_t r, std::vector<TermId> dims) {
  if (r >= numResults() || resultSet[r])
    return;
  resultSet[r] = true;
  low.defineDims(operation.results[r], std::move(dims));
}

TermId OpContext::freshResultDim(size_t r, size_t d) {
  return low.freshDim(low.dimName(operation.results[r], d),
                      SymbolOrigin::OpaqueDim);
}

void OpContext::addFact(FormulaId fact) { low.problem().addFact(fact); }

std::optional<std::vector<TermId>> OpContext::shapeOperand(size_t i) {
  return low.shapeExtents(operation.operands[i]);
}

void OpContext::resultsFromTypes() {
  low.lowerOpaque(operation);
  std::fill(resultSet.begin(), resultSet.end(), true);
}

void OpContext::setResultFromType(size_t r) {
  if (r >= numResults() || resultSet[r] ||
      low.state(operation.results[r]).defined)
    return;
  resultSet[r] = true;
  low.defineFromType(operation.results[r], SymbolOrigin::OpaqueDim);
}

void OpContext::opaque(std::string reason) {
  if (madeOpaque)
    return;
  madeOpaque = true;
  low.markOpaque(operation, std::move(reason));
}

void OpContext::opaqueKeepingResults(std::string reason) {
  if (madeOpaque)
    return;
  keepSetResults = true;
  opaque(std::move(reason));
}

void OpContext::opaqueCheck(std::string reason) {
  if (madeOpaque)
    return;
  madeOpaque = true;
  low.markOpaque(operation, std::move(reason), /*always=*/true,
                 /*check=*/true);
}

void OpContext::flush() {
  // Phase 2 of SEMANTICS.md §4: every result-cast after every requirement; none
  // after a static error (the results follow their declared types).
  if (hadError)
    casts.clear();
  for (const PendingCast &cast : casts) {
    std::string subject =
        "the size computed for " +
        low.dimName(operation.results[cast.result], cast.dim) +
        ", cast to the declared " + std::to_string(cast.declared);
    // (A constant computed from static operand types was already an error
    // in setResult: what is left is decided at runtime.)
    low.oblige(operation, ObligationKind::ResultCast, int(cast.dim),
               formulas().mkNe(cast.computed, constant(cast.declared)),
               std::move(subject));
  }
  casts.clear();
  for (size_t r = 0; r < numResults(); ++r) {
    bool kept = keepSetResults && resultSet[r];
    setResultFromType(r);
    if (madeOpaque && !kept) // its results are unknowns, like any opaque op's
      low.state(operation.results[r]).opaque = true;
  }
}

} // namespace symshape::frontend
