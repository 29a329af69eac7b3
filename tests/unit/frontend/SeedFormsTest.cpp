//===- SeedFormsTest.cpp - Seed/RFC spellings and implicit result types ---===//
//
// Spellings mlir-opt 16 does not print but the seeds use (shape.join with one
// type, shape.constant with `?`/`*`, shape.create_shape, linalg.broadcast
// with `inits`), and which result types are written vs implied.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::string typeNames(const Function &func, const std::vector<ValueId> &ids) {
  std::string out;
  for (ValueId id : ids)
    out += func.value(id).type.str() + ";";
  return out;
}

std::string typesStr(const std::vector<Type> &types) {
  std::string out;
  for (const Type &type : types)
    out += type.str() + ";";
  return out;
}

std::string rangeText(const Parsed &parsed, SourceRange range) {
  return std::string(parsed.sources.buffer(0).substr(
      range.begin.offset, range.end.offset - range.begin.offset));
}

} // namespace

TEST_CASE("the seed's shape.join with a single type", "[parser][seed]") {
  auto custom = parse(R"(func.func @f(%a: !shape.type, %b: !shape.type) {
  %c = shape.join %a, %b, error="<reason>" : !shape.type
  return
}
)");
  auto generic = parse(R"(func.func @f(%a: !shape.shape, %b: !shape.shape) {
  %c = "shape.join"(%a, %b) {error = "<reason>"} : (!shape.shape, !shape.shape) -> !shape.shape
  return
}
)");
  REQUIRE(custom->ok());
  REQUIRE(generic->ok());
  for (Parsed *p : {custom.get(), generic.get()}) {
    const Operation &op = p->op(0);
    CHECK(op.name == "shape.join");
    CHECK(typesStr(p->operandTypes(op)) == "!shape.shape;!shape.shape;");
    CHECK(typeNames(p->func(), op.results) == "!shape.shape;");
    const Attribute *error = findAttr(op.attributes, "error");
    REQUIRE(error);
    CHECK(error->kind == AttrKind::String);
    CHECK(error->str == "<reason>");
  }
  CHECK(custom->op(0).resultTypeRanges.empty());
}

TEST_CASE("shape.meet with an attribute dictionary and sizes",
          "[parser][seed]") {
  auto parsed = parse(R"(func.func @f(%a: !shape.size, %b: !shape.size) {
  %c = shape.meet %a, %b {error = "e"} : !shape.size, !shape.size -> !shape.size
  return
}
)");
  REQUIRE(parsed->ok());
  CHECK(findAttr(parsed->op(0).attributes, "error")->str == "e");
}

TEST_CASE("shape.constant and shape.const_shape extents with ? and *",
          "[parser][seed]") {
  auto parsed = parse(R"(func.func @f() {
  %0 = shape.constant [*] : !shape.shape
  %1 = shape.constant [?, 2] : !shape.shape
  %2 = shape.constant 10 : !shape.size
  %3 = "shape.constant"() {value = [?, 2]} : () -> !shape.shape
  %4 = shape.const_shape [1, ?, 2] : !shape.shape
  %5 = shape.const_size {foo} 3
  %6 = shape.const_size 4 {bar}
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Attribute *v0 = findAttr(parsed->op(0).attributes, "value");
  REQUIRE(v0);
  REQUIRE(v0->elements.size() == 1);
  CHECK(v0->elements[0].kind == AttrKind::Star);
  const Attribute *v1 = findAttr(parsed->op(1).attributes, "value");
  CHECK(v1->elements.at(0).kind == AttrKind::Dynamic);
  CHECK(v1->elements.at(1).intValue == 2);
  CHECK(findAttr(parsed->op(2).attributes, "value")->intValue == 10);
  CHECK(typeNames(parsed->func(), parsed->op(2).results) == "!shape.size;");
  const Attribute *v3 = findAttr(parsed->op(3).attributes, "value");
  CHECK(v3->elements.at(0).kind == AttrKind::Dynamic);
  const Attribute *shape = findAttr(parsed->op(4).attributes, "shape");
  REQUIRE(shape);
  CHECK(shape->kind == AttrKind::Array);
  CHECK(shape->elements.at(1).kind == AttrKind::Dynamic);
  CHECK(findAttr(parsed->op(5).attributes, "foo"));
  CHECK(findAttr(parsed->op(5).attributes, "value")->intValue == 3);
  CHECK(findAttr(parsed->op(6).attributes, "bar"));
}

TEST_CASE("shape.create_shape in custom and generic form", "[parser][seed]") {
  auto parsed = parse(R"(func.func @f(%t: tensor<2xi32>) {
  %0 = shape.create_shape %t
  %1 = "shape.create_shape"(%t) : (tensor<2xi32>) -> !shape.shape
  return
}
)");
  REQUIRE(parsed->ok());
  for (size_t i = 0; i < 2; ++i) {
    const Operation &op = parsed->op(i);
    CHECK(op.name == "shape.create_shape");
    CHECK(typesStr(parsed->operandTypes(op)) == "tensor<2xi32>;");
    CHECK(typeNames(parsed->func(), op.results) == "!shape.shape;");
  }
}

TEST_CASE("linalg.broadcast in the RFC's inits spelling", "[parser][seed]") {
  auto parsed =
      parse(R"(func.func @f(%input: tensor<16xf32>, %init: tensor<16x64xf32>) {
  %bcast = linalg.broadcast
      ins(%input:tensor<16xf32>)
      inits(%init:tensor<16x64xf32>)
      dimensions = [0]
      {optional.attr}
  %up = linalg.broadcast ins(%input : tensor<16xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &rfc = parsed->op(0);
  CHECK(rfc.name == "linalg.broadcast");
  CHECK(rfc.form == "inits");
  CHECK(typesStr(parsed->operandTypes(rfc)) ==
        "tensor<16xf32>;tensor<16x64xf32>;");
  CHECK(typeNames(parsed->func(), rfc.results) == "tensor<16x64xf32>;");
  const Attribute *dims = findAttr(rfc.attributes, "dimensions");
  REQUIRE(dims);
  CHECK(dims->kind == AttrKind::DenseArray);
  CHECK(dims->ints == std::vector<int64_t>{0});
  CHECK(findAttr(rfc.attributes, "optional.attr"));
  CHECK(rfc.resultTypeRanges.empty());
  const Operation &upstream = parsed->op(1);
  CHECK(upstream.form.empty()); // as the generic form
  CHECK(findAttr(upstream.attributes, "dimensions")->ints ==
        std::vector<int64_t>{1});
}

TEST_CASE("implicit result types leave resultTypeRanges empty",
          "[parser][custom]") {
  auto parsed =
      parse(R"(func.func @f(%s: !shape.shape, %i: index, %t: tensor<?xf32>) {
  %0 = shape.const_size 4
  %1 = shape.cstr_eq %s, %s : !shape.shape, !shape.shape
  %2 = shape.is_broadcastable %s, %s : !shape.shape, !shape.shape
  %3 = shape.from_extents %i, %i : index, index
  %4 = shape.index_to_size %i
  %5 = shape.shape_of %t : tensor<?xf32> -> tensor<1xindex>
  %6 = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %7 = shape.broadcast %s, %s : !shape.shape, !shape.shape -> !shape.shape
  %8 = tensor.empty(%i) : tensor<?x3xf32>
  %9 = arith.constant 4 : index
  %10 = tensor.dim %t, %9 : tensor<?xf32>
  %11 = shape.const_witness false
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const char *implied[] = {"!shape.size;", "!shape.witness;", "i1;",
                           "!shape.shape;", "!shape.size;"};
  for (size_t i = 0; i < 5; ++i) {
    INFO(i);
    CHECK(typeNames(func, parsed->op(i).results) == implied[i]);
    CHECK(parsed->op(i).resultTypeRanges.empty());
  }
  CHECK(typesStr(parsed->operandTypes(parsed->op(4))) == "index;");
  CHECK(rangeText(*parsed, parsed->op(5).resultTypeRanges.at(0)) ==
        "tensor<1xindex>");
  CHECK(rangeText(*parsed, parsed->op(6).resultTypeRanges.at(0)) ==
        "tensor<4xf32>");
  CHECK(rangeText(*parsed, parsed->op(7).resultTypeRanges.at(0)) ==
        "!shape.shape");
  CHECK(rangeText(*parsed, parsed->op(8).resultTypeRanges.at(0)) ==
        "tensor<?x3xf32>");
  CHECK(typesStr(parsed->operandTypes(parsed->op(8))) == "index;");
  CHECK(parsed->op(9).resultTypeRanges.empty());
  CHECK(typeNames(func, parsed->op(10).results) == "index;");
  CHECK(typesStr(parsed->operandTypes(parsed->op(10))) ==
        "tensor<?xf32>;index;");
  CHECK(parsed->op(10).resultTypeRanges.empty());
  CHECK(findAttr(parsed->op(11).attributes, "passing")->boolValue == false);
}

TEST_CASE("regions of shape.reduce and shape.assuming", "[parser][custom]") {
  auto parsed = parse(
      R"(func.func @f(%s: !shape.shape, %w: !shape.witness, %n: !shape.size) -> !shape.size {
  %r:2 = shape.reduce(%s, %n, %n) : !shape.shape -> (!shape.size, !shape.size) {
    ^bb0(%index: index, %dim: !shape.size, %a: !shape.size, %b: !shape.size):
      %m = shape.mul %a, %dim : !shape.size, !shape.size -> !shape.size
      shape.yield %m, %b : !shape.size, !shape.size
  }
  shape.assuming %w {
  }
  %x = shape.assuming %w -> !shape.size {
    %m = shape.add %n, %n : !shape.size, !shape.size -> !shape.size
    shape.assuming_yield %m : !shape.size
  }
  return %r#1 : !shape.size
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &reduce = parsed->op(0);
  CHECK(typesStr(parsed->operandTypes(reduce)) ==
        "!shape.shape;!shape.size;!shape.size;");
  REQUIRE(reduce.results.size() == 2);
  CHECK(func.value(reduce.results[1]).name == "r#1");
  CHECK(func.value(reduce.results[1]).index == 1);
  REQUIRE(reduce.regions.size() == 1);
  const Block &body = reduce.regions[0].blocks.at(0);
  CHECK(body.label == "bb0");
  CHECK(body.arguments.size() == 4);
  CHECK(func.value(body.arguments[3]).isBlockArgument);
  CHECK(body.operations.at(1).name == "shape.yield");
  CHECK(typesStr(parsed->operandTypes(body.operations.at(1))) ==
        "!shape.size;!shape.size;");
  const Operation &empty = parsed->op(1);
  CHECK(empty.results.empty());
  CHECK(empty.regions.at(0).blocks.empty());
  CHECK(typesStr(parsed->operandTypes(empty)) == "!shape.witness;");
  // %m is reused in a sibling region.
  const Operation &assuming = parsed->op(2);
  CHECK(typeNames(func, assuming.results) == "!shape.size;");
  const Operation &ret = parsed->op(3);
  CHECK(ret.name == "func.return");
  CHECK(func.value(ret.operands.at(0)).name == "r#1");
}

TEST_CASE("the shape dialect seed's reduce example", "[parser][seed]") {
  auto parsed =
      parse(R"(func @shape_num_elements(%shape : !shape.type) -> !shape.size {
%0 = "shape.constant_dim"() {value = 1 : i32} : () -> !shape.size
%1 = "shape.reduce"(%shape, %0) ( {
^bb0(%index: i32, %dim: !shape.size, %lci: !shape.size):
%acc = "shape.mul"(%lci, %dim) :
(!shape.size, !shape.size) -> !shape.size
"shape.return"(%acc) : (!shape.size) -> ()
}) : (!shape.type, !shape.size) -> (!shape.size)
return %1 : !shape.size
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &reduce = parsed->op(1);
  CHECK(reduce.name == "shape.reduce");
  CHECK(typesStr(parsed->operandTypes(reduce)) == "!shape.shape;!shape.size;");
  const Block &body = reduce.regions.at(0).blocks.at(0);
  CHECK(body.arguments.size() == 3);
  CHECK(body.operations.at(0).name == "shape.mul");
}
