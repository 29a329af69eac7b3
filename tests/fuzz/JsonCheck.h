//===- JsonCheck.h - Is a document well-formed JSON? ------------*- C++ -*-===//
//
// A strict RFC 8259 reader that builds nothing: it only says whether `text`
// is one JSON value, and if not, where and why.
//
//   checkJson(R"({"a": [1, 2.5e3, "x\u00e9", true, null]})")  -> ""
//   checkJson(R"({"a": 1, "a": 2})")  -> "offset 10: duplicate key \"a\""
//
// Beyond the grammar it rejects strings that are not valid UTF-8 and
// objects with the same key twice (RFC 8259 says names SHOULD be unique;
// symshape's report promises a map from names).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_FUZZ_JSONCHECK_H
#define SYMSHAPE_TESTS_FUZZ_JSONCHECK_H

#include <string>
#include <string_view>

namespace symshape::fuzz {

/// "" when `text` is one well-formed JSON value (surrounding whitespace
/// allowed); otherwise "offset N: what is wrong".
std::string checkJson(std::string_view text);

} // namespace symshape::fuzz

#endif // SYMSHAPE_TESTS_FUZZ_JSONCHECK_H
