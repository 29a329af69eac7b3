//===- SessionStream.cpp - Lowering a function as it is parsed ------------===//
//
// The parser publishes ops one at a time; the consumer takes them in
// batches of at most kMaxBatch (so that the parser, when it must grow a
// vector, waits for one batch only) and sleeps until kMinBatch more are
// published (so that it is woken once per batch, not per op).
//
//===----------------------------------------------------------------------===//

#include "SessionStream.h"

#include <algorithm>

namespace symshape::frontend {

namespace {
constexpr size_t kMinBatch = 256;
constexpr size_t kMaxBatch = 256;
} // namespace

StreamedLowering::StreamedLowering(const SourceManager &sources,
                                   const LoweringOptions &options, bool release,
                                   size_t minBytes)
    : sources(sources), options(options), releaseOps(release),
      minBytes(minBytes) {}

StreamedLowering::~StreamedLowering() {
  if (worker.joinable()) { // a parse that threw: stop the consumer
    abandon();
    worker.join();
  }
}

std::unique_ptr<StreamedFunction> StreamedLowering::take() {
  return std::move(result);
}

bool StreamedLowering::begin(Function &fn, const Module &module,
                             size_t remaining) {
  // The first function only: no earlier call can name it, so its ops may
  // be freed (a later call makes the session parse the file again).
  if (started || fn.isPrivate || !module.functions.empty() ||
      remaining < minBytes)
    return false;
  started = true;
  function = &fn;
  result.reset(new StreamedFunction{fn.name, nullptr, DiagnosticEngine(sources),
                                    std::vector<bool>(), false, false});
  ops = 0;
  values = fn.values.size();
  state = Running;
  worker = std::thread([this] { lower(); });
  return true;
}

void StreamedLowering::lower() {
  StreamedFunction &r = *result;
  r.used.assign(options.assumptions.size(), false);
  try {
    std::optional<std::unique_ptr<solver::Problem>> problem =
        lowerStreamedFunction(*function, options, r.diags, r.used,
                              releaseOps ? function : nullptr, *this);
    if (problem)
      r.problem = std::move(*problem);
    else
      r.abandoned = true;
  } catch (const std::bad_alloc &) {
    r.problem.reset();
    r.outOfMemory = true;
  }
}

void StreamedLowering::wake(size_t published) {
  if (sleeping && published >= wanted) {
    std::lock_guard<std::mutex> lock(gate);
    woken.notify_one();
  }
}

void StreamedLowering::publish(size_t n, size_t v) {
  values = v;
  ops = n;
  wake(n);
}

std::unique_lock<std::mutex> StreamedLowering::hold() {
  return std::unique_lock<std::mutex>(data);
}

void StreamedLowering::abandon() {
  {
    std::lock_guard<std::mutex> lock(data);
    state = Abandoned;
  }
  std::lock_guard<std::mutex> lock(gate);
  woken.notify_one();
}

void StreamedLowering::end(bool ok) {
  if (ok && state == Running) {
    values = function->values.size();
    state = Complete;
  } else {
    std::lock_guard<std::mutex> lock(data);
    state = Abandoned;
  }
  {
    std::lock_guard<std::mutex> lock(gate);
    woken.notify_one();
  }
  worker.join();
  function = nullptr;
}

OpFeed::Batch StreamedLowering::acquire(size_t have) {
  auto ready = [&] { return state != Running || ops >= have + kMinBatch; };
  if (!ready()) {
    std::unique_lock<std::mutex> lock(gate);
    wanted = have + kMinBatch;
    sleeping = true;
    woken.wait(lock, ready);
    sleeping = false;
  }
  data.lock();
  Batch batch;
  int now = state;
  batch.abandoned = now == Abandoned;
  // ops before values: the values published with those ops are there.
  size_t published = ops;
  batch.values = values;
  batch.ops = std::min(published, have + kMaxBatch);
  batch.complete = now == Complete && batch.ops == published;
  return batch;
}

void StreamedLowering::release() { data.unlock(); }

} // namespace symshape::frontend
