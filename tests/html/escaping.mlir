// The HTML report's escaping test (check_structure.py --escaping): the
// function's name, a runtime check's message, an unknown op's name and an
// op's loc(...) hold `<script>` and `&`, and the test copies this file to a
// name that holds them too. The page must show each as text.
func.func @"f<script>alert('&amp;')</script>"(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %db = tensor.dim %b, %c0 : tensor<?xf32>
  %eq = arith.cmpi eq, %da, %db : index
  cf.assert %eq, "sizes <script>alert(1)</script> & \"differ\""
  %s = stablehlo.add %a, %b : tensor<?xf32>
  %u = "foo.<bar>"(%s) : (tensor<?xf32>) -> tensor<?xf32>
  %r = tosa.add %u, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc("model<script>&.py":12:4)
  return %r : tensor<?xf32>
}
