//===- ReportTest.cpp - Escaping in the JSON and DOT reports
//---------------===//

#include "symshape/solver/Report.h"

#include <catch2/catch.hpp>

using namespace symshape::solver;

TEST_CASE("well-formed UTF-8 passes, other bytes become U+FFFD", "[report]") {
  CHECK(validUtf8("tosa.add") == "tosa.add");
  CHECK(validUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") ==
        "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  const std::string bad = "\xEF\xBF\xBD";
  CHECK(validUtf8("ad\xFF\xFF"
                  "d") == "ad" + bad + bad + "d");
  CHECK(validUtf8("\xC3") == bad);                     // truncated sequence
  CHECK(validUtf8("\xC0\xAF") == bad + bad);           // overlong '/'
  CHECK(validUtf8("\xED\xA0\x80") == bad + bad + bad); // surrogate
  CHECK(validUtf8("\xF4\x90\x80\x80") == bad + bad + bad + bad); // > U+10FFFF
}

TEST_CASE("JSON strings escape quotes, controls and bad bytes", "[report]") {
  CHECK(jsonQuote("a\"b\\c\n") == "\"a\\\"b\\\\c\\n\"");
  CHECK(jsonQuote(std::string("\x01", 1)) == "\"\\u0001\"");
  CHECK(jsonQuote("x\xFFy") == "\"x\xEF\xBF\xBDy\"");
}
