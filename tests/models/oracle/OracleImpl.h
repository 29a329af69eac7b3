//===- OracleImpl.h - The oracle's op adaptor and shared rules --*- C++ -*-===//
//
// Private to the oracle. Every op entry reads its operands through one
// adaptor (Eval), states its runtime requirements with `require`, and sets
// its result shapes; the driver (Oracle.cpp) then checks the declared
// static result dims (SPEC: result-cast). A family file registers its
// entries with `add(name, rule)`:
//
//   static bool matmul(Eval &e) {          // [N,H,C] x [N,C,W] -> [N,H,W]
//     ... e.require(a[0] == b[0], "batch " + ...) ...
//     return e.setResult(0, {a[0], a[1], b[2]});
//   }
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_ORACLEIMPL_H
#define SYMSHAPE_MODELS_ORACLEIMPL_H

#include "Oracle.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models::oracle {

using Shape = std::vector<int64_t>;

/// A runtime value: a tensor with concrete sizes (and, for small integer
/// tensors, known contents), an index/integer scalar, or anything else.
struct RtValue {
  enum class Kind { Tensor, Scalar, Other } kind = Kind::Other;
  Shape shape;                              ///< Tensor
  std::optional<std::vector<int64_t>> data; ///< Tensor: integer contents
  std::optional<int64_t> scalar;            ///< Scalar, when known
  /// Other: a list or tuple (torch's !torch.list<vtensor>, !torch.tuple)
  /// and its elements.
  bool isList = false;
  std::vector<RtValue> items;
};

/// Stop: a runtime check failed; the program stopped cleanly (not UB).
enum class Status { Ok, Ub, Unsupported, Stop };

class Eval;
using Rule = std::function<bool(Eval &)>;

/// What every op of one run shares: the result being filled (trace, call
/// stacks, the innermost failing op) and, for the function being run, its
/// call stack and how to run a region of one of its ops.
struct RunContext {
  OracleResult *root = nullptr;
  size_t stack = 0; ///< index into root->stacks
  /// Runs the single block of `region` on the function's values, op by
  /// op, until its terminator, whose operands go to `yielded`; false on
  /// UB, a failed check or an unsupported op (the status is `e`'s).
  std::function<bool(Eval &e, const frontend::Region &region,
                     std::vector<RtValue> &yielded)>
      runRegion;
  /// The innermost op whose rule failed or whose check stopped the run,
  /// set where it happened (a call or region op then only passes it up);
  /// one per run, owned by the outermost runner.
  std::optional<OpInstance> *failedAt = nullptr;
};

/// Adds an op entry; a rule file calls it from its registering function
/// (RuleFile below).
void add(const std::string &name, Rule rule);
/// Looks an entry up; null when the op is not modelled.
const Rule *lookup(const std::string &name);

/// What an entry sees of one op.
class Eval {
public:
  Eval(const frontend::Module &module, const frontend::Function &fn,
       const frontend::Operation &op, std::vector<RtValue> &values,
       const std::vector<const frontend::Operation *> &defs,
       const Oracle &oracle)
      : module(module), fn(fn), op(op), values(values), defs(defs),
        oracle(oracle) {}

  const frontend::Operation &operation() const { return op; }
  const solver::Text &name() const { return op.name; }
  size_t numOperands() const { return op.operands.size(); }
  /// Operand `i`'s type at this use (Function::operandType).
  const frontend::Type &operandType(size_t i) const {
    return fn.operandType(op, i);
  }
  size_t numResults() const { return op.results.size(); }

  /// Operand i as a tensor; an unsupported result when it is not one.
  const RtValue *tensor(size_t i);
  const Shape *shape(size_t i) {
    const RtValue *v = tensor(i);
    return v ? &v->shape : nullptr;
  }
  bool isTensor(size_t i) const {
    return i < op.operands.size() &&
           values[op.operands[i]].kind == RtValue::Kind::Tensor;
  }
  /// Operand i's known integer contents (a scalar or a small int tensor).
  std::optional<std::vector<int64_t>> contents(size_t i);
  /// Operand i as a known scalar.
  std::optional<int64_t> scalar(size_t i);
  /// The op defining operand i (null for a block argument).
  const frontend::Operation *definingOp(size_t i) const;
  const frontend::Type &declaredResult(size_t r) const {
    return fn.value(op.results[r]).type;
  }
  const frontend::Type &operandValueType(size_t i) const {
    return fn.value(op.operands[i]).type;
  }

  const frontend::Attribute *attr(const std::string &name) const;
  /// Integers of an attribute (array<i64: ..>, dense<..>, [..], a single
  /// integer); `count` expands a splat. nullopt when absent or unreadable.
  std::optional<std::vector<int64_t>> ints(const std::string &name,
                                           size_t count = 0) const;
  std::optional<int64_t> integer(const std::string &name) const;

  /// Records UB (the first failing requirement) and returns false.
  bool require(bool ok, const std::string &rule);
  /// A runtime check: when `ok` is false the run stops cleanly here
  /// (status Stop, not UB); returns `ok`.
  bool check(bool ok, const std::string &message);
  /// Runs region `r` of this op (see RunContext::runRegion), its entry
  /// block's arguments bound to `args` when given (a loop body).
  bool runRegion(size_t r, std::vector<RtValue> &yielded,
                 const std::vector<RtValue> *args = nullptr);
  /// Operand i's runtime value, whatever its kind.
  const RtValue &operandValue(size_t i) const { return values[op.operands[i]]; }
  /// Records that the oracle cannot run this op; returns false.
  bool unsupported(const std::string &why);
  bool setResult(size_t r, Shape shape,
                 std::optional<std::vector<int64_t>> data = std::nullopt);
  bool setScalar(size_t r, std::optional<int64_t> value);
  /// Result r is `value` (a list, a copy of an element).
  bool setValue(size_t r, RtValue value);
  /// Results take the declared type (all static) — constants, sources.
  bool setDeclaredResults();
  /// Runs a callee; false on UB or unsupported inside it.
  bool call(const std::string &callee);

  Status status = Status::Ok;
  std::string message;
  const frontend::Module &module;
  RunContext *ctx = nullptr; ///< set by the runner before the rule runs

private:
  const frontend::Function &fn;
  const frontend::Operation &op;
  std::vector<RtValue> &values;
  const std::vector<const frontend::Operation *> &defs;
  const Oracle &oracle;
};

//===-- shared rules
//-------------------------------------------------------===//

std::string str(const Shape &shape);
int64_t product(const Shape &shape);
/// Mathematical floor division (b > 0).
int64_t floorDiv(int64_t a, int64_t b);

/// Every tensor operand has the same shape; result 0 takes it.
bool sameShapeElementwise(Eval &e);
/// Broadcastable trait over operands [first, first+count): InferShape and
/// Verify of seed 000 at runtime sizes; result 0 takes the broadcast.
bool broadcastOperands(Eval &e, size_t first, size_t count);
/// Output size of a window of `k` taps, stride `s`, dilation `d` over
/// `in` padded by `lo` and `hi`: floor((in+lo+hi - d*(k-1) - 1)/s) + 1.
int64_t windowOut(int64_t in, int64_t k, int64_t s, int64_t d, int64_t lo,
                  int64_t hi);
/// An integer element type ("i1", "i64", "si8", "ui32") or "index".
bool isIntegerElement(const std::string &element);
/// A permutation of 0..rank-1?
bool isPermutation(const std::vector<int64_t> &perm, size_t rank);
/// Lists of integers in attribute text: "[b, 0, 1, f]x[0, 1, i, o]" style
/// text is read by the callers; this reads every integer after `key =`
/// inside the next [..] (e.g. "lhs_batching_dimensions = [0]").
std::optional<std::vector<int64_t>> intListAfter(const std::string &text,
                                                 const std::string &key);

/// The oracle's own entries, registered around the families' rule files:
/// SPEC 3 implicit broadcasting first (Broadcast.cpp), the runtime checks
/// and the integer/i1 computations that feed them last (Checks.cpp:
/// cf.assert, stablehlo.custom_call @shape_assertion, shape.cstr_* and
/// shape.assuming, comparisons and logic on scalars and small tensors; it
/// refines a few entries of the tensor and stablehlo files).
void registerBroadcast();
void registerChecks();
/// stablehlo.custom_call @shape_assertion (Checks.cpp), for the custom
/// call's dispatch (tests/ops/stablehlo/oracle/StablehloCustomCall.cpp).
bool shapeAssertion(Eval &e);

/// A family's rule file registers its entries where it writes them: at
/// namespace scope,
///
///   static const RuleFile rules(__FILE__, [] { add("tosa.matmul", matmul); });
///
/// The rule files (tests/ops/<family>/oracle/*.cpp) are compiled in by the
/// glob of tests/models/CMakeLists.txt and linked whole, so a new file or a
/// new entry needs no edit anywhere else. Before the first lookup each
/// file's function runs once, in the order of the files' paths, between
/// registerBroadcast and registerChecks; a name added by two rule files
/// stops the run with both files named (std::abort), so that order decides
/// nothing.
class RuleFile {
public:
  RuleFile(const char *file, void (*registerRules)());
};

/// Shared by the torch rule files (tests/ops/torch/oracle/), written from
/// PyTorch's documentation.
/// Operand i is `!torch.none` (an optional left out).
bool torchNone(Eval &e, size_t i);
/// PyTorch's maybe_wrap_dim: `dim` in [-rank, rank) (rank at least 1), UB
/// otherwise; torchDim reads it from scalar operand i.
std::optional<size_t> torchWrap(Eval &e, int64_t dim, size_t rank);
std::optional<size_t> torchDim(Eval &e, size_t i, size_t rank);
/// A `!torch.bool` or `!torch.int` constant operand's value (bool as 0/1).
std::optional<int64_t> torchConstant(Eval &e, size_t i);
/// NumPy broadcasting of two shapes (PyTorch "Broadcasting semantics"); UB
/// and nullopt when they clash.
std::optional<Shape> torchBroadcast(Eval &e, const Shape &a, const Shape &b);

} // namespace symshape::models::oracle

#endif // SYMSHAPE_MODELS_ORACLEIMPL_H
