//===- Config.cpp - symshape.toml and [tool.symshape] ---------------------===//
//
// The one file that includes toml++, header only and without exceptions:
// a parse error comes back as a value with its position.
//
//===----------------------------------------------------------------------===//

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include "CommandLine.h"
#include "Config.h"
#include "Output.h"

#include <algorithm>
#include <filesystem>

namespace symshape::tool {

namespace fs = std::filesystem;

namespace {

/// How a key's value becomes arguments.
enum class KeyType { Flag, Word, Path, Number, Words };

struct KnownKey {
  const char *name;
  KeyType type;
};

/// Every option of `check` but those that say where the configuration is
/// (--config, --no-config) or what the run is (--help, --version,
/// --write-baseline).
constexpr KnownKey kKeys[] = {
    {"output", KeyType::Path},           {"func", KeyType::Word},
    {"strict", KeyType::Flag},           {"assume", KeyType::Words},
    {"timeout-ms", KeyType::Number},     {"min-dim", KeyType::Number},
    {"broadcastable", KeyType::Words},   {"no-fast-paths", KeyType::Flag},
    {"jobs", KeyType::Number},           {"memory-limit-mb", KeyType::Number},
    {"solver-rlimit", KeyType::Number},  {"color", KeyType::Word},
    {"colour", KeyType::Word},           {"progress", KeyType::Word},
    {"split-input-file", KeyType::Flag}, {"stats", KeyType::Flag},
    {"format", KeyType::Word},           {"json", KeyType::Flag},
    {"require-coverage", KeyType::Flag}, {"explain", KeyType::Flag},
    {"fail-on", KeyType::Word},          {"loc", KeyType::Word},
    {"baseline", KeyType::Path}};

std::string at(const std::string &path, const toml::source_position &pos) {
  return path + ":" + std::to_string(pos.line) + ":" +
         std::to_string(pos.column);
}

const char *typeName(KeyType type) {
  switch (type) {
  case KeyType::Flag:
    return "true or false";
  case KeyType::Word:
  case KeyType::Path:
    return "a string";
  case KeyType::Number:
    return "a non-negative integer";
  case KeyType::Words:
    return "a string or a list of strings";
  }
  return "";
}

/// The arguments of `key = node`; "" or what is wrong.
std::string optionArgs(const KnownKey &key, const toml::node &node,
                       const fs::path &dir, std::vector<std::string> &args) {
  std::string option = std::string("--") + key.name;
  std::string wrong =
      std::string("'") + key.name + "' must be " + typeName(key.type);
  switch (key.type) {
  case KeyType::Flag:
    if (!node.is_boolean())
      return wrong;
    if (*node.value<bool>())
      args.push_back(option);
    return "";
  case KeyType::Word:
  case KeyType::Path: {
    if (!node.is_string())
      return wrong;
    std::string value = *node.value<std::string>();
    if (key.type == KeyType::Path && !value.empty() && value != "-" &&
        fs::path(value).is_relative())
      value = (dir / value).lexically_normal().generic_string();
    args.push_back(option + "=" + value);
    return "";
  }
  case KeyType::Number:
    if (!node.is_integer() || *node.value<int64_t>() < 0)
      return wrong;
    args.push_back(option + "=" + std::to_string(*node.value<int64_t>()));
    return "";
  case KeyType::Words:
    if (node.is_string()) {
      args.push_back(option + "=" + *node.value<std::string>());
      return "";
    }
    if (!node.is_array())
      return wrong;
    for (const toml::node &item : *node.as_array()) {
      if (!item.is_string())
        return wrong;
      args.push_back(option + "=" + *item.value<std::string>());
    }
    return "";
  }
  return wrong;
}

/// One [[suppress]] table; "" or the error (at `where`).
std::string readSuppression(const std::string &path, const toml::table &table,
                            Suppression &out, std::string &where) {
  where = at(path, table.source().begin);
  out.where = where;
  static const char *const fields[] = {"func",  "op",        "kind",  "rule",
                                       "value", "condition", "reason"};
  for (const auto &[key, node] : table) {
    std::string name(key.str());
    if (std::find_if(std::begin(fields), std::end(fields), [&](const char *f) {
          return name == f;
        }) == std::end(fields)) {
      where = at(path, key.source().begin);
      return "unknown key '" + name +
             "' in [[suppress]] (func, op, kind, rule, value, condition, "
             "reason)";
    }
    if (!node.is_string()) {
      where = at(path, node.source().begin);
      return "'" + name + "' must be a string";
    }
    std::string value = *node.value<std::string>();
    if (name == "func")
      out.func = value[0] == '@' ? value.substr(1) : value;
    else if (name == "op")
      out.op = value;
    else if (name == "kind")
      out.kind = value;
    else if (name == "rule")
      out.rule = value;
    else if (name == "value")
      out.value = value;
    else if (name == "condition")
      out.condition = value;
    else
      out.reason = value;
  }
  for (const char *required : {"func", "op", "kind", "rule", "reason"})
    if (!table.contains(required))
      return std::string("a [[suppress]] table needs '") + required + "'" +
             (std::string(required) == "reason"
                  ? ": say why the finding is accepted"
                  : "");
  if (out.reason.find_first_not_of(" \t") == std::string::npos) {
    where = at(path, table.get("reason")->source().begin);
    return "the reason of a suppression must not be empty";
  }
  return "";
}

/// The settings of `table` (symshape.toml's top level, or
/// [tool.symshape]); "" or the error (at `where`).
std::string readTable(const std::string &path, const toml::table &table,
                      Config &config, std::string &where) {
  fs::path dir = fs::path(path).parent_path();
  for (const auto &[key, node] : table) {
    std::string name(key.str());
    if (name == "suppress") {
      if (!node.is_array_of_tables()) {
        where = at(path, node.source().begin);
        return "'suppress' must be a list of tables ([[suppress]])";
      }
      for (const toml::node &item : *node.as_array()) {
        Suppression suppression;
        if (std::string error =
                readSuppression(path, *item.as_table(), suppression, where);
            !error.empty())
          return error;
        config.suppressions.push_back(std::move(suppression));
      }
      continue;
    }
    const KnownKey *known = nullptr;
    for (const KnownKey &k : kKeys)
      if (name == k.name)
        known = &k;
    if (!known) {
      where = at(path, key.source().begin);
      std::string near = nearestName("--" + name);
      bool listed = false;
      for (const KnownKey &k : kKeys)
        listed = listed || near == std::string("--") + k.name;
      return "unknown key '" + name + "'" +
             (listed ? "; did you mean '" + near.substr(2) + "'?" : "");
    }
    ConfigOption option;
    option.where = at(path, node.source().begin);
    if (std::string error = optionArgs(*known, node, dir, option.args);
        !error.empty()) {
      where = option.where;
      return error;
    }
    config.options.push_back(std::move(option));
  }
  return "";
}

/// `path` as messages name it: relative to the current directory when
/// it is below it.
std::string shown(const fs::path &path) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  fs::path relative = path.lexically_relative(cwd);
  if (ec || relative.empty() || *relative.begin() == "..")
    return path.string();
  return relative.string();
}

bool isPyproject(const std::string &path) {
  return fs::path(path).filename() == "pyproject.toml";
}

} // namespace

bool Suppression::matches(const FindingKey &key) const {
  if (key.function != func || key.op != op || key.kind != kind ||
      key.rule != rule)
    return false;
  if (value && std::find(key.values.begin(), key.values.end(), *value) ==
                   key.values.end())
    return false;
  return !condition || key.condition == *condition;
}

std::optional<Config> loadConfig(const std::string &path, std::string &error) {
  std::optional<std::string> text = readInput(path, error);
  if (!text)
    return std::nullopt;
  toml::parse_result parsed = toml::parse(*text, path);
  if (!parsed) {
    const toml::parse_error &bad = parsed.error();
    error = at(path, bad.source().begin) +
            ": error: invalid TOML: " + std::string(bad.description());
    return std::nullopt;
  }
  const toml::table *table = &parsed.table();
  if (isPyproject(path)) {
    const toml::node *tool = parsed.table().get("tool");
    const toml::node *section =
        tool && tool->is_table() ? tool->as_table()->get("symshape") : nullptr;
    if (!section || !section->is_table()) {
      error = path + ": error: no [tool.symshape] table";
      return std::nullopt;
    }
    table = section->as_table();
  }
  Config config;
  config.path = path;
  std::string where;
  if (std::string why = readTable(path, *table, config, where); !why.empty()) {
    error = where + ": error: " + why;
    return std::nullopt;
  }
  return config;
}

std::optional<std::string> findConfig(const std::string &input,
                                      std::string &error) {
  std::error_code ec;
  fs::path start =
      input == "-" ? fs::current_path(ec) : fs::absolute(fs::path(input), ec);
  if (ec)
    return std::string();
  if (input != "-" && !fs::is_directory(start, ec))
    start = start.parent_path();
  for (fs::path dir = start.lexically_normal();; dir = dir.parent_path()) {
    fs::path own = dir / "symshape.toml";
    if (fs::is_regular_file(own, ec))
      return shown(own);
    fs::path pyproject = dir / "pyproject.toml";
    if (fs::is_regular_file(pyproject, ec)) {
      std::optional<std::string> text = readInput(pyproject.string(), error);
      if (!text)
        return std::nullopt;
      // Only a file that names the section is read through.
      if (text->find("symshape") != std::string::npos) {
        toml::parse_result parsed = toml::parse(*text, pyproject.string());
        if (!parsed) {
          error = at(pyproject.string(), parsed.error().source().begin) +
                  ": error: invalid TOML: " +
                  std::string(parsed.error().description());
          return std::nullopt;
        }
        if (parsed.table().at_path("tool.symshape").is_table())
          return shown(pyproject);
      }
    }
    if (dir == dir.parent_path() || dir.empty())
      return std::string();
  }
}

} // namespace symshape::tool
