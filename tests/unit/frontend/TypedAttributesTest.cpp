//===- TypedAttributesTest.cpp - Attribute values read once ---------------===//
//
// Struct attributes whose fields the parser reads (Attribute::structured),
// the one integer-list reader (intList), the one small text reader
// (TextReader) and the one window arithmetic (windowSpan / windowCount).
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"
#include "ir/TextReader.h"
#include "ops/rules/OpRules.h"
#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// Field `name` of a structured attribute as integers; nullopt when absent.
std::optional<std::vector<int64_t>> field(const Attribute &a,
                                          const std::string &name) {
  const Attribute *f = findAttr(a.entries, name);
  if (!f)
    return std::nullopt;
  if (f->kind == AttrKind::Integer)
    return std::vector<int64_t>{f->intValue};
  return intList(*f);
}

using Ints = std::vector<int64_t>;

} // namespace

TEST_CASE("struct attributes: fields read by the parser", "[typed-attrs]") {
  Attribute g = attrOf("#stablehlo.gather<offset_dims = [1, 2], "
                       "collapsed_slice_dims = [0], start_index_map = [0, 1],\n"
                       "  index_vector_dim = 1>");
  CHECK(g.kind == AttrKind::Other); // the text stays for messages
  REQUIRE(g.structured);
  CHECK(g.entries.size() == 4);
  CHECK(field(g, "offset_dims") == Ints{1, 2});
  CHECK(field(g, "collapsed_slice_dims") == Ints{0});
  CHECK(field(g, "index_vector_dim") == Ints{1});
  CHECK_FALSE(field(g, "operand_batching_dims"));

  Attribute dot = attrOf("#stablehlo.dot<lhs_contracting_dimensions = [1], "
                         "rhs_contracting_dimensions = [0]>");
  REQUIRE(dot.structured);
  CHECK(field(dot, "rhs_contracting_dimensions") == Ints{0});

  CHECK(attrOf("#stablehlo.dot<>").structured); // every field left out
  Attribute handle = attrOf("#stablehlo.channel_handle<handle = 1, type = 0>");
  REQUIRE(handle.structured);
  CHECK(field(handle, "handle") == Ints{1});
  CHECK(field(attrOf("#mhlo.scatter<update_window_dims = [-1]>"),
              "update_window_dims") == Ints{-1});

  // An alias carries the fields.
  CHECK(attrOf("#dn", "#dn = #stablehlo.dot<lhs_batching_dimensions = [0]>\n")
            .structured);
}

TEST_CASE("struct attributes: other bodies stay text only", "[typed-attrs]") {
  CHECK_FALSE(attrOf("#stablehlo<comparison_direction GE>").structured);
  CHECK_FALSE(attrOf("#sdy.sharding<@mesh, [{\"x\"}, {}]>").structured);
  CHECK_FALSE(attrOf("#foo.bar<a = \"s\">").structured);
  CHECK_FALSE(attrOf("#foo.bar<a = [1, x]>").structured);
  CHECK_FALSE(attrOf("#foo.bar<a = 99999999999999999999>").structured);
  CHECK_FALSE(attrOf("#foo.bar").structured);
  CHECK_FALSE(attrOf("affine_map<(d0) -> (d0)>").structured);
}

TEST_CASE("struct attributes: convolution dimension numbers", "[typed-attrs]") {
  Attribute c =
      attrOf("#stablehlo.conv<[b, 0, 1, f]x[o, 1, 0, i]->[b, f, 0, 1]>");
  REQUIRE(c.structured);
  CHECK(field(c, "input_batch_dimension") == Ints{0});
  CHECK(field(c, "input_feature_dimension") == Ints{3});
  CHECK(field(c, "input_spatial_dimensions") == Ints{1, 2});
  CHECK(field(c, "kernel_input_feature_dimension") == Ints{3});
  CHECK(field(c, "kernel_output_feature_dimension") == Ints{0});
  CHECK(field(c, "kernel_spatial_dimensions") == Ints{2, 1});
  CHECK(field(c, "output_feature_dimension") == Ints{1});
  CHECK(field(c, "output_spatial_dimensions") == Ints{2, 3});

  Attribute raw = attrOf("#mhlo.conv<raw input_batch_dimension = 0, "
                         "input_feature_dimension = 1, "
                         "input_spatial_dimensions = [2]>");
  REQUIRE(raw.structured);
  CHECK(field(raw, "input_spatial_dimensions") == Ints{2});
  CHECK_FALSE(field(raw, "output_batch_dimension")); // left out: 0

  // A spatial dim twice, a letter missing, a group missing: not read.
  CHECK_FALSE(attrOf("#stablehlo.conv<[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]>")
                  .structured);
  CHECK_FALSE(attrOf("#stablehlo.conv<[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]>")
                  .structured);
  CHECK_FALSE(attrOf("#stablehlo.conv<[b, 0, f]x[0, i, o]>").structured);
}

TEST_CASE("intList: the one integer-list reader", "[typed-attrs]") {
  CHECK(intList(attrOf("[1, -2, 3]")) == Ints{1, -2, 3});
  CHECK(intList(attrOf("[]")) == Ints{});
  CHECK(intList(attrOf("array<i64: 4, 5>")) == Ints{4, 5});
  CHECK(intList(attrOf("dense<[1, 2]> : tensor<2xi64>")) == Ints{1, 2});
  // Splats expand to the type's element count, of any rank.
  CHECK(intList(attrOf("dense<7> : tensor<3xi64>")) == Ints{7, 7, 7});
  CHECK(intList(attrOf("dense<0> : tensor<2x2xi64>")) == Ints{0, 0, 0, 0});
  CHECK(intList(attrOf("dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>")) ==
        Ints{0, 1, 2, 3});
  // Rows only when asked for (a padding).
  Attribute rows = attrOf("[[0, 1], [2, 3]]");
  CHECK_FALSE(intList(rows));
  CHECK(intList(rows, true) == Ints{0, 1, 2, 3});
  CHECK_FALSE(intList(attrOf("[[0, [1]]]"), true));
  CHECK_FALSE(intList(attrOf("[1, \"x\"]")));
  CHECK_FALSE(intList(attrOf("\"x\"")));
}

TEST_CASE("TextReader: the one small text reader", "[typed-attrs]") {
  TextReader r("  {devices=[2, 1] 0,1} ");
  CHECK(r.peek('{'));
  CHECK(r.eat("{"));
  CHECK_FALSE(r.eat("replicated"));
  CHECK(r.eat("devices="));
  CHECK(r.eat("["));
  CHECK(r.integers() == Ints{2, 1});
  CHECK(r.eat("]"));
  CHECK(r.integers() == Ints{0, 1});
  CHECK(r.eat("}"));
  CHECK(r.atEnd());

  TextReader s("-12 - 3 99999999999999999999 \"x\" \"a\\b\" key_1 =");
  CHECK(s.signedInteger() == -12);
  CHECK_FALSE(s.signedInteger()); // a sign then a space
  CHECK(s.integer() == 3);
  CHECK_FALSE(s.integer()); // past int64
  TextReader t("\"x\" \"a\\b\" key_1 =");
  CHECK(t.string() == "x");
  CHECK_FALSE(t.string()); // escapes are not read
}

TEST_CASE("window arithmetic of constants", "[typed-attrs]") {
  // floor((padded - span) / stride) + 1, span = dilation * (k - 1) + 1.
  CHECK(windowSpan(3, 1) == 3);
  CHECK(windowSpan(3, 2) == 5);
  CHECK(windowSpan(1, 4) == 1);
  CHECK(windowCount(7, 3, 1) == 5);
  CHECK(windowCount(7, 3, 2) == 3);
  CHECK(windowCount(8, 5, 3) == 2);
  CHECK(windowCount(5, 5, 2) == 1);
}

TEST_CASE("rules read the typed fields; a body not read is opaque",
          "[typed-attrs]") {
  const std::string conv =
      "func.func @f(%x: tensor<1x?x8x3xf32>, %k: tensor<3x3x3x16xf32>) {\n"
      "  %0 = \"stablehlo.convolution\"(%x, %k) {batch_group_count = 1 : "
      "i64, dimension_numbers = #stablehlo.conv<DIMS>, feature_group_count "
      "= 1 : i64} : (tensor<1x?x8x3xf32>, tensor<3x3x3x16xf32>) -> "
      "tensor<1x?x6x16xf32>\n  return\n}\n";
  auto with = [&](const std::string &dims) {
    std::string text = conv;
    text.replace(text.find("DIMS"), 4, dims);
    return opaqueOps(text);
  };
  CHECK(with("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]").empty());
  CHECK(with("raw input_batch_dimension = 0, input_feature_dimension = 3, "
             "input_spatial_dimensions = [1, 2], "
             "kernel_input_feature_dimension = 2, "
             "kernel_output_feature_dimension = 3, "
             "kernel_spatial_dimensions = [0, 1], output_batch_dimension = "
             "0, output_feature_dimension = 3, output_spatial_dimensions = "
             "[1, 2]")
            .empty());
  CHECK(with("[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]") ==
        std::vector<std::string>{
            "stablehlo.convolution: dimension_numbers not understood"});

  CHECK(opaqueOps(R"(
func.func @f(%a: tensor<?x4xf32>, %b: tensor<4x5xf32>) {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_precision = DEFAULT>} : (tensor<?x4xf32>, tensor<4x5xf32>) -> tensor<?x5xf32>
  return
}
)") == std::vector<std::string>{
           "stablehlo.dot_general: dot dimension numbers not "
           "understood"});
}
