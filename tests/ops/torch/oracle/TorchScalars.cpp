//===- TorchScalars.cpp - torch's scalar predicates and runtime checks ----===//
//
// Written from PyTorch's definitions, not from symshape's rules: the
// TorchScript builtins on Python ints and bools (aten::eq.int ... ge.int
// compare, aten::__and__.bool / __or__.bool / __not__ are the logic,
// aten::Bool.int is `bool(x)` (x != 0), aten::Int.bool is `int(b)` (0 or
// 1)), and the checks that stop a run cleanly (not UB):
//
//   torch.runtime.assert %b, "msg"          stops when %b is false
//   torch.aten._assert_scalar %x, %msg      stops when bool(%x) is false
//   torch.aten.sym_constrain_range %s, %min, %max
//                                           ATen native/Constraints.cpp:
//                                           a None min / max is INT64_MIN /
//                                           INT64_MAX; stops unless
//                                           min <= max and min <= s <= max
//   torch.aten.sym_constrain_range_for_size %s, %min, %max
//                                           min defaults to 0; a given
//                                           max <= 2 stops; then the above
//
// `!torch.bool` values are held as the scalars 0 / 1.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <climits>

namespace symshape::models::oracle {

namespace {

using IntPredicate = bool (*)(int64_t, int64_t);

/// A binary rule on known scalars; an unknown operand gives an unknown.
auto scalarOp(IntPredicate f) {
  return [f](Eval &e) {
    std::optional<int64_t> a = e.scalar(0), b = e.scalar(1);
    return e.setScalar(0, a && b ? std::optional<int64_t>(f(*a, *b) ? 1 : 0)
                                 : std::nullopt);
  };
}

/// A check of the known scalar operand 0 (`message` names it).
bool checkScalar(Eval &e, const std::string &message) {
  std::optional<int64_t> p = e.scalar(0);
  if (!p)
    return e.unsupported("predicate not known");
  return e.check(*p != 0, "check failed: \"" + message + "\"");
}

/// sym_constrain_range's bounds: operand i, or `fallback` for None.
std::optional<int64_t> bound(Eval &e, size_t i, int64_t fallback) {
  if (torchNone(e, i))
    return fallback;
  return e.scalar(i);
}

bool constrainRange(Eval &e, int64_t minDefault) {
  std::optional<int64_t> size = e.scalar(0);
  std::optional<int64_t> lo = bound(e, 1, minDefault),
                         hi = bound(e, 2, INT64_MAX);
  if (!size || !lo || !hi)
    return e.unsupported("operands not known");
  return e.check(*hi >= *lo, "max < min") &&
         e.check(*lo <= *size && *size <= *hi,
                 "invalid value range for " + std::to_string(*size));
}

} // namespace

static void registerTorchScalars() {
  add("torch.constant.bool", [](Eval &e) {
    const frontend::Attribute *v = e.attr("value");
    if (!v || v->kind != frontend::AttrKind::Bool)
      return e.unsupported("no boolean value");
    return e.setScalar(0, v->boolValue ? 1 : 0);
  });
  add("torch.aten.eq.int",
      scalarOp([](int64_t a, int64_t b) { return a == b; }));
  add("torch.aten.ne.int",
      scalarOp([](int64_t a, int64_t b) { return a != b; }));
  add("torch.aten.lt.int",
      scalarOp([](int64_t a, int64_t b) { return a < b; }));
  add("torch.aten.le.int",
      scalarOp([](int64_t a, int64_t b) { return a <= b; }));
  add("torch.aten.gt.int",
      scalarOp([](int64_t a, int64_t b) { return a > b; }));
  add("torch.aten.ge.int",
      scalarOp([](int64_t a, int64_t b) { return a >= b; }));
  add("torch.aten.__and__.bool",
      scalarOp([](int64_t a, int64_t b) { return a != 0 && b != 0; }));
  add("torch.aten.__or__.bool",
      scalarOp([](int64_t a, int64_t b) { return a != 0 || b != 0; }));
  auto unary = [](Eval &e) {
    std::optional<int64_t> a = e.scalar(0);
    bool negate = e.name() == "torch.aten.__not__";
    return e.setScalar(0, a ? std::optional<int64_t>((*a != 0) != negate)
                            : std::nullopt);
  };
  // bool(x) and int(b) are both 1 exactly when the operand is not 0.
  for (const char *name :
       {"torch.aten.__not__", "torch.aten.Bool.int", "torch.aten.Int.bool"})
    add(name, unary);
  add("torch.runtime.assert", [](Eval &e) {
    const frontend::Attribute *msg = e.attr("message");
    return checkScalar(e, msg ? msg->str : "");
  });
  add("torch.aten._assert_scalar",
      [](Eval &e) { return checkScalar(e, "_assert_scalar"); });
  add("torch.aten.sym_constrain_range",
      [](Eval &e) { return constrainRange(e, INT64_MIN); });
  add("torch.aten.sym_constrain_range_for_size", [](Eval &e) {
    std::optional<int64_t> hi = bound(e, 2, INT64_MAX);
    if (!torchNone(e, 2) && hi &&
        !e.check(*hi > 2, "max value to constrain_range_for_size must be "
                          "greater than 2"))
      return false;
    return constrainRange(e, 0);
  });
}

static const RuleFile rules(__FILE__, registerTorchScalars);

} // namespace symshape::models::oracle
