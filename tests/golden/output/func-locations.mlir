// RUN: check %s
// EXIT: 1
// Functions whose own loc(...) names a source line, as mlir-opt
// --mlir-print-debuginfo prints a module built from a located source: the
// input contract of @f is a note at model.py's line of @f, not at the MLIR
// text. @f's check can fail unless the batches are equal; its cast needs
// batch 8 beyond that, so the contract is "%a[0] == 8". @g's cast is safe
// (its check already asks for 4): no contract note; func-locations-explain
// shows why at the model's lines.
#loc = loc(unknown)
#loc1 = loc("model.py":3:0)
#loc2 = loc("model.py":4:0)
#loc3 = loc("model.py":5:0)
#loc4 = loc("model.py":8:0)
#loc5 = loc("model.py":9:0)
#loc6 = loc("model.py":10:0)
module {
  func.func @f(%a: tensor<?x4xf32> loc(unknown), %b: tensor<?x4xf32> loc(unknown)) -> tensor<8x4xf32> {
    %c0 = arith.constant 0 : index loc(#loc2)
    %da = tensor.dim %a, %c0 : tensor<?x4xf32> loc(#loc2)
    %db = tensor.dim %b, %c0 : tensor<?x4xf32> loc(#loc2)
    %eq = arith.cmpi eq, %da, %db : index loc(#loc2)
    cf.assert %eq, "batches differ" loc(#loc2)
    %cast = tensor.cast %a : tensor<?x4xf32> to tensor<8x4xf32> loc(#loc3)
    return %cast : tensor<8x4xf32> loc(#loc)
  } loc(#loc1)
  func.func @g(%x: tensor<?xf32> loc(unknown)) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index loc(#loc5)
    %c4 = arith.constant 4 : index loc(#loc5)
    %d = tensor.dim %x, %c0 : tensor<?xf32> loc(#loc5)
    %eq = arith.cmpi eq, %d, %c4 : index loc(#loc5)
    cf.assert %eq, "expected 4" loc(#loc5)
    %cast = tensor.cast %x : tensor<?xf32> to tensor<4xf32> loc(#loc6)
    return %cast : tensor<4xf32> loc(#loc)
  } loc(#loc4)
} loc(#loc)
