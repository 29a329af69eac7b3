// The parser's and the lowering's name index (frontend/lib/ir/ValueNames),
// checked against a std::map kept beside it.

#include "ir/ValueNames.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace symshape::frontend;

namespace {

Value named(std::string name) {
  Value v;
  v.name = std::move(name);
  return v;
}

} // namespace

TEST_CASE("ValueNames finds what it was given, and nothing else",
          "[valuenames]") {
  std::vector<Value> values;
  ValueNames names;
  CHECK(!names.find(values, "a"));
  values.push_back(named("a"));
  values.push_back(named("arg0"));
  values.push_back(named("r#0"));
  for (ValueId id = 0; id < values.size(); ++id)
    CHECK(names.insert(values, id));
  CHECK(names.find(values, "a") == ValueId(0));
  CHECK(names.find(values, "arg0") == ValueId(1));
  CHECK(names.find(values, "r#0") == ValueId(2));
  CHECK(!names.find(values, "r"));
  CHECK(!names.find(values, "arg"));
  CHECK(!names.find(values, ""));
  CHECK(names.size() == 3);
}

TEST_CASE("ValueNames keeps the first value of a name, like emplace",
          "[valuenames]") {
  std::vector<Value> values{named("x"), named("y"), named("x"), named("")};
  ValueNames names;
  CHECK(names.insert(values, 0));
  CHECK(names.insert(values, 1));
  CHECK(!names.insert(values, 2));
  CHECK(names.insert(values, 3)); // an empty name is a name like another
  CHECK(!names.insert(values, 3));
  CHECK(names.find(values, "x") == ValueId(0));
  CHECK(names.find(values, "") == ValueId(3));
  CHECK(names.size() == 3);
}

TEST_CASE("ValueNames agrees with a map over many names, through growth "
          "and roll-back",
          "[valuenames]") {
  std::vector<Value> values;
  std::map<std::string, ValueId> expected;
  ValueNames names;
  for (int i = 0; i < 5000; ++i) {
    std::string name = (i % 3 ? "v" : "arg") + std::to_string(i % 4000);
    values.push_back(named(name));
    ValueId id = ValueId(values.size() - 1);
    bool fresh = expected.emplace(name, id).second;
    CHECK(names.insert(values, id) == fresh);
  }
  CHECK(names.size() == expected.size());
  auto agree = [&] {
    size_t wrong = 0;
    for (int i = 0; i < 6000; ++i)
      for (const char *prefix : {"v", "arg", "w"}) {
        std::string name = prefix + std::to_string(i);
        auto it = expected.find(name);
        std::optional<ValueId> got = names.find(values, name);
        if (it == expected.end() ? got.has_value()
                                 : (!got || *got != it->second))
          ++wrong;
      }
    return wrong;
  };
  CHECK(agree() == 0);

  // A parse that is rolled back forgets every value from `first` on; the
  // names of the values kept are still found.
  ValueId first = 1234;
  names.eraseFrom(first);
  for (auto it = expected.begin(); it != expected.end();)
    it = it->second >= first ? expected.erase(it) : std::next(it);
  values.resize(first);
  CHECK(names.size() == expected.size());
  CHECK(agree() == 0);
}

TEST_CASE("ValueNames knows the groups of multi-result values, through "
          "roll-back",
          "[valuenames]") {
  std::vector<Value> values{named("a"),   named("r#0"), named("r#1"),
                            named("s#1"), named("t#0"), named("#0")};
  ValueNames names;
  CHECK(!names.containsGroup(values, "r"));
  for (ValueId id = 0; id < values.size(); ++id)
    CHECK(names.insert(values, id));
  // What contains(values, base + "#0") says, for every base.
  for (const char *base : {"a", "r", "s", "t", "", "r#0", "x"})
    CHECK(names.containsGroup(values, base) ==
          names.contains(values, std::string(base) + "#0"));
  CHECK(names.containsGroup(values, "r"));
  CHECK(!names.containsGroup(values, "s")); // "s#1" alone is no "s#0"
  CHECK(names.containsGroup(values, ""));
  names.eraseFrom(4);
  values.resize(4);
  CHECK(names.containsGroup(values, "r"));
  CHECK(!names.containsGroup(values, "t"));
  CHECK(!names.containsGroup(values, ""));
}
