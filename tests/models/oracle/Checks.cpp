//===- Checks.cpp - Runtime checks and the integer logic feeding them -----===//
//
// SPEC section 2, "Runtime checks": an op that stops the program with a
// defined error when its predicate is false. A failed check is not UB: the
// run ends there cleanly (Eval::check). From the ops' upstream definitions:
//
//   cf.assert %p, "msg"                      stops when the i1 %p is 0
//   stablehlo.custom_call @shape_assertion(%p, %v...)
//                                            stops when the tensor<i1> %p is
//                                            false (JAX's shape assertions;
//                                            %v... only format the message)
//   shape.cstr_broadcastable %s0, %s1, ...   stops unless the extent lists
//                                            broadcast (right-aligned, each
//                                            column's non-1 extents equal)
//   shape.cstr_eq %s0, %s1, ...              stops unless all are equal
//   shape.cstr_require %p, "msg"             stops when %p is 0
//   shape.assuming %w -> (...) { ... }       runs its region (the witness
//                                            passed: its constraints did not
//                                            stop the run); the yielded
//                                            values are its results
//   shape.const_shape [2, 3]                 the extent list [2, 3]
//   shape.broadcast %s0, %s1, ...            the broadcast extent list; UB
//                                            when the lists do not broadcast
//                                            (an extent-tensor result cannot
//                                            hold the error)
//
// and the scalar logic torch-mlir builds predicates with: arith.cmpi (the
// generic form's `predicate` integer: eq 0, ne 1, slt 2, sle 3, sgt 4,
// sge 5, ult 6, ule 7, ugt 8, uge 9), arith.andi/ori/xori/select.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// Operand i as an extent list (an extent tensor or shape value whose
/// contents the run knows).
static std::optional<std::vector<int64_t>> extents(Eval &e, size_t i) {
  if (!e.isTensor(i))
    return std::nullopt;
  return e.contents(i);
}

static std::string list(const std::vector<int64_t> &v) { return str(v); }

/// The broadcast of `shapes` (seed 004 / Broadcastable trait), or nullopt
/// when some column holds two different extents other than 1.
static std::optional<std::vector<int64_t>>
broadcastAll(const std::vector<std::vector<int64_t>> &shapes) {
  size_t rank = 0;
  for (const auto &sh : shapes)
    rank = std::max(rank, sh.size());
  std::vector<int64_t> out(rank, 1);
  for (const auto &sh : shapes)
    for (size_t k = 0; k < sh.size(); ++k) {
      int64_t &o = out[rank - sh.size() + k];
      int64_t x = sh[k];
      if (x == 1)
        continue;
      if (o != 1 && o != x)
        return std::nullopt;
      o = x;
    }
  return out;
}

static bool allExtents(Eval &e, std::vector<std::vector<int64_t>> &out) {
  for (size_t i = 0; i < e.numOperands(); ++i) {
    auto x = extents(e, i);
    if (!x)
      return e.unsupported("operand #" + s(i) + " is not a known extent list");
    out.push_back(*x);
  }
  return true;
}

static bool cfAssert(Eval &e) {
  auto p = e.scalar(0);
  if (!p)
    return e.unsupported("predicate not known");
  const frontend::Attribute *msg = e.attr("msg");
  return e.check(*p != 0, "check failed: \"" + (msg ? msg->str : "") + "\"");
}

bool shapeAssertion(Eval &e) {
  if (e.numResults() != 0)
    return e.unsupported("shape_assertion with results");
  if (e.numOperands() == 0)
    return e.unsupported("shape_assertion without a predicate");
  auto p = e.contents(0);
  if (!p || p->size() != 1)
    return e.unsupported("predicate not known");
  const frontend::Attribute *msg = e.attr("error_message");
  std::string text = msg ? msg->str : "";
  if (text.size() > 80)
    text = text.substr(0, 77) + "...";
  return e.check(p->front() != 0, "shape assertion failed: \"" + text + "\"");
}

static bool cstrBroadcastable(Eval &e) {
  std::vector<std::vector<int64_t>> shapes;
  if (!allExtents(e, shapes))
    return false;
  std::string all;
  for (const auto &sh : shapes)
    all += (all.empty() ? "" : ", ") + list(sh);
  return e.check(broadcastAll(shapes).has_value(),
                 "shapes " + all + " do not broadcast");
}

static bool cstrEq(Eval &e) {
  std::vector<std::vector<int64_t>> shapes;
  if (!allExtents(e, shapes))
    return false;
  for (size_t i = 1; i < shapes.size(); ++i)
    if (!e.check(shapes[i] == shapes[0],
                 "shape " + list(shapes[i]) + " != " + list(shapes[0])))
      return false;
  return true;
}

static bool cstrRequire(Eval &e) {
  auto p = e.scalar(0);
  if (!p)
    return e.unsupported("predicate not known");
  const frontend::Attribute *msg = e.attr("msg");
  return e.check(*p != 0,
                 "cstr_require failed: \"" + (msg ? msg->str : "") + "\"");
}

static bool assuming(Eval &e) {
  std::vector<RtValue> yielded;
  if (!e.runRegion(0, yielded))
    return false;
  if (yielded.size() != e.numResults())
    return e.unsupported("the region yields " + s(int64_t(yielded.size())) +
                         " values for " + s(int64_t(e.numResults())) +
                         " results");
  for (size_t r = 0; r < yielded.size(); ++r) {
    const RtValue &v = yielded[r];
    if (v.kind == RtValue::Kind::Tensor)
      e.setResult(r, v.shape, v.data);
    else if (v.kind == RtValue::Kind::Scalar)
      e.setScalar(r, v.scalar);
  }
  return true;
}

static bool shapeBroadcast(Eval &e) {
  std::vector<std::vector<int64_t>> shapes;
  if (!allExtents(e, shapes))
    return false;
  auto out = broadcastAll(shapes);
  std::string all;
  for (const auto &sh : shapes)
    all += (all.empty() ? "" : ", ") + list(sh);
  if (!e.require(out.has_value(), "shapes " + all + " do not broadcast"))
    return false;
  return e.setResult(0, {int64_t(out->size())}, *out);
}

/// No value: a witness.
static bool witness(Eval &) { return true; }

/// shape.const_shape [2, 3]: the extent list of its `shape` attribute.
static bool constShape(Eval &e) {
  const frontend::Type &t = e.declaredResult(0);
  size_t count = t.dims.size() == 1 && t.dims[0] >= 0 ? size_t(t.dims[0]) : 0;
  auto v = e.ints("shape", count);
  if (!v)
    return e.unsupported("shape not readable");
  return e.setResult(0, {int64_t(v->size())}, *v);
}

/// arith.cmpi's predicate, from the generic `predicate = N` or a keyword.
static std::optional<int64_t> cmpiPredicate(Eval &e) {
  const frontend::Attribute *a = e.attr("predicate");
  if (!a)
    return std::nullopt;
  if (a->kind == frontend::AttrKind::Integer)
    return a->intValue;
  static const char *names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                "sge", "ult", "ule", "ugt", "uge"};
  std::string text = a->kind == frontend::AttrKind::String ? a->str : a->text;
  for (int64_t i = 0; i < 10; ++i)
    if (text == names[i])
      return i;
  return std::nullopt;
}

static std::optional<bool> compareInts(int64_t predicate, int64_t a,
                                       int64_t b) {
  uint64_t ua = uint64_t(a), ub = uint64_t(b);
  switch (predicate) {
  case 0:
    return a == b;
  case 1:
    return a != b;
  case 2:
    return a < b;
  case 3:
    return a <= b;
  case 4:
    return a > b;
  case 5:
    return a >= b;
  case 6:
    return ua < ub;
  case 7:
    return ua <= ub;
  case 8:
    return ua > ub;
  case 9:
    return ua >= ub;
  }
  return std::nullopt;
}

/// On tensors: one shape for every tensor operand (a scalar i1 condition
/// of select aside); no contents.
static bool onTensors(Eval &e) {
  if (e.name() == "arith.select" && !e.isTensor(0)) {
    const Shape *t = e.shape(1), *f = e.shape(2);
    return t && f &&
           e.require(*t == *f, "true " + str(*t) + " != false " + str(*f)) &&
           e.setResult(0, *t);
  }
  return sameShapeElementwise(e);
}

static bool cmpi(Eval &e) {
  if (e.declaredResult(0).isShaped())
    return onTensors(e);
  auto p = cmpiPredicate(e);
  if (!p || *p < 0 || *p > 9)
    return e.unsupported("predicate not readable");
  auto a = e.scalar(0), b = e.scalar(1);
  if (!a || !b)
    return e.setScalar(0, std::nullopt);
  return e.setScalar(0, int64_t(*compareInts(*p, *a, *b)));
}

/// i1 values are 0 or 1, so bitwise logic is the logic itself.
static bool bitwise(Eval &e, int op) {
  if (e.declaredResult(0).isShaped())
    return onTensors(e);
  auto a = e.scalar(0), b = e.scalar(1);
  if (!a || !b)
    return e.setScalar(0, std::nullopt);
  int64_t r = op == 0 ? (*a & *b) : op == 1 ? (*a | *b) : (*a ^ *b);
  return e.setScalar(0, r);
}

static bool select(Eval &e) {
  if (e.declaredResult(0).isShaped())
    return onTensors(e);
  auto c = e.scalar(0), t = e.scalar(1), f = e.scalar(2);
  if (!c)
    return e.setScalar(0, std::nullopt);
  return e.setScalar(0, *c != 0 ? t : f);
}

/// check.expect_eq / expect_almost_eq (IREE's CheckOps.td, and StableHLO's
/// interpreter tests): the test fails cleanly unless the two shapes are
/// equal; _const forms compare with the constant attribute's type.
static bool checkExpect(Eval &e) {
  bool constant =
      e.name().size() > 6 && e.name().substr(e.name().size() - 6) == "_const";
  size_t n = e.numOperands();
  if (n < (constant ? 1u : 2u))
    return e.unsupported("operands missing");
  const Shape *lhs = e.shape(constant ? n - 1 : n - 2);
  if (!lhs)
    return e.unsupported("no tensor to compare");
  Shape other;
  if (constant) {
    const frontend::Attribute *value = e.attr("value");
    if (!value || !value->hasType || !value->type.hasRank())
      return e.unsupported("expected value without a type");
    other = value->type.dims;
  } else {
    const Shape *rhs = e.shape(n - 1);
    if (!rhs)
      return e.unsupported("no tensor to compare");
    other = *rhs;
  }
  return e.check(*lhs == other, "test assertion: shapes " + list(*lhs) +
                                    " and " + list(other) + " differ");
}

void registerChecks() {
  for (const char *op :
       {"check.expect_eq", "check.expect_eq_const", "check.expect_almost_eq",
        "check.expect_almost_eq_const"})
    add(op, checkExpect);
  add("cf.assert", cfAssert);
  add("shape.cstr_broadcastable", cstrBroadcastable);
  add("shape.cstr_eq", cstrEq);
  add("shape.cstr_require", cstrRequire);
  add("shape.assuming_all", witness);
  add("shape.const_witness", witness);
  add("shape.assuming", assuming);
  add("shape.broadcast", shapeBroadcast);
  add("shape.const_shape", constShape);
  add("arith.cmpi", cmpi);
  add("arith.andi", [](Eval &e) { return bitwise(e, 0); });
  add("arith.ori", [](Eval &e) { return bitwise(e, 1); });
  add("arith.xori", [](Eval &e) { return bitwise(e, 2); });
  add("arith.select", select);
}

} // namespace symshape::models::oracle
