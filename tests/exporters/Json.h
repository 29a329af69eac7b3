//===- Json.h - A small JSON reader for the tool's report -------*- C++ -*-===//
//
// Just enough JSON to read `symshape check --json`: objects keep their
// keys in order, numbers are integers or doubles, strings are decoded
// (\uXXXX to UTF-8). Written for this test, independent of the reporter.
//
//   std::string error;
//   std::optional<Json> doc = Json::parse(text, error);
//   const Json *files = doc ? doc->get("files") : nullptr;
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_JSON_H
#define SYMSHAPE_EXPORTERS_JSON_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace symshape::exporters {

struct Json {
  enum class Kind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object
  } kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  bool integral = false; ///< the number was written without '.', 'e'
  int64_t integer = 0;   ///< when integral
  std::string string;
  std::vector<Json> items;                           ///< Array
  std::vector<std::pair<std::string, Json>> members; ///< Object

  /// Null when `this` is not an object or has no such key.
  const Json *get(const std::string &key) const;
  bool isString() const { return kind == Kind::String; }
  bool isArray() const { return kind == Kind::Array; }
  bool isObject() const { return kind == Kind::Object; }

  /// The whole of `text` as one value; nullopt with `error` otherwise.
  static std::optional<Json> parse(const std::string &text, std::string &error);
};

} // namespace symshape::exporters

#endif // SYMSHAPE_EXPORTERS_JSON_H
