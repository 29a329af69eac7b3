//===- Problem.h - One lowered function: dims, facts, obligations -*- C++ -*-=//
//
// The frontend lowers each function into a Problem: the dim graph, the facts
// that always hold (static sizes, dims >= --min-dim, user assumptions), and
// the obligations in program order. Analyses read a Problem; they never see
// the parsed IR.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_PROBLEM_H
#define SYMSHAPE_SOLVER_PROBLEM_H

#include "symshape/solver/ChunkedVector.h"
#include "symshape/solver/DimGraph.h"
#include "symshape/solver/Formula.h"
#include "symshape/solver/LazyVector.h"
#include "symshape/solver/Text.h"

#include <atomic>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace symshape::solver {

enum class ObligationKind : uint8_t {
  Broadcast,  ///< two operand sizes of one column both != 1 and unequal
  ResultCast, ///< a declared static result dim differs from the runtime size
  Rank,       ///< result rank differs from the inferred rank
  MappedDim,  ///< linalg / XLA mapped dims unequal
  Cast,       ///< tensor.cast to a static dim of another size
  Join,       ///< contradictory shapes give the invalid shape
  Cstr,       ///< a shape.cstr_* fails
  Assume,     ///< a user fact contradicts the types or earlier facts
  /// Shape-transfer ops (SEMANTICS.md §3, last row):
  Equal,        ///< two runtime sizes an op requires to be equal differ
                ///< (elementwise operands, contracted/batch/loop dims, ...)
  ElementCount, ///< a reshape changes the number of elements
  InBounds,     ///< a slice, pad or window leaves its operand's bounds
                ///< (or gives a negative size)
  /// A runtime check (cf.assert, stablehlo.custom_call @shape_assertion)
  /// fails: the program stops cleanly, which is not UB. Like Cstr, a check
  /// that can fail is part of the function's input contract.
  Assert,
  /// Size arithmetic that wraps whatever the inputs (a static error).
  Overflow,
  /// An exporter's binding of a size the ops determine (PyTorch's
  /// torch.bind_symbolic_shape) that the program contradicts.
  Bind,
};

/// A runtime check (Assert, Cstr): failing stops the program cleanly, so a
/// check that can fail is a note of the input contract, not an alarm.
inline bool isRuntimeCheck(ObligationKind kind) {
  return kind == ObligationKind::Assert || kind == ObligationKind::Cstr;
}

/// "broadcast", "result-cast", "rank", "mapped-dim", "cast", "join", "cstr",
/// "assume", "equal", "element-count", "in-bounds", "assert", "overflow",
/// "bind".
const char *obligationKindName(ObligationKind kind);

struct Obligation;
class Problem;
/// The id of the rule `ob` checks (SPEC 3): its site's rule when the op's
/// family names one; else "broadcastable" (the seeds' Broadcastable rule)
/// for a broadcast, the op's name for the requirements of other ops, and
/// the kind's name for an obligation of no op (an assumption).
std::string_view ruleOf(const Problem &problem, const Obligation &ob);
/// What an obligation compares, as a phrase: "the broadcast of operand
/// sizes %a[0] and 4 (result dim 0)".
std::string describeSubject(const Problem &problem, const Obligation &ob);
/// describeSubject, appended to `out`.
void appendSubject(std::string &out, const Problem &problem,
                   const Obligation &ob);

/// A source position, opaque to the solver: the frontend's buffer id and
/// byte offset. Reports turn it into `file:line:col` when printing.
struct Location {
  uint32_t buffer = 0;
  uint32_t offset = 0;
  /// Where the exporter says the op came from (its `loc(...)`), as an
  /// index the frontend resolves (into its module's location table); 0
  /// when it says nothing. Two Locations are one place when buffer and
  /// offset agree.
  uint32_t source = 0;
};

/// An operand dim named in a message: its static size, or "%a[0]".
struct DimRef {
  uint32_t value = 0; ///< index into Problem::values
  uint32_t dim = 0;
  int64_t staticSize = -1; ///< -1 for `?`
};

/// Problem::dimRefs, two or so per obligation: each DimRef in 12 bytes,
/// not 16, with a static size of over 31 bits kept aside. In blocks, as
/// the obligations: a large function's refs are never copied to grow, or
/// to give back their spare room.
class DimRefTable {
public:
  size_t size() const { return refs.size(); }
  DimRef operator[](size_t i) const {
    const Packed &p = refs[i];
    return {p.value, p.dim,
            p.size >= -1 ? int64_t(p.size) : wide[size_t(-2 - p.size)]};
  }
  void push_back(const DimRef &ref);
  void shrink_to_fit() {
    refs.shrinkToFit();
    wide.shrink_to_fit();
  }

private:
  struct Packed {
    uint32_t value, dim;
    int32_t size; ///< the static size, -1; or -2 - an index into wide
  };
  static_assert(sizeof(Packed) == 12, "Packed has padding");
  ChunkedVector<Packed> refs;
  std::vector<int64_t> wide;
};

/// How an obligation's subject is phrased; the frequent forms are kept as
/// data and only turned into text when printed.
enum class SubjectForm : uint8_t {
  Text,       ///< `subject` as written
  Broadcast,  ///< "the broadcast of operand sizes A and B (result dim D)"
  ResultCast, ///< "the size inferred from A and B, cast to the declared N
              ///<  (result dim D)"
  Rank,       ///< "the result rank N (inferred rank M)"
};

/// Obligation::opIndex of an obligation that belongs to no op occurrence
/// (an assumption): judged on its own.
constexpr uint32_t kNoOp = ~0u;

/// What the obligations of one op occurrence share: where the op is and
/// its name (Problem::sites).
struct ObligationSite {
  Location loc;
  /// Inside a private function judged through its calls: `loc` is the
  /// callee's op and this indexes Problem::callStacks (the calls that led
  /// there, outermost first); 0 for none.
  uint32_t callStack = 0;
  Text op; ///< op name, e.g. "test.broadcastable"
  /// The id of the rule its obligations check when the op's family names
  /// one (StableHLO's "dot_general_c9", PyTorch's "aten::view", ONNX's
  /// "onnx.Reshape"); empty: see ruleOf.
  Text rule;
};

/// The texts few obligations have (Problem::notes).
struct ObligationNotes {
  /// What is compared, for messages (Text form); see describeSubject.
  Text subject;
  /// Extra text for a static error (e.g. why MLIR's verifier differs).
  Text staticNote;
  /// The obligation's declared size when it does not fit in 32 bits.
  int64_t wideDeclared = 0;
};

/// A function of 100k ops has over 600k of these: what an op's obligations
/// share, and the rare texts, are kept aside (`site`, `notes`), what can
/// be recomputed is (Problem::anchorOf), a size of over 32 bits is kept
/// aside too, and the fields are ordered so that no padding is left
/// between them (36 bytes).
struct Obligation {
  ObligationKind kind = ObligationKind::Broadcast;
  SubjectForm form = SubjectForm::Text;
  /// Violated by static types alone (verdict `error`); then `violation` is
  /// not assumed to hold for later obligations.
  bool staticError = false;
  /// Inside a region that may not run (the body of an unknown op): judged
  /// under P, but its "no violation" is not assumed for later obligations.
  bool conditional = false;
  int dim = -1; ///< result dim it concerns, -1 when none
  /// Exactly the runtime sizes that violate the obligation. For Assume, the
  /// negation of the user's fact.
  FormulaId violation = 0;
  /// Its op and location: an index into Problem::sites (0: none, nowhere).
  uint32_t site = 0;
  /// Into Problem::dimRefs; a Rank names no dims, and keeps its inferred
  /// rank in refBegin (inferredRank()).
  uint32_t refBegin = 0, refCount = 0;
  /// The op occurrence it belongs to, set by the lowering. Consecutive
  /// obligations of one occurrence and one phase (result-cast: 2, the
  /// rest: 1) are judged independently of each other (SEMANTICS.md §4).
  uint32_t opIndex = kNoOp;
  /// Its subject and static note: an index into Problem::notes (0: none).
  uint32_t notes = 0;
  /// ResultCast: the declared size; Rank: the declared rank. Set and read
  /// through Problem::setDeclared and declaredOf: kWideDeclared says the
  /// size is in `notes`.
  int32_t declared32 = 0;
  static constexpr int32_t kWideDeclared = INT32_MIN;

  /// Rank: the rank inferred from the operands; 0 for the other forms.
  int64_t inferredRank() const {
    return form == SubjectForm::Rank ? int64_t(refBegin) : 0;
  }
  void setInferredRank(uint32_t rank) {
    refBegin = rank;
    refCount = 0;
  }
};

/// What symshape knows of one SSA value, for reports and refinement. One
/// per value of the function, held until the reports: what they do not
/// read (where the value is defined, its element type) is left to the
/// function's IR (56 bytes).
struct ValueInfo {
  enum class Kind : uint8_t { Tensor, Vector, Shape, Size, Other };
  Kind kind = Kind::Other;
  bool ranked = false; ///< rank known at runtime
  /// The declared type's dims (-1 for `?`), for values symshape did not
  /// follow (inside a region it does not interpret); `typeRanked` if any.
  /// typeDims is only filled in when the value is not `ranked`.
  bool typeRanked = false;
  TermId scalar = kNoTerm;      ///< Size: its runtime value
  Text name;                    ///< "%0", "%a"
  Text type;                    ///< declared type as printed
  std::vector<TermId> dims;     ///< runtime dims (Tensor/Vector/Shape)
  LazyVector<int64_t> typeDims; ///< nearly always empty: 8 bytes then
};

/// A call on the way into a private function: where, and in which function.
struct CallSite {
  Location loc;
  std::string caller; ///< the function holding the call, without '@'
};

/// An op whose result sizes symshape could not relate to its operands
/// (`opaque`, SEMANTICS.md §7): its `?` result dims are fresh symbols.
struct OpaqueOp {
  Location loc;
  std::string op;         ///< op name
  std::string reason;     ///< why, e.g. "op not modelled"
  uint32_t callStack = 0; ///< as Obligation::callStack
  /// A runtime check (cf.assert, ...) whose predicate is not read exactly:
  /// the inputs it stops are unknown, so the contract is not exact.
  bool runtimeCheck = false;
};

class Problem {
public:
  Problem() { sites.push_back(ObligationSite()); }
  Problem(const Problem &) = delete;
  Problem &operator=(const Problem &) = delete;

  std::string function; ///< function name without '@'
  Location loc; ///< the function op (`func.func`), where MLIR reports it

  DimGraph graph;
  FormulaStore formulas{graph};

  /// Hold in every execution (type facts, --min-dim bounds).
  std::vector<FormulaId> facts;
  /// In the order they are judged: assumptions, then ops in program order.
  ChunkedVector<Obligation> obligations;
  /// Obligation::site: entry 0 is no op, nowhere.
  ChunkedVector<ObligationSite> sites;
  /// Obligation::notes: entry 0 is no text.
  std::vector<ObligationNotes> notes{ObligationNotes()};
  std::vector<ValueInfo> values;
  /// Whether two values share a name only when both are unnamed ("%"), as
  /// the lowering names them (a repeated source name gets a suffix): the
  /// reports then need not check.
  bool uniqueValueNames = false;
  /// Ops not modelled, in program order (the coverage report).
  std::vector<OpaqueOp> opaque;
  /// Operand dims named by obligations' subjects.
  DimRefTable dimRefs;
  /// Call chains into private functions (Obligation::callStack): each the
  /// calls, outermost first. Entry 0 is the empty chain.
  std::vector<std::vector<CallSite>> callStacks{{}};
  /// Functions of the module some call could not inline (recursive, too
  /// large, ...): a private one is then judged on its own as well.
  std::vector<std::string> calleesNotInlined;
  /// Free symbols in source order are `graph.symbols()`.

  /// Whether every fact and obligation is linear in the sizes (no product
  /// or division of two of them). Z3's answers to nonlinear queries depend
  /// on what its context was asked before, so such a problem is judged in
  /// a Z3 context of its own, and its conditions' cases are asked for,
  /// not found by evaluation (solver/lib/ConditionTable.cpp).
  bool isLinear() const;

private:
  /// isLinear's answer once known (-1: not yet): read by the judge, the
  /// contract and the driver, maybe on several threads at once.
  mutable std::atomic<int8_t> linearAnswer{-1};

public:
  /// Adds a fact and joins its terms in the graph.
  void addFact(FormulaId fact);
  /// Appends an obligation and joins its terms in the graph.
  void addObligation(Obligation obligation);
  /// A site for the next obligations: the last one when it is the same
  /// (the obligations of one op are made one after the other).
  uint32_t addSite(Location loc, Text op, uint32_t callStack = 0,
                   Text rule = Text());
  /// An entry of `notes` for these texts; 0 when both are empty.
  uint32_t addNotes(Text subject, Text staticNote = Text());
  /// Sets `ob`'s declared size (or rank), in its notes when it does not
  /// fit in 32 bits: set `ob.notes` first.
  void setDeclared(Obligation &ob, int64_t declared);
  int64_t declaredOf(const Obligation &ob) const {
    return ob.declared32 == Obligation::kWideDeclared
               ? notes[ob.notes].wideDeclared
               : ob.declared32;
  }

  /// A term of `ob`'s violation that is not a constant (kNoTerm when it
  /// has none): its component, as addObligation joined all of them.
  TermId anchorOf(const Obligation &ob) const;

  const Location &locOf(const Obligation &ob) const {
    return sites[ob.site].loc;
  }
  const Text &opOf(const Obligation &ob) const { return sites[ob.site].op; }
  uint32_t callStackOf(const Obligation &ob) const {
    return sites[ob.site].callStack;
  }
  const Text &subjectOf(const Obligation &ob) const {
    return notes[ob.notes].subject;
  }
  const Text &staticNoteOf(const Obligation &ob) const {
    return notes[ob.notes].staticNote;
  }

  /// Appends obligations in order, as addObligation does one by one
  /// (without a second copy of them when there is none before).
  void addObligations(ChunkedVector<Obligation> &&more);
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_PROBLEM_H
