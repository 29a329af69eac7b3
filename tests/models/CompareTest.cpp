//===- CompareTest.cpp - The comparison on ops symshape already models ----===//
//
// The comparison machinery (op mapping, brute force, guaranteed-vs-possible,
// witness replay) checked end to end on hand-written programs made only of
// ops symshape modelled before issue 11 (tosa broadcasting, tensor.cast),
// where symshape and the oracle must agree today.
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include <catch2/catch.hpp>

using namespace symshape::models;

namespace {

Program handWritten(const std::string &body, const std::string &args,
                    int plantedOp) {
  Program p;
  p.family = Family::Tosa;
  p.text = "func.func @model(" + args + ") {\n" + body + "\n  return\n}\n";
  p.twin = p.text;
  p.plantedOp = plantedOp;
  p.plantedWhat = "hand-written";
  return p;
}

/// `ops` counts the top-level ops including the return.
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

const char *kArgs = "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, "
                    "%z: tensor<1x4xf32>, %t: tensor<3x4xf32>";

} // namespace

TEST_CASE("comparison: a correct broadcasting program", "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.mul"(%0, %z) {shift = 0 : i32} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.sub"(%1, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kArgs, -1),
                   4);
}

TEST_CASE("comparison: a planted batch mismatch (ub-possible)",
          "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %z) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%0, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.sub"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kArgs, 1),
                   4);
}

TEST_CASE("comparison: a planted wrong static result (ub-guaranteed)",
          "[models][compare]") {
  // Either the broadcast of %x with 3 fails, or the result is 3, not 2.
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%x, %t) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>)",
                               kArgs, 1),
                   3);
}

TEST_CASE("comparison: a wrong claim about the planted op is caught",
          "[models][compare]") {
  FamilyStats stats;
  compareProgram(handWritten(R"(
  %0 = "tosa.add"(%x, %z) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%0, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                             kArgs, 0),
                 stats);
  CHECK(stats.plantedMissed == 1);
  CHECK(stats.falseAlarms >= 1);
  CHECK(!stats.failures.empty());
}

// dynamic_broadcast_in_dim's expansion hints are promises (a non-expanding
// dim equals its result dim, an expanding one is 1): the oracle and
// symshape read them independently.
const char *kHintPrefix = R"(
  %g = "stablehlo.get_dimension_size"(%y) {dimension = 0 : i64} : (tensor<?x4xf32>) -> tensor<i32>
  %r = "stablehlo.reshape"(%g) : (tensor<i32>) -> tensor<1xi32>
  %c = "stablehlo.constant"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "stablehlo.concatenate"(%r, %c) {dimension = 0 : i64} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>)";

TEST_CASE("comparison: expansion hints that hold", "[models][compare]") {
  requireAgreement(handWritten(std::string(kHintPrefix) + R"(
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%z, %s) {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %1 = "stablehlo.dynamic_broadcast_in_dim"(%y, %s) {broadcast_dimensions = array<i64: 0, 1>, known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>)",
                               kArgs, -1),
                   7);
}

TEST_CASE("comparison: a non-expanding hint that can fail",
          "[models][compare]") {
  // %z's 1 broadcasts to any %y[0]; the hint says it does not, so every
  // %y[0] other than 1 is UB (without the hint the op is safe).
  requireAgreement(handWritten(std::string(kHintPrefix) + R"(
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%z, %s) {broadcast_dimensions = array<i64: 0, 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>)",
                               kArgs, 4),
                   6);
}

TEST_CASE("comparison: an expanding hint on a size that is not 1",
          "[models][compare]") {
  // Without the hint the op is safe (1 expands, 4 equals 4).
  requireAgreement(handWritten(std::string(kHintPrefix) + R"(
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%z, %s) {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 1>} : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>)",
                               kArgs, 4),
                   6);
}

// Shape dialect sizes and shapes beyond seed 004: shape.dim, shape.div (by
// a positive constant) and shape.concat feed tensor sizes exactly.
TEST_CASE("comparison: shape.dim and shape.concat carry sizes exactly",
          "[models][compare]") {
  requireAgreement(handWritten(R"(
  %c0 = arith.constant 0 : index
  %a = shape.dim %x, %c0 : tensor<?x4xf32>, index -> index
  %e = tensor.empty(%a) : tensor<?x4xf32>
  %0 = "tosa.add"(%e, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = shape.shape_of %z : tensor<1x4xf32> -> tensor<2xindex>
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %cc = shape.concat %s, %sx : tensor<2xindex>, tensor<2xindex> -> tensor<4xindex>
  %b = "stablehlo.dynamic_broadcast_in_dim"(%x, %cc) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x4xf32>, tensor<4xindex>) -> tensor<1x4x?x4xf32>)",
                               kArgs, -1),
                   9);
}

TEST_CASE("comparison: half a size broadcast with the size",
          "[models][compare]") {
  // floor(%x[0] / 2) against %x[0]: UB from %x[0] = 4 on (in the box).
  requireAgreement(handWritten(R"(
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = shape.dim %x, %c0 : tensor<?x4xf32>, index -> index
  %h = shape.div %a, %c2 : index, index -> index
  %e = tensor.empty(%h) : tensor<?x4xf32>
  %0 = "tosa.add"(%e, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kArgs, 5),
                   7);
}

// Functions of several blocks: the oracle follows the branch the i1
// argument picks (any nonzero value of %c is true), symshape judges each
// block under what runs on every path to it.
const char *kCfgArgs = "%x: tensor<?x4xf32>, %c: i1";

TEST_CASE("comparison: block arguments carry the sizes every branch passes",
          "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<?x4xf32>), ^bb2(%0 : tensor<?x4xf32>)
^bb1(%a: tensor<?x4xf32>):
  %1 = "tosa.sub"(%a, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  cf.br ^bb2(%1 : tensor<?x4xf32>)
^bb2(%m: tensor<?x4xf32>):
  %2 = "tosa.add"(%m, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kCfgArgs, -1),
                   6);
}

TEST_CASE("comparison: a block dominated by a cast assumes it",
          "[models][compare]") {
  requireAgreement(handWritten(R"(
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  %0 = tensor.cast %x : tensor<?x4xf32> to tensor<3x4xf32>
  cf.br ^bb2
^bb2:
  %1 = tensor.cast %x : tensor<?x4xf32> to tensor<3x4xf32>
  cf.br ^bb3
^bb3:)",
                               kCfgArgs, 1),
                   6);
}

TEST_CASE("comparison: a sibling block's cast is not assumed",
          "[models][compare]") {
  // Both casts can fail; the second is not guaranteed to (the first may
  // not have run). Two non-safe ops: only the agreement is checked.
  FamilyStats stats;
  compareProgram(handWritten(R"(
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = tensor.cast %x : tensor<?x4xf32> to tensor<3x4xf32>
  return
^bb2:
  %1 = tensor.cast %x : tensor<?x4xf32> to tensor<2x4xf32>)",
                             kCfgArgs, 3),
                 stats);
  std::string all;
  for (const std::string &f : stats.failures)
    all += f + "\n";
  INFO(all);
  CHECK(stats.bruteAgree == 5);
  CHECK(stats.plantedFound == 1);
  CHECK(stats.witnessFailed == 0);
  CHECK(stats.falseAlarms == 1); // the cast in ^bb1: not the planted op
}

// max / min of sizes (arith.maxsi / minsi, shape.max, stablehlo.maximum
// on size values) are terms of their own: exact conditions, no cut chain.
TEST_CASE("comparison: max and min of sizes", "[models][compare]") {
  // min(%x[0], max(%x[0], %y[0])) is %x[0]: the add is safe. The
  // broadcast of %x to max(shape(%x), shape(%y)) fails when
  // 1 != %x[0] < %y[0] (op 10, planted).
  requireAgreement(handWritten(R"(
  %c0 = arith.constant 0 : index
  %a = tensor.dim %x, %c0 : tensor<?x4xf32>
  %b = tensor.dim %y, %c0 : tensor<?x4xf32>
  %m = arith.maxsi %a, %b : index
  %n = shape.min %a, %m : index, index -> index
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %0 = "tosa.add"(%e, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<?x4xf32> -> tensor<2xindex>
  %u = shape.max %s, %sy : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %v = "stablehlo.dynamic_broadcast_in_dim"(%x, %u) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>)",
                               kArgs, 10),
                   12);
}

// linalg.pack / unpack (generic form): dest outer dims are exact tile
// counts (current MLIR), tensor.pack's only large enough (MLIR 16-19).
TEST_CASE("comparison: pack into a dest sized by ceildiv, unpack elsewhere",
          "[models][compare]") {
  // The pack is safe; unpacking into %y needs %x[0] and %y[0] to take as
  // many tiles of 8: in the box, both 0 or both not 0 (op 6).
  requireAgreement(
      handWritten(R"(
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %o = arith.ceildivsi %n, %c8 : index
  %e = tensor.empty(%o) : tensor<?x4x8xf32>
  %p = "linalg.pack"(%x, %e, %z) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_inner_tiles = array<i64: 8>}> : (tensor<?x4xf32>, tensor<?x4x8xf32>, f32) -> tensor<?x4x8xf32>
  %u = "linalg.unpack"(%p, %y) <{inner_dims_pos = array<i64: 0>, static_inner_tiles = array<i64: 8>}> : (tensor<?x4x8xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                  "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, %z: f32", 6),
      8);
}

TEST_CASE("comparison: a pack without padding_value needs whole tiles",
          "[models][compare]") {
  // The dest holds %x[0] ceildiv 2 tiles of 2: enough, but without a
  // padding_value an odd %x[0] is UB (op 5).
  requireAgreement(handWritten(R"(
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %o = arith.ceildivsi %n, %c2 : index
  %e = tensor.empty(%o) : tensor<?x4x2xf32>
  %p = "linalg.pack"(%x, %e) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 2>}> : (tensor<?x4xf32>, tensor<?x4x2xf32>) -> tensor<?x4x2xf32>)",
                               kArgs, 5),
                   7);
}

// An unpack whose packed tensor has one tile more than its dest needs:
// "artificial padding", UB in current MLIR (linalg.unpack), allowed by
// MLIR 16-19 (tensor.unpack). The dest has 8 * (%x[0] - 1) rows (0 when
// %x[0] <= 1), so only %x[0] = 0 needs no tile beyond.
const char *kArtificialPadding = R"(
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %m = arith.subi %n, %c1 : index
  %r = arith.muli %m, %c8 : index
  %l = arith.maxsi %r, %c0 : index
  %e = tensor.empty(%l) : tensor<?xf32>)";

TEST_CASE("comparison: linalg.unpack with a tile beyond the last",
          "[models][compare]") {
  requireAgreement(handWritten(std::string(kArtificialPadding) + R"(
  %u = "linalg.unpack"(%x, %e) <{inner_dims_pos = array<i64: 0>, static_inner_tiles = array<i64: 8>}> : (tensor<?x8xf32>, tensor<?xf32>) -> tensor<?xf32>)",
                               "%x: tensor<?x8xf32>", 8),
                   10);
}

TEST_CASE("comparison: tensor.unpack of MLIR 16 allows that tile",
          "[models][compare]") {
  requireAgreement(handWritten(std::string(kArtificialPadding) + R"(
  %u = "tensor.unpack"(%x, %e) {inner_dims_pos = array<i64: 0>, static_inner_tiles = array<i64: 8>} : (tensor<?x8xf32>, tensor<?xf32>) -> tensor<?xf32>)",
                               "%x: tensor<?x8xf32>", -1),
                   10);
}

TEST_CASE("comparison: a pack by a tile value, without padding",
          "[models][compare]") {
  // %t > 0, %d[1] == %t and %x[0] == %d[0] * %t: one op, several ways to
  // fail.
  requireAgreement(
      handWritten(R"(
  %0 = "linalg.pack"(%x, %d, %t) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 0, 1>, static_inner_tiles = array<i64: -9223372036854775808>}> : (tensor<?xf32>, tensor<?x?xf32>, index) -> tensor<?x?xf32>)",
                  "%x: tensor<?xf32>, %d: tensor<?x?xf32>, %t: index", 0),
      2);
}

TEST_CASE("comparison: tensor.pack of MLIR 16 may pad beyond the last tile",
          "[models][compare]") {
  // No padding_value: 2 divides %x[0] and %d[0] >= %x[0] / 2.
  requireAgreement(handWritten(R"(
  %0 = "tensor.pack"(%x, %d) {inner_dims_pos = array<i64: 0>, operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 2>} : (tensor<?xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %1 = "tensor.unpack"(%0, %x) {inner_dims_pos = array<i64: 0>, static_inner_tiles = array<i64: 2>} : (tensor<?x2xf32>, tensor<?xf32>) -> tensor<?xf32>)",
                               "%x: tensor<?xf32>, %d: tensor<?x2xf32>", 0),
                   3);
}

TEST_CASE("comparison: linalg.softmax needs one shape", "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = linalg.softmax dimension(1) ins(%x : tensor<?x4xf32>) outs(%t : tensor<3x4xf32>) -> tensor<3x4xf32>)",
                               kArgs, 0),
                   2);
}

// The dynamic custom calls of JAX exports, and real_dynamic_slice with
// bounds from sizes.
const char *kJaxArgs =
    "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, %key: tensor<2xui64>";

TEST_CASE("comparison: rng_bit_generator and top_k with shapes from sizes",
          "[models][compare]") {
  // The output of the generator is [%x[0], 4]; top_k by 2 of 4 columns;
  // the add needs %y's rows (op 7).
  requireAgreement(handWritten(R"(
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %r = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%key, %s) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x4xf32>)
  %k = stablehlo.constant dense<2> : tensor<i64>
  %1:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%0#1, %k) {api_version = 2 : i32} : (tensor<?x4xf32>, tensor<i64>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %2 = stablehlo.add %0#1, %y : tensor<?x4xf32>)",
                               kJaxArgs, 7),
                   9);
}

/// Compares a program with two ops that can fail: `planted` and one more.
static void requireTwoFailingOps(const Program &p, size_t ops) {
  FamilyStats stats;
  compareProgram(p, stats);
  std::string all;
  for (const std::string &f : stats.failures)
    all += f + "\n";
  INFO(all << summarize(p.family, stats));
  CHECK(stats.bruteAgree == ops);
  CHECK(stats.plantedFound == 1);
  CHECK(stats.falseAlarms == 1); // the other op that can fail
  CHECK(stats.witnessFailed == 0);
  CHECK(stats.unknown == 0);
  CHECK(stats.opaque == 0);
}

TEST_CASE("comparison: dynamic_gather with slice sizes from sizes",
          "[models][compare]") {
  // Slice sizes [%y[0], 4]: op 4 gathers rows of %x, so %y[0] <= %x[0]
  // (C21, planted); op 5 collapses dim 0, so %y[0] <= 1 too (C9). The
  // results [%i[0], %y[0], 4] and [%i[0], 4] meet themselves in the adds.
  requireTwoFailingOps(handWritten(R"(
  %d = stablehlo.get_dimension_size %y, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %r = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x4xf32>, tensor<?x1xi32>, tensor<2xi32>) -> tensor<?x?x4xf32>
  %1 = "mhlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<?x1xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %2 = stablehlo.add %0, %0 : tensor<?x?x4xf32>
  %3 = stablehlo.add %1, %1 : tensor<?x4xf32>)",
                                   "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, "
                                   "%i: tensor<?x1xi32>",
                                   4),
                       9);
}

TEST_CASE("comparison: top_k by rows - 1 and approx_top_k",
          "[models][compare]") {
  // k = %x[0] - 1: negative for no rows at top_k over 4 columns (op 3);
  // approx_top_k over %y's rows needs k <= %y[0] (op 5).
  requireTwoFailingOps(handWritten(R"(
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<i32>
  %k = stablehlo.subtract %d, %c : tensor<i32>
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%y, %k) {api_version = 2 : i32} : (tensor<?x4xf32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%y, %v, %k) {called_computations = [@cmp], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64}} : (tensor<?x4xf32>, tensor<f32>, tensor<i32>) -> tensor<?x4xf32>)",
                                   kJaxArgs, 3),
                       7);
}

TEST_CASE("comparison: real_dynamic_slice with bounds from sizes",
          "[models][compare]") {
  // The last two rows of %x: start %x[0] - 2 must not be negative (op
  // 10); every other row of %y: ceil(%y[0] / 2) rows, which the add
  // compares with those 2 (op 17).
  requireTwoFailingOps(handWritten(R"(
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %a = stablehlo.subtract %d, %c2 : tensor<i32>
  %ra = stablehlo.reshape %a : (tensor<i32>) -> tensor<1xi32>
  %rd = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %z = stablehlo.constant dense<0> : tensor<1xi32>
  %c4 = stablehlo.constant dense<4> : tensor<1xi32>
  %start = stablehlo.concatenate %ra, %z, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %stop = stablehlo.concatenate %rd, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.real_dynamic_slice %x, %start, %stop, %one : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %e = stablehlo.get_dimension_size %y, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %re = stablehlo.reshape %e : (tensor<i32>) -> tensor<1xi32>
  %zz = stablehlo.constant dense<0> : tensor<2xi32>
  %stop2 = stablehlo.concatenate %re, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %step = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %1 = stablehlo.real_dynamic_slice %y, %zz, %stop2, %step : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %2 = stablehlo.add %0, %1 : tensor<?x4xf32>)",
                                   kJaxArgs, 10),
                       19);
}

TEST_CASE("comparison: torch_index_select's batch dims and result",
          "[models][compare]") {
  // Op 0 needs %x[0] == %i[0] (planted); op 1 selects along dim -2 of %y,
  // giving [%y[0], 4, 5]; the add then meets equal shapes.
  requireAgreement(handWritten(R"(
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<?x?x5xf32>, tensor<?x?xi32>) -> tensor<?x?x5xf32>
  %1 = "stablehlo.torch_index_select"(%y, %j) {batch_dims = 0 : i64, dim = -2 : i64} : (tensor<?x3x5xf32>, tensor<4xi32>) -> tensor<?x4x5xf32>
  %2 = "stablehlo.add"(%1, %1) : (tensor<?x4x5xf32>, tensor<?x4x5xf32>) -> tensor<?x4x5xf32>)",
                               "%x: tensor<?x?x5xf32>, %i: tensor<?x?xi32>, "
                               "%y: tensor<?x3x5xf32>, %j: tensor<4xi32>",
                               0),
                   4);
}

TEST_CASE("comparison: fft, its custom and generic forms",
          "[models][compare]") {
  // RFFT by [4] of [?, 4]: [?, 3]; IFFT keeps it; IRFFT by [4] needs
  // %c[1] == 4 / 2 + 1 = 3 (planted, op 2) and gives [%c[0], 4].
  requireAgreement(
      handWritten(R"(
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<?x4xf32>) -> tensor<?x3xcomplex<f32>>
  %1 = "stablehlo.fft"(%0) {fft_length = array<i64: 3>, fft_type = #stablehlo<fft_type IFFT>} : (tensor<?x3xcomplex<f32>>) -> tensor<?x3xcomplex<f32>>
  %2 = "mhlo.fft"(%c) <{fft_length = dense<4> : tensor<1xi64>, fft_type = #mhlo<fft_type IRFFT>}> : (tensor<?x?xcomplex<f32>>) -> tensor<?x4xf32>
  %3 = stablehlo.add %2, %2 : tensor<?x4xf32>)",
                  "%x: tensor<?x4xf32>, %c: tensor<?x?xcomplex<f32>>", 2),
      5);
}

TEST_CASE("comparison: dynamic_conv padded by constants and by a size",
          "[models][compare]") {
  // Op 1: padding [[1, 1], [1, 1]] (a constant): [%x[0], 6, 6, 4]. Op 8:
  // padding [[0, %x[0]], [0, 0]] built from a size and reshaped: spatial
  // dim 0 is 6 + %x[0] - 3 + 1; the add with %y (op 9) needs %y[1] to be
  // that.
  requireAgreement(
      handWritten(R"(
  %p = stablehlo.constant dense<1> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x6x6x2xf32>, tensor<3x3x2x4xf32>, tensor<2x2xi64>) -> tensor<?x6x6x4xf32>
  %g = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x6x6x2xf32>) -> tensor<i32>
  %n = stablehlo.convert %g : (tensor<i32>) -> tensor<i64>
  %r = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %z = stablehlo.constant dense<0> : tensor<1xi64>
  %c = stablehlo.concatenate %z, %r, %z, %z, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xi64>
  %q = stablehlo.reshape %c : (tensor<4xi64>) -> tensor<2x2xi64>
  %1 = "stablehlo.dynamic_conv"(%x, %k, %q) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x6x6x2xf32>, tensor<3x3x2x4xf32>, tensor<2x2xi64>) -> tensor<?x?x4x4xf32>
  %2 = stablehlo.add %1, %y : tensor<?x?x4x4xf32>)",
                  "%x: tensor<?x6x6x2xf32>, %k: tensor<3x3x2x4xf32>, "
                  "%y: tensor<?x?x4x4xf32>",
                  9),
      11);
}

TEST_CASE("comparison: dynamic_reduce_window with its padding operand",
          "[models][compare]") {
  // Windows [2, 2], strides 1, padding 0: [max(0, %x[0] - 1), 3]; the add
  // with %y (op 5) needs %y[0] to be that.
  requireAgreement(handWritten(R"(
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %w = stablehlo.constant dense<2> : tensor<2xi32>
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %p = stablehlo.constant dense<0> : tensor<2x2xi32>
  %0 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %v, %w, %one, %one, %one, %p) {api_version = 2 : i32} : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x3xf32>
  %1 = stablehlo.add %0, %y : tensor<?x3xf32>)",
                               "%x: tensor<?x4xf32>, %y: tensor<?x3xf32>", 5),
                   7);
}

TEST_CASE("comparison: a negative size in dynamic_iota's shape",
          "[models][compare]") {
  // [%x[0] - 2, 4] is no shape when %x has fewer than 2 rows (op 6).
  requireAgreement(handWritten(R"(
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %a = stablehlo.subtract %d, %c2 : tensor<i32>
  %r = stablehlo.reshape %a : (tensor<i32>) -> tensor<1xi32>
  %c4 = stablehlo.constant dense<4> : tensor<1xi32>
  %s = stablehlo.concatenate %r, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>)",
                               "%x: tensor<?x4xf32>", 6),
                   8);
}
