//===- Coverage.cpp - Every op row tested, every rule id mentioned --------===//
//
// Usage: symshape_ops_coverage SOURCE_DIR [--without FILE]... [-v]
//
// The test behind `ops/coverage` (issue 41): every row of the op table
// (the ops docs/OPS.md lists: entries with a rule, not the terminators the
// op owning their region reads) must have
//  - a golden that runs it: its name (or short name) in the program text,
//    comments left out, of a family's golden (`tests/ops/<family>/*.mlir`)
//    or of another golden symshape_golden or the CLI checks
//    (tests/golden/, but for the invalid inputs); or
//  - a rule in the concrete-shape oracle (tests/ops/<family>/oracle/, its
//    core in tests/models/oracle/), which the models, onnx and torch tests
//    compare symshape with;
// and every rule id the rules can produce must be named by a test (a
// golden, an expected output, a test's code under tests/):
//  - each row's own id (OpFamily::ruleNaming, `defaultRuleId`: the op's
//    name, PyTorch's `aten::view`, onnx-mlir's unversioned `onnx.Squeeze`),
//    which a test of its op tests too;
//  - the ids the rules set themselves (`setRule("dot_general_c9")`) and the
//    spec constraints they tag their checks with (`"fft_c4"`), read from
//    the string literals of frontend/lib/ops/;
//  - the rule ids docs/KINDS.md's table names (`broadcastable`, `assume`).
// A golden checks a rule id as `{{KIND rule ID}}` (tests/golden's runner).
// tests/ops/coverage-exceptions.txt lists the names exempt, each with why;
// an exception no longer needed (the name is covered, or gone) fails too.
// `--without FILE` leaves a file out of the scan, to show the test fails
// when that golden goes.
//
//===----------------------------------------------------------------------===//

#include "ops/OpTable.h"
#include "oracle/Oracle.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace symshape;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The words of `text`: runs of the characters an op name or rule id is
/// made of (`tosa.add`, `aten::view`, `dot_general_c9`), without the
/// punctuation a sentence may end them with.
void addWords(const std::string &text, const std::string &extra,
              std::set<std::string> &words) {
  auto inWord = [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           extra.find(c) != std::string::npos;
  };
  for (size_t i = 0; i < text.size();) {
    if (!inWord(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && inWord(text[j]))
      ++j;
    std::string word = text.substr(i, j - i);
    while (!word.empty() && (word.back() == '.' || word.back() == ':'))
      word.pop_back();
    words.insert(word);
    i = j;
  }
}

/// `text` without its `//` comments: the program a golden runs.
std::string withoutComments(const std::string &text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out += line.substr(0, line.find("//")) + "\n";
  return out;
}

/// Whether `path` is inside the directory `dir`.
bool isUnder(const fs::path &path, const fs::path &dir) {
  auto [end, at] = std::mismatch(dir.begin(), dir.end(), path.begin());
  return end == dir.end();
}

/// A test's code or data (`.mlir`, `.expected`, `.cpp`, `.h`, `.py`,
/// `.sh`), not the build files and notes that only talk of tests.
bool isTestFile(const fs::path &path) {
  std::string ext = path.extension().string();
  for (const char *test : {".mlir", ".expected", ".cpp", ".h", ".py", ".sh"})
    if (ext == test)
      return true;
  return false;
}

bool isText(const std::string &data) {
  return data.find('\0') == std::string::npos;
}

/// The string literals of `source` that a rule sets as its id
/// (`setRule("x")`) or that name a spec constraint (`"slice_c3"`).
void addRuleLiterals(const std::string &source, std::set<std::string> &ids) {
  for (size_t at = source.find("setRule(\""); at != std::string::npos;
       at = source.find("setRule(\"", at + 1)) {
    size_t begin = at + 9, end = source.find('"', begin);
    if (end != std::string::npos && end > begin && source[end + 1] == ')')
      ids.insert(source.substr(begin, end - begin));
  }
  for (size_t begin = source.find('"'); begin != std::string::npos;) {
    size_t end = source.find('"', begin + 1);
    if (end == std::string::npos)
      break;
    std::string literal = source.substr(begin + 1, end - begin - 1);
    size_t c = literal.rfind("_c");
    bool constraint =
        c != std::string::npos && c > 0 && c + 2 < literal.size() &&
        std::all_of(literal.begin(), literal.begin() + c,
                    [](char ch) { return std::islower(ch) || ch == '_'; }) &&
        std::all_of(literal.begin() + c + 2, literal.end(),
                    [](char ch) { return std::isdigit(ch); });
    if (constraint)
      ids.insert(literal);
    begin = source.find('"', end + 1);
  }
}

/// The backquoted ids of the first column of docs/KINDS.md's rule-id table.
void addDocumentedIds(const std::string &kinds, std::set<std::string> &ids) {
  size_t table = kinds.find("| rule id |");
  if (table == std::string::npos)
    return;
  std::istringstream in(kinds.substr(table));
  std::string line;
  std::getline(in, line); // header
  while (std::getline(in, line) && !line.empty() && line[0] == '|') {
    std::string first = line.substr(1, line.find('|', 1) - 1);
    for (size_t open = first.find('`'); open != std::string::npos;) {
      size_t close = first.find('`', open + 1);
      if (close == std::string::npos)
        break;
      ids.insert(first.substr(open + 1, close - open - 1));
      open = first.find('`', close + 1);
    }
  }
}

/// tests/ops/coverage-exceptions.txt: `NAME  # why`, one a line.
std::map<std::string, std::string> readExceptions(const fs::path &path) {
  std::map<std::string, std::string> out;
  std::istringstream in(readFile(path));
  for (std::string line; std::getline(in, line);) {
    size_t hash = line.find('#');
    std::string name = line.substr(0, hash);
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    if (!name.empty())
      out[name] = hash == std::string::npos ? "" : line.substr(hash + 1);
  }
  return out;
}

/// What the tests under tests/ hold: the words of the goldens' programs
/// and the words of every test.
struct TestScan {
  std::set<std::string> golden, mentioned;
  size_t goldens = 0;
};

/// Scans tests/ but the files in `without` and this test's own source.
TestScan scanTests(const fs::path &root, const std::set<fs::path> &without) {
  fs::path opsDir = fs::weakly_canonical(root / "tests/ops");
  fs::path goldenDir = fs::weakly_canonical(root / "tests/golden");
  fs::path invalidDir = fs::weakly_canonical(root / "tests/golden/invalid");
  fs::path self = fs::weakly_canonical(root / "tests/ops/Coverage.cpp");
  TestScan scan;
  for (const auto &item : fs::recursive_directory_iterator(root / "tests")) {
    if (!item.is_regular_file())
      continue;
    fs::path path = fs::weakly_canonical(item.path());
    if (without.count(path) || path == self || !isTestFile(path))
      continue;
    std::string text = readFile(path);
    if (!isText(text))
      continue;
    addWords(text, ".:", scan.mentioned);
    bool isGolden = path.extension() == ".mlir" &&
                    (path.parent_path().parent_path() == opsDir ||
                     (isUnder(path, goldenDir) && !isUnder(path, invalidDir)));
    if (isGolden) {
      addWords(withoutComments(text), ".", scan.golden);
      ++scan.goldens;
    }
  }
  return scan;
}

/// The checks, their counts and their failures.
struct Coverage {
  Coverage(const TestScan &scan, std::map<std::string, std::string> exceptions)
      : scan(scan), exceptions(std::move(exceptions)) {}

  const TestScan &scan;
  std::map<std::string, std::string> exceptions;
  std::set<std::string> usedExceptions;
  std::vector<std::string> failures;
  /// Each row's own rule id, and whether one of its ops is tested.
  std::map<std::string, bool> opIds;
  size_t rows = 0, byGolden = 0, byOracle = 0, excepted = 0;
  size_t idsMentioned = 0, idsByOp = 0, idsExcepted = 0;

  /// Every row of the op table: run by a golden, or an oracle rule.
  void checkRows(bool verbose) {
    for (const frontend::OpFamily &family : frontend::opFamilies())
      for (size_t i = 0; i < family.count; ++i)
        if (family.entries[i].lower) // not a terminator
          checkRow(family, family.entries[i], verbose);
  }

  void checkRow(const frontend::OpFamily &family,
                const frontend::OpEntry &entry, bool verbose) {
    ++rows;
    std::string name(entry.name);
    bool runs = scan.golden.count(name) ||
                (!entry.shortName.empty() &&
                 scan.golden.count(std::string(entry.shortName)));
    bool modelled = models::Oracle::knows(name);
    bool exempt = !runs && !modelled && exceptions.count(name);
    if (exempt)
      usedExceptions.insert(name);
    byGolden += runs;
    byOracle += !runs && modelled;
    excepted += exempt;
    if (!runs && !modelled && !exempt)
      failures.push_back(std::string(family.name) + " op " + name +
                         ": no golden runs it and the oracle has no rule "
                         "for it");
    std::string_view id = frontend::defaultRuleId(entry);
    opIds[id.empty() ? name : std::string(id)] |= runs || modelled;
    if (verbose)
      std::cout << name << ": "
                << (runs       ? "golden"
                    : modelled ? "oracle"
                    : exempt   ? "excepted"
                               : "none")
                << "\n";
  }

  /// A row's own id is tested with its op (an exempt op's with it); the
  /// finer ids a rule sets and those the documentation names must be named
  /// by a test.
  void checkRuleIds(std::set<std::string> &ruleIds) {
    for (const auto &[id, tested] : opIds)
      ruleIds.insert(id);
    for (const std::string &id : ruleIds) {
      auto op = opIds.find(id);
      if (scan.mentioned.count(id)) {
        ++idsMentioned;
      } else if (op != opIds.end() && op->second) {
        ++idsByOp;
      } else if (exceptions.count(id)) {
        usedExceptions.insert(id);
        ++idsExcepted;
      } else if (op == opIds.end()) {
        failures.push_back("rule id " + id + ": no test names it");
      } // else: its op's failure or exception says it
    }
  }

  /// An exception no longer needed is a failure: the list stays honest.
  void checkExceptionsUsed() {
    for (const auto &[name, why] : exceptions)
      if (!usedExceptions.count(name))
        failures.push_back("exception " + name +
                           " is not needed: it is covered, or no op or rule "
                           "id has that name");
  }
};

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: symshape_ops_coverage SOURCE_DIR [--without FILE]... "
                 "[-v]\n";
    return 2;
  }
  fs::path root = argv[1];
  std::set<fs::path> without;
  bool verbose = false;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--without" && i + 1 < argc)
      without.insert(fs::weakly_canonical(root / argv[++i]));
    else if (a == "-v")
      verbose = true;
    else {
      std::cerr << "unknown option '" << a << "'\n";
      return 2;
    }
  }
  if (!fs::is_directory(root / "tests/ops") ||
      !fs::exists(root / "docs/KINDS.md")) {
    std::cerr << root.string() << " is not symshape's source tree\n";
    return 2;
  }

  TestScan scan = scanTests(root, without);
  // The rule ids the rules can produce.
  std::set<std::string> ruleIds;
  for (const auto &item :
       fs::recursive_directory_iterator(root / "frontend/lib/ops"))
    if (item.is_regular_file())
      addRuleLiterals(readFile(item.path()), ruleIds);
  addDocumentedIds(readFile(root / "docs/KINDS.md"), ruleIds);

  Coverage c(scan, readExceptions(root / "tests/ops/coverage-exceptions.txt"));
  c.checkRows(verbose);
  c.checkRuleIds(ruleIds);
  c.checkExceptionsUsed();
  std::cout << c.rows << " op rows: " << c.byGolden << " run by the "
            << scan.goldens << " goldens, " << c.byOracle
            << " with an oracle rule only, " << c.excepted << " excepted\n"
            << ruleIds.size() << " rule ids: " << c.idsMentioned
            << " named by a test, " << c.idsByOp << " the ids of tested ops, "
            << c.idsExcepted << " excepted\n";
  for (const std::string &failure : c.failures)
    std::cout << "FAIL: " << failure << "\n";
  return c.failures.empty() ? 0 : 1;
}
