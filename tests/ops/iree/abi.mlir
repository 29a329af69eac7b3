// IREE's ABI wrappers (HALOps.td): hal.buffer_view.dim<%v>[i] is the size
// %v[i] of the caller's buffer view (witnesses name the input), a
// hal.tensor.import's `?` dims are its listed sizes, and a
// hal.tensor.export's listed sizes must be the tensor's (`equal`, as for
// flow.tensor.tie_shape). Typed attribute aliases, globals holding them and
// hal.executable bodies at module level are read past.

#executable_target_embedded_elf_x86_64_ = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64_]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  hal.executable private @ex {
    hal.executable.variant public @embedded_elf_x86_64 target(#executable_target_embedded_elf_x86_64_) {
      hal.executable.export public @dispatch ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device) -> (index, index, index) {
        %c1 = arith.constant 1 : index
        hal.return %c1, %c1, %c1 : index, index, index
      }
      builtin.module {
        func.func @dispatch() {
          return
        }
      }
    }
  }
  util.func public @dynamicEntry(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @dynamicEntry(%input0: tensor<?x8x8x3xf32>, %input1: tensor<?x8x8x3xf32>) -> (%output0: tensor<?x8x8x3xf32>, %output1: tensor<?x8x8x3xf32>)"}} {
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %1 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x8x8x3xf32>{%0}
    %2 = hal.buffer_view.dim<%arg1 : !hal.buffer_view>[0] : index
    %3 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<?x8x8x3xf32>{%2}
    %4:2 = util.call @_dynamicEntry(%1, %3) : (tensor<?x8x8x3xf32>, tensor<?x8x8x3xf32>) -> (tensor<?x8x8x3xf32>, tensor<?x8x8x3xf32>)
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %4#0, %c0 : tensor<?x8x8x3xf32>
    %5 = hal.tensor.export %4#0 "output0" : tensor<?x8x8x3xf32>{%dim} -> !hal.buffer_view
    // The second output listed with the first input's size.
    // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
    %6 = hal.tensor.export %4#1 "output1" : tensor<?x8x8x3xf32>{%0} -> !hal.buffer_view
    util.return %5, %6 : !hal.buffer_view, !hal.buffer_view
  }
  util.func private @_dynamicEntry(%arg0: tensor<?x8x8x3xf32>, %arg1: tensor<?x8x8x3xf32>) -> (tensor<?x8x8x3xf32>, tensor<?x8x8x3xf32>) {
    %0 = arith.addf %arg0, %arg0 : tensor<?x8x8x3xf32>
    %1 = arith.addf %arg1, %arg1 : tensor<?x8x8x3xf32>
    util.return %0, %1 : tensor<?x8x8x3xf32>, tensor<?x8x8x3xf32>
  }
  // The asynchronous form: a fence to wait for, an offset, storage of
  // another element type, and a barrier on the results.
  util.func public @asyncEntry(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence, %offset: index) -> !hal.buffer_view {
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %1 = hal.tensor.import wait(%arg1) => %arg0 offset(%offset) "input0" : !hal.buffer_view -> tensor<?x3xf32> as tensor<?x3xi32>{%0}
    %2 = hal.tensor.import on(#hal.device.promise<@__device_0>) %arg0 : !hal.buffer_view -> tensor<4x3xi32>
    %c = tensor.cast %2 : tensor<4x3xi32> to tensor<?x3xi32>
    // expected-ub-possible @+1 {{equal: %arg0[0] != 4}}
    %3 = arith.addi %1, %c : tensor<?x3xi32>
    %4 = hal.tensor.barrier join(%3 : tensor<?x3xi32>) => %arg2 : !hal.fence
    %5 = hal.tensor.export %4 : tensor<?x3xi32>{%0} -> !hal.buffer_view
    // The exported view has the tensor's dims.
    %6 = hal.buffer_view.dim<%5 : !hal.buffer_view>[1] : index
    %7 = tensor.empty(%6) : tensor<?xf32>
    // expected-safe @+1 {{cast dim 0}}
    %8 = tensor.cast %7 : tensor<?xf32> to tensor<3xf32>
    util.return %5 : !hal.buffer_view
  }
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
