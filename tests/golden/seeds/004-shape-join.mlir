// Seed 004, shape.join: the least general shape; contradictions give the
// invalid shape. A contradiction is a runtime `join` finding, never a static
// error (SPEC 4): the shape dialect has no compile-time rule. The seed's
// pseudo-code examples, each as its own function:

// join([*], [*]) -> [*], join([*], [1, ?]) -> [1, ?], join([*], [1, 2]) ->
// [1, 2], join([], []) -> [], join([], [*]) -> []: nothing can fail.
func.func @valid() {
  %u = shape.const_shape [*] : !shape.shape
  %a = shape.const_shape [1, ?] : !shape.shape
  %b = shape.const_shape [1, 2] : !shape.shape
  %e = shape.const_shape [] : !shape.shape
  %0 = shape.join %u, %u : !shape.shape
  %1 = shape.join %u, %a : !shape.shape
  %2 = shape.join %u, %b : !shape.shape
  %3 = shape.join %e, %e : !shape.shape
  %4 = shape.join %e, %u : !shape.shape
  return
}

// join([1, 2], [1, ?]) -> [1, 2]: extent 0 agrees (1 and 1); extent 1
// agrees exactly when the `?` is 2 at runtime.
func.func @refines() {
  %b = shape.const_shape [1, 2] : !shape.shape
  %a = shape.const_shape [1, ?] : !shape.shape
  // expected-safe @+2 {{join dim 0}}
  // expected-ub-possible @+1 {{join dim 1: %a[1] != 2}}
  %0 = shape.join %b, %a, error = "mismatch" : !shape.shape
  return
}

// join([], [?, ?]) -> [invalid]: the ranks differ.
func.func @rank_clash() {
  %e = shape.const_shape [] : !shape.shape
  %q = shape.const_shape [?, ?] : !shape.shape
  // expected-ub-guaranteed @+1 {{join}}
  %0 = shape.join %e, %q : !shape.shape
  return
}

// join([1, ?], [2, ?, ?]) -> [invalid]: the ranks differ.
func.func @rank_clash2() {
  %a = shape.const_shape [1, ?] : !shape.shape
  %b = shape.const_shape [2, ?, ?] : !shape.shape
  // expected-ub-guaranteed @+1 {{join}}
  %0 = shape.join %a, %b : !shape.shape
  return
}
// expected-summary {{safe=1 ub-possible=1 ub-guaranteed=2 error=0 unreachable=0 unknown=0}}
