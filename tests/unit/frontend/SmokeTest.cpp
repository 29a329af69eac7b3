//===- SmokeTest.cpp - A realistic file mixing every supported form -------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

#include <cstdint>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

const char *kSmoke = R"mlir(// A mix of everything symshape reads.
#map = affine_map<(d0, d1) -> (d0, d1)>
!batch = tensor<?x16xf32>

module @model attributes {torch.debug_module_name = "M"} {
  // Declarations and a call.
  func.func private @helper(tensor<?xf32>) -> tensor<?xf32>

  func.func @broadcasts(%a: tensor<?x4xi32>, %b: tensor<4xi32>, %c: tensor<*xi32>) -> tensor<?x4xi32> attributes {symshape.assume = ["%a[0] in {1, 8}"]} {
    %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi32>
    %1 = "tosa.add"(%0, %b) : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi32>
    %2 = "chlo.broadcast_add"(%1, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi32>
    %3 = "test.broadcastable"(%2, %c) : (tensor<?x4xi32>, tensor<*xi32>) -> tensor<?x4xi32> loc("model.py":12:3)
    return %3 : tensor<?x4xi32>
  }

  func.func @shapes(%x: !batch, %y: tensor<?xf32>) -> tensor<?xindex> {
    %s0 = shape.shape_of %x : tensor<?x16xf32> -> tensor<2xindex>
    %s1 = shape.shape_of %y : tensor<?xf32> -> tensor<1xindex>
    %w = shape.cstr_broadcastable %s0, %s1 : tensor<2xindex>, tensor<1xindex>
    %r = shape.assuming %w -> (tensor<?xindex>) {
      %b = shape.broadcast %s0, %s1 : tensor<2xindex>, tensor<1xindex> -> tensor<?xindex>
      shape.assuming_yield %b : tensor<?xindex>
    }
    %c1 = arith.constant 1 : index
    %d = tensor.dim %x, %c1 : tensor<?x16xf32>
    %n = shape.index_to_size %d
    %e = shape.get_extent %r, %c1 : tensor<?xindex>, index -> index
    %prod = shape.reduce(%s0, %n) : tensor<2xindex> -> !shape.size {
    ^bb0(%i: index, %extent: index, %acc: !shape.size):
      %ext = shape.index_to_size %extent
      %next = shape.mul %acc, %ext : !shape.size, !shape.size -> !shape.size
      shape.yield %next : !shape.size
    }
    return %r : tensor<?xindex>
  }

  func.func @linalg(%in: tensor<?xf32>, %lb: index, %ub: index) -> tensor<8x?xf32> {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %in, %c0 : tensor<?xf32>
    %init = tensor.empty(%dim) : tensor<8x?xf32>
    %bcast = linalg.broadcast ins(%in : tensor<?xf32>) outs(%init : tensor<8x?xf32>) dimensions = [0]
    %cast = tensor.cast %bcast : tensor<8x?xf32> to tensor<8x?xf32>
    %step = arith.constant 1 : index
    %loop = scf.for %iv = %lb to %ub step %step iter_args(%acc = %in) -> (tensor<?xf32>) {
      %next = func.call @helper(%acc) : (tensor<?xf32>) -> tensor<?xf32>
      scf.yield %next : tensor<?xf32>
    }
    %sum = stablehlo.add %loop, %loop : tensor<?xf32>
    %mapped = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%cast : tensor<8x?xf32>) outs(%init : tensor<8x?xf32>) {
    ^bb0(%a: f32, %b: f32):
      %m = arith.mulf %a, %a : f32
      linalg.yield %m : f32
    } -> tensor<8x?xf32>
    return %mapped : tensor<8x?xf32>
  }

  "func.func"() ({
  ^bb0(%arg0: tensor<2x?xf32>, %arg1: tensor<?xf32>):
    %0:2 = "test.split"(%arg0) : (tensor<2x?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
    %1 = "stablehlo.broadcast_in_dim"(%0#1) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>) -> tensor<2x?xf32>
    %2 = "shape.const_shape"() {shape = dense<[2, 3]> : tensor<2xindex>} : () -> tensor<2xindex>
    "func.return"(%1) : (tensor<2x?xf32>) -> ()
  }) {function_type = (tensor<2x?xf32>, tensor<?xf32>) -> tensor<2x?xf32>, sym_name = "generic"} : () -> ()
}
)mlir";

/// Counts the ops of a region, nested regions included.
size_t countOps(const Region &region) {
  size_t count = 0;
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      ++count;
      for (const Region &nested : op.regions)
        count += countOps(nested);
    }
  return count;
}

} // namespace

TEST_CASE("a realistic file parses", "[parser][smoke]") {
  auto parsed = parse(kSmoke, "smoke.mlir");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Module &module = *parsed->module;
  REQUIRE(module.functions.size() == 5);
  CHECK(module.functions[0].isDeclaration);

  const Function &broadcasts = module.functions[1];
  CHECK(broadcasts.name == "broadcasts");
  CHECK(findAttr(broadcasts.attributes, "symshape.assume") != nullptr);
  const Block &entry = broadcasts.body.blocks.at(0);
  REQUIRE(entry.operations.size() == 5);
  CHECK(entry.operations[1].name == "tosa.add");
  CHECK(
      findAttr(entry.operations[2].attributes, "broadcast_dimensions")->ints ==
      std::vector<int64_t>{1});
  CHECK(parsed->sources.format(entry.operations[3].loc) == "smoke.mlir:13:10");

  const Function &shapes = module.functions[2];
  CHECK(shapes.argumentTypes.at(0).str() == "tensor<?x16xf32>");
  CHECK(countOps(shapes.body) == 15);

  const Function &linalg = module.functions[3];
  const Block &body = linalg.body.blocks.at(0);
  CHECK(body.operations.at(3).form.empty()); // upstream
  const Operation &loop = body.operations.at(6);
  CHECK(loop.name == "scf.for");
  CHECK(loop.skipped);
  CHECK(loop.regions.at(0).blocks.at(0).operations.at(0).name == "func.call");
  const Operation &generic = body.operations.at(8);
  CHECK(generic.name == "linalg.generic");
  // `return %mapped : tensor<8x?xf32>` told the opaque result's type.
  const Value &mapped = linalg.value(generic.results.at(0));
  CHECK(mapped.typeKnown);
  CHECK(mapped.type.str() == "tensor<8x?xf32>");

  const Function &gen = module.functions[4];
  CHECK(gen.name == "generic");
  CHECK(gen.body.blocks.at(0).operations.at(0).results.size() == 2);
  const Attribute *shape =
      findAttr(gen.body.blocks.at(0).operations.at(2).attributes, "shape");
  REQUIRE(shape);
  CHECK(shape->kind == AttrKind::Array);
  CHECK(shape->elements.size() == 2);
}

TEST_CASE("every truncation of a valid file gives at most one error",
          "[parser][smoke]") {
  std::string text = kSmoke;
  size_t failures = 0;
  for (size_t n = 0; n < text.size(); ++n) {
    auto parsed = parse(text.substr(0, n));
    INFO(n);
    REQUIRE(parsed->diags.diagnostics().size() <= 1);
    if (!parsed->ok()) {
      ++failures;
      REQUIRE(parsed->diags.diagnostics().size() == 1);
      // Rendering never fails, even at the end of the buffer.
      CHECK_FALSE(parsed->diags.renderAll().empty());
    }
  }
  CHECK(failures > text.size() / 2);
}

TEST_CASE("corrupted files never crash the parser", "[parser][smoke]") {
  std::string text = kSmoke;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const char noise[] = "(){}[]<>%^#!@\",:=-x?*0 \n\x00\xff";
  for (int round = 0; round < 2000; ++round) {
    std::string corrupted = text;
    int edits = 1 + static_cast<int>(next() % 4);
    for (int i = 0; i < edits; ++i) {
      size_t at = next() % corrupted.size();
      switch (next() % 3) {
      case 0:
        corrupted[at] = noise[next() % (sizeof(noise) - 1)];
        break;
      case 1:
        corrupted.erase(at, 1 + next() % 8);
        break;
      default:
        corrupted.insert(at, 1, noise[next() % (sizeof(noise) - 1)]);
      }
    }
    auto parsed = parse(corrupted);
    INFO(corrupted);
    REQUIRE(parsed->diags.diagnostics().size() <= 1);
    REQUIRE(parsed->ok() == parsed->diags.diagnostics().empty());
  }
}
