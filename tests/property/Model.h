//===- Model.h - Brute-force reference semantics of a Program ---*- C++ -*-===//
//
// An independent model of the contract, written from SPEC.md, the seeds and
// the lead's per-op contract only (never from symshape's lowering).
// `buildModel` turns a Program into runtime terms over free symbols, facts
// and obligations (with their static `error` flags); `evaluate` computes
// every term and violation for one concrete assignment of the free symbols.
//
//   %0 = "test.broadcastable"(%a, %c) : (tensor<?x3xi32>, tensor<?xi32>)
//                                        -> tensor<?x3xi32>
//
// gives symbols %a[0], %c[0], a `broadcast` obligation on column 1 (sizes 3
// and %c[0]), a `rank` obligation and a `result-cast` obligation on dim 1.
//
// Besides implicit broadcasts and opaque ops the model covers tensor glue
// (tensor.cast / dim / empty, index arithmetic), linalg.broadcast (both
// forms), the XLA ops (chlo binary ops with broadcast_dimensions,
// stablehlo.broadcast_in_dim, stablehlo.dynamic_broadcast_in_dim) and the
// shape dialect. `Domain` says on which finite box the enumeration is exact
// (see the comment there).
//
// The runtime rules of these ops are stated here symbolically, as terms,
// because the exactness of the box and SPEC 4's per-column obligations
// need them; the registry of op rules is the oracle of tests/models, and
// CheckerRegistry.cpp holds the model to it (the first op with a violated
// obligation is where the oracle's run stops, at each verdict's examples
// and across the domain).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_MODEL_H
#define SYMSHAPE_TESTS_PROPERTY_MODEL_H

#include "Program.h"

#include <cstdint>
#include <string>
#include <vector>

namespace symshape::property {

/// The value of a term that is not defined (a broadcast of conflicting
/// sizes, or arithmetic on one). Defined sizes of tensors are >= 0, but
/// index values may be negative, so undefinedness is tracked separately
/// (Evaluation::defined); this constant is what lookups return for it.
constexpr int64_t kUndefined = INT64_MIN;

/// A runtime integer: a constant, a free symbol, the broadcast of a column
/// (the common size != 1 of its parts, 1 when all are 1), or index
/// arithmetic on two terms.
struct Term {
  enum class Kind { Const, Symbol, Broadcast, Add, Sub, Mul };
  Kind kind = Kind::Const;
  int64_t value = 0;      ///< Const
  int symbol = -1;        ///< Symbol: index into Model::symbols
  std::vector<int> parts; ///< Broadcast: term ids; Add/Sub/Mul: {lhs, rhs}
};

/// The runtime shape of a value.
///  - Tensor: `dims` (when ranked);
///  - Shape: `dims` are the extents (when the rank is known), `length` the
///    dims of the extent tensor holding it ({N}; empty for !shape.shape);
///  - Index / Size: `scalar`.
struct RuntimeValue {
  bool ranked = false;
  std::vector<int> dims;
  std::vector<int> length;
  int scalar = -1;
  /// What the value holds is not settled by the contract (the result of a
  /// shape op whose `rank`/`join` obligation always fails): the generator
  /// never uses it.
  bool uncertain = false;
};

/// Holds in every execution: `broadcast == 1 || symbol == broadcast` (the
/// trailing `?` result dims of an op with an unranked operand, and the `?`
/// result dims of stablehlo.broadcast_in_dim). Where the column conflicts
/// (the op has UB) it constrains nothing: SPEC 2 makes everything after UB
/// meaningless, and the contract leaves it open.
struct Fact {
  int symbol = -1;    ///< term id of the fresh symbol
  int broadcast = -1; ///< term id of the column's broadcast (or operand dim)
};

enum class ModelKind {
  Broadcast,
  ResultCast,
  Rank,
  Assume,
  MappedDim,
  Cast,
  Join,
  Cstr,
  InBounds,
};

/// "broadcast", "result-cast", "rank", "assume", "mapped-dim", "cast",
/// "join", "cstr", "in-bounds" (symshape's spelling).
const char *modelKindName(ModelKind kind);

/// When an obligation is violated.
enum class Form {
  Never,          ///< never (a `rank` that holds by types)
  Always,         ///< always (static errors; the shape dialect's rank clash)
  Conflict,       ///< two of `parts` both != 1 and unequal
  NotEqual,       ///< lhs != rhs
  NotOneNorEqual, ///< lhs != 1 && lhs != rhs
  Negative,       ///< lhs < 0 (a size that must not be negative)
  Assume,         ///< the user fact does not hold
};

struct ModelObligation {
  ModelKind kind = ModelKind::Broadcast;
  int dim = -1;
  std::string op; ///< op name; empty for assumptions
  int opIndex = -1;
  /// Static `error` by the type rules. Assumptions get theirs from the
  /// enumeration (see Oracle.h) instead.
  bool staticError = false;
  Form form = Form::Never;
  std::vector<int> parts;         ///< Conflict: the column's sizes
  int lhs = -1, rhs = -1;         ///< NotEqual / NotOneNorEqual: term ids
  const Assume *assume = nullptr; ///< Assume
  std::string why;                ///< the static rule that applied
};

struct Symbol {
  std::string name; ///< "%a[0]", "%n"
  int term = -1;
  /// An index argument: any integer. Every other symbol is a size,
  /// >= min-dim.
  bool unbounded = false;
};

/// The finite box the Oracle enumerates, and why it is exact.
///
/// Every comparison the model makes (obligations, facts, assumptions,
/// broadcast selection, min-dim bounds) is an atom `t1 op t2` between two
/// "leaf" terms (a broadcast term stands for one of its parts or 1). Leaves
/// are classified as
///   Const c;  Simple s + k (one symbol plus an offset, from index arithmetic
///   with constants);  Composite (a sum or product, of sizes that are >= 0).
/// The generator keeps to programs where every atom is Simple/Const vs
/// Simple/Const, or Composite vs Const (`exact`); every Composite is built by
/// + and * from terms >= 0, and index arguments (which may be negative)
/// appear only in Simple terms. Let [L, U] contain 0, 1, min-dim, every
/// constant an atom compares a Composite with, and c - k for every atom
/// `s + k` vs `c`; let D bound |k1 - k2| over atoms `s1 + k1` vs `s2 + k2`.
///
/// Exactness (verdicts): take any assignment. Sort the symbols' values;
/// leave those in [L, U] alone and shrink every gap above U (and below L)
/// that is larger than D + 1 to D + 1. Every Simple atom keeps its truth
/// (differences up to D are untouched, larger ones stay larger than D with
/// the same sign; values stay on the same side of [L, U]). A Composite term
/// is monotone in its arguments, and each of its arguments is either
/// unchanged or stays above U, so the Composite is unchanged, or 0, or
/// above U before and after: its comparisons with constants <= U keep their
/// truth. The shrunk assignment lies within [L - n(D+1), U + n(D+1)] for n
/// symbols, so every vector of atom truths is realised in the box.
///
/// Exactness (constant dims, Part B): one more unit each way. If a dim takes
/// one value w in every well-defined assignment of the box, it does over
/// all integers: an assignment where it differs shrinks (as above) to one in
/// the box; if the dim was unchanged by shrinking it is w, contradiction; if
/// not, some symbol moved, so some gap was shrunk to D + 1 > D, and shifting
/// every value above that gap up by 1 keeps all atoms (so the assignment
/// stays well defined) and, by monotonicity, strictly increases the dim:
/// two values in the box, contradiction. So a dim that could take any value
/// above U is never mistaken for a constant.
struct Domain {
  bool exact = true;
  std::string why; ///< when not exact: the offending comparison
  int64_t regionLow = 0, regionHigh = 1;
  int64_t gap = 0;      ///< D
  int64_t low = 0;      ///< lowest value of a size symbol (min-dim)
  int64_t high = 0;     ///< highest value of any symbol
  int64_t indexLow = 0; ///< lowest value of an index symbol
};

struct Model {
  std::vector<Term> terms;
  std::vector<Symbol> symbols;      ///< in creation order
  std::vector<RuntimeValue> values; ///< parallel to Program::values
  std::vector<Fact> facts;
  std::vector<ModelObligation> obligations;
  /// A case the contract leaves open; the generator avoids these:
  ///  - a `result-cast` on a column with a static broadcast error (the
  ///    runtime size of a conflicting column is undefined);
  ///  - under --min-dim > 0, a Fact whose column is a broadcast that may be
  ///    0: where the column is 0 the symbol must be >= min-dim yet equal 0,
  ///    and what a conflicting column's size is (hence whether the fact
  ///    holds there) is not specified;
  ///  - an op the generator must not build (a tensor.dim past the rank).
  bool ambiguous = false;
  std::string ambiguity;
  Domain domain;
};

/// Lowers `program` by the contract's rules.
Model buildModel(const Program &program);

/// Every term and violation under one assignment of the free symbols.
struct Evaluation {
  std::vector<int64_t> terms;   ///< values (meaningless where not defined)
  std::vector<uint8_t> defined; ///< per term
  bool factsHold = true;        ///< min-dim bounds and Fact list
  /// Per obligation: 0 holds, 1 violated, 2 undefined.
  std::vector<uint8_t> violated;
};

/// Evaluates `model` at `symbols` (one value per Model::symbols entry).
void evaluate(const Program &program, const Model &model,
              const std::vector<int64_t> &symbols, Evaluation &out);

/// The term of `%name[dim]` (`%name` for dim < 0), or -1 when the value or
/// dim does not exist. A shape's `%s[i]` is its extent i when the rank is
/// known, else dim i of the extent tensor holding it.
int lookupTerm(const Program &program, const Model &model,
               const std::string &name, int64_t dim);

/// The runtime size of `%name[dim]` under `eval`, or kUndefined when the
/// value or dim does not exist (or is not defined there).
int64_t lookupDim(const Program &program, const Model &model,
                  const Evaluation &eval, const std::string &name, int64_t dim);

/// Static InferDim of seed 000 generalised to `0`: kDynamic for `?`;
/// `error` is set for two unequal statics neither 1 (result kDynamic).
/// The one statement of it, models::inferStaticDim
/// (tests/models/oracle/StaticBroadcast.h), shared with tests/differential.
int64_t inferDim(int64_t lhs, int64_t rhs, bool &error);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_MODEL_H
