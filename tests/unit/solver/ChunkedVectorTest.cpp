// solver/ChunkedVector.h: indexing and order across chunk boundaries,
// checked against a std::vector kept beside it; past the first chunk,
// appending never moves an element; freeing read chunks keeps the rest;
// shrinking the last chunk keeps every element; reserveFirst makes room in
// the first chunk alone.

#include "symshape/solver/ChunkedVector.h"

#include <catch2/catch.hpp>

#include <stdexcept>
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

TEST_CASE("ChunkedVector frees whole chunks read in order, keeping indices",
          "[chunkedvector]") {
  ChunkedVector<std::string> chunked;
  for (int i = 0; i < 10000; ++i)
    chunked.push_back("value " + std::to_string(i));
  CHECK(chunked.front() == "value 0");
  CHECK(chunked.at(9999) == "value 9999");
  CHECK_THROWS_AS(chunked.at(10000), std::out_of_range);
  CHECK(chunked.releaseBefore(4095) == 0); // chunk 0 not read to its end
  CHECK(chunked.releaseBefore(5000) == 1);
  CHECK(chunked.releaseBefore(5000) == 0); // already freed
  CHECK(chunked.size() == 10000);
  CHECK(chunked[4096] == "value 4096");
  CHECK(chunked[9999] == "value 9999");
  CHECK(chunked.releaseBefore(10000) == 1); // the partial last one stays
  CHECK(chunked[8192] == "value 8192");
  CHECK(chunked.back() == "value 9999");
}

TEST_CASE("ChunkedVector appends after freeing, and says when a push moves "
          "what is there",
          "[chunkedvector]") {
  ChunkedVector<int> chunked;
  CHECK(chunked.pushAllocates()); // no block yet
  chunked.reserve(3 * 4096);
  // Room for three blocks in the table and a whole first block: only the
  // pushes that start a block past the reserved table allocate there.
  std::vector<int> allocating;
  for (int i = 0; i < 5 * 4096; ++i) {
    if (chunked.pushAllocates())
      allocating.push_back(i);
    chunked.push_back(i);
    if (i == 4096 + 10)
      CHECK(chunked.releaseBefore(4096 + 10) == 1);
  }
  CHECK(allocating == std::vector<int>{3 * 4096});
  // Iteration starts at the first element still held.
  CHECK(chunked.firstHeld() == 4096);
  CHECK(*chunked.begin() == 4096);
  size_t visited = 0;
  for (int value : chunked)
    CHECK(value == int(4096 + visited++));
  CHECK(visited == 4 * 4096);
  CHECK(chunked.size() == 5 * 4096);
  CHECK(chunked.back() == 5 * 4096 - 1);
}

TEST_CASE("ChunkedVector shrinks its last chunk and grows again in order",
          "[chunkedvector]") {
  ChunkedVector<std::string> chunked;
  std::vector<std::string> plain;
  for (int i = 0; i < 5000; ++i) { // a full chunk and a partial one
    chunked.push_back("value " + std::to_string(i));
    plain.push_back("value " + std::to_string(i));
  }
  const std::string *first = &chunked[0];
  chunked.shrinkToFit();
  CHECK(&chunked[0] == first);        // full chunks stay where they are
  for (int i = 5000; i < 9000; ++i) { // grows the shrunk chunk, then a new
    chunked.push_back("value " + std::to_string(i));
    plain.push_back("value " + std::to_string(i));
  }
  REQUIRE(chunked.size() == plain.size());
  size_t wrong = 0;
  for (size_t i = 0; i < plain.size(); ++i)
    wrong += chunked[i] != plain[i];
  CHECK(wrong == 0);
  // Past the shrunk chunk's one move, appending never moves an element.
  const std::string *late = &chunked[8200];
  chunked.push_back("one more");
  CHECK(&chunked[8200] == late);
  CHECK(chunked.back() == "one more");

  ChunkedVector<std::string> small; // only the first chunk
  small.push_back("a");
  small.push_back("b");
  small.shrinkToFit();
  small.push_back("c");
  CHECK(small.size() == 3);
  CHECK(small[2] == "c");
}

TEST_CASE("ChunkedVector's reserveFirst makes room in the first block only",
          "[chunkedvector]") {
  ChunkedVector<int> chunked;
  chunked.reserveFirst(1000);
  std::vector<int> allocating;
  for (int i = 0; i < 1200; ++i) {
    if (chunked.pushAllocates())
      allocating.push_back(i);
    chunked.push_back(i);
  }
  // The first 1000 pushes fill the room; the 1001st moves them once.
  CHECK(allocating == std::vector<int>{1000});
  size_t wrong = 0;
  for (int i = 0; i < 1200; ++i)
    wrong += chunked[size_t(i)] != i;
  CHECK(wrong == 0);

  // More than a block asks for a block: the next block is still made
  // when the first is full, and nothing moves before.
  ChunkedVector<int> big;
  big.reserveFirst(100000);
  allocating.clear();
  for (int i = 0; i < 4096 + 2; ++i) {
    if (big.pushAllocates())
      allocating.push_back(i);
    big.push_back(i);
  }
  CHECK(allocating == std::vector<int>{4096});
  CHECK(big.back() == 4097);
}
