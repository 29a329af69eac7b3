// More of Shardy's ops, as its propagation passes print them
// (openxla/shardy): sdy.named_computation runs its body on its operands
// and returns what the body returns; sdy.data_flow_edge (with or without
// a sharding) and sdy.func_data_flow_edge have their operand's type, as
// do the unreduced collectives sdy.sharded_to_unreduced and
// sdy.replicated_to_unreduced (global view, SameOperandsAndResultType);
// sdy.sharding_group ties shardings and has no result; sdy.constant is a
// constant of its declared type.
// Sizes flow through each, so a later elementwise add (operands of one
// shape: add_c1) meets them.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @named(%arg0: tensor<?x2xi32>, %arg1: tensor<8x2xi32>) -> tensor<?x2xi32> {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg2: tensor<?x2xi32>) {
    %1 = sdy.data_flow_edge %arg2 : tensor<?x2xi32>
    %2 = stablehlo.multiply %1, %1 : tensor<?x2xi32>
    sdy.return %2 : tensor<?x2xi32>
  } : (tensor<?x2xi32>) -> tensor<?x2xi32>
  // %0 has %arg0's rows.
  // expected-ub-possible @+1 {{equal: %arg0[0] != 8}}
  %3 = stablehlo.add %0, %arg1 : (tensor<?x2xi32>, tensor<8x2xi32>) -> tensor<?x2xi32>
  return %3 : tensor<?x2xi32>
}

func.func @groups(%arg0: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %0 = sdy.constant dense<1.000000e+00> : tensor<4x16xf32>
  sdy.sharding_group %arg0 group_id = 3 : tensor<?x16xf32>
  %1 = sdy.data_flow_edge %arg0 sharding=<@mesh, [{"a"}, {}]> : tensor<?x16xf32>
  // %1 is %arg0, the constant has 4 rows.
  // expected-ub-possible @+1 {{equal: %arg0[0] != 4}}
  %2 = stablehlo.add %1, %0 : (tensor<?x16xf32>, tensor<4x16xf32>) -> tensor<?x16xf32>
  return %2 : tensor<?x16xf32>
}

func.func @edges_and_unreduced(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<6x8xf32>) -> tensor<?x8xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<?x8xf32>
  %1 = sdy.sharded_to_unreduced [{"a"}, {}] %0 out_sharding=<@mesh, [{}, {}], unreduced={"a"}> : tensor<?x8xf32>
  %2 = sdy.replicated_to_unreduced {"b"} %1 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b"}> : tensor<?x8xf32>
  // %2 is %arg0: its rows meet %arg1's 6.
  // expected-ub-possible @+1 {{equal: %arg0[0] != 6}}
  %3 = stablehlo.add %2, %arg1 : (tensor<?x8xf32>, tensor<6x8xf32>) -> tensor<?x8xf32>
  return %3 : tensor<?x8xf32>
}
