//===- MlirOptOutput.cpp - mlir-opt-16's inference, read back -------------===//

#include "MlirOptOutput.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace symshape::inference {

bool mlirOptAvailable() {
  std::string command =
      std::string("command -v ") + kMlirOpt + " > /dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

std::vector<size_t> GenericModule::opsAt(LineCol at) const {
  std::vector<size_t> out;
  for (size_t k = 0; k < ops.size(); ++k)
    for (const LineCol &loc : ops[k].locs)
      if (loc == at) {
        out.push_back(k);
        break;
      }
  return out;
}

namespace {

std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos)
    return "";
  size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

/// Every `"FILE":LINE:COL` inside a printed location.
std::vector<LineCol> parseLocs(const std::string &text) {
  static const std::regex kFileLineCol(
      R"re("(?:[^"\\]|\\.)*":([0-9]+):([0-9]+))re");
  std::vector<LineCol> out;
  for (std::sregex_iterator it(text.begin(), text.end(), kFileLineCol), end;
       it != end; ++it)
    out.emplace_back(static_cast<unsigned>(std::stoul((*it)[1])),
                     static_cast<unsigned>(std::stoul((*it)[2])));
  return out;
}

/// Index of the `)` closing the `(` at `open`, or npos.
size_t matchingParen(const std::string &text, size_t open) {
  int depth = 0;
  for (size_t k = open; k < text.size(); ++k) {
    if (text[k] == '(')
      ++depth;
    else if (text[k] == ')' && --depth == 0)
      return k;
  }
  return std::string::npos;
}

/// Parses `rest`, the text after `"name"(` of an op line, into `op`.
bool parseOpTail(const std::string &rest, GenericOp &op) {
  size_t close = rest.find(')');
  if (close == std::string::npos)
    return false;
  for (const std::string &operand : splitTopLevel(rest.substr(0, close)))
    op.operands.push_back(operand);
  // The location is the last `loc(` of the line.
  size_t locAt = rest.rfind(" loc(");
  if (locAt == std::string::npos || locAt < close)
    return false;
  op.locs = parseLocs(rest.substr(locAt));
  std::string head = rest.substr(close + 1, locAt - close - 1);
  // Attributes, then ` : (OPERAND TYPES) -> RESULT TYPES` at top level.
  int depth = 0;
  size_t colon = std::string::npos;
  for (size_t k = 0; k + 3 < head.size(); ++k) {
    char c = head[k];
    if (c == '{' || c == '[')
      ++depth;
    else if (c == '}' || c == ']')
      --depth;
    else if (depth == 0 && head.compare(k, 4, " : (") == 0) {
      colon = k;
      break;
    }
  }
  if (colon == std::string::npos)
    return false;
  op.attributes = trim(head.substr(0, colon));
  size_t open = colon + 3;
  size_t typesClose = matchingParen(head, open);
  if (typesClose == std::string::npos)
    return false;
  op.operandTypes = splitTopLevel(head.substr(open + 1, typesClose - open - 1));
  std::string arrow = head.substr(typesClose + 1);
  size_t arrowAt = arrow.find("->");
  if (arrowAt == std::string::npos)
    return false;
  std::string results = trim(arrow.substr(arrowAt + 2));
  if (!results.empty() && results.front() == '(' && results.back() == ')')
    results = results.substr(1, results.size() - 2);
  op.resultTypes = splitTopLevel(results);
  return op.operandTypes.size() == op.operands.size();
}

} // namespace

std::vector<std::string> splitTopLevel(const std::string &text) {
  std::vector<std::string> out;
  int depth = 0;
  std::string current;
  for (size_t k = 0; k < text.size(); ++k) {
    char c = text[k];
    if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == '>' && (k == 0 || text[k - 1] != '-')) || c == ')' ||
             c == ']' || c == '}')
      --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(current));
      current.clear();
      continue;
    }
    current += c;
  }
  if (!trim(current).empty())
    out.push_back(trim(current));
  return out;
}

std::optional<std::vector<int64_t>>
constShapeExtents(const std::string &attributes) {
  static const std::regex kShape(
      R"(shape = dense<([^>]*)> : tensor<([0-9]+)xindex>)");
  std::smatch match;
  if (!std::regex_search(attributes, match, kShape))
    return std::nullopt;
  size_t count = std::stoul(match[2]);
  std::string body = match[1];
  std::vector<int64_t> values;
  for (char &c : body)
    if (c == '[' || c == ']' || c == ',')
      c = ' ';
  std::istringstream in(body);
  int64_t value;
  while (in >> value)
    values.push_back(value);
  if (values.size() == 1 && count != 1) // splat: dense<4> : tensor<3xindex>
    values.assign(count, values.front());
  if (values.size() != count)
    return std::nullopt;
  return values;
}

GenericModule parseGenericModule(const std::string &text) {
  static const std::regex kOpStart(
      R"re(^\s*(?:(%[A-Za-z0-9_$.]+)(?::([0-9]+))?\s*=\s*)?"([^"]+)"\((.*)$)re");
  static const std::regex kBlockArg(R"((%[A-Za-z0-9_$.]+): (\S+) loc\()");
  GenericModule module;
  size_t function = 0;
  bool seenFunction = false;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch match;
    if (line.find("^bb") != std::string::npos) {
      for (std::sregex_iterator it(line.begin(), line.end(), kBlockArg), end;
           it != end; ++it)
        module.valueTypes[{function, (*it)[1]}] = (*it)[2];
      continue;
    }
    if (!std::regex_match(line, match, kOpStart))
      continue;
    std::string name = match[3];
    if (name == "func.func") {
      function += seenFunction;
      seenFunction = true;
      continue;
    }
    if (name == "builtin.module" || line.find(" loc(") == std::string::npos)
      continue; // a region op's first line: skipped
    GenericOp op;
    op.name = name;
    op.function = function;
    if (!parseOpTail(match[4], op)) {
      module.unparsed.push_back(line);
      continue;
    }
    std::string result = match[1];
    size_t count = match[2].matched ? std::stoul(match[2]) : 1;
    if (!result.empty()) {
      if (count != op.resultTypes.size()) {
        module.unparsed.push_back(line);
        continue;
      }
      for (size_t k = 0; k < count; ++k)
        op.results.push_back(count == 1 ? result
                                        : result + "#" + std::to_string(k));
    }
    for (size_t k = 0; k < op.results.size(); ++k) {
      module.valueTypes[{function, op.results[k]}] = op.resultTypes[k];
      module.definingOp[{function, op.results[k]}] = module.ops.size();
    }
    module.ops.push_back(std::move(op));
  }
  return module;
}

namespace {

std::filesystem::path uniqueTempFile() {
  static std::atomic<unsigned> counter{0};
  std::error_code error;
  std::filesystem::path dir = std::filesystem::temp_directory_path(error);
  if (error)
    dir = "/tmp";
  return dir / ("symshape-inference-" + std::to_string(::getpid()) + "-" +
                std::to_string(counter++) + ".mlir");
}

std::string shellQuote(const std::string &text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

MlirOptRun runInference(const std::string &path) {
  MlirOptRun run;
  std::filesystem::path out = uniqueTempFile();
  std::string command =
      std::string(kMlirOpt) +
      " --allow-unregistered-dialect --pass-pipeline=" + shellQuote(kPipeline) +
      " --mlir-print-op-generic --mlir-print-debuginfo"
      " --mlir-print-local-scope " +
      shellQuote(path) + " -o " + shellQuote(out.string()) + " 2>&1";
  FILE *pipe = ::popen(command.c_str(), "r");
  if (!pipe)
    return run;
  char buffer[4096];
  size_t read;
  while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    run.messages.append(buffer, read);
  int status = ::pclose(pipe);
  run.exitStatus = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream file(out);
  std::string printed((std::istreambuf_iterator<char>(file)),
                      std::istreambuf_iterator<char>());
  std::error_code ignored;
  std::filesystem::remove(out, ignored);
  if (run.exitStatus == 0)
    run.module = parseGenericModule(printed);
  return run;
}

} // namespace symshape::inference
