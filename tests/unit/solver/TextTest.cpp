// solver/Text.h: copies share one block; Text::shared gives equal short
// texts one block of the process, which copies on any thread neither count
// nor free, and falls back to an ordinary text for a long one.

#include "symshape/solver/Text.h"

#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

using symshape::solver::Text;

TEST_CASE("Text copies share one block and read as the string", "[text]") {
  Text a = "tosa.add";
  Text b = a;
  CHECK(b.data() == a.data());
  CHECK(b == "tosa.add");
  Text c = std::string("tosa.add");
  CHECK(c.data() != a.data());
  CHECK(c == a);
  a.clear();
  CHECK(a.empty());
  CHECK(b == "tosa.add"); // the copy keeps the block alive
}

TEST_CASE("Text::shared gives equal texts one block that outlives them",
          "[text]") {
  const char *block = nullptr;
  {
    Text first = Text::shared("f32");
    Text second = Text::shared(std::string("f3") + "2");
    CHECK(first == "f32");
    CHECK(second.data() == first.data());
    block = first.data();
  }
  // Every copy is gone, and the block is still the one handed out.
  Text again = Text::shared("f32");
  CHECK(again.data() == block);
  CHECK(again == "f32");
  CHECK(Text::shared("f16").data() != block);
  CHECK(Text::shared("").empty());
}

TEST_CASE("Text::shared makes an ordinary text of a long one", "[text]") {
  std::string longText(65, 'x');
  Text a = Text::shared(longText), b = Text::shared(longText);
  CHECK(a == longText);
  CHECK(b == longText);
  CHECK(a.data() != b.data());
  std::string limit(64, 'y');
  CHECK(Text::shared(limit).data() == Text::shared(limit).data());
}

TEST_CASE("Text copies made and dropped on two threads at once", "[text]") {
  // The counted and the shared kind: each thread copies both texts many
  // times and drops the copies; afterwards both still read the same
  // (a lost count would free the counted one early: ASan's build sees it).
  Text counted = "stablehlo.add", shared = Text::shared("i64");
  auto work = [&] {
    std::vector<Text> copies;
    for (int round = 0; round < 200; ++round) {
      for (int k = 0; k < 50; ++k) {
        copies.push_back(counted);
        copies.push_back(shared);
      }
      copies.clear();
    }
  };
  std::thread other(work);
  work();
  other.join();
  CHECK(counted == "stablehlo.add");
  CHECK(shared == "i64");
  CHECK(shared.data() == Text::shared("i64").data());
}
