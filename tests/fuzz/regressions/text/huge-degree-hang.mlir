// x^(2^16) by squaring: a solver query runs for minutes, the time-out
// does not stop it.
func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) {
  %s = shape.const_shape [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : !shape.shape
  %sx = shape.shape_of %x : tensor<?xf32> -> !shape.shape
  %c0 = shape.const_size 0
  %n = shape.get_extent %sx, %c0 : !shape.shape, !shape.size -> !shape.size
  %r = shape.reduce(%s, %n) : !shape.shape -> !shape.size {
    ^bb0(%i: index, %d: !shape.size, %acc: !shape.size):
      %next = shape.mul %acc, %acc : !shape.size, !shape.size -> !shape.size
      shape.yield %next : !shape.size
  }
  %sy = shape.shape_of %y : tensor<?xf32> -> !shape.shape
  %ny = shape.from_extents %r : !shape.size
  %w = shape.cstr_eq %sy, %ny : !shape.shape, !shape.shape
  return
}
