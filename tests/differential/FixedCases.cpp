//===- FixedCases.cpp - Hand-written cases of the other families ----------===//

#include "Families.h"

#include "FamilyText.h"

namespace symshape::differential {

using solver::ObligationKind;

//===----------------------------------------------------------------------===//
// Fixed and pending cases
//===----------------------------------------------------------------------===//

namespace {

/// A hand-written case: mlir-opt-16 rejects line `reject` of `body`
/// (1-based, 0 for none) with `message`.
Case fixedCase(std::string family, std::string name, std::string signature,
               std::vector<std::string> body, unsigned reject,
               std::string message, std::vector<Expected> expected, Class cls) {
  Case c;
  c.family = std::move(family);
  c.name = std::move(name);
  c.text = function("func.func @" + c.name + signature, body);
  c.mlirRejects = reject != 0;
  c.rejectLine = reject;
  c.rejectMessage = std::move(message);
  c.expected = std::move(expected);
  c.cls = cls;
  return c;
}

Expected error(ObligationKind kind, int dim = -1) { return {kind, dim, true}; }
Expected runtime(ObligationKind kind, int dim = -1) {
  return {kind, dim, false};
}

} // namespace

std::vector<Case> fixedFamilyCases() {
  using K = ObligationKind;
  return {
      // linalg.broadcast, seed 002's example and its illegal size-1 use.
      fixedCase("linalg", "linalg_rfc_example",
                "(%x: tensor<16xf32>, %y: tensor<16x64xf32>) -> "
                "tensor<16x64xf32>",
                {"%0 = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : "
                 "tensor<16x64xf32>) dimensions = [1]",
                 "return %0 : tensor<16x64xf32>"},
                0, "", {}, Class::AgreeAccept),
      fixedCase("linalg", "linalg_size_one",
                "(%x: tensor<16x1xf32>, %y: tensor<16x32x64xf32>) -> "
                "tensor<16x32x64xf32>",
                {"%0 = linalg.broadcast ins(%x : tensor<16x1xf32>) outs(%y : "
                 "tensor<16x32x64xf32>) dimensions = [1]",
                 "return %0 : tensor<16x32x64xf32>"},
                1, "'linalg.broadcast' op input dim 1 should match init dim 2",
                {error(K::MappedDim, 2)}, Class::AgreeReject),
      // A static broadcast: `?` maps onto `?` only, and is then judged at
      // runtime.
      fixedCase("linalg", "linalg_dynamic_input",
                "(%x: tensor<?xf32>, %y: tensor<16x64xf32>) -> "
                "tensor<16x64xf32>",
                {"%0 = linalg.broadcast ins(%x : tensor<?xf32>) outs(%y : "
                 "tensor<16x64xf32>) dimensions = [1]",
                 "return %0 : tensor<16x64xf32>"},
                1, "'linalg.broadcast' op input dim 0 should match init dim 0",
                {error(K::MappedDim, 0)}, Class::AgreeReject),
      fixedCase("linalg", "linalg_dynamic_both",
                "(%x: tensor<?xf32>, %y: tensor<?x64xf32>) -> "
                "tensor<?x64xf32>",
                {"%0 = linalg.broadcast ins(%x : tensor<?xf32>) outs(%y : "
                 "tensor<?x64xf32>) dimensions = [1]",
                 "return %0 : tensor<?x64xf32>"},
                0, "", {runtime(K::MappedDim, 0)}, Class::AgreeAccept),
      // (f): MLIR 16 reads the added dimensions as a set.
      // The upstream form's dimensions are the added dims, a set: unsorted
      // they still mean the same broadcast (mlir-opt agrees).
      fixedCase("linalg", "linalg_unsorted",
                "(%x: tensor<16xf32>, %y: tensor<2x16x64xf32>) -> "
                "tensor<2x16x64xf32>",
                {"%0 = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : "
                 "tensor<2x16x64xf32>) dimensions = [2, 0]",
                 "return %0 : tensor<2x16x64xf32>"},
                0, "", {}, Class::AgreeAccept),
      // tensor glue.
      fixedCase("tensor", "tensor_cast_static", "(%x: tensor<2x3xf32>)",
                {"%c = tensor.cast %x : tensor<2x3xf32> to tensor<2x4xf32>",
                 "return"},
                1, "are cast incompatible", {error(K::Cast, 1)},
                Class::AgreeReject),
      fixedCase("tensor", "tensor_glue_ok",
                "(%x: tensor<2x?xf32>, %u: tensor<*xf32>)",
                {"%c1 = arith.constant 1 : index",
                 "%d = tensor.dim %x, %c1 : tensor<2x?xf32>",
                 "%e = tensor.empty(%d) : tensor<?x4xf32>",
                 "%c = tensor.cast %e : tensor<?x4xf32> to tensor<3x4xf32>",
                 "%v = tensor.cast %u : tensor<*xf32> to tensor<2x2xf32>",
                 "%i = arith.constant 7 : i32", "return"},
                0, "", {runtime(K::Cast, 0)}, Class::AgreeAccept),
      // (g): the shape dialect's type clashes mlir-opt-16 rejects; SPEC 4
      // leaves symshape runtime verdicts only.
      fixedCase("shape", "shape_of_length", "(%x: tensor<2x?xf32>)",
                {"%s = shape.shape_of %x : tensor<2x?xf32> -> tensor<3xindex>",
                 "return"},
                1, "'shape.shape_of' op inferred type(s)", {runtime(K::Rank)},
                Class::ShapeRuntime),
      fixedCase("shape", "shape_const_length", "()",
                {"%s = shape.const_shape [1, 2] : tensor<3xindex>", "return"},
                1, "'shape.const_shape' op inferred type(s)",
                {runtime(K::Rank)}, Class::ShapeRuntime),
      fixedCase("shape", "shape_const_dynamic", "()",
                {"%s = shape.const_shape [1, 2] : tensor<?xindex>", "return"},
                1, "'shape.const_shape' op inferred type(s)", {},
                Class::ShapeRuntime),
      fixedCase("shape", "shape_meet_lengths",
                "(%x: tensor<2x3xf32>, %y: tensor<?x?x?xf32>)",
                {"%a = shape.shape_of %x : tensor<2x3xf32> -> tensor<2xindex>",
                 "%b = shape.shape_of %y : tensor<?x?x?xf32> -> "
                 "tensor<3xindex>",
                 "%m = shape.meet %a, %b : tensor<2xindex>, tensor<3xindex> "
                 "-> tensor<?xindex>",
                 "return"},
                3, "unequal shape cardinality", {runtime(K::Join)},
                Class::ShapeRuntime),
      fixedCase("shape", "shape_broadcast_to_extents",
                "(%s: !shape.shape, %x: tensor<3xf32>)",
                {"%a = shape.shape_of %x : tensor<3xf32> -> tensor<1xindex>",
                 "%b = shape.broadcast %s, %a : !shape.shape, tensor<1xindex> "
                 "-> tensor<?xindex>",
                 "return"},
                2,
                "'shape.broadcast' op if at least one of the operands can "
                "hold error values",
                {}, Class::ShapeRuntime),
      fixedCase(
          "shape", "shape_add_to_index", "(%z: !shape.size, %i: index)",
          {"%r = shape.add %z, %i : !shape.size, index -> index", "return"}, 1,
          "'shape.add' op if at least one of the operands can hold "
          "error values",
          {}, Class::ShapeRuntime),
      // mlir-opt-16's generic print of `shape.const_shape [3, 3] :
      // tensor<2xindex>` is a splat, `dense<3> : tensor<2xindex>`. The
      // shape round trips found symshape reading it as the one extent [3]:
      // the constraint lost its obligations, a spurious `rank` failure
      // appeared.
      fixedCase("shape", "shape_const_shape_splat", "()",
                {"%0 = \"shape.const_shape\"() {shape = dense<3> : "
                 "tensor<2xindex>} : () -> tensor<2xindex>",
                 "%1 = shape.const_shape [2, 2] : tensor<2xindex>",
                 "%w = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, "
                 "tensor<2xindex>",
                 "return"},
                0, "", {runtime(K::Cstr, 0), runtime(K::Cstr, 1)},
                Class::AgreeAccept),
      // Shape failures that mlir-opt-16 accepts are runtime verdicts too.
      fixedCase(
          "shape", "shape_runtime_failures",
          "(%x: tensor<2x3xf32>, %y: tensor<4xf32>)",
          {"%a = shape.shape_of %x : tensor<2x3xf32> -> tensor<2xindex>",
           "%b = shape.shape_of %y : tensor<4xf32> -> tensor<1xindex>",
           "%w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, "
           "tensor<1xindex>",
           "%c = shape.broadcast %a, %b {error = \"clash\"} : "
           "tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>",
           "%c5 = arith.constant 5 : index",
           "%e = shape.get_extent %a, %c5 : tensor<2xindex>, index -> "
           "index",
           "return"},
          0, "",
          {runtime(K::Cstr, 1), runtime(K::Broadcast, 1), runtime(K::Rank)},
          Class::AgreeAccept),
  };
}

std::vector<Case> pendingCases() {
  using K = ObligationKind;
  return {
      // mlir-opt-16's tensor.dim verifier rejects a constant index >= the
      // rank; symshape calls it a runtime `rank` failure, as if mlir-opt
      // accepted it (LowerTensor.cpp).
      fixedCase("tensor", "pending_dim_out_of_range",
                "(%x: tensor<2x?xf32>) -> index",
                {"%c5 = arith.constant 5 : index",
                 "%0 = tensor.dim %x, %c5 : tensor<2x?xf32>",
                 "return %0 : index"},
                2, "'tensor.dim' op index is out of range",
                {{std::nullopt, -1, true}}, Class::AgreeReject),
      // A cast between ranked types of different ranks: mlir-opt rejects,
      // symshape has no obligation at all.
      fixedCase("tensor", "pending_cast_rank", "(%x: tensor<2x3xf32>)",
                {"%c = tensor.cast %x : tensor<2x3xf32> to tensor<2x3x1xf32>",
                 "return"},
                1, "are cast incompatible", {{std::nullopt, -1, true}},
                Class::AgreeReject),
      fixedCase(
          "tensor", "pending_cast_rank_dynamic", "(%x: tensor<?xf32>)",
          {"%c = tensor.cast %x : tensor<?xf32> to tensor<?x?xf32>", "return"},
          1, "are cast incompatible", {{std::nullopt, -1, true}},
          Class::AgreeReject),
      // tensor.empty with fewer sizes than `?` dims: mlir-opt rejects,
      // symshape makes up fresh dims.
      fixedCase("tensor", "pending_empty_sizes", "(%d: index)",
                {"%e = tensor.empty(%d) : tensor<?x4x?xf32>", "return"}, 1,
                "'tensor.empty' op incorrect number of dynamic sizes",
                {{std::nullopt, -1, true}}, Class::AgreeReject),
      // The meet of two extent-tensor arguments of static lengths 2 and 3
      // fails for every runtime value (mlir-opt: "unequal shape
      // cardinality"); symshape knows an argument's length from its type
      // but tracks no extents for it, so it reports nothing.
      fixedCase("shape", "pending_meet_argument_lengths",
                "(%a: tensor<2xindex>, %b: tensor<3xindex>)",
                {"%m = shape.meet %a, %b : tensor<2xindex>, tensor<3xindex> "
                 "-> tensor<?xindex>",
                 "return"},
                1, "unequal shape cardinality", {runtime(K::Join)},
                Class::ShapeRuntime),
  };
}

} // namespace symshape::differential
