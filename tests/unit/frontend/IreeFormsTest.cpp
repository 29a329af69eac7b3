//===- IreeFormsTest.cpp - IREE's util, flow and hal ops ------------------===//
//
// The custom forms of frontend/lib/ops/iree/ (IreeForms.cpp,
// IreeGlobalForms.cpp, HalForms.cpp) read as the generic forms IREE prints
// for them; the module level (util.func, util.global,
// typed attribute aliases, hal.executable); and, through the library, which
// forms are opaque and with which reason.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// "op: reason" of each opaque op of function `name`.
std::vector<std::string> opaque(const std::string &text,
                                const std::string &name) {
  Session session{SessionOptions{}};
  bool ok = session.addFile("t.mlir", text) && session.analyze();
  INFO(session.diagnostics().renderAll());
  REQUIRE(ok);
  std::vector<std::string> out;
  for (const solver::OpaqueOp &op : session.function(name)->problem->opaque)
    out.push_back(op.op + ": " + op.reason);
  return out;
}

using Strings = std::vector<std::string>;

} // namespace

TEST_CASE("dims lists {%a, %b} are operands, never a region",
          "[parser][iree]") {
  auto parsed = parse(
      R"(util.func public @f(%x: tensor<?x?xi32>, %h: index, %w: index, %v: !hal.buffer_view, %fence: !hal.fence, %off: index) {
  %0 = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h, %w}
  %1 = hal.tensor.import wait(%fence) => %v offset(%off) "input0" : !hal.buffer_view -> tensor<?x3xf32> as tensor<?x3xi32>{%h}
  %2 = hal.tensor.export %0 "output0" : tensor<?x?xi32>{%h, %w} -> !hal.buffer_view
  %3 = iree_encoding.unset_encoding %0 : tensor<?x?xi32> -> tensor<?x?xi32>{%h, %w}
  util.return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &tie = parsed->op(0);
  CHECK_FALSE(tie.skipped);
  CHECK(tie.operands.size() == 3);
  CHECK(types(parsed->operandTypes(tie)) == "tensor<?x?xi32>;index;index;");
  CHECK(resultTypes(parsed->func(), tie) == "tensor<?x?xi32>;");
  const Operation &import = parsed->op(1);
  CHECK_FALSE(import.skipped);
  // ODS order: source, target_dims, wait_fence, byte_offset.
  CHECK(types(parsed->operandTypes(import)) ==
        "!hal.buffer_view;index;!hal.fence;index;");
  CHECK(findAttr(import.attributes, "operandSegmentSizes")->ints ==
        std::vector<int64_t>{1, 1, 1, 1});
  CHECK(findAttr(import.attributes, "target_encoding")->type.str() ==
        "tensor<?x3xf32>");
  CHECK(findAttr(import.attributes, "name")->str == "input0");
  CHECK(resultTypes(parsed->func(), import) == "tensor<?x3xi32>;");
  const Operation &exported = parsed->op(2);
  CHECK_FALSE(exported.skipped);
  CHECK(types(parsed->operandTypes(exported)) ==
        "tensor<?x?xi32>;index;index;");
  // An op symshape does not know keeps its dims list as uses.
  const Operation &unknown = parsed->op(3);
  CHECK(unknown.skipped);
  CHECK(unknown.regions.empty());
  CHECK(unknown.operands.size() == 3);
}

TEST_CASE("util.func reads as func.func, tied results included",
          "[parser][iree]") {
  auto parsed = parse(
      R"(util.func public @pair(%a : index, %t : tensor<?xf32>) -> index, tensor<?xf32> {
  util.return %a, %t : index, tensor<?xf32>
}
util.func private @tied(%t: tensor<4xf32>) -> (%t, %t as tensor<4xi32>, f32 {some.attr}) attributes {inlining_policy = #util.inline.never}
util.func private @decl(tensor<?xf32>) -> tensor<?xf32>
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  REQUIRE(parsed->module->functions.size() == 3);
  CHECK(types(parsed->func(0).resultTypes) == "index;tensor<?xf32>;");
  CHECK(parsed->func(0).arguments.size() == 2);
  CHECK(types(parsed->func(1).resultTypes) ==
        "tensor<4xf32>;tensor<4xi32>;f32;");
  CHECK(parsed->func(1).isDeclaration);
  CHECK(parsed->func(2).isDeclaration);
  // A tie to a name that is no argument is IREE's error.
  CHECK(parse("util.func private @f(%t: tensor<4xf32>) -> %u\n")->error() ==
        "1:44: tied operand not found for result reference %u");
}

TEST_CASE("typed attribute aliases, globals and module-level bodies",
          "[parser][iree]") {
  auto parsed = parse(
      R"(#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
#device = #hal.device.target<"local", [#target]> : !hal.device
module {
  util.global private @__device_0 = #device
  util.global private @w {inlining_policy = #util.inline.never} = dense<1.0> : tensor<4xf32>
  hal.executable private @ex {
    hal.executable.variant public @v target(#target) {
      builtin.module {
        func.func @dispatch() {
          return
        }
      }
    }
  }
  util.initializer {
    util.return
  }
  util.func public @f() {
    %0 = util.global.load @w : tensor<?xf32>
    %p = util.global.address @w : !util.ptr<tensor<4xf32>>
    %1 = util.global.load.indirect %p : !util.ptr<tensor<4xf32>> -> tensor<4xf32>
    %2 = util.global.load @__device_0 : !hal.device
    %3 = util.global.load @nowhere : tensor<4xf32>
    util.return
  }
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  // The dispatch inside the executable is not a function of the module.
  REQUIRE(parsed->module->functions.size() == 1);
  const Module &module = *parsed->module;
  REQUIRE(module.skipped.size() == 2);
  CHECK(module.skipped[0].op == "hal.executable");
  CHECK(module.skipped[1].op == "util.initializer");
  // Each load knows its global's declared type.
  auto globalType = [&](size_t i) {
    const Attribute *a =
        findAttr(parsed->op(i).attributes, "symshape.global_type");
    return a ? a->type.str() : std::string("none");
  };
  CHECK(globalType(0) == "tensor<4xf32>");
  CHECK(globalType(2) == "tensor<4xf32>");
  CHECK(globalType(3) == "!hal.device");
  CHECK(globalType(4) == "none");
}

TEST_CASE("IREE ops symshape cannot read exactly are opaque with a reason",
          "[lowering][iree]") {
  CHECK(
      opaque(
          R"(util.func public @f(%n: index, %t: tensor<?xf32>, %v: !hal.buffer_view) {
  %0 = util.assume.int %n<umin = 1, umask = 3> : index
  %1 = util.assume.int %n<udiv = 0> : index
  %2 = util.global.load @nowhere : tensor<?xf32>
  %3 = hal.buffer_view.dim<%v : !hal.buffer_view>[100] : index
  %4 = hal.tensor.export %t : tensor<?xf32>{%n} -> !hal.buffer_view
  %5 = hal.buffer_view.dim<%4 : !hal.buffer_view>[1] : index
  %6 = util.assume.int %n[] : index
  %7 = "util.assume.int"(%n) {assumptions = [1]} : (index) -> index
  util.return
}
)",
          "f") ==
      Strings{"util.assume.int: the assumption '#util.int.assumption<umin "
              "= 1, umask = 3>' is not understood",
              "util.assume.int: an assumption of %n is out of range (a "
              "divisor of 0 or past 2^62)",
              "util.global.load: the declared type of the global it reads "
              "is not known (not declared in this file, or without a type)",
              "hal.buffer_view.dim: the dim index is not a constant in [0, "
              "64]",
              "hal.buffer_view.dim: dim 1 of a buffer view of rank 1",
              "util.assume.int: its assumptions are not one list per "
              "operand"});
}

TEST_CASE("the synchronous wrapper's runtime ops are read, not skipped",
          "[parser][iree]") {
  // iree-turbine's export: @main calls @main$async and waits on a fence.
  auto parsed = parse(
      R"(util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
  %0 = util.null : !hal.fence
  %c-1_i32 = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %device_0 = hal.devices.get %c0 : !hal.device
  %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
  %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
  util.return %arg0 : !hal.buffer_view
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  for (size_t i : {0, 3, 4, 5})
    CHECK_FALSE(parsed->op(i).skipped);
  CHECK(resultTypes(parsed->func(), parsed->op(0)) == "!hal.fence;");
  CHECK(types(parsed->operandTypes(parsed->op(3))) == "index;");
  CHECK(types(parsed->operandTypes(parsed->op(4))) == "!hal.device;");
  // ODS order: timeout_millis, then the fences.
  CHECK(types(parsed->operandTypes(parsed->op(5))) == "i32;!hal.fence;");
  CHECK(parsed->op(5).operands[0] == parsed->op(1).results[0]);
  CHECK(resultTypes(parsed->func(), parsed->op(5)) == "i32;");
}
