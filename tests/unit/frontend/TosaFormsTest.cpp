//===- TosaFormsTest.cpp - tosa's pretty forms read as the generic ones ---===//
//
// Current MLIR prints tosa ops as `tosa.op %a, %b {attrs} : (T1, T2) -> R`
// (ops/Tosa.cpp: parseFunctionTypedForm); MLIR 16 prints the generic form.
// Each pair below must read as the same operation; a pretty form the entry
// does not understand is skipped as opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// The op's name, operands with their types, attributes (name and source
/// text, sorted) and result types.
std::string describeOp(const Function &func, const Operation &op) {
  std::string out = op.name + "(";
  for (size_t i = 0; i < op.operands.size(); ++i)
    out += "%" + func.value(op.operands[i]).name + ":" +
           func.operandType(op, i).str() + ",";
  out += ") {";
  std::vector<std::string> attrs;
  for (const NamedAttribute &attr : op.attributes)
    attrs.push_back(attr.name + "=" + attr.value.text);
  std::sort(attrs.begin(), attrs.end());
  for (const std::string &attr : attrs)
    out += attr + ";";
  out += "} -> ";
  for (ValueId id : op.results)
    out += func.value(id).type.str() + ",";
  return out;
}

/// Describes the last op of function @f's body.
std::string lastOp(const std::string &args, const std::string &body) {
  auto parsed =
      parse("func.func @f(" + args + ") {\n" + body + "  return\n}\n");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Block &block = parsed->func().body.blocks.at(0);
  REQUIRE(block.operations.size() >= 2);
  const Operation &op = block.operations.at(block.operations.size() - 2);
  CHECK_FALSE(op.skipped);
  return describeOp(parsed->func(), op);
}

struct Pair {
  const char *args, *pretty, *generic;
};

const Pair kPairs[] = {
    {"%a: tensor<?x4xf32>, %b: tensor<4xf32>",
     "  %0 = tosa.add %a, %b : (tensor<?x4xf32>, tensor<4xf32>) -> "
     "tensor<?x4xf32>\n",
     "  %0 = \"tosa.add\"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> "
     "tensor<?x4xf32>\n"},
    {"%a: tensor<2x3xf32>, %s: tensor<1xi8>",
     "  %0 = tosa.mul %a, %a, %s : (tensor<2x3xf32>, tensor<2x3xf32>, "
     "tensor<1xi8>) -> tensor<2x3xf32>\n",
     "  %0 = \"tosa.mul\"(%a, %a, %s) : (tensor<2x3xf32>, tensor<2x3xf32>, "
     "tensor<1xi8>) -> tensor<2x3xf32>\n"},
    {"%a: tensor<2x3xf32>",
     "  %0 = tosa.clamp %a {max_val = 6.0 : f32, min_val = 0.0 : f32} : "
     "(tensor<2x3xf32>) -> tensor<2x3xf32>\n",
     "  %0 = \"tosa.clamp\"(%a) {max_val = 6.0 : f32, min_val = 0.0 : f32} : "
     "(tensor<2x3xf32>) -> tensor<2x3xf32>\n"},
    {"%a: tensor<2x3xf32>",
     "  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : "
     "(tensor<2x3xf32>) -> tensor<3x2xf32>\n",
     "  %0 = \"tosa.transpose\"(%a) <{perms = array<i32: 1, 0>}> : "
     "(tensor<2x3xf32>) -> tensor<3x2xf32>\n"},
    {"%a: tensor<2x3xf32>",
     "  %s = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : "
     "() -> !tosa.shape<2>\n"
     "  %0 = tosa.reshape %a, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> "
     "tensor<3x2xf32>\n",
     "  %s = \"tosa.const_shape\"() {values = dense<[3, 2]> : "
     "tensor<2xindex>} : () -> !tosa.shape<2>\n"
     "  %0 = \"tosa.reshape\"(%a, %s) : (tensor<2x3xf32>, !tosa.shape<2>) -> "
     "tensor<3x2xf32>\n"},
    {"%in: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, "
     "%zp: tensor<1xf32>",
     "  %0 = tosa.conv2d %in, %w, %b, %zp, %zp {acc_type = f32, dilation = "
     "array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, "
     "1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, "
     "tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>\n",
     "  %0 = \"tosa.conv2d\"(%in, %w, %b, %zp, %zp) <{acc_type = f32, "
     "dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = "
     "array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, "
     "tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>\n"},
};

} // namespace

TEST_CASE("tosa pretty forms read as their generic forms", "[parser][tosa]") {
  for (const Pair &pair : kPairs) {
    INFO(pair.pretty);
    CHECK(lastOp(pair.args, pair.pretty) == lastOp(pair.args, pair.generic));
  }
}

TEST_CASE("a tosa pretty form the entry does not understand is opaque",
          "[parser][tosa]") {
  // A list where an operand is expected: not tosa's syntax, so the op is
  // skipped (opaque), its result type read from the trailing function type.
  auto parsed = parse("func.func @f(%a: tensor<2x3xf32>) {\n"
                      "  %0 = tosa.reshape %a, [3, 2] : (tensor<2x3xf32>) -> "
                      "tensor<3x2xf32>\n"
                      "  return\n}\n");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &op = parsed->op(0);
  CHECK(op.name == "tosa.reshape");
  CHECK(op.skipped);
  CHECK(parsed->value(op.results.at(0)).type.str() == "tensor<3x2xf32>");
}
