//===- DialectAttrsTest.cpp - Enums, affine maps, Shardy read once --------===//
//
// The typed values the parser gives dialect attributes (TypedAttrs.h):
// StableHLO's enums (generic `#stablehlo<fft_type RFFT>`, the custom forms'
// bare words), affine maps, Shardy's shardings, meshes and axis sets (as
// openxla/shardy prints them). Rules read these only; a word or form not
// read leaves the value unset and the op that needs it opaque.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"
#include "parser/AttrReaders.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// Attribute `name` of the first op of `text`'s first function.
Attribute opAttr(const std::string &text, const std::string &name) {
  auto parsed = parse(text);
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Attribute *a = findAttr(parsed->op(0).attributes, name);
  REQUIRE(a);
  return *a;
}

} // namespace

TEST_CASE("enums: generic forms of stablehlo, mhlo and chlo", "[typed-attrs]") {
  CHECK(attrOf("#stablehlo<fft_type RFFT>").enumValue<FftType>() ==
        FftType::RFFT);
  CHECK(attrOf("#mhlo<fft_type IRFFT>").enumValue<FftType>() == FftType::IRFFT);
  CHECK(attrOf("#mhlo<comparison_direction LT>")
            .enumValue<ComparisonDirection>() == ComparisonDirection::LT);
  CHECK(attrOf("#chlo<comparison_direction GE>")
            .enumValue<ComparisonDirection>() == ComparisonDirection::GE);
  CHECK(attrOf("#stablehlo<comparison_type UNSIGNED>")
            .enumValue<ComparisonType>() == ComparisonType::UNSIGNED);
  // The case of another enum is not this one's.
  CHECK_FALSE(
      attrOf("#stablehlo<fft_type RFFT>").enumValue<ComparisonDirection>());
  // An alias carries its case.
  CHECK(attrOf("#d", "#d = #stablehlo<comparison_direction NE>\n")
            .enumValue<ComparisonDirection>() == ComparisonDirection::NE);
  // A bare word in a dictionary, for the attribute that holds the enum.
  CHECK(opAttr("func.func @f() {\n  \"test.op\"() {compare_type = SIGNED} : "
               "() -> ()\n  return\n}\n",
               "compare_type")
            .enumValue<ComparisonType>() == ComparisonType::SIGNED);
}

TEST_CASE("enums: words not read stay without a case", "[typed-attrs]") {
  CHECK(attrOf("#stablehlo<fft_type XFFT>").enumKind == EnumKind::None);
  CHECK(attrOf("#foo<fft_type RFFT>").enumKind == EnumKind::None);
  CHECK(attrOf("#stablehlo<fft_kind RFFT>").enumKind == EnumKind::None);
  CHECK(attrOf("#stablehlo<fft_type RFFT FFT>").enumKind == EnumKind::None);
  CHECK(attrOf("\"LT\"").enumKind == EnumKind::None);
  CHECK(opAttr("func.func @f() {\n  \"test.op\"() {other = LT} : () -> ()\n"
               "  return\n}\n",
               "other")
            .enumKind == EnumKind::None);
}

TEST_CASE("enums: the custom forms' bare words", "[typed-attrs]") {
  const std::string compare =
      "func.func @f(%a: tensor<i32>, %b: tensor<i32>) {\n"
      "  %0 = stablehlo.compare  GE, %a, %b,  SIGNED : (tensor<i32>, "
      "tensor<i32>) -> tensor<i1>\n  return\n}\n";
  CHECK(opAttr(compare, "comparison_direction")
            .enumValue<ComparisonDirection>() == ComparisonDirection::GE);
  CHECK(opAttr(compare, "compare_type").enumValue<ComparisonType>() ==
        ComparisonType::SIGNED);
  const std::string fft =
      "func.func @f(%x: tensor<8xf32>) {\n"
      "  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) "
      "-> tensor<5xcomplex<f32>>\n  return\n}\n";
  CHECK(opAttr(fft, "fft_type").enumValue<FftType>() == FftType::RFFT);
}

TEST_CASE("enums: the fft rule reads the case, an unknown one is opaque",
          "[typed-attrs]") {
  auto fft = [](const std::string &type) {
    return opaqueOps("func.func @f(%x: tensor<?xf32>) {\n"
                     "  %0 = \"stablehlo.fft\"(%x) {fft_length = array<i64: "
                     "8>, fft_type = " +
                     type +
                     "} : (tensor<?xf32>) -> tensor<5xcomplex<f32>>\n"
                     "  return\n}\n");
  };
  CHECK(fft("#stablehlo<fft_type RFFT>").empty());
  CHECK(fft("#stablehlo<fft_type SFFT>") ==
        std::vector<std::string>{"stablehlo.fft: fft_type not understood"});
}

TEST_CASE("affine maps: dims, constants and other results", "[typed-attrs]") {
  Attribute a = attrOf("affine_map<(d0, d1)[s0] -> (d1, 0, d0 + s0, -2)>");
  REQUIRE(a.affineMap);
  CHECK(a.affineMap->numDims == 2);
  CHECK(a.affineMap->numSymbols == 1);
  using K = AffineResult::Kind;
  REQUIRE(a.affineMap->results.size() == 4);
  CHECK(a.affineMap->results[0].kind == K::Dim);
  CHECK(a.affineMap->results[0].value == 1);
  CHECK(a.affineMap->results[1].kind == K::Constant);
  CHECK(a.affineMap->results[1].value == 0);
  CHECK(a.affineMap->results[2].kind == K::Other);
  CHECK(a.affineMap->results[3].kind == K::Constant);
  CHECK(a.affineMap->results[3].value == -2);
  // An alias carries the map; other attributes have none.
  Attribute m = attrOf("#map", "#map = affine_map<(d0) -> (d0)>\n");
  REQUIRE(m.affineMap);
  CHECK(m.affineMap->results.size() == 1);
  CHECK_FALSE(attrOf("[1, 2]").affineMap);
  CHECK_FALSE(attrOf("affine_set<(d0) : (d0 >= 0)>").affineMap);
}

TEST_CASE("Shardy: shardings, meshes and axis sets", "[typed-attrs]") {
  using K = ShardyValue::Kind;
  Attribute s = attrOf("#sdy.sharding<@mesh, [{\"x\", ?}, {\"y\":(1)2}, {}]"
                       ", replicated={\"z\"}>");
  REQUIRE(s.shardy);
  CHECK(s.shardy->kind == K::Sharding);
  REQUIRE(s.shardy->shardings.size() == 1);
  const TensorSharding &t = s.shardy->shardings[0];
  CHECK(t.mesh == "mesh");
  REQUIRE(t.dims.size() == 3);
  CHECK(t.dims[0].size() == 1);
  CHECK(t.dims[0][0].name == "x");
  CHECK(t.dims[1][0].subSize == 2);
  CHECK(t.dims[2].empty());
  CHECK(t.openDims == std::vector<bool>{true, false, false});
  REQUIRE(t.replicated.size() == 1);
  CHECK(t.replicated[0].name == "z");

  Attribute list = attrOf("#sdy.sharding_per_value<[<@m, [{\"a\"}]>, "
                          "<mesh<[\"b\"=2]>, [{}]>]>");
  REQUIRE(list.shardy);
  CHECK(list.shardy->kind == K::ShardingList);
  REQUIRE(list.shardy->shardings.size() == 2);
  CHECK(list.shardy->shardings[1].mesh.empty());
  CHECK(list.shardy->shardings[1].inlineMesh.at(0).size == 2);

  Attribute mesh = attrOf("#sdy.mesh<[\"x\"=4, \"y\"=2]>");
  REQUIRE(mesh.shardy);
  CHECK(mesh.shardy->kind == K::Mesh);
  CHECK(mesh.shardy->mesh.size() == 2);
  CHECK(mesh.shardy->mesh[0].size == 4);

  Attribute axes = attrOf("#sdy<manual_axes{\"a\", \"b\"}>");
  REQUIRE(axes.shardy);
  CHECK(axes.shardy->kind == K::AxisNames);
  CHECK(axes.shardy->axisNames == std::vector<std::string>{"a", "b"});

  // Forms not read exactly: no value.
  CHECK_FALSE(attrOf("#sdy.sharding<@mesh, [{\"x\"}], bogus={}>").shardy);
  CHECK_FALSE(attrOf("#sdy.mesh<[\"x\"=0]>").shardy);
  CHECK_FALSE(attrOf("#sdy<manual_axes{\"a\":(1)2}>").shardy);
}

TEST_CASE("Shardy: the custom forms read their shardings", "[typed-attrs]") {
  const std::string manual = R"(sdy.mesh @mesh = <["x"=4]>
func.func @f(%a: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<4x8xf32>) {
    sdy.return %l : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
)";
  Attribute in = opAttr(manual, "in_shardings");
  REQUIRE(in.shardy);
  CHECK(in.shardy->kind == ShardyValue::Kind::ShardingList);
  CHECK(in.shardy->shardings.at(0).dims.size() == 2);
  Attribute axes = opAttr(manual, "manual_axes");
  REQUIRE(axes.shardy);
  CHECK(axes.shardy->axisNames == std::vector<std::string>{"x"});
  CHECK(opaqueOps(manual).empty());

  // A sharding not read: the op is opaque, as before the parser read it.
  std::string bad = manual;
  bad.replace(bad.find("in_shardings=[<@mesh, [{\"x\"}, {}]>]"),
              std::string("in_shardings=[<@mesh, [{\"x\"}, {}]>]").size(),
              "in_shardings=[<@mesh, [{\"x\"}, {}], bogus={}>]");
  CHECK(opaqueOps(bad) ==
        std::vector<std::string>{"sdy.manual_computation: in_shardings not "
                                 "understood"});
}
