// solver/ChunkedVector.h: indexing and order across chunk boundaries,
// checked against a std::vector kept beside it; past the first chunk,
// appending never moves an element.

#include "symshape/solver/ChunkedVector.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using symshape::solver::ChunkedVector;

TEST_CASE("ChunkedVector keeps order and addresses across chunks",
          "[chunkedvector]") {
  ChunkedVector<std::string> chunked;
  std::vector<std::string> plain;
  CHECK(chunked.empty());
  CHECK(chunked.begin() == chunked.end());
  std::vector<const std::string *> addresses;
  for (int i = 0; i < 10000; ++i) { // two full chunks and a partial one
    chunked.push_back("value " + std::to_string(i));
    plain.push_back("value " + std::to_string(i));
    addresses.push_back(&chunked.back());
  }
  REQUIRE(chunked.size() == plain.size());
  size_t wrongIndex = 0, wrongAddress = 0;
  for (size_t i = 0; i < plain.size(); ++i) {
    wrongIndex += chunked[i] != plain[i];
    wrongAddress += i >= 4096 && &chunked[i] != addresses[i];
  }
  CHECK(wrongIndex == 0);
  CHECK(wrongAddress == 0);
  size_t k = 0, wrongOrder = 0;
  for (const std::string &s : chunked)
    wrongOrder += s != plain[k++];
  CHECK(k == plain.size());
  CHECK(wrongOrder == 0);
  chunked[4096] = "changed";
  CHECK(chunked[4096] == "changed");
  CHECK(chunked.back() == plain.back());

  ChunkedVector<std::string> moved = std::move(chunked);
  CHECK(moved.size() == plain.size());
  moved.clear();
  CHECK(moved.empty());
  CHECK(moved.begin() == moved.end());
}
