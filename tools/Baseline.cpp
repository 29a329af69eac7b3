//===- Baseline.cpp - The findings a team accepted ------------------------===//

#include "Baseline.h"
#include "Output.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

namespace symshape::tool {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string baselineFileName(const std::string &baselinePath,
                             const std::string &file) {
  if (file == "<stdin>")
    return file;
  std::error_code ec;
  fs::path base = fs::absolute(fs::path(baselinePath), ec).parent_path();
  fs::path abs = fs::absolute(fs::path(file), ec);
  if (ec)
    return file;
  fs::path relative =
      abs.lexically_normal().lexically_relative(base.lexically_normal());
  return relative.empty() ? file : relative.generic_string();
}

namespace {

/// One entry of the `findings` list; "" or the error.
std::string readEntry(const Json &item, FindingKey &key) {
  if (!item.is_object())
    return "a finding must be an object";
  static const char *const required[] = {"file", "function", "op", "kind",
                                         "rule"};
  for (const char *name : required)
    if (!item.contains(name) || !item[name].is_string())
      return std::string("a finding needs a string '") + name + "'";
  for (auto it = item.begin(); it != item.end(); ++it) {
    const std::string &name = it.key();
    static const char *const known[] = {
        "file",   "function", "op",        "kind",    "rule",
        "values", "dim",      "condition", "verdict", "message"};
    if (std::find(std::begin(known), std::end(known), name) == std::end(known))
      return "unknown field '" + name + "' in a finding";
  }
  key.file = item["file"].get<std::string>();
  key.function = item["function"].get<std::string>();
  key.op = item["op"].get<std::string>();
  key.kind = item["kind"].get<std::string>();
  key.rule = item["rule"].get<std::string>();
  if (item.contains("values")) {
    if (!item["values"].is_array())
      return "'values' must be a list of strings";
    for (const Json &value : item["values"]) {
      if (!value.is_string())
        return "'values' must be a list of strings";
      key.values.push_back(value.get<std::string>());
    }
  }
  if (item.contains("dim")) {
    if (!item["dim"].is_number_integer() || item["dim"].get<int64_t>() < 0 ||
        item["dim"].get<int64_t>() > INT32_MAX)
      return "'dim' must be a non-negative integer";
    key.dim = int(item["dim"].get<int64_t>());
  }
  if (item.contains("condition")) {
    if (!item["condition"].is_string())
      return "'condition' must be a string";
    key.condition = item["condition"].get<std::string>();
  }
  return "";
}

} // namespace

std::optional<std::vector<FindingKey>> readBaseline(const std::string &path,
                                                    std::string &error) {
  std::optional<std::string> text = readInput(path, error);
  if (!text)
    return std::nullopt;
  Json doc = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  auto fail = [&](const std::string &why) {
    error = path + ": error: not a symshape baseline: " + why;
    return std::nullopt;
  };
  if (doc.is_discarded())
    return fail("invalid JSON");
  if (!doc.is_object() || !doc.contains("version") ||
      !doc["version"].is_number_integer())
    return fail("no integer 'version'");
  if (doc["version"].get<int64_t>() != kBaselineVersion)
    return fail("version " + doc["version"].dump() + ", this symshape reads " +
                std::to_string(kBaselineVersion));
  if (!doc.contains("findings") || !doc["findings"].is_array())
    return fail("no 'findings' list");
  std::vector<FindingKey> keys;
  size_t index = 0;
  for (const Json &item : doc["findings"]) {
    FindingKey key;
    if (std::string why = readEntry(item, key); !why.empty())
      return fail("finding " + std::to_string(index) + ": " + why);
    keys.push_back(std::move(key));
    ++index;
  }
  return keys;
}

std::string renderBaseline(const std::string &baselinePath,
                           const std::vector<const GateFinding *> &findings) {
  std::vector<std::pair<FindingKey, const char *>> keys;
  for (const GateFinding *finding : findings) {
    FindingKey key = finding->key;
    key.file = baselineFileName(baselinePath, key.file);
    keys.emplace_back(
        std::move(key),
        finding->opaqueOnly ? "opaque" : solver::verdictName(finding->verdict));
  }
  std::stable_sort(keys.begin(), keys.end(), [](const auto &a, const auto &b) {
    return a.first < b.first;
  });
  Json list = Json::array();
  for (const auto &[key, verdict] : keys) {
    Json item = {{"file", key.file}, {"function", key.function},
                 {"op", key.op},     {"kind", key.kind},
                 {"rule", key.rule}, {"values", key.values}};
    if (key.dim >= 0)
      item["dim"] = key.dim;
    if (!key.condition.empty())
      item["condition"] = key.condition;
    item["verdict"] = verdict; // for the reader; not matched
    list.push_back(std::move(item));
  }
  Json doc = {{"version", kBaselineVersion}, {"findings", std::move(list)}};
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::vector<bool>
matchBaseline(const std::string &baselinePath,
              const std::vector<const GateFinding *> &findings,
              std::vector<FindingKey> &entries) {
  // Each key's unused entries, by index.
  std::map<FindingKey, std::vector<size_t>> unused;
  for (size_t i = entries.size(); i-- > 0;)
    unused[entries[i]].push_back(i);
  std::vector<bool> used(entries.size(), false);
  std::vector<bool> matched(findings.size(), false);
  for (size_t f = 0; f < findings.size(); ++f) {
    FindingKey key = findings[f]->key;
    key.file = baselineFileName(baselinePath, key.file);
    auto it = unused.find(key);
    if (it == unused.end() || it->second.empty())
      continue;
    used[it->second.back()] = true;
    it->second.pop_back();
    matched[f] = true;
  }
  std::vector<FindingKey> stale;
  for (size_t i = 0; i < entries.size(); ++i)
    if (!used[i])
      stale.push_back(std::move(entries[i]));
  entries = std::move(stale);
  return matched;
}

std::string describeKey(const FindingKey &key) {
  std::string text = key.function.empty() ? std::string("outside functions")
                                          : "@" + key.function;
  text += ": " + key.op + " [" + key.kind + ", " + key.rule + "]";
  for (size_t i = 0; i < key.values.size(); ++i)
    text += (i ? ", " : " ") + key.values[i];
  if (key.dim >= 0)
    text += " dim " + std::to_string(key.dim);
  if (!key.condition.empty())
    text += (key.kind == "coverage" ? ": " : " when ") + key.condition;
  return text + " (" + key.file + ")";
}

} // namespace symshape::tool
