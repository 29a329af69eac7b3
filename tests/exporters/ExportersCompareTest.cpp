//===- ExportersCompareTest.cpp - The comparison, tested ------------------===//
//
// The comparison of the exporters test against canned reports, right ones
// and wrong ones, so it is known to pass and to fail; then symshape itself
// on hand-written exports (a private callee called twice, a cstr_require
// gating a matmul, a multi-platform case), compared with the oracle.
//
//===----------------------------------------------------------------------===//

#include "ExportCompare.h"
#include "Expr.h"
#include "Instances.h"
#include "Json.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace symshape;
using namespace symshape::exporters;

//===-- the comparison against canned reports -----------------------------===//

namespace {

// A JAX-like export in generic form: @main checks b >= 1 and calls @g,
// whose add needs %arg0[0] == %arg1[0], which nothing checks (planted).
const char *kProgram = R"(module {
  func.func public @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<?xf32>) -> tensor<i32>
    %1 = "stablehlo.compare"(%0, %c) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%1, %0) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "b >= 1"} : (tensor<i1>, tensor<i32>) -> ()
    %2 = "func.call"(%0, %arg0, %arg1) <{callee = @g}> : (tensor<i32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%2) : (tensor<?xf32>) -> ()
  }
  func.func private @g(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> tensor<?xf32> {
    %0 = "stablehlo.add"(%arg1, %arg2) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }
}
)";

// What SPEC sections 4 and 7 ask for, derived by hand: the check can fail
// exactly when %arg0[0] is 0 (witness: that size 0, the other 1); the add,
// reached only when %arg0[0] >= 1, has UB exactly when the two sizes
// differ (witness %arg1[0] = 2 with %arg0[0] = 1 left out); exit 1.
const char *kReport =
    R"({"version": "1.0", "files": [{"file": "x.mlir", "functions": [
 {"name": "main", "verdict": "ub-possible",
  "findings": [
   {"loc": "x.mlir:6:5", "op": "stablehlo.custom_call", "kind": "assert", "verdict": "ub-possible", "condition": "%arg0[0] == 0", "witness": {"%arg0[0]": 0}, "message": "the check can fail"},
   {"loc": "x.mlir:11:10", "op": "stablehlo.add", "kind": "equal", "verdict": "ub-possible", "condition": "%arg0[0] != %arg1[0]", "witness": {"%arg1[0]": 2}, "call_stack": ["x.mlir:7:10"], "message": "sizes differ"}],
  "opaque": [],
  "contract": {"checked": "%arg0[0] >= 1", "requires": "%arg0[0] == %arg1[0]"}}]}],
 "summary": {}})";

struct Fake {
  std::string dir, script, report;
  Fake() {
    char tmpl[] = "/tmp/symshape-exporters-test-XXXXXX";
    dir = mkdtemp(tmpl);
    script = dir + "/fake-symshape";
    report = dir + "/report.json";
  }
  ~Fake() {
    std::remove(script.c_str());
    std::remove(report.c_str());
    rmdir(dir.c_str());
  }
  /// Runs the comparison of `p` with `json` as the tool's report and
  /// `exit` as its status; returns the failures.
  std::vector<std::string> compare(const std::string &json, int exit,
                                   const ExportProgram &p = planted(),
                                   ExportStats *out = nullptr) {
    std::ofstream(report) << json;
    std::ofstream(script) << "#!/bin/sh\ncat '" << report << "'\nexit " << exit
                          << "\n";
    chmod(script.c_str(), 0755);
    CompareOptions options;
    options.symshape = script;
    options.tempDir = dir;
    options.requireContract = p.variant == Variant::Planted;
    ExportStats stats;
    compareExport(p, options, stats);
    if (out)
      *out = stats;
    return stats.failures;
  }
  static ExportProgram planted() {
    ExportProgram p;
    p.family = ExportFamily::Jax;
    p.variant = Variant::Planted;
    p.entry = "main";
    p.text = p.twin = kProgram;
    p.planted = OpRef{"g", "%0", ""};
    p.plantedWhat = "add of two unrelated sizes";
    return p;
  }
};

// torch-mlir's folded static mismatch: a check that always fails, and an
// op after it that nothing reaches.
const char *kDoomed = R"(module {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %false = "arith.constant"() <{value = false}> : () -> i1
    "cf.assert"(%false) <{msg = "mismatching contracting dimension"}> : (i1) -> ()
    %0 = "arith.addf"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }
}
)";

// SPEC 4: the check fails for every size that reaches it (ub-guaranteed,
// witness {}: all sizes 1); the add after it is unreachable; exit 1.
const char *kDoomedReport = R"({"files": [{"file": "x.mlir", "functions": [
 {"name": "forward", "verdict": "ub-guaranteed",
  "findings": [
   {"loc": "x.mlir:4:5", "op": "cf.assert", "kind": "assert", "verdict": "ub-guaranteed", "witness": {}, "message": "always fails"},
   {"loc": "x.mlir:5:10", "op": "arith.addf", "kind": "equal", "verdict": "unreachable", "message": "after a check that always fails"}],
  "opaque": []}]}]})";

ExportProgram doomed() {
  ExportProgram p;
  p.family = ExportFamily::Torch;
  p.variant = Variant::Doomed;
  p.entry = "forward";
  p.text = p.twin = kDoomed;
  p.doomed = OpRef{"forward", "", "cf.assert"};
  return p;
}

std::string replaced(std::string s, const std::string &from,
                     const std::string &to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

bool mentions(const std::vector<std::string> &failures,
              const std::string &part) {
  for (const std::string &f : failures)
    if (f.find(part) != std::string::npos)
      return true;
  return false;
}

// torch-mlir's CSE'd check asserted twice, with an unrelated check between:
// A (line 7) and C (line 10) both assert %arg0[0] == %arg1[0]; B (line 9)
// asserts %arg0[0] != 0. No op between them has a requirement.
const char *kImplied = R"(module {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %0 = "tensor.dim"(%arg0, %c0) : (tensor<?xf32>, index) -> index
    %1 = "tensor.dim"(%arg1, %c0) : (tensor<?xf32>, index) -> index
    %2 = "arith.cmpi"(%0, %1) <{predicate = 0 : i64}> : (index, index) -> i1
    "cf.assert"(%2) <{msg = "A"}> : (i1) -> ()
    %3 = "arith.cmpi"(%0, %c0) <{predicate = 1 : i64}> : (index, index) -> i1
    "cf.assert"(%3) <{msg = "B"}> : (i1) -> ()
    "cf.assert"(%2) <{msg = "C"}> : (i1) -> ()
    "func.return"(%arg0) : (tensor<?xf32>) -> ()
  }
}
)";

// By hand: A fails exactly when the sizes differ (witness %arg1[0] = 2,
// %arg0[0] left 1); B, reached only with equal sizes, fails exactly when
// they are 0 (its witness names both, or A would stop the run); C is
// safe because of A alone. No UB; no check always fails: exit 0.
const char *kImpliedReport = R"({"files": [{"file": "x.mlir", "functions": [
 {"name": "forward", "verdict": "safe",
  "findings": [
   {"loc": "x.mlir:7:5", "op": "cf.assert", "kind": "assert", "verdict": "ub-possible", "condition": "%arg0[0] != %arg1[0]", "witness": {"%arg1[0]": 2}, "message": "A can fail"},
   {"loc": "x.mlir:9:5", "op": "cf.assert", "kind": "assert", "verdict": "ub-possible", "condition": "%arg0[0] == 0", "witness": {"%arg0[0]": 0, "%arg1[0]": 0}, "message": "B can fail"},
   {"loc": "x.mlir:10:5", "op": "cf.assert", "kind": "assert", "verdict": "safe", "message": "C always holds", "implied_by": ["x.mlir:7:5"]}],
  "opaque": []}]}]})";

ExportProgram implied() {
  ExportProgram p;
  p.family = ExportFamily::Torch;
  p.variant = Variant::Clean;
  p.entry = "forward";
  p.text = p.twin = kImplied;
  return p;
}

// A private callee called twice with other sizes: the add needs its two
// operands equal, (%arg0, %arg2) at the first call, (%arg1, %arg2) at the
// second, which runs only when the first passed.
const char *kTwoCalls = R"(module {
  func.func public @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
    %0 = "func.call"(%arg0, %arg2) <{callee = @g}> : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %1 = "func.call"(%arg1, %arg2) <{callee = @g}> : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0, %1) : (tensor<?xf32>, tensor<?xf32>) -> ()
  }
  func.func private @g(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }
}
)";

// By hand: the first call has UB exactly when %arg0[0] != %arg2[0]
// (witness %arg2[0] = 2, the others 1); the second, reached with
// %arg0[0] == %arg2[0], exactly when %arg1[0] != %arg2[0] (witness
// %arg0[0] = %arg2[0] = 2, %arg1[0] = 1). One finding per call.
const char *kTwoCallsReport = R"({"files": [{"file": "x.mlir", "functions": [
 {"name": "main", "verdict": "ub-possible",
  "findings": [
   {"loc": "x.mlir:8:10", "op": "stablehlo.add", "kind": "equal", "verdict": "ub-possible", "condition": "%arg0[0] != %arg2[0]", "witness": {"%arg2[0]": 2}, "call_stack": ["x.mlir:3:10"], "message": "first call"},
   {"loc": "x.mlir:8:10", "op": "stablehlo.add", "kind": "equal", "verdict": "ub-possible", "condition": "%arg1[0] != %arg2[0]", "witness": {"%arg0[0]": 2, "%arg2[0]": 2}, "call_stack": ["x.mlir:4:10"], "message": "second call"}],
  "opaque": [],
  "contract": {"checked": "true", "requires": "%arg0[0] == %arg2[0] && %arg1[0] == %arg2[0]"}}]}]})";

ExportProgram twoCalls() {
  ExportProgram p;
  p.family = ExportFamily::Jax;
  p.variant = Variant::Planted;
  p.entry = "main";
  p.text = p.twin = kTwoCalls;
  p.planted = OpRef{"g", "%0", ""};
  p.plantedWhat = "add of sizes two calls pass";
  return p;
}

} // namespace

// Every call of a private callee is judged: a finding that names several
// calls (`call_sites`) claims its condition and witness at each.
TEST_CASE("comparison: each call of a callee reached twice",
          "[exporters][compare]") {
  Fake fake;
  std::vector<std::string> right = fake.compare(kTwoCallsReport, 1, twoCalls());
  std::string all;
  for (const std::string &f : right)
    all += f + "\n";
  INFO(all);
  CHECK(right.empty());
  // One finding for both calls with the first call's condition and
  // witness: false at the second call, and its witness stops at the first.
  std::string merged = replaced(
      replaced(kTwoCallsReport, "\"call_stack\": [\"x.mlir:3:10\"]",
               "\"call_stack\": [\"x.mlir:3:10\"], \"call_sites\": "
               "[[\"x.mlir:3:10\"], [\"x.mlir:4:10\"]]"),
      ",\n   {\"loc\": \"x.mlir:8:10\", \"op\": \"stablehlo.add\", "
      "\"kind\": \"equal\", \"verdict\": \"ub-possible\", \"condition\": "
      "\"%arg1[0] != %arg2[0]\", \"witness\": {\"%arg0[0]\": 2, "
      "\"%arg2[0]\": 2}, \"call_stack\": [\"x.mlir:4:10\"], \"message\": "
      "\"second call\"}",
      "");
  std::vector<std::string> failures = fake.compare(merged, 1, twoCalls());
  all.clear();
  for (const std::string &f : failures)
    all += f + "\n";
  INFO(all);
  CHECK(mentions(failures, "through calls"));
  CHECK(mentions(failures, "is false for"));
  CHECK(mentions(failures, "does not replay"));
  // Without the second call's finding: the oracle's UB there is missed.
  std::string missing = replaced(
      kTwoCallsReport,
      ",\n   {\"loc\": \"x.mlir:8:10\", \"op\": \"stablehlo.add\", "
      "\"kind\": \"equal\", \"verdict\": \"ub-possible\", \"condition\": "
      "\"%arg1[0] != %arg2[0]\", \"witness\": {\"%arg0[0]\": 2, "
      "\"%arg2[0]\": 2}, \"call_stack\": [\"x.mlir:4:10\"], \"message\": "
      "\"second call\"}",
      "");
  CHECK(
      mentions(fake.compare(missing, 1, twoCalls()), "reports nothing there"));
}

TEST_CASE("comparison: implied_by of a safe check, by brute force",
          "[exporters][compare][implied]") {
  Fake fake;
  ExportStats stats;
  std::vector<std::string> right =
      fake.compare(kImpliedReport, 0, implied(), &stats);
  std::string all;
  for (const std::string &f : right)
    all += f + "\n";
  INFO(all);
  CHECK(right.empty());
  CHECK(stats.impliedChecked == 1);
  CHECK(stats.impliedSufficient == 1);
  CHECK(stats.impliedMinimal == 1);
  struct Case {
    std::string to, reason;
  };
  std::vector<Case> cases = {
      {"[\"x.mlir:9:5\"]", "once every check but it and its implied_by"},
      {"[]", "once every check but it and its implied_by"},
      {"[\"x.mlir:7:5\", \"x.mlir:9:5\"]", "is not minimal"},
      {"[\"x.mlir:10:5\"]", "is not run before it"},
      {"[\"x.mlir:11:5\"]", "is not run before it"},
      {"[\"x.mlir:2:1\"]", "is at no op"},
  };
  for (const Case &c : cases) {
    INFO(c.to);
    std::vector<std::string> failures = fake.compare(
        replaced(kImpliedReport, "[\"x.mlir:7:5\"]", c.to), 0, implied());
    all.clear();
    for (const std::string &f : failures)
      all += f + "\n";
    INFO(all);
    CHECK(mentions(failures, c.reason));
  }
  CHECK(
      mentions(fake.compare(replaced(kImpliedReport,
                                     ", \"implied_by\": [\"x.mlir:7:5\"]", ""),
                            0, implied()),
               "has no \"implied_by\""));
}

TEST_CASE("comparison: a right report passes", "[exporters][compare]") {
  Fake fake;
  std::vector<std::string> failures = fake.compare(kReport, 1);
  std::string all;
  for (const std::string &f : failures)
    all += f + "\n";
  INFO(all);
  CHECK(failures.empty());
}

TEST_CASE("comparison: wrong reports fail, each for its reason",
          "[exporters][compare]") {
  Fake fake;
  struct Case {
    std::string from, to, reason;
  };
  std::vector<Case> cases = {
      {"\"kind\": \"assert\"", "\"kind\": \"broadcast\"", "of kind"},
      {"\"verdict\": \"ub-possible\", \"condition\": \"%arg0[0] == 0\"",
       "\"verdict\": \"safe\", \"condition\": \"%arg0[0] == 0\"",
       "is called safe"},
      {"%arg0[0] == 0\"", "%arg0[0] <= 1\"", "is true for"},
      {"%arg0[0] == 0\"", "%b == 0\"", "not a free symbol"},
      {"{\"%arg1[0]\": 2}", "{\"%arg1[0]\": 1}", "does not replay"},
      {"{\"%arg0[0]\": 0}", "{\"%arg0[0]\": 2}", "does not replay"},
      {", \"call_stack\": [\"x.mlir:7:10\"]", "", "no run reaches this op"},
      {"\"verdict\": \"ub-possible\", \"condition\": \"%arg0[0] != %arg1[0]\"",
       "\"verdict\": \"ub-guaranteed\", \"condition\": \"%arg0[0] != "
       "%arg1[0]\"",
       "symshape says ub-guaranteed"},
      {"\"opaque\": []",
       "\"opaque\": [{\"loc\": \"x.mlir:6:5\", \"op\": "
       "\"stablehlo.custom_call\", \"reason\": \"?\"}]",
       "opaque op"},
      {"\"requires\": \"%arg0[0] == %arg1[0]\"", "\"requires\": \"true\"",
       "contract \"requires\""},
      {"\"checked\": \"%arg0[0] >= 1\"", "\"checked\": \"true\"",
       "contract \"checked\""},
  };
  for (const Case &c : cases) {
    INFO(c.from << " -> " << c.to);
    std::vector<std::string> failures =
        fake.compare(replaced(kReport, c.from, c.to), 1);
    std::string all;
    for (const std::string &f : failures)
      all += f + "\n";
    INFO(all);
    CHECK(mentions(failures, c.reason));
  }
  // No finding at the check; no finding at the planted op; exit status.
  std::string noCheck = replaced(
      kReport,
      "{\"loc\": \"x.mlir:6:5\", \"op\": \"stablehlo.custom_call\", \"kind\": "
      "\"assert\", \"verdict\": \"ub-possible\", \"condition\": \"%arg0[0] == "
      "0\", \"witness\": {\"%arg0[0]\": 0}, \"message\": \"the check can "
      "fail\"},",
      "");
  CHECK(mentions(fake.compare(noCheck, 1), "no finding for the check"));
  std::string safeAdd =
      replaced(kReport, "\"kind\": \"equal\", \"verdict\": \"ub-possible\"",
               "\"kind\": \"equal\", \"verdict\": \"safe\"");
  std::vector<std::string> missed = fake.compare(safeAdd, 1);
  CHECK(mentions(missed, "planted add of two unrelated sizes"));
  CHECK(mentions(missed, "is called safe"));
  CHECK(mentions(fake.compare(kReport, 0), "symshape exits 0, expected 1"));
  CHECK(mentions(fake.compare("{\"files\": [", 1), "does not parse"));
}

TEST_CASE("comparison: a check that always fails", "[exporters][compare]") {
  Fake fake;
  std::vector<std::string> right = fake.compare(kDoomedReport, 1, doomed());
  std::string all;
  for (const std::string &f : right)
    all += f + "\n";
  INFO(all);
  CHECK(right.empty());
  CHECK(mentions(fake.compare(kDoomedReport, 0, doomed()),
                 "expected 1 (a check always fails)"));
  CHECK(mentions(fake.compare(replaced(kDoomedReport,
                                       "\"verdict\": \"ub-guaranteed\", "
                                       "\"witness\"",
                                       "\"verdict\": \"ub-possible\", "
                                       "\"condition\": \"true\", \"witness\""),
                              1, doomed()),
                 "symshape says ub-possible"));
  CHECK(mentions(
      fake.compare(replaced(kDoomedReport, "\"verdict\": \"unreachable\"",
                            "\"verdict\": \"ub-possible\", "
                            "\"witness\": {}"),
                   1, doomed()),
      "no run reaches this op"));
}

//===-- symshape itself on hand-written exports
//----------------------------===//

namespace {

// torch-mlir's older TCP lowering (npcomp): the contraction check of a
// matmul as `shape.cstr_require` of an `arith.cmpi`, gating the matmul in
// `shape.assuming`. The check can fail (%lhs[1] != %rhs[0]); the matmul it
// guards cannot.
const char *kCstrRequire = R"(module {
  func.func @forward(%lhs: tensor<?x?xf32>, %rhs: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = tensor.dim %lhs, %c1 : tensor<?x?xf32>
    %1 = tensor.dim %rhs, %c0 : tensor<?x?xf32>
    %2 = arith.cmpi eq, %0, %1 : index
    %3 = shape.cstr_require %2, "mismatching contracting dimension for matmul"
    %4 = shape.assuming %3 -> (tensor<?x?xf32>) {
      %5 = tensor.dim %lhs, %c0 : tensor<?x?xf32>
      %6 = tensor.dim %rhs, %c1 : tensor<?x?xf32>
      %7 = tensor.empty(%5, %6) : tensor<?x?xf32>
      %8 = linalg.matmul ins(%lhs, %rhs : tensor<?x?xf32>, tensor<?x?xf32>) outs(%7 : tensor<?x?xf32>) -> tensor<?x?xf32>
      shape.assuming_yield %8 : tensor<?x?xf32>
    }
    return %4 : tensor<?x?xf32>
  }
}
)";

// JAX's multi-platform export (lowering_platforms=("cpu", "cuda")): the
// wrapped main picks a platform's lowering with `stablehlo.case` on
// _platform_index (any index beyond the last picks the last branch); both
// branches keep the sizes. Then a loop (lax.fori_loop, %arg2 times) whose
// body keeps the carried sizes. The add of the result with %arg1 is safe
// whatever the index and the trip count.
const char *kPlatformCase =
    R"(module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32> {jax.global_constant = "_platform_index"}, %arg1: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg2: tensor<i64> {jax.arg_info = "n", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %0 = call @_wrapped_jax_export_main(%arg0, %arg1, %arg2) : (tensor<i32>, tensor<?x4xf32>, tensor<i64>) -> tensor<?x4xf32>
    return %0 : tensor<?x4xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "_platform_index"}, %arg1: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg2: tensor<i64> {jax.arg_info = "n", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %0 = "stablehlo.case"(%arg0) ({
      %4 = stablehlo.cosine %arg1 : tensor<?x4xf32>
      stablehlo.return %4 : tensor<?x4xf32>
    }, {
      %4 = stablehlo.sine %arg1 : tensor<?x4xf32>
      stablehlo.return %4 : tensor<?x4xf32>
    }) : (tensor<i32>) -> tensor<?x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %0) : tensor<i64>, tensor<?x4xf32>
     cond {
      %4 = stablehlo.compare  LT, %iterArg, %arg2,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i64>
      %4 = stablehlo.add %iterArg, %c_1 : tensor<i64>
      %5 = stablehlo.multiply %iterArg_0, %iterArg_0 : tensor<?x4xf32>
      stablehlo.return %4, %5 : tensor<i64>, tensor<?x4xf32>
    }
    %2 = stablehlo.add %1#1, %arg1 : tensor<?x4xf32>
    return %2 : tensor<?x4xf32>
  }
}
)";

// The same ops in generic form, which the oracle runs.
const char *kPlatformCaseTwin = R"(module {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<?x4xf32>, %arg2: tensor<i64>) -> tensor<?x4xf32> {
    %0 = "func.call"(%arg0, %arg1, %arg2) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<?x4xf32>, tensor<i64>) -> tensor<?x4xf32>
    "func.return"(%0) : (tensor<?x4xf32>) -> ()
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32>, %arg1: tensor<?x4xf32>, %arg2: tensor<i64>) -> tensor<?x4xf32> {
    %0 = "stablehlo.case"(%arg0) ({
      %4 = "stablehlo.cosine"(%arg1) : (tensor<?x4xf32>) -> tensor<?x4xf32>
      "stablehlo.return"(%4) : (tensor<?x4xf32>) -> ()
    }, {
      %4 = "stablehlo.sine"(%arg1) : (tensor<?x4xf32>) -> tensor<?x4xf32>
      "stablehlo.return"(%4) : (tensor<?x4xf32>) -> ()
    }) : (tensor<i32>) -> tensor<?x4xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %1:2 = "stablehlo.while"(%c, %0) ({
    ^bb0(%iterArg: tensor<i64>, %iterArg_0: tensor<?x4xf32>):
      %4 = "stablehlo.compare"(%iterArg, %arg2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%4) : (tensor<i1>) -> ()
    }, {
    ^bb0(%iterArg: tensor<i64>, %iterArg_0: tensor<?x4xf32>):
      %c_1 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
      %4 = "stablehlo.add"(%iterArg, %c_1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %5 = "stablehlo.multiply"(%iterArg_0, %iterArg_0) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
      "stablehlo.return"(%4, %5) : (tensor<i64>, tensor<?x4xf32>) -> ()
    }) : (tensor<i64>, tensor<?x4xf32>) -> (tensor<i64>, tensor<?x4xf32>)
    %2 = "stablehlo.add"(%1#1, %arg1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    "func.return"(%2) : (tensor<?x4xf32>) -> ()
  }
}
)";

ExportProgram handWritten(ExportFamily family, const char *text,
                          const std::string &entry,
                          const char *twin = nullptr) {
  ExportProgram p;
  p.family = family;
  p.variant = Variant::Clean;
  p.entry = entry;
  p.text = text;
  p.twin = twin ? twin : text;
  return p;
}

} // namespace

// SPEC 2 and 4 on the tool's own report: every finding at every call,
// each check's verdict and condition, every witness, the contract and the
// exit status agree with the oracle's brute force, and nothing is opaque.
TEST_CASE("symshape: hand-written exports agree with the oracle",
          "[exporters][symshape]") {
  std::vector<std::pair<std::string, ExportProgram>> programs = {
      {"a private callee called twice", twoCalls()},
      {"shape.cstr_require gating a matmul",
       handWritten(ExportFamily::Chlo, kCstrRequire, "forward")},
      {"multi-platform case and a size-keeping loop",
       handWritten(ExportFamily::Jax, kPlatformCase, "main",
                   kPlatformCaseTwin)},
  };
  char tmpl[] = "/tmp/symshape-exporters-tool-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  for (const auto &[name, program] : programs) {
    CompareOptions options;
    options.symshape = SYMSHAPE_CLI;
    options.tempDir = dir;
    options.requireContract = true;
    ExportStats stats;
    compareExport(program, options, stats);
    std::string all;
    for (const std::string &f : stats.failures)
      all += f + "\n";
    INFO(name << "\n" << all << summarize(program.family, stats));
    CHECK(stats.failures.empty());
    CHECK(stats.opaque == 0);
    CHECK(stats.exitRight == 1);
  }
  rmdir(dir.c_str());
}
