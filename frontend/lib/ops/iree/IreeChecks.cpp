//===- IreeChecks.cpp - Test assertions: check.expect_eq and friends ------===//
//
// IREE's check dialect (compiler/src/iree/compiler/Modules/Check/IR/
// CheckOps.td) compares a result with an expected one in its e2e tests:
//
//   check.expect_eq(%a, %b) : tensor<?x4xi32>
//   check.expect_eq_const(%r, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
//   check.expect_almost_eq(%a, %b, atol 1.0e-04, rtol 0.0) : tensor<5xf32>
//   check.expect_almost_eq_const(%r, dense<...> : tensor<5xf32>) :
//   tensor<5xf32>
//
// (an optional device first: `check.expect_eq<%device>(...)`). StableHLO's
// interpreter tests print the same ops without parentheses:
//
//   check.expect_eq %a, %b : tensor<3xi64>
//   check.expect_eq_const %r, dense<[1, 2]> : tensor<2xi32>
//   check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<f64>
//
// Each op's verifier demands one type for both sides (AllTypesMatch); at
// runtime the check compares the shapes first and fails the test cleanly
// when they differ (SPEC.md section 2: a runtime check, never UB). So each
// is a check (kind `assert`) that the two shapes are equal; the values it
// also compares are not sizes.
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"
#include "ops/OpContext.h"

namespace symshape::frontend {

using namespace iree;

namespace {

/// `, atol 1.0e-04, rtol 0.0` (IREE) or `, tolerance = 0.1` (StableHLO's
/// interpreter): float attributes.
bool parseTolerances(Parser &p, PendingOp &pending, bool keyed) {
  while (p.tok.is(TokenKind::Comma)) {
    p.consume();
    if (!p.tok.is(TokenKind::BareIdent))
      return false;
    std::string key(p.tok.spelling);
    SourceLoc loc = p.tokLoc();
    p.consume();
    if (keyed && !p.expect(TokenKind::Equal, "'='"))
      return false;
    // No `: type` here: the one after the list is the operands' type.
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/false);
    if (!value)
      return false;
    pending.op.attributes.push_back(named(key, *value, loc));
  }
  return true;
}

} // namespace

/// Both printed forms of check.expect_eq / _const / expect_almost_eq /
/// _const: operands (device, lhs[, rhs]) and the attribute `value` of a
/// `_const` form. A form not listed above is not guessed (opaque).
bool parseCheckExpect(Parser &p, PendingOp &pending, bool constant) {
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  bool iree = p.tok.is(TokenKind::Less) || p.tok.is(TokenKind::LParen);
  if (p.consumeIf(TokenKind::Less)) { // `<%device>`
    std::optional<OperandUse> device = p.parseValueUse();
    if (!device || !p.expect(TokenKind::Greater, "'>'"))
      return false;
    uses.push_back(*device);
    types.push_back(builtinType("!hal.device"));
  }
  if (iree && !p.expect(TokenKind::LParen, "'('"))
    return false;
  std::optional<OperandUse> lhs = p.parseValueUse();
  if (!lhs || !p.expect(TokenKind::Comma, "','"))
    return false;
  uses.push_back(*lhs);
  size_t lhsIndex = types.size();
  types.emplace_back();
  if (constant) {
    SourceLoc loc = p.tokLoc();
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/true);
    if (!value || !value->hasType)
      return false;
    pending.op.attributes.push_back(named("value", *value, loc));
    types[lhsIndex] = value->type;
  } else {
    std::optional<OperandUse> rhs = p.parseValueUse();
    if (!rhs)
      return false;
    uses.push_back(*rhs);
    types.emplace_back();
  }
  if (!parseTolerances(p, pending, /*keyed=*/!iree))
    return false;
  if (iree && !p.expect(TokenKind::RParen, "')'"))
    return false;
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  // StableHLO's `_const` form writes no type of its own: the value's.
  if (iree || !constant) {
    if (!p.expect(TokenKind::Colon, "':'"))
      return false;
    typesLoc = p.tokLoc();
    std::optional<Type> type = p.parseType();
    if (!type)
      return false;
    types[lhsIndex] = *type;
    if (!constant)
      types[lhsIndex + 1] = *type;
  }
  // The StableHLO `_const` form's type is the value's, not the operand's:
  // recorded, not checked (the rule compares the shapes).
  return p.setOperands(pending, uses, std::move(types),
                       /*written=*/iree || !constant, typesLoc);
}

/// The rule: the compared shapes are equal (a check per op), after the
/// verifier's AllTypesMatch on the static types.
void lowerCheckExpect(OpContext &c, bool constant) {
  size_t n = c.numOperands();
  if (n < (constant ? 1u : 2u))
    return c.opaqueCheck("expects the compared operands");
  size_t lhs = constant ? n - 1 : n - 2;
  Type expected;
  if (constant) {
    const Attribute *value = c.attr("value");
    if (!value || !value->hasType)
      return c.opaqueCheck("the expected value has no type");
    expected = value->type;
  } else {
    expected = c.operandType(n - 1);
  }
  const Type &actual = c.operandType(lhs);
  if (!actual.hasRank() || !expected.hasRank())
    return c.opaqueCheck(
        "compares values of no ranked tensor type (buffer views or unranked "
        "tensors): their shapes are not known");
  if (actual.dims.size() != expected.dims.size())
    return c.error("expects operands of one type (AllTypesMatch), got '" +
                   actual.str() + "' and '" + expected.str() + "'");
  for (size_t d = 0; d < actual.dims.size(); ++d)
    if (actual.dims[d] != kDynamic && expected.dims[d] != kDynamic &&
        actual.dims[d] != expected.dims[d])
      return c.error("expects operands of one type (AllTypesMatch), got '" +
                     actual.str() + "' and '" + expected.str() + "'");
  solver::FormulaStore &f = c.formulas();
  std::vector<FormulaId> equal;
  for (size_t d = 0; d < actual.dims.size(); ++d) {
    TermId want = constant ? c.constant(expected.dims[d]) : c.dim(n - 1, d);
    equal.push_back(f.mkEq(c.dim(lhs, d), want));
  }
  std::string other = constant ? "the expected constant" : c.operandName(n - 1);
  c.check(f.mkAnd(equal), "the test assertion that the shapes of " +
                              c.operandName(lhs) + " and " + other +
                              " are equal");
}

} // namespace symshape::frontend
