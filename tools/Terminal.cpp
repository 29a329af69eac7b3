//===- Terminal.cpp - Colour and progress on a terminal -------------------===//

#include "Terminal.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <unistd.h>

namespace symshape::tool {

namespace {

const char *const kReset = "\033[0m";
const char *const kBold = "\033[1m";

/// The colour of a severity word, as clang uses them.
const char *severityColor(const std::string &severity) {
  if (severity == "error")
    return "\033[1;31m";
  if (severity == "warning")
    return "\033[1;35m";
  return "\033[1;36m"; // note
}

/// Whether `line` is a caret line: spaces, then '^', then '~'s.
bool caretLine(const std::string &line) {
  size_t caret = line.find_first_not_of(' ');
  return caret != std::string::npos && line[caret] == '^' &&
         line.find_first_not_of("~ ", caret + 1) == std::string::npos;
}

/// Colours one line; `afterHeader` says the previous line was a source
/// line under a diagnostic.
std::string colorLine(const std::string &line) {
  for (const char *severity : {"error", "warning", "note"}) {
    std::string marker = std::string(": ") + severity + ": ";
    size_t at = line.find(marker);
    // A header's location (a path, "file:line:col" or "symshape") has no
    // space; a source line under a diagnostic is indented.
    if (at == std::string::npos || at == 0 || line.find(' ') < at)
      continue;
    return kBold + line.substr(0, at + 1) + kReset + " " +
           severityColor(severity) + severity + ":" + kReset + " " + kBold +
           line.substr(at + marker.size()) + kReset;
  }
  if (caretLine(line))
    return "\033[1;32m" + line + kReset;
  return line;
}

} // namespace

bool colorTerminal(std::FILE *stream) {
  const char *term = std::getenv("TERM");
  const char *noColor = std::getenv("NO_COLOR");
  return ::isatty(fileno(stream)) && !(noColor && *noColor) &&
         !(term && std::strcmp(term, "dumb") == 0);
}

std::string colorize(const std::string &text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    std::string line = text.substr(
        start, end == std::string::npos ? std::string::npos : end - start);
    out += colorLine(line);
    if (end == std::string::npos)
      break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

Progress::Progress(bool enabled, std::chrono::milliseconds delay)
    : enabled(enabled), delay(delay) {
  if (!enabled)
    return;
  try {
    printer = std::thread([this] { run(); });
  } catch (const std::system_error &) {
    this->enabled = false; // no thread to spare: no progress line
  }
}

Progress::~Progress() { stop(); }

void Progress::update(const char *newPhase, size_t newDone, size_t newTotal) {
  if (std::strcmp(newPhase, "obligations judged") == 0) {
    // Several judging threads report: keep the largest count.
    obligationsTotal = newTotal;
    size_t seen = obligationsDone.load();
    while (newDone > seen &&
           !obligationsDone.compare_exchange_weak(seen, newDone))
      ;
    return;
  }
  if (std::strncmp(newPhase, "step: ", 6) == 0) {
    step = newPhase + 6;
    return;
  }
  total = newTotal;
  done = newDone;
  phase = newPhase;
}

void Progress::run() {
  auto start = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex);
  while (!stopping) {
    wake.wait_for(lock, std::chrono::milliseconds(200));
    if (stopping || std::chrono::steady_clock::now() - start < delay)
      continue;
    const char *what = phase.load();
    if (!what)
      continue;
    // "function k of n": the function at hand, counting from 1 (the
    // library reports how many are done).
    size_t of = total.load();
    size_t at = std::min(done.load() + 1, of);
    std::string line = std::string("\rsymshape: ") + what + " function " +
                       std::to_string(at) + " of " + std::to_string(of);
    // Inside a function (one large function is one step above).
    if (size_t obligations = obligationsTotal.load())
      line +=
          ", obligations judged: " + std::to_string(obligationsDone.load()) +
          " of " + std::to_string(obligations);
    if (const char *now = step.load(); now && std::strcmp(what, "judging") == 0)
      line += std::string(", now: ") + now;
    line += "\033[K";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
    shown = true;
  }
}

void Progress::stop() {
  if (!enabled)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  if (printer.joinable())
    printer.join();
  if (shown) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
  enabled = false;
}

} // namespace symshape::tool
