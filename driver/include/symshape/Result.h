//===- Result.h - A value or the diagnostics that say why not ---*- C++ -*-===//
//
// What every fallible call of the public API returns: either its value or
// the diagnostics that explain the failure, never both, and never a bool
// with the reason elsewhere.
//
//   symshape::Result<void> added = session.addFile("x.mlir", text);
//   if (!added)
//     std::cerr << added.message(); // "x.mlir:3:8: error: ...", line, caret
//
// Part of the public API (symshape/symshape.h); only the standard library.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_RESULT_H
#define SYMSHAPE_RESULT_H

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace symshape {

/// How grave a diagnostic or a finding is (SPEC 7's one mapping).
enum class Severity { Error, Warning, Note };

/// "error", "warning" or "note".
const char *severityName(Severity severity);

/// One message about the input, positioned in it.
struct Diagnostic {
  std::string file;  ///< the name given to addFile, "<command-line>", ...
  uint32_t line = 0; ///< 1-based; 0 when it has no position
  uint32_t col = 0;  ///< 1-based; 0 when it has no position
  Severity severity = Severity::Error;
  std::string message; ///< the text alone: "expected ')'"
  /// As the CLI prints it: "file:line:col: error: message\n", the source
  /// line and a caret line.
  std::string rendered;

  /// "file:line:col".
  std::string location() const;
};

/// The diagnostics of a failure, to build a failed Result from.
struct Failure {
  std::vector<Diagnostic> diagnostics;
};

/// Either a T or the diagnostics of why there is none. A failure holds at
/// least one diagnostic of severity Error (with the warnings and notes
/// that came before it).
template <typename T> class [[nodiscard]] Result {
public:
  Result(T value) : state(std::in_place_index<0>, std::move(value)) {}
  Result(Failure failure)
      : state(std::in_place_index<1>, std::move(failure.diagnostics)) {}

  bool ok() const { return state.index() == 0; }
  explicit operator bool() const { return ok(); }

  /// The value; only when ok().
  T &value() & {
    assert(ok() && "Result::value() of a failure");
    return std::get<0>(state);
  }
  const T &value() const & {
    assert(ok() && "Result::value() of a failure");
    return std::get<0>(state);
  }
  T &&value() && {
    assert(ok() && "Result::value() of a failure");
    return std::get<0>(std::move(state));
  }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }

  /// The failure's diagnostics; empty when ok().
  const std::vector<Diagnostic> &diagnostics() const {
    static const std::vector<Diagnostic> none;
    return ok() ? none : std::get<1>(state);
  }
  /// Every diagnostic rendered, in order ("" when ok()).
  std::string message() const {
    std::string out;
    for (const Diagnostic &diag : diagnostics())
      out += diag.rendered;
    return out;
  }

private:
  std::variant<T, std::vector<Diagnostic>> state;
};

/// A call that gives nothing back but may fail.
template <> class [[nodiscard]] Result<void> {
public:
  Result() = default;
  Result(Failure failure) : failed(std::move(failure.diagnostics)) {}

  bool ok() const { return failed.empty(); }
  explicit operator bool() const { return ok(); }
  const std::vector<Diagnostic> &diagnostics() const { return failed; }
  std::string message() const {
    std::string out;
    for (const Diagnostic &diag : failed)
      out += diag.rendered;
    return out;
  }

private:
  std::vector<Diagnostic> failed;
};

} // namespace symshape

#endif // SYMSHAPE_RESULT_H
