//===- RegressionTest.cpp - Hand-written programs that once failed --------===//
//
// Each program here made the property test fail against some version of
// symshape. They are written out as Program descriptions (not seeds), so
// they survive changes to the generator, and checked like generated ones.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "Generator.h"

#include <catch2/catch.hpp>

#include <iostream>

using namespace symshape::property;

namespace {

/// Builds a Program op by op; results are named %0, %1, ...
class ProgramBuilder {
public:
  explicit ProgramBuilder(std::string label) { program.label = label; }

  ProgramBuilder &minDim(int64_t value) {
    program.minDim = value;
    return *this;
  }
  /// `?` is kDynamic; `{}` with `isRanked = false` is tensor<*xi32>.
  int arg(std::string name, std::vector<int64_t> dims, bool isRanked = true) {
    program.values.push_back({name, {isRanked, false, dims}});
    return program.numArgs++;
  }
  int op(std::string name, std::vector<int> operands,
         std::vector<int64_t> dims) {
    int result = static_cast<int>(program.values.size());
    program.values.push_back(
        {std::to_string(program.ops.size()), {true, false, dims}});
    Op op;
    op.name = name;
    op.operands = operands;
    op.result = result;
    program.ops.push_back(op);
    return result;
  }
  /// `%name: index`.
  int indexArg(std::string name) {
    Value v;
    v.name = name;
    v.kind = ValueKind::Index;
    v.type = {false, true, {}, "index"};
    program.values.push_back(v);
    return program.numArgs++;
  }
  /// `%name: tensor<Nxindex>`.
  int extentArg(std::string name, int64_t n) {
    program.values.push_back(
        {name, {true, false, {n}, "index"}, ValueKind::Shape, false});
    return program.numArgs++;
  }
  /// Any op of Program.h; `result`'s name is filled in.
  int op(OpKind kind, std::string name, std::vector<int> operands, Value result,
         std::vector<int64_t> attr = {}) {
    result.name = std::to_string(program.ops.size());
    int index = static_cast<int>(program.values.size());
    program.values.push_back(result);
    Op op;
    op.kind = kind;
    op.name = name;
    op.operands = operands;
    op.result = index;
    op.attr = attr;
    program.ops.push_back(op);
    return index;
  }
  /// `%value[dim] cmp rhs` in the function's symshape.assume attribute.
  ProgramBuilder &assume(int value, int dim, CmpOp cmp, int64_t rhs) {
    Assume a;
    a.lhs = {value, dim};
    a.cmp = cmp;
    a.rhs = rhs;
    program.attrAssumes.push_back(a);
    return *this;
  }
  /// `%value[dim] cmp %other[otherDim]`.
  ProgramBuilder &assume(int value, int dim, CmpOp cmp, int other,
                         int otherDim) {
    Assume a;
    a.lhs = {value, dim};
    a.cmp = cmp;
    a.rhsIsRef = true;
    a.rhsRef = {other, otherDim};
    program.attrAssumes.push_back(a);
    return *this;
  }
  Program build() const { return program; }

private:
  Program program;
};

Value tensor(std::vector<int64_t> dims, bool ranked = true) {
  return {"", {ranked, false, dims}, ValueKind::Tensor, false};
}
Value scalar(ValueKind kind) {
  return {"", {false, true, {}, "index"}, kind, false};
}
Value extentTensor(int64_t n) {
  return {"", {true, false, {n}, "index"}, ValueKind::Shape, false};
}

constexpr int64_t Q = kDynamic;
const char *const kBroadcast = "test.broadcastable";

std::vector<Program> regressions() {
  std::vector<Program> out;
  {
    // --min-dim 1, and a static-0 column under an unranked operand: the
    // fresh %1[0] must be >= 1 and equal 0, so no assignment satisfies the
    // facts and SPEC 4 makes every obligation `unreachable`. symshape said
    // `safe` for all, even %0's result-cast (%d[0] != 3).
    ProgramBuilder b("hand-written: unsatisfiable facts");
    b.minDim(1);
    int u = b.arg("b", {}, false), c = b.arg("c", {0}), d = b.arg("d", {Q});
    b.op(kBroadcast, {d}, {3});
    b.op(kBroadcast, {u, c}, {Q});
    out.push_back(b.build());
  }
  {
    // %0 is erroneous (its trailing 1 against the inferred 3), so its `?`
    // dims are the declared type's symbols %0[0], %0[1]. symshape's
    // witnesses for %1 named each twice (the fresh leading symbols of the
    // unranked-operand case were kept as well).
    ProgramBuilder b("hand-written: erroneous op with an unranked operand");
    int u = b.arg("u", {}, false), x = b.arg("x", {3}), y = b.arg("y", {Q});
    b.op(kBroadcast, {u, x}, {Q, Q, 1});
    b.op(kBroadcast, {y, x}, {Q});
    out.push_back(b.build());
  }
  {
    // %0's result-cast fails whenever %0 is reached ((0, ?) -> 4), so %1's
    // obligations are unreachable, but its broadcast of 2 and 3 is still a
    // static `error` (SPEC 4: later ops are still judged). symshape said
    // `unreachable`.
    ProgramBuilder b("hand-written: static error after a guaranteed failure");
    int z = b.arg("z", {0}), a = b.arg("a", {Q});
    int two = b.arg("two", {2}), three = b.arg("three", {3});
    b.op(kBroadcast, {z, a}, {4});
    b.op(kBroadcast, {two, three}, {Q});
    out.push_back(b.build());
  }
  {
    // dynamic_broadcast_in_dim of %x (?x4) to %s = [%x[0], 3] (by
    // assumption) with dims [1, 0]: %x[0] must be 1 or 3, and the 4 must be
    // 1 or %x[0]. Each requirement can fail, but they never hold together,
    // so %y's broadcast (another component) is unreachable. symshape
    // judged it as if reachable (ub-possible).
    ProgramBuilder b("hand-written: requirements that cannot all hold");
    int x = b.arg("x", {Q, 4}), y = b.arg("y", {Q}), three = b.arg("t", {3});
    int s = b.extentArg("s", 2);
    b.assume(s, 0, CmpOp::Eq, x, 0);
    b.assume(s, 1, CmpOp::Eq, 3);
    b.op(OpKind::DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim",
         {x, s}, tensor({Q, 3}), {1, 0});
    b.op(kBroadcast, {y, three}, {3});
    out.push_back(b.build());
  }
  {
    // The result cast of %s[0] (at most 2 by assumption) to 3 always
    // fails, so no execution is well defined, though no value's dim is in
    // that component. symshape's refinement called the function well
    // defined.
    ProgramBuilder b("hand-written: W empty in a component without dims");
    int x = b.arg("x", {1, Q});
    int s = b.extentArg("s", 2);
    b.assume(s, 0, CmpOp::Le, 2);
    b.op(OpKind::DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim",
         {x, s}, tensor({3, Q}), {0, 1});
    out.push_back(b.build());
  }
  return out;
}

/// Minimal programs of the discrepancies between symshape and the contract
/// that the random programs found (K1-K6 in Generator.cpp). Each fails
/// until symshape follows the contract; the comment says what it does now.
std::vector<Program> discrepancies() {
  std::vector<Program> out;
  {
    // K1: a chlo binary op with broadcast_dimensions is the implicit rule
    // on the mapped columns, whatever the result type; with an unranked
    // result symshape makes no obligation at all (the broadcast of %a[0]
    // and %b[0] is ub-possible).
    ProgramBuilder b("K1: chlo with broadcast_dimensions, unranked result");
    int x = b.arg("a", {Q}), y = b.arg("b", {Q});
    b.op(OpKind::XlaBinary, "chlo.broadcast_add", {x, y}, tensor({}, false),
         {0});
    out.push_back(b.build());
  }
  {
    // K2: a shape operand of length 1 for a rank-2 result is one static
    // `rank` error; symshape also makes a mapped-dim obligation (dim 0,
    // %x[0] not in {1, 2}).
    ProgramBuilder b("K2: dynamic_broadcast_in_dim, length != rank");
    int x = b.arg("x", {Q});
    int s = b.extentArg("s", 1);
    b.op(OpKind::DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim",
         {x, s}, tensor({2, Q}), {0});
    out.push_back(b.build());
  }
  {
    // K3: the assumption is an `error` (contradictory), which symshape
    // ignores for verdicts; W (the facts, the non-error assumptions, the
    // obligations) is {%a[0] = 4}, so %0 is well defined and %a[0] is 4 in
    // it. symshape's refinement says no execution is well defined.
    ProgramBuilder b("K3: an error assumption and refinement");
    int a = b.arg("a", {Q});
    b.assume(a, 0, CmpOp::Lt, a, 0);
    b.op(OpKind::Cast, "tensor.cast", {a}, tensor({4}));
    out.push_back(b.build());
  }
  {
    // K4: `%s[0]` names extent 0 of the extent tensor %s (as in witnesses
    // and conditions); symshape reads it as the tensor's dim (2), calls
    // the assumption a contradiction, and so misjudges the cstr_eq.
    ProgramBuilder b("K4: an assumption on an extent-tensor argument");
    int s = b.extentArg("s", 2);
    b.assume(s, 0, CmpOp::Eq, 3);
    int k = b.op(OpKind::ConstShape, "shape.const_shape", {}, extentTensor(2),
                 {3, 4});
    b.op(OpKind::CstrEq, "shape.cstr_eq", {s, k}, scalar(ValueKind::Witness));
    out.push_back(b.build());
  }
  {
    // K5: broadcast_in_dim with a static error (3 onto 2) takes its
    // declared type, one fresh %0[1]; symshape makes two symbols named
    // %0[1], and the cast's witness names it twice.
    ProgramBuilder b("K5: broadcast_in_dim with a static error");
    int x = b.arg("x", {3, Q});
    int r = b.op(OpKind::BroadcastInDim, "stablehlo.broadcast_in_dim", {x},
                 tensor({2, Q}), {0, 1});
    b.op(OpKind::Cast, "tensor.cast", {r}, tensor({2, 4}));
    out.push_back(b.build());
  }
  {
    // K6: %4 = %b[0] + 1 + 1 >= 2 can never be 1: the cast is
    // ub-guaranteed. symshape makes the second addi opaque (a free symbol
    // %4) and says ub-possible with the witness %4 = 2.
    ProgramBuilder b("K6: chained index arithmetic");
    int t = b.arg("b", {Q});
    int c0 = b.op(OpKind::Constant, "arith.constant", {},
                  scalar(ValueKind::Index), {0});
    int c1 = b.op(OpKind::Constant, "arith.constant", {},
                  scalar(ValueKind::Index), {1});
    int d = b.op(OpKind::Dim, "tensor.dim", {t, c0}, scalar(ValueKind::Index));
    int a1 =
        b.op(OpKind::Arith, "arith.addi", {d, c1}, scalar(ValueKind::Index));
    int a2 =
        b.op(OpKind::Arith, "arith.addi", {a1, c1}, scalar(ValueKind::Index));
    int e = b.op(OpKind::Empty, "tensor.empty", {a2}, tensor({Q}));
    b.op(OpKind::Cast, "tensor.cast", {e}, tensor({1}));
    out.push_back(b.build());
  }
  {
    // K7: every execution fails the second cast (0 != 4), so nothing is
    // well defined and nothing is refined; refinedTypeOf(%1) must still be
    // the declared tensor<4xi32>, but is tensor<?xi32> (the JSON report's
    // "refined" says tensor<4xi32>).
    ProgramBuilder b("K7: refinedTypeOf where nothing is well defined");
    int z = b.arg("z", {0});
    int c = b.op(OpKind::Cast, "tensor.cast", {z}, tensor({Q}));
    b.op(OpKind::Cast, "tensor.cast", {c}, tensor({4}));
    out.push_back(b.build());
  }
  return out;
}

} // namespace

TEST_CASE("symshape follows the contract on the discrepancies the random "
          "programs found",
          "[property]") {
  if (skipKnownDiscrepancies()) {
    std::cout << "SYMSHAPE_PROPERTY_SKIP_KNOWN: the known discrepancies "
                 "are not checked\n";
    return;
  }
  for (const Program &program : discrepancies()) {
    Tally tally;
    CheckOptions options;
    options.skipKnown = false;
    checkProgram(program, options, tally);
    for (const std::string &failure : tally.failures) {
      std::cout << failure << "\n";
      FAIL_CHECK(failure.substr(0, failure.find('\n')));
    }
    CHECK(tally.programs == 1);
  }
}

TEST_CASE("symshape agrees with the brute-force model on hand-written "
          "programs that once failed",
          "[property]") {
  Tally tally;
  for (const Program &program : regressions())
    for (bool fastPaths : {true, false}) {
      CheckOptions options;
      options.fastPaths = fastPaths;
      options.skipKnown = true; // K7 has its own program above
      checkProgram(program, options, tally);
    }
  for (const std::string &failure : tally.failures) {
    std::cout << failure << "\n";
    FAIL_CHECK(failure.substr(0, failure.find('\n')));
  }
  CHECK(tally.programs == 2 * regressions().size());
  CHECK(tally.obligations > 0);
}
