//===- LowerStream.cpp - Lowering a function while it is parsed -----------===//
//
// The entry block's ops come from an OpFeed in batches; the values are
// indexed as they are published. The lowering is the one of a whole
// function (the same ops in the same order make the same Problem), but for
// what the rest of the file could change: a call's callee, a module
// global, a second value of one name (display names are chosen over all
// of them). Those abandon the stream (StreamAbandoned), and the function
// is lowered again once it is whole.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

namespace symshape::frontend {

namespace {
/// Lets the parser go on when the batch ends, an exception included.
struct HeldBatch {
  OpFeed &feed;
  ~HeldBatch() { feed.release(); }
};
} // namespace

void Lowerer::extendValues(size_t n) {
  for (ValueId id = ValueId(states.size()); id < n; ++id) {
    const std::string &name = function.values[id].name;
    // Unnamed values share "%" as the constructor gives them; two values
    // of one name get suffixes chosen over every name of the function.
    if (!byName.insert(function.values, id) && !name.empty())
      throw StreamAbandoned();
    displayNames.push_back("%" + name);
  }
  if (n > states.capacity()) // the room the parser made for its values
    states.reserve(std::max(n, function.values.capacity()));
  if (n > states.size())
    states.resize(n);
}

std::unique_ptr<solver::Problem> Lowerer::runStreamed() {
  prob->function = function.qualifiedName();
  if (release)
    release->freedCallees.emplace();
  size_t k = 0;
  for (bool first = true;; first = false) {
    OpFeed::Batch batch = feed->acquire(k);
    HeldBatch held{*feed};
    if (batch.abandoned)
      throw StreamAbandoned();
    extendValues(batch.values);
    // Entry block arguments first, as run() does: the function's inputs.
    if (first) {
      for (ValueId arg : function.arguments)
        defineFromType(arg, solver::SymbolOrigin::ArgumentDim);
      addDimParamFacts();
    }
    if (batch.ops > k) {
      // One block (a second abandons): lowerRegion's walk of it.
      const Block &entry = function.body.blocks.front();
      Block *freed = release ? &release->body.blocks.front() : nullptr;
      for (; k < batch.ops; ++k) {
        const Operation &op = entry.operations[k];
        if (freed) // what calledNames reads once the op is gone
          collectCallees(op, *release->freedCallees);
        lowerOp(op);
        if (freed && freed->operations.releaseBefore(k + 1) > 0)
          lastOp = nullptr; // its address may hold another op later
      }
    }
    if (batch.complete)
      break;
  }
  // The function is whole, and the parser waits until this returns.
  prob->loc = toSolver(function.range.begin, function.sourceLoc);
  return finish();
}

std::optional<std::unique_ptr<solver::Problem>>
lowerStreamedFunction(const Function &function, const LoweringOptions &options,
                      DiagnosticEngine &diags,
                      std::vector<bool> &assumptionUsed, Function *release,
                      OpFeed &feed, bool releaseValues) {
  try {
    return Lowerer(function, options, diags, assumptionUsed, nullptr, release,
                   &feed, releaseValues)
        .runStreamed();
  } catch (const StreamAbandoned &) {
    return std::nullopt;
  }
}

} // namespace symshape::frontend
