func.func @f(%s: !shape.shape, %z: !shape.size) {
  %0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size {
    ^bb0(%i: index, %d: !shape.size, %acc: !shape.size):
      %t = "foo.x"() : () -> tensor<?xf32>
      shape.yield %acc : !shape.size
  }
  %1 = shape.reduce(%s, %z) : !shape.shape -> !shape.size {
    ^bb0(%i: index, %d: !shape.size, %acc: !shape.size):
      %t = "foo.x"() : () -> tensor<?xf32>
      shape.yield %acc : !shape.size
  }
  return
}
