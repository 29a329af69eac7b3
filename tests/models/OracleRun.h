//===- OracleRun.h - The oracle on a function body in a test -*- C++ -*-===//
//
// runOracle(args, body, sizes): parses `body` as the body of @f(args) and
// runs the oracle on it, requiring that it reads and models every op.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_MODELS_ORACLERUN_H
#define SYMSHAPE_TESTS_MODELS_ORACLERUN_H

#include "oracle/Oracle.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <string>

namespace symshape::models {

/// Parses `body` as the body of @f(args) and runs the oracle.
inline OracleResult runOracle(const std::string &args, const std::string &body,
                              const Assignment &sizes) {
  frontend::Session session{frontend::SessionOptions{}};
  std::string text =
      "func.func @f(" + args + ") {\n" + body + "\n  return\n}\n";
  bool parsed = session.addFile("t.mlir", text);
  INFO(session.diagnostics().renderAll());
  REQUIRE(parsed);
  const frontend::Module &module = session.files().front()->module;
  Oracle oracle(module);
  OracleResult r = oracle.run(module.functions.front(), sizes);
  INFO("unsupported: " << r.unsupported);
  REQUIRE(r.unsupported.empty());
  return r;
}

} // namespace symshape::models

#endif // SYMSHAPE_TESTS_MODELS_ORACLERUN_H
