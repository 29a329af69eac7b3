//===- ExportersTest.cpp - The pieces of the exporters test ---------------===//
//
// Without symshape's lowering: the JSON reader and the SPEC section 6
// expressions the comparison reads the tool with; the oracle's runtime
// checks, calls and regions on hand-computed cases; and the generators
// (deterministic, read by the frontend, twin and text alike, the oracle
// agreeing with their intent). The comparison itself is tested in
// ExportersCompareTest.cpp.
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

//===-- JSON and expressions ----------------------------------------------===//

TEST_CASE("Json reads the report's shapes", "[exporters][json]") {
  std::string error;
  auto doc = Json::parse(
      R"({"a": [1, -2, 3.5, true, null], "b": {"c": "x\"\u00e9\n"}})", error);
  REQUIRE(doc);
  const Json *a = doc->get("a");
  REQUIRE(a);
  REQUIRE(a->items.size() == 5);
  CHECK(a->items[1].integral);
  CHECK(a->items[1].integer == -2);
  CHECK_FALSE(a->items[2].integral);
  CHECK(a->items[2].number == 3.5);
  CHECK(a->items[3].boolean);
  CHECK(doc->get("b")->get("c")->string == "x\"\xc3\xa9\n");
  CHECK(doc->get("missing") == nullptr);
  CHECK_FALSE(Json::parse("{\"a\": 1,}", error));
  CHECK_FALSE(Json::parse("[1] 2", error));
  CHECK_FALSE(Json::parse("\"open", error));
}

namespace {
bool holds(const std::string &text, const Sizes &s) {
  std::string error;
  std::optional<Expr> e = Expr::parse(text, error);
  INFO(text << ": " << error);
  REQUIRE(e);
  std::optional<bool> v = e->holds(s);
  REQUIRE(v);
  return *v;
}
} // namespace

TEST_CASE("Expr reads SPEC section 6", "[exporters][expr]") {
  Sizes s{{"%a[0]", 2}, {"%b", 3}, {"%arg0[1]", 0}};
  CHECK(holds("%a[0] not in {1, 4}", s));
  CHECK_FALSE(holds("%a[0] in {1, 4}", s));
  CHECK(holds("%a[0] in [2, 3]", s));
  CHECK_FALSE(holds("%a[0] in [3, 9]", s));
  CHECK(holds("(%a[0] + 1) * 2 == %b + 3", s));
  CHECK(holds("!(%a[0] == 1) && %b >= 2 || false", s));
  CHECK(holds("false || (%a[0] != %b)", s));
  CHECK(holds("%b mod 2 == 1 && %b floordiv 2 == 1 && %b ceildiv 2 == 2", s));
  CHECK(holds("max(%a[0], %b) - min(%a[0], %b) == 1", s));
  CHECK(holds("%arg0[1] - 1 == -1", s));
  CHECK(holds("%arg0[1] - 3 mod 2 == -1", s));  // mod binds tighter
  CHECK(holds("(%arg0[1] - 3) mod 2 == 1", s)); // floor semantics
  CHECK(holds("true", s));
  // broadcastable: the terms that are not 1 are all equal (SPEC section 6).
  CHECK(holds("broadcastable(%a[0], 1, %b - 1)", s));
  CHECK_FALSE(holds("broadcastable(%a[0], %b)", s));
  CHECK(holds("!broadcastable(%a[0], %b, 1) && broadcastable(1, 1)", s));
  std::string error;
  CHECK_FALSE(Expr::parse("broadcastable(%a[0])", error));
  CHECK_FALSE(Expr::parse("%a[0] ==", error));
  CHECK_FALSE(Expr::parse("%a[0] + 1", error)); // a term, not a formula
  CHECK_FALSE(Expr::parse("%a[0] in {}", error));
  auto e = Expr::parse("%c[0] == 1", error);
  REQUIRE(e);
  CHECK_FALSE(e->holds(s)); // no value for %c[0]
  CHECK(e->symbols() == std::set<std::string>{"%c[0]"});
  // An exporter's size keeps its `$` (torch's `$s1`).
  auto sized = Expr::parse("$s1 * 2 == %a[0] + $s1", error);
  REQUIRE(sized);
  CHECK(sized->symbols() == std::set<std::string>{"$s1", "%a[0]"});
  CHECK(*sized->holds({{"$s1", 2}, {"%a[0]", 2}}));
}

//===-- the oracle: checks, calls, regions --------------------------------===//

namespace {

struct Run {
  std::unique_ptr<frontend::Session> session;
  const frontend::Module *module = nullptr;
  OpTable table;

  explicit Run(const std::string &text) {
    session = std::make_unique<frontend::Session>(frontend::SessionOptions{});
    bool parsed = session->addFile("t.mlir", text);
    INFO(session->diagnostics().renderAll());
    REQUIRE(parsed);
    module = &session->files().front()->module;
    table = OpTable::of(*module);
  }
  models::OracleResult operator()(const models::Assignment &a) {
    models::Oracle oracle(*module);
    models::OracleResult r = oracle.run(module->functions.front(), a);
    INFO("unsupported: " << r.unsupported);
    REQUIRE(r.unsupported.empty());
    return r;
  }
  /// "name#k": the k-th op named `name` (pre-order), as an instance key.
  std::string op(const std::string &name, int k = 0) const {
    for (size_t i = 0; i < table.ops.size(); ++i)
      if (table.ops[i]->name == name && k-- == 0)
        return std::to_string(i);
    FAIL("no op " << name);
    return "";
  }
};

} // namespace

// cf.assert stops the program cleanly: a failed check, not UB; the later
// elementwise op, which needs equal sizes, is then never reached.
TEST_CASE("oracle: cf.assert stops the run, it is not UB",
          "[exporters][oracle]") {
  Run run(R"(func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %0 = "tensor.dim"(%a, %c0) : (tensor<?xf32>, index) -> index
  %1 = "tensor.dim"(%b, %c0) : (tensor<?xf32>, index) -> index
  %2 = "arith.index_cast"(%1) : (index) -> i64
  %3 = "arith.index_cast"(%0) : (index) -> i64
  %4 = "arith.cmpi"(%3, %2) <{predicate = 0 : i64}> : (i64, i64) -> i1
  "cf.assert"(%4) <{msg = "mismatched size for broadcast"}> : (i1) -> ()
  %5 = "arith.addf"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
})");
  models::OracleResult ok = run({{"%a[0]", 3}, {"%b[0]", 3}});
  CHECK_FALSE(ok.ub);
  CHECK_FALSE(ok.stopped);
  models::OracleResult stop = run({{"%a[0]", 3}, {"%b[0]", 2}});
  CHECK_FALSE(stop.ub);
  REQUIRE(stop.stopped);
  CHECK(stop.stopped->opIndex == 6);
  CHECK(run.table.key(stop.stopped->at) == run.op("cf.assert"));
  CHECK(stop.stopped->message.find("mismatched size for broadcast") !=
        std::string::npos);
  // The trace ends at the check.
  CHECK(stop.trace.back().first->name == "cf.assert");
}

// JAX's shape assertion on a dimension variable, with the i1 logic the
// predicates are built from: (d >= 1) and not (d == 3), d % 2 == 0 checked
// through remainder, select and xor on i1.
TEST_CASE("oracle: shape_assertion reads integer tensors exactly",
          "[exporters][oracle]") {
  Run run(R"(func.func @f(%x: tensor<?x4xf32>) {
  %c1 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
  %c2 = "stablehlo.constant"() <{value = dense<2> : tensor<i64>}> : () -> tensor<i64>
  %c3 = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
  %t = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
  %0 = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?x4xf32>) -> tensor<i32>
  %1 = "stablehlo.convert"(%0) : (tensor<i32>) -> tensor<i64>
  %2 = "stablehlo.compare"(%1, %c1) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %3 = "stablehlo.compare"(%1, %c3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %4 = "stablehlo.not"(%3) : (tensor<i1>) -> tensor<i1>
  %5 = "stablehlo.and"(%2, %4) : (tensor<i1>, tensor<i1>) -> tensor<i1>
  "stablehlo.custom_call"(%5, %1) <{call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "d >= 1 and d != 3"} : (tensor<i1>, tensor<i64>) -> ()
  %6 = "stablehlo.remainder"(%1, %c2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %7 = "stablehlo.compare"(%6, %c1) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %8 = "stablehlo.xor"(%7, %t) : (tensor<i1>, tensor<i1>) -> tensor<i1>
  %9 = "stablehlo.select"(%8, %t, %7) : (tensor<i1>, tensor<i1>, tensor<i1>) -> tensor<i1>
  "stablehlo.custom_call"(%9) <{call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "d even"} : (tensor<i1>) -> ()
  return
})");
  // The first check fails for d = 0 and d = 3. The second reads
  // %8 = even xor true = odd and %9 = select(odd, true, even): always true,
  // a redundant check.
  for (int64_t d = 0; d <= 6; ++d) {
    models::OracleResult r = run({{"%x[0]", d}});
    CHECK_FALSE(r.ub);
    bool first = d >= 1 && d != 3;
    INFO("d = " << d);
    if (!first) {
      REQUIRE(r.stopped);
      CHECK(run.table.key(r.stopped->at) == run.op("stablehlo.custom_call", 0));
    } else {
      CHECK_FALSE(r.stopped);
    }
  }
}

// A private callee: UB inside it is at its own op, reached through the
// call (the top-level op index is the call's); a failed check inside it
// stops the run there.
TEST_CASE("oracle: UB and checks inside a callee carry the call stack",
          "[exporters][oracle]") {
  Run run(R"(func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) {
  %0 = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?xf32>) -> tensor<i32>
  %1 = "func.call"(%0, %x, %y) <{callee = @g}> : (tensor<i32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
func.func private @g(%b: tensor<i32> {jax.global_constant = "b"}, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c = "stablehlo.constant"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "stablehlo.compare"(%b, %c) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
  "stablehlo.custom_call"(%0) <{call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "b <= 4"} : (tensor<i1>) -> ()
  %1 = "stablehlo.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  "func.return"(%1) : (tensor<?xf32>) -> ()
})");
  std::string call = run.op("func.call");
  models::OracleResult ub = run({{"%x[0]", 2}, {"%y[0]", 3}});
  REQUIRE(ub.ub);
  CHECK(ub.ub->opIndex == 1); // the call, among @main's ops
  CHECK(run.table.key(ub.ub->at) == call + ">" + run.op("stablehlo.add"));
  models::OracleResult stop = run({{"%x[0]", 5}, {"%y[0]", 5}});
  CHECK_FALSE(stop.ub);
  REQUIRE(stop.stopped);
  CHECK(run.table.key(stop.stopped->at) ==
        call + ">" + run.op("stablehlo.custom_call"));
  // The callee's ops are traced with the call on their stack.
  bool sawCallee = false;
  for (const auto &[op, stack] : stop.trace)
    if (op->name == "stablehlo.compare")
      sawCallee = stop.stacks[stack].size() == 1;
  CHECK(sawCallee);
  CHECK_FALSE(run({{"%x[0]", 4}, {"%y[0]", 4}}).ub);
}

// chlo's lowering: cstr_broadcastable stops the run when the shapes do not
// broadcast; shape.assuming runs its region and yields its results; UB
// inside the region is at the region's op.
TEST_CASE("oracle: shape.cstr_broadcastable and shape.assuming",
          "[exporters][oracle]") {
  Run run(
      R"(func.func @f(%a: tensor<?xf32>, %b: tensor<?x?xf32>, %z: tensor<?xf32>) {
  %0 = "shape.shape_of"(%a) : (tensor<?xf32>) -> tensor<1xindex>
  %1 = "shape.shape_of"(%b) : (tensor<?x?xf32>) -> tensor<2xindex>
  %2 = "shape.cstr_broadcastable"(%0, %1) : (tensor<1xindex>, tensor<2xindex>) -> !shape.witness
  %3 = "shape.assuming"(%2) ({
    %4 = "shape.broadcast"(%0, %1) : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
    %5 = "stablehlo.dynamic_broadcast_in_dim"(%a, %4) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %6 = "stablehlo.dynamic_broadcast_in_dim"(%z, %4) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    "shape.assuming_yield"(%5) : (tensor<?x?xf32>) -> ()
  }) : (!shape.witness) -> tensor<?x?xf32>
  %7 = "shape.const_shape"() <{shape = dense<[2, 4]> : tensor<2xindex>}> : () -> tensor<2xindex>
  %8 = "shape.cstr_eq"(%7, %1) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
  return
})");
  // [3] vs [2, 2]: not broadcastable.
  models::OracleResult stop =
      run({{"%a[0]", 3}, {"%b[0]", 2}, {"%b[1]", 2}, {"%z[0]", 1}});
  REQUIRE(stop.stopped);
  CHECK(run.table.key(stop.stopped->at) == run.op("shape.cstr_broadcastable"));
  // [1] vs [2, 4]: the region broadcasts %a to [2, 4]; %z = 3 fits neither
  // 1 nor 4: UB inside the region, at the broadcast of %z.
  models::OracleResult ub =
      run({{"%a[0]", 1}, {"%b[0]", 2}, {"%b[1]", 4}, {"%z[0]", 3}});
  REQUIRE(ub.ub);
  CHECK(ub.ub->opIndex == 3); // shape.assuming among the top-level ops
  CHECK(run.table.key(ub.ub->at) ==
        run.op("stablehlo.dynamic_broadcast_in_dim", 1));
  // %z = 4 fits; the region yields [2, 4]; cstr_eq of [2, 4] and [2, 4].
  models::OracleResult ok =
      run({{"%a[0]", 1}, {"%b[0]", 2}, {"%b[1]", 4}, {"%z[0]", 4}});
  CHECK_FALSE(ok.ub);
  CHECK_FALSE(ok.stopped);
  CHECK(ok.shapes["3"] == std::vector<int64_t>{2, 4});
  // [2, 3] is not [2, 4]: cstr_eq stops the run.
  models::OracleResult neq =
      run({{"%a[0]", 3}, {"%b[0]", 2}, {"%b[1]", 3}, {"%z[0]", 1}});
  REQUIRE(neq.stopped);
  CHECK(run.table.key(neq.stopped->at) == run.op("shape.cstr_eq"));
}

TEST_CASE("oracle: a rank-0 integer argument is a free symbol",
          "[exporters][oracle]") {
  Run run(R"(func.func @f(%n: tensor<i64>, %x: tensor<?xf32>) {
  %0 = "stablehlo.convert"(%n) : (tensor<i64>) -> tensor<i32>
  %1 = "stablehlo.reshape"(%0) : (tensor<i32>) -> tensor<1xi32>
  %2 = "stablehlo.dynamic_reshape"(%x, %1) : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
})");
  CHECK(models::Oracle::symbols(run.module->functions.front()) ==
        std::vector<std::string>{"%n", "%x[0]"});
  CHECK_FALSE(run({{"%n", 3}, {"%x[0]", 3}}).ub);
  CHECK(run({{"%n", 2}, {"%x[0]", 3}}).ub);
}

//===-- the generators ----------------------------------------------------===//

TEST_CASE("generated programs: deterministic, read alike, as intended",
          "[exporters][gen]") {
  for (ExportFamily f :
       {ExportFamily::Jax, ExportFamily::Torch, ExportFamily::Chlo})
    for (Variant v : {Variant::Clean, Variant::Planted, Variant::Doomed})
      for (uint64_t seed = 1; seed <= 10; ++seed) {
        ExportProgram p = generateExport(f, seed, v);
        INFO(familyName(f) << " seed " << seed << " " << variantName(v) << "\n"
                           << p.text);
        CHECK(p.text == generateExport(f, seed, v).text);
        frontend::Session text{frontend::SessionOptions{}},
            twin{frontend::SessionOptions{}};
        REQUIRE(text.addFile("text.mlir", p.text));
        REQUIRE(twin.addFile("twin.mlir", p.twin));
        OpTable a = OpTable::of(text.files().front()->module),
                b = OpTable::of(twin.files().front()->module);
        REQUIRE(a.ops.size() == b.ops.size());
        size_t checks = 0;
        for (size_t k = 0; k < a.ops.size(); ++k) {
          // (Whether the frontend reads each custom form is symshape's
          // business: the comparison reports ops it skipped as opaque.)
          CHECK(a.ops[k]->name == b.ops[k]->name);
          checks += isCheck(*b.ops[k]);
        }
        CHECK(checks > 0); // every program is guarded
        CHECK(p.planted.has_value() == (p.variant == Variant::Planted));
        CHECK(p.doomed.has_value() == (p.variant == Variant::Doomed));
        CHECK(checkIntent(p) == "");
      }
}

// The generators' intent checker itself must see a planted op that is not
// there and UB in a program said to be clean.
TEST_CASE("the intent check can fail", "[exporters][gen]") {
  ExportProgram planted =
      generateExport(ExportFamily::Jax, 5, Variant::Planted);
  ExportProgram clean = planted;
  clean.variant = Variant::Clean;
  clean.planted.reset();
  CHECK(checkIntent(clean).find("UB at") != std::string::npos);
  ExportProgram wrong = planted;
  wrong.planted->result = "%0";
  CHECK(checkIntent(wrong).find("no UB at the planted op") !=
        std::string::npos);
}
