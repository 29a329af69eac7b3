//===- DimGraph.h - The graph of symbolic runtime dims ----------*- C++ -*-===//
//
// Every runtime size of a function -- a dim of a tensor or shape value, or a
// size/index scalar -- is a vertex. A vertex is a hash-consed term: a
// constant, a free symbol (a `?` of an argument or of an opaque op), or an
// expression over other vertices. Ops add the relations they create (equal,
// broadcast-compatible, mapped); derived terms are joined to their operands.
// Boost.Graph stays inside DimGraph.cpp; the rest asks for components.
//
//   %r = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> ..
//
// gives vertices %a[0] (symbol), 4 (constant), broadcast(4, %a[0]) for %r[0],
// and a broadcast-compatible edge between %a[0] and 4.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_DIMGRAPH_H
#define SYMSHAPE_SOLVER_DIMGRAPH_H

#include "symshape/solver/IdIndex.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace symshape::solver {

using TermId = uint32_t;
constexpr TermId kNoTerm = ~0u;

enum class TermKind : uint8_t {
  Const,     ///< value
  Symbol,    ///< a free runtime integer, named like %a[0] or %n
  Broadcast, ///< runtime broadcast of the operands: the first operand that
             ///< is not 1, else 1. Under "no violation" every operand is 1
             ///< or equal to that value, so the order does not matter.
  Add,       ///< operands[0] + operands[1]
  Sub,       ///< operands[0] - operands[1]
  Mul,       ///< operands[0] * operands[1]
  Div,       ///< floor(operands[0] / operands[1]); 0 when operands[1] is 0
             ///< (ops that divide also require a positive divisor)
  Max,       ///< the larger of operands[0] and operands[1]
  Min,       ///< the smaller of operands[0] and operands[1]
  /// operands[0] == operands[1] ? operands[2] : operands[3] (a select of
  /// integers: arith.select, stablehlo.select, sign, truncated division).
  SelectEq,
  /// operands[0] <= operands[1] ? operands[2] : operands[3]. A condition
  /// of several comparisons is a nest of selects (DimGraph::select).
  SelectLe,
};

/// Where a free symbol comes from.
enum class SymbolOrigin : uint8_t {
  ArgumentDim, ///< a `?` dim of a function argument
  OpaqueDim,   ///< a `?` dim of an opaque op's result (or an erroneous op's)
  Scalar,      ///< an index / !shape.size value not computed by known ops
  /// an exporter's size symbol with a range that excludes negative values
  /// (PyTorch's `torch.symbolic_int "s0" {min_val = 2, ...}`: SPEC 2)
  SizeSymbol,
};

struct TermNode {
  TermKind kind = TermKind::Const;
  int64_t value = 0;            ///< Const
  std::vector<TermId> operands; ///< derived kinds
  uint32_t symbol = 0;          ///< Symbol: index into symbols()
  /// Polynomial degree (a product of n sizes has degree n), saturating.
  uint32_t degree = 0;
};

struct SymbolInfo {
  std::string name; ///< as printed: "%a[0]", "%n"
  SymbolOrigin origin = SymbolOrigin::ArgumentDim;
  TermId term = kNoTerm;
};

/// How an op relates two vertices (an edge of the graph).
enum class Relation : uint8_t {
  DerivedFrom,         ///< a derived term and one of its operands
  Equal,               ///< must be equal (cast, result-cast, mapped dims)
  BroadcastCompatible, ///< must be broadcast-compatible
  Fact,                ///< mentioned together in one fact or assumption
};

struct Components {
  std::vector<uint32_t> of; ///< component index of each term
  uint32_t count = 0;
};

/// The value of a derived term of `kind` (Broadcast, Add, ..., SelectLe)
/// from its operands' values, exactly as the SMT encoding defines it
/// (Smt.cpp): a broadcast is its first operand that is not 1, else the
/// last; division floors, and is 0 by 0. nullopt when int64 overflows.
std::optional<int64_t> applyTerm(TermKind kind,
                                 const std::vector<int64_t> &operands);

class DimGraph {
public:
  TermId constant(int64_t value);
  /// A fresh free symbol; never shared with another symbol. Its name is
  /// unique among the graph's symbols (witnesses and conditions name
  /// symbols): a name already taken, as by two inlined calls of one callee
  /// or by an inlined "%f.0" and a value the caller named %f.0, gets the
  /// first free "_2", "_3", ... after its value name ("%f.0_2[0]").
  TermId symbol(std::string name, SymbolOrigin origin);
  /// The broadcast of `operands`, canonicalised: nested broadcasts are
  /// flattened, 1s dropped, duplicates merged and operands sorted; a
  /// constant other than 1 is the value itself (under "no violation" every
  /// other operand is 1 or equal to it); no operands gives 1.
  TermId broadcast(std::vector<TermId> operands);
  TermId add(TermId lhs, TermId rhs);
  TermId sub(TermId lhs, TermId rhs);
  /// The product, canonical: nested products are flattened, their factors
  /// sorted and constants folded into one coefficient, so `(a * b) * c` and
  /// `c * (b * a)` are one term (up to kMaxFlatFactors factors).
  TermId mul(TermId lhs, TermId rhs);
  static constexpr size_t kMaxFlatFactors = 16;
  /// Floor division (rounds towards minus infinity); 0 for a 0 divisor.
  TermId floorDiv(TermId lhs, TermId rhs);
  /// The larger / smaller of two integers (operands sorted: commutative).
  TermId max(TermId lhs, TermId rhs);
  TermId min(TermId lhs, TermId rhs);
  /// `a == b ? then : otherwise` (kind SelectEq) or `a <= b ? ...`
  /// (SelectLe), folded when the comparison is decided by the terms alone
  /// (constants, one term, a non-negative term against a constant <= 0).
  TermId selectEq(TermId a, TermId b, TermId then, TermId otherwise);
  TermId selectLe(TermId a, TermId b, TermId then, TermId otherwise);
  /// Whether `a == b` / `a <= b` is decided by the terms alone.
  std::optional<bool> decideEq(TermId a, TermId b) const;
  std::optional<bool> decideLe(TermId a, TermId b) const;

  /// Records that an op relates `a` and `b`.
  void relate(TermId a, TermId b, Relation relation);

  const TermNode &term(TermId id) const { return terms[id]; }

  /// Calls `visit(t)` for `root` and each term below it that `known(t)`
  /// does not cover yet, operands first; `visit(t)` must make `known(t)`
  /// true. With an explicit stack: index arithmetic can nest terms tens of
  /// thousands deep (%n + 1 + 1 + ...), too deep to recurse.
  template <typename Known, typename Visit>
  void postOrder(TermId root, Known &&known, Visit &&visit) const {
    std::vector<std::pair<TermId, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [id, expanded] = stack.back();
      if (known(id)) {
        stack.pop_back();
        continue;
      }
      if (!expanded) {
        stack.back().second = true;
        for (TermId op : terms[id].operands)
          if (!known(op))
            stack.emplace_back(op, false);
        continue;
      }
      stack.pop_back();
      visit(id);
    }
  }
  size_t numTerms() const { return terms.size(); }
  /// The greatest degree of a term (0: constants only; 2 or more: some
  /// product or quotient of sizes).
  uint32_t maxDegree() const { return greatestDegree; }
  std::optional<int64_t> constantValue(TermId id) const;
  bool isSymbol(TermId id) const { return terms[id].kind == TermKind::Symbol; }

  const std::vector<SymbolInfo> &symbols() const { return symbolTable; }
  const SymbolInfo &symbolOf(TermId id) const {
    return symbolTable[terms[id].symbol];
  }

  /// Broadcast operands of `id` (itself when it is not a broadcast).
  std::vector<TermId> broadcastLeaves(TermId id) const;
  /// The canonical operand list of a broadcast (or conflict) of `operands`:
  /// nested broadcasts flattened into one set of leaves, unless that set
  /// would exceed kMaxFlatLeaves; no 1s; sorted; deduplicated.
  std::vector<TermId>
  broadcastOperands(const std::vector<TermId> &operands) const;
  static constexpr size_t kMaxFlatLeaves = 8;

  /// Source names that denote a vertex ("%r[0]"), for reports.
  void addLabel(TermId id, std::string label);
  const std::vector<std::string> &labels(TermId id) const;

  struct Edge {
    TermId a, b;
    Relation relation;
  };
  const std::vector<Edge> &edges() const { return edgeList; }

  /// Connected components over every edge (computed with Boost.Graph,
  /// once per state of the graph: the judge, the refinement and the
  /// contract each ask of the same graph). It keeps its last answer, so
  /// two threads must not ask at once.
  Components components() const;

  /// True when `id` is never negative: a constant >= 0, a dim symbol (dims
  /// are facts >= --min-dim >= 0), or sums, products, broadcasts and floor
  /// divisions by positive constants of such terms.
  bool provablyNonNegative(TermId id) const;

  /// Free symbols a term depends on, sorted by symbol index.
  std::vector<TermId> symbolsOf(TermId id) const;

private:
  TermId intern(TermNode node);
  /// mul's canonical form of lhs * rhs; nullopt past kMaxFlatFactors
  /// factors or when the constants overflow.
  std::optional<TermId> canonicalProduct(TermId lhs, TermId rhs);

  static uint32_t hashOf(const TermNode &node);

  std::vector<TermNode> terms;
  uint32_t greatestDegree = 0; ///< maxDegree(); symbols have 1
  IdIndex interned;            ///< the terms other than symbols
  std::vector<SymbolInfo> symbolTable;
  /// Every symbol name taken (the symbols by name), and the next suffix to
  /// try for a name that was taken twice.
  IdIndex symbolNames;
  std::unordered_map<std::string, unsigned> nextSuffix;
  std::vector<Edge> edgeList;
  std::unordered_map<TermId, std::vector<std::string>> labelTable;
  /// The last components() and the graph's size then: terms and edges are
  /// only ever added, so the same sizes are the same graph.
  mutable Components lastComponents;
  mutable size_t componentsTerms = 0, componentsEdges = 0;
  mutable bool hasComponents = false;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_DIMGRAPH_H
