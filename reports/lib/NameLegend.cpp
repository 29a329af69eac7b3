//===- NameLegend.cpp - What the names of a finding's notes stand for -----===//

#include "NameLegend.h"

#include <algorithm>
#include <unordered_set>

namespace symshape::solver {

namespace {

/// A character of an SSA name after '%' (MLIR's suffix-id: letters,
/// digits, `_ $ . -`; `#` of a result number `%0#1`).
bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
         c == '-' || c == '#';
}

} // namespace

void collectValueNames(std::string_view text, std::vector<std::string> &names) {
  // A condition over N sizes names up to N values: a set, not a scan of
  // `names` for each.
  std::unordered_set<std::string> seen(names.begin(), names.end());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%')
      continue;
    size_t end = i + 1;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
    // A '.' or '-' that ends a name ends the sentence instead.
    while (end > i + 1 && (text[end - 1] == '.' || text[end - 1] == '-'))
      --end;
    if (end == i + 1)
      continue;
    std::string name(text.substr(i, end - i));
    if (seen.insert(name).second)
      names.push_back(std::move(name));
    i = end - 1;
  }
}

std::string argumentLegend(const FunctionReport &function,
                           const std::vector<std::string> &names) {
  std::string out;
  for (const auto &[value, exported] : function.argumentNames) {
    if (std::find(names.begin(), names.end(), value) == names.end())
      continue;
    if (!out.empty())
      out += ", ";
    out += value + " is " + exported;
  }
  return out;
}

std::string judgementLegend(const FunctionReport &function, bool throughCalls,
                            std::string_view condition,
                            const std::vector<std::string> &witnessNames) {
  // Nothing to say without exporter names or calls: skip reading the
  // condition (a chain's conditions grow with it).
  if (!throughCalls && function.argumentNames.empty())
    return "";
  std::vector<std::string> names;
  collectValueNames(condition, names);
  bool inCondition = !names.empty();
  bool inWitness = false;
  for (const std::string &name : witnessNames) {
    std::vector<std::string> own;
    collectValueNames(name, own);
    inWitness |= !own.empty();
    for (std::string &value : own)
      if (std::find(names.begin(), names.end(), value) == names.end())
        names.push_back(std::move(value));
  }
  if (!inCondition && !inWitness)
    return "";
  std::string legend = argumentLegend(function, names);
  if (!throughCalls && legend.empty())
    return "";
  std::string subject = inCondition && inWitness ? "the condition and the "
                                                   "example"
                        : inCondition            ? "the condition"
                                                 : "the example";
  if (!throughCalls)
    return "in " + subject + ", " + legend;
  // The first line names the callee's values; these, the caller's.
  std::string text = subject +
                     (inCondition && inWitness ? " name @" : " names @") +
                     function.problem->function + "'s values";
  if (!legend.empty())
    text += ": " + legend;
  return text;
}

} // namespace symshape::solver
