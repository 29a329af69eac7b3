//===- Broadcast.cpp - Implicit broadcasting (SPEC 3, seed 000)
//------------===//
//
// The Broadcastable trait at runtime sizes: shapes are aligned at their
// trailing dims, the shorter one is padded with 1s (ExpandRank); in each
// column the sizes must be equal or one of them 1, and the result takes the
// size that is not 1 (InferDim); anything else is UB (Verify).
//
//   [?=3, 4] with [1, 4] -> [3, 4];   [3] with [2] -> UB;   [0] with [1] -> [0]
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

bool broadcastOperands(Eval &e, size_t first, size_t count) {
  Shape out;
  for (size_t i = first; i < first + count; ++i) {
    const Shape *s = e.shape(i);
    if (!s)
      return false;
    Shape next(std::max(out.size(), s->size()), 1);
    for (size_t k = 0; k < next.size(); ++k) {
      // Column k counted from the right.
      size_t col = next.size() - 1 - k;
      int64_t a = k < out.size() ? out[out.size() - 1 - k] : 1;
      int64_t b = k < s->size() ? (*s)[s->size() - 1 - k] : 1;
      if (!e.require(a == b || a == 1 || b == 1,
                     "broadcast: sizes " + std::to_string(a) + " and " +
                         std::to_string(b) + " (operand #" + std::to_string(i) +
                         ")"))
        return false;
      next[col] = a == 1 ? b : a;
    }
    out = std::move(next);
  }
  return e.setResult(0, out);
}

static bool broadcastAll(Eval &e) {
  return broadcastOperands(e, 0, e.numOperands());
}

void registerBroadcast() {
  for (const char *name : {"test.broadcastable",
                           "tosa.add",
                           "tosa.sub",
                           "tosa.mul",
                           "tosa.pow",
                           "tosa.maximum",
                           "tosa.minimum",
                           "tosa.logical_and",
                           "tosa.logical_or",
                           "tosa.logical_xor",
                           "tosa.bitwise_and",
                           "tosa.bitwise_or",
                           "tosa.bitwise_xor",
                           "tosa.logical_left_shift",
                           "tosa.logical_right_shift",
                           "tosa.arithmetic_right_shift",
                           "tosa.equal",
                           "tosa.greater",
                           "tosa.greater_equal",
                           "tosa.select",
                           "tosa.div",
                           "tosa.int_div",
                           "tosa.intdiv"})
    add(name, broadcastAll);
  // chlo.broadcast_* without broadcast_dimensions broadcast implicitly;
  // with them the lower-rank operand is mapped (XLA rules) — not modelled.
  for (const char *name : {"chlo.broadcast_add",
                           "chlo.broadcast_subtract",
                           "chlo.broadcast_multiply",
                           "chlo.broadcast_divide",
                           "chlo.broadcast_maximum",
                           "chlo.broadcast_minimum",
                           "chlo.broadcast_compare",
                           "chlo.broadcast_select",
                           "chlo.broadcast_and",
                           "chlo.broadcast_or",
                           "chlo.broadcast_power",
                           "chlo.broadcast_atan2",
                           "chlo.broadcast_complex",
                           "chlo.broadcast_next_after",
                           "chlo.broadcast_polygamma",
                           "chlo.broadcast_remainder",
                           "chlo.broadcast_shift_left",
                           "chlo.broadcast_shift_right_arithmetic",
                           "chlo.broadcast_shift_right_logical",
                           "chlo.broadcast_xor",
                           "chlo.broadcast_zeta"})
    add(name, [](Eval &e) {
      if (e.attr("broadcast_dimensions"))
        return e.unsupported("broadcast_dimensions not modelled");
      return broadcastAll(e);
    });
}

} // namespace symshape::models::oracle
