//===- ApiTest.cpp - The public API as an embedder uses it ----------------===//
//
// symshape/symshape.h alone (this file includes nothing else of symshape):
// results that carry their errors, findings that carry their obligation,
// verdict, condition and witness, each checked against what SEMANTICS.md
// says of the program and against the internal reports' text.
//
//===----------------------------------------------------------------------===//

#include "symshape/symshape.h"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace symshape;

namespace {

/// Two calls of a private function whose broadcast can fail (the golden
/// test output/private-calls.mlir).
const char *const kCalls =
    R"mlir(func.func public @main(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, %z: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = call @wrapped(%x, %z) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = call @wrapped(%y, %z) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}
func.func private @wrapped(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %b, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}
)mlir";

/// One add of two free sizes: UB exactly when they differ and neither is 1.
const char *const kAdd =
    "func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {\n"
    "  %0 = \"tosa.add\"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> "
    "tensor<?xf32>\n"
    "  return %0 : tensor<?xf32>\n"
    "}\n";

Session analysed(const char *text, Options options = {}) {
  Session session(std::move(options));
  Result<void> ok = session.addFile("t.mlir", text);
  REQUIRE(ok.ok());
  ok = session.analyze();
  REQUIRE(ok.message() == "");
  return session;
}

} // namespace

TEST_CASE("a parse error is a failed Result with a positioned diagnostic",
          "[api]") {
  Session session;
  Result<void> added =
      session.addFile("bad.mlir", "func.func @f(%a: tensor<?xf32>) {\n"
                                  "  %0 = \"tosa.add\"(%a, %a\n");
  REQUIRE_FALSE(added);
  REQUIRE_FALSE(added.diagnostics().empty());
  const Diagnostic &error = added.diagnostics().front();
  CHECK(error.severity == Severity::Error);
  CHECK(error.file == "bad.mlir");
  CHECK(error.message == "expected ')'");
  // At the end of the unfinished line, as the CLI reports it.
  CHECK(error.location() == "bad.mlir:2:25");
  CHECK(error.rendered == "bad.mlir:2:25: error: expected ')'\n"
                          "  %0 = \"tosa.add\"(%a, %a\n"
                          "                        ^\n");
  CHECK(added.message() == error.rendered);
}

TEST_CASE("an assumption that names no value fails analyze()", "[api]") {
  Options options;
  options.assumptions = {"%nope[0] == 2"};
  Session session(options);
  REQUIRE(session.addFile("t.mlir", kAdd));
  Result<void> result = session.analyze();
  REQUIRE_FALSE(result);
  CHECK(result.diagnostics().front().file == "<command-line>");
  CHECK(result.message().find("%nope") != std::string::npos);
  // A second call gives the same answer; the session has no functions.
  CHECK(session.analyze().message() == result.message());
  CHECK(session.functions().empty());
}

TEST_CASE("a finding's condition is a formula its printer writes", "[api]") {
  Session session = analysed(kAdd);
  std::vector<Finding> unsafe = session.function("@f")->unsafeFindings();
  REQUIRE(unsafe.size() == 1);
  // "%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]", as a tree.
  const Condition &c = unsafe[0].condition;
  REQUIRE(c.kind() == Condition::Kind::And);
  REQUIRE(c.children().size() == 3);
  const Condition &third = c.children()[2];
  CHECK(third.kind() == Condition::Kind::Compare);
  CHECK(third.op() == Condition::Op::Ne);
  CHECK(third.lhs().kind() == Term::Kind::Ref);
  CHECK(third.lhs().name() == "%a[0]");
  CHECK(third.lhs().valueName() == "%a");
  CHECK(third.lhs().dim() == 0);
  CHECK(third.rhs().name() == "%b[0]");
  CHECK(c.children()[0].rhs().kind() == Term::Kind::Const);
  CHECK(c.children()[0].rhs().value() == 1);
  // Evaluated at sizes: the witness violates the requirement, equal sizes
  // or a size 1 do not.
  CHECK(c.evaluate({{"%a[0]", 2}, {"%b[0]", 3}}) == std::optional<bool>(true));
  CHECK(c.evaluate({{"%a[0]", 3}, {"%b[0]", 3}}) == std::optional<bool>(false));
  CHECK(c.evaluate({{"%a[0]", 3}}, 1) == std::optional<bool>(false));
  CHECK_FALSE(c.evaluate({{"%a[0]", 3}}).has_value()); // %b[0] has no value
  CHECK(c.negated().kind() == Condition::Kind::Not);
  CHECK(c.negated().evaluate({{"%a[0]", 2}, {"%b[0]", 3}}) ==
        std::optional<bool>(false));
  // Built by hand, printed in the grammar; parsed back to the same text.
  Term x = Term::ref("%x[1]");
  Condition divisible =
      Condition::compare(Term::binary(Term::Kind::Mod, x, Term::constant(16)),
                         Condition::Op::Ne, Term::constant(0));
  CHECK(divisible.str() == "%x[1] mod 16 != 0");
  Condition either = Condition::disjunction(
      {Condition::conjunction({divisible, Condition::in(x, {2, 4})}),
       Condition::inRange(Term::binary(Term::Kind::Add, x, Term::constant(1)),
                          0, 8)});
  CHECK(either.str() ==
        "(%x[1] mod 16 != 0 && %x[1] in {2, 4}) || %x[1] + 1 in [0, 8]");
  CHECK(either.evaluate({{"%x[1]", 7}}) == std::optional<bool>(true));
  CHECK(either.evaluate({{"%x[1]", 20}}) == std::optional<bool>(false));
  std::optional<Condition> parsed = Condition::parse(either.str());
  REQUIRE(parsed);
  CHECK(parsed->str() == either.str());
  CHECK(parsed->kind() == Condition::Kind::Or);
  CHECK(Condition("(%a[0] + 1) * 2 <= max(%b[0], 3)").str() ==
        "(%a[0] + 1) * 2 <= max(%b[0], 3)");
  CHECK(Condition::negation(Condition::broadcastable({x, Term::constant(4)}))
            .negated()
            .str() == "broadcastable(%x[1], 4)");
  CHECK(Condition("not a formula").empty());
  CHECK(Term::binary(Term::Kind::FloorDiv, x, Term::constant(2))
            .evaluate({{"%x[1]", -3}}) == std::optional<int64_t>(-2));
  // Built in parentheses: the same tree as inParentheses() makes.
  Term sum = Term::binary(Term::Kind::Add, x, Term::constant(1), true);
  CHECK(sum.parenthesized());
  CHECK(sum ==
        Term::binary(Term::Kind::Add, x, Term::constant(1)).inParentheses());
  CHECK(Term::binary(Term::Kind::Mul, sum, Term::constant(2)).str() ==
        "(%x[1] + 1) * 2");
  CHECK_FALSE(Term::binary(Term::Kind::Max, x, sum, false).parenthesized());
}

TEST_CASE("a finding holds its obligation, verdict, condition and witness",
          "[api]") {
  Session session = analysed(kAdd);
  std::optional<Function> fn = session.function("@f");
  REQUIRE(fn);
  CHECK(fn->name() == "f");
  CHECK(fn->verdict() == Verdict::UbPossible);
  std::vector<Finding> unsafe = fn->unsafeFindings();
  REQUIRE(unsafe.size() == 1);
  const Finding &add = unsafe[0];
  CHECK(add.kind == "broadcast");
  CHECK(add.rule == "broadcastable");
  CHECK(add.op == "tosa.add");
  CHECK(add.loc.str() == "t.mlir:2:8");
  CHECK(add.callStack.empty());
  CHECK(add.verdict == Verdict::UbPossible);
  CHECK(add.severity == Severity::Warning);
  CHECK_FALSE(add.runtimeCheck);
  // SEMANTICS.md §4: UB exactly when both sizes differ from 1 and from
  // each other; the witness sets both (every other free size is 1).
  CHECK(add.condition.str() == "%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]");
  CHECK(add.condition.negated().str() ==
        "!(%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0])");
  std::ostringstream printed;
  printed << add.condition << " " << add.verdict << " " << add.loc;
  CHECK(printed.str() == add.condition.str() + " ub-possible t.mlir:2:8");
  REQUIRE(add.hasWitness);
  REQUIRE(add.witness.size() == 2);
  int64_t a = add.witness[0].second, b = add.witness[1].second;
  CHECK(add.witness[0].first == "%a[0]");
  CHECK(add.witness[1].first == "%b[0]");
  CHECK((a != 1 && b != 1 && a != b));
  // The text report says the same sentence at the same place.
  CHECK(session.text().find("t.mlir:2:8: warning: " + add.message) !=
        std::string::npos);
  // findings() lists every obligation, the unsafe one at its index.
  std::vector<Finding> all = fn->findings();
  REQUIRE(add.index < all.size());
  CHECK(all[add.index].condition == add.condition);
  for (const Finding &finding : all)
    CHECK((finding.safe() || finding.index == add.index));
  Summary summary = session.summary();
  CHECK(summary.ubPossible == 1);
  CHECK(summary.safe + summary.ubPossible == all.size());
  CHECK_FALSE(summary.noUb);
}

TEST_CASE("a finding in a private function names the calls that reach it",
          "[api]") {
  Session session = analysed(kCalls);
  std::optional<Function> main = session.function("main");
  REQUIRE(main);
  std::vector<Finding> unsafe = main->unsafeFindings();
  REQUIRE(unsafe.size() == 2);
  for (size_t k = 0; k < 2; ++k) {
    CHECK(unsafe[k].loc.str() == "t.mlir:11:8");
    REQUIRE(unsafe[k].callStack.size() == 1);
    CHECK(unsafe[k].callStack[0].caller == "main");
    CHECK(unsafe[k].callStack[0].loc.line == 2 + k);
  }
  // As the golden output/private-calls.mlir gives them.
  CHECK(unsafe[0].condition.str() == "%z[0] != 1 && %x[0] != %z[0]");
  CHECK(unsafe[1].condition.str() == "%z[0] != 1 && %y[0] != %z[0]");
  Contract contract = main->contract();
  CHECK(contract.exact);
  CHECK(contract.required.str() ==
        "%z[0] == 1 || (%x[0] == %z[0] && %y[0] == %z[0])");
  CHECK(contract.checked.isTrue());
}

TEST_CASE("shapes, refined types and equal sizes through the facade", "[api]") {
  Options options;
  options.assumptions = {"%a[0] == 8", "%b[0] == 1"};
  Session session = analysed(kAdd, options);
  std::optional<Function> fn = session.function("f");
  REQUIRE(fn);
  CHECK(fn->unsafeFindings().empty());
  CHECK(fn->shapeOf("%0") == std::vector<std::string>{"8"});
  CHECK(fn->refinedTypeOf("0") == std::string("tensor<8xf32>"));
  CHECK(fn->sameSize("%a", 0, "%0", 0));
  CHECK_FALSE(fn->sameSize("%b", 0, "%0", 0));
  CHECK_FALSE(fn->shapeOf("%nope"));
  std::vector<Value> values = fn->values();
  REQUIRE(values.size() == 3);
  CHECK(values[2].name == "%0");
  CHECK(values[2].type == "tensor<?xf32>");
  RefineStats stats;
  Result<std::string> refined = session.refine({}, &stats);
  REQUIRE(refined);
  CHECK(stats.refinedValues == 1); // %0
  CHECK(stats.castsInserted == 1); // before the return
  CHECK(stats.checksDropped == 0);
  CHECK(refined->find("-> tensor<8xf32>") != std::string::npos);
  CHECK(refined->find("tensor.cast %0 : tensor<8xf32> to tensor<?xf32>") !=
        std::string::npos);
}

TEST_CASE("refine() says why it cannot", "[api]") {
  Session session;
  REQUIRE(session.addFile("t.mlir", kAdd));
  CHECK(session.refine().message() ==
        "error: refine() needs a successful analyze()\n");
  REQUIRE(session.analyze());
  RefineOptions options;
  options.function = "@g";
  Result<std::string> refined = session.refine(options);
  REQUIRE_FALSE(refined);
  CHECK(refined.diagnostics()[0].message ==
        "no function named '@g' with a body");
  options = RefineOptions();
  options.file = "other.mlir";
  CHECK(session.refine(options).message() ==
        "error: no input named 'other.mlir'\n");
}

TEST_CASE("a session moves with the functions it gave out", "[api]") {
  Session first = analysed(kAdd);
  std::optional<Function> fn = first.function("f");
  REQUIRE(fn);
  Session second(std::move(first));
  Session third;
  third = std::move(second);
  CHECK(fn->unsafeFindings().size() == 1);
  CHECK(third.functions().size() == 1);
  CHECK(third.functions()[0].name() == "f");
}

TEST_CASE("split input keeps the pieces that parse", "[api]") {
  Options options;
  options.splitInput = true;
  Session session(options);
  std::string text = std::string(kAdd) + "// -----\nfunc.func @g(\n";
  Result<void> added = session.addFile("split.mlir", text);
  REQUIRE_FALSE(added);
  CHECK(added.diagnostics()[0].file == "split.mlir");
  // The file's numbering: the piece's only line is line 6.
  CHECK(added.diagnostics()[0].location() == "split.mlir:6:14");
  REQUIRE(session.analyze());
  REQUIRE(session.functions().size() == 1);
  CHECK(session.functions()[0].name() == "f");
  CHECK(session.diagnostics().size() >= 1);
}
