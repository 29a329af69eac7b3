// A nested module has its own symbol table (MLIR's SymbolTable: a flat
// reference resolves in the nearest one), as rocMLIR's MIGraphX output and
// sharded programs use it: the two @f below are two functions, each judged,
// and each call reaches the @g of its own module.

module {
  func.func private @g(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
    // Reached from the outer @f only: %x[0] and %y[0] must be equal.
    // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
    %0 = stablehlo.add %a, %b : tensor<?xf32>
    return %0 : tensor<?xf32>
  }
  func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
    %0 = call @g(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
  module @inner {
    // The inner @g broadcasts nothing: its call from the inner @f is safe.
    func.func private @g(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
      return %a : tensor<?xf32>
    }
    func.func @f(%x: tensor<?xf32>) -> tensor<4xf32> {
      %c = stablehlo.constant dense<1.0> : tensor<4xf32>
      %0 = call @g(%x, %c) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
      // The inner @g returns %x: its cast to 4 is the inner @f's finding.
      // expected-ub-possible @+1 {{cast dim 0: %x[0] != 4}}
      %1 = tensor.cast %0 : tensor<?xf32> to tensor<4xf32>
      return %1 : tensor<4xf32>
    }
  }
}
