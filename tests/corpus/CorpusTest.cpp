//===- CorpusTest.cpp - Every chunk of the outside corpus is read ---------===//
//
//   symshape_corpus CORPUS_DIR [--missed] [--every N]
//
// Splits every `.mlir` file under CORPUS_DIR at `// -----` lines and grades
// each chunk in a child process (ChunkCheck.h), so a crash or a hang (a
// time-out per chunk) is reported against its chunk instead of ending the
// run. Prints a table per folder (with the runtime checks and private calls
// judged and the opaque ops), the opaque ops by name with their reasons,
// and every failure:
//
//   - a chunk without `expected-error` that symshape rejects or misreads,
//   - any chunk that crashes or hangs.
//
// For chunks with `expected-error` it also counts the shape errors on ops
// symshape models where symshape agrees (`error` / `ub-guaranteed` there);
// that count is information, not a failure (--missed lists the others).
// With --every N only every Nth chunk is graded (counted over the whole
// corpus; the sanitizer build's test, where each chunk costs ten times as
// much). Exit status: 0 all good, 1 a failure, 2 a usage error, 77
// (skipped) when CORPUS_DIR does not exist.
//
//===----------------------------------------------------------------------===//

#include "ChunkCheck.h"

#include "symshape/driver/SplitInput.h"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace symshape;
namespace fs = std::filesystem;

namespace {

/// A chunk that takes longer than this is reported as a hang.
constexpr unsigned kSecondsPerChunk = 30;

struct FolderStats {
  unsigned chunks = 0, valid = 0, rejected = 0, invalid = 0, broken = 0;
  unsigned shapeErrors = 0, onModelled = 0, agreed = 0, rejectedAt = 0;
  unsigned asserts = 0, cstrs = 0, privateCalls = 0, opaque = 0;
};

/// Opaque ops over the whole corpus: per op, how many and why.
struct OpaqueTally {
  unsigned count = 0;
  std::map<std::string, unsigned> reasons;
};

/// A reason without the value names it quotes ("unranked operand %x: ..."
/// and "... %y: ..." count as one reason).
std::string reasonShape(const std::string &reason) {
  std::string out;
  for (size_t i = 0; i < reason.size(); ++i) {
    out += reason[i];
    if (reason[i] != '%')
      continue;
    out += "v";
    while (i + 1 < reason.size() &&
           (std::isalnum(static_cast<unsigned char>(reason[i + 1])) ||
            std::strchr("_.$-#", reason[i + 1])))
      ++i;
  }
  return out;
}

/// Grades one chunk in a child process; `failure` says why it crashed or
/// hung ("" when it finished).
corpus::ChunkResult runChunk(const std::string &name,
                             const frontend::InputChunk &chunk,
                             std::string &failure) {
  int fds[2];
  if (pipe(fds) != 0) {
    failure = "cannot create a pipe";
    return {};
  }
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    failure = "cannot fork";
    return {};
  }
  if (pid == 0) {
    close(fds[0]);
    alarm(kSecondsPerChunk);
    std::string line =
        corpus::checkChunk(name, chunk.text, chunk.firstLine).serialize() +
        "\n";
    for (size_t done = 0; done < line.size();) {
      ssize_t n = write(fds[1], line.data() + done, line.size() - done);
      if (n <= 0)
        _exit(3);
      done += size_t(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string output;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;)
    output.append(buffer, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status))
    failure = WTERMSIG(status) == SIGALRM
                  ? "hang (over " + std::to_string(kSecondsPerChunk) + " s)"
                  : std::string("crash: ") + strsignal(WTERMSIG(status));
  else if (WEXITSTATUS(status) != 0 || output.empty())
    failure =
        "worker exited with status " + std::to_string(WEXITSTATUS(status));
  if (!failure.empty())
    return {};
  output.pop_back(); // '\n'
  return corpus::ChunkResult::deserialize(output);
}

std::vector<fs::path> corpusFiles(const fs::path &root) {
  std::vector<fs::path> files;
  for (const auto &entry : fs::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".mlir")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

void printTable(const std::map<std::string, FolderStats> &folders) {
  std::printf("%-22s %6s %6s %8s %7s %10s | %6s %8s %6s %8s | %6s %5s %5s "
              "%6s\n",
              "folder", "chunks", "valid", "rejected", "invalid", "crash/hang",
              "shape", "modelled", "agree", "rej-line", "assert", "cstr",
              "calls", "opaque");
  FolderStats total;
  auto row = [](const std::string &name, const FolderStats &s) {
    std::printf("%-22s %6u %6u %8u %7u %10u | %6u %8u %6u %8u | %6u %5u %5u "
                "%6u\n",
                name.c_str(), s.chunks, s.valid, s.rejected, s.invalid,
                s.broken, s.shapeErrors, s.onModelled, s.agreed, s.rejectedAt,
                s.asserts, s.cstrs, s.privateCalls, s.opaque);
  };
  for (const auto &[name, s] : folders) {
    row(name, s);
    total.chunks += s.chunks;
    total.valid += s.valid;
    total.rejected += s.rejected;
    total.invalid += s.invalid;
    total.broken += s.broken;
    total.shapeErrors += s.shapeErrors;
    total.onModelled += s.onModelled;
    total.agreed += s.agreed;
    total.rejectedAt += s.rejectedAt;
    total.asserts += s.asserts;
    total.cstrs += s.cstrs;
    total.privateCalls += s.privateCalls;
    total.opaque += s.opaque;
  }
  row("total", total);
  std::printf(
      "shape: expected errors about shapes; modelled: on an op with "
      "symshape obligations;\nagree: symshape finds error/ub-guaranteed "
      "there; rej-line: symshape rejects that line;\nassert, cstr: runtime "
      "checks judged (ops); calls: private calls judged through their "
      "calls;\nopaque: opaque ops (valid and invalid chunks)\n");
}

/// "opaque op: count, reason" per op, most frequent first; an op's reasons
/// most frequent first, each with its count when there are several.
void printOpaque(const std::map<std::string, OpaqueTally> &ops) {
  std::vector<std::pair<std::string, const OpaqueTally *>> rows;
  for (const auto &[op, tally] : ops)
    rows.emplace_back(op, &tally);
  std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
    return a.second->count > b.second->count;
  });
  std::printf("opaque op: count, reason\n");
  for (const auto &[op, tally] : rows) {
    std::vector<std::pair<std::string, unsigned>> reasons(
        tally->reasons.begin(), tally->reasons.end());
    std::stable_sort(
        reasons.begin(), reasons.end(),
        [](const auto &a, const auto &b) { return a.second > b.second; });
    std::string text;
    for (const auto &[reason, n] : reasons)
      text += (text.empty() ? "" : "; ") + reason +
              (reasons.size() > 1 ? " (" + std::to_string(n) + ")" : "");
    std::printf("  %s: %u, %s\n", op.c_str(), tally->count, text.c_str());
  }
}

} // namespace

int main(int argc, char **argv) {
  bool verbose = false;
  unsigned long every = 1;
  bool usage = argc < 2;
  for (int i = 2; i < argc && !usage; ++i) {
    std::string arg = argv[i];
    if (arg == "--missed") {
      verbose = true;
    } else if (arg == "--every" && i + 1 < argc) {
      char *end = nullptr;
      every = std::strtoul(argv[++i], &end, 10);
      usage = every == 0 || *end != '\0';
    } else {
      usage = true;
    }
  }
  if (usage) {
    std::cerr << "usage: symshape_corpus CORPUS_DIR [--missed] [--every N]\n";
    return 2;
  }
  fs::path root = argv[1];
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    std::cout << "corpus: no corpus folder at " << root.string()
              << " (CI clones shared/ beside the repository); skipped\n";
    return 77;
  }
  std::map<std::string, FolderStats> folders;
  std::map<std::string, OpaqueTally> opaque;
  std::vector<std::string> failures, notes;
  unsigned long seen = 0;
  for (const fs::path &path : corpusFiles(root)) {
    std::string name = fs::relative(path, root).generic_string();
    std::string folder =
        fs::relative(path.parent_path(), root).generic_string();
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    FolderStats &stats = folders[folder];
    for (const frontend::InputChunk &chunk :
         frontend::splitInputFile(text.str())) {
      if (seen++ % every != 0)
        continue;
      std::string where = name + ":" + std::to_string(chunk.firstLine);
      std::string failure;
      corpus::ChunkResult result = runChunk(name, chunk, failure);
      ++stats.chunks;
      bool invalid = chunk.text.find("expected-error") != std::string::npos;
      (invalid ? stats.invalid : stats.valid) += 1;
      if (!failure.empty()) {
        ++stats.broken;
        failures.push_back(where + ": " + failure);
        continue;
      }
      if (!invalid && result.rejected) {
        ++stats.rejected;
        failures.push_back(where + ": rejected: " + result.message);
      }
      if (!invalid && !result.misread.empty())
        failures.push_back(where + ": an op was swallowed at line " +
                           result.misread);
      stats.shapeErrors += result.shapeErrors;
      stats.onModelled += result.onModelled;
      stats.agreed += result.agreed;
      stats.rejectedAt += result.rejectedAt;
      stats.asserts += result.asserts;
      stats.cstrs += result.cstrs;
      stats.privateCalls += result.privateCalls;
      stats.opaque += unsigned(result.opaque.size());
      for (const auto &[op, reason] : result.opaque) {
        OpaqueTally &tally = opaque[op];
        ++tally.count;
        ++tally.reasons[reasonShape(reason)];
      }
      if (verbose && !result.missed.empty())
        notes.push_back(where + ": " + result.missed);
    }
  }
  printTable(folders);
  printOpaque(opaque);
  for (const std::string &note : notes)
    std::cout << "MISSED " << note << "\n";
  for (const std::string &failure : failures)
    std::cout << "FAIL " << failure << "\n";
  if (every > 1)
    std::cout << "corpus: one chunk in " << every << " graded (--every)\n";
  std::cout << (failures.empty()
                    ? (every > 1 ? "corpus: every graded chunk read\n"
                                 : "corpus: every chunk read\n")
                    : "corpus: " + std::to_string(failures.size()) +
                          " failures\n");
  return failures.empty() ? 0 : 1;
}
