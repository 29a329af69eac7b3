//===- RealWorldSyntaxTest.cpp - MLIR as exporters print it today ---------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

TEST_CASE("every builtin float type of current MLIR", "[types]") {
  for (const char *name :
       {"bf16", "tf32", "f80", "f128", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN",
        "f8E3M4", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2",
        "f8E5M2FNUZ", "f8E8M0FNU"}) {
    INFO(name);
    std::optional<Type> type = parseArgType(name);
    REQUIRE(type);
    CHECK(type->kind == TypeKind::Float);
    CHECK(parseArgType(std::string("tensor<4x") + name + ">")->element == name);
  }
  CHECK(parseArgType("tensor<2xcomplex<f32>>")->element == "complex<f32>");
  CHECK(parseArgType("tuple<tensor<2xf32>, i1>")->kind == TypeKind::Other);
  CHECK(parseArgType("!quant.uniform<i8:f32, 2.0:15>")->kind ==
        TypeKind::Other);
  CHECK(argTypeError("f8E9M9") == "1:18: expected type");
}

TEST_CASE("one dialect type spelled two ways is one type", "[types]") {
  auto parsed = parse(R"(!q = !quant.uniform<i8:f32, 2.0:15>
func.func @f(%a: tensor<2x!q>) {
  "test.use"(%a) : (tensor<2x!quant.uniform<i8:f32, 2.000000e+00:15>>) -> ()
  return
}
)");
  INFO(parsed->diags.renderAll());
  CHECK(parsed->ok());
  // Builtin parts still have to agree.
  CHECK(parse(R"(func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 2.0:15>>) {
  "test.use"(%a) : (tensor<3x!quant.uniform<i8:f32, 2.0:15>>) -> ()
  return
}
)")
            ->error() == "2:14: use of value '%a' expects different type than "
                         "prior uses: 'tensor<3x!quant.uniform<i8:f32, "
                         "2.0:15>>' vs 'tensor<2x!quant.uniform<i8:f32, "
                         "2.0:15>>'");
  CHECK(parse(R"(func.func @f(%a: !shape.shape) {
  "test.use"(%a) : (!shape.size) -> ()
  return
}
)")
            ->error()
            .find("expects different type") != std::string::npos);
}

TEST_CASE("a type-only signature names its arguments in the entry block",
          "[parser]") {
  auto parsed =
      parse(R"(func.func @f(tensor<i32>, tensor<?xi32>) -> tensor<i32> {
^bb0(%a: tensor<i32>, %b: tensor<?xi32>):
  %0 = "test.broadcastable"(%a, %b) : (tensor<i32>, tensor<?xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  REQUIRE(func.arguments.size() == 2);
  CHECK(parsed->value(func.arguments[1]).name == "b");
  CHECK(func.argumentTypes[1].str() == "tensor<?xi32>");
  CHECK_FALSE(func.isDeclaration);
}

TEST_CASE("locations, aliases, resources, properties and module attributes",
          "[parser]") {
  auto parsed = parse(R"(#loc = loc("model.py":1:2)
#loc1 = loc("model.py":3:4)
#loc2 = loc(callsite(#loc1 at #loc))
#loc3 = loc(fused<{name = "x"}>[#loc1, #loc2])
#map = affine_map<(d0, d1) -> (d1, d0)>
!qt = !quant.uniform<i8:f32, 2.0:15>
module @m attributes {mhlo.num_partitions = 1 : i32, torch.debug_module_name = "M"} {
  func.func private @decl(tensor<?xf32>) -> tensor<?xf32> loc(#loc)
  func.func public @f(%a: tensor<?xf32> loc("model.py":5:6), %b: tensor<4x!qt> loc(#loc1)) -> (tensor<?xf32> {jax.result_info = "x"}) attributes {llvm.emit_c_interface} {
    %c = "test.const"() <{value = dense_resource<blob1> : tensor<4xf32>}> {attr = #map} : () -> tensor<4xf32> loc(#loc2)
    %d = arith.constant dense_resource<blob1> : tensor<4xf32> loc(unknown)
    %e = "tosa.add"(%a, %c) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32> loc(#loc3)
    "test.use"(%b) : (tensor<4x!quant.uniform<i8:f32, 2.000000e+00:15>>) -> () loc(fused[#loc, #loc1])
    return %e : tensor<?xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc9 = loc("late.py":1:1)
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F0000803F0000803F0000803F"
    }
  }
#-}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  REQUIRE(parsed->module->functions.size() == 2);
  CHECK(parsed->func(0).isDeclaration);
  const Function &func = parsed->func(1);
  CHECK(func.name == "f");
  const Operation &constant = func.body.blocks.at(0).operations.at(0);
  const Attribute *value = findAttr(constant.attributes, "value");
  REQUIRE(value);
  CHECK(value->hasType);
  CHECK(value->type.str() == "tensor<4xf32>");
  CHECK(findAttr(constant.attributes, "attr"));
}

TEST_CASE("a torch op's operand types: the value's own text is not read "
          "again, any other text is read and checked",
          "[parser][torch]") {
  // parseOperandTypes takes a use's type from its value when the written
  // text is exactly the text the value's type was written with. Each
  // other spelling is read and checked as before: the same type with
  // other spaces, a longer text that begins with the value's (an unranked
  // `!torch.vtensor` beside a ranked one), another type.
  const std::string head =
      "func.func @f(%arg0: !torch.vtensor<[?,4],f32>) -> "
      "!torch.vtensor<[?,4],f32> {\n"
      "  %0 = torch.aten.relu %arg0 : !torch.vtensor<[?,4],f32> -> "
      "!torch.vtensor<[?,4],f32>\n"
      "  %1 = torch.aten.relu %arg0 : !torch.vtensor<[?,4],f32> -> "
      "!torch.vtensor\n";
  const std::string tail = "  return %0 : !torch.vtensor<[?,4],f32>\n}\n";
  auto same = parse(head +
                    "  %2 = torch.aten.mul.Tensor %0, %0 : "
                    "!torch.vtensor<[?,4],f32>, !torch.vtensor<[?, 4],f32> -> "
                    "!torch.vtensor<[?,4],f32>\n" +
                    tail);
  INFO(same->diags.renderAll());
  REQUIRE(same->ok());
  const Operation &mul = same->op(2);
  REQUIRE(mul.operands.size() == 2);
  CHECK(types(same->operandTypes(mul)) ==
        "!torch.vtensor<[?,4],f32>;!torch.vtensor<[?,4],f32>;");
  // Where `refine` rewrites them: each written type's own text.
  REQUIRE(mul.operandTypeRanges.size() == 2);
  std::string text = head + "  %2 = torch.aten.mul.Tensor %0, %0 : "
                            "!torch.vtensor<[?,4],f32>, !torch.vtensor<[?, "
                            "4],f32> -> !torch.vtensor<[?,4],f32>\n";
  auto written = [&](size_t i) {
    const SourceRange &r = mul.operandTypeRanges[i];
    return text.substr(r.begin.offset, r.end.offset - r.begin.offset);
  };
  CHECK(written(0) == "!torch.vtensor<[?,4],f32>");
  CHECK(written(1) == "!torch.vtensor<[?, 4],f32>");

  // A torch scalar type is written at the uses only: its own spelling.
  auto scalar = parse(head + "  %int1 = torch.constant.int 1\n" +
                      "  %2 = torch.aten.add.Tensor %0, %0, %int1 : "
                      "!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, "
                      "!torch.int -> !torch.vtensor<[?,4],f32>\n" +
                      tail);
  INFO(scalar->diags.renderAll());
  REQUIRE(scalar->ok());
  CHECK(types(scalar->operandTypes(scalar->op(3))) ==
        "!torch.vtensor<[?,4],f32>;!torch.vtensor<[?,4],f32>;!torch.int;");
  CHECK(parse(head + "  %int1 = torch.constant.int 1\n" +
              "  %2 = torch.aten.add.Tensor %0, %0, %int1 : "
              "!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, "
              "!torch.float -> !torch.vtensor<[?,4],f32>\n" +
              tail)
            ->error()
            .find("use of value '%int1' expects different type than prior "
                  "uses: '!torch.float' vs '!torch.int'") != std::string::npos);

  CHECK(parse(head +
              "  %2 = torch.aten.relu %1 : !torch.vtensor<[?,4],f32> -> "
              "!torch.vtensor<[?,4],f32>\n" +
              tail)
            ->error() == "4:24: use of value '%1' expects different type than "
                         "prior uses: '!torch.vtensor<[?,4],f32>' vs "
                         "'!torch.vtensor'");
  CHECK(parse(head +
              "  %2 = torch.aten.relu %0 : !torch.vtensor<[?,5],f32> -> "
              "!torch.vtensor<[?,5],f32>\n" +
              tail)
            ->error() == "4:24: use of value '%0' expects different type than "
                         "prior uses: '!torch.vtensor<[?,5],f32>' vs "
                         "'!torch.vtensor<[?,4],f32>'");
}
