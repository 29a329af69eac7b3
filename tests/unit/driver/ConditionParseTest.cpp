//===- ConditionParseTest.cpp - Condition::parse over parseExpr -----------===//
//
// Condition::parse reads text with the frontend's parseExpr: each construct
// the printer writes reads back to the tree it was printed from (so the
// same text), parentheses and `-atom` included; what the grammar rejects
// is no condition.
//
//===----------------------------------------------------------------------===//

#include "symshape/Condition.h"

#include <catch2/catch.hpp>

namespace condition_parse_test {
using namespace symshape;

/// The tree `text` reads as, printed again.
std::string reprinted(const std::string &text) {
  std::optional<Condition> parsed = Condition::parse(text);
  return parsed ? parsed->str() : "<none>";
}

TEST_CASE("Condition::parse keeps what the printer writes", "[condition]") {
  for (const char *text : {
           "true",
           "false",
           "%a[0] != 1 && %a[0] != %b[0]",
           "(%a[0] != 1 && %b[0] == 2) || %c[1] >= 3",
           "%a[0] == 1 || (%b[0] == 2 && %c[1] < 3)",
           "%a[0] != 1 && (%b[0] == 2 || %c[1] <= 3) && %d[0] > 0",
           "(%a[0] floordiv 2) * 2 == %a[0]",
           "%a[0] floordiv 2 * 2 == %a[0]",
           "%x[1] mod 16 != 0",
           "-%a[0] + 4 >= 0",
           "-(%a[0] + 1) < -3",
           "-1 * %a[0] < 0",
           "%a[0] - (%b[0] - %c[0]) == 0",
           "%a[0] ceildiv 4 == max(%b[0], 3) - min(%c[0], 2)",
           "%a[0] in {2, 4}",
           "%a[0] not in {1, 3, 9}",
           "%a[0] + 1 in [0, 8]",
           "%a[0] in [-4, -1]",
           "broadcastable(%a[0], %b[1], 4)",
           "!broadcastable(%a[0], %b[0]) || %n == 2",
           "!(%a[0] == 1 && %b[0] == 2)",
           "$s1 * 2 == %arg0[0] && %r#1[0] == $s1",
           "(%a[0] == 1)",
       })
    CHECK(reprinted(text) == text);
}

TEST_CASE("Condition::parse builds the tree the solver builds", "[condition]") {
  std::optional<Condition> c = Condition::parse(
      "%a[0] == 1 && %b[0] == 2 && (%c[0] == 3 && %d[0] == 4)");
  REQUIRE(c);
  // One chain of three: the parenthesized one is one operand.
  REQUIRE(c->kind() == Condition::Kind::And);
  REQUIRE(c->children().size() == 3);
  CHECK(c->children()[2].parenthesized());
  CHECK(c->children()[2].children().size() == 2);
  CHECK(c->children()[1].lhs().name() == "%b[0]");
  CHECK(c->children()[1].lhs().valueName() == "%b");
  CHECK(c->children()[1].lhs().dim() == 0);

  std::optional<Condition> neg = Condition::parse("-%n * 2 <= 4");
  REQUIRE(neg);
  // `-` negates one atom: (-%n) * 2.
  CHECK(neg->lhs().kind() == Term::Kind::Mul);
  CHECK(neg->lhs().lhs().kind() == Term::Kind::Neg);
  CHECK(neg->lhs().lhs().lhs().name() == "%n");
  CHECK(neg->evaluate({{"%n", -2}}) == std::optional<bool>(true));
  CHECK(neg->evaluate({{"%n", -3}}) == std::optional<bool>(false));

  std::optional<Condition> range = Condition::parse("%a[0] in [2, 6]");
  REQUIRE(range);
  CHECK(range->kind() == Condition::Kind::InRange);
  CHECK(range->values() == std::vector<int64_t>{2, 6});
}

TEST_CASE("Condition::parse rejects what the grammar does", "[condition]") {
  for (const char *text :
       {"", "not a formula", "%a[0] = 1", "%a[0] + 1", "%a[0] == 1 &&",
        "%a[0] in [1, 2, 3]", "broadcastable(%a[0])", "(%a[0] == 1",
        "%a[0] == 1)", "$s1[0] == 2"}) {
    INFO(text);
    CHECK(!Condition::parse(text));
    CHECK(Condition(text).empty());
  }
}

} // namespace condition_parse_test
