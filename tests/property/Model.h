//===- Model.h - Brute-force reference semantics of a Program ---*- C++ -*-===//
//
// An independent model of the contract for implicit-broadcast and opaque
// ops, written from SPEC.md and seed 000 only. `buildModel` turns a Program
// into runtime terms over free symbols, facts and obligations (with their
// static `error` flags); `evaluate` computes every term and violation for one
// concrete assignment of the free symbols.
//
//   %0 = "test.broadcastable"(%a, %c) : (tensor<?x3xi32>, tensor<?xi32>)
//                                        -> tensor<?x3xi32>
//
// gives symbols %a[0], %c[0], a `broadcast` obligation on column 1 (sizes 3
// and %c[0]), a `rank` obligation and a `result-cast` obligation on dim 1.
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
/// sizes); every defined size is >= 0.
constexpr int64_t kUndefined = -1;

/// A runtime integer: a constant, a free symbol, or the broadcast of a
/// column (the common size != 1 of its parts, 1 when all are 1).
struct Term {
  enum class Kind { Const, Symbol, Broadcast };
  Kind kind = Kind::Const;
  int64_t value = 0;      ///< Const
  int symbol = -1;        ///< Symbol: index into Model::symbols
  std::vector<int> parts; ///< Broadcast: term ids, all created earlier
};

/// The runtime shape of a value: term ids per dim, or unranked.
struct RuntimeValue {
  bool ranked = false;
  std::vector<int> dims;
};

/// Holds in every execution: `broadcast == 1 || symbol == broadcast` (the
/// trailing `?` result dims of an op with an unranked operand). Where the
/// column conflicts (the op has UB) it constrains nothing: SPEC 2 makes
/// everything after UB meaningless, and the contract leaves it open.
struct Fact {
  int symbol = -1;    ///< term id of the fresh symbol
  int broadcast = -1; ///< term id of the column's broadcast
};

enum class ModelKind { Broadcast, ResultCast, Rank, Assume };

/// "broadcast", "result-cast", "rank", "assume" (symshape's spelling).
const char *modelKindName(ModelKind kind);

struct ModelObligation {
  ModelKind kind = ModelKind::Broadcast;
  int dim = -1;
  std::string op; ///< op name; empty for assumptions
  int opIndex = -1;
  /// Static `error` by the type rules. Assumptions get theirs from the
  /// enumeration (see Oracle.h) instead.
  bool staticError = false;
  std::vector<int> parts; ///< Broadcast: the column's sizes (term ids)
  int size = -1;          ///< ResultCast: the column's broadcast (term id)
  int64_t declared = 0;   ///< ResultCast: the declared static size
  bool unrankedOperand = false;   ///< ResultCast: s != 1 && s != declared
  const Assume *assume = nullptr; ///< Assume
  std::string why;                ///< the static rule that applied
};

struct Model {
  std::vector<Term> terms;
  std::vector<std::string> symbols; ///< "%a[0]", in creation order
  std::vector<int> symbolTerms;     ///< term id of each symbol
  std::vector<RuntimeValue> values; ///< parallel to Program::values
  std::vector<Fact> facts;
  std::vector<ModelObligation> obligations;
  /// A case the contract leaves open; the generator avoids these:
  ///  - a `result-cast` on a column with a static broadcast error (the
  ///    runtime size of a conflicting column is undefined);
  ///  - under --min-dim > 0, a Fact whose column is a broadcast that may be
  ///    0: where the column is 0 the symbol must be >= min-dim yet equal 0,
  ///    and what a conflicting column's size is (hence whether the fact
  ///    holds there) is not specified.
  bool ambiguous = false;
  /// Largest constant in types or assumptions (bounds the exact domain).
  int64_t maxConstant = 0;
};

/// Lowers `program` by the contract's rules.
Model buildModel(const Program &program);

/// Every term and violation under one assignment of the free symbols.
struct Evaluation {
  std::vector<int64_t> terms; ///< kUndefined where a broadcast conflicts
  bool factsHold = true;      ///< min-dim bounds and Fact list
  /// Per obligation: 0 holds, 1 violated, 2 undefined.
  std::vector<uint8_t> violated;
};

/// Evaluates `model` at `symbols` (one value per Model::symbols entry).
void evaluate(const Program &program, const Model &model,
              const std::vector<int64_t> &symbols, Evaluation &out);

/// The runtime size of `%name[dim]` under `eval`, or kUndefined when the
/// value or dim does not exist (or is not defined there).
int64_t lookupDim(const Program &program, const Model &model,
                  const Evaluation &eval, const std::string &name, int64_t dim);

/// Static InferDim of seed 000 generalised to `0`: kDynamic for `?`;
/// `error` is set for two unequal statics neither 1 (result kDynamic).
int64_t inferDim(int64_t lhs, int64_t rhs, bool &error);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_MODEL_H
