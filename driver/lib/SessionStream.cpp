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
#include <system_error>

namespace symshape::frontend {

namespace {
constexpr size_t kMinBatch = 256;
constexpr size_t kMaxBatch = 256;
} // namespace

ParsedLowering::ParsedLowering(const SourceManager &sources,
                               const LoweringOptions &options, unsigned workers,
                               bool release, bool dropValues)
    : sources(sources), options(options), workers(workers), release(release),
      dropValues(dropValues) {}

ParsedLowering::~ParsedLowering() { stop(); }

void ParsedLowering::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  changed.notify_all();
  for (std::thread &thread : threads)
    thread.join();
  threads.clear();
}

void ParsedLowering::lower(Job &job) {
  StreamedFunction &r = *job.result;
  r.used.assign(options.assumptions.size(), false);
  try {
    // It lowers alone: no callee, so no module.
    r.problem = lowerFunction(job.function, options, r.diags, r.used, nullptr,
                              release ? &job.function : nullptr, dropValues);
  } catch (const std::bad_alloc &) {
    r.problem.reset();
    r.outOfMemory = true;
  }
  if (!release)
    return;
  // What the session would drop after the lowering; no call names it.
  job.function.body = Region();
  job.function.freedCallees.emplace();
  if (dropValues)
    job.function.dropValues();
}

void ParsedLowering::work() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    changed.wait(lock, [&] { return stopping || next < jobs.size(); });
    if (next == jobs.size())
      return; // stopping, and nothing is left
    Job &job = *jobs[next++];
    lock.unlock();
    lower(job);
    lock.lock();
    ++done;
    changed.notify_all();
  }
}

void ParsedLowering::take(Module &module, size_t index) {
  Function &taken = module.functions[index];
  auto job = std::make_unique<Job>(
      Job{index, Function(),
          std::make_unique<StreamedFunction>(
              StreamedFunction{taken.name, nullptr, DiagnosticEngine(sources),
                               std::vector<bool>(), false, false})});
  job->function = std::move(taken);
  taken = Function();
  taken.name = job->function.name;
  taken.loc = job->function.loc;
  if (threads.size() < workers) {
    try {
      threads.emplace_back([this] { work(); });
    } catch (const std::system_error &) {
      workers = unsigned(threads.size()); // no thread to spare
    }
  }
  if (threads.empty()) { // on the parser's thread
    lower(*job);
    std::lock_guard<std::mutex> lock(mutex);
    jobs.push_back(std::move(job));
    ++next;
    ++done;
    return;
  }
  std::unique_lock<std::mutex> lock(mutex);
  // The parser waits rather than hold the ops of many functions.
  changed.wait(lock, [&] { return jobs.size() - done < 2 * threads.size(); });
  jobs.push_back(std::move(job));
  changed.notify_all();
}

std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>>
ParsedLowering::finish(Module *module) {
  stop();
  std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>> out;
  if (module)
    for (std::unique_ptr<Job> &job : jobs) {
      module->functions[job->index] = std::move(job->function);
      out.emplace_back(job->index, std::move(job->result));
    }
  jobs.clear();
  return out;
}

StreamedLowering::StreamedLowering(const SourceManager &sources,
                                   const LoweringOptions &options, bool release,
                                   size_t minBytes, unsigned workers,
                                   bool dropValues)
    : sources(sources), options(options), releaseOps(release),
      dropValues(dropValues), minBytes(minBytes),
      whole(sources, options, workers, release, dropValues) {}

StreamedLowering::~StreamedLowering() {
  if (worker.joinable()) { // a parse that threw: stop the consumer
    abandon();
    worker.join();
  }
}

void StreamedLowering::parsed(Module &module) {
  Function &fn = module.functions.back();
  if (std::exchange(justEnded, false)) {
    // Streamed op by op: the session checks it, unless the stream was
    // abandoned with every op still there. Then it is like any other.
    bool abandoned = state == Abandoned || !result || result->abandoned;
    if (!abandoned || fn.body.blocks.empty() ||
        fn.body.blocks.front().operations.firstHeld() > 0)
      return;
    result.reset();
    fn.freedCallees.reset();
  }
  if (fn.isDeclaration)
    return;
  if (!lowersAlone(fn)) {
    // A function it calls is not lowered alone when parsed later.
    std::vector<std::string> callees;
    collectCallees(fn, callees);
    called.insert(callees.begin(), callees.end());
    return;
  }
  // A later call of it would make the session parse the file again.
  if (!fn.isPrivate && !called.count(fn.qualifiedName()))
    whole.take(module, module.functions.size() - 1);
}

std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>>
StreamedLowering::finish(Module *module) {
  std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>> out =
      whole.finish(module);
  if (module && result) // the first function, streamed
    out.emplace(out.begin(), 0, std::move(result));
  result.reset();
  return out;
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
  try {
    worker = std::thread([this] { lower(); });
  } catch (const std::system_error &) {
    // No thread to spare (under a memory limit): lowered after its parse.
    result.reset();
    function = nullptr;
    return false;
  }
  return true;
}

void StreamedLowering::lower() {
  StreamedFunction &r = *result;
  r.used.assign(options.assumptions.size(), false);
  try {
    std::optional<std::unique_ptr<solver::Problem>> problem =
        lowerStreamedFunction(*function, options, r.diags, r.used,
                              releaseOps ? function : nullptr, *this,
                              dropValues);
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
  justEnded = true;
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
