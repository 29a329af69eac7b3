//===- StablehloFormsTest.cpp - Pretty forms of stablehlo / mhlo / chlo ---===//
//
// Each pretty form (as StableHLO's AssemblyFormat.cpp prints it) reads into
// the generic shape: operands with their types, results, and the generic
// form's attributes. A form an entry does not understand is skipped as
// opaque, never rejected.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// The integers of a list attribute (array<i64: ..> or [..]).
std::vector<int64_t> ints(const Operation &op, const std::string &name) {
  const Attribute *attr = findAttr(op.attributes, name);
  REQUIRE(attr);
  if (attr->kind == AttrKind::Integer)
    return {attr->intValue};
  std::vector<int64_t> out = attr->ints;
  for (const Attribute &e : attr->elements)
    out.push_back(e.intValue);
  return out;
}

using V = std::vector<int64_t>;

/// Parses `body` inside a function and returns the parse.
std::unique_ptr<Parsed> parseBody(const std::string &args,
                                  const std::string &body) {
  auto parsed =
      parse("func.func @f(" + args + ") {\n" + body + "  return\n}\n");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  return parsed;
}

} // namespace

TEST_CASE("stablehlo keyword forms become the generic attributes",
          "[stablehlo]") {
  auto p = parseBody(
      "%x: tensor<768xf32>, %m: tensor<2x3xf32>, %v: tensor<f32>",
      "  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<768xf32>) "
      "-> tensor<4x768xf32>\n"
      "  %1 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> "
      "tensor<3x2xf32>\n"
      "  %2 = stablehlo.concatenate %m, %m, dim = 0 : (tensor<2x3xf32>, "
      "tensor<2x3xf32>) -> tensor<4x3xf32>\n"
      "  %3 = stablehlo.slice %m [0:2, 1:3:2] : (tensor<2x3xf32>) -> "
      "tensor<2x1xf32>\n"
      "  %4 = stablehlo.pad %m, %v, low = [1, 0], high = [0, -1], interior "
      "= [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>\n"
      "  %5 = stablehlo.iota dim = 1 : tensor<2x3xi32>\n"
      "  %6 = stablehlo.get_dimension_size %m, dim = 1 : (tensor<2x3xf32>) "
      "-> tensor<i32>\n");
  const Function &f = p->func();
  for (size_t i = 0; i < 7; ++i)
    CHECK_FALSE(p->op(i).skipped);
  CHECK(ints(p->op(0), "broadcast_dimensions") == V{1});
  CHECK(f.value(p->op(0).results[0]).type.str() == "tensor<4x768xf32>");
  CHECK(ints(p->op(1), "permutation") == V{1, 0});
  CHECK(p->op(2).operands.size() == 2);
  CHECK(ints(p->op(2), "dimension") == V{0});
  CHECK(ints(p->op(3), "start_indices") == V{0, 1});
  CHECK(ints(p->op(3), "limit_indices") == V{2, 3});
  CHECK(ints(p->op(3), "strides") == V{1, 2});
  CHECK(ints(p->op(4), "edge_padding_low") == V{1, 0});
  CHECK(ints(p->op(4), "edge_padding_high") == V{0, -1});
  CHECK(ints(p->op(4), "interior_padding") == V{0, 1});
  CHECK(ints(p->op(5), "iota_dimension") == V{1});
  CHECK(ints(p->op(6), "dimension") == V{1});
}

TEST_CASE("stablehlo type forms: one type, function type, select, chlo",
          "[stablehlo]") {
  auto p = parseBody(
      "%a: tensor<4xf32>, %p: tensor<4xi1>, %s: tensor<f32>",
      "  %0 = stablehlo.add %a, %a : tensor<4xf32>\n"
      "  %1 = stablehlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>\n"
      "  %2 = stablehlo.compare  GT, %a, %a,  FLOAT : (tensor<4xf32>, "
      "tensor<4xf32>) -> tensor<4xi1>\n"
      "  %3 = chlo.broadcast_add %a, %s {broadcast_dimensions = array<i64>} "
      ": (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>\n"
      "  %4 = chlo.zeta %s, %s : tensor<f32>, tensor<f32> -> tensor<f32>\n");
  const Function &f = p->func();
  for (size_t i = 0; i < 5; ++i)
    CHECK_FALSE(p->op(i).skipped);
  CHECK(p->func().operandType(p->op(1), 0).str() == "tensor<4xi1>");
  CHECK(p->func().operandType(p->op(1), 2).str() == "tensor<4xf32>");
  CHECK(f.value(p->op(2).results[0]).type.str() == "tensor<4xi1>");
  CHECK(findAttr(p->op(3).attributes, "broadcast_dimensions"));
  CHECK(p->op(4).operands.size() == 2);
  // One type for operands and result: refine may not rewrite it alone.
  CHECK(p->op(0).resultTypeRanges.empty());
  CHECK(p->op(2).resultTypeRanges.size() == 1);
}

TEST_CASE("stablehlo dot_general and convolution", "[stablehlo]") {
  auto p = parseBody(
      "%a: tensor<8x3x16xf32>, %b: tensor<8x16x5xf32>, %i: "
      "tensor<1x3x9x9xf32>, %k: tensor<4x3x3x3xf32>",
      "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], "
      "contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : "
      "(tensor<8x3x16xf32>, tensor<8x16x5xf32>) -> tensor<8x3x5xf32>\n"
      "  %1 = stablehlo.convolution(%i, %k) dim_numbers = [b, f, 0, "
      "1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = "
      "[[1, 1], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : "
      "i64, feature_group_count = 1 : i64} : (tensor<1x3x9x9xf32>, "
      "tensor<4x3x3x3xf32>) -> tensor<1x4x5x4xf32>\n"
      "  %2 = stablehlo.dot %a, %a : (tensor<8x3x16xf32>, "
      "tensor<8x3x16xf32>) -> tensor<8x3x16xf32>\n");
  for (size_t i = 0; i < 3; ++i)
    CHECK_FALSE(p->op(i).skipped);
  CHECK(ints(p->op(0), "lhs_batching_dimensions") == V{0});
  CHECK(ints(p->op(0), "rhs_batching_dimensions") == V{0});
  CHECK(ints(p->op(0), "lhs_contracting_dimensions") == V{2});
  CHECK(ints(p->op(0), "rhs_contracting_dimensions") == V{1});
  const Attribute *dn = findAttr(p->op(1).attributes, "dimension_numbers");
  REQUIRE(dn);
  CHECK(dn->text == "#stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>");
  CHECK(ints(p->op(1), "window_strides") == V{2, 2});
  CHECK(ints(p->op(1), "padding") == V{1, 1, 0, 0});
  CHECK(ints(p->op(1), "feature_group_count") == V{1});
}

TEST_CASE("stablehlo reduce and while read their regions", "[stablehlo]") {
  auto p = parseBody(
      "%x: tensor<4x3xf32>, %c: tensor<f32>, %n: tensor<i64>",
      "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across "
      "dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>\n"
      "  %1 = stablehlo.reduce(%x init: %c) across dimensions = [0] : "
      "(tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>\n"
      "   reducer(%a: tensor<f32>, %b: tensor<f32>)  {\n"
      "    %m = stablehlo.maximum %a, %b : tensor<f32>\n"
      "    stablehlo.return %m : tensor<f32>\n"
      "  }\n"
      "  %2:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i64>, "
      "tensor<4x3xf32>\n"
      "   cond {\n"
      "    %t = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) "
      "-> tensor<i1>\n"
      "    stablehlo.return %t : tensor<i1>\n"
      "  } do {\n"
      "    stablehlo.return %i, %acc : tensor<i64>, tensor<4x3xf32>\n"
      "  }\n");
  const Function &f = p->func();
  for (size_t i = 0; i < 3; ++i)
    CHECK_FALSE(p->op(i).skipped);
  CHECK(p->op(0).operands.size() == 2);
  CHECK(ints(p->op(0), "dimensions") == V{1});
  REQUIRE(p->op(1).regions.size() == 1);
  CHECK(p->op(1).regions[0].blocks.at(0).arguments.size() == 2);
  const Operation &loop = p->op(2);
  CHECK(loop.operands.size() == 2);
  REQUIRE(loop.regions.size() == 2);
  for (const Region &region : loop.regions) {
    const Block &entry = region.blocks.at(0);
    REQUIRE(entry.arguments.size() == 2);
    CHECK(f.value(entry.arguments[1]).type.str() == "tensor<4x3xf32>");
  }
  CHECK(f.value(loop.results[1]).type.str() == "tensor<4x3xf32>");
}

TEST_CASE("a stablehlo form not understood is skipped, not rejected",
          "[stablehlo]") {
  auto p = parseBody("%m: tensor<2x3xf32>",
                     "  %0 = stablehlo.transpose %m, perm = [1, 0] : "
                     "(tensor<2x3xf32>) -> tensor<3x2xf32>\n"
                     "  %1 = stablehlo.add %0, %0 : tensor<3x2xf32>\n");
  CHECK(p->op(0).skipped);
  CHECK_FALSE(p->op(1).skipped);
}
