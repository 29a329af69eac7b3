//===- JsonReport.cpp - The `check --json` document -----------------------===//
//
// The document is written straight into one string, fields in the order
// SEMANTICS.md §7 shows them, one finding, value or opaque op per line:
//
//   {
//     "version": "1.0",
//     "files": [
//       {
//         "file": "x.mlir",
//         "functions": [
//           {
//             "name": "f",
//             ...
//             "findings": [
//               {"loc": "x.mlir:3:8", "op": "test.broadcastable", ...},
//
// The layout rule: a container is written on one line when it holds only
// scalars (or nothing), and so is an object whose members are at most such
// containers (a finding with its witness, a value with its shape); anything
// deeper gets one member per line. The top level is never on one line.
// Nothing is built first: a large report (a witness per finding, a shape
// per value) costs what its text costs.
//
// The primitives are in JsonInternal.h and JsonWriter.cpp; the findings and
// values of a function in JsonFindings.cpp.
//
//===----------------------------------------------------------------------===//

#include "JsonInternal.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>

namespace symshape::solver {

namespace json {

namespace {

/// SEMANTICS.md §4's "contract": {"checked": ..., "requires": ...}; a formula
/// too large to read is null, its conjuncts listed by finding beside it.
void writeContract(Writer &w, const Problem &problem, const Contract &contract,
                   const ReportOptions &options,
                   const PositionResolver &resolve) {
  w.member("contract");
  w.openInline('{');
  auto formula = [&](const char *name, const symshape::Condition &holds,
                     const std::vector<ContractPart> &parts) {
    if (parts.empty()) {
      w.field(name, holds.str());
      return;
    }
    w.member(name);
    w.out += "null";
    w.member(std::string(name) + "_parts");
    w.openInline('[');
    for (const ContractPart &part : parts) {
      w.member();
      w.openInline('{');
      SourcePosition at =
          resolve(problem.locOf(problem.obligations[part.obligation]));
      w.field("loc", at.str());
      if (options.locations != LocationMode::Mlir && !at.origin.frames.empty())
        w.field("source_loc", at.origin.frames.front().str());
      w.field("holds", part.text());
      w.close();
    }
    w.close();
  };
  formula("checked", contract.checked, contract.checkedParts);
  formula("requires", contract.requires, contract.requiresParts);
  if (!contract.exact) {
    w.member("exact");
    w.out += "false";
    w.field("reason", contractReason(contract, resolve));
  }
  w.close();
}

/// Appends a function's text rendered apart: with a sink, straight to the
/// output (after what `w` holds), not through w.out.
void handOver(Writer &w, const std::string &text) {
  const TextSink *sink = w.sinkOf();
  if (sink) {
    if (!w.out.empty()) {
      (*sink)(w.out);
      w.out.clear();
    }
    (*sink)(text);
  } else {
    w.out += text;
  }
}

/// Texts rendered by a pool of threads and handed over in order: item i
/// is rendered into a string by `render(i, text)` on some worker, at most
/// `window` items ahead of the output, and passed to `consume(i, text)` on
/// the calling thread in order of i. The output is the same on any number
/// of threads. The first exception of a worker is rethrown. A consumed
/// text's buffer is rendered into again: the pages of at most `window`
/// texts are ever touched.
class RenderQueue {
public:
  using Render = std::function<void(size_t, std::string &)>;

  RenderQueue(size_t n, size_t window, Render render)
      : n(n), window(window), render(std::move(render)), texts(n), ready(n, 0) {
  }

  void run(size_t threads,
           const std::function<void(size_t, std::string &)> &consume) {
    std::vector<std::thread> pool;
    for (size_t t = 0; t < threads; ++t) {
      try {
        pool.emplace_back([this] { work(); });
      } catch (const std::system_error &) {
        break; // no memory for another thread: the ones started do the work
      }
    }
    auto finish = [&] {
      stopAll();
      for (std::thread &thread : pool)
        thread.join();
    };
    try {
      std::string own; // with no worker at all, this thread renders
      for (size_t i = 0; i < n; ++i) {
        if (pool.empty()) {
          own.clear();
          render(i, own);
          consume(i, own);
          continue;
        }
        std::string text;
        if (!take(i, text))
          break; // a worker failed
        consume(i, text);
        giveBack(std::move(text));
      }
    } catch (...) {
      finish();
      throw;
    }
    finish();
    if (failure)
      std::rethrow_exception(failure);
  }

private:
  /// A worker: renders the items not yet taken, at most `window` of them
  /// ahead of the output, until none is left or one failed.
  void work() {
    for (;;) {
      size_t i;
      std::string text;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] {
          return stop || next >= n || next < consumed + window;
        });
        if (stop || next >= n)
          return;
        i = next++;
        if (!spare.empty()) {
          text = std::move(spare.back());
          spare.pop_back();
        }
      }
      try {
        render(i, text);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure)
          failure = std::current_exception();
        stop = true;
        changed.notify_all();
        return;
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        texts[i] = std::move(text);
        ready[i] = 1;
      }
      changed.notify_all();
    }
  }

  /// Waits for item `i`'s text and moves it to `text`; false when a worker
  /// failed.
  bool take(size_t i, std::string &text) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return ready[i] || stop; });
      if (!ready[i])
        return false; // a worker failed
      text = std::move(texts[i]);
      consumed = i + 1;
    }
    changed.notify_all();
    return true;
  }

  /// Keeps a consumed text's buffer for the next item.
  void giveBack(std::string text) {
    text.clear();
    std::lock_guard<std::mutex> lock(mutex);
    spare.push_back(std::move(text));
  }

  /// Tells every worker to return.
  void stopAll() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stop = true;
    }
    changed.notify_all();
  }

  const size_t n, window;
  const Render render;
  std::vector<std::string> texts;
  std::vector<std::string> spare; // guarded by mutex
  std::vector<char> ready;
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0, consumed = 0; // guarded by mutex
  bool stop = false;
  std::exception_ptr failure; ///< read once the workers are joined
};

/// Members per chunk of a list rendered on several threads. The window
/// holds up to 4 chunks a thread, each with a spare buffer: at 8192
/// members (1.6 MB of findings) that was 18 MB of a JSON report's peak on
/// two threads, at 2048 it is 5 MB, for no measured time.
constexpr size_t kMemberChunk = 2048;
/// What a member's line is guessed to take before a chunk is rendered
/// (a finding's is about 200 bytes, a value's about 110).
constexpr size_t kGuessedMemberBytes = 256;
/// At most this much per member is reserved ahead (2 MiB a chunk).
constexpr size_t kMaxReservedMemberBytes = 1024;

/// Members [0, n) of w's innermost block, each written by
/// `one(writer, context, i)` after its separator; `context` is a Context
/// shared by consecutive members. A long list (a 100k-op function has over
/// 600k findings and 100k values) is rendered in chunks on `threads`
/// threads and handed over in order: the text is the same on any number
/// of threads, and at most a few chunks per thread are held at a time.
template <typename Context, typename One>
void writeMembers(Writer &w, size_t n, unsigned threads, const One &one) {
  threads = std::max(threads, 1u);
  if (threads == 1 || n < 2 * kMemberChunk) {
    Context context;
    for (size_t i = 0; i < n; ++i) {
      w.nextMember();
      one(w, context, i);
    }
    return;
  }
  // Named, not a structured binding: C++17 lambdas cannot capture those.
  std::pair<std::string, std::string> separators = w.separators();
  const std::string &first = separators.first, &later = separators.second;
  size_t chunks = (n + kMemberChunk - 1) / kMemberChunk;
  // A chunk's text is reserved whole, so it is not copied as it grows:
  // a guess at first (pages not written are never touched), then a
  // quarter more than the largest chunk so far, up to a bound (address
  // space counts against --memory-limit-mb; a larger chunk grows).
  std::atomic<size_t> largest{kMemberChunk * kGuessedMemberBytes};
  RenderQueue queue(chunks, 4 * threads, [&](size_t c, std::string &text) {
    text.reserve(std::min(largest.load(std::memory_order_relaxed) * 5 / 4,
                          kMemberChunk * kMaxReservedMemberBytes));
    Writer chunk(text, nullptr);
    Context context;
    for (size_t i = c * kMemberChunk; i < std::min(n, (c + 1) * kMemberChunk);
         ++i) {
      text += i == 0 ? first : later;
      one(chunk, context, i);
    }
    size_t seen = largest.load(std::memory_order_relaxed);
    while (text.size() > seen &&
           !largest.compare_exchange_weak(seen, text.size()))
      ;
  });
  queue.run(threads, [&w](size_t, std::string &text) { handOver(w, text); });
  w.countMembers(n);
}

/// A function's `values` object: each listed value's type, shape and
/// refined type.
void writeValues(Writer &w, const FunctionReport &function,
                 const ReportOptions &options) {
  bool anyShape = false;
  std::vector<size_t> listed = listedValues(*function.problem, anyShape);
  if (listed.empty()) {
    w.out += "{}";
    return;
  }
  // Values whose shapes are all empty lists fit on one line.
  if (anyShape)
    w.openBlock('{');
  else
    w.openInline('{');
  writeMembers<ValueScratch>(w, listed.size(), options.threads,
                             [&](Writer &out, ValueScratch &scratch, size_t k) {
                               writeValueMember(out, function, listed[k],
                                                scratch);
                             });
  w.close();
}

void writeFunction(Writer &w, const FunctionReport &function,
                   const ReportOptions &options,
                   const PositionResolver &resolve) {
  const Problem &problem = *function.problem;
  ReportList entries(function, options);
  bool anyValue = false;
  for (const ValueInfo &value : problem.values)
    anyValue = anyValue || listedValue(value);
  // A function with nothing to list fits on one line.
  if (entries.empty() && problem.opaque.empty() && !anyValue)
    w.openInline('{');
  else
    w.openBlock('{');
  w.field("name", problem.function);
  if (options.locations != LocationMode::Mlir) {
    // Where the function's own loc(...) says it came from (1.2).
    SourcePosition at = resolve(problem.loc);
    if (!at.origin.frames.empty())
      w.field("source_loc", at.origin.frames.front().str());
  }
  w.field("verdict", verdictName(reportVerdict(function, options)));
  if (const Contract *contract = function.contract)
    writeContract(w, problem, *contract, options, resolve);
  w.member("findings");
  if (entries.empty()) {
    w.out += "[]";
  } else {
    w.openBlock('[');
    writeMembers<FindingScratch>(
        w, entries.size(), options.threads,
        [&](Writer &out, FindingScratch &scratch, size_t i) {
          writeFinding(out, problem, entries[i], options, resolve, scratch);
        });
    w.close();
  }
  w.member("opaque");
  if (problem.opaque.empty()) {
    w.out += "[]";
  } else {
    w.openBlock('[');
    for (const OpaqueOp &op : problem.opaque) {
      w.member();
      w.openInline('{');
      SourcePosition position = resolve(op.loc);
      w.field("loc", position.str());
      appendSourceFields(w.out, position.origin, options);
      w.field("op", op.op);
      w.field("reason", op.reason);
      if (op.callStack != 0) {
        w.member("call_stack");
        w.openInline('[');
        for (const CallSite &call : problem.callStacks[op.callStack]) {
          w.member();
          appendQuoted(w.out, resolve(call.loc).str());
        }
        w.close();
      }
      w.close();
    }
    w.close();
  }
  w.member("values");
  writeValues(w, function, options);
  w.close();
}

void writeErrors(Writer &w, const std::vector<InputError> &errors) {
  w.member("errors");
  if (errors.empty()) {
    w.out += "[]";
    return;
  }
  w.openBlock('[');
  for (const InputError &error : errors) {
    w.member();
    w.openInline('{');
    w.field("file", error.file);
    if (error.located)
      w.field("loc", error.position.str());
    w.field("message", error.message);
    w.close();
  }
  w.close();
}

void writeSummary(Writer &w, const Summary &summary) {
  static const Verdict order[] = {Verdict::Safe,         Verdict::UbPossible,
                                  Verdict::UbGuaranteed, Verdict::Error,
                                  Verdict::Unreachable,  Verdict::Unknown};
  w.member("summary");
  w.openInline('{');
  for (Verdict verdict : order)
    w.intField(verdictName(verdict), summary.counts[size_t(verdict)]);
  w.intField("checks_can_fail", summary.checksMayFail);
  w.close();
}

/// Where a function's object is written: document, files, file, functions.
constexpr size_t kFunctionDepth = 4;

/// The functions of a file, each after w.member(). On options.threads
/// threads: workers render functions into strings, at most a window of
/// them ahead, while this thread hands each to the output in order (the
/// text is the same on any number of threads).
void writeFunctions(Writer &w, const std::vector<FunctionReport> &functions,
                    const ReportOptions &options,
                    const PositionResolver &resolve) {
  const size_t n = functions.size();
  size_t threads = std::min<size_t>(std::max(options.threads, 1u), n);
  if (threads <= 1) {
    for (const FunctionReport &function : functions) {
      w.member();
      Writer inner(w.out, w.sinkOf(), kFunctionDepth);
      writeFunction(inner, function, options, resolve);
    }
    return;
  }
  // The threads render whole functions: each renders its findings alone.
  ReportOptions perFunction = options;
  perFunction.threads = 1;
  RenderQueue queue(n, 4 * threads, [&](size_t i, std::string &text) {
    Writer inner(text, nullptr, kFunctionDepth);
    writeFunction(inner, functions[i], perFunction, resolve);
  });
  queue.run(threads, [&w](size_t, std::string &text) {
    w.member();
    handOver(w, text);
  });
}
} // namespace

} // namespace json

void renderJson(const std::vector<FileReport> &files, const Summary &summary,
                const ReportOptions &options, const PositionResolver &resolve,
                const TextSink &sink) {
  // Handed to the sink in pieces of about 1 MB (Writer): grown to that
  // size only when the report is that large. (Reserved whole, 2 MB was a
  // fresh mapping per report under AddressSanitizer's allocator, and a
  // huge page to clear under the tool's.)
  std::string out;
  out.reserve(size_t(1) << 16);
  json::Writer w(out, &sink);
  w.openBlock('{');
  w.field("version", kJsonReportVersion);
  w.member("files");
  if (files.empty()) {
    out += "[]";
  } else {
    w.openBlock('[');
    for (const FileReport &file : files) {
      w.member();
      // A file with no function fits on one line.
      if (file.functions.empty() && file.moduleOpaque.empty())
        w.openInline('{');
      else
        w.openBlock('{');
      w.field("file", file.file);
      w.member("functions");
      if (file.functions.empty()) {
        out += "[]";
      } else {
        w.openBlock('[');
        json::writeFunctions(w, file.functions, options, resolve);
        w.close();
      }
      if (!file.moduleOpaque.empty()) {
        // Module-level ops whose bodies are not read (hal.executable, ...).
        w.member("opaque");
        w.openBlock('[');
        for (const OpaqueOp &op : file.moduleOpaque) {
          w.member();
          w.openInline('{');
          w.field("loc", resolve(op.loc).str());
          w.field("op", op.op);
          w.field("reason", op.reason);
          ReportEntry entry;
          entry.loc = op.loc;
          entry.op = op.op;
          entry.opaque = &op;
          json::appendWaiver(out, options.waiver(entry));
          w.close();
        }
        w.close();
      }
      w.close();
    }
    w.close();
  }
  json::writeErrors(w, options.errors);
  json::writeSummary(w, summary);
  w.close();
  out += '\n';
  sink(out);
}

std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary, const ReportOptions &options,
                       const PositionResolver &resolve) {
  std::string out;
  renderJson(files, summary, options, resolve,
             [&out](std::string_view piece) { out += piece; });
  return out;
}

std::string renderJsonErrors(const std::vector<InputError> &errors) {
  ReportOptions options;
  options.errors = errors;
  return renderJson({}, Summary(), options,
                    [](Location) { return SourcePosition(); });
}

} // namespace symshape::solver
