//===- OpTableTest.cpp - The op table and the docs rendered from it -------===//
//
// README.md's supported-op summary and docs/OPS.md are rendered from the op
// table; this test fails when they drift. To refresh them after adding an
// op: SYMSHAPE_UPDATE_DOCS=1 build/tests/symshape_frontend_tests "[optable]"
//
//===----------------------------------------------------------------------===//

#include "ops/OpTable.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

using namespace symshape::frontend;

namespace {

const char *const kBegin = "<!-- op-table: begin (generated; see "
                           "tests/unit/frontend/OpTableTest.cpp) -->\n";
const char *const kEnd = "<!-- op-table: end -->";

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Checks (or with SYMSHAPE_UPDATE_DOCS, rewrites) the generated part of
/// `relative` between the markers.
void checkGenerated(const std::string &relative, const std::string &body) {
  std::string path = std::string(SYMSHAPE_SOURCE_DIR) + "/" + relative;
  std::string text = readFile(path);
  size_t begin = text.find(kBegin);
  size_t end = text.find(kEnd);
  INFO(relative << " must hold the generated op table between the markers");
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  begin += std::string(kBegin).size();
  std::string current = text.substr(begin, end - begin);
  if (std::getenv("SYMSHAPE_UPDATE_DOCS")) {
    text.replace(begin, end - begin, body);
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  INFO(
      "refresh with SYMSHAPE_UPDATE_DOCS=1 build/tests/symshape_frontend_tests "
      "\"[optable]\"");
  CHECK(current == body);
}

} // namespace

TEST_CASE("every op entry is well formed and unique", "[optable]") {
  std::set<std::string_view> names;
  size_t total = 0;
  for (const OpFamily &family : opFamilies())
    for (size_t i = 0; i < family.count; ++i) {
      const OpEntry &e = family.entries[i];
      INFO(e.name);
      CHECK(names.insert(e.name).second);
      CHECK(e.name.find('.') != std::string_view::npos);
      CHECK(!e.summary.empty());
      CHECK(findOp(e.name) == &e);
      ++total;
    }
  CHECK(total > 0);
  CHECK(findOp("no.such_op") == nullptr);
}

TEST_CASE("README and docs/OPS.md list exactly the op table", "[optable]") {
  checkGenerated("README.md", renderFamilySummary());
  checkGenerated("docs/OPS.md", renderOpReference());
}

TEST_CASE("the lowering, the parser and refine find ops by role", "[optable]") {
  CHECK(opRole("func.call") == OpRole::Call);
  CHECK(opRole("util.return") == OpRole::Return);
  CHECK(opRole("shape.yield") == OpRole::Yield);
  CHECK(opRole("shape.assuming_yield") == OpRole::Yield);
  CHECK(opRole("cf.br") == OpRole::Branch);
  CHECK(opRole("cf.cond_br") == OpRole::CondBranch);
  CHECK(opRole("tensor.cast") == OpRole::Cast);
  CHECK(opRole("cf.assert") == OpRole::Assert);
  CHECK(opRole("util.global") == OpRole::Global);
  CHECK(opRole("sdy.mesh") == OpRole::Mesh);
  CHECK(opRole("sdy.return") == OpRole::Yield);
  CHECK(opRole("stablehlo.composite") == OpRole::Call);
  CHECK(opRole("onnx.Return") == OpRole::Return);
  CHECK(opRole("onnx.Yield") == OpRole::Yield);
  CHECK(opRole("torch.operator_terminator") == OpRole::Yield);
  CHECK(opRole("tosa.add") == OpRole::None);
  CHECK(opRole("no.such_op") == OpRole::None);
  // Entries without a shape function are the terminators the op owning
  // their region reads; the lowering skips exactly these.
  std::set<std::string_view> terminators;
  for (const OpFamily &family : opFamilies())
    for (size_t i = 0; i < family.count; ++i)
      if (!family.entries[i].lower)
        terminators.insert(family.entries[i].name);
  // Every terminator is declared so, none as a modelled op with an empty
  // rule (the README counts only modelled ops).
  CHECK(terminators ==
        std::set<std::string_view>{"func.return", "linalg.yield", "mhlo.return",
                                   "onnx.Return", "onnx.Yield", "sdy.return",
                                   "shape.assuming_yield", "shape.yield",
                                   "stablehlo.return", "tensor.yield",
                                   "torch.operator_terminator", "util.return"});
  // `return` and `call` in a function body are func.return and func.call.
  CHECK(findOp("return") == findOp("func.return"));
  CHECK(findOp("call") == findOp("func.call"));
  // shape.reduce runs bodies of exact integer arithmetic only.
  CHECK(isExactIntArith("arith.addi"));
  CHECK(isExactIntArith("shape.yield"));
  CHECK_FALSE(isExactIntArith("arith.floordivsi"));
  CHECK_FALSE(isExactIntArith("shape.div"));
  // Only tosa.select's broadcast is left unchecked by mlir-opt 16.
  CHECK(findOp("tosa.select")->shapesUnverified);
  CHECK_FALSE(findOp("tosa.add")->shapesUnverified);
}
