//===- NameLegendTest.cpp - What a finding's names stand for --------------===//

#include "../../../reports/lib/NameLegend.h"

#include <catch2/catch.hpp>

using namespace symshape::solver;

TEST_CASE("the value names an expression mentions", "[report][names]") {
  std::vector<std::string> names;
  collectValueNames("%arg0[0] != %arg1[0] && %g.u[1] == %n", names);
  CHECK(names == std::vector<std::string>{"%arg0", "%arg1", "%g.u", "%n"});
  // Once each; a result number stays; a sentence's '.' does not.
  names.clear();
  collectValueNames("%r#1[0] = 2, %arg0 = 3 and %arg0.", names);
  CHECK(names == std::vector<std::string>{"%r#1", "%arg0"});
  // Exporters' sizes are not values.
  names.clear();
  collectValueNames("$s0 == 4 && 8 mod 4 == 0", names);
  CHECK(names.empty());
}

TEST_CASE("JAX's argument names and whose values a condition names",
          "[report][names]") {
  Problem problem;
  problem.function = "main";
  FunctionReport function;
  function.problem = &problem;
  function.argumentNames = {{"%arg0", "x"}, {"%arg1", "x['a']"}};
  // Only the arguments the notes mention, in argument order.
  CHECK(argumentLegend(function, {"%arg1", "%arg0"}) ==
        "%arg0 is x, %arg1 is x['a']");
  CHECK(argumentLegend(function, {"%arg2"}).empty());
  // A finding of @main: the exporter's names, if any.
  CHECK(judgementLegend(function, false, "%arg1[0] == 0", {"%arg1[0]"}) ==
        "in the condition and the example, %arg1 is x['a']");
  CHECK(judgementLegend(function, false, "%arg2[0] == 0", {}).empty());
  // Through a call: whose values, always; the names when there are some.
  CHECK(judgementLegend(function, true, "", {"%arg0[0]"}) ==
        "the example names @main's values: %arg0 is x");
  CHECK(judgementLegend(function, true, "%arg2[0] != 1", {}) ==
        "the condition names @main's values");
  // Nothing named (every size 1, no condition): nothing to say.
  CHECK(judgementLegend(function, true, "", {}).empty());
}
