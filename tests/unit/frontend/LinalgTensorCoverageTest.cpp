//===- LinalgTensorCoverageTest.cpp - What the linalg / tensor entries model
//==//
//
// Through the library: which ops of the linalg and tensor families are
// listed as opaque (SPEC 7, with their reason), and which shapes the
// modelled ones give (SPEC 5).
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend;

namespace {

struct Analysed {
  Session session{[] {
    SessionOptions options;
    options.computeShapes = true;
    return options;
  }()};
  bool ok = false;
  explicit Analysed(std::string text) {
    ok = session.addFile("t.mlir", std::move(text)) && session.analyze();
  }
  /// "op: reason" of each opaque op of function `name`.
  std::vector<std::string> opaque(const std::string &name) const {
    std::vector<std::string> out;
    for (const solver::OpaqueOp &op : session.function(name)->problem->opaque)
      out.push_back(op.op + ": " + op.reason);
    return out;
  }
  std::vector<std::string> shape(const std::string &fn,
                                 const std::string &value) const {
    return session.function(fn)->shapeOf(value).value_or(
        std::vector<std::string>{"none"});
  }
};

using Strings = std::vector<std::string>;

} // namespace

TEST_CASE("linalg ops it cannot model are opaque with a reason",
          "[lowering][linalg]") {
  Analysed a(
      R"(func.func @f(%a: tensor<?x?xf32>, %b: tensor<?xf32>, %m: memref<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  %1 = linalg.matmul {strange} ins(%a, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  linalg.copy ins(%b : tensor<?xf32>) outs(%m : memref<?xf32>)
  return %0 : tensor<?xf32>
}
)");
  REQUIRE(a.ok);
  CHECK(a.opaque("f") ==
        Strings{"linalg.generic: indexing map 'affine_map<(d0, d1) -> (d0 + "
                "d1, d1)>' is not a projected permutation (with zeros)",
                "linalg.matmul: attribute 'strange' not understood",
                "linalg.copy: operand %m of type 'memref<?xf32>': only tensor "
                "operands are modelled"});
}

TEST_CASE("calls of module functions are modelled; others are opaque",
          "[lowering][func]") {
  Analysed a(R"(func.func private @ext(tensor<?xf32>) -> tensor<?xf32>
func.func @id(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func @rec(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @rec(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @id(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = call @ext(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = call @rec(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %s = shape.shape_of %0 : tensor<?xf32> -> tensor<1xindex>
  return %2 : tensor<?xf32>
}
)");
  REQUIRE(a.ok);
  const std::string recursive = "func.call: @rec is recursive (or nests "
                                "calls deeper than 16): not inlined";
  CHECK(a.opaque("f") ==
        Strings{"func.call: @ext is a declaration", recursive});
  CHECK(a.opaque("rec") == Strings{recursive});
  CHECK(a.shape("f", "%0") == Strings{"%a[0]"});
  CHECK(a.session.function("f")->sameSize("%0", 0, "%a", 0));
}

TEST_CASE("tensor glue gives exact sizes", "[lowering][tensor]") {
  Analysed a(R"(func.func @f(%t: tensor<?x?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %f = tensor.from_elements %d1, %d0 : tensor<2xindex>
  %r = tensor.reshape %t(%f) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %x = tensor.extract %f[%c1] : tensor<2xindex>
  %e = tensor.empty(%x) : tensor<?xf32>
  %s = tensor.extract_slice %r[0, 0] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %u = tensor.dim %t, %n : tensor<?x?xf32>
  return %e : tensor<?xf32>
}
)");
  REQUIRE(a.ok);
  CHECK(a.shape("f", "%r") == Strings{"%t[1]", "%t[0]"});
  CHECK(a.shape("f", "%e") == Strings{"%t[0]"});
  CHECK(a.shape("f", "%s") == Strings{"%n"});
  CHECK(a.opaque("f") ==
        Strings{"tensor.dim: the dim index %n is not a constant"});
}

TEST_CASE("shape.shape_of reads the results of linalg and tensor ops",
          "[lowering][linalg]") {
  Analysed a(
      R"(func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %n: index) -> index {
  %e = tensor.empty(%n, %n) : tensor<?x?xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = shape.shape_of %0 : tensor<?x?xf32> -> tensor<2xindex>
  %c1 = arith.constant 1 : index
  %d = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index
  return %d : index
}
)");
  REQUIRE(a.ok);
  CHECK(a.opaque("f").empty());
  // Well-defined executions have %a[0] == %n == %b[1].
  CHECK(a.shape("f", "%0") == Strings{"%a[0]", "%a[0]"});
  CHECK(a.session.function("f")->sameSize("%0", 1, "%b", 1));
}
