//===- OracleTest.cpp - The oracle on hand-computed examples
//---------------===//
//
// Each case is a small function in generic form (the frontend reads every
// generic op), sizes for its `?` dims, and the expected outcome computed by
// hand from the dialect spec: result sizes, or the op with the first UB.
//
//===----------------------------------------------------------------------===//

#include "OracleRun.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::models;
using Shape = std::vector<int64_t>;

namespace {

void requireNoUb(const OracleResult &r) {
  INFO((r.ub ? r.ub->rule : ""));
  REQUIRE(!r.ub);
}

void requireUbAt(const OracleResult &r, size_t op, const std::string &part) {
  REQUIRE(r.ub);
  INFO(r.ub->rule);
  CHECK(r.ub->opIndex == op);
  CHECK(r.ub->rule.find(part) != std::string::npos);
}

} // namespace

//===-- tosa
//---------------------------------------------------------------===//

TEST_CASE("tosa.matmul: [N,H,C] x [N,C,W] -> [N,H,W]; batch must match",
          "[models][tosa]") {
  std::string args = "%a: tensor<?x4x8xf32>, %b: tensor<?x8x5xf32>";
  std::string body = R"(
  %0 = "tosa.matmul"(%a, %b) : (tensor<?x4x8xf32>, tensor<?x8x5xf32>) -> tensor<?x4x5xf32>)";
  OracleResult ok = runOracle(args, body, {{"%a[0]", 3}, {"%b[0]", 3}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{3, 4, 5});
  requireUbAt(runOracle(args, body, {{"%a[0]", 3}, {"%b[0]", 2}}), 0,
              "batch 3 != 2");
}

TEST_CASE("tosa.conv2d: NHWC, floor((in + pads - d*(k-1) - 1)/s) + 1",
          "[models][tosa]") {
  // 9x9 input, 3x3 kernel, pad 1 all round, stride 2: (9+2-2-1)/2+1 = 5.
  // 8x8 input, 3x3 kernel, dilation 2, no pad, stride 1: (8-4-1)/1+1 = 4.
  std::string args = "%x: tensor<?x9x9x3xf32>, %w: tensor<8x3x3x3xf32>, "
                     "%b: tensor<8xf32>, %y: tensor<1x8x8x3xf32>";
  std::string body = R"(
  %0 = "tosa.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<?x9x9x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<?x5x5x8xf32>
  %1 = "tosa.conv2d"(%y, %w, %b) {dilation = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %2 = "tosa.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<?x9x9x3xf32>) -> tensor<?x4x4x3xf32>)";
  OracleResult r = runOracle(args, body, {{"%x[0]", 2}});
  requireNoUb(r);
  CHECK(r.shapes["0"] == Shape{2, 5, 5, 8});
  CHECK(r.shapes["1"] == Shape{1, 4, 4, 8});
  CHECK(r.shapes["2"] == Shape{2, 4, 4, 3});
}

TEST_CASE("tosa.conv2d: a wrong declared size is a result-cast UB",
          "[models][tosa]") {
  std::string args = "%y: tensor<?x8x8x3xf32>, %w: tensor<8x3x3x3xf32>, "
                     "%b: tensor<8xf32>";
  std::string body = R"(
  %0 = "tosa.conv2d"(%y, %w, %b) {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<?x8x8x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<?x7x6x8xf32>)";
  requireUbAt(runOracle(args, body, {{"%y[0]", 1}}), 0,
              "result-cast: result #0 dim 1 declared 7, runtime 6");
}

TEST_CASE("tosa.reshape with -1 needs a divisible element count",
          "[models][tosa]") {
  std::string args = "%x: tensor<?x6xf32>";
  std::string body = R"(
  %0 = "tosa.reshape"(%x) {new_shape = array<i64: -1, 4>} : (tensor<?x6xf32>) -> tensor<?x4xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{3, 4});
  requireUbAt(runOracle(args, body, {{"%x[0]", 3}}), 0, "not divisible");
  requireNoUb(runOracle(args, body, {{"%x[0]", 0}})); // 0 elements: [0, 4]
}

TEST_CASE("tosa binary ops broadcast; transpose reads a tosa.const",
          "[models][tosa]") {
  std::string args = "%a: tensor<?x1x4xf32>, %b: tensor<1x?x4xf32>";
  std::string body = R"(
  %0 = "tosa.add"(%a, %b) : (tensor<?x1x4xf32>, tensor<1x?x4xf32>) -> tensor<?x?x4xf32>
  %p = "tosa.const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tosa.transpose"(%0, %p) : (tensor<?x?x4xf32>, tensor<3xi32>) -> tensor<4x?x?xf32>
  %2 = "tosa.reduce_sum"(%1) {axis = 1 : i64} : (tensor<4x?x?xf32>) -> tensor<4x1x?xf32>)";
  OracleResult r = runOracle(args, body, {{"%a[0]", 2}, {"%b[1]", 3}});
  requireNoUb(r);
  CHECK(r.shapes["0"] == Shape{2, 3, 4});
  CHECK(r.shapes["1"] == Shape{4, 2, 3});
  CHECK(r.shapes["2"] == Shape{4, 1, 3});
  // [2, 1, 4] against [3, 1, 4]: 2 and 3 are both != 1 and unequal.
  std::string bad = R"(
  %0 = "tosa.add"(%a, %b) : (tensor<?x1x4xf32>, tensor<1x?x4xf32>) -> tensor<?x?x4xf32>
  %1 = "tosa.sub"(%0, %c) : (tensor<?x?x4xf32>, tensor<?x1x4xf32>) -> tensor<?x?x4xf32>)";
  std::string args3 = args + ", %c: tensor<?x1x4xf32>";
  requireNoUb(
      runOracle(args3, bad, {{"%a[0]", 1}, {"%b[1]", 5}, {"%c[0]", 3}}));
  requireUbAt(runOracle(args3, bad, {{"%a[0]", 2}, {"%b[1]", 5}, {"%c[0]", 3}}),
              1, "broadcast: sizes 2 and 3");
}

TEST_CASE("tosa.slice / pad / concat / tile", "[models][tosa]") {
  std::string args = "%x: tensor<?x8xf32>";
  std::string body = R"(
  %0 = "tosa.slice"(%x) {size = array<i64: 2, 3>, start = array<i64: 1, 4>} : (tensor<?x8xf32>) -> tensor<2x3xf32>
  %p = "tosa.const"() {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %1 = "tosa.pad"(%0, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x5xf32>
  %2 = "tosa.concat"(%x, %x) {axis = 0 : i64} : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %3 = "tosa.tile"(%1) {multiples = array<i64: 2, 1>} : (tensor<3x5xf32>) -> tensor<6x5xf32>)";
  OracleResult r = runOracle(args, body, {{"%x[0]", 3}});
  requireNoUb(r);
  CHECK(r.shapes["2"] == Shape{6, 8});
  requireUbAt(runOracle(args, body, {{"%x[0]", 2}}), 0,
              "start 1 + size 2 exceeds 2");
}

//===-- linalg / tensor
//----------------------------------------------------===//

TEST_CASE("linalg.matmul: loop sizes from the operands must agree",
          "[models][linalg]") {
  std::string args = "%a: tensor<?x16xf32>, %b: tensor<16x8xf32>, "
                     "%n: index";
  std::string body = R"(
  %e = "tensor.empty"(%n) : (index) -> tensor<?x8xf32>
  %0 = "linalg.matmul"(%a, %b, %e) {operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x16xf32>, tensor<16x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>)";
  OracleResult ok = runOracle(args, body, {{"%a[0]", 3}, {"%n", 3}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{3, 8});
  requireUbAt(runOracle(args, body, {{"%a[0]", 3}, {"%n", 2}}), 1, "loop d0");
}

TEST_CASE("linalg.generic: broadcast maps and reductions", "[models][linalg]") {
  std::string args = "%x: tensor<?x?x4xf32>, %b: tensor<4xf32>, "
                     "%r: tensor<?x?xf32>";
  std::string body = R"(
  %0 = "linalg.generic"(%x, %b, %x) {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x?x4xf32>, tensor<4xf32>, tensor<?x?x4xf32>) -> tensor<?x?x4xf32>
  %1 = "linalg.generic"(%0, %r) {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<?x?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>)";
  OracleResult ok = runOracle(
      args, body, {{"%x[0]", 2}, {"%x[1]", 3}, {"%r[0]", 2}, {"%r[1]", 3}});
  requireNoUb(ok);
  CHECK(ok.shapes["1"] == Shape{2, 3});
  requireUbAt(
      runOracle(args, body,
                {{"%x[0]", 2}, {"%x[1]", 3}, {"%r[0]", 2}, {"%r[1]", 1}}),
      1, "loop d1");
}

TEST_CASE("linalg.conv_2d_nhwc_hwcf and pooling: windows stay in bounds",
          "[models][linalg]") {
  // Stride 2, 3x3 filter over 8x8: output 3 reaches (3-1)*2 + 2 = 6 < 8;
  // output 4 would reach 8, out of bounds.
  std::string args = "%x: tensor<?x8x8x3xf32>, %f: tensor<3x3x3x4xf32>, "
                     "%o: tensor<?x3x3x4xf32>, %big: tensor<?x4x3x4xf32>, "
                     "%w: tensor<2x2xf32>, %p: tensor<?x1x1x4xf32>";
  std::string body = R"(
  %0 = "linalg.conv_2d_nhwc_hwcf"(%x, %f, %o) {dilations = dense<1> : tensor<2xi64>, operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<?x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<?x3x3x4xf32>) -> tensor<?x3x3x4xf32>
  %1 = "linalg.pooling_nhwc_max"(%0, %w, %p) {dilations = dense<1> : vector<2xi64>, operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : vector<2xi64>} : (tensor<?x3x3x4xf32>, tensor<2x2xf32>, tensor<?x1x1x4xf32>) -> tensor<?x1x1x4xf32>
  %2 = "linalg.conv_2d_nhwc_hwcf"(%x, %f, %big) {dilations = dense<1> : tensor<2xi64>, operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<?x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<?x4x3x4xf32>) -> tensor<?x4x3x4xf32>)";
  Assignment a{{"%x[0]", 2}, {"%o[0]", 2}, {"%big[0]", 2}, {"%p[0]", 2}};
  requireUbAt(runOracle(args, body, a), 2, "indices reach 8");
  // As linalg's verifier: each windowed index is checked on its own loops,
  // so an empty batch does not excuse a window that would overrun.
  a["%x[0]"] = 0, a["%o[0]"] = 0, a["%big[0]"] = 0, a["%p[0]"] = 0;
  requireUbAt(runOracle(args, body, a), 2, "indices reach 8");
}

TEST_CASE("tensor reshapes, slices, pads and casts", "[models][tensor]") {
  std::string args = "%x: tensor<?x6xf32>, %d: index";
  std::string body = R"(
  %0 = "tensor.expand_shape"(%x) {reassociation = [[0, 1], [2]]} : (tensor<?x6xf32>) -> tensor<?x2x6xf32>
  %1 = "tensor.collapse_shape"(%0) {reassociation = [[0], [1, 2]]} : (tensor<?x2x6xf32>) -> tensor<?x12xf32>
  %2 = "tensor.extract_slice"(%x, %d) {operand_segment_sizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>} : (tensor<?x6xf32>, index) -> tensor<?x4xf32>
  %3 = "tensor.pad"(%2) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 2>, static_low = array<i64: 1, 0>} : (tensor<?x4xf32>) -> tensor<?x6xf32>
  %4 = "tensor.cast"(%3) : (tensor<?x6xf32>) -> tensor<3x6xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 4}, {"%d", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 2, 6});
  CHECK(ok.shapes["1"] == Shape{2, 12});
  CHECK(ok.shapes["4"] == Shape{3, 6});
  requireUbAt(runOracle(args, body, {{"%x[0]", 3}, {"%d", 2}}), 0,
              "not divisible");
  requireUbAt(runOracle(args, body, {{"%x[0]", 4}, {"%d", 5}}), 2, "out of 4");
  requireUbAt(runOracle(args, body, {{"%x[0]", 4}, {"%d", 3}}), 4,
              "cast: dim 0");
}

TEST_CASE("tensor.dim feeds tensor.empty; arith on tensors needs equal shapes",
          "[models][tensor]") {
  std::string args = "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>";
  std::string body = R"(
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %d = "tensor.dim"(%x, %c0) : (tensor<?x4xf32>, index) -> index
  %e = "tensor.empty"(%d) : (index) -> tensor<4x?xf32>
  %0 = "arith.addf"(%x, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 5}, {"%y[0]", 5}});
  requireNoUb(ok);
  CHECK(ok.shapes["e"] == Shape{4, 5});
  requireUbAt(runOracle(args, body, {{"%x[0]", 5}, {"%y[0]", 1}}), 3, "!=");
}

//===-- stablehlo
//----------------------------------------------------------===//

TEST_CASE("stablehlo.dot_general: batching and contracting dims agree",
          "[models][stablehlo]") {
  std::string args = "%a: tensor<?x?x8xf32>, %b: tensor<?x8x5xf32>";
  std::string body = R"(
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<?x?x8xf32>, tensor<?x8x5xf32>) -> tensor<?x?x5xf32>)";
  OracleResult ok =
      runOracle(args, body, {{"%a[0]", 2}, {"%a[1]", 7}, {"%b[0]", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 7, 5});
  requireUbAt(runOracle(args, body, {{"%a[0]", 2}, {"%a[1]", 7}, {"%b[0]", 1}}),
              0, "batching dim");
}

TEST_CASE("stablehlo.torch_index_select: dim replaced by the index's dims",
          "[models][stablehlo]") {
  std::string args = "%x: tensor<?x?x5xf32>, %i: tensor<?x3xi32>";
  std::string body = R"(
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<?x?x5xf32>, tensor<?x3xi32>) -> tensor<?x3x5xf32>)";
  // [x0] ++ [3] ++ [5]; x1 (the selected dim) does not appear.
  OracleResult ok =
      runOracle(args, body, {{"%x[0]", 2}, {"%x[1]", 7}, {"%i[0]", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 3, 5});
  requireUbAt(runOracle(args, body, {{"%x[0]", 2}, {"%x[1]", 7}, {"%i[0]", 1}}),
              0, "batch dim 0");
  // Negative dim and batch_dims count from the ranks: dim 2, batch 2.
  std::string neg = R"(
  %0 = "stablehlo.torch_index_select"(%a, %b) {batch_dims = -1 : i64, dim = -1 : i64} : (tensor<?x2x4xf32>, tensor<?x2x6xi32>) -> tensor<?x2x6xf32>)";
  std::string negArgs = "%a: tensor<?x2x4xf32>, %b: tensor<?x2x6xi32>";
  OracleResult n = runOracle(negArgs, neg, {{"%a[0]", 3}, {"%b[0]", 3}});
  requireNoUb(n);
  CHECK(n.shapes["0"] == Shape{3, 2, 6});
  requireUbAt(runOracle(negArgs, neg, {{"%a[0]", 3}, {"%b[0]", 4}}), 0,
              "batch dim 0");
}

TEST_CASE("stablehlo.gather / dynamic_gather: the spec's examples, C17, "
          "C21 and C12",
          "[models][stablehlo]") {
  // The spec's gather: batch dims [2, 2, 3] of the indices (dim 3 is the
  // index vector), offsets [2, 2] of slice_sizes without the collapsed
  // dim 1 and the batching dim 0; operand dim 0 is the batching dim of
  // indices dim 1 (2), C17.
  std::string args = "%x: tensor<?x3x4x2xi32>, %i: tensor<2x2x3x2xi64>";
  std::string body = R"(
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false} : (tensor<?x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 2, 3, 2, 2});
  requireUbAt(runOracle(args, body, {{"%x[0]", 3}}), 0,
              "C17: batching dims 3 != 2");
  // The spec's dynamic_gather: slice sizes [1, 2, 2] from a constant give
  // [2, %i[1], 2, 2]; the slice of 1 in dim 0 needs a row (C21).
  std::string dArgs = "%x: tensor<?x4x2xi64>, %i: tensor<2x?x2xi64>";
  std::string dBody = R"(
  %s = "stablehlo.constant"() {value = dense<[1, 2, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<?x4x2xi64>, tensor<2x?x2xi64>, tensor<3xi64>) -> tensor<2x?x2x2xi64>)";
  OracleResult d = runOracle(dArgs, dBody, {{"%x[0]", 3}, {"%i[1]", 3}});
  requireNoUb(d);
  CHECK(d.shapes["0"] == Shape{2, 3, 2, 2});
  requireUbAt(runOracle(dArgs, dBody, {{"%x[0]", 0}, {"%i[1]", 3}}), 1,
              "C21: slice size 1 of dim 0 (0)");
  // mhlo, slice sizes [%x[0], 1, 2] from the batch size of the batching
  // dim 0: C12 wants at most 1, C17 the indices' batch; the result is
  // [%i[0], 5, 2].
  std::string bArgs = "%x: tensor<?x3x4xf32>, %i: tensor<?x5x1xi32>";
  std::string bBody = R"(
  %d = "mhlo.get_dimension_size"(%x) {dimension = 0 : i64} : (tensor<?x3x4xf32>) -> tensor<i32>
  %r = "mhlo.reshape"(%d) : (tensor<i32>) -> tensor<1xi32>
  %c = "mhlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "mhlo.concatenate"(%r, %c) {dimension = 0 : i64} : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
  %0 = "mhlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #mhlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>} : (tensor<?x3x4xf32>, tensor<?x5x1xi32>, tensor<3xi32>) -> tensor<?x5x2xf32>)";
  OracleResult b = runOracle(bArgs, bBody, {{"%x[0]", 1}, {"%i[0]", 1}});
  requireNoUb(b);
  CHECK(b.shapes["0"] == Shape{1, 5, 2});
  requireUbAt(runOracle(bArgs, bBody, {{"%x[0]", 1}, {"%i[0]", 2}}), 4, "C17");
  requireUbAt(runOracle(bArgs, bBody, {{"%x[0]", 2}, {"%i[0]", 2}}), 4,
              "C12: slice size 2 of dim 0");
}

TEST_CASE("stablehlo.convolution: NHWC/HWIO and NCHW/OIHW windows",
          "[models][stablehlo]") {
  // NHWC 9x9, 3x3 kernel, stride 2, pad 1: (9+2-3)/2 + 1 = 5.
  // NCHW 8x8, 3x3 kernel, rhs_dilation 2 (window 5): (8-5)/1 + 1 = 4.
  // NCHW 2x2 input, 3x3 kernel: empty window, output 0.
  std::string args = "%x: tensor<?x9x9x3xf32>, %w: tensor<3x3x3x8xf32>, "
                     "%y: tensor<?x3x8x8xf32>, %k: tensor<4x3x3x3xf32>, "
                     "%z: tensor<1x3x2x2xf32>";
  std::string body = R"(
  %0 = "stablehlo.convolution"(%x, %w) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 2, 2>} : (tensor<?x9x9x3xf32>, tensor<3x3x3x8xf32>) -> tensor<?x5x5x8xf32>
  %1 = "stablehlo.convolution"(%y, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, rhs_dilation = array<i64: 2, 2>, window_strides = array<i64: 1, 1>} : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x4x4xf32>
  %2 = "stablehlo.convolution"(%z, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64} : (tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x0x0xf32>
  %i = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %3 = "stablehlo.reduce_window"(%0, %i) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<?x5x5x8xf32>, tensor<f32>) -> tensor<?x2x2x8xf32>)";
  OracleResult r = runOracle(args, body, {{"%x[0]", 2}, {"%y[0]", 3}});
  requireNoUb(r);
  CHECK(r.shapes["0"] == Shape{2, 5, 5, 8});
  CHECK(r.shapes["1"] == Shape{3, 4, 4, 4});
  CHECK(r.shapes["3"] == Shape{2, 2, 2, 8});
}

TEST_CASE("stablehlo shape computations: get_dimension_size to "
          "dynamic_reshape and dynamic_broadcast_in_dim",
          "[models][stablehlo]") {
  std::string args = "%x: tensor<?x6xf32>, %b: tensor<6xf32>";
  std::string body = R"(
  %g = "stablehlo.get_dimension_size"(%x) {dimension = 0 : i64} : (tensor<?x6xf32>) -> tensor<i32>
  %r = "stablehlo.reshape"(%g) : (tensor<i32>) -> tensor<1xi32>
  %c = "stablehlo.constant"() {value = dense<6> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "stablehlo.concatenate"(%r, %c) {dimension = 0 : i64} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%b, %s) {broadcast_dimensions = array<i64: 1>} : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x6xf32>
  %1 = "stablehlo.add"(%x, %0) : (tensor<?x6xf32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  %two = "stablehlo.constant"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %h = "stablehlo.divide"(%r, %two) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %t = "stablehlo.constant"() {value = dense<12> : tensor<1xi32>} : () -> tensor<1xi32>
  %s2 = "stablehlo.concatenate"(%h, %t) {dimension = 0 : i64} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %2 = "stablehlo.dynamic_reshape"(%1, %s2) : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x12xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 4}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{4, 6});
  CHECK(ok.shapes["2"] == Shape{2, 12});
  requireUbAt(runOracle(args, body, {{"%x[0]", 3}}), 10,
              "element count 18 != 12");
}

TEST_CASE("stablehlo: equal shapes, broadcast_in_dim, slice bounds",
          "[models][stablehlo]") {
  std::string args = "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, "
                     "%o: tensor<?x4xf32>";
  std::string body = R"(
  %0 = "stablehlo.broadcast_in_dim"(%o) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %1 = "stablehlo.slice"(%x) {limit_indices = array<i64: 2, 4>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>} : (tensor<?x4xf32>) -> tensor<2x2xf32>
  %2 = "stablehlo.multiply"(%x, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)";
  requireNoUb(
      runOracle(args, body, {{"%x[0]", 2}, {"%y[0]", 2}, {"%o[0]", 1}}));
  requireNoUb(
      runOracle(args, body, {{"%x[0]", 2}, {"%y[0]", 2}, {"%o[0]", 3}}));
  requireUbAt(runOracle(args, body, {{"%x[0]", 2}, {"%y[0]", 2}, {"%o[0]", 2}}),
              0, "neither 1 nor result dim");
  requireUbAt(runOracle(args, body, {{"%x[0]", 1}, {"%y[0]", 1}, {"%o[0]", 1}}),
              1, "<= 1");
  requireUbAt(runOracle(args, body, {{"%x[0]", 2}, {"%y[0]", 1}, {"%o[0]", 1}}),
              2, "!=");
}

TEST_CASE("func.call runs the callee with the caller's sizes",
          "[models][tensor]") {
  frontend::Session session{frontend::SessionOptions{}};
  REQUIRE(session.addFile("t.mlir", R"(
func.func @g(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @f(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "func.call"(%x, %y) {callee = @g} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
)"));
  const frontend::Module &module = session.files().front()->module;
  Oracle oracle(module);
  OracleResult ok =
      oracle.run(module.functions[1], {{"%x[0]", 2}, {"%y[0]", 2}});
  REQUIRE(ok.unsupported.empty());
  CHECK(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{2, 4});
  OracleResult bad =
      oracle.run(module.functions[1], {{"%x[0]", 2}, {"%y[0]", 3}});
  REQUIRE(bad.ub);
  CHECK(bad.ub->opIndex == 0);
  CHECK(bad.ub->rule.find("in @g") != std::string::npos);
}

TEST_CASE("ops the oracle does not model are reported, not guessed",
          "[models]") {
  frontend::Session session{frontend::SessionOptions{}};
  REQUIRE(session.addFile("t.mlir", R"(
func.func @f(%x: tensor<?x4xf32>) {
  %0 = "foo.bar"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}
)"));
  const frontend::Module &module = session.files().front()->module;
  OracleResult r = Oracle(module).run(module.functions[0], {{"%x[0]", 1}});
  CHECK(!r.ub);
  CHECK(r.unsupported.find("not modelled") != std::string::npos);
  CHECK(Oracle::symbols(module.functions[0]) ==
        std::vector<std::string>{"%x[0]"});
}

TEST_CASE("branches: the i1 argument picks the target, arguments are bound",
          "[models][oracle]") {
  std::string args = "%x: tensor<?xf32>, %c: i1";
  std::string body = R"(
  cf.cond_br %c, ^bb1(%x : tensor<?xf32>), ^bb2
^bb1(%a: tensor<?xf32>):
  %0 = tensor.cast %a : tensor<?xf32> to tensor<3xf32>
  cf.br ^bb2
^bb2:
  %1 = tensor.cast %x : tensor<?xf32> to tensor<4xf32>)";
  // Ops, block after block: 0 cond_br, 1 cast, 2 br, 3 cast, 4 return.
  requireUbAt(runOracle(args, body, {{"%x[0]", 4}, {"%c", 1}}), 1, "3");
  requireUbAt(runOracle(args, body, {{"%x[0]", 3}, {"%c", 1}}), 3, "4");
  OracleResult skipped = runOracle(args, body, {{"%x[0]", 4}, {"%c", 0}});
  requireNoUb(skipped);
  CHECK(skipped.executed == std::vector<size_t>{0, 3, 4});
  CHECK(skipped.shapes.count("a") == 0); // ^bb1 never ran
}

//===-- relayout and dynamic custom calls
//-------------------------------------===//

TEST_CASE("linalg.pack / unpack: tiles, ceildiv outer dims, permutation",
          "[models][linalg]") {
  // CK to KCck with padding: dest [ceil(C / 32), ceil(K / 8), 8, 32] for
  // source [K, C] (outer_dims_perm = [1, 0]). K = 13, C = 64: [2, 2, 8, 32].
  std::string args = "%s: tensor<?x?xf32>, %d: tensor<?x?x8x32xf32>, %z: f32, "
                     "%u: tensor<?x?xf32>";
  std::string body = R"(
  %0 = "linalg.pack"(%s, %d, %z) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: 8, 32>}> : (tensor<?x?xf32>, tensor<?x?x8x32xf32>, f32) -> tensor<?x?x8x32xf32>
  %1 = "linalg.unpack"(%0, %u) <{inner_dims_pos = array<i64: 0, 1>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: 8, 32>}> : (tensor<?x?x8x32xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>)";
  Assignment sizes{{"%s[0]", 13}, {"%s[1]", 64}, {"%d[0]", 2},
                   {"%d[1]", 2},  {"%u[0]", 9},  {"%u[1]", 33}};
  OracleResult ok = runOracle(args, body, sizes);
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 2, 8, 32});
  // unpack drops padding: 2 tiles of 8 hold 9..16 rows, 2 of 32 33..64.
  CHECK(ok.shapes["1"] == Shape{9, 33});
  // A third tile of 8 for 13 rows is extra padding: UB in current MLIR.
  sizes["%d[1]"] = 3;
  requireUbAt(runOracle(args, body, sizes), 0, "needs 2 tiles of 8");
  sizes["%d[1]"] = 2;
  sizes["%u[0]"] = 8; // 8 rows need 1 tile of 8, not 2
  requireUbAt(runOracle(args, body, sizes), 1, "needs 1 tiles of 8");
}

TEST_CASE("tensor.pack (MLIR 16-19): a larger dest; no padding_value",
          "[models][tensor]") {
  std::string args = "%s: tensor<?xf32>, %d: tensor<?x8xf32>, %t: index, "
                     "%e: tensor<?x?xf32>";
  std::string body = R"(
  %0 = "tensor.pack"(%s, %d) {inner_dims_pos = array<i64: 0>, operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 8>} : (tensor<?xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = "tensor.pack"(%s, %e, %t) {inner_dims_pos = array<i64: 0>, operand_segment_sizes = array<i32: 1, 1, 0, 1>, static_inner_tiles = array<i64: -9223372036854775808>} : (tensor<?xf32>, tensor<?x?xf32>, index) -> tensor<?x?xf32>)";
  // 16 rows into 3 tiles of 8: dest may be larger in MLIR 16-19.
  Assignment sizes{
      {"%s[0]", 16}, {"%d[0]", 3}, {"%t", 4}, {"%e[0]", 4}, {"%e[1]", 4}};
  OracleResult ok = runOracle(args, body, sizes);
  requireNoUb(ok);
  CHECK(ok.shapes["1"] == Shape{4, 4});
  sizes["%s[0]"] = 12; // 8 does not divide 12 and there is no padding
  requireUbAt(runOracle(args, body, sizes), 0, "does not divide 12");
  sizes["%s[0]"] = 16;
  sizes["%t"] = 0;
  requireUbAt(runOracle(args, body, sizes), 1, "not positive");
}

TEST_CASE("linalg.softmax keeps the input's shape", "[models][linalg]") {
  std::string args = "%x: tensor<2x?xf32>, %o: tensor<?x5xf32>";
  std::string body = R"(
  %0 = "linalg.softmax"(%x, %o) <{dimension = 1 : i64}> : (tensor<2x?xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[1]", 5}, {"%o[0]", 2}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{2, 5});
  requireUbAt(runOracle(args, body, {{"%x[1]", 5}, {"%o[0]", 3}}), 0, "input");
}

TEST_CASE("stablehlo dynamic custom calls: top_k, approx_top_k, rng",
          "[models][stablehlo]") {
  // k = rows - 1 of %x; top_k over the last dim 10.
  std::string args = "%x: tensor<?x10xf32>, %y: tensor<?xf32>, "
                     "%key: tensor<2xui64>";
  std::string body = R"(
  %d = "stablehlo.get_dimension_size"(%x) {dimension = 0 : i64} : (tensor<?x10xf32>) -> tensor<i32>
  %c = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %k = "stablehlo.subtract"(%d, %c) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %0:2 = "stablehlo.custom_call"(%x, %k) {call_target_name = "stablehlo.dynamic_top_k"} : (tensor<?x10xf32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %i = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "stablehlo.custom_call"(%y, %v, %k) {call_target_name = "stablehlo.dynamic_approx_top_k", mhlo.backend_config = {aggregate_to_topk = true, reduction_dim = 0 : i64}} : (tensor<?xf32>, tensor<f32>, tensor<i32>) -> tensor<?xf32>
  %s = "stablehlo.constant"() {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %2:2 = "stablehlo.custom_call"(%key, %s) {call_target_name = "stablehlo.dynamic_rng_bit_generator", rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>, tensor<2xi64>) -> (tensor<2xui64>, tensor<?x?xf32>))";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 4}, {"%y[0]", 6}});
  requireNoUb(ok);
  CHECK(ok.shapes["0#0"] == Shape{4, 3});
  CHECK(ok.shapes["0#1"] == Shape{4, 3});
  CHECK(ok.shapes["1"] == Shape{3});
  CHECK(ok.shapes["2#0"] == Shape{2});
  CHECK(ok.shapes["2#1"] == Shape{3, 2});
  // 12 rows: k = 11 > 10.
  requireUbAt(runOracle(args, body, {{"%x[0]", 12}, {"%y[0]", 20}}), 3,
              "k = 11 outside [0, 10]");
  // 0 rows: k = -1.
  requireUbAt(runOracle(args, body, {{"%x[0]", 0}, {"%y[0]", 20}}), 3,
              "k = -1");
  // 4 rows, k = 3 > 2 elements of %y.
  requireUbAt(runOracle(args, body, {{"%x[0]", 4}, {"%y[0]", 2}}), 6,
              "k = 3 outside [0, 2]");
}

TEST_CASE("stablehlo.dynamic_reduce_window: reduce_window's C15 with values",
          "[models][stablehlo]") {
  // dim 0: 5 rows, base dilation 1, padding 1 + 0, window 2, stride 2:
  //   floor((6 - 2) / 2) + 1 = 3. dim 1: 3 columns dilated by 2 are 5,
  //   window 2 dilated by 3 spans 4: floor((5 - 4) / 1) + 1 = 2.
  std::string args = "%x: tensor<?x3xf32>";
  std::string body = R"(
  %i = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %w = "stablehlo.constant"() {value = dense<[2, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "stablehlo.constant"() {value = dense<[2, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %b = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %d = "stablehlo.constant"() {value = dense<[1, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %p = "stablehlo.constant"() {value = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %0 = "stablehlo.custom_call"(%x, %i, %w, %s, %b, %d, %p) {call_target_name = "stablehlo.dynamic_reduce_window", called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<?x?xf32>)";
  OracleResult ok = runOracle(args, body, {{"%x[0]", 5}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{3, 2});
  // No rows: the padded size 1 is below the window of 2: empty, 0.
  OracleResult empty = runOracle(args, body, {{"%x[0]", 0}});
  requireNoUb(empty);
  CHECK(empty.shapes["0"] == Shape{0, 2});
}

TEST_CASE("stablehlo.fft: the real side ends in fft_length, the complex "
          "side's last dim is n / 2 + 1",
          "[models][stablehlo]") {
  // Op 0, RFFT of [3, 8] by [8]: C4 holds, the last dim 8 / 2 + 1 = 5.
  // Op 1, IRFFT of [2, 4, 4] by [4, 6]: dim 1 is fft_length[0] = 4, the
  //   last is 6 / 2 + 1 = 4; the result ends in [4, 6]: [2, 4, 6].
  // Op 2, FFT: no real tensor, no C4: the shape [2, 4, 4] is kept even
  //   though 4 != 3.
  // Op 3, a splat fft_length dense<8> : tensor<1xi64> (mhlo): as op 0.
  std::string args = "%x: tensor<?x?xf32>, %c: tensor<2x?x?xcomplex<f32>>";
  std::string body = R"(
  %0 = "stablehlo.fft"(%x) {fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<?x?xf32>) -> tensor<?x?xcomplex<f32>>
  %1 = "mhlo.fft"(%c) <{fft_length = dense<[4, 6]> : tensor<2xi64>, fft_type = #mhlo<fft_type IRFFT>}> : (tensor<2x?x?xcomplex<f32>>) -> tensor<2x?x?xf32>
  %2 = "stablehlo.fft"(%c) {fft_length = array<i64: 3>, fft_type = #stablehlo<fft_type FFT>} : (tensor<2x?x?xcomplex<f32>>) -> tensor<2x?x?xcomplex<f32>>
  %3 = "mhlo.fft"(%x) {fft_length = dense<8> : tensor<1xi64>, fft_type = #mhlo<fft_type RFFT>} : (tensor<?x?xf32>) -> tensor<?x?xcomplex<f32>>)";
  OracleResult ok = runOracle(
      args, body, {{"%x[0]", 3}, {"%x[1]", 8}, {"%c[1]", 4}, {"%c[2]", 4}});
  requireNoUb(ok);
  CHECK(ok.shapes["0"] == Shape{3, 5});
  CHECK(ok.shapes["1"] == Shape{2, 4, 6});
  CHECK(ok.shapes["2"] == Shape{2, 4, 4});
  CHECK(ok.shapes["3"] == Shape{3, 5});
  // 7 columns of a real operand transformed by 8: C4 at op 0.
  requireUbAt(
      runOracle(args, body,
                {{"%x[0]", 3}, {"%x[1]", 7}, {"%c[1]", 4}, {"%c[2]", 4}}),
      0, "C4: operand dim 1 is 7");
  // IRFFT's complex last dim 5, not 4.
  requireUbAt(
      runOracle(args, body,
                {{"%x[0]", 3}, {"%x[1]", 8}, {"%c[1]", 4}, {"%c[2]", 5}}),
      1, "C5: operand's last dim 5, expected 4");
  // IRFFT's dim 1 must be fft_length[0] = 4.
  requireUbAt(
      runOracle(args, body,
                {{"%x[0]", 3}, {"%x[1]", 8}, {"%c[1]", 3}, {"%c[2]", 4}}),
      1, "operand dim 1 is 3, fft_length[0] 4");
}

TEST_CASE("arith on i1: addi is xor, muli is and (integers modulo 2)",
          "[models][arith]") {
  auto body = [](const std::string &op) {
    return "  %t = arith.constant true\n  %s = " + op +
           " %t, %t : i1\n  cf.assert %s, \"holds\"";
  };
  // true + true is false: the check stops the run.
  CHECK(runOracle("", body("arith.addi"), {}).stopped);
  // true * true is true; minsi (true is -1 signed) is true.
  CHECK(!runOracle("", body("arith.muli"), {}).stopped);
  CHECK(!runOracle("", body("arith.minsi"), {}).stopped);
  // maxsi of true and true is true, of true and false false (-1 < 0).
  CHECK(!runOracle("", body("arith.maxsi"), {}).stopped);
}
