//===- SessionStream.h - Lowering a function as it is parsed ---*- C++ -*-===//
//
// With two threads or more, Session::addFile lowers the first function of
// a large file on a second thread while the parser reads it, the way
// lowerAll would lower it afterwards: a large single-function export then
// costs about the longer of its parse and its lowering, not their sum.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_SESSIONSTREAM_H
#define SYMSHAPE_DRIVER_SESSIONSTREAM_H

#include "symshape/frontend/Lowering.h"
#include "symshape/frontend/Parser.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_set>
#include <utility>
#include <vector>

namespace symshape::frontend {

/// What lowering a function while it was parsed gave.
struct StreamedFunction {
  std::string name;
  std::unique_ptr<solver::Problem> problem; ///< null: the lowering failed
  DiagnosticEngine diags;
  std::vector<bool> used; ///< the assumptions it applied
  bool outOfMemory = false;
  /// The lowering stopped (the function needs what came later); its
  /// result is dropped.
  bool abandoned = false;
};

/// The functions of one parse that lowersAlone(), each lowered once it is
/// whole while the parser reads on. With `release`, its ops are freed
/// then: the parse holds the ops of a few functions at a time, not of the
/// whole file. With `workers` threads they are lowered on those, else on
/// the parser's.
class ParsedLowering {
public:
  /// `dropValues`: free each function's values too once it is lowered
  /// (nothing reads them afterwards).
  ParsedLowering(const SourceManager &sources, const LoweringOptions &options,
                 unsigned workers, bool release, bool dropValues);
  ~ParsedLowering();
  ParsedLowering(const ParsedLowering &) = delete;
  ParsedLowering &operator=(const ParsedLowering &) = delete;

  /// Takes `module`'s function `index` (leaving its name and location) and
  /// lowers it; waits while `workers` x 2 functions wait to be lowered.
  void take(Module &module, size_t index);
  /// Once the parse is over: gives every function back to `module` (null:
  /// the parse failed, they are dropped) and returns what lowering each
  /// gave, by index.
  std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>>
  finish(Module *module);

private:
  struct Job {
    size_t index;
    Function function;
    std::unique_ptr<StreamedFunction> result;
  };
  void lower(Job &job);
  void work();
  void stop();

  const SourceManager &sources;
  const LoweringOptions &options;
  unsigned workers;
  bool release, dropValues;
  std::vector<std::unique_ptr<Job>> jobs;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0; ///< jobs[next] is the first no worker took
  size_t done = 0; ///< how many jobs are lowered
  bool stopping = false;
};

/// The FunctionStream of one parse: streams the file's first function,
/// when it is public and at least `minBytes` of the file follow its '{'.
/// `release`: free its ops as they are lowered (the session drops bodies).
/// Every other public function that lowersAlone() and no call before it
/// names is lowered once it is parsed (ParsedLowering, on `workers`
/// threads, `release` and `dropValues` its).
class StreamedLowering final : public FunctionStream, private OpFeed {
public:
  StreamedLowering(const SourceManager &sources, const LoweringOptions &options,
                   bool release, size_t minBytes, unsigned workers,
                   bool dropValues);
  ~StreamedLowering() override;
  StreamedLowering(const StreamedLowering &) = delete;
  StreamedLowering &operator=(const StreamedLowering &) = delete;

  /// Once the parse is over: what lowering the functions while they were
  /// parsed gave, by index into `module` (null: the parse failed), to
  /// which the functions taken are given back.
  std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>>
  finish(Module *module);

  bool begin(Function &function, const Module &module,
             size_t remaining) override;
  void publish(size_t ops, size_t values) override;
  std::unique_lock<std::mutex> hold() override;
  void abandon() override;
  void end(bool ok) override;
  void parsed(Module &module) override;

private:
  Batch acquire(size_t have) override;
  void release() override;
  void lower();
  /// Wakes the consumer if it sleeps waiting for `ops` ops.
  void wake(size_t ops);

  const SourceManager &sources;
  const LoweringOptions &options;
  bool releaseOps;
  /// The streamed function's values go too, before its records are made
  /// (nothing reads them afterwards: the session's dropsValues()).
  bool dropValues;
  size_t minBytes;
  bool started = false;   ///< one function per parse
  bool justEnded = false; ///< parsed() is told of the streamed function
  Function *function = nullptr;
  std::unique_ptr<StreamedFunction> result;
  ParsedLowering whole;
  /// What the calls of the functions parsed so far name.
  std::unordered_set<std::string> called;
  std::thread worker;

  /// Held by the consumer while it reads a batch, by the parser while it
  /// changes what a batch may cover.
  std::mutex data;
  std::atomic<size_t> ops{0}, values{0};
  enum State { Running, Complete, Abandoned };
  std::atomic<int> state{Running};
  /// The consumer sleeps until `wanted` ops are published (or the state
  /// changes): waking it for each op would cost a system call per op.
  std::mutex gate;
  std::condition_variable woken;
  std::atomic<bool> sleeping{false};
  std::atomic<size_t> wanted{0};
};

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_SESSIONSTREAM_H
