//===- ReadOnceAttrsTest.cpp - cmpi, assumptions, maps, mhlo.sharding -----===//
//
// The typed values the parser gives the four attributes whose rules once
// read their text: arith.cmpi's predicate (both forms), IREE's
// `#util.int.assumption<..>`, the expressions of an affine map with symbols
// (torch.bind_symbolic_shape) and XLA's `mhlo.sharding` strings. Each form
// is read; a malformed one leaves the value unset, and the op opaque with
// its reason.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"
#include "parser/AttrReaders.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

using Strings = std::vector<std::string>;

/// Attribute `name` of op `i` of `text`'s first function.
Attribute opAttr(const std::string &text, const std::string &name,
                 size_t i = 0) {
  auto parsed = parse(text);
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Attribute *a = findAttr(parsed->op(i).attributes, name);
  REQUIRE(a);
  return *a;
}

/// The predicate of `arith.cmpi` written as `op` on two index values.
std::optional<CmpIPredicate> cmpi(const std::string &op) {
  return opAttr("func.func @f(%a: index, %b: index) {\n  %0 = " + op +
                    "\n  return\n}\n",
                "predicate")
      .enumValue<CmpIPredicate>();
}

/// The expression of the only result of `map`.
AffineExpr onlyExpr(const std::string &map) {
  Attribute a = attrOf(map);
  REQUIRE(a.affineMap);
  REQUIRE(a.affineMap->results.size() == 1);
  REQUIRE(a.affineMap->results[0].expr);
  return *a.affineMap->results[0].expr;
}

/// `e` printed back in prefix form: `add(mul(s0, 32), 1)`.
std::string show(const AffineExpr &e) {
  using K = AffineExpr::Kind;
  switch (e.kind) {
  case K::Constant:
    return std::to_string(e.value);
  case K::Dim:
    return "d#" + std::to_string(e.value);
  case K::Symbol:
    return "s#" + std::to_string(e.value);
  case K::Neg:
    return "neg(" + show(e.operands[0]) + ")";
  default:
    break;
  }
  const char *names[] = {"",    "",    "",         "",        "add",
                         "sub", "mul", "floordiv", "ceildiv", "mod"};
  return std::string(names[size_t(e.kind)]) + "(" + show(e.operands[0]) + ", " +
         show(e.operands[1]) + ")";
}

} // namespace

TEST_CASE("arith.cmpi: the predicate of both forms is an enum",
          "[typed-attrs]") {
  CHECK(cmpi("arith.cmpi slt, %a, %b : index") == CmpIPredicate::slt);
  CHECK(cmpi("arith.cmpi uge, %a, %b : index") == CmpIPredicate::uge);
  CHECK(cmpi("arith.cmpi eq, %a, %b : index") == CmpIPredicate::eq);
  // Generic form: arith::CmpIPredicate's value (slt is 2, uge 9).
  CHECK(cmpi("\"arith.cmpi\"(%a, %b) <{predicate = 2 : i64}> : (index, "
             "index) -> i1") == CmpIPredicate::slt);
  CHECK(cmpi("\"arith.cmpi\"(%a, %b) {predicate = 9 : i64} : (index, "
             "index) -> i1") == CmpIPredicate::uge);
  // Not a case: no value.
  CHECK_FALSE(cmpi("arith.cmpi lt, %a, %b : index"));
  CHECK_FALSE(cmpi("\"arith.cmpi\"(%a, %b) <{predicate = 10 : i64}> : "
                   "(index, index) -> i1"));
  CHECK_FALSE(cmpi("\"arith.cmpi\"(%a, %b) <{predicate = -1 : i64}> : "
                   "(index, index) -> i1"));
  // arith.cmpf's `ult` (unordered or less) is not cmpi's.
  CHECK_FALSE(opAttr("func.func @f(%a: f32, %b: f32) {\n  %0 = arith.cmpf "
                     "ult, %a, %b : f32\n  return\n}\n",
                     "predicate")
                  .enumValue<CmpIPredicate>());
  // A predicate attribute elsewhere is not one either.
  CHECK_FALSE(attrOf("2 : i64").enumValue<CmpIPredicate>());
}

TEST_CASE("arith.cmpi: the rule reads the enum", "[typed-attrs]") {
  // An unread predicate leaves the i1 result unknown; a read one decides
  // the select, whose index result then needs no opaque op.
  auto reasons = [](const std::string &cmp) {
    return opaqueOps("func.func @f(%a: index, %b: index) -> index {\n"
                     "  %p = " +
                     cmp +
                     "\n  %s = arith.select %p, %a, %b : index\n"
                     "  return %s : index\n}\n");
  };
  CHECK(reasons("arith.cmpi slt, %a, %b : index").empty());
  CHECK(reasons("arith.cmpi lt, %a, %b : index") ==
        Strings{"arith.select: 'arith.select' on index values is not "
                "modelled"});
  CHECK(reasons("\"arith.cmpi\"(%a, %b) <{predicate = 5 : i64}> : (index, "
                "index) -> i1")
            .empty());
}

TEST_CASE("util.int.assumption: fields read once", "[typed-attrs]") {
  Attribute all = attrOf("#util.int.assumption<umin = 1, umax = 1024, udiv "
                         "= 16>");
  REQUIRE(all.intAssumption);
  CHECK(all.intAssumption->umin == 1u);
  CHECK(all.intAssumption->umax == 1024u);
  CHECK(all.intAssumption->udiv == 16u);
  Attribute some = attrOf("#util.int.assumption<udiv = 8>");
  REQUIRE(some.intAssumption);
  CHECK_FALSE(some.intAssumption->umin);
  CHECK(some.intAssumption->udiv == 8u);
  REQUIRE(attrOf("#util.int.assumption<>").intAssumption);
  Attribute big = attrOf("#util.int.assumption<umax = 18446744073709551615>");
  REQUIRE(big.intAssumption);
  CHECK(big.intAssumption->umax == UINT64_MAX);
  // Rows as util.assume.int's generic form writes them.
  Attribute rows = attrOf("[[#util.int.assumption<umin = 0>, "
                          "#util.int.assumption<udiv = 5>]]");
  REQUIRE(rows.elements.size() == 1);
  REQUIRE(rows.elements[0].elements.size() == 2);
  CHECK(rows.elements[0].elements[1].intAssumption->udiv == 5u);

  for (const char *bad :
       {"#util.int.assumption<umin = 1, umask = 3>",
        "#util.int.assumption<umin = 1, umin = 2>",
        "#util.int.assumption<umin = -1>",
        "#util.int.assumption<umax = 18446744073709551616>",
        "#util.int.assumption<umin 1>",
        "#util.int.assumption<umin = 1 umax = 2>", "#util.other<umin = 1>"}) {
    INFO(bad);
    CHECK_FALSE(attrOf(bad).intAssumption);
  }
}

TEST_CASE("util.assume.int: the custom form's rows, read or opaque",
          "[typed-attrs]") {
  auto parsed = parse("util.func public @f(%n: index, %m: i64) {\n"
                      "  %0:2 = util.assume.int %n[<umin = 0>, <udiv = 5>], "
                      "%m<umax = 10> : index, i64\n  util.return\n}\n");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Attribute *all = findAttr(parsed->op(0).attributes, "assumptions");
  REQUIRE(all);
  REQUIRE(all->elements.size() == 2);
  REQUIRE(all->elements[0].elements.size() == 2);
  CHECK(all->elements[0].elements[0].intAssumption->umin == 0u);
  CHECK(all->elements[1].elements[0].intAssumption->umax == 10u);
  // Not understood: opaque, the assumption's text in the reason.
  CHECK(opaqueOps("util.func public @f(%n: index) -> index {\n"
                  "  %0 = util.assume.int %n<umin = 1, udiv = x> : index\n"
                  "  util.return %0 : index\n}\n") ==
        Strings{"util.assume.int: the assumption '#util.int.assumption<umin "
                "= 1, udiv = x>' is not understood"});
}

TEST_CASE("affine maps: the expressions of results", "[typed-attrs]") {
  CHECK(show(onlyExpr("affine_map<()[s0] -> (s0 * 32)>")) == "mul(s#0, 32)");
  CHECK(show(onlyExpr("affine_map<()[s0, s1] -> (s0 * 2 + s1 - 1)>")) ==
        "sub(add(mul(s#0, 2), s#1), 1)");
  CHECK(show(onlyExpr("affine_map<()[s0] -> (s0 floordiv 4 + s0 ceildiv 2 "
                      "+ s0 mod 3)>")) ==
        "add(add(floordiv(s#0, 4), ceildiv(s#0, 2)), mod(s#0, 3))");
  CHECK(show(onlyExpr("affine_map<()[s0] -> (-s0)>")) == "neg(s#0)");
  CHECK(show(onlyExpr("affine_map<()[s0] -> ((s0 + 1) * 8)>")) ==
        "mul(add(s#0, 1), 8)");
  CHECK(show(onlyExpr("affine_map<(d0, d1)[s0] -> (d1 + s0)>")) ==
        "add(d#1, s#0)");
  CHECK(show(onlyExpr("affine_map<()[s0] -> (7)>")) == "7");

  // Names not declared, missing operands, garbage: no expression (the map
  // itself and its other results still read).
  Attribute bad =
      attrOf("affine_map<()[s0] -> (s1, s0 +, s0 ** 2, s0 floordiv, 3)>");
  REQUIRE(bad.affineMap);
  REQUIRE(bad.affineMap->results.size() == 5);
  for (size_t k = 0; k < 4; ++k)
    CHECK_FALSE(bad.affineMap->results[k].expr);
  CHECK(bad.affineMap->results[4].expr);
  Attribute huge = attrOf("affine_map<()[s0] -> (99999999999999999999 * s0)>");
  REQUIRE(huge.affineMap);
  CHECK_FALSE(huge.affineMap->results[0].expr);
}

TEST_CASE("torch.bind_symbolic_shape: the rule builds terms from the map",
          "[typed-attrs]") {
  auto bind = [](const std::string &map) {
    return opaqueOps("func.func @f(%x: !torch.vtensor<[?,?],f32>) {\n"
                     "  %s = torch.symbolic_int \"s0\" {min_val = 2, "
                     "max_val = 64} : !torch.int\n"
                     "  torch.bind_symbolic_shape %x, [%s], " +
                     map + " : !torch.vtensor<[?,?],f32>\n  return\n}\n");
  };
  CHECK(bind("affine_map<()[s0] -> (s0 * 32, s0 floordiv 2 + 1)>").empty());
  CHECK(bind("affine_map<()[s0] -> (s0 floordiv s0, 1)>") ==
        Strings{"torch.bind_symbolic_shape: shape expressions not read: "
                "affine_map<()[s0] -> (s0 floordiv s0, 1)>"});
  CHECK(bind("affine_map<(d0)[s0] -> (d0, s0)>") ==
        Strings{"torch.bind_symbolic_shape: shape expressions not read: "
                "affine_map<(d0)[s0] -> (d0, s0)>"});
  CHECK(bind("affine_map<()[s0, s1] -> (s0, s1)>") ==
        Strings{"torch.bind_symbolic_shape: shape expressions not read: "
                "affine_map<()[s0, s1] -> (s0, s1)>"});
}

TEST_CASE("mhlo.sharding: strings read once where attributes are read",
          "[typed-attrs]") {
  const std::string text =
      "func.func @f(%x: tensor<8x4xf32> {mhlo.sharding = "
      "\"{devices=[2,1]<=[2]}\"}) -> (tensor<8x4xf32> {mhlo.sharding = "
      "\"{replicated}\"}) {\n"
      "  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "
      "\"{manual}\"} : (tensor<8x4xf32>) -> tensor<8x4xf32>\n"
      "  %1 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "
      "\"{unknown}\"} : (tensor<8x4xf32>) -> tensor<8x4xf32>\n"
      "  %2 = stablehlo.custom_call @Sharding(%x) {other = "
      "\"{manual}\"} : (tensor<8x4xf32>) -> tensor<8x4xf32>\n"
      "  return %0 : tensor<8x4xf32>\n}\n";
  auto parsed = parse(text);
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Attribute *arg =
      findAttr(parsed->func().argumentAttributes.at(0), "mhlo.sharding");
  REQUIRE(arg);
  REQUIRE(arg->hloSharding);
  CHECK(arg->hloSharding->kind == HloSharding::Kind::Tiled);
  CHECK(arg->hloSharding->tiles == std::vector<int64_t>{2, 1});
  const Attribute *own = findAttr(parsed->op(0).attributes, "mhlo.sharding");
  REQUIRE(own);
  REQUIRE(own->hloSharding);
  CHECK(own->hloSharding->kind == HloSharding::Kind::Manual);
  // A form not read: the string only, no value.
  const Attribute *unknown =
      findAttr(parsed->op(1).attributes, "mhlo.sharding");
  REQUIRE(unknown);
  CHECK(unknown->str == "{unknown}");
  CHECK_FALSE(unknown->hloSharding);
  // Another attribute's string is not read as a sharding.
  CHECK_FALSE(findAttr(parsed->op(2).attributes, "other")->hloSharding);
}

TEST_CASE("mhlo.sharding: the GSPMD calls read the parsed value",
          "[typed-attrs]") {
  auto fullToShard = [](const std::string &sharding) {
    return opaqueOps("func.func @f(%x: tensor<8x4xf32> {mhlo.sharding = \"" +
                     sharding +
                     "\"}) -> tensor<4x4xf32> {\n"
                     "  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) "
                     "{mhlo.sharding = \"{manual}\"} : (tensor<8x4xf32>) -> "
                     "tensor<4x4xf32>\n  return %0 : tensor<4x4xf32>\n}\n");
  };
  CHECK(fullToShard("{devices=[2,1]<=[2]}").empty());
  CHECK(fullToShard("{devices=[2,1]<=[3]}") ==
        Strings{"stablehlo.custom_call: the sharding of %x "
                "\"{devices=[2,1]<=[3]}\" not understood"});
}
