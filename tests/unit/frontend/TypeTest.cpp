//===- TypeTest.cpp - Parsing and printing types --------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

TEST_CASE("ranked, unranked and rank-0 tensors", "[types]") {
  std::optional<Type> t = parseArgType("tensor<2x?x4xf32>");
  REQUIRE(t);
  CHECK(t->kind == TypeKind::RankedTensor);
  CHECK(t->dims == std::vector<int64_t>{2, kDynamic, 4});
  CHECK(t->element == "f32");
  CHECK(t->str() == "tensor<2x?x4xf32>");

  t = parseArgType("tensor<*xf32>");
  REQUIRE(t);
  CHECK(t->kind == TypeKind::UnrankedTensor);
  CHECK(t->dims.empty());
  CHECK(t->str() == "tensor<*xf32>");

  t = parseArgType("tensor<f32>");
  REQUIRE(t);
  CHECK(t->kind == TypeKind::RankedTensor);
  CHECK(t->dims.empty());
  CHECK(t->str() == "tensor<f32>");

  t = parseArgType("tensor<?xindex>");
  REQUIRE(t);
  CHECK(t->isExtentTensor());
  CHECK(t->isShapeLike());
}

TEST_CASE("dimension lists are read character by character", "[types]") {
  CHECK(parseArgType("tensor<0x4xf32>")->dims == std::vector<int64_t>{0, 4});
  CHECK(parseArgType("tensor<2 x ? x f32>")->str() == "tensor<2x?xf32>");
  CHECK(parseArgType("tensor<4x?x!shape.size>")->element == "!shape.size");
  CHECK(parseArgType("tensor<9223372036854775807xi8>")->dims.at(0) ==
        INT64_MAX);
  CHECK(parseArgType("tensor<4xcomplex<f32>>")->element == "complex<f32>");
  CHECK(parseArgType("tensor<3xtensor<2xi1>>")->element == "tensor<2xi1>");
}

TEST_CASE("tensor encodings are kept as text", "[types]") {
  auto parsed = parse("#enc = #sparse.enc<{a = 1}>\n"
                      "func.func @f(%a: tensor<4xf32, #enc>, "
                      "%b: tensor<?xf32, #foo.bar<1>>)\n");
  REQUIRE(parsed->ok());
  const Type &a = parsed->func().argumentTypes[0];
  CHECK(a.encoding == "#enc");
  CHECK(a.str() == "tensor<4xf32, #enc>");
  CHECK(parsed->func().argumentTypes[1].encoding == "#foo.bar<1>");
}

TEST_CASE("vectors, scalars and shape types", "[types]") {
  std::optional<Type> t = parseArgType("vector<4x8xf32>");
  REQUIRE(t);
  CHECK(t->kind == TypeKind::Vector);
  CHECK(t->dims == std::vector<int64_t>{4, 8});
  CHECK(t->str() == "vector<4x8xf32>");

  t = parseArgType("vector<[4]x8xf32>");
  REQUIRE(t);
  CHECK(t->kind == TypeKind::Other);
  CHECK(t->str() == "vector<[4]x8xf32>");

  struct Case {
    const char *text;
    TypeKind kind;
    const char *printed;
  };
  const Case cases[] = {
      {"index", TypeKind::Index, "index"},
      {"i1", TypeKind::Integer, "i1"},
      {"si8", TypeKind::Integer, "si8"},
      {"ui64", TypeKind::Integer, "ui64"},
      {"f16", TypeKind::Float, "f16"},
      {"bf16", TypeKind::Float, "bf16"},
      {"f8E5M2", TypeKind::Float, "f8E5M2"},
      {"!shape.shape", TypeKind::Shape, "!shape.shape"},
      {"!shape.type", TypeKind::Shape, "!shape.shape"},
      {"!shape.size", TypeKind::Size, "!shape.size"},
      {"!shape.witness", TypeKind::Witness, "!shape.witness"},
      {"!shape.value_shape", TypeKind::ValueShape, "!shape.value_shape"},
      {"none", TypeKind::Other, "none"},
      {"complex<f32>", TypeKind::Other, "complex<f32>"},
      {"tuple<i32, tensor<2xf32>>", TypeKind::Other,
       "tuple<i32, tensor<2xf32>>"},
      {"memref<?x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", TypeKind::Other,
       "memref<?x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"},
      {"!llvm.ptr<i8>", TypeKind::Other, "!llvm.ptr<i8>"},
      {"!foo<\"a>b\">", TypeKind::Other, "!foo<\"a>b\">"},
      {"!test.thing", TypeKind::Other, "!test.thing"},
      {"(i32, f32) -> tensor<2xf32>", TypeKind::Other,
       "(i32, f32) -> tensor<2xf32>"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    std::optional<Type> type = parseArgType(c.text);
    REQUIRE(type);
    CHECK(type->kind == c.kind);
    CHECK(type->str() == c.printed);
  }
}

TEST_CASE("type aliases are substituted", "[types]") {
  auto parsed = parse("!t = tensor<?xf32>\n!e = !shape.size\n"
                      "func.func @f(%a: !t, %b: tensor<2x!e>) -> !t {\n"
                      "  return %a : tensor<?xf32>\n}\n");
  REQUIRE(parsed->ok());
  CHECK(parsed->func().argumentTypes[0].str() == "tensor<?xf32>");
  CHECK(parsed->func().argumentTypes[1].str() == "tensor<2x!shape.size>");
  CHECK(parsed->func().resultTypes[0].str() == "tensor<?xf32>");
}

TEST_CASE("type helpers", "[types]") {
  Type t = Type::rankedTensor({kDynamic, 3}, "i32");
  CHECK(t.str() == "tensor<?x3xi32>");
  CHECK(t.hasRank());
  CHECK(t.isShaped());
  CHECK_FALSE(t.isExtentTensor());
  CHECK(Type::index().isSizeLike());
  CHECK(Type::index().str() == "index");
  CHECK(Type::rankedTensor({4}, "index").isExtentTensor());
}

TEST_CASE("type errors", "[types]") {
  // func.func @f(%a: ...: the type starts at column 18.
  CHECK(argTypeError("tensor<-1xf32>") == "1:25: expected dimension");
  CHECK(argTypeError("tensor<99999999999999999999xf32>") ==
        "1:25: integer too large");
  CHECK(argTypeError("tensor<9223372036854775808xf32>") ==
        "1:25: integer too large");
  CHECK(argTypeError("tensor<4>") == "1:26: expected 'x' in dimension list");
  CHECK(argTypeError("tensor<4x?>") == "1:28: expected 'x' in dimension list");
  CHECK(argTypeError("tensor<2x*xf32>") == "1:27: expected dimension");
  CHECK(argTypeError("tensor<4xfoo>") == "1:27: expected type");
  CHECK(argTypeError("tensor<4xf32") == "1:30: expected '>'");
  CHECK(argTypeError("tensor") == "1:24: expected '<' in tensor type");
  CHECK(argTypeError("vector<?xf32>") == "1:25: expected dimension");
  CHECK(argTypeError("foo") == "1:18: expected type");
  CHECK(argTypeError("!undefined") ==
        "1:18: undefined symbol alias id 'undefined'");
  CHECK(argTypeError("tensor<4xf32, #enc>") ==
        "1:32: undefined symbol alias id 'enc'");
  CHECK(argTypeError("!foo.bar<a]>") == "1:28: unexpected ']'");
  // Read as mlir-opt reads it (it was skipped as balanced text before).
  CHECK(argTypeError("memref<4xf32") ==
        "1:30: expected ',' or '>' in memref type");
}
