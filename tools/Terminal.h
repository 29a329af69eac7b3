//===- Terminal.h - Colour and progress on a terminal -----------*- C++ -*-===//
//
// Colour in the style of clang: the location bold, `error:` red, `warning:`
// magenta, `note:` cyan, the message bold, the caret line green. Progress
// is one line on stderr, "symshape: judging function 37 of 120,
// obligations judged: 5120 of 20000" (so a single large function shows
// progress too), shown once an input has taken more than two seconds and
// erased at the end.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_TERMINAL_H
#define SYMSHAPE_TOOLS_TERMINAL_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace symshape::tool {

/// Whether `stream` should get colour under --color=auto: a terminal, and
/// neither NO_COLOR set nor TERM=dumb.
bool colorTerminal(std::FILE *stream);

/// `text` (diagnostics as DiagnosticEngine renders them, and summary
/// lines) with ANSI colours.
std::string colorize(const std::string &text);

/// Prints "symshape: PHASE function K of N" on stderr (K counts from 1:
/// the function at hand, not how many are done), once `delay` has passed,
/// until stopped.
class Progress {
public:
  explicit Progress(bool enabled,
                    std::chrono::milliseconds delay = std::chrono::seconds(2));
  ~Progress();
  /// Records that `done` of `total` functions are through `phase` (a
  /// string literal), or, for the phase "obligations judged", that `done`
  /// of `total` obligations are, or, for a phase "step: STEP", that a
  /// function is in STEP (shown as "now: STEP"); any thread.
  void update(const char *phase, size_t done, size_t total);
  /// Erases the line (if one was shown) and ends the printer thread.
  void stop();

private:
  void run();

  bool enabled;
  std::chrono::milliseconds delay;
  std::atomic<const char *> phase{nullptr};
  std::atomic<const char *> step{nullptr}; ///< within a function
  std::atomic<size_t> done{0}, total{0};
  std::atomic<size_t> obligationsDone{0}, obligationsTotal{0};
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;
  bool shown = false;
  std::thread printer;
};

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_TERMINAL_H
