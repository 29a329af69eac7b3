// arith's integer ops on i1 values compute modulo 2 (true is 1 unsigned,
// -1 signed): addi and subi are xor, muli is and, maxsi / minui are and,
// minsi / maxui are or. A shift of an i1 by 1 is poison and a division or
// remainder by 0 is UB (MLIR's arith dialect): their i1 results are left
// unknown, so a check reading one is opaque.

// true * true is true: the check holds.
func.func @muli(%a: i1) {
  %t = arith.constant true
  %m = arith.muli %t, %t : i1
  // expected-safe @+1 {{assert}}
  cf.assert %m, "muli of true and true"
  return
}

// addi is xor: true + true is false.
func.func @addi(%a: i1) {
  %t = arith.constant true
  %s = arith.addi %t, %t : i1
  // expected-ub-guaranteed @+1 {{assert}}
  cf.assert %s, "addi of true and true"
  return
}

// Signed, true is -1: maxsi(true, false) is false, minsi is true.
func.func @max_min(%a: i1) {
  %t = arith.constant true
  %f = arith.constant false
  %mx = arith.maxsi %t, %f : i1
  %mn = arith.minsi %t, %f : i1
  %ok = arith.xori %mx, %mn : i1
  // expected-safe @+1 {{assert}}
  cf.assert %ok, "maxsi and minsi of true and false differ"
  return
}

// A shift by 1 is poison: not read as a value.
func.func @shli(%a: i1) {
  %t = arith.constant true
  %s = arith.shli %t, %t : i1
  // expected-opaque @+1 {{cf.assert}}
  cf.assert %s, "shli of true by true"
  return
}

// A division by false (0) is UB: not read as a value.
func.func @divui(%a: i1) {
  %t = arith.constant true
  %d = arith.divui %t, %t : i1
  // expected-opaque @+1 {{cf.assert}}
  cf.assert %d, "divui of true by true"
  return
}

// index_cast sign-extends when it widens: true is -1 as an index.
func.func @index_cast(%a: i1) {
  %t = arith.constant true
  %i = arith.index_cast %t : i1 to index
  %m = arith.constant -1 : index
  %ok = arith.cmpi eq, %i, %m : index
  // expected-safe @+1 {{assert}}
  cf.assert %ok, "index_cast of true is -1"
  return
}
