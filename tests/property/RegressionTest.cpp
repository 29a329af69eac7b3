//===- RegressionTest.cpp - Hand-written programs that once failed --------===//
//
// Each program here made the property test fail against some version of
// symshape. They are written out as Program descriptions (not seeds), so
// they survive changes to the generator, and checked like generated ones.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

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
    program.ops.push_back({OpKind::Broadcast, name, operands, result});
    return result;
  }
  Program build() const { return program; }

private:
  Program program;
};

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
  return out;
}

} // namespace

TEST_CASE("symshape agrees with the brute-force model on hand-written "
          "programs that once failed",
          "[property]") {
  Tally tally;
  for (const Program &program : regressions())
    for (bool fastPaths : {true, false}) {
      CheckOptions options;
      options.fastPaths = fastPaths;
      checkProgram(program, options, tally);
    }
  for (const std::string &failure : tally.failures) {
    std::cout << failure << "\n";
    FAIL_CHECK(failure.substr(0, failure.find('\n')));
  }
  CHECK(tally.programs == 2 * regressions().size());
  CHECK(tally.obligations > 0);
}
