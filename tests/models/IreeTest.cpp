//===- IreeTest.cpp - IREE's input ops: the oracle and the comparison -----===//
//
// Hand-computed cases of the oracle's IREE entries (oracle/Iree.cpp), then
// programs in IREE's printed style compared with symshape: brute force over
// the box, per op, and every witness replayed (Compare.h).
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::models;
using Shape = std::vector<int64_t>;

namespace {

/// Runs the oracle on @f of `text` with `sizes`.
OracleResult run(const std::string &text, const Assignment &sizes) {
  frontend::Session session{frontend::SessionOptions{}};
  bool parsed = session.addFile("t.mlir", text);
  INFO(session.diagnostics().renderAll());
  REQUIRE(parsed);
  const frontend::Module &module = session.files().front()->module;
  const frontend::Function *f = nullptr;
  for (const frontend::Function &fn : module.functions)
    if (fn.name == "f")
      f = &fn;
  REQUIRE(f);
  OracleResult r = Oracle(module).run(*f, sizes);
  INFO("unsupported: " << r.unsupported);
  REQUIRE(r.unsupported.empty());
  return r;
}

void requireUbAt(const OracleResult &r, size_t op, const std::string &part) {
  REQUIRE(r.ub);
  INFO(r.ub->rule);
  CHECK(r.ub->opIndex == op);
  CHECK(r.ub->rule.find(part) != std::string::npos);
}

Program program(const std::string &text, int plantedOp) {
  Program p;
  p.family = Family::Linalg;
  p.text = text;
  p.twin = text; // the frontend reads IREE's custom forms for both sides
  p.plantedOp = plantedOp;
  p.plantedWhat = "hand-written";
  return p;
}

/// `ops` counts the top-level ops of @model including the return.
void requireAgreement(const Program &p, size_t ops) {
  FamilyStats stats;
  compareProgram(p, stats);
  std::string all;
  for (const std::string &f : stats.failures)
    all += f + "\n";
  INFO(all << summarize(p.family, stats));
  CHECK(stats.failures.empty());
  CHECK(stats.bruteAgree == ops);
  CHECK(stats.plantedFound == (p.plantedOp >= 0 ? 1u : 0u));
}

} // namespace

//===-- the oracle, by hand -----------------------------------------------===//

TEST_CASE("oracle: tie_shape and export require the listed sizes",
          "[models][iree]") {
  std::string text = R"(
util.func public @f(%x: tensor<?x4xf32>, %n: index) {
  %0 = util.optimization_barrier %x : tensor<?x4xf32>
  %1 = flow.tensor.tie_shape %0 : tensor<?x4xf32>{%n}
  %2 = hal.tensor.export %1 "output0" : tensor<?x4xf32>{%n} -> !hal.buffer_view
  %3 = hal.buffer_view.dim<%2 : !hal.buffer_view>[1] : index
  %4 = tensor.empty(%3) : tensor<?xf32>
  util.return
})";
  OracleResult ok = run(text, {{"%x[0]", 3}, {"%n", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["1"] == Shape{3, 4});
  CHECK(ok.shapes["4"] == Shape{4}); // dim 1 of the exported view
  requireUbAt(run(text, {{"%x[0]", 3}, {"%n", 2}}), 1,
              "dim 0 is 3, the dims list says 2");
}

TEST_CASE("oracle: imports, constants and globals have their static sizes",
          "[models][iree]") {
  std::string text = R"(
util.global private @w = #stream.parameter.named<"model"::"w"> : tensor<4x8xf32>
util.func public @f(%v: !hal.buffer_view, %n: index) {
  %0 = hal.tensor.import %v "input0" : !hal.buffer_view -> tensor<?x8xf32>{%n}
  %1 = flow.tensor.dynamic_constant dense<1.0> : tensor<2x3xf32> -> tensor<?x?xf32>
  %2 = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %3 = util.unfoldable_constant 7 : index
  %4 = tensor.empty(%3) : tensor<?xf32>
  %p = util.global.address @w : !util.ptr<tensor<4x8xf32>>
  %5 = util.global.load.indirect %p : !util.ptr<tensor<4x8xf32>> -> tensor<?x8xf32>
  %6 = util.global.load @w : tensor<4x?xf32>
  util.return
})";
  OracleResult r = run(text, {{"%n", 5}});
  REQUIRE(!r.ub);
  CHECK(r.shapes["0"] == Shape{5, 8});
  CHECK(r.shapes["1"] == Shape{2, 3});
  CHECK(r.shapes["2"] == Shape{2});
  CHECK(r.shapes["4"] == Shape{7});
  CHECK(r.shapes["5"] == Shape{4, 8});
  CHECK(r.shapes["6"] == Shape{4, 8});
}

TEST_CASE("oracle: util.assume.int is UB unless a row holds, unsigned",
          "[models][iree]") {
  std::string text = R"(
util.func public @f(%n: index, %m: i32) {
  %0 = util.assume.int %n<umin = 1, umax = 8, udiv = 2> : index
  %1:2 = util.assume.int %n[<umin = 4>, <udiv = 3>], %m<umax = 3> : index, i32
  util.return
})";
  CHECK(!run(text, {{"%n", 6}, {"%m", 3}}).ub);
  // 6 is in the first row (and the first alternative of the second op).
  requireUbAt(run(text, {{"%n", 5}, {"%m", 0}}), 0, "breaks");
  requireUbAt(run(text, {{"%n", 0}, {"%m", 0}}), 0, "breaks");
  // -1 as an unsigned i32 is 2^32 - 1 > 3.
  requireUbAt(run(text, {{"%n", 6}, {"%m", -1}}), 1, "operand #1 = -1");
}

//===-- symshape against the oracle ---------------------------------------===//

TEST_CASE("comparison: a correct IREE program", "[models][iree]") {
  requireAgreement(program(R"(
util.global private @w = dense<1.0> : tensor<4xf32>
util.func private @twice(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = arith.addf %a, %a : tensor<?x4xf32>
  util.return %0 : tensor<?x4xf32>
}
util.func public @model(%x: tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  %b = util.optimization_barrier %x : tensor<?x4xf32>
  %t = flow.tensor.tie_shape %b : tensor<?x4xf32>{%d}
  %u = util.call @twice(%t) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %c = flow.tensor.dynamic_constant dense<1.0> : tensor<2x4xf32> -> tensor<?x4xf32>
  %s = tensor.cast %c : tensor<?x4xf32> to tensor<2x4xf32>
  %p = util.global.address @w : !util.ptr<tensor<4xf32>>
  %w = util.global.load.indirect %p : !util.ptr<tensor<4xf32>> -> tensor<?xf32>
  %ws = tensor.cast %w : tensor<?xf32> to tensor<4xf32>
  %v = hal.tensor.export %u : tensor<?x4xf32>{%d} -> !hal.buffer_view
  %e = hal.buffer_view.dim<%v : !hal.buffer_view>[1] : index
  %z = tensor.empty(%e) : tensor<?xf32>
  %zz = tensor.cast %z : tensor<?xf32> to tensor<4xf32>
  util.return
})",
                           -1),
                   15);
}

TEST_CASE("comparison: a tie_shape that lists another size (ub-possible)",
          "[models][iree]") {
  requireAgreement(program(R"(
util.func public @model(%x: tensor<?x4xf32>, %n: index) {
  %b = util.optimization_barrier %x : tensor<?x4xf32>
  %t = flow.tensor.tie_shape %b : tensor<?x4xf32>{%n}
  %e = tensor.empty(%n) : tensor<?xf32>
  util.return
})",
                           1),
                   4);
}

TEST_CASE("comparison: an export of a constant with a wrong size "
          "(ub-guaranteed)",
          "[models][iree]") {
  requireAgreement(program(R"(
util.func public @model(%x: tensor<?xf32>) {
  %c3 = arith.constant 3 : index
  %c = flow.tensor.dynamic_constant dense<1.0> : tensor<2x4xf32> -> tensor<?x4xf32>
  %v = hal.tensor.export %c "output0" : tensor<?x4xf32>{%c3} -> !hal.buffer_view
  util.return
})",
                           2),
                   4);
}

TEST_CASE("comparison: a weight of the wrong size for the input "
          "(ub-possible)",
          "[models][iree]") {
  requireAgreement(program(R"(
util.global private @w = #stream.parameter.named<"model"::"w"> : tensor<4xf32>
util.func public @model(%x: tensor<?xf32>) {
  %p = util.global.address @w : !util.ptr<tensor<4xf32>>
  %w = util.global.load.indirect %p : !util.ptr<tensor<4xf32>> -> tensor<4xf32>
  %c = tensor.cast %w : tensor<4xf32> to tensor<?xf32>
  %s = arith.addf %x, %c : tensor<?xf32>
  util.return
})",
                           3),
                   5);
}
