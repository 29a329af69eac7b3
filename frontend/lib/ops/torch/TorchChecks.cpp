//===- TorchChecks.cpp - Scalar predicates and runtime checks of torch ----===//
//
// SPEC §2 "Runtime checks": torch-mlir guards dynamic programs with checks
// that stop the program cleanly when a predicate on sizes is false. The
// predicate is read exactly from the `!torch.int` / `!torch.bool` ops that
// compute it (each a Python `int` / `bool` operation as PyTorch's
// TorchScript builtins define it), as torch-mlir's FX importer prints them:
//
//   %2 = torch.aten.eq.int %0, %1 : !torch.int, !torch.int -> !torch.bool
//   torch.runtime.assert %2, "mismatched sizes"
//   %3 = torch.aten.Int.bool %2 : !torch.bool -> !torch.int
//   torch.aten._assert_scalar %3, %str : !torch.int, !torch.str
//   torch.aten.sym_constrain_range %0, %int0, %none : !torch.int, ...
//   %5 = torch.aten.scalar_tensor %2, %none, ... -> !torch.vtensor<[],f32>
//   torch.operator "torch.aten._assert_async.msg"(%5, %str) : (...) -> ()
//
// A `!torch.bool` value holds its truth as one i1 element (a formula); a
// `!torch.int` made by `Int.bool` holds 0 / 1 and the same truth. A check
// whose predicate is not read exactly is opaque, never a guess. Each check
// is an obligation of kind `assert` whose predicate later ops assume.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/rules/IntRules.h"

namespace symshape::frontend {

static Type torchBoolType() {
  Type type;
  type.spelling = "!torch.bool";
  return type;
}

static bool hasSpelling(const Type &type, std::string_view spelling) {
  return type.kind == TypeKind::Other && type.spelling == spelling;
}

bool parseRuntimeAssertForm(Parser &p, PendingOp &pending) {
  // TorchOps.td RuntimeAssertOp: `$condition `,` $message attr-dict`, the
  // condition a !torch.bool.
  std::vector<OperandUse> condition;
  if (!p.parseOperandList(condition) || condition.size() != 1)
    return false;
  SourceLoc typeLoc = p.tokLoc();
  if (!p.setOperands(pending, condition, {torchBoolType()},
                     /*written=*/false, typeLoc) ||
      !p.expect(TokenKind::Comma, "','"))
    return false;
  SourceLoc messageLoc = p.tokLoc();
  std::optional<Attribute> message = p.parseAttribute(/*allowType=*/false);
  if (!message || message->kind != AttrKind::String)
    return p.emitError(messageLoc, "expected the message string");
  pending.op.attributes.push_back({"message", std::move(*message), messageLoc});
  return p.parseOptionalAttrDict(pending.op.attributes);
}

bool parseTorchNoResultForm(Parser &p, PendingOp &pending) {
  // The default torch form of an op without results: `%a, %b : T1, T2`.
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  return p.parseTypeList(inputs) &&
         p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
}

void lowerTorchBoolConstant(OpContext &c) {
  // `torch.constant.bool true`: 1 to the rules reading flags (keepdim) as
  // integers, and the truth `true` to the predicates.
  const Attribute *value = c.attr("value");
  if (!value || value->kind != AttrKind::Bool || c.numResults() != 1)
    return c.opaque("no boolean `value`");
  c.setScalarResult(0, c.constant(value->boolValue ? 1 : 0));
  c.setBoolElements(0, {c.formulas().mkBool(value->boolValue)});
}

/// The truth of `!torch.bool` operand `i`, when an op computed it.
static std::optional<FormulaId> truth(OpContext &c, size_t i) {
  if (i >= c.numOperands() || !hasSpelling(c.operandType(i), "!torch.bool"))
    return std::nullopt;
  std::optional<std::vector<FormulaId>> bools = boolOperand(c, i);
  if (!bools || bools->size() != 1)
    return std::nullopt;
  return (*bools)[0];
}

/// The value of `!torch.int` operand `i` read as a condition (Python's
/// `bool(x)`: `x != 0`); the truth `Int.bool` kept with it when it made it.
static std::optional<FormulaId> intTruth(OpContext &c, size_t i) {
  if (i >= c.numOperands() || !hasSpelling(c.operandType(i), "!torch.int"))
    return std::nullopt;
  if (std::optional<std::vector<FormulaId>> bools = boolOperand(c, i);
      bools && bools->size() == 1)
    return (*bools)[0];
  return c.formulas().mkNe(c.scalar(i), c.constant(0));
}

static void setTruth(OpContext &c, FormulaId holds) {
  c.setBoolElements(0, {holds});
}

void lowerTorchPredicate(OpContext &c, TorchPredicate kind) {
  // TorchScript's builtins: aten::eq.int ... ge.int (int, int) -> bool,
  // aten::__and__.bool / __or__.bool (bool, bool) -> bool, aten::__not__
  // (bool) -> bool, aten::Bool.int (int) -> bool (`bool(x)`), and
  // aten::Int.bool (bool) -> int (`int(b)`: 1 or 0).
  if (c.numResults() != 1)
    return c.opaque("not one result");
  solver::FormulaStore &f = c.formulas();
  switch (kind) {
  case TorchPredicate::Eq:
  case TorchPredicate::Ne:
  case TorchPredicate::Lt:
  case TorchPredicate::Le:
  case TorchPredicate::Gt:
  case TorchPredicate::Ge: {
    if (c.numOperands() != 2 || !hasSpelling(c.operandType(0), "!torch.int") ||
        !hasSpelling(c.operandType(1), "!torch.int"))
      return c.opaque("operands are not two !torch.int values");
    static const CmpPred kPreds[] = {CmpPred::Eq, CmpPred::Ne, CmpPred::Lt,
                                     CmpPred::Le, CmpPred::Gt, CmpPred::Ge};
    std::optional<FormulaId> holds =
        compareInts(c, kPreds[size_t(kind)], c.scalar(0), c.scalar(1));
    if (!holds)
      return c.opaque("a comparison not read exactly");
    return setTruth(c, *holds);
  }
  case TorchPredicate::And:
  case TorchPredicate::Or: {
    std::optional<FormulaId> a = truth(c, 0), b = truth(c, 1);
    if (c.numOperands() != 2 || !a || !b)
      return; // a truth no op computed: the result's is unknown too
    return setTruth(c, kind == TorchPredicate::And ? f.mkAnd({*a, *b})
                                                   : f.mkOr({*a, *b}));
  }
  case TorchPredicate::Not:
    if (std::optional<FormulaId> a = truth(c, 0); a && c.numOperands() == 1)
      setTruth(c, f.mkNot(*a));
    return;
  case TorchPredicate::BoolOfInt:
    if (std::optional<FormulaId> a = intTruth(c, 0); a && c.numOperands() == 1)
      setTruth(c, *a);
    return;
  case TorchPredicate::IntOfBool: {
    std::optional<FormulaId> b = truth(c, 0);
    if (!b || c.numOperands() != 1 ||
        !hasSpelling(c.resultType(0), "!torch.int"))
      return; // an integer no rule computes (unknown, as the bool is)
    if (std::optional<TermId> v =
            selectInt(c, *b, c.constant(1), c.constant(0))) {
      c.setScalarResult(0, *v);
    } else {
      // A condition symshape cannot branch on: a fresh 0 / 1 defined by
      // it (exact: it is 1 exactly when the condition holds).
      TermId fresh = c.resultScalar(0);
      c.addFact(f.mkOr({f.mkAnd({f.mkEq(fresh, c.constant(1)), *b}),
                        f.mkAnd({f.mkEq(fresh, c.constant(0)), f.mkNot(*b)})}));
    }
    return setTruth(c, *b);
  }
  }
}

void lowerTorchScalarTensor(OpContext &c) {
  // aten::scalar_tensor(Scalar s, dtype, layout, device, pin_memory): a 0-d
  // tensor holding s. A `!torch.bool` s converts to 1 or 0 in every dtype,
  // so its truth is whether the element is nonzero (what _assert_async
  // reads); an int or float s is not followed (a dtype may wrap it).
  if (c.numOperands() != 5 || c.numResults() != 1)
    return c.opaque(std::to_string(c.numOperands()) +
                    " operands, not the 5 of the ATen schema");
  c.setResult(0, {});
  if (std::optional<FormulaId> b = truth(c, 0); b && !c.failed())
    c.setBoolElements(0, {*b});
}

/// A check of `holds` with the op's message (cut as cf.assert's are).
static void checkWith(OpContext &c, std::optional<FormulaId> holds,
                      const std::string &message) {
  if (!holds)
    return c.opaqueCheck("the check's predicate is not a size computation "
                         "symshape reads exactly");
  std::string shown =
      message.size() > 100 ? message.substr(0, 97) + "..." : message;
  c.check(*holds, shown.empty() ? std::string("the runtime check")
                                : "the runtime check \"" + shown + "\"");
}

/// `min <= size <= max` of sym_constrain_range's operands, a bound given as
/// `!torch.none` left out (`defaultMin` when it is the lower one); nullopt
/// when an operand is neither an int nor none.
static std::optional<FormulaId> inRange(OpContext &c,
                                        std::optional<int64_t> defaultMin) {
  if (c.numOperands() != 3 || !hasSpelling(c.operandType(0), "!torch.int"))
    return std::nullopt;
  solver::FormulaStore &f = c.formulas();
  TermId size = c.scalar(0);
  std::vector<FormulaId> parts;
  for (size_t i : {size_t(1), size_t(2)}) {
    if (isNone(c, i)) {
      if (i == 1 && defaultMin)
        parts.push_back(f.mkLe(c.constant(*defaultMin), size));
      continue;
    }
    if (!hasSpelling(c.operandType(i), "!torch.int"))
      return std::nullopt;
    TermId bound = c.scalar(i);
    parts.push_back(i == 1 ? f.mkLe(bound, size) : f.mkLe(size, bound));
  }
  return f.mkAnd(std::move(parts));
}

void lowerTorchCheck(OpContext &c, TorchCheck kind) {
  switch (kind) {
  case TorchCheck::RuntimeAssert: {
    // torch.runtime.assert %cond, "message": stops unless %cond holds.
    const Attribute *message = c.attr("message");
    return checkWith(c, truth(c, 0),
                     message && message->kind == AttrKind::String ? message->str
                                                                  : "");
  }
  case TorchCheck::AssertScalar:
    // aten::_assert_scalar(Scalar self, str assert_msg): stops unless
    // bool(self). Its message is a !torch.str operand, not an attribute.
    return checkWith(c, c.numOperands() == 2 ? intTruth(c, 0) : std::nullopt,
                     "");
  case TorchCheck::ConstrainRange:
    // ATen's sym_constrain_range(size, min, max) (native/Constraints.cpp):
    // TORCH_CHECK(max >= min) then min <= size <= max, a missing bound
    // INT64_MIN / INT64_MAX; the second check implies the first.
    return checkWith(c, inRange(c, std::nullopt), "");
  case TorchCheck::AssertAsync: {
    // aten::_assert_async.msg(Tensor self, str assert_msg) (ATen's
    // TensorCompare.cpp): TORCH_CHECK(is_nonzero(self), assert_msg), and
    // is_nonzero wants one element. Read for a 0-d tensor whose truth an
    // op computed (scalar_tensor of a `!torch.bool`).
    std::optional<FormulaId> holds;
    if (c.numOperands() == 2 && c.ranked(0) && c.rank(0) == 0)
      if (std::optional<std::vector<FormulaId>> bools = boolOperand(c, 0);
          bools && bools->size() == 1)
        holds = (*bools)[0];
    return checkWith(c, holds, "");
  }
  case TorchCheck::ConstrainRangeForSize: {
    // sym_constrain_range_for_size(size, min, max): min defaults to 0, a
    // given max must exceed 2, then sym_constrain_range.
    std::optional<FormulaId> holds = inRange(c, 0);
    if (holds && !isNone(c, 2))
      holds = c.formulas().mkAnd(
          {c.formulas().mkLt(c.constant(2), c.scalar(2)), *holds});
    return checkWith(c, holds, "");
  }
  }
}

} // namespace symshape::frontend
