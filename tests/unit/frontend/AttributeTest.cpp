//===- AttributeTest.cpp - Parsing attributes -----------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// The prefix before the attribute value; its length is the column offset.
const std::string kPrefix = "  \"test.op\"() {a = ";

std::string wrap(const std::string &attr, const std::string &aliases = "") {
  return aliases + "func.func @f() {\n" + kPrefix + attr +
         "} : () -> ()\n  return\n}\n";
}

/// Parses `{a = ATTR}` on a test op and returns the attribute.
Attribute attr(const std::string &text, const std::string &aliases = "") {
  auto parsed = parse(wrap(text, aliases));
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  return parsed->op(0).attributes.at(0).value;
}

std::string attrError(const std::string &text) {
  return parse(wrap(text))->error();
}

} // namespace

TEST_CASE("scalar attributes", "[attributes]") {
  Attribute a = attr("42");
  CHECK(a.kind == AttrKind::Integer);
  CHECK(a.intValue == 42);
  CHECK_FALSE(a.hasType);
  CHECK(a.text == "42");

  a = attr("-3 : index");
  CHECK(a.intValue == -3);
  CHECK(a.hasType);
  CHECK(a.type.kind == TypeKind::Index);
  CHECK(a.text == "-3 : index");

  CHECK(attr("0x10 : i32").intValue == 16);
  CHECK(attr("9223372036854775807").intValue == INT64_MAX);
  CHECK(attr("-9223372036854775808").intValue == INT64_MIN);

  a = attr("1.5e3 : f32");
  CHECK(a.kind == AttrKind::Float);
  CHECK(a.type.str() == "f32");
  CHECK(attr("-2.0").kind == AttrKind::Float);

  a = attr("true");
  CHECK(a.kind == AttrKind::Bool);
  CHECK(a.boolValue);
  CHECK_FALSE(attr("false").boolValue);

  a = attr("\"a\\\"b\\n\"");
  CHECK(a.kind == AttrKind::String);
  CHECK(a.str == "a\"b\n");
  CHECK(attr("unit").kind == AttrKind::Unit);

  a = attr("@callee");
  CHECK(a.kind == AttrKind::SymbolRef);
  CHECK(a.str == "callee");
  CHECK(attr("@\"odd name\"").str == "odd name");
  CHECK(attr("@outer::@inner").text == "@outer::@inner");
}

TEST_CASE("arrays with extent markers", "[attributes]") {
  Attribute a = attr("[1, ?, *, -2 : i32]");
  CHECK(a.kind == AttrKind::Array);
  REQUIRE(a.elements.size() == 4);
  CHECK(a.elements[0].intValue == 1);
  CHECK(a.elements[1].kind == AttrKind::Dynamic);
  CHECK(a.elements[2].kind == AttrKind::Star);
  CHECK(a.elements[3].intValue == -2);
  CHECK(a.elements[3].type.str() == "i32");
  CHECK(attr("[]").elements.empty());
  CHECK(attr("[[1], [\"x\", [true]]]").elements.at(1).elements.size() == 2);
}

TEST_CASE("dense and array attributes", "[attributes]") {
  Attribute a = attr("array<i64: 1, -2>");
  CHECK(a.kind == AttrKind::DenseArray);
  CHECK(a.ints == std::vector<int64_t>{1, -2});
  CHECK(a.type.str() == "i64");
  CHECK(attr("array<i64>").ints.empty());
  CHECK(attr("array<i1: true, false>").ints == std::vector<int64_t>{1, 0});
  CHECK(attr("array<f32: 1.0, 2.5>").kind == AttrKind::Other);

  a = attr("dense<[1, 2]> : tensor<2xi64>");
  CHECK(a.kind == AttrKind::DenseInt);
  CHECK(a.ints == std::vector<int64_t>{1, 2});
  CHECK_FALSE(a.splat);
  CHECK(a.type.str() == "tensor<2xi64>");
  CHECK(a.text == "dense<[1, 2]> : tensor<2xi64>");

  a = attr("dense<3> : tensor<2xi64>");
  CHECK(a.splat);
  CHECK(a.ints == std::vector<int64_t>{3});

  a = attr("dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>");
  CHECK(a.ints == std::vector<int64_t>{1, 2, 3, -4});
  CHECK(attr("dense<> : tensor<0xindex>").kind == AttrKind::DenseInt);
  CHECK(attr("dense<true> : tensor<i1>").ints == std::vector<int64_t>{1});
  CHECK(attr("dense<1.5> : tensor<2xf32>").kind == AttrKind::Other);
  CHECK(attr("dense<\"0xDEADBEEF\"> : tensor<1xi32>").kind == AttrKind::Other);
  CHECK(attr("dense<(1, 2)> : tensor<complex<i32>>").kind == AttrKind::Other);
}

TEST_CASE("dictionaries, types and opaque attributes", "[attributes]") {
  Attribute a = attr("{x = 1, y, \"z w\" = [2]}");
  CHECK(a.kind == AttrKind::Dictionary);
  REQUIRE(a.entries.size() == 3);
  CHECK(a.entries[0].name == "x");
  CHECK(a.entries[1].value.kind == AttrKind::Unit);
  CHECK(a.entries[2].name == "z w");
  CHECK(findAttr(a.entries, "x")->intValue == 1);
  CHECK(findAttr(a.entries, "nope") == nullptr);

  a = attr("tensor<?xf32>");
  CHECK(a.kind == AttrKind::TypeAttr);
  CHECK(a.type.str() == "tensor<?xf32>");
  CHECK(attr("i32").type.kind == TypeKind::Integer);
  CHECK(attr("!shape.shape").type.kind == TypeKind::Shape);
  CHECK(attr("(i32) -> ()").kind == AttrKind::TypeAttr);

  a = attr("affine_map<(d0, d1) -> (d1 floordiv 2, d0)>");
  CHECK(a.kind == AttrKind::Other);
  CHECK(a.text == "affine_map<(d0, d1) -> (d1 floordiv 2, d0)>");
  CHECK(attr("affine_set<(d0) : (d0 - 1 >= 0)>").kind == AttrKind::Other);
  CHECK(attr("#test<\"foo>\">").text == "#test<\"foo>\">");
  CHECK(attr("#dialect.attr").kind == AttrKind::Other);
  CHECK(attr("loc(\"x.py\":3:4)").kind == AttrKind::Other);
}

TEST_CASE("attribute aliases are substituted", "[attributes]") {
  Attribute a = attr("#dims", "#dims = array<i64: 0, 2>\n");
  CHECK(a.kind == AttrKind::DenseArray);
  CHECK(a.ints == std::vector<int64_t>{0, 2});
  CHECK(a.text == "#dims");
  a = attr("#map", "#map = affine_map<(d0) -> (d0)>\n");
  CHECK(a.kind == AttrKind::Other);
}

TEST_CASE("attribute errors", "[attributes]") {
  const std::string col = std::to_string(kPrefix.size() + 1);
  CHECK(attrError("99999999999999999999") ==
        "2:" + col + ": integer too large");
  CHECK(attrError("9223372036854775808") == "2:" + col + ": integer too large");
  CHECK(attrError("-9223372036854775809") ==
        "2:" + col + ": integer too large");
  CHECK(attrError("[1, 99999999999999999999]") ==
        "2:" + std::to_string(kPrefix.size() + 5) + ": integer too large");
  CHECK(attrError("dense<[1, 99999999999999999999]> : tensor<2xi64>") ==
        "2:" + std::to_string(kPrefix.size() + 11) + ": integer too large");
  CHECK(attrError("bogus") == "2:" + col + ": expected attribute value");
  CHECK(attrError("#nope") ==
        "2:" + col + ": undefined symbol alias id 'nope'");
  CHECK(attrError("dense<[1, 2]>") ==
        "2:" + std::to_string(kPrefix.size() + 14) + ": expected ':'");
  CHECK(attrError("[1, 2") ==
        "2:" + std::to_string(kPrefix.size() + 6) + ": expected ']'");
  CHECK(attrError("-x") ==
        "2:" + std::to_string(kPrefix.size() + 2) + ": expected integer");
  CHECK(attrError("affine_map<(d0) -> (d0)") ==
        "2:" + std::to_string(kPrefix.size() + 24) + ": unexpected '}'");
  CHECK(attrError("array<i64: 1.5>") ==
        "2:" + std::to_string(kPrefix.size() + 12) + ": expected integer");
}

TEST_CASE("deeply nested attributes are rejected cleanly", "[attributes]") {
  std::string deep(20000, '[');
  deep += std::string(20000, ']');
  std::string error = attrError(deep);
  CHECK(error.find("nesting too deep") != std::string::npos);
}
