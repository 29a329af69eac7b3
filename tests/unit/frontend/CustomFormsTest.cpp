//===- CustomFormsTest.cpp - Custom and generic forms agree ---------------===//
//
// Each known op is written in its custom form and in the generic form that
// `mlir-opt-16 --mlir-print-op-generic` prints for it (pasted below); both
// must read as the same normalised ops.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::string describeAttr(const Attribute &attr) {
  std::string out = std::to_string(static_cast<int>(attr.kind));
  switch (attr.kind) {
  case AttrKind::Integer:
    out += "=" + std::to_string(attr.intValue);
    break;
  case AttrKind::Bool:
    out += attr.boolValue ? "=true" : "=false";
    break;
  case AttrKind::String:
  case AttrKind::SymbolRef:
    out += "=" + attr.str;
    break;
  case AttrKind::Array:
    out += "[";
    for (const Attribute &element : attr.elements)
      out += describeAttr(element) + ",";
    out += "]";
    break;
  default:
    break;
  }
  if (!attr.ints.empty() || attr.kind == AttrKind::DenseArray ||
      attr.kind == AttrKind::DenseInt) {
    out += "{";
    for (int64_t v : attr.ints)
      out += std::to_string(v) + ",";
    out += attr.splat ? "}splat" : "}";
  }
  if (attr.hasType)
    out += ":" + attr.type.str();
  return out;
}

void describeRegion(const Function &func, const Region &region,
                    std::string &out);

void describeOp(const Function &func, const Operation &op, std::string &out) {
  for (ValueId id : op.results)
    out += "%" + func.value(id).name + ":" + func.value(id).type.str() + " ";
  out += "= " + op.name;
  if (!op.form.empty())
    out += "<" + op.form + ">";
  out += "(";
  for (size_t i = 0; i < op.operands.size(); ++i)
    out += "%" + func.value(op.operands[i]).name + ":" +
           func.operandType(op, i).str() + ",";
  out += ") {";
  for (const NamedAttribute &attr : op.attributes)
    out += attr.name + "=" + describeAttr(attr.value) + ";";
  out += "}\n";
  // The generic linalg.broadcast carries a body the custom form implies.
  if (op.name != "linalg.broadcast")
    for (const Region &region : op.regions)
      describeRegion(func, region, out);
}

void describeRegion(const Function &func, const Region &region,
                    std::string &out) {
  out += "{\n";
  for (const Block &block : region.blocks) {
    out += "block(";
    for (ValueId id : block.arguments)
      out += "%" + func.value(id).name + ":" + func.value(id).type.str() + ",";
    out += ")\n";
    for (const Operation &op : block.operations)
      describeOp(func, op, out);
  }
  out += "}\n";
}

std::string describe(const std::string &text) {
  auto parsed = parse(text);
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  std::string out;
  for (const Function &func : parsed->module->functions) {
    out += "func @" + func.name + (func.isDeclaration ? " decl(" : "(");
    for (const Type &type : func.argumentTypes)
      out += type.str() + ",";
    out += ") -> (";
    for (const Type &type : func.resultTypes)
      out += type.str() + ",";
    out += ")\n";
    describeRegion(func, func.body, out);
  }
  return out;
}

const char *kShapeCustom = R"mlir(
func.func @shape_ops(%arg0: tensor<?x4xf32>, %arg1: !shape.shape, %arg2: !shape.shape, %arg3: !shape.size, %arg4: index, %arg5: tensor<?xindex>) -> !shape.size {
  %0 = shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.shape_of %arg0 : tensor<?x4xf32> -> !shape.shape
  %2 = shape.const_shape [1, 4] : tensor<2xindex>
  %3 = shape.const_shape [] : !shape.shape
  %4 = shape.const_size 4
  %5 = shape.broadcast %arg1, %arg2 : !shape.shape, !shape.shape -> !shape.shape
  %6 = shape.broadcast %0, %2, %arg5 {error = "boom"} : tensor<2xindex>, tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
  %7 = shape.meet %arg1, %arg2, error = "mismatch" : !shape.shape, !shape.shape -> !shape.shape
  %8 = shape.add %arg3, %4 : !shape.size, !shape.size -> !shape.size
  %9 = shape.mul %arg4, %arg4 : index, index -> index
  %10 = shape.get_extent %arg1, %arg3 : !shape.shape, !shape.size -> !shape.size
  %11 = shape.rank %arg1 : !shape.shape -> !shape.size
  %12 = shape.num_elements %0 : tensor<2xindex> -> index
  %13 = shape.from_extents %arg3, %4 : !shape.size, !shape.size
  %14 = shape.to_extent_tensor %arg1 : !shape.shape -> tensor<?xindex>
  %15 = shape.index_to_size %arg4
  %16 = shape.size_to_index %arg3 : !shape.size
  %17 = shape.cstr_broadcastable %arg1, %arg2 : !shape.shape, !shape.shape
  %18 = shape.cstr_eq %0, %2 : tensor<2xindex>, tensor<2xindex>
  %19 = shape.is_broadcastable %arg1, %arg2, %arg1 : !shape.shape, !shape.shape, !shape.shape
  %20 = shape.assuming_all %17, %18
  %21 = shape.const_witness true
  %22 = "shape.debug_print"(%arg1) : (!shape.shape) -> !shape.shape
  %23 = shape.reduce(%arg1, %4) : !shape.shape -> !shape.size {
  ^bb0(%arg6: index, %arg7: !shape.size, %arg8: !shape.size):
    %25 = shape.mul %arg8, %arg7 : !shape.size, !shape.size -> !shape.size
    shape.yield %25 : !shape.size
  }
  %24 = shape.assuming %20 -> (tensor<?x4xf32>) {
    shape.assuming_yield %arg0 : tensor<?x4xf32>
  }
  return %23 : !shape.size
}
)mlir";

const char *kShapeGeneric = R"mlir(
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: !shape.shape, %arg2: !shape.shape, %arg3: !shape.size, %arg4: index, %arg5: tensor<?xindex>):
    %0 = "shape.shape_of"(%arg0) : (tensor<?x4xf32>) -> tensor<2xindex>
    %1 = "shape.shape_of"(%arg0) : (tensor<?x4xf32>) -> !shape.shape
    %2 = "shape.const_shape"() {shape = dense<[1, 4]> : tensor<2xindex>} : () -> tensor<2xindex>
    %3 = "shape.const_shape"() {shape = dense<> : tensor<0xindex>} : () -> !shape.shape
    %4 = "shape.const_size"() {value = 4 : index} : () -> !shape.size
    %5 = "shape.broadcast"(%arg1, %arg2) : (!shape.shape, !shape.shape) -> !shape.shape
    %6 = "shape.broadcast"(%0, %2, %arg5) {error = "boom"} : (tensor<2xindex>, tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
    %7 = "shape.meet"(%arg1, %arg2) {error = "mismatch"} : (!shape.shape, !shape.shape) -> !shape.shape
    %8 = "shape.add"(%arg3, %4) : (!shape.size, !shape.size) -> !shape.size
    %9 = "shape.mul"(%arg4, %arg4) : (index, index) -> index
    %10 = "shape.get_extent"(%arg1, %arg3) : (!shape.shape, !shape.size) -> !shape.size
    %11 = "shape.rank"(%arg1) : (!shape.shape) -> !shape.size
    %12 = "shape.num_elements"(%0) : (tensor<2xindex>) -> index
    %13 = "shape.from_extents"(%arg3, %4) : (!shape.size, !shape.size) -> !shape.shape
    %14 = "shape.to_extent_tensor"(%arg1) : (!shape.shape) -> tensor<?xindex>
    %15 = "shape.index_to_size"(%arg4) : (index) -> !shape.size
    %16 = "shape.size_to_index"(%arg3) : (!shape.size) -> index
    %17 = "shape.cstr_broadcastable"(%arg1, %arg2) : (!shape.shape, !shape.shape) -> !shape.witness
    %18 = "shape.cstr_eq"(%0, %2) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %19 = "shape.is_broadcastable"(%arg1, %arg2, %arg1) : (!shape.shape, !shape.shape, !shape.shape) -> i1
    %20 = "shape.assuming_all"(%17, %18) : (!shape.witness, !shape.witness) -> !shape.witness
    %21 = "shape.const_witness"() {passing = true} : () -> !shape.witness
    %22 = "shape.debug_print"(%arg1) : (!shape.shape) -> !shape.shape
    %23 = "shape.reduce"(%arg1, %4) ({
    ^bb0(%arg6: index, %arg7: !shape.size, %arg8: !shape.size):
      %25 = "shape.mul"(%arg8, %arg7) : (!shape.size, !shape.size) -> !shape.size
      "shape.yield"(%25) : (!shape.size) -> ()
    }) : (!shape.shape, !shape.size) -> !shape.size
    %24 = "shape.assuming"(%20) ({
      "shape.assuming_yield"(%arg0) : (tensor<?x4xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x4xf32>
    "func.return"(%23) : (!shape.size) -> ()
  }) {function_type = (tensor<?x4xf32>, !shape.shape, !shape.shape, !shape.size, index, tensor<?xindex>) -> !shape.size, sym_name = "shape_ops"} : () -> ()
}) : () -> ()

)mlir";

const char *kTensorCustom = R"mlir(
func.func private @callee(tensor<?xf32>, i32) -> tensor<?xf32>
func.func @tensor_ops(%arg0: tensor<?x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>, %arg3: tensor<8x?xf32>) -> tensor<?xf32> {
  %0 = arith.constant 0 : index
  %1 = tensor.dim %arg0, %0 : tensor<?x4xf32>
  %2 = tensor.empty(%1) : tensor<?x4xf32>
  %3 = tensor.cast %arg1 : tensor<4xf32> to tensor<?xf32>
  %4 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %5 = arith.constant 7 : i32
  %6 = arith.constant true
  %7 = linalg.broadcast ins(%arg2 : tensor<?xf32>) outs(%arg3 : tensor<8x?xf32>) dimensions = [0]
  %8 = func.call @callee(%3, %5) : (tensor<?xf32>, i32) -> tensor<?xf32>
  %9 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %10 = arith.constant dense<3> : tensor<2xindex>
  %11 = call @callee(%arg2, %5) : (tensor<?xf32>, i32) -> tensor<?xf32>
  func.return %8 : tensor<?xf32>
}
)mlir";

const char *kTensorGeneric = R"mlir(
"builtin.module"() ({
  "func.func"() ({
  }) {function_type = (tensor<?xf32>, i32) -> tensor<?xf32>, sym_name = "callee", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>, %arg3: tensor<8x?xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x4xf32>, index) -> index
    %2 = "tensor.empty"(%1) : (index) -> tensor<?x4xf32>
    %3 = "tensor.cast"(%arg1) : (tensor<4xf32>) -> tensor<?xf32>
    %4 = "arith.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
    %5 = "arith.constant"() {value = 7 : i32} : () -> i32
    %6 = "arith.constant"() {value = true} : () -> i1
    %7 = "linalg.broadcast"(%arg2, %arg3) ({
    ^bb0(%arg4: f32, %arg5: f32):
      "linalg.yield"(%arg4) : (f32) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<8x?xf32>) -> tensor<8x?xf32>
    %8 = "func.call"(%3, %5) {callee = @callee} : (tensor<?xf32>, i32) -> tensor<?xf32>
    %9 = "arith.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
    %10 = "arith.constant"() {value = dense<3> : tensor<2xindex>} : () -> tensor<2xindex>
    %11 = "func.call"(%arg2, %5) {callee = @callee} : (tensor<?xf32>, i32) -> tensor<?xf32>
    "func.return"(%8) : (tensor<?xf32>) -> ()
  }) {function_type = (tensor<?x4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<8x?xf32>) -> tensor<?xf32>, sym_name = "tensor_ops"} : () -> ()
}) : () -> ()

)mlir";

} // namespace

TEST_CASE("shape dialect custom forms read like the generic form",
          "[parser][custom]") {
  std::string custom = describe(kShapeCustom);
  CHECK(custom == describe(kShapeGeneric));
  // A few spot checks of what the normalised form holds.
  CHECK(custom.find("%4:!shape.size = shape.const_size() {value=2=4:index;}") !=
        std::string::npos);
  CHECK(custom.find("%2:tensor<2xindex> = shape.const_shape() "
                    "{shape=5[2=1,2=4,];}") != std::string::npos);
  CHECK(custom.find("= shape.meet(%arg1:!shape.shape,%arg2:!shape.shape,) "
                    "{error=4=mismatch;}") != std::string::npos);
}

TEST_CASE("tensor, arith, linalg and func custom forms read like the generic "
          "form",
          "[parser][custom]") {
  std::string custom = describe(kTensorCustom);
  CHECK(custom == describe(kTensorGeneric));
  CHECK(custom.find("%7:tensor<8x?xf32> = linalg.broadcast("
                    "%arg2:tensor<?xf32>,%arg3:tensor<8x?xf32>,) "
                    "{dimensions=6{0,}:i64;}") != std::string::npos);
  CHECK(custom.find("%11:tensor<?xf32> = func.call(%arg2:tensor<?xf32>,"
                    "%5:i32,) {callee=9=callee;}") != std::string::npos);
}

TEST_CASE("generic shape.const_shape with a splat expands to every extent",
          "[custom]") {
  // Found by the mlir-opt differential test: mlir-opt prints [3, 3] as a
  // splat in generic form.
  auto parsed = parse(R"(
func.func @f() {
  %0 = "shape.const_shape"() {shape = dense<3> : tensor<2xindex>} : () -> tensor<2xindex>
  return
}
)");
  REQUIRE(parsed->ok());
  const Attribute *shape = findAttr(parsed->op(0).attributes, "shape");
  REQUIRE(shape);
  REQUIRE(shape->kind == AttrKind::Array);
  REQUIRE(shape->elements.size() == 2);
  CHECK(shape->elements[0].intValue == 3);
  CHECK(shape->elements[1].intValue == 3);
}
